//! The SQLite writer's connection and its health: what keeps a failed write from leaving the
//! store in a state where later writes are acknowledged but not durable.
//!
//! - After **any** failed write the connection is rolled back and closed, and the next write
//!   opens a fresh one. A fresh connection has no transaction open and sqlx's own transaction
//!   bookkeeping starts from zero: a failed `COMMIT` (a full disk) can otherwise leave the
//!   connection inside a transaction that sqlx believes closed, so that every later "commit"
//!   only releases a savepoint and nothing reaches the file.
//! - A fresh connection is checked before it takes a write: a trivial write transaction
//!   (`BEGIN IMMEDIATE; ROLLBACK`) must succeed, which proves it is in autocommit mode and can
//!   take the write lock (no lingering lock from the connection it replaces).
//! - The database file's identity (device and inode) is taken at open and compared before
//!   every batch and again before its `COMMIT`: a file that was removed (or its directory) or
//!   replaced refuses every write, since writes would go to a file nobody will read again.
//! - A database that can only be read (a read-only file system, or one that was when the
//!   server started) fails a write with SQLite's "readonly" error. SQLite shares one
//!   shared-memory index among every connection of a process to a file, opened read-only if
//!   the first connection found it so, and keeps it while any connection is open: a fresh
//!   writer alone would stay read-only after the fault ended, until a restart. So when a
//!   fresh connection finds the file read-only, the readers' pool is replaced as well (every
//!   connection to the file closed) and the connection opened once more.
//! - Failures are logged once per streak (and once more if the file disappears during a
//!   streak), and once when the store recovers, not once per attempt.

use super::StoreError;
use sqlx::sqlite::{SqliteConnectOptions, SqliteConnection, SqlitePool, SqlitePoolOptions};
use sqlx::{ConnectOptions, Connection};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Arc, RwLock};

/// SQLite's own ceiling for `max_page_count` (what "no limit" means).
const NO_PAGE_LIMIT: u32 = 4_294_967_294;

/// The database file as it was when the store opened it.
pub(super) struct FileGuard {
    path: PathBuf,
    identity: Option<(u64, u64)>,
}

impl FileGuard {
    /// Remembers the identity of the file at `path` (which must exist).
    pub fn new(path: &Path) -> Result<FileGuard, StoreError> {
        let identity = identity(path)
            .map_err(|e| StoreError::Unavailable(format!("cannot read {}: {e}", path.display())))?;
        Ok(FileGuard {
            path: path.to_path_buf(),
            identity,
        })
    }

    /// `Ok` while the file at the path is still the one opened.
    pub fn check(&self) -> Result<(), StoreError> {
        match identity(&self.path) {
            Ok(now) if now == self.identity => Ok(()),
            Ok(_) => Err(StoreError::Unavailable(format!(
                "the database file {} was replaced since the server opened it; \
                 writes are refused (restart the server on the right file)",
                self.path.display()
            ))),
            Err(e) => Err(StoreError::Unavailable(format!(
                "the database file {} is gone ({e}); writes are refused \
                 (restore the file and restart the server)",
                self.path.display()
            ))),
        }
    }
}

#[cfg(unix)]
fn identity(path: &Path) -> std::io::Result<Option<(u64, u64)>> {
    use std::os::unix::fs::MetadataExt;
    let meta = std::fs::metadata(path)?;
    Ok(Some((meta.dev(), meta.ino())))
}

#[cfg(not(unix))]
fn identity(path: &Path) -> std::io::Result<Option<(u64, u64)>> {
    std::fs::metadata(path).map(|_| None)
}

/// How many connections read at once.
const READERS: u32 = 4;

/// The readers' pool, replaced when the file was found read-only (see the module
/// documentation). Reads take the current pool.
#[derive(Debug)]
pub(super) struct Readers {
    options: SqliteConnectOptions,
    pool: RwLock<SqlitePool>,
}

impl Readers {
    /// A pool of connections opened with `options` (which never create the file).
    pub async fn open(options: SqliteConnectOptions) -> Result<Readers, sqlx::Error> {
        let pool = SqlitePoolOptions::new()
            .max_connections(READERS)
            .connect_with(options.clone())
            .await?;
        Ok(Readers {
            options,
            pool: RwLock::new(pool),
        })
    }

    /// The options the readers open their connections with.
    pub fn options(&self) -> SqliteConnectOptions {
        self.options.clone()
    }

    /// The current pool.
    pub fn pool(&self) -> SqlitePool {
        self.pool.read().unwrap_or_else(|p| p.into_inner()).clone()
    }

    /// Closes every reader's connection (waiting for reads in progress) and puts a new pool,
    /// which connects when first used, in its place.
    async fn reopen(&self) {
        let fresh = SqlitePoolOptions::new()
            .max_connections(READERS)
            .connect_lazy_with(self.options.clone());
        let old = std::mem::replace(
            &mut *self.pool.write().unwrap_or_else(|p| p.into_inner()),
            fresh,
        );
        old.close().await;
    }
}

