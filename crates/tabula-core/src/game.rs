//! The game trait and its small capability traits.

use crate::{ActionError, Outcome, ParamsError, Seat, SeatSet};
use serde::Serialize;
use serde::de::DeserializeOwned;
use std::fmt::Debug;
use std::hash::Hash;

/// Who acts next.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ToAct {
    /// One seat must act.
    One(Seat),
    /// Several seats may act; the first action that reaches the game counts (Magical Circle's
    /// race). Each seat's actions come from [`Game::legal_actions_for`].
    Several(SeatSet),
    /// A chance event must be resolved (see [`Game::chance_outcomes`]).
    Chance,
    /// The game is over.
    Over(Outcome),
}

impl ToAct {
    /// The seats that may act now (empty for chance and when over).
    pub fn seats(&self) -> SeatSet {
        match *self {
            ToAct::One(s) => SeatSet::single(s),
            ToAct::Several(set) => set,
            ToAct::Chance | ToAct::Over(_) => SeatSet::EMPTY,
        }
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        matches!(self, ToAct::Over(_))
    }

    /// The outcome, once the game is over.
    pub fn outcome(&self) -> Option<Outcome> {
        match *self {
            ToAct::Over(o) => Some(o),
            _ => None,
        }
    }
}

/// Who performs an action.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Actor {
    /// A seat, playing its own action.
    Seat(Seat),
    /// Nature, resolving a chance event.
    Chance,
    /// The host (server or local game loop): real-time events such as Magical Circle's
    /// hourglass running out.
    Host,
}

