//! Ludii's metrics exactly, under Ludii's names and with Ludii's formulas (the Ludii
//! repository, `Evaluation/src/metrics/single/…`; the file of each is named on its function
//! and in docs/analyze.md, which works every one out on hand-made traces).
//!
//! Ludii's scales: a seat's *utility* at the end of a game is `1 − 2·(rank − 1)/(n − 1)`
//! (1 first, −1 last; seats sharing places share the mean of those places, so a draw is 0
//! for everyone, as is a game stopped unfinished), and a position's *evaluation* for a seat
//! is in `[−1, 1]`: `2v − 1` of the analysis' value `v` (the evaluator's, see
//! [`Dynamics`](super::Dynamics)). Ludii evaluates the position *before* each move, so a
//! game of `T` plies has the positions `P₀ … P_{T−1}`: the start (which the analysis does not
//! value: every seat at the neutral `2/n − 1`) and the position after each ply but the last.
//! Setup plies are Ludii's "initial placement moves": the evaluation metrics start after them
//! (as Ludii's `Stability` and `DecisivenessMoves` loops do).
//!
//! Two of Ludii's files divide integers where a share is meant (`SituationalRepetition`'s
//! `numUniqueStates / numTotalStates`, `DecisivenessMoves`' `turn / numberRealMoves`), which
//! makes them 0 or 1; these are computed as the shares the descriptions state.

use super::dynamics::filled;
use crate::stats::GameRecord;
use serde::Serialize;

/// Ludii's metrics of a match (`None` where the games give no data for one).
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[allow(non_snake_case)]
pub struct LudiiMetrics {
    /// `outcome/AdvantageP1.java`: seat 1's mean of `(u₁ + 1)/2` over all games.
    pub AdvantageP1: Option<f64>,
    /// `outcome/OutcomeUniformity.java`: `1 −` the seats' mean population variance of their
    /// utilities over all games.
    pub OutcomeUniformity: Option<f64>,
    /// `stateEvaluation/LeadChange.java`: per game, the positions whose set of leaders
    /// differs from the previous position's (the first always does), over the positions.
    pub LeadChange: Option<f64>,
    /// `stateEvaluation/Stability.java`: per game, the sum over seats of the population
    /// variance of the seat's evaluations.
    pub Stability: Option<f64>,
    /// `stateEvaluation/decisiveness/DecisivenessThreshold.java`: per game, the highest
    /// evaluation any seat not ranked first reached (−1 if none).
    pub DecisivenessThreshold: Option<f64>,
    /// `stateEvaluation/decisiveness/DecisivenessMoves.java`: per game, the share of the
    /// positions before one ranked first is evaluated above the game's threshold.
    pub DecisivenessMoves: Option<f64>,
    /// `stateRepetition/SituationalRepetition.java`: per game, `1 − distinct / total`
    /// states (the start and the state after every ply).
    pub SituationalRepetition: Option<f64>,
    /// `boardCoverage/BoardCoverageDefault.java`: per game, the share of the board's
    /// spaces a piece was moved onto or placed on, averaged over the games.
    pub BoardCoverageDefault: Option<f64>,
    /// `complexity/GameTreeComplexity.java`: per game, `T·log₁₀(b̄)` with `b̄` the game's
    /// mean number of legal actions, averaged over the games (a power of ten).
    pub GameTreeComplexity: Option<f64>,
    /// `complexity/StateSpaceComplexity.java`'s figure (a power of ten), *estimated*: Ludii
    /// bounds it from the board and the pieces; Tabula estimates the positions the games
    /// reach with Chao's incidence estimator ([`state_space`]), a lower bound.
    pub StateSpaceComplexity: Option<f64>,
    /// `stateEvaluation/clarity/ClarityVariance.java`: per game, the mean over positions of
    /// the variance of the actions' evaluations (from the evaluator's search).
    pub ClarityVariance: Option<f64>,
    /// `stateEvaluation/clarity/ClarityNarrowness.java`: per game, the mean over positions of
    /// the share of actions evaluated above `mean + 0.75·(max − mean)`.
    pub ClarityNarrowness: Option<f64>,
}

