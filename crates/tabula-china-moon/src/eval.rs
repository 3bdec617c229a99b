//! Search support: a position hash ([`Zobrist`]) over everything the notation holds, and a
//! static evaluation ([`Heuristic`]): each seat's score so far plus the promise of its frogs'
//! progress towards the goal, compared with the best other seat.

use crate::flower::Flower;
use crate::state::{ChinaMoon, FROGS_PER_PLAYER, Pending, Phase, frog_bit};
use tabula_core::{Heuristic, Seat, Zobrist};

/// SplitMix64's finaliser: a well-spread key for any feature number.
#[inline]
fn key(tag: u64, a: u64, b: u64, c: u64) -> u64 {
    let mut z = (tag << 48) ^ (a << 32) ^ (b << 16) ^ c;
    z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// Keys for a seat's positions, counting repeats (several frogs on the start or the goal).
fn positions_key(tag: u64, seat: Seat, mut positions: [u8; FROGS_PER_PLAYER], n: usize) -> u64 {
    positions[..n].sort_unstable();
    let mut h = 0;
    for k in 0..n {
        let repeat = positions[..k]
            .iter()
            .filter(|&&p| p == positions[k])
            .count();
        h ^= key(tag, seat.0 as u64, positions[k] as u64, repeat as u64);
    }
    h
}

impl Zobrist for ChinaMoon {
    fn zobrist(&self) -> u64 {
        let mut h = key(
            1,
            self.players as u64,
            self.mover.0 as u64,
            self.phase as u64,
        );
        h ^= key(2, self.setup_next as u64, 0, 0);
        for seat in Seat::all(self.players()) {
            let frogs = self.frogs[seat.index()];
            h ^= positions_key(3, seat, frogs, FROGS_PER_PLAYER);
            let mut moved = [0u8; FROGS_PER_PLAYER];
            let mut n = 0;
            for (i, &p) in frogs.iter().enumerate() {
                if self.moved & frog_bit(seat, i) != 0 {
                    moved[n] = p;
                    n += 1;
                }
            }
            h ^= positions_key(4, seat, moved, n);
            for c in Flower::ALL {
                h ^= key(
                    5,
                    seat.0 as u64,
                    c as u64,
                    self.hands[seat.index()].count(c) as u64,
                );
            }
        }
        for c in Flower::ALL {
            let mut m = self.track[c.index()];
            while m != 0 {
                h ^= key(6, c as u64, m.trailing_zeros() as u64, 0);
                m &= m - 1;
            }
            h ^= key(7, c as u64, self.out.count(c) as u64, 0);
        }
        // Stacked flowers (R5's variant): the k-th flower of a colour on a space, k from 1,
        // beside the first one keyed above with 0.
        let mut last = None;
        let mut repeat = 0;
        for (s, c) in self.stacks.iter() {
            repeat = if last == Some((s, c)) { repeat + 1 } else { 1 };
            last = Some((s, c));
            h ^= key(6, c as u64, s as u64, repeat);
        }
        for (i, s) in self.spots.iter().enumerate() {
            h ^= key(8, i as u64, s.map_or(9, |f| f as u64), 0);
        }
        h ^ match self.pending {
            Pending::None => 0,
            Pending::Exchange { owner, space } => key(9, 1, owner.0 as u64, space as u64),
            Pending::Butterfly { owner, space } => key(9, 2, owner.0 as u64, space as u64),
        }
    }
}

impl ChinaMoon {
    /// A seat's score plus the promise of its frogs: up to 1.5 points per frog, in proportion
    /// to how far it has come (a frog in the goal has already cashed its flower).
    fn promise(&self, seat: Seat) -> f64 {
        let b = &self.board;
        let full = b.goal_distance(crate::board::START).max(1) as f64;
        let progress: f64 = self.frogs[seat.index()]
            .iter()
            .filter(|&&p| p != b.goal())
            .map(|&p| 1.0 - b.goal_distance(p) as f64 / full)
            .sum();
        self.hands[seat.index()].score() as f64 + 1.5 * progress
    }
}

impl Heuristic for ChinaMoon {
    fn evaluate(&self, seat: Seat) -> f64 {
        if self.phase == Phase::Over {
            let outcome = self.final_outcome();
            return match outcome.rank(seat) {
                1 if outcome.winners().count() == 1 => 1.0,
                1 => 0.5,
                _ => -1.0,
            };
        }
        let mine = self.promise(seat);
        let best_other = Seat::all(self.players())
            .filter(|&s| s != seat)
            .map(|s| self.promise(s))
            .fold(f64::NEG_INFINITY, f64::max);
        ((mine - best_other) / 6.0).tanh()
    }
}
