//! E-mail notifications in the people's database: each account's address and whether it
//! wants an e-mail when it is its turn in a correspondence match (`account_mail`), and the
//! outbox of e-mails to send (`outbox`).
//!
//! A row of the outbox is queued when a move makes it an opted-in account's turn, and stays
//! pending until the mail relay took it (`sent_at`): a failed try sets the time of the next
//! one (`next_at`). At most one "your turn" is pending per match and seat (a partial unique
//! index): a second turn before the first e-mail went out adds nothing. Rows are sent to the
//! address the account has when they are sent; switching the e-mails off (or clearing the
//! address) drops the account's pending rows.

use super::Pool;
use super::db::{commit_err, db_err};
use crate::store::StoreError;

/// The tables (made with the people's tables).
pub(super) const SCHEMA: &[&str] = &[
    "CREATE TABLE IF NOT EXISTS account_mail (
        account_id TEXT PRIMARY KEY,
        email TEXT NOT NULL,
        turn_emails BIGINT NOT NULL,
        lang TEXT NOT NULL,
        updated_at BIGINT NOT NULL)",
    "CREATE TABLE IF NOT EXISTS outbox (
        id TEXT PRIMARY KEY,
        match_id TEXT NOT NULL,
        seat BIGINT NOT NULL,
        account_id TEXT NOT NULL,
        subject TEXT NOT NULL,
        body TEXT NOT NULL,
        created_at BIGINT NOT NULL,
        attempts BIGINT NOT NULL,
        next_at BIGINT NOT NULL,
        sent_at BIGINT,
        last_error TEXT)",
    "CREATE UNIQUE INDEX IF NOT EXISTS outbox_pending ON outbox (match_id, seat)
        WHERE sent_at IS NULL",
    "CREATE INDEX IF NOT EXISTS outbox_due ON outbox (next_at) WHERE sent_at IS NULL",
];

/// An account's e-mail settings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MailSettings {
    /// Where e-mails go.
    pub email: String,
    /// Whether it wants an e-mail when it is its turn in a correspondence match.
    pub turn_emails: bool,
    /// The language of its e-mails (`en`, `fr` or `cs`).
    pub lang: String,
}

/// A pending e-mail, with the address it goes to now.
#[derive(Clone, Debug)]
pub(crate) struct PendingMail {
    pub id: String,
    pub email: String,
    pub subject: String,
    pub body: String,
    pub attempts: i64,
    pub next_at: i64,
}

impl Pool {
    /// The account's e-mail settings, if it gave an address.
    pub async fn mail_settings(
        &self,
        account_id: &str,
    ) -> Result<Option<MailSettings>, StoreError> {
        on_pool!(self, |p| {
            let row: Option<(String, i64, String)> = sqlx::query_as(
                "SELECT email, turn_emails, lang FROM account_mail WHERE account_id = $1",
            )
            .bind(account_id)
            .fetch_optional(p)
            .await
            .map_err(db_err)?;
            Ok(row.map(|(email, turn, lang)| MailSettings {
                email,
                turn_emails: turn != 0,
                lang,
            }))
        })
    }

    /// Sets (or, with `None`, clears) the account's e-mail settings; e-mails switched off
    /// drop its pending ones.
    pub async fn set_mail(
        &self,
        account_id: &str,
        settings: Option<&MailSettings>,
        now: i64,
    ) -> Result<(), StoreError> {
        on_pool!(self, |p| {
            let mut tx = p.begin().await.map_err(db_err)?;
            match settings {
                Some(s) => {
                    sqlx::query(
                        "INSERT INTO account_mail (account_id, email, turn_emails, lang, updated_at)
                         VALUES ($1, $2, $3, $4, $5)
                         ON CONFLICT (account_id) DO UPDATE SET email = $2, turn_emails = $3,
                             lang = $4, updated_at = $5",
                    )
                    .bind(account_id)
                    .bind(&s.email)
                    .bind(i64::from(s.turn_emails))
                    .bind(&s.lang)
                    .bind(now)
                    .execute(&mut *tx)
                    .await
                    .map_err(db_err)?;
                }
                None => {
                    sqlx::query("DELETE FROM account_mail WHERE account_id = $1")
                        .bind(account_id)
                        .execute(&mut *tx)
                        .await
                        .map_err(db_err)?;
                }
            }
            if !settings.is_some_and(|s| s.turn_emails) {
                sqlx::query("DELETE FROM outbox WHERE account_id = $1 AND sent_at IS NULL")
                    .bind(account_id)
                    .execute(&mut *tx)
                    .await
                    .map_err(db_err)?;
            }
            tx.commit().await.map_err(commit_err)?;
            Ok(())
        })
    }

