//! # tabula-server
//!
//! The Tabula game server behind `tabula serve`: matches over HTTP and WebSocket, bots in
//! seats, the web UI, and a durable event log in an embedded SQLite file — nothing else to
//! install. The API is documented in `docs/api.md`.
//!
//! - [`api`]: the axum router (JSON API, WebSocket pushes, the embedded `web/` files).
//! - [`live`]: one actor task per live match owning its `Box<dyn DynGame>`; it serialises
//!   actions, joins, bots' moves and the hourglass, and acknowledges an action only once the
//!   store has made it durable. Matches are rebuilt by replay at startup.
//! - [`store`]: the [`MatchStore`] trait (a match is an append-only log), with
//!   [`SqliteStore`] (default) and [`MemoryStore`] (tests).
//! - [`Catalog`]: the games offered (every registered game) and their bots.
//! - [`puzzles`]: the puzzle trainer: every game's puzzle set, checked as the server starts,
//!   played against its line (the solutions stay on the server).
//!
//! The server knows games only through the registry's dynamic interface
//! (`tabula_registry::{GameEntry, DynGame, DynBot}`); a newly registered game is served
//! without any change here.

#![warn(missing_docs)]

pub mod api;
mod catalog;
mod conn;
mod error;
pub mod limits;
pub mod live;
pub mod mail;
pub mod people;
pub mod puzzles;
pub mod store;
mod view;

pub use catalog::{BotFactory, Catalog};
pub use error::ApiError;
pub use limits::Limits;
pub use live::{Hub, HubOptions, RestoreReport};
pub use people::{AccountOptions, CookieSecurity};
pub use store::{MatchStore, MemoryStore, PgStore, SqliteStore, StoreError};

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use thiserror::Error;
use tokio::net::TcpListener;

/// Where matches are kept.
#[derive(Clone, Debug)]
pub enum StoreConfig {
    /// A SQLite file (created if missing).
    Sqlite(PathBuf),
    /// A PostgreSQL database (`postgres://user@host:port/db`), which several server
    /// instances may share.
    Postgres(String),
    /// Memory only: nothing survives a restart.
    Memory,
}

impl StoreConfig {
    /// The store named by `--db` or `TABULA_DB`: a `postgres://` (or `postgresql://`) URL is
    /// PostgreSQL; `sqlite:PATH` or any other text is a SQLite file.
    pub fn from_db(db: &str) -> StoreConfig {
        if db.starts_with("postgres://") || db.starts_with("postgresql://") {
            StoreConfig::Postgres(db.to_string())
        } else {
            let path = db.strip_prefix("sqlite://").or(db.strip_prefix("sqlite:"));
            StoreConfig::Sqlite(PathBuf::from(path.unwrap_or(db)))
        }
    }
}

/// How to run a server.
#[derive(Clone, Debug)]
pub struct ServerConfig {
    /// The address to listen on (port 0: any free port).
    pub addr: SocketAddr,
    /// Where matches are kept.
    pub store: StoreConfig,
    /// Bot pacing, bot threads and limits.
    pub hub: HubOptions,
}

/// Why a server could not start.
#[derive(Debug, Error)]
pub enum ServerError {
    /// The store could not be opened.
    #[error("cannot open the database: {0}")]
    Store(#[from] StoreError),
    /// The address could not be bound.
    #[error("cannot listen on {addr}: {error}")]
    Bind {
        /// The address asked for.
        addr: SocketAddr,
        /// Why it could not be bound (in use, no permission, …).
        error: std::io::Error,
    },
    /// A stored match could not be replayed at start-up.
    #[error("cannot reload the stored matches: {0}")]
    Restore(ApiError),
    /// A game's puzzle set is broken (the message names the game and the puzzle).
    #[error("cannot load the puzzles: {0}")]
    Puzzles(String),
    /// Serving failed (the listener broke).
    #[error("the server stopped: {0}")]
    Serve(std::io::Error),
}

/// Opens the configured store.
pub async fn open_store(config: &StoreConfig) -> Result<Arc<dyn MatchStore>, StoreError> {
    Ok(match config {
        StoreConfig::Sqlite(path) => Arc::new(SqliteStore::open(path).await?),
        StoreConfig::Postgres(url) => Arc::new(PgStore::open(url).await?),
        StoreConfig::Memory => Arc::new(MemoryStore::new()),
    })
}

/// A server bound to its address, its stored matches resumed, ready to serve.
pub struct Server {
    listener: TcpListener,
    hub: Arc<Hub>,
    report: RestoreReport,
}

impl Server {
    /// Opens the store, replays and resumes every unfinished match, and binds the address.
    pub async fn start(config: ServerConfig, catalog: Catalog) -> Result<Server, ServerError> {
        let hub = match &config.store {
            // One instance of several: it follows the others before it reads the matches.
            StoreConfig::Postgres(url) => {
                let store = PgStore::open(url).await?;
                let hub = Arc::new(Hub::new(catalog, Arc::new(store.clone()), config.hub));
                hub.join_cluster(store).await?;
                hub
            }
            other => Arc::new(Hub::new(catalog, open_store(other).await?, config.hub)),
        };
        hub.puzzles().map_err(ServerError::Puzzles)?;
        let report = hub.restore().await.map_err(ServerError::Restore)?;
        hub.start_mailer();
        for (id, reason) in &report.failed {
            tracing::error!("match {id} was not resumed: {reason}");
        }
        if report.resumed > 0 {
            tracing::info!("{} unfinished matches resumed", report.resumed);
        }
        let listener = TcpListener::bind(config.addr)
            .await
            .map_err(|error| ServerError::Bind {
                addr: config.addr,
                error,
            })?;
        Ok(Server {
            listener,
            hub,
            report,
        })
    }

    /// The address actually bound (useful with port 0).
    pub fn local_addr(&self) -> SocketAddr {
        self.listener
            .local_addr()
            .expect("a bound listener has an address")
    }

    /// Which stored matches were reloaded at start-up, and which were not.
    pub fn restore_report(&self) -> &RestoreReport {
        &self.report
    }

    /// The hub holding the live matches (for tests and embedding hosts).
    pub fn hub(&self) -> Arc<Hub> {
        self.hub.clone()
    }

    /// Serves until the process ends (or the listener fails), under the connection limits
    /// of the hub's [`Limits`].
    pub async fn run(self) -> Result<(), ServerError> {
        serve(self.listener, self.hub)
            .await
            .map_err(ServerError::Serve)
    }
}

/// Serves the API and the web UI of `hub` on `listener` under the connection limits of the
/// hub's [`Limits`], until accepting fails.
pub async fn serve(listener: TcpListener, hub: Arc<Hub>) -> std::io::Result<()> {
    let limits = hub.limits().clone();
    conn::serve(listener, api::router(hub), limits).await
}
