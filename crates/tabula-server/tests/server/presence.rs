//! Per-seat presence: a human seat is `online` while a WebSocket opened with its token is
//! connected, `away` once the last one has been closed for the grace period; every socket of
//! the match is pushed the change; spectators' sockets make no seat online; bots have none.
//! A socket that answers no ping within the idle timeout is closed, and its seat goes away.

use crate::common;

use common::TestServer;
use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;
use tabula_server::{HubOptions, Limits, MemoryStore};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream, connect_async};

type Socket = WebSocketStream<MaybeTlsStream<TcpStream>>;

async fn connect(addr: SocketAddr, id: &str, token: Option<&str>) -> Socket {
    let url = match token {
        Some(t) => format!("ws://{addr}/api/matches/{id}/ws?token={t}"),
        None => format!("ws://{addr}/api/matches/{id}/ws"),
    };
    connect_async(url).await.expect("a WebSocket").0
}

/// The seats' presence in a state.
fn presence(state: &Value) -> Vec<Value> {
    state["seats"]
        .as_array()
        .expect("seats")
        .iter()
        .map(|s| s["presence"].clone())
        .collect()
}

/// The next push on `socket` that carries the seats with presence `want` (at most 10 s
/// away): a full state, or a delta pushed when a seat came or went.
async fn pushed(socket: &mut Socket, want: &[Value]) -> Value {
    let wait = async {
        loop {
            let message = socket
                .next()
                .await
                .expect("an open socket")
                .expect("a message");
            if let Message::Text(text) = message {
                let state: Value = serde_json::from_str(&text).expect("JSON");
                if (state["type"] == "state" || state["type"] == "delta")
                    && state.get("seats").is_some()
                    && presence(&state) == want
                {
                    return state;
                }
            }
        }
    };
    tokio::time::timeout(Duration::from_secs(10), wait)
        .await
        .unwrap_or_else(|_| panic!("no state with presence {want:?} was pushed within 10 s"))
}

fn server() -> TestServer {
    TestServer::with_options(
        Arc::new(MemoryStore::new()),
        HubOptions {
            presence_grace: Duration::from_millis(200),
            ..HubOptions::default()
        },
    )
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seat_is_online_while_its_socket_is_open_and_away_after() {
    let server = server();
    let addr = server.listen().await;
    let m = server
        .create(
            json!({ "game": "connect-four", "seats": [{"human": true}, {"human": true}],
            "mine": [1, 2] }),
        )
        .await;
    let (online, away) = (json!("online"), json!("away"));
    assert_eq!(
        presence(&server.state(&m.id, None).await),
        [away.clone(), away.clone()]
    );
    let mut one = connect(addr, &m.id, Some(m.token(1))).await;
    pushed(&mut one, &[online.clone(), away.clone()]).await;
    // A spectator is nobody's presence.
    let mut watcher = connect(addr, &m.id, None).await;
    pushed(&mut watcher, &[online.clone(), away.clone()]).await;
    let mut two = connect(addr, &m.id, Some(m.token(2))).await;
    pushed(&mut one, &[online.clone(), online.clone()]).await;
    pushed(&mut watcher, &[online.clone(), online.clone()]).await;
    assert_eq!(
        presence(&server.state(&m.id, Some(m.token(1))).await),
        [online.clone(), online.clone()]
    );
    two.close(None).await.expect("a close");
    drop(two);
    pushed(&mut one, &[online.clone(), away.clone()]).await;
    pushed(&mut watcher, &[online.clone(), away.clone()]).await;
    assert_eq!(presence(&server.state(&m.id, None).await), [online, away]);
    one.send(Message::Close(None)).await.ok();
}

#[tokio::test]
async fn bots_have_no_presence() {
    let server = server();
    let m = server
        .create(json!({ "game": "connect-four", "seats": [{"human": true}, {"bot": "random"}] }))
        .await;
    let state = server.state(&m.id, None).await;
    assert_eq!(presence(&state), [json!("away"), Value::Null]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_socket_that_answers_no_ping_is_closed_by_the_idle_timeout_and_its_seat_goes_away() {
    let server = TestServer::with_options(
        Arc::new(MemoryStore::new()),
        HubOptions {
            presence_grace: Duration::from_millis(100),
            limits: Limits {
                idle_timeout: Duration::from_secs(2),
                ..Limits::default()
            },
            ..HubOptions::default()
        },
    );
    let addr = server.listen().await;
    let m = server
        .create(
            json!({ "game": "connect-four", "seats": [{"human": true}, {"human": true}],
            "mine": [1, 2] }),
        )
        .await;
    let (online, away) = (json!("online"), json!("away"));
    // Seat 2's client reads all the time, and so answers the server's pings: it stays open
    // through several idle timeouts (a ping every third of one).
    let mut two = connect(addr, &m.id, Some(m.token(2))).await;
    pushed(&mut two, &[away.clone(), online.clone()]).await;
    let (pings, mut seen) = tokio::sync::watch::channel(0usize);
    let reader = tokio::spawn(async move {
        while let Some(Ok(message)) = two.next().await {
            if matches!(message, Message::Ping(_)) {
                pings.send_modify(|n| *n += 1);
            }
        }
    });
    tokio::time::timeout(Duration::from_secs(30), seen.wait_for(|&n| n >= 7))
        .await
        .expect("seven pings within 30 s")
        .expect("seat 2's socket, which answers pings, stays open past the idle timeout");
    // Seat 1's client never reads: it answers no ping.
    let mut one = connect(addr, &m.id, Some(m.token(1))).await;
    server
        .wait_for(&m.id, None, 10, |s| {
            presence(s) == [online.clone(), online.clone()]
        })
        .await;
    server
        .wait_for(&m.id, None, 30, |s| {
            presence(s) == [away.clone(), online.clone()]
        })
        .await;
    assert!(
        !reader.is_finished(),
        "the socket that answers pings is still open"
    );
    // Seat 1's socket was closed by the server: after what was pushed, it ends.
    let ended = tokio::time::timeout(Duration::from_secs(10), async {
        loop {
            match one.next().await {
                Some(Ok(Message::Close(_))) | Some(Err(_)) | None => return,
                Some(Ok(_)) => {}
            }
        }
    })
    .await;
    assert!(ended.is_ok(), "the idle socket was closed by the server");
    reader.abort();
}
