//! Match statistics: win rates with Wilson 95% confidence intervals, game lengths, and the
//! serialisable report of a match ([`MatchReport`]) with its text table.

use serde::{Deserialize, Serialize};
use std::fmt::Write;
use tabula_core::{EndReason, Seat};

/// The Wilson score interval of `successes` out of `n` at `z` standard deviations
/// (z = 1.96 for 95%); `[0, 1]` when `n` is 0.
pub fn wilson_interval(successes: u64, n: u64, z: f64) -> [f64; 2] {
    if n == 0 {
        return [0.0, 1.0];
    }
    let [lo, hi] = wilson_score(successes as f64 / n as f64, n, z);
    // Exact at the ends (rounding would otherwise leave 0.9999… for a perfect score).
    [
        if successes == 0 { 0.0 } else { lo },
        if successes == n { 1.0 } else { hi },
    ]
}

/// The Wilson score interval of a rate `p` (which may be fractional, e.g. draws counted as
/// halves) over `n` trials at `z` standard deviations; `[0, 1]` when `n` is 0.
pub fn wilson_score(p: f64, n: u64, z: f64) -> [f64; 2] {
    if n == 0 {
        return [0.0, 1.0];
    }
    let n = n as f64;
    let z2 = z * z;
    let denom = 1.0 + z2 / n;
    let centre = (p + z2 / (2.0 * n)) / denom;
    let half = z * ((p * (1.0 - p) + z2 / (4.0 * n)) / n).sqrt() / denom;
    [(centre - half).max(0.0), (centre + half).min(1.0)]
}

/// Wins out of games, with the rate and its Wilson 95% interval.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Rate {
    /// Games counted.
    pub games: u64,
    /// Games won.
    pub wins: u64,
    /// `wins / games` (0 without games).
    pub win_rate: f64,
    /// The Wilson 95% interval of the rate.
    pub ci95: [f64; 2],
}

impl Rate {
    /// The rate of `wins` out of `games`, with its interval.
    pub fn new(wins: u64, games: u64) -> Rate {
        Rate {
            games,
            wins,
            win_rate: if games == 0 {
                0.0
            } else {
                wins as f64 / games as f64
            },
            ci95: wilson_interval(wins, games, 1.96),
        }
    }
}

/// One bot's results over the match. A *win* is first place alone; sharing first place
/// (a draw, or equal best scores) counts as a *draw*; anything else is a *loss*.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BotResult {
    /// The bot's position in the list given to the match.
    pub index: usize,
    /// The bot's specification or name.
    pub bot: String,
    /// Games the bot played.
    pub games: u64,
    /// Games it won.
    pub wins: u64,
    /// Games it shared first place in, or that stopped unfinished.
    pub draws: u64,
    /// Games another seat won or ranked above it.
    pub losses: u64,
    /// `wins / games`.
    pub win_rate: f64,
    /// The Wilson 95% interval of the win rate.
    pub ci95: [f64; 2],
    /// The mean return (1 a win, shared first places share 1).
    pub mean_return: f64,
    /// Per seat (1-based seat `i + 1`): this bot's wins when sitting there.
    pub by_seat: Vec<Rate>,
}

/// One seat's results over the match, whoever sat there.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SeatResult {
    /// 1-based.
    pub seat: usize,
    /// Games played (all of them: every game fills every seat).
    pub games: u64,
    /// Games won from this seat.
    pub wins: u64,
    /// Games this seat shared first place in, or that stopped unfinished.
    pub draws: u64,
    /// `wins / games`.
    pub win_rate: f64,
    /// The Wilson 95% interval of the win rate.
    pub ci95: [f64; 2],
}

/// Game lengths in plies (seat actions; chance events not counted).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PlyStats {
    /// Mean length over every game (an unfinished one counts its plies at the cap).
    pub mean: f64,
    /// Shortest game.
    pub min: u64,
    /// Longest game.
    pub max: u64,
}

