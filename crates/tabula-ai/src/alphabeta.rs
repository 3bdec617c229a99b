//! Alpha-beta search for two-player zero-sum deterministic games (Connect Four, and Toumaï
//! and Khan-Tsin with two players): negamax with principal-variation search, iterative
//! deepening, a Zobrist-hashed transposition table, move ordering (table move, killers,
//! history) and the game's [`Heuristic`] at the leaves.
//!
//! The bot requires `Zobrist + Heuristic` and refuses (with [`AiError::Unsupported`]) a
//! position that is not two-player zero-sum ([`Game::two_player_zero_sum`]), e.g. Toumaï
//! with three players.
//!
//! Budgets: a maximum depth, a node count and a wall time; the node and depth budgets are
//! deterministic. A [`Stop`] flag ([`Bot::set_stop`]) ends a search as its time limit would,
//! on every thread. The first iteration (depth 1) always completes; an interrupted iteration
//! keeps the best move among the root moves it finished. A proven win or loss stops the
//! deepening. `noise` adds a seeded pseudo-random value in `[-noise, noise]` to each leaf
//! evaluation (the same for the same position within a game), which varies play between
//! seeds and weakens the easier levels.
//!
//! `threads` above one searches on that many threads sharing the transposition table (lazy
//! SMP, `root.rs`): the same search on the main thread, deeper within the same time, and not
//! reproducible; one thread is.

mod report;
mod root;
mod search;
mod tt;

use crate::bounds::{
    MAX_DEPTH, MAX_SEARCH_NODES, MAX_THREADS, MAX_TIME_MS, MAX_TT_BITS, about_bytes, at_most,
    finite,
};
use crate::{AiError, Bot, Decision, Pace, Stop};
use rand::RngExt;
use search::{Knobs, Searcher, WIN, WIN_BOUND, new_history};
use serde::{Deserialize, Serialize};
use std::collections::HashSet;
use std::time::{Duration, Instant};
use tabula_core::{Actor, Game, Heuristic, Seat, ToAct, Zobrist, rng_from_seed};
use tt::Table;

/// The settings of an alpha-beta bot.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct AlphaBetaConfig {
    /// The deepest iteration, in plies.
    pub max_depth: u32,
    /// Nodes per decision (`None`: no node limit).
    pub max_nodes: Option<u64>,
    /// Wall time per decision in milliseconds (`None`: no time limit).
    pub time_ms: Option<u64>,
    /// The transposition table holds `2^tt_bits` entries of 16 bytes (and 256 KB for the
    /// exact results of principal variations); at most
    /// [`MAX_TT_BITS`](crate::bounds::MAX_TT_BITS), 1 GiB.
    pub tt_bits: u8,
    /// Amplitude of the seeded leaf noise, in evaluation units (the heuristic's range is
    /// [-1, 1]).
    pub noise: f64,
    /// Late-move reductions: moves ordered late (after the table's move, the killers and
    /// the first few by history) are first searched one or two plies shallower with a null
    /// window, and searched again at full depth only when they beat the best so far. The
    /// search then reaches deeper within the same nodes.
    pub reductions: bool,
    /// Threads searching together (lazy SMP, sharing the transposition table); the depth,
    /// node and time budgets are the main thread's.
    pub threads: usize,
    /// With several threads, whether they split the work: a thread leaves for later a move
    /// whose position another thread is searching now. It pays in Toumaï and Khan-Tsin, and in
    /// Connect Four from varied openings (bench/log/performance-history.md, "Splitting the
    /// work, per game" and "Connect Four from varied openings"). `None`: the game's choice
    /// ([`crate::BotFactory::with_alphabeta_split`]), which is to split unless it says
    /// otherwise.
    pub split: Option<bool>,
    /// The delays suggested to real-time hosts.
    pub pace: Pace,
}

impl Default for AlphaBetaConfig {
    fn default() -> Self {
        AlphaBetaConfig {
            max_depth: 8,
            max_nodes: None,
            time_ms: None,
            tt_bits: 20,
            noise: 0.0,
            reductions: false,
            threads: 1,
            split: None,
            pace: Pace::NONE,
        }
    }
}

impl AlphaBetaConfig {
    /// Whether the threads split the work where neither the bot nor its game says.
    pub const SPLIT_BY_DEFAULT: bool = true;

    /// The default configuration with a depth limit of `max_depth` plies.
    pub fn with_depth(max_depth: u32) -> Self {
        AlphaBetaConfig {
            max_depth,
            ..AlphaBetaConfig::default()
        }
    }

