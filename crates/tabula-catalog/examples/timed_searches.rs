//! How long timed MCTS searches take against their budget, through whole Connect Four games
//! between two bots of the same configuration that keep their trees from move to move.
//!
//! ```sh
//! cargo run --release -p tabula-catalog --example timed_searches -- \
//!     [--threads 2] [--parallel tree|root] [--ms 50] [--games 3]
//! ```
//!
//! Prints, over every move of the games, the mean and the largest wall time of a decision
//! (`MctsBot::decide`: re-rooting the kept tree, the search, and for the shared tree its
//! conversions in and out of the arena), the mean iterations per search (a move with one
//! legal action is played without one), and the CPU time the process used (all threads).

use std::time::Instant;
use tabula_ai::{Bot, Decision, MctsBot, MctsConfig, Parallelism};
use tabula_connect_four::ConnectFour;
use tabula_core::{Actor, Game, Seat};

mod common;
use common::{arg, cpu_seconds};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let number = |name: &str, default: &str| -> u64 {
        arg(&args, name, default)
            .parse()
            .unwrap_or_else(|_| panic!("{name} takes a number"))
    };
    let parallel = match arg(&args, "--parallel", "tree").as_str() {
        "tree" => Parallelism::Tree,
        "root" => Parallelism::Root,
        other => panic!("--parallel takes tree or root, not {other}"),
    };
    let config = MctsConfig {
        time_ms: Some(number("--ms", "50")),
        iterations: None,
        threads: number("--threads", "2") as usize,
        parallel,
        ..MctsConfig::default()
    };
    let (mut walls, mut iterations, mut searches) = (Vec::new(), 0u64, 0u64);
    let mut legal = Vec::new();
    for g in 0..number("--games", "3") {
        let mut bots: Vec<MctsBot<ConnectFour>> = (0..2)
            .map(|i| MctsBot::new(config.clone(), 2 * g + i))
            .collect();
        let mut game = ConnectFour::new(&Default::default()).expect("the default board");
        for ply in 0.. {
            if game.is_over() {
                break;
            }
            let bot = &mut bots[ply % 2];
            let seat = Seat((ply % 2) as u8);
            game.legal_actions_for(Actor::Seat(seat), &mut legal);
            let begin = Instant::now();
            let decision = bot.decide(&game, seat, false);
            walls.push(begin.elapsed().as_secs_f64() * 1e3);
            // A single legal action is played without a search: the last search is older.
            if legal.len() > 1 {
                searches += 1;
                iterations += bot.last_search().map_or(0, |info| info.iterations);
            }
            let Ok(Decision::Act(action)) = decision else {
                panic!("a bot that must act acts");
            };
            for b in &mut bots {
                b.observe(&game, action);
            }
            game.apply(action);
        }
    }
    let mean = walls.iter().sum::<f64>() / walls.len() as f64;
    let most = walls.iter().copied().fold(0.0, f64::max);
    println!(
        "{} moves of {} ms: wall time mean {mean:.1} ms, largest {most:.1} ms; \
         {:.0} iterations per search; process CPU {:.1} s",
        walls.len(),
        config.time_ms.unwrap_or(0),
        iterations as f64 / searches.max(1) as f64,
        cpu_seconds()
    );
}
