//! Correspondence games: a clock of days per move that each move sets back to the full
//! days, derived from the stored entries' times (so a restart keeps the deadline, and a seat
//! past it loses on time as it resumes); "your turn" across an account's matches; e-mails
//! to the accounts that asked for them, through a local SMTP sink, kept in the outbox while
//! the relay refuses them (SQLite and PostgreSQL).
//!
//! No time is waited for: the stored entries are dated in the past by hand, and the e-mails
//! are waited for with a deadline.

use crate::common;

use axum::http::StatusCode;
use common::browser::Browser;
use common::smtp::SmtpSink;
use common::{TestServer, over};
use serde_json::{Value, json};
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::Duration;
use tabula_core::Seat;
use tabula_server::mail::MailOptions;
use tabula_server::store::{LogActor, LogEntry, MatchRecord, SeatKind, SeatRecord, TokenHash};
use tabula_server::{HubOptions, MatchStore};

const DAY: u64 = 86_400_000;

fn now() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_millis() as u64
}

/// A stored Connect Four match on a one-day clock where seat 1 moved `ago` ms ago.
async fn moved_ago(store: &Arc<dyn MatchStore>, id: &str, ago: u64) -> u64 {
    let seat = |token: &str| SeatRecord {
        kind: SeatKind::Human,
        token_hash: Some(TokenHash::of(token)),
        open: false,
        joined: true,
    };
    let at = now() - ago;
    let record = MatchRecord {
        id: id.into(),
        game: "connect-four".into(),
        params: json!({"players": 2, "clock": {"days_per_move": 1}}),
        players: 2,
        seed: 7,
        setup: "placement".into(),
        created_at: at - 1_000,
        seats: vec![seat("one"), seat("two")],
        hints: false,
        position: None,
    };
    store.create(&record).await.unwrap();
    let moved = LogEntry {
        ply: 0,
        actor: LogActor::Seat(Seat(0)),
        action: "4".into(),
        at,
    };
    store.append(id, &[moved], false).await.unwrap();
    at
}

/// A server sending e-mails to `sink`, its worker started.
fn mailing(store: Arc<dyn MatchStore>, sink: &SmtpSink) -> TestServer {
    let mut mail = MailOptions::new(
        &sink.relay(),
        "Tabula <tabula@example.org>",
        "http://tabula.test",
    )
    .unwrap();
    mail.retry_min = Duration::from_millis(20);
    mail.retry_max = Duration::from_millis(200);
    let server = TestServer::with_options(
        store,
        HubOptions {
            mail: Some(mail),
            ..HubOptions::default()
        },
    );
    server.hub.start_mailer();
    server
}

async fn account(server: &TestServer, name: &str) -> Browser {
    Browser::signed_up(server, name).await
}

/// A one-day Connect Four match between two accounts, each at its seat.
async fn correspondence(
    server: &TestServer,
    ann: &mut Browser,
    bob: &mut Browser,
) -> common::Created {
    let m = server
        .create(
            json!({ "game": "connect-four", "seats": [{"human": true}, {"human": true}],
            "clock": {"days_per_move": 1} }),
        )
        .await;
    let uri = format!("/api/matches/{}/name", m.id);
    assert_eq!(
        ann.post(server, &uri, json!({ "token": m.token(1) }))
            .await
            .0,
        StatusCode::OK
    );
    assert_eq!(
        bob.post(server, &uri, json!({ "token": m.token(2) }))
            .await
            .0,
        StatusCode::OK
    );
    m
}

