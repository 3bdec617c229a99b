//! The limits that hold per client address, tried by one client against another: rematches
//! count as creations, one address holds at most its connections and its WebSockets
//! (spectators' included) while another still gets in, and refusals over a cap are
//! well-formed HTTP that a client reads whole.

use crate::common;

use axum::body::Body;
use axum::extract::ConnectInfo;
use axum::http::Request;
use common::TestServer;
use common::http::{Http, ONE, TWO, get_from, websocket_from};
use serde_json::{Value, json};
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tabula_server::{HubOptions, Limits, MemoryStore};
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

/// `POST uri` with `body` from `peer`: the status, `Retry-After` (if any) and the JSON.
async fn post_from(
    server: &TestServer,
    peer: SocketAddr,
    uri: &str,
    body: Value,
) -> (u16, Option<u64>, Value) {
    let mut request = Request::post(uri)
        .header("content-type", "application/json")
        .body(Body::from(body.to_string()))
        .unwrap();
    request.extensions_mut().insert(ConnectInfo(peer));
    let response = server.router.clone().oneshot(request).await.unwrap();
    let status = response.status().as_u16();
    let retry = response
        .headers()
        .get("retry-after")
        .map(|v| v.to_str().unwrap().parse().expect("whole seconds"));
    let bytes = axum::body::to_bytes(response.into_body(), usize::MAX)
        .await
        .unwrap();
    (status, retry, serde_json::from_slice(&bytes).unwrap())
}

/// The matches the server holds (private ones, which the list leaves out, included).
async fn match_count(server: &TestServer) -> usize {
    server.hub.in_memory().0
}

#[tokio::test]
async fn a_rematch_that_makes_a_match_takes_from_the_clients_creation_allowance() {
    let server = server_with(Limits {
        creations_per_minute: 1,
        creation_burst: 3,
        ..Limits::default()
    });
    let a: SocketAddr = "192.0.2.1:5000".parse().unwrap();
    let b: SocketAddr = "192.0.2.2:5000".parse().unwrap();
    let people = json!({ "game": "connect-four", "seats": [{"human": true}, {"human": true}],
        "mine": [1, 2] });
    let (status, _, created) = post_from(&server, a, "/api/matches", people).await;
    assert_eq!(status, 201, "{created}");
    let mut id = created["id"].as_str().unwrap().to_string();
    let mut tokens: Vec<String> = (0..2)
        .map(|i| created["seats"][i]["token"].as_str().unwrap().to_string())
        .collect();
    // Resign, then rematch, in a loop: one creation, then two rematches use the burst.
    for round in 0..3 {
        let resign = json!({ "token": tokens[1], "request": "resign" });
        let (status, _, e) =
            post_from(&server, a, &format!("/api/matches/{id}/table"), resign).await;
        assert_eq!(status, 200, "round {round}: {e}");
        let uri = format!("/api/matches/{id}/rematch");
        let (status, retry, answer) =
            post_from(&server, a, &uri, json!({ "token": tokens[0] })).await;
        if round < 2 {
            assert_eq!(status, 200, "round {round}: {answer}");
            // Seat 1 moved to seat 2: its token is the new match's second.
            let old = server.state(&id, Some(&tokens[1])).await;
            let other = old["table"]["rematch"]["token"]
                .as_str()
                .unwrap()
                .to_string();
            id = answer["id"].as_str().unwrap().to_string();
            tokens = vec![other, answer["token"].as_str().unwrap().to_string()];
            continue;
        }
        assert_eq!(
            status, 429,
            "the third rematch is over the allowance: {answer}"
        );
        let retry = retry.expect("a Retry-After");
        assert!((1..=60).contains(&retry), "Retry-After: {retry}");
        assert!(
            answer["error"].as_str().unwrap().contains("192.0.2.1"),
            "{answer}"
        );
        assert_eq!(match_count(&server).await, 3, "no match was made");
        let state = server.state(&id, None).await;
        assert_eq!(state["table"]["rematch"], Value::Null);
        // Another address has its own allowance.
        let (status, _, answer) = post_from(&server, b, &uri, json!({ "token": tokens[0] })).await;
        assert_eq!(status, 200, "{answer}");
        // Asking again for the rematch already made takes nothing.
        let (status, _, again) = post_from(&server, a, &uri, json!({ "token": tokens[1] })).await;
        assert_eq!(status, 200, "{again}");
        assert_eq!(again["id"], answer["id"]);
    }
    assert_eq!(match_count(&server).await, 4);
}

