//! The JSON the API answers about a match: the state as one viewer may see it, the lobby's
//! summary, and the full record. Field by field as `docs/api.md` documents them.
//!
//! Hidden information (games whose `GameInfo::hidden_information` is set): until the game is
//! over, players and spectators get neither the position notation nor the seed, and the
//! actions of chance entries in the log are `null` (a draw from a shuffled deck would tell
//! the deck); the game's own view decides what each seat sees of the state. Once the game is
//! over everything is shown.
//!
//! The `log` is the match's moves (table events left out, undone moves gone, see
//! `live/table.rs`); a match that ended at the table (resigned, drawn by agreement) says so in
//! its `status`, and `table` tells a seat what it may ask for there.
//!
//! `clocks` are the match's chess clocks (`live/clock.rs`) read at the time of the answer;
//! each human seat says whether it is `online` or `away` (`live/presence.rs`).

mod delta;

pub(crate) use delta::delta_text;

use crate::live::{ClockSpec, MatchShared, Snapshot, draws_allowed, game_params, now_ms};
use crate::store::{LogActor, LogEntry, MatchRecord, SeatKind};
use serde::Serialize;
use serde::ser::{SerializeMap, Serializer};
use serde_json::value::RawValue;
use serde_json::{Map, Value, json};
use std::sync::Arc;
use tabula_core::{Actor, Seat};
use tabula_registry::{GameStatus, RegistryError, game_status};

/// Whether the hidden parts of the match may be shown.
fn reveal(shared: &MatchShared, snap: &Snapshot) -> bool {
    !shared.hidden_information || snap.over()
}

fn log_json<'a>(entries: impl IntoIterator<Item = &'a Arc<LogEntry>>, reveal: bool) -> Vec<Value> {
    entries
        .into_iter()
        .map(|entry| {
            serde_json::to_value(EntryOut {
                entry: entry.as_ref(),
                reveal,
            })
            .expect("a log entry always serialises")
        })
        .collect()
}

/// A log entry as the API shows it, in the full state and in the pushes alike: a chance
/// action is `null` until it may be shown.
struct EntryOut<'a> {
    entry: &'a LogEntry,
    reveal: bool,
}

impl Serialize for EntryOut<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let e = self.entry;
        let mut map = s.serialize_map(Some(4))?;
        map.serialize_entry("ply", &e.ply)?;
        map.serialize_entry("actor", &e.actor)?;
        let shown = self.reveal || e.actor != LogActor::Chance;
        map.serialize_entry("action", &shown.then_some(e.action.as_str()))?;
        map.serialize_entry("at", &e.at)?;
        map.end()
    }
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
            if let Some(rating) = shared.bot_ratings.get(i).copied().flatten() {
                seat.insert("rating".into(), Value::from(rating.round()));
            }
        }
    }
    seat.insert("open".into(), shared.record.seats[i].open.into());
    seat.extend(extra);
    Value::Object(seat)
}

/// The game's status, or how the match ended at the table: `result.reason` is then
/// `resigned` (with `by`, the seat that resigned) or `agreed` (a draw by agreement).
pub(crate) fn status_out(snap: &Snapshot) -> GameStatus {
    match &snap.ending {
        Some(ending) => GameStatus::at_table(ending.reason, ending.by, ending.ranks.clone()),
        None => game_status(snap.game.as_ref()),
    }
}

/// [`status_out`] as a JSON value.
pub(crate) fn status(snap: &Snapshot) -> Value {
    serde_json::to_value(status_out(snap)).expect("a status always serialises")
}

/// What `viewer` may ask for at the table now, the standing offer and the rematch. Written
/// straight into the pushes (every move pushes it to every socket); the fields in the order of
/// their names, as a JSON object of the full state holds them.
#[derive(Serialize)]
pub(crate) struct TableOut {
    draws: bool,
    may_offer: bool,
    offer: Option<usize>,
    rematch: Option<RematchOut>,
    takeback: bool,
    takeback_ask: Option<usize>,
}

