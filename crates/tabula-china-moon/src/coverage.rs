//! Board coverage for the analysis (`tabula analyze`): the board's spaces, by their index
//! in the board; a frog move uses every space it lands on (each hop's landing). The setup's
//! flowers, exchanges and drops move no frog and use none.

use crate::{Action, ChinaMoon};

impl ChinaMoon {
    /// The spaces of this game's board.
    pub(crate) fn coverage_spaces(&self) -> usize {
        self.board().len()
    }

    /// The spaces `action` moves a frog onto, appended to `out`.
    pub(crate) fn coverage_landings(action: Action, out: &mut Vec<usize>) {
        if let Action::Move(m) = action {
            out.extend(m.landings().iter().map(|&s| s as usize));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::FrogMove;
    use tabula_core::{Game, Seat};

    #[test]
    fn a_frog_move_uses_each_landing() {
        let g = ChinaMoon::new(&Default::default()).unwrap();
        assert_eq!(g.board_spaces(), Some(g.board().len()));
        let mut out = Vec::new();
        let m = FrogMove::new(Seat(0), 3, &[10, 14, 15]).unwrap();
        g.spaces_used(Action::Move(m), &mut out);
        assert_eq!(out, [10, 14, 15]);
        g.spaces_used(Action::Drop(crate::Flower::ALL[0]), &mut out);
        assert!(out.is_empty());
    }

    #[test]
    fn the_layout_names_and_places_every_space_of_the_board() {
        let g = ChinaMoon::new(&Default::default()).unwrap();
        let layout = g.board_layout().unwrap();
        assert_eq!(layout.len(), g.board_spaces().unwrap());
        for (i, (name, x, y)) in layout.iter().enumerate() {
            let s = &g.board().spaces()[i];
            assert_eq!((name, *x, *y), (&s.id.to_string(), s.x, s.y));
        }
        // The standard board's start, bottom left.
        assert_eq!(layout[0], ("S".to_string(), 0.0, 9.0));
    }
}
