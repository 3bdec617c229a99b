//! When a tree-parallel search stops: its iterations are spent, or its deadline is near
//! enough that writing the shared tree back into the bot's tree ([`SharedTree::store`],
//! linear in the nodes: a few milliseconds for a Connect Four tree of 300,000) would not
//! fit before it, or its stop flag is set. The threads check the time and the flag every 16
//! iterations.

use super::SharedTree;
use crate::mcts::search::TreeBudget;
use std::sync::atomic::AtomicI64;
use std::sync::atomic::Ordering::Relaxed;
use std::time::{Duration, Instant};

/// A first guess at the cost of [`SharedTree::store`] per node, in nanoseconds, before a bot
/// has measured it.
pub(crate) const STORE_NS_PER_NODE: f64 = 15.0;

/// The fewest nodes whose write back says what a node costs: a small tree's write is mostly
/// its fixed costs, which would make the next large search stop far too early.
const MEASURED_NODES: usize = 10_000;

/// The most a node's write back is taken to cost, in nanoseconds, whatever one write took
/// (a write slowed by the machine's other work must not starve the next search).
const MAX_NS_PER_NODE: f64 = 100.0;

/// The bot's estimate of the write back's cost per node after a write of `nodes` nodes that
/// began at `began`: the mean of `before` and this write's, when the tree was large enough
/// to tell.
pub(crate) fn store_estimate(before: f64, nodes: usize, began: Instant) -> f64 {
    if nodes < MEASURED_NODES {
        return before;
    }
    let measured = began.elapsed().as_nanos() as f64 / nodes as f64;
    (before + measured.min(MAX_NS_PER_NODE)) / 2.0
}

/// What ends a tree-parallel search.
#[derive(Clone, Copy)]
pub(crate) struct Limits<'a> {
    /// Iterations left, shared by the threads.
    pub remaining: &'a AtomicI64,
    pub budget: TreeBudget<'a>,
    /// The expected cost of writing the tree back ([`SharedTree::store`]) per node, in
    /// nanoseconds: a timed search stops early enough for it to fit before the deadline.
    pub store_ns_per_node: f64,
}

impl<A> SharedTree<A> {
    /// Whether the search must stop for `deadline`: writing the tree back, at
    /// `store_ns_per_node` per node, would not fit before it.
    pub(super) fn no_time_left(&self, deadline: Instant, store_ns_per_node: f64) -> bool {
        let nodes = self.growth.0.len.load(Relaxed) as f64;
        let store = Duration::from_nanos((nodes * store_ns_per_node) as u64);
        Instant::now() + store >= deadline
    }
}
