//! The root of an alpha-beta search: iterative deepening over the root's moves, on one thread
//! or on several sharing one transposition table (lazy SMP).
//!
//! With several threads, the main thread deepens as one thread does, within the search's
//! deadline and node limit. Each helper thread deepens the same root at the same time with
//! its own killers and history (a copy of the bot's), the odd ones one ply ahead. The threads
//! help each other through the shared table (scores that cut a search short, best moves that
//! order it). Where the game's bots split the work (`AlphaBetaConfig::split`), a thread also
//! leaves for later the moves another thread is in (see `search::DEFER_DEPTH`). The search
//! ends when the main thread stops or any thread completes its last iteration (the depth
//! limit, or a proven result). It answers with the main thread's move, or with a helper's
//! deepest completed iteration where that ranks higher: a proven win, or a deeper iteration
//! than the one the main thread's move comes from (see [`answer`]). An exact search (every
//! root move's value, for analysis) ends with the main thread and answers with its
//! iteration. The threads' timing decides which entries each meets, so a search on several
//! threads is not reproducible; one thread is.

use super::search::{Knobs, Searcher, WIN, WIN_BOUND};
use super::tt::Table;
use crate::AiError;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use tabula_core::{Game, Heuristic, Seat, Zobrist};

/// What the deepening found: the best move with its score and the depth it comes from (an
/// iteration that may have been interrupted after that move), and the deepest completed
/// iteration's root moves with their scores (in search order).
pub(super) struct Deepened<A> {
    pub best: (A, i32, u32),
    pub root_scores: Vec<(A, i32)>,
    /// The deepest iteration completed (0 if none was).
    pub completed: u32,
    /// The best move and score of the deepest completed iteration (`None` if none was).
    pub whole: Option<(A, i32)>,
}

impl<A: Copy> Deepened<A> {
    /// How good an answer `best` is, to choose between threads: a proven win first, then the
    /// deeper iteration, then a completed iteration before an interrupted one.
    fn rank(&self) -> (bool, u32, bool) {
        let (_, score, depth) = self.best;
        (score > WIN_BOUND, depth, depth <= self.completed)
    }

    /// The answer of this deepening's deepest completed iteration, if it has one.
    fn completed_only(self) -> Option<Self> {
        let (best, score) = self.whole?;
        Some(Deepened {
            best: (best, score, self.completed),
            ..self
        })
    }
}

/// Deepens from `first_depth` to `max_depth` plies (or until the searcher stops or a win or
/// loss is proven). The first iteration always completes (the searcher's limits are armed
/// from the second). With `exact`, every root move is searched with a full window.
pub(super) fn deepen<G>(
    s: &mut Searcher<'_, G>,
    game: &G,
    seat: Seat,
    first_depth: u32,
    max_depth: u32,
    exact: bool,
) -> Result<Deepened<G::Action>, AiError>
where
    G: Game + Zobrist + Heuristic,
{
    let mut root = s.ordered_moves(game, seat, 0, None);
    if root.is_empty() {
        return Err(AiError::NoLegalAction(seat));
    }
    let mut best = (root[0].1, 0, 0u32);
    let mut root_scores = Vec::new();
    let mut completed = 0;
    let mut whole = None;
    for depth in first_depth.max(1) as i32..=max_depth as i32 {
        s.limits_armed = depth > 1;
        let (mut alpha, beta) = (-WIN - 1, WIN + 1);
        let mut iteration_best = None;
        let mut scores = Vec::with_capacity(root.len());
        for (i, &(_, a)) in root.iter().enumerate() {
            let mut child = game.clone();
            child.apply(a);
            let score = if i == 0 || exact {
                s.child_score(&child, seat, depth, -WIN - 1, beta, 0)
            } else {
                let v = s.child_score(&child, seat, depth, alpha, alpha + 1, 0);
                if v > alpha && !s.stop {
                    s.child_score(&child, seat, depth, alpha, beta, 0)
                } else {
                    v
                }
            };
            if s.stop {
                break;
            }
            scores.push((a, score));
            if iteration_best.is_none() || score > alpha {
                alpha = alpha.max(score);
                iteration_best = Some((a, score));
            }
        }
        // With `exact`, best move, scores and depth all come from the last completed
        // iteration, so that the best move heads the list of scores.
        if !s.stop {
            root_scores = scores;
            completed = depth as u32;
            whole = iteration_best;
        }
        if let Some((a, score)) = iteration_best.filter(|_| !(exact && s.stop)) {
            best = (a, score, depth as u32);
            // The best move first in the next iteration.
            if let Some(pos) = root.iter().position(|&(_, m)| m == a) {
                let m = root.remove(pos);
                root.insert(0, m);
            }
        }
        if s.stop || best.1.abs() > WIN_BOUND {
            break;
        }
    }
    Ok(Deepened {
        best,
        root_scores,
        completed,
        whole,
    })
}

