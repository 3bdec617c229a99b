//! The match runner (`tabula match`): plays N games between bots, rotating seats, over
//! several threads, and reports per-bot and per-seat win rates with Wilson 95% intervals,
//! draws and game lengths ([`MatchReport`]).
//!
//! - Seats rotate fairly ([`seating`]): over `n` consecutive games every bot plays every seat
//!   once, and with 3 or more players the games go through every circular order of the bots,
//!   so that over `n!` games each bot sits in every position relative to every other (the
//!   bot after a weak one is not always the same).
//! - Every game has its own seed derived from the match seed and its index; the bots' seeds and
//!   chance events derive from it, so a match's results do not depend on the thread count.
//! - Chance events are sampled from the game's generator. Where one seat must act, its bot
//!   decides. Where several seats may act (a race), [`RaceRule`] says how the race is decided:
//!   by skill (the default: every acting seat's bot decides from the same position at the same
//!   simulated instant and the claims made at that instant are taken in an order drawn from
//!   the game's seeded generator, as a host takes simultaneous claims in the order they
//!   arrive) or by pace (the bots are asked in order of their think delay, the reaction time
//!   meant for games against people, and the first to act wins). If every bot waits, one of
//!   them, drawn at random, is asked again without the option to wait.
//! - With [`MatchConfig::opening_plies`], every game starts that many random legal plies
//!   into the game, and the games sharing an opening play it in every seating
//!   ([`opening`]).
//! - Every applied action is reported to every bot (`Bot::observe`), for subtree reuse.
//! - A bot's action is checked with `Game::validate`; a refused one stops the match with
//!   [`AiError::BotFailed`].
//! - With [`MatchConfig::record_choices`], each game's record lists its seat decisions with
//!   their numbers of legal actions (one more legal-action generation per ply), for
//!   [`analysis`](crate::analysis), with the positions seen again in the game; with
//!   [`MatchConfig::evaluation`], each seat's estimated value after every ply (see
//!   [`Evaluation`]).
//! - [`play_games`] plays any subset of a match's games: game `i` is the same whichever
//!   subset, thread or machine plays it (the batch API for resumed and distributed runs).

use crate::factory::BotFactory;
use crate::rollout::below;
use crate::spec::BotSpec;
use crate::stats::{Choice, GameRecord, MatchReport};
use crate::trace::Tracer;
pub use crate::trace::{DEFAULT_EVALUATOR, Evaluation};
use crate::{AiError, Bot, Decision};
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::Instant;
use tabula_core::{
    Actor, Game, GameRng, Notation, Seat, ToAct, rng_from_seed, sample_chance, written_move,
};

mod config;
pub mod opening;
mod summary;
pub use config::{MatchConfig, RaceRule, seating};
pub(crate) use summary::summarise;

/// Makes the bot with index `bot` (in the match's list) for one game, from its seed.
pub type BotMaker<'a, G> = dyn Fn(usize, u64) -> Result<Box<dyn Bot<G>>, AiError> + Sync + 'a;

/// The seed of game `index` of a match with seed `match_seed`.
pub fn game_seed(match_seed: u64, index: usize) -> u64 {
    mix(match_seed ^ mix(index as u64))
}

fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// Plays a match between the bots given as specifications, built by `factory`.
pub fn run_match_specs<G: Notation>(
    params: &G::Params,
    specs: &[BotSpec],
    factory: &BotFactory<G>,
    config: &MatchConfig,
    progress: &(dyn Fn(usize, usize) + Sync),
) -> Result<MatchReport, AiError> {
    let seats = G::new(params)?.num_seats();
    // Fail early on a specification the game cannot use.
    for spec in specs {
        factory.build(spec, seats, 0)?;
    }
    if let Evaluation::Evaluator(spec) = &config.evaluation {
        factory.build(spec, seats, 0)?;
    }
    let names: Vec<String> = specs.iter().map(ToString::to_string).collect();
    let make = spec_maker(specs, factory, config, seats);
    run_match(params, &names, &make, config, progress)
}

/// Builds bot `i` of `specs`, and the evaluator of [`Evaluation::Evaluator`] as bot
/// `specs.len()`.
pub fn spec_maker<'a, G: Game>(
    specs: &'a [BotSpec],
    factory: &'a BotFactory<G>,
    config: &'a MatchConfig,
    seats: usize,
) -> impl Fn(usize, u64) -> Result<Box<dyn Bot<G>>, AiError> + Sync + 'a {
    move |i: usize, seed: u64| match (specs.get(i), &config.evaluation) {
        (Some(spec), _) => factory.build(spec, seats, seed),
        (None, Evaluation::Evaluator(spec)) => factory.build(spec, seats, seed),
        (None, _) => Err(AiError::BadMatch(format!("there is no bot number {i}"))),
    }
}

