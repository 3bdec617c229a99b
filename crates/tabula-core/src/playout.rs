//! Random play: sampling chance events and uniformly random actions. Used by random bots,
//! MCTS rollouts, random setups and the test harness. No allocation per ply: callers pass
//! the buffers.

use crate::{Actor, Game, GameRng, Outcome, ToAct};
use rand::RngExt;

/// Samples one outcome of the pending chance event by its probability. `buf` is scratch space.
/// Returns `None` when no chance event is pending.
pub fn sample_chance<G: Game>(
    game: &G,
    rng: &mut GameRng,
    buf: &mut Vec<(G::Action, f64)>,
) -> Option<G::Action> {
    game.chance_outcomes(buf);
    let last = buf.last()?.0;
    let mut x: f64 = rng.random();
    for &(action, p) in buf.iter() {
        if x < p {
            return Some(action);
        }
        x -= p;
    }
    Some(last)
}

/// Draws one random step without playing it: a chance outcome by its probability, or a
/// uniformly random legal action of a uniformly random acting seat; with who takes it. `None`
/// when the game is over (or no action exists, which a correct game never allows). `actions`
/// and `chances` are scratch space.
pub fn random_action<G: Game>(
    game: &G,
    rng: &mut GameRng,
    actions: &mut Vec<G::Action>,
    chances: &mut Vec<(G::Action, f64)>,
) -> Option<(Actor, G::Action)> {
    let seat = match game.to_act() {
        ToAct::Over(_) => return None,
        ToAct::Chance => return Some((Actor::Chance, sample_chance(game, rng, chances)?)),
        ToAct::One(seat) => seat,
        ToAct::Several(seats) => {
            let pick = rng.random_range(0..seats.len());
            seats.iter().nth(pick).expect("seat in set")
        }
    };
    game.legal_actions_for(Actor::Seat(seat), actions);
    if actions.is_empty() {
        return None;
    }
    Some((
        Actor::Seat(seat),
        actions[rng.random_range(0..actions.len())],
    ))
}

/// Plays one random step ([`random_action`]). Returns `false` when the game is over (or no
/// action exists, which a correct game never allows).
pub fn step_random<G: Game>(
    game: &mut G,
    rng: &mut GameRng,
    actions: &mut Vec<G::Action>,
    chances: &mut Vec<(G::Action, f64)>,
) -> bool {
    match random_action(game, rng, actions, chances) {
        Some((_, a)) => {
            game.apply(a);
            true
        }
        None => false,
    }
}

/// Plays random steps until the game ends or `max_steps` have been played; returns the
/// outcome (if over) and the number of steps played.
pub fn random_playout<G: Game>(
    game: &mut G,
    rng: &mut GameRng,
    max_steps: usize,
) -> (Option<Outcome>, usize) {
    let mut actions = Vec::with_capacity(64);
    let mut chances = Vec::new();
    let mut steps = 0;
    while steps < max_steps && step_random(game, rng, &mut actions, &mut chances) {
        steps += 1;
    }
    (game.outcome(), steps)
}
