//! The fast move generator, used by `legal_actions_for`, perft, search and playouts: bit
//! tricks on the occupancy mask, no allocation (the caller's buffer is reused). The rules are
//! checked a second time, independently and plainly, in `rules.rs`.
//!
//! Distance (R4): from origin `o` with value `d`, the occupied squares other than `o` are
//! rotated into a 35-bit mask starting at the square after `o`; the landing square is its
//! `d`-th lowest set bit going one way and its `d`-th highest going the other. With fewer than
//! `d` set bits there is no move (a move never passes over its own origin).

use crate::action::Action;
use crate::params::{Colour, SQUARES};
use crate::stack::{Counts, Stack};
use crate::state::{KhanTsin, TOKENS_PER_COLOUR, TRACK};

impl KhanTsin {
    /// The squares reached from `o` going up and going down the track (equal when both
    /// directions meet), or `None` when fewer than `value(o)` other squares are occupied.
    #[inline]
    pub(crate) fn targets(&self, o: usize) -> Option<(usize, usize)> {
        let d = self.layout.value(o) as u32;
        let others = self.occupied & !(1u64 << o);
        if others.count_ones() < d {
            return None;
        }
        let rot = ((others >> (o + 1)) | (others << (SQUARES - 1 - o))) & TRACK;
        let mut up = rot;
        let mut down = rot;
        for _ in 1..d {
            up &= up - 1;
            down &= !(1u64 << (63 - down.leading_zeros()));
        }
        let up = (o + 1 + up.trailing_zeros() as usize) % SQUARES;
        let down = (o + 1 + (63 - down.leading_zeros()) as usize) % SQUARES;
        Some((up, down))
    }

    /// Appends the moves of the stack on `o` (height `h`) onto square `to`: every count from 1
    /// while no colour exceeds 3 (the counts only grow with `n`, so the first excess ends it).
    #[inline]
    fn push_moves_to(&self, o: usize, s: Stack, h: usize, to: usize, out: &mut Vec<Action>) {
        if self.khans & (1 << to) != 0 {
            return;
        }
        let dest = self.stacks[to].counts();
        let mut group = Counts::default();
        for n in 1..=h {
            group = group.add(Counts::one(s.code_at(h - n)));
            if dest.add(group).over_three() {
                break;
            }
            out.push(Action::Move {
                from: o as u8,
                count: n as u8,
                to: to as u8,
            });
        }
    }

    /// Appends every move of `colour` (movement phase).
    pub(crate) fn gen_moves(&self, colour: Colour, out: &mut Vec<Action>) {
        let mut origins = self.tops[colour.index()];
        while origins != 0 {
            let o = origins.trailing_zeros() as usize;
            origins &= origins - 1;
            let Some((up, down)) = self.targets(o) else {
                continue;
            };
            let s = self.stacks[o];
            let h = s.height();
            self.push_moves_to(o, s, h, up, out);
            if down != up {
                self.push_moves_to(o, s, h, down, out);
            }
        }
    }

    /// Whether `colour` has a move: some stack it tops can put its top token on a reachable
    /// stack not topped by a Khan and holding fewer than 3 of `colour`.
    pub(crate) fn has_move(&self, colour: Colour) -> bool {
        let one = Counts::one(colour as u32);
        let can_land = |to: usize| {
            self.khans & (1 << to) == 0 && !self.stacks[to].counts().add(one).over_three()
        };
        let mut origins = self.tops[colour.index()];
        while origins != 0 {
            let o = origins.trailing_zeros() as usize;
            origins &= origins - 1;
            if let Some((up, down)) = self.targets(o)
                && (can_land(up) || can_land(down))
            {
                return true;
            }
        }
        false
    }

    /// Whether some seat has a legal move (R5: otherwise nobody ever moves again).
    pub(crate) fn any_seat_can_move(&self) -> bool {
        let n = self.seats.len();
        (0..n).any(|i| self.has_move(self.seats.colour((self.to_move as usize + i) % n)))
    }

