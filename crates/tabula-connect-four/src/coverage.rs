//! Board coverage for the analysis (`tabula analyze`): the 42 cells, numbered
//! `row · 7 + column` from the bottom-left cell (row 0 at the bottom, column 0 at the
//! left); a drop uses the cell the stone comes to rest on.

use crate::bitboard::{HEIGHT, WIDTH};
use crate::{Column, ConnectFour};

impl ConnectFour {
    /// The cell `column`'s drop lands on now (`None`: the column is full).
    pub(crate) fn coverage_cell(&self, column: Column) -> Option<usize> {
        let row = self.height(column);
        (row < HEIGHT).then_some(row * WIDTH + column.index())
    }

    /// The number of cells (the board's spaces).
    pub(crate) const COVERAGE_SPACES: usize = WIDTH * HEIGHT;
}

#[cfg(test)]
mod tests {
    use super::*;
    use tabula_core::Game;

    #[test]
    fn drops_use_the_cell_they_land_on() {
        let mut g = ConnectFour::empty();
        assert_eq!(g.board_spaces(), Some(42));
        let mut out = Vec::new();
        let c = Column::from_index(3).unwrap();
        g.spaces_used(c, &mut out);
        assert_eq!(out, [3]);
        g.apply(c);
        g.spaces_used(c, &mut out);
        assert_eq!(out, [10], "the second stone in column 4 lands on row 1");
    }
}
