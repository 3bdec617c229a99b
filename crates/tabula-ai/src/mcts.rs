//! Monte Carlo tree search (UCT) for any Tabula game.
//!
//! - **Returns per seat**: each node keeps the sum of every seat's return (a win is 1, seats
//!   sharing first place share 1, see `Outcome::reward`), so the search works for 2–5 players;
//!   the seat choosing at a node maximises its own mean return plus the UCT bonus
//!   `c·sqrt(ln N / n)`.
//! - **Chance** nodes hold every outcome with its probability; the search samples them.
//! - **Who decides** comes from `Game::to_act`: the seat to move, or another seat that must
//!   decide (China Moon's owner), or several seats (Magical Circle's race): there each acting
//!   seat's actions are that seat's choices, and the search lets a uniformly random acting
//!   seat act first. At the root of such a state a bot may [`Decision::Wait`]: it acts only if
//!   its best action is worth at least as much to it as letting the others act.
//! - **Rollouts** follow a [`Rollout`] policy (uniformly random by default). A policy may also
//!   recommend an action in the tree ([`Rollout::prior`]); nodes with a recommendation
//!   select by PUCT (0.9 of the prior on it) instead of UCT. Without it, a policy much better
//!   than the tree's early exploration makes *deferring* look better than *acting* (a Magical
//!   Circle bot would vote forever rather than claim a card its solver can win).
//! - **Subtree reuse**: after [`Bot::observe`](crate::Bot::observe)s the tree under the new position is kept. The
//!   tree's states were reached from the observed game by the observed actions, so they carry
//!   the game's own position history: a draw by repetition found in the tree is the game's.
//!   The bot recognises the position it expects by the state's debug text (the state's
//!   identity, see [`Game`]), written down at each search and each observed action (never
//!   per iteration), so every game keeps its tree without stating anything for it; the tree
//!   follows the observed actions by value.
//! - **Budget**: iterations (deterministic) and/or wall time per decision; a [`Stop`] flag
//!   ([`Bot::set_stop`](crate::Bot::set_stop)) ends a search early, checked with the time.
//! - **Threads** ([`Parallelism`]): by default tree parallelism: one tree shared by `threads`
//!   threads with virtual loss (see `shared.rs`), not deterministic; or root parallelism:
//!   `threads` independent trees, each on its own thread, with seeds drawn from the bot's
//!   generator, their root statistics summed, deterministic for a given seed and thread count
//!   under an iteration budget. One thread is deterministic for a seed either way.
//! - **One algorithm for both trees**: the iteration (`store.rs`) and the selection
//!   (`select.rs`) are written once, over a `TreeStore` that the one-thread tree implements
//!   with plain fields and the shared tree (one thread's view of it) with atomics.
//! - **Memory**: an arena of nodes per tree (children contiguous, per-seat sums in a parallel
//!   array), capped by `max_nodes`; no allocation per iteration once buffers have grown.

mod bot;
mod config;
mod report;
mod search;
mod select;
mod shared;
mod store;
mod tree;

pub use config::{MctsConfig, Parallelism};
pub use search::RootChild;

use crate::rollout::{RandomRollout, Rollout};
use crate::{AiError, Decision, Stop};
use rand::RngExt;
use search::{Scratch, Settings, TreeBudget, Worker, merge_roots, run};
use shared::{Limits, STORE_NS_PER_NODE, SharedTree, store_estimate};
use std::sync::atomic::AtomicI64;
use std::time::{Duration, Instant};
use tabula_core::{Game, GameRng, Seat, rng_from_seed};
use tree::Tree;

/// The memory one node takes, in bytes, in a game of `seats` seats whose actions are `A`:
/// the node and its sums in a bot's tree and, for a search of several threads sharing one
/// tree, its slot in the shared arena (both are held while the search writes the arena
/// back). [`crate::bounds::NODE_BYTES`] is the most any built-in game takes.
pub fn node_bytes<A>(seats: usize) -> usize {
    size_of::<tree::Node<A>>() + seats * size_of::<f32>() + shared::slot_bytes::<A>(seats)
}

