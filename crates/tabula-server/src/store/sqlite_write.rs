//! The SQLite store's writes: group commit (`group_commit.rs`) on the writer task's own
//! connection, up to [`MAX_BATCH`] writes per transaction and fsync. After any failure the
//! connection is reset and checked before the next write (`sqlite_conn.rs`).
//!
//! Statements are few per batch (each costs a round trip to sqlx's connection thread): the
//! batch's new matches go in two `INSERT`s, its joined seats in one `UPDATE`, the log
//! entries in a few multi-row `INSERT`s, and the writer remembers the next ply of every
//! unfinished match it has written to, so checking that an append continues its log reads
//! the database only once per match and process.

use super::columns;
use super::group_commit::{self, Batch};
use super::sqlite_conn::{FileGuard, WriterConn};
use super::{LogEntry, MatchRecord, StoreError, TokenHash};
use sqlx::Sqlite;
use sqlx::error::ErrorKind;
use sqlx::sqlite::SqliteConnection;
use sqlx::{Connection, QueryBuilder, Row};
use std::collections::HashMap;
use std::sync::OnceLock;
use tabula_core::Seat;
use tokio::sync::mpsc;
use tokio::time::Instant;

/// The most writes committed in one transaction.
pub const MAX_BATCH: usize = 512;

/// The row counts of the log's `INSERT` statements: powers of two, so that SQLite prepares
/// each once per connection (see [`insert_rows`]). The largest binds 1,280 values, well
/// under SQLite's variable limit.
const INSERT_SIZES: [usize; 9] = [256, 128, 64, 32, 16, 8, 4, 2, 1];

pub(super) enum WriteOp {
    Create(MatchRecord),
    Append {
        id: String,
        entries: Vec<LogEntry>,
        finished: bool,
        /// How a rated match ended: rated in the transaction that ends it.
        ending: Option<crate::people::Ending>,
    },
    Joined {
        id: String,
        seat: Seat,
    },
    /// A lobby join: the seat's token hash and `joined`, only if it is open and not joined.
    JoinOpen {
        id: String,
        seat: Seat,
        token_hash: TokenHash,
    },
}

/// A write waiting for the writer task.
pub(super) type Pending = group_commit::Pending<WriteOp>;

/// A statement's failure: a constraint the write broke (or a row that cannot be read) is a
/// refusal of that write; anything else (I/O, a full disk, a lock) is a fault of the store.
pub(super) fn db_err(e: sqlx::Error) -> StoreError {
    let fault = match &e {
        sqlx::Error::Database(d) => d.kind() == ErrorKind::Other,
        sqlx::Error::Io(_)
        | sqlx::Error::Protocol(_)
        | sqlx::Error::PoolTimedOut
        | sqlx::Error::PoolClosed
        | sqlx::Error::WorkerCrashed => true,
        _ => false,
    };
    if fault {
        StoreError::Unavailable(e.to_string())
    } else {
        StoreError::Database(e.to_string())
    }
}

/// A failed `COMMIT`: a full disk refused the WAL frames before the commit frame was written,
/// so nothing is stored; any other failure (an I/O error, a failed fsync after the frames
/// were written) leaves the outcome unknown: the commit frame may be in the WAL, and a
/// restart would find the transaction committed.
pub(super) fn commit_err(e: sqlx::Error) -> StoreError {
    const SQLITE_FULL: i64 = 13;
    let full = match &e {
        sqlx::Error::Database(d) => d
            .code()
            .and_then(|c| c.parse::<i64>().ok())
            .is_some_and(|c| c & 0xff == SQLITE_FULL),
        _ => false,
    };
    if full {
        db_err(e)
    } else {
        StoreError::OutcomeUnknown(e.to_string())
    }
}

/// The writer task's side: its connection, and the next ply of each unfinished match
/// written to (as committed).
pub(super) struct SqliteBatch {
    pub writer: WriterConn,
    pub next_ply: HashMap<String, u64>,
}

impl Batch for SqliteBatch {
    type Op = WriteOp;

    /// The SQLite store's writes have no deadline: the writer's own connection waits only on
    /// the disk and on the lock (its busy timeout is [`WRITE_WAIT`](super::WRITE_WAIT)).
    async fn write(&mut self, ops: &[&WriteOp], _: Option<Instant>) -> Result<(), StoreError> {
        write(&mut self.writer, ops, &mut self.next_ply).await
    }
}

