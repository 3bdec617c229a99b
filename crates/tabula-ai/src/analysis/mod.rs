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
pub mod records;
pub mod sample;
mod summary;
mod text;
mod text_dynamics;

use crate::AiError;
use crate::arena::{Evaluation, MatchConfig, play_games, spec_maker, summarise};
use crate::factory::BotFactory;
use crate::spec::BotSpec;
use crate::stats::{GameRecord, MatchReport, Rate};
use figures::{FirstMove, Repetition};
use records::GameRow;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;
use tabula_core::Notation;

pub use dynamics::Dynamics;
pub use sample::Mean;
pub use summary::{branching, lengths, outcomes};
pub use text::shown_plies;

/// Game-length histograms have at most this many bins.
pub const MAX_BINS: usize = 20;

/// Which match an analysis is playing (for progress reports).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Phase {
    /// The seat-balance match: the same bot in every seat.
    Balance,
    /// The skill match: the stronger bot against the weaker.
    Skill,
}

impl fmt::Display for Phase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Phase::Balance => "seat balance",
            Phase::Skill => "skill",
        })
    }
}

/// Where a 95% interval lies with respect to the fair share.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Verdict {
    /// The whole interval is above the fair share.
    Above,
    /// The whole interval is below it.
    Below,
    /// The interval contains it: no significant difference at this number of games.
    Even,
}

impl Verdict {
    /// Where `ci95` lies against `fair`.
    pub fn of(ci95: [f64; 2], fair: f64) -> Verdict {
        if ci95[0] > fair {
            Verdict::Above
        } else if ci95[1] < fair {
            Verdict::Below
        } else {
            Verdict::Even
        }
    }
}

/// The result of an analysis, as `tabula analyze` prints it (text or JSON).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct AnalysisReport {
    /// The game's registry name.
    pub game: String,
    /// Seats per game.
    pub seats: usize,
    /// Games per match.
    pub games: usize,
    /// The analysis seed (every game's seed derives from it).
    pub seed: u64,
    /// A game still running after this many plies was stopped, unfinished.
    pub max_plies: u64,
    /// The bot of the balance match (and the stronger bot of the skill match).
    pub bot: String,
    /// The balance match.
    pub balance: Balance,
    /// Game lengths of the balance match.
    pub length: Lengths,
    /// Branching factors of the balance match.
    pub branching: Branching,
    /// The skill match (`None` without a weaker bot).
    pub skill: Option<Skill>,
    /// Wall-clock time of the analysis, in seconds.
    pub elapsed_s: f64,
    /// CPU time the process used during the analysis (every thread), in seconds.
    pub cpu_s: f64,
    /// The variant's name (empty without `--variant`).
    pub variant: String,
    /// Where the per-ply evaluations come from (`off`, `players`, `evaluator SPEC`).
    pub evaluation: String,
    /// Lead changes, drama, decisiveness, uncertainty, stability (balance match; `None`
    /// without evaluations).
    pub dynamics: Option<Dynamics>,
    /// Seat 1's share of the decisive games of the balance match.
    pub first_move: FirstMove,
    /// How evenly the seats win (1 even, 0 one seat always).
    pub outcome_uniformity: f64,
    /// Positions seen again within a game (balance match, games that ended).
    pub repetition: Repetition,
    /// Games taken from an earlier run's records instead of being played (`--resume`).
    pub resumed_games: u64,
    /// The share of the board's spaces the balance match's games used, and each space's
    /// use (`None` for a game without a board).
    pub board_coverage: Option<coverage::BoardCoverage>,
}

/// How the games of the balance match ended and who won them.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Balance {
    /// Games played.
    pub games: u64,
    /// How they ended.
    pub outcomes: Outcomes,
    /// Each seat's win rate if seats made no difference: decisive games / games / seats.
    pub fair_win_rate: f64,
    /// One entry per seat, in seat order.
    pub seats: Vec<SeatBalance>,
}

/// How games ended; the six counts add up to the number of games.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Outcomes {
    /// One seat alone in first place.
    pub decisive: u64,
    /// Draws declared by the rules.
    pub rules_draws: u64,
    /// Draws by repetition: a position occurred a third time (a rule of Toumaï and
    /// Khan-Tsin), counted apart from the other draws of the rules.
    pub repetition_draws: u64,
    /// Several seats sharing first place (equal best scores).
    pub shared_wins: u64,
    /// Draws at the game's own ply limit (the `max_plies` parameter): not a rules outcome.
    pub ply_limit_draws: u64,
    /// Games stopped at the match's ply cap without a result.
    pub unfinished: u64,
}

