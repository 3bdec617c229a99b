//! Negamax with alpha-beta pruning, principal-variation search, a transposition table and
//! move ordering (transposition-table move, two killers per ply, history scores).
//!
//! Scores are integers from the point of view of the seat to move: a win is
//! `WIN - plies to it` (so faster wins score higher), a loss its negation, a draw 0, and a
//! heuristic leaf `evaluate(seat) · 100000` plus the optional noise. The same seat may move
//! twice in a row (placement phases): the score is then passed up without negation.

use super::root::Shared;
use super::tt::{Bound, FINGERPRINT_BITS, FINGERPRINTS, Table};
use crate::stop::{Stop, stopped};
use std::hash::{Hash, Hasher};
use std::time::Instant;
use tabula_core::{Actor, Game, Heuristic, Outcome, Seat, ToAct, Zobrist};

pub(crate) const WIN: i32 = 1_000_000;
/// Scores beyond this are proven wins (or losses, negated).
pub(crate) const WIN_BOUND: i32 = WIN - 100_000;
const INF: i32 = WIN + 1;
pub(crate) const EVAL_SCALE: f64 = 100_000.0;
const HISTORY_SLOTS: usize = 4096;
const FX: u64 = 0x517c_c1b7_2722_0a95;

/// The search state of one decision on one thread (the table and history live on in the
/// bot; its threads share the table).
pub(crate) struct Searcher<'a, G: Game> {
    pub tt: &'a Table,
    /// `history[seat * HISTORY_SLOTS + slot(action)]`.
    pub history: &'a mut Vec<i32>,
    pub killers: Vec<[Option<G::Action>; 2]>,
    pub buffers: Vec<Vec<(i32, G::Action)>>,
    pub actions: Vec<G::Action>,
    pub nodes: u64,
    pub stop: bool,
    /// Limits are not checked while this is false (the first iteration always completes).
    pub limits_armed: bool,
    knobs: Knobs<'a>,
    /// The main thread's searcher: the knobs' deadline and node limit apply to it alone.
    main: bool,
    /// With several threads, what they share: the flag that stops them all (a helper's only
    /// limit), and the positions they are searching now (see [`DEFER_DEPTH`]).
    shared: Option<&'a Shared>,
}

/// The least remaining depth at which a thread leaves for later a move that another thread
/// is searching (not the node's first move), when the threads split the work
/// ([`super::AlphaBetaConfig::split`]); shallower, the bookkeeping would cost more than the
/// work it spares.
const DEFER_DEPTH: i32 = 3;

/// A search's settings that every thread of it shares.
#[derive(Clone, Copy)]
pub(crate) struct Knobs<'a> {
    pub deadline: Option<Instant>,
    pub node_limit: Option<u64>,
    pub noise: f64,
    pub reductions: bool,
    pub noise_seed: u64,
    /// Positions where the searching seat has already had to decide in this game (see
    /// [`REPETITION`]).
    pub visited: &'a std::collections::HashSet<u64>,
    pub root_seat: Seat,
    /// Whether the threads split the work (see [`DEFER_DEPTH`]).
    pub split: bool,
    /// Ends the search on every thread when set, as the deadline would.
    pub stop: Option<&'a Stop>,
}

impl<'a, G: Game> Searcher<'a, G> {
    /// A searcher on table `tt` with history `history`: the `main` thread's or a helper's,
    /// with what the threads share (`None` on one thread).
    pub fn new(
        tt: &'a Table,
        history: &'a mut Vec<i32>,
        knobs: Knobs<'a>,
        main: bool,
        shared: Option<&'a Shared>,
    ) -> Self {
        Searcher {
            tt,
            history,
            killers: Vec::new(),
            buffers: Vec::new(),
            actions: Vec::new(),
            nodes: 0,
            stop: false,
            limits_armed: false,
            knobs,
            main,
            shared,
        }
    }
}

/// The score, for the searching seat, of a line that brings back a position where it already
/// had to decide. None of Tabula's games ends by repetition, so such a line makes no progress
/// and a game could go round for ever (Toumaï: one player shuffling while the other can only
/// pass); scoring it a little below a draw makes the bot prefer progress.
pub(crate) const REPETITION: i32 = -(EVAL_SCALE as i32) / 4;

pub(crate) fn new_history() -> Vec<i32> {
    vec![0; 2 * HISTORY_SLOTS]
}

