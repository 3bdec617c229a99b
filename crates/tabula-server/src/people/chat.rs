//! Per-match chat: two rooms, the seated players' and the spectators' (which the players
//! see only once the match is over), kept in the match store's database with the match
//! (tables `chat_messages` and `chat_reports`), each message stored before it is answered.
//!
//! A message is 1 to [`MAX_CHAT_CHARS`] characters once trimmed, without control characters
//! other than line breaks; it is stored and served as it was written (never as markup: the
//! web UI puts it in the page as text). A reported message is kept for the operator; a message
//! the operator hid is served to no one. The operator reviews the reported messages (every
//! message not hidden that has reports, with how many and why) and hides a message or
//! dismisses its reports, which deletes them.
//!
//! On PostgreSQL, storing or hiding a message notifies the other instances
//! ([`Notice::Chat`]), which push it to their own sockets of the match.

use super::Pool;
use super::db::{commit_err, db_err};
use crate::store::{CHANNEL, Notice, StoreError};
use std::collections::HashMap;

/// The longest message, in characters.
pub const MAX_CHAT_CHARS: usize = 500;

/// The players' room.
pub const PLAYERS: &str = "players";

/// The spectators' room.
pub const SPECTATORS: &str = "spectators";

/// The tables of chat (made with the people's tables).
pub(crate) const SCHEMA: &[&str] = &[
    "CREATE TABLE IF NOT EXISTS chat_messages (
        id TEXT PRIMARY KEY,
        match_id TEXT NOT NULL,
        room TEXT NOT NULL,
        seat BIGINT,
        author TEXT NOT NULL,
        body TEXT NOT NULL,
        at BIGINT NOT NULL,
        hidden BIGINT NOT NULL DEFAULT 0)",
    "CREATE INDEX IF NOT EXISTS chat_messages_match ON chat_messages (match_id, at)",
    "CREATE TABLE IF NOT EXISTS chat_reports (
        message_id TEXT NOT NULL,
        reporter TEXT NOT NULL,
        reason TEXT NOT NULL,
        at BIGINT NOT NULL,
        PRIMARY KEY (message_id, reporter))",
    // The account that wrote a message, when one did (for the block lists).
    "CREATE TABLE IF NOT EXISTS chat_authors (
        message_id TEXT PRIMARY KEY,
        account_id TEXT NOT NULL)",
];

/// A message as served.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Message {
    pub id: String,
    pub room: String,
    pub seat: Option<i64>,
    pub author: String,
    pub body: String,
    pub at: i64,
    /// The author's account, if the author was signed in or holds an account's seat (never
    /// served).
    pub account: Option<String>,
}

/// What happens in a match's chat, pushed to its WebSockets (`api/ws.rs`), which keep what
/// their viewer may read.
#[derive(Clone, Debug)]
pub(crate) enum ChatEvent {
    /// A message was stored.
    Posted(std::sync::Arc<Message>),
    /// The operator hid the message of this id.
    Hidden(String),
}

/// A new message's id: the time in nanoseconds, strictly increasing in this process, then
/// 32 random bits; messages are served in the order of their ids.
pub(crate) fn message_id() -> String {
    use std::sync::atomic::{AtomicU64, Ordering};
    static LAST: AtomicU64 = AtomicU64::new(0);
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    let prev = LAST.fetch_max(now, Ordering::SeqCst);
    let at = if now > prev {
        now
    } else {
        LAST.fetch_add(1, Ordering::SeqCst) + 1
    };
    format!("{at:020}{:08x}", rand::random::<u32>())
}

/// The message as kept (trimmed), or why it is refused.
pub fn check_message(text: &str) -> Result<String, String> {
    let text = text.trim();
    let chars = text.chars().count();
    if chars == 0 {
        return Err("empty".into());
    }
    if chars > MAX_CHAT_CHARS {
        return Err(format!("at most {MAX_CHAT_CHARS} characters, not {chars}"));
    }
    if let Some(c) = text.chars().find(|&c| c.is_control() && c != '\n') {
        return Err(format!("the control character {c:?} is not allowed"));
    }
    Ok(text.to_string())
}

type Row = (
    String,
    String,
    Option<i64>,
    String,
    String,
    i64,
    Option<String>,
);

