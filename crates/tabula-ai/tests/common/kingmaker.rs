//! Kingmaker, for 3–5 seats. Seat 1 chooses:
//! - `L`: seat 2 then picks who wins between seat 2 and seat 3 (it picks itself);
//! - `R`: seat 3 (not the next seat in order) picks between seat 1 and seat 3 (itself);
//! - `M`: a coin: seat 1 wins with probability 0.25, seat 2 with 0.75;
//! - `N`: a coin: seat 1 wins with probability 0.6, seat 3 with 0.4.
//!
//! With per-seat returns seat 1's best choice is `N` (0.6 against 0, 0 and 0.25).

use serde::{Deserialize, Serialize};
use tabula_core::{
    Actor, Game, Heuristic, Notation, NotationError, Outcome, ParamsError, PositionError, Seat,
    ToAct, Zobrist,
};

#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct KParams {
    pub players: usize,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum KAction {
    L,
    R,
    M,
    N,
    /// The deciding seat makes this seat win.
    Crown(u8),
    /// The coin makes this seat win.
    Coin(u8),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    Start,
    AfterL,
    AfterR,
    CoinM,
    CoinN,
    Won(u8),
}

#[derive(Clone, Debug)]
pub struct Kingmaker {
    seats: usize,
    phase: Phase,
}

impl Kingmaker {
    pub fn after(seats: usize, first: KAction) -> Kingmaker {
        let mut g = Kingmaker::new(&KParams { players: seats }).unwrap();
        g.apply(first);
        g
    }
}

impl Game for Kingmaker {
    type Action = KAction;
    type Params = KParams;
    const NAME: &'static str = "kingmaker";

    fn new(params: &KParams) -> Result<Self, ParamsError> {
        let seats = if params.players == 0 {
            3
        } else {
            params.players
        };
        if !(3..=5).contains(&seats) {
            return Err(ParamsError::new("players", "3 to 5"));
        }
        Ok(Kingmaker {
            seats,
            phase: Phase::Start,
        })
    }

    fn params(&self) -> KParams {
        KParams {
            players: self.seats,
        }
    }

    fn num_seats(&self) -> usize {
        self.seats
    }

    fn to_act(&self) -> ToAct {
        match self.phase {
            Phase::Start => ToAct::One(Seat(0)),
            Phase::AfterL => ToAct::One(Seat(1)),
            Phase::AfterR => ToAct::One(Seat(2)),
            Phase::CoinM | Phase::CoinN => ToAct::Chance,
            Phase::Won(s) => ToAct::Over(Outcome::win(Seat(s), self.seats)),
        }
    }

    fn legal_actions_for(&self, actor: Actor, out: &mut Vec<KAction>) {
        out.clear();
        match (self.phase, actor) {
            (Phase::Start, Actor::Seat(Seat(0))) => {
                out.extend([KAction::L, KAction::R, KAction::M, KAction::N])
            }
            (Phase::AfterL, Actor::Seat(Seat(1))) => {
                out.extend([KAction::Crown(1), KAction::Crown(2)])
            }
            (Phase::AfterR, Actor::Seat(Seat(2))) => {
                out.extend([KAction::Crown(0), KAction::Crown(2)])
            }
            (Phase::CoinM, Actor::Chance) => out.extend([KAction::Coin(0), KAction::Coin(1)]),
            (Phase::CoinN, Actor::Chance) => out.extend([KAction::Coin(0), KAction::Coin(2)]),
            _ => {}
        }
    }

    fn chance_outcomes(&self, out: &mut Vec<(KAction, f64)>) {
        out.clear();
        match self.phase {
            Phase::CoinM => out.extend([(KAction::Coin(0), 0.25), (KAction::Coin(1), 0.75)]),
            Phase::CoinN => out.extend([(KAction::Coin(0), 0.6), (KAction::Coin(2), 0.4)]),
            _ => {}
        }
    }

    fn apply(&mut self, action: KAction) {
        self.phase = match action {
            KAction::L => Phase::AfterL,
            KAction::R => Phase::AfterR,
            KAction::M => Phase::CoinM,
            KAction::N => Phase::CoinN,
            KAction::Crown(s) | KAction::Coin(s) => Phase::Won(s),
        };
    }
}

impl Notation for Kingmaker {
    toy_notation!("kingmaker", KParams, KAction);

    fn to_notation(&self) -> String {
        format!("{} {:?}", self.seats, self.phase)
    }
}

// Wrongly claimed, to check that alpha-beta refuses a game without exactly 2 seats.
impl Zobrist for Kingmaker {
    fn zobrist(&self) -> u64 {
        self.to_notation().len() as u64
    }
}

impl Heuristic for Kingmaker {
    fn evaluate(&self, _: Seat) -> f64 {
        0.0
    }
}
