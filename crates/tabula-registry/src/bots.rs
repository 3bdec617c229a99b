//! Bots behind one interface for hosts (the terminal game, the server): a bot looks at a game
//! through [`DynGame`] and answers with an action in notation and the delay a real-time host
//! should wait before applying it. The bots themselves are `tabula_ai`'s, built for the game's
//! type by the factory its registry entry names.

use crate::{DynAction, DynGame, RegistryError, Typed};
use std::time::Duration;
use tabula_ai::{Bot, BotFactory, BotSpec, Decision, Pace, SearchLimits, SearchReport, Stop};
use tabula_core::{Actor, Game, Notation, Seat, ToAct};

/// A bot's decision.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BotMove {
    /// The action in notation.
    pub action: String,
    /// How long a real-time host waits before applying it (zero for turn-based games).
    pub delay: Duration,
}

/// A bot for one seat of any game.
pub trait DynBot: Send {
    /// What `seat` does now; `None` when it has nothing to do or prefers to wait (a race it
    /// does not want to enter yet).
    ///
    /// # Panics
    /// When `game` is not a game of the bot's (a host paired them wrongly), naming both.
    fn decide(&mut self, game: &dyn DynGame, seat: Seat) -> Option<BotMove>;

    /// [`DynBot::decide`], with the reason when the bot cannot decide: its specification
    /// does not apply to the game, the seat may not act, or the system refused its search's
    /// memory (`could not allocate the search tree: … bytes`). `Ok(None)`: it prefers to
    /// wait. The default answers `decide`'s `None` as a wait.
    ///
    /// # Panics
    /// As [`DynBot::decide`].
    fn try_decide(
        &mut self,
        game: &dyn DynGame,
        seat: Seat,
    ) -> Result<Option<BotMove>, RegistryError> {
        Ok(self.decide(game, seat))
    }

    /// [`DynBot::try_decide`] where the bot may not wait: it answers with an action of `seat`
    /// even where several seats may act and it would rather let the others go first (an
    /// engine's `go seat N`). The default is `try_decide`.
    ///
    /// # Panics
    /// As [`DynBot::decide`].
    fn try_act(
        &mut self,
        game: &dyn DynGame,
        seat: Seat,
    ) -> Result<Option<BotMove>, RegistryError> {
        self.try_decide(game, seat)
    }

    /// `action` (as [`DynGame::read_action`] read it) was applied to `before`: search bots
    /// keep the matching part of their tree. Hosts that do not report actions lose only that
    /// reuse.
    ///
    /// # Panics
    /// When `before` or `action` is not of the bot's game, naming both games.
    fn observe(&mut self, before: &dyn DynGame, action: &DynAction) {
        let _ = (before, action);
    }

    /// Searches `game` for `seat` within `limits` and reports what the search found, actions
    /// in notation (see `tabula_ai::Bot::analyse`; with `every_root_action` every root action
    /// gets a value). Bots that do not search answer `Ok(None)`; errors name why the bot
    /// cannot search here (the game is over, the seat may not act, the search does not apply
    /// to the game).
    fn analyse(
        &mut self,
        game: &dyn DynGame,
        seat: Seat,
        limits: &SearchLimits,
        every_root_action: bool,
    ) -> Result<Option<SearchReport<String>>, RegistryError> {
        let _ = (game, seat, limits, every_root_action);
        Ok(None)
    }

    /// What the search of the last [`DynBot::decide`] found, actions in notation as written
    /// in `before`, the game that decision was made in (see `tabula_ai::Bot::last_report`);
    /// `None` when it did not search. The default answers `None`.
    fn last_report(&self, before: &dyn DynGame) -> Option<SearchReport<String>> {
        let _ = before;
        None
    }

    /// The flag that ends this bot's searches ([`DynBot::decide`], [`DynBot::analyse`]) from
    /// now on, until another is given; `None` removes it. A stopped search answers with the
    /// best it found so far (see [`Stop`]). Bots that do not search ignore it (the default).
    fn set_stop(&mut self, stop: Option<Stop>) {
        let _ = stop;
    }
}

/// The pace of bots without one of their own (random) in real-time games.
pub const UNPACED: Pace = Pace {
    race_ms: 1500,
    step_ms: 300,
};

/// Reads a bot specification, naming the levels when it is not one.
pub(crate) fn parse_spec(spec: &str) -> Result<BotSpec, RegistryError> {
    spec.parse::<BotSpec>().map_err(|e| {
        if spec.contains(':') {
            RegistryError::from(e)
        } else {
            RegistryError::UnknownLevel {
                level: spec.to_string(),
                known: crate::LEVELS.join(", "),
            }
        }
    })
}

/// A `tabula_ai` bot for games of type `G`, built on its first decision (when the number of
/// seats, which decides between alpha-beta and MCTS, is known).
pub(crate) struct TypedBot<G: Game> {
    factory: BotFactory<G>,
    spec: BotSpec,
    seed: u64,
    real_time: bool,
    bot: Option<Box<dyn Bot<G>>>,
    /// Given to the bot when it is built, and whenever it changes.
    stop: Option<Stop>,
}

impl<G: Game> TypedBot<G> {
    pub(crate) fn new(factory: BotFactory<G>, spec: BotSpec, seed: u64, real_time: bool) -> Self {
        TypedBot {
            factory,
            spec,
            seed,
            real_time,
            bot: None,
            stop: None,
        }
    }

