//! [`DynGame`]: any registered game behind one object-safe interface speaking notation and
//! JSON, for the CLI and the server. [`Typed`] implements it for every game with a notation
//! and a presentation (`tabula_core::Notation`, `tabula_core::Presentation`).

use crate::{DynAction, RegistryError};
use serde_json::Value;
use serde_json::value::RawValue;
use std::any::Any;
use std::fmt::Debug;
use tabula_core::{Actor, Game, GameRng, Notation, Presentation, Seat, ToAct, sample_chance};

/// A game state of any registered game.
pub trait DynGame: Send + Sync + Debug {
    /// The registry name of the game.
    fn game_name(&self) -> &'static str;
    /// The number of seats (players), fixed for the game's life.
    fn num_seats(&self) -> usize;
    /// Who acts now (see `tabula_core::Game::to_act`).
    fn to_act(&self) -> ToAct;
    /// The position in the game's notation.
    fn position(&self) -> String;
    /// The parameters the game was made with, as JSON; an error (never `null`) when the
    /// game's parameters do not serialise.
    fn params(&self) -> Result<Value, RegistryError>;
    /// The legal actions of `actor` in notation, sorted in byte order.
    fn legal(&self, actor: Actor) -> Vec<String>;
    /// Whether `text` is, in canonical notation, one of the legal actions of `actor` (one of
    /// [`DynGame::legal`], without listing them).
    fn is_legal(&self, actor: Actor, text: &str) -> bool;
    /// Reads `text` as an action of `actor`, without checking that it is legal now.
    fn read_action(&self, actor: Actor, text: &str) -> Result<DynAction, RegistryError>;
    /// Checks and applies an action read by [`DynGame::read_action`]; on error nothing
    /// changes. Returns the action in canonical notation. An action of another game is
    /// refused with [`RegistryError::WrongGame`].
    fn apply_action(&mut self, action: &DynAction) -> Result<String, RegistryError>;
    /// Reads `text` as an action of `actor`, checks and applies it; on error nothing changes.
    /// Returns the action in canonical notation.
    fn apply(&mut self, actor: Actor, text: &str) -> Result<String, RegistryError> {
        let action = self.read_action(actor, text)?;
        self.apply_action(&action)
    }
    /// Resolves pending chance events from `rng`; returns them in notation.
    fn resolve_chance(&mut self, rng: &mut GameRng) -> Vec<String>;
    /// What `viewer` may see (`None`: a spectator), as JSON; an error (never `null`) when
    /// the game's view does not serialise (the harness keeps such a game out, so this is a
    /// defect of the game, reported as such).
    fn view(&self, viewer: Option<Seat>) -> Result<Value, RegistryError>;
    /// [`DynGame::view`] written straight into its JSON text (no [`Value`] tree), for
    /// answers that only pass it on.
    fn view_text(&self, viewer: Option<Seat>) -> Result<Box<RawValue>, RegistryError>;
    /// The board drawn as text, for terminals.
    fn board_text(&self) -> String;
    /// The number of action paths of length `depth` (see `tabula_core::perft`).
    fn perft(&self, depth: u32) -> u64;
    /// Perft per root action, in notation, sorted.
    fn divide(&self, depth: u32) -> Vec<(String, u64)>;
    /// The seat's name for players (`Yellow`, `Seat 2`).
    fn seat_name(&self, seat: Seat) -> String;
    /// A boxed copy of this state.
    fn clone_box(&self) -> Box<dyn DynGame>;
    /// The typed state (a `Typed<G>`), for the bots of the same game to downcast.
    fn as_any(&self) -> &dyn Any;
    /// The typed state, mutably (see [`DynGame::as_any`]).
    fn as_any_mut(&mut self) -> &mut dyn Any;
}

impl Clone for Box<dyn DynGame> {
    fn clone(&self) -> Self {
        self.clone_box()
    }
}

/// A typed game behind [`DynGame`].
#[derive(Clone, Debug)]
pub struct Typed<G: Game>(pub G);

impl<G: Game> Typed<G> {
    /// The typed game behind `game`, which must be a game of `G`; otherwise an error naming
    /// both games.
    pub fn of(game: &dyn DynGame) -> Result<&G, RegistryError> {
        game.as_any()
            .downcast_ref::<Typed<G>>()
            .map(|typed| &typed.0)
            .ok_or(RegistryError::WrongGame {
                what: "a game",
                expected: G::NAME,
                found: game.game_name(),
            })
    }
}

