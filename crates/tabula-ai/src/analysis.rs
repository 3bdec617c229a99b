//! Balance analysis for game designers (`tabula analyze`): plays many bot games and measures
//! what a designer asks of a ruleset ([`AnalysisReport`]).
//!
//! Two matches are played with the [arena](crate::arena):
//!
//! 1. **Seat balance**: the same bot in every seat. Each seat's win rate with its Wilson 95%
//!    interval, against the *fair* win rate (the decisive games shared equally between the
//!    seats); how games end (decisive, drawn by the rules, first place shared, drawn at the
//!    game's ply limit, unfinished at the match's cap); game lengths; and, from every seat
//!    decision recorded with its number of legal actions
//!    ([`MatchConfig::record_choices`](crate::arena::MatchConfig::record_choices)), the
//!    branching factor overall, per seat and by ply.
//! 2. **Skill** (optional): the stronger bot in one seat and the weaker bot in every other,
//!    seats rotating: the stronger bot's win rate against the fair share. A game where it is
//!    close to fair is a game of luck (or a bot that does not understand it).
//!
//! Plies are seat decisions (chance events are not counted); ply 0 is the first decision,
//! setup (placement) decisions included. Lengths and branching factors are measured on the
//! games that ended (with a result or at the game's own ply limit): games stopped unfinished
//! at the match's cap ([`MatchConfig::max_plies`]) are only counted as such. In a race, where several seats may act, the
//! decision and its legal actions are those of the seat that acted first.
//!
//! The skill match's seed is derived from the balance match's, so its games differ; both are
//! deterministic for a seed and do not depend on the thread count.

pub mod compare;
pub mod coverage;
mod cpu;
pub mod dynamics;
pub mod figures;
pub mod ladder;
pub mod ludii;
pub mod openings;
pub mod records;
mod report;
pub mod sample;
pub mod significance;
mod summary;
mod text;
mod text_dynamics;
pub mod tune;

use crate::AiError;
use crate::arena::{Evaluation, MatchConfig, play_games, spec_maker, summarise};
use crate::factory::BotFactory;
use crate::spec::BotSpec;
use crate::stats::{GameRecord, MatchReport};
use records::GameRow;
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;
use tabula_core::Notation;

pub use dynamics::Dynamics;
pub use report::{
    AnalysisReport, Balance, Bin, Branching, Lengths, Outcomes, Phase, PlyBranching, SeatBalance,
    Skill, Verdict,
};
pub use sample::Mean;
pub use summary::{branching, lengths, outcomes};
pub use text::shown_plies;

/// Game-length histograms have at most this many bins.
pub const MAX_BINS: usize = 20;

fn derived_seed(seed: u64) -> u64 {
    let mut z = seed ^ 0x5c11_1a7e_d5ee_d000;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// What an analysis does beyond the match settings.
pub struct AnalysisOptions<'a> {
    /// The variant's name in the rows and report (empty: none).
    pub variant: String,
    /// Per-ply evaluations in the balance match.
    pub evaluation: Evaluation,
    /// The threshold of [`Dynamics::decisiveness`].
    pub decisive_threshold: f64,
    /// Rows of an interrupted run of the same analysis: these games are not played again.
    /// Rows of other variants are ignored; a row whose seed or bots differ from this run's
    /// game is refused.
    pub known: Vec<GameRow>,
    /// Called with the row of every game played, as soon as it ends.
    pub on_game: Option<&'a (dyn Fn(&GameRow) + Sync)>,
}

impl Default for AnalysisOptions<'_> {
    fn default() -> Self {
        AnalysisOptions {
            variant: String::new(),
            evaluation: Evaluation::Off,
            decisive_threshold: dynamics::DECISIVE_THRESHOLD,
            known: Vec::new(),
            on_game: None,
        }
    }
}

