//! The seat promises: the creator's seats are bound at creation and never open; an invited
//! seat is reached only through its link; a lobby seat is an explicit choice and `join` gives
//! it a fresh token, stored (hashed, with the seat joined) before it is answered, and never a
//! token someone else holds; tokens are stored hashed; bad seat combinations are refused with
//! a clear reason; the "hints allowed" flag is stored and shown.

use crate::common;

use axum::http::StatusCode;
use common::TestServer;
use common::stores::FaultyStore;
use serde_json::{Value, json};
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::Ordering;
use tabula_core::Seat;
use tabula_server::store::{StoreError, TokenHash};
use tabula_server::{MatchStore, MemoryStore, SqliteStore};

fn temp_db(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tabula-seats-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(format!("{name}.db"));
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", path.display()));
    }
    path
}

/// The whole create answer.
async fn create(server: &TestServer, body: Value) -> Value {
    let (status, answer) = server.post("/api/matches", body.clone()).await;
    assert_eq!(status, StatusCode::CREATED, "{body} → {answer}");
    answer
}

async fn join(server: &TestServer, id: &str, body: Value) -> (StatusCode, Value) {
    server.post(&format!("/api/matches/{id}/join"), body).await
}

/// The lobby line of match `id`; a match the list leaves out (a private match between
/// people) offers no open seat either.
async fn lobby_line(server: &TestServer, id: &str) -> Value {
    let (status, lobby) = server.get("/api/matches").await;
    assert_eq!(status, StatusCode::OK);
    lobby["matches"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["id"] == json!(id))
        .cloned()
        .unwrap_or_else(|| json!({ "open_seats": [] }))
}

/// The ids listed by the open-seats lobby.
async fn open_ids(server: &TestServer) -> Vec<String> {
    let (_, lobby) = server.get("/api/matches?open=true").await;
    lobby["matches"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["id"].as_str().unwrap().to_string())
        .collect()
}

fn token(answer: &Value, seat: usize) -> String {
    answer["seats"][seat - 1]["token"]
        .as_str()
        .unwrap_or_else(|| panic!("seat {seat} has a token: {answer}"))
        .to_string()
}

