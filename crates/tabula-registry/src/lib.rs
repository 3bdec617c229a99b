//! # tabula-registry
//!
//! The one place that maps a game's name to a game. The CLI and the server work with any
//! registered game through [`DynGame`] (notation in, notation and JSON out) and make games
//! with [`GameEntry`]; they never name a game type.
//!
//! A game says what it is in its own crate (a `tabula_core::GameDescription`); the registry
//! pairs it with the game's bots in an [`Entry`]. To ship a game: add `games/<game>.rs` with
//! its [`Entry`] and list it in [`games::all`]. To add games from another crate: a
//! [`Catalog`] of [`Catalog::builtin`] and their entries, handed to the CLI or the server.

#![warn(missing_docs)]

pub mod bots;
mod catalog;
mod dyn_action;
mod dyn_game;
mod entry;
mod error;
pub mod games;
mod indexed;
mod info;
mod ladder;
mod report_json;
mod status;

pub use bots::{BotMove, DynBot, RandomBot, make_bot};
pub use catalog::Catalog;
pub use dyn_action::DynAction;
pub use dyn_game::{DynGame, Typed, resolve_actor};
pub use entry::{Entry, GameEntry, RaceLines, Setup, Themes};
pub use error::RegistryError;
pub use indexed::{IndexedEntry, IndexedGame, PlayoutStats};
pub use info::{GameInfo, LANGUAGES, LEVELS};
pub use ladder::{Ladder, RANDOM_RATING};
pub use report_json::analysis_json;
pub use status::{EndWhy, GameResult, GameStatus, game_status, status_json};
pub use tabula_ai::Stop;
pub use tabula_core::{GameDescription, ParamDescription, SeatDescription};

/// The built-in game called `name` (see [`Catalog::find`]).
pub fn find(name: &str) -> Result<&'static dyn GameEntry, RegistryError> {
    Catalog::builtin().find(name)
}

/// The game called `name`, with integer actions and observations (every registered game has
/// them).
pub fn find_indexed(name: &str) -> Result<&'static dyn IndexedEntry, RegistryError> {
    let found = find(name)?.info().name;
    games::all_indexed()
        .into_iter()
        .find(|e| e.info().name == found)
        .ok_or_else(|| RegistryError::Bot(format!("{name} has no integer actions")))
}
