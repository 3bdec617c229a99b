//! Load test of the game server over loopback WebSockets (a measurement, not a test: it
//! asserts nothing and is not run by CI). `--help` lists the options.
//!
//! ```sh
//! cargo run --release -p tabula-server --example loadtest -- --matches 100 --seconds 10
//! ```
//!
//! Three measurements:
//! 1. memory per open match: the server's resident memory (VmRSS) before and after opening
//!    `--idle` matches (every seat human), then with one WebSocket connected per seat;
//! 2. `--mode clients` (default): `--matches` concurrent matches whose every seat is a client
//!    playing uniformly random legal actions over its WebSocket, new matches replacing
//!    finished ones until `--seconds` have passed: actions accepted per second, and the
//!    latency from sending an action to receiving the push of the state after it (p50, p99);
//! 3. `--mode bots`: `--matches` concurrent matches of the server's random bots, each watched
//!    by a spectator socket: actions per second and the lag from an entry's logged time to
//!    its push (millisecond resolution).
//!
//! With the server's CPU time (utime + stime from `/proc/<pid>/stat`, every `--pid` summed)
//! per accepted action. By default the server runs in this process on a temporary SQLite
//! file (its memory and CPU then include the clients'). `--addr HOST:PORT --pid PID`
//! measures an external `tabula serve` instead; several `--addr` (and their `--pid`s) spread
//! the matches over several instances sharing one PostgreSQL database, each seat of a match
//! connecting to another instance than the last, so that moves cross instances.

mod client;
mod procfs;

use clap::{Parser, ValueEnum};
use client::{Stats, create, http, player, spectator};
use serde_json::{Value, json};
use std::net::SocketAddr;
use std::time::{Duration, Instant};
use tabula_server::{Catalog, HubOptions, Limits, Server, ServerConfig, StoreConfig};

/// The allocator of the `tabula` binary, so that a server run in this process allocates as
/// `tabula serve` does (the system's allocator costs several times more per allocation).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// Who plays the matches of the throughput measurement.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum Mode {
    /// Every seat a client acting at random over its WebSocket.
    Clients,
    /// The server's random bots, one spectator socket per match.
    Bots,
}

/// Load test of `tabula serve`: memory per open match, actions per second, latency, and the
/// server's CPU per accepted action.
///
/// An external server should be started with limits fit for one client making thousands of
/// matches: `tabula serve --addr 127.0.0.1:9000 --db /tmp/load.db --creations-per-minute
/// 1000000 --creation-burst 1000000 --max-connections 100000`.
#[derive(Parser, Debug)]
#[command(name = "loadtest")]
struct Opts {
    /// Concurrent matches in the throughput measurement.
    #[arg(long, default_value_t = 50)]
    matches: usize,
    /// Matches opened (and left idle) for the memory measurement; 0 skips it.
    #[arg(long, default_value_t = 1000)]
    idle: usize,
    /// How long the throughput measurement runs, in seconds.
    #[arg(long, default_value_t = 10)]
    seconds: u64,
    /// The game played.
    #[arg(long, default_value = "connect-four")]
    game: String,
    /// Who plays.
    #[arg(long, value_enum, default_value_t = Mode::Clients)]
    mode: Mode,
    /// An external server instance (repeat for several instances on one database); without
    /// it a server runs in this process.
    #[arg(long = "addr", value_name = "HOST:PORT")]
    addrs: Vec<SocketAddr>,
    /// The process id of an external instance, for its memory and CPU (repeat for each).
    #[arg(long = "pid", value_name = "PID")]
    pids: Vec<u32>,
    /// The in-process server keeps matches in memory rather than in a temporary SQLite file.
    #[arg(long, conflicts_with = "addrs")]
    memory_store: bool,
}

/// Starts a server in this process; its address.
async fn in_process(memory: bool) -> SocketAddr {
    let dir = std::env::temp_dir().join(format!("tabula-loadtest-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    let store = if memory {
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
                max_connections_per_client: 100_000,
                max_sockets_per_client: 100_000,
                max_live_matches: 1_000_000,
                ..Limits::default()
            },
            ..HubOptions::default()
        },
    };
    let server = Server::start(config, Catalog::of(tabula_catalog::builtin()))
        .await
        .expect("a server");
    let addr = server.local_addr();
    tokio::spawn(server.run());
    addr
}

