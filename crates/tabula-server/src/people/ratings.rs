//! Ratings per account, game and number of players, for rated matches between accounts (the
//! `skillratings` crate): Glicko-2 (lichess's system) for two players, Weng-Lin (the
//! Bradley-Terry full-pair model, OpenSkill's) for three to five, where each seat's rank
//! against every other counts.
//!
//! A rated match is rated in the very transaction that stores its last entries (the one that
//! marks it finished: `store/sqlite_write.rs`, `store/postgres_write.rs`), so its ratings
//! change exactly when it ends, once: the append that ends a match is stored once (any other
//! is refused as a gap, on every instance of a shared database), and the rating change of each
//! account is kept under the key (match, account), which a second rating would break.
//! A rated match with a seat held by no account (a guest, or a deleted account) or by one
//! account at two seats ends unrated.
//!
//! A rating starts at 1500 with a deviation of 350 and a volatility of 0.06; it is
//! *provisional* while its deviation is at least [`PROVISIONAL_DEVIATION`] (as on lichess).
//! Weng-Lin works on its own scale (25 ± 25/3, skill-class width 25/6); it is kept on the
//! same scale as Glicko-2's by a linear map (1500 ± 350, width 175: [`WENG_LIN_SCALE`]), which
//! changes nothing in its model (only differences of skill count), so that the deviation
//! column and the provisional mark read alike for every number of players.

use super::db::db_err;
use crate::store::StoreError;
use skillratings::glicko2::{Glicko2Config, Glicko2Rating, glicko2};
use skillratings::weng_lin::{WengLinConfig, WengLinRating, weng_lin_multi_team};
use skillratings::{MultiTeamOutcome, Outcomes};
use sqlx::postgres::PgConnection;
use sqlx::sqlite::SqliteConnection;

/// A rating is provisional while its deviation is at least this.
pub const PROVISIONAL_DEVIATION: f64 = 110.0;

/// Weng-Lin's default scale (25 ± 25/3) to the stored one (1500 ± 350).
pub const WENG_LIN_SCALE: f64 = 350.0 / (25.0 / 3.0);

/// The most seats a rated match may have.
pub const MAX_RATED_SEATS: usize = 5;

/// The tables of ratings (made with the people's tables, when the store opens).
pub(crate) const SCHEMA: &[&str] = &[
    "CREATE TABLE IF NOT EXISTS ratings (
        account_id TEXT NOT NULL,
        game TEXT NOT NULL,
        players BIGINT NOT NULL,
        rating DOUBLE PRECISION NOT NULL,
        deviation DOUBLE PRECISION NOT NULL,
        volatility DOUBLE PRECISION NOT NULL,
        games BIGINT NOT NULL,
        PRIMARY KEY (account_id, game, players))",
    "CREATE INDEX IF NOT EXISTS ratings_board ON ratings (game, players, rating)",
    "CREATE TABLE IF NOT EXISTS rating_changes (
        match_id TEXT NOT NULL,
        account_id TEXT NOT NULL,
        rating_before DOUBLE PRECISION NOT NULL,
        rating_after DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (match_id, account_id))",
];

/// The key of a rated match's flag in its record's parameters (beside `clock`; the game is
/// never given it).
pub const RATED: &str = "rated";

/// Whether a match's record (its parameters) says it is rated.
pub fn is_rated(params: &serde_json::Value) -> bool {
    params.get(RATED).and_then(serde_json::Value::as_bool) == Some(true)
}

/// Checks a creation's `rated`: a rated match has two to five seats, all people's, and starts
/// from the game's own start; the game's `params` may not name `rated`.
pub(crate) fn check_rated(
    rated: bool,
    params: &serde_json::Map<String, serde_json::Value>,
    seats: &[crate::live::SeatSpec],
    from_position: bool,
) -> Result<(), crate::ApiError> {
    let refuse = |why: String| Err(crate::ApiError::bad_request(why));
    if params.contains_key(RATED) {
        return refuse(
            "params.rated: not a parameter of the game: give `rated` beside `params`".into(),
        );
    }
    if !rated {
        return Ok(());
    }
    if !(2..=MAX_RATED_SEATS).contains(&seats.len()) {
        return refuse(format!(
            "rated: matches of 2 to {MAX_RATED_SEATS} players are rated, not of {}",
            seats.len()
        ));
    }
    if let Some(i) = seats
        .iter()
        .position(|s| matches!(s, crate::live::SeatSpec::Bot(_)))
    {
        return refuse(format!(
            "rated: a rated match is between people, and seat {} is a bot's",
            i + 1
        ));
    }
    if from_position {
        return refuse("rated: a match from a position is not rated".into());
    }
    Ok(())
}

/// How a rated match ended, for its ratings: given with the append that ends it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ending {
    /// The game's registry name.
    pub game: String,
    /// A rank per seat, seat 1 first (1 best; equal ranks are a draw).
    pub ranks: Vec<u8>,
}

