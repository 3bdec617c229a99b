//! Corridor, for 2 seats: seat 1 walks a token along squares 0…20 (one step either way per
//! turn) and wins on square 20; seat 2 can only pass. The heuristic loves square 1 and is
//! indifferent elsewhere, and the win lies beyond a shallow search's horizon: a search that
//! ignores repetitions steps back to square 1 for ever; one that avoids them walks on.

use serde::{Deserialize, Serialize};
use tabula_core::{
    Actor, Game, Heuristic, Notation, NotationError, Outcome, ParamsError, PositionError, Seat,
    ToAct, TwoPlayerZeroSum, Zobrist,
};

pub const GOAL: u8 = 20;

#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct CParams {
    pub players: usize,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CAction {
    Left,
    Right,
    Pass,
}

#[derive(Clone, Debug)]
pub struct Corridor {
    pub square: u8,
    pub to_move: u8,
}

impl Game for Corridor {
    type Action = CAction;
    type Params = CParams;
    const NAME: &'static str = "corridor";

    fn new(_: &CParams) -> Result<Self, ParamsError> {
        Ok(Corridor {
            square: 1,
            to_move: 0,
        })
    }

    fn params(&self) -> CParams {
        CParams { players: 2 }
    }

    fn num_seats(&self) -> usize {
        2
    }

    fn to_act(&self) -> ToAct {
        if self.square == GOAL {
            ToAct::Over(Outcome::win(Seat(0), 2))
        } else {
            ToAct::One(Seat(self.to_move))
        }
    }

    fn legal_actions_for(&self, actor: Actor, out: &mut Vec<CAction>) {
        out.clear();
        if self.to_act() != ToAct::One(Seat(self.to_move))
            || actor != Actor::Seat(Seat(self.to_move))
        {
            return;
        }
        if self.to_move == 1 {
            out.push(CAction::Pass);
            return;
        }
        if self.square > 0 {
            out.push(CAction::Left);
        }
        out.push(CAction::Right);
    }

    fn apply(&mut self, action: CAction) {
        match action {
            CAction::Left => self.square -= 1,
            CAction::Right => self.square += 1,
            CAction::Pass => {}
        }
        self.to_move = 1 - self.to_move;
    }
}

impl Notation for Corridor {
    toy_notation!("corridor", CParams, CAction);

    fn to_notation(&self) -> String {
        format!("{} {}", self.square, self.to_move)
    }
}

impl TwoPlayerZeroSum for Corridor {}

impl Zobrist for Corridor {
    fn zobrist(&self) -> u64 {
        (self.square as u64) << 1 | self.to_move as u64
    }
}

impl Heuristic for Corridor {
    fn evaluate(&self, seat: Seat) -> f64 {
        let v = if self.square == 1 { 0.5 } else { 0.1 };
        if seat == Seat(0) { v } else { -v }
    }
}
