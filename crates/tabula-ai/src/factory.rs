//! [`BotFactory`]: builds a bot from a [`BotSpec`] for one game type, knowing which searches
//! and rollout policies that game supports. The registry makes one per game:
//!
//! ```ignore
//! // Connect Four: levels play alpha-beta (2 seats), `mcts` bots may use heuristic rollouts.
//! let factory = BotFactory::<ConnectFour>::new().with_alphabeta().with_heuristic_rollouts(0.25);
//! // China Moon: MCTS only.
//! let factory = BotFactory::<ChinaMoon>::new();
//! // Magical Circle: MCTS whose rollouts consult the game's solver.
//! let factory = BotFactory::<MagicalCircle>::new().with_rollout(SolverRollout);
//! let bot = factory.build(&"strong".parse()?, game.num_seats(), seed)?;
//! ```
//!
//! Capabilities are registered through methods whose bounds the game must meet
//! (`with_alphabeta` needs `Zobrist + Heuristic`), so a search can never be built for a game
//! it is wrong for; the built bots are `Box<dyn Bot<G>>`. Whether a position may be searched
//! by alpha-beta is the position's answer ([`Game::two_player_zero_sum`]); the factory, which
//! builds bots before it sees a position, chooses by seat count: every game registered with
//! alpha-beta answers `true` exactly when it has two seats.

use crate::alphabeta::{AlphaBetaBot, AlphaBetaConfig};
use crate::level::{Engine, Level, LevelConfig};
use crate::mcts::{MctsBot, MctsConfig};
use crate::rollout::{HeuristicRollout, Rollout};
use crate::solver::{MakeSolver, SolverBot};
use crate::spec::{BotSpec, RolloutKind};
use crate::{AiError, Bot, RandomBot};
use std::sync::Arc;
use tabula_core::{Game, Heuristic, Zobrist};

type MakeMcts<G> = Arc<dyn Fn(MctsConfig, u64) -> Box<dyn Bot<G>> + Send + Sync>;
type MakeAlphaBeta<G> = fn(AlphaBetaConfig, u64) -> Box<dyn Bot<G>>;
/// Wraps a level's bot in the game's own level policy ([`BotFactory::with_level_policy`]).
type WrapLevel<G> = Arc<dyn Fn(Box<dyn Bot<G>>, Level, u64) -> Box<dyn Bot<G>> + Send + Sync>;

/// Wraps a level's bot in a [`SolverBot`]: the level, the seed, and the host's time cap on a
/// move in milliseconds.
type WrapSolver<G> =
    Arc<dyn Fn(Box<dyn Bot<G>>, Level, u64, Option<u64>) -> Box<dyn Bot<G>> + Send + Sync>;

/// The node budget of the alpha-beta search of a level backed by an exact solver (Connect
/// Four's `expert`), which runs beside the proof and then joins it (see [`crate::solver`]).
pub const SOLVER_FALLBACK_NODES: u64 = 300_000;

/// Builds bots for games of type `G`. See the module docs.
pub struct BotFactory<G: Game> {
    random_rollout: MakeMcts<G>,
    heuristic_rollout: Option<MakeMcts<G>>,
    game_rollout: Option<MakeMcts<G>>,
    alphabeta: Option<MakeAlphaBeta<G>>,
    solver: Option<WrapSolver<G>>,
    level_policy: Option<WrapLevel<G>>,
    level_engine: Engine,
    level_rollout: RolloutKind,
    /// Per-game MCTS iteration budgets of the levels, weakest first (`None`: [`Level::mcts`]).
    level_iterations: Option<[u64; 4]>,
    /// Whether alpha-beta threads split the work in this game, unless a bot says.
    alphabeta_split: bool,
}

impl<G: Game> Clone for BotFactory<G> {
    fn clone(&self) -> Self {
        BotFactory {
            random_rollout: self.random_rollout.clone(),
            heuristic_rollout: self.heuristic_rollout.clone(),
            game_rollout: self.game_rollout.clone(),
            alphabeta: self.alphabeta,
            solver: self.solver.clone(),
            level_policy: self.level_policy.clone(),
            level_engine: self.level_engine,
            level_rollout: self.level_rollout,
            level_iterations: self.level_iterations,
            alphabeta_split: self.alphabeta_split,
        }
    }
}