fn message((id, room, seat, author, body, at, account): Row) -> Message {
    Message {
        id,
        room,
        seat,
        author,
        body,
        at,
        account,
    }
}

impl Pool {
    /// Stores a message.
    pub async fn post_chat(&self, match_id: &str, m: &Message) -> Result<(), StoreError> {
        let notice = self.notices().then(|| Notice::chat(match_id, &m.id, false));
        on_pool!(self, |p| {
            let mut tx = p.begin().await.map_err(db_err)?;
            sqlx::query(
                "INSERT INTO chat_messages (id, match_id, room, seat, author, body, at) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7)",
            )
            .bind(&m.id)
            .bind(match_id)
            .bind(&m.room)
            .bind(m.seat)
            .bind(&m.author)
            .bind(&m.body)
            .bind(m.at)
            .execute(&mut *tx)
            .await
            .map_err(db_err)?;
            if let Some(account) = &m.account {
                sqlx::query("INSERT INTO chat_authors (message_id, account_id) VALUES ($1, $2)")
                    .bind(&m.id)
                    .bind(account)
                    .execute(&mut *tx)
                    .await
                    .map_err(db_err)?;
            }
            if let Some(notice) = &notice {
                sqlx::query("SELECT pg_notify($1, $2)")
                    .bind(CHANNEL)
                    .bind(notice)
                    .execute(&mut *tx)
                    .await
                    .map_err(db_err)?;
            }
            tx.commit().await.map_err(commit_err)
        })
    }

    /// Whether writes notify the other instances (PostgreSQL, `store/postgres_cluster.rs`).
    fn notices(&self) -> bool {
        matches!(self, Pool::Postgres(_))
    }

    /// Message `id` of match `match_id`, if it exists and is not hidden.
    pub async fn chat_message(
        &self,
        match_id: &str,
        id: &str,
    ) -> Result<Option<Message>, StoreError> {
        let row: Option<Row> = on_pool!(self, |p| {
            sqlx::query_as(
                "SELECT m.id, m.room, m.seat, m.author, m.body, m.at, a.account_id \
                 FROM chat_messages m LEFT JOIN chat_authors a ON a.message_id = m.id \
                 WHERE m.id = $1 AND m.match_id = $2 AND m.hidden = 0",
            )
            .bind(id)
            .bind(match_id)
            .fetch_optional(p)
            .await
            .map_err(db_err)?
        });
        Ok(row.map(message))
    }

    /// The messages of a match's rooms (those not hidden), oldest first.
    pub async fn chat(&self, match_id: &str, rooms: &[&str]) -> Result<Vec<Message>, StoreError> {
        let rows: Vec<Row> = on_pool!(self, |p| {
            sqlx::query_as(
                "SELECT m.id, m.room, m.seat, m.author, m.body, m.at, a.account_id \
                 FROM chat_messages m LEFT JOIN chat_authors a ON a.message_id = m.id \
                 WHERE m.match_id = $1 AND m.hidden = 0 ORDER BY m.id",
            )
            .bind(match_id)
            .fetch_all(p)
            .await
            .map_err(db_err)?
        });
        Ok(rows
            .into_iter()
            .filter(|r| rooms.contains(&r.1.as_str()))
            .map(message)
            .collect())
    }

    /// Keeps a report of message `id` of match `match_id` (once per reporter): whether the
    /// message exists.
    pub async fn report_chat(
        &self,
        match_id: &str,
        id: &str,
        reporter: &str,
        reason: &str,
        at: i64,
    ) -> Result<bool, StoreError> {
        on_pool!(self, |p| {
            let found: Option<String> =
                sqlx::query_scalar("SELECT id FROM chat_messages WHERE id = $1 AND match_id = $2")
                    .bind(id)
                    .bind(match_id)
                    .fetch_optional(p)
                    .await
                    .map_err(db_err)?;
            if found.is_none() {
                return Ok(false);
            }
            sqlx::query(
                "INSERT INTO chat_reports (message_id, reporter, reason, at) \
                 VALUES ($1, $2, $3, $4) ON CONFLICT (message_id, reporter) DO NOTHING",
            )
            .bind(id)
            .bind(reporter)
            .bind(reason)
            .bind(at)
            .execute(p)
            .await
            .map_err(db_err)?;
            Ok(true)
        })
    }