/// A cheap hash of an action (FxHash): its slot in the history table and its fingerprint in
/// the transposition table come from it.
fn action_hash<A: Hash>(a: &A) -> u64 {
    struct Fx(u64);
    impl Hasher for Fx {
        fn finish(&self) -> u64 {
            self.0
        }
        fn write(&mut self, bytes: &[u8]) {
            for &b in bytes {
                self.0 = (self.0.rotate_left(5) ^ b as u64).wrapping_mul(FX);
            }
        }
        fn write_u8(&mut self, i: u8) {
            self.0 = (self.0.rotate_left(5) ^ i as u64).wrapping_mul(FX);
        }
        fn write_u32(&mut self, i: u32) {
            self.0 = (self.0.rotate_left(5) ^ i as u64).wrapping_mul(FX);
        }
        fn write_u64(&mut self, i: u64) {
            self.0 = (self.0.rotate_left(5) ^ i).wrapping_mul(FX);
        }
    }
    let mut h = Fx(0);
    a.hash(&mut h);
    h.0
}

/// The history slot of an action of hash `h`.
#[inline]
fn slot(h: u64) -> usize {
    (h >> 40) as usize % HISTORY_SLOTS
}

/// What the transposition table stores of an action of hash `h`: its mixed hash reduced to
/// `0..FINGERPRINTS`. Unlike the action's place among the legal actions, it does not depend
/// on the order in which a position reached by another path lists them.
#[inline]
fn fingerprint_of(h: u64) -> u32 {
    (mix(h) >> (64 - FINGERPRINT_BITS)) as u32 % FINGERPRINTS
}

/// [`fingerprint_of`] an action.
pub(crate) fn fingerprint<A: Hash>(a: &A) -> u32 {
    fingerprint_of(action_hash(a))
}

#[inline]
fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// Win scores are stored relative to the node that stores them.
fn to_tt(score: i32, ply: u32) -> i32 {
    if score > WIN_BOUND {
        score + ply as i32
    } else if score < -WIN_BOUND {
        score - ply as i32
    } else {
        score
    }
}

fn from_tt(score: i32, ply: u32) -> i32 {
    if score > WIN_BOUND {
        score - ply as i32
    } else if score < -WIN_BOUND {
        score + ply as i32
    } else {
        score
    }
}

/// The score of a finished game for `seat`, `ply` plies from the root.
pub(crate) fn terminal_score(outcome: &Outcome, seat: Seat, ply: u32) -> i32 {
    let r = outcome.reward(seat);
    if r > 0.5 + 1e-9 {
        WIN - ply as i32
    } else if r < 0.5 - 1e-9 {
        -(WIN - ply as i32)
    } else {
        0
    }
}

