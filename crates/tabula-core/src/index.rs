//! Integer actions and observation tensors: what reinforcement-learning hosts (the Python
//! package, PettingZoo, OpenSpiel) need on top of the typed [`Game`] trait.
//!
//! - [`ActionIndex`]: a fixed number of distinct action indices per game and parameters,
//!   an action's index and back. Indices let a host keep a fixed-size action mask.
//! - [`Observe`]: a seat's observation as a flat `f32` tensor of a fixed, documented shape
//!   for the game's parameters and player count.
//!
//! Both are optional: a game implements them when it wants to be used from those hosts. The
//! test harness (`testkit::Harness::indexed`) checks both round trips and that the mask
//! matches the legal actions on random playouts.

use crate::{Actor, Game, Seat};

/// A numbering of a game's actions by integers `0..num_actions()`.
///
/// The numbering covers every action a seat, chance or the host may take (so chance outcomes
/// have indices too, as OpenSpiel wants). It may use the state as context: an index need not
/// mean the same action in every state, but within one state two different legal actions
/// never share an index, and [`ActionIndex::index_action`] returns the action that
/// [`ActionIndex::action_index`] numbered. Actions that carry their seat (a race's claim) get
/// one index for every seat: the seat comes from the actor when an index is read back.
pub trait ActionIndex: Game {
    /// How many indices there are for games with this state's parameters and player count
    /// (the same in every state of a game).
    fn num_actions(&self) -> usize;

    /// The index of `action` in this state, below [`ActionIndex::num_actions`].
    fn action_index(&self, action: Self::Action) -> usize;

    /// The action that `index` stands for when `actor` acts in this state; `None` when the
    /// index is out of range or stands for no action here. A returned action need not be
    /// legal: check it with [`Game::validate`] or [`Game::try_apply`].
    fn index_action(&self, actor: Actor, index: usize) -> Option<Self::Action>;
}

/// A seat's observation of the state as a flat `f32` tensor in row-major order.
///
/// The shape depends only on the parameters and the player count (every state of a game has
/// the same shape). Each game documents its layout. An observation shows only what the viewer
/// may see (the same information as [`Game::view`]).
pub trait Observe: Game {
    /// The tensor's shape, e.g. `[2, 6, 7]`.
    fn observation_shape(&self) -> Vec<usize>;

    /// Writes what `viewer` may see (`None`: a spectator) into `out`, after clearing it;
    /// `out` gets exactly the product of [`Observe::observation_shape`] values.
    fn observe(&self, viewer: Option<Seat>, out: &mut Vec<f32>);
}

/// The indices of `actor`'s legal actions, in the move generator's order, into `out` (after
/// clearing it). `actions` is scratch space.
pub fn legal_indices<G: ActionIndex>(
    game: &G,
    actor: Actor,
    actions: &mut Vec<G::Action>,
    out: &mut Vec<usize>,
) {
    game.legal_actions_for(actor, actions);
    out.clear();
    out.extend(actions.iter().map(|&a| game.action_index(a)));
}

/// `actor`'s action mask: `out[i]` is true exactly when index `i` stands for a legal action.
/// `out` gets [`ActionIndex::num_actions`] entries; `actions` is scratch space.
pub fn legal_mask<G: ActionIndex>(
    game: &G,
    actor: Actor,
    actions: &mut Vec<G::Action>,
    out: &mut Vec<bool>,
) {
    game.legal_actions_for(actor, actions);
    out.clear();
    out.resize(game.num_actions(), false);
    for &a in actions.iter() {
        out[game.action_index(a)] = true;
    }
}

/// The product of a shape's dimensions: the length of an observation.
pub fn shape_len(shape: &[usize]) -> usize {
    shape.iter().product()
}
