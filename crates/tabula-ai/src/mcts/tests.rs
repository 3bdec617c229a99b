//! Unit tests of what the bot keeps from one search to the next: its trees' memory, and the
//! measured cost of writing the shared tree back (the fields they read are private to the
//! bot).

use super::{MctsBot, MctsConfig, Parallelism};
use tabula_connect_four::{ConnectFour, Params};
use tabula_core::{Game, Notation};

/// A search that does not reuse the last tree starts afresh in its memory: the trees keep
/// their allocations from one search to the next, whatever the parallelism. (The second
/// search has two columns fewer, so its trees need no more room than the first's.)
#[test]
fn fresh_searches_keep_the_trees_memory() {
    let game = ConnectFour::new(&Params::default()).unwrap();
    let later = ConnectFour::from_notation(
        &Params::default(),
        "ox...../xo...../ox...../xo...../ox...../xo..... x",
    )
    .unwrap();
    for (threads, parallel) in [
        (1, Parallelism::Tree),
        (2, Parallelism::Root),
        (2, Parallelism::Tree),
    ] {
        let config = MctsConfig {
            iterations: Some(2_000),
            threads,
            parallel,
            reuse_tree: false,
            ..MctsConfig::default()
        };
        let mut bot: MctsBot<ConnectFour> = MctsBot::new(config, 1);
        let first = bot.search(&game).unwrap().nodes;
        let memory: Vec<_> = bot.workers.iter().map(|w| w.tree.nodes.as_ptr()).collect();
        let second = bot.search(&later).unwrap().nodes;
        let again: Vec<_> = bot.workers.iter().map(|w| w.tree.nodes.as_ptr()).collect();
        assert!(first > 1 && second > 1, "{threads} threads, {parallel:?}");
        assert_eq!(memory, again, "{threads} threads, {parallel:?}");
    }
}

/// A timed tree-parallel search stops early enough to write its shared tree back before the
/// deadline: with that write expected to take a second per node, a search of two seconds
/// stops at its threads' first look at the clock (every 16 iterations), not at the deadline.
#[test]
fn a_timed_shared_search_leaves_room_to_write_its_tree_back() {
    let game = ConnectFour::new(&Params::default()).unwrap();
    let config = MctsConfig {
        iterations: None,
        time_ms: Some(2_000),
        threads: 2,
        parallel: Parallelism::Tree,
        ..MctsConfig::default()
    };
    let mut bot: MctsBot<ConnectFour> = MctsBot::new(config, 1);
    bot.store_ns_per_node = 1e9;
    let iterations = bot.search(&game).unwrap().iterations;
    assert!(
        (1..=2 * 16).contains(&iterations),
        "{iterations} iterations"
    );
}

/// The estimate of the write back's cost learns only from trees large enough to tell, and
/// never takes one slow write for more than 100 ns a node: a search of a few nodes, or one
/// slowed by the machine, does not make the next timed search stop early.
#[test]
fn the_write_back_estimate_ignores_small_trees_and_caps_slow_writes() {
    use super::shared::store_estimate;
    use std::time::{Duration, Instant};
    let long_ago = Instant::now() - Duration::from_secs(1);
    assert_eq!(store_estimate(15.0, 100, long_ago), 15.0);
    assert_eq!(store_estimate(15.0, 20_000, long_ago), (15.0 + 100.0) / 2.0);
    let now = store_estimate(15.0, 1_000_000, Instant::now());
    assert!((7.5..15.0 / 2.0 + 100.0 / 2.0).contains(&now), "{now}");
}
