//! Puzzle themes of a move (docs/puzzles.md): what the move does on the track, for the puzzle
//! trainer and the generator (`tabula puzzles generate`).
//!
//! - `stack-capture`: the moving tokens land on a stack topped by another player's colour,
//!   which the mover now controls.
//! - `buried-khan`: that top token was the other player's Khan, now covered.
//! - `khan-march`: the mover's own Khan leads the moving tokens.
//! - `tall-stack`: the stack landed on reaches 7 tokens or more.

use crate::{Action, KhanTsin};
use tabula_core::Seat;

/// The themes of `seat` playing `action` in `game` (a legal move).
pub fn puzzle_themes(game: &KhanTsin, seat: Seat, action: Action) -> Vec<&'static str> {
    let Action::Move { from, count, to } = action else {
        return Vec::new();
    };
    let (from, to) = (from as usize, to as usize);
    let mine = game.seats().colour(seat.index());
    let target = game.stack(to);
    let mut themes = Vec::new();
    if let Some(top) = target.top()
        && top != mine
        && game.seats().playing().contains(&top)
    {
        themes.push("stack-capture");
        if game.khan_on_top(to) {
            themes.push("buried-khan");
        }
    }
    if game.khan_on_top(from) {
        themes.push("khan-march");
    }
    if target.height() + count as usize >= 7 {
        themes.push("tall-stack");
    }
    themes
}
