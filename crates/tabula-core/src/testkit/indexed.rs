//! The harness's checks of [`ActionIndex`] and [`Observe`] (see `Harness::indexed`).

use crate::{ActionIndex, Actor, Observe, Seat, shape_len};
use std::collections::HashMap;

/// Indices scanned per actor and state when a game has more than this many: a sample spread
/// over the whole range (every index is scanned when the game has fewer).
const FULL_SCAN: usize = 4096;
/// About how many indices are scanned per actor and state past [`FULL_SCAN`].
const SAMPLE: usize = 1024;

/// Checks the action numbering and the observations of `game` for every actor:
/// - every legal action's index is in range, no two legal actions share one, and the index
///   reads back as the action (action → index → action);
/// - the mask built from the legal list has exactly the legal indices, and every index that
///   reads back as an action reads back as a legal one exactly when the mask says so, and
///   numbers back to itself (index → action → index);
/// - the number of indices and the observation shape are those of the game's first state
///   (`expected`), and every seat's and the spectator's observation has that many values, all
///   finite, and is the same for the state and its clone.
pub fn check_indexed<G: ActionIndex + Observe>(
    game: &G,
    expected: &(usize, Vec<usize>),
    step: usize,
) -> Result<(), String> {
    let n = game.num_actions();
    if n != expected.0 {
        return Err(format!(
            "num_actions changed from {} to {n} during the game",
            expected.0
        ));
    }
    let shape = game.observation_shape();
    if shape != expected.1 {
        return Err(format!(
            "observation shape changed from {:?} to {shape:?}",
            expected.1
        ));
    }
    let mut actors: Vec<Actor> = Seat::all(game.num_seats()).map(Actor::Seat).collect();
    actors.push(Actor::Chance);
    actors.push(Actor::Host);
    let mut legal = Vec::new();
    for actor in actors {
        game.legal_actions_for(actor, &mut legal);
        let mut by_index: HashMap<usize, G::Action> = HashMap::new();
        for &a in &legal {
            let i = game.action_index(a);
            if i >= n {
                return Err(format!("{actor:?}: {a:?} has index {i}, not below {n}"));
            }
            if let Some(other) = by_index.insert(i, a) {
                return Err(format!("{actor:?}: {a:?} and {other:?} share index {i}"));
            }
            match game.index_action(actor, i) {
                Some(back) if back == a => {}
                other => {
                    return Err(format!(
                        "{actor:?}: {a:?} has index {i}, which reads back as {other:?}"
                    ));
                }
            }
        }
        let mut mask = Vec::new();
        crate::legal_mask(game, actor, &mut legal, &mut mask);
        if mask.iter().filter(|&&m| m).count() != by_index.len() {
            return Err(format!(
                "{actor:?}: the mask does not count the legal actions"
            ));
        }
        let scan: Box<dyn Iterator<Item = usize>> = if n <= FULL_SCAN {
            Box::new(0..n)
        } else {
            // A different stride offset every step, so that playouts cover the whole range.
            let stride = n / SAMPLE + 1;
            Box::new((step % stride..n).step_by(stride))
        };
        for i in scan {
            let Some(a) = game.index_action(actor, i) else {
                if mask[i] {
                    return Err(format!("{actor:?}: legal index {i} reads back as nothing"));
                }
                continue;
            };
            if game.action_index(a) != i {
                return Err(format!(
                    "{actor:?}: index {i} reads back as {a:?}, whose index is {}",
                    game.action_index(a)
                ));
            }
            let is_legal = game.validate(actor, a).is_ok();
            if is_legal != mask[i] {
                return Err(format!(
                    "{actor:?}: index {i} ({a:?}) is {} but the mask says {}",
                    if is_legal { "legal" } else { "illegal" },
                    mask[i]
                ));
            }
        }
    }
    let len = shape_len(&shape);
    let copy = game.clone();
    let mut out = Vec::new();
    let mut again = Vec::new();
    let viewers = Seat::all(game.num_seats()).map(Some).chain([None]);
    for viewer in viewers {
        game.observe(viewer, &mut out);
        if out.len() != len {
            return Err(format!(
                "observation of {viewer:?} has {} values, not {len} ({shape:?})",
                out.len()
            ));
        }
        if let Some(v) = out.iter().find(|v| !v.is_finite()) {
            return Err(format!("observation of {viewer:?} holds {v}"));
        }
        copy.observe(viewer, &mut again);
        if out != again {
            return Err(format!("observation of {viewer:?} differs on a clone"));
        }
    }
    Ok(())
}
