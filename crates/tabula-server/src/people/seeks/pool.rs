//! The seeks' rows on SQLite or PostgreSQL (one SQL text for both).

use crate::people::db::{Pool, commit_err, db_err, now_ms};
use crate::store::StoreError;

/// A seek as stored (without its owner's secret).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct SeekRow {
    pub id: String,
    pub game: String,
    pub players: i64,
    pub speed: String,
    pub rated: bool,
    pub rating: i64,
    /// The name shown in the lobby and given to the seat.
    pub name: String,
    pub account_id: Option<String>,
    /// The owner's guest cookie, hashed (a signed-in owner has one too).
    pub guest_hash: String,
    pub created_at: i64,
    pub seen_at: i64,
    /// Taken by a pairing (the match may not be made yet).
    pub claimed: bool,
    /// The match, seat and seat token it was given.
    pub paired: Option<(String, i64, String)>,
}

impl SeekRow {
    /// Whether two seeks are one person's (one account, or one browser).
    pub fn same_person(&self, other: &SeekRow) -> bool {
        self.guest_hash == other.guest_hash
            || (self.account_id.is_some() && self.account_id == other.account_id)
    }
}

type Row = (
    String,
    String,
    i64,
    String,
    i64,
    i64,
    String,
    Option<String>,
    String,
    i64,
    i64,
    Option<i64>,
    Option<String>,
    Option<i64>,
    Option<String>,
);

const COLUMNS: &str = "id, game, players, speed, rated, rating, name, account_id, guest_hash, \
    created_at, seen_at, claimed_at, match_id, seat, token";

fn row(r: Row) -> SeekRow {
    let (id, game, players, speed, rated, rating, name, account_id, guest_hash) =
        (r.0, r.1, r.2, r.3, r.4, r.5, r.6, r.7, r.8);
    SeekRow {
        id,
        game,
        players,
        speed,
        rated: rated != 0,
        rating,
        name,
        account_id,
        guest_hash,
        created_at: r.9,
        seen_at: r.10,
        claimed: r.11.is_some(),
        paired: match (r.12, r.13, r.14) {
            (Some(m), Some(s), Some(t)) => Some((m, s, t)),
            _ => None,
        },
    }
}

impl Pool {
    /// Stores a new seek, replacing the owner's other waiting seeks (one queue place per
    /// person).
    pub async fn seek_put(&self, seek: &SeekRow, secret_hash: &str) -> Result<(), StoreError> {
        on_pool!(self, |p| {
            let mut tx = p.begin().await.map_err(db_err)?;
            sqlx::query(
                "DELETE FROM seeks WHERE claimed_at IS NULL \
                 AND (guest_hash = $1 OR account_id = $2)",
            )
            .bind(&seek.guest_hash)
            .bind(&seek.account_id)
            .execute(&mut *tx)
            .await
            .map_err(db_err)?;
            sqlx::query(
                "INSERT INTO seeks (id, secret_hash, game, players, speed, rated, rating, name, \
                 account_id, guest_hash, created_at, seen_at) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)",
            )
            .bind(&seek.id)
            .bind(secret_hash)
            .bind(&seek.game)
            .bind(seek.players)
            .bind(&seek.speed)
            .bind(seek.rated as i64)
            .bind(seek.rating)
            .bind(&seek.name)
            .bind(&seek.account_id)
            .bind(&seek.guest_hash)
            .bind(seek.created_at)
            .bind(seek.seen_at)
            .execute(&mut *tx)
            .await
            .map_err(db_err)?;
            tx.commit().await.map_err(commit_err)
        })
    }

    /// Deletes the seeks not asked about since `fresh_since`, and frees the claims older
    /// than `claims_since` whose match was never made (an instance stopped midway).
    pub async fn seeks_sweep(&self, fresh_since: i64, claims_since: i64) -> Result<(), StoreError> {
        on_pool!(self, |p| {
            sqlx::query("DELETE FROM seeks WHERE seen_at < $1")
                .bind(fresh_since)
                .execute(p)
                .await
                .map_err(db_err)?;
            sqlx::query(
                "UPDATE seeks SET claimed_at = NULL WHERE match_id IS NULL AND claimed_at < $1",
            )
            .bind(claims_since)
            .execute(p)
            .await
            .map_err(db_err)?;
            Ok(())
        })
    }

    /// The waiting seeks (not claimed, asked about since `fresh_since`), oldest first; of one
    /// game when `game` is given.
    pub async fn seeks_waiting(
        &self,
        game: Option<&str>,
        fresh_since: i64,
        limit: i64,
    ) -> Result<Vec<SeekRow>, StoreError> {
        let sql = format!(
            "SELECT {COLUMNS} FROM seeks WHERE claimed_at IS NULL AND seen_at >= $1 \
             AND (CAST($2 AS TEXT) IS NULL OR game = $2) ORDER BY created_at, id LIMIT $3"
        );
        let rows: Vec<Row> = on_pool!(self, |p| {
            sqlx::query_as(&sql)
                .bind(fresh_since)
                .bind(game)
                .bind(limit)
                .fetch_all(p)
                .await
                .map_err(db_err)?
        });
        Ok(rows.into_iter().map(row).collect())
    }

