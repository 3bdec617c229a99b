//! The registry's error: every way a request about a game can be wrong, each naming what.

use tabula_ai::AiError;
use tabula_core::{ActionError, NotationError, ParamsError, PositionError, Seat};
use thiserror::Error;

/// Why the registry refused a request: a name, a parameter, a position or an action.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum RegistryError {
    /// No game has this name.
    #[error("unknown game `{name}` (games: {known})")]
    UnknownGame {
        /// The name asked for.
        name: String,
        /// The registered names, comma-separated.
        known: String,
    },
    /// Two games of one catalog have the same name.
    #[error("two games are called `{name}`")]
    DuplicateGame {
        /// The name given twice.
        name: String,
    },
    /// The game was registered without integer actions and observations
    /// (`Catalog::with`, not `Catalog::with_indexed`).
    #[error(
        "{name} has no integer actions and observations (a game that has them is registered \
         with `Catalog::with_indexed`)"
    )]
    NotIndexed {
        /// The game's name.
        name: String,
    },
    /// No bot level has this name.
    #[error("unknown bot level `{level}` (levels: {known})")]
    UnknownLevel {
        /// The level asked for.
        level: String,
        /// The level names, comma-separated.
        known: String,
    },
    /// The game's parameters were refused.
    #[error(transparent)]
    Params(#[from] ParamsError),
    /// A position that does not read or is not valid.
    #[error(transparent)]
    Position(#[from] PositionError),
    /// An action that does not read.
    #[error(transparent)]
    Notation(#[from] NotationError),
    /// The game refused an action.
    #[error("`{action}`: {error}")]
    Action {
        /// The action, as given.
        action: String,
        /// Why it was refused.
        error: ActionError,
    },
    /// Several seats may act, and the action does not say which.
    #[error("several seats may act ({seats}): say which one acts")]
    SeatNeeded {
        /// The seats that may act, as a list to show.
        seats: String,
    },
    /// A bot specification or a search refused (the reason from `tabula_ai`).
    #[error("{0}")]
    Bot(String),
    /// A seat beyond the game's number of players.
    #[error("{seat} does not exist in a {players}-player game")]
    NoSuchSeat {
        /// The seat given.
        seat: Seat,
        /// The game's number of players.
        players: usize,
    },
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
    /// A game's view or parameters that do not serialise to JSON: a defect of the game (the
    /// harness refuses such a game), answered as an error rather than drawn as nothing.
    #[error("{game}: its {what} does not serialise to JSON: {error}")]
    Unserialisable {
        /// The game.
        game: &'static str,
        /// What did not serialise (`view`, `parameters`).
        what: &'static str,
        /// serde_json's reason.
        error: String,
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
