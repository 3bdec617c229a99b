//! The JSON the API answers about a match: the state as one viewer may see it, the lobby's
//! summary, and the full record. Field by field as `docs/api.md` documents them.
//!
//! Hidden information (games whose `GameInfo::hidden_information` is set): until the game is
//! over, players and spectators get neither the position notation nor the seed, and the
//! actions of chance entries in the log are `null` (a draw from a shuffled deck would tell
//! the deck); the game's own view decides what each seat sees of the state. Once the game is
//! over everything is shown.

use crate::live::{MatchShared, Snapshot, now_ms};
use crate::store::{LogActor, LogEntry, SeatKind};
use serde_json::{Map, Value, json};
use tabula_core::{Actor, Seat};
use tabula_registry::status_json;

/// Whether the hidden parts of the match may be shown.
fn reveal(shared: &MatchShared, snap: &Snapshot) -> bool {
    !shared.hidden_information || snap.over()
}

fn log_json(entries: &[LogEntry], reveal: bool) -> Vec<Value> {
    entries
        .iter()
        .map(|e| {
            let action = if reveal || e.actor != LogActor::Chance {
                Value::from(e.action.as_str())
            } else {
                Value::Null
            };
            json!({ "ply": e.ply, "actor": e.actor.to_json(), "action": action, "at": e.at })
        })
        .collect()
}

fn seat_json(shared: &MatchShared, i: usize, extra: Map<String, Value>) -> Value {
    let mut seat = Map::new();
    seat.insert("seat".into(), Value::from(i + 1));
    match &shared.record.seats[i].kind {
        SeatKind::Human => {
            seat.insert("kind".into(), "human".into());
        }
        SeatKind::Bot(level) => {
            seat.insert("kind".into(), "bot".into());
            seat.insert("level".into(), Value::from(level.as_str()));
        }
    }
    seat.insert("open".into(), shared.record.seats[i].open.into());
    seat.extend(extra);
    Value::Object(seat)
}

/// The match as `viewer` (a seat, or `None` for a spectator) may see it.
pub(crate) fn match_json(shared: &MatchShared, snap: &Snapshot, viewer: Option<Seat>) -> Value {
    let game = snap.game.as_ref();
    let reveal = reveal(shared, snap);
    let log = log_json(&shared.log_prefix(snap.ply), reveal);
    let seats: Vec<Value> = (0..shared.record.seats.len())
        .map(|i| {
            let mut extra = Map::new();
            extra.insert("name".into(), game.seat_name(Seat(i as u8)).into());
            extra.insert(
                "joined".into(),
                snap.joined.get(i).copied().unwrap_or(false).into(),
            );
            seat_json(shared, i, extra)
        })
        .collect();
    let legal = match viewer {
        Some(seat) if !snap.over() => game.legal(Actor::Seat(seat)),
        _ => Vec::new(),
    };
    let clock = snap.deadline_ms.map(|deadline| {
        json!({ "deadline_ms": deadline, "remaining_ms": deadline.saturating_sub(now_ms()) })
    });
    let mut out = json!({
        "id": shared.record.id,
        "game": shared.record.game,
        "title": shared.title,
        "params": game.params(),
        "players": shared.record.players,
        "you": viewer.map(|s| s.number()),
        "ply": snap.ply,
        "seats": seats,
        "status": status_json(game),
        "view": game.view(viewer),
        "legal": legal,
        "last": log.last().cloned(),
        "log": log,
        "clock": clock,
        "hints": shared.record.hints,
        "start": shared.record.position,
    });
    if reveal {
        out["position"] = Value::from(game.position());
    }
    out
}

/// A line of the lobby: `open_seats` lists the lobby seats nobody has joined yet (invited
/// seats never appear there).
pub(crate) fn summary_json(shared: &MatchShared, snap: &Snapshot) -> Value {
    let over = snap.over();
    let open: Vec<usize> = shared
        .record
        .seats
        .iter()
        .enumerate()
        .filter(|(i, s)| !over && s.open && !snap.joined.get(*i).copied().unwrap_or(true))
        .map(|(i, _)| i + 1)
        .collect();
    let seats: Vec<Value> = (0..shared.record.seats.len())
        .map(|i| {
            let mut extra = Map::new();
            extra.insert(
                "joined".into(),
                snap.joined.get(i).copied().unwrap_or(false).into(),
            );
            seat_json(shared, i, extra)
        })
        .collect();
    json!({
        "id": shared.record.id,
        "game": shared.record.game,
        "title": shared.title,
        "players": shared.record.players,
        "created_at": shared.record.created_at,
        "ply": snap.ply,
        "over": over,
        "seats": seats,
        "open_seats": open,
        "hints": shared.record.hints,
    })
}

/// The full record: enough to replay the match exactly (from `start`, the start position,
/// when it is not null). For an unfinished match of a game
/// with hidden information, `seed` is `null`, chance actions are `null` and `complete` is
/// `false`.
pub(crate) fn record_json(shared: &MatchShared, snap: &Snapshot) -> Value {
    let reveal = reveal(shared, snap);
    let r = &shared.record;
    let seats: Vec<Value> = (0..r.seats.len())
        .map(|i| seat_json(shared, i, Map::new()))
        .collect();
    json!({
        "id": r.id,
        "game": r.game,
        "title": shared.title,
        "params": r.params,
        "players": r.players,
        "seed": reveal.then_some(r.seed),
        "setup": r.setup,
        "created_at": r.created_at,
        "seats": seats,
        "actions": log_json(&shared.log_prefix(snap.ply), reveal),
        "status": status_json(snap.game.as_ref()),
        "complete": reveal,
        "hints": r.hints,
        "start": r.position,
    })
}
