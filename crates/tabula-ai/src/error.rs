//! The errors of the AI crate: a bot that cannot act, a bot specification that does not read,
//! a search that does not apply to the game, a match that cannot be played.

use tabula_core::{ParamsError, Seat};
use thiserror::Error;

/// Why a bot, a specification or a match failed.
#[derive(Clone, Debug, PartialEq, Error)]
pub enum AiError {
    /// The bot was asked to decide in a finished game.
    #[error("the game is over")]
    GameOver,
    /// The bot was asked to decide for a seat that may not act now.
    #[error("{0} may not act now")]
    SeatCannotAct(Seat),
    /// The seat may act but has no legal action (a bug in the game).
    #[error("{0} has no legal action")]
    NoLegalAction(Seat),
    /// The search does not apply to this game or position (alpha-beta on a position that is
    /// not two-player zero-sum).
    #[error("{0}")]
    Unsupported(String),
    /// A bot specification (`strong`, `mcts:iterations=5000`, …) that does not read.
    #[error("bad bot `{spec}`: {message}")]
    BadSpec {
        /// The specification as given.
        spec: String,
        /// What is wrong with it.
        message: String,
    },
    /// Match settings that cannot be played (no games, no bots, …), with the reason.
    #[error("bad match settings: {0}")]
    BadMatch(String),
    /// The game's parameters were refused.
    #[error(transparent)]
    Params(#[from] ParamsError),
    /// A bot answered with an action the game refused (a bug in the bot or the game).
    #[error("game {game}, {seat}: bot `{bot}` chose `{action}`, refused: {reason}")]
    BotFailed {
        /// The game's index in the match.
        game: usize,
        /// The seat the bot played.
        seat: Seat,
        /// The bot's name.
        bot: String,
        /// The refused action, in notation.
        action: String,
        /// Why the game refused it.
        reason: String,
    },
    /// The system refused the memory a search asked for (its tree, its transposition
    /// table): the bot cannot search now. The bounds of [`crate::bounds`] keep every request
    /// within a few GiB; this is a machine short of memory.
    #[error("could not allocate {what}: {bytes} bytes")]
    OutOfMemory {
        /// What the memory was for (`the search tree`).
        what: String,
        /// The size asked for, in bytes.
        bytes: u128,
    },
}

impl AiError {
    pub(crate) fn spec(spec: &str, message: impl Into<String>) -> AiError {
        AiError::BadSpec {
            spec: spec.to_string(),
            message: message.into(),
        }
    }
}
