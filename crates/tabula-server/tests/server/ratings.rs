//! Ratings through the API, on both stores: a rated match between two accounts changes both
//! ratings once, in the transaction that ends it (three accounts by Weng-Lin); casual matches
//! and matches with a guest stay unrated; a rated match is people only from the start; two instances on one
//! PostgreSQL database ending the same rated match rate it once.

use crate::common;

use axum::http::StatusCode;
use common::backends::{Backend, TestDb};
use common::browser::Browser;
use common::{Created, TestServer};
use serde_json::{Value, json};
use std::sync::Arc;
use tabula_server::PgStore;

async fn account(server: &TestServer, name: &str) -> Browser {
    Browser::signed_up(server, name).await
}

/// A toy-nim match of two people, seat 1 named by `one`, seat 2 by `two`.
async fn match_of(
    server: &TestServer,
    one: &mut Browser,
    two: &mut Browser,
    rated: bool,
) -> Created {
    let m = server
        .create(json!({ "game": "toy-nim", "seats": [{ "human": true }, { "human": true }], "rated": rated }))
        .await;
    let uri = format!("/api/matches/{}/name", m.id);
    for (b, seat) in [(one, 1), (two, 2)] {
        let (status, body) = b
            .post(
                server,
                &uri,
                json!({ "token": m.token(seat), "name": "Guest Someone" }),
            )
            .await;
        // Signed in: the account's name is taken whatever was given; a guest keeps the nickname.
        assert!(
            status == StatusCode::OK || status == StatusCode::BAD_REQUEST,
            "{body}"
        );
        if status == StatusCode::BAD_REQUEST {
            let (status, body) = b
                .post(server, &uri, json!({ "token": m.token(seat) }))
                .await;
            assert_eq!(status, StatusCode::OK, "{body}");
        }
    }
    m
}

async fn resign(server: &TestServer, m: &Created, seat: usize) -> StatusCode {
    let uri = format!("/api/matches/{}/table", m.id);
    server
        .post(&uri, json!({ "token": m.token(seat), "request": "resign" }))
        .await
        .0
}

async fn ratings(server: &TestServer, name: &str) -> Value {
    let (status, page) = server.get(&format!("/api/players/{name}")).await;
    assert_eq!(status, StatusCode::OK, "{page}");
    page["ratings"].clone()
}

