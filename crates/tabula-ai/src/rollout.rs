//! Rollout policies: how MCTS plays a position to its end after leaving the tree.
//!
//! [`RandomRollout`] plays uniformly random actions (the classic "one random rollout per
//! iteration"). [`HeuristicRollout`] plays the action whose resulting position the game's
//! [`Heuristic`] likes best for the mover, except with probability `epsilon` a random one.
//! A game can plug in its own knowledge by implementing [`Rollout`] (e.g. Magical Circle's
//! solver deciding whether a claim can succeed).
//!
//! Chance events are always sampled by their probabilities; where several seats may act, the
//! policy picks the seat that acts first ([`Rollout::pick_seat`], uniformly random by
//! default), then its action.

use rand::RngExt;
use tabula_core::{Actor, Game, GameRng, Heuristic, Seat, SeatSet, ToAct, sample_chance};

/// A rollout policy for games of type `G`.
pub trait Rollout<G: Game>: Clone + Send + Sync + 'static {
    /// The action `seat` plays among `actions` (never empty) in `game`.
    fn pick(&self, game: &G, seat: Seat, actions: &[G::Action], rng: &mut GameRng) -> G::Action;

    /// The action this policy recommends to `seat` among `actions` in the search tree, if any
    /// (e.g. a solver's move). MCTS tries it first and favours it (see
    /// `MctsConfig::prior_weight`). The default recommends nothing.
    fn prior(&self, game: &G, seat: Seat, actions: &[G::Action]) -> Option<G::Action> {
        let _ = (game, seat, actions);
        None
    }

    /// Where several seats may act, the one that acts first (by default a uniformly random
    /// one; a game may prefer, e.g., a seat that can complete a card).
    fn pick_seat(&self, game: &G, seats: SeatSet, rng: &mut GameRng) -> Seat {
        let _ = game;
        let pick = below(rng, seats.len().max(1));
        seats.iter().nth(pick).unwrap_or(Seat(0))
    }

    /// The per-seat returns (in [0, 1]) of a rollout stopped after its step limit before the
    /// game ended. The default scores it as a tie between all seats.
    fn cutoff_returns(&self, game: &G, returns: &mut [f64]) {
        let n = game.num_seats();
        returns[..n].fill(1.0 / n as f64);
    }
}

/// Uniformly random actions.
#[derive(Clone, Copy, Debug, Default)]
pub struct RandomRollout;

impl<G: Game> Rollout<G> for RandomRollout {
    #[inline]
    fn pick(&self, _game: &G, _seat: Seat, actions: &[G::Action], rng: &mut GameRng) -> G::Action {
        actions[below(rng, actions.len())]
    }
}

/// Epsilon-greedy on the game's heuristic: the action leading to the position the heuristic
/// values most for the mover, or a random action with probability `epsilon`. A cut-off
/// rollout is scored by the heuristic too.
#[derive(Clone, Copy, Debug)]
pub struct HeuristicRollout {
    /// Probability in [0, 1] of a random action instead of the greedy one (default 0.25).
    pub epsilon: f64,
}

impl Default for HeuristicRollout {
    fn default() -> Self {
        HeuristicRollout { epsilon: 0.25 }
    }
}

impl<G: Heuristic> Rollout<G> for HeuristicRollout {
    fn pick(&self, game: &G, seat: Seat, actions: &[G::Action], rng: &mut GameRng) -> G::Action {
        if actions.len() == 1 || rng.random_bool(self.epsilon.clamp(0.0, 1.0)) {
            return actions[rng.random_range(0..actions.len())];
        }
        let mut best = actions[0];
        let mut best_value = f64::NEG_INFINITY;
        let mut ties = 0u32;
        for &a in actions {
            let mut child = game.clone();
            child.apply(a);
            let v = child.evaluate(seat);
            if v > best_value {
                best_value = v;
                best = a;
                ties = 1;
            } else if v == best_value {
                // Reservoir sampling among equally good actions.
                ties += 1;
                if rng.random_range(0..ties) == 0 {
                    best = a;
                }
            }
        }
        best
    }

    fn cutoff_returns(&self, game: &G, returns: &mut [f64]) {
        for (i, r) in returns.iter_mut().enumerate().take(game.num_seats()) {
            *r = (game.evaluate(Seat(i as u8)) + 1.0) / 2.0;
        }
    }
}

/// A uniformly random index below `n` (n ≥ 1), by Lemire's multiply-and-reject method:
/// exactly uniform, and usually one 64-bit draw and one multiplication.
#[inline]
pub fn below(rng: &mut GameRng, n: usize) -> usize {
    use rand::Rng;
    let n = n as u64;
    let mut m = (rng.next_u64() as u128) * (n as u128);
    if (m as u64) < n {
        let threshold = n.wrapping_neg() % n;
        while (m as u64) < threshold {
            m = (rng.next_u64() as u128) * (n as u128);
        }
    }
    (m >> 64) as usize
}

/// Each seat's return from a finished game, computed once: the seats ranked first share 1.
#[inline]
pub(crate) fn outcome_returns(outcome: &tabula_core::Outcome, seats: usize, returns: &mut [f64]) {
    let ranks = outcome.ranks();
    let winners = ranks.iter().filter(|&&r| r == 1).count().max(1);
    let share = 1.0 / winners as f64;
    for (i, r) in returns.iter_mut().enumerate().take(seats) {
        *r = if ranks.get(i) == Some(&1) { share } else { 0.0 };
    }
}

/// Scratch buffers of a rollout, reused from one to the next.
pub(crate) struct RolloutBuffers<A> {
    pub actions: Vec<A>,
    pub chances: Vec<(A, f64)>,
}

impl<A> RolloutBuffers<A> {
    pub fn new() -> Self {
        RolloutBuffers {
            actions: Vec::with_capacity(64),
            chances: Vec::with_capacity(16),
        }
    }
}

/// Plays `game` to its end (or `max_steps` steps) with `policy`; writes each seat's return
/// into `returns` and gives the number of steps played.
#[inline]
pub(crate) fn play_out<G: Game, R: Rollout<G>>(
    game: &mut G,
    policy: &R,
    rng: &mut GameRng,
    max_steps: u32,
    buffers: &mut RolloutBuffers<G::Action>,
    returns: &mut [f64],
) -> u32 {
    let mut steps = 0;
    loop {
        let seat = match game.to_act() {
            ToAct::Over(outcome) => {
                outcome_returns(&outcome, game.num_seats(), returns);
                return steps;
            }
            _ if steps >= max_steps => {
                policy.cutoff_returns(game, returns);
                return steps;
            }
            ToAct::One(seat) => seat,
            ToAct::Chance => {
                match sample_chance(game, rng, &mut buffers.chances) {
                    Some(a) => game.apply(a),
                    None => {
                        policy.cutoff_returns(game, returns);
                        return steps;
                    }
                }
                steps += 1;
                continue;
            }
            ToAct::Several(seats) => policy.pick_seat(game, seats, rng),
        };
        game.legal_actions_for(Actor::Seat(seat), &mut buffers.actions);
        if buffers.actions.is_empty() {
            // A game that offers no action to a seat that must act: stop here.
            policy.cutoff_returns(game, returns);
            return steps;
        }
        let a = policy.pick(game, seat, &buffers.actions, rng);
        game.apply(a);
        steps += 1;
    }
}