/// Ludii's utility of each of `seats` seats from a game's ranks (empty: not finished, a draw).
pub fn utilities(ranks: &[u8], seats: usize) -> Vec<f64> {
    if seats < 2 {
        return vec![1.0; seats];
    }
    (0..seats)
        .map(|s| {
            let place = match ranks.get(s) {
                Some(&r) => {
                    // Tied seats span places r … r + k − 1 and share their mean.
                    let tied = ranks.iter().filter(|&&x| x == r).count() as f64;
                    r as f64 + (tied - 1.0) / 2.0
                }
                None => (seats as f64 + 1.0) / 2.0,
            };
            1.0 - 2.0 * (place - 1.0) / (seats as f64 - 1.0)
        })
        .collect()
}

fn mean(xs: impl Iterator<Item = f64>) -> Option<f64> {
    let (mut sum, mut n) = (0.0, 0usize);
    for x in xs {
        sum += x;
        n += 1;
    }
    (n > 0).then(|| sum / n as f64)
}

/// The population variance (`n` in the denominator, Ludii's `varn`).
fn varn(xs: &[f64]) -> f64 {
    if xs.is_empty() {
        return 0.0;
    }
    let m = xs.iter().sum::<f64>() / xs.len() as f64;
    xs.iter().map(|x| (x - m).powi(2)).sum::<f64>() / xs.len() as f64
}

/// `outcome/AdvantageP1.java`.
pub fn advantage_p1(records: &[GameRecord], seats: usize) -> Option<f64> {
    if seats < 2 {
        return None;
    }
    mean(
        records
            .iter()
            .map(|r| (utilities(&r.ranks, seats)[0] + 1.0) / 2.0),
    )
}

/// `outcome/OutcomeUniformity.java`.
pub fn outcome_uniformity(records: &[GameRecord], seats: usize) -> Option<f64> {
    if records.is_empty() || seats == 0 {
        return None;
    }
    let utils: Vec<Vec<f64>> = records.iter().map(|r| utilities(&r.ranks, seats)).collect();
    let total: f64 = (0..seats)
        .map(|s| varn(&utils.iter().map(|u| u[s]).collect::<Vec<f64>>()))
        .sum();
    Some(1.0 - total / seats as f64)
}

/// Ludii's positions of a game's play: the evaluation (`2v − 1`) of every seat before each
/// ply after the `setup` plies; `None` without a valued ply.
pub fn positions(r: &GameRecord, seats: usize) -> Option<Vec<Vec<f64>>> {
    if r.evals.iter().all(Option::is_none) {
        return None;
    }
    let trace = filled(&r.evals, seats);
    let neutral = vec![2.0 / seats.max(1) as f64 - 1.0; seats];
    let setup = (r.setup_plies as usize).min(trace.len());
    let out: Vec<Vec<f64>> = (setup..trace.len())
        .map(|t| match t {
            0 => neutral.clone(),
            _ => trace[t - 1].iter().map(|v| 2.0 * v - 1.0).collect(),
        })
        .collect();
    (!out.is_empty()).then_some(out)
}

/// The seats with the highest evaluation.
fn leaders(values: &[f64]) -> Vec<usize> {
    let best = values.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    (0..values.len()).filter(|&s| values[s] == best).collect()
}

/// `stateEvaluation/LeadChange.java` of one game's positions.
pub fn lead_change(positions: &[Vec<f64>]) -> f64 {
    let mut previous: Vec<usize> = Vec::new();
    let mut changes = 0;
    for p in positions {
        let now = leaders(p);
        changes += usize::from(now != previous);
        previous = now;
    }
    changes as f64 / positions.len().max(1) as f64
}

/// `stateEvaluation/Stability.java` of one game's positions.
pub fn stability(positions: &[Vec<f64>]) -> f64 {
    let seats = positions.first().map_or(0, Vec::len);
    (0..seats)
        .map(|s| varn(&positions.iter().map(|p| p[s]).collect::<Vec<f64>>()))
        .sum()
}

/// The seats ranked first (every seat in a draw or an unfinished game).
fn firsts(ranks: &[u8], seats: usize) -> Vec<usize> {
    let u = utilities(ranks, seats);
    leaders(&u)
}

/// `stateEvaluation/decisiveness/DecisivenessThreshold.java` of one game.
pub fn decisiveness_threshold(positions: &[Vec<f64>], first: &[usize]) -> f64 {
    let mut threshold = -1.0f64;
    for p in positions {
        for (s, &v) in p.iter().enumerate() {
            if !first.contains(&s) && v > threshold {
                threshold = v;
            }
        }
    }
    threshold
}