/// Player one's and player two's new ratings after a game in which they got these ranks.
pub fn rate_pair(
    one: Glicko2Rating,
    two: Glicko2Rating,
    rank_one: u8,
    rank_two: u8,
) -> (Glicko2Rating, Glicko2Rating) {
    let outcome = match rank_one.cmp(&rank_two) {
        std::cmp::Ordering::Less => Outcomes::WIN,
        std::cmp::Ordering::Greater => Outcomes::LOSS,
        std::cmp::Ordering::Equal => Outcomes::DRAW,
    };
    glicko2(&one, &two, &outcome, &Glicko2Config::new())
}

/// New ratings of three or more players (Weng-Lin, on the stored scale) after a game in
/// which they got these ranks (1 best; equal ranks tie), in the same order.
pub fn rate_many(before: &[Glicko2Rating], ranks: &[u8]) -> Vec<Glicko2Rating> {
    let to_wl = |r: &Glicko2Rating| {
        [WengLinRating {
            rating: 25.0 + (r.rating - 1500.0) / WENG_LIN_SCALE,
            uncertainty: r.deviation / WENG_LIN_SCALE,
        }]
    };
    let teams: Vec<[WengLinRating; 1]> = before.iter().map(to_wl).collect();
    let entries: Vec<(&[WengLinRating], MultiTeamOutcome)> = teams
        .iter()
        .zip(ranks)
        .map(|(team, &rank)| (&team[..], MultiTeamOutcome::new(rank as usize)))
        .collect();
    weng_lin_multi_team(&entries, &WengLinConfig::new())
        .into_iter()
        .zip(before)
        .map(|(team, old)| Glicko2Rating {
            rating: 1500.0 + (team[0].rating - 25.0) * WENG_LIN_SCALE,
            deviation: team[0].uncertainty * WENG_LIN_SCALE,
            volatility: old.volatility,
        })
        .collect()
}

/// New ratings after a game with these ranks: Glicko-2 for two players, Weng-Lin for more.
fn rate_all(before: &[Glicko2Rating], ranks: &[u8]) -> Vec<Glicko2Rating> {
    if let ([one, two], [r1, r2]) = (before, ranks) {
        let (one, two) = rate_pair(*one, *two, *r1, *r2);
        vec![one, two]
    } else {
        rate_many(before, ranks)
    }
}

/// The accounts to rate, seat 1's first: `None` unless every seat of the ending (2 to
/// [`MAX_RATED_SEATS`]) is held by an account, each by a different one.
fn rated_accounts(seats: &[(i64, Option<String>)], ending: &Ending) -> Option<Vec<String>> {
    let n = ending.ranks.len();
    if !(2..=MAX_RATED_SEATS).contains(&n) || seats.len() != n {
        return None;
    }
    let mut accounts = Vec::with_capacity(n);
    for (i, (seat, account)) in seats.iter().enumerate() {
        let account = account.clone()?;
        if *seat != i as i64 + 1 || accounts.contains(&account) {
            return None;
        }
        accounts.push(account);
    }
    Some(accounts)
}

/// One body for both databases (the same SQL; the connection's type differs).
macro_rules! rate {
    ($conn:ident, $id:ident, $ending:ident, $lock:literal) => {{
        let seats: Vec<(i64, Option<String>)> = sqlx::query_as(
            "SELECT seat, account_id FROM seat_people WHERE match_id = $1 ORDER BY seat",
        )
        .bind($id)
        .fetch_all(&mut *$conn)
        .await
        .map_err(db_err)?;
        let Some(accounts) = rated_accounts(&seats, $ending) else {
            return Ok(false);
        };
        // Each rating row is made if missing, then locked (PostgreSQL: `FOR UPDATE`, in the
        // order of the accounts' ids, so that two instances rating other matches of the same
        // accounts wait for each other instead of losing an update; SQLite has one writer).
        let players = accounts.len() as i64;
        let mut order: Vec<usize> = (0..accounts.len()).collect();
        order.sort_by(|&i, &j| accounts[i].cmp(&accounts[j]));
        let mut before = vec![Glicko2Rating::new(); accounts.len()];
        for i in order {
            let fresh = Glicko2Rating::new();
            sqlx::query(
                "INSERT INTO ratings (account_id, game, players, rating, deviation, volatility, games) \
                 VALUES ($1, $2, $3, $4, $5, $6, 0) ON CONFLICT (account_id, game, players) DO NOTHING",
            )
            .bind(&accounts[i])
            .bind(&$ending.game)
            .bind(players)
            .bind(fresh.rating)
            .bind(fresh.deviation)
            .bind(fresh.volatility)
            .execute(&mut *$conn)
            .await
            .map_err(db_err)?;
            let (rating, deviation, volatility): (f64, f64, f64) = sqlx::query_as(&format!(
                "SELECT rating, deviation, volatility FROM ratings \
                 WHERE account_id = $1 AND game = $2 AND players = $3{}",
                $lock
            ))
            .bind(&accounts[i])
            .bind(&$ending.game)
            .bind(players)
            .fetch_one(&mut *$conn)
            .await
            .map_err(db_err)?;
            before[i] = Glicko2Rating {
                rating,
                deviation,
                volatility,
            };
        }
        let after = rate_all(&before, &$ending.ranks);
        for ((account, old), new) in accounts.iter().zip(&before).zip(after) {
            sqlx::query(
                "UPDATE ratings SET rating = $1, deviation = $2, volatility = $3, \
                 games = games + 1 WHERE account_id = $4 AND game = $5 AND players = $6",
            )
            .bind(new.rating)
            .bind(new.deviation)
            .bind(new.volatility)
            .bind(account)
            .bind(&$ending.game)
            .bind(players)
            .execute(&mut *$conn)
            .await
            .map_err(db_err)?;
            sqlx::query(
                "INSERT INTO rating_changes (match_id, account_id, rating_before, rating_after) \
                 VALUES ($1, $2, $3, $4)",
            )
            .bind($id)
            .bind(account)
            .bind(old.rating)
            .bind(new.rating)
            .execute(&mut *$conn)
            .await
            .map_err(db_err)?;
        }
        Ok(true)
    }};
}

