//! Zobrist keys: one per (square, level, colour), one per square for a Khan on top, one per
//! seat to move. Generated at compile time by SplitMix64 from a fixed seed, so hashes are
//! the same on every run and platform. The state keeps its hash up to date in `apply`.

use crate::params::SQUARES;
use crate::stack::MAX_HEIGHT;

const TOKEN_KEYS: usize = SQUARES * MAX_HEIGHT * 3;
const KEYS: usize = TOKEN_KEYS + SQUARES + 3;

const fn splitmix(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (state, z ^ (z >> 31))
}

static TABLE: [u64; KEYS] = {
    let mut table = [0u64; KEYS];
    let mut state = 0x4B48_414E_5453_494E; // "KHANTSIN"
    let mut i = 0;
    while i < KEYS {
        let (s, k) = splitmix(state);
        state = s;
        table[i] = k;
        i += 1;
    }
    table
};

/// A token of colour code `code` (1…3) at `level` (0 = bottom) of square `sq`.
#[inline]
pub(crate) fn token(sq: usize, level: usize, code: u32) -> u64 {
    TABLE[(sq * MAX_HEIGHT + level) * 3 + code as usize - 1]
}

/// A playing colour's Khan on top of square `sq`.
#[inline]
pub(crate) fn khan(sq: usize) -> u64 {
    TABLE[TOKEN_KEYS + sq]
}

/// Seat `seat` to move.
#[inline]
pub(crate) fn to_move(seat: usize) -> u64 {
    TABLE[TOKEN_KEYS + SQUARES + seat]
}
