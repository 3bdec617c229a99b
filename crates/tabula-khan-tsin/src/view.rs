//! What a UI needs to draw a Khan-Tsin game (serialised as JSON by the registry and server).
//! Nothing is hidden: every viewer gets the same view.
//!
//! Fields of [`View`]:
//! - `squares`: the 36 squares in track order (square 36 is next to square 1), each with
//!   `square` (1…36), `value` (1 single, 2 double, 3 triple) and `tokens`, bottom to top, each
//!   `{ "colour": "white" | "green" | "blue", "khan": bool }` (`khan` only for a playing
//!   colour's Khan, always the top token; the neutral Khan is an ordinary token, R2).
//! - `layout`: the 36 square values as the `--layout` digits.
//! - `seats`: per seat (turn order), `seat` (1-based), `colour`, `khan_square` (1…36, `null`
//!   before the Khan is placed), `tokens_placed` (during setup: how many of its 12),
//!   `stacks_controlled` (stacks its colour tops) and `can_move` (movement phase).
//! - `neutral`: the neutral colour with 2 players, else `null`.
//! - `to_move`: the seat (1-based) to act, `null` once the game is over.
//! - `phase`: `placement`, `movement` or `over`.
//! - `placement`: during setup, `{ "value": 3|2|1, "khan_allowed", "token_allowed" }`: the
//!   value class the placer must use and which tokens it may place.
//! - `outcome`: once over, `{ "reason": "win" | "draw" | "ply_limit", "winner": seat or null }`.
//! - `plies`, `max_plies`: plies played (since the start or since the position was read) and
//!   the optional ply limit (R6).
//! - `notation`: the position in notation.

use crate::params::{Colour, SQUARES};
use crate::state::{KhanTsin, Phase, Status, TOKENS_PER_COLOUR};
use serde::Serialize;
use tabula_core::EndReason;

/// The position as a UI sees it (the same for every viewer); see the module docs.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct View {
    /// The 36 squares in track order.
    pub squares: Vec<SquareView>,
    /// The square values as the `--layout` digits.
    pub layout: String,
    /// Per seat, in turn order.
    pub seats: Vec<SeatView>,
    /// The neutral colour (2 players).
    pub neutral: Option<Colour>,
    /// The 1-based seat to act; `None` once the game is over.
    pub to_move: Option<usize>,
    /// Placement, movement or over.
    pub phase: Phase,
    /// What the placer may place (setup only).
    pub placement: Option<PlacementView>,
    /// How the game ended; `None` while playing.
    pub outcome: Option<OutcomeView>,
    /// Plies played since the start (or since the position was read).
    pub plies: u32,
    /// The ply limit (R6), if any.
    pub max_plies: Option<u32>,
    /// The position in notation.
    pub notation: String,
}

/// One square of the track.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SquareView {
    /// 1…36.
    pub square: usize,
    /// 1 single, 2 double, 3 triple.
    pub value: u8,
    /// Its tokens, bottom to top.
    pub tokens: Vec<TokenView>,
}

/// One token of a stack.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct TokenView {
    /// Its colour.
    pub colour: Colour,
    /// Whether it is a playing colour's Khan (always a top token; R2).
    pub khan: bool,
}

/// One seat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SeatView {
    /// 1-based, in turn order.
    pub seat: usize,
    /// The seat's colour.
    pub colour: Colour,
    /// The square (1…36) of its Khan; `None` before it is placed.
    pub khan_square: Option<usize>,
    /// Tokens of its colour on the board (12 once setup is done).
    pub tokens_placed: usize,
    /// Stacks its colour tops.
    pub stacks_controlled: usize,
    /// Whether it has a move (movement phase).
    pub can_move: bool,
}

/// What the placer may place now.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct PlacementView {
    /// The value class (3, 2 or 1) the placer must use.
    pub value: u8,
    /// Whether it may still place its Khan.
    pub khan_allowed: bool,
    /// Whether it may still place an ordinary token.
    pub token_allowed: bool,
}

/// How a finished game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct OutcomeView {
    /// Win, draw, repetition or ply limit.
    pub reason: EndReason,
    /// The winning seat, 1-based.
    pub winner: Option<usize>,
}

impl View {
    /// The view of `game`.
    pub fn of(game: &KhanTsin) -> View {
        let squares = (0..SQUARES)
            .map(|sq| {
                let s = game.stack(sq);
                let h = s.height();
                SquareView {
                    square: sq + 1,
                    value: game.layout().value(sq),
                    tokens: s
                        .colours()
                        .enumerate()
                        .map(|(level, colour)| TokenView {
                            colour,
                            khan: level + 1 == h && game.khan_on_top(sq),
                        })
                        .collect(),
                }
            })
            .collect();
        let phase = game.phase();
        let seats = game
            .seats()
            .playing()
            .iter()
            .enumerate()
            .map(|(i, &colour)| SeatView {
                seat: i + 1,
                colour,
                khan_square: game.khan_square(colour).map(|k| k + 1),
                tokens_placed: (0..SQUARES)
                    .map(|sq| game.stack(sq).colours().filter(|&c| c == colour).count())
                    .sum(),
                stacks_controlled: game.tops[colour.index()].count_ones() as usize,
                can_move: phase == Phase::Movement && game.has_move(colour),
            })
            .collect::<Vec<_>>();
        let placement = (phase == Phase::Placement).then(|| {
            let me = &seats[game.to_move().index()];
            PlacementView {
                value: game.placement_value(),
                khan_allowed: me.khan_square.is_none(),
                token_allowed: me.tokens_placed - usize::from(me.khan_square.is_some())
                    < TOKENS_PER_COLOUR - 1,
            }
        });
        let outcome = match game.status {
            Status::Playing => None,
            Status::Won(s) => Some(OutcomeView {
                reason: EndReason::Win,
                winner: Some(s as usize + 1),
            }),
            Status::Stalled => Some(OutcomeView {
                reason: EndReason::Draw,
                winner: None,
            }),
            Status::Limit => Some(OutcomeView {
                reason: EndReason::PlyLimit,
                winner: None,
            }),
            Status::Repetition => Some(OutcomeView {
                reason: EndReason::Repetition,
                winner: None,
            }),
        };
        View {
            squares,
            layout: game.layout().to_text(),
            neutral: game.seats().neutral(),
            to_move: (phase != Phase::Over).then(|| game.to_move().number()),
            phase,
            placement,
            outcome,
            plies: game.plies(),
            max_plies: game.limit.max,
            notation: crate::notation::write_position(game),
            seats,
        }
    }
}
