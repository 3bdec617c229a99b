//! The figures of an analysis, computed from a match's game records: how games ended, seat
//! balance, game lengths with their histogram, branching factors and the skill match.

use super::Mean;
use super::{
    Balance, Bin, Branching, Lengths, Outcomes, PlyBranching, SeatBalance, Skill, Verdict,
};
use crate::stats::{GameRecord, MatchReport, Rate};
use tabula_core::EndReason;

/// How the games ended. A game is decisive when one seat alone is first (exactly the games
/// the match report counts as a seat's win); the others are split by their reason.
pub fn outcomes(records: &[GameRecord]) -> Outcomes {
    let mut o = Outcomes::default();
    for r in records {
        let firsts = r.ranks.iter().filter(|&&k| k == 1).count();
        match r.reason {
            None => o.unfinished += 1,
            Some(_) if firsts == 1 => o.decisive += 1,
            Some(EndReason::PlyLimit) => o.ply_limit_draws += 1,
            Some(EndReason::Draw) => o.rules_draws += 1,
            Some(EndReason::Repetition) => o.repetition_draws += 1,
            Some(EndReason::Win | EndReason::Score) => o.shared_wins += 1,
        }
    }
    o
}

fn mean(sum: f64, n: u64) -> f64 {
    if n == 0 { 0.0 } else { sum / n as f64 }
}

/// The fair win rate of one seat among `seats` when `decisive` of `games` games had a winner.
fn fair(decisive: u64, games: u64, seats: usize) -> f64 {
    mean(decisive as f64, games) / seats.max(1) as f64
}

/// Seat balance from the balance match (the same bot in every seat; its records taken out,
/// `ended` the games that ended).
pub(super) fn balance(report: &MatchReport, outcomes: Outcomes, ended: &[GameRecord]) -> Balance {
    let games = report.games as u64;
    let fair_win_rate = fair(outcomes.decisive, games, report.seats);
    let mut decisions = vec![0u64; report.seats];
    let mut actions = vec![0u64; report.seats];
    for c in ended.iter().flat_map(|r| &r.choices) {
        decisions[c.seat.index()] += 1;
        actions[c.seat.index()] += c.actions as u64;
    }
    let seats = report
        .seat_results
        .iter()
        .enumerate()
        .map(|(i, s)| SeatBalance {
            seat: s.seat,
            wins: s.wins,
            win_rate: s.win_rate,
            ci95: s.ci95,
            verdict: Verdict::of_sample(s.ci95, fair_win_rate, games),
            decisions_per_game: mean(decisions[i] as f64, ended.len() as u64),
            mean_branching: mean(actions[i] as f64, decisions[i]),
        })
        .collect();
    let mut warnings = Vec::new();
    if games < super::significance::MIN_SAMPLE {
        warnings.push(format!(
            "{games} games, fewer than {}: no verdict on any seat, the intervals are rough",
            super::significance::MIN_SAMPLE
        ));
    }
    let wins: Vec<u64> = report.seat_results.iter().map(|s| s.wins).collect();
    let seats_even = super::significance::seats_even(&wins)
        .map_err(|w| warnings.push(w))
        .ok();
    Balance {
        games,
        outcomes,
        fair_win_rate,
        seats,
        seats_even,
        warnings,
    }
}

/// The smallest of 1, 2, 5, 10, 20, 50, … that is at least `x`.
fn nice(x: u64) -> u64 {
    let mut step = 1u64;
    loop {
        for m in [1, 2, 5] {
            if step * m >= x {
                return step * m;
            }
        }
        step *= 10;
    }
}

/// Game lengths, with a histogram of at most `max_bins` bins of a round width.
pub fn lengths(records: &[GameRecord], max_bins: usize) -> Lengths {
    let mut plies: Vec<u64> = records.iter().map(|r| r.plies).collect();
    plies.sort_unstable();
    let n = plies.len();
    if n == 0 {
        return Lengths {
            games: 0,
            mean: 0.0,
            median: 0.0,
            min: 0,
            max: 0,
            histogram: Vec::new(),
            sd: 0.0,
            turns: Mean::default(),
        };
    }
    let median = if n % 2 == 1 {
        plies[n / 2] as f64
    } else {
        (plies[n / 2 - 1] + plies[n / 2]) as f64 / 2.0
    };
    let (min, max) = (plies[0], plies[n - 1]);
    let width = nice((max - min + 1).div_ceil(max_bins.max(1) as u64));
    let first = min / width * width;
    let bins = ((max - first) / width + 1) as usize;
    let mut histogram: Vec<Bin> = (0..bins as u64)
        .map(|i| Bin {
            from: first + i * width,
            to: first + (i + 1) * width,
            games: 0,
        })
        .collect();
    for &p in &plies {
        histogram[((p - first) / width) as usize].games += 1;
    }
    let as_f64: Vec<f64> = plies.iter().map(|&p| p as f64).collect();
    let turns: Vec<f64> = records.iter().map(|r| r.turns as f64).collect();
    Lengths {
        sd: Mean::of(&as_f64).sd,
        turns: Mean::of(&turns),
        games: n as u64,
        mean: mean(plies.iter().sum::<u64>() as f64, n as u64),
        median,
        min,
        max,
        histogram,
    }
}