crate::both_backends! {
    async fn a_rated_match_between_accounts_changes_both_ratings_once_when_it_ends(db: TestDb) {
        let server = TestServer::with_store(db.open().await);
        let (mut ada, mut bob) = (account(&server, "Ada").await, account(&server, "Bob").await);
        let m = match_of(&server, &mut ada, &mut bob, true).await;
        assert_eq!(server.state(&m.id, None).await["rated"], true);
        assert_eq!(ratings(&server, "ada").await, json!([]), "nothing before the end");
        assert_eq!(resign(&server, &m, 2).await, StatusCode::OK);
        let (a, b) = (ratings(&server, "ada").await, ratings(&server, "bob").await);
        assert_eq!(a.as_array().unwrap().len(), 1, "{a}");
        assert_eq!((a[0]["game"].clone(), a[0]["players"].clone(), a[0]["games"].clone()), (json!("toy-nim"), json!(2), json!(1)));
        assert!(a[0]["rating"].as_f64().unwrap() > 1500.0 && b[0]["rating"].as_f64().unwrap() < 1500.0, "{a} {b}");
        assert_eq!((a[0]["provisional"].clone(), b[0]["provisional"].clone()), (json!(true), json!(true)));
        // Once: a second ending is refused and changes nothing.
        assert_eq!(resign(&server, &m, 1).await, StatusCode::CONFLICT);
        assert_eq!(ratings(&server, "ada").await, a);
        let (status, board) = server.get("/api/leaderboard/toy-nim").await;
        assert_eq!(status, StatusCode::OK, "{board}");
        let names: Vec<&str> = board["leaders"].as_array().unwrap().iter().map(|l| l["name"].as_str().unwrap()).collect();
        assert_eq!(names, ["Ada", "Bob"]);
        // Kept: a restarted server shows the same.
        drop(server);
        let server = TestServer::with_store(db.open().await);
        assert_eq!(ratings(&server, "bob").await, b);
    }

    async fn casual_matches_and_matches_with_a_guest_stay_unrated(db: TestDb) {
        let server = TestServer::with_store(db.open().await);
        let (mut ada, mut bob) = (account(&server, "Ada").await, account(&server, "Bob").await);
        let casual = match_of(&server, &mut ada, &mut bob, false).await;
        assert_eq!(server.state(&casual.id, None).await["rated"], false);
        assert_eq!(resign(&server, &casual, 1).await, StatusCode::OK);
        let mut guest = Browser::default();
        let with_guest = match_of(&server, &mut ada, &mut guest, true).await;
        assert_eq!(resign(&server, &with_guest, 2).await, StatusCode::OK);
        assert!(common::over(&server.state(&with_guest.id, None).await), "the match ends all the same");
        assert_eq!(ratings(&server, "ada").await, json!([]));
        assert_eq!(ratings(&server, "bob").await, json!([]));
        let (_, board) = server.get("/api/leaderboard/toy-nim").await;
        assert_eq!(board["leaders"], json!([]));
    }

    async fn a_rated_match_whose_rating_cannot_be_stored_does_not_end(db: TestDb) {
        let server = TestServer::with_store(db.open().await);
        let (mut ada, mut bob) = (account(&server, "Ada").await, account(&server, "Bob").await);
        let m = match_of(&server, &mut ada, &mut bob, true).await;
        // The rating and the ending are one transaction: without the table of rating
        // changes, neither is stored.
        db.execute("ALTER TABLE rating_changes RENAME TO rating_changes_away").await;
        assert!(resign(&server, &m, 2).await.is_server_error());
        assert!(!common::over(&server.state(&m.id, None).await), "the match goes on");
        assert_eq!(ratings(&server, "ada").await, json!([]));
        db.execute("ALTER TABLE rating_changes_away RENAME TO rating_changes").await;
        assert_eq!(resign(&server, &m, 2).await, StatusCode::OK);
        assert_eq!(ratings(&server, "ada").await[0]["games"], 1);
    }

    async fn a_rated_match_of_three_rates_all_three_with_weng_lin_once_it_ends(db: TestDb) {
        let server = TestServer::with_store(db.open().await);
        let mut people = Vec::new();
        for name in ["Ada", "Bob", "Cid"] {
            people.push(account(&server, name).await);
        }
        let m = server
            .create(json!({ "game": "toy-race", "params": { "players": 3, "target": 2 },
                            "seats": [{ "human": true }, { "human": true }, { "human": true }],
                            "rated": true }))
            .await;
        let uri = format!("/api/matches/{}/name", m.id);
        for (i, b) in people.iter_mut().enumerate() {
            let (status, body) = b.post(&server, &uri, json!({ "token": m.token(i + 1) })).await;
            assert_eq!(status, StatusCode::OK, "{body}");
        }
        // Seat 1 claims and scores twice: it wins, the two others share the last place.
        for (ply, action) in ["claim", "hit", "claim", "hit"].into_iter().enumerate() {
            let (status, body) = server.act(&m.id, m.token(1), action, ply as u64).await;
            assert_eq!(status, StatusCode::OK, "{action}: {body}");
        }
        assert!(common::over(&server.state(&m.id, None).await));
        let mut after = Vec::new();
        for name in ["ada", "bob", "cid"] {
            let r = ratings(&server, name).await;
            assert_eq!(r.as_array().unwrap().len(), 1, "{name}: {r}");
            assert_eq!((r[0]["game"].clone(), r[0]["players"].clone(), r[0]["games"].clone()), (json!("toy-race"), json!(3), json!(1)), "{r}");
            after.push(r[0]["rating"].as_f64().unwrap());
        }
        assert!(after[0] > 1500.0 && after[1] < 1500.0, "{after:?}");
        assert!((after[1] - after[2]).abs() < 1e-6, "tied places move alike: {after:?}");
        let (_, board) = server.get("/api/leaderboard/toy-race?players=3").await;
        let names: Vec<&str> = board["leaders"].as_array().unwrap().iter().map(|l| l["name"].as_str().unwrap()).collect();
        assert_eq!(names[0], "Ada", "{board}");
        let (_, two) = server.get("/api/leaderboard/toy-race?players=2").await;
        assert_eq!(two["leaders"], json!([]), "ratings are per number of players");
    }
}