    /// Queues a "your turn" e-mail for the account named at seat `seat` of `match_id`, if it
    /// wants one and none is pending for that seat already. `texts`: the subject and body in
    /// each of [`LANGUAGES`](crate::mail::LANGUAGES), in order (English for any other); a
    /// body may name the seat's account as `{name}`. Whether a row was queued.
    pub async fn queue_turn_mail(
        &self,
        match_id: &str,
        seat: i64,
        texts: &[(String, String)],
        now: i64,
    ) -> Result<bool, StoreError> {
        let text = |i: usize| texts.get(i).or(texts.first()).cloned().unwrap_or_default();
        let ((en_s, en_b), (fr_s, fr_b), (cs_s, cs_b)) = (text(0), text(1), text(2));
        on_pool!(self, |p| {
            let done = sqlx::query(
                "INSERT INTO outbox (id, match_id, seat, account_id, subject, body, created_at,
                     attempts, next_at, sent_at, last_error)
                 SELECT $1, sp.match_id, sp.seat, sp.account_id,
                     CASE m.lang WHEN 'fr' THEN $6 WHEN 'cs' THEN $8 ELSE $4 END,
                     REPLACE(CASE m.lang WHEN 'fr' THEN $7 WHEN 'cs' THEN $9 ELSE $5 END,
                         '{name}', sp.name),
                     $10, 0, $10, NULL, NULL
                 FROM seat_people sp JOIN account_mail m ON m.account_id = sp.account_id
                 WHERE sp.match_id = $2 AND sp.seat = $3 AND m.turn_emails = 1
                 ON CONFLICT DO NOTHING",
            )
            .bind(super::fresh_secret())
            .bind(match_id)
            .bind(seat)
            .bind(&en_s)
            .bind(&en_b)
            .bind(&fr_s)
            .bind(&fr_b)
            .bind(&cs_s)
            .bind(&cs_b)
            .bind(now)
            .execute(p)
            .await
            .map_err(db_err)?;
            Ok(done.rows_affected() > 0)
        })
    }

    /// Up to `limit` pending e-mails due by `now`, the oldest first.
    pub async fn due_mail(&self, now: i64, limit: i64) -> Result<Vec<PendingMail>, StoreError> {
        on_pool!(self, |p| {
            let rows: Vec<(String, String, String, String, i64, i64)> = sqlx::query_as(
                "SELECT o.id, m.email, o.subject, o.body, o.attempts, o.next_at
                 FROM outbox o JOIN account_mail m ON m.account_id = o.account_id
                 WHERE o.sent_at IS NULL AND o.next_at <= $1
                 ORDER BY o.next_at, o.id LIMIT $2",
            )
            .bind(now)
            .bind(limit)
            .fetch_all(p)
            .await
            .map_err(db_err)?;
            Ok(rows
                .into_iter()
                .map(
                    |(id, email, subject, body, attempts, next_at)| PendingMail {
                        id,
                        email,
                        subject,
                        body,
                        attempts,
                        next_at,
                    },
                )
                .collect())
        })
    }

    /// When the next pending e-mail is due, if one is pending.
    pub async fn next_mail_at(&self) -> Result<Option<i64>, StoreError> {
        on_pool!(self, |p| {
            let next: Option<i64> = sqlx::query_scalar(
                "SELECT MIN(o.next_at) FROM outbox o
                     JOIN account_mail m ON m.account_id = o.account_id WHERE o.sent_at IS NULL",
            )
            .fetch_one(p)
            .await
            .map_err(db_err)?;
            Ok(next)
        })
    }

    /// Takes a pending e-mail for sending until `until`, if nobody (another instance) took it
    /// since it was read: its `next_at` is still `seen_next_at`.
    pub async fn claim_mail(
        &self,
        id: &str,
        seen_next_at: i64,
        until: i64,
    ) -> Result<bool, StoreError> {
        on_pool!(self, |p| {
            let done = sqlx::query(
                "UPDATE outbox SET next_at = $3
                 WHERE id = $1 AND next_at = $2 AND sent_at IS NULL",
            )
            .bind(id)
            .bind(seen_next_at)
            .bind(until)
            .execute(p)
            .await
            .map_err(db_err)?;
            Ok(done.rows_affected() > 0)
        })
    }

    /// Notes the outcome of sending an e-mail: sent at `now`, or (with the error) to be
    /// tried again at `retry_at`.
    pub async fn mail_tried(
        &self,
        id: &str,
        now: i64,
        failed: Option<(&str, i64)>,
    ) -> Result<(), StoreError> {
        on_pool!(self, |p| {
            let query = match failed {
                None => sqlx::query(
                    "UPDATE outbox SET sent_at = $2, attempts = attempts + 1, last_error = NULL
                     WHERE id = $1",
                )
                .bind(id)
                .bind(now),
                Some((error, retry_at)) => sqlx::query(
                    "UPDATE outbox SET attempts = attempts + 1, next_at = $2, last_error = $3
                     WHERE id = $1",
                )
                .bind(id)
                .bind(retry_at)
                .bind(error),
            };
            query.execute(p).await.map_err(db_err)?;
            Ok(())
        })
    }
}