/// Runs until every sender of `queue` is gone.
pub(super) async fn writer_task(writer: WriterConn, queue: mpsc::Receiver<Pending>) {
    let batch = SqliteBatch {
        writer,
        next_ply: HashMap::new(),
    };
    group_commit::run(batch, queue, MAX_BATCH).await;
}

/// Writes `ops` in one transaction on a connection that is ready; resets it on failure.
async fn write(
    writer: &mut WriterConn,
    ops: &[&WriteOp],
    next_ply: &mut HashMap<String, u64>,
) -> Result<(), StoreError> {
    let (conn, guard) = writer.ready().await?;
    match write_batch(conn, guard, ops, next_ply).await {
        Ok(()) => {
            writer.committed();
            Ok(())
        }
        Err(e) => {
            writer.failed(&e).await;
            // What the batch's logs hold is read again: a commit whose outcome is unknown
            // may have stored them, and a retry must then find a gap, not a broken key.
            for op in ops {
                if let WriteOp::Append { id, .. } = op {
                    next_ply.remove(id);
                }
            }
            Err(e)
        }
    }
}

/// Writes `ops` in one transaction; `next_ply` is updated only if it commits. The file is
/// checked once more just before the commit.
async fn write_batch(
    conn: &mut SqliteConnection,
    guard: &FileGuard,
    ops: &[&WriteOp],
    next_ply: &mut HashMap<String, u64>,
) -> Result<(), StoreError> {
    let mut tx = conn.begin().await.map_err(db_err)?;
    // The batch's new matches and seats joined go first, each kind in one statement: no
    // other write of a batch can depend on a later one of these.
    let mut creates: Vec<&MatchRecord> = Vec::new();
    let mut joins: Vec<(&str, Seat)> = Vec::new();
    for op in ops {
        match op {
            WriteOp::Create(record) => creates.push(record),
            WriteOp::Joined { id, seat } => joins.push((id, *seat)),
            _ => {}
        }
    }
    create(&mut tx, &creates).await?;
    mark_joined(&mut tx, &joins).await?;
    let mut planned: HashMap<&str, u64> = creates.iter().map(|r| (r.id.as_str(), 0)).collect();
    let mut rows: Vec<(&str, &LogEntry)> = Vec::new();
    let mut finished: Vec<&str> = Vec::new();
    let mut endings = Vec::new();
    for op in ops {
        match op {
            WriteOp::Create(_) | WriteOp::Joined { .. } => {}
            WriteOp::Append {
                id,
                entries,
                finished: over,
                ending,
            } => {
                let have = match planned.get(id.as_str()).or(next_ply.get(id)) {
                    Some(&n) => n,
                    None => stored_next_ply(&mut tx, id).await?,
                };
                for (i, e) in entries.iter().enumerate() {
                    if e.ply != have + i as u64 {
                        return Err(StoreError::Gap {
                            id: id.clone(),
                            got: e.ply,
                            have: have + i as u64,
                        });
                    }
                    rows.push((id, e));
                }
                planned.insert(id, have + entries.len() as u64);
                if *over {
                    finished.push(id);
                }
                endings.extend(ending.as_ref().map(|e| (id.as_str(), e)));
            }
            WriteOp::JoinOpen {
                id,
                seat,
                token_hash,
            } => {
                let done = sqlx::query(
                    "UPDATE seats SET joined = 1, token_hash = ?
                     WHERE match_id = ? AND seat = ? AND open = 1 AND joined = 0",
                )
                .bind(token_hash.to_hex())
                .bind(id)
                .bind(seat.number() as i64)
                .execute(&mut *tx)
                .await
                .map_err(db_err)?;
                if done.rows_affected() == 0 {
                    return Err(StoreError::SeatNotOpen {
                        id: id.clone(),
                        seat: seat.number(),
                    });
                }
            }
        }
    }
    insert_rows(&mut tx, &rows).await?;
    if !finished.is_empty() {
        let marks = vec!["?"; finished.len()].join(", ");
        let sql = format!("UPDATE matches SET finished = 1 WHERE id IN ({marks})");
        let mut query = sqlx::query(&sql);
        for id in &finished {
            query = query.bind(*id);
        }
        query.execute(&mut *tx).await.map_err(db_err)?;
    }
    for (id, ending) in endings {
        crate::people::rate_sqlite(&mut tx, id, ending).await?;
    }
    guard.check()?;
    tx.commit().await.map_err(commit_err)?;
    for (id, n) in planned {
        next_ply.insert(id.to_string(), n);
    }
    for id in finished {
        next_ply.remove(id);
    }
    Ok(())
}

