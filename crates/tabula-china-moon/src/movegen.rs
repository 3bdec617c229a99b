//! The move generator: the frogs the mover may pick, every landing path of a frog (hops to the
//! nearest free space ahead on each branch, spring chains followed), the owner's decisions,
//! and the setup's chance outcomes with their probabilities. No allocation: results go into
//! the caller's buffer.

use crate::action::{Action, FrogMove, SetupPlace};
use crate::board::{MAX_LANDINGS, START};
use crate::flower::Flower;
use crate::state::{ChinaMoon, FROGS_PER_PLAYER, MOVES_PER_TURN, Pending, Phase, bit, frog_bit};
use tabula_core::Seat;

impl ChinaMoon {
    /// The landings of one hop from `from`: on each branch, the nearest space without a frog
    /// (the goal always counts as free), as a mask of space indices.
    pub(crate) fn hop_targets(&self, from: u8) -> u128 {
        let goal = self.board.goal();
        let mut result = 0u128;
        let mut visited = 0u128;
        let mut stack = [0u8; 128];
        let mut sp = 0;
        for &n in self.board.next(from) {
            visited |= bit(n);
            stack[sp] = n;
            sp += 1;
        }
        while sp > 0 {
            sp -= 1;
            let q = stack[sp];
            if q == goal || !self.is_occupied(q) {
                result |= bit(q);
                continue;
            }
            for &n in self.board.next(q) {
                if visited & bit(n) == 0 {
                    visited |= bit(n);
                    stack[sp] = n;
                    sp += 1;
                }
            }
        }
        result
    }

    /// Appends every landing path of `seat`'s frog on `from`.
    pub(crate) fn frog_paths(&self, seat: Seat, from: u8, out: &mut Vec<Action>) {
        let mut mv = FrogMove {
            seat,
            from,
            len: 0,
            landings: [0; MAX_LANDINGS],
        };
        self.extend_path(&mut mv, from, false, out);
    }

    fn extend_path(&self, mv: &mut FrogMove, at: u8, second_hop: bool, out: &mut Vec<Action>) {
        let goal = self.board.goal();
        let mut targets = self.hop_targets(at);
        while targets != 0 {
            let l = targets.trailing_zeros() as u8;
            targets &= targets - 1;
            mv.landings[mv.len as usize] = l;
            mv.len += 1;
            if l == goal {
                out.push(Action::Move(*mv));
            } else if !second_hop {
                self.extend_path(mv, l, true, out);
            } else if self.board.is_spring(l) {
                self.extend_path(mv, l, false, out);
            } else {
                out.push(Action::Move(*mv));
            }
            mv.len -= 1;
            mv.landings[mv.len as usize] = 0;
        }
    }

    /// The mover's frog moves: three different frogs a turn, at least one of another seat,
    /// none in the goal.
    pub(crate) fn gen_moves(&self, out: &mut Vec<Action>) {
        let goal = self.board.goal();
        let must_be_foreign = self.moves_made() == MOVES_PER_TURN - 1 && !self.foreign_moved();
        for seat in Seat::all(self.players()) {
            if must_be_foreign && seat == self.mover {
                continue;
            }
            let mut start_done = false;
            for i in 0..FROGS_PER_PLAYER {
                let pos = self.frogs[seat.index()][i];
                if pos == goal || self.moved & frog_bit(seat, i) != 0 {
                    continue;
                }
                if pos == START {
                    // Frogs of one seat on the start are alike: one set of moves for them.
                    if start_done {
                        continue;
                    }
                    start_done = true;
                }
                self.frog_paths(seat, pos, out);
            }
        }
    }

    /// The exchanges open to `owner`: (partner, give, take) with a different colour taken.
    pub(crate) fn for_each_exchange(&self, owner: Seat, mut f: impl FnMut(Seat, Flower, Flower)) {
        let mine = self.hands[owner.index()];
        if mine.is_empty() {
            return;
        }
        for with in Seat::all(self.players()) {
            if with == owner {
                continue;
            }
            let theirs = self.hands[with.index()];
            for give in mine.colours() {
                for take in theirs.colours() {
                    if take != give {
                        f(with, give, take);
                    }
                }
            }
        }
    }

    /// The pending owner's possible decisions.
    pub(crate) fn gen_decisions(&self, out: &mut Vec<Action>) {
        match self.pending {
            Pending::None => {}
            Pending::Exchange { owner, .. } => self.for_each_exchange(owner, |with, give, take| {
                out.push(Action::Exchange { with, give, take })
            }),
            Pending::Butterfly { owner, .. } => {
                out.extend(self.hands[owner.index()].colours().map(Action::Drop))
            }
        }
    }

    /// The place the next setup draw fills.
    pub(crate) fn setup_place(&self) -> Option<SetupPlace> {
        if self.phase != Phase::Setup {
            return None;
        }
        let k = self.setup_next as usize;
        if k < 3 {
            Some(SetupPlace::Spot(k as u8))
        } else {
            self.board
                .lotus_spaces()
                .get(k - 3)
                .map(|&s| SetupPlace::Space(s))
        }
    }

    /// The setup's pending chance outcomes: a goal spot gets one of the common colours not yet
    /// on a spot, equally likely; a lotus space gets a flower drawn from those left (4 of each
    /// common colour at first), in proportion to their numbers.
    pub(crate) fn for_each_chance(&self, mut out: impl FnMut(Action, f64)) {
        let Some(place) = self.setup_place() else {
            return;
        };
        match place {
            SetupPlace::Spot(_) => {
                let left = |c: &Flower| !self.spots.contains(&Some(*c));
                let p = 1.0 / Flower::COMMON.iter().filter(|c| left(c)).count() as f64;
                for flower in Flower::COMMON.into_iter().filter(left) {
                    out(Action::Setup { place, flower }, p);
                }
            }
            SetupPlace::Space(_) => {
                let bag = self.bag();
                let total: u32 = Flower::COMMON.iter().map(|&c| bag.count(c) as u32).sum();
                for c in Flower::COMMON {
                    let n = bag.count(c);
                    if n > 0 {
                        out(Action::Setup { place, flower: c }, n as f64 / total as f64);
                    }
                }
            }
        }
    }
}
