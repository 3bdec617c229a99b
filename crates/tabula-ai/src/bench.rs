//! Speed measurements of a game and of MCTS on it (`tabula bench`): random playouts per
//! second, plies per second, and MCTS iterations per second with one thread and with all
//! threads (UCT, c = 1.4, one random rollout per iteration, 20000 iterations from the initial
//! position by default; with all threads the search runs that many iterations per thread on
//! one shared tree, tree-parallel, see [`crate::mcts::Parallelism`]).
//!
//! The initial position is `Game::new` with its opening chance events (if any) sampled from
//! the seed; each measurement is repeated and the median kept. The MCTS searches are those of
//! one bot, one after the other, as a bot searches through a game (a new bot's first search
//! also maps the memory of its tree, so it is not counted). Random games of some games
//! need not end (Khan-Tsin can cycle without its optional ply limit; random Magical Circle
//! players practically never complete a card), so a playout, like an MCTS rollout, stops
//! after `max_plies` plies (1000 by default, far beyond the natural length of the others).

use crate::AiError;
use crate::mcts::{MctsBot, MctsConfig};
use serde::Serialize;
use std::time::{Duration, Instant};
use tabula_core::{Game, GameRng, ToAct, rng_from_seed, sample_chance, step_random};

/// What to measure.
#[derive(Clone, Debug)]
pub struct BenchConfig {
    /// MCTS iterations per search (per thread).
    pub iterations: u64,
    /// The UCT exploration constant.
    pub exploration: f64,
    /// Threads for the "all threads" figure (default: the machine's available parallelism).
    pub threads: usize,
    /// How long random playouts run for the playout figures.
    pub playout_time: Duration,
    /// Repetitions of each MCTS measurement (the median is reported).
    pub repeats: usize,
    /// A random playout or MCTS rollout stops after this many plies.
    pub max_plies: u32,
    /// Seed of the playouts and searches, so that runs are repeatable.
    pub seed: u64,
}

impl Default for BenchConfig {
    fn default() -> Self {
        BenchConfig {
            iterations: 20_000,
            exploration: 1.4,
            threads: available_threads(),
            playout_time: Duration::from_secs(1),
            repeats: 5,
            max_plies: 1000,
            seed: 1,
        }
    }
}

/// The machine's available parallelism (1 if unknown).
pub fn available_threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// One game's figures, as `tabula bench --json` prints them.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BenchReport {
    /// The game's registry name.
    pub game: String,
    /// Random playouts per second (each to the end or `max_plies`), one thread.
    pub playouts_per_s: f64,
    /// Plies of random playouts per second, one thread.
    pub plies_per_s: f64,
    /// MCTS iterations per second on one thread.
    pub mcts_iters_per_s_1t: f64,
    /// MCTS iterations per second on `threads` threads (tree-parallel).
    pub mcts_iters_per_s_all: f64,
}

/// The initial position: `Game::new` with its opening chance events sampled from `rng`.
pub fn initial_position<G: Game>(params: &G::Params, rng: &mut GameRng) -> Result<G, AiError> {
    let mut game = G::new(params)?;
    let mut buf = Vec::new();
    while let ToAct::Chance = game.to_act() {
        match sample_chance(&game, rng, &mut buf) {
            Some(a) => game.apply(a),
            None => break,
        }
    }
    Ok(game)
}

/// Random playouts (of at most `max_plies` plies) from `start` for `time`: (playouts per
/// second, plies per second).
pub fn playout_speed<G: Game>(start: &G, time: Duration, max_plies: u32, seed: u64) -> (f64, f64) {
    let mut rng = rng_from_seed(seed);
    let (mut actions, mut chances) = (Vec::with_capacity(64), Vec::new());
    let (mut playouts, mut plies) = (0u64, 0u64);
    let begin = Instant::now();
    loop {
        for _ in 0..64 {
            let mut game = start.clone();
            let mut n = 0;
            while n < max_plies && step_random(&mut game, &mut rng, &mut actions, &mut chances) {
                n += 1;
            }
            plies += n as u64;
            playouts += 1;
        }
        if begin.elapsed() >= time {
            break;
        }
    }
    let secs = begin.elapsed().as_secs_f64();
    (playouts as f64 / secs, plies as f64 / secs)
}

/// MCTS iterations per second from `start` on `threads` threads (tree-parallel), running
/// `config.iterations` per thread; the median of `config.repeats` searches by one bot, after
/// one uncounted search.
pub fn mcts_speed<G: Game>(
    start: &G,
    config: &BenchConfig,
    threads: usize,
) -> Result<f64, AiError> {
    let threads = threads.max(1);
    let mcts = MctsConfig {
        exploration: config.exploration,
        iterations: Some(config.iterations * threads as u64),
        time_ms: None,
        threads,
        reuse_tree: false,
        rollout_max_steps: config.max_plies,
        ..MctsConfig::default()
    };
    // One bot searches again and again, as through a game: its first search, which maps
    // the memory of its tree, is not counted.
    let mut bot: MctsBot<G> = MctsBot::new(mcts, config.seed);
    bot.search(start)?;
    let mut rates = Vec::new();
    for _ in 0..config.repeats.max(1) {
        let begin = Instant::now();
        let info = bot.search(start)?;
        let iterations = info.iterations;
        rates.push(iterations as f64 / begin.elapsed().as_secs_f64());
    }
    rates.sort_by(f64::total_cmp);
    Ok(rates[rates.len() / 2])
}

/// Every figure for one game.
pub fn bench_game<G: Game>(
    params: &G::Params,
    config: &BenchConfig,
) -> Result<BenchReport, AiError> {
    let mut rng = rng_from_seed(config.seed);
    let start: G = initial_position(params, &mut rng)?;
    let (playouts_per_s, plies_per_s) =
        playout_speed(&start, config.playout_time, config.max_plies, config.seed);
    let mcts_iters_per_s_1t = mcts_speed(&start, config, 1)?;
    let mcts_iters_per_s_all = mcts_speed(&start, config, config.threads)?;
    Ok(BenchReport {
        game: G::NAME.to_string(),
        playouts_per_s,
        plies_per_s,
        mcts_iters_per_s_1t,
        mcts_iters_per_s_all,
    })
}
