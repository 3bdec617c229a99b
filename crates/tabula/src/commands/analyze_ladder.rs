//! `tabula analyze --ladder A,B,C,…`: each level plays the next one up (the higher level in
//! one seat, the lower in every other, seats rotating as in `tabula match`), `--games`
//! games per step; the steps' scores and Elo differences are
//! [`tabula_ai::analysis::ladder`]'s.

use super::simulate::progress_bar;
use anyhow::{Context, Result, anyhow, bail};
use serde_json::Value;
use std::io::IsTerminal;
use tabula_ai::MatchConfig;
use tabula_ai::analysis::ladder::{Ladder, step_of};
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

/// Plays the ladder of `levels` (from [`parse_ladder`]) on the game with parameters `params` and `seats` seats.
pub fn run_ladder(
    entry: &dyn GameEntry,
    params: &Value,
    levels: &[String],
    seats: usize,
    config: &MatchConfig,
) -> Result<Ladder> {
    if seats < 2 {
        bail!("--ladder needs a game of two or more players, this one has {seats}");
    }
    let terminal = std::io::stderr().is_terminal();
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
        bar.set_message(format!("ladder {}/{}", i + 1, levels.len() - 1));
        let report = entry.run_match(params, &specs.join(","), &step_config, &|done, _| {
            bar.set_position(done as u64)
        });
        bar.finish_and_clear();
        let report = report.with_context(|| format!("ladder step {higher} against {lower}"))?;
        steps.push(step_of(&report));
    }
    Ok(Ladder::new(seats, config.games, steps))
}
