//! The game state [`KhanTsin`]: 36 packed stacks plus bit masks derived from them (occupied
//! squares, squares topped by each colour, squares topped by a Khan), the layout, the seats,
//! whose turn it is, placement progress, the status and the incremental Zobrist hash.
//! Everything is a fixed array or an integer, so `Clone` is a small memcpy.

use crate::params::{Colour, Layout, SQUARES, Seats};
use crate::stack::{MAX_HEIGHT, Stack};
use crate::zobrist;
use tabula_core::{EndReason, Outcome, PlyLimit, RepetitionHistory, Seat, ToAct};

/// Mask of the 36 squares.
pub(crate) const TRACK: u64 = (1 << SQUARES) - 1;

/// How many positions the repetition history holds (R9): a position counts as repeated when
/// its earlier occurrences lie within the last 64 positions.
pub(crate) const HISTORY: usize = 64;

/// Tokens per colour.
pub const TOKENS_PER_COLOUR: usize = 12;

/// Tokens each colour places on each value class during setup (R3).
pub const PER_CLASS: usize = 4;

/// The phase of the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// Setup: players place their tokens (R3).
    Placement,
    /// Players move stacks.
    Movement,
    /// The game is over.
    Over,
}

/// Whether the game goes on, and how it ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Status {
    Playing,
    /// The seat made a 9-stack topped by its Khan.
    Won(u8),
    /// R5: no seat has a legal move.
    Stalled,
    /// R6: the ply limit was reached.
    Limit,
    /// R9: the same position occurred a third time with the same seat to act.
    Repetition,
}

/// A Khan-Tsin game state (2 or 3 players). Implements [`tabula_core::Game`].
#[derive(Clone)]
pub struct KhanTsin {
    pub(crate) stacks: [Stack; SQUARES],
    /// Non-empty squares.
    pub(crate) occupied: u64,
    /// Squares whose top token is of each colour (by `Colour::index`).
    pub(crate) tops: [u64; 3],
    /// Squares whose top token is a playing colour's Khan.
    pub(crate) khans: u64,
    pub(crate) layout: Layout,
    pub(crate) seats: Seats,
    /// Seat index whose turn it is (advances after every action, the winning one included).
    pub(crate) to_move: u8,
    /// Placements made so far (`12 × players` once the placement phase is over).
    pub(crate) placed: u8,
    /// `placement = "all_twelve"` (R3's variant): each seat places its 12 tokens in turn.
    pub(crate) all_twelve: bool,
    pub(crate) status: Status,
    pub(crate) limit: PlyLimit,
    pub(crate) hash: u64,
    /// R9: the hashes of the positions since the movement phase began.
    pub(crate) history: RepetitionHistory<HISTORY>,
}

impl KhanTsin {
    /// A state from its board; derives the masks, the hash, the placement progress and the
    /// status (win, R5). The caller has validated the board.
    pub(crate) fn from_board(
        layout: Layout,
        seats: Seats,
        stacks: [Stack; SQUARES],
        khans: u64,
        to_move: u8,
        max_plies: Option<u32>,
        all_twelve: bool,
    ) -> KhanTsin {
        let mut game = KhanTsin {
            stacks,
            occupied: 0,
            tops: [0; 3],
            khans,
            layout,
            seats,
            to_move,
            placed: 0,
            all_twelve,
            status: Status::Playing,
            limit: PlyLimit::new(max_plies),
            hash: 0,
            history: RepetitionHistory::new(),
        };
        let mut playing_tokens = 0;
        for (sq, s) in stacks.iter().enumerate() {
            if let Some(top) = s.top() {
                game.occupied |= 1 << sq;
                game.tops[top.index()] |= 1 << sq;
            }
            playing_tokens += s.colours().filter(|&c| seats.seat_of(c).is_some()).count();
        }
        game.placed = playing_tokens.min(TOKENS_PER_COLOUR * seats.len()) as u8;
        game.hash = game.full_hash();
        game.status = game.settled_status();
        // R9: a position read starts its history afresh.
        game.record_position();
        game
    }

    /// R9: records the position reached in the repetition history (movement phase only; the
    /// placement phase never repeats and leaves the history empty).
    #[inline]
    pub(crate) fn record_position(&mut self) {
        if !self.in_placement() {
            // The turn passes round every ply: equal positions are a multiple of the number
            // of seats apart.
            self.history.record(self.hash, self.seats.len());
        }
    }

    /// The hash computed from scratch (the incremental one must always equal it).
    pub(crate) fn full_hash(&self) -> u64 {
        let mut h = zobrist::to_move(self.to_move as usize);
        for (sq, s) in self.stacks.iter().enumerate() {
            for level in 0..s.height() {
                h ^= zobrist::token(sq, level, s.code_at(level));
            }
            if self.khans & (1 << sq) != 0 {
                h ^= zobrist::khan(sq);
            }
        }
        h
    }

    /// The status of a position read from scratch: a 9-stack topped by a Khan is a win for
    /// that Khan's seat; in the movement phase, no legal move for any seat is R5's draw.
    fn settled_status(&self) -> Status {
        let mut khans = self.khans;
        while khans != 0 {
            let sq = khans.trailing_zeros() as usize;
            khans &= khans - 1;
            let s = self.stacks[sq];
            if s.height() == MAX_HEIGHT
                && let Some(seat) = s.top().and_then(|c| self.seats.seat_of(c))
            {
                return Status::Won(seat as u8);
            }
        }
        if self.in_placement() || self.any_seat_can_move() {
            Status::Playing
        } else {
            Status::Stalled
        }
    }

