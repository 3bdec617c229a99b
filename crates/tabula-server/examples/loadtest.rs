//! Load test of the game server over loopback WebSockets (a measurement, not a test: it
//! asserts nothing and is not run by CI).
//!
//! ```sh
//! cargo run --release -p tabula-server --example loadtest -- --matches 100 --seconds 10
//! ```
//!
//! Three measurements:
//! 1. memory per open match: the server's resident memory (VmRSS) before and after opening
//!    `--idle` matches (every seat human, one WebSocket connected per seat);
//! 2. `--mode clients` (default): `--matches` concurrent matches whose every seat is a client
//!    playing uniformly random legal actions over its WebSocket, new matches replacing
//!    finished ones until `--seconds` have passed: actions accepted per second, and the
//!    latency from sending an action to receiving the push of the state after it (p50, p99);
//! 3. `--mode bots`: `--matches` concurrent matches of the server's random bots, each watched
//!    by a spectator socket: actions per second and the lag from an entry's logged time to
//!    its push (millisecond resolution).
//!
//! By default the server runs in this process on a temporary SQLite file (the memory then
//! includes the clients'). `--addr HOST:PORT --pid PID` measures an external `tabula serve`
//! instead (e.g. `tabula serve --addr 127.0.0.1:9000 --db /tmp/load.db &`), whose memory is
//! then its own (start it with limits fit for one client making thousands of matches:
//! `--creations-per-minute 1000000 --creation-burst 1000000 --max-connections 100000`). `--game NAME` (default `connect-four`), `--memory-store` (in-process only).

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use std::net::SocketAddr;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};
use tabula_server::{Catalog, HubOptions, Limits, Server, ServerConfig, StoreConfig};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{connect_async, connect_async_with_config};

struct Opts {
    matches: usize,
    idle: usize,
    seconds: u64,
    game: String,
    bots: bool,
    addr: Option<SocketAddr>,
    pid: Option<u32>,
    memory_store: bool,
}

fn opts() -> Opts {
    let mut o = Opts {
        matches: 50,
        idle: 1000,
        seconds: 10,
        game: "connect-four".into(),
        bots: false,
        addr: None,
        pid: None,
        memory_store: false,
    };
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut i = 0;
    while i < args.len() {
        let value = || args.get(i + 1).cloned().unwrap_or_default();
        match args[i].as_str() {
            "--matches" => o.matches = value().parse().expect("--matches N"),
            "--idle" => o.idle = value().parse().expect("--idle N"),
            "--seconds" => o.seconds = value().parse().expect("--seconds S"),
            "--game" => o.game = value(),
            "--mode" => o.bots = value() == "bots",
            "--addr" => o.addr = Some(value().parse().expect("--addr HOST:PORT")),
            "--pid" => o.pid = Some(value().parse().expect("--pid PID")),
            "--memory-store" => {
                o.memory_store = true;
                i -= 1;
            }
            other => panic!("unknown option {other}"),
        }
        i += 2;
    }
    o
}

/// Resident memory of a process, in KiB.
fn rss_kib(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.split_whitespace().next()?.parse().ok())
        .unwrap_or(0)
}

/// User and system CPU time of a process, in seconds (from /proc/<pid>/stat).
fn cpu_seconds(pid: u32) -> f64 {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
    // The fields after the command name (in parentheses): state, …, utime (12th), stime (13th).
    let after = stat.rsplit_once(')').map_or("", |p| p.1);
    let fields: Vec<&str> = after.split_whitespace().collect();
    let field = |i: usize| {
        fields
            .get(i)
            .and_then(|f| f.parse::<f64>().ok())
            .unwrap_or(0.0)
    };
    // Counted in clock ticks, 100 per second on Linux.
    (field(11) + field(12)) / 100.0
}

fn now_ms() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as u64)
}

