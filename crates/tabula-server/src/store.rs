//! Storage behind one trait, [`MatchStore`]: a match is an append-only log.
//!
//! What is stored is exactly what replays a match: its [`MatchRecord`] (game, parameters,
//! seed, setup or start position, seats) written once, then [`LogEntry`] rows appended in order (every seat,
//! chance and host action with its time). The state of a match is never stored: it is
//! rebuilt by replaying the log from the seed (see `live::replay`).
//!
//! Contract every store keeps: a future returned by [`MatchStore::create`],
//! [`MatchStore::append`], [`MatchStore::set_joined`] or [`MatchStore::join_open_seat`]
//! resolves `Ok` only once the write is durable (it survives the process being killed); an
//! error means nothing of that call was written, except [`StoreError::OutcomeUnknown`]: the
//! write reached its commit and whether it was stored is not known. The server acknowledges
//! an action only after `append` returned `Ok`.
//!
//! Seat tokens are never stored: a store keeps the SHA-256 hash of each ([`TokenHash`]), and a
//! token is recognised by hashing it and comparing hashes in constant time.
//!
//! Under storage faults (a full disk, an I/O error, the database file removed or replaced)
//! writes fail with [`StoreError::Unavailable`] and nothing of them is kept; reads go on
//! being served. A store recovers by itself once the fault is gone (the SQLite store resets
//! its writer after every failed write and checks it before it acknowledges anything again).
//!
//! Three stores: [`SqliteStore`] (the default, one file, WAL, `synchronous=FULL`, group
//! commit), [`PgStore`] (PostgreSQL, shared by several server instances; the same tables,
//! plus the notifications and leases those instances follow, `postgres_cluster.rs`) and
//! [`MemoryStore`] (tests, `--memory`).

mod columns;
mod group_commit;
mod memory;
mod postgres;
mod postgres_cluster;
mod postgres_write;
mod rows;
mod sqlite;
mod sqlite_conn;
mod sqlite_write;

pub use memory::MemoryStore;
pub use postgres::{CHANNEL, PG_SCHEMA_VERSION, PgStore};
pub use postgres_cluster::{Notice, PgNotices};
pub use sqlite::{SqliteOptions, SqliteStore};

use serde::Serialize;
use serde_json::Value;
use sha2::{Digest, Sha256};
use std::future::Future;
use std::pin::Pin;
use std::time::Duration;
use subtle::ConstantTimeEq;
use tabula_core::Seat;
use thiserror::Error;

/// The documented bound on an answer to a write while the store cannot be reached: every
/// such write is answered (503) within it.
pub const OUTAGE_ANSWER: Duration = Duration::from_secs(5);

/// The longest a write waits, from its submission, for a connection and its statements
/// before it is given up unwritten (503, nothing stored). Queueing behind another write is
/// part of the wait, not added to it (`group_commit.rs`).
pub const WRITE_WAIT: Duration = Duration::from_secs(3);

/// The longest a write waits for the answer to its `COMMIT`; past it the write's outcome is
/// unknown ([`StoreError::OutcomeUnknown`]). [`WRITE_WAIT`] and [`COMMIT_WAIT`] together stay
/// under [`OUTAGE_ANSWER`].
pub const COMMIT_WAIT: Duration = Duration::from_millis(1500);

/// A boxed future, so that [`MatchStore`] can be used as `dyn MatchStore`.
pub type BoxFuture<'a, T> = Pin<Box<dyn Future<Output = T> + Send + 'a>>;

/// Who holds a seat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SeatKind {
    /// A person, holding the seat's secret token.
    Human,
    /// A bot of the given level, played by the server.
    Bot(String),
}

/// The SHA-256 hash of a seat's secret token: all that is stored of the token. Equality is
/// compared in constant time, so that comparing a guess reveals nothing of the hash.
#[derive(Clone, Copy)]
pub struct TokenHash(pub [u8; 32]);

impl TokenHash {
    /// The hash of `token`.
    pub fn of(token: &str) -> TokenHash {
        TokenHash(Sha256::digest(token.as_bytes()).into())
    }

    /// The stored form: 64 lowercase hex digits.
    pub fn to_hex(&self) -> String {
        self.0.iter().map(|b| format!("{b:02x}")).collect()
    }

    /// Reads the stored form; `None` unless it is 64 hex digits.
    pub fn from_hex(hex: &str) -> Option<TokenHash> {
        if hex.len() != 64 || !hex.is_ascii() {
            return None;
        }
        let mut bytes = [0u8; 32];
        for (i, b) in bytes.iter_mut().enumerate() {
            *b = u8::from_str_radix(&hex[2 * i..2 * i + 2], 16).ok()?;
        }
        Some(TokenHash(bytes))
    }

    /// Whether `token` is the token of this hash (constant time in the hashes' contents).
    pub fn is_hash_of(&self, token: &str) -> bool {
        *self == TokenHash::of(token)
    }
}

impl PartialEq for TokenHash {
    fn eq(&self, other: &TokenHash) -> bool {
        self.0.ct_eq(&other.0).into()
    }
}

