//! Bots behind one interface for hosts (the terminal game, the server): a bot looks at a game
//! through [`DynGame`] and answers with an action in notation and the delay a real-time host
//! should wait before applying it. The bots themselves are `tabula_ai`'s, built for the game's
//! type by the factory its registry entry names.

use crate::{DynGame, RegistryError, Typed};
use std::time::Duration;
use tabula_ai::{Bot, BotFactory, BotSpec, Decision, Pace};
use tabula_core::{Actor, Game, Seat, ToAct};

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
    fn decide(&mut self, game: &dyn DynGame, seat: Seat) -> Option<BotMove>;

    /// `action` (in notation, by `actor`) was applied to `before`: search bots keep the
    /// matching part of their tree. Hosts that do not report actions lose only that reuse.
    fn observe(&mut self, before: &dyn DynGame, actor: Actor, action: &str) {
        let _ = (before, actor, action);
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

impl<G: Game> DynBot for TypedBot<G> {
    fn decide(&mut self, game: &dyn DynGame, seat: Seat) -> Option<BotMove> {
        let typed = &game.as_any().downcast_ref::<Typed<G>>()?.0;
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

    fn observe(&mut self, before: &dyn DynGame, actor: Actor, action: &str) {
        let Some(typed) = before.as_any().downcast_ref::<Typed<G>>() else {
            return;
        };
        let (Some(bot), Ok(a)) = (self.bot.as_mut(), typed.0.parse_action(actor, action)) else {
            return;
        };
        bot.observe(&typed.0, a);
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