/// Plays a match between `names.len()` bots made by `make_bot`; `progress(done, total)` is
/// called after each game.
pub fn run_match<G: Notation>(
    params: &G::Params,
    names: &[String],
    make_bot: &BotMaker<'_, G>,
    config: &MatchConfig,
    progress: &(dyn Fn(usize, usize) + Sync),
) -> Result<MatchReport, AiError> {
    let seats = G::new(params)?.num_seats();
    if names.len() != seats {
        return Err(AiError::BadMatch(format!(
            "{} is played by {seats} seats here, but {} bots were given",
            G::NAME,
            names.len()
        )));
    }
    if config.games == 0 {
        return Err(AiError::BadMatch(
            "the number of games must be at least 1".into(),
        ));
    }
    let start = Instant::now();
    let indices: Vec<usize> = (0..config.games).collect();
    let records = play_games(params, make_bot, config, &indices, &|_| {}, progress)?;
    Ok(summarise::<G>(
        names,
        seats,
        config,
        records,
        start.elapsed().as_secs_f64(),
    ))
}

/// Plays the games numbered `indices` of the match `config` describes (each game's seed,
/// seating and bots derive from the match seed and its number only), on `config.threads`
/// threads, and returns their records in the order of `indices`. `on_game` is called with
/// each record as soon as its game ends (in the order games end), `progress(done, total)`
/// after it.
pub fn play_games<G: Notation>(
    params: &G::Params,
    make_bot: &BotMaker<'_, G>,
    config: &MatchConfig,
    indices: &[usize],
    on_game: &(dyn Fn(&GameRecord) + Sync),
    progress: &(dyn Fn(usize, usize) + Sync),
) -> Result<Vec<GameRecord>, AiError> {
    let seats = G::new(params)?.num_seats();
    if indices.is_empty() {
        return Ok(Vec::new());
    }
    let next = AtomicUsize::new(0);
    let done = AtomicUsize::new(0);
    let failed = AtomicBool::new(false);
    let records: Mutex<Vec<Option<GameRecord>>> = Mutex::new(vec![None; indices.len()]);
    let error: Mutex<Option<AiError>> = Mutex::new(None);
    let threads = config.threads.clamp(1, indices.len());
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                loop {
                    let k = next.fetch_add(1, Ordering::Relaxed);
                    if k >= indices.len() || failed.load(Ordering::Relaxed) {
                        break;
                    }
                    match play_game(params, seats, indices[k], make_bot, config) {
                        Ok(record) => {
                            on_game(&record);
                            records.lock().expect("records")[k] = Some(record);
                            let n = done.fetch_add(1, Ordering::Relaxed) + 1;
                            progress(n, indices.len());
                        }
                        Err(e) => {
                            failed.store(true, Ordering::Relaxed);
                            error.lock().expect("error").get_or_insert(e);
                            break;
                        }
                    }
                }
            });
        }
    });
    if let Some(e) = error.into_inner().expect("error") {
        return Err(e);
    }
    Ok(records
        .into_inner()
        .expect("records")
        .into_iter()
        .map(|r| r.expect("every game played"))
        .collect())
}

