//! The placement phase: whose turn it is to place (R1, R12), which pawns are still in hand,
//! the automatic neutral placement of 2-player games, the check that a setup position in
//! notation is one the placement schedule reaches, and the random setup. With
//! `placement_round2 = "same"` round 2 keeps round 1's order (first seat 9–11 and so on).
//!
//! Schedule (k = pawns on the board before the placement):
//! - 3 players: round 1 (first squares) Yellow places k = 0–2, Red 3–5, Blue 6–8; round 2
//!   (second squares) Blue 9–11, Red 12–14, Yellow 15–17.
//! - 2 players: round 1 first seat 0–2, second seat 3–5, then the 3 neutral pawns fill the
//!   empty first squares at once (k jumps from 6 to 9); round 2 second seat 9–11, first seat
//!   12–14, then the neutral pawns fill the last 3 second squares (k jumps from 15 to 18).

use crate::board::{height, line_letter, pawn_at, push};
use crate::pawn::{Colour, FULL_SET, MAGICIAN, colour_of, kind_of, pawn};
use crate::state::{ALL_PAWNS, Toumai};
use tabula_core::{GameRng, PositionError};

/// The seat that places when `k` pawns are on the board, or `None` when no setup state has
/// `k` pawns (2 players: 6–8 and 15–17) or setup is over.
/// With `same` (`placement_round2 = "same"`), round 2 keeps round 1's order instead of R1's
/// reversed order.
pub(crate) fn placer(seats: u8, k: u8, same: bool) -> Option<u8> {
    let round2 = |i: u8| if same { i } else { seats - 1 - i };
    match (seats, k) {
        (3, 0..=8) | (2, 0..=5) => Some(k / 3),
        (3, 9..=17) | (2, 9..=14) => Some(round2((k - 9) / 3)),
        _ => None,
    }
}

impl Toumai {
    /// How many pawns of each kind the colour still has in hand.
    pub(crate) fn hand(&self, colour: u8) -> [u8; 4] {
        let mut hand = FULL_SET;
        for &l in &self.lines {
            for i in 0..height(l) {
                let p = pawn_at(l, i);
                if colour_of(p) == colour {
                    hand[kind_of(p) as usize] = hand[kind_of(p) as usize].saturating_sub(1);
                }
            }
        }
        hand
    }

    /// Places a pawn of the mover (unchecked), fills neutral squares when a 2-player round
    /// ends, and passes the turn along the schedule.
    pub(crate) fn apply_place(&mut self, kind: u8, line: usize) {
        let colour = self.mover_colour();
        self.lines[line] = push(self.lines[line], pawn(colour, kind));
        self.on_board += 1;
        if let Some(neutral) = self.seats.neutral() {
            // Round 1 ends at 6 placed pawns, round 2 at 15: the neutral pawns fill in.
            let fill_height = match self.on_board {
                6 => Some(0),
                15 => Some(1),
                _ => None,
            };
            if let Some(h) = fill_height {
                for l in self.lines.iter_mut() {
                    if height(*l) == h {
                        *l = push(*l, pawn(neutral, 0));
                        self.on_board += 1;
                    }
                }
            }
        }
        self.to_move = placer(self.seats.n, self.on_board, self.variant.round2_same()).unwrap_or(0);
    }

    /// Plays the whole placement phase with uniformly random placements.
    pub(crate) fn place_randomly(&mut self, rng: &mut GameRng) {
        use rand::RngExt;
        let mut actions = Vec::with_capacity(40);
        while self.in_setup() && self.status == crate::state::Status::Playing {
            self.legal_into(&mut actions);
            if actions.is_empty() {
                break;
            }
            let a = actions[rng.random_range(0..actions.len())];
            tabula_core::Game::apply(self, a);
        }
    }
}

/// Checks that a board with fewer than 18 pawns is one the placement schedule reaches, and
/// returns the seat that places next. Pawn kinds per colour were checked before.
pub(crate) fn check_setup_board(game: &Toumai) -> Result<u8, PositionError> {
    let seats = game.seats;
    let k = game.on_board;
    let Some(placer_seat) = placer(seats.n, k, game.variant.round2_same()) else {
        return Err(PositionError::new(
            "lines",
            format!(
                "{k} pawns on the board: during a 2-player setup the 3 neutral pawns fill the \
                 empty first squares as soon as 6 pawns are placed, and the last 3 second \
                 squares as soon as 15 are, so a position holds 0–5, 9–14 or all 18 pawns"
            ),
        ));
    };
    let round1 = k < 9;
    // Pawns per seat (and neutral) on squares 1 and 2.
    let mut first = [0u8; 3];
    let mut second = [0u8; 3];
    for (i, &l) in game.lines.iter().enumerate() {
        let h = height(l);
        let line = format!("line {}", line_letter(i));
        if round1 && h > 1 {
            return Err(PositionError::new(
                line,
                format!("{h} pawns while round 1 of setup fills first squares ({k} pawns placed)"),
            ));
        }
        if !round1 && h == 0 {
            return Err(PositionError::new(
                line,
                format!("empty while round 2 of setup has begun ({k} pawns placed)"),
            ));
        }
        if h > 2 {
            return Err(PositionError::new(
                line,
                format!("{h} pawns during setup (a line gets 2)"),
            ));
        }
        for sq in 0..h {
            let p = pawn_at(l, sq);
            let c = colour_of(p);
            let neutral = seats.is_neutral(c);
            if sq == 0 {
                if !neutral && kind_of(p) == MAGICIAN {
                    return Err(PositionError::new(
                        line,
                        "a magician on square 1: magicians are placed in round 2, on second \
                         squares",
                    ));
                }
                first[c as usize] += 1;
            } else {
                if neutral {
                    return Err(PositionError::new(
                        line,
                        "a neutral pawn on square 2 before setup is over (the neutral pawns \
                         take the last 3 second squares when round 2 ends)",
                    ));
                }
                second[c as usize] += 1;
            }
        }
    }
    // Expected counts: seats place 3 each in turn order (round 1) or reversed (round 2).
    let mut expect_first = [0u8; 3];
    let mut expect_second = [0u8; 3];
    for s in 0..seats.n {
        let c = seats.colour[s as usize] as usize;
        if round1 {
            expect_first[c] = k.saturating_sub(3 * s).min(3);
        } else {
            expect_first[c] = 3;
            let pos = if game.variant.round2_same() {
                s
            } else {
                seats.n - 1 - s
            };
            expect_second[c] = (k - 9).saturating_sub(3 * pos).min(3);
        }
    }
    if let Some(n) = seats.neutral() {
        expect_first[n as usize] = if round1 { 0 } else { 3 };
    }
    if first != expect_first || second != expect_second {
        let describe = |counts: [u8; 3]| {
            Colour::ALL
                .iter()
                .map(|c| format!("{} {}", c.letter(), counts[c.index()]))
                .collect::<Vec<_>>()
                .join(", ")
        };
        let order = if round1 {
            "round 1 places 3 pawns per seat in turn order on first squares"
        } else if game.variant.round2_same() {
            "round 2 places 3 pawns per seat in turn order on second squares \
             (placement_round2 = same)"
        } else {
            "round 2 places 3 pawns per seat in reverse turn order on second squares (R1)"
        };
        return Err(PositionError::new(
            "lines",
            format!(
                "{k} pawns placed, but {order}: expected first squares {} and second squares \
                 {}, found first squares {} and second squares {}",
                describe(expect_first),
                describe(expect_second),
                describe(first),
                describe(second)
            ),
        ));
    }
    debug_assert!(k < ALL_PAWNS);
    Ok(placer_seat)
}
