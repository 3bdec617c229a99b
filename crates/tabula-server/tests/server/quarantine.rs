//! A match the server cannot play on is quarantined, not fatal: a stored match whose bots
//! cannot be made (a level that no longer exists, a search outside the bounds) or whose bot
//! fails while playing is logged, marked `quarantined` in its state, served read-only, and
//! refuses every change; the server starts and serves the other matches. Also: a client may
//! seat only the game's listed levels unless the operator allows search specifications.

use crate::common;

use axum::http::StatusCode;
use common::TestServer;
use common::records::record;
use serde_json::json;
use std::sync::Arc;
use tabula_server::HubOptions;
use tabula_server::store::SeatKind;

crate::both_backends! {
async fn a_stored_match_whose_bots_cannot_be_made_is_quarantined_and_the_server_starts(db: TestDb) {
    let store = db.open().await;
    let broken = record(
        "q1",
        "toy-nim",
        json!({ "players": 2 }),
        vec![SeatKind::Human, SeatKind::Bot("vanished-level".into())],
    );
    let healthy = record(
        "q2",
        "toy-nim",
        json!({ "players": 2 }),
        vec![SeatKind::Human, SeatKind::Bot("random".into())],
    );
    store.create(&broken).await.unwrap();
    store.create(&healthy).await.unwrap();

    let server = TestServer::with_store(store);
    let report = server.hub.restore().await.expect("the server starts");
    assert_eq!(report.resumed, 2, "both matches are served: {:?}", report.failed);

    let state = server.state("q1", Some("tok0")).await;
    let reason = state["quarantined"].as_str().expect("the state says it is quarantined");
    assert!(reason.contains("vanished-level"), "{reason}");
    let (status, answer) = server.act("q1", "tok0", "take1", 0).await;
    assert_eq!(status, StatusCode::CONFLICT, "{answer}");
    assert!(answer["error"].as_str().unwrap().contains("quarantined"), "{answer}");
    assert_eq!(server.state("q1", Some("tok0")).await["ply"], json!(0), "nothing changed");

    // The other match plays on, and the games are listed.
    assert!(server.state("q2", Some("tok0")).await.get("quarantined").is_none());
    let (status, answer) = server.act("q2", "tok0", "take1", 0).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let (status, _) = server.get("/api/games").await;
    assert_eq!(status, StatusCode::OK);
}
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_match_whose_bot_fails_while_playing_is_quarantined_read_only() {
    let server = TestServer::new();
    let m = server
        .create(json!({ "game": "toy-nim", "seats": [{ "human": true }, { "bot": "panicky" }] }))
        .await;
    let (status, answer) = server.act(&m.id, m.token(1), "take1", 0).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let state = server
        .wait_for(&m.id, Some(m.token(1)), 30, |s| {
            s.get("quarantined").is_some()
        })
        .await;
    assert!(
        state["quarantined"]
            .as_str()
            .unwrap()
            .contains("seat 2's bot failed"),
        "{state}"
    );
    let ply = state["ply"].as_u64().unwrap();
    let (status, answer) = server
        .post(
            &format!("/api/matches/{}/table", m.id),
            json!({ "token": m.token(1), "request": "resign" }),
        )
        .await;
    assert_eq!(status, StatusCode::CONFLICT, "{answer}");
    let (status, _) = server.act(&m.id, m.token(1), "take1", ply).await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert_eq!(server.state(&m.id, None).await["ply"], json!(ply));
}

#[tokio::test]
async fn a_seat_bot_from_a_client_must_be_a_listed_level() {
    let server = TestServer::new();
    for spec in [
        "mcts:iterations=10:threads=2:nodes=1000000000000000",
        "alphabeta:tt=30",
        "random:x=1",
        "strong:threads=64",
    ] {
        let (status, answer) = server
            .post(
                "/api/matches",
                json!({ "game": "connect-four", "seats": [{ "bot": spec }, { "human": true }] }),
            )
            .await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{spec} → {answer}");
        let error = answer["error"].as_str().unwrap();
        assert!(
            error.starts_with("seats[0].bot:") && error.contains("expert"),
            "{spec} → {error}"
        );
    }
    server
        .create(
            json!({ "game": "connect-four", "seats": [{ "bot": "expert" }, { "human": true }] }),
        )
        .await;
}

#[tokio::test]
async fn an_operator_may_allow_search_specifications_in_seats() {
    let server = TestServer::with_options(
        Arc::new(tabula_server::MemoryStore::new()),
        HubOptions {
            allow_bot_specs: true,
            ..HubOptions::default()
        },
    );
    server
        .create(json!({ "game": "connect-four",
                        "seats": [{ "bot": "mcts:iterations=10" }, { "human": true }] }))
        .await;
    let (status, answer) = server
        .post(
            "/api/matches",
            json!({ "game": "connect-four", "seats": [{ "bot": "mcts:c=x" }, { "human": true }] }),
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");
}
