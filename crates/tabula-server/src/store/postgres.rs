//! [`PgStore`]: matches in a PostgreSQL database, shared by any number of server instances.
//!
//! Durability: every write is one transaction, and its future resolves `Ok` only once
//! `COMMIT` has returned (PostgreSQL's default `synchronous_commit = on` flushes the WAL
//! first). Appends of different matches made at the same time share one transaction (group
//! commit, `postgres_write.rs`). A write whose connection fails (the server gone, a network fault, a full disk on
//! the database host) answers [`StoreError::Unavailable`]; the pool checks a connection
//! before it hands it out again (`test_before_acquire`), and waits at most
//! [`ACQUIRE_TIMEOUT`] for one, so a database that went away is a prompt 503, not a hang.
//! Every write is given up unwritten if it has not sent its `COMMIT` within
//! [`WRITE_WAIT`](super::WRITE_WAIT) of its submission (time spent queued behind other
//! writes included), and its `COMMIT` is waited for at most [`COMMIT_WAIT`]: every write
//! is answered within [`OUTAGE_ANSWER`](super::OUTAGE_ANSWER).
//! A connection lost during `COMMIT` itself, or a `COMMIT` not answered in time, leaves the
//! outcome unknown to us: it is answered [`StoreError::OutcomeUnknown`] (503 saying so), and
//! should the write have committed after all, the next action at that ply finds it stored,
//! and the match is reloaded.
//!
//! Several instances: the database decides which action wins a ply. An append locks its
//! match row, then checks that it continues the stored log; the primary key
//! `(match_id, ply)` of `events` backs the check. An append behind the stored log fails
//! with [`StoreError::Gap`] (`got < have`), and the instance reloads the match. Every write
//! also sends a notification on [`CHANNEL`] (delivered at commit) so that other instances
//! follow: see `postgres_cluster.rs`, which also holds the per-match leases.
//!
//! Schema (the meaning of SQLite's version 2; see `sqlite.rs`), version in
//! `tabula_schema.version`: `matches`, `seats`, `events` as in SQLite (booleans as
//! `BOOLEAN`, integers as `BIGINT`), plus `leases(match_id, holder, expires_at)`.

use super::group_commit::late;
use super::group_commit::{self, Pending};
use super::postgres_write::{Append, MAX_BATCH, PgBatch};
use super::{
    BoxFuture, COMMIT_WAIT, LogEntry, MatchRecord, MatchStore, Notice, StoreError, StoredMatch,
    TokenHash, WRITE_WAIT, sqlite_write::db_err,
};
use super::{columns, rows};
use sqlx::postgres::{PgPool, PgPoolOptions};
use sqlx::{Connection, Postgres, Transaction};
use std::future::Future;
use std::time::Duration;
use tabula_core::Seat;
use tokio::sync::mpsc;

/// The schema version this code reads and writes.
pub const PG_SCHEMA_VERSION: i64 = 2;

/// The channel every write notifies (payload: `a <id> <ply> [entries]`, `c <id>` or
/// `j <id>`; see [`super::Notice`]).
pub const CHANNEL: &str = "tabula_matches";

/// The longest anything waits for a connection of the pool (a write waits at most
/// [`WRITE_WAIT`] in all).
pub const ACQUIRE_TIMEOUT: Duration = WRITE_WAIT;

