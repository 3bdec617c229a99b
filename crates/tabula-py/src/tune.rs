//! `tabula.tune`: the search of `tabula tune` over rule settings, as a [`Tuner`] that Python
//! drives round by round (`tabula_ai::analysis::tune::Tuner`, the loop the CLI runs). Each
//! round names the settings to measure and their games; the games are played here on every
//! core ([`Tuner::play`]) or anywhere else as batches ([`tune_rows`], then
//! [`Tuner::add_rows`]), with the seeds of `tabula tune`, so the same seed gives the same
//! search.

use crate::catalog::{find, find_indexed};
use crate::convert::json_to_py;
use crate::errors::{ParamsError, to_py};
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use serde_json::{Map, Value, json};
use std::sync::Mutex;
use tabula_ai::AnalysisReport;
use tabula_ai::analysis::records::GameRow;
use tabula_ai::analysis::tune::{Estimate, Objective, Tuner as Halving};
use tabula_ai::analysis::{AnalysisOptions, Phase};
use tabula_ai::arena::{Evaluation, MatchConfig};
use tabula_registry::{GameEntry, Setup, analysis_json};

/// A setting to measure this round: its index, parameters, and games `start..end`.
type Measure = (usize, Py<PyAny>, usize, usize);

/// The most settings a search takes (as `tabula tune`).
const MAX_SETTINGS: usize = 256;

/// The evaluator of a search: only the objectives from the dynamics pay for one.
fn evaluation(evaluator: Option<&str>, objective: Objective) -> PyResult<Evaluation> {
    let spec = match (evaluator, objective.needs_dynamics()) {
        (Some(e), _) => Some(e),
        (None, true) => None,
        (None, false) => Some("off"),
    };
    Evaluation::from_option(spec).map_err(|e| PyValueError::new_err(format!("evaluator: {e}")))
}

/// The parameters and match of a setting's `games` games: `max_plies` goes to the match's
/// ply limit for a game without its own (as `tabula tune` plays it).
fn played_with(
    entry: &dyn GameEntry,
    params: &Value,
    games: usize,
    threads: usize,
    seed: u64,
    random_setup: bool,
) -> (Value, MatchConfig) {
    let mut params = params.clone();
    let mut config = MatchConfig {
        games,
        threads,
        seed,
        random_setup,
        ..MatchConfig::default()
    };
    let own = entry
        .info()
        .description
        .params
        .iter()
        .any(|p| p.name == "max_plies");
    if !own
        && let Some(map) = params.as_object_mut()
        && let Some(n) = map.get("max_plies").and_then(Value::as_u64)
    {
        map.remove("max_plies");
        config.ply_limit = Some(n);
    }
    (params, config)
}

/// A Python object as JSON, through Python's `json` module.
fn to_json(v: &Bound<'_, PyAny>) -> PyResult<Value> {
    let text: String = v
        .py()
        .import("json")?
        .call_method1("dumps", (v,))?
        .extract()?;
    serde_json::from_str(&text).map_err(|e| PyValueError::new_err(e.to_string()))
}

/// A value's label in the report: a word as it is, anything else as compact JSON.
fn label(v: &Value) -> String {
    v.as_str().map_or_else(|| v.to_string(), str::to_string)
}

/// The axes of `params`: each key with its values (a list: the values to try; anything else:
/// held fixed).
fn axes(entry: &dyn GameEntry, params: &Bound<'_, PyDict>) -> PyResult<Vec<(String, Vec<Value>)>> {
    let d = entry.info().description;
    let mut known: Vec<&str> = vec!["players", "max_plies"];
    known.extend(
        d.params
            .iter()
            .map(|p| p.name)
            .filter(|n| *n != "max_plies"),
    );
    let mut out = Vec::new();
    for (k, v) in params.iter() {
        let key: String = k
            .extract()
            .map_err(|_| ParamsError::new_err("params: the keys must be strings"))?;
        if !known.contains(&key.as_str()) {
            return Err(ParamsError::new_err(format!(
                "params: {} has no parameter `{key}`; its parameters: {}",
                d.name,
                known.join(", ")
            )));
        }
        let values = match v.cast::<PyList>() {
            Ok(list) => list.iter().map(|x| to_json(&x)).collect::<PyResult<_>>()?,
            Err(_) => vec![to_json(&v)?],
        };
        if values.is_empty() {
            return Err(ParamsError::new_err(format!(
                "params[{key:?}]: no value to try"
            )));
        }
        out.push((key, values));
    }
    if !out.iter().any(|(_, v)| v.len() > 1) {
        return Err(ParamsError::new_err(
            "params: nothing to search, give a key a list of two values or more",
        ));
    }
    let count = out
        .iter()
        .try_fold(1usize, |n, (_, v)| n.checked_mul(v.len()))
        .filter(|&n| n <= MAX_SETTINGS);
    if count.is_none() {
        return Err(ParamsError::new_err(format!(
            "params: more than {MAX_SETTINGS} settings, narrow the lists"
        )));
    }
    Ok(out)
}

