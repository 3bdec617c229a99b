//! The lesson file format: one JSON file per game, every text in each language of
//! `tabula_registry::LANGUAGES`.

use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::collections::BTreeMap;

/// A text in several languages: `{"en": "…", "fr": "…", "cs": "…"}`.
pub type Text = BTreeMap<String, String>;

/// A game's lessons, taught in order.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LessonFile {
    /// The game's registered name.
    pub game: String,
    /// The lessons, in the order they are taught; the last one leads to a first game.
    pub lessons: Vec<Lesson>,
}

/// One lesson: a prepared position, a goal and the moves that reach it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Lesson {
    /// Stable id, unique in the file (progress is remembered under it).
    pub id: String,
    /// The lesson's title.
    pub title: Text,
    /// What the lesson teaches, shown before the first step.
    pub intro: Text,
    /// The game's parameters as the match API takes them (absent: the defaults).
    #[serde(default, skip_serializing_if = "Value::is_null")]
    pub params: Value,
    /// The position, in the game's notation.
    pub position: String,
    /// The seat the learner plays, from 1.
    pub seat: usize,
    /// What the learner must achieve.
    pub goal: Goal,
    /// The learner's moves, in order, each with the opponent's scripted reply if any.
    pub steps: Vec<Step>,
}

/// A lesson's goal: the text shown, and how the checker knows the steps reach it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Goal {
    /// The goal as the learner reads it ("fly a bird of strength 2 onto the star").
    pub text: Text,
    /// What holds once the steps are played (and not before).
    pub reach: Reach,
}

/// What holds when a goal is reached; every given test must hold, and at least one is given.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Reach {
    /// The game is over and the learner's seat is among the winners.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub win: bool,
    /// Texts the position's notation contains.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub position_has: Vec<String>,
    /// Values in the game's public view (JSON pointers into it).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub view: Vec<ViewTest>,
}

/// A value at a place of the game's public view.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ViewTest {
    /// A JSON pointer (RFC 6901) into the view, e.g. `/wands/0`.
    pub pointer: String,
    /// The value expected there.
    pub equals: Value,
}

/// One move of the learner.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Step {
    /// What to do now, shown before the move (optional: the goal may say it all).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hint: Option<Text>,
    /// The move, in the game's notation.
    #[serde(rename = "move")]
    pub action: String,
    /// The explanation shown once the move is made.
    pub say: Text,
    /// The opponent's scripted answer, played after the move.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reply: Option<String>,
    /// Moves a learner may be tempted to make here, and why they are refused.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tempting: Vec<Tempting>,
}

/// A move a learner may try, refused with the rule that forbids it (or that makes it useless).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Tempting {
    /// The move, in the game's notation (for an illegal move: as a click would build it).
    #[serde(rename = "move")]
    pub action: String,
    /// Whether the rules forbid it or it is legal but misses the goal.
    #[serde(default)]
    pub kind: TemptingKind,
    /// Why it is refused.
    pub why: Text,
    /// The rule or ruling, as the game's rules page numbers it (`R7`, `D13`), when it has a
    /// number (the page links the rules either way).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rule: Option<String>,
}

/// Why a tempting move is refused.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum TemptingKind {
    /// The rules forbid it: the checker requires the game to refuse it.
    #[default]
    Illegal,
    /// The rules allow it but it does not serve the goal: the checker requires it legal.
    Pointless,
}
