//! Tree-parallel MCTS: one tree shared by every search thread, with virtual loss.
//!
//! - **Arena**: the nodes live in one preallocated array ([`SharedTree::capacity`] slots,
//!   allocated once per bot and reused); a thread that expands a node reserves its children's
//!   slots with one atomic add on the arena's length, writes them, then publishes them by
//!   storing the node's kind with release ordering. A node's edge (action, actor, probability,
//!   recommendation) is written once, before publication, and only read afterwards.
//! - **Expansion** is guarded by the node's state: the thread that swaps it from
//!   *unexpanded* to *expanding* expands it; a thread meeting a node being expanded rolls out
//!   from there instead of waiting.
//! - **Statistics** are atomics: visits (`u32`) and per-seat sums of returns in fixed point
//!   (`u64`, 2^24 per unit of return), so that adding a return is one `fetch_add`; the
//!   first two seats' sums sit in the node beside its visits. The root's and the top of the
//!   tree's are kept by each thread and flushed now and then (`stats.rs`).
//! - **Virtual loss**: a visit is counted when a thread selects a node, its return only when
//!   the thread backpropagates; until then the visit counts as a loss (return 0) for every
//!   seat, which steers the other threads to other children.
//! - The search converts the bot's [`Tree`] into the shared tree before searching (subtree
//!   reuse) and back afterwards, so everything else (root statistics, principal variation,
//!   re-rooting) reads the one tree format. Each conversion is linear in the tree's size.
//!
//! The result is not deterministic (it depends on how the threads interleave); root
//! parallelism ([`super::Parallelism::Root`]) is, for a given seed and thread count.

use super::search::{CHECK_EVERY, Scratch, Settings};
use super::store::iterate;
use super::tree::{Kind, NATURE, NONE, Node, Tree};
use crate::AiError;
use crate::alloc::reserve;
use crate::rollout::{Rollout, below};
use crate::stop::stopped;
use std::cell::UnsafeCell;
use std::mem::MaybeUninit;
use std::sync::atomic::Ordering::{Acquire, Relaxed, Release};
use std::sync::atomic::{AtomicBool, AtomicU8, AtomicU32, AtomicU64, AtomicUsize};
use tabula_core::{Actor, Game, GameRng, Seat, ToAct};

mod limits;
mod stats;
mod view;
mod zeroed;

pub(crate) use limits::{Limits, STORE_NS_PER_NODE, store_estimate};
pub(crate) use stats::RootTally;
use stats::{FLUSH, HOT, INLINE_SEATS, Local};
use view::Searcher;
use zeroed::Zeroed;

/// Fixed-point units per unit of return.
const SCALE: f64 = (1u64 << 24) as f64;

// A node's state is its `Kind`'s discriminant.
const UNEXPANDED: u8 = Kind::Unexpanded as u8;
const EXPANDING: u8 = Kind::Busy as u8;
const DECISION: u8 = Kind::Decision as u8;
const SEVERAL: u8 = Kind::Several as u8;
const CHANCE: u8 = Kind::Chance as u8;
const TERMINAL: u8 = Kind::Terminal as u8;

/// What leads to a node: written once before the node is published.
#[derive(Clone, Copy)]
struct Edge<A> {
    action: Option<A>,
    prob: f32,
    actor: u8,
    prior: bool,
}

/// A node slot. All-zero bytes are a valid (unused) slot, so the arena is allocated zeroed:
/// the system maps its pages only when they are first written.
struct SNode<A> {
    /// Initialised when the slot is reserved, before it is published.
    edge: UnsafeCell<MaybeUninit<Edge<A>>>,
    first_child: AtomicU32,
    num_children: AtomicU32,
    visits: AtomicU32,
    tried: AtomicU32,
    state: AtomicU8,
    mover: AtomicU8,
    /// The sums of the returns of seats 1 and 2 (fixed point), beside the visits, so that
    /// weighing a child and adding a return touch one cache line (`values` holds the other
    /// seats').
    sums: [AtomicU64; INLINE_SEATS],
}

