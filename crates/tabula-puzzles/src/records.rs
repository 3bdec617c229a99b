//! Recorded games to draw puzzles from: the JSON report of `tabula match --moves` (every
//! record's `start`, `opening` and `moves`) and the server's match record
//! (`GET /api/matches/{id}/record`: `start`, `params` and `actions`).

use serde_json::{Map, Value};
use tabula_core::{Actor, Seat, ToAct, read_move};
use tabula_registry::{DynGame, GameEntry, resolve_actor};

/// What is wrong with a record file: the file and the fault.
#[derive(Debug, thiserror::Error)]
#[error("{file}: {message}")]
pub struct RecordError {
    /// The file (as the caller named it).
    pub file: String,
    /// What is wrong.
    pub message: String,
}

/// One recorded game: where it starts and every action after, in notation.
#[derive(Debug, Clone, PartialEq)]
pub struct Record {
    /// The file and the game's place in it (`games.json#3`).
    pub source: String,
    /// The game's parameters as the match API takes them.
    pub params: Value,
    /// The position the game started from, in notation.
    pub start: String,
    /// Every action in order, chance events included; where several seats may act, the seat
    /// is written in front (`2:action`).
    pub moves: Vec<String>,
}

/// The records of one file's text, for the game `entry`: a match report or a server record.
pub fn read_records(
    entry: &dyn GameEntry,
    file: &str,
    text: &str,
) -> Result<Vec<Record>, RecordError> {
    let fail = |message: String| RecordError {
        file: file.to_string(),
        message,
    };
    let value: Value = serde_json::from_str(text).map_err(|e| fail(format!("not JSON: {e}")))?;
    let game = value.get("game").and_then(Value::as_str).ok_or_else(|| {
        fail(
            "no `game`: neither a match report (tabula match --json --moves) nor a match record"
                .into(),
        )
    })?;
    let name = entry.info().name;
    if game != name {
        return Err(fail(format!("a record of {game}, not of {name}")));
    }
    let records = if let Some(games) = value.get("records").and_then(Value::as_array) {
        let players = value.get("seats").cloned();
        let mut params = value
            .get("params")
            .cloned()
            .unwrap_or_else(|| Value::Object(Map::new()));
        if let (Value::Object(map), Some(players)) = (&mut params, players) {
            map.entry("players").or_insert(players);
        }
        games
            .iter()
            .enumerate()
            .map(|(i, g)| match_record(file, i, g, &params))
            .collect::<Result<Vec<_>, String>>()
            .map_err(fail)?
    } else if let Some(actions) = value.get("actions").and_then(Value::as_array) {
        vec![server_record(entry, file, &value, actions).map_err(fail)?]
    } else {
        return Err(fail(
            "neither `records` (a match report) nor `actions` (a match record)".into(),
        ));
    };
    if records.iter().all(|r| r.moves.is_empty()) {
        return Err(fail(
            "no recorded moves (write the match report with `tabula match --moves`)".into(),
        ));
    }
    for record in &records {
        replay(entry, record)
            .map_err(|(ply, e)| fail(format!("{}, ply {ply}: {e}", record.source)))?;
    }
    Ok(records)
}

fn match_record(file: &str, i: usize, g: &Value, params: &Value) -> Result<Record, String> {
    let strings = |key: &str| -> Result<Vec<String>, String> {
        match g.get(key) {
            None => Ok(Vec::new()),
            Some(v) => serde_json::from_value(v.clone())
                .map_err(|_| format!("record {i}: `{key}` is not a list of moves")),
        }
    };
    let start = g.get("start").and_then(Value::as_str).unwrap_or_default();
    let mut moves = strings("opening")?;
    moves.extend(strings("moves")?);
    if start.is_empty() && !moves.is_empty() {
        return Err(format!("record {i}: moves without a `start` position"));
    }
    Ok(Record {
        source: format!("{file}#{i}"),
        params: params.clone(),
        start: start.to_string(),
        moves,
    })
}

/// A server record, its actions written as a match report writes them (the seat in front
/// only where several seats may act): replayed to know where that is.
fn server_record(
    entry: &dyn GameEntry,
    file: &str,
    value: &Value,
    actions: &[Value],
) -> Result<Record, String> {
    let start = value
        .get("start")
        .and_then(Value::as_str)
        .ok_or("a match record without `start`")?;
    let params = value
        .get("params")
        .cloned()
        .unwrap_or_else(|| Value::Object(Map::new()));
    let id = value.get("id").and_then(Value::as_str).unwrap_or("match");
    let mut record = Record {
        source: format!("{file}#{id}"),
        params,
        start: start.to_string(),
        moves: Vec::new(),
    };
    let mut game = start_of(entry, &record)?;
    for (i, a) in actions.iter().enumerate() {
        let text = a.get("action").and_then(Value::as_str).ok_or_else(|| {
            format!(
                "action {} is hidden or missing (only finished matches have whole records)",
                i + 1
            )
        })?;
        let seat = a
            .get("actor")
            .and_then(Value::as_u64)
            .and_then(|n| Seat::from_number(n as usize));
        let written = match (seat, game.to_act()) {
            (Some(seat), ToAct::Several(_)) => format!("{}:{text}", seat.number()),
            _ => text.to_string(),
        };
        apply_move(game.as_mut(), &written).map_err(|e| format!("action {}: {e}", i + 1))?;
        record.moves.push(written);
    }
    Ok(record)
}

/// The game at the record's start.
pub fn start_of(entry: &dyn GameEntry, record: &Record) -> Result<Box<dyn DynGame>, String> {
    entry
        .load_position(&record.params, &record.start)
        .map_err(|e| format!("the start does not load: {e}"))
}

/// Applies one recorded move to `game` (`N:action` where several seats may act, else the
/// action alone); the actor that played it.
pub fn apply_move(game: &mut dyn DynGame, text: &str) -> Result<Actor, String> {
    let (seat, action) = match (game.to_act(), read_move(text)) {
        (ToAct::Several(_), Some((seat, action))) => (Some(seat), action),
        _ => (None, text),
    };
    let actor = resolve_actor(game, seat, action).map_err(|e| e.to_string())?;
    game.apply(actor, action)
        .map_err(|e| format!("{text}: {e}"))?;
    Ok(actor)
}

/// Replays the whole record, or the ply (from 1) that fails and why.
fn replay(entry: &dyn GameEntry, record: &Record) -> Result<(), (usize, String)> {
    let mut game = start_of(entry, record).map_err(|e| (0, e))?;
    for (i, m) in record.moves.iter().enumerate() {
        apply_move(game.as_mut(), m).map_err(|e| (i + 1, e))?;
    }
    Ok(())
}
