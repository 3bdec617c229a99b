//! Chat through the API, on both stores: the players' room for the seated players, the
//! spectators' room hidden from the players until the end, messages kept across a restart and
//! served as written (a script stays text), bad messages refused naming why, a rate limit,
//! reports kept, and the operator's hide.

use crate::common;

use axum::http::StatusCode;
use common::browser::Browser;
use common::{Created, TestServer};
use serde_json::{Value, json};
use std::sync::Arc;
use tabula_server::{AccountOptions, HubOptions, MemoryStore};

async fn two_people(server: &TestServer) -> Created {
    server
        .create(json!({ "game": "toy-nim", "seats": [{ "human": true }, { "human": true }] }))
        .await
}

async fn say(server: &TestServer, id: &str, body: Value) -> (StatusCode, Value) {
    server.post(&format!("/api/matches/{id}/chat"), body).await
}

async fn texts(server: &TestServer, id: &str, token: Option<&str>) -> Vec<String> {
    let uri = match token {
        Some(t) => format!("/api/matches/{id}/chat?token={t}"),
        None => format!("/api/matches/{id}/chat"),
    };
    let (status, body) = server.get(&uri).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body["messages"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["text"].as_str().unwrap().to_string())
        .collect()
}

const SCRIPT: &str = "<script>alert('x')</script><img src=x onerror=alert(1)>";

crate::both_backends! {
    async fn players_and_spectators_have_rooms_of_their_own_until_the_end(db: TestDb) {
        let server = TestServer::with_store(db.open().await);
        let m = two_people(&server).await;
        let (status, sent) = say(&server, &m.id, json!({ "token": m.token(1), "text": SCRIPT })).await;
        assert_eq!(status, StatusCode::CREATED, "{sent}");
        assert_eq!((sent["room"].clone(), sent["author"].clone(), sent["text"].clone()), (json!("players"), json!("Seat 1"), json!(SCRIPT)));
        let (status, _) = say(&server, &m.id, json!({ "name": "Onlooker", "text": "who wins?" })).await;
        assert_eq!(status, StatusCode::CREATED);
        assert_eq!(texts(&server, &m.id, Some(m.token(2))).await, [SCRIPT], "players do not see the spectators yet");
        assert_eq!(texts(&server, &m.id, None).await, ["who wins?"], "spectators do not see the players' room");
        let (status, _) = server.post(&format!("/api/matches/{}/table", m.id), json!({ "token": m.token(2), "request": "resign" })).await;
        assert_eq!(status, StatusCode::OK);
        drop(server);
        let server = TestServer::with_store(db.open().await);
        assert_eq!(texts(&server, &m.id, Some(m.token(1))).await, [SCRIPT.to_string(), "who wins?".into()], "kept, and open to the players at the end");
    }

    async fn bad_messages_are_refused_naming_why_and_nothing_is_kept(db: TestDb) {
        let server = TestServer::with_store(db.open().await);
        let m = two_people(&server).await;
        for (body, why) in [
            (json!({ "token": m.token(1), "text": "x".repeat(501) }), "text: at most 500"),
            (json!({ "token": m.token(1), "text": "  " }), "text: empty"),
            (json!({ "text": "hello" }), "name: missing"),
            (json!({ "name": "strong", "text": "hello" }), "bot"),
            (json!({ "token": "0".repeat(32), "text": "hello" }), "token"),
        ] {
            let (status, answer) = say(&server, &m.id, body.clone()).await;
            assert!(status.is_client_error(), "{body} → {answer}");
            assert!(answer["error"].as_str().unwrap().contains(why), "{body} → {answer}");
        }
        assert!(texts(&server, &m.id, Some(m.token(1))).await.is_empty());
        assert!(texts(&server, &m.id, None).await.is_empty());
    }
}

#[tokio::test]
async fn messages_are_rate_limited_reported_and_hidden_by_the_operator() {
    let server = TestServer::with_options(
        Arc::new(MemoryStore::new()),
        HubOptions {
            accounts: AccountOptions {
                chat_per_minute: 1,
                operator_token: Some("op-secret".into()),
                ..AccountOptions::default()
            },
            ..HubOptions::default()
        },
    );
    let m = two_people(&server).await;
    let mut ids = Vec::new();
    for i in 0..5 {
        let (status, sent) = say(
            &server,
            &m.id,
            json!({ "token": m.token(1), "text": format!("m{i}") }),
        )
        .await;
        assert_eq!(status, StatusCode::CREATED, "{sent}");
        ids.push(sent["id"].as_str().unwrap().to_string());
    }
    let (status, answer) = say(
        &server,
        &m.id,
        json!({ "token": m.token(1), "text": "one too many" }),
    )
    .await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{answer}");
    assert_eq!(
        texts(&server, &m.id, Some(m.token(2))).await.len(),
        5,
        "the refused one is not kept"
    );
    let mut b = Browser::default();
    let (status, _) = b
        .post(
            &server,
            &format!("/api/matches/{}/chat/{}/report", m.id, ids[0]),
            json!({ "reason": "rude" }),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let (status, _) = b
        .post(
            &server,
            &format!("/api/matches/{}/chat/nope/report", m.id),
            json!({}),
        )
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let hide = format!("/api/matches/{}/chat/{}/hide", m.id, ids[0]);
    let (status, _) = b.post(&server, &hide, json!({})).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED, "only the operator hides");
    b.authorization = Some("Bearer op-secret");
    let (status, body) = b.post(&server, &hide, json!({})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(
        texts(&server, &m.id, Some(m.token(2))).await,
        ["m1", "m2", "m3", "m4"]
    );
}