/// The writer's connection: opened on demand, reset after every failure.
pub(super) struct WriterConn {
    options: SqliteConnectOptions,
    readers: Arc<Readers>,
    guard: FileGuard,
    /// The page limit asked for (0: none), shared with the store's handle.
    page_limit: Arc<AtomicU32>,
    /// The limit set on the current connection (`None`: SQLite's default).
    applied_limit: Option<u32>,
    conn: Option<SqliteConnection>,
    /// Failed writes in the current streak (0: the store is healthy).
    failures: u64,
    removal_logged: bool,
}

impl WriterConn {
    /// Takes over `conn`, a connection just opened with `options` on the guarded file.
    /// Connections opened later never create the file.
    pub fn new(
        options: SqliteConnectOptions,
        readers: Arc<Readers>,
        guard: FileGuard,
        page_limit: Arc<AtomicU32>,
        conn: SqliteConnection,
    ) -> WriterConn {
        WriterConn {
            options: options.create_if_missing(false),
            readers,
            guard,
            page_limit,
            applied_limit: None,
            conn: Some(conn),
            failures: 0,
            removal_logged: false,
        }
    }

    /// The connection, ready to take a write: the file checked, a fresh connection opened and
    /// checked if the last one failed, the page limit applied. An error is a fault (logged)
    /// and the connection is dropped.
    pub async fn ready(&mut self) -> Result<(&mut SqliteConnection, &FileGuard), StoreError> {
        if let Err(e) = self.prepare().await {
            self.failed(&e).await;
            return Err(e);
        }
        Ok((self.conn.as_mut().expect("prepared"), &self.guard))
    }

    async fn prepare(&mut self) -> Result<(), StoreError> {
        self.guard.check()?;
        if self.conn.is_none() {
            let conn = match self.open_checked().await {
                Err(e) if is_read_only(&e) => {
                    tracing::info!(
                        "SQLite store {}: the file is read-only to this process; \
                         reopening every connection to it",
                        self.guard.path.display()
                    );
                    self.readers.reopen().await;
                    self.open_checked().await
                }
                other => other,
            };
            self.conn = Some(conn.map_err(fault)?);
            self.applied_limit = None;
        }
        let wanted = match self.page_limit.load(Ordering::Acquire) {
            0 => None,
            n => Some(n),
        };
        if wanted != self.applied_limit {
            let conn = self.conn.as_mut().expect("opened");
            let pages = wanted.unwrap_or(NO_PAGE_LIMIT);
            sqlx::query(&format!("PRAGMA max_page_count = {pages}"))
                .persistent(false)
                .execute(&mut *conn)
                .await
                .map_err(fault)?;
            self.applied_limit = wanted;
        }
        Ok(())
    }

    /// After a failed write: rolls back and closes the connection (the next write opens a
    /// fresh one), and logs a fault if it starts a streak.
    pub async fn failed(&mut self, e: &StoreError) {
        if let Some(mut conn) = self.conn.take() {
            // An open transaction (a failed COMMIT keeps it open) is rolled back; "no
            // transaction is active" is the expected answer otherwise.
            let _ = sqlx::query("ROLLBACK").execute(&mut conn).await;
            let _ = conn.close().await;
        }
        if !e.is_fault() {
            return;
        }
        self.failures += 1;
        let path = self.guard.path.display();
        if self.failures == 1 {
            tracing::error!(
                "SQLite store {path}: a write failed and was not stored; writes are refused \
                 (503) until the store recovers: {e}"
            );
        }
        if !self.removal_logged && self.guard.check().is_err() {
            self.removal_logged = true;
            if self.failures > 1 {
                tracing::error!("SQLite store {path}: {e}");
            }
        }
    }

    /// After a committed write: ends a streak of failures (logged once).
    pub fn committed(&mut self) {
        if self.failures > 0 {
            tracing::info!(
                "SQLite store {}: recovered, writes are stored again after {} failed",
                self.guard.path.display(),
                self.failures
            );
            self.failures = 0;
            self.removal_logged = false;
        }
    }
}

impl WriterConn {
    /// A fresh connection that took a trivial write transaction.
    async fn open_checked(&self) -> Result<SqliteConnection, sqlx::Error> {
        let mut conn = self.options.connect().await?;
        if let Err(e) = trivial_write(&mut conn).await {
            let _ = conn.close().await;
            return Err(e);
        }
        Ok(conn)
    }
}

/// Whether `e` is SQLite's "readonly" error (any of its extended codes).
fn is_read_only(e: &sqlx::Error) -> bool {
    const SQLITE_READONLY: i64 = 8;
    match e {
        sqlx::Error::Database(d) => d
            .code()
            .and_then(|c| c.parse::<i64>().ok())
            .is_some_and(|c| c & 0xff == SQLITE_READONLY),
        _ => false,
    }
}

/// A write transaction that changes nothing: it succeeds only in autocommit mode and when
/// the write lock can be taken.
async fn trivial_write(conn: &mut SqliteConnection) -> Result<(), sqlx::Error> {
    sqlx::query("BEGIN IMMEDIATE").execute(&mut *conn).await?;
    sqlx::query("ROLLBACK").execute(&mut *conn).await?;
    Ok(())
}

/// Any failure of the writer's connection itself is a fault of the store.
fn fault(e: sqlx::Error) -> StoreError {
    StoreError::Unavailable(e.to_string())
}