/// The number of stored entries of match `id` (it must exist).
async fn stored_next_ply(conn: &mut SqliteConnection, id: &str) -> Result<u64, StoreError> {
    let row = sqlx::query(
        "SELECT (SELECT MAX(ply) FROM events WHERE match_id = ?1),
                EXISTS(SELECT 1 FROM matches WHERE id = ?1)",
    )
    .bind(id)
    .fetch_one(&mut *conn)
    .await
    .map_err(db_err)?;
    let last: Option<i64> = row.try_get(0).map_err(db_err)?;
    let exists: bool = row.try_get(1).map_err(db_err)?;
    if !exists {
        return Err(StoreError::Missing(id.to_string()));
    }
    Ok(last.map_or(0, |p| p as u64 + 1))
}

/// Inserts the log rows of a batch in statements of [`INSERT_SIZES`] rows, largest first
/// (a batch of 13 rows: 8, 4 and 1), each kept prepared by sqlx. A statement of the batch's
/// own size was new SQL to parse for nearly every batch, about 6,000 instructions per row.
async fn insert_rows(
    conn: &mut SqliteConnection,
    mut rows: &[(&str, &LogEntry)],
) -> Result<(), StoreError> {
    static STATEMENTS: OnceLock<Vec<String>> = OnceLock::new();
    let statements = STATEMENTS.get_or_init(|| {
        INSERT_SIZES
            .iter()
            .map(|&n| {
                let mut sql =
                    String::from("INSERT INTO events (match_id, ply, actor, action, at) VALUES ");
                sql.push_str(&vec!["(?, ?, ?, ?, ?)"; n].join(", "));
                sql
            })
            .collect()
    });
    for (&size, sql) in INSERT_SIZES.iter().zip(statements) {
        while rows.len() >= size {
            let (chunk, rest) = rows.split_at(size);
            rows = rest;
            let mut query = sqlx::query(sql);
            for (id, e) in chunk {
                query = query
                    .bind(*id)
                    .bind(e.ply as i64)
                    .bind(e.actor.as_text())
                    .bind(e.action.as_str())
                    .bind(e.at as i64);
            }
            query.execute(&mut *conn).await.map_err(db_err)?;
        }
    }
    Ok(())
}

/// Inserts `records` (none: nothing) with their seats, two statements in all. A duplicate id
/// refuses the batch, naming the first record: group commit then writes each alone, which
/// names the right one.
async fn create(conn: &mut SqliteConnection, records: &[&MatchRecord]) -> Result<(), StoreError> {
    let Some(first) = records.first() else {
        return Ok(());
    };
    let inserted = columns::insert_matches::<Sqlite>(records)
        .build()
        .execute(&mut *conn)
        .await;
    match inserted {
        Err(sqlx::Error::Database(d)) if d.kind() == ErrorKind::UniqueViolation => {
            return Err(StoreError::Duplicate(first.id.clone()));
        }
        other => other.map_err(db_err)?,
    };
    columns::insert_seats::<Sqlite>(records)
        .build()
        .execute(&mut *conn)
        .await
        .map_err(db_err)?;
    Ok(())
}

/// Marks the seats of `joins` joined, in one statement. A seat that does not exist refuses
/// the batch, naming the first match: group commit then writes each alone, which names the
/// right one (as it does for a seat named twice in one batch, counted once by the update).
async fn mark_joined(
    conn: &mut SqliteConnection,
    joins: &[(&str, Seat)],
) -> Result<(), StoreError> {
    let Some((first, _)) = joins.first() else {
        return Ok(());
    };
    let mut query = QueryBuilder::<Sqlite>::new(
        "UPDATE seats SET joined = 1 WHERE (match_id, seat) IN (VALUES ",
    );
    let mut pairs = query.separated(", ");
    for (id, seat) in joins {
        pairs
            .push("(")
            .push_bind_unseparated(*id)
            .push_unseparated(", ")
            .push_bind_unseparated(seat.number() as i64)
            .push_unseparated(")");
    }
    query.push(")");
    let done = query.build().execute(&mut *conn).await.map_err(db_err)?;
    if done.rows_affected() < joins.len() as u64 {
        return Err(StoreError::Missing(first.to_string()));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_commit_that_failed_in_io_has_an_unknown_outcome() {
        let fsync = sqlx::Error::Io(std::io::Error::other("fsync failed"));
        assert!(matches!(
            commit_err(fsync),
            StoreError::OutcomeUnknown(reason) if reason.contains("fsync")
        ));
    }
}