/// One place of the throughput measurement: a match after another until the deadline.
/// Match `k` of place `n` is created on one instance and each seat's socket goes to the
/// next instance in turn.
async fn place(
    addrs: Vec<SocketAddr>,
    game: String,
    players: usize,
    mode: Mode,
    deadline: Instant,
    n: u64,
) -> Stats {
    let mut total = Stats::default();
    let mut round = 0u64;
    while Instant::now() < deadline {
        round += 1;
        let first = (n + round) as usize;
        let home = addrs[first % addrs.len()];
        match mode {
            Mode::Bots => {
                let seats = (0..players).map(|_| json!({ "bot": "random" })).collect();
                let (id, _) = create(home, &game, seats).await;
                let watcher = addrs[(first + 1) % addrs.len()];
                total.add(spectator(watcher, id).await);
            }
            Mode::Clients => {
                let seats = (0..players).map(|_| json!({ "human": true })).collect();
                let (id, tokens) = create(home, &game, seats).await;
                let tasks: Vec<_> = tokens
                    .into_iter()
                    .enumerate()
                    .map(|(i, t)| {
                        let seed = n * 1_000_003 + round * 101 + i as u64;
                        let addr = addrs[(first + 1 + i) % addrs.len()];
                        let token = t.expect("a human seat");
                        tokio::spawn(player(addr, id.clone(), token, deadline, seed))
                    })
                    .collect();
                // The match is counted once, however many of its players saw it end.
                let mut finished = 0;
                for t in tasks {
                    let mut s = t.await.expect("a player");
                    finished = finished.max(s.finished);
                    s.finished = 0;
                    total.add(s);
                }
                total.finished += finished;
            }
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

/// Memory per open match: `idle` matches alone, then with a socket per seat.
async fn memory(addrs: &[SocketAddr], pids: &[u32], game: &str, players: usize, idle: usize) {
    let rss = || pids.iter().map(|&p| procfs::rss_kib(p)).sum::<u64>();
    let before = rss();
    let mut opened = Vec::new();
    for k in 0..idle {
        let addr = addrs[k % addrs.len()];
        let seats = (0..players).map(|_| json!({ "human": true })).collect();
        opened.push((addr, create(addr, game, seats).await));
    }
    tokio::time::sleep(Duration::from_millis(300)).await;
    let matches_only = rss();
    let mut sockets = Vec::new();
    for (addr, (id, tokens)) in &opened {
        for t in tokens.iter().flatten() {
            let url = format!("ws://{addr}/api/matches/{id}/ws?token={t}");
            sockets.push(client::open(url).await);
        }
    }
    tokio::time::sleep(Duration::from_millis(300)).await;
    let with_sockets = rss();
    let per = |kib: u64| kib.saturating_sub(before) as f64 / idle as f64;
    println!(
        "memory: {idle} open {game} matches: RSS {before} → {matches_only} KiB ({:.1} KiB per \
         match); with {} sockets: {with_sockets} KiB ({:.1} KiB per match and its sockets; \
         {:.1} MB above the start)",
        per(matches_only),
        sockets.len(),
        per(with_sockets),
        with_sockets.saturating_sub(before) as f64 / 1024.0,
    );
}

#[tokio::main]
async fn main() {
    let o = Opts::parse();
    let (addrs, pids) = if o.addrs.is_empty() {
        (
            vec![in_process(o.memory_store).await],
            vec![std::process::id()],
        )
    } else {
        (o.addrs.clone(), o.pids.clone())
    };
    let games = http(addrs[0], "GET", "/api/games", &Value::Null).await;
    let players = games
        .as_array()
        .and_then(|g| g.iter().find(|g| g["name"] == o.game.as_str()))
        .and_then(|g| g["default_players"].as_u64())
        .unwrap_or_else(|| panic!("no game `{}` on the server", o.game)) as usize;
    if !pids.is_empty() && o.idle > 0 {
        memory(&addrs, &pids, &o.game, players, o.idle).await;
    }
    let cpu_before = procfs::total_cpu_seconds(&pids);
    let start = Instant::now();
    let deadline = start + Duration::from_secs(o.seconds);
    let places: Vec<_> = (0..o.matches)
        .map(|n| {
            tokio::spawn(place(
                addrs.clone(),
                o.game.clone(),
                players,
                o.mode,
                deadline,
                n as u64,
            ))
        })
        .collect();
    let mut total = Stats::default();
    for p in places {
        total.add(p.await.expect("a place"));
    }
    let elapsed = start.elapsed().as_secs_f64();
    let cpu = procfs::total_cpu_seconds(&pids) - cpu_before;
    total.latencies.sort_unstable();
    let what = match o.mode {
        Mode::Bots => "log → push lag",
        Mode::Clients => "send → push latency",
    };
    println!(
        "{:?} mode, {} concurrent {} matches on {} instance(s), {elapsed:.1} s: {} actions \
         accepted ({:.0}/s), {} matches finished; {what}: p50 {:.2} ms, p99 {:.2} ms, max \
         {:.2} ms",
        o.mode,
        o.matches,
        o.game,
        addrs.len(),
        total.actions,
        total.actions as f64 / elapsed,
        total.finished,
        percentile(&total.latencies, 0.5),
        percentile(&total.latencies, 0.99),
        percentile(&total.latencies, 1.0),
    );
    if !pids.is_empty() {
        let rss: u64 = pids.iter().map(|&p| procfs::rss_kib(p)).sum();
        println!(
            "server CPU: {cpu:.2} s user+system over {} process(es) ({:.0} µs per accepted \
             action{}), RSS at the end {rss} KiB",
            pids.len(),
            cpu * 1e6 / total.actions.max(1) as f64,
            if o.addrs.is_empty() {
                "; in-process: the clients' CPU included"
            } else {
                ""
            },
        );
    }
}