    /// The waiting seeks of one queue (game, players, speed, rated), oldest first.
    pub async fn seeks_queue(
        &self,
        of: &SeekRow,
        fresh_since: i64,
    ) -> Result<Vec<SeekRow>, StoreError> {
        let sql = format!(
            "SELECT {COLUMNS} FROM seeks WHERE claimed_at IS NULL AND seen_at >= $1 \
             AND game = $2 AND players = $3 AND speed = $4 AND rated = $5 \
             ORDER BY created_at, id LIMIT 200"
        );
        let rows: Vec<Row> = on_pool!(self, |p| {
            sqlx::query_as(&sql)
                .bind(fresh_since)
                .bind(&of.game)
                .bind(of.players)
                .bind(&of.speed)
                .bind(of.rated as i64)
                .fetch_all(p)
                .await
                .map_err(db_err)?
        });
        Ok(rows.into_iter().map(row).collect())
    }

    /// The seek `id` if `secret_hash` is its owner's, its heartbeat noted (`seen_at`).
    pub async fn seek_heartbeat(
        &self,
        id: &str,
        secret_hash: &str,
    ) -> Result<Option<SeekRow>, StoreError> {
        let now = now_ms();
        let sql = format!("SELECT {COLUMNS} FROM seeks WHERE id = $1 AND secret_hash = $2");
        let found: Option<Row> = on_pool!(self, |p| {
            let touched =
                sqlx::query("UPDATE seeks SET seen_at = $1 WHERE id = $2 AND secret_hash = $3")
                    .bind(now)
                    .bind(id)
                    .bind(secret_hash)
                    .execute(p)
                    .await
                    .map_err(db_err)?;
            if touched.rows_affected() == 0 {
                None
            } else {
                sqlx::query_as(&sql)
                    .bind(id)
                    .bind(secret_hash)
                    .fetch_optional(p)
                    .await
                    .map_err(db_err)?
            }
        });
        Ok(found.map(row))
    }

    /// Claims every seek of `ids` at once, or none: `false` when one of them is claimed
    /// already or has expired (asked about before `fresh_since`).
    pub async fn seeks_claim(&self, ids: &[&str], fresh_since: i64) -> Result<bool, StoreError> {
        let mut sorted = ids.to_vec();
        sorted.sort_unstable();
        let now = now_ms();
        on_pool!(self, |p| {
            let mut tx = p.begin().await.map_err(db_err)?;
            for id in sorted {
                let done = sqlx::query(
                    "UPDATE seeks SET claimed_at = $1 \
                     WHERE id = $2 AND claimed_at IS NULL AND seen_at >= $3",
                )
                .bind(now)
                .bind(id)
                .bind(fresh_since)
                .execute(&mut *tx)
                .await
                .map_err(db_err)?;
                if done.rows_affected() != 1 {
                    tx.rollback().await.map_err(db_err)?;
                    return Ok(false);
                }
            }
            tx.commit().await.map_err(commit_err)?;
            Ok(true)
        })
    }

    /// Frees claimed seeks (their match could not be made).
    pub async fn seeks_release(&self, ids: &[&str]) -> Result<(), StoreError> {
        on_pool!(self, |p| {
            for id in ids {
                sqlx::query(
                    "UPDATE seeks SET claimed_at = NULL WHERE id = $1 AND match_id IS NULL",
                )
                .bind(id)
                .execute(p)
                .await
                .map_err(db_err)?;
            }
            Ok(())
        })
    }

    /// Gives claimed seeks their match: `(seek, seat, token)` each.
    pub async fn seeks_deliver(
        &self,
        match_id: &str,
        seats: &[(&str, i64, &str)],
    ) -> Result<(), StoreError> {
        on_pool!(self, |p| {
            let mut tx = p.begin().await.map_err(db_err)?;
            for (id, seat, token) in seats {
                sqlx::query("UPDATE seeks SET match_id = $1, seat = $2, token = $3 WHERE id = $4")
                    .bind(match_id)
                    .bind(seat)
                    .bind(token)
                    .bind(id)
                    .execute(&mut *tx)
                    .await
                    .map_err(db_err)?;
            }
            tx.commit().await.map_err(commit_err)
        })
    }

    /// Cancels a waiting seek of its owner: `false` when there is none to cancel (unknown,
    /// expired, or already taken by a pairing).
    pub async fn seek_cancel(&self, id: &str, secret_hash: &str) -> Result<bool, StoreError> {
        on_pool!(self, |p| {
            sqlx::query(
                "DELETE FROM seeks WHERE id = $1 AND secret_hash = $2 AND claimed_at IS NULL",
            )
            .bind(id)
            .bind(secret_hash)
            .execute(p)
            .await
            .map(|r| r.rows_affected() == 1)
            .map_err(db_err)
        })
    }

    /// An account's rating in a game for a number of players, if it has one.
    pub async fn rating_of(
        &self,
        account_id: &str,
        game: &str,
        players: i64,
    ) -> Result<Option<f64>, StoreError> {
        on_pool!(self, |p| {
            sqlx::query_scalar(
                "SELECT rating FROM ratings WHERE account_id = $1 AND game = $2 AND players = $3",
            )
            .bind(account_id)
            .bind(game)
            .bind(players)
            .fetch_optional(p)
            .await
            .map_err(db_err)
        })
    }
}
