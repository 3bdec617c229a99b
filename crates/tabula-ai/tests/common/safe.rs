//! Safe, for 2 seats, where only seat 1 acts: it may `open` the safe, then must dial its
//! 3-digit code (a wrong digit anywhere and seat 2 wins; the right code and seat 1 wins), or
//! `wait` for a new code (up to 8 times; then the game is drawn). Waiting costs nothing, so a
//! search whose rollouts dial perfectly values waiting as much as opening — and a plain UCT
//! tree, which tries every digit while exploring, values opening less than waiting. The
//! rollout policy's recommendation ([`tabula_ai::Rollout::prior`]) fixes that.

use serde::{Deserialize, Serialize};
use tabula_core::{
    Actor, EndReason, Game, Notation, NotationError, Outcome, ParamsError, PositionError, Seat,
    ToAct,
};

#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct SParams {
    pub players: usize,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SAction {
    Open,
    Wait,
    Dial(u8),
}

#[derive(Clone, Debug)]
pub struct Safe {
    waits: u8,
    /// Digits dialled so far (`None`: not opened).
    dialled: Option<u8>,
    wrong: bool,
}

const MAX_WAITS: u8 = 8;

impl Safe {
    /// The code's digit `i` (it changes with every wait).
    pub fn digit(&self, i: u8) -> u8 {
        (self.waits * 7 + i * 3 + 1) % 10
    }

    /// How many digits have been dialled.
    pub fn dialled_count(&self) -> u8 {
        self.dialled.unwrap_or(0)
    }

    /// The correct action now, if seat 1 must or may act.
    pub fn oracle(&self) -> Option<SAction> {
        match self.dialled {
            None if self.waits <= MAX_WAITS => Some(SAction::Open),
            Some(i) if i < 3 => Some(SAction::Dial(self.digit(i))),
            _ => None,
        }
    }
}

impl Game for Safe {
    type Action = SAction;
    type Params = SParams;
    const NAME: &'static str = "safe";

    fn new(_: &SParams) -> Result<Self, ParamsError> {
        Ok(Safe {
            waits: 0,
            dialled: None,
            wrong: false,
        })
    }

    fn params(&self) -> SParams {
        SParams { players: 2 }
    }

    fn num_seats(&self) -> usize {
        2
    }

    fn to_act(&self) -> ToAct {
        match self.dialled {
            Some(3) if self.wrong => ToAct::Over(Outcome::win(Seat(1), 2)),
            Some(3) => ToAct::Over(Outcome::win(Seat(0), 2)),
            None if self.waits > MAX_WAITS => ToAct::Over(Outcome::draw(2, EndReason::Draw)),
            _ => ToAct::One(Seat(0)),
        }
    }

    fn legal_actions_for(&self, actor: Actor, out: &mut Vec<SAction>) {
        out.clear();
        if actor != Actor::Seat(Seat(0)) || self.to_act().is_over() {
            return;
        }
        match self.dialled {
            None => out.extend([SAction::Open, SAction::Wait]),
            Some(_) => out.extend((0..10).map(SAction::Dial)),
        }
    }

    fn apply(&mut self, action: SAction) {
        match action {
            SAction::Open => self.dialled = Some(0),
            SAction::Wait => self.waits += 1,
            SAction::Dial(d) => {
                let i = self.dialled.unwrap_or(0);
                self.wrong |= d != self.digit(i);
                self.dialled = Some(i + 1);
            }
        }
    }
}

impl Notation for Safe {
    toy_notation!("safe", SParams, SAction);

    fn to_notation(&self) -> String {
        format!("{} {:?} {}", self.waits, self.dialled, self.wrong)
    }
}
