//! The rules, checked action by action: [`Toumai::check`] says whether the seat to act may
//! perform an action and, when not, why. Written directly from the rules file, independently
//! of the move generator (the test harness compares the two).

use crate::action::{Action, Split, Square};
use crate::board::{LINES, colour_counts, height, line_letter, pawn_at, pawn_bits, take_top, top};
use crate::pawn::{Colour, Kind, MAGICIAN, colour_of, kind_of};
use crate::state::Toumai;

/// Why an action is refused (the text of `ActionError::Illegal`).
pub(crate) type Refusal = String;

fn name(line: usize) -> char {
    line_letter(line)
}

impl Toumai {
    /// Checks an action of the seat to act (the caller checked turn and game over).
    pub(crate) fn check(&self, action: Action) -> Result<(), Refusal> {
        match action {
            Action::Place { kind, line } => self.check_place(kind, line as usize),
            Action::Flight {
                from,
                count,
                to,
                split,
            } => self.check_flight(from as usize, count as u32, to as usize, split),
            Action::Swap { first, second } => self.check_swap(first, second),
            Action::Pass => self.check_pass(),
        }
    }

    fn check_place(&self, kind: Kind, line: usize) -> Result<(), Refusal> {
        if !self.in_setup() {
            return Err("setup is over: pawns are placed only during setup".into());
        }
        if line >= LINES {
            return Err(format!("line {line} does not exist (lines a to i)"));
        }
        let round1 = self.on_board < 9;
        let h = height(self.lines[line]);
        if round1 {
            if kind == Kind::Magician {
                return Err(
                    "round 1 of setup places pawns other than the magician; the \
                            magician goes on a second square in round 2"
                        .into(),
                );
            }
            if h != 0 {
                return Err(format!(
                    "line {}: its first square is taken (round 1 fills empty first squares)",
                    name(line)
                ));
            }
        } else if h != 1 {
            return Err(format!(
                "line {}: its second square is taken (round 2 fills second squares)",
                name(line)
            ));
        }
        if self.hand(self.mover_colour())[kind.index()] == 0 {
            return Err(format!(
                "{} has no pawn `{}` left to place",
                Colour::from_index(self.mover_colour()).name(),
                kind.letter()
            ));
        }
        Ok(())
    }

    /// Checks the flight itself (origin, count, destination, colour limit), not its split.
    fn check_route(&self, from: usize, count: u32, to: usize) -> Result<(), Refusal> {
        if self.in_setup() {
            return Err("setup is not over: place a pawn".into());
        }
        if from >= LINES || to >= LINES {
            return Err("lines are a to i".into());
        }
        if from == to {
            return Err(format!(
                "line {}: a flight lands on another line",
                name(from)
            ));
        }
        let origin = self.lines[from];
        let h = height(origin);
        if h == 0 {
            return Err(format!("line {} is empty", name(from)));
        }
        let leader = top(origin);
        if colour_of(leader) != self.mover_colour() {
            return Err(if self.seats.is_neutral(colour_of(leader)) {
                format!(
                    "line {} is topped by a neutral pawn, which never leads a flight",
                    name(from)
                )
            } else {
                format!(
                    "line {} is topped by a {} pawn: you fly only your own top pawns",
                    name(from),
                    Colour::from_index(colour_of(leader)).name()
                )
            });
        }
        if count == 0 || count > h {
            return Err(format!(
                "line {} holds {h} pawn(s): fly 1 to {h}",
                name(from)
            ));
        }
        if height(self.lines[to]) == 0 {
            return Err(format!(
                "line {} is empty: flights land only on lines holding pawns (R2)",
                name(to)
            ));
        }
        // R2: rank the destination among the non-empty lines other than the origin.
        let mut others = 0;
        let mut clockwise = 0;
        for l in 0..LINES {
            if l != from && height(self.lines[l]) > 0 {
                others += 1;
                // Lines strictly after the origin up to the destination, going clockwise.
                let ahead = (l + LINES - from) % LINES;
                if ahead <= (to + LINES - from) % LINES {
                    clockwise += 1;
                }
            }
        }
        let counter = others + 1 - clockwise;
        let kind = Kind::from_index(kind_of(leader));
        let reach = |d: u32| d <= others && (clockwise == d || counter == d);
        let ok = match kind {
            Kind::One => reach(1),
            Kind::Two => reach(2),
            Kind::Three => reach(3),
            Kind::Magician => reach(1) || reach(2) || reach(3),
        };
        if !ok {
            return Err(format!(
                "line {} is {clockwise} line(s) clockwise and {counter} counter-clockwise from \
                 line {} (counting the {others} other lines holding pawns, R2–R3): a {} pawn \
                 flies {}",
                name(to),
                name(from),
                match kind {
                    Kind::Magician => "magician".to_string(),
                    k => format!("strength-{}", k.letter()),
                },
                match kind {
                    Kind::Magician => "1, 2 or 3",
                    Kind::One => "1",
                    Kind::Two => "2",
                    Kind::Three => "3",
                }
            ));
        }
        let (_, group) = take_top(origin, count);
        let g = colour_counts(group, count);
        let dest = self.lines[to];
        let d = colour_counts(pawn_bits(dest), height(dest));
        for c in Colour::ALL {
            let total = g[c.index()] + d[c.index()];
            if total > 2 {
                return Err(format!(
                    "line {} would hold {total} {} pawns: at most 2 of a colour",
                    name(to),
                    c.name()
                ));
            }
        }
        Ok(())
    }

