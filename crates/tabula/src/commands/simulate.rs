//! `tabula match` and `tabula bench`: bots against each other, and speed measurements.

use crate::find;
use crate::opts::ParamOpts;
use anyhow::{Context, Result, bail};
use indicatif::{ProgressBar, ProgressStyle};
use serde_json::Value;
use std::time::Duration;
use tabula_ai::BenchConfig;
use tabula_ai::arena::{MatchConfig, RaceRule};

/// The command line of `tabula match`.
#[derive(clap::Args, Debug)]
pub struct MatchArgs {
    game: String,
    /// One bot per seat, comma-separated: `random`, a level (`beginner`, `casual`,
    /// `strong`, `expert`), or a search such as `mcts:iterations=5000` or
    /// `alphabeta:depth=6`.
    #[arg(long, value_name = "SPEC,SPEC…", required_unless_present = "replay")]
    bots: Option<String>,
    #[arg(long, default_value_t = 100)]
    games: usize,
    /// Games played at once (default: every core).
    #[arg(long, value_name = "T")]
    threads: Option<usize>,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Also write the report as JSON to this file.
    #[arg(long, value_name = "FILE")]
    json: Option<std::path::PathBuf>,
    /// Start every game from a random setup instead of the placement setup.
    #[arg(long)]
    random_setup: bool,
    /// Start every game with K random legal plies. Each opening is played in every
    /// seating (2 games in a row with two players, 6 with three), so that a lopsided
    /// opening favours no bot.
    #[arg(long, value_name = "K", default_value_t = 0)]
    opening_plies: u32,
    /// Also record every game's moves in the JSON report (each record's `moves`) and its
    /// position before the opening (`start`), so that any game replays in `tabula
    /// engine` with `position <start> moves <opening…> <moves…>`, with the wall time
    /// in milliseconds each move's bot took to decide (`move_ms`, `null` for chance).
    #[arg(long, requires = "json")]
    moves: bool,
    /// One game from the last position of a match record (a saved finished match, or any
    /// file of `#` comments and one `position … moves …` line): the bots play it on to
    /// the end. The record's `# Params:` line gives the game's parameters.
    #[arg(long, value_name = "FILE",
        conflicts_with_all = ["games", "json", "threads", "random_setup", "opening_plies", "moves"])]
    from: Option<std::path::PathBuf>,
    /// With --from: print the recorded game, move by move with the board, instead of
    /// playing on.
    #[arg(long, requires = "from")]
    replay: bool,
    #[command(flatten)]
    params: ParamOpts,
}

/// How `tabula match` and `analyze` decide races: by skill, every bot at the same simulated
/// instant (the bots' reaction times are for games against people).
pub(crate) const MATCH_RACE: RaceRule = RaceRule::Skill;

/// The match settings from the command line, refusing zero games or threads.
pub(crate) fn match_config(
    games: usize,
    threads: Option<usize>,
    seed: u64,
    random_setup: bool,
) -> Result<MatchConfig> {
    if games == 0 {
        bail!("--games must be at least 1");
    }
    if threads == Some(0) {
        bail!("--threads must be at least 1");
    }
    Ok(MatchConfig {
        games,
        threads: threads.unwrap_or_else(tabula_ai::bench::available_threads),
        seed,
        random_setup,
        race: MATCH_RACE,
        ..MatchConfig::default()
    })
}

/// A progress bar over `games` games (on standard error, hidden when it is not a terminal).
pub(crate) fn progress_bar(games: usize, template: &str) -> ProgressBar {
    let bar = ProgressBar::new(games as u64);
    bar.set_style(ProgressStyle::with_template(template).expect("a valid template"));
    bar.enable_steady_tick(Duration::from_millis(500));
    bar
}

pub fn run_match(args: MatchArgs) -> Result<()> {
    if let Some(path) = &args.from {
        return super::match_record::from_record(super::match_record::FromRecord {
            game: &args.game,
            path,
            bots: args.bots.as_deref().filter(|_| !args.replay),
            seed: args.seed,
            params: &args.params,
        });
    }
    let bots = args.bots.as_deref().unwrap_or_default();
    let entry = find(&args.game)?;
    let seats = bots.split(',').count();
    let params = args.params.to_json(Some(seats))?;
    let config = MatchConfig {
        opening_plies: args.opening_plies,
        record_moves: args.moves,
        record_times: args.moves,
        ..match_config(args.games, args.threads, args.seed, args.random_setup)?
    };
    let bar = progress_bar(
        args.games,
        "{bar:40} {pos}/{len} games, {elapsed} elapsed, eta {eta}",
    );
    let report = entry.run_match(&params, bots, &config, &|done, _| {
        bar.set_position(done as u64)
    });
    bar.finish_and_clear();
    let report = report?;
    print!("{}", report.table());
    if let Some(path) = &args.json {
        let text = serde_json::to_string_pretty(&report)?;
        std::fs::write(path, text + "\n")
            .with_context(|| format!("cannot write {}", path.display()))?;
        println!("JSON report written to {}", path.display());
    }
    Ok(())
}

pub struct BenchArgs<'a> {
    pub game: Option<&'a str>,
    pub json: bool,
    pub iterations: u64,
    pub threads: Option<usize>,
    pub seed: u64,
}

pub fn bench(args: BenchArgs<'_>) -> Result<()> {
    if args.iterations == 0 {
        bail!("--iterations must be at least 1");
    }
    let entries = match args.game {
        Some(name) => vec![find(name)?],
        None => crate::catalog().entries().to_vec(),
    };
    let config = BenchConfig {
        iterations: args.iterations,
        threads: args
            .threads
            .unwrap_or_else(tabula_ai::bench::available_threads),
        seed: args.seed,
        ..BenchConfig::default()
    };
    if !args.json {
        println!(
            "{:<15} {:>12} {:>13} {:>16} {:>18}",
            "game",
            "playouts/s",
            "plies/s",
            "MCTS iter/s 1t",
            format!("MCTS iter/s {}t", config.threads)
        );
    }
    for entry in entries {
        let report = entry.bench(&Value::Null, &config)?;
        if args.json {
            println!("{}", serde_json::to_string(&report)?);
        } else {
            println!(
                "{:<15} {:>12.0} {:>13.0} {:>16.0} {:>18.0}",
                report.game,
                report.playouts_per_s,
                report.plies_per_s,
                report.mcts_iters_per_s_1t,
                report.mcts_iters_per_s_all
            );
        }
    }
    Ok(())
}
