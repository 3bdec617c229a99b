//! Board coverage for the analysis (`tabula analyze`): the 36 squares of the track,
//! numbered from 0 (square 1); a move uses the square it moves onto, a placement the
//! square placed on, a pass none.

use crate::params::SQUARES;
use crate::{Action, KhanTsin};

impl KhanTsin {
    /// The number of squares (the board's spaces).
    pub(crate) const COVERAGE_SPACES: usize = SQUARES;

    /// The square `action` moves a stack onto or places a token on.
    pub(crate) fn coverage_square(action: Action) -> Option<usize> {
        match action {
            Action::Move { to, .. } => Some(to as usize),
            Action::Place { square, .. } => Some(square as usize),
            Action::Pass => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tabula_core::Game;

    #[test]
    fn moves_and_placements_use_their_square() {
        let g = KhanTsin::new(&Default::default()).unwrap();
        assert_eq!(g.board_spaces(), Some(36));
        let mut out = Vec::new();
        g.spaces_used(
            Action::Move {
                from: 0,
                count: 2,
                to: 7,
            },
            &mut out,
        );
        assert_eq!(out, [7]);
        g.spaces_used(
            Action::Place {
                square: 35,
                khan: true,
            },
            &mut out,
        );
        assert_eq!(out, [35]);
        g.spaces_used(Action::Pass, &mut out);
        assert!(out.is_empty());
    }
}
