//! Prints perft counts of a position with the engine: `cargo run --release --example perft --
//! "<position>" <depth> [divide]`. Compare with `python3 tools/reference.py perft`.

use tabula_core::Notation;
use tabula_core::perft::{divide, perft};
use tabula_toumai::{Params, Toumai};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.len() < 3 {
        eprintln!("usage: perft \"<position>\" <depth> [divide]");
        std::process::exit(2);
    }
    let game = match Toumai::from_notation(&Params::default(), &args[1]) {
        Ok(g) => g,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(1);
        }
    };
    let depth: u32 = args[2].parse().unwrap_or(1);
    if args.get(3).map(String::as_str) == Some("divide") {
        let mut rows: Vec<(String, u64)> = divide(&game, depth)
            .into_iter()
            .map(|(a, n)| (game.format_action(a), n))
            .collect();
        rows.sort();
        for (a, n) in rows {
            println!("{a} {n}");
        }
        return;
    }
    for d in 1..=depth {
        let t = std::time::Instant::now();
        println!("D{d} {} ({:.2?})", perft(&game, d), t.elapsed());
    }
}
