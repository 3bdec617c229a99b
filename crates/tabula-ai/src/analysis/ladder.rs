//! The skill ladder (`tabula analyze --ladder A,B,C,…`): each level plays the next one up,
//! and every step is measured as the higher level's score (a win 1, a draw ½) with its
//! Wilson 95% interval and the Elo difference that score implies.
//!
//! With two seats the Elo difference is the usual `−400·log10(1/p − 1)`. With `n` seats
//! (one higher-level bot against `n − 1` lower-level ones), the Bradley–Terry/Luce model
//! gives the higher bot a score `p = s / (s + n − 1)` for a strength ratio `s`, so the
//! difference is `400·log10(s) = −400·log10((1/p − 1) / (n − 1))`; a score at the fair
//! share `1/n` is a difference of 0. A score of 0 or 1 gives an infinite difference: the
//! *estimate* is then computed from the score clamped to `[1/(2g), 1 − 1/(2g)]` for `g`
//! games (and the step says it was clamped), while the interval keeps its true ends: the
//! Elo of each end of the Wilson interval, exact wherever it lies strictly between 0 and 1,
//! and unbounded (`±∞`, `null` in JSON) where it reaches 0 or 1 (a perfect score's upper
//! bound). No end is clamped, so an interval always contains its estimate.
//!
//! A step whose interval reaches the fair share is flagged: at that number of games the
//! higher level does not win significantly more, and more thinking hardly pays there.

use crate::stats::MatchReport;
use serde::Serialize;
use std::fmt::Write;

/// The z of a two-sided 95% interval.
const Z95: f64 = 1.96;

/// One step of the ladder: the higher level in one seat, the lower in every other.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct LadderStep {
    /// The lower level's specification.
    pub lower: String,
    /// The higher level's specification.
    pub higher: String,
    /// Games played.
    pub games: u64,
    /// Games the higher level won alone.
    pub wins: u64,
    /// Games it shared first place in, or that stopped unfinished.
    pub draws: u64,
    /// Games it neither won nor shared.
    pub losses: u64,
    /// The higher level's score: `(wins + draws / 2) / games`.
    pub win_rate: f64,
    /// The score's Wilson 95% interval.
    pub ci95: [f64; 2],
    /// The score if skill made no difference: `1 / seats`.
    pub fair_share: f64,
    /// The Elo difference of the higher level over the lower.
    pub elo: f64,
    /// The Elo differences at the ends of the interval (`±∞` where an end is 0 or 1).
    pub elo_ci95: [f64; 2],
    /// The score was 0 or 1 and its estimate was computed from the clamped score.
    pub clamped: bool,
    /// The interval reaches the fair share: the higher level does not win significantly.
    pub not_significant: bool,
}

/// The whole ladder: its steps and each level's cumulative Elo.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Ladder {
    /// Seats per game.
    pub seats: usize,
    /// Games per step.
    pub games: usize,
    /// One per pair of neighbouring levels, lowest first.
    pub steps: Vec<LadderStep>,
    /// One per level, the first at 0.
    pub levels: Vec<LadderLevel>,
}

/// A level's place on the ladder.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct LadderLevel {
    /// The level's specification.
    pub level: String,
    /// The sum of the Elo differences of the steps below it.
    pub elo: f64,
    /// The cumulative Elo interval: the sums of the steps' interval ends (a conservative
    /// band; the steps' errors are not combined as independent).
    pub elo_ci95: [f64; 2],
}

/// The Wilson interval of a score `p` over `n` games (`p` may be fractional: draws count ½).
pub fn wilson(p: f64, n: u64) -> [f64; 2] {
    crate::stats::wilson_score(p, n, Z95)
}

/// The Elo difference of one bot scoring `p` against `seats − 1` others (see the module
/// doc): `−∞` at `p = 0`, `+∞` at `p = 1`.
pub fn elo(p: f64, seats: usize) -> f64 {
    if p <= 0.0 {
        return f64::NEG_INFINITY;
    }
    if p >= 1.0 {
        return f64::INFINITY;
    }
    let others = seats.saturating_sub(1).max(1) as f64;
    -400.0 * ((1.0 / p - 1.0) / others).log10()
}

/// An Elo difference as the tables write it: `+123`, `−45`, `+∞`, `−∞`.
pub fn elo_text(e: f64) -> String {
    if e == f64::INFINITY {
        "+∞".into()
    } else if e == f64::NEG_INFINITY {
        "−∞".into()
    } else {
        format!("{e:+.0}")
    }
}

/// `p` clamped to `[1/(2g), 1 − 1/(2g)]`, and whether it moved.
pub fn clamp(p: f64, games: u64) -> (f64, bool) {
    let eps = 0.5 / games.max(1) as f64;
    let c = p.clamp(eps, 1.0 - eps);
    (c, c != p)
}