    fn check_flight(
        &self,
        from: usize,
        count: u32,
        to: usize,
        split: Option<Split>,
    ) -> Result<(), Refusal> {
        self.check_route(from, count, to)?;
        let text = || format!("{}:{count}>{}", name(from), name(to));
        if height(self.lines[to]) + count < 6 {
            return match split {
                None => Ok(()),
                Some(_) => Err(format!(
                    "{} does not complete line {}: write it without a split",
                    text(),
                    name(to)
                )),
            };
        }
        let leader = top(self.lines[from]);
        let third_wand = kind_of(leader) == MAGICIAN && self.wands[self.to_move as usize] == 2;
        if third_wand {
            return match split {
                None => Ok(()),
                Some(_) => Err(format!(
                    "{t} wins the third wand and ends the game: no split (write `{t}`)",
                    t = text()
                )),
            };
        }
        match split {
            Some(s) => self.check_split(from, count, to, s),
            None => {
                let any = (0..LINES as u8).any(|pair| {
                    (0..LINES as u8).any(|third| {
                        self.check_split(from, count, to, Split { pair, third })
                            .is_ok()
                    })
                });
                let text = text();
                Err(if any {
                    format!(
                        "{text} completes line {}: say where the pair and the third pawn go, \
                         e.g. `{text}/<pair>,<third>` (R5)",
                        name(to)
                    )
                } else {
                    format!(
                        "{text} would complete line {} with no room to split it (R7)",
                        name(to)
                    )
                })
            }
        }
    }

    /// R5–R7: the pair goes to an empty line, the third pawn to another empty line or, only
    /// when there is none, onto a line holding exactly 1 pawn; counted after landing.
    fn check_split(&self, from: usize, count: u32, to: usize, s: Split) -> Result<(), Refusal> {
        let (pair, third) = (s.pair as usize, s.third as usize);
        if pair >= LINES || third >= LINES {
            return Err("lines are a to i".into());
        }
        let after = |l: usize| {
            if l == to {
                6
            } else if l == from {
                height(self.lines[l]) - count
            } else {
                height(self.lines[l])
            }
        };
        if after(pair) != 0 {
            return Err(format!(
                "line {} holds {} pawn(s) after the flight: the pair goes to an empty line (R5)",
                name(pair),
                after(pair)
            ));
        }
        if third == pair {
            return Err(format!(
                "the third pawn goes to another line than the pair's (line {})",
                name(pair)
            ));
        }
        match after(third) {
            0 => Ok(()),
            1 => match (0..LINES).find(|&l| l != pair && after(l) == 0) {
                Some(empty) => Err(format!(
                    "line {} is empty: the third pawn goes to an empty line, and onto a 1-pawn \
                     line like {} only when no other empty line exists (R6)",
                    name(empty),
                    name(third)
                )),
                None => Ok(()),
            },
            n => Err(format!(
                "line {} holds {n} pawns after the flight: the third pawn goes to an empty line \
                 or, failing that, a line holding exactly 1 pawn (R6)",
                name(third)
            )),
        }
    }

