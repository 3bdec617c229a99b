//! [`RandomBot`]: a uniformly random legal action, never waiting. The baseline every level
//! must beat.

use crate::bot::seat_actions;
use crate::{AiError, Bot, Decision};
use rand::RngExt;
use tabula_core::{Game, GameRng, Seat, rng_from_seed};

/// Plays a uniformly random legal action of its seat.
pub struct RandomBot<G: Game> {
    rng: GameRng,
    actions: Vec<G::Action>,
}

impl<G: Game> RandomBot<G> {
    /// A bot picking uniformly among the legal actions, repeatably from `seed`.
    pub fn new(seed: u64) -> Self {
        RandomBot {
            rng: rng_from_seed(seed),
            actions: Vec::new(),
        }
    }
}

impl<G: Game> Bot<G> for RandomBot<G> {
    fn name(&self) -> String {
        "random".into()
    }

    fn decide(
        &mut self,
        game: &G,
        seat: Seat,
        _may_wait: bool,
    ) -> Result<Decision<G::Action>, AiError> {
        seat_actions(game, seat, &mut self.actions)?;
        let pick = self.rng.random_range(0..self.actions.len());
        Ok(Decision::Act(self.actions[pick]))
    }
}