/// A step from its counts: `wins`, `draws` and `games` of the higher level, `seats` seats.
pub fn step(
    lower: &str,
    higher: &str,
    seats: usize,
    wins: u64,
    draws: u64,
    games: u64,
) -> LadderStep {
    let rate = if games == 0 {
        0.0
    } else {
        (wins as f64 + draws as f64 / 2.0) / games as f64
    };
    let mut ci95 = wilson(rate, games);
    // Exact at the ends (rounding would leave 0.9999… for a perfect score).
    if games > 0 && rate == 0.0 {
        ci95[0] = 0.0;
    }
    if games > 0 && rate == 1.0 {
        ci95[1] = 1.0;
    }
    let fair_share = 1.0 / seats.max(1) as f64;
    let (p, clamped) = clamp(rate, games);
    LadderStep {
        lower: lower.to_string(),
        higher: higher.to_string(),
        games,
        wins,
        draws,
        losses: games.saturating_sub(wins + draws),
        win_rate: rate,
        ci95,
        fair_share,
        elo: elo(p, seats),
        elo_ci95: [elo(ci95[0], seats), elo(ci95[1], seats)],
        clamped,
        not_significant: ci95[0] <= fair_share,
    }
}

/// The step of a match whose bot 0 is the higher level and bot 1 the lower.
pub fn step_of(report: &MatchReport) -> LadderStep {
    let high = &report.bots[0];
    let low = report.bots.get(1).map_or("", |b| b.bot.as_str());
    step(
        low,
        &high.bot,
        report.seats,
        high.wins,
        high.draws,
        high.games,
    )
}

/// The step of a match's game records, bot 0 the higher level (as [`step_of`] counts a
/// match's report: a win alone, a shared first place or an unfinished game a draw), so that
/// a step read back from records (`--resume`) is the step that was played.
pub fn step_of_records(
    lower: &str,
    higher: &str,
    seats: usize,
    records: &[crate::stats::GameRecord],
) -> LadderStep {
    let (mut wins, mut draws, mut games) = (0, 0, 0);
    for r in records {
        let firsts = r.ranks.iter().filter(|&&k| k == 1).count();
        for (seat, &bot) in r.bots_by_seat.iter().enumerate() {
            if bot != 0 {
                continue;
            }
            games += 1;
            let first = r.ranks.get(seat) == Some(&1);
            if first && firsts == 1 {
                wins += 1;
            } else if first || r.reason.is_none() {
                draws += 1;
            }
        }
    }
    step(lower, higher, seats, wins, draws, games)
}

impl Ladder {
    /// The ladder of `steps` (lowest first), `games` games per step with `seats` seats.
    pub fn new(seats: usize, games: usize, steps: Vec<LadderStep>) -> Ladder {
        let mut levels = Vec::with_capacity(steps.len() + 1);
        if let Some(first) = steps.first() {
            levels.push(LadderLevel {
                level: first.lower.clone(),
                elo: 0.0,
                elo_ci95: [0.0, 0.0],
            });
        }
        let (mut elo, mut lo, mut hi) = (0.0, 0.0, 0.0);
        for s in &steps {
            elo += s.elo;
            lo += s.elo_ci95[0];
            hi += s.elo_ci95[1];
            levels.push(LadderLevel {
                level: s.higher.clone(),
                elo,
                elo_ci95: [lo, hi],
            });
        }
        Ladder {
            seats,
            games,
            steps,
            levels,
        }
    }

    /// The ladder as a text table (lines under 100 columns; long specifications cut).
    pub fn table(&self) -> String {
        let mut out = format!(
            "SKILL LADDER ({} games per step, {} seats; score: wins + draws/2, fair {:.1}%)\n",
            self.games,
            self.seats,
            100.0 / self.seats.max(1) as f64
        );
        let _ = writeln!(
            out,
            "  {:<29} {:>5} {:>7} {:>16} {:>7} {:>15}",
            "level (vs the level before)", "games", "score", "95% interval", "Elo", "Elo interval"
        );
        for s in &self.steps {
            let name = cut(&s.higher, 29);
            let _ = writeln!(
                out,
                "  {:<29} {:>5} {:>6.1}% {:>6.1}% – {:>5.1}% {:>7} {:>7} – {:>5}{}",
                name,
                s.games,
                100.0 * s.win_rate,
                100.0 * s.ci95[0],
                100.0 * s.ci95[1],
                elo_text(s.elo),
                elo_text(s.elo_ci95[0]),
                elo_text(s.elo_ci95[1]),
                if s.clamped { " *" } else { "" }
            );
            if s.not_significant {
                let _ = writeln!(out, "    not significant: more thinking hardly pays here");
            }
        }
        out.push_str("  cumulative Elo (first level at 0):\n");
        for l in &self.levels {
            let _ = writeln!(
                out,
                "    {:<28} {:>7}  ({} – {})",
                cut(&l.level, 28),
                elo_text(l.elo),
                elo_text(l.elo_ci95[0]),
                elo_text(l.elo_ci95[1])
            );
        }
        if self.steps.iter().any(|s| s.clamped) {
            out.push_str(
                "  * a score of 0% or 100%: the estimate clamped 1/(2·games) off, the interval \
                 unbounded\n",
            );
        }
        out
    }
}

/// `s` cut to `width` characters (an ellipsis marks the cut).
fn cut(s: &str, width: usize) -> String {
    if s.chars().count() <= width {
        s.to_string()
    } else {
        let mut t: String = s.chars().take(width - 1).collect();
        t.push('…');
        t
    }
}

#[cfg(test)]
#[path = "ladder_tests.rs"]
mod tests;
