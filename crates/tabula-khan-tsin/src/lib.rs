//! # tabula-khan-tsin
//!
//! The rules of Khan-Tsin (Cosmoludo 2023) for 2 and 3 players, as specified by
//! `shared/rules/khan-tsin.md` (every rule and ruling R1–R6; rulings R7–R8 of this edition
//! are in `docs/rules/khan-tsin.md`).
//!
//! - [`DESCRIPTION`]: what the game is (title, players, parameters, seats, rules for players).
//! - [`KhanTsin`]: the game state; implements [`tabula_core::Game`], [`CandidateActions`],
//!   [`Zobrist`] and [`Heuristic`]; with 2 players its positions are two-player zero-sum
//!   ([`tabula_core::Game::two_player_zero_sum`]), which alpha-beta searches.
//! - [`Params`]: `players` (2 or 3), `colours` (2 players: which two play, default `wg`),
//!   `layout` (36 digits, default [`STANDARD_LAYOUT`], R1), `max_plies` (R6), `placement`
//!   (the setup order: R3's `one_at_a_time` or its variant `all_twelve`).
//! - [`Action`]: `12:3>15`, `pass`, `K@12`, `T@12`.
//! - Position notation: `<layout> <stacks> <seats> <to-move>`.
//! - [`View`]: what a UI draws; `board_text()` draws the track for terminals.
//!
//! `Game::new` starts the placement phase (R3); `Game::new_random` plays it at random.
//!
//! [`CandidateActions`]: tabula_core::CandidateActions
//! [`Zobrist`]: tabula_core::Zobrist
//! [`Heuristic`]: tabula_core::Heuristic

#![warn(missing_docs)]

mod action;
mod coverage;
mod description;
mod encode;
mod game;
mod heuristic;
mod movegen;
mod notation;
mod params;
mod position_text;
mod rules;
mod setup;
mod stack;
mod state;
mod text;
mod themes;
mod view;
mod zobrist;

pub use action::Action;
pub use description::DESCRIPTION;
pub use params::{Colour, Layout, Params, SQUARES, STANDARD_LAYOUT, Seats};
pub use stack::{MAX_HEIGHT, Stack};
pub use state::{KhanTsin, Phase, TOKENS_PER_COLOUR};
pub use themes::puzzle_themes;
pub use view::{OutcomeView, PlacementView, SeatView, SquareView, TokenView, View};
