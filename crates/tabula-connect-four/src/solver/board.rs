//! The solver's view of a position: the bitboard of the side to move and the mask of every
//! stone, with the few operations the search needs (legal cells, immediate threats, the
//! moves that do not lose at once, a move's threat count for ordering).

use crate::ConnectFour;
use crate::bitboard::{BOARD, BOTTOM, WIDTH, column_mask, completing_cells};

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
