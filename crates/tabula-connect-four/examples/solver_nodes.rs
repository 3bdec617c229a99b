//! Where the exact solver's time goes: nodes and wall time to find a value-keeping column
//! ([`Solver::keeping_column_threads`], on `--threads` threads) and, optionally, the value of every column
//! ([`Solver::column_values`]), on positions after random plies, with the solver's speed in
//! nodes per second.
//!
//! ```sh
//! cargo run --release -p tabula-connect-four --example solver_nodes -- \
//!     [--positions 30] [--min-plies 6] [--max-plies 11] [--table-bits 21] [--cap 200000000] \
//!     [--threads 1] [--every-column] [--each] [--seed 1] [--position "<notation>"]
//! ```
//!
//! Each position gets a fresh solver (no table carried over from another position), as a bot
//! meeting it for the first time would. A search over `--cap` nodes counts as unsolved.
//! `--position` measures that one position instead of random ones; `--each` prints every
//! position with its answer, nodes and time.

use rand::RngExt;
use std::time::{Duration, Instant};
use tabula_connect_four::solver::Solver;
use tabula_connect_four::{Column, ConnectFour};
use tabula_core::{Game, Notation, rng_from_seed};

fn arg(args: &[String], name: &str, default: &str) -> String {
    args.iter()
        .position(|a| a == name)
        .and_then(|i| args.get(i + 1).cloned())
        .unwrap_or_else(|| default.to_string())
}

/// Nodes at the given quantiles of a sorted list.
fn quantiles(sorted: &[u64]) -> String {
    if sorted.is_empty() {
        return "-".into();
    }
    let at = |q: f64| sorted[((sorted.len() - 1) as f64 * q).round() as usize];
    format!(
        "median {:.1}M, 90% {:.1}M, max {:.1}M",
        at(0.5) as f64 / 1e6,
        at(0.9) as f64 / 1e6,
        at(1.0) as f64 / 1e6
    )
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let count: usize = arg(&args, "--positions", "30").parse().expect("N");
    let min: u32 = arg(&args, "--min-plies", "6").parse().expect("N");
    let max: u32 = arg(&args, "--max-plies", "11").parse().expect("N");
    let bits: u32 = arg(&args, "--table-bits", "21").parse().expect("N");
    let cap: u64 = arg(&args, "--cap", "200000000").parse().expect("N");
    let seed: u64 = arg(&args, "--seed", "1").parse().expect("S");
    let threads: usize = arg(&args, "--threads", "1").parse().expect("N");
    let every_column = args.iter().any(|a| a == "--every-column");
    let each = args.iter().any(|a| a == "--each");
    let fixed = args.iter().any(|a| a == "--position").then(|| {
        ConnectFour::from_notation(&Default::default(), &arg(&args, "--position", ""))
            .expect("a position")
    });

    let mut rng = rng_from_seed(seed);
    let (mut keep_nodes, mut keep_time, mut unsolved) = (Vec::new(), Duration::ZERO, 0);
    let (mut all_nodes, mut all_time, mut all_unsolved) = (Vec::new(), Duration::ZERO, 0);
    let mut done = 0;
    while done < count {
        let plies = rng.random_range(min..=max);
        let mut game = fixed.clone().unwrap_or_else(ConnectFour::empty);
        while fixed.is_none() && game.plies() < plies && !game.is_over() {
            let open: Vec<Column> = Column::all().filter(|&c| game.can_drop(c)).collect();
            game.apply(open[rng.random_range(0..open.len())]);
        }
        if game.is_over() {
            continue;
        }
        done += 1;
        let mut solver = Solver::with_table_bits(bits);
        let start = Instant::now();
        let kept = solver.keeping_column_threads(&game, cap, threads);
        let took = start.elapsed();
        keep_time += took;
        if each {
            println!(
                "{} ({} plies): {kept:?}, {:.1}M nodes, {took:.2?}",
                game.to_notation(),
                game.plies(),
                solver.nodes() as f64 / 1e6
            );
        } else if fixed.is_some() {
            println!("kept {kept:?} in {} nodes", solver.nodes());
        }
        match kept {
            Some(_) => keep_nodes.push(solver.nodes()),
            None => unsolved += 1,
        }
        if every_column {
            let mut solver = Solver::with_table_bits(bits);
            let start = Instant::now();
            let values = solver.column_values(&game, cap);
            all_time += start.elapsed();
            match values {
                Some(_) => all_nodes.push(solver.nodes()),
                None => all_unsolved += 1,
            }
            if let (Some(k), Some(v)) = (kept, values) {
                assert_eq!(k.1, v[0].1, "the kept value is the best column's");
            }
        }
    }
    let rate = |nodes: &[u64], unsolved: u64, time: Duration| {
        let total = nodes.iter().sum::<u64>() + unsolved * cap;
        total as f64 / time.as_secs_f64() / 1e6
    };
    keep_nodes.sort();
    println!(
        "{count} positions after {min}-{max} random plies, table 2^{bits}, cap {cap} nodes, \
         {threads} thread(s)"
    );
    println!(
        "keeping_column: {} solved ({}), {unsolved} over the cap; {:.1}M nodes/s (wall), \
         {:.2?} in all",
        keep_nodes.len(),
        quantiles(&keep_nodes),
        rate(&keep_nodes, unsolved, keep_time),
        keep_time
    );
    if every_column {
        all_nodes.sort();
        println!(
            "column_values:  {} solved ({}), {all_unsolved} over the cap; {:.1}M nodes/s, {:.2?}",
            all_nodes.len(),
            quantiles(&all_nodes),
            rate(&all_nodes, all_unsolved, all_time),
            all_time
        );
    }
}
