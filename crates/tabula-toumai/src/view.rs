//! What a UI needs to draw the game, as a serde struct (the web UI reads it as JSON). Toumaï
//! has no hidden information: every seat and spectator sees the same view.
//!
//! Fields of [`View`]:
//! - `position`: the position in notation.
//! - `phase`: `placement_round1`, `placement_round2` or `play` (a finished game is in `play`).
//! - `lines`: the 9 lines `a`…`i` (clockwise around the star), each with its `pawns` from
//!   square 1 (the board's edge) up to the top pawn (nearest the star, square 6 at most).
//!   A pawn has `code` (`Y1`, `RM`, `BN`), `colour` (`Y`, `R`, `B`), `kind` (`1`, `2`, `3`,
//!   `M`, or `null` for a face-down neutral pawn), `neutral`, `square` (1–6) and `top`.
//! - `seats`: per seat (in turn order): `seat` (1-based), `colour`, `name`, `wands`,
//!   `swapped_last_turn` (R8: may not swap now) and `in_hand` (kinds still to place in setup).
//! - `neutral`: the neutral colour's letter (2 players) or `null`.
//! - `to_move`: the colour to act (to place during setup), `null` when the game is over;
//!   `to_move_seat`: its 1-based seat.
//! - `last_swap`: the colours whose previous turn was a swap.
//! - `wands_total`: wands beside the board at the start (5 or 7); `wands_left`: still there.
//! - `plies`, `max_plies`: actions played since the start (or since the position was read)
//!   and the optional ply limit (R11).
//! - `outcome`: `null` while playing; else `reason` (`win`, `draw`, `repetition`, `ply_limit`), `winner`
//!   (1-based seat or `null`) and `winner_colour`.

use crate::board::{height, line_letter, pawn_at};
use crate::pawn::{Colour, Kind, colour_of, kind_of};
use crate::state::{Phase, Status, Toumai};
use serde::Serialize;

/// The position as a UI sees it (the same for every seat); see the module docs.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct View {
    /// The position in notation.
    pub position: String,
    /// Placement round 1 or 2, or play.
    pub phase: Phase,
    /// The 9 lines `a`…`i`, clockwise around the star.
    pub lines: Vec<LineView>,
    /// Per seat, in turn order.
    pub seats: Vec<SeatView>,
    /// The neutral colour's letter (2 players).
    pub neutral: Option<char>,
    /// The colour to act (`None` when the game is over).
    pub to_move: Option<char>,
    /// The 1-based seat to act.
    pub to_move_seat: Option<usize>,
    /// The colours whose previous turn was a swap (R8).
    pub last_swap: Vec<char>,
    /// Wands beside the board at the start (5, or 7 with 3 players).
    pub wands_total: u8,
    /// Wands still beside the board.
    pub wands_left: u8,
    /// Actions played since the start (or since the position was read).
    pub plies: u32,
    /// The ply limit (R11), if any.
    pub max_plies: Option<u32>,
    /// How the game ended; `None` while playing.
    pub outcome: Option<OutcomeView>,
}

/// One line of the board.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct LineView {
    /// `a`…`i`.
    pub name: char,
    /// From square 1 (edge) to the top pawn.
    pub pawns: Vec<PawnView>,
}

/// One pawn on a line.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PawnView {
    /// Colour and kind letters (`Y1`, `RM`; `BN` for a face-down neutral pawn).
    pub code: String,
    /// The colour letter (`Y`, `R`, `B`).
    pub colour: char,
    /// `None` for a face-down neutral pawn.
    pub kind: Option<char>,
    /// Whether the pawn is of the neutral colour (face down).
    pub neutral: bool,
    /// 1 (edge) to 6 (next to the star).
    pub square: u8,
    /// Whether it is the line's top pawn (nearest the star).
    pub top: bool,
}

/// One seat.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SeatView {
    /// 1-based.
    pub seat: usize,
    /// The seat's colour letter.
    pub colour: char,
    /// The colour's name (`Yellow`).
    pub name: &'static str,
    /// Wands won.
    pub wands: u8,
    /// Whether its previous turn was a swap (R8: it may not swap now).
    pub swapped_last_turn: bool,
    /// Kinds still to place during setup (`1`, `2`, `3`, `M`), empty in play.
    pub in_hand: Vec<char>,
}

/// How a finished game ended.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct OutcomeView {
    /// `win`, `draw` (R10) or `ply_limit` (R11).
    pub reason: &'static str,
    /// The winning seat, 1-based (`None` for a draw or the ply limit).
    pub winner: Option<usize>,
    /// The winner's colour letter.
    pub winner_colour: Option<char>,
}

impl Toumai {
    pub(crate) fn make_view(&self) -> View {
        let lines = self
            .lines
            .iter()
            .enumerate()
            .map(|(i, &l)| LineView {
                name: line_letter(i),
                pawns: (0..height(l))
                    .map(|sq| {
                        let p = pawn_at(l, sq);
                        let colour = Colour::from_index(colour_of(p));
                        let neutral = self.seats.is_neutral(colour_of(p));
                        let kind = (!neutral).then(|| Kind::from_index(kind_of(p)).letter());
                        PawnView {
                            code: format!("{}{}", colour.letter(), kind.unwrap_or('N')),
                            colour: colour.letter(),
                            kind,
                            neutral,
                            square: sq as u8 + 1,
                            top: sq + 1 == height(l),
                        }
                    })
                    .collect(),
            })
            .collect();
        let seats = (0..self.seats.n)
            .map(|s| {
                let colour = self.seats.colour_of(s);
                let hand = self.hand(colour.index() as u8);
                SeatView {
                    seat: s as usize + 1,
                    colour: colour.letter(),
                    name: colour.name(),
                    wands: self.wands[s as usize],
                    swapped_last_turn: self.last_swap & (1 << s) != 0,
                    in_hand: Kind::ALL
                        .iter()
                        .flat_map(|k| std::iter::repeat_n(k.letter(), hand[k.index()] as usize))
                        .collect(),
                }
            })
            .collect();
        let playing = self.status == Status::Playing;
        let wands_total = if self.seats.n == 3 { 7 } else { 5 };
        let given: u8 = self.wands.iter().sum();
        let outcome = match self.status {
            Status::Playing => None,
            Status::Won(s) => Some(OutcomeView {
                reason: "win",
                winner: Some(s as usize + 1),
                winner_colour: Some(self.seats.colour_of(s).letter()),
            }),
            Status::Drawn => Some(OutcomeView {
                reason: "draw",
                winner: None,
                winner_colour: None,
            }),
            Status::PlyLimit => Some(OutcomeView {
                reason: "ply_limit",
                winner: None,
                winner_colour: None,
            }),
            Status::Repetition => Some(OutcomeView {
                reason: "repetition",
                winner: None,
                winner_colour: None,
            }),
        };
        View {
            position: crate::notation::format_position(self),
            phase: self.phase(),
            lines,
            seats,
            neutral: self.neutral_colour().map(Colour::letter),
            to_move: playing.then(|| self.to_move_colour().letter()),
            to_move_seat: playing.then_some(self.to_move as usize + 1),
            last_swap: (0..self.seats.n)
                .filter(|s| self.last_swap & (1 << s) != 0)
                .map(|s| self.seats.colour_of(s).letter())
                .collect(),
            wands_total,
            wands_left: wands_total.saturating_sub(given),
            plies: self.limit.plies,
            max_plies: self.limit.max,
            outcome,
        }
    }
}
