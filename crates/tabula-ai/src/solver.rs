//! Solver-backed play: a game-specific [`ExactSolver`] (e.g. Connect Four's bitboard solver)
//! that a bot consults first, within a node budget, before its own search. [`SolverBot`]
//! first asks for the value of every root action within a share of the budget
//! ([`EXACT_SHARE`]) and, when the solver answers, plays one that keeps the best value (the
//! fastest win, or the longest resistance), breaking ties by its seed. Otherwise it asks for
//! one action proven to keep the game-theoretic value within the rest of the budget, while the
//! wrapped bot searches on a second thread; the proven action is played if the proof comes,
//! the wrapped bot's choice if not. Where the solver offers a proof that threads can share
//! ([`ExactSolver::shared_keeping`]), the second thread joins the proof once the wrapped bot
//! has decided, so both cores prove for most of the move.
//!
//! Every search has a node budget, so the wrapped bot's move, the exact scores and a proof by
//! one thread are the same for a seed whatever the threads' speeds. A shared proof is
//! reproducible when it finishes within its budget; only near the budget's end can the
//! threads' timing decide whether it comes (see the solver's docs).
//! The registry wires it with [`BotFactory::with_solver`].
//!
//! [`BotFactory::with_solver`]: crate::BotFactory::with_solver

use crate::level::Engine;
use crate::report::{RootStat, SearchLimits, SearchReport};
use crate::{AiError, Bot, Decision};
use rand::RngExt;
use std::time::{Duration, Instant};
use tabula_core::{GameRng, Seat, ToAct, TwoPlayerZeroSum, rng_from_seed};

/// An exact solver for positions of `G` where one seat is to move.
pub trait ExactSolver<G: TwoPlayerZeroSum>: Send {
    /// The exact score of every legal action of the seat to move, best first, or `None` if
    /// the search would take more than `max_nodes` nodes. A score is positive when the mover
    /// wins, zero for a draw, negative when it loses; where the solver gives more than the
    /// sign, a larger magnitude is a sooner end.
    fn action_scores(&mut self, game: &G, max_nodes: u64) -> Option<Vec<(G::Action, i32)>>;

    /// One action that keeps the game-theoretic value (win, draw or loss) of `game` for the
    /// seat to move, with the sign of its score (1, 0 or -1), or `None` if the proof would
    /// take more than `max_nodes` nodes. The default takes the best of
    /// [`ExactSolver::action_scores`]; solvers that prove one action more cheaply than all of
    /// them override it.
    fn keeping_action(&mut self, game: &G, max_nodes: u64) -> Option<(G::Action, i32)> {
        let scores = self.action_scores(game, max_nodes)?;
        scores
            .first()
            .map(|&(action, score)| (action, score.signum()))
    }

    /// A proof of one value-keeping action of `game` within `max_nodes` nodes in all that
    /// several threads can work on at once, or `None` where the solver has none (then
    /// [`ExactSolver::keeping_action`] is used, on one thread). The default is `None`.
    fn shared_keeping(
        &mut self,
        game: &G,
        max_nodes: u64,
    ) -> Option<Box<dyn SharedProof<G::Action>>> {
        let _ = (game, max_nodes);
        None
    }

    /// Nodes searched by the last call.
    fn nodes(&self) -> u64;

    /// Plies from `game` to the end of the game under best play for a `score` of the
    /// position (used to report the distance to a proven end).
    fn plies_to_end(&self, game: &G, score: i32) -> i32;
}

/// A proof of one value-keeping action that any number of threads work on together
/// (see [`ExactSolver::shared_keeping`]).
pub trait SharedProof<A>: Send + Sync {
    /// Works on the proof until it is settled or its budget is spent; threads may call it at
    /// once, and a thread may join while others are already working.
    fn work(&self);

    /// Once every [`SharedProof::work`] has returned: the proven action with the sign of its
    /// score (1, 0 or -1), or `None` if the proof did not come within the budget.
    fn result(&self) -> Option<(A, i32)>;

    /// Ends the work early (a time cap): every [`SharedProof::work`] returns soon, and the
    /// result is what was proven by then. The default does nothing (the budget ends it).
    fn stop(&self) {}
}

/// The share of the budget within which [`SolverBot`] first asks for every action's score:
/// `max_nodes / EXACT_SHARE`.
pub const EXACT_SHARE: u64 = 16;

/// Makes a fresh solver (each bot owns one, with its table).
pub type MakeSolver<G> = fn() -> Box<dyn ExactSolver<G>>;

/// A bot that plays the solver's proven best action where the solver answers within
/// `max_nodes`, and the wrapped bot's choice elsewhere. See the module docs.
pub struct SolverBot<G: TwoPlayerZeroSum> {
    solver: Box<dyn ExactSolver<G>>,
    max_nodes: u64,
    fallback: Box<dyn Bot<G>>,
    rng: GameRng,
    seed: u64,
    /// A host's cap on the time of a move: the shared proof is stopped then.
    time_cap: Option<Duration>,
}

impl<G: TwoPlayerZeroSum> SolverBot<G> {
    /// Consults `solver` within `max_nodes` nodes per decision before `fallback`.
    pub fn new(
        solver: Box<dyn ExactSolver<G>>,
        max_nodes: u64,
        fallback: Box<dyn Bot<G>>,
        seed: u64,
    ) -> Self {
        SolverBot {
            solver,
            max_nodes,
            fallback,
            rng: rng_from_seed(seed ^ 0x50_17e5),
            seed,
            time_cap: None,
        }
    }