/// The memory of one node in the arena, in bytes, with `seats` seats.
pub(crate) fn slot_bytes<A>(seats: usize) -> usize {
    size_of::<SNode<A>>() + seats.saturating_sub(INLINE_SEATS) * size_of::<AtomicU64>()
}

/// One tree searched by several threads at once. See the module docs.
pub(crate) struct SharedTree<A> {
    nodes: Zeroed<SNode<A>>,
    /// The sums of the returns of seats 3 and up, `seats - 2` per node.
    values: Zeroed<AtomicU64>,
    /// The arena's fill, written by every expansion: on a cache line of its own, so that the
    /// threads' constant reads of the fields above do not miss whenever another thread
    /// expands a node (in Connect Four that is almost every iteration).
    growth: Padded<Growth>,
    seats: usize,
}

/// The arena's fill.
struct Growth {
    len: AtomicUsize,
    /// An expansion found no room: the tree stops growing.
    full: AtomicBool,
}

/// A value alone on its cache line (two lines: adjacent-line prefetching pairs them).
#[repr(align(128))]
struct Padded<T>(T);

/// Iterations a thread claims from the shared budget at once: one shared decrement per
/// iteration made the counter's cache line bounce between the cores as often as the
/// iterations ran.
const CLAIM: i64 = 32;

// The edges behind `UnsafeCell` are written only by the thread that reserved their slots,
// before the release store that publishes them; every other access is a read after an
// acquire load of the parent's state (or happens while no search runs, through `&mut`).
unsafe impl<A: Send + Sync> Sync for SharedTree<A> {}

impl<A: Copy + PartialEq> SharedTree<A> {
    /// An empty arena of `capacity` nodes for `seats` seats, or the error of an allocation
    /// the system refused.
    pub fn try_new(seats: usize, capacity: usize) -> Result<Self, AiError> {
        let capacity = capacity.max(1);
        let values = capacity.saturating_mul(seats.saturating_sub(INLINE_SEATS));
        // All-zero bytes are valid for both element types (atomics and `MaybeUninit`).
        Ok(SharedTree {
            nodes: unsafe { Zeroed::try_new(capacity, "the search tree")? },
            values: unsafe { Zeroed::try_new(values, "the search tree's values")? },
            growth: Padded(Growth {
                len: AtomicUsize::new(0),
                full: AtomicBool::new(false),
            }),
            seats,
        })
    }

    /// The number of node slots.
    pub fn capacity(&self) -> usize {
        self.nodes.len()
    }

    /// The seats the arena was made for.
    pub fn seats(&self) -> usize {
        self.seats
    }

    /// Loads `tree` (which must fit) into the arena, replacing its content.
    pub fn load(&mut self, tree: &Tree<A>) {
        let seats = self.seats;
        for (i, n) in tree.nodes.iter().enumerate() {
            let slot = &mut self.nodes[i];
            *slot.edge.get_mut() = MaybeUninit::new(Edge {
                action: n.action,
                prob: n.prob,
                actor: n.actor,
                prior: n.prior,
            });
            *slot.first_child.get_mut() = n.first_child;
            *slot.num_children.get_mut() = n.num_children;
            *slot.visits.get_mut() = n.visits;
            *slot.tried.get_mut() = n.tried;
            *slot.state.get_mut() = n.kind as u8;
            *slot.mover.get_mut() = n.mover;
            for s in 0..seats {
                let sum = (tree.value(i, s) as f64 * SCALE) as u64;
                self.sum(i, s).store(sum, Relaxed);
            }
        }
        *self.growth.0.len.get_mut() = tree.nodes.len();
        *self.growth.0.full.get_mut() = false;
    }

