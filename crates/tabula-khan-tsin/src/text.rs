//! The board drawn as plain text for terminals (`board_text`): the dragon track folded in
//! three rows of 12 squares, snaking (1→12, then 13→24 drawn right to left under 12…1, then
//! 25→36), so that neighbouring squares stay side by side; square 36 joins square 1. Each
//! square shows its stack standing upward (bottom token lowest), its number and its value.

use crate::params::{Colour, SQUARES};
use crate::state::{KhanTsin, Phase, Status};
use std::fmt::Write;

const ROW: usize = 12;
const CELL: usize = 4;

fn seat_label(game: &KhanTsin, seat: usize) -> String {
    format!("{} (seat {})", game.seats.colour(seat).name(), seat + 1)
}

/// Draws one row of 12 squares (in the given drawing order).
fn draw_row(game: &KhanTsin, label: &str, squares: &[usize], out: &mut String) {
    let tallest = squares
        .iter()
        .map(|&sq| game.stacks[sq].height())
        .max()
        .unwrap_or(0)
        .max(1);
    let _ = writeln!(out, "  {label}");
    for level in (0..tallest).rev() {
        let mut line = String::from("         ");
        for &sq in squares {
            let s = game.stacks[sq];
            let cell = if level < s.height() {
                let c = Colour::from_code(s.code_at(level));
                if level + 1 == s.height() && game.khan_on_top(sq) {
                    c.khan_letter()
                } else {
                    c.letter()
                }
            } else if level == 0 {
                '.'
            } else {
                ' '
            };
            let _ = write!(line, "{cell:>CELL$}");
        }
        let _ = writeln!(out, "{}", line.trim_end());
    }
    let mut numbers = String::from("  square ");
    let mut values = String::from("  value  ");
    for &sq in squares {
        let _ = write!(numbers, "{:>CELL$}", sq + 1);
        let _ = write!(values, "{:>CELL$}", game.layout.value(sq));
    }
    let _ = writeln!(out, "{numbers}\n{values}");
}

/// The whole board and the game's status.
pub(crate) fn draw(game: &KhanTsin) -> String {
    let mut out = String::new();
    let players = game.seats.len();
    let seats: Vec<String> = (0..players).map(|s| seat_label(game, s)).collect();
    let _ = write!(out, "Khan-Tsin, {players} players: {}", seats.join(", "));
    match game.seats.neutral() {
        Some(n) => {
            let _ = writeln!(out, "; {} is neutral", n.name());
        }
        None => out.push('\n'),
    }
    let first: Vec<usize> = (0..ROW).collect();
    let second: Vec<usize> = (ROW..2 * ROW).rev().collect();
    let third: Vec<usize> = (2 * ROW..SQUARES).collect();
    draw_row(game, "squares 1 -> 12 (then down to 13)", &first, &mut out);
    draw_row(
        game,
        "squares 24 <- 13 (then down to 25)",
        &second,
        &mut out,
    );
    draw_row(game, "squares 25 -> 36 (then back to 1)", &third, &mut out);
    out.push_str(
        "  Stacks read upward (bottom token lowest); w g b tokens, W G B Khans, . empty.\n  \
         Values: 1 single, 2 double, 3 triple.\n",
    );
    let to_move = seat_label(game, game.to_move as usize);
    match (game.phase(), game.status) {
        (Phase::Placement, _) => {
            let value = match game.placement_value() {
                3 => "triple",
                2 => "double",
                _ => "single",
            };
            let _ = writeln!(
                out,
                "Setup: {to_move} places a token on an empty {value} square (K@<square> for \
                 the Khan, T@<square> for an ordinary token)."
            );
        }
        (Phase::Movement, _) => {
            let _ = writeln!(out, "To move: {to_move}.");
        }
        (_, Status::Won(s)) => {
            let _ = writeln!(
                out,
                "Game over: {} wins (a 9-stack topped by its Khan).",
                seat_label(game, s as usize)
            );
        }
        (_, Status::Stalled) => {
            out.push_str("Game over: draw, no seat can move (R5).\n");
        }
        (_, Status::Repetition) => {
            out.push_str("Game over: draw by repetition, a position occurred a third time (R9).\n");
        }
        (_, _) => {
            out.push_str("Game over: draw, ply limit reached (R6).\n");
        }
    }
    let _ = write!(out, "Plies played: {}", game.limit.plies);
    if let Some(max) = game.limit.max {
        let _ = write!(out, " of at most {max}");
    }
    out.push('\n');
    out
}
