//! `tabula.Bot`: a bot level or search specification, playing any game.

use crate::State;
use crate::catalog::make_bot;
use crate::convert::{entropy_seed, seed_arg};
use crate::errors::{BotError, IllegalActionError, to_py};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};
use std::collections::HashMap;
use std::sync::{Mutex, TryLockError};
use tabula_ai::SearchLimits;
use tabula_core::{Seat, ToAct};
use tabula_registry::{DynBot, DynGame};

/// A bot: a level (`random`, `beginner`, `casual`, `strong`, `expert`) or a search specification
/// such as `mcts:iterations=5000`, seeded. One bot plays any game (it is built per game on
/// first use).
#[pyclass(module = "tabula._tabula", name = "Bot")]
pub struct Bot {
    spec: String,
    seed: u64,
    bots: Mutex<HashMap<&'static str, Box<dyn DynBot>>>,
}

impl Bot {
    fn with_bot<T>(
        &self,
        game: &dyn DynGame,
        py: Python<'_>,
        f: impl FnOnce(&mut dyn DynBot) -> PyResult<T>,
    ) -> PyResult<T> {
        // A bot thinking in another thread holds the lock without the GIL: wait for it
        // without the GIL too, or neither thread could go on.
        let mut bots = loop {
            match self.bots.try_lock() {
                Ok(bots) => break bots,
                Err(TryLockError::WouldBlock) => py.detach(|| drop(self.bots.lock())),
                Err(TryLockError::Poisoned(e)) => break e.into_inner(),
            }
        };
        let name = game.game_name();
        if !bots.contains_key(name) {
            let bot = make_bot(name, &self.spec, self.seed).map_err(to_py)?;
            bots.insert(name, bot);
        }
        f(bots.get_mut(name).expect("bot").as_mut())
    }
}

/// The seat the bot plays for: `seat`, or the one seat to act.
fn bot_seat(game: &dyn DynGame, seat: Option<usize>) -> PyResult<Seat> {
    if let Some(s) = seat {
        if s >= game.num_seats() {
            return Err(IllegalActionError::new_err(format!(
                "seat {s} does not exist in a {}-player game",
                game.num_seats()
            )));
        }
        return Ok(Seat(s as u8));
    }
    match game.to_act() {
        ToAct::One(s) => Ok(s),
        ToAct::Several(_) => Err(IllegalActionError::new_err(
            "several seats may act: say which one the bot plays with seat=",
        )),
        ToAct::Chance => Err(IllegalActionError::new_err(
            "a chance event is pending: resolve it (State.resolve_chance) before asking a bot",
        )),
        ToAct::Over(_) => Err(IllegalActionError::new_err("the game is over")),
    }
}

#[pymethods]
impl Bot {
    #[new]
    #[pyo3(signature = (level_or_spec="casual", seed=None))]
    fn new(level_or_spec: &str, seed: Option<&Bound<'_, PyAny>>) -> PyResult<Bot> {
        let seed = seed_arg(seed)?.unwrap_or_else(entropy_seed);
        // Checked now: some game of the catalog must take it (each game checks it again
        // when the bot first plays it).
        let mut first_error = None;
        for entry in crate::catalog::catalog().entries() {
            match entry.bot(level_or_spec, seed) {
                Ok(_) => {
                    first_error = None;
                    break;
                }
                Err(e) => {
                    first_error.get_or_insert(e);
                }
            }
        }
        if let Some(e) = first_error {
            return Err(BotError::new_err(e.to_string()));
        }
        Ok(Bot {
            spec: level_or_spec.to_string(),
            seed,
            bots: Mutex::new(HashMap::new()),
        })
    }

    /// The bot's specification.
    #[getter]
    fn spec(&self) -> &str {
        &self.spec
    }

