//! One search tree's work: the MCTS iteration ([`iterate`]) repeated within a budget, and
//! the merge of several root-parallel trees' root statistics.

use super::MctsConfig;
use super::store::iterate;
use super::tree::{NATURE, Tree};
use crate::rollout::{Rollout, RolloutBuffers};
use crate::stop::{Stop, stopped};
use std::collections::HashMap;
use std::time::Instant;
use tabula_core::{Game, GameRng, Seat};

/// Scratch space of one tree's search, reused across iterations (no allocation per
/// iteration once the buffers have grown). Aligned to two cache lines: the threads of a
/// shared-tree search keep theirs side by side in one `Vec`, and the lengths of these
/// buffers change at every rollout step.
#[repr(align(128))]
pub(crate) struct Scratch<A> {
    pub path: Vec<u32>,
    pub actions: Vec<A>,
    pub chances: Vec<(A, f64)>,
    pub rollout: RolloutBuffers<A>,
    /// Tree-parallel expansion: the children being made (actor, action, probability,
    /// recommended).
    pub pending: Vec<(u8, A, f32, bool)>,
}

impl<A> Scratch<A> {
    pub fn new() -> Self {
        Scratch {
            path: Vec::with_capacity(128),
            actions: Vec::with_capacity(64),
            chances: Vec::with_capacity(16),
            rollout: RolloutBuffers::new(),
            pending: Vec::with_capacity(64),
        }
    }
}

/// One root-parallel tree with its scratch space, aligned to cache lines of its own so that
/// the threads never write to a line another thread uses (false sharing of the `Vec` lengths
/// updated at every step).
#[repr(align(128))]
pub(crate) struct Worker<A> {
    pub tree: Tree<A>,
    pub scratch: Scratch<A>,
}

/// What one tree's search may spend, and the flag that ends it early.
#[derive(Clone, Copy, Debug)]
pub(crate) struct TreeBudget<'a> {
    pub iterations: Option<u64>,
    pub deadline: Option<Instant>,
    pub stop: Option<&'a Stop>,
}

impl TreeBudget<'_> {
    /// Whether the search is to end now for its deadline or its stop flag (checked every
    /// [`CHECK_EVERY`] iterations).
    #[inline]
    pub fn out_of_time(&self) -> bool {
        stopped(self.stop) || self.deadline.is_some_and(|d| Instant::now() >= d)
    }
}

/// Iterations between two checks of the time and the stop flag.
pub(crate) const CHECK_EVERY: u64 = 16;

/// Runs iterations on `tree` (rooted at `root`) until the budget is spent, or the system
/// refuses the tree's memory ([`Tree::refused`]); returns how many.
pub(crate) fn run<G: Game, R: Rollout<G>>(
    tree: &mut Tree<G::Action>,
    root: &G,
    policy: &R,
    config: &MctsConfig,
    budget: TreeBudget<'_>,
    rng: &mut GameRng,
    scratch: &mut Scratch<G::Action>,
) -> u64 {
    let settings = Settings::of(config);
    let mut done = 0u64;
    loop {
        if budget.iterations.is_some_and(|max| done >= max) {
            break;
        }
        if done.is_multiple_of(CHECK_EVERY)
            && done > 0
            && (budget.out_of_time() || tree.refused.is_some())
        {
            break;
        }
        iterate(tree, root, policy, &settings, rng, scratch);
        done += 1;
    }
    done
}

/// The configuration values one iteration reads.
pub(crate) struct Settings {
    pub c: f64,
    pub prior_weight: f32,
    pub rollout_max_steps: u32,
}

impl Settings {
    pub fn of(config: &MctsConfig) -> Self {
        Settings {
            c: config.exploration,
            prior_weight: config.prior_weight as f32,
            rollout_max_steps: config.rollout_max_steps,
        }
    }
}

/// The statistics of one root action, summed over the root-parallel trees.
#[derive(Clone, Debug, PartialEq)]
pub struct RootChild<A> {
    /// The seat that performs the action (`None`: a chance outcome).
    pub actor: Option<Seat>,
    /// The root action (or chance outcome).
    pub action: A,
    /// Visits of the action's node, summed over root-parallel trees.
    pub visits: u64,
    /// The mean return of each seat after this action (in [0, 1]; 1 is a win).
    pub mean: Vec<f64>,
}

/// Sums the root children of every tree, in the first tree's order.
pub(crate) fn merge_roots<'a, A: Copy + Eq + std::hash::Hash + 'a>(
    trees: impl Iterator<Item = &'a Tree<A>> + Clone,
) -> Vec<RootChild<A>> {
    let seats = trees.clone().next().map_or(0, |t| t.seats);
    let mut index: HashMap<(u8, A), usize> = HashMap::new();
    let mut sums: Vec<(u8, A, u64, Vec<f64>)> = Vec::new();
    for tree in trees {
        for child in tree.nodes[0].children() {
            let node = &tree.nodes[child];
            let Some(action) = node.action else { continue };
            let i = *index.entry((node.actor, action)).or_insert_with(|| {
                sums.push((node.actor, action, 0, vec![0.0; seats]));
                sums.len() - 1
            });
            sums[i].2 += node.visits as u64;
            for s in 0..seats {
                sums[i].3[s] += tree.value(child, s) as f64;
            }
        }
    }
    sums.into_iter()
        .map(|(actor, action, visits, totals)| RootChild {
            actor: (actor != NATURE).then_some(Seat(actor)),
            action,
            visits,
            mean: totals
                .iter()
                .map(|t| if visits > 0 { t / visits as f64 } else { 0.0 })
                .collect(),
        })
        .collect()
}
