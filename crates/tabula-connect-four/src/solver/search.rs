//! The solver's machinery: the board as the search sees it (the bitboard of the side to move
//! and the mask of every stone, with legal cells, immediate threats, the moves that do not
//! lose at once and the threat count that orders moves), and negamax with alpha-beta over
//! them, with an enhanced transposition cutoff far from the end (the table is in `table`).

use super::{MAX_SCORE, MIN_SCORE, Solver};
use crate::ConnectFour;
use crate::bitboard::{BOARD, BOTTOM, CELLS, WIDTH, column_mask, completing_cells};

/// Columns in the order they are tried: the centre first.
pub(super) const ORDER: [usize; WIDTH] = [3, 2, 4, 1, 5, 0, 6];

/// The most stones a position may have for the enhanced transposition cutoff to be tried:
/// far from the end it saves nodes and time, while tried at every stone count it saved more
/// nodes but took more time (measured on 2 December 2026: bench/log/performance-history.md,
/// "Connect Four: keeping the game-theoretic value").
const ETC_STONES: i32 = 28;

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

    /// The key of the position after the mover plays `cell`.
    pub(super) fn child_key(&self, cell: u64) -> u64 {
        (self.current ^ self.mask) + (self.mask | cell)
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
        let mut out = [0; WIDTH];
        if moves & moves.wrapping_sub(1) == 0 {
            // One move (or none): nothing to order.
            out[0] = moves;
            return (out, usize::from(moves != 0));
        }
        // An insertion sort, centre first: a cell goes after every cell scoring at least as
        // much, so equals keep the centre-first order.
        let mut scores = [0u32; WIDTH];
        let mut n = 0;
        for c in ORDER {
            let cell = moves & column_mask(c);
            if cell == 0 {
                continue;
            }
            let score = self.move_score(cell);
            let mut i = n;
            while i > 0 && scores[i - 1] < score {
                out[i] = out[i - 1];
                scores[i] = scores[i - 1];
                i -= 1;
            }
            out[i] = cell;
            scores[i] = score;
            n += 1;
        }
        (out, n)
    }
}

impl Solver {
    /// The score within `(alpha, beta)`, assuming the mover cannot win at once. Stored bounds:
    /// an upper bound `u` as `u - MIN_SCORE + 1`, a lower bound `l` as
    /// `l + MAX_SCORE - 2·MIN_SCORE + 2` (the two ranges do not overlap).
    pub(super) fn negamax(&mut self, board: Board, mut alpha: i32, mut beta: i32) -> i32 {
        self.nodes += 1;
        if self.nodes >= self.next_poll && self.poll() {
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
        // The children's buckets load while this position's own is looked up and its moves
        // are ordered: most of a node's time is waiting for the table.
        for c in ORDER {
            let cell = next & column_mask(c);
            if cell != 0 {
                self.table.prefetch(board.child_key(cell));
            }
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
        // Enhanced transposition cutoff: a child whose stored upper bound is low enough proves
        // that this position reaches beta, without a search (the children's buckets are on
        // their way to the cache). Only far from the end, where a subtree saved is large:
        // nearer the end the lookups cost more time than the nodes they save.
        if board.moves <= ETC_STONES {
            for c in ORDER {
                let cell = next & column_mask(c);
                if cell == 0 {
                    continue;
                }
                let stored = self.table.get(board.child_key(cell)) as i32;
                if stored != 0 && stored <= MAX_SCORE - MIN_SCORE + 1 {
                    let score = -(stored + MIN_SCORE - 1);
                    if score >= beta {
                        let value = (score + MAX_SCORE - 2 * MIN_SCORE + 2) as u8;
                        self.table
                            .put(key, board.moves as u32, value, self.root_stones);
                        return score;
                    }
                }
            }
        }
        let (mut moves, n) = board.ordered(next);
        if board.moves == self.flip_at {
            moves[..n].reverse();
        }
        for &cell in &moves[..n] {
            let mut child = board;
            child.play(cell);
            let score = -self.negamax(child, -beta, -alpha);
            if self.aborted {
                return 0;
            }
            if score >= beta {
                let value = (score + MAX_SCORE - 2 * MIN_SCORE + 2) as u8;
                self.table
                    .put(key, board.moves as u32, value, self.root_stones);
                return score;
            }
            if score > alpha {
                alpha = score;
            }
        }
        let value = (alpha - MIN_SCORE + 1) as u8;
        self.table
            .put(key, board.moves as u32, value, self.root_stones);
        alpha
    }
}
