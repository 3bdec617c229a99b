//! A WebSocket client that follows a match as the web UI does: it applies every push to the
//! state it holds, and fails the test on a push that does not follow.

use super::pushes;
use futures_util::{SinkExt, StreamExt};
use serde_json::Value;
use std::net::SocketAddr;
use std::time::Duration;
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream, connect_async};

/// A client's WebSocket.
pub type Socket = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// Opens the match's WebSocket as `token`'s seat, or as a spectator.
pub async fn connect(addr: SocketAddr, id: &str, token: Option<&str>) -> Socket {
    let url = match token {
        Some(t) => format!("ws://{addr}/api/matches/{id}/ws?token={t}"),
        None => format!("ws://{addr}/api/matches/{id}/ws"),
    };
    connect_async(url).await.expect("a WebSocket").0
}

/// A socket and the state its pushes add up to, as the web UI follows a match.
pub struct Follower {
    /// The socket.
    pub socket: Socket,
    /// The state the pushes so far add up to.
    pub held: Option<Value>,
    /// The last push as it came.
    pub push: Value,
    /// The size of the last push in bytes.
    pub bytes: usize,
}

impl Follower {
    /// Opens the match's WebSocket as `token`'s seat, or as a spectator.
    pub async fn open(addr: SocketAddr, id: &str, token: Option<&str>) -> Follower {
        Follower {
            socket: connect(addr, id, token).await,
            held: None,
            push: Value::Null,
            bytes: 0,
        }
    }

    /// The next message (at most 5 s away); a push is applied to the state held, and one
    /// that does not follow it fails the test.
    pub async fn next(&mut self) -> Value {
        loop {
            let message = tokio::time::timeout(Duration::from_secs(5), self.socket.next())
                .await
                .expect("a message within 5 s")
                .expect("an open socket")
                .expect("a message");
            let Message::Text(text) = message else {
                continue;
            };
            let m: Value = serde_json::from_str(&text).expect("JSON");
            if m["type"] == "state" || m["type"] == "delta" {
                let state = pushes::apply(self.held.as_ref(), &m)
                    .unwrap_or_else(|| panic!("a push that does not follow: {m}"));
                self.held = Some(state);
                self.push = m.clone();
                self.bytes = text.len();
            }
            return m;
        }
    }

    /// The state after the next push at `ply` or later.
    pub async fn state_at(&mut self, ply: u64) -> Value {
        loop {
            let m = self.next().await;
            if m["type"] != "state" && m["type"] != "delta" {
                continue;
            }
            let held = self.held.clone().unwrap();
            if held["ply"].as_u64().unwrap() >= ply {
                return held;
            }
        }
    }

    /// Sends `message` as text.
    pub async fn send(&mut self, message: Value) {
        self.socket
            .send(Message::Text(message.to_string().into()))
            .await
            .unwrap();
    }
}

/// A state as `GET /api/matches/{id}` answers it, to compare with one a socket built.
pub fn as_pushed(mut state: Value) -> Value {
    state["type"] = "state".into();
    state
}
