//! People: guests' nicknames at the table, optional accounts, their sessions and their games.
//!
//! Kept in the same database as the matches (tables of their own: `accounts`,
//! `sessions`, `seat_people`, and the e-mails' `account_mail` and `outbox`), through a pool of its own: the SQLite file's (WAL,
//! `synchronous=FULL`, as the match store opens it) or the PostgreSQL store's pool; with the
//! memory store, an in-memory SQLite database. Every write is one transaction and is answered
//! only once committed, so an acknowledged name, account or session is durable.
//!
//! - A seat's name (`seat_people`) is written by its holder (the seat's token): a guest's
//!   nickname, or an account's name. A guest is known by a random cookie whose SHA-256 hash is
//!   kept with the seats it named; an account created or signed in from that browser claims
//!   those seats.
//! - Passwords are hashed with Argon2id (`password.rs`); at most two hashes are computed at
//!   once, so that a flood of sign-ins cannot take the server's memory.
//! - A session is a random token in an `HttpOnly` cookie; only its hash is stored. Log out
//!   everywhere deletes every session of the account.
//! - Deleting an account deletes its sessions and the account; its seats stay, named
//!   [`ANONYMOUS`] and tied to no one.
//! - An account's puzzle rating (`puzzle_ratings.rs`) is kept beside its game ratings.

/// Runs `$body` with `$p` bound to the concrete pool (the body is compiled once per kind).
macro_rules! on_pool {
    ($pool:expr, |$p:ident| $body:expr) => {
        match $pool {
            $crate::people::Pool::Sqlite($p) => $body,
            $crate::people::Pool::Postgres($p) => $body,
        }
    };
}

mod blocks;
mod chat;
mod db;
mod names;
mod outbox;
mod password;
mod puzzle_ratings;
mod ratings;
mod seeks;

pub use blocks::MAX_BLOCKS;
pub use chat::MAX_REPORTS_LISTED;
pub(crate) use chat::{ChatEvent, Message, Reported, message_id};
pub use chat::{MAX_CHAT_CHARS, PLAYERS, SPECTATORS, check_message};
pub use names::{DEFAULT_BLOCKED, MAX_NAME_CHARS, MIN_NAME_CHARS, check_name, name_key};
pub use outbox::MailSettings;
pub use puzzle_ratings::{PUZZLE_DEVIATION, check_rating, rate_puzzle};
pub use ratings::{
    Ending, MAX_RATED_SEATS, PROVISIONAL_DEVIATION, RATED, WENG_LIN_SCALE, is_rated, rate_many,
    rate_pair,
};
pub(crate) use seeks::SeekRow;
pub use seeks::{DEFAULT_RATING, PairingOptions, SPEEDS, speed_clock};

pub(crate) use db::db_err;
pub(crate) use ratings::{check_rated, rate_pg, rate_sqlite};

pub(crate) use db::{Account, Pool, SignUp, now_ms};

use crate::ApiError;
use crate::limits::CreationRate;
use crate::store::{StoreError, TokenHash};
use sqlx::postgres::PgPool;
use sqlx::sqlite::SqliteConnectOptions;
use std::net::IpAddr;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::Semaphore;

/// The name a deleted account's seats keep.
pub const ANONYMOUS: &str = "anonymous";

/// The shortest password taken, in characters.
pub const MIN_PASSWORD_CHARS: usize = 8;

/// The longest password taken, in bytes.
pub const MAX_PASSWORD_BYTES: usize = 1024;

/// How long a session lasts from the sign-in that opened it.
pub const SESSION_TTL: Duration = Duration::from_secs(30 * 24 * 3600);

/// Where a store keeps people (see [`MatchStore::people_db`](crate::MatchStore::people_db)).
#[derive(Clone, Debug)]
pub enum PeopleDb {
    /// The SQLite file of the match store, opened with these options.
    Sqlite(Box<SqliteConnectOptions>),
    /// The PostgreSQL store's pool.
    Postgres(PgPool),
    /// The memory store's in-memory SQLite database (one connection kept for the store's
    /// life), where it also rates the matches that end.
    Memory(sqlx::SqlitePool),
}