/// Every setting of the axes as parameters and label, the first key changing slowest.
fn settings(axes: &[(String, Vec<Value>)]) -> Vec<(Value, String)> {
    let mut out: Vec<Vec<usize>> = vec![Vec::new()];
    for (_, values) in axes {
        out = out
            .into_iter()
            .flat_map(|s| {
                (0..values.len()).map(move |i| {
                    let mut s = s.clone();
                    s.push(i);
                    s
                })
            })
            .collect();
    }
    out.iter()
        .map(|s| {
            let mut map = Map::new();
            let mut pairs = Vec::new();
            for ((key, values), &i) in axes.iter().zip(s) {
                map.insert(key.clone(), values[i].clone());
                if values.len() > 1 {
                    pairs.push(format!("{key}={}", label(&values[i])));
                }
            }
            (Value::Object(map), pairs.join(", "))
        })
        .collect()
}

/// A search of `tabula tune`, driven round by round: `next_round()` gives the settings to
/// measure, each as `(index, params, start, end)` (its games `start..end` are to be played;
/// `None` once the search is over); `play(index, threads)` plays them here, or
/// `add_rows(index, rows)` takes them from `tune_rows` batches; `advance()` closes the round;
/// `result()` is the report of `tabula tune --json`. `tabula.tune` and `tabula.ray.tune`
/// drive it.
#[pyclass(module = "tabula._tabula")]
pub(crate) struct Tuner {
    game: String,
    objective: Objective,
    evaluation: Evaluation,
    bot: String,
    seed: u64,
    random_setup: bool,
    budget: usize,
    axes: Vec<(String, Vec<Value>)>,
    settings: Vec<(Value, String)>,
    halving: Halving,
    rows: Vec<Vec<GameRow>>,
    reports: Vec<Option<AnalysisReport>>,
    /// This round's figures, by setting (`Some(None)`: measured, no figure).
    measured: Vec<Option<Option<Estimate>>>,
}

impl Tuner {
    /// The games setting `s` must reach this round, or an error naming why it is not to be
    /// measured now.
    fn target(&self, s: usize) -> PyResult<usize> {
        self.halving
            .next_round()
            .and_then(|r| r.into_iter().find(|&(x, _)| x == s))
            .map(|(_, games)| games)
            .ok_or_else(|| {
                PyValueError::new_err(format!("setting: {s} is not measured in this round"))
            })
    }

    /// Analyses setting `s` over its known rows plus whatever is missing up to `games`,
    /// on `threads` threads, and keeps its figure for the round.
    fn measure(&mut self, py: Python<'_>, s: usize, games: usize, threads: usize) -> PyResult<()> {
        let entry = find(&self.game).map_err(to_py)?;
        let (params, config) = played_with(
            entry,
            &self.settings[s].0,
            games,
            threads,
            self.seed,
            self.random_setup,
        );
        let fresh = Mutex::new(Vec::new());
        let on_game = |row: &GameRow| fresh.lock().expect("rows").push(row.clone());
        let options = AnalysisOptions {
            evaluation: self.evaluation.clone(),
            known: self.rows[s].clone(),
            on_game: Some(&on_game),
            ..AnalysisOptions::default()
        };
        let bot = self.bot.as_str();
        let report = py
            .detach(|| entry.analyze(&params, bot, None, &config, &options, &|_, _, _| {}))
            .map_err(to_py)?;
        self.rows[s].extend(fresh.into_inner().expect("rows"));
        self.measured[s] = Some(self.objective.measure(&report));
        self.reports[s] = Some(report);
        Ok(())
    }

