//! `tabula.analyze`: the CLI's balance analysis and its JSON report, through the registry.

use crate::errors::to_py;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use serde_json::Value;
use tabula_ai::analysis::{AnalysisOptions, Phase};
use tabula_ai::arena::{Evaluation, MatchConfig};
use tabula_registry::{analysis_json, find};

/// What to analyse (the options of `tabula analyze`).
pub(crate) struct Request<'a> {
    pub game: &'a str,
    pub games: usize,
    pub bot: &'a str,
    pub weaker: Option<&'a str>,
    pub params: Value,
    pub seed: u64,
    pub threads: Option<usize>,
    pub random_setup: bool,
    pub evaluator: Option<&'a str>,
    pub variant: &'a str,
}

/// Runs the analysis with the GIL released; the report as `tabula analyze --json` prints it.
pub(crate) fn run(req: Request<'_>, py: Python<'_>) -> PyResult<Value> {
    let entry = find(req.game).map_err(to_py)?;
    if req.games == 0 {
        return Err(PyValueError::new_err("games must be at least 1"));
    }
    if req.threads == Some(0) {
        return Err(PyValueError::new_err("threads must be at least 1"));
    }
    let config = MatchConfig {
        games: req.games,
        threads: req
            .threads
            .unwrap_or_else(tabula_ai::bench::available_threads),
        seed: req.seed,
        random_setup: req.random_setup,
        ..MatchConfig::default()
    };
    let evaluation = match req.evaluator {
        Some(spec) => Evaluation::Evaluator(
            spec.parse()
                .map_err(|e| PyValueError::new_err(format!("evaluator `{spec}`: {e}")))?,
        ),
        None => Evaluation::Players,
    };
    let options = AnalysisOptions {
        variant: req.variant.to_string(),
        evaluation,
        ..AnalysisOptions::default()
    };
    let report = py
        .detach(|| {
            entry.analyze(
                &req.params,
                req.bot,
                req.weaker,
                &config,
                &options,
                &|_: Phase, _, _| {},
            )
        })
        .map_err(to_py)?;
    analysis_json(
        &report,
        entry.info().title,
        &req.params,
        None,
        req.random_setup,
    )
    .map_err(|e| PyValueError::new_err(e.to_string()))
}
