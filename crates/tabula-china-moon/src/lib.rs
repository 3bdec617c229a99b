//! # tabula-china-moon
//!
//! The rules of China Moon (Bruno Faidutti, Eurogames 2003), as written in
//! `shared/rules/china-moon.md`, for 3 to 5 players: a race of frogs along a forking track to
//! the goal island, collecting lotus flowers on the way.
//!
//! - Boards are data ([`Board`], [`board_file`]): a JSON board file lists each space's id,
//!   kind, successors, `back` link and drawing coordinates, and is validated with errors that
//!   name the faulty space. The standard board of the rules (R1, not the printed one) ships as
//!   `boards/standard.json` ([`STANDARD_BOARD_JSON`]).
//! - [`ChinaMoon`] implements [`tabula_core::Game`]: the setup is a chance event (goal spots,
//!   then each lotus space drawn from the flowers left); a turn moves three different frogs,
//!   at least one another player's; a frog move is one [`Action`] listing every landing,
//!   spring hops included; an owner's exchange or butterfly decision is asked of that owner
//!   ([`tabula_core::ToAct::One`]), even out of turn, unless it has fewer than two answers.
//! - [`Params`]: `players` (3–5, default 4), `board` (a board file's text; `None` for the
//!   standard board), and the variants `butterfly_pickup` (R11) and `butterfly_drop` (R5; its
//!   other reading lets flowers stack on a space, R17).
//! - Notation: positions (see [`notation`]) and actions (see [`action_notation`]).
//!
//! Rulings R1–R7 come from the rules file; R8–R13 were added by the engine and are listed in
//! `docs/rules/china-moon.md`.

#![warn(missing_docs)]

mod action;
pub mod action_notation;
mod board;
pub mod board_file;
mod board_graph;
mod candidates;
mod coverage;
mod description;
mod encode;
mod eval;
mod flower;
mod game;
mod movegen;
pub mod notation;
mod notation_check;
mod position_text;
mod rules;
mod stacks;
mod state;
mod text;
mod validate;
pub mod view;

pub use action::{Action, FrogMove, SetupPlace};
pub use board::{
    Board, MAX_LANDINGS, MAX_SPACE_NUMBER, MAX_SPRINGS_ON_A_PATH, MAX_TRACK_SPACES,
    STANDARD_BOARD_JSON, START, Space, SpaceId, SpaceKind,
};
pub use board_file::BoardError;
pub use description::DESCRIPTION;
pub use flower::{Flower, Flowers};
pub use game::{Params, SEAT_NAMES};
pub use state::{
    ChinaMoon, FROGS_PER_PLAYER, GOAL_SPOTS, MAX_PLAYERS, MIN_PLAYERS, MOVES_PER_TURN, Pending,
    Phase,
};
pub use view::View;
