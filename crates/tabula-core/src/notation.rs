//! [`Notation`]: how a game writes its positions and actions down, apart from its rules.
//!
//! Hosts read and write games through it (the registry, hence the CLI, the server and its
//! logs); search never does. The test harness checks that positions and every legal action
//! read back as they were written.

use crate::{ActionError, Actor, Game, NotationError, PositionError};

/// The position and action notation of a game (the rules files define it).
pub trait Notation: Game {
    /// The position in the game's notation.
    fn to_notation(&self) -> String;

    /// Reads a position in the game's notation and validates it.
    fn from_notation(params: &Self::Params, text: &str) -> Result<Self, PositionError>;

    /// Reads an action in notation, as performed by `actor` (games whose notation omits the
    /// seat take it from here).
    fn parse_action(&self, actor: Actor, text: &str) -> Result<Self::Action, NotationError>;

    /// Writes an action in notation.
    fn format_action(&self, action: Self::Action) -> String;

    /// Parses, checks and applies an action in notation; on error the state is unchanged.
    /// Returns the action.
    fn apply_notation(&mut self, actor: Actor, text: &str) -> Result<Self::Action, ApplyError> {
        let action = self.parse_action(actor, text)?;
        self.try_apply(actor, action)?;
        Ok(action)
    }
}

/// An action in notation that did not apply: unreadable, or refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ApplyError {
    /// The text is not an action of the game.
    #[error(transparent)]
    Notation(#[from] NotationError),
    /// The action reads but may not be performed now.
    #[error(transparent)]
    Action(#[from] ActionError),
}
