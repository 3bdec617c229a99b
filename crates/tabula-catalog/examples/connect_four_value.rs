//! How often each bot level keeps the game-theoretic value of Connect Four positions, checked
//! by the exact solver, and how long it takes per move.
//!
//! ```sh
//! cargo run --release -p tabula-catalog --example connect_four_value -- \
//!     [--positions 200] [--min-plies 8] [--max-plies 30] [--levels casual,strong,expert] [--seed 1]
//! ```
//!
//! Positions come from random play (a ply count drawn uniformly between the bounds) and are
//! kept only when non-trivial: some legal move changes the value. Positions the reference
//! solver cannot settle within 400 million nodes are skipped and counted. Each position a
//! level loses is printed (its notation, the column played and every column's value). Per
//! move: the wall time, and the process's CPU time (all threads; Linux `/proc/self/stat`, 10
//! ms ticks), which other work on a loaded machine does not inflate; the splits by ply count
//! (below 12 plies, from 12 on) follow the totals.

use rand::RngExt;
use std::time::Instant;
use tabula_connect_four::solver::Solver;
use tabula_connect_four::{Column, ConnectFour};
use tabula_core::{Actor, Game, Notation, rng_from_seed};

mod common;
use common::{arg, cpu_seconds};

/// One move's record: plies of the position, value kept, wall and CPU seconds.
type Record = (u32, bool, f64, f64);

/// Prints one line of figures for the records that `keep` selects.
fn summary(label: &str, records: &[Record], keep: impl Fn(u32) -> bool) {
    let chosen: Vec<&Record> = records.iter().filter(|r| keep(r.0)).collect();
    let n = chosen.len();
    if n == 0 {
        return;
    }
    let kept = chosen.iter().filter(|r| r.1).count();
    let mean = |f: fn(&Record) -> f64| chosen.iter().map(|r| f(r)).sum::<f64>() / n as f64;
    let max = |f: fn(&Record) -> f64| chosen.iter().map(|r| f(r)).fold(0.0, f64::max);
    println!(
        "{label:<22} {kept:>4}/{n:<4} {:>5.1}%  {:>7.3}s  {:>7.3}s  {:>7.3}s  {:>7.3}s",
        100.0 * kept as f64 / n as f64,
        mean(|r| r.2),
        max(|r| r.2),
        mean(|r| r.3),
        max(|r| r.3),
    );
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
    println!("level, plies           kept    share  wall mean  wall max  cpu mean   cpu max");
    let entry = tabula_catalog::builtin()
        .find("connect-four")
        .expect("registered");
    for level in levels {
        let mut records: Vec<Record> = Vec::new();
        for (i, (game, scores)) in positions.iter().enumerate() {
            let mut bot = entry.bot(level, seed + i as u64).expect("a level");
            let dyn_game = entry
                .load_position(&serde_json::json!({}), &game.to_notation())
                .expect("a position");
            let seat = game.side_to_move();
            let (start, cpu_start) = (Instant::now(), cpu_seconds());
            let chosen = bot.decide(dyn_game.as_ref(), seat).expect("a move");
            let (took, cpu) = (start.elapsed(), cpu_seconds() - cpu_start);
            let column = game
                .parse_action(Actor::Seat(seat), &chosen.action)
                .expect("a column");
            let score = scores.iter().find(|&&(c, _)| c == column).expect("legal").1;
            let kept = score.signum() == scores[0].1.signum();
            records.push((game.plies(), kept, took.as_secs_f64(), cpu));
            if !kept {
                let values: Vec<String> = scores.iter().map(|(c, v)| format!("{c}:{v}")).collect();
                println!(
                    "{level} lost {} ({} plies): played {column}; column:value {}",
                    game.to_notation(),
                    game.plies(),
                    values.join(" ")
                );
            }
        }
        summary(level, &records, |_| true);
        summary(&format!("{level}, {min}-11"), &records, |p| p < 12);
        summary(&format!("{level}, 12-{max}"), &records, |p| p >= 12);
    }
}