    /// The action the bot plays for `seat` (default: the one seat to act), in notation;
    /// `None` when it has nothing to do or waits (a race it does not enter yet). Does not
    /// apply it. Releases the GIL while it thinks.
    #[pyo3(signature = (state, seat=None))]
    fn choose(
        &self,
        py: Python<'_>,
        state: &State,
        seat: Option<usize>,
    ) -> PyResult<Option<String>> {
        let game: &dyn DynGame = &*state.game;
        let seat = bot_seat(game, seat)?;
        self.with_bot(game, py, |bot| {
            Ok(py.detach(|| bot.decide(game, seat)).map(|m| m.action))
        })
    }

    /// `choose` as an action index (for environments, whose actions are indices): the
    /// index of the action the bot plays for `seat`, or `None`.
    #[pyo3(signature = (state, seat=None))]
    fn choose_index(
        &self,
        py: Python<'_>,
        state: &State,
        seat: Option<usize>,
    ) -> PyResult<Option<usize>> {
        let seat_now = bot_seat(&*state.game, seat)?;
        let Some(text) = self.choose(py, state, seat)? else {
            return Ok(None);
        };
        let actor = tabula_core::Actor::Seat(seat_now);
        state.game.index_of(actor, &text).map(Some).map_err(to_py)
    }

    /// Searches the state for `seat` within the limits (`iterations`: MCTS iterations or
    /// alpha-beta nodes; `time_ms`; `depth`: alpha-beta plies) and reports what it found as a
    /// dict: `engine`, `best`, `value` (per seat), `iterations`, `depth`, `nodes`,
    /// `elapsed_ms`, `score`, `mate_in`, `pv`, `root` (per root action: `action`, `visits`,
    /// `value`, `score`). `None` for bots that do not search (random). Releases the GIL.
    #[pyo3(signature = (state, seat=None, iterations=None, time_ms=None, depth=None, every_root_action=false))]
    #[allow(clippy::too_many_arguments)]
    fn analyse(
        &self,
        py: Python<'_>,
        state: &State,
        seat: Option<usize>,
        iterations: Option<u64>,
        time_ms: Option<u64>,
        depth: Option<u32>,
        every_root_action: bool,
    ) -> PyResult<Option<Py<PyAny>>> {
        let game: &dyn DynGame = &*state.game;
        let seat = bot_seat(game, seat)?;
        let limits = SearchLimits {
            iterations,
            time_ms,
            depth,
        };
        limits.check().map_err(BotError::new_err)?;
        let report = self.with_bot(game, py, |bot| {
            py.detach(|| bot.analyse(game, seat, &limits, every_root_action))
                .map_err(to_py)
        })?;
        let Some(r) = report else {
            return Ok(None);
        };
        let d = PyDict::new(py);
        d.set_item("engine", format!("{:?}", r.engine).to_lowercase())?;
        d.set_item("best", r.best)?;
        d.set_item("value", r.value)?;
        d.set_item("iterations", r.iterations)?;
        d.set_item("depth", r.depth)?;
        d.set_item("nodes", r.nodes)?;
        d.set_item("elapsed_ms", r.elapsed.as_secs_f64() * 1000.0)?;
        d.set_item("score", r.score)?;
        d.set_item("mate_in", r.mate_in)?;
        d.set_item("pv", r.pv)?;
        let root: Vec<Bound<'_, PyDict>> = r
            .root
            .into_iter()
            .map(|s| {
                let e = PyDict::new(py);
                e.set_item("action", s.action)?;
                e.set_item("seat", s.actor.map(|a| a.index()))?;
                e.set_item("visits", s.visits)?;
                e.set_item("value", s.value)?;
                e.set_item("score", s.score)?;
                Ok(e)
            })
            .collect::<PyResult<_>>()?;
        d.set_item("root", root)?;
        Ok(Some(d.into_any().unbind()))
    }

    /// Pickling: the specification and the seed (a bot unpickled starts afresh, as a new
    /// `Bot(spec, seed)` does).
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let this = slf.borrow();
        let args = (this.spec.clone(), this.seed).into_pyobject(slf.py())?;
        PyTuple::new(slf.py(), [slf.get_type().into_any(), args.into_any()])
    }

    fn __repr__(&self) -> String {
        format!("tabula.Bot({:?}, seed={})", self.spec, self.seed)
    }
}
