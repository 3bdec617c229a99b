//! Integer actions and observations (`tabula_core::ActionIndex`, `tabula_core::Observe`).
//!
//! Actions: 11 737 indices, the same for 2 and 3 players. Squares 1–36 are 0–35.
//!
//! | indices        | action                                                   |
//! |----------------|----------------------------------------------------------|
//! | 0–11 663       | move `from:count>to`: `(from·9 + count−1)·36 + to`        |
//! | 11 664         | `pass`                                                   |
//! | 11 665–11 736  | placement: `11 665 + 2·square + k`, `k` = 1 for `K@`, 0 for `T@` |
//!
//! Observation: shape `[32, 36]` (plane, square 1–36), as 0/1. Colours are counted from the
//! viewer (a spectator sees from seat 1): relative colour 0 is the viewer's, 1 the next seat's
//! in turn, 2 the one after (with 2 players: the neutral colour).
//!
//! | planes | meaning                                                                  |
//! |--------|--------------------------------------------------------------------------|
//! | 0–26   | the token at level `l` (0 = bottom, up to 8) has relative colour `r`: plane `3·l + r` |
//! | 27     | the top token is a Khan                                                  |
//! | 28–30  | the square's class (R1 layout digit 1, 2, 3)                             |
//! | 31     | relative seat to act is the viewer (every square), 0 once the game is over |
//!
//! Khan-Tsin has no hidden information.

use crate::action::Action;
use crate::params::{Colour, SQUARES};
use crate::stack::MAX_HEIGHT;
use crate::state::{KhanTsin, Status};
use tabula_core::{ActionIndex, Actor, Observe, Seat};

const MOVES: usize = SQUARES * MAX_HEIGHT * SQUARES;
const PASS: usize = MOVES;
const PLACE: usize = PASS + 1;
const ACTIONS: usize = PLACE + 2 * SQUARES;
const PLANES: usize = 32;

impl ActionIndex for KhanTsin {
    fn num_actions(&self) -> usize {
        ACTIONS
    }

    fn action_index(&self, action: Action) -> usize {
        match action {
            Action::Move { from, count, to } => {
                (from as usize * MAX_HEIGHT + count as usize - 1) * SQUARES + to as usize
            }
            Action::Pass => PASS,
            Action::Place { square, khan } => PLACE + 2 * square as usize + khan as usize,
        }
    }

    fn index_action(&self, _actor: Actor, index: usize) -> Option<Action> {
        Some(match index {
            i if i < MOVES => Action::Move {
                from: (i / SQUARES / MAX_HEIGHT) as u8,
                count: ((i / SQUARES) % MAX_HEIGHT) as u8 + 1,
                to: (i % SQUARES) as u8,
            },
            PASS => Action::Pass,
            i if i < ACTIONS => Action::Place {
                square: ((i - PLACE) / 2) as u8,
                khan: (i - PLACE) % 2 == 1,
            },
            _ => return None,
        })
    }
}

impl Observe for KhanTsin {
    fn observation_shape(&self) -> Vec<usize> {
        vec![PLANES, SQUARES]
    }

    fn observe(&self, viewer: Option<Seat>, out: &mut Vec<f32>) {
        out.clear();
        out.resize(PLANES * SQUARES, 0.0);
        let n = self.seats.len();
        let me = viewer.map_or(0, |s| s.index() % n);
        // Relative colour of each colour (by `Colour::index`).
        let mut relative = [2usize; 3];
        for r in 0..n {
            relative[self.seats.colour((me + r) % n).index()] = r;
        }
        for sq in 0..SQUARES {
            let stack = self.stacks[sq];
            for level in 0..stack.height() {
                let colour = Colour::from_code(stack.code_at(level));
                out[(3 * level + relative[colour.index()]) * SQUARES + sq] = 1.0;
            }
            if self.khans & (1 << sq) != 0 {
                out[27 * SQUARES + sq] = 1.0;
            }
            let class = self.layout.0[sq] as usize;
            out[(27 + class.clamp(1, 3)) * SQUARES + sq] = 1.0;
            if self.status == Status::Playing && self.to_move as usize == me {
                out[31 * SQUARES + sq] = 1.0;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tabula_core::Game;

    #[test]
    fn every_index_reads_back_to_itself() {
        let g = KhanTsin::new(&crate::Params::default()).unwrap();
        for i in 0..ACTIONS {
            let a = g.index_action(Actor::Seat(Seat(0)), i).unwrap();
            assert_eq!(g.action_index(a), i, "{a:?}");
        }
        assert!(g.index_action(Actor::Seat(Seat(0)), ACTIONS).is_none());
    }
}
