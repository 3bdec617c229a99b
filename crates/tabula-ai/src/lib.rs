//! # tabula-ai
//!
//! Search for Tabula games, generic over the `tabula_core::Game` trait only (no game crate is
//! a dependency): bots, the match runner and the speed benchmark that `tabula match` and
//! `tabula bench` wrap. Search never reads or writes notation: MCTS recognises the position
//! it left its tree at by the state's debug text, alpha-beta positions by their Zobrist hash,
//! and both actions by value. Match reports and balance
//! analyses, which name actions and count distinct positions, also need the game's
//! `tabula_core::Notation`.
//!
//! - [`Bot`]: the player interface (decide for a seat, possibly wait in a race; observe
//!   applied actions; a suggested think delay for real-time hosts). [`RandomBot`].
//! - [`mcts`]: UCT with per-seat returns (2–5 players), sampled chance, several acting seats,
//!   subtree reuse, iteration/time budgets, tree- or root-parallel threads, pluggable
//!   [`Rollout`]s.
//! - [`alphabeta`]: negamax alpha-beta with iterative deepening, a Zobrist transposition
//!   table and move ordering, for `Zobrist + Heuristic` games, on their two-player zero-sum
//!   positions.
//! - [`Level`]: `beginner`, `casual`, `strong`, `expert` — fixed, documented configurations
//!   of either engine, deterministic for a seed.
//! - [`BotSpec`] (`strong`, `mcts:iterations=5000`, …) and [`BotFactory`]: how the registry
//!   builds a `Box<dyn Bot<G>>` for a game type, given the capabilities that game has.
//! - [`arena`]: matches between bots (rotating seats, threads, Wilson intervals).
//! - [`bench`](mod@bench): playouts/s, plies/s and MCTS iterations/s.
//! - [`solver`]: solver-backed play ([`solver::SolverBot`]) for games with an exact solver.
//! - [`report`]: [`SearchReport`], what one search found (value per seat, principal
//!   variation, per-root-action statistics), from [`Bot::analyse`] under [`SearchLimits`].
//! - [`bounds`]: the upper bound of every search setting (memory, threads, time).
//! - [`Stop`]: ends a running search from another thread ([`Bot::set_stop`]); it answers
//!   with the best found so far.
//! - [`analysis`]: balance analysis for designers (seat balance, lengths, branching, skill).
//!
//! ## For hosts (registry, CLI, server)
//!
//! ```ignore
//! let factory = BotFactory::<ConnectFour>::new().with_alphabeta();    // per game type
//! let mut bot = factory.build(&"strong".parse()?, game.num_seats(), seed)?;
//! // whenever `seat` may act (may_wait only where several seats may act):
//! let delay = bot.think_delay(&game, seat);                           // real-time games
//! match bot.decide(&game, seat, may_wait)? {
//!     Decision::Act(action) => { /* validate, apply */ }
//!     Decision::Wait => { /* ask again later */ }
//! }
//! // after every applied action (any seat, chance or host), for every bot:
//! bot.observe(&before, action);
//! ```
//!
//! `tabula match` is [`run_match_specs`] (+ [`MatchReport::table`] / serde JSON);
//! `tabula bench` is [`bench_game`] (one [`BenchReport`] per game, serde JSON);
//! `tabula analyze` is [`analyze`] (+ [`AnalysisReport::table`] / serde JSON).
//!
//! Evaluation heuristics live in the game crates (`tabula_core::Heuristic`), apart from the
//! search code here.

#![warn(missing_docs)]

mod alloc;
pub mod alphabeta;
pub mod analysis;
pub mod arena;
pub mod bench;
mod bot;
pub mod bounds;
mod error;
mod factory;
mod level;
pub mod mcts;
mod random;
pub mod report;
pub mod rollout;
pub mod solver;
mod spec;
pub mod stats;
mod stop;
mod trace;

pub use alphabeta::{AlphaBetaBot, AlphaBetaConfig, AlphaBetaResult};
pub use analysis::{AnalysisReport, analyze};
pub use arena::{
    Evaluation, MatchConfig, RaceRule, play_games, run_match, run_match_specs, seating,
};
pub use bench::{BenchConfig, BenchReport, bench_game};
pub use bot::{Bot, Decision, Pace, choose};
pub use error::AiError;
pub use factory::{BotFactory, SOLVER_FALLBACK_NODES};
pub use level::{Engine, Level, LevelConfig};
pub use mcts::{MctsBot, MctsConfig, Parallelism, SearchInfo};
pub use random::RandomBot;
pub use report::{RootStat, SearchLimits, SearchReport};
pub use rollout::{HeuristicRollout, RandomRollout, Rollout};
pub use spec::{BotSpec, RolloutKind};
pub use stats::MatchReport;
pub use stop::Stop;
