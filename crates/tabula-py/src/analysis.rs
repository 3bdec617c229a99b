//! `tabula.analyze`: the CLI's balance analysis and its JSON report, through the registry;
//! and the pieces a distributed run (`tabula.ray`) is made of: a batch of games as rows,
//! the report of known rows, the comparison of variants.

use crate::catalog::{find, find_indexed};
use crate::convert::{json_to_py, params_json};
use crate::errors::to_py;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use serde_json::Value;
use std::sync::Mutex;
use tabula_ai::analysis::compare::compare;
use tabula_ai::analysis::records::GameRow;
use tabula_ai::analysis::{AnalysisOptions, Phase};
use tabula_ai::arena::{Evaluation, MatchConfig};
use tabula_registry::analysis_json;

/// The default threshold of the decisiveness figure (as `tabula analyze`).
const DECISIVE: f64 = 0.8;

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
    /// Games already played (their rows): not played again.
    pub known: Vec<GameRow>,
}

/// Runs the analysis with the GIL released: the report as `tabula analyze --json` prints
/// it, and the rows of the games played.
pub(crate) fn run(req: Request<'_>, py: Python<'_>) -> PyResult<(Value, Vec<GameRow>)> {
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
    let evaluation = evaluation(req.evaluator)?;
    let rows = Mutex::new(Vec::new());
    let on_game = |row: &GameRow| rows.lock().expect("rows").push(row.clone());
    let options = AnalysisOptions {
        variant: req.variant.to_string(),
        evaluation,
        decisive_threshold: DECISIVE,
        known: req.known,
        on_game: Some(&on_game),
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
    let json = analysis_json(
        &report,
        entry.info().title,
        &req.params,
        &[],
        req.random_setup,
        config.race,
    )
    .map_err(|e| PyValueError::new_err(e.to_string()))?;
    Ok((json, rows.into_inner().expect("rows")))
}

/// The balance match's evaluations: `evaluator`'s (a bot, `players` or `off`), or the
/// default evaluator's.
fn evaluation(evaluator: Option<&str>) -> PyResult<Evaluation> {
    Evaluation::from_option(evaluator).map_err(|e| PyValueError::new_err(e.to_string()))
}

fn read_rows(rows: Option<Vec<String>>) -> PyResult<Vec<GameRow>> {
    rows.unwrap_or_default()
        .iter()
        .map(|r| {
            GameRow::from_line(r)
                .map_err(|e| PyValueError::new_err(format!("a game row does not read: {e}")))
        })
        .collect()
}

/// The balance analysis of `tabula analyze --json`, as a dict: `bot` in every seat for
/// `games` games, then `bot` against `weaker` (None: no skill match), seeds from `seed`,
/// on `threads` threads (default: all cores). `evaluator`: a bot spec that values every
/// position (per-ply dynamics; default `mcts:iterations=500`), `players` for the playing
/// bots' own values or `off`; `variant` names the report; `rows`: games already played
/// (records-file lines, as `analysis_rows` gives them), not played again. Releases the GIL.
#[pyfunction]
#[pyo3(signature = (game, games=100, bot="casual", weaker=Some("random"), players=None, params=None, seed=1, threads=None, random_setup=false, evaluator=None, variant="", rows=None))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn analyze(
    py: Python<'_>,
    game: &str,
    games: usize,
    bot: &str,
    weaker: Option<&str>,
    players: Option<usize>,
    params: Option<&Bound<'_, PyDict>>,
    seed: u64,
    threads: Option<usize>,
    random_setup: bool,
    evaluator: Option<&str>,
    variant: &str,
    rows: Option<Vec<String>>,
) -> PyResult<Py<PyAny>> {
    let (json, _) = run(
        Request {
            game,
            games,
            bot,
            weaker,
            params: params_json(params, players)?,
            seed,
            threads,
            random_setup,
            evaluator,
            variant,
            known: read_rows(rows)?,
        },
        py,
    )?;
    json_to_py(py, &json)
}

/// Plays the games `start..end` of the match `phase` (`"balance"` or `"skill"`) of the
/// analysis `analyze` runs with the same arguments, and returns their rows (the lines of a
/// records file, as `tabula analyze --records` writes them): a batch of a distributed run.
#[pyfunction]
#[pyo3(signature = (game, phase, start, end, games=100, bot="casual", weaker=Some("random"), players=None, params=None, seed=1, random_setup=false, evaluator=None, variant=""))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn analysis_rows(
    py: Python<'_>,
    game: &str,
    phase: &str,
    start: usize,
    end: usize,
    games: usize,
    bot: &str,
    weaker: Option<&str>,
    players: Option<usize>,
    params: Option<&Bound<'_, PyDict>>,
    seed: u64,
    random_setup: bool,
    evaluator: Option<&str>,
    variant: &str,
) -> PyResult<Vec<String>> {
    if start >= end || end > games {
        return Err(PyValueError::new_err(format!(
            "a batch is start < end <= games, not {start}..{end} of {games}"
        )));
    }
    let phase = match phase {
        "balance" => Phase::Balance,
        "skill" if weaker.is_some() => Phase::Skill,
        "skill" => return Err(PyValueError::new_err("no skill match without a weaker bot")),
        other => {
            return Err(PyValueError::new_err(format!(
                "phase is \"balance\" or \"skill\", not {other:?}"
            )));
        }
    };
    let entry = find_indexed(game).map_err(to_py)?;
    let params = params_json(params, players)?;
    let config = MatchConfig {
        games,
        threads: 1,
        seed,
        random_setup,
        ..MatchConfig::default()
    };
    let evaluation = evaluation(evaluator)?;
    let indices: Vec<usize> = (start..end).collect();
    let rows = py
        .detach(|| {
            entry.analysis_batch(
                &params,
                variant,
                phase,
                bot,
                weaker,
                &config,
                &evaluation,
                &indices,
            )
        })
        .map_err(to_py)?;
    Ok(rows.iter().map(GameRow::to_line).collect())
}

/// The side-by-side comparison of variants (`tabula analyze --variant …`), from each
/// variant's name and rows.
#[pyfunction]
pub(crate) fn compare_variants(
    py: Python<'_>,
    variants: Vec<(String, Vec<String>)>,
) -> PyResult<Py<PyAny>> {
    let variants = variants
        .into_iter()
        .map(|(name, rows)| Ok((name, read_rows(Some(rows))?)))
        .collect::<PyResult<Vec<_>>>()?;
    let comparison = compare(&variants, DECISIVE);
    let v = serde_json::to_value(&comparison).map_err(|e| PyValueError::new_err(e.to_string()))?;
    json_to_py(py, &v)
}