impl Eq for TokenHash {}

impl std::fmt::Debug for TokenHash {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // Enough to tell hashes apart in a test failure, not the whole hash.
        write!(f, "TokenHash({}…)", &self.to_hex()[..8])
    }
}

/// One seat of a match as stored.
///
/// A human seat is one of three: the creator's (joined at creation, with a token), an invited
/// one (a token the creator passes on; joined once the token is first used), or a lobby seat
/// (`open`: no token until someone joins it, then the hash of the token `join` issued).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatRecord {
    /// Who sits there: a human or a bot (with its specification).
    pub kind: SeatKind,
    /// The hash of the seat's secret token (human seats; a lobby seat has none until joined).
    pub token_hash: Option<TokenHash>,
    /// Whether the seat is listed in the public lobby for anyone to join.
    pub open: bool,
    /// Whether someone has taken the seat (the creator's seats and bots from the start).
    pub joined: bool,
}

/// Everything a match is made from, written once when it is created.
#[derive(Clone, Debug, PartialEq)]
pub struct MatchRecord {
    /// The match's id (unique in the store).
    pub id: String,
    /// The registry name of the game.
    pub game: String,
    /// The parameters as given to `GameEntry::new_game` (with `players`).
    pub params: Value,
    /// Number of seats.
    pub players: usize,
    /// The seed of the match's generator (setup and chance events).
    pub seed: u64,
    /// `placement` or `random`.
    pub setup: String,
    /// Milliseconds since the Unix epoch.
    pub created_at: u64,
    /// One per seat, seat 1 first.
    pub seats: Vec<SeatRecord>,
    /// Whether everyone at the table agreed that hints may be shown.
    pub hints: bool,
    /// The position the match started from, in the game's notation; `None` for the game's
    /// own start (from `params`, `setup` and `seed`). Games without hidden information only.
    pub position: Option<String>,
}

/// Who performed a logged action.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LogActor {
    /// A seat's action.
    Seat(Seat),
    /// A chance outcome drawn from the match's generator.
    Chance,
    /// An action of the host (not a seat's, not chance).
    Host,
}

impl LogActor {
    /// The word for [`LogActor::Chance`] where an actor is stored or shown.
    const CHANCE: &'static str = "chance";
    /// The word for [`LogActor::Host`] where an actor is stored or shown.
    const HOST: &'static str = "host";

    /// The stored and shown form: the seat's number (from 1), `chance` or `host`.
    pub fn as_text(self) -> String {
        match self {
            LogActor::Seat(s) => s.number().to_string(),
            LogActor::Chance => Self::CHANCE.into(),
            LogActor::Host => Self::HOST.into(),
        }
    }

    /// Reads [`LogActor::as_text`]'s form back; `None` for anything else.
    pub fn from_text(text: &str) -> Option<LogActor> {
        match text {
            Self::CHANCE => Some(LogActor::Chance),
            Self::HOST => Some(LogActor::Host),
            n => n
                .parse::<usize>()
                .ok()
                .and_then(Seat::from_number)
                .map(LogActor::Seat),
        }
    }

    /// The same actor as the core's [`Actor`](tabula_core::Actor).
    pub fn to_core(self) -> tabula_core::Actor {
        match self {
            LogActor::Seat(s) => tabula_core::Actor::Seat(s),
            LogActor::Chance => tabula_core::Actor::Chance,
            LogActor::Host => tabula_core::Actor::Host,
        }
    }
}

/// As the API shows it: the seat's number, or `"chance"` / `"host"`.
impl Serialize for LogActor {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            LogActor::Seat(seat) => s.serialize_u64(seat.number() as u64),
            LogActor::Chance => s.serialize_str(Self::CHANCE),
            LogActor::Host => s.serialize_str(Self::HOST),
        }
    }
}

/// One entry of a match's log.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LogEntry {
    /// Its index in the log (the number of entries before it).
    pub ply: u64,
    /// Who performed it (left out here: where it is shown, the [`LogActor`] is serialised
    /// itself).
    #[serde(skip)]
    pub actor: LogActor,
    /// The action in canonical notation.
    pub action: String,
    /// Milliseconds since the Unix epoch.
    pub at: u64,
}

/// A match as loaded from a store.
#[derive(Clone, Debug, PartialEq)]
pub struct StoredMatch {
    /// The record the match was created from.
    pub record: MatchRecord,
    /// The log, in order (entry `i` has `ply == i`).
    pub log: Vec<LogEntry>,
    /// Whether the last append said the game was over.
    pub finished: bool,
}

