//! Garbage at every endpoint: random bytes, random JSON, huge bodies, bad tokens, bad ids,
//! wrong methods. Every answer must be a 4xx, nothing may change, and the server must still
//! serve a normal match afterwards. Also raw non-HTTP bytes on a real socket.

use crate::common;

use axum::http::StatusCode;
use common::TestServer;
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use serde_json::{Map, Value, json};
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

fn random_json(rng: &mut StdRng, depth: u32) -> Value {
    match rng.random_range(0..if depth > 3 { 5 } else { 8 }) {
        0 => Value::Null,
        1 => Value::from(rng.random::<bool>()),
        2 => Value::from(rng.random::<i64>()),
        3 => Value::from(rng.random::<f64>() * 1e6),
        4 => Value::from(random_text(rng)),
        5 => Value::Array(
            (0..rng.random_range(0..4))
                .map(|_| random_json(rng, depth + 1))
                .collect(),
        ),
        _ => {
            let keys = [
                "game", "seats", "players", "params", "seed", "setup", "token", "action", "ply",
                "seat", "human", "bot", "type", "x",
            ];
            let mut map = Map::new();
            for _ in 0..rng.random_range(0..6) {
                let key = keys[rng.random_range(0..keys.len())].to_string();
                map.insert(key, random_json(rng, depth + 1));
            }
            Value::Object(map)
        }
    }
}

fn random_text(rng: &mut StdRng) -> String {
    let pool = [
        "",
        "toy-nim",
        "toy-race",
        "take1",
        "claim",
        "random",
        "human",
        "é☃",
        "\u{0}",
        "../../etc/passwd",
        "%00",
        "0",
        "-1",
        "99999999999999999999",
    ];
    pool[rng.random_range(0..pool.len())].to_string()
}

fn random_bytes(rng: &mut StdRng) -> Vec<u8> {
    let len = rng.random_range(0..200);
    (0..len).map(|_| rng.random::<u8>()).collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn garbage_at_every_endpoint_gets_a_4xx_and_changes_nothing() {
    let server = TestServer::new();
    let m = server
        .create(json!({ "game": "toy-nim", "seats": [{ "human": true }, { "human": true }] }))
        .await;
    let before = server.state(&m.id, None).await;
    let mut seen = std::collections::BTreeSet::<u16>::new();
    let mut rng = StdRng::seed_from_u64(2024);
    let ids = [
        m.id.clone(),
        "ffffffffffff".into(),
        "%2e%2e".into(),
        "x".repeat(300),
        "a b".into(),
    ];
    let tokens = [
        "",
        "token=",
        "token=zzz",
        "token=%ff%fe",
        "token=a&token=b",
        "x=1",
    ];
    for i in 0..1500 {
        let id = &ids[rng.random_range(0..ids.len())];
        let query = tokens[rng.random_range(0..tokens.len())];
        let (method, path) = match rng.random_range(0..9) {
            0 => ("POST", "/api/matches".to_string()),
            1 => ("POST", format!("/api/matches/{id}/actions")),
            2 => ("POST", format!("/api/matches/{id}/join")),
            3 => ("GET", format!("/api/matches/{id}?{query}")),
            4 => ("GET", format!("/api/matches/{id}/record")),
            5 => ("GET", format!("/api/matches/{id}/ws?{query}")),
            6 => ("PUT", "/api/matches".to_string()),
            7 => ("DELETE", format!("/api/matches/{id}")),
            _ => ("POST", format!("/api/games/{}", random_text(&mut rng))),
        };
        let body = match rng.random_range(0..4) {
            0 => random_bytes(&mut rng),
            1 => vec![b'['; rng.random_range(1..20_000)],
            _ => random_json(&mut rng, 0).to_string().into_bytes(),
        };
        let Ok(uri) = axum::http::Uri::try_from(path.as_str()) else {
            continue;
        };
        let (status, answer) = server.raw(method, &uri.to_string(), body.clone()).await;
        // Random JSON could by chance be a valid request: a valid new match is fine.
        if status == StatusCode::CREATED || status == StatusCode::OK {
            assert!(
                method == "POST" && path == "/api/matches"
                    || method == "GET"
                    || path.ends_with("/join"),
                "#{i} {method} {path}: {status} {answer}"
            );
            continue;
        }
        assert!(
            status.is_client_error(),
            "#{i} {method} {path} {:?}: {status} {answer}",
            String::from_utf8_lossy(&body)
        );
        assert!(
            answer["error"].is_string() || answer.is_string(),
            "#{i}: {answer}"
        );
        seen.insert(status.as_u16());
    }
    // The garbage reached every kind of refusal.
    for status in [400, 403, 404, 405, 413] {
        assert!(seen.contains(&status), "no {status} among {seen:?}");
    }
    // Nothing changed in the match, and it still plays.
    let mut after = server.state(&m.id, None).await;
    after["seats"] = before["seats"].clone(); // a join may have taken a seat
    assert_eq!(after, before);
    let (status, _) = server.act(&m.id, m.token(1), "take1", 0).await;
    assert_eq!(status, StatusCode::OK);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn raw_garbage_on_the_socket_does_not_stop_the_server() {
    let server = TestServer::new();
    let addr = server.listen().await;
    let mut rng = StdRng::seed_from_u64(7);
    for _ in 0..50 {
        let mut stream = tokio::net::TcpStream::connect(addr).await.unwrap();
        let bytes = random_bytes(&mut rng);
        let _ = stream.write_all(&bytes).await;
        let _ = stream.shutdown().await;
        let mut answer = Vec::new();
        let _ = tokio::time::timeout(Duration::from_secs(2), stream.read_to_end(&mut answer)).await;
        if !answer.is_empty() {
            assert!(
                answer.starts_with(b"HTTP/1.1 4"),
                "{}",
                String::from_utf8_lossy(&answer)
            );
        }
    }
    // A header claiming a huge body is refused without reading it.
    let mut stream = tokio::net::TcpStream::connect(addr).await.unwrap();
    stream
        .write_all(b"POST /api/matches HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: 999999999\r\n\r\n{")
        .await
        .unwrap();
    let mut answer = vec![0; 1024];
    let n = tokio::time::timeout(Duration::from_secs(2), stream.read(&mut answer))
        .await
        .expect("an answer without the body")
        .unwrap();
    assert!(
        answer[..n].starts_with(b"HTTP/1.1 413"),
        "{}",
        String::from_utf8_lossy(&answer[..n])
    );
    // Still serving.
    let mut stream = tokio::net::TcpStream::connect(addr).await.unwrap();
    stream
        .write_all(b"GET /api/games HTTP/1.1\r\nhost: x\r\nconnection: close\r\n\r\n")
        .await
        .unwrap();
    let mut answer = Vec::new();
    stream.read_to_end(&mut answer).await.unwrap();
    assert!(answer.starts_with(b"HTTP/1.1 200"));
}