    /// Hides message `id` of match `match_id` from everyone: whether it exists.
    pub async fn hide_chat(&self, match_id: &str, id: &str) -> Result<bool, StoreError> {
        let notice = self.notices().then(|| Notice::chat(match_id, id, true));
        on_pool!(self, |p| {
            let mut tx = p.begin().await.map_err(db_err)?;
            let found =
                sqlx::query("UPDATE chat_messages SET hidden = 1 WHERE id = $1 AND match_id = $2")
                    .bind(id)
                    .bind(match_id)
                    .execute(&mut *tx)
                    .await
                    .map(|r| r.rows_affected() > 0)
                    .map_err(db_err)?;
            if found && let Some(notice) = &notice {
                sqlx::query("SELECT pg_notify($1, $2)")
                    .bind(CHANNEL)
                    .bind(notice)
                    .execute(&mut *tx)
                    .await
                    .map_err(db_err)?;
            }
            tx.commit().await.map_err(commit_err)?;
            Ok(found)
        })
    }
}

/// The most reported messages listed at once (the most recently reported first).
pub const MAX_REPORTS_LISTED: i64 = 200;

/// A reported message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Reported {
    pub id: String,
    pub match_id: String,
    pub room: String,
    pub author: String,
    pub body: String,
    pub at: i64,
    /// How many people reported it.
    pub count: i64,
    /// When it was last reported.
    pub last_at: i64,
    /// The reasons given (empty ones left out), oldest first.
    pub reasons: Vec<String>,
}

type ReportRow = (String, String, String, String, String, i64, i64, i64);

impl Pool {
    /// The reported messages not hidden, the most recently reported first.
    pub async fn reported_chat(&self) -> Result<Vec<Reported>, StoreError> {
        let (rows, reasons): (Vec<ReportRow>, Vec<(String, String)>) = on_pool!(self, |p| {
            let rows = sqlx::query_as(
                "SELECT m.id, m.match_id, m.room, m.author, m.body, m.at, COUNT(*), MAX(r.at) \
                 FROM chat_reports r JOIN chat_messages m ON m.id = r.message_id \
                 WHERE m.hidden = 0 \
                 GROUP BY m.id, m.match_id, m.room, m.author, m.body, m.at \
                 ORDER BY MAX(r.at) DESC, m.id LIMIT $1",
            )
            .bind(MAX_REPORTS_LISTED)
            .fetch_all(p)
            .await
            .map_err(db_err)?;
            let reasons = sqlx::query_as(
                "SELECT r.message_id, r.reason FROM chat_reports r \
                 JOIN chat_messages m ON m.id = r.message_id \
                 WHERE m.hidden = 0 AND r.reason <> '' ORDER BY r.at",
            )
            .fetch_all(p)
            .await
            .map_err(db_err)?;
            (rows, reasons)
        });
        let mut why: HashMap<String, Vec<String>> = HashMap::new();
        for (id, reason) in reasons {
            why.entry(id).or_default().push(reason);
        }
        Ok(rows
            .into_iter()
            .map(
                |(id, match_id, room, author, body, at, count, last_at)| Reported {
                    reasons: why.remove(&id).unwrap_or_default(),
                    id,
                    match_id,
                    room,
                    author,
                    body,
                    at,
                    count,
                    last_at,
                },
            )
            .collect())
    }

    /// Deletes the reports of message `id`: whether it had any.
    pub async fn dismiss_reports(&self, id: &str) -> Result<bool, StoreError> {
        on_pool!(self, |p| {
            sqlx::query("DELETE FROM chat_reports WHERE message_id = $1")
                .bind(id)
                .execute(p)
                .await
                .map(|r| r.rows_affected() > 0)
                .map_err(db_err)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_message_is_trimmed_bounded_and_free_of_control_characters() {
        assert_eq!(check_message("  gg <b>wp</b>\n ").unwrap(), "gg <b>wp</b>");
        assert!(check_message("   ").unwrap_err().contains("empty"));
        assert!(
            check_message(&"x".repeat(501))
                .unwrap_err()
                .contains("not 501")
        );
        assert!(check_message("a\u{7}b").unwrap_err().contains("control"));
        assert!(check_message(&"é".repeat(500)).is_ok());
    }
}
