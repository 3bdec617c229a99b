//! Board files: reading the JSON format and validating it into a [`Board`].
//!
//! ```json
//! { "name": "my board", "note": "optional text",
//!   "spaces": [
//!     {"id": "S", "kind": "start", "next": [1], "x": 0, "y": 9},
//!     {"id": 1, "kind": "lotus", "next": [2, 5], "back": "S", "x": 1, "y": 9},
//!     …
//!     {"id": "G", "kind": "goal", "x": 6, "y": 5} ] }
//! ```
//!
//! Ids are `"S"`, `"G"` or numbers 1–9999 (as JSON numbers or strings). Kinds: `start`, `goal`,
//! `plain`, `lotus`, `black-lotus`, `spring`, `stupid-frog`, `butterfly`. Checks, each failing
//! with an error naming the space: known fields only, one start `S` and one goal `G`, unique
//! ids, successors and `back` naming existing spaces, `back` one of the spaces leading to the
//! space, no cycle, every space reachable from the start, every path reaching the goal,
//! exactly 12 lotus spaces and one black-lotus space, at most 126 track spaces and at most 9
//! springs on any path.

use crate::board::{Board, MAX_SPACE_NUMBER, MAX_TRACK_SPACES, SpaceId, SpaceKind};
use serde_json::Value;
use std::collections::HashMap;
use std::fmt;

/// A board file that makes no board. `space` names the faulty space (`S`, `G`, a number, or
/// `spaces[i]` when the entry has no readable id); `None` for faults of the whole file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardError {
    /// The space at fault, as written in the file; `None` for the file as a whole.
    pub space: Option<String>,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for BoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.space {
            Some(space) => write!(f, "space {space}: {}", self.message),
            None => write!(f, "board file: {}", self.message),
        }
    }
}

impl std::error::Error for BoardError {}

pub(crate) fn at(space: impl fmt::Display, message: impl Into<String>) -> BoardError {
    BoardError {
        space: Some(space.to_string()),
        message: message.into(),
    }
}

pub(crate) fn whole(message: impl Into<String>) -> BoardError {
    BoardError {
        space: None,
        message: message.into(),
    }
}

const FIELDS: [&str; 6] = ["id", "kind", "next", "back", "x", "y"];

pub(crate) struct Raw {
    pub(crate) id: SpaceId,
    pub(crate) kind: SpaceKind,
    pub(crate) next: Vec<SpaceId>,
    pub(crate) back: Option<SpaceId>,
    pub(crate) x: f64,
    pub(crate) y: f64,
}

fn read_id(value: &Value) -> Option<SpaceId> {
    match value {
        Value::Number(n) => n
            .as_u64()
            .filter(|&n| (1..=MAX_SPACE_NUMBER as u64).contains(&n))
            .map(|n| SpaceId::Track(n as u16)),
        Value::String(s) => SpaceId::parse(s),
        _ => None,
    }
}

fn read_space(pos: usize, value: &Value) -> Result<Raw, BoardError> {
    let entry = format!("spaces[{pos}]");
    let obj = value
        .as_object()
        .ok_or_else(|| at(&entry, "is not an object"))?;
    let id_value = obj.get("id").ok_or_else(|| at(&entry, "has no `id`"))?;
    let id = read_id(id_value).ok_or_else(|| {
        at(
            &entry,
            format!("id {id_value} is not \"S\", \"G\" or a number from 1 to {MAX_SPACE_NUMBER}"),
        )
    })?;
    if let Some(key) = obj.keys().find(|k| !FIELDS.contains(&k.as_str())) {
        return Err(at(
            id,
            format!("unknown field `{key}` (fields: id, kind, next, back, x, y)"),
        ));
    }
    let kind_text = obj
        .get("kind")
        .and_then(Value::as_str)
        .ok_or_else(|| at(id, "has no `kind` string"))?;
    let kind = SpaceKind::from_file_name(kind_text).ok_or_else(|| {
        let names: Vec<&str> = SpaceKind::ALL.iter().map(|k| k.file_name()).collect();
        at(
            id,
            format!("unknown kind `{kind_text}` (kinds: {})", names.join(", ")),
        )
    })?;
    let coord = |name: &str| -> Result<f64, BoardError> {
        obj.get(name)
            .and_then(Value::as_f64)
            .filter(|v| v.is_finite())
            .ok_or_else(|| at(id, format!("has no numeric `{name}` coordinate")))
    };
    let (x, y) = (coord("x")?, coord("y")?);
    let next = match obj.get("next") {
        None => Vec::new(),
        Some(Value::Array(items)) => items
            .iter()
            .map(|v| read_id(v).ok_or_else(|| at(id, format!("next {v} is not a space id"))))
            .collect::<Result<_, _>>()?,
        Some(other) => return Err(at(id, format!("next {other} is not a list of space ids"))),
    };
    let back = match obj.get("back") {
        None | Some(Value::Null) => None,
        Some(v) => Some(read_id(v).ok_or_else(|| at(id, format!("back {v} is not a space id")))?),
    };
    Ok(Raw {
        id,
        kind,
        next,
        back,
        x,
        y,
    })
}

