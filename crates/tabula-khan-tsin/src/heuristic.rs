//! The static evaluation used by search (`tabula_core::Heuristic`). Per playing colour:
//! - progress of its Khan's stack towards the winning 9-stack (height, squared so that a
//!   nearly complete stack weighs much more), and whether the Khan's stack can move at all
//!   (a Khan whose stack is stuck cannot finish);
//! - control: the tokens in stacks it tops (tokens it can carry);
//! - mobility: how many of its stacks have a landing square.
//!
//! The value for a seat is its score minus the best opponent's, kept inside (-1, 1); finished
//! games score 1 for the winner, -1 for the others, 0 for a draw.

use crate::params::Colour;
use crate::stack::{Counts, MAX_HEIGHT};
use crate::state::{KhanTsin, Status};
use tabula_core::{Heuristic, Seat};

impl KhanTsin {
    /// Whether the stack on `o` has some landing square for its top token.
    fn stack_can_move(&self, o: usize, colour: Colour) -> bool {
        let one = Counts::one(colour as u32);
        let lands = |to: usize| {
            self.khans & (1 << to) == 0 && !self.stacks[to].counts().add(one).over_three()
        };
        self.targets(o)
            .is_some_and(|(up, down)| lands(up) || lands(down))
    }

    /// The score of `colour` in [0, 1].
    fn colour_score(&self, colour: Colour) -> f64 {
        let mut control = 0usize;
        let mut mobile = 0usize;
        let mut stacks = 0usize;
        let mut origins = self.tops[colour.index()];
        while origins != 0 {
            let o = origins.trailing_zeros() as usize;
            origins &= origins - 1;
            control += self.stacks[o].height();
            stacks += 1;
            mobile += self.stack_can_move(o, colour) as usize;
        }
        let (progress, khan_free) = match self.khan_square(colour) {
            Some(k) => {
                let p = (self.stacks[k].height() - 1) as f64 / (MAX_HEIGHT - 1) as f64;
                (p * (0.5 + 0.5 * p), self.stack_can_move(k, colour))
            }
            None => (0.0, true),
        };
        let mobility = if stacks == 0 {
            0.0
        } else {
            mobile as f64 / stacks as f64
        };
        0.55 * progress
            + 0.25 * (control as f64 / 36.0)
            + 0.1 * mobility
            + 0.1 * f64::from(u8::from(khan_free))
    }
}

impl Heuristic for KhanTsin {
    fn evaluate(&self, seat: Seat) -> f64 {
        match self.status {
            Status::Won(w) => return if w == seat.0 { 1.0 } else { -1.0 },
            Status::Stalled | Status::Limit | Status::Repetition => return 0.0,
            Status::Playing => {}
        }
        let Some(&me) = self.seats.playing().get(seat.index()) else {
            return 0.0;
        };
        let mine = self.colour_score(me);
        let best_other = self
            .seats
            .playing()
            .iter()
            .filter(|&&c| c != me)
            .map(|&c| self.colour_score(c))
            .fold(f64::NEG_INFINITY, f64::max);
        (mine - best_other).clamp(-0.95, 0.95)
    }
}
