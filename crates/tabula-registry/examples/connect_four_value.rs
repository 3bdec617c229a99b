//! How often each bot level keeps the game-theoretic value of Connect Four positions, checked
//! by the exact solver, and how long it takes per move.
//!
//! ```sh
//! cargo run --release -p tabula-registry --example connect_four_value -- \
//!     [--positions 200] [--min-plies 8] [--max-plies 30] [--levels casual,strong,expert] [--seed 1]
//! ```
//!
//! Positions come from random play (a ply count drawn uniformly between the bounds) and are
//! kept only when non-trivial: some legal move changes the value. Positions the reference
//! solver cannot settle within 400 million nodes are skipped and counted. Each position a
//! level loses is printed (its notation, the column played and every column's value).

use rand::RngExt;
use std::time::{Duration, Instant};
use tabula_connect_four::solver::Solver;
use tabula_connect_four::{Column, ConnectFour};
use tabula_core::{Actor, Game, Notation, rng_from_seed};

fn arg(args: &[String], name: &str, default: &str) -> String {
    args.iter()
        .position(|a| a == name)
        .and_then(|i| args.get(i + 1).cloned())
        .unwrap_or_else(|| default.to_string())
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let count: usize = arg(&args, "--positions", "200")
        .parse()
        .expect("--positions N");
    let min: u32 = arg(&args, "--min-plies", "8")
        .parse()
        .expect("--min-plies N");
    let max: u32 = arg(&args, "--max-plies", "30")
        .parse()
        .expect("--max-plies N");
    let seed: u64 = arg(&args, "--seed", "1").parse().expect("--seed S");
    let levels = arg(&args, "--levels", "casual,strong,expert");
    let levels: Vec<&str> = levels.split(',').collect();

    let mut rng = rng_from_seed(seed);
    let mut reference = Solver::new();
    let mut positions = Vec::new();
    let mut skipped = 0;
    while positions.len() < count {
        let plies = rng.random_range(min..=max);
        let mut game = ConnectFour::empty();
        while game.plies() < plies && !game.is_over() {
            let open: Vec<Column> = Column::all().filter(|&c| game.can_drop(c)).collect();
            game.apply(open[rng.random_range(0..open.len())]);
        }
        if game.is_over() {
            continue;
        }
        // Only the values matter: win, draw or loss, not how soon.
        let Some(scores) = reference.column_values(&game, 400_000_000) else {
            skipped += 1;
            continue;
        };
        let value = scores[0].1.signum();
        if scores.iter().any(|&(_, s)| s.signum() != value) {
            positions.push((game, scores));
        }
    }
    println!(
        "{} non-trivial positions, {min}-{max} plies, seed {seed}; {skipped} skipped (unsolved)",
        positions.len()
    );
    println!("level      kept    share   mean/move   max/move");
    let entry = tabula_registry::find("connect-four").expect("registered");
    for level in levels {
        let (mut kept, mut total, mut worst) = (0, Duration::ZERO, Duration::ZERO);
        for (i, (game, scores)) in positions.iter().enumerate() {
            let mut bot = entry.bot(level, seed + i as u64).expect("a level");
            let dyn_game = entry
                .load_position(&serde_json::json!({}), &game.to_notation())
                .expect("a position");
            let seat = game.side_to_move();
            let start = Instant::now();
            let chosen = bot.decide(dyn_game.as_ref(), seat).expect("a move");
            let took = start.elapsed();
            total += took;
            worst = worst.max(took);
            let column = game
                .parse_action(Actor::Seat(seat), &chosen.action)
                .expect("a column");
            let score = scores.iter().find(|&&(c, _)| c == column).expect("legal").1;
            if score.signum() == scores[0].1.signum() {
                kept += 1;
            } else {
                let values: Vec<String> = scores.iter().map(|(c, v)| format!("{c}:{v}")).collect();
                println!(
                    "{level} lost {} ({} plies): played {column}; column:value {}",
                    game.to_notation(),
                    game.plies(),
                    values.join(" ")
                );
            }
        }
        let n = positions.len();
        println!(
            "{level:<10} {kept:>4}/{n:<4} {:>5.1}%   {:>8.1?}   {:>8.1?}",
            100.0 * kept as f64 / n as f64,
            total / n as u32,
            worst
        );
    }
}
