//! `tabula.State`: one game state with notation, integer actions, masks and observations.

use crate::convert::{json_to_py, seed_arg};
use crate::errors::{IllegalActionError, ParamsError, busy, to_py};
use numpy::{PyArray1, PyArrayMethods};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyInt, PyList, PyTuple};
use rand::Rng;
use serde_json::Value;
use tabula_core::{Actor, GameRng, Seat, ToAct, rng_from_seed};
use tabula_registry::{IndexedGame, RegistryError, resolve_actor, status_json};

/// The seat number `to_act()` gives for a pending chance event (OpenSpiel's convention).
pub(crate) const CHANCE: i64 = -1;

/// A game state. Seats are numbered from 0. Actions are given either in the game's notation
/// (`str`) or as integer indices (`int`, see `num_actions`).
#[pyclass(module = "tabula._tabula", name = "State")]
pub struct State {
    pub(crate) game: Box<dyn IndexedGame>,
    rng: GameRng,
    /// The actions applied since the state was made, in notation (chance outcomes too).
    history: Vec<String>,
    obs: Vec<f32>,
    /// The indices the last `legal_action_indices` gave.
    legal: Vec<usize>,
    /// Whose indices `legal` holds, while the state is unchanged since (every change clears
    /// it): an index among them is applied without checking it again.
    legal_for: Option<Actor>,
}

impl State {
    /// A state restored from `__reduce__`'s values.
    pub(crate) fn restore(
        game: Box<dyn IndexedGame>,
        history: Vec<String>,
        rng_seed: u64,
    ) -> State {
        let mut state = State::wrap(game, 0);
        state.history = history;
        state.rng = rng_from_seed(rng_seed);
        state
    }

    /// `apply` on this state: an index (an int, not a bool) or notation.
    fn apply_any(&mut self, action: &Bound<'_, PyAny>, seat: Option<usize>) -> PyResult<String> {
        if action.is_instance_of::<PyBool>() {
            return Err(pyo3::exceptions::PyTypeError::new_err(format!(
                "an action is a str (notation) or an int (index), not a bool ({action})"
            )));
        }
        if let Ok(index) = action.extract::<i64>() {
            let Ok(index) = usize::try_from(index) else {
                return Err(IllegalActionError::new_err(format!(
                    "action index {index} is negative: indices are 0 to {}",
                    self.game.num_actions() - 1
                )));
            };
            let actor = self.actor(seat)?.ok_or_else(|| {
                IllegalActionError::new_err("the game is over: it accepts no action")
            })?;
            if self.legal_for == Some(actor) && self.legal.contains(&index) {
                self.legal_for = None;
                return Ok(self.game.apply_legal_index(actor, index));
            }
            let text = self.game.apply_index(actor, index).map_err(to_py)?;
            self.legal_for = None;
            return Ok(text);
        }
        if action.is_instance_of::<PyInt>() {
            return Err(IllegalActionError::new_err(format!(
                "action index {action} stands for no action: indices are 0 to {}",
                self.game.num_actions() - 1
            )));
        }
        let text: String = action.extract().map_err(|_| {
            pyo3::exceptions::PyTypeError::new_err(format!(
                "an action is a str (notation) or an int (index), not {}",
                action
                    .get_type()
                    .name()
                    .map(|n| n.to_string())
                    .unwrap_or_default()
            ))
        })?;
        let seat = seat.map(|s| self.seat(s)).transpose()?;
        let actor = resolve_actor(&*self.game, seat, &text).map_err(to_py)?;
        let text = self.game.apply(actor, &text).map_err(to_py)?;
        self.legal_for = None;
        Ok(text)
    }

    pub(crate) fn wrap(game: Box<dyn IndexedGame>, seed: u64) -> State {
        State {
            game,
            rng: rng_from_seed(seed ^ 0x7ab0_1a5e),
            history: Vec::new(),
            obs: Vec::new(),
            legal: Vec::new(),
            legal_for: None,
        }
    }