impl<G: Notation + Presentation> DynGame for Typed<G> {
    fn game_name(&self) -> &'static str {
        G::NAME
    }

    fn num_seats(&self) -> usize {
        self.0.num_seats()
    }

    fn to_act(&self) -> ToAct {
        self.0.to_act()
    }

    fn position(&self) -> String {
        self.0.to_notation()
    }

    fn params(&self) -> Result<Value, RegistryError> {
        serde_json::to_value(self.0.params()).map_err(|e| unserialisable::<G>("parameters", &e))
    }

    fn legal(&self, actor: Actor) -> Vec<String> {
        let mut actions = Vec::new();
        self.0.legal_actions_for(actor, &mut actions);
        let mut texts: Vec<String> = actions.iter().map(|&a| self.0.format_action(a)).collect();
        texts.sort();
        texts
    }

    fn is_legal(&self, actor: Actor, text: &str) -> bool {
        // A legal action's notation reads back as that action (the harness checks it), and
        // `validate` accepts exactly the legal actions: so this is `legal(actor)` containing
        // `text`, without generating and writing every legal action.
        match self.0.parse_action(actor, text) {
            Ok(action) => {
                self.0.validate(actor, action).is_ok() && self.0.format_action(action) == text
            }
            Err(_) => false,
        }
    }

    fn read_action(&self, actor: Actor, text: &str) -> Result<DynAction, RegistryError> {
        let action = self.0.parse_action(actor, text)?;
        Ok(DynAction::new::<G>(actor, text, action))
    }

    fn apply_action(&mut self, action: &DynAction) -> Result<String, RegistryError> {
        let typed = action.typed::<G>()?;
        self.0
            .try_apply(action.actor(), typed)
            .map_err(|error| RegistryError::Action {
                action: action.text().to_string(),
                error,
            })?;
        Ok(self.0.format_action(typed))
    }

    fn resolve_chance(&mut self, rng: &mut GameRng) -> Vec<String> {
        let mut buf = Vec::new();
        let mut done = Vec::new();
        while let ToAct::Chance = self.0.to_act() {
            let Some(a) = sample_chance(&self.0, rng, &mut buf) else {
                break;
            };
            done.push(self.0.format_action(a));
            self.0.apply(a);
        }
        done
    }

    fn view(&self, viewer: Option<Seat>) -> Result<Value, RegistryError> {
        serde_json::to_value(self.0.view(viewer)).map_err(|e| unserialisable::<G>("view", &e))
    }

    fn view_text(&self, viewer: Option<Seat>) -> Result<Box<RawValue>, RegistryError> {
        serde_json::value::to_raw_value(&self.0.view(viewer))
            .map_err(|e| unserialisable::<G>("view", &e))
    }

    fn board_text(&self) -> String {
        self.0.board_text()
    }

    fn perft(&self, depth: u32) -> u64 {
        tabula_core::perft::perft(&self.0, depth)
    }

    fn divide(&self, depth: u32) -> Vec<(String, u64)> {
        let mut rows: Vec<(String, u64)> = tabula_core::perft::divide(&self.0, depth)
            .into_iter()
            .map(|(a, n)| (self.0.format_action(a), n))
            .collect();
        rows.sort();
        rows
    }

    fn seat_name(&self, seat: Seat) -> String {
        self.0.seat_name(seat)
    }

    fn clone_box(&self) -> Box<dyn DynGame> {
        Box::new(self.clone())
    }

    fn as_any(&self) -> &dyn Any {
        self
    }

    fn as_any_mut(&mut self) -> &mut dyn Any {
        self
    }
}

fn unserialisable<G: Game>(what: &'static str, error: &serde_json::Error) -> RegistryError {
    RegistryError::Unserialisable {
        game: G::NAME,
        what,
        error: error.to_string(),
    }
}

/// Who acts the action `text`: `seat` when given, else the one seat that acts; the host
/// when the action is a host action (Magical Circle's `timeout`) that the seat may not take.
pub fn resolve_actor(
    game: &dyn DynGame,
    seat: Option<Seat>,
    text: &str,
) -> Result<Actor, RegistryError> {
    if let Some(seat) = seat
        && seat.index() >= game.num_seats()
    {
        return Err(RegistryError::NoSuchSeat {
            seat,
            players: game.num_seats(),
        });
    }
    let to_act = game.to_act();
    let actor = match (seat, to_act) {
        (Some(seat), _) => Actor::Seat(seat),
        (None, ToAct::One(seat)) => Actor::Seat(seat),
        (None, ToAct::Chance) => Actor::Chance,
        (None, ToAct::Over(_)) => Actor::Seat(Seat(0)),
        (None, ToAct::Several(seats)) => {
            if game.is_legal(Actor::Host, text) {
                return Ok(Actor::Host);
            }
            return Err(RegistryError::SeatNeeded {
                seats: seat_list(seats.iter()),
            });
        }
    };
    if !game.is_legal(actor, text) && game.is_legal(Actor::Host, text) {
        return Ok(Actor::Host);
    }
    Ok(actor)
}

fn seat_list(seats: impl Iterator<Item = Seat>) -> String {
    seats
        .map(|s| s.number().to_string())
        .collect::<Vec<_>>()
        .join(", ")
}