    /// A setting's last figure as a row of the report's `settings`.
    fn outcome(&self, search: &tabula_ai::analysis::tune::Search, s: usize) -> Value {
        let last = search.last(self.settings.len())[s];
        let rounds = search.trials.iter().filter(|x| x.setting == s).count();
        let status = match last {
            _ if s == search.best => "best".to_string(),
            Some(x) if !x.kept => format!("dropped after round {}", x.round + 1),
            _ => "kept".to_string(),
        };
        let estimate = last.and_then(|x| x.estimate);
        json!({
            "setting": self.settings[s].1,
            "params": self.settings[s].0.as_object().map(|m| m
                .iter()
                .map(|(k, v)| (k.clone(), Value::from(label(v))))
                .collect::<Map<_, _>>()),
            "games": estimate.map_or(0, |e| e.games),
            "rounds": rounds,
            "estimate": estimate,
            "status": status,
        })
    }
}

#[pymethods]
impl Tuner {
    /// A search of `game` over `params` (`{key: [values to try]}`; a value that is not a list
    /// is held fixed) for `objective` (balance, draws, length=PLIES, drama, decisiveness,
    /// lead-changes) within `budget` games, `bot` in every seat, seeds from `seed`.
    #[new]
    #[pyo3(signature = (game, params, objective="balance", budget=2000, bot="casual", evaluator=None, seed=1, random_setup=false))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        game: &str,
        params: &Bound<'_, PyDict>,
        objective: &str,
        budget: usize,
        bot: &str,
        evaluator: Option<&str>,
        seed: u64,
        random_setup: bool,
    ) -> PyResult<Self> {
        let entry = find(game).map_err(to_py)?;
        let objective = Objective::parse(objective)
            .map_err(|e| PyValueError::new_err(format!("objective: {e}")))?;
        let evaluation = evaluation(evaluator, objective)?;
        entry
            .bot(bot, 0)
            .map_err(|e| crate::errors::BotError::new_err(format!("bot: {e}")))?;
        let axes = axes(entry, params)?;
        let settings = settings(&axes);
        // Every setting is checked before any game is played.
        for (p, label) in &settings {
            let (p, _) = played_with(entry, p, 1, 1, 0, false);
            entry
                .new_game(&p, Setup::Placement, &mut tabula_core::rng_from_seed(0))
                .map_err(|e| ParamsError::new_err(format!("params: the setting {label}: {e}")))?;
        }
        let halving = Halving::new(settings.len(), budget, objective.maximise())
            .map_err(|e| PyValueError::new_err(format!("budget: {e}")))?;
        let n = settings.len();
        Ok(Tuner {
            game: entry.info().name.to_string(),
            objective,
            evaluation,
            bot: bot.to_string(),
            seed,
            random_setup,
            budget,
            axes,
            settings,
            halving,
            rows: vec![Vec::new(); n],
            reports: vec![None; n],
            measured: vec![None; n],
        })
    }

    /// This round's settings as `(index, params, start, end)`: games `start..end` of each
    /// are to be played; `None` once the search is over.
    fn next_round(&self, py: Python<'_>) -> PyResult<Option<Vec<Measure>>> {
        let Some(round) = self.halving.next_round() else {
            return Ok(None);
        };
        round
            .into_iter()
            .map(|(s, games)| {
                let params = json_to_py(py, &self.settings[s].0)?;
                Ok((s, params, self.halving.played(s), games))
            })
            .collect::<PyResult<_>>()
            .map(Some)
    }

    /// Plays setting `index`'s games of this round on `threads` threads (default: every
    /// core) and keeps its figure. Releases the GIL.
    #[pyo3(signature = (index, threads=None))]
    fn play(&mut self, py: Python<'_>, index: usize, threads: Option<usize>) -> PyResult<()> {
        if threads == Some(0) {
            return Err(PyValueError::new_err("threads must be at least 1"));
        }
        let games = self.target(index)?;
        let threads = threads.unwrap_or_else(tabula_ai::bench::available_threads);
        self.measure(py, index, games, threads)
    }

    /// Takes setting `index`'s games of this round as rows (from `tune_rows`, in any order)
    /// and keeps its figure. Refuses rows that do not read or do not make up the round's
    /// games; nothing is kept then.
    fn add_rows(&mut self, py: Python<'_>, index: usize, rows: Vec<String>) -> PyResult<()> {
        let games = self.target(index)?;
        let start = self.halving.played(index);
        let rows = rows
            .iter()
            .map(|r| GameRow::from_line(r))
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| PyValueError::new_err(format!("rows: a game row does not read: {e}")))?;
        if rows.len() != games - start {
            return Err(PyValueError::new_err(format!(
                "rows: setting {index} needs its games {start}..{games}, not {} rows",
                rows.len()
            )));
        }
        let before = self.rows[index].len();
        self.rows[index].extend(rows);
        // Every game is known now: the analysis plays none and builds the report.
        let measured = self.measure(py, index, games, 1);
        if measured.is_err() || self.rows[index].len() != games {
            self.rows[index].truncate(before);
            self.measured[index] = None;
            measured?;
            return Err(PyValueError::new_err(format!(
                "rows: setting {index} got games outside {start}..{games}"
            )));
        }
        // As if played here: the games of the earlier rounds were the known ones.
        if let Some(r) = self.reports[index].as_mut() {
            r.resumed_games = start as u64;
        }
        Ok(())
    }

    /// Closes the round once every setting of it is measured: the better half goes on.
    fn advance(&mut self) -> PyResult<()> {
        let Some(round) = self.halving.next_round() else {
            return Err(PyRuntimeError::new_err("the search is over"));
        };
        let mut estimates = Vec::with_capacity(round.len());
        for (s, _) in &round {
            match self.measured[*s] {
                Some(e) => estimates.push(e),
                None => {
                    return Err(PyRuntimeError::new_err(format!(
                        "setting {s} is not measured yet in this round"
                    )));
                }
            }
        }
        self.halving
            .report(&estimates)
            .map_err(PyRuntimeError::new_err)?;
        self.measured.iter_mut().for_each(|m| *m = None);
        Ok(())
    }

    /// The report of `tabula tune --json` (without its timing) once the search is over.
    fn result(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        let search = self
            .halving
            .clone()
            .finish()
            .map_err(PyRuntimeError::new_err)?;
        let settings: Vec<Value> = (0..self.settings.len())
            .map(|s| self.outcome(&search, s))
            .collect();
        let entry = find(&self.game).map_err(to_py)?;
        let best = search.best;
        let best_report = match &self.reports[best] {
            Some(r) => analysis_json(
                r,
                entry.info().description.title,
                &self.settings[best].0,
                &[],
                self.random_setup,
                MatchConfig::default().race,
            )
            .map_err(|e| PyValueError::new_err(e.to_string()))?,
            None => Value::Null,
        };
        let axes: Map<String, Value> = self
            .axes
            .iter()
            .map(|(k, v)| {
                (
                    k.clone(),
                    Value::from(v.iter().map(label).collect::<Vec<_>>()),
                )
            })
            .collect();
        let v = json!({
            "game": self.game,
            "title": entry.info().description.title,
            "objective": self.objective.to_string(),
            "maximise": self.objective.maximise(),
            "bot": self.bot,
            "seed": self.seed,
            "budget": self.budget,
            "games_played": search.games,
            "stopped": search.stopped,
            "params": axes,
            "best": settings[best],
            "settings": settings,
            "trials": search.trials,
            "best_report": best_report,
        });
        json_to_py(py, &v)
    }
}