#[tokio::test]
async fn a_rated_match_is_people_only_from_the_start() {
    let server = TestServer::new();
    for (body, why) in [
        (
            json!({ "game": "toy-nim", "seats": [{ "human": true }, { "bot": "random" }], "rated": true }),
            "seat 2 is a bot's",
        ),
        (
            json!({ "game": "toy-nim", "seats": [{ "human": true }, { "human": true }], "params": { "rated": true } }),
            "params.rated",
        ),
        (
            json!({ "game": "toy-race", "params": { "players": 3 }, "seats": [{ "human": true }, { "human": true }, { "bot": "random" }], "rated": true }),
            "seat 3 is a bot's",
        ),
    ] {
        let (status, answer) = server.post("/api/matches", body.clone()).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body} → {answer}");
        assert!(answer["error"].as_str().unwrap().contains(why), "{answer}");
    }
    let (_, list) = server.get("/api/matches").await;
    assert_eq!(list["matches"], json!([]), "nothing was created");
    let (status, _) = server.get("/api/leaderboard/no-such-game").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, _) = server.get("/api/leaderboard/toy-nim?players=x").await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
}

/// `--memory`: people and their ratings live in memory with the matches, and a rated match
/// is rated all the same (for as long as the server runs).
#[tokio::test]
async fn the_memory_store_rates_a_rated_match_too() {
    let server = TestServer::new();
    let (mut ada, mut bob) = (account(&server, "Ada").await, account(&server, "Bob").await);
    let m = match_of(&server, &mut ada, &mut bob, true).await;
    assert_eq!(resign(&server, &m, 1).await, StatusCode::OK);
    let (a, b) = (ratings(&server, "ada").await, ratings(&server, "bob").await);
    assert!(a[0]["rating"].as_f64().unwrap() < 1500.0, "{a}");
    assert!(b[0]["rating"].as_f64().unwrap() > 1500.0, "{b}");
    assert_eq!(resign(&server, &m, 2).await, StatusCode::CONFLICT);
    assert_eq!(ratings(&server, "bob").await, b, "once");
}

/// An in-process instance on the database at `location`, following the others.
async fn instance(location: &str) -> TestServer {
    let pg = PgStore::open(location).await.unwrap();
    let server = TestServer::with_store(Arc::new(pg.clone()));
    server.hub.join_cluster(pg).await.unwrap();
    server
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_instances_ending_the_same_rated_match_rate_it_once() {
    let db = TestDb::new(Backend::Postgres, "rated_twice").await;
    let (a, b) = (instance(&db.location).await, instance(&db.location).await);
    let (mut ada, mut bob) = (account(&a, "Ada").await, account(&b, "Bob").await);
    let m = match_of(&a, &mut ada, &mut bob, true).await;
    // Both seats resign at once, one through each instance: one ends the match.
    let (one, two) = tokio::join!(resign(&a, &m, 1), resign(&b, &m, 2));
    let mut answers = [one, two];
    answers.sort();
    assert_eq!(answers, [StatusCode::OK, StatusCode::CONFLICT]);
    for server in [&a, &b] {
        for name in ["ada", "bob"] {
            let r = ratings(server, name).await;
            assert_eq!(r[0]["games"], 1, "{name}: {r}");
        }
    }
    let winner = if one == StatusCode::OK { "bob" } else { "ada" };
    assert!(ratings(&a, winner).await[0]["rating"].as_f64().unwrap() > 1500.0);
    let pool = sqlx::PgPool::connect(&db.location).await.unwrap();
    let changes: i64 =
        sqlx::query_scalar("SELECT COUNT(*) FROM rating_changes WHERE match_id = $1")
            .bind(&m.id)
            .fetch_one(&pool)
            .await
            .unwrap();
    assert_eq!(changes, 2, "one change per account, once");

    // Two other matches of Ada's ending at once, one on each instance, both count.
    let (mut cid, mut dee) = (account(&a, "Cid").await, account(&b, "Dee").await);
    let first = match_of(&a, &mut ada, &mut cid, true).await;
    let second = match_of(&b, &mut ada, &mut dee, true).await;
    let (one, two) = tokio::join!(resign(&a, &first, 2), resign(&b, &second, 2));
    assert_eq!((one, two), (StatusCode::OK, StatusCode::OK));
    assert_eq!(ratings(&a, "ada").await[0]["games"], 3);
}