/// A storage failure.
#[derive(Clone, Debug, Error)]
pub enum StoreError {
    /// The database refused the write (a constraint), or a stored row cannot be read.
    #[error("database: {0}")]
    Database(String),
    /// A match with this id is stored already.
    #[error("match `{0}` already exists")]
    Duplicate(String),
    /// No match with this id is stored.
    #[error("match `{0}` is not stored")]
    Missing(String),
    /// An append that does not continue the log (another writer won the ply).
    #[error("match `{id}`: append at ply {got}, but the log has {have} entries")]
    Gap {
        /// The match.
        id: String,
        /// The ply the append started at.
        got: u64,
        /// The entries the log has.
        have: u64,
    },
    /// A stored match that cannot be read back.
    #[error("match `{id}` is corrupt: {reason}")]
    Corrupt {
        /// The match.
        id: String,
        /// What is wrong with it.
        reason: String,
    },
    /// A join of a seat that is not open, or already taken.
    #[error("match `{id}`: seat {seat} is not an open seat that nobody has joined")]
    SeatNotOpen {
        /// The match.
        id: String,
        /// The seat's number (from 1).
        seat: usize,
    },
    /// The store was shut down; it takes no more requests.
    #[error("the store has shut down")]
    Closed,
    /// The store cannot take writes now (full disk, I/O error, database file removed or
    /// replaced); nothing of the write was kept. Reads may still work, and a transient fault
    /// (space freed) clears by itself.
    #[error("the store is unavailable: {0}")]
    Unavailable(String),
    /// The write was sent to be committed, but whether it was is not known: the connection
    /// failed or timed out during `COMMIT`, or the commit reported an error after writing (a
    /// failed fsync). It may be stored. Reading the match tells; sending the same action
    /// again at the same ply is safe (stored already, it is refused as a gap).
    #[error("the store did not say whether the write was stored: {0}")]
    OutcomeUnknown(String),
}

impl StoreError {
    /// Whether this is a fault of the store itself (worth retrying later), rather than a
    /// refusal of this particular write (a duplicate, a gap, a missing match).
    pub fn is_fault(&self) -> bool {
        matches!(
            self,
            StoreError::Unavailable(_) | StoreError::Closed | StoreError::OutcomeUnknown(_)
        )
    }
}

/// Where matches live. See the module documentation for the durability contract.
pub trait MatchStore: Send + Sync + 'static {
    /// Stores a new match (its record and seats), durably.
    fn create<'a>(&'a self, record: &'a MatchRecord) -> BoxFuture<'a, Result<(), StoreError>>;

    /// Appends `entries` (consecutive plies continuing the log) durably; `finished` says the
    /// game is over after them.
    fn append<'a>(
        &'a self,
        id: &'a str,
        entries: &'a [LogEntry],
        finished: bool,
    ) -> BoxFuture<'a, Result<(), StoreError>>;

    /// Appends the entries that end a rated match, and rates it in the same transaction
    /// (`people/ratings.rs`): its ratings change exactly when it ends, once. The default (a
    /// store without ratings) appends them as any entries that end a match.
    fn append_ending<'a>(
        &'a self,
        id: &'a str,
        entries: &'a [LogEntry],
        ending: &'a crate::people::Ending,
    ) -> BoxFuture<'a, Result<(), StoreError>> {
        let _ = ending;
        self.append(id, entries, true)
    }

    /// Marks a human seat as taken, durably (its token was used).
    fn set_joined<'a>(&'a self, id: &'a str, seat: Seat) -> BoxFuture<'a, Result<(), StoreError>>;

    /// Gives a lobby seat to whoever joins it: stores the hash of their fresh token and marks
    /// the seat joined, in one durable write. Unless the seat is open and nobody has joined it,
    /// nothing is written and the answer is [`StoreError::SeatNotOpen`].
    fn join_open_seat<'a>(
        &'a self,
        id: &'a str,
        seat: Seat,
        token_hash: TokenHash,
    ) -> BoxFuture<'a, Result<(), StoreError>>;

    /// The match with its whole log; `None` when no such match is stored.
    fn load<'a>(&'a self, id: &'a str) -> BoxFuture<'a, Result<Option<StoredMatch>, StoreError>>;

    /// The ids of every match not finished, oldest first.
    fn unfinished(&self) -> BoxFuture<'_, Result<Vec<String>, StoreError>>;

    /// The ids of the newest finished matches (by creation, newest first), at most `limit`:
    /// what a restarted server lists again. The default lists none (a store that keeps no
    /// finished matches).
    fn finished_newest(&self, limit: usize) -> BoxFuture<'_, Result<Vec<String>, StoreError>> {
        let _ = limit;
        Box::pin(async { Ok(Vec::new()) })
    }

    /// Where this store keeps people (names at the table, accounts, sessions): its own
    /// database. The default, `None`, keeps them in memory (they do not survive a restart).
    fn people_db(&self) -> Option<crate::people::PeopleDb> {
        None
    }

    /// The log entries of match `id` from index `from` on, in order (none when there are no
    /// more, or no such match). What an instance reads when another one appended; the
    /// default reads the whole match.
    fn log_since<'a>(
        &'a self,
        id: &'a str,
        from: u64,
    ) -> BoxFuture<'a, Result<Vec<LogEntry>, StoreError>> {
        Box::pin(async move {
            let stored = self.load(id).await?;
            Ok(stored.map_or_else(Vec::new, |m| {
                m.log.into_iter().skip(from as usize).collect()
            }))
        })
    }
}