impl<G: Game + Zobrist + Heuristic> Searcher<'_, G> {
    /// The static value of `game` for `seat`: the heuristic plus the seeded noise (equal and
    /// opposite for the two seats, and the same for the same position).
    pub fn evaluate(&self, game: &G, seat: Seat) -> i32 {
        let mut v = game.evaluate(seat).clamp(-1.0, 1.0);
        let noise = self.knobs.noise;
        if noise > 0.0 {
            let h = mix(game.zobrist() ^ self.knobs.noise_seed);
            let u = (h >> 11) as f64 / (1u64 << 53) as f64 * 2.0 - 1.0;
            let sign = if seat.index() == 0 { 1.0 } else { -1.0 };
            v += sign * u * noise;
        }
        let bound = (WIN_BOUND - 1) as f64;
        (v * EVAL_SCALE).clamp(-bound, bound) as i32
    }

    fn check_limits(&mut self) {
        if !self.limits_armed {
            return;
        }
        let knobs = &self.knobs;
        let limit = self.main
            && (knobs.node_limit.is_some_and(|n| self.nodes >= n)
                || knobs.deadline.is_some_and(|d| Instant::now() >= d));
        if limit || stopped(knobs.stop) || self.shared.is_some_and(Shared::halted) {
            self.stop = true;
        }
    }

    /// The score of `child` (reached by a move of `me`) for `me`, searched `depth - 1` deep.
    // Always inlined: outside `negamax`, its calls cost 5 % of a one-thread search in
    // Connect Four (callgrind).
    #[inline(always)]
    pub fn child_score(
        &mut self,
        child: &G,
        me: Seat,
        depth: i32,
        alpha: i32,
        beta: i32,
        ply: u32,
    ) -> i32 {
        match child.to_act() {
            ToAct::Over(outcome) => terminal_score(&outcome, me, ply + 1),
            ToAct::One(s) if s == me => self.negamax(child, depth - 1, alpha, beta, ply + 1),
            ToAct::One(_) => -self.negamax(child, depth - 1, -beta, -alpha, ply + 1),
            // Not a two-player alternating state: score it statically.
            ToAct::Chance | ToAct::Several(_) => self.evaluate(child, me),
        }
    }

    /// Orders `game`'s actions for `seat` into the buffer of `ply`: the table's move (by its
    /// [`fingerprint`]), the killers, then by history score.
    pub fn ordered_moves(
        &mut self,
        game: &G,
        seat: Seat,
        ply: u32,
        tt_move: Option<u32>,
    ) -> Vec<(i32, G::Action)> {
        let ply = ply as usize;
        while self.buffers.len() <= ply {
            self.buffers.push(Vec::with_capacity(64));
        }
        while self.killers.len() <= ply {
            self.killers.push([None, None]);
        }
        let mut moves = std::mem::take(&mut self.buffers[ply]);
        moves.clear();
        game.legal_actions_for(Actor::Seat(seat), &mut self.actions);
        let killers = self.killers[ply];
        let base = (seat.index() & 1) * HISTORY_SLOTS;
        for &a in &self.actions {
            let h = action_hash(&a);
            let key = if tt_move.is_some_and(|f| f == fingerprint_of(h)) {
                i32::MAX
            } else if Some(a) == killers[0] {
                i32::MAX - 1
            } else if Some(a) == killers[1] {
                i32::MAX - 2
            } else {
                self.history[base + slot(h)].min(i32::MAX - 3)
            };
            moves.push((key, a));
        }
        // Unstable sorting allocates nothing and is still deterministic.
        moves.sort_unstable_by_key(|m| std::cmp::Reverse(m.0));
        moves
    }

    /// How many plies shallower the `index`-th move (ordering key `key`) is first searched:
    /// none for the first three moves, the table's move and the killers, or at depths below
    /// 3; one ply for the others, two from the eighth move on at depth 6 or more.
    #[inline]
    fn reduction(&self, depth: i32, index: usize, key: i32) -> i32 {
        if !self.knobs.reductions || depth < 3 || index < 3 || key >= i32::MAX - 2 {
            0
        } else if index >= 8 && depth >= 6 {
            2
        } else {
            1
        }
    }

    fn reward_cutoff(&mut self, seat: Seat, a: G::Action, depth: i32, ply: u32) {
        let base = (seat.index() & 1) * HISTORY_SLOTS;
        let h = &mut self.history[base + slot(action_hash(&a))];
        *h = h.saturating_add(depth * depth);
        let k = &mut self.killers[ply as usize];
        if k[0] != Some(a) {
            k[1] = k[0];
            k[0] = Some(a);
        }
    }

    /// The score for `seat` of `child`, reached by the `index`-th of its moves (ordering key
    /// `key`): the first move with the window (alpha, beta); the others with a null window,
    /// first reduced (see [`Searcher::reduction`]), again at full depth when they may beat
    /// `alpha`, and with the whole window when they do.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn move_score(
        &mut self,
        child: &G,
        seat: Seat,
        depth: i32,
        alpha: i32,
        beta: i32,
        ply: u32,
        index: usize,
        key: i32,
    ) -> i32 {
        if index == 0 {
            return self.child_score(child, seat, depth, alpha, beta, ply);
        }
        let r = self.reduction(depth, index, key);
        let mut s = self.child_score(child, seat, depth - r, alpha, alpha + 1, ply);
        if r > 0 && s > alpha && !self.stop {
            // The reduced search says this move may be better: look at full depth.
            s = self.child_score(child, seat, depth, alpha, alpha + 1, ply);
        }
        if s > alpha && s < beta && !self.stop {
            self.child_score(child, seat, depth, alpha, beta, ply)
        } else {
            s
        }
    }

    /// The score of `game` for its seat to move, `depth` plies deep, within (alpha, beta).
    pub fn negamax(&mut self, game: &G, depth: i32, mut alpha: i32, beta: i32, ply: u32) -> i32 {
        self.nodes += 1;
        if self.nodes & 1023 == 0 {
            self.check_limits();
        }
        if self.stop {
            return 0;
        }
        let seat = match game.to_act() {
            ToAct::One(s) => s,
            // Callers score finished games themselves (they know whose view to take).
            ToAct::Over(_) => return 0,
            ToAct::Chance | ToAct::Several(_) => return 0,
        };
        if seat == self.knobs.root_seat && self.knobs.visited.contains(&game.zobrist()) {
            return REPETITION;
        }
        // The table's key covers the position history too (a game's draw by repetition), so
        // no stored score is reused under another history.
        let key = game.search_key();
        if depth <= 0 {
            return self.evaluate(game, seat);
        }
        let mut tt_move = None;
        if let Some(e) = self.tt.probe(key) {
            tt_move = e.best;
            if e.depth as i32 >= depth && self.tt.is_current(&e) {
                let s = from_tt(e.score, ply);
                match e.bound {
                    Bound::Exact => return s,
                    Bound::Lower if s >= beta => return s,
                    Bound::Upper if s <= alpha => return s,
                    _ => {}
                }
            }
        }
        let alpha_orig = alpha;
        let moves = self.ordered_moves(game, seat, ply, tt_move);
        if moves.is_empty() {
            self.buffers[ply as usize] = moves;
            return self.evaluate(game, seat);
        }
        let mut best = -INF;
        let mut best_move = None;
        // Moves another thread is searching now, left for a second pass (bit i: move i).
        let shared = self.shared.filter(|s| s.splits() && depth >= DEFER_DEPTH);
        let mut deferred = 0u64;
        'passes: for pass in 0..2 {
            for (i, &(key, a)) in moves.iter().enumerate() {
                if pass == 1 && (i >= 64 || deferred & (1 << i) == 0) {
                    continue;
                }
                let mut child = game.clone();
                child.apply(a);
                let mut claimed = None;
                if let Some(shared) = shared.filter(|_| pass == 0 && i > 0 && i < 64) {
                    let child_key = child.search_key();
                    if !shared.claim(child_key) {
                        deferred |= 1 << i;
                        continue;
                    }
                    claimed = Some((shared, child_key));
                }
                let score = self.move_score(&child, seat, depth, alpha, beta, ply, i, key);
                if let Some((shared, child_key)) = claimed {
                    shared.release(child_key);
                }
                if self.stop {
                    break 'passes;
                }
                if score > best {
                    best = score;
                    best_move = Some(a);
                    if score > alpha {
                        alpha = score;
                        if alpha >= beta {
                            self.reward_cutoff(seat, a, depth, ply);
                            break 'passes;
                        }
                    }
                }
            }
            if deferred == 0 {
                break;
            }
        }
        self.buffers[ply as usize] = moves;
        if self.stop {
            return 0;
        }
        let bound = if best <= alpha_orig {
            Bound::Upper
        } else if best >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        self.tt.store(
            key,
            best_move.map(|a| fingerprint(&a)),
            to_tt(best, ply),
            depth,
            bound,
        );
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;
    use tabula_connect_four::{ConnectFour, Params};

    /// The table knows its best move by a fingerprint, not by its place among the legal
    /// actions: whichever legal action the fingerprint names is ordered first, and a
    /// position's actions have fingerprints of their own.
    #[test]
    fn the_action_a_fingerprint_names_is_ordered_first() {
        let game = ConnectFour::new(&Params::default()).unwrap();
        let table = Table::new(4);
        let mut history = new_history();
        let visited = HashSet::new();
        let knobs = Knobs {
            deadline: None,
            node_limit: None,
            noise: 0.0,
            reductions: false,
            noise_seed: 0,
            visited: &visited,
            root_seat: Seat(0),
            split: false,
            stop: None,
        };
        let mut s = Searcher::new(&table, &mut history, knobs, true, None);
        let mut legal = Vec::new();
        game.legal_actions_for(Actor::Seat(Seat(0)), &mut legal);
        let fingerprints: HashSet<u32> = legal.iter().map(fingerprint).collect();
        assert_eq!(fingerprints.len(), legal.len());
        assert!(fingerprints.iter().all(|&f| f < FINGERPRINTS));
        for &a in &legal {
            let moves = s.ordered_moves(&game, Seat(0), 0, Some(fingerprint(&a)));
            assert_eq!(moves[0].1, a);
            assert_eq!(moves.len(), legal.len());
        }
    }
}
