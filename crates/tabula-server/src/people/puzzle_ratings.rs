//! Puzzle ratings: Glicko-2 (the `skillratings` crate, as lichess rates puzzles), one per
//! account across every game, the puzzle an opponent of fixed rating.
//!
//! A guest's rating lives in the browser, which sends it with each result and keeps the new
//! one. An account's lives in the store (`puzzle_ratings`), with one row per puzzle tried
//! (`puzzle_attempts`): only the first result of a puzzle is rated, and the attempt and the
//! new rating are written in one transaction, answered once committed.

use super::db::{Pool, db_err};
use crate::store::StoreError;
use skillratings::Outcomes;
use skillratings::glicko2::{Glicko2Config, Glicko2Rating, glicko2};

/// The deviation a puzzle is given as an opponent: its rating is taken as well known.
pub const PUZZLE_DEVIATION: f64 = 50.0;

/// The tables of puzzle ratings (made with the people's tables).
pub(crate) const SCHEMA: &[&str] = &[
    "CREATE TABLE IF NOT EXISTS puzzle_ratings (
        account_id TEXT PRIMARY KEY,
        rating DOUBLE PRECISION NOT NULL,
        deviation DOUBLE PRECISION NOT NULL,
        volatility DOUBLE PRECISION NOT NULL,
        attempts BIGINT NOT NULL)",
    "CREATE TABLE IF NOT EXISTS puzzle_attempts (
        account_id TEXT NOT NULL,
        puzzle_id TEXT NOT NULL,
        solved BIGINT NOT NULL,
        at BIGINT NOT NULL,
        PRIMARY KEY (account_id, puzzle_id))",
];

/// The player's rating after a puzzle of rating `puzzle`, solved or not.
pub fn rate_puzzle(player: Glicko2Rating, puzzle: f64, solved: bool) -> Glicko2Rating {
    let opponent = Glicko2Rating {
        rating: puzzle,
        deviation: PUZZLE_DEVIATION,
        volatility: 0.06,
    };
    let outcome = if solved {
        Outcomes::WIN
    } else {
        Outcomes::LOSS
    };
    glicko2(&player, &opponent, &outcome, &Glicko2Config::new()).0
}

/// Checks a rating a browser sent: finite, rating in 0..=4000, deviation in (0, 350],
/// volatility in (0, 1).
pub fn check_rating(r: &Glicko2Rating) -> Result<(), String> {
    if !(r.rating.is_finite() && (0.0..=4000.0).contains(&r.rating)) {
        return Err(format!("rating.rating: {} is not in 0..4000", r.rating));
    }
    if !(r.deviation.is_finite() && r.deviation > 0.0 && r.deviation <= 350.0) {
        return Err(format!(
            "rating.deviation: {} is not in (0, 350]",
            r.deviation
        ));
    }
    if !(r.volatility.is_finite() && r.volatility > 0.0 && r.volatility < 1.0) {
        return Err(format!(
            "rating.volatility: {} is not in (0, 1)",
            r.volatility
        ));
    }
    Ok(())
}

/// An account's puzzle rating and how many puzzles were rated.
pub(crate) struct Stored {
    pub rating: Glicko2Rating,
    pub attempts: i64,
}

impl Pool {
    /// The puzzle rating of an account (a new player's when it has tried none).
    pub async fn puzzle_rating(&self, account_id: &str) -> Result<Stored, StoreError> {
        let row: Option<(f64, f64, f64, i64)> = on_pool!(self, |p| {
            sqlx::query_as(
                "SELECT rating, deviation, volatility, attempts FROM puzzle_ratings \
                 WHERE account_id = $1",
            )
            .bind(account_id)
            .fetch_optional(p)
            .await
            .map_err(db_err)?
        });
        Ok(stored(row))
    }

