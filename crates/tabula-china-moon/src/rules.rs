//! Applying actions: setup draws, frog moves with their end-of-move effects in the rules'
//! order (flower pick-up on any space, then spring, stupid frog or butterfly), goal arrivals
//! and the end of the game, owners' decisions and the passing of the turn.

use crate::action::{Action, FrogMove, SetupPlace};
use crate::board::{START, SpaceKind};
use crate::flower::Flower;
use crate::state::{
    ChinaMoon, FROGS_PER_PLAYER, GOAL_SPOTS, MOVES_PER_TURN, Pending, Phase, bit, frog_bit,
};
use tabula_core::Seat;

impl ChinaMoon {
    /// Performs an action the caller has checked (see [`tabula_core::Game::validate`]).
    pub(crate) fn apply_action(&mut self, action: Action) {
        debug_assert!(self.phase != Phase::Over, "no action after the end");
        match action {
            Action::Setup { place, flower } => self.apply_setup(place, flower),
            Action::Move(mv) => self.apply_move(mv),
            Action::Exchange { with, give, take } => {
                let Pending::Exchange { owner, .. } = self.pending else {
                    debug_assert!(false, "no exchange pending");
                    return;
                };
                self.exchange(owner, with, give, take);
                self.pending = Pending::None;
                self.end_frog_move();
            }
            Action::Drop(flower) => {
                let Pending::Butterfly { owner, space } = self.pending else {
                    debug_assert!(false, "no butterfly pending");
                    return;
                };
                self.drop_flower(owner, space, flower);
                self.pending = Pending::None;
                self.end_frog_move();
            }
        }
    }

    fn apply_setup(&mut self, place: SetupPlace, flower: Flower) {
        match place {
            SetupPlace::Spot(i) => self.spots[i as usize] = Some(flower),
            SetupPlace::Space(s) => self.track[flower.index()] |= bit(s),
        }
        self.setup_next += 1;
        if self.setup_next as usize == 3 + self.board.lotus_spaces().len() {
            self.phase = Phase::Play;
        }
    }

    fn apply_move(&mut self, mv: FrogMove) {
        let seat = mv.seat;
        let goal = self.board.goal();
        let Some(frog) = (0..FROGS_PER_PLAYER).find(|&i| {
            self.frogs[seat.index()][i] == mv.from && self.moved & frog_bit(seat, i) == 0
        }) else {
            debug_assert!(false, "no such frog: {mv:?}");
            return;
        };
        self.moved |= frog_bit(seat, frog);
        if mv.from != START {
            self.occupied &= !bit(mv.from);
        }
        let landings = mv.landings();
        // The end of each two-hop stretch (the move's end, and each spring that relaunches
        // the frog): the owner takes the flower lying there (R11), except on a butterfly
        // space under `butterfly_pickup = "leave"`.
        for &l in landings.iter().skip(1).step_by(2) {
            let left = self.leave_on_butterfly && self.board.kind(l) == SpaceKind::Butterfly;
            if l != goal && !left {
                self.pick_up(seat, l);
            }
        }
        let last = mv.destination();
        self.frogs[seat.index()][frog] = last;
        if last == goal {
            self.arrive(seat);
            if self.phase == Phase::Over {
                return;
            }
        } else {
            self.occupied |= bit(last);
            self.space_acts(seat, last);
        }
        if self.pending == Pending::None {
            self.end_frog_move();
        }
    }

    /// The owner takes the flower lying on `space` — every flower, where R5's variant
    /// stacked several (R17).
    fn pick_up(&mut self, owner: Seat, space: u8) {
        if let Some(f) = self.flower_on(space) {
            self.track[f.index()] &= !bit(space);
            self.hands[owner.index()].add(f);
            if self.drop_on_flowers {
                self.pick_up_stack(owner, space);
            }
        }
    }

    /// R17: the rest of the flowers on a space where R5's variant may have stacked several.
    fn pick_up_stack(&mut self, owner: Seat, space: u8) {
        let hand = &mut self.hands[owner.index()];
        for c in Flower::ALL {
            if self.track[c.index()] & bit(space) != 0 {
                self.track[c.index()] &= !bit(space);
                hand.add(c);
            }
        }
        self.stacks.take_all(space, hand);
    }

    /// A frog reaches the goal: its owner takes the flower of the next goal spot; the 4th
    /// arrival ends the game at once.
    fn arrive(&mut self, owner: Seat) {
        let spot = self.arrived as usize;
        self.arrived += 1;
        if let Some(f) = self.spots[spot].take() {
            self.hands[owner.index()].add(f);
        }
        if spot + 1 == GOAL_SPOTS {
            self.phase = Phase::Over;
            self.pending = Pending::None;
        }
    }

    /// The stupid-frog and butterfly spaces at the end of a move (springs are part of the
    /// move's path). A decision with one possible answer is applied at once (R8); with none,
    /// nothing happens (R4, R5); otherwise the owner is asked.
    fn space_acts(&mut self, owner: Seat, space: u8) {
        match self.board.kind(space) {
            SpaceKind::StupidFrog => {
                let mut count = 0;
                let mut only = None;
                self.for_each_exchange(owner, |with, give, take| {
                    count += 1;
                    only = Some((with, give, take));
                });
                match (count, only) {
                    (1, Some((with, give, take))) => self.exchange(owner, with, give, take),
                    (0, _) => {}
                    _ => self.pending = Pending::Exchange { owner, space },
                }
            }
            SpaceKind::Butterfly => {
                let hand = self.hands[owner.index()];
                match hand.colour_count() {
                    0 => {}
                    1 => {
                        let f = hand.colours().next().expect("one colour");
                        self.drop_flower(owner, space, f);
                    }
                    _ => self.pending = Pending::Butterfly { owner, space },
                }
            }
            _ => {}
        }
    }

    fn exchange(&mut self, owner: Seat, with: Seat, give: Flower, take: Flower) {
        self.hands[owner.index()].remove(give);
        self.hands[with.index()].add(give);
        self.hands[with.index()].remove(take);
        self.hands[owner.index()].add(take);
    }

    /// The flower goes to the first space behind the butterfly with neither frog nor flower
    /// (R5; with no frog only, under its variant, stacking on the flowers there), or leaves
    /// the game when none is found before the start (R6).
    fn drop_flower(&mut self, owner: Seat, butterfly: u8, flower: Flower) {
        self.hands[owner.index()].remove(flower);
        match self.drop_target(butterfly) {
            Some(s) if self.track[flower.index()] & bit(s) != 0 => self.stacks.push(s, flower),
            Some(s) => self.track[flower.index()] |= bit(s),
            None => self.out.add(flower),
        }
    }

    /// The space a butterfly on `butterfly` would drop a flower on now (`None`: it would
    /// leave the game).
    pub fn drop_target(&self, butterfly: u8) -> Option<u8> {
        let mut at = self.board.back(butterfly);
        while let Some(s) = at {
            if s == START {
                return None;
            }
            if !self.is_occupied(s) && (self.drop_on_flowers || !self.has_flower(s)) {
                return Some(s);
            }
            at = self.board.back(s);
        }
        None
    }

    /// After a frog's move and its effects: the third ends the turn.
    fn end_frog_move(&mut self) {
        if self.moves_made() == MOVES_PER_TURN {
            self.moved = 0;
            self.mover = Seat((self.mover.0 + 1) % self.players);
        }
    }
}
