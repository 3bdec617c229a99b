//! [`SqliteStore`]: the default store, one SQLite file (bundled SQLite through sqlx).
//!
//! Durability: the database runs in WAL mode with `synchronous=FULL`, so a transaction's
//! commit returns only after its WAL frames are fsynced: an acknowledged action survives
//! the process being killed (SIGKILL) and the machine losing power. (`NORMAL` would already
//! survive a process kill, since committed WAL frames sit in the OS page cache, but not a
//! power cut; we pay for `FULL` and win the cost back by committing in groups.)
//!
//! Writes go through one writer task that commits them in groups (`sqlite_write.rs`): one
//! transaction and one fsync for everything queued meanwhile. Reads use a small pool of other
//! connections (WAL readers never block the writer). One server process per file: the writer
//! remembers where each log ends.
//!
//! Storage faults: a write that fails (a full disk, an I/O error) answers
//! [`StoreError::Unavailable`] and is not stored; the writer then resets its connection and
//! checks it before it acknowledges anything again, so nothing is acknowledged that is not
//! durable, and writes succeed again by themselves once the fault is gone. A database file
//! removed or replaced under the running store refuses every write (`sqlite_conn.rs`).
//! Reads use their own connections and go on while writes fail.
//!
//! Schema (also the shape a PostgreSQL store would use), version [`SCHEMA_VERSION`] in
//! `PRAGMA user_version`:
//! - `matches(id, game, params JSON, players, seed, setup, created_at, finished, hints,
//!   position)`; `position` is the start position's notation, NULL for the game's own start.
//! - `seats(match_id, seat 1-based, kind human|bot, level, token, joined, token_hash, open)`;
//!   `token_hash` is the token's SHA-256 in hex; `token` is always NULL (version 0 kept the
//!   plain token there; see `migrate`).
//! - `events(match_id, ply, actor "1".."5"|chance|host, action, at)`, key `(match_id, ply)`.

use super::group_commit;
use super::rows;
use super::sqlite_conn::{FileGuard, Readers, WriterConn};
use super::sqlite_write::{MAX_BATCH, Pending, WriteOp, db_err, writer_task};
use super::{
    BoxFuture, LogEntry, MatchRecord, MatchStore, StoreError, StoredMatch, TokenHash, WRITE_WAIT,
};
use sqlx::sqlite::{
    SqliteConnectOptions, SqliteConnection, SqliteJournalMode, SqlitePool, SqliteSynchronous,
};
use sqlx::{ConnectOptions, Connection, Row};
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicU32, Ordering};
use tabula_core::Seat;
use tokio::sync::mpsc;

const SCHEMA: &[&str] = &[
    "CREATE TABLE IF NOT EXISTS matches (
        id TEXT PRIMARY KEY,
        game TEXT NOT NULL,
        params TEXT NOT NULL,
        players INTEGER NOT NULL,
        seed INTEGER NOT NULL,
        setup TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        finished INTEGER NOT NULL DEFAULT 0,
        hints INTEGER NOT NULL DEFAULT 0,
        position TEXT
    )",
    "CREATE TABLE IF NOT EXISTS seats (
        match_id TEXT NOT NULL REFERENCES matches(id),
        seat INTEGER NOT NULL,
        kind TEXT NOT NULL,
        level TEXT,
        token TEXT,
        joined INTEGER NOT NULL DEFAULT 0,
        token_hash TEXT,
        open INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (match_id, seat)
    ) WITHOUT ROWID",
    "CREATE TABLE IF NOT EXISTS events (
        match_id TEXT NOT NULL REFERENCES matches(id),
        ply INTEGER NOT NULL,
        actor TEXT NOT NULL,
        action TEXT NOT NULL,
        at INTEGER NOT NULL,
        PRIMARY KEY (match_id, ply)
    ) WITHOUT ROWID",
    "CREATE INDEX IF NOT EXISTS matches_unfinished ON matches(finished, created_at)",
];

/// The schema version this code reads and writes (`PRAGMA user_version`). Version 0 stored
/// plain seat tokens and had no `seats.token_hash`, `seats.open` or `matches.hints`; version 1
/// had no `matches.position` (every match started from its game's own setup).
pub const SCHEMA_VERSION: i64 = 2;

