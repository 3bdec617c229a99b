//! The notation of `RULES.md`: cells 1–9, positions `x.o/.x./... o` (the rows from the top,
//! then the mark to move). Reading validates: a position must be reachable in play.

use crate::state::{Cell, TicTacToe};
use tabula_core::{NotationError, PositionError, Seat};

/// The mark of each seat, seat 1 first.
const MARKS: [char; 2] = ['x', 'o'];

/// The rows from the top, `x`, `o` or `.` per cell.
pub(crate) fn rows(game: &TicTacToe) -> [String; 3] {
    let mark = |cell: Option<Seat>| cell.map_or('.', |seat| MARKS[seat.index()]);
    [0, 1, 2].map(|r| {
        game.cells[r * 3..r * 3 + 3]
            .iter()
            .map(|&c| mark(c))
            .collect()
    })
}

/// The position in notation.
pub(crate) fn write_position(game: &TicTacToe) -> String {
    format!("{} {}", rows(game).join("/"), MARKS[game.to_move.index()])
}

/// Reads and validates a position.
pub(crate) fn read_position(text: &str) -> Result<TicTacToe, PositionError> {
    let (grid, to_move) = text
        .split_once(' ')
        .ok_or_else(|| PositionError::new("position", "needs `<rows> <to-move>`"))?;
    let to_move = match to_move {
        "x" => Seat(0),
        "o" => Seat(1),
        other => {
            let message = format!("`{other}` is not a mark to move (x or o)");
            return Err(PositionError::new("to-move", message));
        }
    };
    let rows: Vec<&str> = grid.split('/').collect();
    if rows.len() != 3 || rows.iter().any(|r| r.chars().count() != 3) {
        return Err(PositionError::new(
            "rows",
            format!("`{grid}` is not 3 rows of 3 cells"),
        ));
    }
    let mut game = TicTacToe::empty();
    game.to_move = to_move;
    for (i, c) in rows.concat().chars().enumerate() {
        game.cells[i] = match c {
            '.' => None,
            'x' => Some(Seat(0)),
            'o' => Some(Seat(1)),
            other => {
                let message = format!("`{other}` is not a cell (x, o or .)");
                return Err(PositionError::new(format!("cell {}", i + 1), message));
            }
        };
    }
    check_reachable(&game)?;
    Ok(game)
}

/// Red marks first and the marks alternate; play stops at the first line of three.
fn check_reachable(game: &TicTacToe) -> Result<(), PositionError> {
    let count = |seat| {
        game.cells
            .iter()
            .filter(|&&c| c == Some(Seat(seat)))
            .count()
    };
    let (x, o) = (count(0), count(1));
    let expected = if x == o { Seat(0) } else { Seat(1) };
    if x != o && x != o + 1 {
        let message = format!("{x} x and {o} o: Red marks first, then the marks alternate");
        return Err(PositionError::new("rows", message));
    }
    if game.to_move != expected {
        let message = format!(
            "with {x} x and {o} o, {} is to move",
            MARKS[expected.index()]
        );
        return Err(PositionError::new("to-move", message));
    }
    if let Some(winner) = game.winner() {
        // The winner marked last, and that mark made every line on the grid.
        let made_every_line = |i: usize| {
            let mut before = game.clone();
            before.cells[i] = None;
            before.winner().is_none()
        };
        let last = Seat(1 - expected.0);
        let marks = (0..9).filter(|&i| game.cells[i] == Some(winner));
        if winner != last || !marks.into_iter().any(made_every_line) {
            return Err(PositionError::new(
                "rows",
                "play goes on after a line of three",
            ));
        }
    }
    Ok(())
}

/// Reads a cell, `1` to `9`.
pub(crate) fn read_cell(text: &str) -> Result<Cell, NotationError> {
    match text.trim().parse::<u8>() {
        Ok(n @ 1..=9) => Ok(Cell(n - 1)),
        _ => Err(NotationError::new(text, "a cell is a number from 1 to 9")),
    }
}