    fn check_swap(&self, first: Square, second: Square) -> Result<(), Refusal> {
        if self.in_setup() {
            return Err("setup is not over: place a pawn".into());
        }
        if self.swap_locked() {
            return Err(if self.variant.swap_any_turn() {
                "the previous turn was a swap: no swap now (R8, swap_lock = any)".into()
            } else {
                "you swapped on your previous turn: no swap now (R8)".into()
            });
        }
        let colour = self.mover_colour();
        let describe = |sq: Square| -> Result<bool, Refusal> {
            let line = sq.line as usize;
            if line >= LINES || !(1..=6).contains(&sq.square) {
                return Err(format!("square {sq} does not exist"));
            }
            let l = self.lines[line];
            let h = height(l);
            if sq.square as u32 > h {
                return Err(format!("square {sq} is empty"));
            }
            let p = pawn_at(l, sq.square as u32 - 1);
            if colour_of(p) != colour {
                return Err(format!(
                    "square {sq} holds a pawn that is not {}'s: swaps exchange two of your \
                     own pawns",
                    Colour::from_index(colour).name()
                ));
            }
            Ok(sq.square as u32 == h)
        };
        let first_top = describe(first)?;
        let second_top = describe(second)?;
        if first == second {
            return Err(format!(
                "a swap exchanges two different pawns, not {first} with itself"
            ));
        }
        match (first_top, second_top) {
            (false, false) => Err(format!(
                "neither {first} nor {second} is a top pawn: a swap moves one of your top pawns"
            )),
            (false, true) => Err(format!("write your top pawn first: `{second}={first}`")),
            (true, true) if second.line < first.line => Err(format!(
                "both are top pawns: write the one on the earlier line first: \
                 `{second}={first}`"
            )),
            _ => Ok(()),
        }
    }

    fn check_pass(&self) -> Result<(), Refusal> {
        if self.in_setup() {
            return Err("setup is not over: place a pawn".into());
        }
        // R9: pass only with no legal flight and no legal swap.
        let colour = self.mover_colour();
        let tops: Vec<usize> = (0..LINES)
            .filter(|&l| height(self.lines[l]) > 0 && colour_of(top(self.lines[l])) == colour)
            .collect();
        if !tops.is_empty() && !self.swap_locked() {
            return Err(format!(
                "you may swap your top pawn on line {}: pass only with nothing legal (R9)",
                name(tops[0])
            ));
        }
        for &from in &tops {
            for count in 1..=height(self.lines[from]) {
                for to in 0..LINES {
                    if self.check_route(from, count, to).is_err() {
                        continue;
                    }
                    let plain = Action::Flight {
                        from: from as u8,
                        count: count as u8,
                        to: to as u8,
                        split: None,
                    };
                    let split_ok = (0..LINES as u8).any(|pair| {
                        (0..LINES as u8).any(|third| {
                            self.check_split(from, count, to, Split { pair, third })
                                .is_ok()
                        })
                    });
                    if self.check(plain).is_ok()
                        || (split_ok && height(self.lines[to]) + count == 6)
                    {
                        return Err(format!(
                            "you may fly from line {}: pass only with nothing legal (R9)",
                            name(from)
                        ));
                    }
                }
            }
        }
        Ok(())
    }
}
