//! Bad input changes nothing and answers clearly: 400 malformed JSON or notation (with the
//! reason), 403 wrong or missing token, 404 unknown match, 409 stale ply, 413 too large a
//! body, 422 out of turn or illegal (with the reason), 500 when the store fails.

use crate::common;

use axum::http::StatusCode;
use common::stores::FaultyStore;
use common::{TestServer, over};
use serde_json::{Value, json};
use std::sync::Arc;
use std::sync::atomic::Ordering;
use tabula_server::MatchStore;

async fn nim(server: &TestServer) -> common::Created {
    server
        .create(json!({ "game": "toy-nim", "seats": [{ "human": true }, { "human": true }] }))
        .await
}

/// Asserts the status and that the reason mentions `needle`; then that the match is unchanged.
async fn refused(
    server: &TestServer,
    id: &str,
    answer: (StatusCode, Value),
    status: StatusCode,
    needle: &str,
) {
    let before = server.state(id, None).await;
    assert_eq!(answer.0, status, "{}", answer.1);
    let reason = answer.1["error"].as_str().expect("an error reason");
    assert!(
        reason.contains(needle),
        "`{reason}` should mention `{needle}`"
    );
    assert_eq!(server.state(id, None).await, before);
}

#[tokio::test]
async fn unknown_match_is_404() {
    let server = TestServer::new();
    for uri in [
        "/api/matches/0123456789ab",
        "/api/matches/no-such-id!",
        "/api/matches/x/record",
    ] {
        let (status, e) = server.get(uri).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{uri}");
        assert!(e["error"].is_string());
    }
    let (status, _) = server
        .post(
            "/api/matches/0123456789ab/actions",
            json!({ "token": "t", "action": "a", "ply": 0 }),
        )
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn wrong_or_missing_token_is_403() {
    let server = TestServer::new();
    let m = nim(&server).await;
    let uri = format!("/api/matches/{}/actions", m.id);
    let answer = server
        .post(&uri, json!({ "action": "take1", "ply": 0 }))
        .await;
    refused(&server, &m.id, answer, StatusCode::FORBIDDEN, "token").await;
    let answer = server
        .post(
            &uri,
            json!({ "token": "00ff", "action": "take1", "ply": 0 }),
        )
        .await;
    refused(&server, &m.id, answer, StatusCode::FORBIDDEN, "token").await;
    let (status, _) = server
        .get(&format!("/api/matches/{}?token=nope", m.id))
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    // Another match's token is no token here.
    let other = nim(&server).await;
    let answer = server.act(&m.id, other.token(1), "take1", 0).await;
    refused(&server, &m.id, answer, StatusCode::FORBIDDEN, "token").await;
}

#[tokio::test]
async fn action_out_of_turn_is_422_and_changes_nothing() {
    let server = TestServer::new();
    let m = nim(&server).await;
    let answer = server.act(&m.id, m.token(2), "take1", 0).await;
    refused(
        &server,
        &m.id,
        answer,
        StatusCode::UNPROCESSABLE_ENTITY,
        "seat 2 may not act now: seat 1 is to act",
    )
    .await;
}

#[tokio::test]
async fn illegal_action_is_422_with_the_reason() {
    let server = TestServer::new();
    let m = nim(&server).await;
    let answer = server.act(&m.id, m.token(1), "take7", 0).await;
    refused(
        &server,
        &m.id,
        answer,
        StatusCode::UNPROCESSABLE_ENTITY,
        "Take(7)",
    )
    .await;
}

#[tokio::test]
async fn malformed_notation_is_400() {
    let server = TestServer::new();
    let m = nim(&server).await;
    let answer = server.act(&m.id, m.token(1), "grab everything", 0).await;
    refused(&server, &m.id, answer, StatusCode::BAD_REQUEST, "take").await;
}

#[tokio::test]
async fn stale_ply_is_409() {
    let server = TestServer::new();
    let m = nim(&server).await;
    let (status, ack) = server.act(&m.id, m.token(1), "take1", 0).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(ack, json!({ "ply": 2, "action": "take1" }));
    let answer = server.act(&m.id, m.token(2), "take1", 0).await;
    refused(&server, &m.id, answer, StatusCode::CONFLICT, "stale ply").await;
    let answer = server.act(&m.id, m.token(2), "take1", 9).await;
    refused(&server, &m.id, answer, StatusCode::CONFLICT, "ply 2").await;
}

#[tokio::test]
async fn malformed_json_is_400_with_the_reason() {
    let server = TestServer::new();
    let m = nim(&server).await;
    let uri = format!("/api/matches/{}/actions", m.id);
    for (body, needle) in [
        ("{\"token\": ", "EOF"),
        ("[1,2]", "invalid type"),
        (
            "{\"token\":\"x\",\"action\":\"take1\"}",
            "missing field `ply`",
        ),
        ("{\"token\":\"x\",\"action\":\"take1\",\"ply\":-1}", "ply"),
        (
            "{\"token\":\"x\",\"action\":\"take1\",\"ply\":0,\"extra\":1}",
            "unknown field `extra`",
        ),
        ("", "empty"),
    ] {
        let answer = server.raw("POST", &uri, body.as_bytes().to_vec()).await;
        refused(&server, &m.id, answer, StatusCode::BAD_REQUEST, needle).await;
    }
}

#[tokio::test]
async fn body_over_the_limit_is_413() {
    let server = TestServer::new();
    let m = nim(&server).await;
    let big = json!({ "token": m.token(1), "action": "x".repeat(20_000), "ply": 0 });
    let answer = server
        .raw(
            "POST",
            &format!("/api/matches/{}/actions", m.id),
            big.to_string().into_bytes(),
        )
        .await;
    refused(
        &server,
        &m.id,
        answer,
        StatusCode::PAYLOAD_TOO_LARGE,
        "16384",
    )
    .await;
    let (status, _) = server
        .raw(
            "POST",
            "/api/matches",
            vec![b' '; tabula_server::api::BODY_LIMIT + 1],
        )
        .await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE);
}

