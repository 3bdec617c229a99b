//! The move generator: every legal action of the seat to act, fast and without allocation
//! (the caller's buffer is reused). [`crate::rules`] checks actions independently; the test
//! harness compares the two.

use crate::action::{Action, Split, Square};
use crate::board::{LINES, height, pawn_at, top};
use crate::pawn::{Kind, MAGICIAN, colour_of, kind_of};
use crate::state::{Status, Toumai};

/// Iterates the set bits of a line set.
#[inline]
fn each(mut set: u16, mut f: impl FnMut(usize)) {
    while set != 0 {
        let i = set.trailing_zeros() as usize;
        set &= set - 1;
        f(i);
    }
}

impl Toumai {
    /// Appends every legal action of the seat to act to `out` (after clearing it).
    pub(crate) fn legal_into(&self, out: &mut Vec<Action>) {
        out.clear();
        if self.status != Status::Playing {
            return;
        }
        if self.in_setup() {
            self.placements(out);
            return;
        }
        self.flights(out);
        self.swaps(out);
        if out.is_empty() {
            out.push(Action::Pass);
        }
    }

    fn placements(&self, out: &mut Vec<Action>) {
        let round1 = self.on_board < 9;
        let target = if round1 { 0 } else { 1 };
        let hand = self.hand(self.mover_colour());
        for kind in Kind::ALL {
            if hand[kind.index()] == 0 || (round1 && kind == Kind::Magician) {
                continue;
            }
            for (i, &l) in self.lines.iter().enumerate() {
                if height(l) == target {
                    out.push(Action::Place {
                        kind,
                        line: i as u8,
                    });
                }
            }
        }
    }

    fn flights(&self, out: &mut Vec<Action>) {
        let colour = self.mover_colour();
        let counts = self.line_colour_counts();
        let mut heights = [0u32; LINES];
        let mut non_empty = 0u16;
        for (i, &l) in self.lines.iter().enumerate() {
            heights[i] = height(l);
            if heights[i] > 0 {
                non_empty |= 1 << i;
            }
        }
        for o in 0..LINES {
            let line = self.lines[o];
            let h = heights[o];
            if h == 0 || colour_of(top(line)) != colour {
                continue;
            }
            let kind = kind_of(top(line));
            // The other non-empty lines in clockwise order from the origin (R2).
            let mut order = [0u8; LINES];
            let mut m = 0;
            for step in 1..LINES {
                let l = (o + step) % LINES;
                if non_empty & (1 << l) != 0 {
                    order[m] = l as u8;
                    m += 1;
                }
            }
            let mut dests = 0u16;
            let distances = Kind::from_index(kind).distance_bits();
            for d in 1..=3usize {
                // R3: a distance beyond the other non-empty lines is impossible.
                if distances & (1 << d) != 0 && d <= m {
                    dests |= 1 << order[d - 1];
                    dests |= 1 << order[m - d];
                }
            }
            if dests == 0 {
                continue;
            }
            let mut group = [0u32; 3];
            for n in 1..=h {
                group[colour_of(pawn_at(line, h - n)) as usize] += 1;
                if group.iter().any(|&c| c > 2) {
                    break; // more pawns only add to the group
                }
                each(dests, |t| {
                    let ht = heights[t];
                    let c = counts[t];
                    if ht + n > 6
                        || c[0] + group[0] > 2
                        || c[1] + group[1] > 2
                        || c[2] + group[2] > 2
                    {
                        return;
                    }
                    let (from, count, to) = (o as u8, n as u8, t as u8);
                    if ht + n < 6 {
                        out.push(Action::Flight {
                            from,
                            count,
                            to,
                            split: None,
                        });
                    } else if kind == MAGICIAN && self.wands[self.to_move as usize] == 2 {
                        // The third wand: the game ends, no split (R7 does not apply).
                        out.push(Action::Flight {
                            from,
                            count,
                            to,
                            split: None,
                        });
                    } else {
                        self.splits(&heights, o, n, t, out);
                    }
                });
            }
        }
    }

    /// The ways to split the line a flight of `n` pawns from `o` completes on `t` (R5–R7).
    fn splits(&self, heights: &[u32; LINES], o: usize, n: u32, t: usize, out: &mut Vec<Action>) {
        let mut empty = 0u16;
        let mut single = 0u16;
        for (l, &h) in heights.iter().enumerate() {
            let after = if l == o { h - n } else { h };
            if l != t && after == 0 {
                empty |= 1 << l;
            } else if l != t && after == 1 {
                single |= 1 << l;
            }
        }
        each(empty, |pair| {
            let others = empty & !(1 << pair);
            // R6: a 1-pawn line takes the third pawn only when no other empty line exists.
            let thirds = if others != 0 { others } else { single };
            each(thirds, |third| {
                out.push(Action::Flight {
                    from: o as u8,
                    count: n as u8,
                    to: t as u8,
                    split: Some(Split {
                        pair: pair as u8,
                        third: third as u8,
                    }),
                });
            });
        });
    }

    fn swaps(&self, out: &mut Vec<Action>) {
        if self.swap_locked() {
            return; // R8
        }
        let colour = self.mover_colour();
        // The mover's pawns: (line, 1-based square, is top).
        let mut own = [(0u8, 0u8, false); 6];
        let mut n = 0;
        for (i, &l) in self.lines.iter().enumerate() {
            let h = height(l);
            for sq in 0..h {
                if colour_of(pawn_at(l, sq)) == colour && n < own.len() {
                    own[n] = (i as u8, sq as u8 + 1, sq + 1 == h);
                    n += 1;
                }
            }
        }
        let own = &own[..n];
        for &(al, asq, a_top) in own {
            if !a_top {
                continue;
            }
            for &(bl, bsq, b_top) in own {
                if (bl, bsq) == (al, asq) || (b_top && bl < al) {
                    continue;
                }
                out.push(Action::Swap {
                    first: Square {
                        line: al,
                        square: asq,
                    },
                    second: Square {
                        line: bl,
                        square: bsq,
                    },
                });
            }
        }
    }
}
