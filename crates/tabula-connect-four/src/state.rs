//! The position ([`ConnectFour`]), its action ([`Column`]), its parameters ([`Params`]) and the
//! rules that change a position: dropping a stone, detecting a four and a full board.

use crate::bitboard::{CELLS, HEIGHT, WIDTH, bottom_cell, column_mask, has_four, top_cell};
use serde::{Deserialize, Serialize};
use std::fmt;
use tabula_core::{ParamsError, Seat};

/// The parameters of a game. Connect Four has none beyond the player count.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Params {
    /// The number of players: always 2.
    pub players: usize,
}

impl Default for Params {
    fn default() -> Self {
        Params {
            players: crate::DESCRIPTION.default_players,
        }
    }
}

impl Params {
    /// Checks the parameters.
    pub fn check(&self) -> Result<(), ParamsError> {
        crate::DESCRIPTION.check_players(self.players, self.players)?;
        Ok(())
    }
}

/// An action: dropping a stone into a column. Shown to players as the column number 1–7
/// (left to right); [`Column::index`] is 0-based.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Column(u8);

impl Column {
    /// Column 1.
    pub const LEFT: Column = Column(0);
    /// Every column, left to right.
    pub const ALL: [Column; WIDTH] = [
        Column(0),
        Column(1),
        Column(2),
        Column(3),
        Column(4),
        Column(5),
        Column(6),
    ];

    /// The column with 0-based index `index` (0–6).
    pub fn from_index(index: usize) -> Option<Column> {
        (index < WIDTH).then_some(Column(index as u8))
    }

    /// The column players call `number` (1–7).
    pub fn from_number(number: usize) -> Option<Column> {
        number.checked_sub(1).and_then(Column::from_index)
    }

    /// Every column, left to right.
    pub fn all() -> impl Iterator<Item = Column> {
        (0..WIDTH as u8).map(Column)
    }

    /// The 0-based index, 0 (left) to 6.
    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// The 1-based number players see.
    pub fn number(self) -> usize {
        self.0 as usize + 1
    }
}

impl fmt::Display for Column {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.number())
    }
}

/// Where the game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// The game goes on.
    Playing,
    /// The seat completed a four.
    Won(Seat),
    /// The board is full and nobody has a four.
    Draw,
}

/// A Connect Four position: the stones of each seat as bitboards (see [`crate::bitboard`]).
/// Seat 1 (`x`) moves first. 24 bytes, `Copy`-cheap to clone.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ConnectFour {
    pub(crate) stones: [u64; 2],
    pub(crate) plies: u8,
    pub(crate) status: Status,
}

impl Default for ConnectFour {
    fn default() -> Self {
        ConnectFour::empty()
    }
}

impl ConnectFour {
    /// The empty board, `x` to move.
    pub fn empty() -> ConnectFour {
        ConnectFour {
            stones: [0, 0],
            plies: 0,
            status: Status::Playing,
        }
    }

    /// A position from bitboards, checked by the notation reader (see
    /// [`crate::notation`]); `stones[0]` are `x`'s.
    pub(crate) fn from_stones(stones: [u64; 2]) -> ConnectFour {
        let plies = (stones[0] | stones[1]).count_ones() as u8;
        let mut game = ConnectFour {
            stones,
            plies,
            status: Status::Playing,
        };
        game.status = game.compute_status();
        game
    }

    fn compute_status(&self) -> Status {
        for seat in 0..2 {
            if has_four(self.stones[seat]) {
                return Status::Won(Seat(seat as u8));
            }
        }
        if self.plies as u32 == CELLS {
            Status::Draw
        } else {
            Status::Playing
        }
    }

    /// The seat whose turn it is by the stone count (also after the game ended).
    #[inline]
    pub fn side_to_move(&self) -> Seat {
        Seat(self.plies & 1)
    }

    /// Whether the game goes on, was won, or is drawn.
    #[inline]
    pub fn status(&self) -> Status {
        self.status
    }

    /// Stones played so far.
    pub fn plies(&self) -> u32 {
        self.plies as u32
    }

    /// The occupied cells.
    #[inline]
    pub fn occupied(&self) -> u64 {
        self.stones[0] | self.stones[1]
    }

    /// The stones of `seat` (0: `x`, 1: `o`) as a bitboard.
    pub fn stones(&self, seat: Seat) -> u64 {
        self.stones[seat.index() & 1]
    }

    /// The stone in column `column`, row `row` (0-based, row 0 at the bottom).
    pub fn stone_at(&self, column: usize, row: usize) -> Option<Seat> {
        if column >= WIDTH || row >= HEIGHT {
            return None;
        }
        let bit = crate::bitboard::cell(column, row);
        (0..2)
            .find(|&s| self.stones[s] & bit != 0)
            .map(|s| Seat(s as u8))
    }

    /// How many stones column `c` holds.
    pub fn height(&self, c: Column) -> usize {
        (self.occupied() & column_mask(c.index())).count_ones() as usize
    }

    /// Whether a stone may be dropped into `c` now (game on, column not full).
    #[inline]
    pub fn can_drop(&self, c: Column) -> bool {
        self.status == Status::Playing && self.occupied() & top_cell(c.index()) == 0
    }

    /// The columns that are not full, as a bit set (bit `c` for column index `c`); empty when
    /// the game is over.
    #[inline]
    pub fn open_columns(&self) -> u8 {
        if self.status != Status::Playing {
            return 0;
        }
        crate::bitboard::open_columns(self.occupied())
    }

    /// Drops a stone of the side to move into `c`. Unchecked: `c` must not be full and the
    /// game must be on (debug-asserted).
    #[inline]
    pub fn drop_stone(&mut self, c: Column) {
        debug_assert!(self.can_drop(c), "illegal drop in column {c}");
        let mover = (self.plies & 1) as usize;
        // The column is not full, so its lowest empty cell is within it.
        let col = c.index();
        let cell = (self.occupied() + bottom_cell(col)) & column_mask(col);
        self.stones[mover] |= cell;
        self.plies += 1;
        if has_four(self.stones[mover]) {
            self.status = Status::Won(Seat(mover as u8));
        } else if self.plies as u32 == CELLS {
            self.status = Status::Draw;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_position_is_small() {
        assert_eq!(std::mem::size_of::<ConnectFour>(), 24);
        assert_eq!(std::mem::size_of::<Column>(), 1);
    }
}