impl<G: Game> Default for BotFactory<G> {
    fn default() -> Self {
        BotFactory::new()
    }
}

fn make_alphabeta<G: Zobrist + Heuristic>(config: AlphaBetaConfig, seed: u64) -> Box<dyn Bot<G>> {
    Box::new(AlphaBetaBot::<G>::new(config, seed))
}

impl<G: Game> BotFactory<G> {
    /// MCTS with uniformly random rollouts for every level.
    pub fn new() -> Self {
        BotFactory {
            random_rollout: Arc::new(|config, seed| Box::new(MctsBot::<G>::new(config, seed))),
            heuristic_rollout: None,
            game_rollout: None,
            alphabeta: None,
            solver: None,
            level_policy: None,
            level_engine: Engine::Mcts,
            level_rollout: RolloutKind::Random,
            level_iterations: None,
            alphabeta_split: AlphaBetaConfig::SPLIT_BY_DEFAULT,
        }
    }

    /// The levels' MCTS iteration budgets in this game (beginner, casual, strong, expert),
    /// for a game whose iterations cost so much that [`Level::mcts`]'s budgets would exceed a
    /// level's time per move (see the table in [`crate::level`]).
    pub fn with_level_iterations(mut self, iterations: [u64; 4]) -> Self {
        self.level_iterations = Some(iterations);
        self
    }

    /// The game decides how its levels play: every level's bot (built as usual, e.g. the
    /// level's MCTS) is handed to `wrap` with its level and seed, and the bot `wrap` returns
    /// plays that level. Magical Circle uses it to give each level a vision (how far it
    /// sees), keeping the search for analysis. Explicit `mcts:` and `alphabeta:` bots are
    /// not wrapped.
    pub fn with_level_policy(
        mut self,
        wrap: impl Fn(Box<dyn Bot<G>>, Level, u64) -> Box<dyn Bot<G>> + Send + Sync + 'static,
    ) -> Self {
        self.level_policy = Some(Arc::new(wrap));
        self
    }

    /// Alpha-beta becomes available, and levels use it when the game has 2 seats (MCTS
    /// otherwise, e.g. Toumaï with 3 players).
    pub fn with_alphabeta(mut self) -> Self
    where
        G: Zobrist + Heuristic,
    {
        self.alphabeta = Some(make_alphabeta::<G>);
        self.level_engine = Engine::AlphaBeta;
        self
    }

    /// Whether alpha-beta's threads split the work in this game
    /// ([`AlphaBetaConfig::split`]), for the bots whose specification does not say; yes
    /// unless a game says otherwise.
    pub fn with_alphabeta_split(mut self, split: bool) -> Self {
        self.alphabeta_split = split;
        self
    }

    /// `config` with the game's choices filled in where it leaves them open.
    fn alphabeta_config(&self, mut config: AlphaBetaConfig) -> AlphaBetaConfig {
        config.split.get_or_insert(self.alphabeta_split);
        config
    }

    /// The game's exact solver becomes available: levels with a solver budget
    /// ([`Level::solver_nodes`]) consult it first and play its proven best action when it
    /// answers within the budget, and their own search otherwise (see [`crate::solver`]).
    pub fn with_solver(mut self, make: MakeSolver<G>) -> Self {
        self.solver = Some(Arc::new(
            move |bot, level: Level, seed, ms: Option<u64>| match level.solver_nodes() {
                Some(nodes) => Box::new(
                    SolverBot::new(make(), nodes, bot, seed)
                        .with_time_cap(ms.map(std::time::Duration::from_millis)),
                ),
                None => bot,
            },
        ));
        self
    }

