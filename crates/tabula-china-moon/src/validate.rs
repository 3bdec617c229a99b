//! Checking an action rule by rule, independently of the move generator (the test harness
//! compares the two): hops are checked backwards (the landing is free, and some chain of
//! occupied spaces leads to it from the hop's origin), the length of the move from the kinds
//! of its landings. Every refusal says which rule was broken.

use crate::action::{Action, FrogMove, SetupPlace};
use crate::board::{START, SpaceKind};
use crate::flower::Flower;
use crate::state::{ChinaMoon, FROGS_PER_PLAYER, MOVES_PER_TURN, Pending, Phase, frog_bit};
use tabula_core::{ActionError, Actor, Seat};

fn illegal(message: impl Into<String>) -> ActionError {
    ActionError::Illegal(message.into())
}

impl ChinaMoon {
    pub(crate) fn check(&self, actor: Actor, action: Action) -> Result<(), ActionError> {
        if self.phase == Phase::Over {
            return Err(ActionError::GameOver);
        }
        let seat = match actor {
            Actor::Host => return Err(illegal("the host has no action in China Moon")),
            Actor::Chance => {
                return match action {
                    Action::Setup { place, flower } => self.check_setup(place, flower),
                    _ if self.phase == Phase::Setup => {
                        Err(illegal("chance only lays out flowers at setup"))
                    }
                    _ => Err(illegal("no chance event is pending")),
                };
            }
            Actor::Seat(seat) => seat,
        };
        if self.phase == Phase::Setup {
            return Err(ActionError::ChancePending);
        }
        if seat.index() >= self.players() {
            return Err(illegal(format!("there is no {seat}")));
        }
        match self.pending {
            Pending::None if seat != self.mover => Err(ActionError::NotYourTurn(seat)),
            Pending::Exchange { owner, .. } | Pending::Butterfly { owner, .. } if seat != owner => {
                Err(ActionError::NotYourTurn(seat))
            }
            Pending::None => match action {
                Action::Move(mv) => self.check_move(mv),
                Action::Setup { .. } => Err(illegal("the setup is over")),
                _ => Err(illegal("no decision is pending: move a frog")),
            },
            Pending::Exchange { owner, space } => match action {
                Action::Exchange { with, give, take } => {
                    self.check_exchange(owner, with, give, take)
                }
                _ => Err(illegal(format!(
                    "{owner} must first choose the exchange of the stupid frog on {}",
                    self.board.id(space)
                ))),
            },
            Pending::Butterfly { owner, space } => match action {
                Action::Drop(f) if self.hands[owner.index()].count(f) == 0 => Err(illegal(
                    format!("{owner} has no {} flower to drop", f.name()),
                )),
                Action::Drop(_) => Ok(()),
                _ => Err(illegal(format!(
                    "{owner} must first choose the flower the butterfly on {} drops",
                    self.board.id(space)
                ))),
            },
        }
    }

    fn check_setup(&self, place: SetupPlace, flower: Flower) -> Result<(), ActionError> {
        if self.phase != Phase::Setup {
            return Err(illegal("the setup is over"));
        }
        let k = self.setup_next as usize;
        let expected = if k < 3 {
            SetupPlace::Spot(k as u8)
        } else {
            SetupPlace::Space(self.board.lotus_spaces()[k - 3])
        };
        if place != expected {
            return Err(illegal(
                "the setup fills goal spots 1-3, then the lotus spaces in increasing number; this is not the next place",
            ));
        }
        if !Flower::COMMON.contains(&flower) {
            return Err(illegal(format!(
                "the setup lays out only yellow, pink and white here, not {}",
                flower.name()
            )));
        }
        let placed_on_spots = self.spots.contains(&Some(flower));
        if matches!(place, SetupPlace::Spot(_)) && placed_on_spots {
            return Err(illegal(format!(
                "a {} flower already lies on a goal spot",
                flower.name()
            )));
        }
        let on_track = self.track_flowers().count(flower);
        if on_track as usize + placed_on_spots as usize >= flower.total() as usize {
            return Err(illegal(format!("no {} flower is left", flower.name())));
        }
        Ok(())
    }