/// One game of a match.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameRecord {
    /// The game's number in the match (0-based).
    pub index: usize,
    /// The game's seed (chance events and the bots' seeds derive from it).
    pub seed: u64,
    /// For each seat, the index of the bot that sat there.
    pub bots_by_seat: Vec<usize>,
    /// Each seat's rank (1 best); empty if the game did not finish.
    pub ranks: Vec<u8>,
    /// Each seat's final score, in games that keep one.
    pub scores: Option<Vec<i32>>,
    /// `None`: stopped unfinished at the match's ply cap.
    pub reason: Option<EndReason>,
    /// Seat actions played (chance events not counted).
    pub plies: u64,
    /// Turns: runs of consecutive plies by the same seat (a seat that acts several times in
    /// a row plays one turn).
    #[serde(default)]
    pub turns: u64,
    /// The first plies of [`Self::evals`]'s trace that were played in the game's setup
    /// (placement) phase ([`Game::in_setup`](tabula_core::Game::in_setup)); 0 for a game
    /// without one.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub setup_plies: u64,
    /// Plies after which the position was one already seen in this game; counted only when
    /// [`MatchConfig::record_choices`](crate::arena::MatchConfig::record_choices) is set.
    #[serde(default)]
    pub repeated: u64,
    /// Every seat decision in order, with its number of legal actions; recorded only when
    /// [`MatchConfig::record_choices`](crate::arena::MatchConfig::record_choices) is set.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub choices: Vec<Choice>,
    /// Each seat's estimated value after every ply (`null` where none was made), from the
    /// source set by [`MatchConfig::evaluation`](crate::arena::MatchConfig::evaluation); empty
    /// when none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub evals: Vec<Option<Vec<f64>>>,
    /// The hash of every position of the game (its notation, hashed), the start first;
    /// recorded with `choices`, for the state-space estimate of
    /// [`analysis::ludii`](crate::analysis::ludii).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub positions: Vec<u64>,
    /// Ludii's clarity of the game, from the evaluator's searches (see
    /// [`analysis::ludii`](crate::analysis::ludii)): the mean variance and the mean
    /// narrowness of the root actions' evaluations; `None` without an evaluator.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clarity: Option<[f64; 2]>,
    /// Board coverage: for each space of the game's board
    /// ([`Game::board_spaces`](tabula_core::Game::board_spaces)), how many seat actions
    /// moved a piece onto it or placed one on it; recorded with `choices`, empty for a
    /// game without a board.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub spaces: Vec<u32>,
    /// The random opening played before the bots took over, in notation (chance events
    /// included, a race's action as `N:action`, as the engine's `position … moves` reads
    /// them); empty without
    /// [`MatchConfig::opening_plies`](crate::arena::MatchConfig::opening_plies).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub opening: Vec<String>,
    /// The game's position as set up, before its opening, in notation; recorded with
    /// [`Self::moves`].
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub start: String,
    /// Every action played after the opening, in order and written as [`Self::opening`]
    /// is; recorded only when
    /// [`MatchConfig::record_moves`](crate::arena::MatchConfig::record_moves) is set. The
    /// engine's `position <start> moves <opening…> <moves…>` replays the whole game from a
    /// history as empty as the match's (docs/engine.md), so that a draw by repetition
    /// replays too.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub moves: Vec<String>,
    /// Beside each of [`Self::moves`], the wall time in milliseconds the seat's bot took to
    /// decide it (the whole race where several seats could act), `None` for a chance event;
    /// recorded with `moves` when
    /// [`MatchConfig::record_times`](crate::arena::MatchConfig::record_times) is set.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub move_ms: Vec<Option<f64>>,
}

/// One seat decision of a game: the seat that acted and how many legal actions it had (in a
/// race, where several seats may act, the seat that acted first).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Choice {
    /// The seat that decided.
    pub seat: Seat,
    /// Its number of legal actions.
    pub actions: u32,
}

