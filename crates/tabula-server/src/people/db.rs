//! The people's tables on SQLite or PostgreSQL: one SQL text for both (`$1` parameters,
//! `BIGINT` and `TEXT` columns), run on whichever pool the store gave.

use super::{ANONYMOUS, PeopleDb, SESSION_TTL};
use crate::store::StoreError;
use sqlx::postgres::PgPool;
use sqlx::sqlite::{SqliteConnectOptions, SqlitePool, SqlitePoolOptions};
use std::str::FromStr;

/// The tables, created if missing (the same statements on both databases).
pub(super) const SCHEMA: &[&str] = &[
    "CREATE TABLE IF NOT EXISTS accounts (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        name_key TEXT NOT NULL UNIQUE,
        password TEXT NOT NULL,
        created_at BIGINT NOT NULL)",
    "CREATE TABLE IF NOT EXISTS sessions (
        token_hash TEXT PRIMARY KEY,
        account_id TEXT NOT NULL,
        created_at BIGINT NOT NULL)",
    "CREATE INDEX IF NOT EXISTS sessions_account ON sessions (account_id)",
    "CREATE TABLE IF NOT EXISTS seat_people (
        match_id TEXT NOT NULL,
        seat BIGINT NOT NULL,
        name TEXT NOT NULL,
        account_id TEXT,
        guest_hash TEXT,
        at BIGINT NOT NULL,
        PRIMARY KEY (match_id, seat))",
    "CREATE INDEX IF NOT EXISTS seat_people_account ON seat_people (account_id, at)",
    "CREATE INDEX IF NOT EXISTS seat_people_guest ON seat_people (guest_hash)",
];

/// An account as stored (without its password hash).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Account {
    pub id: String,
    pub name: String,
    pub created_at: i64,
}

/// Who sits at a seat, by name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct SeatPerson {
    pub match_id: String,
    pub seat: i64,
    pub name: String,
    pub account: bool,
    /// The account's id, when an account holds the seat.
    pub account_id: Option<String>,
    pub at: i64,
}

/// The pool the people's tables are reached through.
#[derive(Clone, Debug)]
pub(crate) enum Pool {
    Sqlite(SqlitePool),
    Postgres(PgPool),
}

pub(crate) fn db_err(e: sqlx::Error) -> StoreError {
    match &e {
        sqlx::Error::Database(_) | sqlx::Error::RowNotFound | sqlx::Error::ColumnDecode { .. } => {
            StoreError::Database(e.to_string())
        }
        _ => StoreError::Unavailable(e.to_string()),
    }
}

/// A failed `COMMIT`: whether it was stored is not known.
pub(super) fn commit_err(e: sqlx::Error) -> StoreError {
    StoreError::OutcomeUnknown(e.to_string())
}

fn is_unique_violation(e: &sqlx::Error) -> bool {
    e.as_database_error()
        .is_some_and(|d| d.is_unique_violation())
}

pub(crate) fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as i64)
}

/// What a sign-up found.
pub(crate) enum SignUp {
    /// The account was made and its session stored.
    Made(Account),
    /// The name (its key) is taken.
    Taken,
}

impl Pool {
    /// Opens the pool and makes the tables.
    pub async fn open(db: Option<PeopleDb>) -> Result<Pool, StoreError> {
        let pool = match db {
            Some(PeopleDb::Postgres(pool)) => Pool::Postgres(pool),
            Some(PeopleDb::Memory(pool)) => Pool::Sqlite(pool),
            Some(PeopleDb::Sqlite(options)) => Pool::Sqlite(
                SqlitePoolOptions::new()
                    .max_connections(2)
                    .connect_with(*options)
                    .await
                    .map_err(db_err)?,
            ),
            None => {
                let options = SqliteConnectOptions::from_str("sqlite::memory:").map_err(db_err)?;
                // One connection kept for ever: the in-memory database lives with it.
                Pool::Sqlite(
                    SqlitePoolOptions::new()
                        .max_connections(1)
                        .min_connections(1)
                        .idle_timeout(None)
                        .max_lifetime(None)
                        .connect_with(options)
                        .await
                        .map_err(db_err)?,
                )
            }
        };
        on_pool!(&pool, |p| {
            let mut tx = p.begin().await.map_err(db_err)?;
            if matches!(pool, Pool::Postgres(_)) {
                // Several instances may start at once: one makes the tables at a time.
                sqlx::query("SELECT pg_advisory_xact_lock(7046437712)")
                    .execute(&mut *tx)
                    .await
                    .map_err(db_err)?;
            }
            for statement in super::schema() {
                sqlx::query(statement)
                    .execute(&mut *tx)
                    .await
                    .map_err(db_err)?;
            }
            tx.commit().await.map_err(commit_err)?;
        });
        Ok(pool)
    }

