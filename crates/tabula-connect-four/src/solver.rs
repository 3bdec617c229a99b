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
//! ```
//! use tabula_connect_four::{ConnectFour, solver::Solver};
//! use tabula_core::Notation;
//! let game = ConnectFour::from_notation(&Default::default(),
//!     "......./......./......./......./...o.../.xxx.oo x").unwrap();
//! let mut solver = Solver::new();
//! assert_eq!(solver.score(&game, u64::MAX), Some(18)); // x wins with its next stone
//! ```

use crate::bitboard::{
    BOARD, BOTTOM, CELLS, WIDTH, bottom_cell, column_mask, completing_cells, top_cell,
};
use crate::{Column, ConnectFour, Status};

/// The lowest score a position with stones on it can have.
const MIN_SCORE: i32 = -(CELLS as i32) / 2 + 3;
/// The highest score a position with stones on it can have.
const MAX_SCORE: i32 = (CELLS as i32 + 1) / 2 - 3;
/// Columns in the order they are tried: the centre first.
const ORDER: [usize; WIDTH] = [3, 2, 4, 1, 5, 0, 6];

/// An exact solver with its transposition table, which stays valid between searches (what it
/// holds are facts about positions), so a bot keeps one for a whole game or many.
pub struct Solver {
    table: Vec<u64>,
    shift: u32,
    nodes: u64,
    max_nodes: u64,
    aborted: bool,
}

impl Default for Solver {
    fn default() -> Self {
        Solver::new()
    }
}

/// A position as the solver sees it: the stones of the side to move and every stone.
#[derive(Clone, Copy)]
struct Board {
    current: u64,
    mask: u64,
    moves: i32,
}

impl Board {
    fn of(game: &ConnectFour) -> Board {
        let side = game.side_to_move().index();
        Board {
            current: game.stones[side],
            mask: game.occupied(),
            moves: game.plies() as i32,
        }
    }

    /// A unique key: the mover's stones plus the mask (fits in 49 bits).
    fn key(&self) -> u64 {
        self.current + self.mask
    }

    fn possible(&self) -> u64 {
        (self.mask + BOTTOM) & BOARD
    }

    fn play(&mut self, cell: u64) {
        self.current ^= self.mask;
        self.mask |= cell;
        self.moves += 1;
    }

    fn winning_cells(&self) -> u64 {
        completing_cells(self.current) & !self.mask
    }

    fn opponent_winning_cells(&self) -> u64 {
        completing_cells(self.current ^ self.mask) & !self.mask
    }

    fn can_win_next(&self) -> bool {
        self.winning_cells() & self.possible() != 0
    }

    /// The moves that do not hand the opponent an immediate win (0 when every move loses).
    fn non_losing_moves(&self) -> u64 {
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
    fn move_score(&self, cell: u64) -> u32 {
        (completing_cells(self.current | cell) & !(self.mask | cell)).count_ones()
    }
}

impl Solver {
    /// A solver with a 16 MiB transposition table.
    pub fn new() -> Solver {
        Solver::with_table_bits(21)
    }

    /// A solver whose table has `2^bits` entries of 8 bytes.
    pub fn with_table_bits(bits: u32) -> Solver {
        let bits = bits.clamp(4, 30);
        Solver {
            table: vec![0; 1 << bits],
            shift: 64 - bits,
            nodes: 0,
            max_nodes: u64::MAX,
            aborted: false,
        }
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
        self.start(max_nodes);
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
        self.start(max_nodes);
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

    fn start(&mut self, max_nodes: u64) {
        self.nodes = 0;
        self.max_nodes = max_nodes;
        self.aborted = false;
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

    fn slot(&self, key: u64) -> usize {
        (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> self.shift) as usize
    }

    fn probe(&self, key: u64) -> u8 {
        let entry = self.table[self.slot(key)];
        if entry >> 8 == key { entry as u8 } else { 0 }
    }

    fn store(&mut self, key: u64, value: i32) {
        debug_assert!((1..=255).contains(&value));
        let slot = self.slot(key);
        self.table[slot] = key << 8 | value as u64;
    }

    /// The score within `(alpha, beta)`, assuming the mover cannot win at once. Stored bounds:
    /// an upper bound `u` as `u - MIN_SCORE + 1`, a lower bound `l` as
    /// `l + MAX_SCORE - 2·MIN_SCORE + 2` (the two ranges do not overlap).
    fn negamax(&mut self, board: Board, mut alpha: i32, mut beta: i32) -> i32 {
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
        let stored = self.probe(key) as i32;
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
        let mut moves = [(0u64, 0u32); WIDTH];
        let mut n = 0;
        for c in ORDER.iter().rev() {
            let cell = next & column_mask(*c);
            if cell != 0 {
                moves[n] = (cell, board.move_score(cell));
                n += 1;
            }
        }
        // A stable sort by score, read from its end: best first, and the centre first among
        // equals (the list was filled outside-in).
        moves[..n].sort_by_key(|&(_, s)| s);
        for &(cell, _) in moves[..n].iter().rev() {
            let mut child = board;
            child.play(cell);
            let score = -self.negamax(child, -beta, -alpha);
            if self.aborted {
                return 0;
            }
            if score >= beta {
                self.store(key, score + MAX_SCORE - 2 * MIN_SCORE + 2);
                return score;
            }
            if score > alpha {
                alpha = score;
            }
        }
        self.store(key, alpha - MIN_SCORE + 1);
        alpha
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