/// What the last search found.
#[derive(Clone, Debug)]
pub struct SearchInfo<A> {
    /// Iterations run by this search (all trees).
    pub iterations: u64,
    /// Visits the root already had from earlier searches (subtree reuse).
    pub reused_visits: u64,
    /// Wall-clock time the search took.
    pub elapsed: Duration,
    /// Nodes in all trees after the search.
    pub nodes: usize,
    /// The root's actions with their visits and mean returns.
    pub children: Vec<RootChild<A>>,
}

/// A UCT bot with rollout policy `R`.
pub struct MctsBot<G: Game, R: Rollout<G> = RandomRollout> {
    config: MctsConfig,
    rollout: R,
    name: String,
    rng: GameRng,
    /// One per root-parallel tree (one with tree parallelism).
    workers: Vec<Worker<G::Action>>,
    /// Tree parallelism: the shared arena (allocated at the first parallel search) and one
    /// scratch space per thread.
    shared: Option<SharedTree<G::Action>>,
    scratches: Vec<Scratch<G::Action>>,
    /// Tree parallelism: what writing the shared tree back into the bot's tree cost per node
    /// at the last search, in nanoseconds. A timed search stops early enough for it.
    store_ns_per_node: f64,
    /// Each tree's node for the current position, followed through observed actions.
    cursors: Vec<Option<usize>>,
    /// The position the cursors stand for, by its debug text (`None`: they stand for
    /// nothing).
    cursor_position: Option<String>,
    actions: Vec<G::Action>,
    last: Option<SearchInfo<G::Action>>,
    /// The chosen action's mean returns at the last decision, if it searched.
    last_value: Option<Vec<f64>>,
    /// The seat and the number of seats of the last decision, if it searched.
    last_decided: Option<(Seat, usize)>,
    /// Ends searches early when set ([`Bot::set_stop`](crate::Bot::set_stop)).
    stop: Option<Stop>,
}

impl<G: Game> MctsBot<G, RandomRollout> {
    /// A bot with uniformly random rollouts.
    pub fn new(config: MctsConfig, seed: u64) -> Self {
        MctsBot::with_rollout(config, RandomRollout, seed)
    }
}

impl<G: Game, R: Rollout<G>> MctsBot<G, R> {
    /// A bot searching with `config`, playing out with `rollout`; `seed` makes it repeatable.
    pub fn with_rollout(config: MctsConfig, rollout: R, seed: u64) -> Self {
        let threads = config.threads.max(1);
        MctsBot {
            name: format!(
                "mcts({})",
                config.iterations.map_or_else(
                    || format!("{}ms", config.time_ms.unwrap_or(0)),
                    |i| i.to_string()
                )
            ),
            config,
            rollout,
            rng: rng_from_seed(seed),
            workers: Vec::with_capacity(threads),
            shared: None,
            scratches: Vec::new(),
            store_ns_per_node: STORE_NS_PER_NODE,
            cursors: Vec::new(),
            cursor_position: None,
            actions: Vec::new(),
            last: None,
            last_value: None,
            last_decided: None,
            stop: None,
        }
    }

    /// Renames the bot (reports show the name).
    pub fn named(mut self, name: impl Into<String>) -> Self {
        self.name = name.into();
        self
    }

    /// The configuration the bot searches with.
    pub fn config(&self) -> &MctsConfig {
        &self.config
    }

    /// What the last search found.
    pub fn last_search(&self) -> Option<&SearchInfo<G::Action>> {
        self.last.as_ref()
    }

    /// Searches `game` within the budget and returns the root statistics (also kept for
    /// [`MctsBot::last_search`]). The game must not be over. When the system refuses the
    /// trees' memory, the error says so ([`AiError::OutOfMemory`]) and the bot forgets its
    /// trees.
    pub fn search(&mut self, game: &G) -> Result<&SearchInfo<G::Action>, AiError> {
        if game.is_over() {
            return Err(AiError::GameOver);
        }
        self.config.check().map_err(AiError::Unsupported)?;
        let start = Instant::now();
        let searched = self.prepare_trees(game).and_then(|()| {
            if self.tree_parallel() {
                self.search_shared(game, start)
            } else {
                self.search_trees(game, start)
            }
        });
        match searched {
            Ok((iterations, reused_visits)) => {
                Ok(self.finish(game, start, iterations, reused_visits))
            }
            Err(e) => {
                self.reset_trees();
                Err(e)
            }
        }
    }

