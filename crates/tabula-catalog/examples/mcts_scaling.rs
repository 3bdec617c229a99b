//! How MCTS's iterations per second scale with threads in Connect Four, for one bot that
//! searches again and again, as a bot does through a game (its arena already mapped), with
//! one tree per thread beside the shared tree that `tabula bench` measures.
//!
//! ```sh
//! cargo run --release -p tabula-catalog --example mcts_scaling -- \
//!     [--iterations 20000] [--searches 30] [--rounds 5]
//! ```
//!
//! Each round runs, one after the other: one thread, two threads sharing one tree (tree
//! parallelism, the default), and two threads with a tree each (root parallelism, where the
//! threads share nothing during the search). Each figure is the median of `--searches`
//! searches of `--iterations` iterations per thread from the empty board, the first search
//! left out; then the medians over the rounds and their ratios to one thread, and the CPU
//! time the process used (all threads).

use std::time::Instant;
use tabula_ai::{MctsBot, MctsConfig, Parallelism};
use tabula_connect_four::ConnectFour;
use tabula_core::Game;

mod common;
use common::{arg, cpu_seconds, median};

/// Iterations per second of one bot: the median over `searches` searches after the first.
fn rate(threads: usize, parallel: Parallelism, iterations: u64, searches: usize) -> f64 {
    let game = ConnectFour::new(&Default::default()).expect("the default board");
    let config = MctsConfig {
        exploration: 1.4,
        iterations: Some(iterations * threads as u64),
        time_ms: None,
        threads,
        parallel,
        reuse_tree: false,
        ..MctsConfig::default()
    };
    let mut bot: MctsBot<ConnectFour> = MctsBot::new(config, 7);
    let mut rates = Vec::new();
    for search in 0..=searches {
        let begin = Instant::now();
        let info = bot.search(&game).expect("a search from the empty board");
        if search > 0 {
            rates.push(info.iterations as f64 / begin.elapsed().as_secs_f64());
        }
    }
    median(rates)
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let iterations: u64 = arg(&args, "--iterations", "20000")
        .parse()
        .expect("--iterations takes a number");
    let searches: usize = arg(&args, "--searches", "30")
        .parse()
        .expect("--searches takes a number");
    let rounds: usize = arg(&args, "--rounds", "5")
        .parse()
        .expect("--rounds takes a number");
    let begin = Instant::now();
    let (mut one, mut tree, mut root) = (Vec::new(), Vec::new(), Vec::new());
    println!("iterations/s, {iterations} iterations per thread per search");
    for round in 1..=rounds {
        one.push(rate(1, Parallelism::Tree, iterations, searches));
        tree.push(rate(2, Parallelism::Tree, iterations, searches));
        root.push(rate(2, Parallelism::Root, iterations, searches));
        println!(
            "round {round}: 1 thread {:.0}, 2 threads (tree) {:.0}, 2 threads (root) {:.0}",
            one[round - 1],
            tree[round - 1],
            root[round - 1]
        );
    }
    let (one, tree, root) = (median(one), median(tree), median(root));
    println!(
        "median: 1 thread {one:.0}, 2 threads (tree) {tree:.0} ({:.2}x), 2 threads (root) {root:.0} ({:.2}x)",
        tree / one,
        root / one
    );
    println!(
        "process CPU {:.1} s in {:.1} s of wall time",
        cpu_seconds(),
        begin.elapsed().as_secs_f64()
    );
}
