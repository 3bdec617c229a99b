//! A stored match read back from its rows, the same for SQLite and PostgreSQL: each store runs
//! the three queries of a load (the match, its seats, its log) in its own SQL dialect and
//! hands the rows here, so the checks a load makes (seats numbered without a gap, a log with
//! an entry at every ply, known actors and seat kinds, well-formed token hashes) are written
//! once.

use super::sqlite_write::db_err;
use super::{
    LogActor, LogEntry, MatchRecord, SeatKind, SeatRecord, StoreError, StoredMatch, TokenHash,
};
use sqlx::{ColumnIndex, Decode, Row, Type};

/// The match `id` from its `matches` row `m` (`game, params, players, seed, setup,
/// created_at, finished, hints, position`), its `seats` rows in seat order (`seat, kind,
/// level, token_hash, open, joined`) and its `events` rows in ply order (see [`log_rows`]);
/// [`StoreError::Corrupt`] naming what does not fit.
pub(super) fn stored_match<R>(
    id: &str,
    m: &R,
    seats: &[R],
    events: &[R],
) -> Result<StoredMatch, StoreError>
where
    R: Row,
    for<'c> &'c str: ColumnIndex<R>,
    for<'r> i64: Decode<'r, R::Database> + Type<R::Database>,
    for<'r> bool: Decode<'r, R::Database> + Type<R::Database>,
    for<'r> String: Decode<'r, R::Database> + Type<R::Database>,
    for<'r> Option<String>: Decode<'r, R::Database> + Type<R::Database>,
{
    let params: String = m.try_get("params").map_err(db_err)?;
    let params = serde_json::from_str(&params)
        .map_err(|e| corrupt(id, format!("params are not JSON: {e}")))?;
    let players: i64 = m.try_get("players").map_err(db_err)?;
    let seed: i64 = m.try_get("seed").map_err(db_err)?;
    let created_at: i64 = m.try_get("created_at").map_err(db_err)?;
    let seats = seats
        .iter()
        .map(|row| {
            Ok(SeatRow {
                number: row.try_get("seat")?,
                kind: row.try_get("kind")?,
                level: row.try_get("level")?,
                token_hash: row.try_get("token_hash")?,
                open: row.try_get("open")?,
                joined: row.try_get("joined")?,
            })
        })
        .collect::<Result<Vec<_>, sqlx::Error>>()
        .map_err(db_err)?;
    let seats = seat_records(id, seats, players)?;
    Ok(StoredMatch {
        record: MatchRecord {
            id: id.to_string(),
            game: m.try_get("game").map_err(db_err)?,
            params,
            players: players as usize,
            seed: seed as u64,
            setup: m.try_get("setup").map_err(db_err)?,
            created_at: created_at as u64,
            seats,
            hints: m.try_get("hints").map_err(db_err)?,
            position: m.try_get("position").map_err(db_err)?,
        },
        log: log_rows(id, events, 0)?,
        finished: m.try_get("finished").map_err(db_err)?,
    })
}

/// A `seats` row as stored.
struct SeatRow {
    number: i64,
    kind: String,
    level: Option<String>,
    token_hash: Option<String>,
    open: bool,
    joined: bool,
}

/// The seats of match `id` for its `players` from its `seats` rows, in order: one row for
/// each seat from 1 to `players`, none missing and none more.
fn seat_records(id: &str, rows: Vec<SeatRow>, players: i64) -> Result<Vec<SeatRecord>, StoreError> {
    if rows.len() as i64 > players {
        let stored = rows.len();
        return Err(corrupt(
            id,
            format!("{stored} seats stored, {players} expected"),
        ));
    }
    let mut seats = Vec::with_capacity(rows.len());
    let mut rows = rows.into_iter();
    for number in 1..=players {
        let row = match rows.next() {
            Some(row) if row.number == number => row,
            _ => return Err(corrupt(id, format!("seat {number} is missing"))),
        };
        let kind = match (row.kind.as_str(), row.level) {
            ("human", _) => SeatKind::Human,
            ("bot", Some(level)) => SeatKind::Bot(level),
            ("bot", None) => {
                return Err(corrupt(
                    id,
                    format!("seat {number} is a bot without a level"),
                ));
            }
            (other, _) => return Err(corrupt(id, format!("seat {number} has kind `{other}`"))),
        };
        let token_hash = match row.token_hash {
            None => None,
            Some(hex) => Some(TokenHash::from_hex(&hex).ok_or_else(|| {
                corrupt(
                    id,
                    format!("seat {number}'s token hash is not 64 hex digits"),
                )
            })?),
        };
        seats.push(SeatRecord {
            kind,
            token_hash,
            open: row.open,
            joined: row.joined,
        });
    }
    Ok(seats)
}

/// Log rows of match `id` (`ply, actor, action, at`, in order) as entries; the first must be
/// at ply `first` and the others follow it without a gap.
pub(super) fn log_rows<R>(id: &str, rows: &[R], first: u64) -> Result<Vec<LogEntry>, StoreError>
where
    R: Row,
    for<'c> &'c str: ColumnIndex<R>,
    for<'r> i64: Decode<'r, R::Database> + Type<R::Database>,
    for<'r> String: Decode<'r, R::Database> + Type<R::Database>,
{
    let mut log = Vec::with_capacity(rows.len());
    for (i, row) in rows.iter().enumerate() {
        let want = first + i as u64;
        let ply: i64 = row.try_get("ply").map_err(db_err)?;
        if ply != want as i64 {
            return Err(corrupt(id, format!("the log has no entry at ply {want}")));
        }
        let actor: String = row.try_get("actor").map_err(db_err)?;
        let actor = LogActor::from_text(&actor)
            .ok_or_else(|| corrupt(id, format!("ply {want}: unknown actor `{actor}`")))?;
        let at: i64 = row.try_get("at").map_err(db_err)?;
        log.push(LogEntry {
            ply: want,
            actor,
            action: row.try_get("action").map_err(db_err)?,
            at: at as u64,
        });
    }
    Ok(log)
}

fn corrupt(id: &str, reason: String) -> StoreError {
    StoreError::Corrupt {
        id: id.to_string(),
        reason,
    }
}
