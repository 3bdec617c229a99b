//! One column that keeps the game-theoretic value, without the value of every column: a
//! null-window search at the root asks "does some column win?" and stops at the first column
//! proven to win; if none does, a second asks "does some column draw?" the same way. A won
//! position costs one proof of one winning column (not a refutation of every other one), and
//! the table carries what the first search learnt into the second.

use super::Solver;
use super::board::{Board, ORDER};
use crate::bitboard::{CELLS, column_mask};
use crate::{Column, ConnectFour, Status};

/// The column of a cell (a single bit of the board).
fn column_of(cell: u64) -> Column {
    let c = ORDER
        .into_iter()
        .find(|&c| cell & column_mask(c) != 0)
        .expect("a cell of the board");
    Column::from_index(c).expect("a column index")
}

impl Solver {
    /// A column that keeps the game-theoretic value of `game` for the side to move, and that
    /// value: 1 (the mover wins), 0 (draw) or -1 (the mover loses, whatever it plays; the
    /// column is then one that does not lose at once where there is one). `None` if the game
    /// is over or the proof would take more than `max_nodes` nodes.
    ///
    /// The column is the first, in the search's order (the most threats made, then the centre
    /// first), proven to keep the value; it need not be the fastest win or the longest
    /// resistance, which [`Solver::column_scores`] gives at a higher cost.
    pub fn keeping_column(&mut self, game: &ConnectFour, max_nodes: u64) -> Option<(Column, i32)> {
        if game.status() != Status::Playing {
            return None;
        }
        self.start(max_nodes);
        let board = Board::of(game);
        let wins = board.winning_cells() & board.possible();
        if wins != 0 {
            return Some((column_of(first_in_order(wins)), 1));
        }
        let next = board.non_losing_moves();
        if next == 0 {
            // Every column loses; one that blocks a threat, if any, at least delays the end.
            let forced = board.possible() & board.opponent_winning_cells();
            let any = if forced != 0 {
                forced
            } else {
                board.possible()
            };
            return Some((column_of(first_in_order(any)), -1));
        }
        for (alpha, value) in [(0, 1), (-1, 0)] {
            if let Some(cell) = self.root_cutoff(board, next, alpha) {
                return Some((column_of(cell), value));
            }
            if self.aborted {
                return None;
            }
        }
        Some((column_of(first_in_order(next)), -1))
    }

    /// The first of the moves `next` (in search order) whose score exceeds `alpha`, by a
    /// null-window search `(alpha, alpha + 1)` of each; `None` if none does or the budget ran
    /// out (then `self.aborted` is set).
    fn root_cutoff(&mut self, board: Board, next: u64, alpha: i32) -> Option<u64> {
        let (moves, n) = board.ordered(next);
        for &cell in &moves[..n] {
            let mut child = board;
            child.play(cell);
            let score = if child.moves == CELLS as i32 {
                0
            } else {
                -self.negamax(child, -alpha - 1, -alpha)
            };
            if self.aborted {
                return None;
            }
            if score > alpha {
                return Some(cell);
            }
        }
        None
    }
}

/// The cell of `cells` in the most central column.
fn first_in_order(cells: u64) -> u64 {
    ORDER
        .into_iter()
        .map(|c| cells & column_mask(c))
        .find(|&cell| cell != 0)
        .expect("some cell")
}
