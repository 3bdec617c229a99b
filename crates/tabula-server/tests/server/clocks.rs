//! Chess clocks of online matches (`clock` at creation, `clocks` in the state): the request
//! is checked field by field; time is charged to the seat to move, with the increment, exactly
//! as the stored entries' times say; the server's own timer stores `~timeout` when a flag
//! falls with nobody moving; the timeout survives a restart, and a flag that fell while the
//! server was down is stored as the match resumes (SQLite and PostgreSQL); the rulings on
//! running out (Connect Four R7, Toumaï R17, Khan-Tsin R12, China Moon R15, Magical Circle
//! D23).
//!
//! No elapsed time is asserted: the time left is checked against the stored entries' `at`,
//! and a flag fall is waited for with a deadline.

use crate::common;

use common::stores::FaultyStore;
use common::{TestServer, over};
use serde_json::{Value, json};
use std::sync::Arc;
use std::sync::atomic::Ordering;
use tabula_core::Seat;
use tabula_server::store::{LogActor, LogEntry, MatchRecord, SeatKind, SeatRecord, TokenHash};

fn two_people(game: &str, clock: Value) -> Value {
    json!({ "game": game, "seats": [{"human": true}, {"human": true}], "mine": [1, 2],
        "clock": clock })
}

fn left(state: &Value) -> Vec<u64> {
    state["clocks"]["left_ms"]
        .as_array()
        .expect("clocks.left_ms")
        .iter()
        .map(|v| v.as_u64().unwrap())
        .collect()
}

fn at(state: &Value, ply: usize) -> u64 {
    state["log"][ply]["at"].as_u64().expect("a logged time")
}

#[tokio::test]
async fn clock_requests_are_checked_field_by_field_and_change_nothing() {
    let server = TestServer::new();
    for (clock, field) in [
        (json!(300), "clock:"),
        (json!({"increment_s": 5}), "clock.initial_s: missing"),
        (json!({"initial_s": 0}), "clock.initial_s"),
        (json!({"initial_s": 10801}), "clock.initial_s"),
        (json!({"initial_s": 1.5}), "clock.initial_s"),
        (json!({"initial_s": "300"}), "clock.initial_s"),
        (
            json!({"initial_s": 300, "increment_s": 181}),
            "clock.increment_s",
        ),
        (
            json!({"initial_s": 300, "increment_s": -1}),
            "clock.increment_s",
        ),
        (json!({"initial_s": 300, "delay_s": 2}), "clock.delay_s"),
    ] {
        let body = two_people("connect-four", clock.clone());
        let (status, answer) = server.post("/api/matches", body).await;
        assert_eq!(status, 400, "{clock}: {answer}");
        let message = answer["error"].as_str().unwrap();
        assert!(message.starts_with(field), "{clock}: {message}");
    }
    let mut body = two_people("connect-four", Value::Null);
    body["params"] = json!({"clock": {"initial_s": 60}});
    let (status, answer) = server.post("/api/matches", body).await;
    assert_eq!(status, 400, "{answer}");
    assert!(
        answer["error"]
            .as_str()
            .unwrap()
            .starts_with("params.clock")
    );
    assert_eq!(server.hub.in_memory(), (0, 0), "no match was made");
    // Without a clock (absent or null) a match has none.
    let m = server.create(two_people("connect-four", Value::Null)).await;
    assert_eq!(server.state(&m.id, None).await["clocks"], Value::Null);
}

#[tokio::test]
async fn d23_magical_circle_has_no_clocks() {
    let server = TestServer::new();
    let body = two_people(
        "magical-circle",
        json!({"initial_s": 300, "increment_s": 5}),
    );
    let (status, answer) = server.post("/api/matches", body).await;
    assert_eq!(status, 400, "{answer}");
    let message = answer["error"].as_str().unwrap();
    assert!(message.starts_with("clock:"), "{message}");
    assert!(message.contains("real time"), "{message}");
}

