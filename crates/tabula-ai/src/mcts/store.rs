//! The MCTS iteration, the same for every tree: selection from the root (expanding a node
//! on its second visit), a rollout from the leaf, and the returns added along the path.
//! A tree takes part through [`TreeStore`]: the one-thread [`Tree`](super::tree::Tree)
//! with plain fields, and one thread's view of the shared tree with atomics, where a visit
//! is counted when a node is selected (virtual loss) and a node may be busy being expanded
//! by another thread.

use super::search::{Scratch, Settings};
use super::select::{select_chance, select_decision, select_several};
use super::tree::Kind;
use crate::rollout::{Rollout, play_out};
use std::ops::Range;
use tabula_core::{Game, GameRng, MAX_SEATS};

/// Node access, visits and statistics of a search tree, as the iteration and the selection
/// use them. Nodes are indices; node 0 is the root; a node's children are contiguous.
pub(crate) trait TreeStore<A: Copy> {
    /// The number of seats whose returns the tree keeps.
    fn seats(&self) -> usize;
    /// What kind of state `node` holds.
    fn kind(&self, node: usize) -> Kind;
    /// `node` (not the root, unexpanded) has had no visit before this iteration's: it is
    /// rolled out from, and expanded on its next visit.
    fn is_new_leaf(&self, node: usize) -> bool;
    /// Expands `node`, whose state is `game`, if it can; returns its kind afterwards
    /// ([`Kind::Unexpanded`] or [`Kind::Busy`] when it was not expanded).
    fn expand<G: Game<Action = A>, R: Rollout<G>>(
        &mut self,
        node: usize,
        game: &G,
        policy: &R,
        rng: &mut GameRng,
        scratch: &mut Scratch<A>,
    ) -> Kind;
    /// Starts an iteration's path at the root.
    fn begin(&mut self, path: &mut Vec<u32>);
    /// `child` has been selected.
    fn enter(&mut self, child: usize);
    /// Adds `returns` to every node of `path`, counting a visit where [`TreeStore::enter`]
    /// did not.
    fn backpropagate(&mut self, path: &[u32], returns: &[f64; MAX_SEATS]);

    /// The children of `node`.
    fn children(&self, node: usize) -> Range<usize>;
    /// Decision nodes: the seat to move; several-seat nodes: the seat set's bits.
    fn mover(&self, node: usize) -> u8;
    /// The children of `node` and the visits UCT takes for it (one read of the node).
    fn children_and_visits(&self, node: usize) -> (Range<usize>, u32);
    /// The visits of `node`.
    fn visits(&self, node: usize) -> u32;
    /// `seat`'s mean return through `node`, which has `visits` visits.
    fn mean(&self, node: usize, seat: usize, visits: u32) -> f32;
    /// The mean return of `child`'s actor `actor` through `child`, visited `visits` times.
    fn child_mean(&self, child: usize, actor: usize, visits: u32) -> f32;
    /// `child`'s UCT score for its actor with exploration `scale` (`c·sqrt(ln N)`).
    fn uct_score(&self, child: usize, scale: f32) -> f32;
    /// The seat that chose `child`'s action.
    fn actor(&self, child: usize) -> u8;
    /// `child`'s action is the rollout policy's recommendation.
    fn prior(&self, child: usize) -> bool;
    /// A chance outcome's probability.
    fn prob(&self, child: usize) -> f32;
    /// The action that leads to `child` (none at the root).
    fn action(&self, child: usize) -> Option<A>;
    /// The next child of decision node `node` not yet tried, claimed, if any.
    fn claim_untried(&mut self, node: usize, children: Range<usize>) -> Option<usize>;
}

/// One iteration on `tree` from the state `root`.
#[inline]
pub(crate) fn iterate<G: Game, R: Rollout<G>, T: TreeStore<G::Action>>(
    tree: &mut T,
    root: &G,
    policy: &R,
    settings: &Settings,
    rng: &mut GameRng,
    scratch: &mut Scratch<G::Action>,
) {
    let (c, prior_weight) = (settings.c, settings.prior_weight);
    let mut state = root.clone();
    scratch.path.clear();
    tree.begin(&mut scratch.path);
    let mut node = 0usize;
    loop {
        let mut kind = tree.kind(node);
        if kind == Kind::Unexpanded {
            if node != 0 && tree.is_new_leaf(node) {
                break;
            }
            kind = tree.expand(node, &state, policy, rng, scratch);
        }
        let child = match kind {
            Kind::Decision => select_decision(tree, node, c, prior_weight),
            Kind::Chance => select_chance(tree, node, rng),
            Kind::Several => select_several(tree, node, c, prior_weight, rng),
            // Over, or the tree is full (roll out from here), or another thread is
            // expanding the node.
            Kind::Terminal | Kind::Unexpanded | Kind::Busy => break,
        };
        tree.enter(child);
        match tree.action(child) {
            Some(a) => state.apply(a),
            None => break,
        }
        node = child;
        scratch.path.push(child as u32);
    }
    let mut returns = [0.0; MAX_SEATS];
    play_out(
        &mut state,
        policy,
        rng,
        settings.rollout_max_steps,
        &mut scratch.rollout,
        &mut returns,
    );
    tree.backpropagate(&scratch.path, &returns);
}
