//! The server's limits and cross-site protection, each tried the way a hostile or careless
//! client would: a foreign page, a non-JSON body, a burst of creations, silent and idle
//! connections, too many connections and sockets, too many live matches, a growing pile of
//! finished matches.

use crate::common;

use axum::body::Body;
use axum::extract::ConnectInfo;
use axum::http::{Request, StatusCode};
use common::stores::FaultyStore;
use common::{TestServer, catalog};
use serde_json::{Value, json};
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tabula_server::{Hub, HubOptions, Limits, MemoryStore};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tower::ServiceExt;

fn server_with(limits: Limits) -> TestServer {
    TestServer::with_options(
        Arc::new(MemoryStore::new()),
        HubOptions {
            limits,
            ..HubOptions::default()
        },
    )
}

/// A request with extra headers, optionally from a peer address; the status, headers and JSON.
async fn send(
    server: &TestServer,
    method: &str,
    uri: &str,
    headers: &[(&str, &str)],
    peer: Option<SocketAddr>,
    body: &str,
) -> (StatusCode, axum::http::HeaderMap, Value) {
    let mut request = Request::builder().method(method).uri(uri);
    for (k, v) in headers {
        request = request.header(*k, *v);
    }
    let mut request = request.body(Body::from(body.to_string())).unwrap();
    if let Some(peer) = peer {
        request.extensions_mut().insert(ConnectInfo(peer));
    }
    let response = server.router.clone().oneshot(request).await.unwrap();
    let status = response.status();
    let headers = response.headers().clone();
    let bytes = axum::body::to_bytes(response.into_body(), usize::MAX)
        .await
        .unwrap();
    let value = serde_json::from_slice(&bytes).unwrap_or(Value::Null);
    (status, headers, value)
}

const NIM: &str = r#"{"game": "toy-nim", "seats": [{"human": true}, {"bot": "random"}]}"#;
const JSON: (&str, &str) = ("content-type", "application/json");

async fn match_count(server: &TestServer) -> usize {
    let (_, list) = server.get("/api/matches").await;
    list["matches"].as_array().unwrap().len()
}

