//! The store back-ends the store tests run on, each test on every one: a fresh SQLite file,
//! or a fresh PostgreSQL database made for the test on the server `TABULA_TEST_PG` names
//! (dropped when the test ends). Without a reachable PostgreSQL the PostgreSQL half of a
//! test fails, saying how to get one: it is never skipped.
//!
//! [`both_backends!`] turns `async fn name(db: TestDb) { .. }` into a module `name` with
//! the tests `name::sqlite` and `name::postgres`.

use sqlx::{ConnectOptions, Connection, PgConnection};
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicU32, Ordering};
use tabula_server::{MatchStore, PgStore, SqliteStore};

/// What to do when the PostgreSQL tests cannot run.
pub const HOW_TO_GET_POSTGRES: &str = "the store tests need PostgreSQL: start one (e.g. \
    `bash scripts/postgres.sh`, which starts or installs it) and set TABULA_TEST_PG to a URL \
    of a role allowed to create databases, e.g. \
    TABULA_TEST_PG=postgres://postgres@127.0.0.1:5432/test (scripts/test.sh sets that default)";

/// Which store a test runs on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

/// A database of its own for one test.
pub struct TestDb {
    pub backend: Backend,
    /// The SQLite file, or the PostgreSQL URL of the test's database.
    pub location: String,
    /// The PostgreSQL server's URL and the database to drop at the end.
    drop_pg: Option<(String, String)>,
}

static NEXT: AtomicU32 = AtomicU32::new(0);

impl TestDb {
    /// A fresh, empty database on `backend`.
    pub async fn new(backend: Backend, name: &str) -> TestDb {
        let n = NEXT.fetch_add(1, Ordering::Relaxed);
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .subsec_nanos();
        match backend {
            Backend::Sqlite => {
                let dir =
                    std::env::temp_dir().join(format!("tabula-server-test-{}", std::process::id()));
                std::fs::create_dir_all(&dir).unwrap();
                let path = dir.join(format!("{name}-{n}.db"));
                for suffix in ["", "-wal", "-shm"] {
                    let _ = std::fs::remove_file(format!("{}{suffix}", path.display()));
                }
                TestDb {
                    backend,
                    location: path.display().to_string(),
                    drop_pg: None,
                }
            }
            Backend::Postgres => {
                let server = pg_server_url();
                let mut admin = PgConnection::connect(&server).await.unwrap_or_else(|e| {
                    panic!("cannot reach TABULA_TEST_PG={server}: {e}; {HOW_TO_GET_POSTGRES}")
                });
                let db = format!("tabula_t{}_{n}_{nanos:x}", std::process::id());
                sqlx::query(&format!("CREATE DATABASE {db}"))
                    .execute(&mut admin)
                    .await
                    .unwrap_or_else(|e| {
                        panic!("cannot create database {db}: {e}; {HOW_TO_GET_POSTGRES}")
                    });
                let _ = admin.close().await;
                TestDb {
                    backend,
                    location: with_database(&server, &db),
                    drop_pg: Some((server, db)),
                }
            }
        }
    }

    /// Opens the store (again: a second call opens the same database anew).
    pub async fn open(&self) -> Arc<dyn MatchStore> {
        match self.backend {
            Backend::Sqlite => Arc::new(
                SqliteStore::open(&PathBuf::from(&self.location))
                    .await
                    .unwrap(),
            ),
            Backend::Postgres => Arc::new(PgStore::open(&self.location).await.unwrap()),
        }
    }

    /// Runs one SQL statement on the test's database over a connection of its own, beside
    /// the store (to change what the store wrote, as a damaged or foreign database would).
    pub async fn execute(&self, sql: &str) {
        match self.backend {
            Backend::Sqlite => {
                let mut conn = sqlx::sqlite::SqliteConnectOptions::new()
                    .filename(&self.location)
                    .connect()
                    .await
                    .unwrap();
                sqlx::query(sql).execute(&mut conn).await.unwrap();
            }
            Backend::Postgres => {
                let mut conn = PgConnection::connect(&self.location).await.unwrap();
                sqlx::query(sql).execute(&mut conn).await.unwrap();
            }
        }
    }
}

impl Drop for TestDb {
    fn drop(&mut self) {
        let Some((server, db)) = self.drop_pg.take() else {
            return;
        };
        // Inside a test's runtime: drop the database from a thread of its own.
        let _ = std::thread::spawn(move || {
            let runtime = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
                .unwrap();
            runtime.block_on(async {
                if let Ok(mut admin) = PgConnection::connect(&server).await {
                    let _ = sqlx::query(&format!("DROP DATABASE IF EXISTS {db} WITH (FORCE)"))
                        .execute(&mut admin)
                        .await;
                }
            });
        })
        .join();
    }
}

/// `TABULA_TEST_PG`, or a failure saying how to set it.
pub fn pg_server_url() -> String {
    match std::env::var("TABULA_TEST_PG") {
        Ok(url) if !url.is_empty() => url,
        _ => panic!("TABULA_TEST_PG is not set; {HOW_TO_GET_POSTGRES}"),
    }
}

/// `url` with its database replaced by `db` (query parameters kept).
pub fn with_database(url: &str, db: &str) -> String {
    let (base, query) = match url.split_once('?') {
        Some((b, q)) => (b, Some(q)),
        None => (url, None),
    };
    let scheme_end = base.find("://").map_or(0, |i| i + 3);
    let host_end = base[scheme_end..]
        .find('/')
        .map_or(base.len(), |i| scheme_end + i);
    let mut out = format!("{}/{db}", &base[..host_end]);
    if let Some(q) = query {
        out.push('?');
        out.push_str(q);
    }
    out
}

/// Each `async fn name(db: TestDb)` becomes the tests `name::sqlite` and `name::postgres`,
/// each with a fresh database of its back-end.
#[macro_export]
macro_rules! both_backends {
    ($(async fn $name:ident($db:ident: TestDb) $body:block)*) => {$(
        mod $name {
            #[allow(unused_imports)]
            use super::*;

            async fn run($db: $crate::common::backends::TestDb) $body

            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn sqlite() {
                run($crate::common::backends::TestDb::new(
                    $crate::common::backends::Backend::Sqlite,
                    stringify!($name),
                ).await).await;
            }

            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn postgres() {
                run($crate::common::backends::TestDb::new(
                    $crate::common::backends::Backend::Postgres,
                    stringify!($name),
                ).await).await;
            }
        }
    )*};
}
