//! `tabula analyze --ladder A,B,C,…`: each level plays the next one up (the higher level in
//! one seat, the lower in every other, seats rotating as in `tabula match`), `--games`
//! games per step; the steps' scores and Elo differences are
//! [`tabula_ai::analysis::ladder`]'s.

use super::analyze_records::RecordSink;
use super::simulate::progress_bar;
use anyhow::{Context, Result, anyhow, bail};
use serde_json::Value;
use std::collections::BTreeMap;
use std::io::IsTerminal;
use std::time::{Duration, Instant};
use tabula_ai::analysis::Phase;
use tabula_ai::analysis::ladder::{Ladder, step_of, step_of_records};
use tabula_ai::analysis::records::GameRow;
use tabula_ai::stats::GameRecord;
use tabula_ai::{BotSpec, MatchConfig};
use tabula_registry::GameEntry;

/// The levels of `--ladder` (comma-separated, at least two, none empty, each a bot the
/// game can build).
pub fn parse_ladder(entry: &dyn GameEntry, text: &str) -> Result<Vec<String>> {
    let levels: Vec<String> = text.split(',').map(|s| s.trim().to_string()).collect();
    if let Some(i) = levels.iter().position(String::is_empty) {
        bail!("--ladder `{text}`: level {} is empty", i + 1);
    }
    if levels.len() < 2 {
        bail!("--ladder needs at least two levels (comma-separated), not `{text}`");
    }
    for level in &levels {
        entry
            .bot(level, 0)
            .map_err(|e| anyhow!("--ladder level `{level}`: {e}"))?;
    }
    Ok(levels)
}

/// The seed of step `i` (0-based): every step its own games, all from the analysis seed.
fn step_seed(seed: u64, i: usize) -> u64 {
    seed.wrapping_add(0x1add_e400_0000_0000)
        .wrapping_add((i as u64 + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15))
}

/// The rows of `known` (an interrupted run's) that are games of a step: its seeds, its bots
/// (`higher` in one seat, `lower` in the others; a row names the bot of each seat), by game
/// number.
fn step_rows<'k>(
    known: &'k [GameRow],
    seed: u64,
    games: usize,
    (higher, lower): (&str, &str),
) -> BTreeMap<usize, &'k GameRow> {
    known
        .iter()
        .filter(|r| r.phase == Phase::Ladder && r.bots.iter().any(|b| b == higher))
        .filter(|r| r.bots.iter().all(|b| b == higher || b == lower))
        .filter(|r| {
            r.record.index < games
                && r.record.seed == tabula_ai::arena::game_seed(seed, r.record.index)
        })
        .map(|r| (r.record.index, r))
        .collect()
}

