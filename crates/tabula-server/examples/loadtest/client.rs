//! The load test's clients: matches created over HTTP, players acting over their WebSockets
//! (following the pushes as the web UI does: the full state, then deltas), and spectators of
//! bots-only matches.

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use std::net::SocketAddr;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream, connect_async_with_config};

/// A client's WebSocket.
pub type Socket = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// The bytes a client's socket reads at once. Tungstenite's default buffer is 128 KiB, and it
/// fills the free part with zeros before every read: with it, the clients spent most of
/// their time writing zeros (callgrind: 62 % of the in-process load test's instructions),
/// on the cores the server being measured shares with them. A longer push takes more reads.
const READ_BUFFER: usize = 4096;

/// Opens the WebSocket at `url` (without Nagle's delay, with a small read buffer).
pub async fn open(url: String) -> Socket {
    let config = WebSocketConfig::default().read_buffer_size(READ_BUFFER);
    connect_async_with_config(url, Some(config), true)
        .await
        .expect("a socket")
        .0
}

/// What some clients counted.
#[derive(Default)]
pub struct Stats {
    /// Actions accepted.
    pub actions: u64,
    /// Send → push latencies (players) or log → push lags (spectators), in microseconds.
    pub latencies: Vec<u64>,
    /// Matches seen to their end (each counted once, however many clients saw it).
    pub finished: u64,
}

impl Stats {
    /// Adds `other`'s counts to these.
    pub fn add(&mut self, other: Stats) {
        self.actions += other.actions;
        self.finished += other.finished;
        self.latencies.extend(other.latencies);
    }
}

fn now_ms() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as u64)
}

/// One request with a JSON body over a fresh connection; the JSON answer.
pub async fn http(addr: SocketAddr, method: &str, path: &str, body: &Value) -> Value {
    let mut stream = tokio::net::TcpStream::connect(addr).await.expect("connect");
    let body = if body.is_null() {
        String::new()
    } else {
        body.to_string()
    };
    let request = format!(
        "{method} {path} HTTP/1.1\r\nhost: {addr}\r\nconnection: close\r\n\
         content-type: application/json\r\ncontent-length: {}\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(request.as_bytes()).await.expect("send");
    let mut raw = Vec::new();
    stream.read_to_end(&mut raw).await.expect("answer");
    let text = String::from_utf8_lossy(&raw);
    let payload = text.split_once("\r\n\r\n").map_or("", |p| p.1);
    serde_json::from_str(payload).unwrap_or_else(|_| panic!("not JSON: {text}"))
}

/// Creates a match of `game` on `addr`: its id and its seats' tokens.
pub async fn create(
    addr: SocketAddr,
    game: &str,
    seats: Vec<Value>,
) -> (String, Vec<Option<String>>) {
    let params = if game == "magical-circle" {
        json!({ "max_plies": 300 })
    } else {
        json!({})
    };
    let answer = http(
        addr,
        "POST",
        "/api/matches",
        &json!({ "game": game, "seats": seats, "params": params }),
    )
    .await;
    let id = answer["id"]
        .as_str()
        .unwrap_or_else(|| panic!("{answer}"))
        .to_string();
    let tokens = answer["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["token"].as_str().map(str::to_string))
        .collect();
    (id, tokens)
}

/// What a socket follows of a match: the fields a player needs, kept up to date from the
/// full state and the deltas (`docs/api.md`, "WebSocket").
#[derive(Default)]
struct Followed {
    ply: u64,
    over: bool,
    legal: Vec<Value>,
    /// The moves seen so far.
    moves: u64,
}

impl Followed {
    /// Takes in a push; the new log entries it brought (none for other messages).
    fn take(&mut self, m: &Value) -> Vec<Value> {
        let entries = match m["type"].as_str() {
            Some("state") => m["log"].as_array().cloned().unwrap_or_default(),
            Some("delta") => {
                let from = m["from_ply"].as_u64().unwrap_or(0);
                assert!(
                    from <= self.moves,
                    "a delta from ply {from} after {} moves",
                    self.moves
                );
                self.moves = from;
                m["entries"].as_array().cloned().unwrap_or_default()
            }
            _ => return Vec::new(),
        };
        let new: Vec<Value> = entries
            .into_iter()
            .filter(|e| e["ply"].as_u64().is_some_and(|p| p >= self.moves))
            .collect();
        self.ply = m["ply"].as_u64().unwrap_or(self.ply);
        self.moves = self.ply;
        self.over = m["status"]["over"] == true;
        self.legal = m["legal"].as_array().cloned().unwrap_or_default();
        new
    }
}

/// A client playing one seat at random until the game ends or the deadline passes; with
/// whether it saw the end.
pub async fn player(
    addr: SocketAddr,
    id: String,
    token: String,
    deadline: Instant,
    seed: u64,
) -> Stats {
    let url = format!("ws://{addr}/api/matches/{id}/ws?token={token}");
    let mut ws = open(url).await;
    let mut stats = Stats::default();
    let mut rng = seed | 1;
    let mut pending: Option<(u64, Instant)> = None;
    let mut state = Followed::default();
    loop {
        // After the deadline nobody acts any more: stop waiting soon after it.
        let wait = (deadline + Duration::from_millis(300))
            .saturating_duration_since(Instant::now())
            .max(Duration::from_millis(300));
        let Ok(Some(Ok(message))) = tokio::time::timeout(wait, ws.next()).await else {
            break;
        };
        let Message::Text(text) = message else {
            continue;
        };
        let m: Value = serde_json::from_str(&text).expect("JSON");
        match m["type"].as_str() {
            Some("state" | "delta") => {
                state.take(&m);
            }
            Some("error") => pending = None,
            _ => continue,
        }
        if let Some((sent, at)) = pending
            && state.ply > sent
        {
            stats.latencies.push(at.elapsed().as_micros() as u64);
            stats.actions += 1;
            pending = None;
        }
        if state.over {
            stats.finished = 1;
            break;
        }
        if pending.is_some() || state.legal.is_empty() {
            continue;
        }
        if Instant::now() >= deadline {
            break;
        }
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        let action = &state.legal[(rng % state.legal.len() as u64) as usize];
        let message = json!({ "type": "action", "action": action, "ply": state.ply });
        pending = Some((state.ply, Instant::now()));
        if ws
            .send(Message::Text(message.to_string().into()))
            .await
            .is_err()
        {
            break;
        }
    }
    stats
}

/// A spectator of a bots-only match: counts its actions and each entry's push lag.
pub async fn spectator(addr: SocketAddr, id: String) -> Stats {
    let mut ws = open(format!("ws://{addr}/api/matches/{id}/ws")).await;
    let mut stats = Stats::default();
    let mut state = Followed::default();
    while let Ok(Some(Ok(message))) = tokio::time::timeout(Duration::from_secs(10), ws.next()).await
    {
        let Message::Text(text) = message else {
            continue;
        };
        let m: Value = serde_json::from_str(&text).expect("JSON");
        let now = now_ms();
        for e in state.take(&m) {
            if e["actor"] != "chance" {
                stats.actions += 1;
                stats
                    .latencies
                    .push(now.saturating_sub(e["at"].as_u64().unwrap_or(now)) * 1000);
            }
        }
        if state.over {
            stats.finished = 1;
            break;
        }
    }
    stats
}