/// When session cookies are marked `Secure` (sent over HTTPS only). The server itself speaks
/// plain HTTP; TLS is a proxy's in front of it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum CookieSecurity {
    /// Always `Secure`: the operator says every client reaches the server over TLS.
    Always,
    /// Never `Secure` (plain HTTP on a private network).
    Never,
    /// `Secure` when the request says it came over TLS by `X-Forwarded-Proto: https`, and
    /// only from a trusted proxy: a peer on the loopback address (a proxy on the same host).
    #[default]
    FromProxy,
}

/// The options of accounts and names (`tabula serve --secure-cookies`, `--blocked-names`).
#[derive(Clone, Debug)]
pub struct AccountOptions {
    /// When session cookies are `Secure`.
    pub secure_cookies: CookieSecurity,
    /// Words no name may contain (compared on [`name_key`]), besides [`DEFAULT_BLOCKED`].
    pub blocked_names: Vec<String>,
    /// Sign-in attempts allowed per client address and minute (a token bucket).
    pub logins_per_minute_per_client: u32,
    /// Sign-in attempts allowed per account name and minute (a token bucket).
    pub logins_per_minute_per_account: u32,
    /// Chat messages allowed per client address, match and minute (a token bucket).
    pub chat_per_minute: u32,
    /// The operator's secret (`tabula serve --operator-token`): a request with
    /// `Authorization: Bearer <it>` may read the reports of chat messages, hide a message and
    /// dismiss its reports. `None`: nobody may.
    pub operator_token: Option<String>,
    /// Quick pairing: rating ranges, how long a seek lives without a heartbeat, when bots
    /// may fill a table.
    pub pairing: PairingOptions,
}

impl Default for AccountOptions {
    fn default() -> Self {
        AccountOptions {
            secure_cookies: CookieSecurity::default(),
            blocked_names: Vec::new(),
            logins_per_minute_per_client: 20,
            logins_per_minute_per_account: 6,
            chat_per_minute: 12,
            operator_token: None,
            pairing: PairingOptions::default(),
        }
    }
}

/// The people of a server: its pool, options and sign-in limits.
pub(crate) struct People {
    pub pool: Pool,
    pub options: AccountOptions,
    /// Bot level names, compared on [`name_key`]: nobody may take one.
    pub bot_names: Vec<String>,
    per_client: CreationRate<IpAddr>,
    per_account: CreationRate<String>,
    /// Chat messages per (client address, match).
    pub chat_rate: CreationRate<(IpAddr, String)>,
    hashing: Arc<Semaphore>,
}

impl People {
    /// Opens the tables in `db` (creating them if needed), or in memory when `None`.
    pub async fn open(
        db: Option<PeopleDb>,
        options: AccountOptions,
        bot_names: Vec<String>,
    ) -> Result<People, StoreError> {
        let pool = Pool::open(db).await?;
        let per_client = CreationRate::with_rate(
            options.logins_per_minute_per_client,
            options.logins_per_minute_per_client.min(10),
        );
        let per_account = CreationRate::with_rate(
            options.logins_per_minute_per_account,
            options.logins_per_minute_per_account.min(5),
        );
        let chat_rate = CreationRate::with_rate(options.chat_per_minute, 5);
        Ok(People {
            chat_rate,
            pool,
            options,
            bot_names: bot_names.iter().map(|n| name_key(n)).collect(),
            per_client,
            per_account,
            hashing: Arc::new(Semaphore::new(2)),
        })
    }

    /// Checks a name against the rules, the bots' names and the blocklists.
    pub fn check_name(&self, name: &str) -> Result<String, ApiError> {
        check_name(name, &self.bot_names, &self.options.blocked_names)
            .map_err(|reason| ApiError::bad_request(format!("name: {reason}")))
    }

