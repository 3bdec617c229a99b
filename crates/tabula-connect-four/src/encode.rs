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
        // A row at a time from a table, without a branch per cell: a random board's stones
        // would defeat branch prediction, and vector environments observe at every step.
        for (plane, seat) in [me, 1 - me].into_iter().enumerate() {
            let stones = self.stones[seat];
            let rows = out[plane * HEIGHT * WIDTH..].chunks_exact_mut(WIDTH);
            for (row, cells) in rows.take(HEIGHT).enumerate() {
                let mut pattern = 0;
                for col in 0..WIDTH {
                    pattern |= usize::from(stones & cell(col, row) != 0) << col;
                }
                cells.copy_from_slice(&ROWS[pattern]);
            }
        }
    }
}

/// Row `p`'s cells as observed: column `c` is 1.0 when bit `c` of `p` is set.
static ROWS: [[f32; WIDTH]; 1 << WIDTH] = {
    let mut rows = [[0.0; WIDTH]; 1 << WIDTH];
    let mut p = 0;
    while p < 1 << WIDTH {
        let mut c = 0;
        while c < WIDTH {
            if p & (1 << c) != 0 {
                rows[p][c] = 1.0;
            }
            c += 1;
        }
        p += 1;
    }
    rows
};

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

    #[test]
    fn observation_matches_the_board_cell_by_cell() {
        use rand::RngExt;
        let mut rng = tabula_core::rng_from_seed(7);
        let mut out = Vec::new();
        for _ in 0..200 {
            let mut g = ConnectFour::empty();
            let mut legal = Vec::new();
            for _ in 0..rng.random_range(0..40) {
                g.legal_actions_for(Actor::Seat(g.side_to_move()), &mut legal);
                if legal.is_empty() {
                    break;
                }
                g.apply(legal[rng.random_range(0..legal.len())]);
            }
            for viewer in [Seat(0), Seat(1)] {
                g.observe(Some(viewer), &mut out);
                let planes = [viewer.index(), 1 - viewer.index()];
                for (plane, seat) in planes.into_iter().enumerate() {
                    for row in 0..HEIGHT {
                        for col in 0..WIDTH {
                            let stone = g.stones[seat] & cell(col, row) != 0;
                            let seen = out[(plane * HEIGHT + row) * WIDTH + col];
                            assert_eq!(seen, if stone { 1.0 } else { 0.0 }, "{g:?} {col} {row}");
                        }
                    }
                }
            }
        }
    }
}