    // ---- read access ----

    /// The stack on square `sq` (0-based: square 1 is 0), bottom to top.
    pub fn stack(&self, sq: usize) -> Stack {
        self.stacks[sq]
    }

    /// Whether the top token of square `sq` (0-based) is a playing colour's Khan.
    pub fn khan_on_top(&self, sq: usize) -> bool {
        self.khans & (1 << sq) != 0
    }

    /// The square (0-based) of a playing colour's Khan, once placed.
    pub fn khan_square(&self, colour: Colour) -> Option<usize> {
        let m = self.khans & self.tops[colour.index()];
        (m != 0).then(|| m.trailing_zeros() as usize)
    }

    /// The value of every square.
    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    /// The playing colours and the neutral one.
    pub fn seats(&self) -> &Seats {
        &self.seats
    }

    /// The seat whose turn it is (after the game ended: the seat after the last mover).
    pub fn to_move(&self) -> Seat {
        Seat(self.to_move)
    }

    /// The colour whose turn it is.
    pub fn colour_to_move(&self) -> Colour {
        self.seats.colour(self.to_move as usize)
    }

    /// Plies played since the start (or since the position was read).
    pub fn plies(&self) -> u32 {
        self.limit.plies
    }

    /// The seat that places when `placed` tokens are on the board (R3; its variant
    /// `all_twelve`: 12 placements per seat in turn).
    #[inline]
    pub(crate) fn placer(&self, placed: usize) -> usize {
        if self.all_twelve {
            placed / TOKENS_PER_COLOUR
        } else {
            placed % self.seats.len()
        }
    }

    /// The value (3, 2, 1) of the squares the placement after `placed` goes on (R3): each
    /// seat's first 4 tokens on triples, the next 4 on doubles, the last 4 on singles.
    #[inline]
    pub(crate) fn placement_value_at(&self, placed: usize) -> u8 {
        let own = if self.all_twelve {
            placed % TOKENS_PER_COLOUR
        } else {
            placed / self.seats.len()
        };
        3 - (own / PER_CLASS) as u8
    }

    #[inline]
    pub(crate) fn in_placement(&self) -> bool {
        (self.placed as usize) < TOKENS_PER_COLOUR * self.seats.len()
    }

    /// Placement, movement, or over.
    pub fn phase(&self) -> Phase {
        if self.status != Status::Playing {
            Phase::Over
        } else if self.in_placement() {
            Phase::Placement
        } else {
            Phase::Movement
        }
    }

    pub(crate) fn current_to_act(&self) -> ToAct {
        let n = self.seats.len();
        match self.status {
            Status::Playing => ToAct::One(Seat(self.to_move)),
            Status::Won(s) => ToAct::Over(Outcome::win(Seat(s), n)),
            Status::Stalled => ToAct::Over(Outcome::draw(n, EndReason::Draw)),
            Status::Limit => ToAct::Over(Outcome::draw(n, EndReason::PlyLimit)),
            Status::Repetition => ToAct::Over(Outcome::draw(n, EndReason::Repetition)),
        }
    }

    /// Internal consistency: token counts conserved, masks and hash agree with the stacks,
    /// no covered Khan, at most 3 of a colour per stack. Used by the tests' harness.
    pub fn check_invariant(&self) -> Result<(), String> {
        let mut counts = [0usize; 3];
        let mut occupied = 0u64;
        let mut tops = [0u64; 3];
        for (sq, s) in self.stacks.iter().enumerate() {
            if s.0 >> (2 * MAX_HEIGHT) != 0 || (0..s.height()).any(|l| s.code_at(l) == 0) {
                return Err(format!("square {}: malformed stack {:#x}", sq + 1, s.0));
            }
            if s.counts().over_three() {
                return Err(format!("square {}: more than 3 of a colour", sq + 1));
            }
            for c in s.colours() {
                counts[c.index()] += 1;
            }
            if let Some(top) = s.top() {
                occupied |= 1 << sq;
                tops[top.index()] |= 1 << sq;
            }
        }
        if occupied != self.occupied || tops != self.tops || self.khans & !occupied != 0 {
            return Err("occupancy masks disagree with the stacks".into());
        }
        for &c in self.seats.playing() {
            let khans = (self.khans & self.tops[c.index()]).count_ones();
            let placed_all = counts[c.index()] == TOKENS_PER_COLOUR;
            if khans > 1 || (placed_all && khans != 1) {
                return Err(format!("{} has {khans} Khans on top", c.name()));
            }
        }
        if let Some(n) = self.seats.neutral()
            && self.khans & self.tops[n.index()] != 0
        {
            return Err("the neutral Khan is flagged as a Khan".into());
        }
        let expected_total = if self.in_placement() {
            self.placed as usize
        } else {
            3 * TOKENS_PER_COLOUR
        };
        if counts.iter().sum::<usize>() != expected_total {
            return Err(format!(
                "{counts:?} tokens, expected {expected_total} in all"
            ));
        }
        if !self.in_placement() && counts != [TOKENS_PER_COLOUR; 3] {
            return Err(format!("token counts {counts:?} are not 12 each"));
        }
        if self.hash != self.full_hash() {
            return Err("incremental hash differs from the full hash".into());
        }
        Ok(())
    }
}
