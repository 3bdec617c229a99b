//! One column that keeps the game-theoretic value, proven by one thread or several sharing
//! the solver's table.
//!
//! The proof is a list of tasks, each a null-window search of one root column: first "does
//! this column win?" for every column in search order, then "does this column at least
//! draw?" for every column. The answer is the first task, in list order, that succeeds (a
//! column proven to win, or, when no column wins, one proven to draw); when none does, the
//! mover loses whatever it plays. One thread takes the tasks in order and stops at the first
//! success, as a plain sequential search would. Several threads take the next task not yet
//! taken in the first phase, so two columns are searched at once; a success cancels the
//! tasks after it, while the tasks before it run on, so that the answer is still the first
//! success in list order. In the second phase (a position that no column wins) the threads
//! work on one task at a time, a helper trying the opponent's replies in reverse order: the
//! drawing column's proof must refute every reply, and the two threads meet in the middle,
//! where taking the next column instead was mostly wasted (the first drawing column ends
//! the proof; the node counts that decided it are in bench/log/performance-history.md,
//! "Connect Four: keeping the game-theoretic value").
//!
//! With several threads the answer is reproducible whenever the proof finishes within its
//! budget. Only when the budget runs out part-way can the outcome depend on the threads'
//! timing: a column proven to win by one thread is then played even if an earlier column,
//! left unfinished, might have won too (both keep the value), and whether the proof comes
//! at all within a budget close to its cost varies, since each thread's node count depends
//! on what the other has written to the table.

use super::search::Board;
use super::table::Table;
use super::{Solver, column_of, first_in_order};
use crate::bitboard::CELLS;
use crate::{Column, ConnectFour, Status};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU8, AtomicU64, AtomicUsize, Ordering::Relaxed};

/// How often (in nodes) a worker adds its nodes to the shared count and looks whether it
/// should stop.
pub(super) const POLL: u64 = 1024;

/// A task's outcome.
const PENDING: u8 = 0;
const FAILED: u8 = 1;
const PROVEN: u8 = 2;

/// What the workers of one proof share besides the table.
pub(super) struct Control {
    max_nodes: u64,
    nodes: AtomicU64,
    /// The lowest task proven so far (`usize::MAX`: none).
    best: AtomicUsize,
    /// The node budget is spent.
    spent: AtomicBool,
    /// Each task's outcome.
    outcomes: Vec<AtomicU8>,
}

impl Control {
    /// Adds `nodes` to the shared count; whether a worker on `task` should stop.
    pub(super) fn report(&self, nodes: u64, task: usize) -> bool {
        if self.nodes.fetch_add(nodes, Relaxed) + nodes > self.max_nodes {
            self.spent.store(true, Relaxed);
        }
        self.spent.load(Relaxed)
            || self.best.load(Relaxed) < task
            || self
                .outcomes
                .get(task)
                .is_some_and(|o| o.load(Relaxed) != PENDING)
    }
}

/// A proof of one value-keeping column of a position (see [`Solver::keeping_column`]) that
/// any number of threads may work on at once, sharing the solver's table: each calls
/// [`KeepingSearch::work`], and once every call has returned, [`KeepingSearch::result`]
/// gives the answer. See the module docs of `keeping` for what stays reproducible.
pub struct KeepingSearch {
    table: Arc<Table>,
    board: Board,
    /// The answer when no search is needed (a win at once, or every column loses at once).
    settled: Option<(Column, i32)>,
    /// The moves that do not lose at once.
    next: u64,
    /// (cell, alpha): first every column with alpha 0, then every column with alpha -1.
    tasks: Vec<(u64, i32)>,
    taken: AtomicUsize,
    control: Arc<Control>,
}

impl KeepingSearch {
    fn new(solver: &Solver, game: &ConnectFour, max_nodes: u64) -> KeepingSearch {
        let board = Board::of(game);
        let mut search = KeepingSearch {
            table: solver.table.clone(),
            board,
            settled: None,
            next: 0,
            tasks: Vec::new(),
            taken: AtomicUsize::new(0),
            control: Arc::new(Control {
                max_nodes,
                nodes: AtomicU64::new(0),
                best: AtomicUsize::new(usize::MAX),
                spent: AtomicBool::new(false),
                outcomes: Vec::new(),
            }),
        };
        let wins = board.winning_cells() & board.possible();
        if wins != 0 {
            search.settled = Some((column_of(first_in_order(wins)), 1));
            return search;
        }
        search.next = board.non_losing_moves();
        if search.next == 0 {
            // Every column loses; one that blocks a threat, if any, at least delays the end.
            let forced = board.possible() & board.opponent_winning_cells();
            let any = if forced != 0 {
                forced
            } else {
                board.possible()
            };
            search.settled = Some((column_of(first_in_order(any)), -1));
            return search;
        }
        let (moves, n) = board.ordered(search.next);
        for alpha in [0, -1] {
            search
                .tasks
                .extend(moves[..n].iter().map(|&cell| (cell, alpha)));
        }
        let outcomes = search
            .tasks
            .iter()
            .map(|_| AtomicU8::new(PENDING))
            .collect();
        Arc::get_mut(&mut search.control)
            .expect("not shared yet")
            .outcomes = outcomes;
        search
    }

