//! The position ([`TicTacToe`]), its action ([`Cell`]) and its parameters ([`Params`]).

use serde::{Deserialize, Serialize};
use tabula_core::{EndReason, Outcome, Seat};

/// The parameters of a game: only the player count, which must be 2.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Params {
    /// The number of players: always 2.
    pub players: usize,
}

impl Default for Params {
    fn default() -> Self {
        Params { players: 2 }
    }
}

/// An action: marking one cell, 0–8 row by row from the top left (written 1–9).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Cell(pub u8);

/// A position: each cell's mark (the seat that marked it) and the seat to move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TicTacToe {
    pub(crate) cells: [Option<Seat>; 9],
    pub(crate) to_move: Seat,
}

/// The eight lines of three cells.
const LINES: [[usize; 3]; 8] = [
    [0, 1, 2],
    [3, 4, 5],
    [6, 7, 8],
    [0, 3, 6],
    [1, 4, 7],
    [2, 5, 8],
    [0, 4, 8],
    [2, 4, 6],
];

impl TicTacToe {
    /// The empty grid, Red (seat 1) to move.
    pub fn empty() -> TicTacToe {
        TicTacToe {
            cells: [None; 9],
            to_move: Seat(0),
        }
    }

    /// The seat with three marks in a line, if any.
    pub fn winner(&self) -> Option<Seat> {
        LINES.iter().find_map(|&[a, b, c]| {
            let seat = self.cells[a]?;
            (self.cells[b] == Some(seat) && self.cells[c] == Some(seat)).then_some(seat)
        })
    }

    /// The result once the game is over: a line of three wins, a full grid is a draw.
    pub fn result(&self) -> Option<Outcome> {
        match self.winner() {
            Some(seat) => Some(Outcome::win(seat, 2)),
            None if self.cells.iter().all(Option::is_some) => {
                Some(Outcome::draw(2, EndReason::Draw))
            }
            None => None,
        }
    }

    /// How many lines `seat` may still complete (no mark of the other seat in them) and how
    /// many of those it has started.
    pub(crate) fn open_lines(&self, seat: Seat) -> (usize, usize) {
        let open = LINES
            .iter()
            .filter(|line| line.iter().all(|&i| self.cells[i] != Some(other(seat))));
        open.fold((0, 0), |(all, started), line| {
            let mine = line.iter().any(|&i| self.cells[i] == Some(seat));
            (all + 1, started + usize::from(mine))
        })
    }
}

/// The other seat.
pub(crate) fn other(seat: Seat) -> Seat {
    Seat(1 - seat.0)
}
