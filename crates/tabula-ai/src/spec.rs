//! Bot specifications as users write them (`tabula match --bots strong,random`):
//! `<kind>[:<key>=<value>]…`, no commas (they separate bots).
//!
//! - `random`
//! - a level: `beginner`, `casual`, `strong`, `expert`, with optional `engine=mcts|alphabeta`
//!   and `threads=N` (threads sharing one MCTS tree or one alpha-beta table; one thread is
//!   deterministic for a seed), and `ms=N`, the wall-time cap of a move, replacing the
//!   level's own ([`Level::time_cap_ms`])
//! - `mcts`: `iterations=N` (or `iters`), `ms=N` (time per move), `c=X`, `threads=N`,
//!   `parallel=tree|root` (with several threads: one shared tree, the default, or one tree
//!   per thread, deterministic for a seed and thread count),
//!   `rollout=random|heuristic|game`, `reuse=yes|no`, `nodes=N` (tree size cap),
//!   `steps=N` (rollout cap), `prior=X` (weight of the policy's recommendation); unspecified
//!   keys keep [`MctsConfig::default`]
//! - `alphabeta` (or `ab`): `depth=N`, `nodes=N`, `ms=N`, `noise=X`, `tt=BITS`,
//!   `reduce=yes|no` (late-move reductions), `threads=N` (lazy SMP: threads sharing the
//!   transposition table; one thread is deterministic for a seed), `split=yes|no` (whether
//!   the threads split a node's moves; unset, the game's choice)
//!
//! Examples: `mcts:iterations=5000:c=1.0`, `alphabeta:depth=10:ms=500`, `strong:threads=2`.
//!
//! Every number has an upper bound ([`crate::bounds`]); a specification beyond one is refused
//! with a message naming the option and the bound.

use crate::AiError;
use crate::alphabeta::AlphaBetaConfig;
use crate::bounds::{MAX_THREADS, MAX_TIME_MS, at_most};
use crate::level::{Engine, Level};
use crate::mcts::{MctsConfig, Parallelism};
use std::fmt;
use std::str::FromStr;

/// Which rollout policy an MCTS bot uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RolloutKind {
    /// Uniformly random.
    Random,
    /// Epsilon-greedy on the game's heuristic (games with a `Heuristic`).
    Heuristic,
    /// The game's own policy, as registered with the factory.
    Game,
}

/// A bot as specified by a user.
#[derive(Clone, Debug, PartialEq)]
pub enum BotSpec {
    /// Uniformly random legal actions (`random`).
    Random,
    /// A named level (`strong`, `expert:engine=alphabeta`).
    Level {
        /// The level.
        level: Level,
        /// `None`: the engine the game's factory chooses for levels.
        engine: Option<Engine>,
        /// `None`: one thread.
        threads: Option<usize>,
        /// The cap on the wall time of a move, in milliseconds, on top of the level's budgets
        /// (which alone keep its play the same for a seed); `None`: the level's own,
        /// [`Level::time_cap_ms`].
        ms: Option<u64>,
    },
    /// MCTS with explicit settings (`mcts:iterations=5000`).
    Mcts {
        /// The search settings.
        config: MctsConfig,
        /// `None`: the factory's default for the game.
        rollout: Option<RolloutKind>,
    },
    /// Alpha-beta with explicit settings (`alphabeta:depth=6`).
    AlphaBeta(AlphaBetaConfig),
}

fn number<T: FromStr>(spec: &str, key: &str, value: &str) -> Result<T, AiError> {
    value
        .parse()
        .map_err(|_| AiError::spec(spec, format!("`{key}` needs a number, not `{value}`")))
}

fn yes_no(spec: &str, key: &str, value: &str) -> Result<bool, AiError> {
    match value {
        "yes" | "true" | "on" => Ok(true),
        "no" | "false" | "off" => Ok(false),
        _ => Err(AiError::spec(
            spec,
            format!("`{key}` is yes or no, not `{value}`"),
        )),
    }
}

impl FromStr for BotSpec {
    type Err = AiError;