#[tokio::test]
async fn time_is_charged_to_the_mover_who_gets_the_increment() {
    let server = TestServer::new();
    let m = server
        .create(two_people(
            "connect-four",
            json!({"initial_s": 60, "increment_s": 5}),
        ))
        .await;
    let start = server.state(&m.id, None).await;
    assert_eq!(
        start["clocks"],
        json!({"initial_s": 60, "increment_s": 5, "left_ms": [60_000, 60_000],
            "running": [], "at_ms": start["clocks"]["at_ms"]}),
        "no clock runs before the first move"
    );
    assert_eq!(server.act(&m.id, m.token(1), "4", 0).await.0, 200);
    let one = server.state(&m.id, None).await;
    assert_eq!(one["clocks"]["running"], json!([2]));
    assert_eq!(left(&one)[0], 65_000, "the first move is not timed");
    let read = one["clocks"]["at_ms"].as_u64().unwrap();
    assert_eq!(left(&one)[1], 60_000 - (read - at(&one, 0)));
    assert_eq!(server.act(&m.id, m.token(2), "3", 1).await.0, 200);
    let two = server.state(&m.id, None).await;
    assert_eq!(two["clocks"]["running"], json!([1]));
    let spent = at(&two, 1) - at(&two, 0);
    assert_eq!(left(&two)[1], 65_000 - spent, "charged its thinking time");
    let read = two["clocks"]["at_ms"].as_u64().unwrap();
    assert_eq!(left(&two)[0], 65_000 - (read - at(&two, 1)));
}

#[tokio::test]
async fn bots_are_on_the_clock_too() {
    let server = TestServer::new();
    let m = server
        .create(
            json!({ "game": "connect-four", "seats": [{"human": true}, {"bot": "random"}],
            "clock": {"initial_s": 60, "increment_s": 2} }),
        )
        .await;
    assert_eq!(server.act(&m.id, m.token(1), "4", 0).await.0, 200);
    let replied = server
        .wait_for(&m.id, None, 20, |s| s["ply"].as_u64() >= Some(2))
        .await;
    let spent = at(&replied, 1) - at(&replied, 0);
    assert_eq!(left(&replied)[1], 62_000 - spent);
    assert_eq!(replied["clocks"]["running"], json!([1]));
}

/// Plays seat 1's first move in a 1-second match, then waits for the server to flag seat 2.
async fn flag_falls(server: &TestServer) -> (String, String) {
    let m = server
        .create(two_people("connect-four", json!({"initial_s": 1})))
        .await;
    assert_eq!(server.act(&m.id, m.token(1), "4", 0).await.0, 200);
    let done = server.wait_for(&m.id, None, 20, over).await;
    let result = &done["status"]["result"];
    assert_eq!(result["reason"], "timeout", "{done}");
    assert_eq!(result["by"], 2);
    assert_eq!(result["winners"], json!([1]));
    assert_eq!(result["ranks"], json!([1, 2]));
    assert_eq!(left(&done), [1_000, 0]);
    assert_eq!(done["clocks"]["running"], json!([]));
    assert_eq!(done["ply"], 1, "running out is no move");
    let record = server.get(&format!("/api/matches/{}/record", m.id)).await.1;
    assert_eq!(record["events"][0]["event"], "~timeout");
    assert_eq!(record["events"][0]["actor"], 2);
    (m.id.clone(), m.token(2).to_string())
}

#[tokio::test]
async fn r7_connect_four_running_out_loses_even_with_nobody_moving() {
    let server = TestServer::new();
    let (id, token) = flag_falls(&server).await;
    let (status, answer) = server.act(&id, &token, "3", 1).await;
    assert_eq!(status, 422, "{answer}");
    assert!(
        answer["error"]
            .as_str()
            .unwrap()
            .starts_with("the game is over")
    );
}

#[tokio::test]
async fn a_timeout_is_told_only_once_stored_and_no_move_beats_it_meanwhile() {
    let store = Arc::new(FaultyStore::default());
    let server = TestServer::with_store(store.clone());
    let m = server
        .create(two_people("connect-four", json!({"initial_s": 1})))
        .await;
    assert_eq!(server.act(&m.id, m.token(1), "4", 0).await.0, 200);
    store.fail_appends.store(true, Ordering::SeqCst);
    let flagged = server.wait_for(&m.id, None, 20, |s| left(s)[1] == 0).await;
    assert!(!over(&flagged), "not over before the timeout is stored");
    let (status, answer) = server.act(&m.id, m.token(2), "3", 1).await;
    assert_eq!(status, 503, "the timeout comes first: {answer}");
    assert!(!over(&server.state(&m.id, None).await));
    store.fail_appends.store(false, Ordering::SeqCst);
    let done = server.wait_for(&m.id, None, 20, over).await;
    assert_eq!(done["status"]["result"]["reason"], "timeout");
    assert_eq!(done["ply"], 1, "the move was never taken");
    let (status, _) = server.act(&m.id, m.token(2), "3", 1).await;
    assert_eq!(status, 422);
}

