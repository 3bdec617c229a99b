//! Replaying a lesson through the registry: what a tutorial page draws at each step.

use crate::format::{Lesson, Text};
use serde::Serialize;
use serde_json::Value;
use tabula_core::{Actor, Seat, ToAct};
use tabula_registry::{DynGame, GameEntry, GameStatus, RegistryError, game_status};

/// The game after a lesson's steps.
pub(crate) struct Replay {
    /// The game once every step (and reply) is played.
    pub game: Box<dyn DynGame>,
}

/// Plays `lesson` from its position: `at(i, game)` sees the game before step `i`, and once
/// more (with `i` = the number of steps) after the last. Errors name the step at fault.
pub(crate) fn replay(
    entry: &dyn GameEntry,
    lesson: &Lesson,
    mut at: impl FnMut(usize, &dyn DynGame) -> Result<(), String>,
) -> Result<Replay, String> {
    let params = if lesson.params.is_null() {
        Value::Object(Default::default())
    } else {
        lesson.params.clone()
    };
    let mut game = entry
        .load_position(&params, &lesson.position)
        .map_err(|e| format!("the position does not load: {e}"))?;
    let seat = Seat::from_number(lesson.seat)
        .filter(|s| s.index() < game.num_seats())
        .ok_or_else(|| format!("seat {} does not play in this position", lesson.seat))?;
    for (i, step) in lesson.steps.iter().enumerate() {
        at(i, game.as_ref())?;
        let n = i + 1;
        match game.to_act() {
            ToAct::Chance => return Err(format!("step {n}: a chance event comes first")),
            ToAct::Over(_) => return Err(format!("step {n}: the game is already over")),
            t if !t.seats().contains(seat) => {
                return Err(format!("step {n}: seat {} is not to act", seat.number()));
            }
            _ => {}
        }
        game.apply(Actor::Seat(seat), &step.action)
            .map_err(|e| format!("step {n} ({}): {e}", step.action))?;
        if let Some(reply) = &step.reply {
            let to_act = game.to_act();
            let other = to_act
                .seats()
                .iter()
                .find(|s| *s != seat)
                .ok_or_else(|| format!("step {n} reply ({reply}): no other seat is to act"))?;
            game.apply(Actor::Seat(other), reply)
                .map_err(|e| format!("step {n} reply ({reply}): {e}"))?;
        }
    }
    at(lesson.steps.len(), game.as_ref())?;
    Ok(Replay { game })
}

/// A lesson as a tutorial page shows it, in one language.
#[derive(Debug, Clone, Serialize)]
pub struct LessonWalk {
    /// The lesson's id.
    pub id: String,
    /// Its title.
    pub title: String,
    /// What it teaches.
    pub intro: String,
    /// The goal.
    pub goal: String,
    /// The seat the learner plays, from 1.
    pub seat: usize,
    /// The game's parameters.
    pub params: Value,
    /// Each step: what to draw and what may be clicked.
    pub steps: Vec<StepWalk>,
    /// The board once the goal is reached.
    pub end: Value,
}

/// One step of a lesson as the page shows it.
#[derive(Debug, Clone, Serialize)]
pub struct StepWalk {
    /// What to do now, if the lesson says it.
    pub hint: Option<String>,
    /// The board before the move: the game's view for the learner's seat, its position and
    /// status, in the shape of a match state (`view`, `position`, `status`, `ply`, `legal`).
    pub state: Value,
    /// The move to make.
    #[serde(rename = "move")]
    pub action: String,
    /// The explanation once it is made.
    pub say: String,
    /// The opponent's reply, if any.
    pub reply: Option<String>,
    /// Moves the page refuses with their reason: `{move, why, rule, kind}`.
    pub tempting: Vec<Value>,
}

/// `lesson` replayed through `entry`, with its texts in `lang` (English where a text lacks
/// it). Errors as [`crate::check`] names them.
pub fn walk(entry: &dyn GameEntry, lesson: &Lesson, lang: &str) -> Result<LessonWalk, String> {
    let say = |t: &Text| {
        t.get(lang)
            .or_else(|| t.get("en"))
            .cloned()
            .unwrap_or_default()
    };
    let seat = Seat::from_number(lesson.seat);
    let mut states = Vec::new();
    replay(entry, lesson, |i, game| {
        states.push(state(game, seat, i).map_err(|e| e.to_string())?);
        Ok(())
    })?;
    let mut end = states.pop().unwrap_or(Value::Null);
    if let Some(s) = lesson.steps.last() {
        end["last"] = serde_json::json!({ "action": s.reply.as_ref().unwrap_or(&s.action) });
    }
    let steps = lesson
        .steps
        .iter()
        .zip(states)
        .enumerate()
        .map(|(i, (s, mut st))| {
            if let Some(before) = i.checked_sub(1).map(|k| &lesson.steps[k]) {
                let last = before.reply.as_ref().unwrap_or(&before.action);
                st["last"] = serde_json::json!({ "action": last });
            }
            let mut clickable = vec![Value::String(s.action.clone())];
            clickable.extend(s.tempting.iter().map(|t| Value::String(t.action.clone())));
            st["legal"] = Value::Array(clickable);
            StepWalk {
                hint: s.hint.as_ref().map(say),
                state: st,
                action: s.action.clone(),
                say: say(&s.say),
                reply: s.reply.clone(),
                tempting: s
                    .tempting
                    .iter()
                    .map(|t| {
                        serde_json::json!({
                            "move": t.action, "why": say(&t.why), "rule": t.rule, "kind": t.kind,
                        })
                    })
                    .collect(),
            }
        })
        .collect();
    Ok(LessonWalk {
        id: lesson.id.clone(),
        title: say(&lesson.title),
        intro: say(&lesson.intro),
        goal: say(&lesson.goal.text),
        seat: lesson.seat,
        params: lesson.params.clone(),
        steps,
        end,
    })
}

/// The board as a match state would carry it.
fn state(game: &dyn DynGame, seat: Option<Seat>, ply: usize) -> Result<Value, RegistryError> {
    let status: GameStatus = game_status(game);
    let seats: Vec<Value> = Seat::all(game.num_seats())
        .map(|s| {
            let kind = if Some(s) == seat { "human" } else { "bot" };
            serde_json::json!({
                "seat": s.number(), "name": game.seat_name(s), "kind": kind,
                "joined": true, "open": false,
            })
        })
        .collect();
    Ok(serde_json::json!({
        "game": game.game_name(),
        "ply": ply,
        "position": game.position(),
        "params": game.params()?,
        "players": game.num_seats(),
        "view": game.view(seat)?,
        "status": status,
        "you": seat.map(Seat::number),
        "legal": [],
        "last": null,
        "log": [],
        "seats": seats,
    }))
}
