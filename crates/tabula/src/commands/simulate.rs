//! `tabula match` and `tabula bench`: bots against each other, and speed measurements.

use crate::find;
use crate::opts::ParamOpts;
use anyhow::{Context, Result, bail};
use indicatif::{ProgressBar, ProgressStyle};
use serde_json::Value;
use std::time::Duration;
use tabula_ai::BenchConfig;
use tabula_ai::arena::{MatchConfig, RaceRule};

pub struct MatchArgs<'a> {
    pub game: &'a str,
    pub bots: &'a str,
    pub games: usize,
    pub threads: Option<usize>,
    pub seed: u64,
    pub json: Option<&'a std::path::Path>,
    pub random_setup: bool,
    pub opening_plies: u32,
    pub moves: bool,
    pub params: &'a ParamOpts,
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

pub fn run_match(args: MatchArgs<'_>) -> Result<()> {
    let entry = find(args.game)?;
    let seats = args.bots.split(',').count();
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
    let report = entry.run_match(&params, args.bots, &config, &|done, _| {
        bar.set_position(done as u64)
    });
    bar.finish_and_clear();
    let report = report?;
    print!("{}", report.table());
    if let Some(path) = args.json {
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