/// `stateEvaluation/decisiveness/DecisivenessMoves.java` of one game: the first position
/// where a seat ranked first is above `threshold`, as a share of the positions (1: never).
pub fn decisiveness_moves(positions: &[Vec<f64>], first: &[usize], threshold: f64) -> f64 {
    let n = positions.len().max(1);
    let at = positions
        .iter()
        .position(|p| first.iter().any(|&s| p[s] > threshold))
        .unwrap_or(n);
    at as f64 / n as f64
}

/// `complexity/GameTreeComplexity.java` of one game: `T·log₁₀(b̄)`.
pub fn game_tree_complexity(r: &GameRecord) -> Option<f64> {
    let t = r.choices.len();
    if t == 0 {
        return None;
    }
    let b = r.choices.iter().map(|c| c.actions as f64).sum::<f64>() / t as f64;
    Some(t as f64 * b.log10())
}

/// The log₁₀ of the number of distinct positions the games reach, estimated by Chao's
/// bias-corrected incidence estimator ("Chao2"): with `m` games, `S` distinct positions seen,
/// `Q₁` of them seen in exactly one game and `Q₂` in exactly two,
/// `Ŝ = S + ((m − 1)/m)·Q₁(Q₁ − 1)/(2(Q₂ + 1))`. `None` without recorded positions.
pub fn state_space(records: &[GameRecord]) -> Option<f64> {
    let mut games_of: std::collections::HashMap<u64, u32> = std::collections::HashMap::new();
    let mut m = 0u32;
    for r in records.iter().filter(|r| !r.positions.is_empty()) {
        m += 1;
        let distinct: std::collections::HashSet<u64> = r.positions.iter().copied().collect();
        for h in distinct {
            *games_of.entry(h).or_insert(0) += 1;
        }
    }
    if m == 0 {
        return None;
    }
    let s = games_of.len() as f64;
    let q1 = games_of.values().filter(|&&k| k == 1).count() as f64;
    let q2 = games_of.values().filter(|&&k| k == 2).count() as f64;
    let m = m as f64;
    Some((s + (m - 1.0) / m * q1 * (q1 - 1.0).max(0.0) / (2.0 * (q2 + 1.0))).log10())
}

/// Ludii's metrics of `records` (all the games of the balance match) with `seats` seats.
pub fn metrics(records: &[GameRecord], seats: usize) -> LudiiMetrics {
    let traces: Vec<(Vec<Vec<f64>>, Vec<usize>)> = records
        .iter()
        .filter_map(|r| positions(r, seats).map(|p| (p, firsts(&r.ranks, seats))))
        .collect();
    let thresholds: Vec<f64> = traces
        .iter()
        .map(|(p, f)| decisiveness_threshold(p, f))
        .collect();
    let recorded = records.iter().filter(|r| !r.choices.is_empty());
    LudiiMetrics {
        AdvantageP1: advantage_p1(records, seats),
        OutcomeUniformity: outcome_uniformity(records, seats),
        LeadChange: mean(traces.iter().map(|(p, _)| lead_change(p))),
        Stability: mean(traces.iter().map(|(p, _)| stability(p))),
        DecisivenessThreshold: mean(thresholds.iter().copied()),
        DecisivenessMoves: mean(
            traces
                .iter()
                .zip(&thresholds)
                .map(|((p, f), &t)| decisiveness_moves(p, f, t)),
        ),
        SituationalRepetition: mean(
            recorded
                .clone()
                .map(|r| r.repeated as f64 / (r.choices.len() + 1) as f64),
        ),
        BoardCoverageDefault: mean(
            records.iter().filter(|r| !r.spaces.is_empty()).map(|r| {
                r.spaces.iter().filter(|&&n| n > 0).count() as f64 / r.spaces.len() as f64
            }),
        ),
        GameTreeComplexity: mean(recorded.filter_map(game_tree_complexity)),
        StateSpaceComplexity: state_space(records),
        ClarityVariance: mean(records.iter().filter_map(|r| r.clarity.map(|c| c[0]))),
        ClarityNarrowness: mean(records.iter().filter_map(|r| r.clarity.map(|c| c[1]))),
    }
}

#[cfg(test)]
#[path = "ludii_tests.rs"]
mod tests;