    /// Writes the arena's content into `tree` (replacing it), or leaves `tree` a fresh
    /// root when the system refuses its memory.
    pub fn store(&mut self, tree: &mut Tree<A>) -> Result<(), AiError> {
        let seats = self.seats;
        let len = *self.growth.0.len.get_mut();
        tree.nodes.clear();
        tree.values.clear();
        // Reserved at once: growing by doubling copied the tree into fresh pages each time.
        let reserved = reserve(&mut tree.nodes, len, "the search tree")
            .and_then(|()| reserve(&mut tree.values, len * seats, "the search tree's values"));
        if let Err(e) = reserved {
            tree.clear(seats);
            return Err(e);
        }
        for i in 0..len {
            let slot = &mut self.nodes[i];
            // Slots below `len` were written by `load` or an expansion.
            let edge = unsafe { slot.edge.get_mut().assume_init() };
            let visits = *slot.visits.get_mut();
            let mut node = Node {
                action: edge.action,
                first_child: *slot.first_child.get_mut(),
                num_children: *slot.num_children.get_mut(),
                visits,
                tried: (*slot.tried.get_mut()).min(*slot.num_children.get_mut()),
                prob: edge.prob,
                q: 0.0,
                inv_sqrt_visits: f32::INFINITY,
                actor: edge.actor,
                prior: edge.prior,
                kind: match Kind::from_u8(*slot.state.get_mut()) {
                    Kind::Busy => Kind::Unexpanded,
                    kind => kind,
                },
                mover: *slot.mover.get_mut(),
            };
            for s in 0..seats {
                tree.values
                    .push((self.sum(i, s).load(Relaxed) as f64 / SCALE) as f32);
            }
            if visits > 0 {
                if (node.actor as usize) < seats {
                    node.q = tree.values[i * seats + node.actor as usize] / visits as f32;
                }
                node.inv_sqrt_visits = 1.0 / (visits as f32).sqrt();
            }
            tree.nodes.push(node);
        }
        Ok(())
    }

    #[inline]
    fn edge(&self, node: usize) -> Edge<A> {
        // Published before any thread could reach `node` (see the `Sync` impl).
        unsafe { (*self.nodes[node].edge.get()).assume_init() }
    }

    #[inline]
    fn children(&self, node: usize) -> std::ops::Range<usize> {
        let first = self.nodes[node].first_child.load(Relaxed);
        if first == NONE {
            0..0
        } else {
            let n = self.nodes[node].num_children.load(Relaxed);
            first as usize..(first + n) as usize
        }
    }

