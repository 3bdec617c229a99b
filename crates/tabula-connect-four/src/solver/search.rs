//! The solver's machinery: the board as the search sees it (the bitboard of the side to move
//! and the mask of every stone, with legal cells, immediate threats, the moves that do not
//! lose at once and the threat count that orders moves), the transposition table, and
//! negamax with alpha-beta over them.
//!
//! The table keeps one entry per slot, always replaced. A slot is the key modulo the table's
//! size, a prime, and an entry keeps only the key's low 32 bits: the key is below 2^49 and
//! the size above 2^17, so by the Chinese remainder theorem the slot and the 32 bits together
//! tell keys apart exactly (a hit is never another position's entry), in 5 bytes an entry
//! instead of 8.

use super::{MAX_SCORE, MIN_SCORE, Solver};
use crate::ConnectFour;
use crate::bitboard::{BOARD, BOTTOM, CELLS, WIDTH, column_mask, completing_cells};

/// Columns in the order they are tried: the centre first.
pub(super) const ORDER: [usize; WIDTH] = [3, 2, 4, 1, 5, 0, 6];

/// A position as the solver sees it: the stones of the side to move and every stone.
#[derive(Clone, Copy)]
pub(super) struct Board {
    /// The stones of the side to move.
    pub(super) current: u64,
    /// Every stone.
    pub(super) mask: u64,
    /// Stones on the board.
    pub(super) moves: i32,
}

impl Board {
    pub(super) fn of(game: &ConnectFour) -> Board {
        let side = game.side_to_move().index();
        Board {
            current: game.stones[side],
            mask: game.occupied(),
            moves: game.plies() as i32,
        }
    }

    /// A unique key: the mover's stones plus the mask (fits in 49 bits).
    pub(super) fn key(&self) -> u64 {
        self.current + self.mask
    }

    pub(super) fn possible(&self) -> u64 {
        (self.mask + BOTTOM) & BOARD
    }

    pub(super) fn play(&mut self, cell: u64) {
        self.current ^= self.mask;
        self.mask |= cell;
        self.moves += 1;
    }

    pub(super) fn winning_cells(&self) -> u64 {
        completing_cells(self.current) & !self.mask
    }

    pub(super) fn opponent_winning_cells(&self) -> u64 {
        completing_cells(self.current ^ self.mask) & !self.mask
    }

    pub(super) fn can_win_next(&self) -> bool {
        self.winning_cells() & self.possible() != 0
    }

    /// The moves that do not hand the opponent an immediate win (0 when every move loses).
    pub(super) fn non_losing_moves(&self) -> u64 {
        let mut possible = self.possible();
        let threats = self.opponent_winning_cells();
        let forced = possible & threats;
        if forced != 0 {
            if forced & (forced - 1) != 0 {
                return 0;
            }
            possible = forced;
        }
        possible & !(threats >> 1)
    }

    /// How many winning cells the mover would have after playing `cell`.
    pub(super) fn move_score(&self, cell: u64) -> u32 {
        (completing_cells(self.current | cell) & !(self.mask | cell)).count_ones()
    }

    /// The cells of `moves` (one per column at most) in the order to try them: the most
    /// threats made first, the centre first among equals. Returns the cells and their count.
    pub(super) fn ordered(&self, moves: u64) -> ([u64; WIDTH], usize) {
        let mut scored = [(0u64, 0u32); WIDTH];
        let mut n = 0;
        for c in ORDER.iter().rev() {
            let cell = moves & column_mask(*c);
            if cell != 0 {
                scored[n] = (cell, self.move_score(cell));
                n += 1;
            }
        }
        // A stable sort by score, read from its end: best first, and the centre first among
        // equals (the list was filled outside-in).
        scored[..n].sort_by_key(|&(_, s)| s);
        let mut out = [0; WIDTH];
        for (slot, &(cell, _)) in out.iter_mut().zip(scored[..n].iter().rev()) {
            *slot = cell;
        }
        (out, n)
    }
}

/// Keys and values in two arrays (the value 0 marks an empty slot).
pub(super) struct Table {
    keys: Vec<u32>,
    values: Vec<u8>,
}

/// Whether `n` is prime (trial division: the sizes are at most about 2^30).
fn is_prime(n: u64) -> bool {
    n >= 2
        && (2..)
            .take_while(|d| d * d <= n)
            .all(|d| !n.is_multiple_of(d))
}

