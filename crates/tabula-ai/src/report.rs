//! What a search found, in a form common to MCTS and alpha-beta: [`SearchReport`] (the
//! figures an engine protocol prints: depth or iterations, nodes, value per seat, principal
//! variation) with one [`RootStat`] per root action, and the [`SearchLimits`] a host may set
//! for one search instead of the bot's own budget.
//!
//! Hosts get a report from [`Bot::analyse`](crate::Bot::analyse):
//!
//! ```ignore
//! let limits = SearchLimits { iterations: Some(2_000), ..SearchLimits::default() };
//! if let Some(report) = bot.analyse(&game, seat, &limits, true)? {
//!     for stat in &report.root { /* stat.action, stat.value[seat.index()], stat.visits */ }
//! }
//! ```
//!
//! Values are expected returns in `[0, 1]` for each seat (1: a win, 0: a loss, shared first
//! places share 1, see `Outcome::reward`). MCTS reports mean returns; alpha-beta maps its
//! score for the seat to move to `0.5 + 0.5·evaluation` (a proven win 1, a proven loss 0) and
//! gives the other seat the complement.

use crate::bounds::{MAX_DEPTH, MAX_SEARCH_NODES, MAX_TIME_MS, at_most};
use crate::level::Engine;
use std::time::Duration;
use tabula_core::Seat;

/// A budget for one search, replacing the bot's own where given. `None` everywhere: the bot's
/// own budget.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SearchLimits {
    /// MCTS: iterations; alpha-beta: nodes.
    pub iterations: Option<u64>,
    /// Wall time in milliseconds. Given alone, it replaces the iteration, node and depth
    /// limits (alpha-beta deepens up to [`SearchLimits::TIMED_DEPTH`]).
    pub time_ms: Option<u64>,
    /// Alpha-beta: the deepest iteration in plies (MCTS ignores it).
    pub depth: Option<u32>,
}

impl SearchLimits {
    /// The deepest alpha-beta iteration under a time limit alone.
    pub const TIMED_DEPTH: u32 = 64;

    /// Whether no limit is given (the bot's own budget applies).
    pub fn is_empty(&self) -> bool {
        self.iterations.is_none() && self.time_ms.is_none() && self.depth.is_none()
    }

    /// Checks the limits: every given limit is at least 1 and within its bound
    /// ([`crate::bounds`]): `iterations` at most [`MAX_SEARCH_NODES`] (alpha-beta's nodes;
    /// MCTS then refuses more than [`MAX_ITERATIONS`](crate::bounds::MAX_ITERATIONS)
    /// iterations), `time_ms` at most [`MAX_TIME_MS`], `depth` at most [`MAX_DEPTH`].
    pub fn check(&self) -> Result<(), String> {
        if self.iterations == Some(0) {
            return Err("iterations must be at least 1".into());
        }
        if self.time_ms == Some(0) {
            return Err("movetime must be at least 1 ms".into());
        }
        if self.depth == Some(0) {
            return Err("depth must be at least 1".into());
        }
        if let Some(iterations) = self.iterations {
            at_most("iterations", iterations, MAX_SEARCH_NODES, "")?;
        }
        if let Some(ms) = self.time_ms {
            at_most("movetime", ms, MAX_TIME_MS, "10 minutes")?;
        }
        if let Some(depth) = self.depth {
            at_most("depth", depth, MAX_DEPTH, "")?;
        }
        Ok(())
    }
}

/// One root action's statistics.
#[derive(Clone, Debug, PartialEq)]
pub struct RootStat<A> {
    /// The seat that performs the action (`None`: a chance outcome).
    pub actor: Option<Seat>,
    /// The action (or chance outcome) at the root.
    pub action: A,
    /// MCTS: the visits of the action's node (summed over root-parallel trees).
    pub visits: Option<u64>,
    /// The expected return of each seat after the action; empty when the search did not look
    /// at it (an MCTS action never visited).
    pub value: Vec<f64>,
    /// Alpha-beta: the score for the seat to move (see [`AlphaBetaResult`]).
    ///
    /// [`AlphaBetaResult`]: crate::AlphaBetaResult
    pub score: Option<i32>,
}

impl<A> RootStat<A> {
    /// The same statistics with the action mapped (e.g. to notation).
    pub fn map<B>(self, f: impl FnOnce(A) -> B) -> RootStat<B> {
        RootStat {
            actor: self.actor,
            action: f(self.action),
            visits: self.visits,
            value: self.value,
            score: self.score,
        }
    }
}

