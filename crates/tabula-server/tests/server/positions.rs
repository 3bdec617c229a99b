//! Matches that start from a given position (`"position"` in `POST /api/matches`): the match
//! continues from it and its bots play on it, its record replays from it, bad requests are
//! refused with their reason and create nothing, and the start position is stored so that
//! the match survives a reopened store (including a database of schema version 1).

use crate::common;

use common::{TestServer, over};
use serde_json::{Value, json};
use std::path::PathBuf;
use std::sync::Arc;
use tabula_core::{Actor, Seat, rng_from_seed};
use tabula_registry::{DynGame, GameEntry, Setup};
use tabula_server::live::replay;
use tabula_server::{MatchStore, MemoryStore, SqliteStore};

/// A Connect Four position after three stones, yellow (`o`, seat 2) to move.
const START: &str = "......./......./......./......./...o.../...x.x. o";

fn connect_four() -> &'static dyn GameEntry {
    tabula_catalog::builtin()
        .find("connect-four")
        .expect("Connect Four is registered")
}

fn temp_db(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tabula-positions-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(format!("{name}.db"));
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", path.display()));
    }
    path
}

/// The Connect Four game reached from `START` by the logged actions of `state`.
fn from_start_by_log(state: &Value) -> Box<dyn DynGame> {
    let mut game = connect_four().load_position(&json!({}), START).unwrap();
    for entry in state["log"].as_array().expect("a log") {
        let seat = Seat::from_number(entry["actor"].as_u64().unwrap() as usize).unwrap();
        game.apply(Actor::Seat(seat), entry["action"].as_str().unwrap())
            .unwrap();
    }
    game
}