const SCHEMA: &[&str] = &[
    "CREATE TABLE IF NOT EXISTS tabula_schema (version BIGINT NOT NULL)",
    "CREATE TABLE IF NOT EXISTS matches (
        id TEXT PRIMARY KEY,
        game TEXT NOT NULL,
        params TEXT NOT NULL,
        players BIGINT NOT NULL,
        seed BIGINT NOT NULL,
        setup TEXT NOT NULL,
        created_at BIGINT NOT NULL,
        finished BOOLEAN NOT NULL DEFAULT FALSE,
        hints BOOLEAN NOT NULL DEFAULT FALSE,
        position TEXT
    )",
    "CREATE TABLE IF NOT EXISTS seats (
        match_id TEXT NOT NULL REFERENCES matches(id),
        seat BIGINT NOT NULL,
        kind TEXT NOT NULL,
        level TEXT,
        token TEXT,
        joined BOOLEAN NOT NULL DEFAULT FALSE,
        token_hash TEXT,
        open BOOLEAN NOT NULL DEFAULT FALSE,
        PRIMARY KEY (match_id, seat)
    )",
    "CREATE TABLE IF NOT EXISTS events (
        match_id TEXT NOT NULL REFERENCES matches(id),
        ply BIGINT NOT NULL,
        actor TEXT NOT NULL,
        action TEXT NOT NULL,
        at BIGINT NOT NULL,
        PRIMARY KEY (match_id, ply)
    )",
    "CREATE INDEX IF NOT EXISTS matches_unfinished ON matches(finished, created_at)",
    "CREATE TABLE IF NOT EXISTS leases (
        match_id TEXT PRIMARY KEY,
        holder TEXT NOT NULL,
        expires_at TIMESTAMPTZ NOT NULL
    )",
];

/// Matches in one PostgreSQL database.
#[derive(Clone, Debug)]
pub struct PgStore {
    pool: PgPool,
    url: String,
    /// The writer task that commits appends in groups.
    appends: mpsc::Sender<Pending<Append>>,
}

impl PgStore {
    /// Connects to the database at `url` (`postgres://user@host:port/db`), creates or
    /// migrates the schema (under an advisory lock, so instances starting together do not
    /// race), and is ready.
    pub async fn open(url: &str) -> Result<PgStore, StoreError> {
        let pool = PgPoolOptions::new()
            .max_connections(8)
            .acquire_timeout(ACQUIRE_TIMEOUT)
            .connect(url)
            .await
            .map_err(|e| StoreError::Unavailable(format!("cannot connect to {url}: {e}")))?;
        let mut conn = pool.acquire().await.map_err(db_err)?;
        let mut tx = conn.begin().await.map_err(db_err)?;
        sqlx::query("SELECT pg_advisory_xact_lock(7458421)")
            .execute(&mut *tx)
            .await
            .map_err(db_err)?;
        for statement in SCHEMA.iter().copied().chain(crate::people::schema()) {
            sqlx::query(statement)
                .execute(&mut *tx)
                .await
                .map_err(db_err)?;
        }
        let version: Option<i64> = sqlx::query_scalar("SELECT MAX(version) FROM tabula_schema")
            .fetch_one(&mut *tx)
            .await
            .map_err(db_err)?;
        match version {
            Some(v) if v > PG_SCHEMA_VERSION => {
                return Err(StoreError::Database(format!(
                    "the database has schema version {v}, newer than this server's \
                     {PG_SCHEMA_VERSION}"
                )));
            }
            Some(v) if v == PG_SCHEMA_VERSION => {}
            _ => {
                sqlx::query("DELETE FROM tabula_schema")
                    .execute(&mut *tx)
                    .await
                    .map_err(db_err)?;
                sqlx::query("INSERT INTO tabula_schema (version) VALUES ($1)")
                    .bind(PG_SCHEMA_VERSION)
                    .execute(&mut *tx)
                    .await
                    .map_err(db_err)?;
            }
        }
        tx.commit().await.map_err(db_err)?;
        let (appends, queue) = mpsc::channel(4 * MAX_BATCH);
        let batch = PgBatch { pool: pool.clone() };
        tokio::spawn(group_commit::run(batch, queue, MAX_BATCH));
        Ok(PgStore {
            pool,
            url: url.to_string(),
            appends,
        })
    }

    /// The pool (for the cluster's leases).
    pub fn pool(&self) -> &PgPool {
        &self.pool
    }

    /// The URL the store was opened with (for the cluster's listener).
    pub fn url(&self) -> &str {
        &self.url
    }

    async fn create(&self, r: &MatchRecord) -> Result<(), StoreError> {
        commit(in_time(self.prepare_create(r)).await?).await
    }

