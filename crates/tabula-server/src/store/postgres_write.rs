//! The PostgreSQL store's appends: group commit (`group_commit.rs`). Concurrent appends of
//! different matches go to one writer task, which writes everything queued (up to
//! [`MAX_BATCH`]) in one transaction, so that they share one `COMMIT` (one WAL flush), and
//! answers each append only once that transaction has committed.
//!
//! In the transaction: the batch's match rows are locked in the order of their ids (so that
//! instances batching the same matches cannot deadlock), which orders the appends of one
//! match across instances as the single append did; the stored length of each log is read
//! once (from the end of its key); every append is checked to continue its log (or the
//! batch's appends before it); then all the entries go in one `INSERT … UNNEST`, and each
//! append sends its notification with its entries (delivered at commit:
//! `postgres_cluster.rs`); the leases of the matches it finishes are deleted, in the order of
//! their ids. An append that does not fit (a gap, a missing match) fails the batch, which is
//! tried again one append at a time so that it fails alone; a fault (the database gone)
//! fails the whole batch with [`StoreError::Unavailable`].

use super::group_commit::{Batch, late};
use super::postgres::{CHANNEL, commit};
use super::sqlite_write::db_err;
use super::{LogEntry, Notice, StoreError, WRITE_WAIT};
use sqlx::postgres::PgPool;
use sqlx::{Postgres, Row, Transaction};
use std::collections::{BTreeSet, HashMap, HashSet};
use tokio::time::Instant;

/// The most appends committed in one transaction.
pub const MAX_BATCH: usize = 512;

/// One append: the entries continue the log of match `id`.
pub(super) struct Append {
    pub id: String,
    pub entries: Vec<LogEntry>,
    pub finished: bool,
    /// How a rated match ended: rated in the transaction that ends it.
    pub ending: Option<crate::people::Ending>,
}

/// The writer task's side: the pool it takes a connection from for each batch.
pub(super) struct PgBatch {
    pub pool: PgPool,
}

impl Batch for PgBatch {
    type Op = Append;

    async fn write(
        &mut self,
        ops: &[&Append],
        deadline: Option<Instant>,
    ) -> Result<(), StoreError> {
        let deadline = deadline.unwrap_or_else(|| Instant::now() + WRITE_WAIT);
        let tx = tokio::time::timeout_at(deadline, append_batch(&self.pool, ops))
            .await
            .map_err(|_| late())??;
        commit(tx).await
    }
}

/// The batch's transaction, written and ready to commit.
async fn append_batch(
    pool: &PgPool,
    ops: &[&Append],
) -> Result<Transaction<'static, Postgres>, StoreError> {
    let ids: Vec<&str> = ops
        .iter()
        .map(|op| op.id.as_str())
        .collect::<BTreeSet<_>>()
        .into_iter()
        .collect();
    let mut tx = pool.begin().await.map_err(db_err)?;
    let locked: HashSet<String> =
        sqlx::query_scalar("SELECT id FROM matches WHERE id = ANY($1) ORDER BY id FOR UPDATE")
            .bind(&ids)
            .fetch_all(&mut *tx)
            .await
            .map_err(db_err)?
            .into_iter()
            .collect();
    let mut have: HashMap<String, u64> = HashMap::new();
    // Each match's last ply, read from the key's end: a planner without statistics (a new
    // database, before autovacuum's first analysis) took `match_id = ANY($1)` to match a
    // fifth of the table and scanned all of it for every batch.
    let rows = sqlx::query(
        "SELECT u.id, (SELECT e.ply + 1 FROM events e WHERE e.match_id = u.id
                       ORDER BY e.ply DESC LIMIT 1)
         FROM UNNEST($1::TEXT[]) AS u(id)",
    )
    .bind(&ids)
    .fetch_all(&mut *tx)
    .await
    .map_err(db_err)?;
    for row in rows {
        let id: String = row.try_get(0).map_err(db_err)?;
        let next: Option<i64> = row.try_get(1).map_err(db_err)?;
        if let Some(next) = next {
            have.insert(id, next as u64);
        }
    }
    let (mut match_ids, mut plies, mut actors, mut actions, mut ats) =
        (Vec::new(), Vec::new(), Vec::new(), Vec::new(), Vec::new());
    let mut finished = Vec::new();
    let mut notices = Vec::new();
    for op in ops {
        if !locked.contains(&op.id) {
            return Err(StoreError::Missing(op.id.clone()));
        }
        let next = have.entry(op.id.clone()).or_insert(0);
        for e in &op.entries {
            if e.ply != *next {
                return Err(StoreError::Gap {
                    id: op.id.clone(),
                    got: e.ply,
                    have: *next,
                });
            }
            *next += 1;
            match_ids.push(op.id.as_str());
            plies.push(e.ply as i64);
            actors.push(e.actor.as_text());
            actions.push(e.action.as_str());
            ats.push(e.at as i64);
        }
        if op.finished {
            finished.push(op.id.as_str());
        }
        notices.push(Notice::appended(&op.id, *next, &op.entries));
    }
    sqlx::query(
        "INSERT INTO events (match_id, ply, actor, action, at)
         SELECT * FROM UNNEST($1::TEXT[], $2::BIGINT[], $3::TEXT[], $4::TEXT[], $5::BIGINT[])",
    )
    .bind(&match_ids)
    .bind(&plies)
    .bind(&actors)
    .bind(&actions)
    .bind(&ats)
    .execute(&mut *tx)
    .await
    .map_err(|e| match db_err(e) {
        // The key refused a ply written meanwhile: the (first) append is behind its log.
        StoreError::Database(_) if ops.len() == 1 => StoreError::Gap {
            id: ops[0].id.clone(),
            got: ops[0].entries.first().map_or(0, |e| e.ply),
            have: ops[0].entries.first().map_or(0, |e| e.ply) + 1,
        },
        other => other,
    })?;
    if !finished.is_empty() {
        // The leases are locked in the order of their ids, as `claim_leases` writes them
        // (a scan in the table's order could deadlock with a claim).
        for statement in [
            "UPDATE matches SET finished = TRUE WHERE id = ANY($1)",
            "DELETE FROM leases WHERE match_id IN
                (SELECT match_id FROM leases WHERE match_id = ANY($1)
                 ORDER BY match_id FOR UPDATE)",
        ] {
            sqlx::query(statement)
                .bind(&finished)
                .execute(&mut *tx)
                .await
                .map_err(db_err)?;
        }
    }
    for op in ops {
        if let Some(ending) = &op.ending {
            crate::people::rate_pg(&mut tx, &op.id, ending).await?;
        }
    }
    sqlx::query("SELECT pg_notify($1, n) FROM UNNEST($2::TEXT[]) AS n")
        .bind(CHANNEL)
        .bind(&notices)
        .execute(&mut *tx)
        .await
        .map_err(db_err)?;
    Ok(tx)
}
