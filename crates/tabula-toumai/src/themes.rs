//! Puzzle themes of a move (docs/puzzles.md): what the move does around the star, for the
//! puzzle trainer and the generator (`tabula puzzles generate`).
//!
//! - `wand`: the mover's magician reaches the star and wins a wand.
//! - `star`: a bird reaches the star and the line splits.
//! - `blocked-magician`: the flight lands on another player's magician, enclosing it.
//! - `enclose`: the flight lands on another player's bird, enclosing it.
//! - `swap`: the move exchanges two of the mover's pawns.

use crate::{Action, Toumai};
use tabula_core::{Game, Presentation, Seat};

/// The themes of `seat` playing `action` in `game` (a legal move).
pub fn puzzle_themes(game: &Toumai, seat: Seat, action: Action) -> Vec<&'static str> {
    let mut themes = Vec::new();
    match action {
        Action::Flight { to, split, .. } => {
            let mine = game.to_move_colour().letter();
            let view = game.view(None);
            let top = view.lines.get(to as usize).and_then(|l| l.pawns.last());
            if let Some(top) = top.filter(|p| !p.neutral && p.colour != mine) {
                themes.push(if top.kind == Some('M') {
                    "blocked-magician"
                } else {
                    "enclose"
                });
            }
            let mut after = game.clone();
            after.apply(action);
            let wands = |g: &Toumai| g.wands().get(seat.index()).copied().unwrap_or(0);
            if wands(&after) > wands(game) {
                themes.insert(0, "wand");
            } else if split.is_some() {
                themes.insert(0, "star");
            }
        }
        Action::Swap { .. } => themes.push("swap"),
        _ => {}
    }
    themes
}
