//! # tabula-toumai
//!
//! Toumaï (Cosmoludo 2023, 2–3 players): magicians race their birds to a star to win three
//! magic wands. This crate implements every rule and ruling (R1–R11) of the rules
//! specification `shared/rules/toumai.md`, and the rulings R12 (setup positions) and R13 (what
//! the ply limit counts) of this edition; the rules for players, with every ruling, are in
//! `docs/rules/toumai.md`.
//!
//! - [`DESCRIPTION`]: what the game is (title, players, parameters, seats, rules for players).
//! - [`Toumai`]: the game state, implementing [`tabula_core::Game`] (with the placement setup
//!   in [`tabula_core::Game::new`] and the random setup in
//!   [`tabula_core::Game::new_random`]), [`tabula_core::CandidateActions`],
//!   [`tabula_core::Zobrist`] and [`tabula_core::Heuristic`]; with 2 players its positions
//!   are two-player zero-sum ([`tabula_core::Game::two_player_zero_sum`]), which alpha-beta
//!   searches.
//! - [`Params`]: `players` (2 or 3), `colours` (the two playing colours with 2 players),
//!   `max_plies` (the optional ply limit, R11), and the rule variants `placement_round2` (R1)
//!   and `swap_lock` (R8).
//! - [`Action`]: flights `c:2>g` and `c:2>g/d,f`, swaps `c4=h2`, `pass`, placements `M@c`.
//! - Position notation `<lines> <seats> <to-move> <wands> <last-swap>`, e.g.
//!   `Y1YM/R2Y2/BNBN/R1R2/Y3BN/RMY1/BNR3/Y2BN/R1BN YR Y 00 -`; during setup the board holds
//!   fewer pawns and the rest are in hand (R12).
//! - [`View`]: everything a UI draws (see the [`view`] module docs for the fields).

#![warn(missing_docs)]

mod action;
mod apply;
mod board;
mod coverage;
mod description;
mod encode;
mod game;
mod movegen;
mod notation;
mod params;
mod pawn;
mod position_text;
mod rules;
mod search;
mod setup;
mod state;
mod text;
mod themes;
pub mod variant;
mod view;

pub use action::{Action, Split, Square, parse_action};
pub use description::DESCRIPTION;
pub use params::Params;
pub use pawn::{Colour, Kind};
pub use state::{Phase, Toumai};
pub use themes::puzzle_themes;
pub use view::{LineView, OutcomeView, PawnView, SeatView, View};

#[cfg(test)]
mod tests {
    #[test]
    fn states_and_actions_stay_small() {
        // The position fits in 64 bytes; the repetition history (R14) adds its fixed array.
        let history = size_of::<tabula_core::RepetitionHistory<{ crate::state::HISTORY }>>();
        assert!(
            size_of::<crate::Toumai>() <= 64 + history,
            "{} (history {history})",
            size_of::<crate::Toumai>()
        );
        assert!(
            size_of::<crate::Action>() <= 8,
            "{}",
            size_of::<crate::Action>()
        );
    }
}
