//! The game state ([`Toumai`]), its phase and status, and the queries the other modules share.

use crate::board::{LINES, Line, colour_counts, height, pawn_at, pawn_bits, top};
use crate::params::{Params, Seats};
use crate::pawn::{Colour, colour_of};
use crate::variant::Variant;
use serde::Serialize;
use tabula_core::{EndReason, Outcome, PlyLimit, RepetitionHistory, Seat, ToAct};

/// All 18 pawns are on the board once setup is over.
pub(crate) const ALL_PAWNS: u8 = 18;

/// How many positions the repetition history holds (R14): a position counts as repeated
/// when its earlier occurrences lie within the last 64 positions.
pub(crate) const HISTORY: usize = 64;

/// A Toumaï game state: the board, the seats, whose turn it is, the wands, who swapped last
/// turn, the optional ply limit, and the hashes of the positions since the last irreversible
/// action (R14). Nothing on the heap: the position itself fits in 64 bytes, the repetition
/// history adds a fixed 64 hashes, so a clone is one memcpy.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Toumai {
    pub(crate) lines: [Line; LINES],
    pub(crate) seats: Seats,
    /// The rule variants of the game (fixed for the game, not part of a position).
    pub(crate) variant: Variant,
    /// The seat to act (during setup: the seat to place).
    pub(crate) to_move: u8,
    pub(crate) wands: [u8; 3],
    /// Seats whose previous turn was a swap (R8), as a bit set.
    pub(crate) last_swap: u8,
    /// Pawns on the board; fewer than 18 during setup.
    pub(crate) on_board: u8,
    pub(crate) status: Status,
    pub(crate) limit: PlyLimit,
    /// R14: the positions of play since the last irreversible action.
    pub(crate) history: RepetitionHistory<HISTORY>,
}

/// Whether the game goes on, and how it ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Status {
    Playing,
    /// The seat holds 3 wands.
    Won(u8),
    /// R10: every non-empty line is topped by a neutral pawn.
    Drawn,
    /// R11: the optional ply limit was reached.
    PlyLimit,
    /// R14: the same position occurred a third time with the same seat to act.
    Repetition,
}

/// The phase of the game, derived from the number of pawns on the board (R12).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// Setup round 1: pawns other than magicians go on empty first squares.
    PlacementRound1,
    /// Setup round 2 (order reversed, R1, unless `placement_round2 = "same"`): the remaining
    /// pawns go on second squares.
    PlacementRound2,
    /// Flights, swaps and passes.
    Play,
}

impl Toumai {
    /// An empty board at the start of setup.
    pub(crate) fn empty(params: &Params) -> Result<Toumai, tabula_core::ParamsError> {
        let seats = params.seats()?;
        let variant = params.variant()?;
        Ok(Toumai {
            lines: [0; LINES],
            seats,
            variant,
            to_move: 0,
            wands: [0; 3],
            last_swap: 0,
            on_board: 0,
            status: Status::Playing,
            limit: PlyLimit::new(params.max_plies),
            history: RepetitionHistory::new(),
        })
    }

    /// The phase (setup rounds or play); a finished game is in [`Phase::Play`].
    pub fn phase(&self) -> Phase {
        if self.on_board < 9 {
            Phase::PlacementRound1
        } else if self.on_board < ALL_PAWNS {
            Phase::PlacementRound2
        } else {
            Phase::Play
        }
    }

    #[inline]
    pub(crate) fn in_setup(&self) -> bool {
        self.on_board < ALL_PAWNS
    }

    /// The colour of the seat to act next (after the game ended: the seat after the last
    /// mover, as the notation's `<to-move>` says).
    pub fn to_move_colour(&self) -> Colour {
        self.seats.colour_of(self.to_move)
    }

    /// The playing colours in turn order (seat 1 first).
    pub fn seat_colours(&self) -> Vec<Colour> {
        (0..self.seats.n).map(|s| self.seats.colour_of(s)).collect()
    }

    /// The neutral colour (2 players only).
    pub fn neutral_colour(&self) -> Option<Colour> {
        self.seats.neutral().map(Colour::from_index)
    }

    /// The wands each seat holds, in seat order.
    pub fn wands(&self) -> &[u8] {
        &self.wands[..self.seats.n as usize]
    }

