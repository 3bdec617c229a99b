//! # tabula-py
//!
//! The native module `tabula._tabula` of the Python package `tabula` (built with maturin from
//! `python/`; see `docs/python.md`): games, states with integer actions, masks and
//! observation tensors, bots, random playouts and the balance analysis, over
//! `tabula-registry`. Long calls (bots, playouts, analysis) release the GIL.
//!
//! The module offers the games of a catalog: the built-in ones, or a downstream crate's with
//! [`init_module`]. It names no game itself.

#![warn(missing_docs)]

mod analysis;
mod bot;
mod catalog;
mod convert;
mod errors;
mod state;
mod tune;
mod vector;

use pyo3::prelude::*;
use pyo3::types::PyDict;
use serde_json::Value;
use std::time::Instant;
use tabula_core::rng_from_seed;
use tabula_registry::Setup;

pub use catalog::init_module;
use catalog::{catalog, find_indexed};

use convert::{entropy_seed, json_to_py, params_json, seed_arg};
use errors::to_py;
pub use state::State;

/// The games this module offers (those with integer actions, which `new` makes): a list of
/// dicts with `name`, `title`, `min_players`, `max_players`, `default_players`, `params`
/// (name, kind, help, default), `levels`, `real_time`, `hidden_information` and `lessons`
/// (whether it ships a tutorial).
#[pyfunction]
fn games(py: Python<'_>) -> PyResult<Vec<Py<PyAny>>> {
    catalog()
        .indexed_entries()
        .iter()
        .map(|e| {
            let v = serde_json::to_value(e.info())
                .map_err(|err| pyo3::exceptions::PyValueError::new_err(err.to_string()))?;
            json_to_py(py, &v)
        })
        .collect()
}

pub(crate) fn parse_setup(setup: &str) -> PyResult<Setup> {
    match setup {
        "random" => Ok(Setup::Random),
        "placement" => Ok(Setup::Placement),
        other => Err(pyo3::exceptions::PyValueError::new_err(format!(
            "setup must be \"random\" or \"placement\", not {other:?}"
        ))),
    }
}

/// A new game of `game`. `players` (default: the game's default), `params` (a dict of the
/// game's parameters), `setup`: `"random"` (every setup choice random) or `"placement"`
/// (the players place their pieces; chance setups are sampled either way from `seed`;
/// `seed=None` draws one from the operating system's entropy).
/// `resolve_chance=False` (with `setup="placement"` only) leaves the chance events at the
/// start pending, for hosts that resolve chance themselves.
#[pyfunction]
#[pyo3(signature = (game, players=None, seed=None, params=None, setup="random", resolve_chance=true))]
fn new(
    game: &str,
    players: Option<usize>,
    seed: Option<&Bound<'_, PyAny>>,
    params: Option<&Bound<'_, PyDict>>,
    setup: &str,
    resolve_chance: bool,
) -> PyResult<State> {
    let seed = seed_arg(seed)?.unwrap_or_else(entropy_seed);
    let entry = find_indexed(game).map_err(to_py)?;
    let params = params_json(params, players)?;
    let setup = parse_setup(setup)?;
    let state = if resolve_chance {
        entry.new_indexed(&params, setup, &mut rng_from_seed(seed))
    } else if setup == Setup::Placement {
        entry.start_indexed(&params)
    } else {
        return Err(pyo3::exceptions::PyValueError::new_err(
            "resolve_chance=False needs setup=\"placement\": a random setup samples its chance",
        ));
    }
    .map_err(to_py)?;
    Ok(State::wrap(state, seed))
}

/// A game of `game` at the position `text` in the game's notation.
#[pyfunction]
#[pyo3(signature = (game, text, params=None))]
fn from_notation(game: &str, text: &str, params: Option<&Bound<'_, PyDict>>) -> PyResult<State> {
    let entry = find_indexed(game).map_err(to_py)?;
    let params = params_json(params, None)?;
    let state = entry.load_indexed(&params, text).map_err(to_py)?;
    Ok(State::wrap(state, 0))
}

/// A pickled state restored (what `State.__reduce__` names): `game`, its parameters as JSON
/// text, the position, the history and the seed of its chance generator.
#[pyfunction]
fn _restore_state(
    game: &str,
    params: &str,
    position: &str,
    history: Vec<String>,
    rng_seed: u64,
) -> PyResult<State> {
    let entry = find_indexed(game).map_err(to_py)?;
    let params: Value = serde_json::from_str(params)
        .map_err(|e| pyo3::exceptions::PyValueError::new_err(e.to_string()))?;
    let state = entry.load_indexed(&params, position).map_err(to_py)?;
    Ok(State::restore(state, history, rng_seed))
}

/// `n` uniformly random games of `game` (chance by its probabilities), game `i` seeded
/// `seed + i` (`seed=None`: one from the operating system's entropy), each stopped after
/// `max_steps` steps. Returns a dict: `games`, `plies`, `finished`, `wins` (per seat),
/// `draws`, `seed`, `seconds`, `plies_per_second`. Releases the GIL.
#[pyfunction]
#[pyo3(signature = (game, n, seed=None, players=None, params=None, setup="random", max_steps=10_000))]
#[allow(clippy::too_many_arguments)]
fn playouts(
    py: Python<'_>,
    game: &str,
    n: usize,
    seed: Option<&Bound<'_, PyAny>>,
    players: Option<usize>,
    params: Option<&Bound<'_, PyDict>>,
    setup: &str,
    max_steps: usize,
) -> PyResult<Py<PyAny>> {
    let seed = seed_arg(seed)?.unwrap_or_else(entropy_seed);
    let entry = find_indexed(game).map_err(to_py)?;
    let params = params_json(params, players)?;
    let setup = parse_setup(setup)?;
    let start = Instant::now();
    let stats = py
        .detach(|| entry.playouts(&params, n, seed, setup, max_steps))
        .map_err(to_py)?;
    let seconds = start.elapsed().as_secs_f64();
    let mut v = serde_json::to_value(&stats).unwrap_or(Value::Null);
    v["seed"] = Value::from(seed);
    v["seconds"] = Value::from(seconds);
    v["plies_per_second"] = Value::from(stats.plies as f64 / seconds.max(1e-9));
    json_to_py(py, &v)
}

/// The native module.
/// The module `tabula._tabula`, offering the built-in games.
#[pymodule]
fn _tabula(m: &Bound<'_, PyModule>) -> PyResult<()> {
    init_module(m, tabula_catalog::builtin())
}

/// The module's functions, classes and constants (see [`init_module`]).
fn add_contents(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(games, m)?)?;
    m.add_function(wrap_pyfunction!(new, m)?)?;
    m.add_function(wrap_pyfunction!(from_notation, m)?)?;
    m.add_function(wrap_pyfunction!(playouts, m)?)?;
    m.add_function(wrap_pyfunction!(_restore_state, m)?)?;
    m.add_function(wrap_pyfunction!(analysis::analyze, m)?)?;
    m.add_function(wrap_pyfunction!(analysis::analysis_rows, m)?)?;
    m.add_function(wrap_pyfunction!(analysis::compare_variants, m)?)?;
    m.add_function(wrap_pyfunction!(tune::tune_rows, m)?)?;
    m.add_class::<tune::Tuner>()?;
    m.add_class::<State>()?;
    m.add_class::<bot::Bot>()?;
    m.add_class::<vector::VectorEnv>()?;
    m.add("CHANCE", state::CHANCE)?;
    errors::register(m)?;
    Ok(())
}