    /// Checks the settings, with a message naming the bad one: depth from 1 to
    /// [`MAX_DEPTH`], nodes up to [`MAX_SEARCH_NODES`], time up to [`MAX_TIME_MS`], finite
    /// noise ≥ 0, `tt_bits` up to [`MAX_TT_BITS`], threads from 1 to [`MAX_THREADS`] (see
    /// [`crate::bounds`]).
    pub fn check(&self) -> Result<(), String> {
        if self.max_depth == 0 {
            return Err("depth must be at least 1".into());
        }
        at_most("depth", self.max_depth, MAX_DEPTH, "")?;
        if let Some(nodes) = self.max_nodes {
            at_most("nodes", nodes, MAX_SEARCH_NODES, "")?;
        }
        if let Some(ms) = self.time_ms {
            at_most("ms", ms, MAX_TIME_MS, "10 minutes")?;
        }
        if self.threads == 0 {
            return Err("threads must be at least 1".into());
        }
        at_most("threads", self.threads, MAX_THREADS, "")?;
        finite("noise", self.noise)?;
        at_most(
            "tt",
            self.tt_bits,
            MAX_TT_BITS,
            &about_bytes(1 << MAX_TT_BITS, tt::ENTRY_BYTES as u128),
        )?;
        Ok(())
    }
}

/// What a search found.
#[derive(Clone, Debug, PartialEq)]
pub struct AlphaBetaResult<A> {
    /// The action chosen for the seat to move.
    pub best: A,
    /// For the seat to move: `evaluate · 100000` (±noise), or `±(1000000 − plies)` for a
    /// proven win or loss, 0 for a draw.
    pub score: i32,
    /// The deepest completed iteration.
    pub depth: u32,
    /// Positions visited by the search.
    pub nodes: u64,
    /// Wall-clock time the search took.
    pub elapsed: Duration,
    /// The expected line of play from the table (starting with `best`).
    pub pv: Vec<A>,
}

impl<A> AlphaBetaResult<A> {
    /// Plies to the end of the game when the score is a proven win (positive) or loss.
    pub fn proven_in(&self) -> Option<(bool, u32)> {
        (self.score.abs() > WIN_BOUND).then(|| (self.score > 0, (WIN - self.score.abs()) as u32))
    }
}

/// A search's result with the root moves' scores, best first.
pub(crate) type RootSearch<A> = (AlphaBetaResult<A>, Vec<(A, i32)>);

/// An alpha-beta bot.
pub struct AlphaBetaBot<G: Game> {
    config: AlphaBetaConfig,
    name: String,
    /// Allocated at the first search (an allocation the system refuses is that search's
    /// error).
    tt: Option<Table>,
    history: Vec<i32>,
    noise_seed: u64,
    last: Option<AlphaBetaResult<G::Action>>,
    /// The positions this bot decided in, this game (hashes), for repetition avoidance.
    visited: HashSet<u64>,
    /// The seat of the last decision (its search's score is that seat's).
    last_mover: Option<Seat>,
    /// Ends searches early when set ([`Bot::set_stop`]).
    stop: Option<Stop>,
}

impl<G: Zobrist + Heuristic> AlphaBetaBot<G> {
    /// A bot searching with `config`; `seed` drives its evaluation noise.
    pub fn new(config: AlphaBetaConfig, seed: u64) -> Self {
        AlphaBetaBot {
            name: format!("alphabeta({})", config.max_depth),
            tt: None,
            history: new_history(),
            noise_seed: rng_from_seed(seed).random(),
            last: None,
            visited: HashSet::new(),
            last_mover: None,
            stop: None,
            config,
        }
    }

    /// Renames the bot (reports show the name).
    pub fn named(mut self, name: impl Into<String>) -> Self {
        self.name = name.into();
        self
    }

    /// The configuration the bot searches with.
    pub fn config(&self) -> &AlphaBetaConfig {
        &self.config
    }

    /// The result of the bot's latest search (`None` before its first).
    pub fn last_search(&self) -> Option<&AlphaBetaResult<G::Action>> {
        self.last.as_ref()
    }

    /// Searches `game` for its seat to move within the budget.
    pub fn search(&mut self, game: &G) -> Result<AlphaBetaResult<G::Action>, AiError> {
        self.search_root(game, false).map(|(result, _)| result)
    }