async fn opt_in(server: &TestServer, who: &mut Browser, email: &str, on: bool) {
    let (status, body) = who
        .post(
            server,
            "/api/account/mail",
            json!({ "email": email, "turn_emails": on }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(
        (body["email"].as_str(), body["turn_emails"].as_bool()),
        (Some(email), Some(on))
    );
}

async fn my_turn(server: &TestServer, who: &mut Browser) -> Vec<Value> {
    let (status, body) = who.get(server, "/api/my-turn").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body["matches"].as_array().unwrap().clone()
}

crate::both_backends! {
async fn a_restart_keeps_the_deadline_and_a_seat_past_it_loses_on_time(db: TestDb) {
    let store = db.open().await;
    let at = moved_ago(&store, "c0de0001", 2 * 3600 * 1000).await;
    let late = moved_ago(&store, "c0de0002", DAY + 5_000).await;
    let server = TestServer::with_store(store);
    assert_eq!(server.hub.restore().await.unwrap().resumed, 2);
    let state = server.state("c0de0001", None).await;
    let clocks = &state["clocks"];
    assert_eq!(clocks["days_per_move"], 1);
    assert_eq!(clocks["running"], json!([2]));
    let read = clocks["at_ms"].as_u64().unwrap();
    assert_eq!(clocks["left_ms"][1].as_u64().unwrap(), at + DAY - read, "the deadline is the move's time and a day");
    assert!(!over(&state));
    // Seat 2 moves: its time is set back to the full day, and seat 1's deadline is a day on.
    assert_eq!(server.act("c0de0001", "two", "3", 1).await.0, 200);
    let state = server.state("c0de0001", None).await;
    let moved = state["log"][1]["at"].as_u64().unwrap();
    assert_eq!(state["clocks"]["left_ms"][1], DAY);
    let read = state["clocks"]["at_ms"].as_u64().unwrap();
    assert_eq!(state["clocks"]["left_ms"][0].as_u64().unwrap(), moved + DAY - read);
    // The late match ends on time, and stays so.
    let done = server.wait_for("c0de0002", None, 20, over).await;
    assert_eq!(done["status"]["result"]["reason"], "timeout");
    assert_eq!(done["status"]["result"]["by"], 2);
    assert_eq!(done["log"][0]["at"], late);
    let again = TestServer::with_store(db.open().await);
    assert_eq!(again.hub.restore().await.unwrap().resumed, 1, "only the first match is left");
    assert_eq!(again.state("c0de0002", None).await["status"], done["status"]);
}

async fn a_move_mails_the_opted_in_opponent_a_link_and_no_one_else(db: TestDb) {
    let sink = SmtpSink::start().await;
    let server = mailing(db.open().await, &sink);
    let (mut ann, mut bob) = (account(&server, "Ann").await, account(&server, "Bob").await);
    opt_in(&server, &mut bob, "bob@example.org", true).await;
    opt_in(&server, &mut ann, "ann@example.org", false).await;
    let m = correspondence(&server, &mut ann, &mut bob).await;
    assert!(my_turn(&server, &mut bob).await.is_empty(), "seat 1 moves first");
    assert_eq!(my_turn(&server, &mut ann).await[0]["id"], m.id.as_str());
    assert_eq!(server.act(&m.id, m.token(1), "4", 0).await.0, 200);
    let mails = sink.wait_for(20, |m| !m.is_empty()).await;
    assert_eq!(mails[0].to, ["bob@example.org"]);
    let link = format!("http://tabula.test/match/{}", m.id);
    assert!(mails[0].data.contains(&link), "{}", mails[0].data);
    assert!(mails[0].data.contains("Connect Four") && mails[0].data.contains("Ann"), "{}", mails[0].data);
    let turns = my_turn(&server, &mut bob).await;
    assert_eq!(turns.len(), 1);
    let state = server.state(&m.id, None).await;
    let moved = state["log"][0]["at"].as_u64().unwrap();
    assert_eq!((turns[0]["id"].as_str(), turns[0]["seat"].as_u64()), (Some(m.id.as_str()), Some(2)));
    assert_eq!(turns[0]["opponents"], json!(["Ann"]));
    assert_eq!(turns[0]["deadline_ms"], moved + DAY);
    assert!(my_turn(&server, &mut ann).await.is_empty());
    // Bob moves: Ann, opted out, gets nothing; Ann moves: Bob gets his second e-mail, sent
    // after any to Ann would have been (the outbox goes oldest first).
    assert_eq!(server.act(&m.id, m.token(2), "3", 1).await.0, 200);
    assert_eq!(server.act(&m.id, m.token(1), "4", 2).await.0, 200);
    let mails = sink.wait_for(20, |m| m.len() >= 2).await;
    assert!(mails.iter().all(|m| m.to == ["bob@example.org"]), "{mails:?}");
    // Switched off: nothing more.
    opt_in(&server, &mut bob, "bob@example.org", false).await;
    let (status, body) = bob.get(&server, "/api/account/mail").await;
    assert_eq!((status, body["turn_emails"].clone(), body["available"].clone()), (StatusCode::OK, json!(false), json!(true)));
}

async fn a_refused_mail_stays_pending_and_goes_once_the_relay_is_back(db: TestDb) {
    let sink = SmtpSink::start().await;
    sink.refuse.store(true, Ordering::SeqCst);
    let server = mailing(db.open().await, &sink);
    let (mut ann, mut bob) = (account(&server, "Ann").await, account(&server, "Bob").await);
    opt_in(&server, &mut bob, "bob@example.org", true).await;
    let m = correspondence(&server, &mut ann, &mut bob).await;
    assert_eq!(server.act(&m.id, m.token(1), "4", 0).await.0, 200);
    let start = std::time::Instant::now();
    while sink.refused.load(Ordering::SeqCst) < 2 {
        assert!(start.elapsed() < Duration::from_secs(20), "the relay was never tried twice");
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    assert!(sink.taken().is_empty());
    sink.refuse.store(false, Ordering::SeqCst);
    let mails = sink.wait_for(20, |m| !m.is_empty()).await;
    assert_eq!(mails.len(), 1);
    assert_eq!(mails[0].to, ["bob@example.org"]);
}
}

#[tokio::test]
async fn bad_speeds_addresses_and_callers_get_400_or_401_naming_the_field() {
    let server = TestServer::new();
    for (clock, field) in [
        (json!({"days_per_move": 5}), "clock.days_per_move"),
        (json!({"days_per_move": 0}), "clock.days_per_move"),
        (
            json!({"days_per_move": 1, "increment_s": 5}),
            "clock.increment_s",
        ),
    ] {
        let body = json!({ "game": "connect-four", "seats": [{"human": true}, {"human": true}], "clock": clock });
        let (status, answer) = server.post("/api/matches", body).await;
        assert_eq!(status, 400, "{answer}");
        assert!(
            answer["error"].as_str().unwrap().starts_with(field),
            "{answer}"
        );
    }
    let body = json!({ "game": "magical-circle", "seats": [{"human": true}, {"human": true}],
        "clock": {"days_per_move": 1} });
    let (status, answer) = server.post("/api/matches", body).await;
    assert_eq!(status, 400);
    assert!(
        answer["error"].as_str().unwrap().contains("real time"),
        "{answer}"
    );
    assert_eq!(server.hub.in_memory(), (0, 0), "no match was made");
    let (status, answer) = server
        .post(
            "/api/seeks",
            json!({ "game": "connect-four", "speed": "5d", "name": "Ada" }),
        )
        .await;
    assert_eq!(status, 400);
    assert!(
        answer["error"].as_str().unwrap().starts_with("speed"),
        "{answer}"
    );
    let (status, _) = server.get("/api/my-turn").await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    let mut ann = account(&server, "Ann").await;
    for (body, field) in [
        (json!({ "email": "ann", "turn_emails": true }), "email:"),
        (json!({ "email": "ann@", "turn_emails": true }), "email:"),
        (json!({ "email": null, "turn_emails": true }), "email:"),
        (
            json!({ "email": "ann@example.org", "turn_emails": true, "lang": "de" }),
            "lang:",
        ),
        (
            json!({ "email": "ann@example.org", "turn_emails": "yes" }),
            "turn_emails",
        ),
    ] {
        let (status, answer) = ann.post(&server, "/api/account/mail", body.clone()).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}: {answer}");
        assert!(
            answer["error"].as_str().unwrap().contains(field),
            "{body}: {answer}"
        );
    }
    let (_, settings) = ann.get(&server, "/api/account/mail").await;
    assert_eq!(settings["email"], Value::Null, "nothing was stored");
    assert_eq!(settings["available"], false, "this server sends no e-mail");
}
