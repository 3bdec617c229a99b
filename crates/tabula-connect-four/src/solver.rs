//! An exact Connect Four solver: negamax with alpha-beta on the bitboards, a transposition
//! table holding lower and upper bounds, centre-first move ordering refined by the number of
//! threats a move creates, pruning of moves that lose at once, and a null-window search that
//! narrows the score by bisection. It is search, not rules: nothing in the rules modules uses
//! it; bots consult it (see `tabula-registry`) and the tests use it as the reference.
//!
//! Scores are for the side to move, in the usual Connect Four solver convention: 0 is a draw,
//! a win with the winner's `k`-th stone scores `22 - k` (so a sooner win scores more), and a
//! loss is the negation of the opponent's win.
//!
//! [`Solver::keeping_column`] finds one column that keeps the game-theoretic value, without
//! the value of every column: a null-window search at the root asks "does some column win?"
//! and stops at the first column proven to win; if none does, a second asks "does some column
//! draw?" the same way. A won position costs one proof of one winning column (not a
//! refutation of every other one), and the table carries what the first search learnt into
//! the second. Several threads can share that proof ([`Solver::keeping_column_threads`],
//! [`KeepingSearch`]): they share one lock-free table and search two root columns at once.
//!
//! ```
//! use tabula_connect_four::{ConnectFour, solver::Solver};
//! use tabula_core::Notation;
//! let game = ConnectFour::from_notation(&Default::default(),
//!     "......./......./......./......./...o.../.xxx.oo x").unwrap();
//! let mut solver = Solver::new();
//! assert_eq!(solver.score(&game, u64::MAX), Some(18)); // x wins with its next stone
//! ```

mod keeping;
mod search;
mod table;

use crate::bitboard::{CELLS, WIDTH, bottom_cell, column_mask, top_cell};
use crate::{Column, ConnectFour, Status};
use keeping::Control;
pub use keeping::KeepingSearch;
use search::{Board, ORDER};
use std::sync::Arc;
use table::Table;

/// The lowest score a position with stones on it can have.
const MIN_SCORE: i32 = -(CELLS as i32) / 2 + 3;
/// The highest score a position with stones on it can have.
const MAX_SCORE: i32 = (CELLS as i32 + 1) / 2 - 3;

/// An exact solver with its transposition table, which stays valid between searches (what it
/// holds are facts about positions), so a bot keeps one for a whole game or many. Threads
/// working on one [`KeepingSearch`] share the table.
pub struct Solver {
    table: Arc<Table>,
    /// Stones on the board at the root of the current search.
    root_stones: u32,
    nodes: u64,
    aborted: bool,
    /// For a worker of a shared proof: what it shares with the others, its task, and the
    /// nodes it has reported.
    control: Option<Arc<Control>>,
    task: usize,
    reported: u64,
    /// The node count at which the search next looks whether to stop.
    next_poll: u64,
    /// Positions with this many stones try their moves in reverse order (a helper's).
    flip_at: i32,
}

impl Default for Solver {
    fn default() -> Self {
        Solver::new()
    }
}

impl Solver {
    /// A solver with a 16 MiB transposition table (2^21 entries).
    pub fn new() -> Solver {
        Solver::with_table_bits(21)
    }

    /// A solver whose table has `2^bits` entries of 8 bytes (`bits` within 10–30).
    pub fn with_table_bits(bits: u32) -> Solver {
        Solver {
            table: Arc::new(Table::new(bits)),
            root_stones: 0,
            nodes: 0,
            aborted: false,
            control: None,
            task: 0,
            reported: 0,
            next_poll: u64::MAX,
            flip_at: -1,
        }
    }

    /// The size of the transposition table in bytes.
    pub fn table_bytes(&self) -> usize {
        self.table.bytes()
    }

    /// Nodes searched by the last call.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// The exact score of `game` for the side to move (see the module docs), or `None` if the
    /// game is over or the search would take more than `max_nodes` nodes.
    pub fn score(&mut self, game: &ConnectFour, max_nodes: u64) -> Option<i32> {
        if game.status() != Status::Playing {
            return None;
        }
        self.start(game, max_nodes);
        let score = self.solve(Board::of(game));
        (!self.aborted).then_some(score)
    }

    /// The exact score of every legal column for the side to move (the score of the position
    /// after it, negated), best first and centre first among equals; `None` if the game is
    /// over or the whole takes more than `max_nodes` nodes.
    pub fn column_scores(
        &mut self,
        game: &ConnectFour,
        max_nodes: u64,
    ) -> Option<Vec<(Column, i32)>> {
        self.columns(game, max_nodes, false)
    }