/// Tries `attempt` until it holds (at most 10 s): a place freed by a closed connection comes
/// back once the server has seen it close.
async fn eventually<F, Fut>(what: &str, mut attempt: F)
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = bool>,
{
    let deadline = Instant::now() + Duration::from_secs(10);
    while !attempt().await {
        assert!(Instant::now() < deadline, "{what} within 10 s");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_address_holds_at_most_its_connections_and_another_still_gets_in() {
    let server = server_with(Limits {
        max_connections_per_client: 2,
        header_read_timeout: Duration::from_secs(600),
        idle_timeout: Duration::from_secs(600),
        ..Limits::default()
    });
    let addr = server.listen().await;
    // Two connections, each answered once and kept open.
    let mut held = Vec::new();
    for _ in 0..2 {
        let mut http = Http::from(ONE, addr).await;
        let (status, _, _) = http.get("/api/games").await.expect("a whole answer");
        assert_eq!(status, 200);
        held.push(http);
    }
    let (status, headers, refused) = get_from(ONE, addr, "/api/games")
        .await
        .expect("the refusal is read whole");
    assert_eq!(status, 429, "{refused}");
    assert_eq!(headers["retry-after"], "1");
    let reason = refused["error"].as_str().unwrap();
    assert!(
        reason.contains("127.0.0.1") && reason.contains("connections"),
        "{reason}"
    );
    let (status, _, _) = get_from(TWO, addr, "/api/games").await.expect("an answer");
    assert_eq!(status, 200, "another address is served");
    drop(held.pop());
    eventually("the closed connection's place comes back", || async {
        matches!(get_from(ONE, addr, "/api/games").await, Ok((200, _, _)))
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_address_holds_at_most_its_websockets_over_all_matches_and_another_still_gets_in() {
    let server = server_with(Limits {
        max_sockets_per_client: 2,
        ..Limits::default()
    });
    let addr = server.listen().await;
    let people = json!({ "game": "toy-nim", "seats": [{ "human": true }, { "human": true }] });
    let first = server.create(people.clone()).await;
    let second = server.create(people).await;
    let watch = |id: &str| format!("/api/matches/{id}/ws");
    // Spectators' sockets (no token) count: one on each match.
    let one = websocket_from(ONE, addr, &watch(&first.id))
        .await
        .expect("a first socket");
    let _two = websocket_from(ONE, addr, &watch(&second.id))
        .await
        .expect("a second socket");
    let seat = format!("/api/matches/{}/ws?token={}", first.id, first.token(1));
    assert_eq!(
        websocket_from(ONE, addr, &seat).await.err(),
        Some(429),
        "a seat's socket too"
    );
    assert_eq!(
        websocket_from(ONE, addr, &watch(&second.id)).await.err(),
        Some(429)
    );
    websocket_from(TWO, addr, &seat)
        .await
        .expect("another address gets in");
    drop(one);
    eventually("the closed socket's place comes back", || async {
        websocket_from(ONE, addr, &watch(&first.id)).await.is_ok()
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_503_over_the_connection_cap_is_read_whole_by_an_http_client() {
    let server = server_with(Limits {
        max_connections: 1,
        header_read_timeout: Duration::from_secs(600),
        idle_timeout: Duration::from_secs(600),
        ..Limits::default()
    });
    let addr = server.listen().await;
    let mut hog = Http::from(ONE, addr).await;
    assert_eq!(hog.get("/api/games").await.expect("an answer").0, 200);
    let (status, headers, refused) = get_from(TWO, addr, "/api/games")
        .await
        .expect("the 503 is read whole");
    assert_eq!(status, 503, "{refused}");
    assert_eq!(headers["retry-after"], "1");
    assert_eq!(refused["error"], "the server has too many open connections");
    drop(hog);
    eventually("served again once the connection closed", || async {
        matches!(get_from(TWO, addr, "/api/games").await, Ok((200, _, _)))
    })
    .await;
}
