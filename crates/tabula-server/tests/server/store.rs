//! Storage, every test on both back-ends (`name::sqlite`, `name::postgres`; see
//! `common/backends.rs`): the store keeps records and logs, reads a log from a ply on, and
//! refuses gaps and duplicates, alone, even among concurrent writes; concurrent appends of
//! different matches, committed in groups, are each acknowledged and stored, as are
//! concurrent creates and joins; a database of a newer schema is refused. Restarts are in
//! `store_restart.rs`. SQLite's migration from plain tokens (a format PostgreSQL never had)
//! is tested on SQLite alone.

use crate::common;

use common::TestServer;
use common::backends::{Backend, TestDb};
use common::records::{entry, record};
use serde_json::json;
use std::path::PathBuf;
use std::sync::Arc;
use tabula_core::Seat;
use tabula_server::store::{LogActor, SeatKind, StoreError, TokenHash};
use tabula_server::{MatchStore, MemoryStore, SqliteStore};

fn temp_db(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tabula-server-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(format!("{name}.db"));
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", path.display()));
    }
    path
}

async fn store_keeps_the_rules(store: &dyn MatchStore) {
    let r = record(
        "abc",
        "toy-nim",
        json!({ "players": 2 }),
        vec![SeatKind::Human, SeatKind::Bot("random".into())],
    );
    store.create(&r).await.unwrap();
    assert!(matches!(
        store.create(&r).await,
        Err(StoreError::Duplicate(_))
    ));
    let log = vec![
        entry(0, LogActor::Seat(Seat(0)), "take1", 5),
        entry(1, LogActor::Chance, "add1", 5),
    ];
    store.append("abc", &log, false).await.unwrap();
    let gap = [entry(3, LogActor::Host, "timeout", 6)];
    assert!(matches!(
        store.append("abc", &gap, false).await,
        Err(StoreError::Gap { .. })
    ));
    assert!(store.append("nope", &log, false).await.is_err());
    store.set_joined("abc", Seat(0)).await.unwrap();
    // A lobby seat: no token until joined; joined once, with the hash given, and only if open.
    let mut lobby = record("lob", "toy-nim", json!({}), vec![SeatKind::Human; 2]);
    lobby.seats[1].token_hash = None;
    lobby.seats[1].open = true;
    lobby.hints = true;
    store.create(&lobby).await.unwrap();
    let fresh = TokenHash::of("fresh");
    for (id, seat) in [("abc", 0), ("lob", 0)] {
        assert!(matches!(
            store.join_open_seat(id, Seat(seat), fresh).await,
            Err(StoreError::SeatNotOpen { .. })
        ));
    }
    store.join_open_seat("lob", Seat(1), fresh).await.unwrap();
    assert!(matches!(
        store
            .join_open_seat("lob", Seat(1), TokenHash::of("other"))
            .await,
        Err(StoreError::SeatNotOpen { .. })
    ));
    let joined = store.load("lob").await.unwrap().unwrap().record;
    assert!(joined.hints);
    assert_eq!(joined.seats[0], lobby.seats[0]);
    assert_eq!(joined.seats[1].token_hash, Some(fresh));
    assert!(joined.seats[1].open && joined.seats[1].joined);
    assert_eq!(
        store.unfinished().await.unwrap(),
        vec!["abc".to_string(), "lob".to_string()]
    );
    let loaded = store.load("abc").await.unwrap().unwrap();
    assert_eq!(loaded.log, log);
    assert_eq!(loaded.record.seed, u64::MAX - 5);
    assert!(!loaded.record.hints);
    assert!(loaded.record.seats[0].joined);
    assert_eq!(
        loaded.record.seats[0].token_hash,
        Some(TokenHash::of("tok0"))
    );
    assert_eq!(loaded.record.seats[1].kind, SeatKind::Bot("random".into()));
    store
        .append(
            "abc",
            &[entry(2, LogActor::Seat(Seat(1)), "take3", 7)],
            true,
        )
        .await
        .unwrap();
    assert_eq!(store.unfinished().await.unwrap(), vec!["lob".to_string()]);
    assert!(store.load("abc").await.unwrap().unwrap().finished);
    assert!(store.load("zzz").await.unwrap().is_none());
    // The entries from a ply on: what an instance reads when another one appended.
    let all = store.load("abc").await.unwrap().unwrap().log;
    assert_eq!(all.len(), 3);
    assert_eq!(store.log_since("abc", 1).await.unwrap(), all[1..]);
    assert_eq!(store.log_since("abc", 0).await.unwrap(), all);
    assert!(store.log_since("abc", 3).await.unwrap().is_empty());
    assert!(store.log_since("zzz", 0).await.unwrap().is_empty());
}

