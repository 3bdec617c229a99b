//! [`Notation`]: how a game writes its positions and actions down, apart from its rules.
//!
//! Hosts read and write games through it (the registry, hence the CLI, the server and its
//! logs); search never does. The test harness checks that positions and every legal action
//! read back as they were written.

use crate::{ActionError, Actor, Game, NotationError, PositionError, Seat, ToAct};

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

/// An action as a list of moves writes it (a match's records, the engine's `position … moves`
/// and `legal`; docs/engine.md): its notation `text`, with the acting seat's number in front
/// (`N:action`) where several seats may act (`to_act` is who may act before it is played), so
/// that the list replays without saying who acted. [`read_move`] reads it back.
pub fn write_move(to_act: &ToAct, actor: Actor, text: &str) -> String {
    match (actor, to_act) {
        (Actor::Seat(seat), ToAct::Several(_)) => format!("{}:{text}", seat.number()),
        _ => text.to_string(),
    }
}

/// [`write_move`] for a game's own action, before it is played.
pub fn written_move<G: Notation>(game: &G, actor: Actor, action: G::Action) -> String {
    write_move(&game.to_act(), actor, &game.format_action(action))
}

/// Reads a move that [`write_move`] wrote where several seats may act: the seat `N` of
/// `N:action` and the action's text; `None` if `text` does not start with a seat number and
/// a colon.
pub fn read_move(text: &str) -> Option<(Seat, &str)> {
    let (number, action) = text.split_once(':')?;
    Some((Seat::from_number(number.parse().ok()?)?, action))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::SeatSet;

    #[test]
    fn a_move_is_written_with_its_seat_only_where_several_seats_may_act_and_reads_back() {
        let seat = Seat::from_number(2).unwrap();
        let several = ToAct::Several(SeatSet::all(2));
        assert_eq!(write_move(&ToAct::One(seat), Actor::Seat(seat), "b3"), "b3");
        assert_eq!(write_move(&ToAct::Chance, Actor::Chance, "4"), "4");
        let written = write_move(&several, Actor::Seat(seat), "r:1:c3");
        assert_eq!(written, "2:r:1:c3");
        assert_eq!(read_move(&written), Some((seat, "r:1:c3")));
        assert_eq!(read_move("b3"), None);
        assert_eq!(read_move("0:b3"), None, "seats are numbered from 1");
        assert_eq!(read_move("x:b3"), None);
    }
}
