//! The named bot levels: `beginner`, `casual`, `strong`, `expert`. Each is a fixed
//! configuration of either engine (which one a game uses is the registry's choice, see
//! [`crate::BotFactory`]); every level plays within iteration, depth or node budgets on one
//! thread (but for `expert` with a solver, below), so a level's play is deterministic for a
//! given seed on any machine (with the exceptions below), and within a wall-time cap, its time
//! per move less a margin ([`Level::time_cap_ms`]), which ends a search its budget has not
//! ended by then: a move that meets the cap depends on the machine's speed.
//!
//! | level    | time per move: budget / cap | MCTS (UCT, c = 1.4) | alpha-beta                                                   | pace (race / step) |
//! |----------|-----------------------------|---------------------|--------------------------------------------------------------|--------------------|
//! | beginner | 0.1 s / 90 ms               | 100 iterations      | depth 2, leaf noise 0.5                                      | 4000 / 1200 ms     |
//! | casual   | 0.25 s / 225 ms             | 1 000 iterations    | depth 4, leaf noise 0.15                                     | 2500 / 800 ms      |
//! | strong   | 0.5 s / 450 ms              | 10 000 iterations   | depth 6, 300 000 nodes, leaf noise 0.02                      | 1500 / 500 ms      |
//! | expert   | 2 s / 1 900 ms              | 50 000 iterations   | depth 24, 2 000 000 nodes, leaf noise 0.005, late-move reductions | 800 / 250 ms  |
//!
//! Alpha-beta levels are two plies or more apart: in Toumaï and Khan-Tsin one ply more did
//! not pay and two plies did (the former `expert`, 3 000 000 nodes, against `strong` at
//! depth 9; measured in bench/log/performance-history.md, "The ladder: adjacent levels").
//! `expert`'s late-move reductions take it to depth 10 or 11 within its nodes.
//!
//! In games with an exact solver (Connect Four), `expert` first asks the solver, within
//! 30 000 000 nodes in all, and plays a proven value-keeping action when it answers (see
//! [`crate::solver`]). Where the solver needs more than a sixteenth of that budget, the
//! level's own search runs meanwhile on a second thread, within 300 000 nodes
//! ([`SOLVER_FALLBACK_NODES`](crate::SOLVER_FALLBACK_NODES); its answer is used when the
//! proof does not come) and then joins the proof, so that move takes both cores. Every search has a
//! node budget; the move is the same for a seed except where a proof shared by the two
//! threads ends close to the budget, when the threads' timing can decide whether it comes.
//!
//! **Time per move.** The budgets are iterations and nodes so that a seed gives the same
//! play on any machine (what `tabula match` and `analyze` need). They are chosen so that a
//! typical move takes well within 0.5 s (`strong`) and 2 s (`expert`) of one core of a 2-core
//! x86-64 machine; Connect Four's `expert`, which proves on both cores, is sized for 2 s of
//! wall time on two cores. A few positions cost far more than the average the budgets were
//! sized on (Khan-Tsin's `expert` once took 6 s), and a machine may be slower or busy: the cap
//! ends those moves in time, in `tabula engine`, `tabula match`, `analyze` and the server
//! alike (they all build their bots with [`crate::BotFactory::build`]). A level's `ms=`
//! replaces its cap (`expert:ms=600000` keeps its play the same on a slow machine). The
//! measured times per move, with their machine and date, are in docs/performance.md
//! ("Levels: time per move"; `cargo run --release -p tabula-catalog --example
//! level_times` measures them). In Magical Circle, whose solver rollouts are slow, `expert`'s
//! MCTS (which serves analysis there, the levels playing by sight, below) runs 30 000
//! iterations to keep within its time
//! ([`with_level_iterations`](crate::BotFactory::with_level_iterations)).
//!
//! **Magical Circle plays by sight.** Its exact swap solver finds every way to win a card,
//! so searching bots differ only by chance there. A game may give its levels a policy of its
//! own ([`BotFactory::with_level_policy`](crate::BotFactory::with_level_policy)): Magical
//! Circle's levels notice a card they can win only when it takes at most a number of swaps
//! (beginner 1, casual 2, strong 3, expert any), one more per round passed since the last
//! claim; they claim when they see one, vote otherwise, and then follow the solver's plan; a
//! decision takes microseconds. The MCTS above remains each level's search for analysis.
//!
//! Hosts that face people may give a level more threads (`strong:threads=2`): MCTS then
//! shares one tree between the threads (not deterministic), with the same iteration budget,
//! so the move only gets faster; alpha-beta shares its transposition table (lazy SMP, not
//! deterministic either), its main thread keeping the node budget, so the move gets faster
//! or deeper (but for a level that proves with a solver, whose second thread is the
//! proof's). The server plays every named level on all cores, and never beyond its
//! [`Level::time_cap_ms`] even where a specification asks for more (the smaller cap wins).
//!
//! MCTS levels reuse their subtree between moves; rollouts are uniformly random unless the
//! game's factory plugs in another policy. The pace is the delay a real-time host (Magical
//! Circle) waits before a bot's action: before entering a race, and before each other action.

use crate::alphabeta::AlphaBetaConfig;
use crate::mcts::MctsConfig;
use crate::{AiError, Pace};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// The solver budget of `expert` (see [`Level::solver_nodes`]): about 1.2 s of one core of
/// a 2-core development machine (the bitboard solver of Connect Four searched 13 to 15
/// million nodes a second there on 2 December 2026), which proves a value-keeping move in
/// all but a few positions from the sixth ply on (docs/performance.md, "Connect Four:
/// keeping the game-theoretic value").
pub const EXPERT_SOLVER_NODES: u64 = 30_000_000;