    /// Heuristic rollouts (epsilon-greedy on the game's `Heuristic`) become available, and MCTS
    /// levels use them.
    pub fn with_heuristic_rollouts(mut self, epsilon: f64) -> Self
    where
        G: Heuristic,
    {
        self.heuristic_rollout = Some(Arc::new(move |config, seed| {
            Box::new(MctsBot::<G, HeuristicRollout>::with_rollout(
                config,
                HeuristicRollout { epsilon },
                seed,
            ))
        }));
        self.level_rollout = RolloutKind::Heuristic;
        self
    }

    /// The game's own rollout policy becomes available (`rollout=game`), and MCTS levels use
    /// it.
    pub fn with_rollout<R: Rollout<G>>(mut self, rollout: R) -> Self {
        self.game_rollout = Some(Arc::new(move |config, seed| {
            Box::new(MctsBot::<G, R>::with_rollout(config, rollout.clone(), seed))
        }));
        self.level_rollout = RolloutKind::Game;
        self
    }

    /// Which engine levels use (alpha-beta only where available and the game has 2 seats).
    pub fn level_engine(mut self, engine: Engine) -> Self {
        self.level_engine = engine;
        self
    }

    /// Which rollout policy MCTS levels use (it must have been made available).
    pub fn level_rollout(mut self, rollout: RolloutKind) -> Self {
        self.level_rollout = rollout;
        self
    }

    /// The engine a level uses in a game with `num_seats` seats: alpha-beta (where available
    /// and asked for) with two seats, the seat count standing for
    /// [`Game::two_player_zero_sum`] (see the module docs).
    pub fn engine_for(&self, num_seats: usize, requested: Option<Engine>) -> Engine {
        match requested.unwrap_or(self.level_engine) {
            Engine::AlphaBeta if self.alphabeta.is_some() && num_seats == 2 => Engine::AlphaBeta,
            _ => Engine::Mcts,
        }
    }

    /// What `level` is in a game with `num_seats` seats (for documentation and the UI).
    pub fn level_config(&self, level: Level, num_seats: usize) -> LevelConfig {
        level.config(self.engine_for(num_seats, None))
    }

    fn mcts(&self, rollout: RolloutKind) -> Result<&MakeMcts<G>, AiError> {
        match rollout {
            RolloutKind::Random => Ok(&self.random_rollout),
            RolloutKind::Heuristic => self.heuristic_rollout.as_ref().ok_or_else(|| {
                AiError::Unsupported(format!("{} has no heuristic rollouts", G::NAME))
            }),
            RolloutKind::Game => self.game_rollout.as_ref().ok_or_else(|| {
                AiError::Unsupported(format!("{} has no rollout policy of its own", G::NAME))
            }),
        }
    }