    /// Makes an account with its first session, and gives it the seats the guest named.
    pub async fn sign_up(
        &self,
        account: &Account,
        key: &str,
        password_hash: &str,
        session_hash: &str,
        guest_hash: Option<&str>,
    ) -> Result<SignUp, StoreError> {
        on_pool!(self, |p| {
            let mut tx = p.begin().await.map_err(db_err)?;
            let inserted = sqlx::query(
                "INSERT INTO accounts (id, name, name_key, password, created_at) \
                 VALUES ($1, $2, $3, $4, $5)",
            )
            .bind(&account.id)
            .bind(&account.name)
            .bind(key)
            .bind(password_hash)
            .bind(account.created_at)
            .execute(&mut *tx)
            .await;
            match inserted {
                Err(e) if is_unique_violation(&e) => return Ok(SignUp::Taken),
                other => other.map_err(db_err)?,
            };
            sqlx::query(
                "INSERT INTO sessions (token_hash, account_id, created_at) VALUES ($1, $2, $3)",
            )
            .bind(session_hash)
            .bind(&account.id)
            .bind(account.created_at)
            .execute(&mut *tx)
            .await
            .map_err(db_err)?;
            if let Some(guest) = guest_hash {
                sqlx::query(
                    "UPDATE seat_people SET account_id = $1, name = $2 \
                     WHERE guest_hash = $3 AND account_id IS NULL",
                )
                .bind(&account.id)
                .bind(&account.name)
                .bind(guest)
                .execute(&mut *tx)
                .await
                .map_err(db_err)?;
            }
            tx.commit().await.map_err(commit_err)?;
            Ok(SignUp::Made(account.clone()))
        })
    }

    /// The account of a name (by its key) with its password hash.
    pub async fn account_by_key(&self, key: &str) -> Result<Option<(Account, String)>, StoreError> {
        let row: Option<(String, String, i64, String)> = on_pool!(self, |p| {
            sqlx::query_as(
                "SELECT id, name, created_at, password FROM accounts WHERE name_key = $1",
            )
            .bind(key)
            .fetch_optional(p)
            .await
            .map_err(db_err)?
        });
        Ok(row.map(|(id, name, created_at, password)| {
            (
                Account {
                    id,
                    name,
                    created_at,
                },
                password,
            )
        }))
    }

    /// Stores a session of a signed-in account and gives it the seats the guest named.
    pub async fn sign_in(
        &self,
        account: &Account,
        session_hash: &str,
        guest_hash: Option<&str>,
    ) -> Result<(), StoreError> {
        on_pool!(self, |p| {
            let mut tx = p.begin().await.map_err(db_err)?;
            sqlx::query(
                "INSERT INTO sessions (token_hash, account_id, created_at) VALUES ($1, $2, $3)",
            )
            .bind(session_hash)
            .bind(&account.id)
            .bind(now_ms())
            .execute(&mut *tx)
            .await
            .map_err(db_err)?;
            if let Some(guest) = guest_hash {
                sqlx::query(
                    "UPDATE seat_people SET account_id = $1, name = $2 \
                     WHERE guest_hash = $3 AND account_id IS NULL",
                )
                .bind(&account.id)
                .bind(&account.name)
                .bind(guest)
                .execute(&mut *tx)
                .await
                .map_err(db_err)?;
            }
            tx.commit().await.map_err(commit_err)
        })
    }

    /// The account of a session that has not expired.
    pub async fn session_account(&self, session_hash: &str) -> Result<Option<Account>, StoreError> {
        let since = now_ms() - SESSION_TTL.as_millis() as i64;
        let row: Option<(String, String, i64)> = on_pool!(self, |p| {
            sqlx::query_as(
                "SELECT a.id, a.name, a.created_at FROM sessions s \
                 JOIN accounts a ON a.id = s.account_id \
                 WHERE s.token_hash = $1 AND s.created_at > $2",
            )
            .bind(session_hash)
            .bind(since)
            .fetch_optional(p)
            .await
            .map_err(db_err)?
        });
        Ok(row.map(|(id, name, created_at)| Account {
            id,
            name,
            created_at,
        }))
    }

    /// Deletes one session (`Some`) or every session of the account.
    pub async fn end_sessions(
        &self,
        account_id: &str,
        only: Option<&str>,
    ) -> Result<u64, StoreError> {
        on_pool!(self, |p| {
            let done = match only {
                Some(hash) => {
                    sqlx::query("DELETE FROM sessions WHERE token_hash = $1 AND account_id = $2")
                        .bind(hash)
                        .bind(account_id)
                        .execute(p)
                        .await
                }
                None => {
                    sqlx::query("DELETE FROM sessions WHERE account_id = $1")
                        .bind(account_id)
                        .execute(p)
                        .await
                }
            };
            done.map(|r| r.rows_affected()).map_err(db_err)
        })
    }

