//! The solver's search: negamax with alpha-beta over [`Board`]s and the transposition table
//! of lower and upper bounds it reads and fills.

use super::board::Board;
use super::{MAX_SCORE, MIN_SCORE, Solver};
use crate::bitboard::CELLS;

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
