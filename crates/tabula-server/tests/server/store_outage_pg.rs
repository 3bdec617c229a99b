//! The PostgreSQL store behind a TCP proxy that the test controls, to make the faults a
//! network makes: the database stops answering connections altogether (refused, as when it
//! is stopped), and a connection lost during `COMMIT`, before the database has it or after it
//! committed. During an outage every write is answered 503 within the documented time and
//! writes succeed again once the database is back; a commit whose outcome is unknown is
//! answered 503 with `"outcome": "unknown"`, and sending the action again at the same ply
//! is then safe: stored after all, it is refused as stale and the match shows it.

use crate::common;

use axum::http::StatusCode;
use common::TestServer;
use common::backends::{Backend, TestDb, pg_server_url};
use serde_json::{Value, json};
use std::net::SocketAddr;
use std::sync::atomic::{AtomicU8, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tabula_server::PgStore;
use tabula_server::store::OUTAGE_ANSWER;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio::task::JoinHandle;

/// What the proxy does to the next `COMMIT` it sees.
const NO_FAULT: u8 = 0;
/// The `COMMIT` never reaches the database: the connection is cut instead.
const LOSE_COMMIT: u8 = 1;
/// The `COMMIT` reaches the database, which commits; its answer is lost with the connection.
const LOSE_REPLY: u8 = 2;

/// A TCP proxy in front of the test's PostgreSQL server.
struct Proxy {
    addr: SocketAddr,
    upstream: SocketAddr,
    fault: Arc<AtomicU8>,
    accept: Mutex<Option<JoinHandle<()>>>,
    pipes: Arc<Mutex<Vec<JoinHandle<()>>>>,
}

impl Proxy {
    async fn start() -> Proxy {
        let url = pg_server_url();
        let authority = url.split("://").nth(1).unwrap().split('/').next().unwrap();
        let host_port = authority.rsplit('@').next().unwrap();
        let upstream = tokio::net::lookup_host(host_port)
            .await
            .unwrap()
            .next()
            .unwrap();
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let proxy = Proxy {
            addr: listener.local_addr().unwrap(),
            upstream,
            fault: Arc::new(AtomicU8::new(NO_FAULT)),
            accept: Mutex::new(None),
            pipes: Arc::new(Mutex::new(Vec::new())),
        };
        proxy.serve(listener);
        proxy
    }

    fn serve(&self, listener: TcpListener) {
        let (upstream, fault, pipes) = (self.upstream, self.fault.clone(), self.pipes.clone());
        let accept = tokio::spawn(async move {
            while let Ok((client, _)) = listener.accept().await {
                let pipe = tokio::spawn(pipe(client, upstream, fault.clone()));
                pipes.lock().unwrap().push(pipe);
            }
        });
        *self.accept.lock().unwrap() = Some(accept);
    }

    /// The database is gone: connections are refused, and those open are cut.
    fn down(&self) {
        if let Some(accept) = self.accept.lock().unwrap().take() {
            accept.abort();
        }
        for pipe in self.pipes.lock().unwrap().drain(..) {
            pipe.abort();
        }
    }

    /// The database is back, at the same address.
    async fn up(&self) {
        let deadline = Instant::now() + Duration::from_secs(10);
        let listener = loop {
            match TcpListener::bind(self.addr).await {
                Ok(l) => break l,
                Err(e) => {
                    assert!(Instant::now() < deadline, "cannot listen again: {e}");
                    tokio::time::sleep(Duration::from_millis(20)).await;
                }
            }
        };
        self.serve(listener);
    }

    /// The URL of the test's database through the proxy.
    fn url(&self, db: &TestDb) -> String {
        let (scheme, rest) = db.location.split_once("://").unwrap();
        let (authority, path) = rest.split_once('/').unwrap();
        let user = authority
            .rsplit_once('@')
            .map_or(String::new(), |(u, _)| format!("{u}@"));
        format!("{scheme}://{user}{}/{path}", self.addr)
    }
}

/// Forwards bytes both ways, applying the fault armed for the next `COMMIT`.
async fn pipe(mut client: TcpStream, upstream: SocketAddr, fault: Arc<AtomicU8>) {
    let Ok(mut server) = TcpStream::connect(upstream).await else {
        return;
    };
    let (mut from_client, mut to_client) = client.split();
    let (mut from_server, mut to_server) = server.split();
    let (mut up, mut down) = (vec![0u8; 1 << 16], vec![0u8; 1 << 16]);
    let mut lose_reply = false;
    loop {
        tokio::select! {
            n = from_client.read(&mut up) => {
                let Ok(n @ 1..) = n else { return };
                let chunk = &up[..n];
                if chunk.windows(6).any(|w| w == b"COMMIT") {
                    match fault.swap(NO_FAULT, Ordering::SeqCst) {
                        LOSE_COMMIT => return,
                        LOSE_REPLY => lose_reply = true,
                        _ => {}
                    }
                }
                if to_server.write_all(chunk).await.is_err() {
                    return;
                }
            }
            n = from_server.read(&mut down) => {
                let Ok(n @ 1..) = n else { return };
                if lose_reply {
                    return;
                }
                if to_client.write_all(&down[..n]).await.is_err() {
                    return;
                }
            }
        }
    }
}

/// A server on a fresh database reached through a proxy.
async fn proxied(name: &str) -> (TestDb, Proxy, TestServer) {
    let db = TestDb::new(Backend::Postgres, name).await;
    let proxy = Proxy::start().await;
    let store = PgStore::open(&proxy.url(&db)).await.unwrap();
    let server = TestServer::with_store(Arc::new(store));
    (db, proxy, server)
}

async fn nim(server: &TestServer) -> common::Created {
    server
        .create(json!({ "game": "toy-nim", "params": { "stones": 1_000 },
                        "seats": [{ "human": true }, { "human": true }] }))
        .await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_write_during_an_outage_is_answered_within_the_documented_time() {
    let (_db, proxy, server) = proxied("outage").await;
    let server = Arc::new(server);
    let mut matches = Vec::new();
    for _ in 0..12 {
        matches.push(nim(&server).await);
    }
    proxy.down();
    // Twelve actions, one every 250 ms, as players would send them.
    let mut answers = Vec::new();
    for m in &matches {
        let (server, id, token) = (server.clone(), m.id.clone(), m.token(1).to_string());
        answers.push(tokio::spawn(async move {
            let sent = Instant::now();
            let (status, answer) = server.act(&id, &token, "take1", 0).await;
            (status, answer, sent.elapsed())
        }));
        tokio::time::sleep(Duration::from_millis(250)).await;
    }
    // A generous margin over the documented time: an answer that waits for the write queued
    // ahead of it and then for its own takes twice the wait of one.
    let bound = OUTAGE_ANSWER + Duration::from_secs(2);
    for a in answers {
        let (status, answer, took) = a.await.unwrap();
        assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{answer}");
        assert!(took < bound, "answered after {took:?}: {answer}");
    }
    proxy.up().await;
    for m in &matches {
        let (status, answer) = server.act(&m.id, m.token(1), "take1", 0).await;
        assert_eq!(status, StatusCode::OK, "{answer}");
    }
}

/// Seat 1 takes one stone at ply 0 while the proxy applies `fault` to the `COMMIT`.
async fn act_through(fault: u8, name: &str) -> (TestServer, common::Created, Proxy, TestDb) {
    let (db, proxy, server) = proxied(name).await;
    let m = nim(&server).await;
    proxy.fault.store(fault, Ordering::SeqCst);
    let (status, answer) = server.act(&m.id, m.token(1), "take1", 0).await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{answer}");
    assert_unknown(&answer);
    assert_eq!(
        proxy.fault.load(Ordering::SeqCst),
        NO_FAULT,
        "no COMMIT seen"
    );
    (server, m, proxy, db)
}

fn assert_unknown(answer: &Value) {
    assert_eq!(answer["outcome"], "unknown", "{answer}");
    let reason = answer["error"].as_str().unwrap();
    assert!(reason.contains("may have been stored"), "{reason}");
    assert!(!reason.contains("nothing was changed"), "{reason}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_commit_stored_but_unanswered_is_answered_unknown_and_its_retry_is_refused_as_stale() {
    let (server, m, _proxy, _db) = act_through(LOSE_REPLY, "lost-reply").await;
    let (status, answer) = server.act(&m.id, m.token(1), "take1", 0).await;
    assert_eq!(status, StatusCode::CONFLICT, "{answer}");
    let shown = server.state(&m.id, None).await;
    assert_eq!(shown["log"][0]["action"], "take1", "{shown}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_commit_lost_on_its_way_is_answered_unknown_and_its_retry_is_stored() {
    let (server, m, _proxy, _db) = act_through(LOSE_COMMIT, "lost-commit").await;
    assert_eq!(server.state(&m.id, None).await["ply"], 0);
    let (status, answer) = server.act(&m.id, m.token(1), "take1", 0).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let shown = server.state(&m.id, None).await;
    assert_eq!(shown["log"][0]["action"], "take1", "{shown}");
}