/// The bots of a match by index: `bot` in every seat (balance), or `bot` then `weaker` in
/// the other seats (skill).
pub(crate) fn phase_specs(
    phase: Phase,
    bot: &BotSpec,
    weaker: Option<&BotSpec>,
    seats: usize,
) -> Result<Vec<BotSpec>, AiError> {
    match (phase, weaker) {
        (Phase::Balance, _) => Ok(vec![bot.clone(); seats]),
        (Phase::Skill, Some(w)) => {
            let mut specs = vec![w.clone(); seats];
            specs[0] = bot.clone();
            Ok(specs)
        }
        (Phase::Skill, None) => Err(AiError::BadMatch(
            "the skill match needs a weaker bot".into(),
        )),
        (Phase::Ladder, _) => Err(AiError::BadMatch(
            "the ladder's steps are matches of their own".into(),
        )),
    }
}

/// The settings of a match of an analysis run with `config`.
pub(crate) fn phase_config(
    phase: Phase,
    config: &MatchConfig,
    evaluation: &Evaluation,
) -> MatchConfig {
    match phase {
        Phase::Balance => MatchConfig {
            record_choices: true,
            record_moves: true,
            evaluation: evaluation.clone(),
            ..config.clone()
        },
        Phase::Ladder => config.clone(),
        Phase::Skill => MatchConfig {
            seed: derived_seed(config.seed),
            record_choices: false,
            evaluation: Evaluation::Off,
            ..config.clone()
        },
    }
}

/// Analyses the game with parameters `params`: `bot` in every seat, then, with `weaker`,
/// `bot` against `weaker`. `config` sets the number of games of each match, threads, seed,
/// cap and setup; `progress(phase, done, total)` is called after each game.
pub fn analyze<G: Notation>(
    params: &G::Params,
    bot: &BotSpec,
    weaker: Option<&BotSpec>,
    factory: &BotFactory<G>,
    config: &MatchConfig,
    progress: &(dyn Fn(Phase, usize, usize) + Sync),
) -> Result<AnalysisReport, AiError> {
    analyze_with(
        params,
        bot,
        weaker,
        factory,
        config,
        &AnalysisOptions::default(),
        progress,
    )
}

/// Plays one match of an analysis: the games `known` lacks, then the report of them all.
#[allow(clippy::too_many_arguments)]
fn play_phase<G: Notation>(
    phase: Phase,
    params: &G::Params,
    specs: &[BotSpec],
    factory: &BotFactory<G>,
    config: &MatchConfig,
    options: &AnalysisOptions<'_>,
    progress: &(dyn Fn(Phase, usize, usize) + Sync),
) -> Result<(MatchReport, u64), AiError> {
    let seats = specs.len();
    let names: Vec<String> = specs.iter().map(ToString::to_string).collect();
    let mut known: BTreeMap<usize, GameRecord> = BTreeMap::new();
    for row in options
        .known
        .iter()
        .filter(|r| r.variant == options.variant && r.phase == phase)
    {
        let r = &row.record;
        let expected = crate::arena::game_seed(config.seed, r.index);
        let bots: Vec<&String> = crate::seating(seats, r.index)
            .iter()
            .map(|&b| &names[b])
            .collect();
        let row_bots: Vec<&String> = row.bots.iter().collect();
        if r.index >= config.games || r.seed != expected || bots != row_bots {
            return Err(AiError::BadMatch(format!(
                "the records are of another analysis: {phase} game {} has seed {} and bots {:?}, \
                 this one's has seed {expected} and bots {bots:?} (or the run has fewer games)",
                r.index, r.seed, row.bots
            )));
        }
        known.insert(r.index, r.clone());
    }
    let missing: Vec<usize> = (0..config.games)
        .filter(|i| !known.contains_key(i))
        .collect();
    let make = spec_maker(specs, factory, config, seats);
    let start = Instant::now();
    let resumed = known.len();
    let on_game = |record: &GameRecord| {
        if let Some(sink) = options.on_game {
            sink(&GameRow::new(
                &options.variant,
                phase,
                &names,
                record.clone(),
            ));
        }
    };
    let done = AtomicUsize::new(resumed);
    let played = play_games(params, &make, config, &missing, &on_game, &|_, _| {
        let n = done.fetch_add(1, Ordering::Relaxed) + 1;
        progress(phase, n, config.games);
    })?;
    known.extend(played.into_iter().map(|r| (r.index, r)));
    let records: Vec<GameRecord> = known.into_values().collect();
    let report = summarise::<G>(
        &names,
        seats,
        config,
        records,
        start.elapsed().as_secs_f64(),
    );
    Ok((report, resumed as u64))
}

