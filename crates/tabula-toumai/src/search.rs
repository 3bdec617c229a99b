//! What search needs beyond the rules: the position hash for transposition tables
//! ([`Zobrist`]) and a static evaluation ([`Heuristic`]).
//!
//! The hash XORs fixed random keys (made at compile time, the same on every platform) over
//! the pawns on their squares, the colour to move, the wands, who swapped last turn and the
//! neutral colour. The ply count of the optional ply limit is not part of the position, so it
//! is not hashed. Search keys ([`Zobrist::search_key`]) add the repetition history (R14).
//!
//! The evaluation counts wands first, then how close each magician is to the star and how
//! free it is to fly, then how many lines each colour tops (mobility). The value for a seat
//! compares its score with its best opponent's, squashed into (-1, 1); finished games score 1
//! (won), -1 (lost) or 0 (drawn).

use crate::board::{LINES, height, pawn_at, top};
use crate::pawn::{MAGICIAN, colour_of, kind_of};
use crate::state::{Status, Toumai};
use tabula_core::{Heuristic, Seat, Zobrist};

const fn splitmix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

const fn keys<const N: usize>(salt: u64) -> [u64; N] {
    let mut table = [0; N];
    let mut i = 0;
    while i < N {
        table[i] = splitmix(splitmix(salt) ^ (i as u64).wrapping_mul(0x2545_F491_4F6C_DD1D));
        i += 1;
    }
    table
}

/// One key per line, square and 4-bit pawn code.
static PAWNS: [u64; LINES * 6 * 16] = keys(1);
/// One key per colour to move.
static TO_MOVE: [u64; 3] = keys(2);
/// One key per seat and wand count.
static WANDS: [u64; 12] = keys(3);
/// One key per seat that swapped last turn.
static LAST_SWAP: [u64; 3] = keys(4);
/// One key per neutral colour (index 3: none).
static NEUTRAL: [u64; 4] = keys(5);

impl Zobrist for Toumai {
    fn zobrist(&self) -> u64 {
        let mut h = NEUTRAL[self.seats.neutral().unwrap_or(3) as usize];
        for (i, &l) in self.lines.iter().enumerate() {
            for sq in 0..height(l) {
                let p = pawn_at(l, sq) as usize;
                h ^= PAWNS[(i * 6 + sq as usize) * 16 + p];
            }
        }
        h ^= TO_MOVE[self.mover_colour() as usize];
        for seat in 0..self.seats.n as usize {
            h ^= WANDS[seat * 4 + (self.wands[seat] as usize & 3)];
            if self.last_swap & (1 << seat) != 0 {
                h ^= LAST_SWAP[seat];
            }
        }
        h
    }

    /// The position hash mixed with the repetition history (R14): a transposition table
    /// keyed by it never reuses a value found under another history.
    fn search_key(&self) -> u64 {
        self.zobrist() ^ self.history.digest()
    }
}

/// A wand is worth far more than any position.
const WAND: f64 = 1.0;
/// A magician on top of its line, per pawn below it (the closer to 6, the closer to a wand).
const TOP_MAGICIAN_HEIGHT: f64 = 0.06;
/// A magician on top can fly at once.
const FREE_MAGICIAN: f64 = 0.15;
/// Per pawn covering an enclosed magician.
const COVERED_MAGICIAN: f64 = 0.05;
/// Per line the colour tops.
const TOP_LINE: f64 = 0.04;

impl Toumai {
    /// The seat's raw score (higher is better).
    fn score(&self, seat: u8) -> f64 {
        let colour = self.seats.colour[seat as usize];
        let mut s = WAND * self.wands[seat as usize] as f64;
        for &l in &self.lines {
            let h = height(l);
            if h == 0 {
                continue;
            }
            if colour_of(top(l)) == colour {
                s += TOP_LINE;
            }
            for sq in 0..h {
                let p = pawn_at(l, sq);
                if colour_of(p) == colour && kind_of(p) == MAGICIAN {
                    if sq + 1 == h {
                        s += FREE_MAGICIAN + TOP_MAGICIAN_HEIGHT * h as f64;
                    } else {
                        s -= COVERED_MAGICIAN * (h - sq - 1) as f64;
                    }
                }
            }
        }
        s
    }
}

impl Heuristic for Toumai {
    fn evaluate(&self, seat: Seat) -> f64 {
        let n = self.seats.n;
        if seat.0 >= n {
            return 0.0;
        }
        match self.status {
            Status::Won(w) => return if w == seat.0 { 1.0 } else { -1.0 },
            Status::Drawn | Status::PlyLimit | Status::Repetition => return 0.0,
            Status::Playing => {}
        }
        let mine = self.score(seat.0);
        let best_other = (0..n)
            .filter(|&s| s != seat.0)
            .map(|s| self.score(s))
            .fold(f64::NEG_INFINITY, f64::max);
        ((mine - best_other) / 1.5).tanh() * 0.99
    }
}
