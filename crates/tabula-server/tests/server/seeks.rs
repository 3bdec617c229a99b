//! Quick pairing through the API, on both stores: two guests paired, a rating range kept
//! then widened, cancelling, expiry, no seek given twice under concurrency, a three-player
//! table filling, bots filling a table after the wait, bad input refused without change,
//! seeks limited per client, never two people of whom one blocks the other; and two people on two instances of one PostgreSQL database
//! paired into one match.

use crate::common;

use axum::http::StatusCode;
use common::TestServer;
use common::backends::{Backend, TestDb};
use common::browser::Browser;
use serde_json::{Value, json};
use std::collections::HashMap;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tabula_server::limits::Limits;
use tabula_server::people::{AccountOptions, PairingOptions};
use tabula_server::{HubOptions, MatchStore, PgStore};

fn options(pairing: PairingOptions) -> HubOptions {
    HubOptions {
        accounts: AccountOptions {
            pairing,
            ..AccountOptions::default()
        },
        ..HubOptions::default()
    }
}

fn server_on(store: Arc<dyn MatchStore>, pairing: PairingOptions) -> TestServer {
    TestServer::with_options(store, options(pairing))
}

/// Posts a seek: `(status, answer)`.
async fn seek(server: &TestServer, who: &mut Browser, body: Value) -> (StatusCode, Value) {
    who.post(server, "/api/seeks", body).await
}

/// A seek that must be accepted.
async fn seek_ok(server: &TestServer, who: &mut Browser, body: Value) -> Value {
    let (status, answer) = seek(server, who, body.clone()).await;
    assert_eq!(status, StatusCode::CREATED, "{body} → {answer}");
    answer
}

/// The heartbeat of `mine`: its state now.
async fn beat(server: &TestServer, who: &mut Browser, mine: &Value) -> (StatusCode, Value) {
    let uri = format!("/api/seeks/{}/wait", mine["id"].as_str().unwrap());
    who.post(server, &uri, json!({ "secret": mine["secret"] }))
        .await
}

