//! Block lists: an account may block another account. The blocked person's chat messages are
//! not delivered to the blocker (`api/chat.rs`, `api/ws.rs`), and quick pairing never seats
//! two people of whom one blocks the other (`seeks.rs`). Kept in the table `blocks` of the
//! people's database; each change is answered once committed.

use super::Pool;
use super::db::db_err;
use crate::store::StoreError;
use std::collections::HashSet;

/// The table of blocks (made with the people's tables).
pub(super) const SCHEMA: &[&str] = &["CREATE TABLE IF NOT EXISTS blocks (
        account_id TEXT NOT NULL,
        blocked_id TEXT NOT NULL,
        at BIGINT NOT NULL,
        PRIMARY KEY (account_id, blocked_id))"];

/// The most accounts one account may block.
pub const MAX_BLOCKS: i64 = 1000;

/// One blocked account, as its blocker's list shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Blocked {
    pub name: String,
    pub at: i64,
}

/// Pairs (blocker, blocked) of account ids.
pub(crate) type BlockPairs = HashSet<(String, String)>;

/// Whether `a` and `b` are kept apart: one blocks the other.
pub(crate) fn apart(pairs: &BlockPairs, a: Option<&str>, b: Option<&str>) -> bool {
    match (a, b) {
        (Some(a), Some(b)) => {
            pairs.contains(&(a.to_string(), b.to_string()))
                || pairs.contains(&(b.to_string(), a.to_string()))
        }
        _ => false,
    }
}

impl Pool {
    /// Adds `blocked` to the block list of `account` (kept once): `false` when the list is
    /// full.
    pub async fn block(&self, account: &str, blocked: &str, at: i64) -> Result<bool, StoreError> {
        on_pool!(self, |p| {
            let held: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM blocks WHERE account_id = $1")
                .bind(account)
                .fetch_one(p)
                .await
                .map_err(db_err)?;
            if held >= MAX_BLOCKS {
                return Ok(false);
            }
            sqlx::query(
                "INSERT INTO blocks (account_id, blocked_id, at) VALUES ($1, $2, $3) \
                 ON CONFLICT (account_id, blocked_id) DO NOTHING",
            )
            .bind(account)
            .bind(blocked)
            .bind(at)
            .execute(p)
            .await
            .map(|_| true)
            .map_err(db_err)
        })
    }

    /// Takes `blocked` off the block list of `account`: whether it was on it.
    pub async fn unblock(&self, account: &str, blocked: &str) -> Result<bool, StoreError> {
        on_pool!(self, |p| {
            sqlx::query("DELETE FROM blocks WHERE account_id = $1 AND blocked_id = $2")
                .bind(account)
                .bind(blocked)
                .execute(p)
                .await
                .map(|r| r.rows_affected() > 0)
                .map_err(db_err)
        })
    }

    /// The block list of `account`, by name, most recent first.
    pub async fn blocks_of(&self, account: &str) -> Result<Vec<Blocked>, StoreError> {
        let rows: Vec<(String, i64)> = on_pool!(self, |p| {
            sqlx::query_as(
                "SELECT a.name, b.at FROM blocks b JOIN accounts a ON a.id = b.blocked_id \
                 WHERE b.account_id = $1 ORDER BY b.at DESC, a.name",
            )
            .bind(account)
            .fetch_all(p)
            .await
            .map_err(db_err)?
        });
        Ok(rows
            .into_iter()
            .map(|(name, at)| Blocked { name, at })
            .collect())
    }

    /// Whether `account` blocks `author`.
    pub async fn blocks(&self, account: &str, author: &str) -> Result<bool, StoreError> {
        on_pool!(self, |p| {
            sqlx::query_scalar::<_, i64>(
                "SELECT 1 FROM blocks WHERE account_id = $1 AND blocked_id = $2",
            )
            .bind(account)
            .bind(author)
            .fetch_optional(p)
            .await
            .map(|found| found.is_some())
            .map_err(db_err)
        })
    }

    /// The accounts `account` blocks.
    pub async fn blocked_ids(&self, account: &str) -> Result<HashSet<String>, StoreError> {
        let rows: Vec<String> = on_pool!(self, |p| {
            sqlx::query_scalar("SELECT blocked_id FROM blocks WHERE account_id = $1")
                .bind(account)
                .fetch_all(p)
                .await
                .map_err(db_err)?
        });
        Ok(rows.into_iter().collect())
    }

    /// The blocks between the accounts `ids` (each pair: blocker, blocked).
    pub async fn blocks_among(&self, ids: &[&str]) -> Result<BlockPairs, StoreError> {
        if ids.len() < 2 {
            return Ok(BlockPairs::new());
        }
        let list: Vec<String> = (1..=ids.len()).map(|i| format!("${i}")).collect();
        let list = list.join(", ");
        let sql = format!(
            "SELECT account_id, blocked_id FROM blocks \
             WHERE account_id IN ({list}) AND blocked_id IN ({list})"
        );
        let rows: Vec<(String, String)> = on_pool!(self, |p| {
            let mut query = sqlx::query_as(&sql);
            for id in ids {
                query = query.bind(*id);
            }
            query.fetch_all(p).await.map_err(db_err)?
        });
        Ok(rows.into_iter().collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_block_keeps_both_apart_and_guests_are_never_apart() {
        let pairs: BlockPairs = [("a".to_string(), "b".to_string())].into_iter().collect();
        assert!(apart(&pairs, Some("a"), Some("b")));
        assert!(apart(&pairs, Some("b"), Some("a")));
        assert!(!apart(&pairs, Some("a"), Some("c")));
        assert!(!apart(&pairs, None, Some("b")));
    }
}
