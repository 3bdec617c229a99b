//! Integer actions and observations (`tabula_core::ActionIndex`, `tabula_core::Observe`).
//!
//! Actions: 42 805 indices, the same for 2 and 3 players.
//!
//! | indices          | action                                                             |
//! |------------------|--------------------------------------------------------------------|
//! | 0–35             | placement `kind@line`: `4·line + kind` (kinds 1, 2, 3, M = 0–3)     |
//! | 36–39 887        | flight `from:count>to[/pair,third]`: `36 + ((from·6 + count−1)·9 + to)·82 + s`, `s` = 0 without a split, else `1 + 9·pair + third` |
//! | 39 888–42 803    | swap `first=second`: `39 888 + 54·(6·line + square−1) + (6·line' + square'−1)` |
//! | 42 804           | `pass`                                                             |
//!
//! Lines `a`–`i` are 0–8.
//!
//! Observation: shape `[22, 9, 6]` (plane, line `a`–`i`, square 1–6 from the edge), as 0/1
//! except the wands. Seats are counted from the viewer (a spectator sees from seat 1):
//! relative seat 0 is the viewer, 1 the next seat in turn, 2 the one after (with 2 players:
//! the neutral colour).
//!
//! | planes | meaning                                                                      |
//! |--------|------------------------------------------------------------------------------|
//! | 0–11   | a pawn of relative colour `r` and kind `k` on the square: plane `4·r + k` (kinds 1, 2, 3, M = 0–3; neutral pawns have kind 0) |
//! | 12–14  | relative seat `r`'s wands / 3, on every square                               |
//! | 15–17  | relative seat `r` swapped on its previous turn (R8)                          |
//! | 18–20  | relative seat `r` is to act                                                  |
//! | 21     | setup is under way (R12)                                                     |
//!
//! Toumaï has no hidden information: every viewer sees everything, only from its own seat.

use crate::action::{Action, Split, Square};
use crate::board::{LINES, height, pawn_at};
use crate::params::NO_SEAT;
use crate::pawn::{Kind, colour_of, kind_of};
use crate::state::{Status, Toumai};
use tabula_core::{ActionIndex, Actor, Observe, Seat};

const SQUARES: usize = 6;
const PLACES: usize = 4 * LINES;
const FLIGHT: usize = PLACES;
const SPLITS: usize = 1 + LINES * LINES;
const SWAP: usize = FLIGHT + LINES * SQUARES * LINES * SPLITS;
const CELLS: usize = LINES * SQUARES;
const PASS: usize = SWAP + CELLS * CELLS;
const ACTIONS: usize = PASS + 1;
const PLANES: usize = 22;

fn square_index(s: Square) -> usize {
    6 * s.line as usize + (s.square as usize - 1)
}

fn square_of(i: usize) -> Square {
    Square {
        line: (i / 6) as u8,
        square: (i % 6) as u8 + 1,
    }
}

impl ActionIndex for Toumai {
    fn num_actions(&self) -> usize {
        ACTIONS
    }

    fn action_index(&self, action: Action) -> usize {
        match action {
            Action::Place { kind, line } => 4 * line as usize + kind.index(),
            Action::Flight {
                from,
                count,
                to,
                split,
            } => {
                let s = split.map_or(0, |s| 1 + LINES * s.pair as usize + s.third as usize);
                let route = (from as usize * 6 + count as usize - 1) * LINES + to as usize;
                FLIGHT + route * SPLITS + s
            }
            Action::Swap { first, second } => {
                SWAP + CELLS * square_index(first) + square_index(second)
            }
            Action::Pass => PASS,
        }
    }

    fn index_action(&self, _actor: Actor, index: usize) -> Option<Action> {
        Some(match index {
            i if i < FLIGHT => Action::Place {
                kind: Kind::ALL[i % 4],
                line: (i / 4) as u8,
            },
            i if i < SWAP => {
                let (route, s) = ((i - FLIGHT) / SPLITS, (i - FLIGHT) % SPLITS);
                let split = (s > 0).then(|| Split {
                    pair: ((s - 1) / LINES) as u8,
                    third: ((s - 1) % LINES) as u8,
                });
                Action::Flight {
                    from: (route / LINES / 6) as u8,
                    count: ((route / LINES) % 6) as u8 + 1,
                    to: (route % LINES) as u8,
                    split,
                }
            }
            i if i < PASS => Action::Swap {
                first: square_of((i - SWAP) / CELLS),
                second: square_of((i - SWAP) % CELLS),
            },
            PASS => Action::Pass,
            _ => return None,
        })
    }
}

impl Toumai {
    /// The seat counted from `viewer` (0 = the viewer) of seat `seat`; 2 for no seat.
    fn relative(&self, viewer: u8, seat: u8) -> usize {
        let n = self.seats.n;
        if seat == NO_SEAT {
            2
        } else {
            ((seat + n - viewer) % n) as usize
        }
    }
}

impl Observe for Toumai {
    fn observation_shape(&self) -> Vec<usize> {
        vec![PLANES, LINES, SQUARES]
    }

    fn observe(&self, viewer: Option<Seat>, out: &mut Vec<f32>) {
        out.clear();
        out.resize(PLANES * CELLS, 0.0);
        let me = viewer.map_or(0, |s| s.index() as u8);
        let mut fill = |plane: usize, value: f32| {
            out[plane * CELLS..(plane + 1) * CELLS].fill(value);
        };
        let n = self.seats.n;
        for seat in 0..n {
            let r = self.relative(me, seat);
            fill(12 + r, self.wands[seat as usize] as f32 / 3.0);
            if self.last_swap & (1 << seat) != 0 {
                fill(15 + r, 1.0);
            }
        }
        if self.status == Status::Playing {
            fill(18 + self.relative(me, self.to_move), 1.0);
        }
        if self.in_setup() {
            fill(21, 1.0);
        }
        for (line, &l) in self.lines.iter().enumerate() {
            for sq in 0..height(l) {
                let p = pawn_at(l, sq);
                let seat = self.seats.seat[colour_of(p) as usize];
                let plane = 4 * self.relative(me, seat) + kind_of(p) as usize;
                out[plane * CELLS + line * SQUARES + sq as usize] = 1.0;
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
        let g = Toumai::new(&crate::Params::default()).unwrap();
        for i in 0..ACTIONS {
            let a = g.index_action(Actor::Seat(Seat(0)), i).unwrap();
            assert_eq!(g.action_index(a), i, "{a:?}");
        }
        assert!(g.index_action(Actor::Seat(Seat(0)), ACTIONS).is_none());
    }
}