/// Posts a match request expected to be refused: answers the error message, after checking
/// that it is a 400 and that nothing was stored.
async fn refused(store: &MemoryStore, server: &TestServer, body: Value) -> String {
    let (status, answer) = server.post("/api/matches", body.clone()).await;
    assert_eq!(status, 400, "{body} → {answer}");
    assert!(
        store.unfinished().await.unwrap().is_empty(),
        "{body} stored a match"
    );
    answer["error"]
        .as_str()
        .expect("an error message")
        .to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_connect_four_match_from_a_position_continues_there_and_its_bot_plays_on_it() {
    let server = TestServer::new();
    let m = server
        .create(
            json!({ "game": "connect-four", "position": START, "seed": 11,
                        "seats": [{ "human": true }, { "bot": "random" }] }),
        )
        .await;
    // Yellow is to move in the position: the bot moves first.
    let state = server
        .wait_for(&m.id, Some(m.token(1)), 10, |s| s["ply"] == json!(1))
        .await;
    assert_eq!(state["start"], json!(START));
    assert_eq!(state["log"][0]["actor"], json!(2));
    assert_eq!(
        state["position"],
        json!(from_start_by_log(&state).position())
    );
    let mine = state["legal"][0]
        .as_str()
        .expect("a legal move")
        .to_string();
    assert_eq!(server.act(&m.id, m.token(1), &mine, 1).await.0, 200);
    let state = server
        .wait_for(&m.id, Some(m.token(1)), 10, |s| s["ply"] == json!(3))
        .await;
    assert_eq!(state["log"][2]["actor"], json!(2), "the bot answered");
    assert_eq!(
        state["position"],
        json!(from_start_by_log(&state).position())
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_record_of_a_match_from_a_position_replays_from_its_start() {
    let server = TestServer::new();
    let m = server
        .create(
            json!({ "game": "connect-four", "position": START, "seed": 5,
                        "seats": [{ "bot": "random" }, { "bot": "random" }] }),
        )
        .await;
    let state = server.wait_for(&m.id, None, 20, over).await;
    let (status, record) = server.get(&format!("/api/matches/{}/record", m.id)).await;
    assert_eq!(status, 200);
    assert_eq!(record["start"], json!(START));
    let replayed = common::replay_record(&record);
    assert_eq!(json!(replayed.position()), state["position"]);
}

#[tokio::test]
async fn a_match_from_the_games_own_start_shows_a_null_start() {
    let server = TestServer::new();
    let m = server
        .create(json!({ "game": "connect-four", "seats": [{ "human": true }, { "human": true }] }))
        .await;
    assert_eq!(server.state(&m.id, None).await["start"], Value::Null);
    let (_, record) = server.get(&format!("/api/matches/{}/record", m.id)).await;
    assert_eq!(record["start"], Value::Null);
}

#[tokio::test]
async fn a_bad_position_is_refused_with_its_reason_and_creates_nothing() {
    let store = Arc::new(MemoryStore::new());
    let server = TestServer::with_store(store.clone());
    for (position, reason) in [
        ("", "position"),
        ("......./x o", "position"),
        // A stone floating above an empty cell.
        (
            "......./......./......./...x.../......./...o... x",
            "position",
        ),
        // Red already has four: nothing is left to play.
        (
            "......./......./......./......./ooo..../xxxx... o",
            "already over",
        ),
    ] {
        let error = refused(
            &store,
            &server,
            json!({ "game": "connect-four", "position": position,
                    "seats": [{ "human": true }, { "human": true }] }),
        )
        .await;
        assert!(error.contains(reason), "{position:?}: {error}");
    }
}

#[tokio::test]
async fn a_position_of_a_hidden_information_game_is_refused_and_creates_nothing() {
    let store = Arc::new(MemoryStore::new());
    let server = TestServer::with_store(store.clone());
    let entry = tabula_catalog::builtin().find("magical-circle").unwrap();
    let position = entry
        .new_game(
            &json!({ "players": 2 }),
            Setup::Random,
            &mut rng_from_seed(3),
        )
        .unwrap()
        .position();
    let error = refused(
        &store,
        &server,
        json!({ "game": "magical-circle", "position": position,
                "seats": [{ "human": true }, { "human": true }] }),
    )
    .await;
    assert!(error.contains("hidden information"), "{error}");
}

#[tokio::test]
async fn a_position_for_another_number_of_players_than_the_seats_is_refused() {
    let store = Arc::new(MemoryStore::new());
    let server = TestServer::with_store(store.clone());
    let error = refused(
        &store,
        &server,
        json!({ "game": "connect-four", "position": START,
                "seats": [{ "human": true }, { "bot": "random" }, { "bot": "random" }] }),
    )
    .await;
    assert!(error.contains("the position is for 2 players"), "{error}");
}

#[tokio::test]
async fn a_setup_or_an_unknown_parameter_given_with_a_position_is_refused() {
    let store = Arc::new(MemoryStore::new());
    let server = TestServer::with_store(store.clone());
    let error = refused(
        &store,
        &server,
        json!({ "game": "connect-four", "position": START, "setup": "random",
                "seats": [{ "human": true }, { "human": true }] }),
    )
    .await;
    assert!(error.starts_with("setup:"), "{error}");
    let error = refused(
        &store,
        &server,
        json!({ "game": "connect-four", "position": START, "params": { "rows": 8 },
                "seats": [{ "human": true }, { "human": true }] }),
    )
    .await;
    assert!(error.contains("rows"), "{error}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_match_from_a_position_survives_a_store_reopen_and_replays_to_the_same_state() {
    let path = temp_db("reopen");
    let store = Arc::new(SqliteStore::open(&path).await.unwrap());
    let server = TestServer::with_store(store.clone());
    let m = server
        .create(
            json!({ "game": "connect-four", "position": START, "seed": 9,
                        "seats": [{ "human": true }, { "human": true }] }),
        )
        .await;
    assert_eq!(server.act(&m.id, m.token(2), "1", 0).await.0, 200);
    let before = server.state(&m.id, None).await;
    drop(server);
    drop(store);

    let store = Arc::new(SqliteStore::open(&path).await.unwrap());
    let stored = store.load(&m.id).await.unwrap().expect("stored");
    assert_eq!(stored.record.position.as_deref(), Some(START));
    let replayed = replay(connect_four(), &stored).unwrap();
    assert_eq!(json!(replayed.game.position()), before["position"]);
    let server = TestServer::with_store(store);
    assert_eq!(server.hub.restore().await.unwrap().resumed, 1);
    let after = server.state(&m.id, None).await;
    for field in ["position", "ply", "start", "log"] {
        assert_eq!(after[field], before[field], "{field}");
    }
    assert_eq!(server.act(&m.id, m.token(1), "2", 1).await.0, 200);
}

/// Schema version 1: every column of version 2 but `matches.position`.
const VERSION_1: &[&str] = &[
    "CREATE TABLE matches (id TEXT PRIMARY KEY, game TEXT NOT NULL, params TEXT NOT NULL,
        players INTEGER NOT NULL, seed INTEGER NOT NULL, setup TEXT NOT NULL,
        created_at INTEGER NOT NULL, finished INTEGER NOT NULL DEFAULT 0,
        hints INTEGER NOT NULL DEFAULT 0)",
    "CREATE TABLE seats (match_id TEXT NOT NULL REFERENCES matches(id), seat INTEGER NOT NULL,
        kind TEXT NOT NULL, level TEXT, token TEXT, joined INTEGER NOT NULL DEFAULT 0,
        token_hash TEXT, open INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (match_id, seat)) WITHOUT ROWID",
    "CREATE TABLE events (match_id TEXT NOT NULL REFERENCES matches(id), ply INTEGER NOT NULL,
        actor TEXT NOT NULL, action TEXT NOT NULL, at INTEGER NOT NULL,
        PRIMARY KEY (match_id, ply)) WITHOUT ROWID",
    "CREATE INDEX matches_unfinished ON matches(finished, created_at)",
    "INSERT INTO matches (id, game, params, players, seed, setup, created_at)
        VALUES ('v1', 'toy-nim', '{\"players\":2,\"stones\":5}', 2, 7, 'placement', 1700000000000)",
    "PRAGMA user_version = 1",
];

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_version_1_database_without_the_position_column_opens_and_works() {
    use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode};
    use sqlx::{ConnectOptions, Connection};
    let path = temp_db("version1");
    let tokens = [
        "11111111111111111111111111111111",
        "22222222222222222222222222222222",
    ];
    let options = SqliteConnectOptions::new()
        .filename(&path)
        .create_if_missing(true)
        .journal_mode(SqliteJournalMode::Wal);
    let connect = || options.connect();
    {
        let mut old = connect().await.unwrap();
        for statement in VERSION_1 {
            sqlx::query(statement).execute(&mut old).await.unwrap();
        }
        for (i, token) in tokens.iter().enumerate() {
            sqlx::query(
                "INSERT INTO seats (match_id, seat, kind, token_hash, joined)
                 VALUES ('v1', ?, 'human', ?, 1)",
            )
            .bind(i as i64 + 1)
            .bind(tabula_server::store::TokenHash::of(token).to_hex())
            .execute(&mut old)
            .await
            .unwrap();
        }
        old.close().await.unwrap();
    }
    let store = Arc::new(SqliteStore::open(&path).await.unwrap());
    let server = TestServer::with_store(store.clone());
    let state = server.state("v1", Some(tokens[0])).await;
    assert_eq!(state["you"], json!(1));
    assert_eq!(state["start"], Value::Null);
    assert_eq!(server.act("v1", tokens[0], "take2", 0).await.0, 200);
    let played = server.state("v1", None).await;
    let m = server
        .create(json!({ "game": "connect-four", "position": START,
                        "seats": [{ "human": true }, { "human": true }] }))
        .await;
    drop(server);
    drop(store);

    let mut conn = connect().await.unwrap();
    let version: i64 = sqlx::query_scalar("PRAGMA user_version")
        .fetch_one(&mut conn)
        .await
        .unwrap();
    assert_eq!(version, 2);
    let stored: Option<String> = sqlx::query_scalar("SELECT position FROM matches WHERE id = ?")
        .bind(&m.id)
        .fetch_one(&mut conn)
        .await
        .unwrap();
    assert_eq!(stored.as_deref(), Some(START));
    let old: Option<String> = sqlx::query_scalar("SELECT position FROM matches WHERE id = 'v1'")
        .fetch_one(&mut conn)
        .await
        .unwrap();
    assert_eq!(old, None);
    conn.close().await.unwrap();

    let server = TestServer::with_store(Arc::new(SqliteStore::open(&path).await.unwrap()));
    let state = server.state("v1", Some(tokens[1])).await;
    assert_eq!(state["ply"], played["ply"]);
    assert_eq!(state["log"], played["log"]);
    assert_eq!(server.state(&m.id, None).await["start"], json!(START));
}
