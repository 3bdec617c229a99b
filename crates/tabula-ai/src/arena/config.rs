//! The settings of a match ([`MatchConfig`]), how it decides a race ([`RaceRule`]) and how
//! it seats its bots game after game ([`seating`]).

use super::Evaluation;
#[cfg(doc)]
use crate::{Bot, stats::GameRecord};
use serde::{Deserialize, Serialize};

/// How a match is played.
#[derive(Clone, Debug)]
pub struct MatchConfig {
    /// Games to play.
    pub games: usize,
    /// Games played at once (each game on one thread).
    pub threads: usize,
    /// The match seed: each game's seed derives from it and the game's index.
    pub seed: u64,
    /// A game still running after this many plies stops, counted as unfinished (default
    /// 5000: a guard against games that need not end, such as Khan-Tsin without its ply
    /// limit; the games' own `max_plies` parameters are the rules-level limits).
    pub max_plies: u64,
    /// A draw at a ply limit for a game whose rules have none (`tabula analyze --max-plies`
    /// on Connect Four or China Moon): a game still running after this many plies (the
    /// opening's included) ends as a draw at the ply limit ([`EndReason::PlyLimit`]), as
    /// the `max_plies` parameter of the games that have one does. `None` (the default): no
    /// such limit.
    ///
    /// [`EndReason::PlyLimit`]: tabula_core::EndReason::PlyLimit
    pub ply_limit: Option<u64>,
    /// Start from `Game::new_random` (every setup choice random) instead of `Game::new`.
    pub random_setup: bool,
    /// Random legal plies played before the bots take over (0: none). The
    /// [`games_per_opening`](super::opening::games_per_opening) games in a row that share an opening
    /// play it in every seating, so that a lopsided opening favours no bot.
    pub opening_plies: u32,
    /// Record every seat decision's number of legal actions in [`GameRecord::choices`], and
    /// the positions seen again in [`GameRecord::repeated`].
    pub record_choices: bool,
    /// Record every game's actions after its opening in [`GameRecord::moves`], and its
    /// position before the opening in [`GameRecord::start`], so that each game can be
    /// replayed and studied.
    pub record_moves: bool,
    /// With `record_moves`, also record the wall time of each move's decision in
    /// [`GameRecord::move_ms`] (which then differs from run to run).
    pub record_times: bool,
    /// Where [`GameRecord::evals`] come from (none by default).
    pub evaluation: Evaluation,
    /// How races (several seats may act at once) are decided.
    pub race: RaceRule,
}

/// How a match decides a race, where several seats may act at once (Magical Circle's claim).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum RaceRule {
    /// Decided by skill: every racing bot decides from the same position at the same simulated
    /// instant, whatever its pace; among the seats that claim, the one whose claim is taken
    /// first is drawn from the game's seeded generator (simultaneous claims are taken in the
    /// order they arrive, Magical Circle step 2). What `tabula match` and `analyze` measure.
    #[default]
    Skill,
    /// Decided by speed: the bots are asked in order of their think delay
    /// ([`Bot::think_delay`], the reaction time meant for games against people; ties in random
    /// order) and the first that acts wins, as at a real-time host.
    Pace,
}

impl RaceRule {
    /// The rule's name in reports (`skill`, `pace`).
    pub fn name(self) -> &'static str {
        match self {
            RaceRule::Skill => "skill",
            RaceRule::Pace => "pace",
        }
    }
}

impl Default for MatchConfig {
    fn default() -> Self {
        MatchConfig {
            games: 100,
            threads: 1,
            seed: 1,
            max_plies: 5_000,
            ply_limit: None,
            random_setup: false,
            opening_plies: 0,
            record_choices: false,
            record_moves: false,
            record_times: false,
            evaluation: Evaluation::Off,
            race: RaceRule::Skill,
        }
    }
}

/// The bot (its index in the match's list) sitting at each seat in game `index` of a match
/// of `seats` bots. Game `index` takes circular order `(index / seats) mod (seats - 1)!` of
/// the bots (bot 0 first, the others in that permutation's order) and turns it by
/// `index mod seats` seats: every `seats` consecutive games put each bot in every seat once,
/// and every `seats!` consecutive games are every permutation once.
pub fn seating(seats: usize, index: usize) -> Vec<usize> {
    let factorial = |k: usize| (1..=k).product::<usize>();
    let turn = index % seats.max(1);
    let mut k = (index / seats.max(1)) % factorial(seats.saturating_sub(1));
    let mut rest: Vec<usize> = (1..seats).collect();
    let mut order = Vec::with_capacity(seats);
    order.push(0);
    while !rest.is_empty() {
        let f = factorial(rest.len() - 1);
        order.push(rest.remove(k / f));
        k %= f;
    }
    (0..seats)
        .map(|s| order[(s + seats - turn) % seats])
        .collect()
}