/// Plays the games `start..end` of a setting of a search (its `params` from
/// `Tuner.next_round()`) and returns their rows: a batch of a distributed search.
#[pyfunction]
#[pyo3(signature = (game, params, start, end, bot="casual", objective="balance", evaluator=None, seed=1, random_setup=false))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn tune_rows(
    py: Python<'_>,
    game: &str,
    params: &Bound<'_, PyDict>,
    start: usize,
    end: usize,
    bot: &str,
    objective: &str,
    evaluator: Option<&str>,
    seed: u64,
    random_setup: bool,
) -> PyResult<Vec<String>> {
    if start >= end {
        return Err(PyValueError::new_err(format!(
            "start: a batch is start < end, not {start}..{end}"
        )));
    }
    let objective = Objective::parse(objective)
        .map_err(|e| PyValueError::new_err(format!("objective: {e}")))?;
    let evaluation = evaluation(evaluator, objective)?;
    let indexed = find_indexed(game).map_err(to_py)?;
    let entry = find(game).map_err(to_py)?;
    let (params, config) = played_with(entry, &to_json(params)?, end, 1, seed, random_setup);
    let indices: Vec<usize> = (start..end).collect();
    let rows = py
        .detach(|| {
            indexed.analysis_batch(
                &params,
                "",
                Phase::Balance,
                bot,
                None,
                &config,
                &evaluation,
                &indices,
            )
        })
        .map_err(to_py)?;
    Ok(rows.iter().map(GameRow::to_line).collect())
}
