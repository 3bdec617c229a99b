//! Game dynamics from a per-ply evaluation trace (Ludii's LeadChange, Drama, Decisiveness,
//! Uncertainty and Stability): pure functions of a trace `v[t][s]`, seat `s`'s estimated
//! value (expected return in `[0, 1]`) after ply `t`, and their summary over a match
//! ([`Dynamics`]). docs/analyze.md defines each figure in words and as a formula.
//!
//! A game's setup (placement) plies ([`GameRecord::setup_plies`]) are measured apart from
//! play: the figures of play start at the position where play begins, and setup only counts
//! its own lead changes ([`SetupDynamics`]), since who leads while seats take turns placing
//! says little about the game.

use super::Mean;
use crate::stats::GameRecord;
use serde::{Deserialize, Serialize};

/// The default threshold of [`decisive_ply`]: the eventual winner's expected return from
/// which the game counts as decided.
pub const DECISIVE_THRESHOLD: f64 = 0.8;

/// Bins of game progress in the uncertainty curve.
pub const PROGRESS_BINS: usize = 10;

/// The trace with gaps filled: a ply without a value takes the previous ply's, plies before
/// the first value take `1 / seats` for every seat (nothing known yet).
pub fn filled(evals: &[Option<Vec<f64>>], seats: usize) -> Vec<Vec<f64>> {
    let mut last = vec![1.0 / seats.max(1) as f64; seats];
    evals
        .iter()
        .map(|v| {
            if let Some(v) = v.as_ref().filter(|v| v.len() == seats) {
                last.clone_from(v);
            }
            last.clone()
        })
        .collect()
}

/// The seat with the highest value, if exactly one has it.
pub fn leader(values: &[f64]) -> Option<usize> {
    let best = values.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let mut at = values.iter().enumerate().filter(|(_, v)| **v == best);
    match (at.next(), at.next()) {
        (Some((s, _)), None) => Some(s),
        _ => None,
    }
}

/// How often the leader changes: the plies whose leader differs from the previous leader
/// (plies with a tie for the lead are skipped).
pub fn lead_changes(trace: &[Vec<f64>]) -> u64 {
    let mut previous = None;
    let mut changes = 0;
    for values in trace {
        if let Some(l) = leader(values) {
            if previous.is_some_and(|p| p != l) {
                changes += 1;
            }
            previous = Some(l);
        }
    }
    changes
}

/// How far the eventual `winner` is behind the best other seat after each ply (0 when it is
/// not behind).
fn deficits(trace: &[Vec<f64>], winner: usize) -> impl Iterator<Item = f64> + '_ {
    trace.iter().map(move |v| {
        let others = v
            .iter()
            .enumerate()
            .filter(|(s, _)| *s != winner)
            .map(|(_, x)| *x)
            .fold(f64::NEG_INFINITY, f64::max);
        (others - v[winner]).max(0.0)
    })
}

/// Drama: the eventual winner's mean deficit over the game, and the share of plies it spent
/// behind. `(0, 0)` for an empty trace.
pub fn drama(trace: &[Vec<f64>], winner: usize) -> (f64, f64) {
    if trace.is_empty() {
        return (0.0, 0.0);
    }
    let (mut sum, mut behind) = (0.0, 0usize);
    for d in deficits(trace, winner) {
        sum += d;
        behind += usize::from(d > 0.0);
    }
    let n = trace.len() as f64;
    (sum / n, behind as f64 / n)
}

/// The first ply from which the eventual winner's value stays at or above `threshold` to
/// the end (`trace.len()` when it is below it after the last ply).
pub fn decisive_ply(trace: &[Vec<f64>], winner: usize, threshold: f64) -> usize {
    trace
        .iter()
        .rposition(|v| v[winner] < threshold)
        .map_or(0, |t| t + 1)
}

/// Outcome uncertainty of one position: the entropy of the values normalised to shares,
/// divided by its maximum `ln(seats)` (1: every seat equally likely to win; 0: one seat
/// certain to).
pub fn uncertainty(values: &[f64]) -> f64 {
    let total: f64 = values.iter().sum();
    if values.len() < 2 || total <= 0.0 {
        return if values.len() < 2 { 0.0 } else { 1.0 };
    }
    let h: f64 = values
        .iter()
        .map(|v| v / total)
        .filter(|p| *p > 0.0)
        .map(|p| -p * p.ln())
        .sum();
    (h / (values.len() as f64).ln()).clamp(0.0, 1.0)
}

