//! # tabula-registry
//!
//! The one place that maps a game's name to a game. The CLI and the server work with any
//! registered game through [`DynGame`] (notation in, notation and JSON out) and make games
//! with [`GameEntry`]; they never name a game type.
//!
//! A game says what it is in its own crate (a `tabula_core::GameDescription`); the registry
//! pairs it with the game's bots in an [`Entry`], and a [`Catalog`] lists entries by name.
//! The registry names no game: the games Tabula ships are registered in their own crate
//! (`tabula-catalog`) exactly as a downstream crate registers its own, and the catalog is
//! handed to the CLI, the server or the Python package.

#![warn(missing_docs)]

pub mod bots;
mod catalog;
mod dyn_action;
mod dyn_game;
mod entry;
mod error;
mod indexed;
mod info;
mod ladder;
mod report_json;
mod status;
pub mod terminal;

pub use bots::{BotMove, DynBot, RandomBot};
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
pub use terminal::{Colour, Move, Segment, TerminalLook, Words};