/// A named level, weakest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Level {
    /// The weakest level, for first games: MCTS 100 iterations or alpha-beta depth 2.
    Beginner,
    /// MCTS 1 000 iterations or alpha-beta depth 4.
    Casual,
    /// MCTS 10 000 iterations or alpha-beta depth 6.
    Strong,
    /// The strongest level: MCTS 50 000 iterations or alpha-beta with late-move reductions
    /// within 2 000 000 nodes (depth 10 or 11 in Toumaï and Khan-Tsin), and an exact solver
    /// where the game has one.
    Expert,
}

/// The search a level uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Engine {
    /// Monte Carlo tree search (any game).
    Mcts,
    /// Alpha-beta (two-player zero-sum games with a heuristic only).
    AlphaBeta,
}

/// A level's configuration for one engine.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum LevelConfig {
    /// The level searches with MCTS.
    Mcts(MctsConfig),
    /// The level searches with alpha-beta.
    AlphaBeta(AlphaBetaConfig),
}

impl Level {
    /// Every level, weakest first.
    pub const ALL: [Level; 4] = [Level::Beginner, Level::Casual, Level::Strong, Level::Expert];

    /// The lowercase name used in bot specifications (`strong`).
    pub fn name(self) -> &'static str {
        match self {
            Level::Beginner => "beginner",
            Level::Casual => "casual",
            Level::Strong => "strong",
            Level::Expert => "expert",
        }
    }

    /// The delays suggested to real-time hosts.
    pub fn pace(self) -> Pace {
        let (race_ms, step_ms) = match self {
            Level::Beginner => (4000, 1200),
            Level::Casual => (2500, 800),
            Level::Strong => (1500, 500),
            Level::Expert => (800, 250),
        };
        Pace { race_ms, step_ms }
    }

    /// The level's MCTS configuration (see the module table).
    pub fn mcts(self) -> MctsConfig {
        let iterations = match self {
            Level::Beginner => 100,
            Level::Casual => 1_000,
            Level::Strong => 10_000,
            Level::Expert => 50_000,
        };
        MctsConfig {
            exploration: 1.4,
            iterations: Some(iterations),
            time_ms: Some(self.time_cap_ms()),
            threads: 1,
            reuse_tree: true,
            pace: self.pace(),
            ..MctsConfig::default()
        }
    }

    /// The level's alpha-beta configuration (see the module table).
    pub fn alphabeta(self) -> AlphaBetaConfig {
        let (max_depth, max_nodes, noise, tt_bits, reductions) = match self {
            Level::Beginner => (2, None, 0.5, 12, false),
            Level::Casual => (4, None, 0.15, 14, false),
            Level::Strong => (6, Some(300_000), 0.02, 18, false),
            Level::Expert => (24, Some(2_000_000), 0.005, 20, true),
        };
        AlphaBetaConfig {
            max_depth,
            max_nodes,
            time_ms: Some(self.time_cap_ms()),
            tt_bits,
            noise,
            reductions,
            threads: 1,
            split: None,
            pace: self.pace(),
        }
    }

    /// The documented time per move of this level, in milliseconds: `beginner` 0.1 s,
    /// `casual` 0.25 s, `strong` 0.5 s, `expert` 2 s (see the module docs). The node and
    /// iteration budgets are sized to fit within it; [`Level::time_cap_ms`] makes sure.
    pub fn budget_ms(self) -> u64 {
        match self {
            Level::Beginner => 100,
            Level::Casual => 250,
            Level::Strong => 500,
            Level::Expert => 2000,
        }
    }

    /// The wall-time cap of every search of this level, in milliseconds: its
    /// [`Level::budget_ms`] less a margin for the host's own work (`beginner` 90, `casual`
    /// 225, `strong` 450, `expert` 1 900 ms). Every level's search, the solver's proof
    /// included, stops there if its nodes or iterations have not ended it before, so no move
    /// takes longer than the budget on any machine; a move that meets the cap depends on the
    /// machine's speed (the budgets alone give the same play for a seed).
    pub fn time_cap_ms(self) -> u64 {
        match self {
            Level::Beginner => 90,
            Level::Casual => 225,
            Level::Strong => 450,
            Level::Expert => 1900,
        }
    }

    /// The cap of a move of this level given `ms=` in its specification: `ms` where given
    /// (lower, or higher to keep a slow machine's play the same as a fast one's), else
    /// [`Level::time_cap_ms`].
    pub fn capped(self, ms: Option<u64>) -> u64 {
        ms.unwrap_or(self.time_cap_ms())
    }

    /// The node budget within which the level consults a game's exact solver before its own
    /// search, in games that have one (Connect Four): `expert` only.
    pub fn solver_nodes(self) -> Option<u64> {
        match self {
            Level::Expert => Some(EXPERT_SOLVER_NODES),
            _ => None,
        }
    }

    /// The level's configuration for `engine`.
    pub fn config(self, engine: Engine) -> LevelConfig {
        match engine {
            Engine::Mcts => LevelConfig::Mcts(self.mcts()),
            Engine::AlphaBeta => LevelConfig::AlphaBeta(self.alphabeta()),
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Level {
    type Err = AiError;

    fn from_str(s: &str) -> Result<Level, AiError> {
        Level::ALL
            .into_iter()
            .find(|l| l.name() == s)
            .ok_or_else(|| AiError::spec(s, "levels are beginner, casual, strong and expert"))
    }
}

impl fmt::Display for Engine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Engine::Mcts => "mcts",
            Engine::AlphaBeta => "alphabeta",
        })
    }
}
