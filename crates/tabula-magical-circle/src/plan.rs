//! The solver applied to a game state, for bots and the UI's hint: every way a seat can win a
//! revealed card from here ([`MagicalCircle::winning_plans`]), the preferred one
//! ([`MagicalCircle::best_plan`]) and the next action that follows it
//! ([`MagicalCircle::solver_action`]).

use crate::actions::Action;
use crate::arrangement::{Arrangement, Pair};
use crate::cards::{Card, Hand};
use crate::solver::{self, Swaps};
use crate::state::{MagicalCircle, Phase};
use tabula_core::Seat;

/// A way to win a revealed card from the current state.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Plan {
    /// The card to win, and the arrangement it shows.
    pub card: Card,
    /// The arrangement the card shows.
    pub arrangement: Arrangement,
    /// The swap cards still to play (empty once the attempt's cards are played).
    pub play: Hand,
    /// The swaps still to make: exactly as many as the attempt still needs, obeying rule 4.
    pub swaps: Swaps,
}

impl Plan {
    /// The plan's remaining actions, after the claim: the play (if any), then the swaps.
    pub fn actions(&self) -> impl Iterator<Item = Action> + '_ {
        let play = (!self.play.is_empty()).then_some(Action::Play(self.play));
        play.into_iter()
            .chain(self.swaps.as_slice().iter().map(|&p| Action::Swap(p)))
    }
}

impl MagicalCircle {
    /// Every way `seat` can win a revealed card from here, exactly:
    /// - in the race (the seat not excluded) and before its play (the seat active): one plan
    ///   per (card, play of 1 or 2 swap cards from its hand) that can win, with a valid
    ///   sequence of exactly `k` swaps;
    /// - during its swaps: one plan per card still reachable with the swaps left, the first
    ///   differing from the last pair swapped;
    /// - otherwise none.
    ///
    /// Sorted best first: fewest swaps left, then a play that empties the hand to one card
    /// or none (D7 then returns every swap card), then fewer swap cards played, then deck
    /// order, then the play's values.
    pub fn winning_plans(&self, seat: Seat) -> Vec<Plan> {
        let mut plans = Vec::new();
        if seat.index() >= self.cfg.players as usize {
            return plans;
        }
        let deck = self.cfg.deck;
        let cards = self.revealed_slice();
        match self.phase {
            Phase::Race | Phase::Play => {
                let may = match self.phase {
                    Phase::Race => self.racers().contains(seat),
                    _ => self.active == seat,
                };
                if !may {
                    return plans;
                }
                for &card in cards {
                    let arrangement = deck.arrangement(card);
                    for play in self.hands[seat.index()].plays() {
                        let k = play.sum() as usize;
                        if let Some(swaps) = solver::swap_sequence(self.arr, arrangement, k, None) {
                            plans.push(Plan {
                                card,
                                arrangement,
                                play,
                                swaps,
                            });
                        }
                    }
                }
            }
            Phase::Swap if self.active == seat => {
                let left = (self.k() - self.done) as usize;
                for &card in cards {
                    let arrangement = deck.arrangement(card);
                    if let Some(swaps) =
                        solver::swap_sequence(self.arr, arrangement, left, self.last)
                    {
                        plans.push(Plan {
                            card,
                            arrangement,
                            play: Hand::EMPTY,
                            swaps,
                        });
                    }
                }
            }
            _ => {}
        }
        let hand = self.hands[seat.index()];
        plans.sort_by_key(|p| {
            let recall = !p.play.is_empty() && hand.minus(p.play).len() <= 1;
            (p.swaps.len(), !recall, p.play.len(), p.card, p.play)
        });
        plans
    }

    /// The first of [`MagicalCircle::winning_plans`], if any.
    pub fn best_plan(&self, seat: Seat) -> Option<Plan> {
        self.winning_plans(seat).into_iter().next()
    }

    /// What a perfect solver does now as `seat`: in the race, claim if a card can be won,
    /// else vote (once); in its attempt, the next action of its best plan (or, when no card
    /// can be won any more, the first legal action, since it must go on). `None` when the
    /// seat has nothing to do.
    pub fn solver_action(&self, seat: Seat) -> Option<Action> {
        match self.phase {
            Phase::Race if self.racers().contains(seat) => {
                if self.best_plan(seat).is_some() {
                    Some(Action::Claim(seat))
                } else if !self.voted.contains(seat) {
                    Some(Action::Vote(seat))
                } else {
                    None
                }
            }
            Phase::Play if self.active == seat => Some(match self.best_plan(seat) {
                Some(plan) => Action::Play(plan.play),
                None => Action::Play(self.hands[seat.index()].plays().next()?),
            }),
            Phase::Swap if self.active == seat => Some(match self.best_plan(seat) {
                Some(plan) => Action::Swap(*plan.swaps.as_slice().first()?),
                None => Action::Swap(Pair::all().find(|&p| Some(p) != self.last)?),
            }),
            _ => None,
        }
    }
}
