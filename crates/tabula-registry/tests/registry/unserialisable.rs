//! A game whose view or parameters have no JSON form is answered with an error naming the
//! game and what failed, never with `null`.

use serde::{Serialize, Serializer};
use tabula_core::{
    ActionError, Actor, Game, Notation, NotationError, Outcome, ParamsError, PositionError,
    Presentation, Seat, ToAct,
};
use tabula_registry::{DynGame, RegistryError, Typed};

/// Serialises to nothing JSON can hold.
#[derive(Clone, Debug, Default, serde::Deserialize)]
pub(crate) struct NoJson;

impl Serialize for NoJson {
    fn serialize<S: Serializer>(&self, _: S) -> Result<S::Ok, S::Error> {
        Err(serde::ser::Error::custom("no JSON form"))
    }
}

/// One move, then over; its parameters and views have no JSON form.
#[derive(Clone, Debug)]
pub(crate) struct Broken {
    done: bool,
}

impl Game for Broken {
    type Action = u8;
    type Params = NoJson;
    const NAME: &'static str = "broken";

    fn new(_: &NoJson) -> Result<Self, ParamsError> {
        Ok(Broken { done: false })
    }
    fn params(&self) -> NoJson {
        NoJson
    }
    fn num_seats(&self) -> usize {
        2
    }
    fn to_act(&self) -> ToAct {
        if self.done {
            ToAct::Over(Outcome::win(Seat(0), 2))
        } else {
            ToAct::One(Seat(0))
        }
    }
    fn legal_actions_for(&self, actor: Actor, out: &mut Vec<u8>) {
        out.clear();
        if actor == Actor::Seat(Seat(0)) && !self.done {
            out.push(1);
        }
    }
    fn validate(&self, _: Actor, _: u8) -> Result<(), ActionError> {
        Ok(())
    }
    fn apply(&mut self, _: u8) {
        self.done = true;
    }
}

impl Notation for Broken {
    fn to_notation(&self) -> String {
        u8::from(self.done).to_string()
    }
    fn from_notation(_: &NoJson, text: &str) -> Result<Self, PositionError> {
        Ok(Broken { done: text == "1" })
    }
    fn parse_action(&self, _: Actor, _: &str) -> Result<u8, NotationError> {
        Ok(1)
    }
    fn format_action(&self, _: u8) -> String {
        "1".into()
    }
}

impl Presentation for Broken {
    type View = NoJson;
    fn view(&self, _: Option<Seat>) -> NoJson {
        NoJson
    }
    fn board_text(&self) -> String {
        "a board\n".into()
    }
    fn seat_name(&self, seat: Seat) -> String {
        format!("Seat {}", seat.number())
    }
}

fn unserialisable(what: &str, e: RegistryError) {
    assert!(matches!(e, RegistryError::Unserialisable { .. }), "{e:?}");
    let text = e.to_string();
    assert_eq!(
        text,
        format!("broken: its {what} does not serialise to JSON: no JSON form")
    );
}

#[test]
fn a_view_or_parameters_without_json_are_an_error_naming_the_game_never_null() {
    let game: Box<dyn DynGame> = Box::new(Typed(Broken::new(&NoJson).unwrap()));
    unserialisable("view", game.view(None).unwrap_err());
    unserialisable("view", game.view(Some(Seat(1))).unwrap_err());
    unserialisable("view", game.view_text(None).unwrap_err());
    unserialisable("parameters", game.params().unwrap_err());
    // The rest of the game still answers.
    assert_eq!(game.legal(Actor::Seat(Seat(0))), vec!["1".to_string()]);
}
