//! Wall time per move of each level in each game, as a host (the server, `tabula engine`)
//! sees it: bots of one level play each other from the game's setup through the registry's
//! bot interface, every decision is timed, and the mean, 90th percentile and maximum of the
//! wall time are printed, with the mean and maximum of the process's CPU time per decision
//! (Linux: `/proc/self/stat`, 10 ms ticks), which a loaded machine does not inflate: with one
//! search thread it is the wall time the move takes on an idle core (docs/performance.md,
//! "Levels: time per move").
//!
//! ```sh
//! cargo run --release -p tabula-catalog --example level_times -- \
//!     --games connect-four,toumai --levels strong,expert --moves 40 --threads 2
//! ```
//!
//! `--threads T` appends `:threads=T` to the levels (MCTS levels then search on T threads;
//! alpha-beta levels search on one); `--capped` appends each level's time cap
//! (`:ms=1900` for expert, `Level::time_cap_ms`): `--threads 2 --capped` times the levels
//! as the server plays them against people. Races (several seats may act) ask every acting seat, as
//! a match does; if all of them wait, the first legal action of a random acting seat is
//! played (timing only, not a rule).

use rand::RngExt;
use std::time::{Duration, Instant};
use tabula_core::{Actor, ToAct, rng_from_seed};
use tabula_registry::Setup;

mod common;
use common::{arg, cpu_seconds};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let games = arg(
        &args,
        "--games",
        "connect-four,toumai,khan-tsin,china-moon,magical-circle",
    );
    let levels = arg(&args, "--levels", "beginner,casual,strong,expert");
    let moves: usize = arg(&args, "--moves", "30").parse().expect("--moves N");
    let threads: usize = arg(&args, "--threads", "1").parse().expect("--threads T");
    let seed: u64 = arg(&args, "--seed", "1").parse().expect("--seed S");
    let capped = args.iter().any(|a| a == "--capped");
    println!(
        "game             players  level      moves    mean ms     p90 ms     max ms   cpu mean    cpu max"
    );
    for game in games.split(',') {
        let entry = tabula_catalog::builtin()
            .find(game)
            .expect("a registered game");
        let players = if game == "china-moon" { 3 } else { 2 };
        let params = serde_json::json!({ "players": players });
        for level in levels.split(',') {
            let spec = if capped {
                level
                    .parse::<tabula_ai::BotSpec>()
                    .expect("a level name")
                    .facing_people(threads)
                    .to_string()
            } else if threads > 1 {
                format!("{level}:threads={threads}")
            } else {
                level.to_string()
            };
            let mut rng = rng_from_seed(seed);
            let mut times: Vec<Duration> = Vec::new();
            let mut cpu: Vec<f64> = Vec::new();
            let mut round = 0u64;
            while times.len() < moves {
                let mut g = entry
                    .new_game(&params, Setup::Placement, &mut rng)
                    .expect("a game");
                let mut bots: Vec<_> = (0..players)
                    .map(|s| {
                        entry
                            .bot(&spec, seed + 31 * round + s as u64)
                            .expect("a bot")
                    })
                    .collect();
                round += 1;
                let mut plies = 0;
                while times.len() < moves && plies < 2000 {
                    plies += 1;
                    let seats: Vec<_> = match g.to_act() {
                        ToAct::Over(_) => break,
                        ToAct::Chance => {
                            g.resolve_chance(&mut rng);
                            continue;
                        }
                        ToAct::One(seat) => vec![seat],
                        ToAct::Several(set) => set.iter().collect(),
                    };
                    let mut chosen = None;
                    for &seat in &seats {
                        let (start, cpu_start) = (Instant::now(), cpu_seconds());
                        let decision = bots[seat.index()].decide(g.as_ref(), seat);
                        times.push(start.elapsed());
                        cpu.push(cpu_seconds() - cpu_start);
                        if chosen.is_none() {
                            chosen = decision.map(|m| (seat, m.action));
                        }
                    }
                    let (seat, text) = chosen.unwrap_or_else(|| {
                        let seat = seats[rng.random_range(0..seats.len())];
                        (seat, g.legal(Actor::Seat(seat))[0].clone())
                    });
                    let action = g.read_action(Actor::Seat(seat), &text).expect("legal");
                    for bot in bots.iter_mut() {
                        bot.observe(g.as_ref(), &action);
                    }
                    g.apply_action(&action).expect("applied");
                }
            }
            times.sort();
            let ms = |d: Duration| d.as_secs_f64() * 1000.0;
            let mean = times.iter().map(|&d| ms(d)).sum::<f64>() / times.len() as f64;
            let p90 = ms(times[(times.len() * 9 / 10).min(times.len() - 1)]);
            let max = ms(*times.last().expect("timed"));
            let cpu_mean = 1000.0 * cpu.iter().sum::<f64>() / cpu.len() as f64;
            let cpu_max = 1000.0 * cpu.iter().copied().fold(0.0, f64::max);
            println!(
                "{game:<16} {players:>7}  {spec:<24} {:>5} {mean:>10.1} {p90:>10.1} {max:>10.1} \
                 {cpu_mean:>10.1} {cpu_max:>10.1}",
                times.len()
            );
        }
    }
}