    /// Drops the trees (and the memory they hold) and the cursors into them.
    fn reset_trees(&mut self) {
        self.workers.clear();
        self.cursors.clear();
        self.cursor_position = None;
    }

    /// A search of one tree per thread (one thread, or root parallelism): the iterations it
    /// ran and the visits the roots had before.
    fn search_trees(&mut self, game: &G, start: Instant) -> Result<(u64, u64), AiError> {
        let threads = self.workers.len();
        let reused_visits = self
            .workers
            .iter()
            .map(|w| w.tree.nodes[0].visits as u64)
            .sum();
        let seeds: Vec<u64> = (0..threads).map(|_| self.rng.random()).collect();
        let deadline = self
            .config
            .time_ms
            .map(|ms| start + Duration::from_millis(ms));
        let total = self.config.iterations;
        let budgets: Vec<TreeBudget> = (0..threads)
            .map(|i| TreeBudget {
                iterations: total
                    .map(|n| n / threads as u64 + u64::from((i as u64) < n % threads as u64)),
                deadline,
                stop: self.stop.as_ref(),
            })
            .collect();
        let config = &self.config;
        let policy = &self.rollout;
        let iterations: u64 = if threads == 1 {
            let mut rng = rng_from_seed(seeds[0]);
            let w = &mut self.workers[0];
            run(
                &mut w.tree,
                game,
                policy,
                config,
                budgets[0],
                &mut rng,
                &mut w.scratch,
            )
        } else {
            std::thread::scope(|scope| {
                let handles: Vec<_> = self
                    .workers
                    .iter_mut()
                    .zip(seeds.iter().zip(&budgets))
                    .map(|(w, (&seed, &budget))| {
                        scope.spawn(move || {
                            let mut rng = rng_from_seed(seed);
                            run(
                                &mut w.tree,
                                game,
                                policy,
                                config,
                                budget,
                                &mut rng,
                                &mut w.scratch,
                            )
                        })
                    })
                    .collect();
                handles
                    .into_iter()
                    .map(|h| h.join().expect("search thread panicked"))
                    .sum()
            })
        };
        if let Some(refused) = self.workers.iter_mut().find_map(|w| w.tree.refused.take()) {
            return Err(refused);
        }
        Ok((iterations, reused_visits))
    }

    /// Records what the search that started at `start` found.
    fn finish(
        &mut self,
        game: &G,
        start: Instant,
        iterations: u64,
        reused_visits: u64,
    ) -> &SearchInfo<G::Action> {
        self.cursors = vec![Some(0); self.workers.len()];
        self.cursor_position = self.config.reuse_tree.then(|| format!("{game:?}"));
        self.last = Some(SearchInfo {
            iterations,
            reused_visits,
            elapsed: start.elapsed(),
            nodes: self.workers.iter().map(|w| w.tree.len()).sum(),
            children: merge_roots(self.workers.iter().map(|w| &w.tree)),
        });
        self.last.as_ref().expect("just set")
    }

    /// Several threads share one tree.
    fn tree_parallel(&self) -> bool {
        self.config.threads > 1 && self.config.parallel == Parallelism::Tree
    }

    /// The number of trees a search keeps.
    fn tree_count(&self) -> usize {
        if self.tree_parallel() {
            1
        } else {
            self.config.threads.max(1)
        }
    }