fn play_game<G: Notation>(
    params: &G::Params,
    seats: usize,
    index: usize,
    make_bot: &BotMaker<'_, G>,
    config: &MatchConfig,
) -> Result<GameRecord, AiError> {
    let seed = game_seed(config.seed, index);
    let mut rng: GameRng = rng_from_seed(seed);
    let bots_by_seat = seating(seats, index);
    let mut bots: Vec<Box<dyn Bot<G>>> = Vec::with_capacity(seats);
    for &b in &bots_by_seat {
        bots.push(make_bot(b, mix(seed ^ (b as u64 + 1)))?);
    }
    let opening::Start {
        setup: start,
        mut game,
        opening,
    } = opening::start::<G>(params, config, seats, index, &mut rng)?;
    let evaluator = match config.evaluation {
        Evaluation::Evaluator(_) => Some(make_bot(seats, mix(seed ^ 0xe7a1))?),
        _ => None,
    };
    let mut trace = Tracer::new(&game, &config.evaluation, evaluator, config.record_choices);
    let mut chances = Vec::new();
    let (mut legal, mut choices) = (Vec::new(), Vec::new());
    let mut spaces = match game.board_spaces() {
        Some(n) if config.record_choices => vec![0u32; n],
        _ => Vec::new(),
    };
    let mut used = Vec::new();
    let mut moves = Vec::new();
    let mut move_ms = Vec::new();
    let mut plies = u64::from(config.opening_plies);
    let mut setup_plies = 0;
    let outcome = loop {
        let deciding = Instant::now();
        let (seat, action) = match game.to_act() {
            ToAct::Over(outcome) => break Some(outcome),
            _ if config.ply_limit.is_some_and(|n| plies >= n) => {
                break Some(tabula_core::Outcome::draw(
                    seats,
                    tabula_core::EndReason::PlyLimit,
                ));
            }
            _ if plies >= config.max_plies => break None,
            ToAct::Chance => {
                let Some(a) = sample_chance(&game, &mut rng, &mut chances) else {
                    break None;
                };
                for bot in bots.iter_mut() {
                    bot.observe(&game, a);
                }
                trace.observe(&game, a);
                if config.record_moves {
                    moves.push(written_move(&game, Actor::Chance, a));
                    if config.record_times {
                        move_ms.push(None);
                    }
                }
                game.apply(a);
                continue;
            }
            ToAct::One(seat) => {
                trace.before_decision(&game, seat)?;
                let bot = &mut bots[seat.index()];
                let decision = bot.decide(&game, seat, false).map_err(|e| {
                    bot_error(index, seat, bot.as_ref(), "(none)".into(), e.to_string())
                })?;
                match decision {
                    Decision::Act(a) => (seat, a),
                    Decision::Wait => {
                        return Err(bot_error(
                            index,
                            seat,
                            bot.as_ref(),
                            "wait".into(),
                            "it must act".into(),
                        ));
                    }
                }
            }
            ToAct::Several(set) => {
                if let Some(first) = set.iter().next() {
                    trace.before_decision(&game, first)?;
                }
                race(
                    &game,
                    set.iter().collect(),
                    &mut bots,
                    &mut rng,
                    index,
                    config.race,
                )?
            }
        };
        if let Err(e) = game.validate(Actor::Seat(seat), action) {
            let bot = bots[seat.index()].as_ref();
            return Err(bot_error(
                index,
                seat,
                bot,
                game.format_action(action),
                e.to_string(),
            ));
        }
        if config.record_choices {
            game.spaces_used(action, &mut used);
            for &s in &used {
                if let Some(n) = spaces.get_mut(s) {
                    *n += 1;
                }
            }
            game.legal_actions_for(Actor::Seat(seat), &mut legal);
            choices.push(Choice {
                seat,
                actions: legal.len() as u32,
            });
        }
        for bot in bots.iter_mut() {
            bot.observe(&game, action);
        }
        trace.observe(&game, action);
        if config.record_moves {
            moves.push(written_move(&game, Actor::Seat(seat), action));
            if config.record_times {
                move_ms.push(Some(deciding.elapsed().as_secs_f64() * 1000.0));
            }
        }
        setup_plies += u64::from(game.in_setup());
        game.apply(action);
        plies += 1;
        trace.after_ply(&game, seat, bots[seat.index()].last_value());
    };
    Ok(GameRecord {
        index,
        seed,
        bots_by_seat,
        ranks: outcome.map(|o| o.ranks().to_vec()).unwrap_or_default(),
        scores: outcome.and_then(|o| o.scores().map(<[i32]>::to_vec)),
        reason: outcome.map(|o| o.reason),
        plies,
        turns: trace.turns,
        setup_plies,
        repeated: trace.repeated,
        choices,
        clarity: trace.clarity(),
        positions: std::mem::take(&mut trace.positions),
        evals: trace.evals,
        spaces,
        opening,
        start,
        moves,
        move_ms,
    })
}

/// Several seats may act: decide the race by `rule` (see [`RaceRule`]).
fn race<G: Game>(
    game: &G,
    mut seats: Vec<Seat>,
    bots: &mut [Box<dyn Bot<G>>],
    rng: &mut GameRng,
    index: usize,
    rule: RaceRule,
) -> Result<(Seat, G::Action), AiError> {
    // A random order first: the order of simultaneous claims, and of equal think delays.
    for i in (1..seats.len()).rev() {
        let j = below(rng, i + 1);
        seats.swap(i, j);
    }
    if rule == RaceRule::Pace {
        seats.sort_by_key(|s| bots[s.index()].think_delay(game, *s));
    }
    let mut claims = Vec::with_capacity(seats.len());
    for &seat in &seats {
        if let Decision::Act(a) = ask(game, seat, bots, index, true)? {
            if rule == RaceRule::Pace {
                return Ok((seat, a));
            }
            claims.push((seat, a));
        }
    }
    // Every seat decided at the same instant: the first claim in the drawn order arrives first.
    if let Some(&first) = claims.first() {
        return Ok(first);
    }
    let seat = seats[0];
    match ask(game, seat, bots, index, false)? {
        Decision::Act(a) => Ok((seat, a)),
        Decision::Wait => Err(bot_error(
            index,
            seat,
            bots[seat.index()].as_ref(),
            "wait".into(),
            "it must act".into(),
        )),
    }
}

/// Asks the bot of `seat` what it does now.
fn ask<G: Game>(
    game: &G,
    seat: Seat,
    bots: &mut [Box<dyn Bot<G>>],
    index: usize,
    may_wait: bool,
) -> Result<Decision<G::Action>, AiError> {
    let bot = &mut bots[seat.index()];
    bot.decide(game, seat, may_wait)
        .map_err(|e| bot_error(index, seat, bot.as_ref(), "(none)".into(), e.to_string()))
}

fn bot_error<G: Game>(
    game: usize,
    seat: Seat,
    bot: &dyn Bot<G>,
    action: String,
    reason: String,
) -> AiError {
    AiError::BotFailed {
        game,
        seat,
        bot: bot.name(),
        action,
        reason,
    }
}
