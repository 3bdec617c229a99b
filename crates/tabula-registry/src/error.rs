//! The registry's error: every way a request about a game can be wrong, each naming what.

use tabula_ai::AiError;
use tabula_core::{ActionError, NotationError, ParamsError, PositionError, Seat};
use thiserror::Error;

#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum RegistryError {
    #[error("unknown game `{name}` (games: {known})")]
    UnknownGame { name: String, known: String },
    #[error("two games are called `{name}`")]
    DuplicateGame { name: String },
    #[error("unknown bot level `{level}` (levels: {known})")]
    UnknownLevel { level: String, known: String },
    #[error(transparent)]
    Params(#[from] ParamsError),
    #[error(transparent)]
    Position(#[from] PositionError),
    #[error(transparent)]
    Notation(#[from] NotationError),
    #[error("`{action}`: {error}")]
    Action { action: String, error: ActionError },
    #[error("several seats may act ({seats}): say which one acts")]
    SeatNeeded { seats: String },
    /// A bot specification or a search refused (the reason from `tabula_ai`).
    #[error("{0}")]
    Bot(String),
    #[error("{seat} does not exist in a {players}-player game")]
    NoSuchSeat { seat: Seat, players: usize },
    /// A game, an action or a bot of one game was handed to another game's code: a host
    /// paired things up wrongly.
    #[error("{what} of {found} given to {expected}")]
    WrongGame {
        /// What was handed over (`a game`, `an action`).
        what: &'static str,
        /// The game whose code received it.
        expected: &'static str,
        /// The game it belongs to.
        found: &'static str,
    },
}

impl RegistryError {
    /// Whether the error is about the action itself being refused (as opposed to unreadable
    /// input): servers answer these with 422.
    pub fn is_refused_action(&self) -> bool {
        matches!(
            self,
            RegistryError::Action { .. } | RegistryError::SeatNeeded { .. }
        )
    }
}

impl From<AiError> for RegistryError {
    fn from(e: AiError) -> Self {
        RegistryError::Bot(e.to_string())
    }
}
