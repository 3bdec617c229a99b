//! # tabula-core
//!
//! The vocabulary every Tabula game speaks, and nothing game-specific:
//!
//! - [`Game`]: a typed game state with typed actions, who acts next ([`ToAct`]: one seat,
//!   several seats at once, a chance event, or over with an [`Outcome`]), legal actions into a
//!   reused buffer, unchecked [`Game::apply`] for search and checked [`Game::try_apply`] for
//!   untrusted input, and explicit chance outcomes with probabilities: the rules alone.
//! - [`Notation`]: the position and action notation; [`Presentation`]: per-seat views, the
//!   board as text and seat names. Hosts require both, search needs neither, and the test
//!   harness checks them wherever a game has them.
//! - Small capability traits that only some games have: [`Zobrist`] (a position hash for
//!   transposition tables), [`Heuristic`] (a static evaluation used by search, kept in the game
//!   crates apart from the search code). Whether alpha-beta may search a position is a query
//!   on it, [`Game::two_player_zero_sum`].
//! - [`GameDescription`]: what a game is (name, title, players, parameters, seats, rules for
//!   players), said once by the game's crate and read by every host.
//! - [`parse_colours`]: the `colours` parameter of games whose seats are chosen colours.
//! - [`RepetitionHistory`]: the inline, fixed-capacity history of position hashes behind a
//!   draw by repetition ([`EndReason::Repetition`]).
//! - [`GameRng`]: the seeded random generator a host owns and passes in; games never create
//!   their own randomness, so every game replays exactly from its seed and action log.
//! - [`ActionIndex`] and [`Observe`]: integer actions and observation tensors for
//!   reinforcement-learning hosts (optional; every Tabula game has both).
//! - [`perft`]: move-path counting and the perft data-file format.
//! - `testkit` (feature `testkit`): the harness every game runs from its tests.

#![warn(missing_docs)]

mod colours;
mod description;
mod error;
mod game;
mod index;
mod notation;
mod outcome;
pub mod perft;
mod playout;
mod presentation;
mod repetition;
mod rng;
mod seat;
#[cfg(feature = "testkit")]
pub mod testkit;

pub use colours::{ColoursError, colours_count_error, parse_colours};
pub use description::{
    CommandArgDescription, CommandDescription, CommandResult, GameDescription, ParamDescription,
    SeatDescription,
};
pub use error::{ActionError, NotationError, ParamsError, PositionError};
pub use game::{Actor, CandidateActions, Game, Heuristic, ToAct, Zobrist};
pub use index::{ActionIndex, Observe, legal_indices, legal_mask, shape_len};
pub use notation::{ApplyError, Notation, read_move, write_move, written_move};
pub use outcome::{EndReason, Outcome, PlyLimit};
pub use playout::{random_action, random_playout, sample_chance, step_random};
pub use presentation::Presentation;
pub use repetition::RepetitionHistory;
pub use rng::{GameRng, rng_from_seed};
pub use seat::{MAX_SEATS, Seat, SeatSet};
