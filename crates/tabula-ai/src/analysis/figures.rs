//! Ludii's outcome figures beyond seat balance, from a match's game records: the first-move
//! advantage as one rate with its interval, outcome uniformity, and positional repetition.

use super::Mean;
use super::dynamics::winner;
use crate::stats::{GameRecord, wilson_interval};
use serde::Serialize;

/// Seat 1's share of the decisive games, against the fair share `1 / seats`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct FirstMove {
    /// Games with one winner.
    pub decisive: u64,
    /// Of them, won by seat 1.
    pub wins: u64,
    /// `wins / decisive` (0 without decisive games).
    pub rate: f64,
    /// The rate's Wilson 95% interval.
    pub ci95: [f64; 2],
    /// The fair share, `1 / seats`.
    pub fair: f64,
    /// `rate − fair`: the first-move advantage (negative: a disadvantage).
    pub advantage: f64,
}

/// The first-move advantage of `records` with `seats` seats.
pub fn first_move(records: &[GameRecord], seats: usize) -> FirstMove {
    let winners: Vec<usize> = records.iter().filter_map(winner).collect();
    let wins = winners.iter().filter(|&&w| w == 0).count() as u64;
    let decisive = winners.len() as u64;
    let rate = if decisive == 0 {
        0.0
    } else {
        wins as f64 / decisive as f64
    };
    let fair = 1.0 / seats.max(1) as f64;
    FirstMove {
        decisive,
        wins,
        rate,
        ci95: wilson_interval(wins, decisive, 1.96),
        fair,
        advantage: if decisive == 0 { 0.0 } else { rate - fair },
    }
}

/// Outcome uniformity: the entropy of the winners' seats over the decisive games, divided by
/// its maximum `ln(seats)`: 1 when every seat wins equally often, 0 when one seat wins every
/// game (0 without a decisive game).
pub fn outcome_uniformity(records: &[GameRecord], seats: usize) -> f64 {
    let mut wins = vec![0u64; seats];
    for w in records.iter().filter_map(winner) {
        wins[w] += 1;
    }
    let total: u64 = wins.iter().sum();
    if total == 0 || seats < 2 {
        return 0.0;
    }
    let h: f64 = wins
        .iter()
        .filter(|&&k| k > 0)
        .map(|&k| {
            let p = k as f64 / total as f64;
            -p * p.ln()
        })
        .sum();
    h / (seats as f64).ln()
}

/// Positional repetition over the games that ended.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Repetition {
    /// Per game, the share of its plies that led to a position already seen in that game.
    pub rate: Mean,
    /// Games with at least one repeated position.
    pub games_with: u64,
    /// Games measured.
    pub games: u64,
    /// The Wilson 95% interval of `games_with / games`.
    pub games_with_ci95: [f64; 2],
}

/// The positional repetition of `ended` (records counted with `record_choices`).
pub fn repetition(ended: &[GameRecord]) -> Repetition {
    let rates: Vec<f64> = ended
        .iter()
        .map(|r| r.repeated as f64 / r.plies.max(1) as f64)
        .collect();
    let games_with = ended.iter().filter(|r| r.repeated > 0).count() as u64;
    Repetition {
        rate: Mean::of(&rates),
        games_with,
        games: ended.len() as u64,
        games_with_ci95: wilson_interval(games_with, ended.len() as u64, 1.96),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tabula_core::EndReason;

    fn game(ranks: &[u8], plies: u64, repeated: u64) -> GameRecord {
        GameRecord {
            index: 0,
            seed: 0,
            bots_by_seat: vec![0; ranks.len()],
            ranks: ranks.to_vec(),
            scores: None,
            reason: Some(EndReason::Win),
            plies,
            turns: plies,
            setup_plies: 0,
            clarity: None,
            positions: vec![],
            repeated,
            choices: vec![],
            evals: vec![],
            spaces: vec![],
            opening: vec![],
            start: String::new(),
            moves: vec![],
            move_ms: vec![],
        }
    }

    #[test]
    fn first_move_advantage_is_seat_ones_share_of_decisive_games() {
        // 3 wins of seat 1, 1 of seat 2, one shared first place (left out).
        let records = [
            game(&[1, 2], 10, 0),
            game(&[1, 2], 10, 0),
            game(&[1, 2], 10, 0),
            game(&[2, 1], 10, 0),
            game(&[1, 1], 10, 0),
        ];
        let f = first_move(&records, 2);
        assert_eq!((f.decisive, f.wins), (4, 3));
        assert_eq!(f.rate, 0.75);
        assert_eq!(f.advantage, 0.25);
        assert_eq!(f.ci95, wilson_interval(3, 4, 1.96));
        assert_eq!(first_move(&[], 3).advantage, 0.0);
    }

    #[test]
    fn outcome_uniformity_is_one_for_equal_winners_and_zero_for_one() {
        let even = [game(&[1, 2], 1, 0), game(&[2, 1], 1, 0)];
        assert!((outcome_uniformity(&even, 2) - 1.0).abs() < 1e-12);
        let one = [game(&[1, 2], 1, 0), game(&[1, 2], 1, 0)];
        assert_eq!(outcome_uniformity(&one, 2), 0.0);
        // 3 seats, wins 2/1/1: H = 1.0397 nats, / ln 3 = 0.9464.
        let three = [
            game(&[1, 2, 3], 1, 0),
            game(&[1, 2, 3], 1, 0),
            game(&[2, 1, 3], 1, 0),
            game(&[2, 3, 1], 1, 0),
        ];
        assert!((outcome_uniformity(&three, 3) - 0.946_395).abs() < 1e-6);
    }

    #[test]
    fn repetition_rate_is_the_mean_share_of_repeating_plies() {
        let r = repetition(&[game(&[1, 2], 10, 2), game(&[1, 2], 20, 0)]);
        assert!((r.rate.mean - 0.1).abs() < 1e-12);
        assert_eq!((r.games_with, r.games), (1, 2));
    }
}