/// Brings a database of an older schema version to [`SCHEMA_VERSION`], in one transaction:
/// adds the missing columns (`matches.position` stays NULL: those matches started from their
/// game's own setup), replaces every plain token by its hash (the token column is
/// blanked, with `secure_delete` so that the old bytes are overwritten in the file, and the
/// WAL is truncated before and after so that no copy of them stays there). Seats of version 0
/// that had a token were reachable through it, so they become invited seats (not open).
async fn migrate(conn: &mut SqliteConnection) -> Result<(), StoreError> {
    let version: i64 = sqlx::query_scalar("PRAGMA user_version")
        .fetch_one(&mut *conn)
        .await
        .map_err(db_err)?;
    if version == SCHEMA_VERSION {
        return Ok(());
    }
    if version > SCHEMA_VERSION {
        return Err(StoreError::Database(format!(
            "the database has schema version {version}, newer than this server's {SCHEMA_VERSION}"
        )));
    }
    sqlx::query("PRAGMA wal_checkpoint(TRUNCATE)")
        .execute(&mut *conn)
        .await
        .map_err(db_err)?;
    sqlx::query("PRAGMA secure_delete = ON")
        .execute(&mut *conn)
        .await
        .map_err(db_err)?;
    let mut tx = conn.begin().await.map_err(db_err)?;
    for (table, column, decl) in [
        ("seats", "token_hash", "TEXT"),
        ("seats", "open", "INTEGER NOT NULL DEFAULT 0"),
        ("matches", "hints", "INTEGER NOT NULL DEFAULT 0"),
        ("matches", "position", "TEXT"),
    ] {
        let columns: Vec<String> =
            sqlx::query_scalar(&format!("SELECT name FROM pragma_table_info('{table}')"))
                .fetch_all(&mut *tx)
                .await
                .map_err(db_err)?;
        if !columns.iter().any(|c| c == column) {
            sqlx::query(&format!("ALTER TABLE {table} ADD COLUMN {column} {decl}"))
                .execute(&mut *tx)
                .await
                .map_err(db_err)?;
        }
    }
    let plain = sqlx::query("SELECT match_id, seat, token FROM seats WHERE token IS NOT NULL")
        .fetch_all(&mut *tx)
        .await
        .map_err(db_err)?;
    for row in &plain {
        let id: String = row.try_get(0).map_err(db_err)?;
        let seat: i64 = row.try_get(1).map_err(db_err)?;
        let token: String = row.try_get(2).map_err(db_err)?;
        sqlx::query(
            "UPDATE seats SET token_hash = ?, token = NULL, open = 0 WHERE match_id = ? AND seat = ?",
        )
        .bind(TokenHash::of(&token).to_hex())
        .bind(&id)
        .bind(seat)
        .execute(&mut *tx)
        .await
        .map_err(db_err)?;
    }
    sqlx::query(&format!("PRAGMA user_version = {SCHEMA_VERSION}"))
        .execute(&mut *tx)
        .await
        .map_err(db_err)?;
    tx.commit().await.map_err(db_err)?;
    for pragma in [
        "PRAGMA wal_checkpoint(TRUNCATE)",
        "PRAGMA secure_delete = OFF",
    ] {
        sqlx::query(pragma)
            .execute(&mut *conn)
            .await
            .map_err(db_err)?;
    }
    if !plain.is_empty() {
        tracing::info!(
            "database migrated to schema version {SCHEMA_VERSION}: {} seat tokens hashed",
            plain.len()
        );
    }
    Ok(())
}

/// How a [`SqliteStore`] is opened.
#[derive(Clone, Debug, Default)]
pub struct SqliteOptions {
    /// A cap on the size of the database file, in pages (SQLite's `max_page_count`; a page
    /// is 4096 bytes unless the file says otherwise). A write that would grow the file past
    /// it fails as on a full disk ([`StoreError::Unavailable`], nothing stored) and the store
    /// recovers by itself once the cap is raised ([`SqliteStore::set_max_page_count`]).
    /// `None`: no cap but the disk's.
    pub max_page_count: Option<u32>,
}

/// Matches in one SQLite file.
#[derive(Clone, Debug)]
pub struct SqliteStore {
    writes: mpsc::Sender<Pending>,
    readers: Arc<Readers>,
    /// The writer's page cap (0: none), applied before its next write.
    page_limit: Arc<AtomicU32>,
}

impl SqliteStore {
    /// Opens (creating if needed) the database file at `path` and starts its writer task.
    /// Must be called inside a Tokio runtime.
    pub async fn open(path: &Path) -> Result<SqliteStore, StoreError> {
        SqliteStore::open_with(path, SqliteOptions::default()).await
    }

    /// Changes the cap on the database file's size (see [`SqliteOptions::max_page_count`]);
    /// it applies from the next write on. SQLite never sets it below the file's current
    /// size.
    pub fn set_max_page_count(&self, pages: Option<u32>) {
        // 0 stands for "no cap"; a cap of 0 pages is taken as 1.
        self.page_limit
            .store(pages.map_or(0, |p| p.max(1)), Ordering::Release);
    }

