//! The shared tree's statistics as one thread sees them: the shared atomics plus what the
//! thread keeps to itself until it flushes (the root's, and the top of the tree's), since
//! writing the nodes every iteration passes through made their cache lines bounce between
//! the cores.

use super::{SCALE, SharedTree};
use std::sync::atomic::AtomicU64;
use std::sync::atomic::Ordering::Relaxed;
use tabula_core::MAX_SEATS;

/// The seats whose sums of returns are kept in the node itself.
pub(super) const INLINE_SEATS: usize = 2;

/// What one thread's iterations added to the root: kept by the thread and added to the
/// root's atomics once the threads are done, since every iteration passes the root and its
/// counters would otherwise be written by both cores each time.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct RootTally {
    pub(super) visits: u32,
    pub(super) returns: [f64; MAX_SEATS],
}

/// The top of the tree: the first slots of the arena (the root's children, then theirs:
/// slots are handed out in the order nodes are expanded), whose statistics each thread
/// keeps to itself between flushes. Nearly every iteration passes through them, so that
/// writing them to the shared atomics each time made their cache lines bounce between the
/// cores (in Connect Four, two threads ran fewer iterations than one).
pub(super) const HOT: usize = 1024;

/// Iterations between a thread's flushes of its statistics of the top of the tree: the
/// other threads see them at most that late, a few dozen iterations among thousands.
pub(super) const FLUSH: u32 = 64;

/// One thread's statistics not yet in the shared atomics: the root's, and the top of the
/// tree's since the last flush. The thread reads the shared statistics plus its own.
pub(crate) struct Local {
    pub(super) root: RootTally,
    /// Visits of slots below [`HOT`] since the last flush.
    pub(super) visits: Vec<u32>,
    /// Returns (fixed point) of slots below [`HOT`], `seats` per slot.
    pub(super) values: Vec<u64>,
    /// The slots with something to flush.
    pub(super) dirty: Vec<u32>,
    pub(super) since_flush: u32,
}

impl Local {
    pub(super) fn new(seats: usize) -> Local {
        Local {
            root: RootTally::default(),
            visits: vec![0; HOT],
            values: vec![0; HOT * seats],
            dirty: Vec::with_capacity(HOT),
            since_flush: 0,
        }
    }
}

impl<A: Copy + PartialEq> SharedTree<A> {
    /// The visits of `node` as this thread sees them: the shared count and its own.
    #[inline]
    pub(super) fn visits(&self, local: &Local, node: usize) -> u32 {
        let shared = self.nodes[node].visits.load(Relaxed);
        match local.visits.get(node) {
            Some(&mine) => shared + mine,
            None => shared,
        }
    }

    /// The sum of `seat`'s returns through `node`.
    #[inline]
    pub(super) fn sum(&self, node: usize, seat: usize) -> &AtomicU64 {
        match seat.checked_sub(INLINE_SEATS) {
            None => &self.nodes[node].sums[seat],
            Some(s) => &self.values[node * (self.seats - INLINE_SEATS) + s],
        }
    }

    /// The sum of `seat`'s returns through `node` as this thread sees it, in units of return.
    #[inline]
    pub(super) fn sum_seen(&self, local: &Local, node: usize, seat: usize) -> f32 {
        let mut sum = self.sum(node, seat).load(Relaxed);
        if node < HOT {
            sum += local.values[node * self.seats + seat];
        }
        (sum as f64 * (1.0 / SCALE)) as f32
    }

    /// `seat`'s mean return through `node`, as this thread sees it.
    #[inline]
    pub(super) fn mean(&self, local: &Local, node: usize, seat: usize, visits: u32) -> f32 {
        self.sum_seen(local, node, seat) / visits as f32
    }

    /// Counts a visit of `node` by this thread.
    #[inline]
    pub(super) fn add_visit(&self, local: &mut Local, node: usize) {
        match local.visits.get_mut(node) {
            Some(mine) => {
                if *mine == 0 {
                    local.dirty.push(node as u32);
                }
                *mine += 1;
            }
            None => {
                self.nodes[node].visits.fetch_add(1, Relaxed);
            }
        }
    }

    /// Adds this thread's statistics of the top of the tree to the shared atomics.
    pub(super) fn flush(&self, local: &mut Local) {
        for &node in &local.dirty {
            let node = node as usize;
            self.nodes[node]
                .visits
                .fetch_add(std::mem::take(&mut local.visits[node]), Relaxed);
            for s in 0..self.seats {
                let r = std::mem::take(&mut local.values[node * self.seats + s]);
                if r != 0 {
                    self.sum(node, s).fetch_add(r, Relaxed);
                }
            }
        }
        local.dirty.clear();
        local.since_flush = 0;
    }

    /// Adds a thread's iterations to the root's statistics; returns how many it ran.
    pub fn add_to_root(&mut self, tally: &RootTally) -> u64 {
        let root = &mut self.nodes[0];
        *root.visits.get_mut() += tally.visits;
        for (s, r) in tally.returns.iter().enumerate().take(self.seats) {
            self.sum(0, s).fetch_add((r * SCALE) as u64, Relaxed);
        }
        tally.visits as u64
    }
}
