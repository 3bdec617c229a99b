//! What an analysis reports ([`AnalysisReport`] and its parts): seat balance, how games
//! end, their lengths, the branching factor and the skill match, as plain data that the text
//! and HTML reports, the JSON and the Python package read.

use super::coverage;
use super::dynamics::Dynamics;
use super::figures::{FirstMove, Repetition};
use super::sample::Mean;
use crate::stats::Rate;
use serde::{Deserialize, Serialize};
use std::fmt;

/// Which match an analysis is playing (for progress reports).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Phase {
    /// The seat-balance match: the same bot in every seat.
    Balance,
    /// The skill match: the stronger bot against the weaker.
    Skill,
    /// A step of the skill ladder (`tabula analyze --ladder`): the higher level against the
    /// lower. Its games are written to the records, never resumed.
    Ladder,
}

impl fmt::Display for Phase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Phase::Balance => "seat balance",
            Phase::Skill => "skill",
            Phase::Ladder => "ladder",
        })
    }
}

/// Where a 95% interval lies with respect to the fair share.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Verdict {
    /// The whole interval is above the fair share.
    Above,
    /// The whole interval is below it.
    Below,
    /// The interval contains it: no significant difference at this number of games.
    Even,
    /// Fewer games than [`MIN_SAMPLE`](super::significance::MIN_SAMPLE): no verdict.
    #[serde(rename = "too few games")]
    TooFew,
}

impl Verdict {
    /// Where `ci95` lies against `fair`.
    pub fn of(ci95: [f64; 2], fair: f64) -> Verdict {
        if ci95[0] > fair {
            Verdict::Above
        } else if ci95[1] < fair {
            Verdict::Below
        } else {
            Verdict::Even
        }
    }

    /// [`Verdict::of`] for a rate measured on `n` games: [`Verdict::TooFew`] below
    /// [`MIN_SAMPLE`](super::significance::MIN_SAMPLE).
    pub fn of_sample(ci95: [f64; 2], fair: f64, n: u64) -> Verdict {
        if n < super::significance::MIN_SAMPLE {
            Verdict::TooFew
        } else {
            Verdict::of(ci95, fair)
        }
    }
}

/// The result of an analysis, as `tabula analyze` prints it (text or JSON).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct AnalysisReport {
    /// The game's registry name.
    pub game: String,
    /// Seats per game.
    pub seats: usize,
    /// Games per match.
    pub games: usize,
    /// The analysis seed (every game's seed derives from it).
    pub seed: u64,
    /// A game still running after this many plies was stopped, unfinished.
    pub max_plies: u64,
    /// The bot of the balance match (and the stronger bot of the skill match).
    pub bot: String,
    /// The balance match.
    pub balance: Balance,
    /// Game lengths of the balance match.
    pub length: Lengths,
    /// Branching factors of the balance match.
    pub branching: Branching,
    /// The skill match (`None` without a weaker bot).
    pub skill: Option<Skill>,
    /// Wall-clock time of the analysis, in seconds.
    pub elapsed_s: f64,
    /// CPU time the process used during the analysis (every thread), in seconds.
    pub cpu_s: f64,
    /// The variant's name (empty without `--variant`).
    pub variant: String,
    /// Where the per-ply evaluations come from (`off`, `players`, `evaluator SPEC`).
    pub evaluation: String,
    /// Lead changes, drama, decisiveness, uncertainty, stability (balance match; `None`
    /// without evaluations).
    pub dynamics: Option<Dynamics>,
    /// Seat 1's share of the decisive games of the balance match.
    pub first_move: FirstMove,
    /// How evenly the seats win (1 even, 0 one seat always).
    pub outcome_uniformity: f64,
    /// Positions seen again within a game (balance match, games that ended).
    pub repetition: Repetition,
    /// Games taken from an earlier run's records instead of being played (`--resume`).
    pub resumed_games: u64,
    /// The share of the board's spaces the balance match's games used, and each space's
    /// use (`None` for a game without a board).
    pub board_coverage: Option<coverage::BoardCoverage>,
    /// Ludii's metrics, under Ludii's names and with Ludii's formulas.
    pub ludii: super::ludii::LudiiMetrics,
    /// The opening table of the balance match (`None` when no game has its first moves).
    pub openings: Option<super::openings::Openings>,
}

/// How the games of the balance match ended and who won them.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Balance {
    /// Games played.
    pub games: u64,
    /// How they ended.
    pub outcomes: Outcomes,
    /// Each seat's win rate if seats made no difference: decisive games / games / seats.
    pub fair_win_rate: f64,
    /// One entry per seat, in seat order.
    pub seats: Vec<SeatBalance>,
    /// The chi-square test across all seats of the winners' seats against an even share
    /// ([`seats_even`](super::significance::seats_even)); `None` when not run.
    pub seats_even: Option<super::sample::Test>,
    /// The tests not run, and why (too few games or decisive games).
    pub warnings: Vec<String>,
}

