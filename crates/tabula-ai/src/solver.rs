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
//! A time cap ([`SolverBot::with_time_cap`]; a level's own, see [`crate::Level::time_cap_ms`])
//! ends the proof and the wrapped bot's search at once; only the first look at every
//! action's score (a sixteenth of the budget) runs to its end.
//! The registry wires it with [`BotFactory::with_solver`].
//!
//! [`BotFactory::with_solver`]: crate::BotFactory::with_solver

use crate::level::Engine;
use crate::report::{RootStat, SearchLimits, SearchReport};
use crate::stop::stopped;
use crate::{AiError, Bot, Decision, Stop};
use rand::RngExt;
use std::time::{Duration, Instant};
use tabula_core::{Game, GameRng, Seat, ToAct, rng_from_seed};

/// An exact solver for the two-player zero-sum positions of `G`
/// ([`Game::two_player_zero_sum`]) where one seat is to move.
pub trait ExactSolver<G: Game>: Send {
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
pub struct SolverBot<G: Game> {
    solver: Box<dyn ExactSolver<G>>,
    max_nodes: u64,
    fallback: Box<dyn Bot<G>>,
    rng: GameRng,
    seed: u64,
    /// A host's cap on the time of a move: the shared proof and the wrapped bot's search are
    /// stopped then.
    time_cap: Option<Duration>,
    /// The host's flag (see [`Bot::set_stop`]), which the wrapped bot holds but while a
    /// capped decision gives it one that the cap also sets.
    stop: Option<Stop>,
    /// What the last decision found (see [`Bot::last_report`]).
    last: Option<SearchReport<G::Action>>,
}

impl<G: Game> SolverBot<G> {
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
            stop: None,
            last: None,
        }
    }

    /// Ends a decision once it has taken `cap` (a host facing people, `ms=`): the shared proof
    /// and the wrapped bot's search stop, and the move is the wrapped bot's best so far
    /// unless the proof came.
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

    /// The report of a proof for `seat`: `scores` of root actions, best first, exact
    /// (`exact`) or only their signs (a value-keeping proof: no distance to the end).
    fn proof_report(
        &self,
        game: &G,
        seat: Seat,
        scores: &[(G::Action, i32)],
        exact: bool,
        started: Instant,
    ) -> SearchReport<G::Action> {
        let (best, score) = scores[0];
        let mover = seat.index();
        let value_of = |score: i32| {
            let r = reward(score);
            let mut v = vec![1.0 - r; game.num_seats()];
            v[mover] = r;
            v
        };
        let plies = exact.then(|| self.solver.plies_to_end(game, score));
        SearchReport {
            engine: Engine::AlphaBeta,
            best: Some(best),
            iterations: None,
            depth: plies.map(i32::unsigned_abs),
            nodes: self.solver.nodes(),
            elapsed: started.elapsed(),
            value: value_of(score),
            score: Some(score),
            mate_in: plies
                .filter(|_| score != 0)
                .map(|p| if score > 0 { p } else { -p }),
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
        }
    }

    /// The proof beyond the first share of the budget, `budget` nodes, with the wrapped bot
    /// deciding meanwhile on a second thread (which then joins a shared proof); `cap`, set at
    /// its deadline (or when the host's flag is), stops both. The proven action with its
    /// sign, and the wrapped bot's answer.
    #[allow(clippy::type_complexity)]
    fn prove_while_searching(
        &mut self,
        game: &G,
        seat: Seat,
        may_wait: bool,
        budget: u64,
        cap: Option<(Instant, Stop)>,
    ) -> (
        Option<(G::Action, i32)>,
        Result<Decision<G::Action>, AiError>,
    ) {
        let host = self.stop.clone();
        let shared = self.solver.shared_keeping(game, budget);
        let (solver, fallback) = (&mut self.solver, &mut self.fallback);
        let (kept, chosen) = std::thread::scope(|scope| {
            let (done, finished) = std::sync::mpsc::channel::<()>();
            let proof = shared.as_deref();
            if let Some((deadline, cap)) = cap {
                // Until the work is done: the cap at the deadline, or at the host's stop.
                scope.spawn(move || {
                    use std::sync::mpsc::RecvTimeoutError::Timeout;
                    loop {
                        let left = deadline.saturating_duration_since(Instant::now());
                        match finished.recv_timeout(left.min(Duration::from_millis(20))) {
                            Err(Timeout) if left.is_zero() || stopped(host.as_ref()) => {
                                cap.stop();
                                if let Some(proof) = proof {
                                    proof.stop();
                                }
                                return;
                            }
                            Err(Timeout) => {}
                            _ => return,
                        }
                    }
                });
            }
            let chosen = scope.spawn(move || {
                let chosen = fallback.decide(game, seat, may_wait);
                if let Some(proof) = proof {
                    proof.work();
                }
                chosen
            });
            let kept = match proof {
                Some(proof) => {
                    proof.work();
                    None
                }
                None => solver.keeping_action(game, budget),
            };
            let chosen = chosen.join();
            drop(done);
            (kept.or_else(|| proof.and_then(|p| p.result())), chosen)
        });
        let chosen = chosen.unwrap_or_else(|panic| std::panic::resume_unwind(panic));
        (kept, chosen)
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

impl<G: Game> Bot<G> for SolverBot<G> {
    fn name(&self) -> String {
        self.fallback.name()
    }

    fn decide(
        &mut self,
        game: &G,
        seat: Seat,
        may_wait: bool,
    ) -> Result<Decision<G::Action>, AiError> {
        self.last = None;
        if game.to_act() != ToAct::One(seat) || !game.two_player_zero_sum() {
            let chosen = self.fallback.decide(game, seat, may_wait);
            self.last = self.fallback.last_report();
            return chosen;
        }
        let started = Instant::now();
        let first = self.max_nodes / EXACT_SHARE;
        if let Some(scores) = self.solve(game, seat, first).filter(|s| !s.is_empty()) {
            self.last = Some(self.proof_report(game, seat, &scores, true, started));
            return Ok(Decision::Act(self.pick(&scores)));
        }
        // The rest of the budget: what the first search learnt stays in the solver's table.
        let budget = self.max_nodes - self.solver.nodes().min(first);
        let cap = self.time_cap.map(|cap| (started + cap, Stop::new()));
        if let Some((_, flag)) = &cap {
            self.fallback.set_stop(Some(flag.clone()));
        }
        let (kept, chosen) = self.prove_while_searching(game, seat, may_wait, budget, cap);
        if self.time_cap.is_some() {
            self.fallback.set_stop(self.stop.clone());
        }
        match kept {
            Some((action, score)) => {
                self.last = Some(self.proof_report(game, seat, &[(action, score)], false, started));
                Ok(Decision::Act(action))
            }
            None => {
                self.last = self.fallback.last_report().map(|mut report| {
                    report.elapsed = started.elapsed();
                    report
                });
                chosen
            }
        }
    }

    fn observe(&mut self, before: &G, action: G::Action) {
        self.fallback.observe(before, action)
    }

    /// The wrapped bot's search stops, and a shared proof under a time cap; any other proof,
    /// bounded by its node budget, runs on.
    fn set_stop(&mut self, stop: Option<Stop>) {
        self.fallback.set_stop(stop.clone());
        self.stop = stop;
    }

    fn last_report(&self) -> Option<SearchReport<G::Action>> {
        self.last.clone()
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
        if !game.two_player_zero_sum() {
            return self.fallback.analyse(game, seat, limits, every_root_action);
        }
        let start = Instant::now();
        let budget = limits.iterations.unwrap_or(self.max_nodes);
        let Some(scores) = self.solve(game, seat, budget).filter(|s| !s.is_empty()) else {
            return self.fallback.analyse(game, seat, limits, every_root_action);
        };
        Ok(Some(self.proof_report(game, seat, &scores, true, start)))
    }
}