/// Branching factors from the records' choices (a balance match records them).
pub fn branching(records: &[GameRecord]) -> Branching {
    let mut by_ply: Vec<(u64, u64, u32, u32)> = Vec::new(); // games, sum, min, max
    let (mut decisions, mut sum, mut forced, mut max) = (0u64, 0u64, 0u64, 0u32);
    let mut log_sum = 0.0;
    for r in records {
        for (ply, c) in r.choices.iter().enumerate() {
            if by_ply.len() <= ply {
                by_ply.push((0, 0, u32::MAX, 0));
            }
            let p = &mut by_ply[ply];
            p.0 += 1;
            p.1 += c.actions as u64;
            p.2 = p.2.min(c.actions);
            p.3 = p.3.max(c.actions);
            decisions += 1;
            sum += c.actions as u64;
            forced += (c.actions == 1) as u64;
            max = max.max(c.actions);
            if c.actions > 0 {
                log_sum += (c.actions as f64).log10();
            }
        }
    }
    let games = records.len() as u64;
    Branching {
        games,
        decisions,
        decisions_per_game: mean(decisions as f64, games),
        mean: mean(sum as f64, decisions),
        max,
        forced_share: mean(forced as f64, decisions),
        log10_game_tree: mean(log_sum, games),
        by_ply: by_ply
            .into_iter()
            .enumerate()
            .map(|(ply, (games, sum, min, max))| PlyBranching {
                ply: ply as u64,
                games,
                mean: mean(sum as f64, games),
                min,
                max,
            })
            .collect(),
    }
}

/// The stronger bot's results in the skill match (it is bot 0; every other seat holds the
/// weaker bot).
pub(super) fn skill(report: &MatchReport) -> Skill {
    let strong = &report.bots[0];
    let weaker = report
        .bots
        .get(1)
        .map_or_else(String::new, |b| b.bot.clone());
    let games = report.records.len() as u64;
    let o = outcomes(&report.records);
    let fair_win_rate = fair(o.decisive, games, report.seats);
    let ended = lengths(
        &report
            .records
            .iter()
            .filter(|r| r.reason.is_some())
            .cloned()
            .collect::<Vec<_>>(),
        1,
    );
    let rate = Rate::new(strong.wins, strong.games);
    Skill {
        stronger: strong.bot.clone(),
        weaker,
        games: strong.games,
        wins: strong.wins,
        draws: strong.draws,
        losses: strong.losses,
        win_rate: rate.win_rate,
        ci95: rate.ci95,
        fair_win_rate,
        verdict: Verdict::of_sample(rate.ci95, fair_win_rate, games),
        by_seat: strong.by_seat.clone(),
        mean_plies: ended.mean,
        unfinished: o.unfinished,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stats::Choice;
    use tabula_core::Seat;

    fn record(plies: u64, ranks: &[u8], reason: Option<EndReason>) -> GameRecord {
        GameRecord {
            index: 0,
            seed: 0,
            bots_by_seat: vec![0, 0],
            ranks: ranks.to_vec(),
            scores: None,
            reason,
            plies,
            turns: plies,
            setup_plies: 0,
            clarity: None,
            positions: vec![],
            repeated: 0,
            evals: Vec::new(),
            spaces: Vec::new(),
            opening: Vec::new(),
            start: String::new(),
            moves: Vec::new(),
            move_ms: vec![],
            choices: (0..plies)
                .map(|p| Choice {
                    seat: Seat((p % 2) as u8),
                    actions: (plies - p) as u32,
                })
                .collect(),
        }
    }

    #[test]
    fn outcomes_split_every_game_once() {
        let records = [
            record(5, &[1, 2], Some(EndReason::Win)),
            record(5, &[1, 1], Some(EndReason::Draw)),
            record(5, &[1, 1], Some(EndReason::Score)),
            record(5, &[1, 1], Some(EndReason::PlyLimit)),
            record(7, &[1, 1], Some(EndReason::Repetition)),
            record(5, &[], None),
            record(5, &[2, 1], Some(EndReason::Score)),
        ];
        let o = outcomes(&records);
        assert_eq!(
            o,
            Outcomes {
                decisive: 2,
                rules_draws: 1,
                repetition_draws: 1,
                shared_wins: 1,
                ply_limit_draws: 1,
                unfinished: 1
            }
        );
    }

    #[test]
    fn histogram_bins_are_round_and_hold_every_game() {
        let records: Vec<GameRecord> = (7..=42).map(|p| record(p, &[1, 2], None)).collect();
        let l = lengths(&records, 20);
        assert_eq!((l.min, l.max), (7, 42));
        assert_eq!(l.median, 24.5);
        assert_eq!(l.histogram[0].from, 6);
        assert!(l.histogram.iter().all(|b| b.to - b.from == 2));
        assert_eq!(l.histogram.last().unwrap().to, 44);
        assert_eq!(l.histogram.iter().map(|b| b.games).sum::<u64>(), 36);
        assert_eq!(nice(3), 5);
        assert_eq!(nice(11), 20);
        assert_eq!(nice(1), 1);
    }

    #[test]
    fn branching_counts_by_ply_and_estimates_the_tree() {
        // Games of 3 and 4 plies with n, n-1, …, 1 actions.
        let b = branching(&[record(3, &[1, 2], None), record(4, &[1, 2], None)]);
        assert_eq!(b.decisions, 7);
        assert_eq!(b.by_ply.len(), 4);
        assert_eq!(b.by_ply[0].mean, 3.5);
        assert_eq!((b.by_ply[0].min, b.by_ply[0].max), (3, 4));
        assert_eq!(b.by_ply[3].games, 1);
        assert_eq!(b.max, 4);
        assert!((b.forced_share - 2.0 / 7.0).abs() < 1e-12);
        let expected = (6f64.log10() + 24f64.log10()) / 2.0;
        assert!((b.log10_game_tree - expected).abs() < 1e-12);
    }
}
