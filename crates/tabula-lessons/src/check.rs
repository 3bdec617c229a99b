//! Reading a lesson file ([`parse`]) and checking it against the game's rules ([`check`]).

use crate::format::{Lesson, LessonFile, Reach, Text};
use crate::walk::{Replay, replay};
use std::collections::HashSet;
use tabula_core::{Actor, Seat};
use tabula_registry::{DynGame, GameEntry, LANGUAGES, game_status};

/// What is wrong with a lesson file: the lesson (by id) and the fault.
#[derive(Debug, thiserror::Error)]
pub enum LessonError {
    /// The file is not a lesson file.
    #[error("not a lesson file: {0}")]
    Format(String),
    /// The file is for another game.
    #[error("the lessons are for `{found}`, not `{expected}`")]
    Game {
        /// The game checked.
        expected: String,
        /// The game the file names.
        found: String,
    },
    /// A lesson does not agree with the game's rules or lacks a text.
    #[error("lesson {id}: {message}")]
    Lesson {
        /// The lesson's id.
        id: String,
        /// What is wrong.
        message: String,
    },
}

/// Reads a lesson file: ids unique, every lesson with at least one step and a goal test, every
/// text present and non-empty in every language of [`LANGUAGES`].
pub fn parse(text: &str) -> Result<LessonFile, LessonError> {
    let file: LessonFile =
        serde_json::from_str(text).map_err(|e| LessonError::Format(e.to_string()))?;
    if file.lessons.is_empty() {
        return Err(LessonError::Format("there are no lessons".into()));
    }
    let mut ids = HashSet::new();
    for l in &file.lessons {
        if !ids.insert(l.id.as_str()) {
            return Err(fault(l, "the id is used twice"));
        }
        if l.steps.is_empty() {
            return Err(fault(l, "it has no steps"));
        }
        let r = &l.goal.reach;
        if !r.win && r.position_has.is_empty() && r.view.is_empty() {
            return Err(fault(l, "the goal has no test (win, position_has or view)"));
        }
        texts(l)?;
    }
    Ok(file)
}

/// The lessons `entry` ships, read by [`parse`]; `None` when it ships none.
pub fn lessons_of(entry: &dyn GameEntry) -> Option<Result<LessonFile, LessonError>> {
    entry.info().lessons.map(parse)
}

fn texts(l: &Lesson) -> Result<(), LessonError> {
    let mut all: Vec<(String, &Text)> = vec![
        ("title".into(), &l.title),
        ("intro".into(), &l.intro),
        ("goal".into(), &l.goal.text),
    ];
    for (i, s) in l.steps.iter().enumerate() {
        if let Some(h) = &s.hint {
            all.push((format!("step {} hint", i + 1), h));
        }
        all.push((format!("step {} say", i + 1), &s.say));
        for t in &s.tempting {
            all.push((format!("step {} tempting {} why", i + 1, t.action), &t.why));
        }
    }
    for (place, text) in all {
        for lang in LANGUAGES {
            if text.get(*lang).is_none_or(|t| t.trim().is_empty()) {
                return Err(fault(l, &format!("{place}: no text in `{lang}`")));
            }
        }
        if let Some(other) = text.keys().find(|k| !LANGUAGES.contains(&k.as_str())) {
            return Err(fault(l, &format!("{place}: unknown language `{other}`")));
        }
    }
    Ok(())
}

/// Checks every lesson of `file` against `entry`'s rules: the position loads with the
/// lesson's parameters; each step's move is legal for the learner's seat, and its reply for
/// another seat, in order, with no chance event in between; each tempting move is refused by
/// the game (or legal, if marked `pointless`) at its step and cites a rule that the rules page
/// names; the goal does not hold before the first step and holds after the last.
pub fn check(entry: &dyn GameEntry, file: &LessonFile) -> Result<(), LessonError> {
    let name = entry.info().name;
    if file.game != name {
        return Err(LessonError::Game {
            expected: name.into(),
            found: file.game.clone(),
        });
    }
    let rules = entry.info().rules;
    for l in &file.lessons {
        let seat = Seat::from_number(l.seat)
            .ok_or_else(|| fault(l, &format!("seat {} does not exist", l.seat)))?;
        let mut reached_early = None;
        let run = replay(entry, l, |i, game| {
            if i == 0 && reached(game, seat, &l.goal.reach).is_ok() {
                reached_early = Some(());
            }
            let Some(step) = l.steps.get(i) else {
                return Ok(());
            };
            for t in &step.tempting {
                if let Some(rule) = t.rule.as_deref().filter(|r| !cites(rules, r)) {
                    return Err(format!(
                        "step {} tempting {}: rule {} is not in the rules page",
                        i + 1,
                        t.action,
                        rule
                    ));
                }
                let legal = game.is_legal(Actor::Seat(seat), &t.action);
                let want = t.kind == crate::TemptingKind::Pointless;
                if legal != want {
                    let is = if legal { "legal" } else { "illegal" };
                    return Err(format!(
                        "step {} tempting {}: the move is {is} there, not {:?}",
                        i + 1,
                        t.action,
                        t.kind
                    ));
                }
                if t.action == step.action {
                    return Err(format!(
                        "step {}: the tempting move is the scripted one",
                        i + 1
                    ));
                }
            }
            Ok(())
        })
        .map_err(|m| fault(l, &m))?;
        if reached_early.is_some() {
            return Err(fault(l, "the goal holds before the first step"));
        }
        let Replay { game, .. } = run;
        reached(game.as_ref(), seat, &l.goal.reach).map_err(|m| {
            fault(
                l,
                &format!("the goal is not reached after the last step: {m}"),
            )
        })?;
    }
    Ok(())
}

/// Whether `rules` names `rule` as a whole word (`R1` is not found in `R12`).
fn cites(rules: &str, rule: &str) -> bool {
    !rule.is_empty()
        && rules.match_indices(rule).any(|(at, _)| {
            let before = rules[..at].chars().next_back();
            let after = rules[at + rule.len()..].chars().next();
            !before.is_some_and(char::is_alphanumeric) && !after.is_some_and(char::is_alphanumeric)
        })
}

/// `Ok` when the goal holds in `game`, else what does not hold.
fn reached(game: &dyn DynGame, seat: Seat, reach: &Reach) -> Result<(), String> {
    if reach.win {
        let status = game_status(game);
        let won = status
            .result
            .as_ref()
            .is_some_and(|r| r.winners.contains(&seat.number()));
        if !won {
            return Err(format!("seat {} has not won", seat.number()));
        }
    }
    let position = game.position();
    if let Some(missing) = reach.position_has.iter().find(|p| !position.contains(*p)) {
        return Err(format!("the position `{position}` lacks `{missing}`"));
    }
    if !reach.view.is_empty() {
        let view = game.view(None).map_err(|e| e.to_string())?;
        for t in &reach.view {
            let found = view.pointer(&t.pointer);
            if found != Some(&t.equals) {
                return Err(format!(
                    "the view has {} at {}, not {}",
                    found.map_or("nothing".to_string(), |v| v.to_string()),
                    t.pointer,
                    t.equals
                ));
            }
        }
    }
    Ok(())
}

fn fault(l: &Lesson, message: &str) -> LessonError {
    LessonError::Lesson {
        id: l.id.clone(),
        message: message.to_string(),
    }
}