    fn from_str(text: &str) -> Result<BotSpec, AiError> {
        let spec = text.trim();
        let mut parts = spec.split(':');
        let kind = parts.next().unwrap_or("");
        let mut pairs = Vec::new();
        for part in parts {
            let (k, v) = part
                .split_once('=')
                .ok_or_else(|| AiError::spec(spec, format!("`{part}` is not `key=value`")))?;
            pairs.push((k.trim(), v.trim()));
        }
        let unknown = |key: &str, known: &str| {
            AiError::spec(spec, format!("unknown option `{key}` (known: {known})"))
        };
        match kind {
            "random" => match pairs.first() {
                None => Ok(BotSpec::Random),
                Some((k, _)) => Err(unknown(k, "none")),
            },
            "mcts" => {
                let mut config = MctsConfig::default();
                let mut rollout = None;
                let mut iterations = None;
                for (k, v) in pairs {
                    match k {
                        "iterations" | "iters" => iterations = Some(number(spec, k, v)?),
                        "ms" => config.time_ms = Some(number(spec, k, v)?),
                        "c" => config.exploration = number(spec, k, v)?,
                        "threads" => config.threads = number(spec, k, v)?,
                        "parallel" => {
                            config.parallel = match v {
                                "tree" => Parallelism::Tree,
                                "root" => Parallelism::Root,
                                _ => {
                                    return Err(AiError::spec(
                                        spec,
                                        format!("parallel is tree or root, not `{v}`"),
                                    ));
                                }
                            }
                        }
                        "nodes" => config.max_nodes = number(spec, k, v)?,
                        "steps" => config.rollout_max_steps = number(spec, k, v)?,
                        "prior" => config.prior_weight = number(spec, k, v)?,
                        "reuse" => config.reuse_tree = yes_no(spec, k, v)?,
                        "rollout" => {
                            rollout = Some(match v {
                                "random" => RolloutKind::Random,
                                "heuristic" => RolloutKind::Heuristic,
                                "game" => RolloutKind::Game,
                                _ => {
                                    return Err(AiError::spec(
                                        spec,
                                        format!("rollout is random, heuristic or game, not `{v}`"),
                                    ));
                                }
                            })
                        }
                        _ => {
                            return Err(unknown(
                                k,
                                "iterations, ms, c, threads, parallel, nodes, steps, prior, reuse, \
                                 rollout",
                            ));
                        }
                    }
                }
                // A time limit alone replaces the default iteration limit.
                if iterations.is_some() || config.time_ms.is_some() {
                    config.iterations = iterations;
                }
                config.check().map_err(|m| AiError::spec(spec, m))?;
                Ok(BotSpec::Mcts { config, rollout })
            }
            "alphabeta" | "ab" => {
                let mut config = AlphaBetaConfig::default();
                for (k, v) in pairs {
                    match k {
                        "depth" => config.max_depth = number(spec, k, v)?,
                        "nodes" => config.max_nodes = Some(number(spec, k, v)?),
                        "ms" => config.time_ms = Some(number(spec, k, v)?),
                        "noise" => config.noise = number(spec, k, v)?,
                        "tt" => config.tt_bits = number(spec, k, v)?,
                        "reduce" => config.reductions = yes_no(spec, k, v)?,
                        "threads" => config.threads = number(spec, k, v)?,
                        "split" => config.split = Some(yes_no(spec, k, v)?),
                        _ => {
                            return Err(unknown(
                                k,
                                "depth, nodes, ms, noise, tt, reduce, threads, split",
                            ));
                        }
                    }
                }
                config.check().map_err(|m| AiError::spec(spec, m))?;
                Ok(BotSpec::AlphaBeta(config))
            }
            _ => {
                let level: Level = kind.parse().map_err(|_| {
                    AiError::spec(
                        spec,
                        "a bot is random, beginner, casual, strong, expert, mcts or alphabeta",
                    )
                })?;
                let (mut engine, mut threads, mut ms) = (None, None, None);
                for (k, v) in pairs {
                    match k {
                        "engine" => {
                            engine = Some(match v {
                                "mcts" => Engine::Mcts,
                                "alphabeta" | "ab" => Engine::AlphaBeta,
                                _ => {
                                    return Err(AiError::spec(
                                        spec,
                                        format!("engine is mcts or alphabeta, not `{v}`"),
                                    ));
                                }
                            })
                        }
                        "threads" => {
                            let n: usize = number(spec, k, v)?;
                            if n == 0 {
                                return Err(AiError::spec(spec, "threads must be at least 1"));
                            }
                            at_most("threads", n, MAX_THREADS, "")
                                .map_err(|m| AiError::spec(spec, m))?;
                            threads = Some(n);
                        }
                        "ms" => {
                            let n: u64 = number(spec, k, v)?;
                            if n == 0 {
                                return Err(AiError::spec(spec, "ms must be at least 1"));
                            }
                            at_most("ms", n, MAX_TIME_MS, "10 minutes")
                                .map_err(|m| AiError::spec(spec, m))?;
                            ms = Some(n);
                        }
                        _ => return Err(unknown(k, "engine, threads, ms")),
                    }
                }
                Ok(BotSpec::Level {
                    level,
                    engine,
                    threads,
                    ms,
                })
            }
        }
    }
}