    /// [`AlphaBetaBot::search`], also returning the root moves' scores of the deepest
    /// completed iteration, best first. With `exact`, every root move is searched with a full
    /// window, so each score is the move's value; otherwise only the best move's is (the
    /// others are bounds, and the list holds the best move only).
    pub(crate) fn search_root(
        &mut self,
        game: &G,
        exact: bool,
    ) -> Result<RootSearch<G::Action>, AiError> {
        if !game.two_player_zero_sum() {
            return Err(AiError::Unsupported(format!(
                "alpha-beta searches two-player zero-sum positions only; this {} position \
                 ({} seats) is not one",
                G::NAME,
                game.num_seats()
            )));
        }
        self.config.check().map_err(AiError::Unsupported)?;
        let seat = match game.to_act() {
            ToAct::One(s) => s,
            ToAct::Over(_) => return Err(AiError::GameOver),
            other => {
                return Err(AiError::Unsupported(format!(
                    "alpha-beta needs one seat to move, not {other:?}"
                )));
            }
        };
        let start = Instant::now();
        for h in self.history.iter_mut() {
            *h /= 8;
        }
        let knobs = Knobs {
            deadline: self
                .config
                .time_ms
                .map(|ms| start + Duration::from_millis(ms)),
            node_limit: self.config.max_nodes,
            noise: self.config.noise,
            reductions: self.config.reductions,
            noise_seed: self.noise_seed,
            visited: &self.visited,
            root_seat: seat,
            split: self
                .config
                .split
                .unwrap_or(AlphaBetaConfig::SPLIT_BY_DEFAULT),
            stop: self.stop.as_ref(),
        };
        let max_depth = self.config.max_depth;
        if self.tt.is_none() {
            self.tt = Some(Table::try_new(self.config.tt_bits)?);
        }
        let tt = self.tt.as_ref().expect("just allocated");
        let (found, nodes) = if self.config.threads > 1 {
            root::deepen_shared(
                tt,
                &mut self.history,
                knobs,
                self.config.threads,
                game,
                seat,
                max_depth,
                exact,
            )?
        } else {
            let mut s = Searcher::new(tt, &mut self.history, knobs, true, None);
            let found = root::deepen(&mut s, game, seat, 1, max_depth, exact)?;
            (found, s.nodes)
        };
        let (best, mut root_scores) = (found.best, found.root_scores);
        let pv = self.principal_variation(game, best.0, self.config.max_depth as usize);
        let result = AlphaBetaResult {
            best: best.0,
            score: best.1,
            depth: best.2,
            nodes,
            elapsed: start.elapsed(),
            pv,
        };
        self.last = Some(result.clone());
        // Stable: equal scores keep the search's order (best first).
        root_scores.sort_by_key(|&(_, score)| std::cmp::Reverse(score));
        if !exact {
            root_scores = vec![(result.best, result.score)];
        }
        Ok((result, root_scores))
    }

    /// `first`, then the best moves the table holds for the positions that follow.
    fn principal_variation(&self, game: &G, first: G::Action, max: usize) -> Vec<G::Action> {
        let mut pv = vec![first];
        let mut g = game.clone();
        g.apply(first);
        let mut legal = Vec::new();
        while pv.len() < max {
            let ToAct::One(seat) = g.to_act() else { break };
            let Some(best) = self.tt.as_ref().and_then(|tt| tt.best(g.search_key())) else {
                break;
            };
            g.legal_actions_for(Actor::Seat(seat), &mut legal);
            // The one legal action of that fingerprint (two would be a collision).
            let mut matching = legal.iter().filter(|a| search::fingerprint(*a) == best);
            let (Some(&a), None) = (matching.next(), matching.next()) else {
                break;
            };
            g.apply(a);
            pv.push(a);
        }
        pv
    }

    /// Forgets the transposition table and history.
    pub fn clear(&mut self) {
        if let Some(tt) = self.tt.as_mut() {
            tt.clear();
        }
        self.history.fill(0);
    }
}

impl<G: Zobrist + Heuristic> Bot<G> for AlphaBetaBot<G> {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn decide(
        &mut self,
        game: &G,
        seat: Seat,
        _may_wait: bool,
    ) -> Result<Decision<G::Action>, AiError> {
        match game.to_act() {
            ToAct::Over(_) => return Err(AiError::GameOver),
            ToAct::One(s) if s == seat => {}
            to_act if to_act.seats().contains(seat) => {
                return Err(AiError::Unsupported(format!(
                    "alpha-beta needs one seat to move, not {to_act:?}"
                )));
            }
            _ => return Err(AiError::SeatCannotAct(seat)),
        }
        // Coming back here later would be a repetition too; scores stored before knew fewer
        // repetitions.
        if self.visited.insert(game.zobrist())
            && let Some(tt) = self.tt.as_mut()
        {
            tt.new_generation();
        }
        self.last_mover = None;
        let best = self.search(game)?.best;
        self.last_mover = Some(seat);
        Ok(Decision::Act(best))
    }

    fn reset(&mut self) {
        self.clear();
        self.last = None;
        self.last_mover = None;
        self.visited.clear();
    }

    fn think_delay(&self, game: &G, _seat: Seat) -> Duration {
        self.config.pace.delay(game)
    }

    fn analyse(
        &mut self,
        game: &G,
        seat: Seat,
        limits: &crate::SearchLimits,
        every_root_action: bool,
    ) -> Result<Option<crate::SearchReport<G::Action>>, AiError> {
        self.analyse_seat(game, seat, limits, every_root_action)
            .map(Some)
    }
    fn last_value(&self) -> Option<Vec<f64>> {
        let last = self.last.as_ref()?;
        Some(report::seat_values(self.last_mover?, last.score))
    }
    fn last_report(&self) -> Option<crate::SearchReport<G::Action>> {
        Some(report::of_result(
            self.last.as_ref()?,
            self.last_mover?,
            Vec::new(),
        ))
    }
    fn set_stop(&mut self, stop: Option<Stop>) {
        self.stop = stop;
    }
}