impl Table {
    /// A table of the smallest prime number of entries at least `2^bits`, `bits` within
    /// 18–30 (below 2^18 entries the keys would no longer be told apart).
    pub(super) fn new(bits: u32) -> Table {
        let size = (1u64 << bits.clamp(18, 30)..)
            .find(|&n| is_prime(n))
            .expect("a prime");
        // Zeroed allocations: the pages are only touched (and resident) once used.
        Table {
            keys: vec![0; size as usize],
            values: vec![0; size as usize],
        }
    }

    #[inline]
    fn slot(&self, key: u64) -> usize {
        (key % self.keys.len() as u64) as usize
    }

    /// The value stored for `key`, or 0.
    #[inline]
    pub(super) fn get(&self, key: u64) -> u8 {
        let slot = self.slot(key);
        if self.keys[slot] == key as u32 {
            self.values[slot]
        } else {
            0
        }
    }

    /// Stores `value` (not 0) for `key`, replacing whatever held its slot.
    #[inline]
    pub(super) fn put(&mut self, key: u64, value: u8) {
        let slot = self.slot(key);
        self.keys[slot] = key as u32;
        self.values[slot] = value;
    }

    /// The table's size in bytes.
    pub(super) fn bytes(&self) -> usize {
        self.keys.len() * 5
    }
}

impl Solver {
    /// The score within `(alpha, beta)`, assuming the mover cannot win at once. Stored bounds:
    /// an upper bound `u` as `u - MIN_SCORE + 1`, a lower bound `l` as
    /// `l + MAX_SCORE - 2·MIN_SCORE + 2` (the two ranges do not overlap).
    pub(super) fn negamax(&mut self, board: Board, mut alpha: i32, mut beta: i32) -> i32 {
        self.nodes += 1;
        if self.nodes > self.max_nodes {
            self.aborted = true;
            return 0;
        }
        let cells = CELLS as i32;
        let next = board.non_losing_moves();
        if next == 0 {
            return -(cells - board.moves) / 2;
        }
        if board.moves >= cells - 2 {
            return 0;
        }
        let min = -(cells - 2 - board.moves) / 2;
        if alpha < min {
            alpha = min;
            if alpha >= beta {
                return alpha;
            }
        }
        let mut max = (cells - 1 - board.moves) / 2;
        let key = board.key();
        let stored = self.table.get(key) as i32;
        if stored != 0 {
            if stored > MAX_SCORE - MIN_SCORE + 1 {
                let lower = stored + 2 * MIN_SCORE - MAX_SCORE - 2;
                if alpha < lower {
                    alpha = lower;
                    if alpha >= beta {
                        return alpha;
                    }
                }
            } else {
                max = stored + MIN_SCORE - 1;
            }
        }
        if beta > max {
            beta = max;
            if alpha >= beta {
                return beta;
            }
        }
        let (moves, n) = board.ordered(next);
        for &cell in &moves[..n] {
            let mut child = board;
            child.play(cell);
            let score = -self.negamax(child, -beta, -alpha);
            if self.aborted {
                return 0;
            }
            if score >= beta {
                self.table
                    .put(key, (score + MAX_SCORE - 2 * MIN_SCORE + 2) as u8);
                return score;
            }
            if score > alpha {
                alpha = score;
            }
        }
        self.table.put(key, (alpha - MIN_SCORE + 1) as u8);
        alpha
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_size_is_a_prime_of_at_least_two_to_the_bits() {
        let table = Table::new(18);
        let size = table.keys.len() as u64;
        assert!(is_prime(size));
        assert!(
            ((1 << 18)..size).all(|n| !is_prime(n)),
            "the smallest such prime"
        );
    }

    #[test]
    fn keys_sharing_a_slot_and_their_low_bits_do_not_collide() {
        let mut table = Table::new(18);
        let size = table.keys.len() as u64;
        // Keys of one slot differ by a multiple of the size; those that also share their low
        // 32 bits differ by a multiple of size · 2^32 > 2^49, so no two keys of boards do.
        let a = 12_345;
        let b = a + size;
        table.put(a, 7);
        assert_eq!(table.get(a), 7);
        assert_eq!(table.get(b), 0);
        table.put(b, 9);
        assert_eq!(table.get(a), 0, "always replaced");
        assert_eq!(table.get(b), 9);
    }
}
