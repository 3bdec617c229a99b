//! How alpha-beta's nodes per second and depth scale with threads (lazy SMP, the threads
//! sharing the transposition table) in the games it plays: Connect Four, Toumaï, Khan-Tsin.
//!
//! ```sh
//! cargo run --release -p tabula-catalog --example alphabeta_scaling -- \
//!     [--ms 200 | --depth D] [--positions 12] [--threads 2] [--seed 1] [--games …] \
//!     [--split yes|no] [--rounds 1]
//! ```
//!
//! For each game, `--positions` positions are reached by random moves from the start (4 to
//! 11 plies into the game). Each is searched for `--ms` milliseconds by one thread, then by
//! `--threads` threads, each time by a new bot (an empty table). Printed per game: the
//! nodes per second of all threads together and their ratio, the mean depth the main
//! thread completed, and the CPU time the process used. With `--depth`, each search goes
//! to that depth whatever the time, and the wall time of all searches is printed too (its
//! ratio is the time-to-depth speed-up). `--split` says whether the threads split the work
//! (`AlphaBetaConfig::split`, yes by default, as every game's bots do).
//!
//! The machine's speed drifts by several per cent within minutes, more than the ratio's
//! margin. So the two thread counts search each position back to back (which goes first
//! alternates from one position to the next), and `--rounds R` measures the positions R
//! times, prints each round, and then the median of the rounds' ratios and their range.

use std::time::Duration;
use tabula_ai::{AlphaBetaBot, AlphaBetaConfig};
use tabula_connect_four::ConnectFour;
use tabula_core::{Game, Heuristic, Zobrist, rng_from_seed, step_random};
use tabula_khan_tsin::KhanTsin;
use tabula_toumai::Toumai;

mod common;
use common::{arg, cpu_seconds, median};

/// What the searches of one thread count added up to over a round's positions.
#[derive(Default)]
struct Tally {
    nodes: u64,
    elapsed: Duration,
    depth: u64,
    cpu: f64,
    searches: u32,
}

impl Tally {
    /// Searches `position` with a new bot of `threads` threads (an empty table) and adds
    /// what it did.
    fn search<G: Zobrist + Heuristic>(
        &mut self,
        position: &G,
        budget: Budget,
        threads: usize,
        split: bool,
    ) {
        let config = AlphaBetaConfig {
            max_depth: budget.depth.unwrap_or(64),
            time_ms: budget.ms,
            threads,
            split: Some(split),
            ..AlphaBetaConfig::default()
        };
        let mut bot = AlphaBetaBot::<G>::new(config, 1);
        let cpu = cpu_seconds();
        let found = bot.search(position).expect("a position with a move");
        self.cpu += cpu_seconds() - cpu;
        self.nodes += found.nodes;
        self.elapsed += found.elapsed;
        self.depth += found.depth as u64;
        self.searches += 1;
    }

    /// Nodes per second of all threads together.
    fn rate(&self) -> f64 {
        self.nodes as f64 / self.elapsed.as_secs_f64()
    }

    /// The mean depth the main thread completed.
    fn depth(&self) -> f64 {
        self.depth as f64 / f64::from(self.searches.max(1))
    }
}

/// What ends a search.
#[derive(Clone, Copy)]
struct Budget {
    ms: Option<u64>,
    depth: Option<u32>,
}

/// Positions a few random plies from `start` where the game is not over.
fn positions<G: Game>(start: &G, count: usize, seed: u64) -> Vec<G> {
    let mut rng = rng_from_seed(seed);
    let (mut actions, mut chances) = (Vec::new(), Vec::new());
    let mut out = Vec::new();
    let mut i = 0;
    while out.len() < count {
        let mut g = start.clone();
        for _ in 0..4 + i % 8 {
            step_random(&mut g, &mut rng, &mut actions, &mut chances);
        }
        i += 1;
        if !g.to_act().is_over() {
            out.push(g);
        }
    }
    out
}

/// Measures `name` from `start`.
fn report<G: Zobrist + Heuristic>(name: &str, start: G, args: &[String]) {
    let depth: Option<u32> = args.iter().any(|a| a == "--depth").then(|| {
        arg(args, "--depth", "")
            .parse()
            .expect("--depth takes a number")
    });
    let ms: u64 = arg(args, "--ms", "200")
        .parse()
        .expect("--ms takes a number");
    let budget = Budget {
        ms: depth.is_none().then_some(ms),
        depth,
    };
    let count: usize = arg(args, "--positions", "12")
        .parse()
        .expect("--positions takes a number");
    let threads: usize = arg(args, "--threads", "2")
        .parse()
        .expect("--threads takes a number");
    assert!(threads >= 1, "--threads must be at least 1");
    let seed: u64 = arg(args, "--seed", "1")
        .parse()
        .expect("--seed takes a number");
    let split = match arg(args, "--split", "yes").as_str() {
        "yes" => true,
        "no" => false,
        other => panic!("--split is yes or no, not {other}"),
    };
    let rounds: usize = arg(args, "--rounds", "1")
        .parse()
        .expect("--rounds takes a number");
    let positions = positions(&start, count, seed);
    let mut ratios = Vec::new();
    for round in 0..rounds {
        let (mut one, mut many) = (Tally::default(), Tally::default());
        for (i, position) in positions.iter().enumerate() {
            // Both thread counts search each position back to back, and which goes first
            // alternates, so that the machine's drift favours neither.
            if (i + round) % 2 == 0 {
                one.search(position, budget, 1, split);
                many.search(position, budget, threads, split);
            } else {
                many.search(position, budget, threads, split);
                one.search(position, budget, 1, split);
            }
        }
        ratios.push(many.rate() / one.rate());
        let label = if rounds > 1 {
            format!("{name} #{}", round + 1)
        } else {
            name.to_string()
        };
        println!(
            "{label:<14} 1 thread {:>10.0} nodes/s, depth {:>5.2}, {:>5.1} s CPU, {:>6.2} s | \
             {threads} threads {:>10.0} nodes/s ({:.2}×), depth {:>5.2}, {:>5.1} s CPU, \
             {:>6.2} s ({:.2}× faster)",
            one.rate(),
            one.depth(),
            one.cpu,
            one.elapsed.as_secs_f64(),
            many.rate(),
            many.rate() / one.rate(),
            many.depth(),
            many.cpu,
            many.elapsed.as_secs_f64(),
            one.elapsed.as_secs_f64() / many.elapsed.as_secs_f64()
        );
    }
    if rounds > 1 {
        let (low, high) = ratios
            .iter()
            .fold((f64::MAX, f64::MIN), |(l, h), &r| (l.min(r), h.max(r)));
        println!(
            "{name:<14} {threads} threads against 1 over {rounds} rounds: median {:.2}×, \
             range {low:.2}–{high:.2}×",
            median(ratios)
        );
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let games = arg(&args, "--games", "connect-four,toumai,khan-tsin");
    for game in games.split(',') {
        match game {
            "connect-four" => report(
                game,
                ConnectFour::new(&Default::default()).expect("the default board"),
                &args,
            ),
            "toumai" => report(
                game,
                Toumai::new(&Default::default()).expect("the default game"),
                &args,
            ),
            "khan-tsin" => report(
                game,
                KhanTsin::new(&Default::default()).expect("the default game"),
                &args,
            ),
            other => panic!("alpha-beta plays connect-four, toumai and khan-tsin, not {other}"),
        }
    }
}
