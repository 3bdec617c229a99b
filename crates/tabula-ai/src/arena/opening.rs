//! Random openings for matches: every game starts a given number of random legal plies into
//! the game, and the games that share an opening play it in every seating.
//!
//! Strength testers vary the openings so that two deterministic or nearly deterministic bots
//! do not replay the same few games, and play each opening from every seat so that a lopsided
//! opening favours no bot (cutechess's `-repeat`, Fishtest's paired games). The bots see the
//! position only after the opening, as if it had been set up from notation.

use super::{MatchConfig, mix};
use crate::AiError;
use tabula_core::{Actor, GameRng, Notation, random_action, rng_from_seed, written_move};

/// How many openings are drawn, one after another, before a match gives up looking for one
/// that leaves the game running.
const ATTEMPTS: u64 = 1_000;

/// The games in a row that share one opening: every seating once
/// ([`seating`](super::seating) goes through all `seats!` of them).
pub fn games_per_opening(seats: usize) -> usize {
    (1..=seats).product::<usize>().max(1)
}

/// The seed of the opening of game `index` in a match of `seats` seats: the same for the
/// [`games_per_opening`] games in a row that play it, different for the next group.
pub fn opening_seed(match_seed: u64, seats: usize, index: usize) -> u64 {
    let group = (index / games_per_opening(seats)) as u64;
    mix(mix(match_seed ^ 0x6f70_656e) ^ group)
}

/// What a game of a match starts from: the position after its opening, and how it got there.
pub(crate) struct Start<G> {
    /// The game as set up, before the opening, in notation when the match records its moves
    /// ([`MatchConfig::record_moves`]), else empty.
    pub setup: String,
    /// The position the bots take over from.
    pub game: G,
    /// The actions of the opening in notation, in order (chance events included; see
    /// [`written_move`]).
    pub opening: Vec<String>,
}

/// The game's start for game `index` of the match: a new game (from a random setup if the
/// match asks), then `config.opening_plies` random plies, drawn again until they leave the
/// game running. Without opening plies the setup is drawn from `rng`, the game's own
/// generator; with them, from the opening's, so that the games of one opening share their
/// setup too.
pub(crate) fn start<G: Notation>(
    params: &G::Params,
    config: &MatchConfig,
    seats: usize,
    index: usize,
    rng: &mut GameRng,
) -> Result<Start<G>, AiError> {
    if config.opening_plies == 0 {
        let game: G = setup(params, config, rng)?;
        return Ok(Start {
            setup: recorded(&game, config),
            game,
            opening: Vec::new(),
        });
    }
    let seed = opening_seed(config.seed, seats, index);
    for attempt in 0..ATTEMPTS {
        let mut rng: GameRng = rng_from_seed(mix(seed ^ attempt));
        let mut game: G = setup(params, config, &mut rng)?;
        let setup = recorded(&game, config);
        if let Some(opening) = random_plies(&mut game, config.opening_plies, &mut rng) {
            return Ok(Start {
                setup,
                game,
                opening,
            });
        }
    }
    Err(AiError::BadMatch(format!(
        "no opening of {} random plies out of {ATTEMPTS} drawn left a game of {} running; \
         ask for fewer opening plies",
        config.opening_plies,
        G::NAME
    )))
}

/// A new game: `Game::new_random` with `rng` if the match asks for random setups, else
/// `Game::new`.
fn setup<G: Notation>(
    params: &G::Params,
    config: &MatchConfig,
    rng: &mut GameRng,
) -> Result<G, AiError> {
    Ok(if config.random_setup {
        G::new_random(params, rng)?
    } else {
        G::new(params)?
    })
}

/// The setup's notation when the match records its moves, else nothing.
fn recorded<G: Notation>(game: &G, config: &MatchConfig) -> String {
    if config.record_moves {
        game.to_notation()
    } else {
        String::new()
    }
}

/// Plays `plies` seat actions, each drawn uniformly from the acting seat's legal actions (a
/// seat drawn uniformly where several may act), with chance events drawn by their
/// probabilities in between ([`random_action`]). `None` if the game ends first, or a seat has
/// no action.
fn random_plies<G: Notation>(game: &mut G, plies: u32, rng: &mut GameRng) -> Option<Vec<String>> {
    let (mut actions, mut legal, mut chances) = (Vec::new(), Vec::new(), Vec::new());
    let mut played = 0;
    while played < plies {
        let (actor, action) = random_action(game, rng, &mut legal, &mut chances)?;
        actions.push(written_move(game, actor, action));
        game.apply(action);
        played += u32::from(actor != Actor::Chance);
    }
    (!game.is_over()).then_some(actions)
}
