//! Instances on one PostgreSQL database follow each other's writes from the notifications,
//! which reach the writer too: an instance must not read back what it wrote itself (each
//! such read cost the database a query per action under load), and a join made through one
//! instance is taken in by the others from its notification, token included.

mod common;

use common::backends::{Backend, TestDb};
use common::{TestServer, over};
use serde_json::{Value, json};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;
use tabula_core::Seat;
use tabula_server::store::{BoxFuture, LogEntry, MatchRecord, StoredMatch, TokenHash};
use tabula_server::{MatchStore, PgStore, StoreError};

/// The PostgreSQL store, counting the reads of a match an instance asks it for.
struct Counting {
    inner: PgStore,
    /// Whole matches read.
    loads: AtomicUsize,
    /// Reads of a log's end.
    log_reads: AtomicUsize,
}

impl MatchStore for Counting {
    fn create<'a>(&'a self, r: &'a MatchRecord) -> BoxFuture<'a, Result<(), StoreError>> {
        self.inner.create(r)
    }
    fn append<'a>(
        &'a self,
        id: &'a str,
        entries: &'a [LogEntry],
        finished: bool,
    ) -> BoxFuture<'a, Result<(), StoreError>> {
        self.inner.append(id, entries, finished)
    }
    fn set_joined<'a>(&'a self, id: &'a str, seat: Seat) -> BoxFuture<'a, Result<(), StoreError>> {
        self.inner.set_joined(id, seat)
    }
    fn join_open_seat<'a>(
        &'a self,
        id: &'a str,
        seat: Seat,
        hash: TokenHash,
    ) -> BoxFuture<'a, Result<(), StoreError>> {
        self.inner.join_open_seat(id, seat, hash)
    }
    fn load<'a>(&'a self, id: &'a str) -> BoxFuture<'a, Result<Option<StoredMatch>, StoreError>> {
        self.loads.fetch_add(1, Ordering::SeqCst);
        self.inner.load(id)
    }
    fn unfinished(&self) -> BoxFuture<'_, Result<Vec<String>, StoreError>> {
        self.inner.unfinished()
    }
    fn log_since<'a>(
        &'a self,
        id: &'a str,
        from: u64,
    ) -> BoxFuture<'a, Result<Vec<LogEntry>, StoreError>> {
        self.log_reads.fetch_add(1, Ordering::SeqCst);
        self.inner.log_since(id, from)
    }
}

/// An in-process instance on the database at `location`, following the others.
async fn instance(location: &str) -> (TestServer, Arc<Counting>) {
    let pg = PgStore::open(location).await.unwrap();
    let store = Arc::new(Counting {
        inner: pg.clone(),
        loads: AtomicUsize::new(0),
        log_reads: AtomicUsize::new(0),
    });
    let server = TestServer::with_store(store.clone());
    server.hub.join_cluster(pg).await.unwrap();
    (server, store)
}

/// Creates a toy-nim match with the creator's seat and a lobby seat on `server`.
async fn lobby_match(server: &TestServer) -> (String, String) {
    let (status, m) = server
        .post(
            "/api/matches",
            json!({ "game": "toy-nim", "params": { "stones": 30 },
                "seats": [{ "human": true }, { "human": true, "open": true }] }),
        )
        .await;
    assert_eq!(status.as_u16(), 201, "{m}");
    let id = m["id"].as_str().unwrap().to_string();
    let token = m["seats"][0]["token"].as_str().unwrap().to_string();
    (id, token)
}

/// Joins the lobby seat of `id` through `server`; its token.
async fn join(server: &TestServer, id: &str) -> String {
    let (status, joined) = server
        .post(&format!("/api/matches/{id}/join"), json!({ "seat": 2 }))
        .await;
    assert_eq!(status.as_u16(), 200, "{joined}");
    joined["token"].as_str().unwrap().to_string()
}

