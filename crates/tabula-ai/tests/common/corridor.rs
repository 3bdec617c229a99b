//! Corridor, for 2 seats: seat 1 walks a token along squares 0…20 (one step either way per
//! turn) and wins on square 20; seat 2 can only pass. The heuristic loves square 1 and is
//! indifferent elsewhere, and the win lies beyond a shallow search's horizon: a search that
//! ignores repetitions steps back to square 1 for ever; one that avoids them walks on.
//!
//! In the windy variant a gust may blow the token back after each step forward (a chance
//! event): the game is no longer deterministic, so its positions are not two-player
//! zero-sum although two seats take turns.

use serde::{Deserialize, Serialize};
use tabula_core::{
    Actor, Game, Heuristic, Notation, NotationError, Outcome, ParamsError, PositionError, Seat,
    ToAct, Zobrist,
};

pub const GOAL: u8 = 20;

#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct CParams {
    pub players: usize,
    pub windy: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CAction {
    Left,
    Right,
    Pass,
    Gust,
    Calm,
}

#[derive(Clone, Debug)]
pub struct Corridor {
    pub square: u8,
    pub to_move: u8,
    pub windy: bool,
    /// A gust may blow now (the chance event after a step forward in the windy variant).
    pub gusting: bool,
}

impl Game for Corridor {
    type Action = CAction;
    type Params = CParams;
    const NAME: &'static str = "corridor";

    fn new(params: &CParams) -> Result<Self, ParamsError> {
        Ok(Corridor {
            square: 1,
            to_move: 0,
            windy: params.windy,
            gusting: false,
        })
    }

    fn params(&self) -> CParams {
        CParams {
            players: 2,
            windy: self.windy,
        }
    }

    fn num_seats(&self) -> usize {
        2
    }

    fn to_act(&self) -> ToAct {
        if self.square == GOAL {
            ToAct::Over(Outcome::win(Seat(0), 2))
        } else if self.gusting {
            ToAct::Chance
        } else {
            ToAct::One(Seat(self.to_move))
        }
    }

    fn legal_actions_for(&self, actor: Actor, out: &mut Vec<CAction>) {
        out.clear();
        if self.gusting && actor == Actor::Chance {
            out.extend([CAction::Gust, CAction::Calm]);
            return;
        }
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
            CAction::Right => {
                self.square += 1;
                self.gusting = self.windy && self.square != GOAL;
            }
            CAction::Pass => {}
            CAction::Gust | CAction::Calm => {
                self.square -= (action == CAction::Gust) as u8;
                self.gusting = false;
                return;
            }
        }
        self.to_move = 1 - self.to_move;
    }

    fn chance_outcomes(&self, out: &mut Vec<(CAction, f64)>) {
        out.clear();
        if self.gusting {
            out.extend([(CAction::Gust, 0.5), (CAction::Calm, 0.5)]);
        }
    }

    fn two_player_zero_sum(&self) -> bool {
        !self.windy
    }
}

impl Notation for Corridor {
    toy_notation!("corridor", CParams, CAction);

    fn to_notation(&self) -> String {
        format!("{} {} {}", self.square, self.to_move, self.gusting)
    }
}

impl Zobrist for Corridor {
    fn zobrist(&self) -> u64 {
        (self.square as u64) << 2 | (self.gusting as u64) << 1 | self.to_move as u64
    }
}

impl Heuristic for Corridor {
    fn evaluate(&self, seat: Seat) -> f64 {
        let v = if self.square == 1 { 0.5 } else { 0.1 };
        if seat == Seat(0) { v } else { -v }
    }
}
