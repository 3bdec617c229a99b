//! The errors a game returns for bad input. Each names what is wrong, so that a player, a
//! script or a client of the server can fix the input without reading the source.

use crate::Seat;
use thiserror::Error;

/// A position in notation that cannot be read or is not a valid position.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("bad position: {field}: {message}")]
pub struct PositionError {
    /// The field of the notation at fault (`lines`, `to-move`, `wands`, `stack 12`, …).
    pub field: String,
    /// What is wrong with it.
    pub message: String,
}

impl PositionError {
    /// An error in `field`, saying `message`.
    pub fn new(field: impl Into<String>, message: impl Into<String>) -> Self {
        PositionError {
            field: field.into(),
            message: message.into(),
        }
    }
}

/// An action in notation that cannot be read (as opposed to one that reads but is illegal).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("bad action `{text}`: {message}")]
pub struct NotationError {
    /// The action as given.
    pub text: String,
    /// Why it does not read.
    pub message: String,
}

impl NotationError {
    /// The action `text` does not read, because of `message`.
    pub fn new(text: impl Into<String>, message: impl Into<String>) -> Self {
        NotationError {
            text: text.into(),
            message: message.into(),
        }
    }
}

/// Why an action was refused by [`crate::Game::try_apply`]. The state is unchanged.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ActionError {
    /// The game is finished: nothing may be played.
    #[error("the game is over")]
    GameOver,
    /// The seat may not act now.
    #[error("it is not {0}'s turn")]
    NotYourTurn(Seat),
    /// A chance event is due; only its outcome may be applied.
    #[error("a chance event must be resolved first")]
    ChancePending,
    /// A seat tried an action reserved to the host.
    #[error("only the host may do that")]
    HostOnly,
    /// The action is not legal here; the text says why.
    #[error("illegal action: {0}")]
    Illegal(String),
}

/// Game parameters that make no game (a player count out of range, a bad board file, …).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("bad parameter {name}: {message}")]
pub struct ParamsError {
    /// The parameter at fault (`players`, `board`, …).
    pub name: String,
    /// What is wrong with its value.
    pub message: String,
}

impl ParamsError {
    /// The parameter `name` is refused because of `message`.
    pub fn new(name: impl Into<String>, message: impl Into<String>) -> Self {
        ParamsError {
            name: name.into(),
            message: message.into(),
        }
    }
}
