//! `tabula.VectorEnv`'s native part: N games of one game stepped in one call, the GIL released,
//! writing observations, masks, rewards and flags into numpy arrays it reuses.

mod slot;
mod threads;

use crate::catalog::{find_indexed, make_bot};
use crate::convert::{entropy_seed, params_json, seed_arg};
use crate::errors::{IllegalActionError, ParamsError, TabulaError, busy, to_py};
use crate::parse_setup;
use numpy::{PyArray1, PyArray2, PyArrayMethods, PyReadonlyArray1};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use rand::RngExt;
use slot::{Config, Out, Slot};
use tabula_core::rng_from_seed;
use threads::{StepFn, Threads};

/// N games of one game, stepped together (see `tabula.vector` for the Python API). Seats are
/// numbered from 0. Arrays are written in place at every `reset` and `step`.
#[pyclass(module = "tabula._tabula", name = "VectorEnv")]
pub struct VectorEnv {
    cfg: Config,
    slots: Vec<Slot>,
    threads: Threads,
    obs: Py<PyArray2<f32>>,
    final_obs: Py<PyArray2<f32>>,
    mask: Py<PyArray2<bool>>,
    rewards: Py<PyArray2<f32>>,
    terminated: Py<PyArray1<bool>>,
    truncated: Py<PyArray1<bool>>,
    to_act: Py<PyArray1<i64>>,
    acted: Py<PyArray1<i64>>,
    ready: bool,
}

impl VectorEnv {
    /// `reset` on the borrowed environment.
    fn reset_with(&mut self, py: Python<'_>, seed: Option<u64>) -> PyResult<()> {
        let mut master = rng_from_seed(seed.unwrap_or_else(entropy_seed));
        let seeds: Vec<u64> = (0..self.slots.len()).map(|_| master.random()).collect();
        let failed = std::sync::Mutex::new(None);
        self.run(py, |i, slot, cfg, mut row, buf| {
            if let Err(e) = slot.start(cfg, seeds[i], &mut row, buf) {
                *failed.lock().expect("errors") = Some(e);
            }
            row.acted[0] = -1;
        })?;
        if let Some(e) = failed.into_inner().expect("errors") {
            return Err(to_py(e));
        }
        self.ready = true;
        Ok(())
    }

    /// `step` on the borrowed environment.
    fn step_with(&mut self, py: Python<'_>, actions: PyReadonlyArray1<'_, i64>) -> PyResult<()> {
        if !self.ready {
            return Err(TabulaError::new_err("call reset() before step()"));
        }
        let actions = actions.as_slice()?;
        if actions.len() != self.slots.len() {
            return Err(ParamsError::new_err(format!(
                "actions has {} entries, for {} environments",
                actions.len(),
                self.slots.len()
            )));
        }
        for (i, (slot, &a)) in self.slots.iter().zip(actions).enumerate() {
            slot.check(i, a).map_err(IllegalActionError::new_err)?;
        }
        let failed = std::sync::Mutex::new(None);
        self.run(py, |i, slot, cfg, mut row, buf| {
            if let Err(e) = slot.step(cfg, actions[i] as usize, &mut row, buf) {
                *failed.lock().expect("errors") = Some(e);
            }
        })?;
        match failed.into_inner().expect("errors") {
            Some(e) => Err(to_py(e)),
            None => Ok(()),
        }
    }

    /// Runs `f` over every slot with its rows of the arrays (see `Threads::run`), the GIL
    /// released.
    fn run(&mut self, py: Python<'_>, f: impl StepFn) -> PyResult<()> {
        let (obs, fin, mask) = (
            self.obs.bind(py),
            self.final_obs.bind(py),
            self.mask.bind(py),
        );
        let (rew, term, trunc) = (
            self.rewards.bind(py),
            self.terminated.bind(py),
            self.truncated.bind(py),
        );
        let (to_act, acted) = (self.to_act.bind(py), self.acted.bind(py));
        let (mut obs, mut fin, mut mask) = (obs.readwrite(), fin.readwrite(), mask.readwrite());
        let (mut rew, mut term, mut trunc) = (rew.readwrite(), term.readwrite(), trunc.readwrite());
        let (mut to_act, mut acted) = (to_act.readwrite(), acted.readwrite());
        let out = Out {
            obs: obs.as_slice_mut()?,
            final_obs: fin.as_slice_mut()?,
            mask: mask.as_slice_mut()?,
            rewards: rew.as_slice_mut()?,
            terminated: term.as_slice_mut()?,
            truncated: trunc.as_slice_mut()?,
            to_act: to_act.as_slice_mut()?,
            acted: acted.as_slice_mut()?,
        };
        let (cfg, slots, threads) = (&self.cfg, &mut self.slots, &mut self.threads);
        py.detach(|| threads.run(slots, cfg, out, &f));
        Ok(())
    }
}