/// Beats until `mine` is paired (at most `secs`).
async fn paired(server: &TestServer, who: &mut Browser, mine: &Value, secs: u64) -> Value {
    let start = Instant::now();
    loop {
        let (status, state) = beat(server, who, mine).await;
        assert_eq!(status, StatusCode::OK, "{state}");
        if state["status"] == "paired" {
            return state;
        }
        assert!(
            start.elapsed() < Duration::from_secs(secs),
            "not paired: {state}"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

async fn listed(server: &TestServer) -> Vec<Value> {
    let (status, list) = server.get("/api/seeks").await;
    assert_eq!(status, StatusCode::OK, "{list}");
    list["seeks"].as_array().unwrap().clone()
}

async fn account(server: &TestServer, name: &str) -> Browser {
    Browser::signed_up(server, name).await
}

/// The seat `token` holds in match `id`.
async fn seat_of(server: &TestServer, id: &Value, token: &Value) -> u64 {
    let state = server.state(id.as_str().unwrap(), token.as_str()).await;
    state["you"].as_u64().expect("the token holds a seat")
}

fn nim(name: &str) -> Value {
    json!({ "game": "toy-nim", "players": 2, "speed": "5+5", "name": name })
}

crate::both_backends! {
    async fn two_people_of_whom_one_blocks_the_other_are_never_paired(db: TestDb) {
        let server = server_on(db.open().await, PairingOptions::default());
        let (mut ada, mut bea) = (account(&server, "Ada").await, account(&server, "Bea").await);
        let (status, _) = bea.post(&server, "/api/me/blocks", json!({ "name": "Ada" })).await;
        assert_eq!(status, StatusCode::CREATED);
        let first = seek_ok(&server, &mut ada, nim("Ada")).await;
        let second = seek_ok(&server, &mut bea, nim("Bea")).await;
        assert_eq!(second["status"], "waiting", "{second}");
        let (_, state) = beat(&server, &mut ada, &first).await;
        assert_eq!(state["status"], "waiting", "{state}");
        let (status, _) = bea.send(&server, "DELETE", "/api/me/blocks/Ada", None).await;
        assert_eq!(status, StatusCode::OK);
        let (_, state) = beat(&server, &mut ada, &first).await;
        assert_eq!(state["status"], "paired", "once unblocked: {state}");
    }

    async fn two_guests_are_seated_together(db: TestDb) {
        let server = server_on(db.open().await, PairingOptions::default());
        let (mut ada, mut bea) = (Browser::default(), Browser::default());
        let first = seek_ok(&server, &mut ada, nim("Ada")).await;
        assert_eq!(first["status"], "waiting", "{first}");
        let lobby = listed(&server).await;
        assert_eq!(lobby.len(), 1);
        assert_eq!((lobby[0]["name"].clone(), lobby[0]["speed"].clone()), (json!("Ada"), json!("5+5")));
        assert!(lobby[0].get("secret").is_none(), "the lobby never shows a secret");
        let second = seek_ok(&server, &mut bea, nim("Bea")).await;
        assert_eq!(second["status"], "paired", "{second}");
        let found = paired(&server, &mut ada, &first, 5).await;
        assert_eq!(found["match"], second["match"]);
        let seats = [
            seat_of(&server, &found["match"], &found["token"]).await,
            seat_of(&server, &second["match"], &second["token"]).await,
        ];
        assert_eq!((seats[0] + seats[1], seats[0] != seats[1]), (3, true), "{seats:?}");
        assert_eq!((seats[0], seats[1]), (found["seat"].as_u64().unwrap(), second["seat"].as_u64().unwrap()));
        let id = found["match"].as_str().unwrap();
        let (_, names) = server.get(&format!("/api/matches/{id}/players")).await;
        let mut names: Vec<String> = names["players"].as_array().unwrap().iter().map(|p| p["name"].as_str().unwrap().to_string()).collect();
        names.sort();
        assert_eq!(names, ["Ada", "Bea"]);
        let (_, record) = server.get(&format!("/api/matches/{id}/record")).await;
        assert_eq!(record["clock"], json!({ "initial_s": 300, "increment_s": 5 }));
        assert!(listed(&server).await.is_empty(), "both seeks left the lobby");
        // The heartbeat keeps answering the same seat.
        assert_eq!(paired(&server, &mut ada, &first, 1).await["token"], found["token"]);
    }

    async fn a_correspondence_speed_pairs_on_a_clock_of_days_per_move(db: TestDb) {
        let server = server_on(db.open().await, PairingOptions::default());
        let (mut ada, mut bea) = (Browser::default(), Browser::default());
        let by_post = |name: &str| json!({ "game": "toy-nim", "players": 2, "speed": "3d", "name": name });
        let first = seek_ok(&server, &mut ada, by_post("Ada")).await;
        let second = seek_ok(&server, &mut bea, by_post("Bea")).await;
        assert_eq!(second["status"], "paired", "{second}");
        assert_eq!(paired(&server, &mut ada, &first, 5).await["match"], second["match"]);
        let id = second["match"].as_str().unwrap();
        let (_, record) = server.get(&format!("/api/matches/{id}/record")).await;
        assert_eq!(record["clock"], json!({ "days_per_move": 3 }));
    }

    async fn the_rating_range_is_kept_then_widens_with_the_wait(db: TestDb) {
        let pairing = PairingOptions { widen_every: Duration::from_millis(150), ..PairingOptions::default() };
        let server = server_on(db.open().await, pairing);
        let (mut ada, mut bob) = (account(&server, "Ada").await, account(&server, "Bob").await);
        db.execute(
            "INSERT INTO ratings (account_id, game, players, rating, deviation, volatility, games) \
             SELECT id, 'toy-nim', 2, 1800.0, 60.0, 0.06, 30 FROM accounts WHERE name = 'Bob'",
        )
        .await;
        let body = json!({ "game": "toy-nim", "speed": "3+2", "rated": true });
        let a = seek_ok(&server, &mut ada, body.clone()).await;
        let b = seek_ok(&server, &mut bob, body).await;
        assert_eq!((a["rating"].clone(), b["rating"].clone()), (json!(1500), json!(1800)));
        assert_eq!(b["status"], "waiting", "300 points apart, ranges ±100: {b}");
        assert_eq!(listed(&server).await.len(), 2);
        // Both ranges reach 300 after four steps of the newer seek's wait.
        let found = paired(&server, &mut ada, &a, 10).await;
        let other = paired(&server, &mut bob, &b, 5).await;
        assert_eq!(found["match"], other["match"]);
        for s in [&found, &other] {
            assert!(s["range"].as_i64().unwrap() >= 300, "paired only once both ranges hold the gap: {s}");
        }
        let id = found["match"].as_str().unwrap();
        assert_eq!(server.state(id, None).await["rated"], true);
        // The seats are the accounts': the match is rated when it ends.
        let (status, answer) = server
            .post(&format!("/api/matches/{id}/table"), json!({ "token": found["token"], "request": "resign" }))
            .await;
        assert_eq!(status, StatusCode::OK, "{answer}");
        for name in ["ada", "bob"] {
            let (_, page) = server.get(&format!("/api/players/{name}")).await;
            let games = page["ratings"].as_array().unwrap().iter().find(|r| r["game"] == "toy-nim").map(|r| r["games"].clone());
            assert_eq!(games, Some(json!(if name == "ada" { 1 } else { 31 })), "{name}: {page}");
        }
    }

    async fn a_cancelled_seek_is_gone_and_pairs_with_nobody(db: TestDb) {
        let server = server_on(db.open().await, PairingOptions::default());
        let (mut ada, mut bea) = (Browser::default(), Browser::default());
        let a = seek_ok(&server, &mut ada, nim("Ada")).await;
        let cancel = format!("/api/seeks/{}/cancel", a["id"].as_str().unwrap());
        let (status, _) = bea.post(&server, &cancel, json!({ "secret": "not-the-secret" })).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "only its owner cancels it");
        assert_eq!(listed(&server).await.len(), 1);
        let (status, answer) = ada.post(&server, &cancel, json!({ "secret": a["secret"] })).await;
        assert_eq!((status, answer["status"].clone()), (StatusCode::OK, json!("cancelled")));
        assert!(listed(&server).await.is_empty());
        assert_eq!(beat(&server, &mut ada, &a).await.0, StatusCode::NOT_FOUND);
        let b = seek_ok(&server, &mut bea, nim("Bea")).await;
        assert_eq!(b["status"], "waiting");
        let (status, _) = ada.post(&server, &cancel, json!({ "secret": a["secret"] })).await;
        assert_eq!(status, StatusCode::NOT_FOUND);
        // A paired seek can no longer be cancelled.
        let again = seek_ok(&server, &mut ada, nim("Ada")).await;
        assert_eq!(again["status"], "paired");
        let cancel = format!("/api/seeks/{}/cancel", b["id"].as_str().unwrap());
        let (status, answer) = bea.post(&server, &cancel, json!({ "secret": b["secret"] })).await;
        assert_eq!(status, StatusCode::CONFLICT, "{answer}");
        assert!(answer["error"].as_str().unwrap().contains(again["match"].as_str().unwrap()));
    }

    async fn a_seek_without_heartbeat_expires(db: TestDb) {
        let pairing = PairingOptions { seek_ttl: Duration::from_millis(400), ..PairingOptions::default() };
        let server = server_on(db.open().await, pairing);
        let (mut ada, mut bea) = (Browser::default(), Browser::default());
        let a = seek_ok(&server, &mut ada, nim("Ada")).await;
        // Heartbeats keep it past its time to live.
        for _ in 0..4 {
            tokio::time::sleep(Duration::from_millis(150)).await;
            assert_eq!(beat(&server, &mut ada, &a).await.0, StatusCode::OK);
        }
        assert_eq!(listed(&server).await.len(), 1);
        tokio::time::sleep(Duration::from_millis(600)).await;
        assert!(listed(&server).await.is_empty(), "its owner left");
        let b = seek_ok(&server, &mut bea, nim("Bea")).await;
        assert_eq!(b["status"], "waiting", "{b}");
        assert_eq!(beat(&server, &mut ada, &a).await.0, StatusCode::NOT_FOUND);
    }

    async fn no_seek_is_given_twice_under_concurrency(db: TestDb) {
        let server = Arc::new(server_on(db.open().await, PairingOptions::default()));
        let tasks: Vec<_> = (0..12)
            .map(|i| {
                let server = server.clone();
                tokio::spawn(async move {
                    let mut who = Browser::default();
                    let mine = seek_ok(&server, &mut who, nim(&format!("Player {i}"))).await;
                    paired(&server, &mut who, &mine, 20).await
                })
            })
            .collect();
        let mut seats: HashMap<String, Vec<u64>> = HashMap::new();
        for task in tasks {
            let p = task.await.unwrap();
            let id = p["match"].as_str().unwrap().to_string();
            seats.entry(id.clone()).or_default().push(seat_of(&server, &p["match"], &p["token"]).await);
        }
        assert_eq!(seats.len(), 6, "{seats:?}");
        for (id, mut s) in seats {
            s.sort();
            assert_eq!(s, [1, 2], "match {id}");
        }
    }

    async fn a_three_player_table_fills_then_starts(db: TestDb) {
        let server = server_on(db.open().await, PairingOptions::default());
        let race = |name: &str| json!({ "game": "toy-race", "players": 3, "speed": "untimed", "name": name });
        let mut people: Vec<Browser> = (0..3).map(|_| Browser::default()).collect();
        let a = seek_ok(&server, &mut people[0], race("Ada")).await;
        let b = seek_ok(&server, &mut people[1], race("Bea")).await;
        assert_eq!((a["status"].clone(), b["status"].clone()), (json!("waiting"), json!("waiting")));
        assert_eq!(listed(&server).await.len(), 2, "two of three seats taken");
        let c = seek_ok(&server, &mut people[2], race("Cid")).await;
        assert_eq!(c["status"], "paired", "{c}");
        let mut seats = vec![seat_of(&server, &c["match"], &c["token"]).await];
        for (who, mine) in people.iter_mut().zip([&a, &b]) {
            let p = paired(&server, who, mine, 5).await;
            assert_eq!(p["match"], c["match"]);
            seats.push(seat_of(&server, &p["match"], &p["token"]).await);
        }
        seats.sort();
        assert_eq!(seats, [1, 2, 3]);
    }

    async fn bots_fill_a_table_after_the_wait(db: TestDb) {
        let pairing = PairingOptions { bot_wait: Duration::from_millis(300), ..PairingOptions::default() };
        let server = server_on(db.open().await, pairing);
        let race = |name: &str| json!({ "game": "toy-race", "players": 3, "speed": "untimed", "name": name });
        let (mut ada, mut bea) = (Browser::default(), Browser::default());
        let a = seek_ok(&server, &mut ada, race("Ada")).await;
        let b = seek_ok(&server, &mut bea, race("Bea")).await;
        let bots = |s: &Value| format!("/api/seeks/{}/bots", s["id"].as_str().unwrap());
        let (status, answer) = ada.post(&server, &bots(&a), json!({ "secret": a["secret"] })).await;
        assert_eq!(status, StatusCode::CONFLICT, "too early: {answer}");
        tokio::time::sleep(Duration::from_millis(350)).await;
        let (status, answer) = bea.post(&server, &bots(&b), json!({ "secret": b["secret"] })).await;
        assert_eq!(status, StatusCode::CONFLICT, "the table's creator decides: {answer}");
        let (status, answer) = ada.post(&server, &bots(&a), json!({ "secret": a["secret"], "level": "nobody" })).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");
        let (status, started) = ada.post(&server, &bots(&a), json!({ "secret": a["secret"], "level": "random" })).await;
        assert_eq!((status, started["status"].clone()), (StatusCode::OK, json!("paired")), "{started}");
        let other = paired(&server, &mut bea, &b, 5).await;
        assert_eq!(other["match"], started["match"]);
        let state = server.state(started["match"].as_str().unwrap(), None).await;
        let bots_seated = state["seats"].as_array().unwrap().iter().filter(|s| s["presence"].is_null()).count();
        assert_eq!((state["players"].clone(), bots_seated), (json!(3), 1), "{state}");
    }

    async fn bad_seeks_are_refused_and_change_nothing(db: TestDb) {
        let server = server_on(db.open().await, PairingOptions::default());
        let mut guest = Browser::default();
        for (body, status, names) in [
            (json!({ "game": "no-such-game", "name": "Ada" }), StatusCode::BAD_REQUEST, "game"),
            (json!({ "game": "toy-nim", "players": 3, "name": "Ada" }), StatusCode::BAD_REQUEST, "players"),
            (json!({ "game": "toy-nim", "speed": "7+0", "name": "Ada" }), StatusCode::BAD_REQUEST, "speed"),
            (json!({ "game": "toy-race", "speed": "5+5", "name": "Ada" }), StatusCode::BAD_REQUEST, "speed"),
            (json!({ "game": "toy-nim", "rated": true, "name": "Ada" }), StatusCode::UNAUTHORIZED, "rated"),
            (json!({ "game": "toy-race", "players": 3, "speed": "untimed", "rated": true, "name": "Ada" }), StatusCode::UNAUTHORIZED, "rated"),
            (json!({ "game": "toy-nim" }), StatusCode::BAD_REQUEST, "name"),
            (json!({ "game": "toy-nim", "name": "Ada", "colour": "red" }), StatusCode::BAD_REQUEST, "colour"),
            (json!({ "accept": "0123", "name": "Ada" }), StatusCode::NOT_FOUND, "accept"),
        ] {
            let (got, answer) = seek(&server, &mut guest, body.clone()).await;
            assert_eq!(got, status, "{body} → {answer}");
            assert!(answer["error"].as_str().unwrap().contains(names), "{body} → {answer}");
        }
        assert!(listed(&server).await.is_empty());
        let (status, _) = server.get("/api/seeks?colour=red").await;
        assert_eq!(status, StatusCode::BAD_REQUEST);
        let (status, _) = server.post("/api/seeks/0123/wait", json!({ "secret": "x" })).await;
        assert_eq!(status, StatusCode::NOT_FOUND);
    }
}

#[tokio::test]
async fn a_lobby_seek_is_joined_in_one_click_and_a_person_holds_one_seek() {
    let server = server_on(
        Arc::new(tabula_server::MemoryStore::new()),
        PairingOptions::default(),
    );
    let (mut ada, mut bea) = (Browser::default(), Browser::default());
    seek_ok(&server, &mut ada, nim("Ada")).await;
    let a = seek_ok(
        &server,
        &mut ada,
        json!({ "game": "toy-nim", "speed": "15+10", "name": "Ada" }),
    )
    .await;
    let lobby = listed(&server).await;
    assert_eq!(
        lobby.len(),
        1,
        "the newer seek replaced the older: {lobby:?}"
    );
    assert_eq!(lobby[0]["id"], a["id"]);
    let joined = seek_ok(
        &server,
        &mut bea,
        json!({ "accept": a["id"], "name": "Bea" }),
    )
    .await;
    assert_eq!(
        (joined["status"].clone(), joined["speed"].clone()),
        (json!("paired"), json!("15+10"))
    );
    assert_eq!(
        paired(&server, &mut ada, &a, 5).await["match"],
        joined["match"]
    );
}

#[tokio::test]
async fn a_client_cannot_flood_seeks() {
    let limits = Limits {
        creations_per_minute: 1,
        creation_burst: 2,
        ..Limits::default()
    };
    let server = TestServer::with_options(
        Arc::new(tabula_server::MemoryStore::new()),
        HubOptions {
            limits,
            ..HubOptions::default()
        },
    );
    let mut flooder = Browser {
        peer: Some("192.0.2.7:4000".parse().unwrap()),
        ..Browser::default()
    };
    for _ in 0..2 {
        seek_ok(&server, &mut flooder, nim("Flo")).await;
    }
    let (status, answer) = seek(&server, &mut flooder, nim("Flo")).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{answer}");
    assert_eq!(listed(&server).await.len(), 1, "one seek per person");
}

/// An in-process instance on the database at `location`, following the others.
async fn instance(location: &str) -> TestServer {
    let pg = PgStore::open(location).await.unwrap();
    let server = server_on(Arc::new(pg.clone()), PairingOptions::default());
    server.hub.join_cluster(pg).await.unwrap();
    server
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_people_on_two_instances_are_paired_into_one_match() {
    let db = TestDb::new(Backend::Postgres, "pairing_two_instances").await;
    let (one, two) = (instance(&db.location).await, instance(&db.location).await);
    let (mut ada, mut bea) = (Browser::default(), Browser::default());
    let a = seek_ok(&one, &mut ada, nim("Ada")).await;
    assert_eq!(
        listed(&two).await.len(),
        1,
        "the other instance sees the seek"
    );
    let b = seek_ok(&two, &mut bea, nim("Bea")).await;
    assert_eq!(b["status"], "paired", "{b}");
    let found = paired(&one, &mut ada, &a, 5).await;
    assert_eq!(found["match"], b["match"]);
    let seats = [
        seat_of(&one, &found["match"], &found["token"]).await,
        seat_of(&two, &b["match"], &b["token"]).await,
    ];
    assert_eq!(seats[0] + seats[1], 3, "{seats:?}");
    assert!(listed(&one).await.is_empty() && listed(&two).await.is_empty());
}

#[tokio::test]
async fn garbage_at_the_seek_endpoints_gets_a_4xx_and_seats_nobody() {
    let server = server_on(
        Arc::new(tabula_server::MemoryStore::new()),
        PairingOptions::default(),
    );
    let long = "x".repeat(10_000);
    let bodies: Vec<Vec<u8>> = [
        "",
        "{",
        "[]",
        "null",
        "{\"game\": 5}",
        "{\"game\": \"toy-nim\", \"players\": -1, \"name\": \"Ada\"}",
        "{\"game\": \"toy-nim\", \"players\": 1e30, \"name\": \"Ada\"}",
        "{\"game\": \"toy-nim\", \"speed\": \"\u{1F4A5}\", \"name\": \"Ada\"}",
        "{\"game\": \"toy-nim\", \"name\": \"\\u0000\\u0007\"}",
        "{\"game\": \"toy-nim\", \"rated\": \"yes\", \"name\": \"Ada\"}",
        "{\"secret\": 7}",
        "{\"secret\": \"s\", \"level\": [1]}",
    ]
    .iter()
    .map(|b| b.as_bytes().to_vec())
    .chain([
        format!("{{\"game\": \"toy-nim\", \"name\": \"{long}\"}}").into_bytes(),
        format!("{{\"accept\": \"{long}\", \"name\": \"Ada\"}}").into_bytes(),
        vec![b'['; 20_000],
    ])
    .collect();
    let ids = ["0123", "%2e%2e", &"x".repeat(300)];
    for body in &bodies {
        let mut paths = vec!["/api/seeks".to_string()];
        for id in ids {
            for what in ["wait", "cancel", "bots"] {
                paths.push(format!("/api/seeks/{id}/{what}"));
            }
        }
        for path in paths {
            let (status, answer) = server.raw("POST", &path, body.clone()).await;
            assert!(
                status.is_client_error() && answer["error"].is_string(),
                "POST {path} {:?}: {status} {answer}",
                String::from_utf8_lossy(&body[..body.len().min(80)])
            );
        }
    }
    for query in ["game=%ff", "game=", "limit=3", "game=toy-nim&game=x"] {
        let (status, answer) = server.get(&format!("/api/seeks?{query}")).await;
        assert!(
            status == StatusCode::OK || status.is_client_error(),
            "{query}: {status} {answer}"
        );
    }
    assert!(listed(&server).await.is_empty(), "nobody is waiting");
}