/// The answer of a search on several threads, not an exact one: the main thread's, unless a
/// helper completed an iteration that ranks higher ([`Deepened::rank`]): one that proves a
/// win, one deeper than the iteration the main thread's move comes from, or one as deep when
/// the main thread did not complete that iteration. A helper stopped with the search still
/// offers its deepest completed iteration. On a tie, the main thread's, then the first
/// helper's.
fn answer<A: Copy>(
    main: Deepened<A>,
    helpers: impl IntoIterator<Item = Deepened<A>>,
) -> Deepened<A> {
    helpers
        .into_iter()
        .filter_map(Deepened::completed_only)
        .fold(main, |chosen, helper| {
            if helper.rank() > chosen.rank() {
                helper
            } else {
                chosen
            }
        })
}

/// What the threads of one search share besides the table: the flag that stops them all,
/// and, when they split the work, the positions they are searching now, by key (a fixed
/// array of slots, each holding one key or none; a key whose slot is taken is not recorded,
/// and is searched at once).
pub(crate) struct Shared {
    halt: AtomicBool,
    slots: Vec<AtomicU64>,
}

impl Shared {
    const BITS: u32 = 14;

    /// What the threads share; `split`: whether they record the positions they search.
    fn new(split: bool) -> Self {
        let slots = if split { 1 << Self::BITS } else { 0 };
        Shared {
            halt: AtomicBool::new(false),
            slots: (0..slots).map(|_| AtomicU64::new(0)).collect(),
        }
    }

    /// Whether every thread is to stop.
    pub fn halted(&self) -> bool {
        self.halt.load(Ordering::Relaxed)
    }

    /// Whether the threads split the work ([`Shared::claim`] may be called).
    pub fn splits(&self) -> bool {
        !self.slots.is_empty()
    }

    fn slot(&self, key: u64) -> &AtomicU64 {
        &self.slots[(key >> (64 - Self::BITS)) as usize]
    }

    /// Records that this thread searches `key` now: false if another thread does.
    pub fn claim(&self, key: u64) -> bool {
        let slot = self.slot(key);
        match slot.compare_exchange(0, key, Ordering::Relaxed, Ordering::Relaxed) {
            Ok(_) => true,
            Err(held) => held != key,
        }
    }

    /// Ends this thread's search of `key` (claimed before).
    pub fn release(&self, key: u64) {
        let _ = self
            .slot(key)
            .compare_exchange(key, 0, Ordering::Relaxed, Ordering::Relaxed);
    }
}

/// Stops every thread when dropped: helpers stop even if the main thread's search panics.
struct HaltOnDrop<'a>(&'a Shared);

impl Drop for HaltOnDrop<'_> {
    fn drop(&mut self) {
        self.0.halt.store(true, Ordering::Relaxed);
    }
}

/// The search on `threads` threads (at least 2) sharing `tt`: the deepening chosen (see the
/// module documentation; with `exact`, the main thread's, whose every root move has its
/// value) and the nodes all threads visited.
#[allow(clippy::too_many_arguments)]
pub(super) fn deepen_shared<G>(
    tt: &Table,
    history: &mut Vec<i32>,
    knobs: Knobs<'_>,
    threads: usize,
    game: &G,
    seat: Seat,
    max_depth: u32,
    exact: bool,
) -> Result<(Deepened<G::Action>, u64), AiError>
where
    G: Game + Zobrist + Heuristic,
{
    let shared = &Shared::new(knobs.split);
    std::thread::scope(|scope| {
        let helpers: Vec<_> = (1..threads)
            .map(|i| {
                let mut own_history = history.clone();
                scope.spawn(move || {
                    // A helper that completes ends the search, but not an exact one: its
                    // answer would not be taken, and the main thread's would be cut short.
                    let _halt = (!exact).then(|| HaltOnDrop(shared));
                    let mut s = Searcher::new(tt, &mut own_history, knobs, false, Some(shared));
                    let first = 1 + (i % 2) as u32;
                    let found = deepen(&mut s, game, seat, first, max_depth, false);
                    (found.ok(), s.nodes)
                })
            })
            .collect();
        let (found, mut nodes) = {
            let _halt = HaltOnDrop(shared);
            let mut s = Searcher::new(tt, history, knobs, true, Some(shared));
            let found = deepen(&mut s, game, seat, 1, max_depth, exact);
            (found, s.nodes)
        };
        let mut offered = Vec::with_capacity(helpers.len());
        for helper in helpers {
            let (done, helper_nodes) = helper
                .join()
                .expect("a helper thread of the search panicked");
            nodes += helper_nodes;
            offered.extend(done.filter(|_| !exact));
        }
        Ok((answer(found?, offered), nodes))
    })
}