/// A game state: the rules of one game. Implementations live in the game crates and depend on
/// this crate only.
///
/// The trait holds the rules alone. How positions and actions are written down is
/// [`Notation`](crate::Notation), how a state is shown to players is
/// [`Presentation`](crate::Presentation); hosts (the registry, the CLI, the server) require
/// both, search and the test harness need only this one.
///
/// Two ways to change a state: [`Game::apply`] trusts its input (search, perft, playouts;
/// debug-asserted), [`Game::try_apply`] checks it with [`Game::validate`] and leaves the state
/// untouched on error (players, files, the network).
///
/// The state's `Debug` text is its identity: two states with the same text are the same
/// state (the derived `Debug` is; a hand-written one must show every field that can change).
/// The test harness and search compare states by it.
pub trait Game: Clone + Debug + Send + Sync + 'static {
    /// One action. Actions of games where several seats act at once carry their seat.
    type Action: Copy + Eq + Hash + Debug + Send + Sync + 'static;
    /// The parameters of a new game (player count, board, limits, …).
    type Params: Clone + Debug + Default + Serialize + DeserializeOwned + Send + Sync + 'static;

    /// The game's name in the registry and on the command line, e.g. `toumai`.
    const NAME: &'static str;

    /// A new game at its start (before any setup action).
    fn new(params: &Self::Params) -> Result<Self, ParamsError>;

    /// The parameters this state was made with. (Returned by value: states are cloned in
    /// search, so they keep large parameters such as boards behind an `Arc`.)
    fn params(&self) -> Self::Params;

    /// The number of seats (players) of this game, fixed from its start.
    fn num_seats(&self) -> usize;

    /// Who acts now: one seat, several seats, chance, or nobody because the game is over.
    fn to_act(&self) -> ToAct;

    /// The legal actions of `actor` now, appended to `out` after clearing it. Empty when the
    /// actor may not act (or the game is over). For [`Actor::Chance`]: the chance outcomes.
    fn legal_actions_for(&self, actor: Actor, out: &mut Vec<Self::Action>);

    /// Performs a legal action. Behaviour on an illegal one is unspecified (debug builds may
    /// panic): check untrusted input with [`Game::try_apply`].
    fn apply(&mut self, action: Self::Action);

    // ---- provided ----

    /// The outcomes of the pending chance event with their probabilities (summing to 1),
    /// appended to `out` after clearing it; empty when no chance event is pending.
    fn chance_outcomes(&self, out: &mut Vec<(Self::Action, f64)>) {
        out.clear();
    }

    /// Whether `actor` may perform `action` now, with a reason when not.
    ///
    /// By default: the action must be among [`Game::legal_actions_for`] (a finished game
    /// accepts nothing). Games override it with a rule-by-rule check independent of the move
    /// generator, which the test harness then compares with it.
    fn validate(&self, actor: Actor, action: Self::Action) -> Result<(), ActionError> {
        if self.is_over() {
            return Err(ActionError::GameOver);
        }
        let mut legal = Vec::new();
        self.legal_actions_for(actor, &mut legal);
        if legal.contains(&action) {
            Ok(())
        } else {
            Err(ActionError::Illegal(format!("{action:?} is not legal now")))
        }
    }

    /// Whether this position is in the game's setup (placement) phase, before play proper
    /// begins. `tabula analyze` reports the dynamics of setup plies apart from those of play.
    /// `false` (the default) for a game without a setup phase.
    fn in_setup(&self) -> bool {
        false
    }

    /// Board coverage (`tabula analyze`): the number of spaces of this game's board, `None`
    /// (the default) for a game without a board to cover.
    fn board_spaces(&self) -> Option<usize> {
        None
    }

    /// Board coverage: where each space (by index below [`Game::board_spaces`]) is drawn, as
    /// `(label, x, y)` in board units (x to the right, y downwards, one unit a space apart),
    /// for a board the host cannot lay out itself; `None` (the default): the host draws the
    /// spaces as a grid it knows, or in rows.
    fn board_layout(&self) -> Option<Vec<(String, f64, f64)>> {
        None
    }

    /// Board coverage: the spaces (indices below [`Game::board_spaces`]) that `action`,
    /// played now, moves a piece onto or places one on, appended to `out` after clearing
    /// it. None by default.
    fn spaces_used(&self, action: Self::Action, out: &mut Vec<usize>) {
        let _ = action;
        out.clear();
    }

    /// Whether this position is of a two-player zero-sum game: two seats taking turns, no
    /// chance, one seat's win the other's loss. Alpha-beta searches only such positions (it
    /// refuses the others with an error). `false` by default; Connect Four answers `true`,
    /// Toumaï and Khan-Tsin `true` with two players.
    fn two_player_zero_sum(&self) -> bool {
        false
    }

    /// A new game after a random setup: every setup choice uniformly random (games with a
    /// placement phase override this) and every chance event sampled from `rng`.
    fn new_random(params: &Self::Params, rng: &mut crate::GameRng) -> Result<Self, ParamsError> {
        let mut game = Self::new(params)?;
        let mut buf = Vec::new();
        while let ToAct::Chance = game.to_act() {
            match crate::sample_chance(&game, rng, &mut buf) {
                Some(a) => game.apply(a),
                None => break,
            }
        }
        Ok(game)
    }

    /// The actions available now: the acting seat's, every acting seat's when several may act,
    /// or the chance outcomes. Used by perft and search.
    fn legal_actions(&self, out: &mut Vec<Self::Action>) {
        match self.to_act() {
            ToAct::One(seat) => self.legal_actions_for(Actor::Seat(seat), out),
            ToAct::Chance => self.legal_actions_for(Actor::Chance, out),
            ToAct::Over(_) => out.clear(),
            ToAct::Several(seats) => {
                out.clear();
                let mut one = Vec::new();
                for seat in seats.iter() {
                    self.legal_actions_for(Actor::Seat(seat), &mut one);
                    out.extend_from_slice(&one);
                }
            }
        }
    }

    /// Checks then applies; on error the state is unchanged.
    fn try_apply(&mut self, actor: Actor, action: Self::Action) -> Result<(), ActionError> {
        self.validate(actor, action)?;
        self.apply(action);
        Ok(())
    }

    /// Whether the game is over.
    fn is_over(&self) -> bool {
        self.to_act().is_over()
    }

    /// The result, once the game is over.
    fn outcome(&self) -> Option<Outcome> {
        self.to_act().outcome()
    }
}

/// Enumerates a superset of the legal actions: every well-formed action of the game's shape
/// for `actor` (e.g. every origin × count × destination), so that the test harness can check
/// that the move generator omits nothing legal and that [`Game::validate`] agrees with it.
pub trait CandidateActions: Game {
    /// Every well-formed action of `actor`, legal or not, appended to `out` after clearing it.
    fn candidate_actions(&self, actor: Actor, out: &mut Vec<Self::Action>);
}

/// A position hash for transposition tables. Equal positions (the same notation) must hash
/// equal; the hash covers whatever decides the legal actions and the outcome. Implementing it
/// is all a game does for alpha-beta to hash its positions.
pub trait Zobrist: Game {
    /// The position hash.
    fn zobrist(&self) -> u64;

    /// The key under which search may store what it learnt about this state (transposition
    /// tables): the position hash, mixed with whatever else of the state decides its future.
    /// Games with a draw by repetition mix in their position history, so that a value found
    /// for one history is never reused for another. Defaults to [`Zobrist::zobrist`].
    fn search_key(&self) -> u64 {
        self.zobrist()
    }
}

/// A static evaluation for search: the value of the position for `seat`, in [-1, 1]
/// (1: as good as a win). Kept in the game crates, apart from the search code.
pub trait Heuristic: Game {
    /// The value of the position for `seat`, in [-1, 1] (1: as good as a win).
    fn evaluate(&self, seat: Seat) -> f64;
}