    /// Deletes an account, its sessions and its e-mails; its seats stay, named [`ANONYMOUS`].
    pub async fn delete_account(&self, account_id: &str) -> Result<(), StoreError> {
        on_pool!(self, |p| {
            let mut tx = p.begin().await.map_err(db_err)?;
            for sql in [
                "DELETE FROM sessions WHERE account_id = $1",
                "DELETE FROM puzzle_attempts WHERE account_id = $1",
                "DELETE FROM puzzle_ratings WHERE account_id = $1",
                "DELETE FROM account_mail WHERE account_id = $1",
                "DELETE FROM outbox WHERE account_id = $1",
                "DELETE FROM accounts WHERE id = $1",
            ] {
                sqlx::query(sql)
                    .bind(account_id)
                    .execute(&mut *tx)
                    .await
                    .map_err(db_err)?;
            }
            sqlx::query(
                "UPDATE seat_people SET name = $1, account_id = NULL, guest_hash = NULL \
                 WHERE account_id = $2",
            )
            .bind(ANONYMOUS)
            .bind(account_id)
            .execute(&mut *tx)
            .await
            .map_err(db_err)?;
            tx.commit().await.map_err(commit_err)
        })
    }

    /// Names a seat (a guest's nickname with the guest's hash, or an account's name).
    pub async fn name_seat(
        &self,
        match_id: &str,
        seat: i64,
        name: &str,
        account_id: Option<&str>,
        guest_hash: Option<&str>,
    ) -> Result<(), StoreError> {
        on_pool!(self, |p| {
            sqlx::query(
                "INSERT INTO seat_people (match_id, seat, name, account_id, guest_hash, at) \
                 VALUES ($1, $2, $3, $4, $5, $6) \
                 ON CONFLICT (match_id, seat) DO UPDATE SET name = excluded.name, \
                 account_id = excluded.account_id, guest_hash = excluded.guest_hash",
            )
            .bind(match_id)
            .bind(seat)
            .bind(name)
            .bind(account_id)
            .bind(guest_hash)
            .bind(now_ms())
            .execute(p)
            .await
            .map(|_| ())
            .map_err(db_err)
        })
    }

    /// The named seats of a match, seat 1 first.
    pub async fn seats_of_match(&self, match_id: &str) -> Result<Vec<SeatPerson>, StoreError> {
        let rows: Vec<(String, i64, String, Option<String>, i64)> = on_pool!(self, |p| {
            sqlx::query_as(
                "SELECT match_id, seat, name, account_id, at FROM seat_people \
                 WHERE match_id = $1 ORDER BY seat",
            )
            .bind(match_id)
            .fetch_all(p)
            .await
            .map_err(db_err)?
        });
        Ok(rows.into_iter().map(person).collect())
    }

    /// The newest seats of an account, at most `limit`.
    pub async fn seats_of_account(
        &self,
        account_id: &str,
        limit: i64,
    ) -> Result<Vec<SeatPerson>, StoreError> {
        let rows: Vec<(String, i64, String, Option<String>, i64)> = on_pool!(self, |p| {
            sqlx::query_as(
                "SELECT match_id, seat, name, account_id, at FROM seat_people \
                 WHERE account_id = $1 ORDER BY at DESC, match_id LIMIT $2",
            )
            .bind(account_id)
            .bind(limit)
            .fetch_all(p)
            .await
            .map_err(db_err)?
        });
        Ok(rows.into_iter().map(person).collect())
    }
}

/// A rating as shown: game, players, rating, deviation, games rated.
pub(crate) type RatingRow = (String, i64, f64, f64, i64);

impl Pool {
    /// The ratings of an account, by game and number of players.
    pub async fn ratings_of(&self, account_id: &str) -> Result<Vec<RatingRow>, StoreError> {
        on_pool!(self, |p| {
            sqlx::query_as(
                "SELECT game, players, rating, deviation, games FROM ratings \
                 WHERE account_id = $1 ORDER BY game, players",
            )
            .bind(account_id)
            .fetch_all(p)
            .await
            .map_err(db_err)
        })
    }

    /// The best `limit` ratings of a game and number of players: name, rating, deviation,
    /// games rated.
    pub async fn leaderboard(
        &self,
        game: &str,
        players: i64,
        limit: i64,
    ) -> Result<Vec<(String, f64, f64, i64)>, StoreError> {
        on_pool!(self, |p| {
            sqlx::query_as(
                "SELECT a.name, r.rating, r.deviation, r.games FROM ratings r \
                 JOIN accounts a ON a.id = r.account_id \
                 WHERE r.game = $1 AND r.players = $2 \
                 ORDER BY r.rating DESC, a.name LIMIT $3",
            )
            .bind(game)
            .bind(players)
            .bind(limit)
            .fetch_all(p)
            .await
            .map_err(db_err)
        })
    }
}

fn person(row: (String, i64, String, Option<String>, i64)) -> SeatPerson {
    let (match_id, seat, name, account, at) = row;
    SeatPerson {
        match_id,
        seat,
        name,
        account: account.is_some(),
        account_id: account,
        at,
    }
}