#[cfg(test)]
mod tests {
    use super::{Deepened, Shared, answer};
    use crate::alphabeta::search::WIN;

    /// A deepening whose answer is `best` (move, score, depth) and whose deepest completed
    /// iteration is `completed`, its best move and score `whole`.
    fn deepened(best: (u8, i32, u32), completed: u32, whole: Option<(u8, i32)>) -> Deepened<u8> {
        Deepened {
            best,
            root_scores: Vec::new(),
            completed,
            whole,
        }
    }

    /// The best move a search on several threads answers with.
    fn chosen(main: Deepened<u8>, helpers: Vec<Deepened<u8>>) -> (u8, i32, u32) {
        answer(main, helpers).best
    }

    #[test]
    fn a_helpers_completed_iteration_answers_when_it_ranks_above_the_main_threads_move() {
        // The main thread was stopped in iteration 8 with move 1; a helper completed 8.
        let main = || deepened((1, 5, 8), 7, Some((2, 4)));
        assert_eq!(
            chosen(main(), vec![deepened((3, 6, 9), 8, Some((4, 7)))]),
            (4, 7, 8),
            "a whole iteration as deep as the main thread's interrupted one"
        );
        assert_eq!(
            chosen(main(), vec![deepened((3, 6, 8), 7, Some((4, 7)))]),
            (1, 5, 8),
            "a shallower whole iteration"
        );
        assert_eq!(
            chosen(main(), vec![deepened((3, 6, 1), 0, None)]),
            (1, 5, 8),
            "a helper that completed nothing"
        );
        // The main thread completed iteration 8: a helper's iteration 8 ties, and the tie
        // goes to the main thread; the deepest of several helpers goes before it.
        let whole_main = || deepened((1, 5, 8), 8, Some((1, 5)));
        assert_eq!(
            chosen(whole_main(), vec![deepened((4, 7, 8), 8, Some((4, 7)))]),
            (1, 5, 8)
        );
        assert_eq!(
            chosen(
                whole_main(),
                vec![
                    deepened((4, 7, 9), 9, Some((4, 7))),
                    deepened((5, 3, 10), 10, Some((5, 3))),
                    deepened((6, 2, 10), 10, Some((6, 2))),
                ]
            ),
            (5, 3, 10)
        );
        // A proven win goes before a deeper iteration that proves nothing, as long as the
        // iteration that proves it was completed.
        let win = WIN - 7;
        assert_eq!(
            chosen(whole_main(), vec![deepened((6, win, 6), 6, Some((6, win)))]),
            (6, win, 6)
        );
        assert_eq!(
            chosen(whole_main(), vec![deepened((6, win, 9), 8, Some((7, 3)))]),
            (1, 5, 8),
            "a win found in an iteration the helper did not complete"
        );
    }

    /// A position claimed by one thread is refused to the next until released; a key whose
    /// slot holds another is searched at once (claimed, not recorded).
    #[test]
    fn a_position_being_searched_is_refused_until_released() {
        let searching = Shared::new(true);
        let key = 0xdead_beef_0000_0001;
        assert!(searching.claim(key));
        assert!(!searching.claim(key), "claimed twice");
        let same_slot = key ^ 1;
        assert!(searching.claim(same_slot), "another key in a taken slot");
        searching.release(same_slot);
        assert!(
            !searching.claim(key),
            "releasing another key keeps the claim"
        );
        searching.release(key);
        assert!(searching.claim(key), "free again once released");
    }
}