    /// A bot for `spec` in a game with `num_seats` seats, seeded with `seed`.
    pub fn build(
        &self,
        spec: &BotSpec,
        num_seats: usize,
        seed: u64,
    ) -> Result<Box<dyn Bot<G>>, AiError> {
        let name = spec.to_string();
        match spec {
            BotSpec::Random => Ok(Box::new(RandomBot::<G>::new(seed))),
            BotSpec::Level {
                level,
                engine,
                threads,
                ms,
            } => {
                if *engine == Some(Engine::AlphaBeta)
                    && self.engine_for(num_seats, *engine) != Engine::AlphaBeta
                {
                    return Err(AiError::Unsupported(format!(
                        "alpha-beta is not available for {} with {num_seats} players",
                        G::NAME
                    )));
                }
                let bot = match self.engine_for(num_seats, *engine) {
                    Engine::AlphaBeta => {
                        let make = self.alphabeta.expect("checked by engine_for");
                        let mut config = level.alphabeta();
                        config.time_ms = Some(level.capped(*ms));
                        // A level backed by a solver already gives its second thread to
                        // the proof (see `solver.rs`).
                        let proves = self.solver.is_some() && level.solver_nodes().is_some();
                        if proves {
                            // The sooner the search decides, the sooner its thread joins the
                            // proof, which keeps the value far more often than more nodes.
                            config.max_nodes =
                                config.max_nodes.map(|n| n.min(SOLVER_FALLBACK_NODES));
                        } else {
                            config.threads = threads.unwrap_or(1);
                        }
                        config.check().map_err(|m| AiError::spec(&name, m))?;
                        make(self.alphabeta_config(config), seed)
                    }
                    Engine::Mcts => {
                        let mut config = level.mcts();
                        config.threads = threads.unwrap_or(1);
                        config.time_ms = Some(level.capped(*ms));
                        if let Some(budgets) = self.level_iterations {
                            config.iterations = Some(budgets[*level as usize]);
                        }
                        config.check().map_err(|m| AiError::spec(&name, m))?;
                        let make = self.mcts(self.level_rollout)?;
                        make(config, seed)
                    }
                };
                let bot = match &self.solver {
                    Some(wrap) if num_seats == 2 => {
                        wrap(bot, *level, seed, Some(level.capped(*ms)))
                    }
                    _ => bot,
                };
                let bot = match &self.level_policy {
                    Some(wrap) => wrap(bot, *level, seed),
                    None => bot,
                };
                Ok(Box::new(Named(bot, name)))
            }
            BotSpec::Mcts { config, rollout } => {
                config.check().map_err(|m| AiError::spec(&name, m))?;
                let make = self.mcts(rollout.unwrap_or(self.level_rollout))?;
                Ok(Box::new(Named(make(config.clone(), seed), name)))
            }
            BotSpec::AlphaBeta(config) => {
                let Some(make) = self.alphabeta.filter(|_| num_seats == 2) else {
                    return Err(AiError::Unsupported(format!(
                        "alpha-beta is not available for {} with {num_seats} players",
                        G::NAME
                    )));
                };
                config.check().map_err(|m| AiError::spec(&name, m))?;
                let config = self.alphabeta_config(config.clone());
                Ok(Box::new(Named(make(config, seed), name)))
            }
        }
    }
}

/// A bot reported under the specification that built it.
struct Named<G: Game>(Box<dyn Bot<G>>, String);

impl<G: Game> Bot<G> for Named<G> {
    fn name(&self) -> String {
        self.1.clone()
    }
    fn decide(
        &mut self,
        game: &G,
        seat: tabula_core::Seat,
        may_wait: bool,
    ) -> Result<crate::Decision<G::Action>, AiError> {
        self.0.decide(game, seat, may_wait)
    }
    fn observe(&mut self, before: &G, action: G::Action) {
        self.0.observe(before, action)
    }
    fn reset(&mut self) {
        self.0.reset()
    }
    fn think_delay(&self, game: &G, seat: tabula_core::Seat) -> std::time::Duration {
        self.0.think_delay(game, seat)
    }
    fn analyse(
        &mut self,
        game: &G,
        seat: tabula_core::Seat,
        limits: &crate::SearchLimits,
        every_root_action: bool,
    ) -> Result<Option<crate::SearchReport<G::Action>>, AiError> {
        self.0.analyse(game, seat, limits, every_root_action)
    }
    fn last_value(&self) -> Option<Vec<f64>> {
        self.0.last_value()
    }
    fn last_report(&self) -> Option<crate::SearchReport<G::Action>> {
        self.0.last_report()
    }
    fn set_stop(&mut self, stop: Option<crate::Stop>) {
        self.0.set_stop(stop)
    }
}

#[cfg(test)]
mod tests {
    use super::BotFactory;
    use crate::AlphaBetaConfig;
    use tabula_connect_four::ConnectFour;

    /// A game's choice of splitting fills a bot's open one; a bot's own choice stays; a game
    /// that says nothing splits.
    #[test]
    fn a_games_choice_of_splitting_fills_what_a_bot_leaves_open() {
        let open = AlphaBetaConfig::default();
        let said = AlphaBetaConfig {
            split: Some(true),
            ..AlphaBetaConfig::default()
        };
        let unsplit = BotFactory::<ConnectFour>::new().with_alphabeta_split(false);
        assert_eq!(unsplit.alphabeta_config(open.clone()).split, Some(false));
        assert_eq!(unsplit.alphabeta_config(said).split, Some(true));
        let plain = BotFactory::<ConnectFour>::new();
        assert_eq!(plain.alphabeta_config(open).split, Some(true));
    }
}
