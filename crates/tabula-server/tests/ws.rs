//! The WebSocket: every change pushed to every connected seat and spectator, each with its own
//! view; actions over the socket; refusals before the upgrade.

mod common;

use common::TestServer;
use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use std::net::SocketAddr;
use std::time::Duration;
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream, connect_async};

type Socket = WebSocketStream<MaybeTlsStream<TcpStream>>;

async fn connect(addr: SocketAddr, id: &str, token: Option<&str>) -> Socket {
    let url = match token {
        Some(t) => format!("ws://{addr}/api/matches/{id}/ws?token={t}"),
        None => format!("ws://{addr}/api/matches/{id}/ws"),
    };
    connect_async(url).await.expect("a WebSocket").0
}

/// The next JSON message (at most 5 s away).
async fn next(socket: &mut Socket) -> Value {
    loop {
        let message = tokio::time::timeout(Duration::from_secs(5), socket.next())
            .await
            .expect("a message within 5 s")
            .expect("an open socket")
            .expect("a message");
        if let Message::Text(text) = message {
            return serde_json::from_str(&text).expect("JSON");
        }
    }
}

/// The next state push at `ply` or later.
async fn state_at(socket: &mut Socket, ply: u64) -> Value {
    loop {
        let m = next(socket).await;
        if m["type"] == "state" && m["ply"].as_u64().unwrap() >= ply {
            return m;
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_seat_and_spectator_gets_its_own_view_of_every_change() {
    let server = TestServer::new();
    let addr = server.listen().await;
    let m = server
        .create(json!({ "game": "toy-nim", "seats": [{ "human": true }, { "human": true }] }))
        .await;
    let mut one = connect(addr, &m.id, Some(m.token(1))).await;
    let mut two = connect(addr, &m.id, Some(m.token(2))).await;
    let mut watcher = connect(addr, &m.id, None).await;
    for (socket, you) in [
        (&mut one, json!(1)),
        (&mut two, json!(2)),
        (&mut watcher, Value::Null),
    ] {
        let first = state_at(socket, 0).await;
        assert_eq!(first["type"], "state");
        assert_eq!(first["you"], you);
        assert_eq!(first["ply"], 0);
    }
    let (status, _) = server.act(&m.id, m.token(1), "take2", 0).await;
    assert_eq!(status, 200);
    let s1 = state_at(&mut one, 2).await;
    let s2 = state_at(&mut two, 2).await;
    let sw = state_at(&mut watcher, 2).await;
    for s in [&s1, &s2, &sw] {
        assert_eq!(s["log"][0]["action"], "take2");
        assert_eq!(s["status"]["to_act"], json!([2]));
    }
    assert_eq!(s1["legal"], json!([]));
    assert!(!s2["legal"].as_array().unwrap().is_empty());
    assert_eq!(sw["legal"], json!([]));
    assert_eq!(s1["view"]["viewer"], 1);
    assert_eq!(s2["view"]["viewer"], 2);
    assert_eq!(sw["view"]["viewer"], Value::Null);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn actions_over_the_socket_are_acknowledged_or_refused_with_a_status() {
    let server = TestServer::new();
    let addr = server.listen().await;
    let m = server
        .create(json!({ "game": "toy-nim", "seats": [{ "human": true }, { "human": true }] }))
        .await;
    let mut one = connect(addr, &m.id, Some(m.token(1))).await;
    let mut watcher = connect(addr, &m.id, None).await;
    state_at(&mut one, 0).await;
    let send = |text: String| Message::Text(text.into());
    one.send(send(
        json!({ "type": "action", "action": "take9", "ply": 0 }).to_string(),
    ))
    .await
    .unwrap();
    let refused = loop {
        let m = next(&mut one).await;
        if m["type"] != "state" {
            break m;
        }
    };
    assert_eq!(refused["type"], "error");
    assert_eq!(refused["status"], 422);
    one.send(send(
        json!({ "type": "action", "action": "take1", "ply": 0 }).to_string(),
    ))
    .await
    .unwrap();
    let (mut ack, mut pushed) = (None, None);
    while ack.is_none() || pushed.is_none() {
        let m = next(&mut one).await;
        match m["type"].as_str() {
            Some("ack") => ack = Some(m),
            Some("state") if m["ply"] == 2 => pushed = Some(m),
            _ => {}
        }
    }
    assert_eq!(ack.unwrap()["ply"], 2);
    state_at(&mut watcher, 2).await;
    // A spectator may not act; garbage is answered, not fatal.
    watcher
        .send(send(
            json!({ "type": "action", "action": "take1", "ply": 2 }).to_string(),
        ))
        .await
        .unwrap();
    let e = loop {
        let m = next(&mut watcher).await;
        if m["type"] == "error" {
            break m;
        }
    };
    assert_eq!(e["status"], 403);
    watcher.send(send("not json".into())).await.unwrap();
    assert_eq!(next(&mut watcher).await["status"], 400);
    watcher
        .send(send(json!({ "type": "ping" }).to_string()))
        .await
        .unwrap();
    assert_eq!(next(&mut watcher).await["type"], "pong");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_spectator_follows_a_bot_match_to_its_end() {
    let server = TestServer::new();
    let addr = server.listen().await;
    let m = server
        .create(json!({ "game": "toy-nim", "seats": [{ "bot": "slow" }, { "bot": "slow" }] }))
        .await;
    let mut watcher = connect(addr, &m.id, None).await;
    let mut last = 0;
    loop {
        let s = next(&mut watcher).await;
        let ply = s["ply"].as_u64().unwrap();
        assert!(ply >= last, "plies only grow");
        last = ply;
        if s["status"]["over"] == true {
            assert_eq!(s["log"].as_array().unwrap().len() as u64, ply);
            break;
        }
    }
}

#[tokio::test]
async fn a_socket_with_a_wrong_token_or_match_is_refused_before_the_upgrade() {
    let server = TestServer::new();
    let addr = server.listen().await;
    let m = server
        .create(json!({ "game": "toy-nim", "seats": [{ "human": true }, { "human": true }] }))
        .await;
    for (url, status) in [
        (
            format!("ws://{addr}/api/matches/{}/ws?token=bad", m.id),
            403,
        ),
        (format!("ws://{addr}/api/matches/ffffffffffff/ws"), 404),
    ] {
        match connect_async(url.as_str()).await {
            Err(tokio_tungstenite::tungstenite::Error::Http(response)) => {
                assert_eq!(response.status().as_u16(), status, "{url}")
            }
            other => panic!("{url}: {:?}", other.map(|_| ())),
        }
    }
    // Not a WebSocket request at all.
    let (status, e) = server.get(&format!("/api/matches/{}/ws", m.id)).await;
    assert_eq!(status, 400, "{e}");
}
