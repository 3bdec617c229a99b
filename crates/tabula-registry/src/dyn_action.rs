//! [`DynAction`]: a typed action of any registered game behind one type, so that hosts can
//! hand the action a game has read to bots and back to the game by value, without writing
//! and re-reading its notation.

use crate::RegistryError;
use std::any::Any;
use std::fmt;
use tabula_core::{Actor, Game};

/// An action of some game as read by [`DynGame::read_action`](crate::DynGame::read_action):
/// the typed action, who performs it, and the text it was read from. Only the game it was
/// read for accepts it; any other game refuses it with [`RegistryError::WrongGame`].
pub struct DynAction {
    game: &'static str,
    actor: Actor,
    text: String,
    value: Box<dyn Any + Send + Sync>,
}

impl DynAction {
    /// Wraps `action` of game `G`, read from `text` for `actor`.
    pub fn new<G: Game>(actor: Actor, text: impl Into<String>, action: G::Action) -> Self {
        DynAction {
            game: G::NAME,
            actor,
            text: text.into(),
            value: Box::new(action),
        }
    }

    /// The registry name of the game the action belongs to.
    pub fn game_name(&self) -> &'static str {
        self.game
    }

    /// Who performs the action.
    pub fn actor(&self) -> Actor {
        self.actor
    }

    /// The text the action was read from.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The typed action, if it is an action of `G`; otherwise an error naming both games.
    pub fn typed<G: Game>(&self) -> Result<G::Action, RegistryError> {
        self.value
            .downcast_ref::<G::Action>()
            .copied()
            .filter(|_| self.game == G::NAME)
            .ok_or(RegistryError::WrongGame {
                what: "an action",
                expected: G::NAME,
                found: self.game,
            })
    }
}

impl fmt::Debug for DynAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("DynAction")
            .field("game", &self.game)
            .field("actor", &self.actor)
            .field("text", &self.text)
            .finish()
    }
}
