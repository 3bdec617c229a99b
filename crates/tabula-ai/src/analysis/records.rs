//! One row per game of an analysis ([`GameRow`]): what `--records FILE.jsonl` writes, what
//! `--resume` reads back, and what a batch of games played elsewhere returns
//! ([`play_batch`]). A row is the game's [`GameRecord`] with the variant, the match it
//! belongs to, the bots by seat and the winner; [`GameRow::to_line`] is its one JSON line.
//!
//! Game `index` of a match is the same game wherever it is played (its seed, seating and
//! bots derive from the match seed and the index only), so rows from a batch are
//! byte-identical to the rows a local run writes for the same games.

use super::dynamics::winner;
use super::{Phase, phase_config, phase_specs};
use crate::AiError;
use crate::arena::{Evaluation, MatchConfig, play_games, spec_maker};
use crate::factory::BotFactory;
use crate::spec::BotSpec;
use crate::stats::GameRecord;
use serde::{Deserialize, Serialize};
use tabula_core::{Game, Notation};

/// One game of an analysis.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameRow {
    /// The variant's name (empty without `--variant`).
    pub variant: String,
    /// The match: `balance` or `skill`.
    #[serde(rename = "match")]
    pub phase: Phase,
    /// The bot in each seat.
    pub bots: Vec<String>,
    /// The seat (1-based) ranked first alone; `None` for a draw, a shared first place or an
    /// unfinished game.
    pub winner: Option<usize>,
    #[serde(flatten)]
    pub record: GameRecord,
}

impl GameRow {
    /// The row of `record`, played by the bots `names` (indexed as `record.bots_by_seat`).
    pub fn new(variant: &str, phase: Phase, names: &[String], record: GameRecord) -> GameRow {
        GameRow {
            variant: variant.to_string(),
            phase,
            bots: record
                .bots_by_seat
                .iter()
                .map(|&b| names.get(b).cloned().unwrap_or_default())
                .collect(),
            winner: winner(&record).map(|s| s + 1),
            record,
        }
    }

    /// The row as one line of JSON (no newline).
    pub fn to_line(&self) -> String {
        serde_json::to_string(self).expect("a row serialises")
    }

    /// A row from one line of JSON, with an error naming what is wrong.
    pub fn from_line(line: &str) -> Result<GameRow, String> {
        serde_json::from_str(line).map_err(|e| e.to_string())
    }
}

/// A batch of games for [`play_batch`]: one variant's parameters, the analysis's bots and
/// settings exactly as given to [`analyze_with`](super::analyze_with) (`config.seed` is the
/// analysis seed), the match and the game numbers to play.
#[derive(Clone, Debug)]
pub struct Batch<'a, G: Game> {
    pub variant: &'a str,
    pub phase: Phase,
    pub params: &'a G::Params,
    pub bot: &'a BotSpec,
    pub weaker: Option<&'a BotSpec>,
    pub config: &'a MatchConfig,
    pub evaluation: &'a Evaluation,
    pub indices: &'a [usize],
}

/// Plays a batch and returns its rows in the order of `indices` (the call a distributed
/// runner makes on each worker; see docs/analyze.md).
pub fn play_batch<G: Notation>(
    batch: &Batch<'_, G>,
    factory: &BotFactory<G>,
) -> Result<Vec<GameRow>, AiError> {
    let seats = G::new(batch.params)?.num_seats();
    let specs = phase_specs(batch.phase, batch.bot, batch.weaker, seats)?;
    for spec in &specs {
        factory.build(spec, seats, 0)?;
    }
    let config = phase_config(batch.phase, batch.config, batch.evaluation);
    let names: Vec<String> = specs.iter().map(ToString::to_string).collect();
    let make = spec_maker(&specs, factory, &config, seats);
    let records = play_games(
        batch.params,
        &make,
        &config,
        batch.indices,
        &|_| {},
        &|_, _| {},
    )?;
    Ok(records
        .into_iter()
        .map(|r| GameRow::new(batch.variant, batch.phase, &names, r))
        .collect())
}
