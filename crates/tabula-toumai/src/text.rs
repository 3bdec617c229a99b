//! The board drawn as plain text for terminals: one row per line from the board's edge
//! (square 1) to the star, the top pawn in brackets, then the seats with their wands (and,
//! during setup, the pawns in hand), the neutral colour and the status.
//!
//! ```text
//! line  1    2    3    4    5    6    star
//!   a   Y1  [YM]  .    .    .    .     *
//! ```

use crate::board::{height, line_letter, pawn_at};
use crate::pawn::{Colour, Kind, colour_of, kind_of};
use crate::state::{Phase, Status, Toumai};
use std::fmt::Write;

impl Toumai {
    pub(crate) fn draw(&self) -> String {
        let mut out = String::new();
        let _ = writeln!(out, "line  1    2    3    4    5    6    star");
        for (i, &l) in self.lines.iter().enumerate() {
            let h = height(l);
            let _ = write!(out, "  {}  ", line_letter(i));
            for sq in 0..6 {
                if sq < h {
                    let p = pawn_at(l, sq);
                    let c = colour_of(p);
                    let kind = if self.seats.is_neutral(c) {
                        'N'
                    } else {
                        Kind::from_index(kind_of(p)).letter()
                    };
                    let letter = Colour::from_index(c).letter();
                    if sq + 1 == h {
                        let _ = write!(out, "[{letter}{kind}] ");
                    } else {
                        let _ = write!(out, " {letter}{kind}  ");
                    }
                } else {
                    let _ = write!(out, " .   ");
                }
            }
            let _ = writeln!(out, " *");
        }
        let seats: Vec<String> = (0..self.seats.n)
            .map(|s| {
                let mut t = format!(
                    "{} {} (seat {}): {} wand{}",
                    self.seats.colour_of(s).name(),
                    self.seats.colour_of(s).letter(),
                    s + 1,
                    self.wands[s as usize],
                    if self.wands[s as usize] == 1 { "" } else { "s" }
                );
                if self.last_swap & (1 << s) != 0 {
                    t.push_str(", swapped last turn");
                }
                t
            })
            .collect();
        let _ = writeln!(out, "Seats: {}", seats.join("; "));
        if self.in_setup() {
            for s in 0..self.seats.n {
                let colour = self.seats.colour_of(s);
                let hand = self.hand(colour.index() as u8);
                let kinds: Vec<String> = Kind::ALL
                    .iter()
                    .flat_map(|k| std::iter::repeat_n(k.letter(), hand[k.index()] as usize))
                    .map(|k| format!("{}{k}", colour.letter()))
                    .collect();
                let _ = writeln!(out, "In hand, {}: {}", colour.name(), kinds.join(" "));
            }
        }
        if let Some(n) = self.neutral_colour() {
            let _ = writeln!(out, "Neutral: {} (face down, {}N)", n.name(), n.letter());
        }
        let mover = self.to_move_colour().name();
        let status = match self.status {
            Status::Playing => match self.phase() {
                Phase::PlacementRound1 => {
                    format!("setup round 1: {mover} places on a first square")
                }
                Phase::PlacementRound2 => {
                    format!("setup round 2: {mover} places on a second square")
                }
                Phase::Play => format!("{mover} to move"),
            },
            Status::Won(s) => format!("{} wins with 3 wands", self.seats.colour_of(s).name()),
            Status::Drawn => "draw: every line is topped by a neutral pawn (R10)".to_string(),
            Status::PlyLimit => "draw: ply limit reached (R11)".to_string(),
            Status::Repetition => {
                "draw by repetition: a position occurred a third time (R14)".to_string()
            }
        };
        let _ = writeln!(out, "{status}");
        out
    }
}