/// The rematch of a finished match, as its seat `seat` (with its `token`) may join it.
#[derive(Serialize)]
struct RematchOut {
    id: String,
    seat: usize,
    token: String,
}

fn table_out(shared: &MatchShared, snap: &Snapshot, viewer: Option<Seat>) -> TableOut {
    let r = &shared.record;
    let live = !snap.over();
    let takeback = viewer
        .is_some_and(|seat| live && snap.may_take_back.get(seat.index()).copied() == Some(true));
    let rematch = viewer.and_then(|seat| {
        let rematch = shared.rematch.borrow();
        let rematch = rematch.as_ref()?;
        Some(RematchOut {
            id: rematch.id.clone(),
            seat: rematch.seats.get(seat.index())?.number(),
            token: rematch.tokens.get(seat.index())?.clone()?,
        })
    });
    let draws = live && draws_allowed(shared.draws_by_agreement, r.players);
    let may_offer =
        viewer.is_some_and(|seat| draws && snap.may_offer.get(seat.index()).copied() == Some(true));
    TableOut {
        draws,
        may_offer,
        offer: snap.offer.map(Seat::number),
        rematch,
        takeback,
        takeback_ask: snap.takeback_ask.filter(|_| live).map(Seat::number),
    }
}

/// How many seats of a match are people's (taken or not).
pub(crate) fn people(record: &MatchRecord) -> usize {
    record
        .seats
        .iter()
        .filter(|s| matches!(s.kind, SeatKind::Human))
        .count()
}

/// The match as `viewer` (a seat, or `None` for a spectator) may see it.
pub(crate) fn match_json(shared: &MatchShared, snap: &Snapshot, viewer: Option<Seat>) -> Value {
    let reveal = reveal(shared, snap);
    let mut out = json!({
        "id": shared.record.id,
        "game": shared.record.game,
        "title": shared.title,
        "players": shared.record.players,
        "you": viewer.map(|s| s.number()),
    });
    let fields = out.as_object_mut().expect("an object");
    fields.extend(changing_json(shared, snap, viewer, reveal));
    fields.insert("log".into(), Value::Array(log_json(&snap.moves, reveal)));
    fields.insert("hints".into(), shared.record.hints.into());
    let rated = crate::people::is_rated(&shared.record.params);
    fields.insert("rated".into(), rated.into());
    fields.insert("analysis_allowed".into(), shared.record.hints.into());
    fields.insert("start".into(), json!(shared.record.position));
    if let Some(reason) = shared.quarantine.get() {
        fields.insert("quarantined".into(), reason.as_str().into());
    }
    if reveal {
        fields.insert("position".into(), Value::from(snap.position()));
    }
    out
}

/// The board as text, for a game the web UI draws plainly (no renderer of its own), where
/// the whole position may be shown.
fn plain_board(shared: &MatchShared, snap: &Snapshot, reveal: bool) -> Option<Value> {
    (shared.plain_board && reveal).then(|| Value::from(snap.board_text()))
}

/// A view or parameters that did not serialise (a defect of the game, which the harness
/// refuses): logged, and sent as an object naming the defect, never as `null`.
pub(crate) fn or_defect(written: Result<Value, RegistryError>) -> Value {
    written.unwrap_or_else(|e| {
        tracing::error!("{e}");
        json!({ "defect": e.to_string() })
    })
}

/// [`or_defect`] for a view written as JSON text.
pub(crate) fn or_defect_text(written: Result<Box<RawValue>, RegistryError>) -> Box<RawValue> {
    written.unwrap_or_else(|e| {
        serde_json::value::to_raw_value(&or_defect(Err(e))).expect("an object of text is JSON")
    })
}