fn check_space_shape(raw: &Raw) -> Result<(), BoardError> {
    let id = raw.id;
    match (id, raw.kind) {
        (SpaceId::Start, SpaceKind::Start) | (SpaceId::Goal, SpaceKind::Goal) => {}
        (SpaceId::Start, _) => return Err(at(id, "the start must have kind `start`")),
        (SpaceId::Goal, _) => return Err(at(id, "the goal must have kind `goal`")),
        (_, SpaceKind::Start) => return Err(at(id, "only the space `S` may be the start")),
        (_, SpaceKind::Goal) => return Err(at(id, "only the space `G` may be the goal")),
        _ => {}
    }
    if id == SpaceId::Goal {
        if !raw.next.is_empty() {
            return Err(at(id, "the goal has no next spaces"));
        }
    } else if raw.next.is_empty() {
        return Err(at(id, "has no next space (every path must reach the goal)"));
    }
    match (id, raw.back) {
        (SpaceId::Start | SpaceId::Goal, Some(_)) => {
            Err(at(id, "start and goal have no `back` link"))
        }
        (SpaceId::Track(_), None) => Err(at(id, "has no `back` link")),
        _ => Ok(()),
    }
}

/// Parses and validates a board file.
pub(crate) fn parse_board(text: &str) -> Result<Board, BoardError> {
    let doc: Value = serde_json::from_str(text).map_err(|e| whole(format!("not JSON: {e}")))?;
    let obj = doc
        .as_object()
        .ok_or_else(|| whole("the file must hold a JSON object"))?;
    if let Some(key) = obj
        .keys()
        .find(|k| !["name", "note", "spaces"].contains(&k.as_str()))
    {
        return Err(whole(format!(
            "unknown field `{key}` (fields: name, note, spaces)"
        )));
    }
    let name = match obj.get("name") {
        None => "custom".to_string(),
        Some(Value::String(s)) => s.clone(),
        Some(_) => return Err(whole("`name` must be a string")),
    };
    let note = match obj.get("note") {
        None => None,
        Some(Value::String(s)) => Some(s.clone()),
        Some(_) => return Err(whole("`note` must be a string")),
    };
    let entries = obj
        .get("spaces")
        .and_then(Value::as_array)
        .ok_or_else(|| whole("`spaces` must be a list of spaces"))?;
    let mut raws = Vec::with_capacity(entries.len());
    let mut pos_of: HashMap<SpaceId, usize> = HashMap::new();
    for (pos, value) in entries.iter().enumerate() {
        let raw = read_space(pos, value)?;
        if pos_of.insert(raw.id, pos).is_some() {
            return Err(at(raw.id, "is defined twice"));
        }
        check_space_shape(&raw)?;
        raws.push(raw);
    }
    for required in [SpaceId::Start, SpaceId::Goal] {
        if !pos_of.contains_key(&required) {
            return Err(at(required, "is missing"));
        }
    }
    let track = raws.len() - 2;
    if track > MAX_TRACK_SPACES {
        return Err(whole(format!(
            "{track} track spaces; at most {MAX_TRACK_SPACES}"
        )));
    }
    // Resolve links to entry positions.
    let mut next_pos = Vec::with_capacity(raws.len());
    let mut prev_pos: Vec<Vec<usize>> = vec![Vec::new(); raws.len()];
    for (pos, raw) in raws.iter().enumerate() {
        let mut list = Vec::new();
        for n in &raw.next {
            let to = *pos_of
                .get(n)
                .ok_or_else(|| at(raw.id, format!("next {n} is not a space of the board")))?;
            if *n == SpaceId::Start {
                return Err(at(raw.id, "next S: nothing leads back to the start"));
            }
            if list.contains(&to) {
                return Err(at(raw.id, format!("next {n} is listed twice")));
            }
            list.push(to);
            prev_pos[to].push(pos);
        }
        next_pos.push(list);
    }
    for raw in &raws {
        if let Some(b) = raw.back
            && !pos_of.contains_key(&b)
        {
            return Err(at(raw.id, format!("back {b} is not a space of the board")));
        }
    }
    let order = crate::board_graph::topological_order(&raws, &next_pos, &prev_pos)?;
    crate::board_graph::check_reachable(&raws, &next_pos, pos_of[&SpaceId::Start])?;
    for (pos, raw) in raws.iter().enumerate() {
        if let Some(b) = raw.back
            && !prev_pos[pos].contains(&pos_of[&b])
        {
            let mut leading: Vec<String> = prev_pos[pos]
                .iter()
                .map(|&p| raws[p].id.to_string())
                .collect();
            leading.sort();
            return Err(at(
                raw.id,
                format!(
                    "back {b} does not lead to {} (spaces leading to it: {})",
                    raw.id,
                    leading.join(", ")
                ),
            ));
        }
    }
    crate::board_graph::check_counts(&raws)?;
    crate::board_graph::check_black_lotus_last(&raws, &next_pos)?;
    crate::board_graph::build(name, note, raws, &order, &next_pos, &prev_pos)
}
