//! The errors of the AI crate: a bot that cannot act, a bot specification that does not read,
//! a search that does not apply to the game, a match that cannot be played.

use tabula_core::{ParamsError, Seat};
use thiserror::Error;

/// Why a bot, a specification or a match failed.
#[derive(Clone, Debug, PartialEq, Error)]
pub enum AiError {
    #[error("the game is over")]
    GameOver,
    #[error("{0} may not act now")]
    SeatCannotAct(Seat),
    #[error("{0} has no legal action")]
    NoLegalAction(Seat),
    /// The search does not apply to this game (alpha-beta on a game without exactly two seats).
    #[error("{0}")]
    Unsupported(String),
    /// A bot specification (`strong`, `mcts:iterations=5000`, …) that does not read.
    #[error("bad bot `{spec}`: {message}")]
    BadSpec { spec: String, message: String },
    #[error("bad match settings: {0}")]
    BadMatch(String),
    #[error(transparent)]
    Params(#[from] ParamsError),
    /// A bot answered with an action the game refused (a bug in the bot or the game).
    #[error("game {game}, {seat}: bot `{bot}` chose `{action}`, refused: {reason}")]
    BotFailed {
        game: usize,
        seat: Seat,
        bot: String,
        action: String,
        reason: String,
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
