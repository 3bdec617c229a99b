//! Bots behind one interface for hosts (the terminal game, the server, match runners): a bot
//! looks at a game through [`DynGame`] and answers with an action in notation and the delay
//! a real-time host should wait before applying it.

use crate::DynGame;
use rand::RngExt;
use std::time::Duration;
use tabula_core::{Actor, GameRng, Seat, rng_from_seed};

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
    /// does not want to enter).
    fn decide(&mut self, game: &dyn DynGame, seat: Seat) -> Option<BotMove>;
}

/// Plays a uniformly random legal action.
pub struct RandomBot {
    rng: GameRng,
}

impl RandomBot {
    pub fn new(seed: u64) -> RandomBot {
        RandomBot {
            rng: rng_from_seed(seed),
        }
    }
}

impl DynBot for RandomBot {
    fn decide(&mut self, game: &dyn DynGame, seat: Seat) -> Option<BotMove> {
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

/// The bot for `level` in game `game`, seeded.
pub fn make_bot(
    game: &str,
    level: &str,
    seed: u64,
) -> Result<Box<dyn DynBot>, crate::RegistryError> {
    crate::find(game)?;
    match level {
        "random" => Ok(Box::new(RandomBot::new(seed))),
        _ => Err(crate::RegistryError::UnknownLevel {
            level: level.to_string(),
            known: "random".to_string(),
        }),
    }
}
