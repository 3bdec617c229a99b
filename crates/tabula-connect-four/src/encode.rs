//! Integer actions and observations (`tabula_core::ActionIndex`, `tabula_core::Observe`).
//!
//! - Actions: 7 indices, column `c` (1–7 in notation) is index `c - 1`.
//! - Observation: shape `[2, 6, 7]` (plane, row from the bottom, column). Plane 0 holds the
//!   viewer's stones, plane 1 the other seat's, as 1.0; a spectator sees seat 1's stones in
//!   plane 0. Connect Four has no hidden information: every viewer sees the whole board.

use crate::bitboard::{HEIGHT, WIDTH, cell};
use crate::{Column, ConnectFour};
use tabula_core::{ActionIndex, Actor, Observe, Seat};

impl ActionIndex for ConnectFour {
    fn num_actions(&self) -> usize {
        WIDTH
    }

    fn action_index(&self, action: Column) -> usize {
        action.index()
    }

    fn index_action(&self, _actor: Actor, index: usize) -> Option<Column> {
        Column::from_index(index)
    }
}

impl Observe for ConnectFour {
    fn observation_shape(&self) -> Vec<usize> {
        vec![2, HEIGHT, WIDTH]
    }

    fn observe(&self, viewer: Option<Seat>, out: &mut Vec<f32>) {
        out.clear();
        out.resize(2 * HEIGHT * WIDTH, 0.0);
        let me = viewer.unwrap_or(Seat(0)).index() % 2;
        for (plane, seat) in [me, 1 - me].into_iter().enumerate() {
            let stones = self.stones[seat];
            for row in 0..HEIGHT {
                for col in 0..WIDTH {
                    if stones & cell(col, row) != 0 {
                        out[(plane * HEIGHT + row) * WIDTH + col] = 1.0;
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tabula_core::Game;

    #[test]
    fn observation_puts_the_viewer_first() {
        let mut g = ConnectFour::empty();
        g.apply(Column::from_index(3).unwrap());
        let mut out = Vec::new();
        g.observe(Some(Seat(0)), &mut out);
        assert_eq!(
            out[3], 1.0,
            "seat 1's stone at the bottom of column 4, plane 0"
        );
        g.observe(Some(Seat(1)), &mut out);
        assert_eq!(out[3], 0.0);
        assert_eq!(
            out[HEIGHT * WIDTH + 3],
            1.0,
            "the other seat's stone in plane 1"
        );
    }
}
