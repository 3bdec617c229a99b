//! Concurrent requests: actions for the same ply have exactly one winner, the others are
//! stale (409); concurrent joins take distinct seats.

use crate::common;

use axum::http::StatusCode;
use common::TestServer;
use common::stores::{AfterCreate, FaultyStore};
use serde_json::json;
use std::sync::Arc;
use std::sync::atomic::Ordering;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn concurrent_claims_by_every_seat_for_the_same_ply_have_exactly_one_winner() {
    let server = Arc::new(TestServer::new());
    let m = server
        .create(
            json!({ "game": "toy-race", "players": 3, "params": { "target": 100 },
            "seats": [{ "human": true }, { "human": true }, { "human": true }] }),
        )
        .await;
    let tokens: Vec<String> = (1..=3).map(|s| m.token(s).to_string()).collect();
    for round in 0..30u64 {
        let ply = round * 2;
        let mut tasks = Vec::new();
        for (i, token) in tokens.iter().enumerate() {
            // Several requests per seat, all for the same ply.
            for _ in 0..3 {
                let (server, id, token) = (server.clone(), m.id.clone(), token.clone());
                tasks.push(tokio::spawn(async move {
                    (i, server.act(&id, &token, "claim", ply).await)
                }));
            }
        }
        let mut winners = Vec::new();
        for task in tasks {
            let (seat, (status, body)) = task.await.unwrap();
            match status {
                StatusCode::OK => winners.push(seat),
                StatusCode::CONFLICT => assert!(body["error"].as_str().unwrap().contains("stale")),
                other => panic!("round {round}: {other} {body}"),
            }
        }
        assert_eq!(winners.len(), 1, "round {round}: {winners:?}");
        let winner = &tokens[winners[0]];
        let (status, _) = server.act(&m.id, winner, "miss", ply + 1).await;
        assert_eq!(status, StatusCode::OK);
    }
    let state = server.state(&m.id, None).await;
    assert_eq!(state["ply"], 60);
    let claims = state["log"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["action"] == "claim")
        .count();
    assert_eq!(claims, 30);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn concurrent_different_actions_of_one_seat_apply_once() {
    let server = Arc::new(TestServer::new());
    let m = server
        .create(json!({ "game": "toy-nim", "params": { "stones": 50 },
            "seats": [{ "human": true }, { "human": true }] }))
        .await;
    let mut tasks = Vec::new();
    for k in 0..24 {
        let (server, id, token) = (server.clone(), m.id.clone(), m.token(1).to_string());
        let action = format!("take{}", 1 + k % 3);
        tasks.push(tokio::spawn(async move {
            server.act(&id, &token, &action, 0).await.0
        }));
    }
    let mut ok = 0;
    for task in tasks {
        match task.await.unwrap() {
            StatusCode::OK => ok += 1,
            StatusCode::CONFLICT => {}
            other => panic!("{other}"),
        }
    }
    assert_eq!(ok, 1);
    assert_eq!(server.state(&m.id, None).await["ply"], 2);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn concurrent_joins_take_distinct_seats() {
    let server = Arc::new(TestServer::new());
    let m = server
        .create(json!({ "game": "toy-race", "players": 3,
            "mine": [],
            "seats": [{ "human": true, "open": true }, { "human": true, "open": true },
                      { "human": true, "open": true }] }))
        .await;
    let mut tasks = Vec::new();
    for _ in 0..8 {
        let (server, id) = (server.clone(), m.id.clone());
        tasks.push(tokio::spawn(async move {
            server
                .post(&format!("/api/matches/{id}/join"), json!({}))
                .await
        }));
    }
    let mut seats = Vec::new();
    for task in tasks {
        let (status, body) = task.await.unwrap();
        match status {
            StatusCode::OK => {
                let seat = body["seat"].as_u64().unwrap() as usize;
                let token = body["token"].as_str().unwrap();
                assert_eq!(
                    server.state(&m.id, Some(token)).await["you"],
                    json!(seat),
                    "each joiner's token is its own seat's"
                );
                seats.push(seat);
            }
            StatusCode::CONFLICT => {}
            other => panic!("{other} {body}"),
        }
    }
    seats.sort();
    assert_eq!(seats, vec![1, 2, 3]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_match_read_while_its_creation_is_stored_keeps_one_actor() {
    // Once a match is stored, it is read through the server before the creation goes on: as
    // an instance on a shared database does when the notification of its own creation
    // arrives before the creator lists the match.
    let store = Arc::new(FaultyStore::default());
    let server = Arc::new(TestServer::with_store(store.clone()));
    let weak = Arc::downgrade(&server);
    let hook: AfterCreate = Box::new(move |id| {
        let weak = weak.clone();
        Box::pin(async move {
            if let Some(server) = weak.upgrade() {
                let (status, _) = server.get(&format!("/api/matches/{id}")).await;
                assert_eq!(status, StatusCode::OK);
            }
        })
    });
    store.after_create.set(hook).ok().unwrap();
    // The bot moves first: every actor of the match would try to store its move.
    let m = server
        .create(json!({ "game": "toy-nim", "params": { "stones": 50 },
            "seats": [{ "bot": "random" }, { "human": true }] }))
        .await;
    server
        .wait_for(&m.id, None, 10, |s| s["ply"].as_u64() >= Some(1))
        .await;
    // A second actor's bot would decide as fast as the first; give it time to try.
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    assert_eq!(store.appends.load(Ordering::SeqCst), 1);
    // The match goes on through the one actor.
    let token = m.token(2);
    let mine = server.state(&m.id, Some(token)).await;
    let (ply, action) = (mine["ply"].as_u64().unwrap(), mine["legal"][0].clone());
    let answer = server
        .act(&m.id, token, action.as_str().unwrap(), ply)
        .await;
    assert_eq!(answer.0, StatusCode::OK, "{answer:?}");
    assert!(server.state(&m.id, None).await["ply"].as_u64() > Some(ply));
}
