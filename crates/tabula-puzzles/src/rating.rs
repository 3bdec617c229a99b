//! A puzzle's rating on the Glicko-2 scale, from how hard it is: how many of the game's
//! weaker bot levels miss the first move, and how long the line is (docs/puzzles.md).

use crate::Goal;
use tabula_core::Seat;
use tabula_registry::{DynGame, GameEntry};

/// The rating of a puzzle every level finds at once.
pub const BASE: f64 = 1000.0;
/// Added for each weaker level that misses the first move.
pub const PER_MISS: f64 = 300.0;
/// Added for each move of the solver after the first.
pub const PER_MOVE: f64 = 150.0;
/// Added when the goal is a swing of value rather than a proven win or the only saving move
/// (the value is harder to see).
pub const SWING: f64 = 100.0;
/// Added for each move of a race line after the first (goal `fewest-moves`, every move the
/// solver's).
pub const PER_RACE_MOVE: f64 = 50.0;
/// The levels asked, weakest first (where the game offers them).
pub const LEVELS: &[&str] = &["beginner", "casual", "strong"];

/// The rating of a puzzle with `goal` and `line` that `misses` of [`LEVELS`] miss.
pub fn rate(misses: usize, goal: Goal, line: &[String]) -> f64 {
    if goal == Goal::FewestMoves {
        return BASE
            + PER_MISS * misses as f64
            + PER_RACE_MOVE * line.len().saturating_sub(1) as f64;
    }
    let moves = line.len().div_ceil(2).saturating_sub(1) as f64;
    let swing = if goal == Goal::Best { SWING } else { 0.0 };
    BASE + PER_MISS * misses as f64 + PER_MOVE * moves + swing
}

/// How many of [`LEVELS`] (seeded) play something else than `answer`.
pub fn misses(entry: &dyn GameEntry, game: &dyn DynGame, seat: Seat, answer: &str) -> usize {
    LEVELS
        .iter()
        .filter(|level| entry.info().levels.contains(level))
        .filter(|level| {
            let Ok(mut bot) = entry.bot(level, 1) else {
                return false;
            };
            bot.try_decide(game, seat)
                .ok()
                .flatten()
                .is_none_or(|m| m.action != answer)
        })
        .count()
}
