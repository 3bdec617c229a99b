//! The harness's checks of integer actions and observations (`Harness::indexed`) must be able
//! to fail: a small correct game passes them, and the same game with a planted bug in its
//! numbering or its observation is caught.

use serde::{Deserialize, Serialize};
use tabula_core::testkit::Harness;
use tabula_core::{
    ActionError, ActionIndex, Actor, CandidateActions, Game, Notation, NotationError, Observe,
    Outcome, ParamsError, PositionError, Presentation, Seat, ToAct,
};

/// Which bug to plant.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
enum Bug {
    #[default]
    None,
    /// Taking 2 and taking 3 share an index.
    SharedIndex,
    /// An index reads back as another action.
    WrongReadBack,
    /// An index past the range.
    OutOfRange,
    /// The observation is one value short.
    ShortObservation,
    /// The observation's shape follows the stones left.
    ShapeChanges,
}

#[derive(Clone, Debug, Default, Serialize, Deserialize)]
struct TakeParams {
    bug: Bug,
}

/// Take 1–3 stones from 9; who takes the last one wins.
#[derive(Clone, Debug)]
struct Take {
    stones: u8,
    to_move: u8,
    bug: Bug,
}

impl Game for Take {
    type Action = u8;
    type Params = TakeParams;
    const NAME: &'static str = "take";

    fn new(params: &TakeParams) -> Result<Self, ParamsError> {
        Ok(Take {
            stones: 9,
            to_move: 0,
            bug: params.bug,
        })
    }
    fn params(&self) -> TakeParams {
        TakeParams { bug: self.bug }
    }
    fn num_seats(&self) -> usize {
        2
    }
    fn to_act(&self) -> ToAct {
        if self.stones == 0 {
            ToAct::Over(Outcome::win(Seat(1 - self.to_move), 2))
        } else {
            ToAct::One(Seat(self.to_move))
        }
    }
    fn legal_actions_for(&self, actor: Actor, out: &mut Vec<u8>) {
        out.clear();
        if actor == Actor::Seat(Seat(self.to_move)) {
            out.extend((1..=3).filter(|&n| n <= self.stones));
        }
    }
    fn validate(&self, actor: Actor, n: u8) -> Result<(), ActionError> {
        if self.stones == 0 {
            return Err(ActionError::GameOver);
        }
        if actor != Actor::Seat(Seat(self.to_move)) {
            return Err(ActionError::NotYourTurn(Seat(self.to_move)));
        }
        if n == 0 || n > 3 || n > self.stones {
            return Err(ActionError::Illegal(format!("cannot take {n}")));
        }
        Ok(())
    }
    fn apply(&mut self, n: u8) {
        self.stones -= n;
        self.to_move = 1 - self.to_move;
    }
}

impl Notation for Take {
    fn to_notation(&self) -> String {
        format!("{} {}", self.stones, self.to_move + 1)
    }
    fn from_notation(params: &TakeParams, text: &str) -> Result<Self, PositionError> {
        let bad = || PositionError::new("position", "`<stones 0-9> <1|2>`");
        let (s, m) = text.split_once(' ').ok_or_else(bad)?;
        let stones: u8 = s.parse().ok().filter(|&s| s <= 9).ok_or_else(bad)?;
        let to_move = match m {
            "1" => 0,
            "2" => 1,
            _ => return Err(bad()),
        };
        Ok(Take {
            stones,
            to_move,
            bug: params.bug,
        })
    }
    fn parse_action(&self, _: Actor, text: &str) -> Result<u8, NotationError> {
        text.parse()
            .map_err(|_| NotationError::new(text, "a number of stones"))
    }
    fn format_action(&self, n: u8) -> String {
        n.to_string()
    }
}

impl Presentation for Take {
    type View = u8;
    fn view(&self, _: Option<Seat>) -> u8 {
        self.stones
    }
    fn board_text(&self) -> String {
        format!("{} stones\n", self.stones)
    }
}

impl CandidateActions for Take {
    fn candidate_actions(&self, _: Actor, out: &mut Vec<u8>) {
        out.clear();
        out.extend(0..=4);
    }
}

/// Indices 0–2: take 1–3.
impl ActionIndex for Take {
    fn num_actions(&self) -> usize {
        3
    }
    fn action_index(&self, n: u8) -> usize {
        match (self.bug, n) {
            (Bug::SharedIndex, 3) => 1,
            (Bug::OutOfRange, 3) => 3,
            _ => n as usize - 1,
        }
    }
    fn index_action(&self, _: Actor, index: usize) -> Option<u8> {
        match (self.bug, index) {
            (_, i) if i >= 3 => None,
            (Bug::WrongReadBack, 0) => Some(2),
            (_, i) => Some(i as u8 + 1),
        }
    }
}

/// Shape `[10]`: one-hot of the stones left.
impl Observe for Take {
    fn observation_shape(&self) -> Vec<usize> {
        if self.bug == Bug::ShapeChanges {
            vec![self.stones as usize + 1]
        } else {
            vec![10]
        }
    }
    fn observe(&self, _: Option<Seat>, out: &mut Vec<f32>) {
        out.clear();
        let len = self.observation_shape()[0];
        out.resize(len - usize::from(self.bug == Bug::ShortObservation), 0.0);
        if let Some(v) = out.get_mut(self.stones as usize) {
            *v = 1.0;
        }
    }
}

fn run(bug: Bug) {
    Harness::new(move |_| Take::new(&TakeParams { bug }).unwrap())
        .games(5)
        .indexed()
        .run();
}

#[test]
fn correct_numbering_passes_the_harness() {
    run(Bug::None);
}

#[test]
#[should_panic(expected = "share index")]
fn harness_catches_two_actions_sharing_an_index() {
    run(Bug::SharedIndex);
}

#[test]
#[should_panic(expected = "reads back as")]
fn harness_catches_an_index_that_reads_back_wrong() {
    run(Bug::WrongReadBack);
}

#[test]
#[should_panic(expected = "not below 3")]
fn harness_catches_an_index_out_of_range() {
    run(Bug::OutOfRange);
}

#[test]
#[should_panic(expected = "values, not 10")]
fn harness_catches_a_short_observation() {
    run(Bug::ShortObservation);
}

#[test]
#[should_panic(expected = "observation shape changed")]
fn harness_catches_a_changing_shape() {
    run(Bug::ShapeChanges);
}