/// One request with a JSON body over a fresh connection; the JSON answer.
async fn http(addr: SocketAddr, method: &str, path: &str, body: &Value) -> Value {
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

async fn create(addr: SocketAddr, game: &str, seats: Vec<Value>) -> (String, Vec<Option<String>>) {
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

#[derive(Default)]
struct Stats {
    actions: u64,
    /// Send → push latencies (clients) or log → push lags (bots), in microseconds.
    latencies: Vec<u64>,
    finished: u64,
}

/// A client playing one seat at random until the game ends or the deadline passes.
async fn player(
    addr: SocketAddr,
    id: String,
    token: String,
    deadline: Instant,
    seed: u64,
) -> Stats {
    let url = format!("ws://{addr}/api/matches/{id}/ws?token={token}");
    let (mut ws, _) = connect_async_with_config(url, None, true)
        .await
        .expect("a socket");
    let mut stats = Stats::default();
    let mut rng = seed | 1;
    let mut pending: Option<(u64, Instant)> = None;
    let mut last = Value::Null;
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
            Some("state") => last = m,
            Some("error") => pending = None,
            _ => continue,
        }
        let ply = last["ply"].as_u64().unwrap_or(0);
        if let Some((sent, at)) = pending
            && ply > sent
        {
            stats.latencies.push(at.elapsed().as_micros() as u64);
            stats.actions += 1;
            pending = None;
        }
        if last["status"]["over"] == true {
            stats.finished += 1;
            break;
        }
        let legal = last["legal"].as_array().cloned().unwrap_or_default();
        if pending.is_some() || legal.is_empty() {
            continue;
        }
        if Instant::now() >= deadline {
            break;
        }
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        let action = &legal[(rng % legal.len() as u64) as usize];
        let message = json!({ "type": "action", "action": action, "ply": ply });
        pending = Some((ply, Instant::now()));
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
async fn spectator(addr: SocketAddr, id: String) -> Stats {
    let (mut ws, _) = connect_async(format!("ws://{addr}/api/matches/{id}/ws"))
        .await
        .expect("a socket");
    let mut stats = Stats::default();
    let mut seen = 0usize;
    while let Ok(Some(Ok(message))) = tokio::time::timeout(Duration::from_secs(10), ws.next()).await
    {
        let Message::Text(text) = message else {
            continue;
        };
        let m: Value = serde_json::from_str(&text).expect("JSON");
        let now = now_ms();
        let log = m["log"].as_array().cloned().unwrap_or_default();
        for e in log.iter().skip(seen) {
            if e["actor"] != "chance" {
                stats.actions += 1;
                stats
                    .latencies
                    .push(now.saturating_sub(e["at"].as_u64().unwrap_or(now)) * 1000);
            }
        }
        seen = seen.max(log.len());
        if m["status"]["over"] == true {
            stats.finished += 1;
            break;
        }
    }
    stats
}

async fn slot(
    addr: SocketAddr,
    game: String,
    players: usize,
    bots: bool,
    deadline: Instant,
    n: u64,
) -> Stats {
    let mut total = Stats::default();
    let mut round = 0;
    while Instant::now() < deadline {
        round += 1;
        let stats = if bots {
            let seats = (0..players).map(|_| json!({ "bot": "random" })).collect();
            let (id, _) = create(addr, &game, seats).await;
            vec![spectator(addr, id).await]
        } else {
            let seats = (0..players).map(|_| json!({ "human": true })).collect();
            let (id, tokens) = create(addr, &game, seats).await;
            let tasks: Vec<_> = tokens
                .into_iter()
                .enumerate()
                .map(|(i, t)| {
                    let seed = n * 1_000_003 + round * 101 + i as u64;
                    tokio::spawn(player(
                        addr,
                        id.clone(),
                        t.expect("a human seat"),
                        deadline,
                        seed,
                    ))
                })
                .collect();
            let mut all = Vec::new();
            for t in tasks {
                all.push(t.await.expect("a player"));
            }
            all
        };
        for s in stats {
            total.actions += s.actions;
            total.finished += s.finished;
            total.latencies.extend(s.latencies);
        }
    }
    total
}

fn percentile(sorted: &[u64], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let i = ((sorted.len() - 1) as f64 * p).round() as usize;
    sorted[i] as f64 / 1000.0
}

#[tokio::main]
async fn main() {
    let o = opts();
    let (addr, pid) = match o.addr {
        Some(addr) => (addr, o.pid),
        None => {
            let dir = std::env::temp_dir().join(format!("tabula-loadtest-{}", std::process::id()));
            std::fs::create_dir_all(&dir).expect("a temporary directory");
            let store = if o.memory_store {
                StoreConfig::Memory
            } else {
                StoreConfig::Sqlite(dir.join("load.db"))
            };
            let config = ServerConfig {
                addr: "127.0.0.1:0".parse().unwrap(),
                store,
                // A load test is one client making thousands of matches and sockets.
                hub: HubOptions {
                    limits: Limits {
                        creations_per_minute: u32::MAX,
                        creation_burst: u32::MAX,
                        max_connections: 100_000,
                        max_live_matches: 1_000_000,
                        ..Limits::default()
                    },
                    ..HubOptions::default()
                },
            };
            let server = Server::start(config, Catalog::registered())
                .await
                .expect("a server");
            let addr = server.local_addr();
            tokio::spawn(server.run());
            (addr, Some(std::process::id()))
        }
    };
    let games = http(addr, "GET", "/api/games", &Value::Null).await;
    let players = games
        .as_array()
        .and_then(|g| g.iter().find(|g| g["name"] == o.game.as_str()))
        .and_then(|g| g["default_players"].as_u64())
        .unwrap_or_else(|| panic!("no game `{}` on the server", o.game)) as usize;
    // 1. Memory per open match: the matches alone, then with a socket per seat.
    if let (Some(pid), true) = (pid, o.idle > 0) {
        let before = rss_kib(pid);
        let mut opened = Vec::new();
        for _ in 0..o.idle {
            let seats = (0..players).map(|_| json!({ "human": true })).collect();
            opened.push(create(addr, &o.game, seats).await);
        }
        tokio::time::sleep(Duration::from_millis(300)).await;
        let matches_only = rss_kib(pid);
        let mut sockets = Vec::new();
        for (id, tokens) in &opened {
            for t in tokens.iter().flatten() {
                let url = format!("ws://{addr}/api/matches/{id}/ws?token={t}");
                sockets.push(connect_async(url).await.expect("a socket").0);
            }
        }
        tokio::time::sleep(Duration::from_millis(300)).await;
        let with_sockets = rss_kib(pid);
        let per = |kib: u64| kib.saturating_sub(before) as f64 / o.idle as f64;
        println!(
            "memory: {} open {} matches: RSS {before} → {matches_only} KiB ({:.1} KiB per match); \
             with {} sockets: {with_sockets} KiB ({:.1} KiB per match and its sockets)",
            o.idle,
            o.game,
            per(matches_only),
            sockets.len(),
            per(with_sockets),
        );
        drop(sockets);
    }
    let cpu_before = pid.map(cpu_seconds);
    // 2./3. Throughput and latency.
    let start = Instant::now();
    let deadline = start + Duration::from_secs(o.seconds);
    let slots: Vec<_> = (0..o.matches)
        .map(|n| {
            tokio::spawn(slot(
                addr,
                o.game.clone(),
                players,
                o.bots,
                deadline,
                n as u64,
            ))
        })
        .collect();
    let mut total = Stats::default();
    for s in slots {
        let s = s.await.expect("a slot");
        total.actions += s.actions;
        total.finished += s.finished;
        total.latencies.extend(s.latencies);
    }
    let elapsed = start.elapsed().as_secs_f64();
    total.latencies.sort_unstable();
    let what = if o.bots {
        "log → push lag"
    } else {
        "send → push latency"
    };
    println!(
        "{} mode, {} concurrent {} matches, {:.1} s: {} actions accepted ({:.0}/s), {} matches finished; {what}: p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
        if o.bots { "bots" } else { "clients" },
        o.matches,
        o.game,
        elapsed,
        total.actions,
        total.actions as f64 / elapsed,
        total.finished,
        percentile(&total.latencies, 0.5),
        percentile(&total.latencies, 0.99),
        percentile(&total.latencies, 1.0),
    );
    if let (Some(pid), Some(before)) = (pid, cpu_before) {
        let cpu = cpu_seconds(pid) - before;
        println!(
            "server process: {cpu:.2} s of CPU ({:.0} µs per action), RSS at the end {} KiB",
            cpu * 1e6 / total.actions.max(1) as f64,
            rss_kib(pid)
        );
    }
}