/// Rates match `id` on SQLite, inside the caller's transaction: whether it was rated.
pub(crate) async fn rate_sqlite(
    conn: &mut SqliteConnection,
    id: &str,
    ending: &Ending,
) -> Result<bool, StoreError> {
    rate!(conn, id, ending, "")
}

/// Rates match `id` on PostgreSQL, inside the caller's transaction: whether it was rated.
pub(crate) async fn rate_pg(
    conn: &mut PgConnection,
    id: &str,
    ending: &Ending,
) -> Result<bool, StoreError> {
    rate!(conn, id, ending, " FOR UPDATE")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_win_raises_the_winner_and_lowers_the_loser_and_a_draw_between_equals_moves_neither() {
        let (w, l) = rate_pair(Glicko2Rating::new(), Glicko2Rating::new(), 1, 2);
        assert!(w.rating > 1500.0 && l.rating < 1500.0, "{w:?} {l:?}");
        assert!(w.deviation < 350.0, "a game makes the rating surer");
        let (a, b) = rate_pair(Glicko2Rating::new(), Glicko2Rating::new(), 1, 1);
        assert!((a.rating - 1500.0).abs() < 1e-6 && (b.rating - 1500.0).abs() < 1e-6);
    }

    #[test]
    fn only_seats_all_held_by_different_accounts_are_rated() {
        let ending = |n: usize| Ending {
            game: "g".into(),
            ranks: (1..=n as u8).collect(),
        };
        let seat = |n: i64, a: Option<&str>| (n, a.map(str::to_string));
        let two = [seat(1, Some("a")), seat(2, Some("b"))];
        assert!(rated_accounts(&two, &ending(2)).is_some());
        assert!(rated_accounts(&[seat(1, Some("a")), seat(2, None)], &ending(2)).is_none());
        assert!(rated_accounts(&[seat(1, Some("a")), seat(2, Some("a"))], &ending(2)).is_none());
        assert!(rated_accounts(&two[..1], &ending(2)).is_none());
        let three = [seat(1, Some("a")), seat(2, Some("b")), seat(3, Some("c"))];
        assert_eq!(rated_accounts(&three, &ending(3)).unwrap(), ["a", "b", "c"]);
        let twice = [seat(1, Some("a")), seat(2, Some("b")), seat(3, Some("a"))];
        assert!(rated_accounts(&twice, &ending(3)).is_none());
        assert!(
            rated_accounts(&three, &ending(2)).is_none(),
            "seats and ranks must agree"
        );
        let six: Vec<_> = (1..=6)
            .map(|i| seat(i, Some(["a", "b", "c", "d", "e", "f"][i as usize - 1])))
            .collect();
        assert!(rated_accounts(&six, &ending(6)).is_none(), "at most five");
    }

    #[test]
    fn weng_lin_raises_the_winner_lowers_the_last_and_keeps_the_scale() {
        let fresh = vec![Glicko2Rating::new(); 3];
        let after = rate_many(&fresh, &[1, 2, 3]);
        assert!(after[0].rating > 1500.0, "{after:?}");
        assert!(
            (after[1].rating - 1500.0).abs() < 1.0,
            "the middle of equals stays: {after:?}"
        );
        assert!(after[2].rating < 1500.0, "{after:?}");
        assert!(
            after
                .iter()
                .all(|r| r.deviation < 350.0 && r.deviation > 250.0),
            "{after:?}"
        );
        // Ties: two winners share the gain; the order of the list does not matter.
        let tied = rate_many(&fresh, &[1, 1, 2]);
        assert!((tied[0].rating - tied[1].rating).abs() < 1e-9, "{tied:?}");
        let turned = rate_many(&fresh, &[2, 1, 1]);
        assert!((turned[1].rating - tied[0].rating).abs() < 1e-9);
        // Glicko-2 stays for two players.
        let two = rate_all(&fresh[..2], &[1, 2]);
        let (w, l) = rate_pair(fresh[0], fresh[1], 1, 2);
        assert_eq!(two, [w, l]);
    }
}