    async fn prepare_create(
        &self,
        r: &MatchRecord,
    ) -> Result<Transaction<'static, Postgres>, StoreError> {
        let mut tx = self.pool.begin().await.map_err(db_err)?;
        let mut insert = columns::insert_matches::<Postgres>(&[r]);
        insert.push(" ON CONFLICT (id) DO NOTHING");
        let done = insert.build().execute(&mut *tx).await.map_err(db_err)?;
        if done.rows_affected() == 0 {
            return Err(StoreError::Duplicate(r.id.clone()));
        }
        columns::insert_seats::<Postgres>(&[r])
            .build()
            .execute(&mut *tx)
            .await
            .map_err(db_err)?;
        notify(&mut tx, &format!("c {}", r.id)).await?;
        Ok(tx)
    }

    async fn append(
        &self,
        id: &str,
        entries: &[LogEntry],
        finished: bool,
        ending: Option<&crate::people::Ending>,
    ) -> Result<(), StoreError> {
        let append = Append {
            id: id.to_string(),
            entries: entries.to_vec(),
            finished,
            ending: ending.cloned(),
        };
        group_commit::submit(&self.appends, append, Some(WRITE_WAIT)).await
    }

    async fn update_seat(
        &self,
        id: &str,
        seat: Seat,
        token_hash: Option<TokenHash>,
    ) -> Result<(), StoreError> {
        commit(in_time(self.prepare_seat(id, seat, token_hash)).await?).await
    }

    async fn prepare_seat(
        &self,
        id: &str,
        seat: Seat,
        token_hash: Option<TokenHash>,
    ) -> Result<Transaction<'static, Postgres>, StoreError> {
        let mut tx = self.pool.begin().await.map_err(db_err)?;
        let done = match token_hash {
            None => sqlx::query("UPDATE seats SET joined = TRUE WHERE match_id = $1 AND seat = $2")
                .bind(id)
                .bind(seat.number() as i64),
            Some(hash) => sqlx::query(
                "UPDATE seats SET joined = TRUE, token_hash = $3
                 WHERE match_id = $1 AND seat = $2 AND open AND NOT joined",
            )
            .bind(id)
            .bind(seat.number() as i64)
            .bind(hash.to_hex()),
        }
        .execute(&mut *tx)
        .await
        .map_err(db_err)?;
        if done.rows_affected() == 0 {
            return Err(match token_hash {
                None => StoreError::Missing(id.to_string()),
                Some(_) => StoreError::SeatNotOpen {
                    id: id.to_string(),
                    seat: seat.number(),
                },
            });
        }
        notify(&mut tx, &Notice::joined(id, seat, token_hash)).await?;
        Ok(tx)
    }
}

/// `prepare` (a transaction written up to its `COMMIT`), given up unwritten after
/// [`WRITE_WAIT`].
async fn in_time<T>(prepare: impl Future<Output = Result<T, StoreError>>) -> Result<T, StoreError> {
    tokio::time::timeout(WRITE_WAIT, prepare)
        .await
        .map_err(|_| late())?
}

/// Commits `tx`, waiting at most [`COMMIT_WAIT`]. An error the database answered means the
/// transaction was rolled back (nothing stored); a connection lost during `COMMIT`, or no
/// answer in time, leaves the outcome unknown.
pub(super) async fn commit(tx: Transaction<'static, Postgres>) -> Result<(), StoreError> {
    match tokio::time::timeout(COMMIT_WAIT, tx.commit()).await {
        Ok(Ok(())) => Ok(()),
        Ok(Err(e @ sqlx::Error::Database(_))) => Err(db_err(e)),
        Ok(Err(e)) => Err(StoreError::OutcomeUnknown(format!(
            "the connection failed during COMMIT: {e}"
        ))),
        Err(_) => Err(StoreError::OutcomeUnknown(format!(
            "COMMIT was not answered within {} s",
            COMMIT_WAIT.as_secs_f32()
        ))),
    }
}

/// Queues a notification on [`CHANNEL`], sent when the transaction commits.
async fn notify(conn: &mut sqlx::PgConnection, payload: &str) -> Result<(), StoreError> {
    sqlx::query("SELECT pg_notify($1, $2)")
        .bind(CHANNEL)
        .bind(payload)
        .execute(&mut *conn)
        .await
        .map_err(db_err)?;
    Ok(())
}

