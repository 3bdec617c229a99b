//! How long a server takes to restart over a database holding many matches (a measurement,
//! not a test: it asserts nothing and is not run by CI).
//!
//! ```sh
//! cargo run --release -p tabula-server --example restart -- --finished 20000 --unfinished 1000
//! ```
//!
//! It fills a temporary SQLite file through a real hub: `--finished` Connect Four matches of
//! two random bots, played to the end, and `--unfinished` matches of two people with two
//! moves each. Then it opens the file again, as `tabula serve` does at startup, and times the
//! restore (every unfinished match replayed and resumed; finished ones are not read).
//! `--db FILE` keeps the file (and reuses it when it exists, adding the unfinished matches it
//! lacks).

use axum::body::Body;
use axum::http::Request;
use serde_json::json;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tabula_server::live::{NewMatch, SeatSpec};
use tabula_server::{Catalog, Hub, HubOptions, Limits, MatchStore, SqliteStore};
use tower::ServiceExt;

fn options() -> HubOptions {
    HubOptions {
        limits: Limits {
            max_live_matches: usize::MAX,
            ..Limits::default()
        },
        ..HubOptions::default()
    }
}

fn arg(args: &[String], name: &str, default: usize) -> usize {
    args.iter()
        .position(|a| a == name)
        .and_then(|i| args.get(i + 1))
        .map_or(default, |v| v.parse().expect("a number"))
}

/// Fills the file up to `finished` bot matches (only when it is new) and `unfinished` open
/// matches of two people.
async fn fill(path: &std::path::Path, finished: usize, unfinished: usize) {
    let new = !path.exists();
    let store = Arc::new(SqliteStore::open(path).await.expect("a database"));
    let have = store
        .unfinished()
        .await
        .expect("the unfinished matches")
        .len();
    let (finished, unfinished) = (
        if new { finished } else { 0 },
        unfinished.saturating_sub(have),
    );
    let hub = Arc::new(Hub::new(
        Catalog::of(tabula_catalog::builtin()),
        store,
        options(),
    ));
    let router = tabula_server::api::router(hub.clone());
    let started = Instant::now();
    let bots = || NewMatch {
        game: "connect-four".into(),
        seats: vec![
            SeatSpec::Bot("random".into()),
            SeatSpec::Bot("random".into()),
        ],
        ..NewMatch::default()
    };
    let mut made = 0;
    while made < finished {
        let batch = (finished - made).min(500);
        let mut tasks = Vec::with_capacity(batch);
        for _ in 0..batch {
            let hub = hub.clone();
            tasks.push(tokio::spawn(async move { hub.create(bots()).await }));
        }
        for t in tasks {
            t.await.expect("a task").expect("a match");
        }
        made += batch;
        // Let this batch play to the end before the next one.
        while hub.in_memory().1 > 0 {
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        eprint!("\r{made} finished matches");
    }
    eprintln!();
    for _ in 0..unfinished {
        let created = hub
            .create(NewMatch {
                game: "connect-four".into(),
                seats: vec![SeatSpec::Human, SeatSpec::Human],
                ..NewMatch::default()
            })
            .await
            .expect("a match");
        for (ply, seat, action) in [(0, 0, "4"), (1, 1, "3")] {
            let body = json!({ "token": created.seats[seat].1, "action": action, "ply": ply });
            let request = Request::post(format!("/api/matches/{}/actions", created.id))
                .header("content-type", "application/json")
                .body(Body::from(body.to_string()))
                .expect("a request");
            let answer = router.clone().oneshot(request).await.expect("an answer");
            assert!(answer.status().is_success(), "{}", answer.status());
        }
    }
    eprintln!(
        "filled in {:.1} s: {finished} finished, {unfinished} unfinished",
        started.elapsed().as_secs_f64()
    );
}

#[tokio::main]
async fn main() {
    let args: Vec<String> = std::env::args().collect();
    let finished = arg(&args, "--finished", 20_000);
    let unfinished = arg(&args, "--unfinished", 1_000);
    let dir = std::env::temp_dir().join(format!("tabula-restart-{}", std::process::id()));
    let path = match args.iter().position(|a| a == "--db") {
        Some(i) => PathBuf::from(&args[i + 1]),
        None => {
            std::fs::create_dir_all(&dir).expect("a temporary directory");
            dir.join("restart.db")
        }
    };
    fill(&path, finished, unfinished).await;
    let started = Instant::now();
    let store = Arc::new(SqliteStore::open(&path).await.expect("a database"));
    let hub = Hub::new(Catalog::of(tabula_catalog::builtin()), store, options());
    let report = hub.restore().await.expect("a restore");
    let restored = started.elapsed();
    let (in_memory, live) = hub.in_memory();
    println!(
        "restart: {:.1} ms to open and resume {} unfinished matches ({} failed); {in_memory} in memory, {live} unfinished",
        restored.as_secs_f64() * 1e3,
        report.resumed,
        report.failed.len()
    );
    let size = std::fs::metadata(&path).map_or(0, |m| m.len());
    println!(
        "database: {} ({:.1} MiB)",
        path.display(),
        size as f64 / 1048576.0
    );
    if !args.iter().any(|a| a == "--db") {
        let _ = std::fs::remove_dir_all(&dir);
    }
}