/// How games ended; the six counts add up to the number of games.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Outcomes {
    /// One seat alone in first place.
    pub decisive: u64,
    /// Draws declared by the rules.
    pub rules_draws: u64,
    /// Draws by repetition: a position occurred a third time (a rule of Toumaï and
    /// Khan-Tsin), counted apart from the other draws of the rules.
    pub repetition_draws: u64,
    /// Several seats sharing first place (equal best scores).
    pub shared_wins: u64,
    /// Draws at the game's own ply limit (the `max_plies` parameter): not a rules outcome.
    pub ply_limit_draws: u64,
    /// Games stopped at the match's ply cap without a result.
    pub unfinished: u64,
}

/// One seat in the balance match (every seat played by the same bot).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SeatBalance {
    /// 1-based.
    pub seat: usize,
    /// Games the seat won alone.
    pub wins: u64,
    /// `wins / games`.
    pub win_rate: f64,
    /// The win rate's Wilson 95% interval.
    pub ci95: [f64; 2],
    /// The interval against [`Balance::fair_win_rate`].
    pub verdict: Verdict,
    /// Mean number of decisions this seat made per game (games that ended).
    pub decisions_per_game: f64,
    /// Mean number of legal actions at this seat's decisions.
    pub mean_branching: f64,
}

/// Game lengths in plies (seat decisions), over the games that ended.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Lengths {
    /// Games measured (the games that ended).
    pub games: u64,
    /// Mean length, in plies.
    pub mean: f64,
    /// Median length, in plies.
    pub median: f64,
    /// Shortest game, in plies.
    pub min: u64,
    /// Longest game, in plies.
    pub max: u64,
    /// Bins of equal width covering `min..=max`.
    pub histogram: Vec<Bin>,
    /// The standard deviation of the lengths in plies.
    pub sd: f64,
    /// The lengths in turns (runs of consecutive plies by one seat).
    pub turns: Mean,
}

/// Games whose length is in `from..to` plies.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Bin {
    /// First length of the bin, in plies (included).
    pub from: u64,
    /// End of the bin, in plies (excluded).
    pub to: u64,
    /// Games with a length in the bin.
    pub games: u64,
}

/// The number of legal actions at each decision, over the games that ended.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Branching {
    /// Games measured (the games that ended).
    pub games: u64,
    /// Decisions counted (every ply of every game).
    pub decisions: u64,
    /// `decisions / games`.
    pub decisions_per_game: f64,
    /// Mean legal actions per decision.
    pub mean: f64,
    /// Most legal actions at one decision.
    pub max: u32,
    /// The share of decisions with a single legal action.
    pub forced_share: f64,
    /// The mean over games of log10 of the product of the branching factors along the game:
    /// an estimate of the game-tree size as a power of 10 (Allis's game-tree complexity).
    pub log10_game_tree: f64,
    /// The branching factor at each ply number.
    pub by_ply: Vec<PlyBranching>,
}

/// The branching factor at one ply, over the games that reached it.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct PlyBranching {
    /// 0-based.
    pub ply: u64,
    /// Games that reached this ply.
    pub games: u64,
    /// Mean legal actions at this ply.
    pub mean: f64,
    /// Fewest legal actions at this ply.
    pub min: u32,
    /// Most legal actions at this ply.
    pub max: u32,
}

/// The skill match: the stronger bot in one seat, the weaker in the others, seats rotating.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Skill {
    /// The stronger bot's specification.
    pub stronger: String,
    /// The weaker bot's specification.
    pub weaker: String,
    /// Games played.
    pub games: u64,
    /// Games the stronger bot won alone.
    pub wins: u64,
    /// Games the stronger bot shared first place in, or that stopped unfinished.
    pub draws: u64,
    /// Games the stronger bot neither won nor shared.
    pub losses: u64,
    /// `wins / games`.
    pub win_rate: f64,
    /// The win rate's Wilson 95% interval.
    pub ci95: [f64; 2],
    /// The stronger bot's win rate if skill made no difference: decisive games / games /
    /// seats.
    pub fair_win_rate: f64,
    /// Where the interval lies against `fair_win_rate`.
    pub verdict: Verdict,
    /// The stronger bot's wins in each seat (1-based seat `i + 1`).
    pub by_seat: Vec<Rate>,
    /// Mean length of the games that ended.
    pub mean_plies: f64,
    /// Games stopped at the ply cap.
    pub unfinished: u64,
}
