//! The rules checked one by one, for untrusted actions (`Game::validate`), written plainly and
//! independently of the bit-trick generator in `movegen.rs` (the test harness compares the
//! two); and `apply`, which performs a legal action and settles the status.

use crate::action::Action;
use crate::params::{Colour, SQUARES};
use crate::stack::{MAX_HEIGHT, Stack};
use crate::state::{KhanTsin, Status, TOKENS_PER_COLOUR};
use crate::zobrist;
use tabula_core::{ActionError, Actor};

fn value_name(v: u8) -> &'static str {
    match v {
        1 => "single",
        2 => "double",
        _ => "triple",
    }
}

impl KhanTsin {
    /// Checks `action` by `actor` rule by rule; see `Game::validate`.
    pub(crate) fn check(&self, actor: Actor, action: Action) -> Result<(), ActionError> {
        if self.status != Status::Playing {
            return Err(ActionError::GameOver);
        }
        let seat = match actor {
            Actor::Seat(s) => s,
            Actor::Chance => return Err(ActionError::Illegal("Khan-Tsin has no chance".into())),
            Actor::Host => {
                return Err(ActionError::Illegal(
                    "the host has no actions in Khan-Tsin".into(),
                ));
            }
        };
        if seat.index() >= self.seats.len() {
            return Err(ActionError::Illegal(format!(
                "{seat} does not exist in a {}-player game",
                self.seats.len()
            )));
        }
        if seat.0 != self.to_move {
            return Err(ActionError::NotYourTurn(seat));
        }
        let colour = self.seats.colour(seat.index());
        let tokens_on_board: usize = self.stacks.iter().map(|s| s.height()).sum();
        // Every token is on the board once the setup is over (2 players: neutral ones too).
        let placing = tokens_on_board < 3 * TOKENS_PER_COLOUR;
        let result = match (placing, action) {
            (true, Action::Place { square, khan }) => {
                self.check_placement(colour, tokens_on_board, square as usize, khan)
            }
            (true, _) => Err(
                "the setup is not over: place a token with `K@<square>` or `T@<square>` (R3)"
                    .to_string(),
            ),
            (false, Action::Place { .. }) => Err("the setup is over: tokens are all placed".into()),
            (false, Action::Move { from, count, to }) => {
                self.check_move(colour, from as usize, count as usize, to as usize)
            }
            (false, Action::Pass) => match self.first_move_of(colour) {
                Some(m) => Err(format!(
                    "you may pass only without a legal move, and `{m}` is legal"
                )),
                None => Ok(()),
            },
        };
        result.map_err(ActionError::Illegal)
    }

    /// R3 (or its variant `all_twelve`): an empty square of the current value class; 12 tokens per
    /// colour, exactly one of them the Khan.
    fn check_placement(
        &self,
        colour: Colour,
        placed: usize,
        sq: usize,
        khan: bool,
    ) -> Result<(), String> {
        if sq >= SQUARES {
            return Err(format!("square {} is not on the track", sq + 1));
        }
        let value = self.placement_value_at(placed);
        if !self.stacks[sq].is_empty() {
            return Err(format!("square {} is not empty", sq + 1));
        }
        if self.layout.value(sq) != value {
            return Err(format!(
                "square {} is a {} square; tokens now go on empty {} squares (R3)",
                sq + 1,
                value_name(self.layout.value(sq)),
                value_name(value)
            ));
        }
        let mut mine = 0;
        let mut my_khan = None;
        for (i, s) in self.stacks.iter().enumerate() {
            if s.top() == Some(colour) {
                mine += 1;
                if self.khans & (1 << i) != 0 {
                    my_khan = Some(i);
                }
            }
        }
        match (khan, my_khan) {
            (true, Some(k)) => Err(format!("your Khan is already on square {}", k + 1)),
            (false, None) if mine == TOKENS_PER_COLOUR - 1 => {
                Err("your last token must be your Khan: `K@<square>`".into())
            }
            _ => Ok(()),
        }
    }

    /// The square `d` occupied squares away from `o` (other than `o`) going `step` (1 or 35)
    /// around the track, or `None` when the walk comes back to `o` first (R4).
    fn walk(&self, o: usize, d: usize, step: usize) -> Option<usize> {
        let mut sq = o;
        let mut seen = 0;
        loop {
            sq = (sq + step) % SQUARES;
            if sq == o {
                return None;
            }
            if !self.stacks[sq].is_empty() {
                seen += 1;
                if seen == d {
                    return Some(sq);
                }
            }
        }
    }