/// Stability: the mean absolute change of a seat's value from one ply to the next (0 for a
/// trace that never moves; shorter than 2 plies: 0).
pub fn stability(trace: &[Vec<f64>]) -> f64 {
    if trace.len() < 2 {
        return 0.0;
    }
    let seats = trace[0].len().max(1);
    let moved: f64 = trace
        .windows(2)
        .map(|w| {
            w[0].iter()
                .zip(&w[1])
                .map(|(a, b)| (a - b).abs())
                .sum::<f64>()
        })
        .sum();
    moved / ((trace.len() - 1) * seats) as f64
}

/// The mean uncertainty in each of [`PROGRESS_BINS`] equal parts of the game (ply `t` of a
/// `T`-ply game is in part `⌊t·bins/T⌋`); `None` for a part with no ply.
pub fn uncertainty_by_progress(trace: &[Vec<f64>]) -> Vec<Option<f64>> {
    let mut sums = vec![(0.0, 0u32); PROGRESS_BINS];
    let n = trace.len();
    for (t, v) in trace.iter().enumerate() {
        let bin = t * PROGRESS_BINS / n;
        sums[bin].0 += uncertainty(v);
        sums[bin].1 += 1;
    }
    sums.into_iter()
        .map(|(s, k)| (k > 0).then(|| s / k as f64))
        .collect()
}

/// Mean outcome uncertainty over one part of game progress.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct ProgressBin {
    /// The part's start and end as shares of the game (`0.0`–`0.1`, …).
    pub from: f64,
    /// The part's end, as a share of the game.
    pub to: f64,
    /// Games with a ply in this part.
    pub games: u64,
    /// Mean outcome uncertainty of those games' plies in this part.
    pub mean: f64,
}

/// The dynamics of a match's games, from their evaluation traces.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Dynamics {
    /// Where the values come from: `players` (the playing bots' own searches) or
    /// `evaluator SPEC`.
    pub source: String,
    /// Games measured: those that ended, with at least one valued ply.
    pub games: u64,
    /// The share of plies with a value of their own (the others repeat the previous one).
    pub evaluated_share: f64,
    /// The threshold of `decisiveness`.
    pub decisive_threshold: f64,
    /// Lead changes per game.
    pub lead_changes: Mean,
    /// Lead changes per ply (per game, changes / (plies − 1)).
    pub lead_change_rate: Mean,
    /// The eventual winner's mean deficit (decisive games).
    pub drama: Mean,
    /// The share of plies the eventual winner spent behind (decisive games).
    pub behind_share: Mean,
    /// The share of the game played before it was decided (decisive games).
    pub decisiveness: Mean,
    /// Mean absolute change of a seat's value per ply.
    pub stability: Mean,
    /// Mean outcome uncertainty over the game.
    pub uncertainty: Mean,
    /// Mean outcome uncertainty in each tenth of game progress.
    pub uncertainty_by_progress: Vec<ProgressBin>,
    /// The setup (placement) plies, measured apart from the figures above (which are of
    /// play only); `None` when no game had a setup phase.
    pub setup: Option<SetupDynamics>,
}

/// The dynamics of the setup (placement) phase, reported apart from play.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SetupDynamics {
    /// Setup plies per game.
    pub plies: Mean,
    /// Lead changes per game during setup.
    pub lead_changes: Mean,
}

/// A game's trace split at the end of its first `setup` plies: the setup plies, and play
/// from the position where it begins (the value after the last setup ply) to the end.
pub fn split_setup(trace: &[Vec<f64>], setup: usize) -> (&[Vec<f64>], &[Vec<f64>]) {
    let setup = setup.min(trace.len());
    (&trace[..setup], &trace[setup.saturating_sub(1)..])
}

/// The seat ranked first alone, if any.
pub fn winner(record: &GameRecord) -> Option<usize> {
    let mut firsts = record.ranks.iter().enumerate().filter(|(_, r)| **r == 1);
    match (firsts.next(), firsts.next()) {
        (Some((s, _)), None) => Some(s),
        _ => None,
    }
}