/// One seat in the balance match (every seat played by the same bot).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SeatBalance {
    /// 1-based.
    pub seat: usize,
    /// Games the seat won alone.
    pub wins: u64,
    /// `wins / games`.
    pub win_rate: f64,
    /// The win rate's Wilson 95% interval.
    pub ci95: [f64; 2],
    /// The interval against [`Balance::fair_win_rate`].
    pub verdict: Verdict,
    /// Mean number of decisions this seat made per game (games that ended).
    pub decisions_per_game: f64,
    /// Mean number of legal actions at this seat's decisions.
    pub mean_branching: f64,
}

/// Game lengths in plies (seat decisions), over the games that ended.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Lengths {
    /// Games measured (the games that ended).
    pub games: u64,
    /// Mean length, in plies.
    pub mean: f64,
    /// Median length, in plies.
    pub median: f64,
    /// Shortest game, in plies.
    pub min: u64,
    /// Longest game, in plies.
    pub max: u64,
    /// Bins of equal width covering `min..=max`.
    pub histogram: Vec<Bin>,
    /// The standard deviation of the lengths in plies.
    pub sd: f64,
    /// The lengths in turns (runs of consecutive plies by one seat).
    pub turns: Mean,
}

/// Games whose length is in `from..to` plies.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Bin {
    /// First length of the bin, in plies (included).
    pub from: u64,
    /// End of the bin, in plies (excluded).
    pub to: u64,
    /// Games with a length in the bin.
    pub games: u64,
}

/// The number of legal actions at each decision, over the games that ended.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Branching {
    /// Games measured (the games that ended).
    pub games: u64,
    /// Decisions counted (every ply of every game).
    pub decisions: u64,
    /// `decisions / games`.
    pub decisions_per_game: f64,
    /// Mean legal actions per decision.
    pub mean: f64,
    /// Most legal actions at one decision.
    pub max: u32,
    /// The share of decisions with a single legal action.
    pub forced_share: f64,
    /// The mean over games of log10 of the product of the branching factors along the game:
    /// an estimate of the game-tree size as a power of 10 (Allis's game-tree complexity).
    pub log10_game_tree: f64,
    /// The branching factor at each ply number.
    pub by_ply: Vec<PlyBranching>,
}

/// The branching factor at one ply, over the games that reached it.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct PlyBranching {
    /// 0-based.
    pub ply: u64,
    /// Games that reached this ply.
    pub games: u64,
    /// Mean legal actions at this ply.
    pub mean: f64,
    /// Fewest legal actions at this ply.
    pub min: u32,
    /// Most legal actions at this ply.
    pub max: u32,
}

/// The skill match: the stronger bot in one seat, the weaker in the others, seats rotating.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Skill {
    /// The stronger bot's specification.
    pub stronger: String,
    /// The weaker bot's specification.
    pub weaker: String,
    /// Games played.
    pub games: u64,
    /// Games the stronger bot won alone.
    pub wins: u64,
    /// Games the stronger bot shared first place in, or that stopped unfinished.
    pub draws: u64,
    /// Games the stronger bot neither won nor shared.
    pub losses: u64,
    /// `wins / games`.
    pub win_rate: f64,
    /// The win rate's Wilson 95% interval.
    pub ci95: [f64; 2],
    /// The stronger bot's win rate if skill made no difference: decisive games / games /
    /// seats.
    pub fair_win_rate: f64,
    /// Where the interval lies against `fair_win_rate`.
    pub verdict: Verdict,
    /// The stronger bot's wins in each seat (1-based seat `i + 1`).
    pub by_seat: Vec<Rate>,
    /// Mean length of the games that ended.
    pub mean_plies: f64,
    /// Games stopped at the ply cap.
    pub unfinished: u64,
}

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
            evaluation: evaluation.clone(),
            ..config.clone()
        },
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
    let board_coverage = coverage::board_coverage(&records);
    let first_move = figures::first_move(&records, seats);
    let outcome_uniformity = figures::outcome_uniformity(&records, seats);
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
    })
}
