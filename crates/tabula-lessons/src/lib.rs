//! # tabula-lessons
//!
//! Interactive tutorials. A game ships its lessons as one JSON file in its own crate
//! (`learn/lessons.json`, handed to the registry as `GameDescription::lessons`), every text in
//! English, French and Czech. [`parse`] reads a file; [`check`] replays every lesson through
//! the game's rules (via the registry, so this crate names no game): each position loads,
//! each scripted move and reply is legal in turn, each tempting move is refused (or, when the
//! file says so, legal but pointless), each rule it cites exists in the rules, and the
//! scripted moves reach the lesson's goal. [`walk`] gives what a tutorial page draws: the view
//! before each step and the moves it may click.
//!
//! The format is described in `docs/lessons.md`.

#![warn(missing_docs)]

mod check;
mod format;
mod walk;

pub use check::{LessonError, check, lessons_of, parse};
pub use format::{Goal, Lesson, LessonFile, Reach, Step, Tempting, TemptingKind, Text, ViewTest};
pub use walk::{LessonWalk, StepWalk, walk};
