//! Stored records and log entries made by hand, for the store's tests.

use tabula_server::store::{LogActor, LogEntry, MatchRecord, SeatKind, SeatRecord, TokenHash};

/// A match record of `game` with these seats; a human seat `i` holds the token `tok{i}`.
pub fn record(
    id: &str,
    game: &str,
    params: serde_json::Value,
    seats: Vec<SeatKind>,
) -> MatchRecord {
    MatchRecord {
        id: id.into(),
        game: game.into(),
        params,
        players: seats.len(),
        seed: u64::MAX - 5, // above i64::MAX: must come back intact
        setup: "placement".into(),
        created_at: 1_700_000_000_000,
        seats: seats
            .into_iter()
            .enumerate()
            .map(|(i, kind)| SeatRecord {
                token_hash: (kind == SeatKind::Human).then(|| TokenHash::of(&format!("tok{i}"))),
                open: false,
                joined: kind != SeatKind::Human,
                kind,
            })
            .collect(),
        hints: false,
        position: None,
    }
}

/// A log entry.
pub fn entry(ply: u64, actor: LogActor, action: &str, at: u64) -> LogEntry {
    LogEntry {
        ply,
        actor,
        action: action.into(),
        at,
    }
}
