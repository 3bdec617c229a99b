//! Instances on one PostgreSQL database follow each other's writes from the notifications,
//! which reach the writer too: an instance must not read back what it wrote itself (each
//! such read cost the database a query per action under load), and a join made through one
//! instance is taken in by the others from its notification, token included, even when it
//! comes while the match is being loaded, or before its creator has it in memory.

use crate::common;

use common::backends::{Backend, TestDb};
use common::{TestServer, over};
use serde_json::{Value, json};
use std::sync::Arc;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
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
    /// A match whose next load, once read, waits for the semaphore's permit before it
    /// returns (as if the reading instance were slow to take it in), and `held` is set then.
    hold: Mutex<Option<(String, Arc<tokio::sync::Semaphore>)>>,
    held: tokio::sync::Notify,
    /// While set, a creation returns only 300 ms after it is stored, so that its notice
    /// comes back before the instance has the match in memory.
    slow_creates: AtomicBool,
    /// While set, a creation, once stored, returns only when the semaphore gives a permit.
    create_gate: Mutex<Option<Arc<tokio::sync::Semaphore>>>,
}

impl Counting {
    fn new(inner: PgStore) -> Counting {
        Counting {
            inner,
            loads: AtomicUsize::new(0),
            log_reads: AtomicUsize::new(0),
            hold: Mutex::new(None),
            held: tokio::sync::Notify::new(),
            slow_creates: AtomicBool::new(false),
            create_gate: Mutex::new(None),
        }
    }
}

impl MatchStore for Counting {
    fn create<'a>(&'a self, r: &'a MatchRecord) -> BoxFuture<'a, Result<(), StoreError>> {
        Box::pin(async move {
            self.inner.create(r).await?;
            if self.slow_creates.load(Ordering::SeqCst) {
                tokio::time::sleep(Duration::from_millis(300)).await;
            }
            let gate = self.create_gate.lock().unwrap().clone();
            if let Some(gate) = gate {
                let _ = gate.acquire().await;
            }
            Ok(())
        })
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
        Box::pin(async move {
            let read = self.inner.load(id).await;
            let gate = {
                let mut hold = self.hold.lock().unwrap();
                match hold.take() {
                    Some((held, gate)) if held == id => Some(gate),
                    other => {
                        *hold = other;
                        None
                    }
                }
            };
            if let Some(gate) = gate {
                self.held.notify_one();
                let _ = gate.acquire().await;
            }
            read
        })
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
    let store = Arc::new(Counting::new(pg.clone()));
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

/// Waits until `server` (instance `name`) shows seat 2 of `id` joined, and checks that it
/// knows the join's `token`.
async fn takes_in_the_join(server: &TestServer, name: &str, id: &str, token: &str) {
    let state = server
        .wait_for(id, None, 10, |s| s["seats"][1]["joined"] == json!(true))
        .await;
    assert_eq!(state["seats"][1]["joined"], json!(true), "{state}");
    let seen = server.state(id, Some(token)).await;
    assert_eq!(
        seen["you"],
        json!(2),
        "{name} does not know the join's token: {seen}"
    );
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
    // The creation's notice comes back while the match is not in memory yet.
    store.slow_creates.store(true, Ordering::SeqCst);
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
        "the instance read its own match again (its creation or its joins)"
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

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn notices_for_a_match_being_loaded_are_taken_in_once_it_is_loaded() {
    let db = TestDb::new(Backend::Postgres, "loading").await;
    let (a, _) = instance(&db.location).await;
    // `other` is restored first (the oldest), `id` next.
    let (other, other_first) = lobby_match(&a).await;
    let other_second = join(&a, &other).await;
    tokio::time::sleep(Duration::from_millis(20)).await;
    let (id, _) = lobby_match(&a).await;

    // B starts while both are stored; its load of `id` reads before the join below commits
    // and takes the read in only after the join's notice has come.
    let pg = PgStore::open(&db.location).await.unwrap();
    let b_store = Arc::new(Counting::new(pg.clone()));
    let gate = Arc::new(tokio::sync::Semaphore::new(0));
    *b_store.hold.lock().unwrap() = Some((id.clone(), gate.clone()));
    let b = TestServer::with_store(b_store.clone());
    b.hub.join_cluster(pg).await.unwrap();
    let hub = b.hub.clone();
    let restored = tokio::spawn(async move { hub.restore().await.map_err(|e| e.message) });
    b_store.held.notified().await;

    let theirs = join(&a, &id).await;
    let before = b.state(&other, None).await["ply"].clone();
    assert!(act_first_legal(&a, &other, &[&other_first, &other_second], &before).await);
    // B's follower takes notices in their order: once it has `other`'s move, it is past the
    // join's notice. Waiting for the load first is right too, so this gives up after 2 s.
    for _ in 0..1_000 {
        if b.state(&other, None).await["ply"] != before {
            break;
        }
        tokio::time::sleep(Duration::from_millis(2)).await;
    }
    gate.add_permits(1);
    let report = restored.await.unwrap().unwrap();
    assert_eq!(report.resumed, 2, "{report:?}");

    takes_in_the_join(&b, "B", &id, &theirs).await;
    b.wait_for(&other, None, 10, |s| s["ply"] != before).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_join_elsewhere_before_the_creator_has_the_match_in_memory_reaches_it() {
    let db = TestDb::new(Backend::Postgres, "creating").await;
    let (a, a_store) = instance(&db.location).await;
    let (b, _) = instance(&db.location).await;
    // A's creation returns only once a player has joined through B, which loads the match
    // on the creation's notice, and the join's notice has had time to reach A.
    let gate = Arc::new(tokio::sync::Semaphore::new(0));
    *a_store.create_gate.lock().unwrap() = Some(gate.clone());
    let joined = async {
        for _ in 0..5_000 {
            let (_, list) = b.get("/api/matches?open=true").await;
            if let Some(id) = list["matches"][0]["id"].as_str() {
                let token = join(&b, id).await;
                tokio::time::sleep(Duration::from_millis(300)).await;
                gate.add_permits(1);
                return (id.to_string(), token);
            }
            tokio::time::sleep(Duration::from_millis(2)).await;
        }
        panic!("B did not list the match within 10 s");
    };
    let ((id, _), (joined_id, theirs)) = tokio::join!(lobby_match(&a), joined);
    assert_eq!(id, joined_id);
    takes_in_the_join(&a, "A", &id, &theirs).await;
}