crate::both_backends! {
async fn a_timeout_is_stored_and_the_match_is_over_after_a_restart(db: TestDb) {
    let (id, before) = {
        let server = TestServer::with_store(db.open().await);
        let (id, _) = flag_falls(&server).await;
        (id.clone(), server.state(&id, None).await)
    };
    let server = TestServer::with_store(db.open().await);
    let report = server.hub.restore().await.unwrap();
    assert_eq!(report.resumed, 0, "the match is finished");
    let after = server.state(&id, None).await;
    for field in ["status", "log", "rev", "clocks"] {
        let (a, b) = (&after[field], &before[field]);
        if field == "clocks" {
            // Read at another time, but nothing runs.
            assert_eq!(a["left_ms"], b["left_ms"]);
            assert_eq!(a["running"], json!([]));
        } else {
            assert_eq!(a, b, "{field}");
        }
    }
}

async fn a_flag_that_fell_while_the_server_was_down_is_stored_as_it_resumes(db: TestDb) {
    // What a server stopped mid-match leaves: seat 1 moved 5 s ago on a 2-second clock.
    let store = db.open().await;
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_millis() as u64;
    let seat = |token: &str| SeatRecord {
        kind: SeatKind::Human,
        token_hash: Some(TokenHash::of(token)),
        open: false,
        joined: true,
    };
    let record = MatchRecord {
        id: "c10c0000".into(),
        game: "connect-four".into(),
        params: json!({"players": 2, "clock": {"initial_s": 2, "increment_s": 0}}),
        players: 2,
        seed: 7,
        setup: "placement".into(),
        created_at: now - 6_000,
        seats: vec![seat("one"), seat("two")],
        hints: false,
        position: None,
    };
    store.create(&record).await.unwrap();
    let moved = LogEntry { ply: 0, actor: LogActor::Seat(Seat(0)), action: "4".into(), at: now - 5_000 };
    store.append(&record.id, &[moved], false).await.unwrap();
    let server = TestServer::with_store(store);
    let report = server.hub.restore().await.unwrap();
    assert_eq!(report.resumed, 1, "{report:?}");
    let done = server.wait_for(&record.id, None, 20, over).await;
    assert_eq!(done["status"]["result"]["reason"], "timeout");
    assert_eq!(done["status"]["result"]["by"], 2);
    // The downtime was charged: no time was given back.
    assert_eq!(left(&done), [2_000, 0]);
    // The timeout is stored: a second restart finds the match over.
    let again = TestServer::with_store(db.open().await);
    assert_eq!(again.hub.restore().await.unwrap().resumed, 0);
    let reread = again.state(&record.id, None).await;
    assert_eq!(reread["status"], done["status"]);
}
}

/// Three people on 1-second clocks: the seat to act after the first move runs out, the game
/// ends for everyone, it ranks last and the two others share first place.
async fn three_run_out(game: &str) {
    let server = TestServer::new();
    let m = server
        .create(json!({ "game": game, "players": 3,
            "seats": [{"human": true}, {"human": true}, {"human": true}], "mine": [1, 2, 3],
            "clock": {"initial_s": 1} }))
        .await;
    let state = server.state(&m.id, None).await;
    let first = state["status"]["to_act"][0].as_u64().unwrap() as usize;
    let token = m.token(first).to_string();
    let legal = server.state(&m.id, Some(&token)).await["legal"][0]
        .as_str()
        .expect("a legal action")
        .to_string();
    let (status, body) = server.act(&m.id, &token, &legal, 0).await;
    assert_eq!(status, 200, "{game}: {body}");
    let running = server.state(&m.id, None).await["clocks"]["running"].clone();
    let done = server.wait_for(&m.id, None, 20, over).await;
    let result = &done["status"]["result"];
    assert_eq!(result["reason"], "timeout", "{game}: {done}");
    let by = result["by"].as_u64().unwrap() as usize;
    assert!(
        running.as_array().unwrap().contains(&json!(by)),
        "{game}: seat {by} ran out, but the clocks running were {running}"
    );
    let ranks: Vec<u8> = (1..=3).map(|n| if n == by { 2 } else { 1 }).collect();
    assert_eq!(result["ranks"], json!(ranks), "{game}");
    assert_eq!(left(&done)[by - 1], 0, "{game}");
    assert_eq!(done["status"]["to_act"], json!([]), "{game}");
}

#[tokio::test]
async fn r17_toumai_running_out_with_three_players_ends_the_game() {
    three_run_out("toumai").await;
}

#[tokio::test]
async fn r12_khan_tsin_running_out_with_three_players_ends_the_game() {
    three_run_out("khan-tsin").await;
}

#[tokio::test]
async fn r15_china_moon_running_out_ends_the_game_for_everyone() {
    three_run_out("china-moon").await;
}
