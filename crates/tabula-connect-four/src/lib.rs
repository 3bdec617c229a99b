//! # tabula-connect-four
//!
//! Connect Four, Tabula's reference game: small, well known and implemented by other engines,
//! so that Tabula's speed can be compared side by side with theirs (see
//! `bench/openspiel_connect_four.py`). Rules for players: `docs/rules/connect-four.md`.
//!
//! - Board: 7 columns × 6 rows; seat 1 plays `x` and moves first, seat 2 plays `o`.
//! - A move drops a stone into a column that is not full (R2); four in a row horizontally,
//!   vertically or diagonally wins at once (R3); a full board without a four is a draw (R4).
//! - Parameters ([`Params`]): `players`, always 2. No ply limit (a game lasts at most 42
//!   plies).
//! - Notation ([`notation`]): `<6 rows top to bottom joined by />` of `.`, `x`, `o`, a space,
//!   then the side to move; actions are the column numbers `1`–`7`.
//! - Implementation: two 64-bit bitboards ([`bitboard`]); a position is 24 bytes, `apply` and
//!   `legal_actions_for` allocate nothing. [`ConnectFour`] implements `Game`,
//!   `CandidateActions`, `Zobrist` (an exact, collision-free hash) and `Heuristic` (threat
//!   counting, see [`eval`]); every position is two-player zero-sum (`two_player_zero_sum`).
//! - Data: `data/perft.txt` (perft counts, depths 1–8 from the empty board and other
//!   positions) and `data/tactics.txt` (positions with a forced win, used by the search tests
//!   of `tabula-ai`), both cross-checked by the independent Python implementation in
//!   `tools/reference.py`.

#![warn(missing_docs)]

pub mod bitboard;
mod coverage;
mod description;
mod encode;
pub mod eval;
mod game;
pub mod notation;
pub mod solver;
mod state;
mod themes;
mod view;

pub use description::DESCRIPTION;
pub use state::{Column, ConnectFour, Params, Status};
pub use themes::puzzle_themes;
pub use view::{View, board_text};
