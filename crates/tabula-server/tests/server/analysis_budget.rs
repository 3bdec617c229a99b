//! The analyses' own budget: at most `max_running` positions searched at once across every
//! match, each with a wall-time cap; no position starts while a seat bot thinks; the queue is
//! bounded in size (503), per client (429) and in age (the match is dropped and says so).
//!
//! The analysis bot here is a gauge: it counts the searches running at once and keeps the
//! limits each was given. A seat bot, the gate, thinks until the test lets it move.

use crate::common;

use axum::http::StatusCode;
use common::make_bot;
use common::{TestServer, over};
use serde_json::{Value, json};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::time::{Duration, Instant};
use tabula_core::Seat;
use tabula_registry::{BotMove, DynAction, DynBot, DynGame, RegistryError};
use tabula_server::live::AnalysisOptions;
use tabula_server::{Catalog, Hub, HubOptions, MemoryStore, api};

/// What the gauge and the gate saw.
#[derive(Default)]
struct Gauges {
    running: AtomicUsize,
    peak: AtomicUsize,
    started: AtomicUsize,
    /// The wall time each search was given.
    time_ms: Mutex<Vec<Option<u64>>>,
    /// The gate bot is thinking.
    thinking: AtomicBool,
    open: Mutex<bool>,
    opened: Condvar,
}

impl Gauges {
    fn open_gate(&self) {
        *self.open.lock().unwrap() = true;
        self.opened.notify_all();
    }
}

/// The analysis bot: a real search, counted.
struct Gauge(Arc<Gauges>, Box<dyn DynBot>);

impl DynBot for Gauge {
    fn decide(&mut self, game: &dyn DynGame, seat: Seat) -> Option<BotMove> {
        self.1.decide(game, seat)
    }

    fn observe(&mut self, before: &dyn DynGame, action: &DynAction) {
        self.1.observe(before, action);
    }

    fn analyse(
        &mut self,
        game: &dyn DynGame,
        seat: Seat,
        limits: &tabula_ai::SearchLimits,
        every_root_action: bool,
    ) -> Result<Option<tabula_ai::SearchReport<String>>, RegistryError> {
        let g = &self.0;
        g.started.fetch_add(1, Ordering::SeqCst);
        let now = g.running.fetch_add(1, Ordering::SeqCst) + 1;
        g.peak.fetch_max(now, Ordering::SeqCst);
        g.time_ms.lock().unwrap().push(limits.time_ms);
        // Long enough for searches to overlap if the caps let them.
        std::thread::sleep(Duration::from_millis(15));
        let found = self.1.analyse(game, seat, limits, every_root_action);
        g.running.fetch_sub(1, Ordering::SeqCst);
        found
    }
}

/// A seat bot that thinks until the gate opens (60 s at most), then plays at random.
struct Gate(Arc<Gauges>, Box<dyn DynBot>);

impl DynBot for Gate {
    fn decide(&mut self, game: &dyn DynGame, seat: Seat) -> Option<BotMove> {
        let g = &self.0;
        g.thinking.store(true, Ordering::SeqCst);
        let open = g.open.lock().unwrap();
        drop(
            g.opened
                .wait_timeout_while(open, Duration::from_secs(60), |open| !*open)
                .unwrap(),
        );
        g.thinking.store(false, Ordering::SeqCst);
        self.1.decide(game, seat)
    }
}

fn server(gauges: &Arc<Gauges>, analysis: AnalysisOptions) -> TestServer {
    let games = tabula_catalog::builtin();
    let g = gauges.clone();
    let catalog = Catalog::new(
        games,
        Arc::new(
            move |game: &str, level: &str, seed: u64| -> Result<Box<dyn DynBot>, RegistryError> {
                Ok(match level {
                    "gauge" => Box::new(Gauge(g.clone(), make_bot(game, "beginner", seed)?)),
                    "gate" => Box::new(Gate(g.clone(), make_bot(game, "random", seed)?)),
                    other => Box::new(common::Unpaced(make_bot(game, other, seed)?)),
                })
            },
        ),
    );
    let options = HubOptions {
        analysis: AnalysisOptions {
            bot: "gauge".into(),
            iterations: 200,
            ..analysis
        },
        // The test's own bots (gauge, gate) are not levels of the games.
        allow_bot_specs: true,
        ..HubOptions::default()
    };
    let hub = Arc::new(Hub::new(catalog, Arc::new(MemoryStore::new()), options));
    TestServer {
        router: api::router(hub.clone()),
        hub,
    }
}

/// Finished Connect Four matches between random bots.
async fn finished(server: &TestServer, n: u64) -> Vec<String> {
    let mut ids = Vec::new();
    for seed in 0..n {
        let m = server
            .create(json!({ "game": "connect-four", "seed": seed,
                            "seats": [{ "bot": "random" }, { "bot": "random" }] }))
            .await;
        server.wait_for(&m.id, None, 60, over).await;
        ids.push(m.id);
    }
    ids
}

/// A live match whose seat bot thinks until the gate opens; returns once it thinks.
async fn gate_thinking(server: &TestServer, gauges: &Gauges) {
    server
        .create(json!({ "game": "connect-four",
                        "seats": [{ "bot": "gate" }, { "human": true }] }))
        .await;
    let start = Instant::now();
    while !gauges.thinking.load(Ordering::SeqCst) {
        assert!(
            start.elapsed() < Duration::from_secs(30),
            "the gate never thought"
        );
        tokio::time::sleep(Duration::from_millis(2)).await;
    }
}

async fn post(server: &TestServer, id: &str) -> (StatusCode, Value) {
    let uri = format!("/api/matches/{id}/analysis");
    server.raw("POST", &uri, Vec::new()).await
}