    /// The rules of a move, in the order a player would check them.
    pub(crate) fn check_move(
        &self,
        colour: Colour,
        from: usize,
        n: usize,
        to: usize,
    ) -> Result<(), String> {
        if from >= SQUARES || to >= SQUARES {
            return Err("squares are numbered 1 to 36".into());
        }
        let origin = self.stacks[from];
        let top = origin
            .top()
            .ok_or_else(|| format!("square {} is empty", from + 1))?;
        if top != colour {
            let whose = if self.seats.seat_of(top).is_none() {
                "a neutral token, which only moves carried inside a stack (R2)"
            } else {
                "another colour"
            };
            return Err(format!(
                "square {} is topped by {}; you move only stacks topped by {}",
                from + 1,
                whose,
                colour.name()
            ));
        }
        if n == 0 || n > origin.height() {
            return Err(format!(
                "square {} holds {} tokens; you cannot move {n}",
                from + 1,
                origin.height()
            ));
        }
        if to == from {
            return Err("a move never ends on its own origin square (R4)".into());
        }
        let d = self.layout.value(from) as usize;
        let up = self.walk(from, d, 1);
        let down = self.walk(from, d, SQUARES - 1);
        if up.is_none() {
            return Err(format!(
                "square {} is a {} square: it moves {d} occupied squares away, and only {} \
                 other squares are occupied (R4)",
                from + 1,
                value_name(d as u8),
                self.stacks.iter().filter(|s| !s.is_empty()).count() - 1
            ));
        }
        if up != Some(to) && down != Some(to) {
            return Err(format!(
                "from square {} ({}) a move lands {d} occupied squares away: on square {} or {}",
                from + 1,
                value_name(d as u8),
                up.map_or(0, |s| s + 1),
                down.map_or(0, |s| s + 1)
            ));
        }
        if self.khans & (1 << to) != 0 {
            return Err(format!(
                "square {} is topped by a Khan, which cannot be covered",
                to + 1
            ));
        }
        let moving: Vec<Colour> = origin.colours().skip(origin.height() - n).collect();
        let target: Vec<Colour> = self.stacks[to].colours().collect();
        for c in Colour::ALL {
            let total = moving.iter().chain(&target).filter(|&&t| t == c).count();
            if total > 3 {
                return Err(format!(
                    "the stack on square {} would hold {total} {} tokens (at most 3)",
                    to + 1,
                    c.name()
                ));
            }
        }
        Ok(())
    }

    /// A legal move of `colour`, found by trying every origin, count and destination with the
    /// plain rules above (so that `pass` is checked independently of the generator).
    fn first_move_of(&self, colour: Colour) -> Option<Action> {
        for from in 0..SQUARES {
            if self.stacks[from].top() != Some(colour) {
                continue;
            }
            for to in 0..SQUARES {
                if self.check_move(colour, from, 1, to).is_ok() {
                    return Some(Action::Move {
                        from: from as u8,
                        count: 1,
                        to: to as u8,
                    });
                }
            }
        }
        None
    }

    // ---- apply ----

    /// Puts `stack` on `sq`, keeping the occupancy and top masks in step.
    #[inline]
    fn set_stack(&mut self, sq: usize, stack: Stack) {
        let bit = 1u64 << sq;
        if let Some(old) = self.stacks[sq].top() {
            self.tops[old.index()] &= !bit;
        }
        self.stacks[sq] = stack;
        match stack.top() {
            Some(top) => {
                self.tops[top.index()] |= bit;
                self.occupied |= bit;
            }
            None => self.occupied &= !bit,
        }
    }

    pub(crate) fn perform(&mut self, action: Action) {
        debug_assert!(
            self.check(Actor::Seat(self.to_move()), action).is_ok(),
            "illegal {action} in {self:?}"
        );
        let mover = self.to_move;
        let colour = self.seats.colour(mover as usize);
        let mut won = false;
        match action {
            Action::Place { square, khan } => {
                let sq = square as usize;
                self.set_stack(sq, Stack::single(colour));
                self.hash ^= zobrist::token(sq, 0, colour as u32);
                if khan {
                    self.khans |= 1 << sq;
                    self.hash ^= zobrist::khan(sq);
                }
                self.placed += 1;
                if !self.in_placement()
                    && let Some(neutral) = self.seats.neutral()
                {
                    self.fill_neutral(neutral);
                }
            }
            Action::Move { from, count, to } => {
                let (from, n, to) = (from as usize, count as usize, to as usize);
                let origin = self.stacks[from];
                let h = origin.height();
                let hd = self.stacks[to].height();
                let (rest, group) = origin.split(n);
                for i in 0..n {
                    let code = group.code_at(i);
                    self.hash ^=
                        zobrist::token(from, h - n + i, code) ^ zobrist::token(to, hd + i, code);
                }
                let dest = self.stacks[to].with_on_top(group);
                self.set_stack(from, rest);
                self.set_stack(to, dest);
                if self.khans & (1 << from) != 0 {
                    self.khans ^= (1 << from) | (1 << to);
                    self.hash ^= zobrist::khan(from) ^ zobrist::khan(to);
                    won = hd + n == MAX_HEIGHT;
                }
            }
            Action::Pass => {}
        }
        let next = if self.all_twelve && self.in_placement() {
            self.placer(self.placed as usize)
        } else {
            (mover as usize + 1) % self.seats.len()
        };
        self.hash ^= zobrist::to_move(mover as usize) ^ zobrist::to_move(next);
        self.to_move = next as u8;
        self.limit.tick();
        self.record_position();
        self.status = if won {
            Status::Won(mover)
        } else if !self.in_placement()
            && !matches!(action, Action::Pass)
            && !self.any_seat_can_move()
        {
            Status::Stalled
        } else if self.history.third_occurrence() {
            Status::Repetition
        } else if self.limit.reached() {
            Status::Limit
        } else {
            Status::Playing
        };
    }

    /// 2 players: the neutral tokens fill the 12 squares left once the players placed theirs.
    fn fill_neutral(&mut self, neutral: Colour) {
        for sq in 0..SQUARES {
            if self.stacks[sq].is_empty() {
                self.set_stack(sq, Stack::single(neutral));
                self.hash ^= zobrist::token(sq, 0, neutral as u32);
            }
        }
    }
}
