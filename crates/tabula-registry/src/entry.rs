//! [`GameEntry`]: how the registry makes games of one kind, from parameters as JSON.

use crate::bots::{TypedBot, parse_spec};
use crate::{DynBot, DynGame, GameInfo, Ladder, RegistryError, TerminalLook, Typed};
use serde_json::{Map, Value};
use tabula_ai::analysis::{AnalysisOptions, AnalysisReport, Phase};
use tabula_ai::arena::MatchConfig;
use tabula_ai::{BenchConfig, BenchReport, BotFactory, BotSpec, MatchReport};
use tabula_core::{
    Actor, Game, GameDescription, GameRng, Notation, ParamsError, Presentation, Seat,
};

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

    /// The game's own puzzle themes (ids, docs/puzzles.md) of `seat` playing `action` (in
    /// notation) in `game`: what happens in the move, e.g. a capture. None by default, and
    /// none when the action does not read.
    fn themes(&self, game: &dyn DynGame, seat: Seat, action: &str) -> Vec<String> {
        let _ = (game, seat, action);
        Vec::new()
    }

    /// Race puzzles: from a race (several seats may act) that `seat` may enter, every line
    /// of the fewest moves, all by `seat`, that reaches the game's target (e.g. a card of
    /// Magical Circle), in notation, found by the game's exact solver. None by default.
    fn race_lines(&self, game: &dyn DynGame, seat: Seat) -> Vec<Vec<String>> {
        let _ = (game, seat);
        Vec::new()
    }

    /// How the game shows itself in a terminal (legend, moves in words, colours); `None` by
    /// default: the plain board and moves in notation.
    fn terminal(&self) -> Option<&'static TerminalLook> {
        None
    }
}

/// A game's race puzzles (see [`GameEntry::race_lines`]): every line of the fewest moves by
/// which the seat reaches its target from a race.
pub type RaceLines<G> = fn(&G, Seat) -> Vec<Vec<<G as Game>::Action>>;

/// A game's puzzle themes of a move (see [`GameEntry::themes`]): the seat, the state before
/// the move, and the move.
pub type Themes<G> = fn(&G, Seat, <G as Game>::Action) -> Vec<&'static str>;

/// The [`GameEntry`] of a typed game: its description and how its bots are built (which
/// searches and rollout policies the game supports).
pub struct Entry<G: Game> {
    info: GameInfo,
    bots: fn() -> BotFactory<G>,
    themes: Option<Themes<G>>,
    race_lines: Option<RaceLines<G>>,
    terminal: Option<&'static TerminalLook>,
}

impl<G: Game> Entry<G> {
    /// The entry of the game `description` describes (its crate's `DESCRIPTION`), with
    /// the bots `bots` makes.
    pub const fn new(description: &'static GameDescription, bots: fn() -> BotFactory<G>) -> Self {
        Entry {
            info: GameInfo::new(description),
            bots,
            themes: None,
            race_lines: None,
            terminal: None,
        }
    }

    /// The same entry showing itself in a terminal with `look` (see [`TerminalLook`]).
    pub const fn with_terminal(mut self, look: &'static TerminalLook) -> Self {
        self.terminal = Some(look);
        self
    }

    /// The same entry finding race puzzles with `lines` (the game crate's solver).
    pub const fn with_race_lines(mut self, lines: RaceLines<G>) -> Self {
        self.race_lines = Some(lines);
        self
    }

    /// The same entry naming the puzzle themes of a move with `themes` (the game crate's).
    pub const fn with_themes(mut self, themes: Themes<G>) -> Self {
        self.themes = Some(themes);
        self
    }

    /// The same entry offering the bot `levels` (weakest first) instead of [`crate::LEVELS`].
    pub const fn with_levels(mut self, levels: &'static [&'static str]) -> Self {
        self.info.levels = levels;
        self
    }

    /// The same entry with its levels' measured `ladder` (their estimated ratings).
    pub const fn with_ladder(mut self, ladder: &'static Ladder) -> Self {
        self.info.ladder = Some(ladder);
        self
    }

    /// The same entry with its own web renderer, a JavaScript module (see
    /// [`GameInfo::renderer`]): `include_str!("../web/<name>.js")` in a game crate of its own.
    pub const fn with_renderer(mut self, module: &'static str) -> Self {
        self.info.renderer = Some(module);
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
        serde_json::from_value(Value::Object(object.clone())).map_err(|e| {
            // serde names the type, not the field: the key refused on its own is the one.
            let key = object
                .iter()
                .find(|(k, v)| {
                    let one = Map::from_iter([((*k).clone(), (*v).clone())]);
                    serde_json::from_value::<G::Params>(Value::Object(one)).is_err()
                })
                .map_or("params", |(k, _)| k.as_str());
            ParamsError::new(key, e.to_string()).into()
        })
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

    fn themes(&self, game: &dyn DynGame, seat: Seat, action: &str) -> Vec<String> {
        let (Some(themes), Ok(game)) = (self.themes, Typed::<G>::of(game)) else {
            return Vec::new();
        };
        match game.parse_action(Actor::Seat(seat), action) {
            Ok(a) => themes(game, seat, a)
                .into_iter()
                .map(String::from)
                .collect(),
            Err(_) => Vec::new(),
        }
    }

    fn race_lines(&self, game: &dyn DynGame, seat: Seat) -> Vec<Vec<String>> {
        let (Some(lines), Ok(game)) = (self.race_lines, Typed::<G>::of(game)) else {
            return Vec::new();
        };
        lines(game, seat)
            .into_iter()
            .map(|line| line.into_iter().map(|a| game.format_action(a)).collect())
            .collect()
    }

    fn terminal(&self) -> Option<&'static TerminalLook> {
        self.terminal
    }
}