/// [`analyze`] with [`AnalysisOptions`]: a variant name, per-ply evaluations, the rows of
/// an interrupted run to resume, and a callback for each game's row.
pub fn analyze_with<G: Notation>(
    params: &G::Params,
    bot: &BotSpec,
    weaker: Option<&BotSpec>,
    factory: &BotFactory<G>,
    config: &MatchConfig,
    options: &AnalysisOptions<'_>,
    progress: &(dyn Fn(Phase, usize, usize) + Sync),
) -> Result<AnalysisReport, AiError> {
    let start = Instant::now();
    let cpu_start = cpu::process_seconds();
    let seats = G::new(params)?.num_seats();
    if config.games == 0 {
        return Err(AiError::BadMatch(
            "the number of games must be at least 1".into(),
        ));
    }
    if !(0.0..=1.0).contains(&options.decisive_threshold) {
        return Err(AiError::BadMatch(format!(
            "the decisiveness threshold must be between 0 and 1, not {}",
            options.decisive_threshold
        )));
    }
    // Refuse a specification the game cannot use before playing anything.
    factory.build(bot, seats, 0)?;
    if let Some(w) = weaker {
        factory.build(w, seats, 0)?;
    }
    if let Evaluation::Evaluator(spec) = &options.evaluation {
        factory.build(spec, seats, 0)?;
    }
    let balance_config = phase_config(Phase::Balance, config, &options.evaluation);
    let specs = phase_specs(Phase::Balance, bot, weaker, seats)?;
    let (mut report, mut resumed) = play_phase(
        Phase::Balance,
        params,
        &specs,
        factory,
        &balance_config,
        options,
        progress,
    )?;
    let records = std::mem::take(&mut report.records);
    let outcomes = outcomes(&records);
    let mut board_coverage = coverage::board_coverage(&records);
    if let Some(c) = &mut board_coverage {
        c.layout = G::new(params)?
            .board_layout()
            .filter(|l| l.len() == c.spaces);
    }
    let first_move = figures::first_move(&records, seats);
    let outcome_uniformity = figures::outcome_uniformity(&records, seats);
    let ludii = ludii::metrics(&records, seats);
    let openings = openings::openings(
        &records,
        seats,
        openings::OPENING_PLIES,
        openings::OPENING_ROWS,
    );
    // Lengths and branching describe the games that ended.
    let ended: Vec<GameRecord> = records.into_iter().filter(|r| r.reason.is_some()).collect();
    let balance = summary::balance(&report, outcomes, &ended);
    let length = lengths(&ended, MAX_BINS);
    let branching = branching(&ended);
    let source = options.evaluation.describe();
    let dynamics = dynamics::dynamics(&ended, seats, &source, options.decisive_threshold);
    let repetition = figures::repetition(&ended);
    let skill = match weaker {
        Some(_) if seats > 1 => {
            let specs = phase_specs(Phase::Skill, bot, weaker, seats)?;
            let skill_config = phase_config(Phase::Skill, config, &options.evaluation);
            let (report, skill_resumed) = play_phase(
                Phase::Skill,
                params,
                &specs,
                factory,
                &skill_config,
                options,
                progress,
            )?;
            resumed += skill_resumed;
            Some(summary::skill(&report))
        }
        _ => None,
    };
    Ok(AnalysisReport {
        game: G::NAME.to_string(),
        seats,
        games: config.games,
        seed: config.seed,
        max_plies: config.max_plies,
        bot: bot.to_string(),
        balance,
        length,
        branching,
        skill,
        elapsed_s: start.elapsed().as_secs_f64(),
        cpu_s: cpu::process_seconds() - cpu_start,
        variant: options.variant.clone(),
        evaluation: source,
        dynamics,
        first_move,
        outcome_uniformity,
        repetition,
        resumed_games: resumed,
        board_coverage,
        ludii,
        openings,
    })
}