/// The result of a match, as `tabula match` prints it (and writes with `--json`).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MatchReport {
    /// The game's registry name.
    pub game: String,
    /// Games played.
    pub games: usize,
    /// Seats per game.
    pub seats: usize,
    /// The match seed.
    pub seed: u64,
    /// How races were decided (`skill`: every racing bot at the same simulated instant;
    /// `pace`: by reaction time), see [`RaceRule`](crate::arena::RaceRule).
    pub race: crate::arena::RaceRule,
    /// Random plies every game started with (0: none), see
    /// [`MatchConfig::opening_plies`](crate::arena::MatchConfig::opening_plies).
    #[serde(default)]
    pub opening_plies: u32,
    /// One entry per bot, in the order given to the match.
    pub bots: Vec<BotResult>,
    /// One entry per seat, in seat order.
    pub seat_results: Vec<SeatResult>,
    /// Games where nobody won alone (rules draws, shared first places, ply-limit draws).
    pub draws: u64,
    /// Games stopped at the match's ply cap.
    pub unfinished: u64,
    /// Lengths of the games that ended.
    pub plies: PlyStats,
    /// Wall-clock time of the match, in seconds.
    pub elapsed_s: f64,
    /// Every game, in index order.
    pub records: Vec<GameRecord>,
}

/// The report line saying how races were decided.
pub fn race_line(race: crate::arena::RaceRule) -> String {
    match race {
        crate::arena::RaceRule::Skill => {
            "races: decided by skill (all bots decide at one simulated instant; claims in seeded \
             random order)"
        }
        crate::arena::RaceRule::Pace => {
            "races: decided by pace (bots asked in order of their reaction time)"
        }
    }
    .to_string()
}

fn pct(x: f64) -> String {
    format!("{:.1}%", 100.0 * x)
}

impl MatchReport {
    /// The report as a text table.
    pub fn table(&self) -> String {
        let mut out = String::new();
        let _ = writeln!(
            out,
            "{}: {} games, {} seats (rotating), seed {}, {:.1} s",
            self.game, self.games, self.seats, self.seed, self.elapsed_s
        );
        let _ = writeln!(out, "{}", race_line(self.race));
        if self.opening_plies > 0 {
            let _ = writeln!(
                out,
                "openings: {} random plies, each played in every seating ({} games)",
                self.opening_plies,
                crate::arena::opening::games_per_opening(self.seats)
            );
        }
        let width = self
            .bots
            .iter()
            .map(|b| b.bot.len())
            .max()
            .unwrap_or(3)
            .max(3);
        let _ = writeln!(
            out,
            "\n{:<width$}  games   wins  draws  losses  win rate  95% CI",
            "bot"
        );
        for b in &self.bots {
            let _ = writeln!(
                out,
                "{:<width$}  {:>5}  {:>5}  {:>5}  {:>6}  {:>8}  [{}, {}]",
                b.bot,
                b.games,
                b.wins,
                b.draws,
                b.losses,
                pct(b.win_rate),
                pct(b.ci95[0]),
                pct(b.ci95[1])
            );
        }
        let _ = writeln!(out, "\nseat  games   wins  draws  win rate  95% CI");
        for s in &self.seat_results {
            let _ = writeln!(
                out,
                "{:>4}  {:>5}  {:>5}  {:>5}  {:>8}  [{}, {}]",
                s.seat,
                s.games,
                s.wins,
                s.draws,
                pct(s.win_rate),
                pct(s.ci95[0]),
                pct(s.ci95[1])
            );
        }
        let _ = writeln!(
            out,
            "\ndraws: {}   unfinished: {}   plies: mean {:.1}, min {}, max {}",
            self.draws, self.unfinished, self.plies.mean, self.plies.min, self.plies.max
        );
        out
    }
}

fn is_zero(n: &u64) -> bool {
    *n == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_matches_known_values() {
        // 95 of 100: [0.8882, 0.9785] (standard tables).
        let [lo, hi] = wilson_interval(95, 100, 1.96);
        assert!((lo - 0.8882).abs() < 1e-3, "{lo}");
        assert!((hi - 0.9785).abs() < 1e-3, "{hi}");
        let [lo, hi] = wilson_interval(0, 10, 1.96);
        assert_eq!(lo, 0.0);
        assert!((hi - 0.2775).abs() < 1e-3, "{hi}");
        assert_eq!(wilson_interval(0, 0, 1.96), [0.0, 1.0]);
        let [lo, hi] = wilson_interval(10, 10, 1.96);
        assert!((lo - 0.7225).abs() < 1e-3 && hi == 1.0, "{lo} {hi}");
    }
}
