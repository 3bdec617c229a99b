//! Performing actions (unchecked: [`crate::rules`] checks them first when input is untrusted).

use crate::action::{Action, Split, Square};
use crate::board::{height, land, make, pawn_at, pawn_bits, push, set_pawn, take_top, top};
use crate::pawn::{MAGICIAN, kind_of};
use crate::state::Toumai;

impl Toumai {
    /// Performs a legal action; the turn passes on (also after a winning action) and the
    /// status is brought up to date.
    pub(crate) fn perform(&mut self, action: Action) {
        let mover = self.to_move;
        let wands = self.wands[mover as usize];
        match action {
            Action::Place { kind, line } => {
                self.apply_place(kind.index() as u8, line as usize);
                self.limit.tick();
                self.record_position(true);
                self.update_status();
                return;
            }
            Action::Flight {
                from,
                count,
                to,
                split,
            } => {
                self.fly(from as usize, count as u32, to as usize, split);
                self.last_swap &= !(1 << mover);
            }
            Action::Swap { first, second } => {
                self.exchange(first, second);
                self.last_swap |= 1 << mover;
            }
            Action::Pass => self.last_swap &= !(1 << mover),
        }
        self.to_move = self.next_seat();
        self.limit.tick();
        // A wand won never comes back: no earlier position can occur again (R14).
        self.record_position(self.wands[mover as usize] != wands);
        self.update_status();
    }

    /// A cheap structural check for debug builds (the full check is [`Toumai::check`]): the
    /// action fits the phase and the squares it names hold what it needs.
    pub(crate) fn plausible(&self, action: Action) -> bool {
        let lines = |l: u8| (l as usize) < self.lines.len();
        match action {
            Action::Place { line, .. } => self.in_setup() && lines(line),
            Action::Flight {
                from,
                count,
                to,
                split,
            } => {
                !self.in_setup()
                    && lines(from)
                    && lines(to)
                    && from != to
                    && (1..=height(self.lines[from as usize])).contains(&(count as u32))
                    && split.is_none_or(|s| lines(s.pair) && lines(s.third))
            }
            Action::Swap { first, second } => {
                let ok = |s: Square| {
                    lines(s.line)
                        && s.square >= 1
                        && s.square as u32 <= height(self.lines[s.line as usize])
                };
                !self.in_setup() && ok(first) && ok(second)
            }
            Action::Pass => !self.in_setup(),
        }
    }

    fn fly(&mut self, from: usize, count: u32, to: usize, split: Option<Split>) {
        let (rest, group) = take_top(self.lines[from], count);
        self.lines[from] = rest;
        let landed = land(self.lines[to], group, count);
        self.lines[to] = landed;
        if height(landed) < 6 {
            return;
        }
        // The top pawn reached the star.
        let seat = self.to_move as usize;
        if kind_of(top(landed)) == MAGICIAN {
            self.wands[seat] += 1;
            if self.wands[seat] >= 3 {
                return; // the game is won: no split
            }
        }
        debug_assert!(split.is_some(), "a completing flight needs its split");
        if let Some(Split { pair, third }) = split {
            let (star, second, third_pawn) =
                (pawn_at(landed, 5), pawn_at(landed, 4), pawn_at(landed, 3));
            self.lines[to] = make(pawn_bits(landed), 3);
            let (pair, third) = (pair as usize, third as usize);
            self.lines[pair] = push(push(self.lines[pair], star), second);
            self.lines[third] = push(self.lines[third], third_pawn);
        }
    }

    fn exchange(&mut self, a: Square, b: Square) {
        let (al, ai) = (a.line as usize, a.square as u32 - 1);
        let (bl, bi) = (b.line as usize, b.square as u32 - 1);
        let pa = pawn_at(self.lines[al], ai);
        let pb = pawn_at(self.lines[bl], bi);
        self.lines[al] = set_pawn(self.lines[al], ai, pb);
        self.lines[bl] = set_pawn(self.lines[bl], bi, pa);
    }
}