/// The fields of the state that change as the match goes on, the log aside.
fn changing_json(
    shared: &MatchShared,
    snap: &Snapshot,
    viewer: Option<Seat>,
    reveal: bool,
) -> Map<String, Value> {
    let game = snap.game.as_ref();
    let mut out = Map::new();
    out.insert("params".into(), snap.params().clone());
    out.insert("ply".into(), snap.ply.into());
    out.insert("rev".into(), snap.rev.into());
    out.insert("seats".into(), seats_json(shared, snap).into());
    out.insert("status".into(), status(snap));
    let table = table_out(shared, snap, viewer);
    out.insert(
        "table".into(),
        serde_json::to_value(table).expect("the table always serialises"),
    );
    out.insert("view".into(), or_defect(game.view(viewer)));
    if let Some(board) = plain_board(shared, snap, reveal) {
        out.insert("board_text".into(), board);
    }
    out.insert("legal".into(), json!(legal(snap, viewer)));
    let last = log_json(snap.moves.last(), reveal)
        .pop()
        .unwrap_or(Value::Null);
    out.insert("last".into(), last);
    out.insert("clock".into(), json!(hourglass_json(snap)));
    out.insert("clocks".into(), json!(clocks_json(snap)));
    out
}

/// What `viewer` may do now (nothing for spectators, nothing once the match is over).
fn legal(snap: &Snapshot, viewer: Option<Seat>) -> Vec<String> {
    match viewer {
        Some(seat) if !snap.over() => snap.game.legal(Actor::Seat(seat)),
        _ => Vec::new(),
    }
}

/// The running hourglass, if one runs.
fn hourglass_json(snap: &Snapshot) -> Option<Value> {
    snap.deadline_ms.map(|deadline| {
        json!({ "deadline_ms": deadline, "remaining_ms": deadline.saturating_sub(now_ms()) })
    })
}

/// The match's clocks now, if it has clocks.
fn clocks_json(snap: &Snapshot) -> Option<Value> {
    snap.clock.as_ref().map(|c| c.to_json(now_ms()))
}

/// Every seat as the state shows it: who holds it, its name, whether it is taken and
/// whether its player is online.
fn seats_json(shared: &MatchShared, snap: &Snapshot) -> Vec<Value> {
    let game = snap.game.as_ref();
    let online = shared.presence.online();
    (0..shared.record.seats.len())
        .map(|i| {
            let mut extra = Map::new();
            extra.insert("name".into(), game.seat_name(Seat(i as u8)).into());
            extra.insert(
                "joined".into(),
                snap.joined.get(i).copied().unwrap_or(false).into(),
            );
            let presence = match shared.record.seats[i].kind {
                SeatKind::Human if online.get(i) == Some(&true) => Value::from("online"),
                SeatKind::Human => Value::from("away"),
                SeatKind::Bot(_) => Value::Null,
            };
            extra.insert("presence".into(), presence);
            if let Some(colour) = shared.seat_colours.get(i) {
                extra.insert("colour".into(), Value::from(*colour));
            }
            seat_json(shared, i, extra)
        })
        .collect()
}

/// The table events of the log (`live/table.rs`), each with its index in the log.
fn events_json(shared: &MatchShared, snap: &Snapshot) -> Vec<Value> {
    shared
        .log_prefix(snap.rev)
        .iter()
        .filter(|e| e.action.starts_with('~'))
        .map(|e| json!({ "rev": e.ply, "actor": e.actor, "event": e.action, "at": e.at }))
        .collect()
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
        "analysis_allowed": shared.record.hints,
        "rated": crate::people::is_rated(&shared.record.params),
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
        "params": game_params(&r.params),
        "clock": ClockSpec::of_params(&r.params).map(ClockSpec::to_json),
        "players": r.players,
        "seed": reveal.then_some(r.seed),
        "setup": r.setup,
        "created_at": r.created_at,
        "seats": seats,
        "actions": log_json(&snap.moves, reveal),
        "events": events_json(shared, snap),
        "status": status(snap),
        "complete": reveal,
        "hints": r.hints,
        "analysis_allowed": r.hints,
        "start": r.position,
    })
}
