//! # tabula-magical-circle
//!
//! The rules engine of Magical Circle (2014, 2–5 players), as specified by
//! `shared/rules/magical-circle.md` (the seed's turn sequence and the digital edition's
//! choices D1–D10) and the further rulings D11– written in `docs/rules/magical-circle.md`.
//!
//! - [`MagicalCircle`] implements [`tabula_core::Game`] (+ [`tabula_core::CandidateActions`],
//!   [`tabula_core::Zobrist`], [`tabula_core::Heuristic`]). Who acts: chance (the tokens'
//!   arrangement, then each revealed card drawn uniformly from the unseen part of the draw
//!   pile), every non-excluded seat at once during the race (`ToAct::Several`: `claim`,
//!   `vote`), the active seat during its attempt (`play:12`, `swap:25`), and the host, which
//!   alone may send `timeout` while an attempt runs. The engine never reads a clock.
//! - [`Params`]: player count, D3 (deck), D4 (swap values), D5 (hourglass seconds), D6
//!   (target) and an optional ply limit for automated play.
//! - The exact swap solver ([`solver`]): [`swap_distance`], [`reachable`],
//!   [`swap_sequence`], [`winning_plays`], [`solve_lines`] (the `tabula solve` output), with
//!   the input readers [`parse_arrangement`], [`parse_cards`], [`parse_hand`]; and for a game
//!   state [`MagicalCircle::winning_plans`], [`MagicalCircle::best_plan`] and
//!   [`MagicalCircle::solver_action`] for bots and hints.
//! - Notation: positions (module `notation`, documented in `docs/rules/magical-circle.md`),
//!   actions ([`Action`]); the [`View`] for the web UI and `board_text` for terminals.

#![warn(missing_docs)]

mod actions;
mod arrangement;
mod cards;
mod cli;
mod description;
mod encode;
mod game;
mod movegen;
mod notation;
mod params;
mod plan;
mod position_check;
mod puzzles;
mod rules;
pub mod solver;
mod state;
mod view;

pub use actions::Action;
pub use arrangement::{ARRANGEMENTS, Arrangement, ELEMENT_NAMES, LETTERS, PAIRS, PLACES, Pair};
pub use cards::{Card, Deck, Hand, MAX_DECK, MAX_VALUE};
pub use cli::{InputError, SOLVE, parse_arrangement, parse_cards, parse_hand, solve};
pub use description::DESCRIPTION;
pub use params::{MAX_TARGET, Params};
pub use plan::Plan;
pub use puzzles::{MAX_LINES, fewest_swap_lines};
pub use solver::{
    MAX_K, Swaps, Win, formula_reachable, reachable, solve_lines, swap_distance, swap_sequence,
    winning_plays,
};
pub use state::{MagicalCircle, Phase};
pub use view::{AttemptView, SeatView, View};

/// Read-only accessors for hosts, bots and tests.
impl MagicalCircle {
    /// Where the game stands.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The tokens (meaningless before setup).
    pub fn arrangement(&self) -> Arrangement {
        self.arr
    }

    /// The deck of magic cards the game plays with (D3).
    pub fn deck(&self) -> Deck {
        self.cfg.deck
    }

    /// The revealed cards, in the order revealed.
    pub fn revealed(&self) -> Vec<Arrangement> {
        self.revealed_slice()
            .iter()
            .map(|&c| self.cfg.deck.arrangement(c))
            .collect()
    }

    /// The swap cards `seat` holds (none for a seat not in the game).
    pub fn hand(&self, seat: tabula_core::Seat) -> Hand {
        self.seat_in_game(seat)
            .map_or(Hand::EMPTY, |i| self.hands[i])
    }

    /// The swap cards face up in front of `seat`.
    pub fn face_up(&self, seat: tabula_core::Seat) -> Hand {
        self.seat_in_game(seat)
            .map_or(Hand::EMPTY, |i| self.face_up[i])
    }

    fn seat_in_game(&self, seat: tabula_core::Seat) -> Option<usize> {
        (seat.index() < self.cfg.players as usize).then_some(seat.index())
    }

    /// The magic cards `seat` won, oldest first.
    pub fn won_cards(&self, seat: tabula_core::Seat) -> Vec<Arrangement> {
        if self.seat_in_game(seat).is_none() {
            return Vec::new();
        }
        self.won_slice(seat)
            .iter()
            .map(|&c| self.cfg.deck.arrangement(c))
            .collect()
    }

    /// Whether `seat` failed an attempt and may neither claim nor vote until someone wins a card.
    pub fn is_excluded(&self, seat: tabula_core::Seat) -> bool {
        self.excluded.contains(seat)
    }

    /// Whether `seat` voted that no revealed card can be reached (D10, D11).
    pub fn has_voted(&self, seat: tabula_core::Seat) -> bool {
        self.voted.contains(seat)
    }

    /// The first player of the round.
    pub fn first_player(&self) -> tabula_core::Seat {
        self.first
    }

    /// The seat holding the hourglass (during an attempt), or the winner (once won).
    pub fn active_seat(&self) -> Option<tabula_core::Seat> {
        (self.phase.is_attempt() || self.phase == Phase::Won).then_some(self.active)
    }

    /// During the swaps: the swap cards played, the swaps made and the last pair.
    pub fn attempt_progress(&self) -> Option<(Hand, u8, Option<Pair>)> {
        (self.phase == Phase::Swap).then_some((self.played, self.done, self.last))
    }

    /// D6: the magic cards that win.
    pub fn target(&self) -> u8 {
        self.cfg.target
    }

    /// D5: the hourglass in seconds (the host times it).
    pub fn hourglass_seconds(&self) -> u32 {
        self.cfg.hourglass
    }

    /// Cards in the draw pile (both parts) and in the discard pile.
    pub fn pile_sizes(&self) -> (usize, usize) {
        (self.top.len() + self.under.len(), self.discard.len())
    }
}
