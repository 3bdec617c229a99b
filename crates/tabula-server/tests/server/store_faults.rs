//! Storage faults, real ones where they can be made in-process: a SQLite file filled up to
//! its page cap (`SqliteOptions::max_page_count`), a database file removed or replaced under
//! the running store. A full store never acknowledges what it did not store, leaves no lock
//! behind, recovers by itself when space returns, and answers 503 (reads go on). The match's
//! own writes (the hourglass's timeout, bots' moves) are retried with backoff through a
//! failing store wrapper, and a bots-only match finishes once the fault ends. A store started
//! on a database it can only read takes writes again once the fault ends, and a commit whose
//! outcome is unknown is answered so.

use crate::common;

use axum::http::StatusCode;
use common::stores::FaultyStore;
use common::{TestServer, over};
use serde_json::{Value, json};
use sqlx::ConnectOptions;
use sqlx::sqlite::SqliteConnectOptions;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::Duration;
use tabula_core::Seat;
use tabula_server::store::SqliteOptions;
use tabula_server::store::{LogActor, LogEntry, MatchRecord, SeatKind, SeatRecord};
use tabula_server::{MatchStore, SqliteStore, StoreError};

fn temp_db(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tabula-faults-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(format!("{name}.db"));
    remove_db(&path);
    path
}

fn remove_db(path: &Path) {
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", path.display()));
    }
}

fn record(id: &str) -> MatchRecord {
    MatchRecord {
        id: id.into(),
        game: "toy-nim".into(),
        params: json!({ "players": 2 }),
        players: 2,
        seed: 7,
        setup: "placement".into(),
        created_at: 1_700_000_000_000,
        hints: false,
        position: None,
        seats: (0..2)
            .map(|_| SeatRecord {
                kind: SeatKind::Bot("random".into()),
                token_hash: None,
                open: false,
                joined: true,
            })
            .collect(),
    }
}

/// A log entry with a long action, to fill pages fast.
fn filler(ply: u64) -> LogEntry {
    LogEntry {
        ply,
        actor: LogActor::Seat(Seat(0)),
        action: format!("{ply:0>600}"),
        at: ply,
    }
}

async fn capped(path: &Path, pages: u32) -> SqliteStore {
    let options = SqliteOptions {
        max_page_count: Some(pages),
    };
    SqliteStore::open_with(path, options).await.unwrap()
}

/// Appends fillers one at a time from `ply` until the store refuses one; returns the ply of
/// the refused entry (it is not stored) and the error.
async fn fill(store: &SqliteStore, id: &str, mut ply: u64) -> (u64, StoreError) {
    for _ in 0..10_000 {
        match store.append(id, &[filler(ply)], false).await {
            Ok(()) => ply += 1,
            Err(e) => return (ply, e),
        }
    }
    panic!("the page cap never filled");
}

