//! [`GameEntry`]: how the registry makes games of one kind, from parameters as JSON.

use crate::bots::{TypedBot, parse_spec};
use crate::{DynBot, DynGame, GameInfo, RegistryError, Typed};
use serde_json::{Map, Value};
use tabula_ai::analysis::{AnalysisOptions, AnalysisReport, Phase};
use tabula_ai::arena::MatchConfig;
use tabula_ai::{BenchConfig, BenchReport, BotFactory, BotSpec, MatchReport};
use tabula_core::{Game, GameDescription, GameRng, Notation, ParamsError, Presentation};

/// How a new game is set up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Setup {
    /// The game's own setup: players place their pieces (Toumaï, Khan-Tsin); chance setups
    /// (China Moon, Magical Circle) are resolved from the generator either way.
    Placement,
    /// Every setup choice random.
    Random,
}

/// Makes games of one kind.
pub trait GameEntry: Sync {
    /// What the game is: name, title, players, parameters.
    fn info(&self) -> &GameInfo;

    /// A new game; chance events at the start are resolved from `rng`.
    fn new_game(
        &self,
        params: &Value,
        setup: Setup,
        rng: &mut GameRng,
    ) -> Result<Box<dyn DynGame>, RegistryError>;

    /// A game from a position in notation.
    fn load_position(
        &self,
        params: &Value,
        position: &str,
    ) -> Result<Box<dyn DynGame>, RegistryError>;

    /// The bot described by `spec` (`random`, a level, or a search specification), seeded.
    fn bot(&self, spec: &str, seed: u64) -> Result<Box<dyn DynBot>, RegistryError>;

    /// Plays a match between the bots `specs` (comma-separated, one per seat);
    /// `progress(done, total)` after each game.
    fn run_match(
        &self,
        params: &Value,
        specs: &str,
        config: &MatchConfig,
        progress: &(dyn Fn(usize, usize) + Sync),
    ) -> Result<MatchReport, RegistryError>;

    /// Measures random playouts and MCTS iterations per second.
    fn bench(&self, params: &Value, config: &BenchConfig) -> Result<BenchReport, RegistryError>;

    /// Balance analysis (`tabula_ai::analysis`): the bot `bot` in every seat, then, with
    /// `weaker`, `bot` against `weaker`; `config.games` games each, with `options`
    /// (evaluations, rows, resume). `progress(phase, done, total)` after each game.
    #[allow(clippy::too_many_arguments)]
    fn analyze(
        &self,
        params: &Value,
        bot: &str,
        weaker: Option<&str>,
        config: &MatchConfig,
        options: &AnalysisOptions<'_>,
        progress: &(dyn Fn(Phase, usize, usize) + Sync),
    ) -> Result<AnalysisReport, RegistryError>;
}

/// The [`GameEntry`] of a typed game: its description and how its bots are built (which
/// searches and rollout policies the game supports).
pub struct Entry<G: Game> {
    info: GameInfo,
    bots: fn() -> BotFactory<G>,
}

impl<G: Game> Entry<G> {
    /// The entry of the game `description` describes (its crate's `DESCRIPTION`), with
    /// the bots `bots` makes.
    pub const fn new(description: &'static GameDescription, bots: fn() -> BotFactory<G>) -> Self {
        Entry {
            info: GameInfo::new(description),
            bots,
        }
    }

    /// The same entry offering the bot `levels` (weakest first) instead of [`crate::LEVELS`].
    pub const fn with_levels(mut self, levels: &'static [&'static str]) -> Self {
        self.info.levels = levels;
        self
    }

    /// The factory of the game's bots.
    pub(crate) fn factory(&self) -> BotFactory<G> {
        (self.bots)()
    }

    /// Reads the parameters: `players` and the game's own, refusing unknown names.
    pub fn params(&self, params: &Value) -> Result<G::Params, RegistryError> {
        let empty = Map::new();
        let object = match params {
            Value::Null => &empty,
            Value::Object(map) => map,
            other => {
                return Err(
                    ParamsError::new("params", format!("must be an object, not {other}")).into(),
                );
            }
        };
        for key in object.keys() {
            if key != "players" && !self.info.params.iter().any(|p| p.name == key) {
                let known: Vec<&str> = std::iter::once("players")
                    .chain(self.info.params.iter().map(|p| p.name))
                    .collect();
                return Err(ParamsError::new(
                    key.as_str(),
                    format!(
                        "{} has no such parameter (it has: {})",
                        self.info.name,
                        known.join(", ")
                    ),
                )
                .into());
            }
        }
        if let Some(players) = object.get("players") {
            let n = players.as_u64().unwrap_or(0) as usize;
            self.info.check_players(n, players)?;
        }
        serde_json::from_value(Value::Object(object.clone()))
            .map_err(|e| ParamsError::new("params", e.to_string()).into())
    }
}

