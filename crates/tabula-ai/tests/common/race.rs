//! Race, for 2–5 seats: a chance event deals each seat "ready" or not (probability ½ each);
//! then every seat still in the round may act at once (`ToAct::Several`): `claim` wins the
//! game if the seat is ready and eliminates it otherwise (the last seat left wins); `skip`
//! leaves the round. When every seat has skipped, a new deal starts the next round; after
//! 4 rounds the seats still in share the win.
//!
//! A seat that is ready should claim at once; a seat that is not should never claim.

use serde::{Deserialize, Serialize};
use tabula_core::{
    Actor, EndReason, Game, Notation, NotationError, Outcome, ParamsError, PositionError, Seat,
    SeatSet, ToAct,
};

#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct RParams {
    pub players: usize,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RAction {
    /// The deal: the set of ready seats (bits).
    Deal(u8),
    Claim(u8),
    Skip(u8),
}

#[derive(Clone, Debug)]
pub struct Race {
    seats: usize,
    dealt: bool,
    ready: SeatSet,
    out: SeatSet,
    skipped: SeatSet,
    round: u8,
    winner: Option<u8>,
}

const ROUNDS: u8 = 4;

impl Race {
    /// A race in its first round with the given ready seats.
    pub fn dealt(seats: usize, ready: &[u8]) -> Race {
        let mut g = Race::new(&RParams { players: seats }).unwrap();
        let bits = ready.iter().fold(0u8, |b, &s| b | 1 << s);
        g.apply(RAction::Deal(bits));
        g
    }

    pub fn is_ready(&self, seat: Seat) -> bool {
        self.ready.contains(seat)
    }

    fn active(&self) -> SeatSet {
        let all = SeatSet::all(self.seats).bits();
        SeatSet::from_bits(all & !self.out.bits() & !self.skipped.bits())
    }

    fn remaining(&self) -> SeatSet {
        SeatSet::from_bits(SeatSet::all(self.seats).bits() & !self.out.bits())
    }
}

impl Game for Race {
    type Action = RAction;
    type Params = RParams;
    const NAME: &'static str = "race";

    fn new(params: &RParams) -> Result<Self, ParamsError> {
        let seats = if params.players == 0 {
            3
        } else {
            params.players
        };
        if !(2..=5).contains(&seats) {
            return Err(ParamsError::new("players", "2 to 5"));
        }
        Ok(Race {
            seats,
            dealt: false,
            ready: SeatSet::EMPTY,
            out: SeatSet::EMPTY,
            skipped: SeatSet::EMPTY,
            round: 0,
            winner: None,
        })
    }

    fn params(&self) -> RParams {
        RParams {
            players: self.seats,
        }
    }

    fn num_seats(&self) -> usize {
        self.seats
    }

    fn to_act(&self) -> ToAct {
        if let Some(w) = self.winner {
            return ToAct::Over(Outcome::win(Seat(w), self.seats));
        }
        if self.round >= ROUNDS {
            let mut ranks = [0u8; 5];
            for (i, r) in ranks.iter_mut().enumerate().take(self.seats) {
                *r = if self.out.contains(Seat(i as u8)) {
                    2
                } else {
                    1
                };
            }
            return ToAct::Over(Outcome {
                seats: self.seats as u8,
                ranks,
                scores: None,
                reason: EndReason::Draw,
            });
        }
        if !self.dealt {
            return ToAct::Chance;
        }
        ToAct::Several(self.active())
    }

    fn legal_actions_for(&self, actor: Actor, out: &mut Vec<RAction>) {
        out.clear();
        match (self.to_act(), actor) {
            (ToAct::Chance, Actor::Chance) => {
                out.extend((0..1u8 << self.seats).map(RAction::Deal));
            }
            (ToAct::Several(set), Actor::Seat(s)) if set.contains(s) => {
                out.extend([RAction::Claim(s.0), RAction::Skip(s.0)]);
            }
            _ => {}
        }
    }

    fn chance_outcomes(&self, out: &mut Vec<(RAction, f64)>) {
        out.clear();
        if self.to_act() == ToAct::Chance {
            let p = 1.0 / (1u32 << self.seats) as f64;
            out.extend((0..1u8 << self.seats).map(|b| (RAction::Deal(b), p)));
        }
    }

    fn apply(&mut self, action: RAction) {
        match action {
            RAction::Deal(bits) => {
                self.ready = SeatSet::from_bits(bits & SeatSet::all(self.seats).bits());
                self.skipped = SeatSet::EMPTY;
                self.dealt = true;
            }
            RAction::Claim(s) => {
                if self.ready.contains(Seat(s)) {
                    self.winner = Some(s);
                } else {
                    self.out.insert(Seat(s));
                    let left = self.remaining();
                    if left.len() == 1 {
                        self.winner = left.iter().next().map(|s| s.0);
                    }
                }
            }
            RAction::Skip(s) => {
                self.skipped.insert(Seat(s));
            }
        }
        if self.winner.is_none() && self.dealt && self.active().is_empty() {
            self.round += 1;
            self.dealt = false;
        }
    }
}

impl Notation for Race {
    toy_notation!("race", RParams, RAction);

    fn to_notation(&self) -> String {
        format!(
            "{} {} {} {} {} {} {:?}",
            self.seats,
            self.dealt,
            self.ready.bits(),
            self.out.bits(),
            self.skipped.bits(),
            self.round,
            self.winner
        )
    }
}