async fn load(pool: &PgPool, id: &str) -> Result<Option<StoredMatch>, StoreError> {
    // One snapshot for the three reads, so that a write committed meanwhile is all or nothing.
    let mut tx = pool.begin().await.map_err(db_err)?;
    sqlx::query("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY")
        .execute(&mut *tx)
        .await
        .map_err(db_err)?;
    let Some(m) = sqlx::query(
        "SELECT game, params, players, seed, setup, created_at, finished, hints, position
         FROM matches WHERE id = $1",
    )
    .bind(id)
    .fetch_optional(&mut *tx)
    .await
    .map_err(db_err)?
    else {
        return Ok(None);
    };
    let seats = sqlx::query(
        "SELECT seat, kind, level, token_hash, open, joined FROM seats
         WHERE match_id = $1 ORDER BY seat",
    )
    .bind(id)
    .fetch_all(&mut *tx)
    .await
    .map_err(db_err)?;
    let events =
        sqlx::query("SELECT ply, actor, action, at FROM events WHERE match_id = $1 ORDER BY ply")
            .bind(id)
            .fetch_all(&mut *tx)
            .await
            .map_err(db_err)?;
    tx.commit().await.map_err(db_err)?;
    rows::stored_match(id, &m, &seats, &events).map(Some)
}

impl MatchStore for PgStore {
    fn people_db(&self) -> Option<crate::people::PeopleDb> {
        Some(crate::people::PeopleDb::Postgres(self.pool.clone()))
    }

    fn create<'a>(&'a self, record: &'a MatchRecord) -> BoxFuture<'a, Result<(), StoreError>> {
        Box::pin(PgStore::create(self, record))
    }

    fn append<'a>(
        &'a self,
        id: &'a str,
        entries: &'a [LogEntry],
        finished: bool,
    ) -> BoxFuture<'a, Result<(), StoreError>> {
        Box::pin(PgStore::append(self, id, entries, finished, None))
    }

    fn append_ending<'a>(
        &'a self,
        id: &'a str,
        entries: &'a [LogEntry],
        ending: &'a crate::people::Ending,
    ) -> BoxFuture<'a, Result<(), StoreError>> {
        Box::pin(PgStore::append(self, id, entries, true, Some(ending)))
    }

    fn set_joined<'a>(&'a self, id: &'a str, seat: Seat) -> BoxFuture<'a, Result<(), StoreError>> {
        Box::pin(self.update_seat(id, seat, None))
    }

    fn join_open_seat<'a>(
        &'a self,
        id: &'a str,
        seat: Seat,
        token_hash: TokenHash,
    ) -> BoxFuture<'a, Result<(), StoreError>> {
        Box::pin(self.update_seat(id, seat, Some(token_hash)))
    }

    fn load<'a>(&'a self, id: &'a str) -> BoxFuture<'a, Result<Option<StoredMatch>, StoreError>> {
        Box::pin(load(&self.pool, id))
    }

    fn log_since<'a>(
        &'a self,
        id: &'a str,
        from: u64,
    ) -> BoxFuture<'a, Result<Vec<LogEntry>, StoreError>> {
        Box::pin(async move {
            let events = sqlx::query(
                "SELECT ply, actor, action, at FROM events
                 WHERE match_id = $1 AND ply >= $2 ORDER BY ply",
            )
            .bind(id)
            .bind(from as i64)
            .fetch_all(&self.pool)
            .await
            .map_err(db_err)?;
            rows::log_rows(id, &events, from)
        })
    }

    fn finished_newest(&self, limit: usize) -> BoxFuture<'_, Result<Vec<String>, StoreError>> {
        Box::pin(async move {
            sqlx::query_scalar(
                "SELECT id FROM matches WHERE finished
                 ORDER BY created_at DESC, id DESC LIMIT $1",
            )
            .bind(limit.min(i64::MAX as usize) as i64)
            .fetch_all(&self.pool)
            .await
            .map_err(db_err)
        })
    }

    fn unfinished(&self) -> BoxFuture<'_, Result<Vec<String>, StoreError>> {
        Box::pin(async move {
            sqlx::query_scalar("SELECT id FROM matches WHERE NOT finished ORDER BY created_at, id")
                .fetch_all(&self.pool)
                .await
                .map_err(db_err)
        })
    }
}