/// What a fresh, independent connection finds in the file: the plies stored for `id`.
async fn plies_on_disk(path: &Path, id: &str) -> Vec<i64> {
    let mut conn = SqliteConnectOptions::new()
        .filename(path)
        .connect()
        .await
        .unwrap();
    sqlx::query_scalar("SELECT ply FROM events WHERE match_id = ? ORDER BY ply")
        .bind(id)
        .fetch_all(&mut conn)
        .await
        .unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_full_disk_never_acknowledges_what_it_did_not_store() {
    let path = temp_db("full");
    let store = capped(&path, 12).await;
    store.create(&record("m")).await.unwrap();
    let (refused_at, e) = fill(&store, "m", 0).await;
    assert!(matches!(e, StoreError::Unavailable(_)), "{e:?}");
    assert!(e.to_string().contains("full"), "{e}");
    // Later writes are refused as well: none is acknowledged while the store is full.
    for _ in 0..5 {
        let again = store.append("m", &[filler(refused_at)], false).await;
        assert!(
            matches!(again, Err(StoreError::Unavailable(_))),
            "{again:?}"
        );
    }
    // No lingering write lock: another connection can write at once.
    let mut other = SqliteConnectOptions::new()
        .filename(&path)
        .busy_timeout(Duration::from_secs(2))
        .connect()
        .await
        .unwrap();
    sqlx::query("CREATE TABLE scratch (x INTEGER)")
        .execute(&mut other)
        .await
        .expect("another connection can write while the store is full");
    sqlx::query("DROP TABLE scratch")
        .execute(&mut other)
        .await
        .unwrap();
    // Reads go on.
    let loaded = store.load("m").await.unwrap().unwrap();
    assert_eq!(loaded.log.len() as u64, refused_at);
    assert_eq!(plies_on_disk(&path, "m").await.len() as u64, refused_at);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_store_recovers_by_itself_when_space_returns() {
    let path = temp_db("recovers");
    let store = capped(&path, 12).await;
    store.create(&record("m")).await.unwrap();
    let (refused_at, _) = fill(&store, "m", 0).await;
    store.set_max_page_count(None);
    for ply in refused_at..refused_at + 20 {
        store
            .append("m", &[filler(ply)], false)
            .await
            .expect("writes succeed once there is space again");
    }
    store.create(&record("new")).await.unwrap();
    // Exactly the acknowledged rows are in the file, for the store reopened and for a plain
    // connection alike.
    let want: Vec<i64> = (0..refused_at as i64 + 20).collect();
    assert_eq!(plies_on_disk(&path, "m").await, want);
    let reopened = SqliteStore::open(&path).await.unwrap();
    let log = reopened.load("m").await.unwrap().unwrap().log;
    assert_eq!(log.len(), want.len());
    assert!(reopened.load("new").await.unwrap().is_some());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_removed_database_file_refuses_writes() {
    let path = temp_db("removed");
    let store = SqliteStore::open(&path).await.unwrap();
    store.create(&record("m")).await.unwrap();
    store.append("m", &[filler(0)], false).await.unwrap();
    remove_db(&path);
    for ply in [1, 1] {
        let refused = store.append("m", &[filler(ply)], false).await;
        let Err(StoreError::Unavailable(reason)) = refused else {
            panic!("{refused:?}");
        };
        assert!(reason.contains("is gone"), "{reason}");
    }
    let created = store.create(&record("other")).await;
    assert!(
        matches!(created, Err(StoreError::Unavailable(_))),
        "{created:?}"
    );
    assert!(!path.exists(), "the store created the file again");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_replaced_database_file_refuses_writes() {
    let path = temp_db("replaced");
    let store = SqliteStore::open(&path).await.unwrap();
    store.create(&record("m")).await.unwrap();
    // Another database file, written and closed by a plain connection.
    let elsewhere = temp_db("replacement");
    let mut other = SqliteConnectOptions::new()
        .filename(&elsewhere)
        .create_if_missing(true)
        .connect()
        .await
        .unwrap();
    sqlx::query("CREATE TABLE events (match_id TEXT, ply INTEGER)")
        .execute(&mut other)
        .await
        .unwrap();
    sqlx::Connection::close(other).await.unwrap();
    remove_db(&path);
    std::fs::copy(&elsewhere, &path).unwrap();
    let refused = store.append("m", &[filler(0)], false).await;
    let Err(StoreError::Unavailable(reason)) = refused else {
        panic!("{refused:?}");
    };
    assert!(reason.contains("was replaced"), "{reason}");
    assert!(plies_on_disk(&path, "m").await.is_empty());
}

/// A database at `path` with the store's schema and match `m`, in WAL mode, that every
/// connection of this process opens read-only until the returned connection is closed: its
/// shared-memory index is opened read-only (`readonly_shm`, an empty `-shm` file as a
/// killed server leaves), and SQLite shares one index among the connections of a process to
/// a file. The same state as a server started on a read-only file system after an unclean
/// stop: its connections write nothing, and writes fail with "readonly database".
async fn read_only_database(path: &Path) -> sqlx::SqliteConnection {
    let seed = temp_db(&format!(
        "{}-seed",
        path.file_stem().unwrap().to_str().unwrap()
    ));
    let store = SqliteStore::open(&seed).await.unwrap();
    store.create(&record("m")).await.unwrap();
    let mut copy = SqliteConnectOptions::new()
        .filename(&seed)
        .connect()
        .await
        .unwrap();
    sqlx::query("VACUUM INTO ?")
        .bind(path.to_str().unwrap())
        .execute(&mut copy)
        .await
        .unwrap();
    sqlx::Connection::close(copy).await.unwrap();
    let mut wal = SqliteConnectOptions::new()
        .filename(path)
        .connect()
        .await
        .unwrap();
    sqlx::query("PRAGMA journal_mode = WAL")
        .execute(&mut wal)
        .await
        .unwrap();
    sqlx::Connection::close(wal).await.unwrap();
    std::fs::File::create(format!("{}-shm", path.display())).unwrap();
    let mut read_only = SqliteConnectOptions::new()
        .filename(format!("file:{}?readonly_shm=1", path.display()))
        .read_only(true)
        .connect()
        .await
        .unwrap();
    let n: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM matches")
        .fetch_one(&mut read_only)
        .await
        .unwrap();
    assert_eq!(n, 1);
    read_only
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_store_started_read_only_takes_writes_again_once_the_fault_ends() {
    let path = temp_db("read-only");
    let fault = read_only_database(&path).await;
    let store = SqliteStore::open(&path).await.unwrap();
    assert!(store.load("m").await.unwrap().is_some(), "reads are served");
    for ply in [0, 0] {
        let refused = store.append("m", &[filler(ply)], false).await;
        let Err(StoreError::Unavailable(reason)) = refused else {
            panic!("{refused:?}");
        };
        assert!(reason.contains("readonly"), "{reason}");
    }
    sqlx::Connection::close(fault).await.unwrap();
    for ply in 0..3 {
        store
            .append("m", &[filler(ply)], false)
            .await
            .expect("writes succeed once the file can be written again");
    }
    store.create(&record("new")).await.unwrap();
    assert_eq!(plies_on_disk(&path, "m").await, [0, 1, 2]);
    assert_eq!(store.load("m").await.unwrap().unwrap().log.len(), 3);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_started_read_only_answers_503_then_takes_writes_without_a_restart() {
    let path = temp_db("server-read-only");
    let fault = read_only_database(&path).await;
    let server = TestServer::with_store(Arc::new(SqliteStore::open(&path).await.unwrap()));
    let body = json!({ "game": "toy-nim", "seats": [{ "human": true }, { "human": true }] });
    for _ in 0..2 {
        let (status, answer) = server.post("/api/matches", body.clone()).await;
        assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{answer}");
    }
    let (status, _) = server.get("/api/matches").await;
    assert_eq!(status, StatusCode::OK);
    sqlx::Connection::close(fault).await.unwrap();
    let (status, answer) = server.post("/api/matches", body).await;
    assert_eq!(status, StatusCode::CREATED, "{answer}");
    let m = long_nim(&server).await;
    let (status, answer, _, _) = play_one(&server, &m).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
}

/// A two-human toy-nim match that lasts (many stones).
async fn long_nim(server: &TestServer) -> common::Created {
    server
        .create(
            json!({ "game": "toy-nim", "params": { "stones": 1_000_000 },
                        "seats": [{ "human": true }, { "human": true }] }),
        )
        .await
}

/// Plays the seat to act once; the answer and the (ply, action) sent.
async fn play_one(server: &TestServer, m: &common::Created) -> (StatusCode, Value, u64, String) {
    let state = server.state(&m.id, None).await;
    let ply = state["ply"].as_u64().unwrap();
    let seat = state["status"]["to_act"][0]
        .as_u64()
        .expect("a seat to act") as usize;
    let mine = server.state(&m.id, Some(m.token(seat))).await;
    let action = mine["legal"][0]
        .as_str()
        .expect("a legal action")
        .to_string();
    let (status, answer) = server.act(&m.id, m.token(seat), &action, ply).await;
    (status, answer, ply, action)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_full_store_answers_503_with_a_reason_and_reads_go_on() {
    let path = temp_db("server-full");
    let store = Arc::new(capped(&path, 12).await);
    let server = TestServer::with_store(store.clone());
    let m = long_nim(&server).await;
    let mut acked: Vec<(u64, String)> = Vec::new();
    let (answer, ply, action) = loop {
        assert!(acked.len() < 10_000, "the page cap never filled");
        let (status, answer, ply, action) = play_one(&server, &m).await;
        match status {
            StatusCode::OK => acked.push((ply, action)),
            StatusCode::SERVICE_UNAVAILABLE => break (answer, ply, action),
            other => panic!("{other}: {answer}"),
        }
    };
    let reason = answer["error"].as_str().unwrap();
    assert!(
        reason.contains("unavailable") && reason.contains("full"),
        "{reason}"
    );
    // The same action again: refused again, nothing changed.
    let seat = server.state(&m.id, None).await["status"]["to_act"][0]
        .as_u64()
        .unwrap() as usize;
    let (status, _) = server.act(&m.id, m.token(seat), &action, ply).await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE);
    let (status, shown) = server.get(&format!("/api/matches/{}", m.id)).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(shown["ply"].as_u64(), Some(ply));
    let (status, _) = server.get("/api/matches").await;
    assert_eq!(status, StatusCode::OK);
    // Space returns: the same action is acknowledged, and a new match is created.
    store.set_max_page_count(None);
    let (status, answer) = server.act(&m.id, m.token(seat), &action, ply).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    acked.push((ply, action));
    let (status, answer) = server
        .post(
            "/api/matches",
            json!({ "game": "toy-nim", "seats": [{ "human": true }, { "human": true }] }),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{answer}");
    // Every acknowledged action is in the file, at its ply, and the file holds what the
    // server shows, no more.
    let now = server.state(&m.id, None).await;
    let reopened = SqliteStore::open(&path).await.unwrap();
    let log = reopened.load(&m.id).await.unwrap().unwrap().log;
    for (ply, action) in &acked {
        assert_eq!(&log[*ply as usize].action, action, "ply {ply}");
    }
    assert_eq!(Some(log.len() as u64), now["ply"].as_u64());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_removed_database_file_answers_503_and_the_match_is_still_shown() {
    let path = temp_db("server-removed");
    let server = TestServer::with_store(Arc::new(SqliteStore::open(&path).await.unwrap()));
    let m = long_nim(&server).await;
    let (status, _, _, _) = play_one(&server, &m).await;
    assert_eq!(status, StatusCode::OK);
    remove_db(&path);
    let (status, answer, _, _) = play_one(&server, &m).await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{answer}");
    assert!(
        answer["error"].as_str().unwrap().contains("is gone"),
        "{answer}"
    );
    let (status, shown) = server.get(&format!("/api/matches/{}", m.id)).await;
    assert_eq!(status, StatusCode::OK, "{shown}");
    let (status, answer) = server
        .post(
            "/api/matches",
            json!({ "game": "toy-nim", "seats": [{ "human": true }, { "human": true }] }),
        )
        .await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{answer}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_action_whose_commit_outcome_is_unknown_is_answered_so_and_its_retry_is_refused() {
    let store = Arc::new(FaultyStore::default());
    let server = TestServer::with_store(store.clone());
    let m = long_nim(&server).await;
    store.unknown_appends.store(true, Ordering::SeqCst);
    let (status, answer) = server.act(&m.id, m.token(1), "take1", 0).await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{answer}");
    assert_eq!(answer["outcome"], "unknown", "{answer}");
    let reason = answer["error"].as_str().unwrap();
    assert!(reason.contains("may have been stored"), "{reason}");
    assert!(!reason.contains("nothing was changed"), "{reason}");
    store.unknown_appends.store(false, Ordering::SeqCst);
    // The action was stored after all: sent again at the same ply, it is stale, and the
    // match then shows it (once, at its ply).
    let (status, answer) = server.act(&m.id, m.token(1), "take1", 0).await;
    assert_eq!(status, StatusCode::CONFLICT, "{answer}");
    let shown = server.state(&m.id, None).await;
    assert_eq!(shown["log"][0]["action"], "take1", "{shown}");
    let stored = store.load(&m.id).await.unwrap().unwrap();
    assert_eq!(stored.log.iter().filter(|e| e.action == "take1").count(), 1);
    // A refusal that changed nothing says so, without an outcome.
    store.fail_appends.store(true, Ordering::SeqCst);
    let (status, answer, _, _) = play_one(&server, &m).await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{answer}");
    assert!(answer.get("outcome").is_none(), "{answer}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hourglass_retries_with_backoff_while_the_store_fails() {
    let store = Arc::new(FaultyStore::default());
    let server = TestServer::with_store(store.clone());
    let m = server
        .create(
            json!({ "game": "toy-race", "params": { "hourglass_seconds": 0.05 },
                        "seats": [{ "human": true }, { "human": true }] }),
        )
        .await;
    let (status, _) = server.act(&m.id, m.token(1), "claim", 0).await;
    assert_eq!(status, StatusCode::OK);
    store.fail_appends.store(true, Ordering::SeqCst);
    let before = store.appends.load(Ordering::SeqCst);
    // The window is a measure, not a wait for something: with waits of 50 ms doubling, at
    // most 6 attempts fit in a second however fast the machine (a busy retry makes thousands).
    tokio::time::sleep(Duration::from_secs(1)).await;
    let attempts = store.appends.load(Ordering::SeqCst) - before;
    assert!(
        (1..=10).contains(&attempts),
        "{attempts} attempts to store the timeout in 1 s"
    );
    assert_eq!(server.state(&m.id, None).await["ply"], json!(1));
    store.fail_appends.store(false, Ordering::SeqCst);
    let after = server
        .wait_for(&m.id, None, 10, |s| s["ply"] == json!(2))
        .await;
    assert_eq!(after["log"][1]["action"], json!("timeout"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bots_only_match_finishes_after_a_transient_store_failure() {
    let store = Arc::new(FaultyStore::default());
    store.fail_appends.store(true, Ordering::SeqCst);
    let server = TestServer::with_store(store.clone());
    let m = server
        .create(json!({ "game": "toy-nim", "seats": [{ "bot": "random" }, { "bot": "random" }] }))
        .await;
    // The bot tries again, and again: it was not taken to have declined.
    let start = std::time::Instant::now();
    while store.appends.load(Ordering::SeqCst) < 4 {
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "the bot stopped trying after {} attempts",
            store.appends.load(Ordering::SeqCst)
        );
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    // ...but with backoff: by the 4th attempt the wait is 400 ms, then 800 ms.
    let before = store.appends.load(Ordering::SeqCst);
    tokio::time::sleep(Duration::from_millis(500)).await;
    let attempts = store.appends.load(Ordering::SeqCst) - before;
    assert!(attempts <= 2, "{attempts} attempts in 500 ms");
    assert_eq!(server.state(&m.id, None).await["ply"], json!(0));
    store.fail_appends.store(false, Ordering::SeqCst);
    server.wait_for(&m.id, None, 20, over).await;
}