impl<G: Notation + Presentation> Entry<G> {
    /// A new game from `params` and `setup`; chance events at the start are resolved from
    /// `rng`. What [`GameEntry::new_game`] and the indexed entry box.
    pub(crate) fn new_typed(
        &self,
        params: &Value,
        setup: Setup,
        rng: &mut GameRng,
    ) -> Result<Typed<G>, RegistryError> {
        let params = self.params(params)?;
        let mut game = Typed(match setup {
            Setup::Random => G::new_random(&params, rng)?,
            Setup::Placement => G::new(&params)?,
        });
        game.resolve_chance(rng);
        Ok(game)
    }

    /// The game at `position` (in notation) with `params`.
    pub(crate) fn load_typed(
        &self,
        params: &Value,
        position: &str,
    ) -> Result<Typed<G>, RegistryError> {
        let params = self.params(params)?;
        Ok(Typed(G::from_notation(&params, position.trim())?))
    }
}

impl<G: Notation + Presentation> GameEntry for Entry<G> {
    fn info(&self) -> &GameInfo {
        &self.info
    }

    fn new_game(
        &self,
        params: &Value,
        setup: Setup,
        rng: &mut GameRng,
    ) -> Result<Box<dyn DynGame>, RegistryError> {
        Ok(Box::new(self.new_typed(params, setup, rng)?))
    }

    fn load_position(
        &self,
        params: &Value,
        position: &str,
    ) -> Result<Box<dyn DynGame>, RegistryError> {
        Ok(Box::new(self.load_typed(params, position)?))
    }

    fn bot(&self, spec: &str, seed: u64) -> Result<Box<dyn DynBot>, RegistryError> {
        let spec = parse_spec(spec)?;
        Ok(Box::new(TypedBot::new(
            (self.bots)(),
            spec,
            seed,
            self.info.real_time,
        )))
    }

    fn run_match(
        &self,
        params: &Value,
        specs: &str,
        config: &MatchConfig,
        progress: &(dyn Fn(usize, usize) + Sync),
    ) -> Result<MatchReport, RegistryError> {
        let params = self.params(params)?;
        let specs = specs
            .split(',')
            .map(|s| parse_spec(s.trim()))
            .collect::<Result<Vec<BotSpec>, _>>()?;
        let factory = (self.bots)();
        Ok(tabula_ai::run_match_specs(
            &params, &specs, &factory, config, progress,
        )?)
    }

    fn bench(&self, params: &Value, config: &BenchConfig) -> Result<BenchReport, RegistryError> {
        let params = self.params(params)?;
        Ok(tabula_ai::bench_game::<G>(&params, config)?)
    }

    fn analyze(
        &self,
        params: &Value,
        bot: &str,
        weaker: Option<&str>,
        config: &MatchConfig,
        options: &AnalysisOptions<'_>,
        progress: &(dyn Fn(Phase, usize, usize) + Sync),
    ) -> Result<AnalysisReport, RegistryError> {
        let params = self.params(params)?;
        let bot = parse_spec(bot.trim())?;
        let weaker = weaker.map(|w| parse_spec(w.trim())).transpose()?;
        let factory = (self.bots)();
        Ok(tabula_ai::analysis::analyze_with(
            &params,
            &bot,
            weaker.as_ref(),
            &factory,
            config,
            options,
            progress,
        )?)
    }
}
