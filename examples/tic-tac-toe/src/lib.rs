//! # tabula-tic-tac-toe
//!
//! Tic-Tac-Toe, the complete small game that `docs/adding-a-game.md` walks through. It is not
//! one of the games Tabula ships: it is built outside Tabula's workspace, as any downstream
//! crate is, and its binary (`src/main.rs`) is Tabula's command line with Tic-Tac-Toe in its
//! catalog ([`catalog`]).
//!
//! - [`DESCRIPTION`]: what the game is (title, players, seats, the rules for players in
//!   `RULES.md`).
//! - [`TicTacToe`]: the position, implementing [`tabula_core::Game`] and the capabilities the
//!   harness and the searches need ([`tabula_core::CandidateActions`],
//!   [`tabula_core::Zobrist`], [`tabula_core::Heuristic`]); its positions answer `true` to
//!   [`tabula_core::Game::two_player_zero_sum`].
//! - [`Cell`]: the action, a cell written 1–9; [`Params`]: only `players` (2).
//! - Position notation `x.o/.x./... o`: the rows from the top, then the mark to move.
//! - [`ENTRY`] and [`catalog`]: the game offered to the CLI and the server.

#![warn(missing_docs)]

mod description;
mod entry;
mod game;
mod notation;
mod state;

pub use description::DESCRIPTION;
pub use entry::{ENTRY, catalog};
pub use game::View;
pub use state::{Cell, Params, TicTacToe};
