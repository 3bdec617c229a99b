//! The WebSocket: the full state on connect, then every change pushed to every connected seat
//! and spectator as a delta (only the new moves, a takeback saying where the moves are cut),
//! each with its own view, adding up to what HTTP answers; the full state again on request;
//! actions over the socket; refusals before the upgrade.

use crate::common;

use common::follower::{Follower, as_pushed};
use common::{Created, TestServer};
use futures_util::SinkExt;
use serde_json::{Value, json};
use tokio_tungstenite::connect_async;
use tokio_tungstenite::tungstenite::Message;

/// A toy Nim match between two human seats.
async fn two_player_nim(server: &TestServer) -> Created {
    server
        .create(json!({ "game": "toy-nim", "seats": [{ "human": true }, { "human": true }] }))
        .await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_seat_and_spectator_gets_its_own_view_of_every_change() {
    let server = TestServer::new();
    let addr = server.listen().await;
    let m = two_player_nim(&server).await;
    let mut one = Follower::open(addr, &m.id, Some(m.token(1))).await;
    let mut two = Follower::open(addr, &m.id, Some(m.token(2))).await;
    let mut watcher = Follower::open(addr, &m.id, None).await;
    for (socket, you) in [
        (&mut one, json!(1)),
        (&mut two, json!(2)),
        (&mut watcher, Value::Null),
    ] {
        let first = socket.state_at(0).await;
        assert_eq!(socket.push["type"], "state");
        assert_eq!(first["you"], you);
        assert_eq!(first["ply"], 0);
    }
    let (status, _) = server.act(&m.id, m.token(1), "take2", 0).await;
    assert_eq!(status, 200);
    let s1 = one.state_at(2).await;
    let s2 = two.state_at(2).await;
    let sw = watcher.state_at(2).await;
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
    // What each socket built from its pushes is what each viewer is answered over HTTP.
    assert_eq!(s1, as_pushed(server.state(&m.id, Some(m.token(1))).await));
    assert_eq!(s2, as_pushed(server.state(&m.id, Some(m.token(2))).await));
    assert_eq!(sw, as_pushed(server.state(&m.id, None).await));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_push_after_a_move_carries_only_the_new_entries() {
    let server = TestServer::new();
    let addr = server.listen().await;
    let m = two_player_nim(&server).await;
    let mut one = Follower::open(addr, &m.id, Some(m.token(1))).await;
    one.state_at(0).await;
    assert_eq!(one.push["type"], "state", "the full state on connect");
    assert_eq!(one.push["log"], json!([]));
    let mut expected_from = 0;
    for (k, action) in ["take1", "take1", "take2"].into_iter().enumerate() {
        let token = m.token(1 + k % 2);
        let (status, ack) = server.act(&m.id, token, action, expected_from).await;
        assert_eq!(status, 200, "{ack}");
        let ply = ack["ply"].as_u64().unwrap();
        let state = one.state_at(ply).await;
        let push = &one.push;
        assert_eq!(push["type"], "delta", "{push}");
        assert_eq!(push["from_ply"], expected_from, "{push}");
        // The move and the chance event it led to, nothing older.
        let entries = push["entries"].as_array().unwrap();
        assert_eq!(entries.len() as u64, ply - expected_from, "{push}");
        assert_eq!(entries[0]["action"], action);
        assert_eq!(entries[0]["ply"], expected_from);
        assert_eq!(entries[1]["actor"], "chance");
        // `last` is the last of the entries, which the client holds.
        for fixed in [
            "log", "id", "game", "title", "players", "you", "hints", "start", "last",
        ] {
            assert!(
                push.get(fixed).is_none(),
                "a delta carries no `{fixed}`: {push}"
            );
        }
        assert_eq!(push["ply"], ply);
        assert_eq!(state["last"], entries[entries.len() - 1]);
        // Both seats were taken by the second move: the seats are then left out.
        if k == 2 {
            assert!(push.get("seats").is_none(), "unchanged seats: {push}");
            assert!(push.get("clocks").is_none(), "no clocks: {push}");
        }
        assert_eq!(
            state,
            as_pushed(server.state(&m.id, Some(m.token(1))).await)
        );
        expected_from = ply;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_resync_is_answered_with_the_full_state() {
    let server = TestServer::new();
    let addr = server.listen().await;
    let m = two_player_nim(&server).await;
    let mut two = Follower::open(addr, &m.id, Some(m.token(2))).await;
    two.state_at(0).await;
    assert_eq!(server.act(&m.id, m.token(1), "take2", 0).await.0, 200);
    two.state_at(2).await;
    assert_eq!(two.push["type"], "delta");
    two.send(json!({ "type": "resync" })).await;
    let full = loop {
        let m = two.next().await;
        if m["type"] == "state" {
            break m;
        }
    };
    assert_eq!(full, as_pushed(server.state(&m.id, Some(m.token(2))).await));
    assert_eq!(full["log"].as_array().unwrap().len(), 2);
    // Deltas go on from the state the resync pushed.
    assert_eq!(server.act(&m.id, m.token(2), "take1", 2).await.0, 200);
    let state = two.state_at(4).await;
    assert_eq!(two.push["type"], "delta");
    assert_eq!(two.push["from_ply"], 2);
    assert_eq!(
        state,
        as_pushed(server.state(&m.id, Some(m.token(2))).await)
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_that_joins_late_gets_the_full_state() {
    let server = TestServer::new();
    let addr = server.listen().await;
    let m = two_player_nim(&server).await;
    assert_eq!(server.act(&m.id, m.token(1), "take1", 0).await.0, 200);
    assert_eq!(server.act(&m.id, m.token(2), "take1", 2).await.0, 200);
    let mut late = Follower::open(addr, &m.id, None).await;
    let first = late.next().await;
    assert_eq!(first["type"], "state");
    assert_eq!(first["log"].as_array().unwrap().len(), 4);
    assert_eq!(first, as_pushed(server.state(&m.id, None).await));
}

/// Plays toy-race (claim, miss, claim, miss… never over) to ply `to`, waiting for each push;
/// the size in bytes of the push of the last move.
async fn race_to(
    server: &TestServer,
    m: &common::Created,
    socket: &mut Follower,
    to: u64,
) -> usize {
    let mut ply = socket.held.as_ref().unwrap()["ply"].as_u64().unwrap();
    while ply < to {
        let action = if ply.is_multiple_of(2) {
            "claim"
        } else {
            "miss"
        };
        let (status, ack) = server.act(&m.id, m.token(1), action, ply).await;
        assert_eq!(status, 200, "{ack}");
        ply += 1;
        socket.state_at(ply).await;
    }
    assert_eq!(socket.push["type"], "delta");
    assert_eq!(socket.push["entries"].as_array().unwrap().len(), 1);
    socket.bytes
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_long_games_pushes_stay_the_same_size() {
    let server = TestServer::new();
    let addr = server.listen().await;
    let m = server
        .create(json!({
            "game": "toy-race",
            "params": { "target": 1000 },
            "seats": [{ "human": true }, { "human": true }],
        }))
        .await;
    let mut one = Follower::open(addr, &m.id, Some(m.token(1))).await;
    one.state_at(0).await;
    let early = race_to(&server, &m, &mut one, 10).await;
    let late = race_to(&server, &m, &mut one, 400).await;
    // The numbers grow a digit or two (ply, rev, from_ply); nothing grows with the plies.
    assert!(
        late <= early + 24,
        "a push at ply 400 is {late} bytes, at ply 10 {early}"
    );
    let full = serde_json::to_string(&server.state(&m.id, Some(m.token(1))).await).unwrap();
    assert!(
        full.len() > 10 * late,
        "the full state is {} bytes",
        full.len()
    );
    assert_eq!(
        one.held.clone().unwrap(),
        as_pushed(server.state(&m.id, Some(m.token(1))).await)
    );
}

/// Connect Four against a bot: a move and the bot's reply, then a takeback; the socket is
/// pushed a delta that keeps no move, and what it builds is the match as it stands.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_takeback_is_pushed_as_a_delta_from_the_ply_it_keeps() {
    let server = TestServer::new();
    let addr = server.listen().await;
    let m = server
        .create(
            json!({ "game": "connect-four", "seats": [{ "human": true }, { "bot": "random" }] }),
        )
        .await;
    let t = m.token(1);
    let mut one = Follower::open(addr, &m.id, Some(t)).await;
    one.state_at(0).await;
    assert_eq!(server.act(&m.id, t, "4", 0).await.0, 200);
    let replied = one.state_at(2).await;
    let rev = replied["rev"].as_u64().unwrap();
    let (status, body) = server
        .post(
            &format!("/api/matches/{}/table", m.id),
            json!({ "token": t, "request": "takeback" }),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    let back = loop {
        one.next().await;
        let held = one.held.clone().unwrap();
        if held["rev"].as_u64().unwrap() > rev {
            break held;
        }
    };
    assert_eq!(one.push["type"], "delta", "{}", one.push);
    assert_eq!(
        one.push["from_ply"], 0,
        "the delta says where the moves are cut"
    );
    assert_eq!(one.push["entries"], json!([]));
    assert_eq!(back["ply"], 0);
    assert_eq!(back["log"], json!([]));
    assert_eq!(back, as_pushed(server.state(&m.id, Some(t)).await));
    // The match goes on: the next move is pushed from ply 0.
    assert_eq!(server.act(&m.id, t, "3", 0).await.0, 200);
    let on = one.state_at(2).await;
    assert_eq!(on["log"][0]["action"], "3");
    assert_eq!(on, as_pushed(server.state(&m.id, Some(t)).await));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn actions_over_the_socket_are_acknowledged_or_refused_with_a_status() {
    let server = TestServer::new();
    let addr = server.listen().await;
    let m = two_player_nim(&server).await;
    let mut one = Follower::open(addr, &m.id, Some(m.token(1))).await;
    let mut watcher = Follower::open(addr, &m.id, None).await;
    one.state_at(0).await;
    one.send(json!({ "type": "action", "action": "take9", "ply": 0 }))
        .await;
    let refused = loop {
        let m = one.next().await;
        if m["type"] != "state" && m["type"] != "delta" {
            break m;
        }
    };
    assert_eq!(refused["type"], "error");
    assert_eq!(refused["status"], 422);
    one.send(json!({ "type": "action", "action": "take1", "ply": 0 }))
        .await;
    let (mut ack, mut pushed) = (None, None);
    while ack.is_none() || pushed.is_none() {
        let m = one.next().await;
        match m["type"].as_str() {
            Some("ack") => ack = Some(m),
            Some("delta") if m["ply"] == 2 => pushed = Some(m),
            _ => {}
        }
    }
    assert_eq!(ack.unwrap()["ply"], 2);
    // The socket acts as the seat of the token it was opened with: seat 1 may not play
    // seat 2's turn through it.
    one.send(json!({ "type": "action", "action": "take1", "ply": 2 }))
        .await;
    let out_of_turn = loop {
        let m = one.next().await;
        if m["type"] == "error" {
            break m;
        }
    };
    assert_eq!(out_of_turn["status"], 422, "{out_of_turn}");
    watcher.state_at(2).await;
    // A spectator may not act; garbage is answered, not fatal.
    watcher
        .send(json!({ "type": "action", "action": "take1", "ply": 2 }))
        .await;
    let e = loop {
        let m = watcher.next().await;
        if m["type"] == "error" {
            break m;
        }
    };
    assert_eq!(e["status"], 403);
    assert!(e["error"].as_str().unwrap().contains("token"), "{e}");
    watcher
        .socket
        .send(Message::Text("not json".into()))
        .await
        .unwrap();
    assert_eq!(watcher.next().await["status"], 400);
    watcher.send(json!({ "type": "what" })).await;
    let unknown = watcher.next().await;
    assert_eq!(unknown["status"], 400);
    assert!(
        unknown["error"].as_str().unwrap().contains("resync"),
        "{unknown}"
    );
    watcher.send(json!({ "type": "ping" })).await;
    assert_eq!(watcher.next().await["type"], "pong");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_spectator_follows_a_bot_match_to_its_end() {
    let server = TestServer::new();
    let addr = server.listen().await;
    let m = server
        .create(json!({ "game": "toy-nim", "seats": [{ "bot": "slow" }, { "bot": "slow" }] }))
        .await;
    let mut watcher = Follower::open(addr, &m.id, None).await;
    let mut last = 0;
    loop {
        watcher.next().await;
        let s = watcher.held.clone().unwrap();
        let ply = s["ply"].as_u64().unwrap();
        assert!(ply >= last, "plies only grow");
        last = ply;
        if s["status"]["over"] == true {
            assert_eq!(s["log"].as_array().unwrap().len() as u64, ply);
            assert_eq!(s, as_pushed(server.state(&m.id, None).await));
            break;
        }
    }
}

#[tokio::test]
async fn a_socket_with_a_wrong_token_or_match_is_refused_before_the_upgrade() {
    let server = TestServer::new();
    let addr = server.listen().await;
    let m = two_player_nim(&server).await;
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

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_message_longer_than_the_read_buffer_and_several_in_one_write_are_each_answered() {
    let server = TestServer::new();
    let addr = server.listen().await;
    let m = two_player_nim(&server).await;
    let mut one = Follower::open(addr, &m.id, Some(m.token(1))).await;
    one.state_at(0).await;
    // The server reads a few hundred bytes at once: a message many times that is read whole.
    let padding = "x".repeat(6 * 1024);
    one.send(json!({ "type": "ping", "padding": padding }))
        .await;
    assert_eq!(one.next().await["type"], "pong");
    // Three messages fed and flushed together arrive in one read; each is answered in turn.
    for ply in [7, 0] {
        one.socket
            .feed(Message::Text(json!({ "type": "ping" }).to_string().into()))
            .await
            .unwrap();
        one.socket
            .feed(Message::Text(
                json!({ "type": "action", "action": "take1", "ply": ply })
                    .to_string()
                    .into(),
            ))
            .await
            .unwrap();
    }
    one.socket.flush().await.unwrap();
    let mut answers = Vec::new();
    while answers.len() < 4 {
        let m = one.next().await;
        if m["type"] != "state" && m["type"] != "delta" {
            answers.push(m);
        }
    }
    assert_eq!(answers[0]["type"], "pong");
    assert_eq!(answers[1]["status"], 409, "{}", answers[1]);
    assert_eq!(answers[2]["type"], "pong");
    assert_eq!(answers[3]["type"], "ack", "{}", answers[3]);
    assert_eq!(answers[3]["ply"], 2);
}