    /// A tree-parallel search: the kept tree is loaded into the shared arena, searched by
    /// `threads` threads at once, and stored back. The iterations it ran and the visits the
    /// root had before.
    fn search_shared(&mut self, game: &G, start: Instant) -> Result<(u64, u64), AiError> {
        let threads = self.config.threads;
        let seats = game.num_seats();
        let capacity = self.config.max_nodes.max(1);
        // An arena of another size goes before the new one is made: both at once could need
        // twice the memory.
        let kept = (self.shared.take()).filter(|s| s.seats() == seats && s.capacity() == capacity);
        let mut shared = match kept {
            Some(s) => s,
            None => SharedTree::try_new(seats, capacity)?,
        };
        let tree = &mut self.workers[0].tree;
        let reused_visits = tree.nodes[0].visits as u64;
        shared.load(tree);
        self.scratches.resize_with(threads, Scratch::new);
        let seeds: Vec<u64> = (0..threads).map(|_| self.rng.random()).collect();
        let budget = TreeBudget {
            iterations: self.config.iterations,
            deadline: self
                .config
                .time_ms
                .map(|ms| start + Duration::from_millis(ms)),
            stop: self.stop.as_ref(),
        };
        let remaining = AtomicI64::new(self.config.iterations.unwrap_or(0) as i64);
        let settings = Settings::of(&self.config);
        let policy = &self.rollout;
        let limits = Limits {
            remaining: &remaining,
            budget,
            store_ns_per_node: self.store_ns_per_node,
        };
        let tallies: Vec<_> = std::thread::scope(|scope| {
            let (shared, settings) = (&shared, &settings);
            let handles: Vec<_> = self
                .scratches
                .iter_mut()
                .zip(&seeds)
                .map(|(scratch, &seed)| {
                    scope.spawn(move || {
                        let mut rng = rng_from_seed(seed);
                        shared.run(game, policy, settings, limits, &mut rng, scratch)
                    })
                })
                .collect();
            handles
                .into_iter()
                .map(|h| h.join().expect("search thread panicked"))
                .collect()
        });
        let iterations = tallies.iter().map(|t| shared.add_to_root(t)).sum();
        let storing = Instant::now();
        shared.store(&mut self.workers[0].tree)?;
        self.store_ns_per_node =
            store_estimate(self.store_ns_per_node, self.workers[0].tree.len(), storing);
        self.shared = Some(shared);
        Ok((iterations, reused_visits))
    }

    /// Re-roots the trees at `game` when the observed actions lead there, or starts afresh.
    fn prepare_trees(&mut self, game: &G) -> Result<(), AiError> {
        let threads = self.tree_count();
        let seats = game.num_seats();
        let reusable = self.config.reuse_tree
            && self.workers.len() == threads
            && self
                .cursor_position
                .as_ref()
                .is_some_and(|there| *there == format!("{game:?}"));
        if reusable {
            for (w, cursor) in self.workers.iter_mut().zip(&self.cursors) {
                match cursor {
                    Some(node) => w.tree.reroot(*node)?,
                    None => w.tree.clear(seats),
                }
            }
        } else if self.workers.len() == threads {
            // Fresh trees in the memory of the last ones: new ones would map their pages
            // again (and grow by copying), a cost paid once per search, on one thread.
            let max_nodes = self.config.max_nodes.max(1);
            for w in &mut self.workers {
                w.tree.clear(seats);
                w.tree.max_nodes = max_nodes;
            }
        } else {
            self.workers.clear();
            self.workers.extend((0..threads).map(|_| Worker {
                tree: Tree::new(seats, self.config.max_nodes),
                scratch: Scratch::new(),
            }));
        }
        Ok(())
    }

    /// The action of `seat` with the most visits, and whether it beats waiting.
    fn pick(&self, seat: Seat, may_wait: bool) -> Decision<G::Action> {
        let info = self.last.as_ref().expect("searched");
        let own = info
            .children
            .iter()
            .filter(|c| c.actor == Some(seat))
            .max_by(|a, b| {
                a.visits
                    .cmp(&b.visits)
                    .then(a.mean[seat.index()].total_cmp(&b.mean[seat.index()]))
            });
        let Some(best) = own else {
            // The tree could not even expand the root (`max_nodes` below the branching):
            // fall back to the first legal action.
            return match self.actions.first() {
                Some(&a) if !may_wait => Decision::Act(a),
                _ => Decision::Wait,
            };
        };
        if may_wait {
            let (mut visits, mut value) = (0u64, 0.0);
            for c in info.children.iter().filter(|c| c.actor != Some(seat)) {
                visits += c.visits;
                value += c.mean[seat.index()] * c.visits as f64;
            }
            if visits > 0
                && best.mean[seat.index()] + self.config.wait_margin < value / visits as f64
            {
                return Decision::Wait;
            }
        }
        Decision::Act(best.action)
    }
}

#[cfg(test)]
mod tests;