#[tokio::test]
async fn bad_match_requests_are_400_and_create_nothing() {
    let server = TestServer::new();
    for (body, needle) in [
        (
            json!({ "game": "chess", "seats": [{ "human": true }] }),
            "unknown game `chess`",
        ),
        (json!({ "game": "toy-nim", "seats": [] }), "seats"),
        (
            json!({ "game": "toy-nim", "seats": [{ "human": true }] }),
            "2 players",
        ),
        (
            json!({ "game": "toy-nim", "players": 3, "seats": [{ "human": true }, { "human": true }] }),
            "seats: 2 given for 3",
        ),
        (
            json!({ "game": "toy-nim", "seats": [{ "human": true }, { "bot": "genius" }] }),
            "genius",
        ),
        (
            json!({ "game": "toy-nim", "seats": [{ "human": true }, { "human": true, "bot": "random" }] }),
            "seats[1]",
        ),
        (
            json!({ "game": "toy-nim", "seats": [{ "human": true }, { "robot": 1 }] }),
            "unknown field `robot`",
        ),
        (
            json!({ "game": "toy-nim", "setup": "shuffled", "seats": [{ "human": true }, { "human": true }] }),
            "setup",
        ),
        (
            json!({ "game": "toy-nim", "params": { "colour": 1 }, "seats": [{ "human": true }, { "human": true }] }),
            "colour",
        ),
        (
            json!({ "game": "toy-nim", "params": [1], "seats": [{ "human": true }, { "human": true }] }),
            "params",
        ),
        (
            json!({ "game": "toy-nim", "params": { "players": 3 }, "seats": [{ "human": true }, { "human": true }] }),
            "params.players",
        ),
        (
            json!({ "game": "toy-nim", "seed": "abc", "seats": [{ "human": true }, { "human": true }] }),
            "seed",
        ),
    ] {
        let (status, e) = server.post("/api/matches", body.clone()).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body} → {e}");
        let reason = e["error"].as_str().unwrap();
        assert!(
            reason.contains(needle),
            "{body}: `{reason}` should mention `{needle}`"
        );
    }
    let (_, lobby) = server.get("/api/matches").await;
    assert_eq!(lobby["matches"], json!([]));
}

#[tokio::test]
async fn a_finished_game_refuses_actions_and_joins() {
    let server = TestServer::new();
    let m = server
        .create(json!({ "game": "toy-nim", "params": { "stones": 1 },
            "seats": [{ "human": true }, { "human": true }] }))
        .await;
    assert_eq!(
        server.act(&m.id, m.token(1), "take1", 0).await.0,
        StatusCode::OK
    );
    let end = server.wait_for(&m.id, None, 5, over).await;
    assert_eq!(end["status"]["result"]["winners"], json!([1]));
    let answer = server.act(&m.id, m.token(2), "take1", 1).await;
    refused(
        &server,
        &m.id,
        answer,
        StatusCode::UNPROCESSABLE_ENTITY,
        "over",
    )
    .await;
    let (status, _) = server
        .post(&format!("/api/matches/{}/join", m.id), json!({}))
        .await;
    assert_eq!(status, StatusCode::CONFLICT);
}

#[tokio::test]
async fn a_failing_store_refuses_the_action_and_changes_nothing() {
    let store = Arc::new(FaultyStore::default());
    let server = TestServer::with_store(store.clone());
    let m = nim(&server).await;
    server.state(&m.id, Some(m.token(1))).await; // takes the seat while the store works
    server
        .wait_for(&m.id, None, 5, |s| s["seats"][0]["joined"] == json!(true))
        .await;
    store.fail_appends.store(true, Ordering::SeqCst);
    let answer = server.act(&m.id, m.token(1), "take2", 0).await;
    refused(
        &server,
        &m.id,
        answer,
        StatusCode::SERVICE_UNAVAILABLE,
        "disk full",
    )
    .await;
    store.fail_appends.store(false, Ordering::SeqCst);
    let (status, ack) = server.act(&m.id, m.token(1), "take2", 0).await;
    assert_eq!(status, StatusCode::OK, "{ack}");
    let stored = store.inner.load(&m.id).await.unwrap().unwrap();
    assert_eq!(stored.log.len(), 2);
    assert_eq!(stored.log[0].action, "take2");
}