    /// Rates the first result of `puzzle_id` for the account, durably: the rating after it
    /// and whether it was rated (a second result of the same puzzle changes nothing).
    pub async fn rate_puzzle(
        &self,
        account_id: &str,
        puzzle_id: &str,
        puzzle_rating: f64,
        solved: bool,
    ) -> Result<(Stored, Stored, bool), StoreError> {
        let now = super::db::now_ms();
        on_pool!(self, |p| {
            let mut tx = p.begin().await.map_err(db_err)?;
            let fresh = Glicko2Rating::new();
            sqlx::query(
                "INSERT INTO puzzle_ratings (account_id, rating, deviation, volatility, attempts) \
                 VALUES ($1, $2, $3, $4, 0) ON CONFLICT (account_id) DO NOTHING",
            )
            .bind(account_id)
            .bind(fresh.rating)
            .bind(fresh.deviation)
            .bind(fresh.volatility)
            .execute(&mut *tx)
            .await
            .map_err(db_err)?;
            let lock = if matches!(self, Pool::Postgres(_)) {
                " FOR UPDATE"
            } else {
                ""
            };
            let row: Option<(f64, f64, f64, i64)> = sqlx::query_as(&format!(
                "SELECT rating, deviation, volatility, attempts FROM puzzle_ratings \
                 WHERE account_id = $1{lock}"
            ))
            .bind(account_id)
            .fetch_optional(&mut *tx)
            .await
            .map_err(db_err)?;
            let before = stored(row);
            let first = sqlx::query(
                "INSERT INTO puzzle_attempts (account_id, puzzle_id, solved, at) \
                 VALUES ($1, $2, $3, $4) ON CONFLICT (account_id, puzzle_id) DO NOTHING",
            )
            .bind(account_id)
            .bind(puzzle_id)
            .bind(i64::from(solved))
            .bind(now)
            .execute(&mut *tx)
            .await
            .map_err(db_err)?
            .rows_affected()
                == 1;
            if !first {
                tx.rollback().await.map_err(db_err)?;
                let same = Stored {
                    rating: before.rating,
                    attempts: before.attempts,
                };
                return Ok((before, same, false));
            }
            let after = Stored {
                rating: rate_puzzle(before.rating, puzzle_rating, solved),
                attempts: before.attempts + 1,
            };
            sqlx::query(
                "UPDATE puzzle_ratings SET rating = $1, deviation = $2, volatility = $3, \
                 attempts = $4 WHERE account_id = $5",
            )
            .bind(after.rating.rating)
            .bind(after.rating.deviation)
            .bind(after.rating.volatility)
            .bind(after.attempts)
            .bind(account_id)
            .execute(&mut *tx)
            .await
            .map_err(db_err)?;
            tx.commit()
                .await
                .map_err(|e| StoreError::OutcomeUnknown(e.to_string()))?;
            Ok((before, after, true))
        })
    }
}

fn stored(row: Option<(f64, f64, f64, i64)>) -> Stored {
    match row {
        Some((rating, deviation, volatility, attempts)) => Stored {
            rating: Glicko2Rating {
                rating,
                deviation,
                volatility,
            },
            attempts,
        },
        None => Stored {
            rating: Glicko2Rating::new(),
            attempts: 0,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn solving_a_harder_puzzle_gains_more_than_an_easier_one_and_failing_loses() {
        let me = Glicko2Rating::new();
        let hard = rate_puzzle(me, 1900.0, true);
        let easy = rate_puzzle(me, 1100.0, true);
        assert!(hard.rating > easy.rating && easy.rating > 1500.0);
        assert!(rate_puzzle(me, 1500.0, false).rating < 1500.0);
        assert!(hard.deviation < me.deviation);
    }

    #[test]
    fn a_browser_rating_out_of_range_is_refused_by_name() {
        let mut r = Glicko2Rating::new();
        assert!(check_rating(&r).is_ok());
        r.deviation = f64::NAN;
        assert!(
            check_rating(&r)
                .unwrap_err()
                .starts_with("rating.deviation")
        );
        r = Glicko2Rating::new();
        r.rating = -3.0;
        assert!(check_rating(&r).unwrap_err().starts_with("rating.rating"));
    }
}