    /// Ends the proof early (a host's time cap): every worker stops at its next poll, and
    /// the result is what was proven by then, as when the budget runs out.
    pub fn stop(&self) {
        self.control.spent.store(true, Relaxed);
    }

    /// Works on the proof until it is settled, its tasks are all taken, or the budget is
    /// spent. Any number of threads may call it at once, each searching one task at a time.
    pub fn work(&self) {
        if self.settled.is_some() {
            return;
        }
        let mut worker = Solver {
            table: self.table.clone(),
            root_stones: self.board.moves as u32,
            nodes: 0,
            aborted: false,
            control: Some(self.control.clone()),
            task: 0,
            next_poll: POLL,
            reported: 0,
            flip_at: -1,
        };
        let columns = self.tasks.len() / 2;
        while !self.control.spent.load(Relaxed) {
            let best = self.control.best.load(Relaxed);
            let taken = self.taken.load(Relaxed).min(self.tasks.len());
            // Second-phase tasks are searched one at a time by every worker (see the module
            // docs); first-phase tasks one per worker.
            let running = (columns..taken)
                .find(|&p| p < best && self.control.outcomes[p].load(Relaxed) == PENDING);
            let (i, helping) = match running {
                Some(p) => (p, true),
                None => {
                    let i = self.taken.fetch_add(1, Relaxed);
                    if i >= self.tasks.len() || best < i {
                        break;
                    }
                    (i, false)
                }
            };
            let (cell, alpha) = self.tasks[i];
            worker.task = i;
            worker.aborted = false;
            let mut child = self.board;
            child.play(cell);
            // A helper tries the replies in the opposite order: where every reply must be
            // refuted, the two workers then meet in the middle.
            worker.flip_at = if helping { child.moves } else { -1 };
            let score = if child.moves == CELLS as i32 {
                0
            } else {
                -worker.negamax(child, -alpha - 1, -alpha)
            };
            if worker.aborted {
                continue;
            }
            let outcome = if score > alpha { PROVEN } else { FAILED };
            // Both workers on a task store the same (exact) outcome.
            self.control.outcomes[i].store(outcome, Relaxed);
            if outcome == PROVEN {
                self.control.best.fetch_min(i, Relaxed);
            }
        }
        self.control
            .report(worker.nodes - worker.reported, usize::MAX);
    }

    /// The column proven to keep the value and that value (1, 0 or -1), or `None` if the
    /// proof did not come within the budget. Meant for when every [`KeepingSearch::work`]
    /// has returned.
    pub fn result(&self) -> Option<(Column, i32)> {
        if self.settled.is_some() {
            return self.settled;
        }
        let columns = self.tasks.len() / 2;
        let failed = |n: usize| {
            self.control.outcomes[..n]
                .iter()
                .all(|o| o.load(Relaxed) == FAILED)
        };
        let best = self.control.best.load(Relaxed);
        if best < columns {
            Some((column_of(self.tasks[best].0), 1))
        } else if best < self.tasks.len() {
            // A drawing column keeps the value only if no column wins.
            failed(columns).then(|| (column_of(self.tasks[best].0), 0))
        } else {
            failed(self.tasks.len()).then(|| (column_of(first_in_order(self.next)), -1))
        }
    }

    /// Nodes searched so far by every worker.
    pub fn nodes(&self) -> u64 {
        self.control.nodes.load(Relaxed)
    }
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
        self.keeping_column_threads(game, max_nodes, 1)
    }

    /// Like [`Solver::keeping_column`], with `threads` threads (at least one) sharing the
    /// table and `max_nodes` between them (see [`KeepingSearch`]).
    pub fn keeping_column_threads(
        &mut self,
        game: &ConnectFour,
        max_nodes: u64,
        threads: usize,
    ) -> Option<(Column, i32)> {
        let search = self.keeping_search(game, max_nodes)?;
        std::thread::scope(|scope| {
            for _ in 1..threads {
                scope.spawn(|| search.work());
            }
            search.work();
        });
        self.nodes = search.nodes();
        search.result()
    }

    /// A proof of one value-keeping column of `game` within `max_nodes` nodes in all, for
    /// threads to work on together; `None` if the game is over.
    pub fn keeping_search(&self, game: &ConnectFour, max_nodes: u64) -> Option<KeepingSearch> {
        (game.status() == Status::Playing).then(|| KeepingSearch::new(self, game, max_nodes))
    }
}
