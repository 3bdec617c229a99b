//! Magical Circle (digital edition), a real-time game with hidden deck order.

use crate::Entry;
use rand::RngExt;
use tabula_ai::BotFactory;
use tabula_ai::{RandomRollout, Rollout};
use tabula_core::{GameRng, Seat, SeatSet};
use tabula_magical_circle::{Action, MagicalCircle};

/// `expert` searches 30 000 iterations instead of 50 000: with the solver's rollouts 50 000
/// took 1.8 s per move (2.1 s at most) of one core, over the 2 s of the level's time budget
/// (see the table in `tabula_ai::level`).
pub static ENTRY: Entry<MagicalCircle> = Entry::new(&tabula_magical_circle::DESCRIPTION, || {
    BotFactory::new()
        .with_rollout(SolverRollout)
        .with_level_iterations([100, 1_000, 10_000, 30_000])
});

/// Rollouts and tree priors from the exact swap solver: a seat claims when it can win a card
/// and then follows its plan; random swaps almost never complete a card, so random rollouts
/// would tell the search nothing.
#[derive(Clone, Copy, Debug, Default)]
pub struct SolverRollout;

impl Rollout<MagicalCircle> for SolverRollout {
    fn pick(
        &self,
        game: &MagicalCircle,
        seat: Seat,
        actions: &[Action],
        rng: &mut GameRng,
    ) -> Action {
        match self.prior(game, seat, actions) {
            Some(a) => a,
            None => RandomRollout.pick(game, seat, actions, rng),
        }
    }

    fn prior(&self, game: &MagicalCircle, seat: Seat, actions: &[Action]) -> Option<Action> {
        game.solver_action(seat).filter(|a| actions.contains(a))
    }

    fn pick_seat(&self, game: &MagicalCircle, seats: SeatSet, rng: &mut GameRng) -> Seat {
        let claimers: SeatSet = seats
            .iter()
            .filter(|&s| matches!(game.solver_action(s), Some(Action::Claim(_))))
            .collect();
        let pool = if claimers.is_empty() { seats } else { claimers };
        let pick = rng.random_range(0..pool.len().max(1));
        pool.iter().nth(pick).unwrap_or(Seat(0))
    }
}