    /// Takes one sign-in attempt for `client` and for `account`: 429 naming which limit
    /// when either has none left.
    pub fn take_login(&self, client: IpAddr, account: &str) -> Result<(), ApiError> {
        let refused = |which: &str, wait: Duration| {
            ApiError::new(
                axum::http::StatusCode::TOO_MANY_REQUESTS,
                format!(
                    "too many sign-in attempts {which}; try again in {} s",
                    wait.as_secs().max(1)
                ),
            )
        };
        self.per_client
            .take(client)
            .map_err(|w| refused("from this address", w))?;
        self.per_account
            .take(name_key(account))
            .map_err(|w| refused("for this account", w))
    }

    /// The Argon2id hash of `password`, computed off the async threads.
    pub async fn hash_password(&self, password: String) -> Result<String, ApiError> {
        let _permit = self.hashing.acquire().await;
        tokio::task::spawn_blocking(move || password::hash(&password))
            .await
            .map_err(|_| ApiError::internal("hashing the password failed"))?
    }

    /// Whether `password` matches `hash` (against a fixed hash when there is no account, so
    /// that an unknown name takes as long as a wrong password).
    pub async fn verify_password(&self, password: String, hash: Option<String>) -> bool {
        let _permit = self.hashing.acquire().await;
        tokio::task::spawn_blocking(move || password::verify(&password, hash.as_deref()))
            .await
            .unwrap_or(false)
    }
}

impl crate::live::Hub {
    /// The server's people (names, accounts, sessions), their tables opened at the first call.
    pub(crate) async fn people(&self) -> Result<Arc<People>, ApiError> {
        self.services.people().await
    }
}

impl crate::live::Services {
    /// The server's people (names, accounts, sessions), their tables opened at the first call.
    pub(crate) async fn people(&self) -> Result<Arc<People>, ApiError> {
        self.people
            .get_or_try_init(|| async {
                let services = self;
                let bots: Vec<String> = (services.catalog.entries().iter())
                    .flat_map(|game| game.info().levels.iter().map(|l| l.to_string()))
                    .collect();
                let db = services.store.people_db();
                People::open(db, services.options.accounts.clone(), bots)
                    .await
                    .map(Arc::new)
            })
            .await
            .cloned()
            .map_err(ApiError::from_store)
    }
}

/// Checks a password's length: the reason when it is refused.
pub fn check_password(password: &str) -> Result<(), ApiError> {
    if password.chars().count() < MIN_PASSWORD_CHARS {
        return Err(ApiError::bad_request(format!(
            "password: at least {MIN_PASSWORD_CHARS} characters"
        )));
    }
    if password.len() > MAX_PASSWORD_BYTES {
        return Err(ApiError::bad_request(format!(
            "password: at most {MAX_PASSWORD_BYTES} bytes"
        )));
    }
    Ok(())
}

/// The people's and the ratings' tables, as the match stores make them when they open (the
/// same statements on SQLite and PostgreSQL).
pub(crate) fn schema() -> impl Iterator<Item = &'static str> {
    (db::SCHEMA.iter().chain(ratings::SCHEMA))
        .chain(chat::SCHEMA)
        .chain(puzzle_ratings::SCHEMA)
        .chain(seeks::SCHEMA)
        .chain(blocks::SCHEMA)
        .chain(outbox::SCHEMA)
        .copied()
}

/// A fresh random secret: 32 lowercase hex digits (128 bits).
pub(crate) fn fresh_secret() -> String {
    let bits: u128 = rand::random();
    format!("{bits:032x}")
}

/// The stored form of a secret (a session or guest cookie): its SHA-256 in hex.
pub(crate) fn secret_hash(secret: &str) -> String {
    TokenHash::of(secret).to_hex()
}