#[tokio::test]
async fn the_creators_seats_are_bound_at_creation_and_never_open() {
    let server = TestServer::new();
    let m = create(
        &server,
        json!({ "game": "toy-race", "players": 3, "mine": [1, 3],
                "seats": [{ "human": true }, { "human": true }, { "human": true }] }),
    )
    .await;
    let id = m["id"].as_str().unwrap();
    let roles: Vec<&Value> = m["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| &s["role"])
        .collect();
    assert_eq!(roles, [&json!("mine"), &json!("invited"), &json!("mine")]);
    let state = server.state(id, None).await;
    for (i, joined) in [(0, true), (1, false), (2, true)] {
        assert_eq!(state["seats"][i]["joined"], json!(joined), "seat {}", i + 1);
        assert_eq!(state["seats"][i]["open"], json!(false), "seat {}", i + 1);
    }
    assert_eq!(lobby_line(&server, id).await["open_seats"], json!([]));
    for body in [json!({}), json!({ "seat": 1 }), json!({ "seat": 3 })] {
        let (status, e) = join(&server, id, body.clone()).await;
        assert_eq!(status, StatusCode::CONFLICT, "{body} → {e}");
        assert!(e.get("token").is_none(), "{e}");
    }
    // The reported case: a human against a bot, before the creator opened their link.
    let vs_bot = create(
        &server,
        json!({ "game": "toy-nim", "seats": [{ "human": true }, { "bot": "shy" }] }),
    )
    .await;
    let vs_bot_id = vs_bot["id"].as_str().unwrap();
    assert_eq!(vs_bot["seats"][0]["role"], json!("mine"));
    assert_eq!(
        server.state(vs_bot_id, None).await["seats"][0]["joined"],
        json!(true)
    );
    assert!(!open_ids(&server).await.contains(&vs_bot_id.to_string()));
    let (status, e) = join(&server, vs_bot_id, json!({})).await;
    assert_eq!(
        (status, &e["error"]),
        (StatusCode::CONFLICT, &json!("no seat is open"))
    );
    let mine = token(&vs_bot, 1);
    assert_eq!(server.state(vs_bot_id, Some(&mine)).await["you"], json!(1));
}

#[tokio::test]
async fn an_invited_seat_is_reachable_only_through_its_link() {
    let server = TestServer::new();
    let m = create(
        &server,
        json!({ "game": "toy-nim", "seats": [{ "human": true }, { "human": true }] }),
    )
    .await;
    let id = m["id"].as_str().unwrap();
    assert_eq!(m["seats"][1]["role"], json!("invited"));
    let invite = token(&m, 2);
    assert_eq!(lobby_line(&server, id).await["open_seats"], json!([]));
    assert!(!open_ids(&server).await.contains(&id.to_string()));
    let (status, e) = join(&server, id, json!({ "seat": 2 })).await;
    assert_eq!(status, StatusCode::CONFLICT, "{e}");
    let reason = e["error"].as_str().unwrap();
    assert!(
        reason.contains("seat 2") && reason.contains("private link"),
        "{reason}"
    );
    let (status, e) = join(&server, id, json!({})).await;
    assert_eq!(status, StatusCode::CONFLICT, "{e}");
    // The link takes the seat.
    let seen = server.state(id, Some(&invite)).await;
    assert_eq!(seen["you"], json!(2));
    server
        .wait_for(id, None, 5, |s| s["seats"][1]["joined"] == json!(true))
        .await;
    assert_eq!(lobby_line(&server, id).await["open_seats"], json!([]));
}

#[tokio::test]
async fn join_never_hands_out_a_token_someone_else_holds() {
    let server = TestServer::new();
    let m = create(
        &server,
        json!({ "game": "toy-race", "players": 3,
                "seats": [{ "human": true }, { "human": true }, { "human": true, "open": true }] }),
    )
    .await;
    let id = m["id"].as_str().unwrap();
    let held = [token(&m, 1), token(&m, 2)];
    assert_eq!(
        m["seats"][2],
        json!({ "seat": 3, "role": "lobby" }),
        "no token at creation"
    );
    let (status, joined) = join(&server, id, json!({})).await;
    assert_eq!(status, StatusCode::OK, "{joined}");
    assert_eq!(joined["seat"], json!(3));
    let fresh = joined["token"].as_str().unwrap().to_string();
    assert!(!held.contains(&fresh));
    assert_eq!(fresh.len(), 32, "128 bits in hex");
    // Nobody else is given it, or any other token.
    for body in [
        json!({}),
        json!({ "seat": 3 }),
        json!({ "seat": 1 }),
        json!({ "seat": 2 }),
    ] {
        let (status, e) = join(&server, id, body.clone()).await;
        assert_eq!(status, StatusCode::CONFLICT, "{body} → {e}");
        assert!(e.get("token").is_none(), "{e}");
    }
    let (_, lobby) = server.get("/api/matches").await;
    let spectator = server.state(id, None).await;
    for shown in [lobby.to_string(), spectator.to_string()] {
        for t in held.iter().chain([&fresh]) {
            assert!(!shown.contains(t.as_str()), "a token is shown: {shown}");
        }
    }
    assert_eq!(server.state(id, Some(&fresh)).await["you"], json!(3));
    assert_eq!(server.state(id, Some(&held[0])).await["you"], json!(1));
    assert_eq!(lobby_line(&server, id).await["open_seats"], json!([]));
}

#[tokio::test]
async fn join_issues_a_fresh_token_only_for_a_really_open_seat() {
    let store = Arc::new(FaultyStore::default());
    let server = TestServer::with_store(store.clone());
    let m = create(
        &server,
        json!({ "game": "toy-nim", "seats": [{ "human": true }, { "human": true, "open": true }] }),
    )
    .await;
    let id = m["id"].as_str().unwrap();
    // A join the store could not keep gives no token and leaves the seat open.
    store.fail_joins.store(true, Ordering::SeqCst);
    let (status, e) = join(&server, id, json!({})).await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{e}");
    assert!(e.get("token").is_none());
    assert_eq!(lobby_line(&server, id).await["open_seats"], json!([2]));
    assert_eq!(
        store.inner.load(id).await.unwrap().unwrap().record.seats[1].token_hash,
        None
    );
    store.fail_joins.store(false, Ordering::SeqCst);
    let (status, joined) = join(&server, id, json!({ "seat": 2 })).await;
    assert_eq!(status, StatusCode::OK, "{joined}");
    let fresh = joined["token"].as_str().unwrap();
    // Stored before it was answered: the hash, and the seat joined.
    let seat = store.inner.load(id).await.unwrap().unwrap().record.seats[1].clone();
    assert_eq!(seat.token_hash, Some(TokenHash::of(fresh)));
    assert!(seat.open && seat.joined);
    // The stored record itself refuses a second join.
    assert!(matches!(
        store.join_open_seat(id, Seat(1), TokenHash::of("x")).await,
        Err(StoreError::SeatNotOpen { .. })
    ));
    let (status, e) = join(&server, id, json!({ "seat": 2 })).await;
    assert_eq!(
        (status, &e["error"]),
        (StatusCode::CONFLICT, &json!("seat 2 is taken"))
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_joined_lobby_seat_keeps_its_token_after_a_restart() {
    let path = temp_db("restart-join");
    let (id, fresh) = {
        let server = TestServer::with_store(Arc::new(SqliteStore::open(&path).await.unwrap()));
        let m = create(
            &server,
            json!({ "game": "toy-nim", "seats": [{ "human": true }, { "human": true, "open": true }] }),
        )
        .await;
        let id = m["id"].as_str().unwrap().to_string();
        let (status, joined) = join(&server, &id, json!({})).await;
        assert_eq!(status, StatusCode::OK, "{joined}");
        (id, joined["token"].as_str().unwrap().to_string())
    };
    let server = TestServer::with_store(Arc::new(SqliteStore::open(&path).await.unwrap()));
    assert_eq!(server.hub.restore().await.unwrap().resumed, 1);
    assert_eq!(server.state(&id, Some(&fresh)).await["you"], json!(2));
    let (status, e) = join(&server, &id, json!({})).await;
    assert_eq!(status, StatusCode::CONFLICT, "{e}");
    assert_eq!(lobby_line(&server, &id).await["open_seats"], json!([]));
}

/// Every byte of the database files.
fn db_bytes(path: &std::path::Path) -> Vec<u8> {
    let mut bytes = Vec::new();
    for suffix in ["", "-wal"] {
        if let Ok(b) = std::fs::read(format!("{}{suffix}", path.display())) {
            bytes.extend(b);
        }
    }
    bytes
}

fn contains(haystack: &[u8], needle: &str) -> bool {
    haystack
        .windows(needle.len())
        .any(|w| w == needle.as_bytes())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tokens_are_stored_hashed() {
    let path = temp_db("hashed");
    let store = Arc::new(SqliteStore::open(&path).await.unwrap());
    let server = TestServer::with_store(store.clone());
    let m = create(
        &server,
        json!({ "game": "toy-race", "players": 3,
                "seats": [{ "human": true }, { "human": true }, { "human": true, "open": true }] }),
    )
    .await;
    let id = m["id"].as_str().unwrap();
    let (_, joined) = join(&server, id, json!({})).await;
    let tokens = [
        token(&m, 1),
        token(&m, 2),
        joined["token"].as_str().unwrap().to_string(),
    ];
    let stored = store.load(id).await.unwrap().unwrap().record;
    for (i, t) in tokens.iter().enumerate() {
        assert_eq!(
            stored.seats[i].token_hash,
            Some(TokenHash::of(t)),
            "seat {}",
            i + 1
        );
        assert_eq!(server.state(id, Some(t)).await["you"], json!(i + 1));
    }
    let bytes = db_bytes(&path);
    assert!(
        contains(&bytes, &TokenHash::of(&tokens[0]).to_hex()),
        "the hash is stored"
    );
    for t in &tokens {
        assert!(!contains(&bytes, t), "token {t} is in the file");
    }
    let memory = MemoryStore::new();
    memory.create(&stored).await.unwrap();
    let kept = format!("{:?}", memory.load(id).await.unwrap().unwrap());
    for t in &tokens {
        assert!(!kept.contains(t.as_str()), "the memory store keeps {t}");
    }
}

#[tokio::test]
async fn bad_seat_combinations_are_refused_with_a_clear_reason() {
    let server = TestServer::new();
    let human = json!({ "human": true });
    let lobby = json!({ "human": true, "open": true });
    let bot = json!({ "bot": "shy" });
    let cases = [
        (
            json!([1]),
            vec![lobby.clone(), human.clone()],
            "both yours and open",
        ),
        (
            json!([2]),
            vec![human.clone(), bot.clone()],
            "seat 2 is a bot seat",
        ),
        (
            json!([3]),
            vec![human.clone(), human.clone()],
            "seat 3 does not exist",
        ),
        (
            json!([0]),
            vec![human.clone(), human.clone()],
            "seat 0 does not exist",
        ),
        (
            json!([1, 1]),
            vec![human.clone(), human.clone()],
            "seat 1 is named twice",
        ),
        (
            json!(null),
            vec![human.clone(), json!({ "bot": "shy", "open": true })],
            "bot seat cannot be open",
        ),
        (
            json!(null),
            vec![human.clone(), json!({ "open": true })],
            "seats[1]",
        ),
    ];
    for (mine, seats, reason) in cases {
        let mut body = json!({ "game": "toy-nim", "seats": seats });
        if !mine.is_null() {
            body["mine"] = mine;
        }
        let (status, e) = server.post("/api/matches", body.clone()).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body} → {e}");
        let said = e["error"].as_str().unwrap();
        assert!(
            said.contains(reason),
            "{body}: `{said}` should say `{reason}`"
        );
    }
    let (_, listed) = server.get("/api/matches").await;
    assert_eq!(listed["matches"], json!([]), "nothing was created");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_hints_flag_is_stored_with_the_match_and_shown() {
    let path = temp_db("hints");
    let ids = {
        let server = TestServer::with_store(Arc::new(SqliteStore::open(&path).await.unwrap()));
        let mut ids = Vec::new();
        for hints in [Some(true), Some(false), None] {
            let mut body =
                json!({ "game": "toy-nim", "seats": [{ "human": true }, { "bot": "shy" }] });
            if let Some(h) = hints {
                body["hints"] = json!(h);
            }
            let m = create(&server, body).await;
            ids.push(m["id"].as_str().unwrap().to_string());
        }
        ids
    };
    let server = TestServer::with_store(Arc::new(SqliteStore::open(&path).await.unwrap()));
    for (id, want) in ids.iter().zip([true, false, false]) {
        assert_eq!(server.state(id, None).await["hints"], json!(want), "{id}");
        assert_eq!(lobby_line(&server, id).await["hints"], json!(want), "{id}");
    }
    let (status, e) = server
        .post(
            "/api/matches",
            json!({ "game": "toy-nim", "hints": "yes",
            "seats": [{ "human": true }, { "bot": "shy" }] }),
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(e["error"].as_str().unwrap().contains("hints"), "{e}");
}