/// Polls the analysis of `id` until `done` holds (60 s at most).
async fn until(server: &TestServer, id: &str, done: impl Fn(&Value) -> bool) -> Value {
    let start = Instant::now();
    loop {
        let (status, progress) = server.get(&format!("/api/matches/{id}/analysis")).await;
        assert_eq!(status, StatusCode::OK, "{progress}");
        if done(&progress) {
            return progress;
        }
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "{id}: {progress}"
        );
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
}

fn complete(p: &Value) -> bool {
    p["complete"] == json!(true)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_more_than_max_running_positions_are_searched_at_once_each_within_its_wall_cap() {
    for max_running in [1, 2] {
        let gauges = Arc::new(Gauges::default());
        let server = server(
            &gauges,
            AnalysisOptions {
                per_match: 2,
                max_running,
                position_ms: 700,
                time_ms: Some(5_000),
                ..AnalysisOptions::default()
            },
        );
        let ids = finished(&server, 3).await;
        for id in &ids {
            let (status, answer) = post(&server, id).await;
            assert_eq!(status, StatusCode::OK, "{answer}");
        }
        for id in &ids {
            let done = until(&server, id, complete).await;
            assert_eq!(done["dropped"], json!(0), "{done}");
        }
        let peak = gauges.peak.load(Ordering::SeqCst);
        assert!(
            (1..=max_running).contains(&peak),
            "{peak} at once, cap {max_running}"
        );
        let given = gauges.time_ms.lock().unwrap().clone();
        assert!(!given.is_empty());
        assert!(given.iter().all(|t| *t == Some(700)), "{given:?}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_analysed_position_starts_while_a_seat_bot_thinks() {
    let gauges = Arc::new(Gauges::default());
    let server = server(&gauges, AnalysisOptions::default());
    let ids = finished(&server, 2).await;
    gate_thinking(&server, &gauges).await;
    for id in &ids {
        let (status, answer) = post(&server, id).await;
        assert_eq!(status, StatusCode::OK, "{answer}");
        assert_eq!(answer["in_flight"], json!(0), "{answer}");
    }
    // The scheduler looks again at every change and every tick: give it several ticks.
    tokio::time::sleep(Duration::from_millis(1_600)).await;
    assert_eq!(gauges.started.load(Ordering::SeqCst), 0);
    for id in &ids {
        let (_, progress) = server.get(&format!("/api/matches/{id}/analysis")).await;
        assert_eq!(progress["done"], json!(0), "{progress}");
    }
    gauges.open_gate();
    for id in &ids {
        until(&server, id, complete).await;
    }
    assert!(gauges.started.load(Ordering::SeqCst) > 0);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn analysis_requests_over_the_queue_bounds_get_a_clear_refusal() {
    for (queue, per_client, code, flag) in [
        (8, 1, StatusCode::TOO_MANY_REQUESTS, "--analysis-per-client"),
        (1, 8, StatusCode::SERVICE_UNAVAILABLE, "--analysis-queue"),
    ] {
        let gauges = Arc::new(Gauges::default());
        let options = AnalysisOptions {
            queue,
            per_client,
            ..AnalysisOptions::default()
        };
        let server = server(&gauges, options);
        let ids = finished(&server, 2).await;
        // Held by a thinking seat bot, the first match stays queued.
        gate_thinking(&server, &gauges).await;
        assert_eq!(post(&server, &ids[0]).await.0, StatusCode::OK);
        let (status, answer) = post(&server, &ids[1]).await;
        assert_eq!(status, code, "{answer}");
        let error = answer["error"].as_str().unwrap();
        assert!(error.contains(flag), "{error}");
        // Nothing was started for it; the queued match is joined as before.
        let (status, _) = server
            .get(&format!("/api/matches/{}/analysis", ids[1]))
            .await;
        assert_eq!(status, StatusCode::NOT_FOUND);
        assert_eq!(post(&server, &ids[0]).await.0, StatusCode::OK);
        gauges.open_gate();
        until(&server, &ids[0], complete).await;
        // Once done, there is room again.
        let (status, answer) = post(&server, &ids[1]).await;
        assert_eq!(status, StatusCode::OK, "{answer}");
        until(&server, &ids[1], complete).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_analysis_that_waits_too_long_is_dropped_and_says_so() {
    let gauges = Arc::new(Gauges::default());
    let options = AnalysisOptions {
        max_wait: Duration::from_secs(1),
        ..AnalysisOptions::default()
    };
    let server = server(&gauges, options);
    let id = finished(&server, 1).await.remove(0);
    gate_thinking(&server, &gauges).await;
    assert_eq!(post(&server, &id).await.0, StatusCode::OK);
    let dropped = until(&server, &id, |p| p["dropped"].as_u64() > Some(0)).await;
    assert_eq!(dropped["dropped"], dropped["total"], "{dropped}");
    let first = &dropped["positions"][0];
    assert_eq!(first["state"], json!("dropped"), "{first}");
    let error = first["error"].as_str().unwrap();
    assert!(error.contains("--analysis-max-wait"), "{error}");
    assert_eq!(gauges.started.load(Ordering::SeqCst), 0);
    // Asked for again, it is searched.
    gauges.open_gate();
    let (status, again) = post(&server, &id).await;
    assert_eq!(status, StatusCode::OK, "{again}");
    assert_eq!(again["dropped"], json!(0), "{again}");
    let done = until(&server, &id, complete).await;
    assert_eq!(done["dropped"], json!(0), "{done}");
    assert!(
        done["moves"]
            .as_array()
            .unwrap()
            .iter()
            .all(|m| m["mark"].is_string())
    );
}