    /// [`SqliteStore::open`] with options.
    pub async fn open_with(path: &Path, opts: SqliteOptions) -> Result<SqliteStore, StoreError> {
        let options = SqliteConnectOptions::new()
            .filename(path)
            .create_if_missing(true)
            .journal_mode(SqliteJournalMode::Wal)
            .synchronous(SqliteSynchronous::Full)
            .foreign_keys(true)
            // A batch's multi-row INSERT keeps a statement journal; on disk (the default)
            // it spills to a temporary file once it holds more than a few pages.
            .pragma("temp_store", "memory")
            // Within the bound on an answer to a write (a lock held by another process).
            .busy_timeout(WRITE_WAIT);
        let mut writer = options.connect().await.map_err(db_err)?;
        for statement in SCHEMA.iter().copied().chain(crate::people::schema()) {
            sqlx::query(statement)
                .execute(&mut writer)
                .await
                .map_err(db_err)?;
        }
        migrate(&mut writer).await?;
        // A reader never creates the file: one removed under the store stays removed.
        let readers = Arc::new(
            Readers::open(options.clone().create_if_missing(false))
                .await
                .map_err(db_err)?,
        );
        let guard = FileGuard::new(path)?;
        let page_limit = Arc::new(AtomicU32::new(0));
        let store_limit = page_limit.clone();
        let writer = WriterConn::new(options, readers.clone(), guard, page_limit, writer);
        let (writes, queue) = mpsc::channel(4 * MAX_BATCH);
        tokio::spawn(writer_task(writer, queue));
        let store = SqliteStore {
            writes,
            readers,
            page_limit: store_limit,
        };
        store.set_max_page_count(opts.max_page_count);
        Ok(store)
    }

    async fn write(&self, op: WriteOp) -> Result<(), StoreError> {
        group_commit::submit(&self.writes, op, None).await
    }
}

async fn load(pool: &SqlitePool, id: &str) -> Result<Option<StoredMatch>, StoreError> {
    let Some(m) = sqlx::query(
        "SELECT game, params, players, seed, setup, created_at, finished, hints, position
         FROM matches WHERE id = ?",
    )
    .bind(id)
    .fetch_optional(pool)
    .await
    .map_err(db_err)?
    else {
        return Ok(None);
    };
    let seats = sqlx::query(
        "SELECT seat, kind, level, token_hash, open, joined FROM seats
         WHERE match_id = ? ORDER BY seat",
    )
    .bind(id)
    .fetch_all(pool)
    .await
    .map_err(db_err)?;
    let events =
        sqlx::query("SELECT ply, actor, action, at FROM events WHERE match_id = ? ORDER BY ply")
            .bind(id)
            .fetch_all(pool)
            .await
            .map_err(db_err)?;
    rows::stored_match(id, &m, &seats, &events).map(Some)
}

impl MatchStore for SqliteStore {
    fn people_db(&self) -> Option<crate::people::PeopleDb> {
        Some(crate::people::PeopleDb::Sqlite(Box::new(
            self.readers.options(),
        )))
    }

    fn create<'a>(&'a self, record: &'a MatchRecord) -> BoxFuture<'a, Result<(), StoreError>> {
        Box::pin(self.write(WriteOp::Create(record.clone())))
    }

    fn append<'a>(
        &'a self,
        id: &'a str,
        entries: &'a [LogEntry],
        finished: bool,
    ) -> BoxFuture<'a, Result<(), StoreError>> {
        Box::pin(self.write(WriteOp::Append {
            id: id.to_string(),
            entries: entries.to_vec(),
            finished,
            ending: None,
        }))
    }

    fn append_ending<'a>(
        &'a self,
        id: &'a str,
        entries: &'a [LogEntry],
        ending: &'a crate::people::Ending,
    ) -> BoxFuture<'a, Result<(), StoreError>> {
        Box::pin(self.write(WriteOp::Append {
            id: id.to_string(),
            entries: entries.to_vec(),
            finished: true,
            ending: Some(ending.clone()),
        }))
    }

    fn set_joined<'a>(&'a self, id: &'a str, seat: Seat) -> BoxFuture<'a, Result<(), StoreError>> {
        Box::pin(self.write(WriteOp::Joined {
            id: id.to_string(),
            seat,
        }))
    }

    fn join_open_seat<'a>(
        &'a self,
        id: &'a str,
        seat: Seat,
        token_hash: TokenHash,
    ) -> BoxFuture<'a, Result<(), StoreError>> {
        Box::pin(self.write(WriteOp::JoinOpen {
            id: id.to_string(),
            seat,
            token_hash,
        }))
    }

    fn load<'a>(&'a self, id: &'a str) -> BoxFuture<'a, Result<Option<StoredMatch>, StoreError>> {
        Box::pin(async move { load(&self.readers.pool(), id).await })
    }

    fn finished_newest(&self, limit: usize) -> BoxFuture<'_, Result<Vec<String>, StoreError>> {
        Box::pin(async move {
            sqlx::query_scalar(
                "SELECT id FROM matches WHERE finished = 1
                 ORDER BY created_at DESC, id DESC LIMIT ?",
            )
            .bind(limit.min(i64::MAX as usize) as i64)
            .fetch_all(&self.readers.pool())
            .await
            .map_err(db_err)
        })
    }

    fn unfinished(&self) -> BoxFuture<'_, Result<Vec<String>, StoreError>> {
        Box::pin(async move {
            let rows =
                sqlx::query("SELECT id FROM matches WHERE finished = 0 ORDER BY created_at, id")
                    .fetch_all(&self.readers.pool())
                    .await
                    .map_err(db_err)?;
            rows.iter()
                .map(|r| r.try_get::<String, _>(0).map_err(db_err))
                .collect()
        })
    }
}
