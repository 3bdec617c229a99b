//! A PostgreSQL database of its own for one test of several `tabula serve` instances, made
//! on the server `TABULA_TEST_PG` names and dropped when the test ends. Without a reachable
//! PostgreSQL the test fails, saying how to get one: it is never skipped.

use sqlx::{Connection, PgConnection};
use std::sync::atomic::{AtomicU32, Ordering};

const HOW_TO_GET_POSTGRES: &str = "the cluster tests need PostgreSQL: start one (e.g. \
    `bash scripts/postgres.sh`, which starts or installs it) and set TABULA_TEST_PG to a URL \
    of a role allowed to create databases, e.g. \
    TABULA_TEST_PG=postgres://postgres@127.0.0.1:5432/test (scripts/test.sh sets that default)";

static NEXT: AtomicU32 = AtomicU32::new(0);

/// A fresh database; `url` is what `tabula serve --db` takes.
pub struct PgDb {
    pub url: String,
    server: String,
    name: String,
}

impl PgDb {
    pub fn new() -> PgDb {
        let server = match std::env::var("TABULA_TEST_PG") {
            Ok(url) if !url.is_empty() => url,
            _ => panic!("TABULA_TEST_PG is not set; {HOW_TO_GET_POSTGRES}"),
        };
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .subsec_nanos();
        let name = format!(
            "tabula_c{}_{}_{nanos:x}",
            std::process::id(),
            NEXT.fetch_add(1, Ordering::Relaxed)
        );
        run(&server, &format!("CREATE DATABASE {name}"))
            .unwrap_or_else(|e| panic!("TABULA_TEST_PG={server}: {e}; {HOW_TO_GET_POSTGRES}"));
        PgDb {
            url: with_database(&server, &name),
            server,
            name,
        }
    }

    /// Runs `sql` on this test's database.
    pub fn execute(&self, sql: &str) {
        run(&self.url, sql).unwrap_or_else(|e| panic!("{sql}: {e}"));
    }
}

impl Drop for PgDb {
    fn drop(&mut self) {
        let _ = run(
            &self.server,
            &format!("DROP DATABASE IF EXISTS {} WITH (FORCE)", self.name),
        );
    }
}

fn run(url: &str, sql: &str) -> Result<(), String> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| e.to_string())?;
    runtime.block_on(async {
        let mut conn = PgConnection::connect(url)
            .await
            .map_err(|e| e.to_string())?;
        sqlx::query(sql)
            .execute(&mut conn)
            .await
            .map_err(|e| e.to_string())?;
        conn.close().await.map_err(|e| e.to_string())
    })
}

/// `url` with its database replaced by `db` (query parameters kept).
fn with_database(url: &str, db: &str) -> String {
    let (base, query) = match url.split_once('?') {
        Some((b, q)) => (b, Some(q)),
        None => (url, None),
    };
    let scheme_end = base.find("://").map_or(0, |i| i + 3);
    let host_end = base[scheme_end..]
        .find('/')
        .map_or(base.len(), |i| scheme_end + i);
    match query {
        Some(q) => format!("{}/{db}?{q}", &base[..host_end]),
        None => format!("{}/{db}", &base[..host_end]),
    }
}