    /// Expands `node` (state `game`) if this thread wins it; returns its state afterwards
    /// (`UNEXPANDED` or `EXPANDING` when this thread did not expand it).
    fn expand_node<G: Game<Action = A>, R: Rollout<G>>(
        &self,
        node: usize,
        game: &G,
        policy: &R,
        rng: &mut GameRng,
        scratch: &mut Scratch<A>,
    ) -> u8 {
        let slot = &self.nodes[node];
        if self.growth.0.full.load(Relaxed) {
            return UNEXPANDED;
        }
        if let Err(state) = slot
            .state
            .compare_exchange(UNEXPANDED, EXPANDING, Acquire, Acquire)
        {
            return state;
        }
        let actions = &mut scratch.actions;
        // Each entry: the children's actor, action and probability.
        let mut pending: Vec<(u8, A, f32, bool)> = std::mem::take(&mut scratch.pending);
        pending.clear();
        let (kind, mover) = match game.to_act() {
            ToAct::Over(_) => (TERMINAL, 0),
            ToAct::One(seat) => {
                game.legal_actions_for(Actor::Seat(seat), actions);
                seat_children(game, seat, policy, rng, actions, &mut pending);
                (DECISION, seat.0)
            }
            ToAct::Chance => {
                game.chance_outcomes(&mut scratch.chances);
                pending.extend(
                    scratch
                        .chances
                        .iter()
                        .map(|&(a, p)| (NATURE, a, p as f32, false)),
                );
                (CHANCE, 0)
            }
            ToAct::Several(seats) => {
                for seat in seats.iter() {
                    game.legal_actions_for(Actor::Seat(seat), actions);
                    seat_children(game, seat, policy, rng, actions, &mut pending);
                }
                (SEVERAL, seats.bits())
            }
        };
        let n = pending.len();
        let mut state = if n == 0 { TERMINAL } else { kind };
        if n > 0 {
            let reserved = self.growth.0.len.fetch_update(Relaxed, Relaxed, |len| {
                (len + n <= self.capacity()).then_some(len + n)
            });
            if let Ok(first) = reserved {
                for (i, &(actor, action, prob, prior)) in pending.iter().enumerate() {
                    let child = &self.nodes[first + i];
                    // The slot was reserved by this thread alone and is not yet published.
                    unsafe {
                        *child.edge.get() = MaybeUninit::new(Edge {
                            action: Some(action),
                            prob,
                            actor,
                            prior,
                        });
                    }
                    child.first_child.store(NONE, Relaxed);
                    child.num_children.store(0, Relaxed);
                    child.visits.store(0, Relaxed);
                    child.tried.store(0, Relaxed);
                    child.state.store(UNEXPANDED, Relaxed);
                    child.mover.store(0, Relaxed);
                    for s in 0..self.seats {
                        self.sum(first + i, s).store(0, Relaxed);
                    }
                }
                slot.first_child.store(first as u32, Relaxed);
                slot.num_children.store(n as u32, Relaxed);
                slot.mover.store(mover, Relaxed);
            } else {
                self.growth.0.full.store(true, Relaxed);
                state = UNEXPANDED;
            }
        }
        slot.state.store(state, Release);
        scratch.pending = pending;
        state
    }

    /// Runs iterations until the iterations left (shared by the threads) are spent, or until
    /// writing the tree back would not fit before the deadline; returns what they added to
    /// the root, for [`SharedTree::add_to_root`].
    pub fn run<G: Game<Action = A>, R: Rollout<G>>(
        &self,
        root: &G,
        policy: &R,
        settings: &Settings,
        limits: Limits,
        rng: &mut GameRng,
        scratch: &mut Scratch<A>,
    ) -> RootTally {
        let Limits {
            remaining,
            budget,
            store_ns_per_node,
        } = limits;
        let mut view = Searcher {
            tree: self,
            local: Local::new(self.seats),
        };
        let mut done = 0u64;
        // Iterations claimed from `remaining` and not yet run.
        let mut claimed = 0i64;
        loop {
            if budget.iterations.is_some() {
                if claimed == 0 {
                    let before = remaining.fetch_sub(CLAIM, Relaxed);
                    claimed = before.clamp(0, CLAIM);
                }
                if claimed == 0 {
                    break;
                }
                claimed -= 1;
            }
            if done.is_multiple_of(CHECK_EVERY)
                && done > 0
                && (stopped(budget.stop)
                    || budget
                        .deadline
                        .is_some_and(|d| self.no_time_left(d, store_ns_per_node)))
            {
                break;
            }
            iterate(&mut view, root, policy, settings, rng, scratch);
            done += 1;
        }
        self.flush(&mut view.local);
        view.local.root
    }
}

/// `seat`'s `actions` as children: in random order, the policy's recommendation first.
fn seat_children<G: Game, R: Rollout<G>>(
    game: &G,
    seat: Seat,
    policy: &R,
    rng: &mut GameRng,
    actions: &mut [G::Action],
    out: &mut Vec<(u8, G::Action, f32, bool)>,
) {
    for i in (1..actions.len()).rev() {
        let j = below(rng, i + 1);
        actions.swap(i, j);
    }
    let prior = policy
        .prior(game, seat, actions)
        .and_then(|p| actions.iter().position(|&a| a == p));
    if let Some(i) = prior {
        actions.swap(0, i);
    }
    for (i, &a) in actions.iter().enumerate() {
        out.push((seat.0, a, 1.0, i == 0 && prior.is_some()));
    }
}
