//! What a UI draws: the [`View`] (serialised as JSON for the web UI) and the board as text for
//! terminals. Connect Four hides nothing, so every seat and spectators see the same view.
//!
//! View fields:
//! - `rows`: 6 strings, top row first, 7 characters each: `.` empty, `x` seat 1, `o` seat 2
//!   (the board part of the notation);
//! - `to_move`: the seat to move, 1-based (`null` when the game is over);
//! - `status`: `"playing"`, `{"won": <seat index 0-based>}` or `"draw"`;
//! - `winner`: the winning seat, 1-based, or `null`;
//! - `legal_columns`: the columns (1–7) the side to move may play;
//! - `heights`: the number of stones in each column, left to right;
//! - `winning_cells`: `[column, row]` pairs, both 1-based (row 1 at the bottom), of the stones
//!   forming the winning four(s), for highlighting;
//! - `plies`: the number of stones played.

use crate::bitboard::{HEIGHT, WIDTH, cell, four_cells};
use crate::state::{Column, ConnectFour, Status};
use serde::Serialize;
use std::fmt::Write;

/// The position as a UI sees it; see the module docs for the fields.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct View {
    /// 6 rows, top first, 7 cells each: `.` empty, `x` seat 1, `o` seat 2.
    pub rows: Vec<String>,
    /// The seat to move, 1-based (`None` when the game is over).
    pub to_move: Option<usize>,
    /// Playing, won (0-based seat) or drawn.
    pub status: Status,
    /// The winning seat, 1-based.
    pub winner: Option<usize>,
    /// The columns (1–7) the side to move may play.
    pub legal_columns: Vec<usize>,
    /// Stones in each column, left to right.
    pub heights: Vec<usize>,
    /// `[column, row]` of the stones of the winning four(s), 1-based, row 1 at the bottom.
    pub winning_cells: Vec<[usize; 2]>,
    /// Stones played.
    pub plies: u32,
}

impl View {
    /// The view of `game` (the same for every seat and spectators).
    pub fn of(game: &ConnectFour) -> View {
        let winner = match game.status() {
            Status::Won(seat) => Some(seat),
            _ => None,
        };
        let fours = winner.map(|s| four_cells(game.stones(s))).unwrap_or(0);
        let mut winning_cells = Vec::new();
        for column in 0..WIDTH {
            for row in 0..HEIGHT {
                if fours & cell(column, row) != 0 {
                    winning_cells.push([column + 1, row + 1]);
                }
            }
        }
        View {
            rows: (0..HEIGHT).rev().map(|row| row_text(game, row)).collect(),
            to_move: (game.status() == Status::Playing).then(|| game.side_to_move().number()),
            status: game.status(),
            winner: winner.map(|s| s.number()),
            legal_columns: Column::all()
                .filter(|&c| game.can_drop(c))
                .map(Column::number)
                .collect(),
            heights: Column::all().map(|c| game.height(c)).collect(),
            winning_cells,
            plies: game.plies(),
        }
    }
}

/// Row `row` (0 at the bottom) as the board part of the notation writes it.
fn row_text(game: &ConnectFour, row: usize) -> String {
    let mut text = String::with_capacity(WIDTH);
    crate::notation::push_row(&mut text, game, row);
    text
}

/// The board as text: column numbers above, `x`/`o`/`.` cells, the winning four in upper
/// case, and a status line.
pub fn board_text(game: &ConnectFour) -> String {
    let winner = match game.status() {
        Status::Won(seat) => Some(seat),
        _ => None,
    };
    let fours = winner.map(|s| four_cells(game.stones(s))).unwrap_or(0);
    let mut out = String::new();
    out.push_str("  1 2 3 4 5 6 7\n");
    for row in (0..HEIGHT).rev() {
        out.push_str(" |");
        for column in 0..WIDTH {
            let highlighted = fours & cell(column, row) != 0;
            let ch = match (game.stone_at(column, row).map(|s| s.index()), highlighted) {
                (None, _) => '.',
                (Some(0), false) => 'x',
                (Some(0), true) => 'X',
                (Some(_), false) => 'o',
                (Some(_), true) => 'O',
            };
            out.push(ch);
            out.push(if column + 1 < WIDTH { ' ' } else { '|' });
        }
        out.push('\n');
    }
    out.push_str(" +-------------+\n");
    let _ = match game.status() {
        Status::Playing => writeln!(
            out,
            "{} to move (seat {}), ply {}",
            if game.side_to_move().index() == 0 {
                "x"
            } else {
                "o"
            },
            game.side_to_move().number(),
            game.plies() + 1
        ),
        Status::Won(seat) => writeln!(
            out,
            "{} (seat {}) wins with four in a row (shown in capitals)",
            if seat.index() == 0 { "x" } else { "o" },
            seat.number()
        ),
        Status::Draw => writeln!(out, "draw: the board is full"),
    };
    out
}
