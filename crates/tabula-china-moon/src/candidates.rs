//! Candidate actions for the test harness: a superset of the legal actions, built without the
//! move generator. Frog moves follow the board's links loosely (any space reached through
//! frogs, occupied or not; every prefix and one landing too many), so that the harness checks
//! the generator and [`tabula_core::Game::validate`] against each other on near misses.

use crate::action::{Action, FrogMove, SetupPlace};
use crate::board::{MAX_LANDINGS, START};
use crate::flower::Flower;
use crate::state::{ChinaMoon, Pending, Phase, bit};
use tabula_core::{Actor, CandidateActions, Seat};

impl ChinaMoon {
    /// Spaces a loose hop from `at` may name: every space reached through frogs, and the
    /// first space without one on each branch.
    fn loose_targets(&self, at: u8) -> u128 {
        let goal = self.board.goal();
        let mut seen = 0u128;
        let mut todo: Vec<u8> = self.board.next(at).to_vec();
        while let Some(q) = todo.pop() {
            if seen & bit(q) != 0 {
                continue;
            }
            seen |= bit(q);
            if q != goal && self.is_occupied(q) {
                todo.extend_from_slice(self.board.next(q));
            }
        }
        seen
    }

    fn loose_paths(&self, mv: &mut FrogMove, at: u8, out: &mut Vec<Action>) {
        let springs = mv
            .landings()
            .iter()
            .skip(1)
            .step_by(2)
            .filter(|&&l| self.board.is_spring(l))
            .count();
        let cap = (3 + 2 * springs).min(MAX_LANDINGS);
        if mv.len as usize >= cap {
            return;
        }
        let mut targets = self.loose_targets(at);
        while targets != 0 {
            let l = targets.trailing_zeros() as u8;
            targets &= targets - 1;
            mv.landings[mv.len as usize] = l;
            mv.len += 1;
            out.push(Action::Move(*mv));
            if l != self.board.goal() {
                self.loose_paths(mv, l, out);
            }
            mv.len -= 1;
            mv.landings[mv.len as usize] = 0;
        }
    }

    /// The acting mover gets every seat × frog space with loose paths for real frogs and a
    /// one-landing move for the others; any other seat a few moves of its own frogs (all to
    /// be refused).
    fn move_candidates(&self, actor: Seat, out: &mut Vec<Action>) {
        let goal = self.board.goal();
        let full =
            self.phase == Phase::Play && self.pending == Pending::None && actor == self.mover;
        if !full {
            for &from in &self.frogs[actor.index()] {
                let to = self.board.next(from).first().copied().unwrap_or(goal);
                out.push(Action::Move(
                    FrogMove::new(actor, from, &[to]).expect("one"),
                ));
            }
            return;
        }
        let mut froms: Vec<u8> = self.frogs[..self.players()]
            .iter()
            .flatten()
            .copied()
            .collect();
        froms.push(START);
        froms.sort_unstable();
        froms.dedup();
        for seat in Seat::all(self.players()) {
            for &from in &froms {
                out.push(Action::Move(
                    FrogMove::new(seat, from, &[goal]).expect("one"),
                ));
                if from == goal {
                    continue;
                }
                if self.frogs[seat.index()].contains(&from) {
                    let mut mv = FrogMove::new(seat, from, &[goal]).expect("one");
                    mv.len = 0;
                    mv.landings[0] = 0;
                    self.loose_paths(&mut mv, from, out);
                } else if let Some(&n) = self.board.next(from).first() {
                    out.push(Action::Move(FrogMove::new(seat, from, &[n]).expect("one")));
                }
            }
        }
    }
}

impl CandidateActions for ChinaMoon {
    fn candidate_actions(&self, actor: Actor, out: &mut Vec<Action>) {
        out.clear();
        match actor {
            Actor::Host => out.push(Action::Drop(Flower::Yellow)),
            Actor::Chance => {
                let mut places: Vec<SetupPlace> = (0..3).map(SetupPlace::Spot).collect();
                if self.phase == Phase::Setup {
                    places.extend(
                        self.board
                            .lotus_spaces()
                            .iter()
                            .map(|&s| SetupPlace::Space(s)),
                    );
                    places.push(SetupPlace::Space(self.board.black_lotus()));
                }
                for place in places {
                    for flower in Flower::ALL {
                        out.push(Action::Setup { place, flower });
                    }
                }
            }
            Actor::Seat(seat) => {
                out.extend(Flower::ALL.map(Action::Drop));
                let full = matches!(self.pending, Pending::Exchange { owner, .. } if owner == seat);
                for with in Seat::all(self.players()) {
                    for give in Flower::ALL {
                        for take in Flower::ALL {
                            if full || (give == Flower::Yellow && take == Flower::Pink) {
                                out.push(Action::Exchange { with, give, take });
                            }
                        }
                    }
                }
                self.move_candidates(seat, out);
            }
        }
    }
}