/// The dynamics of one game's trace.
#[derive(Clone, Debug, PartialEq)]
pub struct GameDynamics {
    /// Times the leading seat changed.
    pub lead_changes: f64,
    /// Lead changes / (plies − 1).
    pub lead_change_rate: f64,
    /// Mean absolute change of a seat's value per ply.
    pub stability: f64,
    /// Mean outcome uncertainty over the game.
    pub uncertainty: f64,
    /// Mean uncertainty in each tenth of the game (`None`: no ply there).
    pub uncertainty_by_progress: Vec<Option<f64>>,
    /// Drama (mean deficit, share of plies behind) and decisiveness: games with a winner.
    pub drama: Option<(f64, f64)>,
    /// The share of the game played before it was decided (games with a winner).
    pub decisiveness: Option<f64>,
    /// Plies with a value of their own, and plies.
    pub evaluated: (usize, usize),
    /// Setup plies, and lead changes among them (games with a setup phase).
    pub setup: Option<(f64, f64)>,
}

/// The dynamics of one game with `seats` seats (`None` without a valued ply: there is
/// nothing to measure).
pub fn game_dynamics(r: &GameRecord, seats: usize, threshold: f64) -> Option<GameDynamics> {
    if r.evals.iter().all(Option::is_none) {
        return None;
    }
    let whole = filled(&r.evals, seats);
    let (setup, trace) = split_setup(&whole, r.setup_plies as usize);
    let n = trace.len();
    let lc = lead_changes(trace) as f64;
    let w = winner(r);
    Some(GameDynamics {
        lead_changes: lc,
        lead_change_rate: lc / (n.max(2) - 1) as f64,
        stability: stability(trace),
        uncertainty: trace.iter().map(|v| uncertainty(v)).sum::<f64>() / n as f64,
        uncertainty_by_progress: uncertainty_by_progress(trace),
        drama: w.map(|w| drama(trace, w)),
        decisiveness: w.map(|w| decisive_ply(trace, w, threshold) as f64 / n as f64),
        evaluated: (r.evals.iter().filter(|v| v.is_some()).count(), whole.len()),
        setup: (!setup.is_empty()).then(|| (setup.len() as f64, lead_changes(setup) as f64)),
    })
}

/// The dynamics of `ended` (games that ended) with `seats` seats; `None` when no ply of any
/// game has a value.
pub fn dynamics(
    ended: &[GameRecord],
    seats: usize,
    source: &str,
    threshold: f64,
) -> Option<Dynamics> {
    let games: Vec<GameDynamics> = ended
        .iter()
        .filter_map(|r| game_dynamics(r, seats, threshold))
        .collect();
    let own: usize = games.iter().map(|g| g.evaluated.0).sum();
    if own == 0 {
        // No ply was valued (random bots): there are no dynamics to speak of.
        return None;
    }
    let of = |f: &dyn Fn(&GameDynamics) -> Option<f64>| {
        Mean::of(&games.iter().filter_map(f).collect::<Vec<f64>>())
    };
    let mut bins = vec![(0.0, 0u64); PROGRESS_BINS];
    for g in &games {
        for (bin, m) in bins.iter_mut().zip(&g.uncertainty_by_progress) {
            if let Some(m) = m {
                bin.0 += m;
                bin.1 += 1;
            }
        }
    }
    let plies: usize = games.iter().map(|g| g.evaluated.1).sum();
    let setups: Vec<(f64, f64)> = games.iter().filter_map(|g| g.setup).collect();
    let setup = (!setups.is_empty()).then(|| SetupDynamics {
        plies: Mean::of(&setups.iter().map(|s| s.0).collect::<Vec<f64>>()),
        lead_changes: Mean::of(&setups.iter().map(|s| s.1).collect::<Vec<f64>>()),
    });
    Some(Dynamics {
        source: source.to_string(),
        games: games.len() as u64,
        evaluated_share: own as f64 / plies.max(1) as f64,
        decisive_threshold: threshold,
        lead_changes: of(&|g| Some(g.lead_changes)),
        lead_change_rate: of(&|g| Some(g.lead_change_rate)),
        drama: of(&|g| g.drama.map(|d| d.0)),
        behind_share: of(&|g| g.drama.map(|d| d.1)),
        decisiveness: of(&|g| g.decisiveness),
        stability: of(&|g| Some(g.stability)),
        uncertainty: of(&|g| Some(g.uncertainty)),
        uncertainty_by_progress: bins
            .into_iter()
            .enumerate()
            .map(|(i, (sum, games))| ProgressBin {
                from: i as f64 / PROGRESS_BINS as f64,
                to: (i + 1) as f64 / PROGRESS_BINS as f64,
                games,
                mean: if games == 0 { 0.0 } else { sum / games as f64 },
            })
            .collect(),
        setup,
    })
}

#[cfg(test)]
#[path = "dynamics_tests.rs"]
mod tests;
