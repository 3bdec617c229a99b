//! # tabula-registry
//!
//! The one place that maps a game's name to a game. The CLI and the server work with any
//! registered game through [`DynGame`] (notation in, notation and JSON out) and make games
//! with [`GameEntry`]; they never name a game type.
//!
//! To register a game: add `games/<game>.rs` with its [`GameInfo`] and an [`Entry`], and list
//! it in [`games::all`].

pub mod bots;
mod dyn_action;
mod dyn_game;
mod entry;
mod error;
pub mod games;
mod info;
mod rules;

pub use bots::{BotMove, DynBot, RandomBot, make_bot};
pub use dyn_action::DynAction;
pub use dyn_game::{DynGame, Typed, resolve_actor, status_json};
pub use entry::{Entry, GameEntry, Setup};
pub use error::RegistryError;
pub use info::{GameInfo, LEVELS, ParamInfo};
pub use rules::LANGUAGES;

/// The game called `name`.
pub fn find(name: &str) -> Result<&'static dyn GameEntry, RegistryError> {
    let all = games::all();
    all.iter()
        .find(|e| e.info().name == name)
        .copied()
        .ok_or_else(|| RegistryError::UnknownGame {
            name: name.to_string(),
            known: all
                .iter()
                .map(|e| e.info().name)
                .collect::<Vec<_>>()
                .join(", "),
        })
}