    /// The bot, built for `game`'s number of seats on first use.
    fn bot_for(&mut self, game: &G) -> Result<&mut Box<dyn Bot<G>>, RegistryError> {
        if self.bot.is_none() {
            let mut bot = self
                .factory
                .build(&self.spec, game.num_seats(), self.seed)
                .map_err(|e| {
                    RegistryError::Bot(format!("bot `{}` cannot play {}: {e}", self.spec, G::NAME))
                })?;
            bot.set_stop(self.stop.clone());
            self.bot = Some(bot);
        }
        Ok(self.bot.as_mut().expect("just built"))
    }
}

/// The typed value behind `value`, or a panic naming both games: a bot handed another game's
/// state or action is a host's mistake that must not pass unnoticed.
fn expect_game<T>(value: Result<T, RegistryError>) -> T {
    value.unwrap_or_else(|e| panic!("bot: {e}"))
}

impl<G: Notation> TypedBot<G> {
    /// A decision of `seat` in `game`, waiting only where `may_wait`.
    fn decide_typed(
        &mut self,
        game: &dyn DynGame,
        seat: Seat,
        may_wait: bool,
    ) -> Result<Option<BotMove>, RegistryError> {
        let typed = expect_game(Typed::<G>::of(game));
        let real_time = self.real_time;
        let bot = self.bot_for(typed)?;
        let action = match bot.decide(typed, seat, may_wait) {
            Ok(Decision::Act(a)) => a,
            Ok(Decision::Wait) => return Ok(None),
            Err(e) => return Err(RegistryError::Bot(format!("bot `{}`: {e}", bot.name()))),
        };
        // The pace is for real-time games: in a turn-based game a person waits for the bots'
        // moves, and three paced bots made a round of China Moon last seconds.
        let mut delay = if real_time {
            bot.think_delay(typed, seat)
        } else {
            Duration::ZERO
        };
        if real_time && delay.is_zero() {
            // Bots without a pace of their own (random) still take a moment, so that people
            // can take part in the races.
            delay = UNPACED.delay(typed);
        }
        Ok(Some(BotMove {
            action: typed.format_action(action),
            delay,
        }))
    }
}

impl<G: Notation> DynBot for TypedBot<G> {
    fn decide(&mut self, game: &dyn DynGame, seat: Seat) -> Option<BotMove> {
        self.try_decide(game, seat).unwrap_or_else(|e| {
            tracing::warn!("{seat}: {e}");
            None
        })
    }

    fn try_decide(
        &mut self,
        game: &dyn DynGame,
        seat: Seat,
    ) -> Result<Option<BotMove>, RegistryError> {
        let may_wait = matches!(game.to_act(), ToAct::Several(_));
        self.decide_typed(game, seat, may_wait)
    }

    fn try_act(
        &mut self,
        game: &dyn DynGame,
        seat: Seat,
    ) -> Result<Option<BotMove>, RegistryError> {
        self.decide_typed(game, seat, false)
    }

    fn observe(&mut self, before: &dyn DynGame, action: &DynAction) {
        let typed = expect_game(Typed::<G>::of(before));
        let action = expect_game(action.typed::<G>());
        if let Some(bot) = self.bot.as_mut() {
            bot.observe(typed, action);
        }
    }

    fn analyse(
        &mut self,
        game: &dyn DynGame,
        seat: Seat,
        limits: &SearchLimits,
        every_root_action: bool,
    ) -> Result<Option<SearchReport<String>>, RegistryError> {
        let Ok(typed) = Typed::<G>::of(game) else {
            return Err(RegistryError::Bot(format!(
                "this bot plays {}, not {}",
                G::NAME,
                game.game_name()
            )));
        };
        if self.bot.is_none() {
            let mut bot = self
                .factory
                .build(&self.spec, typed.num_seats(), self.seed)?;
            bot.set_stop(self.stop.clone());
            self.bot = Some(bot);
        }
        let bot = self.bot.as_mut().expect("just built");
        let report = bot.analyse(typed, seat, limits, every_root_action)?;
        Ok(report.map(|r| r.map(|a| typed.format_action(a))))
    }

    fn last_report(&self, before: &dyn DynGame) -> Option<SearchReport<String>> {
        let typed = Typed::<G>::of(before).ok()?;
        let report = self.bot.as_ref()?.last_report()?;
        Some(report.map(|a| typed.format_action(a)))
    }

    fn set_stop(&mut self, stop: Option<Stop>) {
        if let Some(bot) = self.bot.as_mut() {
            bot.set_stop(stop.clone());
        }
        self.stop = stop;
    }
}

/// Plays a uniformly random legal action of any game, through [`DynGame`] alone (for games a
/// host registers itself, without a typed bot factory).
pub struct RandomBot {
    rng: tabula_core::GameRng,
}

impl RandomBot {
    /// A bot whose choices are repeatable from `seed`.
    pub fn new(seed: u64) -> RandomBot {
        RandomBot {
            rng: tabula_core::rng_from_seed(seed),
        }
    }
}

impl DynBot for RandomBot {
    fn decide(&mut self, game: &dyn DynGame, seat: Seat) -> Option<BotMove> {
        use rand::RngExt;
        let legal = game.legal(Actor::Seat(seat));
        if legal.is_empty() {
            return None;
        }
        let pick = self.rng.random_range(0..legal.len());
        Some(BotMove {
            action: legal[pick].clone(),
            delay: Duration::ZERO,
        })
    }
}
