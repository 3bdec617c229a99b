//! Bots behind one interface for hosts (the terminal game, the server): a bot looks at a game
//! through [`DynGame`] and answers with an action in notation and the delay a real-time host
//! should wait before applying it. The bots themselves are `tabula_ai`'s, built for the game's
//! type by the factory its registry entry names.

use crate::{DynAction, DynGame, RegistryError, Typed};
use std::time::Duration;
use tabula_ai::{Bot, BotFactory, BotSpec, Decision, Pace, SearchLimits, SearchReport};
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
}

/// The pace of bots without one of their own (random) in real-time games.
pub const UNPACED: Pace = Pace {
    race_ms: 1500,
    step_ms: 300,
};

/// The bot described by `spec` (a level such as `strong`, `random`, or a search
/// specification such as `mcts:iterations=5000`) for the game called `game`, seeded.
pub fn make_bot(game: &str, spec: &str, seed: u64) -> Result<Box<dyn DynBot>, RegistryError> {
    crate::find(game)?.bot(spec, seed)
}

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
}

impl<G: Game> TypedBot<G> {
    pub(crate) fn new(factory: BotFactory<G>, spec: BotSpec, seed: u64, real_time: bool) -> Self {
        TypedBot {
            factory,
            spec,
            seed,
            real_time,
            bot: None,
        }
    }

    fn bot_for(&mut self, game: &G) -> Option<&mut Box<dyn Bot<G>>> {
        if self.bot.is_none() {
            match self.factory.build(&self.spec, game.num_seats(), self.seed) {
                Ok(bot) => self.bot = Some(bot),
                Err(e) => {
                    tracing::warn!("bot `{}` cannot play {}: {e}", self.spec, G::NAME);
                    return None;
                }
            }
        }
        self.bot.as_mut()
    }
}

/// The typed value behind `value`, or a panic naming both games: a bot handed another game's
/// state or action is a host's mistake that must not pass unnoticed.
fn expect_game<T>(value: Result<T, RegistryError>) -> T {
    value.unwrap_or_else(|e| panic!("bot: {e}"))
}

impl<G: Notation> DynBot for TypedBot<G> {
    fn decide(&mut self, game: &dyn DynGame, seat: Seat) -> Option<BotMove> {
        let typed = expect_game(Typed::<G>::of(game));
        let may_wait = matches!(typed.to_act(), ToAct::Several(_));
        let real_time = self.real_time;
        let bot = self.bot_for(typed)?;
        let action = match bot.decide(typed, seat, may_wait) {
            Ok(Decision::Act(a)) => a,
            Ok(Decision::Wait) => return None,
            Err(e) => {
                tracing::warn!("bot `{}` for {seat}: {e}", bot.name());
                return None;
            }
        };
        let mut delay = bot.think_delay(typed, seat);
        if real_time && delay.is_zero() {
            // Bots without a pace of their own (random) still take a moment, so that people
            // can take part in the races.
            delay = UNPACED.delay(typed);
        }
        Some(BotMove {
            action: typed.format_action(action),
            delay,
        })
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
            self.bot = Some(
                self.factory
                    .build(&self.spec, typed.num_seats(), self.seed)?,
            );
        }
        let bot = self.bot.as_mut().expect("just built");
        let report = bot.analyse(typed, seat, limits, every_root_action)?;
        Ok(report.map(|r| r.map(|a| typed.format_action(a))))
    }
}

/// Plays a uniformly random legal action of any game, through [`DynGame`] alone (for games a
/// host registers itself, without a typed bot factory).
pub struct RandomBot {
    rng: tabula_core::GameRng,
}

impl RandomBot {
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

#[cfg(test)]
mod tests {
    use super::*;
    use tabula_core::rng_from_seed;

    fn connect_four(position: &str) -> Box<dyn DynGame> {
        crate::find("connect-four")
            .unwrap()
            .load_position(&serde_json::json!({}), position)
            .unwrap()
    }

    #[test]
    fn search_bots_report_in_notation_and_random_reports_nothing() {
        // Red (x) wins at once in column 3.
        let game = connect_four("......./o....../o..x.../x..oox./oo.oxo./xx.xxox x");
        let limits = SearchLimits {
            iterations: Some(500),
            ..SearchLimits::default()
        };
        for spec in ["mcts:iterations=10", "alphabeta:depth=3", "beginner"] {
            let mut bot = make_bot("connect-four", spec, 1).unwrap();
            let report = bot
                .analyse(game.as_ref(), Seat(0), &limits, true)
                .unwrap()
                .unwrap_or_else(|| panic!("{spec} searches"));
            assert_eq!(report.best.as_deref(), Some("3"), "{spec}");
            let mut listed: Vec<String> = report.root.iter().map(|r| r.action.clone()).collect();
            listed.sort();
            assert_eq!(listed, game.legal(Actor::Seat(Seat(0))), "{spec}");
        }
        let mut random = make_bot("connect-four", "random", 1).unwrap();
        assert!(
            random
                .analyse(game.as_ref(), Seat(0), &limits, true)
                .unwrap()
                .is_none()
        );
    }

    #[test]
    fn a_search_that_does_not_apply_is_an_error_naming_why() {
        let entry = crate::find("toumai").unwrap();
        let params = serde_json::json!({"players": 3});
        let game = entry
            .new_game(&params, crate::Setup::Random, &mut rng_from_seed(1))
            .unwrap();
        let mut bot = make_bot("toumai", "alphabeta:depth=2", 1).unwrap();
        let seat = game.to_act().seats().iter().next().unwrap();
        let err = bot
            .analyse(game.as_ref(), seat, &SearchLimits::default(), true)
            .unwrap_err();
        assert!(err.to_string().contains("alpha-beta"), "{err}");
    }
}