    fn check_exchange(
        &self,
        owner: Seat,
        with: Seat,
        give: Flower,
        take: Flower,
    ) -> Result<(), ActionError> {
        if with == owner {
            return Err(illegal("the exchange is with another player"));
        }
        if with.index() >= self.players() {
            return Err(illegal(format!("there is no {with}")));
        }
        if give == take {
            return Err(illegal("the flower taken must be of a different colour"));
        }
        if self.hands[owner.index()].count(give) == 0 {
            return Err(illegal(format!("{owner} has no {} flower", give.name())));
        }
        if self.hands[with.index()].count(take) == 0 {
            return Err(illegal(format!("{with} has no {} flower", take.name())));
        }
        Ok(())
    }

    fn check_move(&self, mv: FrogMove) -> Result<(), ActionError> {
        let goal = self.board.goal();
        let seat = mv.seat;
        if seat.index() >= self.players() {
            return Err(illegal(format!("there is no {seat}")));
        }
        if mv.from as usize >= self.board.len() {
            return Err(illegal("no such space"));
        }
        let from_id = self.board.id(mv.from);
        if mv.from == goal {
            return Err(illegal("frogs in the goal cannot be chosen"));
        }
        let frogs = &self.frogs[seat.index()];
        if !frogs.contains(&mv.from) {
            return Err(illegal(format!("{seat} has no frog on {from_id}")));
        }
        if (0..FROGS_PER_PLAYER)
            .filter(|&i| frogs[i] == mv.from)
            .all(|i| self.moved & frog_bit(seat, i) != 0)
        {
            return Err(illegal(format!(
                "the frog of {seat} on {from_id} has moved this turn: three different frogs"
            )));
        }
        let moved = self.moved.count_ones();
        let own_mask = 0b111u16 << (self.mover.index() * FROGS_PER_PLAYER);
        if moved == MOVES_PER_TURN - 1 && self.moved & !own_mask == 0 && seat == self.mover {
            return Err(illegal(
                "at least one of the three frogs must belong to another player",
            ));
        }
        self.check_path(mv)
    }

    fn check_path(&self, mv: FrogMove) -> Result<(), ActionError> {
        let goal = self.board.goal();
        let landings = mv.landings();
        let mut at = mv.from;
        for (k, &l) in landings.iter().enumerate() {
            if l as usize >= self.board.len() {
                return Err(illegal("no such space"));
            }
            let (at_id, l_id) = (self.board.id(at), self.board.id(l));
            if l != goal && self.is_occupied(l) {
                return Err(illegal(format!("space {l_id} holds a frog")));
            }
            if !self.reaches_over_frogs(at, l) {
                return Err(illegal(format!(
                    "a hop from {at_id} does not land on {l_id}: it lands on the nearest space ahead without a frog"
                )));
            }
            let last = k + 1 == landings.len();
            if l == goal {
                if !last {
                    return Err(illegal("the frog stops in the goal: nothing follows"));
                }
                return Ok(());
            }
            let ends_stretch = k % 2 == 1;
            let goes_on = !ends_stretch || self.board.kind(l) == SpaceKind::Spring;
            match (last, goes_on) {
                (true, true) if ends_stretch => {
                    return Err(illegal(format!(
                        "space {l_id} is a spring: the frog hops two more"
                    )));
                }
                (true, true) => return Err(illegal("a frog hops twice")),
                (false, false) => {
                    return Err(illegal(format!("the move ends on {l_id}; nothing follows")));
                }
                _ => {}
            }
            at = l;
        }
        Ok(())
    }

    /// Whether `to` follows `from` directly or through spaces that all hold frogs.
    fn reaches_over_frogs(&self, from: u8, to: u8) -> bool {
        self.board.prev(to).iter().any(|&q| {
            q == from
                || (q != START
                    && q > from
                    && self.is_occupied(q)
                    && self.reaches_over_frogs(from, q))
        })
    }
}