    /// Whether the seat to act may not swap now: its own previous turn was a swap (R8), or,
    /// with `swap_lock = "any"`, the turn just before (the previous seat's) was a swap.
    #[inline]
    pub(crate) fn swap_locked(&self) -> bool {
        let seat = if self.variant.swap_any_turn() {
            (self.to_move + self.seats.n - 1) % self.seats.n
        } else {
            self.to_move
        };
        self.last_swap & (1 << seat) != 0
    }

    /// Whether the seat's previous turn was a swap (so it may not swap now, R8).
    pub fn swapped_last_turn(&self, seat: Seat) -> bool {
        seat.index() < 3 && self.last_swap & (1 << seat.0) != 0
    }

    /// The number of actions played since this state was made or read (R11 counts these).
    pub fn plies(&self) -> u32 {
        self.limit.plies
    }

    /// The height of line `line` (0 = `a`), 0 for a bad index.
    pub fn line_height(&self, line: usize) -> usize {
        self.lines.get(line).map_or(0, |&l| height(l) as usize)
    }

    /// The seat for a colour (`None` for the neutral colour).
    pub fn seat_of(&self, colour: Colour) -> Option<Seat> {
        let s = self.seats.seat[colour.index()];
        (s < self.seats.n).then_some(Seat(s))
    }

    #[inline]
    pub(crate) fn mover_colour(&self) -> u8 {
        self.seats.colour[self.to_move as usize]
    }

    #[inline]
    pub(crate) fn next_seat(&self) -> u8 {
        (self.to_move + 1) % self.seats.n
    }

    /// Counts each colour's pawns of each kind on the board (neutral pawns under kind 0).
    pub(crate) fn kind_counts(&self) -> [[u8; 4]; 3] {
        let mut counts = [[0u8; 4]; 3];
        for &l in &self.lines {
            for i in 0..height(l) {
                let p = pawn_at(l, i);
                counts[colour_of(p) as usize][(p & 3) as usize] += 1;
            }
        }
        counts
    }

    /// R10: with 2 players in play, every non-empty line is topped by a neutral pawn.
    pub(crate) fn all_tops_neutral(&self) -> bool {
        let Some(neutral) = self.seats.neutral() else {
            return false;
        };
        if self.in_setup() {
            return false;
        }
        self.lines
            .iter()
            .filter(|&&l| height(l) > 0)
            .all(|&l| colour_of(top(l)) == neutral)
    }

    /// R14: starts the repetition history afresh when an irreversible action led here (or
    /// the position was read from notation), then records the position if play is on.
    #[inline]
    pub(crate) fn record_position(&mut self, irreversible: bool) {
        if irreversible {
            self.history.clear();
        }
        if !self.in_setup() {
            let hash = tabula_core::Zobrist::zobrist(self);
            // The turn passes round every ply of play: equal positions are `n` plies apart.
            self.history.record(hash, self.seats.n as usize);
        }
    }

    /// Recomputes the status from the position, the repetition history and the ply count.
    pub(crate) fn update_status(&mut self) {
        self.status = if let Some(s) = (0..self.seats.n).find(|&s| self.wands[s as usize] >= 3) {
            Status::Won(s)
        } else if self.all_tops_neutral() {
            Status::Drawn
        } else if self.history.third_occurrence() {
            Status::Repetition
        } else if self.limit.reached() {
            Status::PlyLimit
        } else {
            Status::Playing
        };
    }

    /// Who acts, or how the game ended.
    #[inline]
    pub(crate) fn current(&self) -> ToAct {
        let n = self.seats.n as usize;
        match self.status {
            Status::Playing => ToAct::One(Seat(self.to_move)),
            Status::Won(s) => ToAct::Over(Outcome::win(Seat(s), n)),
            Status::Drawn => ToAct::Over(Outcome::draw(n, EndReason::Draw)),
            Status::PlyLimit => ToAct::Over(Outcome::draw(n, EndReason::PlyLimit)),
            Status::Repetition => ToAct::Over(Outcome::draw(n, EndReason::Repetition)),
        }
    }

    /// The colour counts of every line.
    #[inline]
    pub(crate) fn line_colour_counts(&self) -> [[u32; 3]; LINES] {
        let mut c = [[0; 3]; LINES];
        for (i, &l) in self.lines.iter().enumerate() {
            c[i] = colour_counts(pawn_bits(l), height(l));
        }
        c
    }
}