    fn seat(&self, seat: usize) -> PyResult<Seat> {
        let n = self.game.num_seats();
        if seat >= n {
            return Err(ParamsError::new_err(format!(
                "seat {seat} does not exist: seats are 0 to {} in this {n}-player game",
                n - 1
            )));
        }
        Ok(Seat(seat as u8))
    }

    /// Who acts: `seat` when given, else the one seat to act or chance; `None` when the
    /// game is over.
    fn actor(&self, seat: Option<usize>) -> PyResult<Option<Actor>> {
        if let Some(s) = seat {
            return Ok(Some(Actor::Seat(self.seat(s)?)));
        }
        match self.game.to_act() {
            ToAct::One(s) => Ok(Some(Actor::Seat(s))),
            ToAct::Chance => Ok(Some(Actor::Chance)),
            ToAct::Over(_) => Ok(None),
            ToAct::Several(seats) => Err(IllegalActionError::new_err(format!(
                "several seats may act ({}): say which one with seat=",
                seats
                    .iter()
                    .map(|s| s.index().to_string())
                    .collect::<Vec<_>>()
                    .join(", ")
            ))),
        }
    }
}

#[pymethods]
impl State {
    /// The game's registry name.
    #[getter]
    fn game(&self) -> &'static str {
        self.game.game_name()
    }

    /// The number of seats.
    #[getter]
    fn num_players(&self) -> usize {
        self.game.num_seats()
    }

    /// The number of distinct action indices (the length of the mask).
    #[getter]
    fn num_actions(&self) -> usize {
        self.game.num_actions()
    }

    /// The observation tensor's shape (fixed for the game, its parameters and player count).
    #[getter]
    fn observation_shape(&self) -> Vec<usize> {
        self.game.observation_shape()
    }

    /// The seats that may act now: one seat, several (a race), `[CHANCE]` (-1) when a
    /// chance event is pending, `[]` when the game is over.
    fn to_act<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        match self.game.to_act() {
            ToAct::Chance => PyList::new(py, [CHANCE]),
            ToAct::One(s) => PyList::new(py, [s.index() as i64]),
            t => PyList::new(
                py,
                t.seats()
                    .iter()
                    .map(|s| s.index() as i64)
                    .collect::<Vec<_>>(),
            ),
        }
    }

    /// Whether a chance event is pending.
    fn is_chance(&self) -> bool {
        matches!(self.game.to_act(), ToAct::Chance)
    }

    /// Whether the game is over.
    fn is_over(&self) -> bool {
        self.game.to_act().is_over()
    }

    /// Each seat's return: when over, the seats ranked first share 1 (a two-player draw is
    /// 0.5 each), the others get 0; all 0 while the game goes on.
    fn returns(&self) -> Vec<f64> {
        let n = self.game.num_seats();
        match self.game.to_act() {
            ToAct::Over(o) => Seat::all(n).map(|s| o.reward(s)).collect(),
            _ => vec![0.0; n],
        }
    }

    /// How the game stands: `to_act` (seats from 0), `chance`, `over`, `result` (`reason`,
    /// `winners` (seats from 0), `ranks` (one per seat, 1 best), `scores`) when over.
    fn status(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        let mut v = status_json(&*self.game);
        // The registry counts seats from 1, as the server and the players do.
        from_one(&mut v["to_act"]);
        if let Some(result) = v.get_mut("result").filter(|r| r.is_object()) {
            for key in ["winners", "by"] {
                if let Some(seats) = result.get_mut(key) {
                    from_one(seats);
                }
            }
        }
        json_to_py(py, &v)
    }

    /// The legal actions in notation (sorted), of `seat` or of the one actor now (chance
    /// outcomes when chance is pending). Empty when the game is over.
    #[pyo3(signature = (seat=None))]
    fn legal_actions(&self, seat: Option<usize>) -> PyResult<Vec<String>> {
        Ok(match self.actor(seat)? {
            Some(a) => self.game.legal(a),
            None => Vec::new(),
        })
    }

    /// The indices of the legal actions (of `seat`, or of the one actor now).
    #[pyo3(signature = (seat=None))]
    fn legal_action_indices<'py>(
        slf: &Bound<'py, Self>,
        seat: Option<usize>,
    ) -> PyResult<Bound<'py, PyList>> {
        let py = slf.py();
        let mut this = slf.try_borrow_mut().map_err(|_| busy("State"))?;
        let this = &mut *this;
        match this.actor(seat)? {
            Some(a) => {
                this.game.legal_indices_into(a, &mut this.legal);
                this.legal_for = Some(a);
                PyList::new(py, &this.legal)
            }
            None => Ok(PyList::empty(py)),
        }
    }

    /// The action mask: a numpy bool array of `num_actions` entries, true for the legal
    /// indices (of `seat`, or of the one actor now).
    #[pyo3(signature = (seat=None))]
    fn legal_action_mask<'py>(
        &self,
        py: Python<'py>,
        seat: Option<usize>,
    ) -> PyResult<Bound<'py, PyArray1<bool>>> {
        let mask = match self.actor(seat)? {
            Some(a) => self.game.legal_mask(a),
            None => vec![false; self.game.num_actions()],
        };
        Ok(PyArray1::from_vec(py, mask))
    }

    /// Applies an action, in notation (`str`) or as an index (`int`, not `bool`), of `seat`
    /// (default: the one seat to act, or chance). Illegal actions raise `IllegalActionError`
    /// and change nothing. Returns the action in notation.
    #[pyo3(signature = (action, seat=None))]
    fn apply(
        slf: &Bound<'_, Self>,
        action: &Bound<'_, PyAny>,
        seat: Option<usize>,
    ) -> PyResult<String> {
        let mut this = slf.try_borrow_mut().map_err(|_| busy("State"))?;
        let text = this.apply_any(action, seat)?;
        this.history.push(text.clone());
        Ok(text)
    }

    /// Resolves every pending chance event by its probabilities, from the state's own
    /// generator (seeded from `new`'s seed) or from `seed`. Returns the outcomes in notation.
    #[pyo3(signature = (seed=None))]
    fn resolve_chance(
        slf: &Bound<'_, Self>,
        seed: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Vec<String>> {
        let seed = seed_arg(seed)?;
        let mut this = slf.try_borrow_mut().map_err(|_| busy("State"))?;
        let this = &mut *this;
        if let Some(s) = seed {
            this.rng = rng_from_seed(s);
        }
        this.legal_for = None;
        let outcomes = this.game.resolve_chance(&mut this.rng);
        this.history.extend(outcomes.iter().cloned());
        Ok(outcomes)
    }

    /// The actions applied since the state was made (by `new`, `from_notation` or
    /// unpickling), in notation, chance outcomes included, oldest first.
    fn history(&self) -> Vec<String> {
        self.history.clone()
    }

    /// The pending chance event's outcomes as `(index, notation, probability)`; empty when
    /// none is pending.
    fn chance_outcomes(&self) -> Vec<(usize, String, f64)> {
        self.game
            .chance_indices()
            .into_iter()
            .zip(self.game.chance_texts())
            .map(|((i, p), (t, _))| (i, t, p))
            .collect()
    }

    /// The index of the action `text` (of `seat`, or of the one actor now).
    #[pyo3(signature = (text, seat=None))]
    fn action_index(&self, text: &str, seat: Option<usize>) -> PyResult<usize> {
        let actor = self.actor(seat)?.unwrap_or(Actor::Seat(Seat(0)));
        self.game.index_of(actor, text).map_err(to_py)
    }

    /// The notation of the action with `index` (of `seat`, or of the one actor now).
    #[pyo3(signature = (index, seat=None))]
    fn action_text(&self, index: usize, seat: Option<usize>) -> PyResult<String> {
        let actor = self.actor(seat)?.unwrap_or(Actor::Seat(Seat(0)));
        self.game.index_text(actor, index).ok_or_else(|| {
            to_py(RegistryError::Action {
                action: index.to_string(),
                error: tabula_core::ActionError::Illegal(format!(
                    "index {index} stands for no action (there are {})",
                    self.game.num_actions()
                )),
            })
        })
    }

    /// The position in the game's notation.
    fn notation(&self) -> String {
        self.game.position()
    }

    /// What `seat` may see (`None`: a spectator), as a dict (the server's view).
    #[pyo3(signature = (seat=None))]
    fn view(&self, py: Python<'_>, seat: Option<usize>) -> PyResult<Py<PyAny>> {
        let seat = seat.map(|s| self.seat(s)).transpose()?;
        json_to_py(py, &self.game.view(seat).map_err(to_py)?)
    }

    /// What `seat` may see (`None`: a spectator) as a float32 numpy array of
    /// `observation_shape` (the layouts are in docs/python.md).
    #[pyo3(signature = (seat=None))]
    fn observation<'py>(
        slf: &Bound<'py, Self>,
        seat: Option<usize>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let mut this = slf.try_borrow_mut().map_err(|_| busy("State"))?;
        let this = &mut *this;
        let seat = seat.map(|s| this.seat(s)).transpose()?;
        this.game.observe(seat, &mut this.obs);
        let flat = PyArray1::from_slice(slf.py(), &this.obs);
        Ok(flat.reshape(this.game.observation_shape())?.into_any())
    }

    /// The seat's name for players (a colour where seats are colours).
    fn seat_name(&self, seat: usize) -> PyResult<String> {
        Ok(self.game.seat_name(self.seat(seat)?))
    }

    /// The board drawn as text, as players see it: there seats are counted from 1 (seat 0
    /// is "1", or its colour).
    fn board_text(&self) -> String {
        self.game.board_text()
    }

    /// An independent copy.
    fn clone(&self) -> State {
        State {
            game: self.game.clone_indexed(),
            rng: self.rng.clone(),
            history: self.history.clone(),
            obs: Vec::new(),
            legal: Vec::new(),
            legal_for: None,
        }
    }

    fn __copy__(&self) -> State {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> State {
        self.clone()
    }

    /// Equal states: the same game, parameters and position (the notation), whatever their
    /// histories and generators.
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        let Ok(other) = other.cast::<State>() else {
            return false;
        };
        let Ok(other) = other.try_borrow() else {
            return false;
        };
        self.game.game_name() == other.game.game_name()
            && matches!((self.game.params(), other.game.params()), (Ok(a), Ok(b)) if a == b)
            && self.game.position() == other.game.position()
    }

    /// A hash of the game and the position, consistent with `==`.
    fn __hash__(&self) -> u64 {
        use std::hash::{BuildHasher, BuildHasherDefault, DefaultHasher};
        BuildHasherDefault::<DefaultHasher>::default()
            .hash_one((self.game.game_name(), self.game.position()))
    }

    /// Pickling: the game, its parameters, the position, the history and a seed for the
    /// copy's chance generator, drawn from this state's (without changing it).
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let restore = py.import("tabula._tabula")?.getattr("_restore_state")?;
        let args = (
            self.game.game_name(),
            self.game.params().map_err(to_py)?.to_string(),
            self.game.position(),
            self.history.clone(),
            self.rng.clone().next_u64(),
        );
        PyTuple::new(py, [restore, args.into_pyobject(py)?.into_any()])
    }

    fn __str__(&self) -> String {
        self.game.board_text()
    }

    fn __repr__(&self) -> String {
        format!(
            "<tabula.State {} `{}`>",
            self.game.game_name(),
            self.game.position()
        )
    }
}

/// A seat number (or a list of them) counted from 1 made counted from 0; `null` stays.
fn from_one(v: &mut Value) {
    match v {
        Value::Number(n) => {
            if let Some(k) = n.as_u64() {
                *v = Value::from(k.saturating_sub(1));
            }
        }
        Value::Array(items) => items.iter_mut().for_each(from_one),
        _ => {}
    }
}