#[tokio::test]
async fn a_foreign_origin_can_neither_create_act_nor_open_a_websocket() {
    let server = TestServer::new();
    let host = ("host", "127.0.0.1:8080");
    let evil = ("origin", "http://evil.example");
    let (status, _, e) = send(
        &server,
        "POST",
        "/api/matches",
        &[host, evil, JSON],
        None,
        NIM,
    )
    .await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{e}");
    assert!(
        e["error"].as_str().unwrap().contains("http://evil.example"),
        "{e}"
    );
    assert_eq!(match_count(&server).await, 0, "nothing was created");

    let own = ("origin", "http://127.0.0.1:8080");
    let (status, _, created) = send(
        &server,
        "POST",
        "/api/matches",
        &[host, own, JSON],
        None,
        NIM,
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    let id = created["id"].as_str().unwrap();
    let token = created["seats"][0]["token"].as_str().unwrap();

    let act = json!({ "token": token, "action": "1", "ply": 0 }).to_string();
    let uri = format!("/api/matches/{id}/actions");
    let (status, _, e) = send(&server, "POST", &uri, &[host, evil, JSON], None, &act).await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{e}");
    assert_eq!(
        server.state(id, None).await["ply"],
        0,
        "the action was not applied"
    );

    let upgrade = [
        host,
        evil,
        ("connection", "upgrade"),
        ("upgrade", "websocket"),
        ("sec-websocket-version", "13"),
        ("sec-websocket-key", "dGhlIHNhbXBsZSBub25jZQ=="),
    ];
    let uri = format!("/api/matches/{id}/ws");
    let (status, _, e) = send(&server, "GET", &uri, &upgrade, None, "").await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{e}");
    // Reads stay open to anyone: a foreign page may show the lobby.
    let (status, _, _) = send(&server, "GET", "/api/matches", &[host, evil], None, "").await;
    assert_eq!(status, StatusCode::OK);
}

#[tokio::test]
async fn origins_on_the_allow_list_are_served() {
    let server = server_with(Limits {
        allowed_origins: vec!["https://play.example.org".into()],
        ..Limits::default()
    });
    let headers = [
        ("host", "tabula.internal:8080"),
        ("origin", "https://play.example.org"),
        JSON,
    ];
    let (status, _, created) = send(&server, "POST", "/api/matches", &headers, None, NIM).await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
}

#[tokio::test]
async fn a_state_changing_request_whose_body_is_not_json_is_refused_with_415() {
    let server = TestServer::new();
    let plain = ("content-type", "text/plain");
    let (status, _, e) = send(&server, "POST", "/api/matches", &[plain], None, NIM).await;
    assert_eq!(status, StatusCode::UNSUPPORTED_MEDIA_TYPE, "{e}");
    assert!(e["error"].as_str().unwrap().contains("text/plain"), "{e}");
    let form = ("content-type", "application/x-www-form-urlencoded");
    let (status, _, _) = send(&server, "POST", "/api/matches", &[form], None, "game=x").await;
    assert_eq!(status, StatusCode::UNSUPPORTED_MEDIA_TYPE);
    let length = NIM.len().to_string();
    let bare = [("content-length", length.as_str())];
    let (status, _, _) = send(&server, "POST", "/api/matches", &bare, None, NIM).await;
    assert_eq!(
        status,
        StatusCode::UNSUPPORTED_MEDIA_TYPE,
        "a body without a type"
    );
    assert_eq!(match_count(&server).await, 0, "nothing was created");
    let (status, _, _) = send(&server, "POST", "/api/matches", &[JSON], None, NIM).await;
    assert_eq!(status, StatusCode::CREATED);
}

#[tokio::test]
async fn match_creation_is_limited_per_client_address_with_retry_after() {
    let server = server_with(Limits {
        creations_per_minute: 1,
        creation_burst: 3,
        ..Limits::default()
    });
    let a: SocketAddr = "192.0.2.1:5000".parse().unwrap();
    let b: SocketAddr = "192.0.2.2:5000".parse().unwrap();
    for _ in 0..3 {
        let (status, _, e) = send(&server, "POST", "/api/matches", &[JSON], Some(a), NIM).await;
        assert_eq!(status, StatusCode::CREATED, "{e}");
    }
    let (status, headers, e) = send(&server, "POST", "/api/matches", &[JSON], Some(a), NIM).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{e}");
    let retry: u64 = headers["retry-after"].to_str().unwrap().parse().unwrap();
    assert!((1..=60).contains(&retry), "Retry-After: {retry}");
    assert!(e["error"].as_str().unwrap().contains("192.0.2.1"), "{e}");
    assert_eq!(match_count(&server).await, 3);
    // Another client is not held back by the first, and reads are never limited.
    let (status, _, _) = send(&server, "POST", "/api/matches", &[JSON], Some(b), NIM).await;
    assert_eq!(status, StatusCode::CREATED);
    let (status, _, _) = send(&server, "GET", "/api/matches", &[], Some(a), "").await;
    assert_eq!(status, StatusCode::OK);
}

#[tokio::test]
async fn unfinished_matches_in_memory_are_capped_with_503() {
    let server = server_with(Limits {
        max_live_matches: 2,
        ..Limits::default()
    });
    for _ in 0..2 {
        let (status, _, _) = send(&server, "POST", "/api/matches", &[JSON], None, NIM).await;
        assert_eq!(status, StatusCode::CREATED);
    }
    let (status, _, e) = send(&server, "POST", "/api/matches", &[JSON], None, NIM).await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{e}");
    assert!(e["error"].as_str().unwrap().contains("unfinished"), "{e}");
    assert_eq!(server.hub.in_memory(), (2, 2));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn finished_matches_beyond_the_kept_number_leave_memory_and_stay_served() {
    let server = TestServer::new();
    let keep = tabula_server::live::KEEP_FINISHED;
    let bots = json!({ "game": "toy-nim", "seats": [{ "bot": "random" }, { "bot": "random" }] });
    let first = server.create(bots.clone()).await;
    server.wait_for(&first.id, None, 30, common::over).await;
    for _ in 0..keep + 20 {
        server.create(bots.clone()).await;
    }
    // Wait until every bot match has ended, then one more creation notes them all.
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        let (_, unfinished) = server.hub.in_memory();
        if unfinished == 0 {
            break;
        }
        assert!(
            Instant::now() < deadline,
            "{unfinished} bot matches never ended"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    server.create(bots).await;
    let (in_memory, _) = server.hub.in_memory();
    assert!(in_memory <= keep + 1, "{in_memory} matches in memory");
    // The first one was evicted, and is loaded again from the store when asked for.
    let state = server.state(&first.id, None).await;
    assert!(common::over(&state), "{state}");
}

#[tokio::test]
async fn the_lobby_leaves_out_matches_abandoned_longer_than_the_lobby_time() {
    let open = r#"{"game": "toy-nim", "seats": [{"human": true}, {"human": true, "open": true}]}"#;
    let fresh = server_with(Limits::default());
    send(&fresh, "POST", "/api/matches", &[JSON], None, open).await;
    let (_, lobby) = fresh.get("/api/matches?open=true").await;
    assert_eq!(lobby["matches"].as_array().unwrap().len(), 1, "{lobby}");
    let stale = server_with(Limits {
        lobby_ttl: Duration::ZERO,
        ..Limits::default()
    });
    send(&stale, "POST", "/api/matches", &[JSON], None, open).await;
    tokio::time::sleep(Duration::from_millis(5)).await;
    let (_, lobby) = stale.get("/api/matches?open=true").await;
    assert_eq!(lobby["matches"].as_array().unwrap().len(), 0, "{lobby}");
    let (_, all) = stale.get("/api/matches").await;
    assert_eq!(
        all["matches"].as_array().unwrap().len(),
        1,
        "still listed, not in the lobby"
    );
}

/// A real server on a loopback port with `limits`.
async fn listening(limits: Limits) -> SocketAddr {
    let hub = Arc::new(Hub::new(
        catalog(),
        Arc::new(MemoryStore::new()),
        HubOptions {
            limits,
            ..HubOptions::default()
        },
    ));
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(tabula_server::serve(listener, hub));
    addr
}

/// Reads until the peer closes (or 10 s pass); what was read.
async fn read_to_close(tcp: &mut TcpStream) -> Option<String> {
    let mut all = Vec::new();
    let mut buf = [0u8; 1024];
    let closed = tokio::time::timeout(Duration::from_secs(10), async {
        loop {
            match tcp.read(&mut buf).await {
                Ok(0) | Err(_) => return,
                Ok(n) => all.extend_from_slice(&buf[..n]),
            }
        }
    })
    .await;
    closed
        .ok()
        .map(|_| String::from_utf8_lossy(&all).into_owned())
}

async fn get_games(addr: SocketAddr) -> Option<String> {
    let mut tcp = TcpStream::connect(addr).await.ok()?;
    tcp.write_all(b"GET /api/games HTTP/1.1\r\nhost: x\r\nconnection: close\r\n\r\n")
        .await
        .ok()?;
    read_to_close(&mut tcp).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_silent_connection_is_closed_after_the_header_read_timeout() {
    let addr = listening(Limits {
        header_read_timeout: Duration::from_millis(200),
        ..Limits::default()
    })
    .await;
    let mut silent = TcpStream::connect(addr).await.unwrap();
    assert!(
        read_to_close(&mut silent).await.is_some(),
        "the server closes it"
    );
    let mut slow = TcpStream::connect(addr).await.unwrap();
    slow.write_all(b"GET /api/games HTTP/1.1\r\nho")
        .await
        .unwrap();
    assert!(
        read_to_close(&mut slow).await.is_some(),
        "half a header is closed too"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_idle_keep_alive_connection_is_closed_after_the_idle_timeout() {
    let addr = listening(Limits {
        idle_timeout: Duration::from_millis(200),
        header_read_timeout: Duration::from_secs(600),
        ..Limits::default()
    })
    .await;
    let mut tcp = TcpStream::connect(addr).await.unwrap();
    tcp.write_all(b"GET /api/games HTTP/1.1\r\nhost: x\r\n\r\n")
        .await
        .unwrap();
    let answered = read_to_close(&mut tcp).await.expect("closed once idle");
    assert!(answered.starts_with("HTTP/1.1 200"), "{answered}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn connections_over_the_cap_get_503_and_the_server_serves_again_once_they_close() {
    let addr = listening(Limits {
        max_connections: 3,
        header_read_timeout: Duration::from_secs(600),
        ..Limits::default()
    })
    .await;
    let mut hogs = Vec::new();
    for _ in 0..3 {
        hogs.push(TcpStream::connect(addr).await.unwrap());
    }
    // The accept loop takes the three in order; the next one finds no place.
    let deadline = Instant::now() + Duration::from_secs(10);
    let refused = loop {
        let answer = get_games(addr).await.unwrap_or_default();
        if answer.starts_with("HTTP/1.1 503") {
            break answer;
        }
        assert!(Instant::now() < deadline, "never refused: {answer}");
    };
    assert!(refused.contains("too many open connections"), "{refused}");
    assert!(
        refused.to_ascii_lowercase().contains("retry-after"),
        "{refused}"
    );
    drop(hogs);
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let answer = get_games(addr).await.unwrap_or_default();
        if answer.starts_with("HTTP/1.1 200") {
            break;
        }
        assert!(Instant::now() < deadline, "never served again: {answer}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn websockets_per_match_are_capped() {
    use tokio_tungstenite::connect_async;
    let server = server_with(Limits {
        max_sockets_per_match: 2,
        ..Limits::default()
    });
    let addr = server.listen().await;
    let m = server
        .create(json!({ "game": "toy-nim", "seats": [{ "human": true }, { "human": true }] }))
        .await;
    let url = format!("ws://{addr}/api/matches/{}/ws", m.id);
    let one = connect_async(&url).await.expect("first socket").0;
    let _two = connect_async(&url).await.expect("second socket").0;
    let refused = connect_async(&url).await.expect_err("a third is refused");
    match refused {
        tokio_tungstenite::tungstenite::Error::Http(response) => {
            assert_eq!(response.status(), StatusCode::SERVICE_UNAVAILABLE)
        }
        other => panic!("expected an HTTP refusal, got {other}"),
    }
    let other = server
        .create(json!({ "game": "toy-nim", "seats": [{ "human": true }, { "human": true }] }))
        .await;
    let other_url = format!("ws://{addr}/api/matches/{}/ws", other.id);
    connect_async(&other_url)
        .await
        .expect("another match has places of its own");
    drop(one);
    let deadline = Instant::now() + Duration::from_secs(10);
    while connect_async(&url).await.is_err() {
        assert!(
            Instant::now() < deadline,
            "the closed socket's place never came back"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restart_reads_the_unfinished_matches_only() {
    use std::sync::atomic::Ordering;
    let store = Arc::new(FaultyStore::default());
    let first = TestServer::with_store(store.clone());
    let bots = json!({ "game": "toy-nim", "seats": [{ "bot": "random" }, { "bot": "random" }] });
    let mut finished = Vec::new();
    for _ in 0..30 {
        finished.push(first.create(bots.clone()).await.id);
    }
    for id in &finished {
        first.wait_for(id, None, 30, common::over).await;
    }
    let people = json!({ "game": "toy-nim", "seats": [{ "human": true }, { "human": true }] });
    let mut unfinished = Vec::new();
    for _ in 0..3 {
        unfinished.push(first.create(people.clone()).await.id);
    }
    drop(first);
    let before = store.loads.load(Ordering::SeqCst);
    let hub = Hub::new(catalog(), store.clone(), HubOptions::default());
    let report = hub.restore().await.unwrap();
    assert_eq!(report.resumed, 3);
    assert_eq!(
        store.loads.load(Ordering::SeqCst) - before,
        3,
        "only the unfinished are read"
    );
    assert_eq!(hub.in_memory(), (3, 3));
}
