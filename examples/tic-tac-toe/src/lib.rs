//! # tabula-tic-tac-toe
//!
//! Tic-Tac-Toe, the complete small game that `docs/adding-a-game.md` walks through. It is not
//! one of the games Tabula ships: its tests register it in a catalog of their own, beside the
//! built-in games, and serve it.
//!
//! - [`DESCRIPTION`]: what the game is (title, players, seats, the rules for players in
//!   `RULES.md`).
//! - [`TicTacToe`]: the position, implementing [`tabula_core::Game`] and the capabilities the
//!   harness and the searches need ([`tabula_core::CandidateActions`],
//!   [`tabula_core::TwoPlayerZeroSum`], [`tabula_core::Zobrist`], [`tabula_core::Heuristic`]).
//! - [`Cell`]: the action, a cell written 1–9; [`Params`]: only `players` (2).
//! - Position notation `x.o/.x./... o`: the rows from the top, then the mark to move.

mod description;
mod game;
mod notation;
mod state;

pub use description::DESCRIPTION;
pub use game::View;
pub use state::{Cell, Params, TicTacToe};
