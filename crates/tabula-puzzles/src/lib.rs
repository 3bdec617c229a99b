//! # tabula-puzzles
//!
//! Puzzles drawn from real games: a position, the move that solves it and the line that
//! follows, themes and a rating. A game ships its set as JSON in its own crate
//! (`GameDescription::puzzles`); [`parse`] reads a set and [`check_lines`] replays every
//! solution line through the game's rules.
//!
//! [`generate`] draws puzzles from recorded games ([`read_records`]): a cheap search looks at
//! every position, a deeper one verifies each candidate ([`judge`] is the criterion), and
//! [`verify_set`] checks a shipped set again, at full or reduced depth. Everything works
//! through the registry, for any registered game (docs/puzzles.md).

#![warn(missing_docs)]

mod generate;
mod judge;
pub mod rating;
mod records;
mod set;
pub mod themes;
mod verify;

pub use generate::{NO_SCAN, Settings, Summary, generate, puzzle_id, verify_candidate};
pub use judge::{Scored, judge, score_moves};
pub use records::{Record, RecordError, read_records};
pub use set::{Goal, Puzzle, PuzzleError, PuzzleSet, check_lines, parse, sets};
pub use verify::{Depth, verify_set};