    /// Stops a shared proof once a decision has taken `cap` (a host facing people; the
    /// wrapped bot has its own cap): the move is then the wrapped bot's unless the proof came.
    pub fn with_time_cap(mut self, cap: Option<Duration>) -> Self {
        self.time_cap = cap;
        self
    }

    /// The proven scores of the root actions, if `seat` is to move alone and the solver
    /// answers within `max_nodes`.
    fn solve(&mut self, game: &G, seat: Seat, max_nodes: u64) -> Option<Vec<(G::Action, i32)>> {
        match game.to_act() {
            ToAct::One(s) if s == seat => self.solver.action_scores(game, max_nodes),
            _ => None,
        }
    }

    /// One of the actions with the best score, chosen by the bot's seed.
    fn pick(&mut self, scores: &[(G::Action, i32)]) -> G::Action {
        let best = scores[0].1;
        let tied = scores.iter().take_while(|(_, s)| *s == best).count();
        scores[self.rng.random_range(0..tied)].0
    }
}

/// The expected return of the mover for a proven score.
fn reward(score: i32) -> f64 {
    match score.signum() {
        1 => 1.0,
        0 => 0.5,
        _ => 0.0,
    }
}

impl<G: TwoPlayerZeroSum> Bot<G> for SolverBot<G> {
    fn name(&self) -> String {
        self.fallback.name()
    }

    fn decide(
        &mut self,
        game: &G,
        seat: Seat,
        may_wait: bool,
    ) -> Result<Decision<G::Action>, AiError> {
        if game.to_act() != ToAct::One(seat) {
            return self.fallback.decide(game, seat, may_wait);
        }
        let deadline = self.time_cap.map(|cap| Instant::now() + cap);
        let first = self.max_nodes / EXACT_SHARE;
        match self.solve(game, seat, first) {
            Some(scores) if !scores.is_empty() => return Ok(Decision::Act(self.pick(&scores))),
            _ => {}
        }
        // The rest of the budget: what the first search learnt stays in the solver's table.
        let budget = self.max_nodes - self.solver.nodes().min(first);
        if let Some(proof) = self.solver.shared_keeping(game, budget) {
            let (proof, fallback) = (&*proof, &mut self.fallback);
            let chosen = std::thread::scope(|scope| {
                // Told when the work is done; stops the proof at the deadline before that.
                let (done, finished) = std::sync::mpsc::channel::<()>();
                if let Some(deadline) = deadline {
                    scope.spawn(move || {
                        let left = deadline.saturating_duration_since(Instant::now());
                        if let Err(std::sync::mpsc::RecvTimeoutError::Timeout) =
                            finished.recv_timeout(left)
                        {
                            proof.stop();
                        }
                    });
                }
                let chosen = scope.spawn(|| {
                    let chosen = fallback.decide(game, seat, may_wait);
                    proof.work();
                    chosen
                });
                proof.work();
                let chosen = chosen.join();
                drop(done);
                chosen
            });
            let chosen = chosen.unwrap_or_else(|panic| std::panic::resume_unwind(panic));
            return match proof.result() {
                Some((action, _)) => Ok(Decision::Act(action)),
                None => chosen,
            };
        }
        let (solver, fallback) = (&mut self.solver, &mut self.fallback);
        let (kept, chosen) = std::thread::scope(|scope| {
            let chosen = scope.spawn(|| fallback.decide(game, seat, may_wait));
            let kept = solver.keeping_action(game, budget);
            (kept, chosen.join())
        });
        let chosen = chosen.unwrap_or_else(|panic| std::panic::resume_unwind(panic));
        match kept {
            Some((action, _)) => Ok(Decision::Act(action)),
            None => chosen,
        }
    }

    fn observe(&mut self, before: &G, action: G::Action) {
        self.fallback.observe(before, action)
    }

    /// The fallback's search stops; the solver's, bounded by its node budget and time cap,
    /// runs on.
    fn set_stop(&mut self, stop: Option<crate::Stop>) {
        self.fallback.set_stop(stop)
    }

    fn reset(&mut self) {
        self.rng = rng_from_seed(self.seed ^ 0x50_17e5);
        self.fallback.reset()
    }

    fn think_delay(&self, game: &G, seat: Seat) -> Duration {
        self.fallback.think_delay(game, seat)
    }

    fn analyse(
        &mut self,
        game: &G,
        seat: Seat,
        limits: &SearchLimits,
        every_root_action: bool,
    ) -> Result<Option<SearchReport<G::Action>>, AiError> {
        limits.check().map_err(AiError::Unsupported)?;
        let start = Instant::now();
        let budget = limits.iterations.unwrap_or(self.max_nodes);
        let Some(scores) = self.solve(game, seat, budget).filter(|s| !s.is_empty()) else {
            return self.fallback.analyse(game, seat, limits, every_root_action);
        };
        let (best, score) = scores[0];
        let mover = seat.index();
        let value_of = |score: i32| {
            let r = reward(score);
            let mut v = vec![1.0 - r; game.num_seats()];
            v[mover] = r;
            v
        };
        let plies = self.solver.plies_to_end(game, score);
        Ok(Some(SearchReport {
            engine: Engine::AlphaBeta,
            best: Some(best),
            iterations: None,
            depth: Some(plies.unsigned_abs()),
            nodes: self.solver.nodes(),
            elapsed: start.elapsed(),
            value: value_of(score),
            score: Some(score),
            mate_in: (score != 0).then_some(if score > 0 { plies } else { -plies }),
            pv: vec![best],
            root: scores
                .iter()
                .map(|&(action, s)| RootStat {
                    actor: Some(seat),
                    action,
                    visits: None,
                    value: value_of(s),
                    score: Some(s),
                })
                .collect(),
        }))
    }
}