/// What one search found. See the module docs.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchReport<A> {
    /// The search that produced the report.
    pub engine: Engine,
    /// The action the bot plays for the seat it searched for (`None`: it has none it would
    /// pick, e.g. an MCTS root that could not be expanded).
    pub best: Option<A>,
    /// MCTS: iterations run by this search.
    pub iterations: Option<u64>,
    /// Alpha-beta: the deepest completed iteration.
    pub depth: Option<u32>,
    /// MCTS: nodes in the trees after the search; alpha-beta: nodes searched.
    pub nodes: u64,
    /// Wall-clock time the search took.
    pub elapsed: Duration,
    /// The expected return of each seat under best play as the search sees it.
    pub value: Vec<f64>,
    /// Alpha-beta: the score of `best` for the seat to move.
    pub score: Option<i32>,
    /// Alpha-beta: plies to a proven end, positive when the seat to move wins.
    pub mate_in: Option<i32>,
    /// The expected line of play, starting with `best`.
    pub pv: Vec<A>,
    /// The root actions, best first for the seat searched for (MCTS: most visited; alpha-beta:
    /// highest score). Alpha-beta lists every root action only when asked to score them all.
    pub root: Vec<RootStat<A>>,
}

impl<A> SearchReport<A> {
    /// Nodes per second (nodes when the search took no measurable time).
    pub fn nodes_per_second(&self) -> u64 {
        let micros = self.elapsed.as_micros().max(1);
        (self.nodes as u128 * 1_000_000 / micros).min(u64::MAX as u128) as u64
    }

    /// The same report with every action mapped (e.g. to notation).
    pub fn map<B>(self, mut f: impl FnMut(A) -> B) -> SearchReport<B> {
        SearchReport {
            engine: self.engine,
            best: self.best.map(&mut f),
            iterations: self.iterations,
            depth: self.depth,
            nodes: self.nodes,
            elapsed: self.elapsed,
            value: self.value,
            score: self.score,
            mate_in: self.mate_in,
            pv: self.pv.into_iter().map(&mut f).collect(),
            root: self.root.into_iter().map(|s| s.map(&mut f)).collect(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zero_limits_are_refused_and_empty_limits_say_so() {
        assert!(SearchLimits::default().is_empty());
        assert!(SearchLimits::default().check().is_ok());
        for bad in [
            SearchLimits {
                iterations: Some(0),
                ..SearchLimits::default()
            },
            SearchLimits {
                time_ms: Some(0),
                ..SearchLimits::default()
            },
            SearchLimits {
                depth: Some(0),
                ..SearchLimits::default()
            },
        ] {
            assert!(!bad.is_empty());
            assert!(bad.check().is_err(), "{bad:?}");
        }
    }

    #[test]
    fn limits_beyond_their_bounds_are_refused_naming_the_limit_and_the_bound() {
        let at_bounds = SearchLimits {
            iterations: Some(MAX_SEARCH_NODES),
            time_ms: Some(MAX_TIME_MS),
            depth: Some(MAX_DEPTH),
        };
        assert_eq!(at_bounds.check(), Ok(()));
        for (beyond, message) in [
            (
                SearchLimits {
                    iterations: Some(MAX_SEARCH_NODES + 1),
                    ..SearchLimits::default()
                },
                "iterations: at most 1000000000, not 1000000001",
            ),
            (
                SearchLimits {
                    time_ms: Some(u64::MAX),
                    ..SearchLimits::default()
                },
                "movetime: at most 600000 (10 minutes), not 18446744073709551615",
            ),
            (
                SearchLimits {
                    depth: Some(70),
                    ..SearchLimits::default()
                },
                "depth: at most 64, not 70",
            ),
        ] {
            assert_eq!(beyond.check(), Err(message.to_string()));
        }
    }

    #[test]
    fn nodes_per_second_divides_by_the_elapsed_time() {
        let report = SearchReport::<u8> {
            engine: Engine::Mcts,
            best: Some(1),
            iterations: Some(10),
            depth: None,
            nodes: 500,
            elapsed: Duration::from_millis(250),
            value: vec![0.5, 0.5],
            score: None,
            mate_in: None,
            pv: vec![1, 2],
            root: vec![],
        };
        assert_eq!(report.nodes_per_second(), 2000);
        let mapped = report.map(|a| a.to_string());
        assert_eq!(mapped.pv, ["1", "2"]);
        assert_eq!(mapped.best.as_deref(), Some("1"));
    }
}
