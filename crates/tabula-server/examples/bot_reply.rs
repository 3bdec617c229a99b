//! Benchmark of bots first (a measurement, not a test: it asserts nothing and CI does not run
//! it): a `beginner` bot's reply time in a live China Moon match, median and p99, with no
//! analysis running, then with the analysis of 12 finished China Moon matches queued.
//!
//! ```sh
//! cargo run --release -p tabula-server --example bot_reply -- --replies 60
//! ```
//!
//! A server runs in this process on loopback with the default options of `tabula serve`
//! (its analysis bot, budget and caps), except the per-client cap of the analysis queue,
//! raised to 12 so that one client can queue the 12 analyses. The player is a client over
//! HTTP that plays a random legal action whenever it may, and measures from the answer to its
//! action to the first state in which the bot has moved (polled every 2 ms). The goal: the
//! p99 with analyses queued no more than 1.5 times the p99 without.

use clap::Parser;
use serde_json::{Value, json};
use std::net::SocketAddr;
use std::time::{Duration, Instant};
use tabula_server::live::AnalysisOptions;
use tabula_server::{Catalog, HubOptions, Limits, Server, ServerConfig, StoreConfig};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// Bot reply times in a live match, without and with analyses queued.
#[derive(Parser, Debug)]
#[command(name = "bot_reply")]
struct Opts {
    /// Bot replies measured in each phase.
    #[arg(long, default_value_t = 60)]
    replies: usize,
    /// Finished matches whose analysis is queued in the second phase.
    #[arg(long, default_value_t = 12)]
    analysed: usize,
    /// The level of the bot measured.
    #[arg(long, default_value = "beginner")]
    level: String,
}

const GAME: &str = "china-moon";

/// One HTTP/1.1 request on a connection of its own; the answer's JSON body.
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

/// A small generator for the player's choices (SplitMix64).
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        ((z ^ (z >> 31)) % n as u64) as usize
    }
}

/// Finished China Moon matches between random bots; their ids.
async fn finished(addr: SocketAddr, n: usize) -> Vec<String> {
    let mut ids = Vec::new();
    for seed in 0..n {
        let made = http(
            addr,
            "POST",
            "/api/matches",
            &json!({ "game": GAME, "seed": seed,
                     "seats": [{ "bot": "random" }, { "bot": "random" }, { "bot": "random" }] }),
        )
        .await;
        let id = made["id"].as_str();
        ids.push(
            id.unwrap_or_else(|| panic!("no match made: {made}"))
                .to_string(),
        );
    }
    for id in &ids {
        while http(addr, "GET", &format!("/api/matches/{id}"), &Value::Null).await["status"]["over"]
            != json!(true)
        {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
    ids
}

/// `replies` bot replies in matches of a person (this client) against the bot.
async fn measure(addr: SocketAddr, level: &str, replies: usize, rng: &mut Rng) -> Vec<Duration> {
    let mut times = Vec::with_capacity(replies);
    'matches: while times.len() < replies {
        let made = http(
            addr,
            "POST",
            "/api/matches",
            &json!({ "game": GAME,
                     "seats": [{ "human": true }, { "bot": level }, { "bot": level }] }),
        )
        .await;
        let id = made["id"].as_str().expect("an id").to_string();
        let token = made["seats"][0]["token"]
            .as_str()
            .expect("a token")
            .to_string();
        let uri = format!("/api/matches/{id}?token={token}");
        loop {
            let state = http(addr, "GET", &uri, &Value::Null).await;
            if state["status"]["over"] == json!(true) {
                continue 'matches;
            }
            let legal = state["legal"].as_array().cloned().unwrap_or_default();
            if legal.is_empty() {
                tokio::time::sleep(Duration::from_millis(2)).await;
                continue;
            }
            let action = legal[rng.below(legal.len())].clone();
            let ack = http(
                addr,
                "POST",
                &format!("/api/matches/{id}/actions"),
                &json!({ "token": token, "action": action, "ply": state["ply"] }),
            )
            .await;
            let Some(after) = ack["ply"].as_u64() else {
                continue;
            };
            let sent = Instant::now();
            // Until the bot moved, or the turn came back to this client without it.
            loop {
                let state = http(addr, "GET", &uri, &Value::Null).await;
                let log = state["log"].as_array().cloned().unwrap_or_default();
                let bot_moved = log
                    .iter()
                    .skip(after as usize)
                    .any(|e| e["actor"] == json!(2));
                if bot_moved {
                    times.push(sent.elapsed());
                    break;
                }
                let mine = !state["legal"].as_array().is_none_or(|l| l.is_empty());
                if mine || state["status"]["over"] == json!(true) {
                    break;
                }
                tokio::time::sleep(Duration::from_millis(2)).await;
            }
            if times.len() >= replies {
                break 'matches;
            }
        }
    }
    times
}

fn quantile(sorted: &[Duration], q: f64) -> Duration {
    let k = ((sorted.len() as f64 - 1.0) * q).round() as usize;
    sorted[k.min(sorted.len() - 1)]
}

fn report(name: &str, mut times: Vec<Duration>) -> (Duration, Duration) {
    times.sort();
    let (median, p99) = (quantile(&times, 0.5), quantile(&times, 0.99));
    println!(
        "{name:<28} {:>4} replies   median {:>8.1} ms   p99 {:>8.1} ms   max {:>8.1} ms",
        times.len(),
        median.as_secs_f64() * 1e3,
        p99.as_secs_f64() * 1e3,
        times.last().map_or(0.0, |t| t.as_secs_f64() * 1e3)
    );
    (median, p99)
}

#[tokio::main]
async fn main() {
    let opts = Opts::parse();
    let config = ServerConfig {
        addr: "127.0.0.1:0".parse().expect("an address"),
        store: StoreConfig::Memory,
        hub: HubOptions {
            limits: Limits {
                creations_per_minute: 1_000_000,
                creation_burst: 1_000_000,
                ..Limits::default()
            },
            analysis: AnalysisOptions {
                per_client: opts.analysed.max(1),
                ..AnalysisOptions::default()
            },
            ..HubOptions::default()
        },
    };
    let server = Server::start(config, Catalog::of(tabula_catalog::builtin()))
        .await
        .expect("a server");
    let addr = server.local_addr();
    tokio::spawn(server.run());
    println!(
        "{GAME}: a `{}` bot's reply time, {} replies per phase",
        opts.level, opts.replies
    );
    let analysed = finished(addr, opts.analysed).await;
    let mut rng = Rng(7);
    let (_, idle) = report(
        "no analysis",
        measure(addr, &opts.level, opts.replies, &mut rng).await,
    );
    for id in &analysed {
        let answer = http(
            addr,
            "POST",
            &format!("/api/matches/{id}/analysis"),
            &Value::Null,
        )
        .await;
        assert!(
            answer["total"].is_u64(),
            "the analysis was refused: {answer}"
        );
    }
    let (_, loaded) = report(
        &format!("{} analyses queued", analysed.len()),
        measure(addr, &opts.level, opts.replies, &mut rng).await,
    );
    let mut positions = (0, 0);
    for id in &analysed {
        let p = http(
            addr,
            "GET",
            &format!("/api/matches/{id}/analysis"),
            &Value::Null,
        )
        .await;
        positions.0 += p["done"].as_u64().unwrap_or(0);
        positions.1 += p["total"].as_u64().unwrap_or(0);
    }
    println!(
        "analysed meanwhile: {} of {} positions; p99 ratio {:.2} (goal: at most 1.5)",
        positions.0,
        positions.1,
        loaded.as_secs_f64() / idle.as_secs_f64().max(1e-9)
    );
}