crate::both_backends! {
async fn a_store_keeps_records_and_logs_and_refuses_gaps_and_duplicates(db: TestDb) {
    store_keeps_the_rules(&*db.open().await).await;
    // Reopened: still there.
    let again = db.open().await;
    assert_eq!(again.load("abc").await.unwrap().unwrap().log.len(), 3);
}

async fn concurrent_appends_are_all_kept_and_a_bad_one_fails_alone(db: TestDb) {
    let store = db.open().await;
    concurrent_appends(store).await;
}

async fn concurrent_appends_of_different_matches_are_all_stored_and_acknowledged(db: TestDb) {
    appends_of_many_matches(db.open().await).await;
}

async fn a_long_append_of_any_text_is_stored_exactly(db: TestDb) {
    long_append_stored_exactly(db.open().await).await;
}

async fn concurrent_creates_and_joins_are_all_stored_and_a_bad_one_fails_alone(db: TestDb) {
    creates_and_joins_of_many_matches(db.open().await).await;
}

async fn a_database_of_a_newer_schema_is_refused(db: TestDb) {
    newer_schema_refused(&db).await;
}
}

#[tokio::test]
async fn memory_store_keeps_the_same_rules() {
    store_keeps_the_rules(&MemoryStore::new()).await;
}

async fn concurrent_appends(store: Arc<dyn MatchStore>) {
    for m in 0..40 {
        let r = record(
            &format!("m{m}"),
            "toy-nim",
            json!({}),
            vec![SeatKind::Human, SeatKind::Human],
        );
        store.create(&r).await.unwrap();
    }
    let mut tasks = Vec::new();
    for m in 0..40 {
        let store = store.clone();
        tasks.push(tokio::spawn(async move {
            let id = format!("m{m}");
            for ply in 0..10u64 {
                let e = [entry(
                    ply,
                    LogActor::Seat(Seat((ply % 2) as u8)),
                    "take1",
                    ply,
                )];
                store.append(&id, &e, false).await.unwrap();
                if m == 0 {
                    // A bad append among the others fails alone.
                    let bad = [entry(ply + 5, LogActor::Host, "x", 0)];
                    assert!(store.append(&id, &bad, false).await.is_err());
                }
            }
        }));
    }
    for t in tasks {
        t.await.unwrap();
    }
    for m in 0..40 {
        let loaded = store.load(&format!("m{m}")).await.unwrap().unwrap();
        assert_eq!(loaded.log.len(), 10, "m{m}");
    }
}

/// 64 matches append at once (the stores commit them in groups): every append is
/// acknowledged, every entry is stored, and the finished flags are each match's own.
async fn appends_of_many_matches(store: Arc<dyn MatchStore>) {
    let ids: Vec<String> = (0..64).map(|m| format!("g{m}")).collect();
    for id in &ids {
        let r = record(
            id,
            "toy-nim",
            json!({}),
            vec![SeatKind::Human, SeatKind::Human],
        );
        store.create(&r).await.unwrap();
    }
    let appends = ids.iter().enumerate().map(|(m, id)| {
        let store = store.clone();
        let entries = [
            entry(
                0,
                LogActor::Seat(Seat(0)),
                &format!("take{}", 1 + m % 3),
                m as u64,
            ),
            entry(1, LogActor::Chance, "add1", m as u64),
        ];
        async move { store.append(id, &entries, m % 2 == 0).await }
    });
    let answers = futures_util::future::join_all(appends).await;
    for (id, answer) in ids.iter().zip(&answers) {
        assert!(answer.is_ok(), "{id}: {answer:?}");
    }
    for (m, id) in ids.iter().enumerate() {
        let stored = store.load(id).await.unwrap().unwrap();
        assert_eq!(stored.log.len(), 2, "{id}");
        assert_eq!(stored.log[0].action, format!("take{}", 1 + m % 3));
        assert_eq!(stored.log[1].actor, LogActor::Chance);
        assert_eq!(stored.finished, m % 2 == 0, "{id}");
    }
    let unfinished = store.unfinished().await.unwrap();
    let odd: Vec<&String> = ids.iter().skip(1).step_by(2).collect();
    let mut listed: Vec<&String> = unfinished.iter().filter(|id| id.starts_with('g')).collect();
    listed.sort();
    let mut want = odd.clone();
    want.sort();
    assert_eq!(listed, want);
}