/// Plays the ladder of `levels` (from [`parse_ladder`]) on the game with parameters `params`
/// and `seats` seats. A step whose every game is in `known` (the records of an interrupted
/// run, `--resume`) is read from them and not played; a step with some of its games there
/// is played again (the same seeds give the same games) and only the games missing are
/// written to the records.
pub fn run_ladder(
    entry: &dyn GameEntry,
    params: &Value,
    levels: &[String],
    seats: usize,
    config: &MatchConfig,
    sink: &RecordSink,
    known: &[GameRow],
) -> Result<Ladder> {
    if seats < 2 {
        bail!("--ladder needs a game of two or more players, this one has {seats}");
    }
    let terminal = std::io::stderr().is_terminal();
    let start = Instant::now();
    let mut steps = Vec::with_capacity(levels.len() - 1);
    for (i, pair) in levels.windows(2).enumerate() {
        let (lower, higher) = (&pair[0], &pair[1]);
        let mut specs = vec![higher.as_str()];
        specs.extend(std::iter::repeat_n(lower.as_str(), seats - 1));
        let step_config = MatchConfig {
            seed: step_seed(config.seed, i),
            record_choices: false,
            ..config.clone()
        };
        let bar = progress_bar(
            config.games,
            "{msg:>12} {bar:40} {pos}/{len} games, eta {eta}",
        );
        if !terminal {
            bar.set_draw_target(indicatif::ProgressDrawTarget::hidden());
        }
        let label = format!("ladder {}/{}", i + 1, levels.len() - 1);
        bar.set_message(label.clone());
        // The rows name bots as the match does: by their parsed specifications.
        let named = |l: &str| {
            l.parse::<BotSpec>()
                .map_or(l.to_string(), |s| s.to_string())
        };
        let (h, l) = (named(higher), named(lower));
        let resumed = step_rows(known, step_config.seed, config.games, (&h, &l));
        if resumed.len() == config.games {
            bar.finish_and_clear();
            eprintln!(
                "analyze: {label} ({higher} against {lower}) {} games read from the records",
                config.games
            );
            let records: Vec<GameRecord> = resumed.values().map(|r| r.record.clone()).collect();
            steps.push(step_of_records(&l, &h, seats, &records));
            continue;
        }
        // Off a terminal, a line every 5 seconds and at the end of each step.
        let last = std::sync::Mutex::new(None::<Instant>);
        let report = entry.run_match(params, &specs.join(","), &step_config, &|done, total| {
            bar.set_position(done as u64);
            if !terminal {
                let now = Instant::now();
                let mut last = last.lock().expect("progress");
                if last.is_none_or(|t| now.duration_since(t) >= Duration::from_secs(5))
                    || done == total
                {
                    *last = Some(now);
                    eprintln!(
                        "analyze: {label} ({higher} against {lower}) {done}/{total} games, \
                         {:.1} s",
                        start.elapsed().as_secs_f64()
                    );
                }
            }
        });
        bar.finish_and_clear();
        let report = report.with_context(|| format!("ladder step {higher} against {lower}"))?;
        // The step's games go to the records (and the CSV), bots named by spec.
        let names: Vec<String> = report.bots.iter().map(|b| b.bot.clone()).collect();
        for record in report
            .records
            .iter()
            .filter(|r| !resumed.contains_key(&r.index))
        {
            sink.write(&GameRow::new("", Phase::Ladder, &names, record.clone()));
        }
        sink.check()?;
        steps.push(step_of(&report));
    }
    Ok(Ladder::new(seats, config.games, steps))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(index: usize, seed: u64, bots: [&str; 2], phase: Phase) -> GameRow {
        let record: GameRecord = serde_json::from_value(serde_json::json!({
            "index": index, "seed": seed, "bots_by_seat": [index % 2, 1 - index % 2],
            "ranks": [1, 2], "scores": null, "reason": "win", "plies": 9
        }))
        .unwrap();
        // Bot 0 (the higher level) sits in seat 2 in odd games.
        let names: Vec<String> = bots.iter().map(|b| b.to_string()).collect();
        GameRow::new("", phase, &names, record)
    }

    #[test]
    fn a_step_takes_the_rows_of_its_seeds_and_bots_whatever_the_seat() {
        let seed = step_seed(1, 0);
        let s = |i| tabula_ai::arena::game_seed(seed, i);
        let known = [
            row(0, s(0), ["casual", "beginner"], Phase::Ladder),
            row(1, s(1), ["casual", "beginner"], Phase::Ladder),
            // Another step's seed, other bots, a game past the run's, a balance game.
            row(2, s(2) ^ 1, ["casual", "beginner"], Phase::Ladder),
            row(3, s(3), ["strong", "beginner"], Phase::Ladder),
            row(9, s(9), ["casual", "beginner"], Phase::Ladder),
            row(4, s(4), ["casual", "beginner"], Phase::Balance),
        ];
        let rows = step_rows(&known, seed, 5, ("casual", "beginner"));
        assert_eq!(rows.keys().copied().collect::<Vec<_>>(), [0, 1]);
    }
}
