//! Race puzzles (docs/puzzles.md): from a race, the fewest swaps that win a revealed card,
//! found by the exact solver ([`MagicalCircle::winning_plans`]).

use crate::actions::Action;
use crate::state::{MagicalCircle, Phase};
use std::iter::once;
use tabula_core::Seat;

/// The most lines [`fewest_swap_lines`] lists.
pub const MAX_LINES: usize = 12;

/// Every way the solver finds for `seat` to win a revealed card with the fewest swaps, from a
/// race it may enter: `claim`, the swap cards played, then the swaps (one valid sequence per
/// card and play, at most [`MAX_LINES`], best first as `winning_plans` sorts them). Empty
/// outside a race, or when no card can be won.
pub fn fewest_swap_lines(game: &MagicalCircle, seat: Seat) -> Vec<Vec<Action>> {
    if game.phase != Phase::Race {
        return Vec::new();
    }
    let plans = game.winning_plans(seat);
    let Some(fewest) = plans.iter().map(|p| p.swaps.len()).min() else {
        return Vec::new();
    };
    plans
        .iter()
        .filter(|p| p.swaps.len() == fewest)
        .take(MAX_LINES)
        .map(|p| once(Action::Claim(seat)).chain(p.actions()).collect())
        .collect()
}