/// The first legal action of the first of `tokens` that has one, acted through `server` at
/// `ply`; false when none has one there (or the match moved on meanwhile).
async fn act_first_legal(server: &TestServer, id: &str, tokens: &[&str], ply: &Value) -> bool {
    for token in tokens {
        let state: Value = server.state(id, Some(token)).await;
        if state["ply"] != *ply {
            return false;
        }
        if let Some(action) = state["legal"].get(0).and_then(Value::as_str) {
            let ply = state["ply"].as_u64().unwrap();
            let (status, answer) = server.act(id, token, action, ply).await;
            assert_eq!(status.as_u16(), 200, "{answer}");
            return true;
        }
    }
    false
}

/// One move of whichever seat is to act, through `server`; false once the game is over.
async fn one_move(server: &TestServer, id: &str, tokens: &[&str]) -> bool {
    let state = server.state(id, None).await;
    if over(&state) {
        return false;
    }
    if !act_first_legal(server, id, tokens, &state["ply"]).await {
        // Only chance can act: the server draws it.
        tokio::time::sleep(Duration::from_millis(2)).await;
    }
    true
}

/// Once both instances show the match at the same ply, one move of whichever seat is to
/// act, through `b` or `a`; false once the game is over.
async fn settled_move(
    a: &TestServer,
    b: &TestServer,
    through_b: bool,
    id: &str,
    tokens: &[&str],
) -> bool {
    let server = if through_b { b } else { a };
    for _ in 0..5_000 {
        let (here, there) = (a.state(id, None).await, b.state(id, None).await);
        if here["ply"] == there["ply"] {
            if over(&here) && over(&there) {
                return false;
            }
            if act_first_legal(server, id, tokens, &here["ply"]).await {
                return true;
            }
        }
        tokio::time::sleep(Duration::from_millis(2)).await;
    }
    panic!("the instances did not agree on match {id} within 10 s");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_instance_reads_back_none_of_its_own_writes() {
    let db = TestDb::new(Backend::Postgres, "ownreads").await;
    let (server, store) = instance(&db.location).await;
    let (id, mine) = lobby_match(&server).await;
    let theirs = join(&server, &id).await;
    let mut moves = 0;
    while one_move(&server, &id, &[&mine, &theirs]).await {
        moves += 1;
        assert!(moves < 1_000, "the match never ends");
    }
    // The notifications of the last writes arrive meanwhile.
    tokio::time::sleep(Duration::from_millis(500)).await;
    // The one read allowed: the log's end, when the instance gained the match's lease.
    let allowed = usize::from(server.hub.leads(&id));
    let reads = store.log_reads.load(Ordering::SeqCst);
    assert!(
        reads <= allowed,
        "the instance read back the entries it appended itself ({reads} reads)"
    );
    let loads = store.loads.load(Ordering::SeqCst);
    assert_eq!(
        loads, 0,
        "the instance read its own match again (its joins)"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_join_through_one_instance_is_taken_in_by_another_with_its_token() {
    let db = TestDb::new(Backend::Postgres, "joins").await;
    let (a, _) = instance(&db.location).await;
    let (b, b_store) = instance(&db.location).await;
    let (id, mine) = lobby_match(&a).await;
    // B loads the match on the notice of its creation.
    let open = |s: &Value| s["seats"][1]["joined"] == json!(false);
    assert!(open(&b.wait_for(&id, None, 10, |_| true).await));
    let loads = b_store.loads.load(Ordering::SeqCst);
    let theirs = join(&a, &id).await;
    b.wait_for(&id, None, 10, |s| s["seats"][1]["joined"] == json!(true))
        .await;
    // The token given through A plays through B, and B follows A's moves without reading.
    let state = b.state(&id, Some(&theirs)).await;
    assert_eq!(state["you"], json!(2), "{state}");
    let mut moves = 0;
    while settled_move(&a, &b, moves % 2 == 1, &id, &[&mine, &theirs]).await {
        moves += 1;
        assert!(moves < 1_000, "the match never ends");
    }
    assert_eq!(
        b_store.loads.load(Ordering::SeqCst) - loads,
        0,
        "B read the match again for the join"
    );
    // The one read allowed: the log's end, if B gained the match's lease.
    let allowed = usize::from(b.hub.leads(&id));
    let reads = b_store.log_reads.load(Ordering::SeqCst);
    assert!(reads <= allowed, "B read A's entries ({reads} reads)");
}