    /// The value (3, 2, 1) of the squares the current placement goes on (R3).
    pub(crate) fn placement_value(&self) -> u8 {
        self.placement_value_at(self.placed as usize)
    }

    /// Appends the placements of the seat to move (placement phase).
    pub(crate) fn gen_placements(&self, out: &mut Vec<Action>) {
        let colour = self.colour_to_move();
        let mine = self.tops[colour.index()];
        let khan_placed = mine & self.khans != 0;
        let ordinary = mine.count_ones() as usize - khan_placed as usize;
        let value = self.placement_value();
        for sq in 0..SQUARES {
            if self.occupied & (1 << sq) != 0 || self.layout.value(sq) != value {
                continue;
            }
            if ordinary < TOKENS_PER_COLOUR - 1 {
                out.push(Action::Place {
                    square: sq as u8,
                    khan: false,
                });
            }
            if !khan_placed {
                out.push(Action::Place {
                    square: sq as u8,
                    khan: true,
                });
            }
        }
    }

    /// The legal actions of the seat to move (the game is not over).
    pub(crate) fn gen_actions(&self, out: &mut Vec<Action>) {
        if self.in_placement() {
            self.gen_placements(out);
        } else {
            self.gen_moves(self.colour_to_move(), out);
            if out.is_empty() {
                out.push(Action::Pass);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::params::{Colour, Layout, STANDARD_LAYOUT, Seats};
    use crate::stack::Stack;
    use crate::state::{KhanTsin, Status};
    use tabula_core::Game;

    /// A movement-phase state holding only `tokens` (square 1-based, colour): a board no
    /// real game reaches (all 36 tokens always occupy at least 4 squares), built here to show
    /// R4 where it would matter.
    fn sparse(tokens: &[(usize, Colour)]) -> KhanTsin {
        let mut stacks = [Stack::EMPTY; 36];
        for &(sq, c) in tokens {
            stacks[sq - 1] = Stack::single(c);
        }
        let seats = Seats::new(&[Colour::White, Colour::Green]);
        let layout = Layout::parse(STANDARD_LAYOUT).unwrap();
        let mut g = KhanTsin::from_board(layout, seats, stacks, 0, 0, None, false);
        g.placed = 24;
        g.status = Status::Playing;
        g
    }

    fn legal(g: &KhanTsin) -> Vec<String> {
        let mut out = Vec::new();
        g.legal_actions(&mut out);
        let mut v: Vec<String> = out.iter().map(|a| a.to_string()).collect();
        v.sort();
        v
    }

    #[test]
    fn r4_no_move_when_fewer_occupied_squares_than_the_distance() {
        // Squares 1 (single), 2 (double), 3 (triple): the triple sees only 2 other squares.
        let g = sparse(&[(1, Colour::White), (2, Colour::Green), (3, Colour::White)]);
        assert_eq!(legal(&g), ["1:1>2", "1:1>3"]);
        let e = g.check_move(Colour::White, 2, 1, 0).unwrap_err();
        assert!(e.contains("R4"), "{e}");
        assert!(g.check_move(Colour::White, 0, 1, 2).is_ok());
    }

    #[test]
    fn r4_a_move_never_passes_over_its_own_origin() {
        // Square 2 (double) with squares 5 and 9 occupied: the second occupied square is 9
        // going up and 5 going down; the count never goes round through square 2.
        let g = sparse(&[(2, Colour::White), (5, Colour::Green), (9, Colour::Green)]);
        assert_eq!(g.targets(1), Some((8, 4)));
        assert_eq!(legal(&g), ["2:1>5", "2:1>9"]);
        // Two squares, a single origin: both ways reach the same square, one action.
        let g = sparse(&[(1, Colour::White), (20, Colour::Green)]);
        assert_eq!(legal(&g), ["1:1>20"]);
    }
}