    /// Like [`Solver::column_scores`], but only the sign of each score: 1 (the mover wins),
    /// 0 (draw) or -1 (the mover loses). Much cheaper: one or two null-window searches per
    /// column instead of a bisection of the score.
    pub fn column_values(
        &mut self,
        game: &ConnectFour,
        max_nodes: u64,
    ) -> Option<Vec<(Column, i32)>> {
        self.columns(game, max_nodes, true)
    }

    fn columns(
        &mut self,
        game: &ConnectFour,
        max_nodes: u64,
        weak: bool,
    ) -> Option<Vec<(Column, i32)>> {
        if game.status() != Status::Playing {
            return None;
        }
        self.start(game, max_nodes);
        let board = Board::of(game);
        let wins = board.winning_cells();
        let mut out = Vec::with_capacity(WIDTH);
        for c in ORDER {
            if board.mask & top_cell(c) != 0 {
                continue;
            }
            let cell = (board.mask + bottom_cell(c)) & column_mask(c);
            let score = if cell & wins != 0 {
                (CELLS as i32 + 1 - board.moves) / 2
            } else {
                let mut child = board;
                child.play(cell);
                if child.moves == CELLS as i32 {
                    0
                } else if weak {
                    -self.solve_weak(child)
                } else {
                    -self.solve(child)
                }
            };
            if self.aborted {
                return None;
            }
            let score = if weak { score.signum() } else { score };
            out.push((Column::from_index(c).expect("a column index"), score));
        }
        out.sort_by_key(|&(_, s)| std::cmp::Reverse(s));
        Some(out)
    }

    fn start(&mut self, game: &ConnectFour, max_nodes: u64) {
        self.root_stones = game.plies();
        self.nodes = 0;
        self.next_poll = max_nodes.saturating_add(1);
        self.aborted = false;
    }

    /// Whether the search should stop, once `nodes` reached `next_poll`: over its budget
    /// (alone), or told to by the proof it works on.
    fn poll(&mut self) -> bool {
        let Some(control) = &self.control else {
            return true;
        };
        let stop = control.report(self.nodes - self.reported, self.task);
        self.reported = self.nodes;
        self.next_poll = self.nodes + keeping::POLL;
        stop
    }

    /// Bisects the score with null-window searches.
    fn solve(&mut self, board: Board) -> i32 {
        let cells = CELLS as i32;
        if board.can_win_next() {
            return (cells + 1 - board.moves) / 2;
        }
        let mut min = -(cells - board.moves) / 2;
        let mut max = (cells + 1 - board.moves) / 2;
        while min < max && !self.aborted {
            let mut med = min + (max - min) / 2;
            if med <= 0 && min / 2 < med {
                med = min / 2;
            } else if med >= 0 && max / 2 > med {
                med = max / 2;
            }
            let r = self.negamax(board, med, med + 1);
            if r <= med {
                max = r;
            } else {
                min = r;
            }
        }
        min
    }

    /// The sign of the score: a null-window search around 0, then one around -1 or 1.
    fn solve_weak(&mut self, board: Board) -> i32 {
        if board.can_win_next() {
            return 1;
        }
        let r = self.negamax(board, 0, 1);
        if r > 0 {
            return 1;
        }
        if self.aborted {
            return 0;
        }
        if self.negamax(board, -1, 0) < 0 {
            -1
        } else {
            0
        }
    }
}

/// Plies from `game` to the end under best play, for a solver `score` of `game` (for the
/// side to move): to the winning stone, or to a full board for a draw.
pub fn plies_to_end(game: &ConnectFour, score: i32) -> i32 {
    let plies = game.plies() as i32;
    if score == 0 {
        return CELLS as i32 - plies;
    }
    // A win with the winner's k-th stone scores 22 - k; that stone is ply 2k - 1 (x) or 2k
    // (o) of the game.
    let winner_is_x = (score > 0) == (plies % 2 == 0);
    let k = 22 - score.abs();
    let last = if winner_is_x { 2 * k - 1 } else { 2 * k };
    last - plies
}

/// The column of a cell (a single bit of the board).
fn column_of(cell: u64) -> Column {
    let c = ORDER
        .into_iter()
        .find(|&c| cell & column_mask(c) != 0)
        .expect("a cell of the board");
    Column::from_index(c).expect("a column index")
}

/// The cell of `cells` in the most central column.
fn first_in_order(cells: u64) -> u64 {
    ORDER
        .into_iter()
        .map(|c| cells & column_mask(c))
        .find(|&cell| cell != 0)
        .expect("some cell")
}
