//! Search support kept apart from the rules: the position hash ([`Zobrist`]) and the static
//! evaluation ([`Heuristic`]).
//!
//! The hash is exact: `stones of the side to move + occupied cells` encodes each column as a
//! distinct number below 2⁷ (a column of height `h` with own-stone pattern `p` gives
//! `p + 2^h − 1`, and the ranges for different `h` do not overlap), so it identifies the
//! position, side to move included; a bijective 64-bit mixer then spreads it for table
//! indexing. Distinct positions never collide.
//!
//! The evaluation counts, for each side, the empty cells that would complete one of its fours
//! ("threats"), weighting a threat more when it lies on a row of the parity that favours that
//! side in the endgame (odd rows for `x`, even rows for `o`, rows counted from 1 at the
//! bottom), plus a small bonus for stones on cells that belong to many possible fours (the
//! centre).

use crate::bitboard::{BOARD, HEIGHT, STRIDE, WIDTH, completing_cells};
use crate::state::{ConnectFour, Status};
use tabula_core::{Heuristic, Seat, Zobrist};

/// Rows 1, 3, 5 (counted from 1 at the bottom): bit rows 0, 2, 4.
const ODD_ROWS: u64 = {
    let mut m = 0;
    let mut c = 0;
    while c < WIDTH {
        m |= 0b010101 << (c * STRIDE);
        c += 1;
    }
    m
};

/// How many possible fours pass through each cell (the classic 3…13 table), per column and
/// row from the bottom.
const CELL_WEIGHTS: [[i32; HEIGHT]; WIDTH] = [
    [3, 4, 5, 5, 4, 3],
    [4, 6, 8, 8, 6, 4],
    [5, 8, 11, 11, 8, 5],
    [7, 10, 13, 13, 10, 7],
    [5, 8, 11, 11, 8, 5],
    [4, 6, 8, 8, 6, 4],
    [3, 4, 5, 5, 4, 3],
];

#[inline]
fn mix(mut z: u64) -> u64 {
    // SplitMix64's finaliser: a bijection on u64.
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

impl Zobrist for ConnectFour {
    #[inline]
    fn zobrist(&self) -> u64 {
        let mover = self.side_to_move().index();
        mix(self.stones[mover] + self.occupied())
    }
}

fn weight_sum(stones: u64) -> i32 {
    let mut total = 0;
    let mut s = stones;
    while s != 0 {
        let bit = s.trailing_zeros() as usize;
        total += CELL_WEIGHTS[bit / STRIDE][bit % STRIDE];
        s &= s - 1;
    }
    total
}

/// The raw score of `seat`'s stones against the opponent's, in arbitrary units.
fn raw_score(game: &ConnectFour, seat: usize) -> i32 {
    let empty = BOARD & !game.occupied();
    let mut score = 0;
    for side in 0..2 {
        let threats = completing_cells(game.stones[side]) & empty;
        let good_rows = if side == 0 { ODD_ROWS } else { !ODD_ROWS };
        let value = 8 * (threats & good_rows).count_ones() as i32
            + 4 * (threats & !good_rows).count_ones() as i32
            + weight_sum(game.stones[side]);
        score += if side == seat { value } else { -value };
    }
    score
}

impl Heuristic for ConnectFour {
    /// In [-1, 1]: ±1 for a finished game, otherwise strictly inside (−0.9, 0.9).
    fn evaluate(&self, seat: Seat) -> f64 {
        let me = seat.index() & 1;
        match self.status {
            Status::Won(w) => {
                if w.index() == me {
                    1.0
                } else {
                    -1.0
                }
            }
            Status::Draw => 0.0,
            Status::Playing => 0.9 * (raw_score(self, me) as f64 / 60.0).tanh(),
        }
    }
}