/// 48 matches are created at once, among them a duplicate id, then their invited seats are
/// joined at once, among them a seat of a match that does not exist (the stores commit each
/// group together): the duplicate and the missing match fail alone, with their own ids, and
/// every other match is stored with its seats, the invited one joined.
async fn creates_and_joins_of_many_matches(store: Arc<dyn MatchStore>) {
    let seats = vec![
        SeatKind::Human,
        SeatKind::Human,
        SeatKind::Bot("casual".into()),
    ];
    let taken = record("taken", "toy-nim", json!({}), seats.clone());
    store.create(&taken).await.unwrap();
    let ids: Vec<String> = (0..48).map(|m| format!("c{m}")).collect();
    let records: Vec<_> = ids
        .iter()
        .chain([&"taken".to_string()])
        .map(|id| record(id, "toy-nim", json!({ "n": id.len() }), seats.clone()))
        .collect();
    let answers = futures_util::future::join_all(records.iter().map(|r| store.create(r))).await;
    for (id, answer) in ids.iter().zip(&answers) {
        assert!(answer.is_ok(), "{id}: {answer:?}");
    }
    assert!(
        matches!(&answers[48], Err(StoreError::Duplicate(id)) if id == "taken"),
        "{:?}",
        answers[48]
    );
    let joins = ids
        .iter()
        .map(String::as_str)
        .chain(["nowhere"])
        .map(|id| store.set_joined(id, Seat(1)));
    let answers = futures_util::future::join_all(joins).await;
    for (id, answer) in ids.iter().zip(&answers) {
        assert!(answer.is_ok(), "{id}: {answer:?}");
    }
    assert!(
        matches!(&answers[48], Err(StoreError::Missing(id)) if id == "nowhere"),
        "{:?}",
        answers[48]
    );
    for (id, r) in ids.iter().zip(&records) {
        let stored = store.load(id).await.unwrap().unwrap().record;
        assert_eq!(stored.params, r.params, "{id}");
        assert_eq!(stored.seats.len(), 3, "{id}");
        let joined: Vec<bool> = stored.seats.iter().map(|s| s.joined).collect();
        assert_eq!(joined, [false, true, true], "{id}");
        assert_eq!(stored.seats[2].kind, SeatKind::Bot("casual".into()), "{id}");
    }
    let taken_now = store.load("taken").await.unwrap().unwrap().record;
    assert_eq!(
        taken_now.params,
        json!({}),
        "the refused create changed nothing"
    );
}

/// One append of more entries than a statement may bind values (SQLite: 32,766), whose
/// actions hold quotes, backslashes, commas, brackets and text beyond ASCII, and whose times
/// need more than 32 bits: every entry reads back as it was given, in order.
async fn long_append_stored_exactly(store: Arc<dyn MatchStore>) {
    let r = record("long", "toy-nim", json!({}), vec![SeatKind::Human; 2]);
    store.create(&r).await.unwrap();
    let texts = [
        "take1",
        "a\"b",
        "c\\d",
        "[1,2]",
        "{\"x\":1}",
        "tah č",
        "ž→ü",
        "",
        "'; --",
    ];
    let actors = [
        LogActor::Seat(Seat(0)),
        LogActor::Seat(Seat(1)),
        LogActor::Chance,
        LogActor::Host,
    ];
    let log: Vec<_> = (0..7000u64)
        .map(|ply| {
            let text = format!("{}{ply}", texts[ply as usize % texts.len()]);
            entry(
                ply,
                actors[ply as usize % actors.len()],
                &text,
                1_700_000_000_000 + ply,
            )
        })
        .collect();
    store.append("long", &log, true).await.unwrap();
    let stored = store.load("long").await.unwrap().unwrap();
    assert_eq!(stored.log, log);
    assert!(stored.finished);
    assert_eq!(store.log_since("long", 6990).await.unwrap(), log[6990..]);
}

/// A database written by a newer server (schema version 3) is refused with a message
/// naming both versions, and nothing of it is changed.
async fn newer_schema_refused(db: &TestDb) {
    drop(db.open().await);
    let statement = match db.backend {
        Backend::Sqlite => "PRAGMA user_version = 3",
        Backend::Postgres => "UPDATE tabula_schema SET version = 3",
    };
    db.execute(statement).await;
    let refused = match db.backend {
        Backend::Sqlite => SqliteStore::open(std::path::Path::new(&db.location))
            .await
            .map(|_| ()),
        Backend::Postgres => tabula_server::PgStore::open(&db.location).await.map(|_| ()),
    };
    let message = refused.expect_err("a newer schema is refused").to_string();
    assert!(
        message.contains("schema version 3") && message.contains('2'),
        "{message}"
    );
}

