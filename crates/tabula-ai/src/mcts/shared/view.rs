//! One thread's view of the shared tree, as the MCTS iteration ([`iterate`]) sees every
//! tree: the shared atomics plus the thread's own statistics ([`Local`]). A visit counts
//! when a node is selected and its return only at backpropagation, so in-flight visits
//! count as losses (virtual loss); the root's statistics are the thread's until the search
//! ends.
//!
//! [`iterate`]: crate::mcts::store::iterate

use super::{EXPANDING, HOT, Local, SCALE, SharedTree};
use crate::mcts::search::Scratch;
use crate::mcts::store::TreeStore;
use crate::mcts::tree::Kind;
use crate::rollout::Rollout;
use std::ops::Range;
use std::sync::atomic::Ordering::{Acquire, Relaxed};
use tabula_core::{Game, GameRng, MAX_SEATS};

use super::FLUSH;

/// A search thread's view of the shared tree.
pub(super) struct Searcher<'a, A> {
    pub tree: &'a SharedTree<A>,
    pub local: Local,
}

impl<A: Copy + PartialEq> Searcher<'_, A> {
    /// The kind of `node` in state `state`. The root is worth waiting for (briefly) while
    /// another thread expands it: every iteration then goes through one of its children, so
    /// the root children's visits add up to the iterations.
    #[inline]
    fn settle(&self, node: usize, mut state: u8) -> Kind {
        while node == 0 && state == EXPANDING {
            std::hint::spin_loop();
            state = self.tree.nodes[0].state.load(Acquire);
        }
        Kind::from_u8(state)
    }
}

impl<A: Copy + PartialEq> TreeStore<A> for Searcher<'_, A> {
    #[inline]
    fn seats(&self) -> usize {
        self.tree.seats
    }

    #[inline]
    fn kind(&self, node: usize) -> Kind {
        self.settle(node, self.tree.nodes[node].state.load(Acquire))
    }

    /// Its one visit is this iteration's.
    #[inline]
    fn is_new_leaf(&self, node: usize) -> bool {
        self.tree.visits(&self.local, node) <= 1
    }

    #[inline]
    fn expand<G: Game<Action = A>, R: Rollout<G>>(
        &mut self,
        node: usize,
        game: &G,
        policy: &R,
        rng: &mut GameRng,
        scratch: &mut Scratch<A>,
    ) -> Kind {
        let state = self.tree.expand_node(node, game, policy, rng, scratch);
        self.settle(node, state)
    }

    #[inline]
    fn begin(&mut self, _path: &mut Vec<u32>) {
        self.local.root.visits += 1;
    }

    #[inline]
    fn enter(&mut self, child: usize) {
        self.tree.add_visit(&mut self.local, child);
    }

    #[inline]
    fn backpropagate(&mut self, path: &[u32], returns: &[f64; MAX_SEATS]) {
        let (tree, local) = (self.tree, &mut self.local);
        for (s, r) in returns.iter().enumerate().take(tree.seats) {
            local.root.returns[s] += r;
        }
        for &node in path {
            let node = node as usize;
            let base = node * tree.seats;
            let hot = node < HOT;
            for (s, r) in returns.iter().enumerate().take(tree.seats) {
                if *r != 0.0 {
                    let r = (*r * SCALE) as u64;
                    if hot {
                        local.values[base + s] += r;
                    } else {
                        tree.sum(node, s).fetch_add(r, Relaxed);
                    }
                }
            }
        }
        local.since_flush += 1;
        if local.since_flush >= FLUSH {
            tree.flush(local);
        }
    }

    #[inline]
    fn children(&self, node: usize) -> Range<usize> {
        self.tree.children(node)
    }

    #[inline]
    fn mover(&self, node: usize) -> u8 {
        self.tree.nodes[node].mover.load(Relaxed)
    }

    /// The root's own counter is not written during a search (see `RootTally`): its visits
    /// are its children's.
    #[inline]
    fn children_and_visits(&self, node: usize) -> (Range<usize>, u32) {
        let children = self.tree.children(node);
        let visits = if node == 0 {
            children.clone().map(|c| self.visits(c)).sum()
        } else {
            self.visits(node)
        };
        (children, visits)
    }

    #[inline]
    fn visits(&self, node: usize) -> u32 {
        self.tree.visits(&self.local, node)
    }

    #[inline]
    fn mean(&self, node: usize, seat: usize, visits: u32) -> f32 {
        self.tree.mean(&self.local, node, seat, visits)
    }

    #[inline]
    fn child_mean(&self, child: usize, actor: usize, visits: u32) -> f32 {
        self.tree.mean(&self.local, child, actor, visits)
    }

    /// In-flight visits count as losses; an unvisited child comes first.
    #[inline]
    fn uct_score(&self, child: usize, scale: f32) -> f32 {
        let actor = self.tree.edge(child).actor as usize;
        let v = self.visits(child);
        if v == 0 {
            return f32::INFINITY;
        }
        // One division and one square root per child: this loop is most of a cheap game's
        // iteration.
        let inv = 1.0 / v as f32;
        let sum = if actor < self.tree.seats {
            self.tree.sum_seen(&self.local, child, actor)
        } else {
            0.0
        };
        sum * inv + scale * inv.sqrt()
    }

    #[inline]
    fn actor(&self, child: usize) -> u8 {
        self.tree.edge(child).actor
    }

    #[inline]
    fn prior(&self, child: usize) -> bool {
        self.tree.edge(child).prior
    }

    #[inline]
    fn prob(&self, child: usize) -> f32 {
        self.tree.edge(child).prob
    }

    #[inline]
    fn action(&self, child: usize) -> Option<A> {
        self.tree.edge(child).action
    }

    /// Reads before claiming: once every child is tried, the counter stays as it is, so that
    /// the threads passing through the node do not write its cache line each time.
    #[inline]
    fn claim_untried(&mut self, node: usize, children: Range<usize>) -> Option<usize> {
        let tried = &self.tree.nodes[node].tried;
        if (tried.load(Relaxed) as usize) < children.len() {
            let t = tried.fetch_add(1, Relaxed) as usize;
            if t < children.len() {
                return Some(children.start + t);
            }
        }
        None
    }
}