#[pymethods]
impl VectorEnv {
    /// `num_envs` games of `game` (`players`, `params` and `setup` as `tabula.new`).
    /// `opponent`: a bot level or specification playing the seats `opponent_seats` inside
    /// Rust (default: no seat). `max_steps`: the caller's steps after which a game is
    /// truncated (default: never). `threads`: how many threads step the games (1 to 1024;
    /// beyond the caller's, a standing pool that shares the steps long enough to repay it).
    #[new]
    #[pyo3(signature = (game, num_envs, players=None, params=None, setup="random", opponent=None, opponent_seats=None, max_steps=None, threads=1))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        py: Python<'_>,
        game: &str,
        num_envs: usize,
        players: Option<usize>,
        params: Option<&Bound<'_, PyDict>>,
        setup: &str,
        opponent: Option<String>,
        opponent_seats: Option<Vec<usize>>,
        max_steps: Option<usize>,
        threads: usize,
    ) -> PyResult<VectorEnv> {
        if num_envs == 0 {
            return Err(ParamsError::new_err("num_envs must be at least 1, not 0"));
        }
        let threads = Threads::new(threads, num_envs).map_err(ParamsError::new_err)?;
        let entry = find_indexed(game).map_err(to_py)?;
        let params = params_json(params, players)?;
        let setup = parse_setup(setup)?;
        let probe = entry
            .new_indexed(&params, setup, &mut rng_from_seed(0))
            .map_err(to_py)?;
        let seats = probe.num_seats();
        let opponent_seats = opponent_seats.unwrap_or_default();
        if let Some(&s) = opponent_seats.iter().find(|&&s| s >= seats) {
            return Err(ParamsError::new_err(format!(
                "opponent seat {s} does not exist: seats are 0 to {} in this {seats}-player game",
                seats - 1
            )));
        }
        if opponent_seats.len() >= seats {
            return Err(ParamsError::new_err(
                "opponent_seats names every seat: leave at least one seat to the caller",
            ));
        }
        if !opponent_seats.is_empty() && opponent.is_none() {
            return Err(ParamsError::new_err(
                "opponent_seats needs opponent=, the bot level that plays them (e.g. \"casual\")",
            ));
        }
        if let Some(spec) = &opponent {
            make_bot(game, spec, 0).map_err(to_py)?;
        }
        if probe.num_actions() == 0 || probe.observation_shape().contains(&0) {
            return Err(TabulaError::new_err(format!(
                "{game} has no action indices or no observation: it cannot be vectorised"
            )));
        }
        let cfg = Config {
            entry,
            params,
            setup,
            seats,
            num_actions: probe.num_actions(),
            obs_len: probe.observation_shape().iter().product(),
            shape: probe.observation_shape(),
            opponent,
            opponent_seats,
            max_steps,
        };
        let (n, a, o) = (num_envs, cfg.num_actions, cfg.obs_len);
        Ok(VectorEnv {
            threads,
            slots: (0..n).map(|_| Slot::empty(probe.clone_indexed())).collect(),
            obs: PyArray2::zeros(py, [n, o], false).unbind(),
            final_obs: PyArray2::zeros(py, [n, o], false).unbind(),
            mask: PyArray2::zeros(py, [n, a], false).unbind(),
            rewards: PyArray2::zeros(py, [n, seats], false).unbind(),
            terminated: PyArray1::zeros(py, n, false).unbind(),
            truncated: PyArray1::zeros(py, n, false).unbind(),
            to_act: PyArray1::zeros(py, n, false).unbind(),
            acted: PyArray1::from_vec(py, vec![-1; n]).unbind(),
            cfg,
            ready: false,
        })
    }

    /// Starts every game afresh: game `i` from the `i`-th seed drawn from `seed` (default: a
    /// seed from the operating system's entropy). Fills the arrays.
    #[pyo3(signature = (seed=None))]
    fn reset(slf: &Bound<'_, Self>, seed: Option<&Bound<'_, PyAny>>) -> PyResult<()> {
        let seed = seed_arg(seed)?;
        let mut this = slf.try_borrow_mut().map_err(|_| busy("VectorEnv"))?;
        this.reset_with(slf.py(), seed)
    }

    /// Plays `actions[i]` (an action index, legal for the seat `to_act[i]`) in game `i`, then
    /// lets chance and the opponent seats play until a caller's seat must act. A game that
    /// ends is started afresh at once; its last observation is in `final_observations`.
    /// An illegal index raises `IllegalActionError` naming the game and the index, and no
    /// game changes.
    fn step(slf: &Bound<'_, Self>, actions: PyReadonlyArray1<'_, i64>) -> PyResult<()> {
        let mut this = slf.try_borrow_mut().map_err(|_| busy("VectorEnv"))?;
        this.step_with(slf.py(), actions)
    }

    /// The legal action indices of every game's seat to act, as `(flat, offsets)`: game `i`'s
    /// are `flat[offsets[i]:offsets[i + 1]]` (for action spaces too large for masks).
    fn legal_indices<'py>(
        &self,
        py: Python<'py>,
    ) -> (Bound<'py, PyArray1<i64>>, Bound<'py, PyArray1<i64>>) {
        let mut flat = Vec::with_capacity(self.slots.iter().map(|s| s.legal.len()).sum());
        let mut offsets = Vec::with_capacity(self.slots.len() + 1);
        offsets.push(0i64);
        for slot in &self.slots {
            flat.extend(slot.legal.iter().map(|&i| i as i64));
            offsets.push(flat.len() as i64);
        }
        (
            PyArray1::from_vec(py, flat),
            PyArray1::from_vec(py, offsets),
        )
    }

    /// The number of games.
    #[getter]
    fn num_envs(&self) -> usize {
        self.slots.len()
    }
    /// The number of seats of each game.
    #[getter]
    fn num_players(&self) -> usize {
        self.cfg.seats
    }
    /// The number of action indices (a mask row's length).
    #[getter]
    fn num_actions(&self) -> usize {
        self.cfg.num_actions
    }
    /// One game's observation shape.
    #[getter]
    fn observation_shape(&self) -> Vec<usize> {
        self.cfg.shape.clone()
    }
    /// The seats the opponent bot plays.
    #[getter]
    fn opponent_seats(&self) -> Vec<usize> {
        self.cfg.opponent_seats.clone()
    }
    /// Observations of the seat to act, float32 `[num_envs, prod(observation_shape)]`.
    #[getter]
    fn observations(&self, py: Python<'_>) -> Py<PyArray2<f32>> {
        self.obs.clone_ref(py)
    }
    /// The last observation (of the seat that acted) of the games that ended at the last step.
    #[getter]
    fn final_observations(&self, py: Python<'_>) -> Py<PyArray2<f32>> {
        self.final_obs.clone_ref(py)
    }
    /// Legal-action masks of the seat to act, bool `[num_envs, num_actions]`.
    #[getter]
    fn masks(&self, py: Python<'_>) -> Py<PyArray2<bool>> {
        self.mask.clone_ref(py)
    }
    /// Each seat's reward at the last step, float32 `[num_envs, num_players]`.
    #[getter]
    fn rewards(&self, py: Python<'_>) -> Py<PyArray2<f32>> {
        self.rewards.clone_ref(py)
    }
    /// Whether each game ended by the rules at the last step.
    #[getter]
    fn terminated(&self, py: Python<'_>) -> Py<PyArray1<bool>> {
        self.terminated.clone_ref(py)
    }
    /// Whether each game was cut at `max_steps` at the last step.
    #[getter]
    fn truncated(&self, py: Python<'_>) -> Py<PyArray1<bool>> {
        self.truncated.clone_ref(py)
    }
    /// The seat to act in each game (always a caller's seat).
    #[getter]
    fn to_act(&self, py: Python<'_>) -> Py<PyArray1<i64>> {
        self.to_act.clone_ref(py)
    }
    /// The seat that played the caller's action in each game at the last step (-1 after reset).
    #[getter]
    fn acted(&self, py: Python<'_>) -> Py<PyArray1<i64>> {
        self.acted.clone_ref(py)
    }
}