/// The first schema (version 0): plain tokens, no `token_hash`, `open` or `hints`.
const OLD_SCHEMA: &[&str] = &[
    "CREATE TABLE matches (id TEXT PRIMARY KEY, game TEXT NOT NULL, params TEXT NOT NULL,
        players INTEGER NOT NULL, seed INTEGER NOT NULL, setup TEXT NOT NULL,
        created_at INTEGER NOT NULL, finished INTEGER NOT NULL DEFAULT 0)",
    "CREATE TABLE seats (match_id TEXT NOT NULL REFERENCES matches(id), seat INTEGER NOT NULL,
        kind TEXT NOT NULL, level TEXT, token TEXT, joined INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (match_id, seat)) WITHOUT ROWID",
    "CREATE TABLE events (match_id TEXT NOT NULL REFERENCES matches(id), ply INTEGER NOT NULL,
        actor TEXT NOT NULL, action TEXT NOT NULL, at INTEGER NOT NULL,
        PRIMARY KEY (match_id, ply)) WITHOUT ROWID",
    "CREATE INDEX matches_unfinished ON matches(finished, created_at)",
    "INSERT INTO matches VALUES ('0ld', 'toy-nim', '{\"players\":2,\"stones\":5}', 2, 7,
        'placement', 1700000000000, 0)",
    "INSERT INTO seats VALUES ('0ld', 1, 'human', NULL, '0123456789abcdef0123456789abcdef', 1)",
    "INSERT INTO seats VALUES ('0ld', 2, 'human', NULL, 'fedcba9876543210fedcba9876543210', 0)",
];

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_database_with_plain_tokens_keeps_working_after_migration() {
    use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode};
    use sqlx::{ConnectOptions, Connection};
    let path = temp_db("migrate");
    let (first, second) = (
        "0123456789abcdef0123456789abcdef",
        "fedcba9876543210fedcba9876543210",
    );
    {
        let mut old = SqliteConnectOptions::new()
            .filename(&path)
            .create_if_missing(true)
            .journal_mode(SqliteJournalMode::Wal)
            .connect()
            .await
            .unwrap();
        for statement in OLD_SCHEMA {
            sqlx::query(statement).execute(&mut old).await.unwrap();
        }
        old.close().await.unwrap();
    }
    let bytes = |path: &std::path::Path| {
        let mut all = std::fs::read(path).unwrap();
        all.extend(std::fs::read(format!("{}-wal", path.display())).unwrap_or_default());
        all
    };
    let has = |all: &[u8], s: &str| all.windows(s.len()).any(|w| w == s.as_bytes());
    assert!(
        has(&bytes(&path), first),
        "the old file holds the plain token"
    );
    let store = Arc::new(SqliteStore::open(&path).await.unwrap());
    let server = TestServer::with_store(store.clone());
    // The old tokens still work; the old unjoined seat is an invited one, not open.
    assert_eq!(server.state("0ld", Some(first)).await["you"], json!(1));
    assert_eq!(server.act("0ld", first, "take2", 0).await.0, 200);
    let state = server.state("0ld", Some(second)).await;
    assert_eq!(state["you"], json!(2));
    assert_eq!(state["hints"], json!(false));
    assert_eq!(state["seats"][1]["open"], json!(false));
    let (status, _) = server.post("/api/matches/0ld/join", json!({})).await;
    assert_eq!(status, 409);
    let loaded = store.load("0ld").await.unwrap().unwrap().record;
    assert_eq!(loaded.seats[0].token_hash, Some(TokenHash::of(first)));
    assert_eq!(loaded.seats[1].token_hash, Some(TokenHash::of(second)));
    let all = bytes(&path);
    assert!(has(&all, &TokenHash::of(first).to_hex()));
    for plain in [first, second] {
        assert!(!has(&all, plain), "plain token {plain} left in the file");
    }
    drop(server);
    drop(store);
    // Opened again: migrated once, still working.
    let server = TestServer::with_store(Arc::new(SqliteStore::open(&path).await.unwrap()));
    assert_eq!(server.state("0ld", Some(second)).await["you"], json!(2));
}