impl BotSpec {
    /// Reads a comma-separated list of specifications.
    pub fn parse_list(text: &str) -> Result<Vec<BotSpec>, AiError> {
        text.split(',').map(str::parse).collect()
    }

    /// The spec whose play depends on its budgets alone, not on the machine's speed: a named
    /// level without `ms` gets the longest cap ([`MAX_TIME_MS`]) instead of its own (for
    /// judging positions, e.g. verifying puzzles). Any other spec is kept as it is.
    pub fn uncapped(self) -> BotSpec {
        match self {
            BotSpec::Level {
                level,
                engine,
                threads,
                ms: None,
            } => BotSpec::Level {
                level,
                engine,
                threads,
                ms: Some(MAX_TIME_MS),
            },
            other => other,
        }
    }

    /// The spec as a host facing people plays it: a named level that sets neither `threads`
    /// nor `ms` searches on `threads` threads, and no level searches longer than its
    /// [`Level::time_cap_ms`] (a smaller `ms` stays). Any other spec is kept as it is: its
    /// settings were chosen.
    pub fn facing_people(self, threads: usize) -> BotSpec {
        match self {
            BotSpec::Level {
                level,
                engine,
                threads: None,
                ms: None,
            } => BotSpec::Level {
                level,
                engine,
                threads: Some(threads),
                ms: Some(level.time_cap_ms()),
            },
            BotSpec::Level {
                level,
                engine,
                threads,
                ms,
            } => BotSpec::Level {
                level,
                engine,
                threads,
                ms: Some(level.capped(ms).min(level.time_cap_ms())),
            },
            other => other,
        }
    }
}

impl fmt::Display for BotSpec {
    /// The canonical specification (reads back as the same value).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BotSpec::Random => f.write_str("random"),
            BotSpec::Level {
                level,
                engine,
                threads,
                ms,
            } => {
                write!(f, "{level}")?;
                if let Some(e) = engine {
                    write!(f, ":engine={e}")?;
                }
                if let Some(t) = threads {
                    write!(f, ":threads={t}")?;
                }
                if let Some(ms) = ms {
                    write!(f, ":ms={ms}")?;
                }
                Ok(())
            }
            BotSpec::Mcts { config, rollout } => {
                f.write_str("mcts")?;
                if let Some(i) = config.iterations {
                    write!(f, ":iterations={i}")?;
                }
                if let Some(ms) = config.time_ms {
                    write!(f, ":ms={ms}")?;
                }
                write!(f, ":c={}", config.exploration)?;
                if config.threads != 1 {
                    write!(f, ":threads={}", config.threads)?;
                }
                if config.parallel == Parallelism::Root {
                    f.write_str(":parallel=root")?;
                }
                if !config.reuse_tree {
                    f.write_str(":reuse=no")?;
                }
                let d = MctsConfig::default();
                if config.max_nodes != d.max_nodes {
                    write!(f, ":nodes={}", config.max_nodes)?;
                }
                if config.rollout_max_steps != d.rollout_max_steps {
                    write!(f, ":steps={}", config.rollout_max_steps)?;
                }
                if config.prior_weight != d.prior_weight {
                    write!(f, ":prior={}", config.prior_weight)?;
                }
                match rollout {
                    Some(RolloutKind::Random) => f.write_str(":rollout=random"),
                    Some(RolloutKind::Heuristic) => f.write_str(":rollout=heuristic"),
                    Some(RolloutKind::Game) => f.write_str(":rollout=game"),
                    None => Ok(()),
                }
            }
            BotSpec::AlphaBeta(config) => {
                write!(f, "alphabeta:depth={}", config.max_depth)?;
                if let Some(n) = config.max_nodes {
                    write!(f, ":nodes={n}")?;
                }
                if let Some(ms) = config.time_ms {
                    write!(f, ":ms={ms}")?;
                }
                if config.noise != 0.0 {
                    write!(f, ":noise={}", config.noise)?;
                }
                if config.tt_bits != AlphaBetaConfig::default().tt_bits {
                    write!(f, ":tt={}", config.tt_bits)?;
                }
                if config.reductions {
                    f.write_str(":reduce=yes")?;
                }
                if config.threads != 1 {
                    write!(f, ":threads={}", config.threads)?;
                }
                match config.split {
                    Some(true) => f.write_str(":split=yes"),
                    Some(false) => f.write_str(":split=no"),
                    None => Ok(()),
                }
            }
        }
    }
}
