//! Shared test support: a catalog with the toy games and every registered game, an
//! in-process server (the router called directly, no socket), polling helpers, and an
//! independent replay of a match record through the registry.
#![allow(dead_code)]

pub mod backends;
pub mod browser;
pub mod follower;
pub mod http;
pub mod pushes;
pub mod records;
pub mod smtp;
pub mod stores;
pub mod toys;

use axum::Router;
use axum::body::Body;
use axum::http::{Request, StatusCode};
use serde_json::{Value, json};
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tabula_core::{Actor, Seat, rng_from_seed};
use tabula_registry::{
    BotMove, DynAction, DynBot, DynGame, GameEntry, RandomBot, RegistryError, Setup,
};
use tabula_server::{Catalog, Hub, HubOptions, MatchStore, MemoryStore, api};
use tower::ServiceExt;

/// The bot `spec` of the built-in game `game`, seeded.
pub fn make_bot(game: &str, spec: &str, seed: u64) -> Result<Box<dyn DynBot>, RegistryError> {
    tabula_catalog::builtin().find(game)?.bot(spec, seed)
}

/// The toy games, then every built-in game.
pub fn catalog() -> Catalog {
    let mut entries: Vec<&'static dyn GameEntry> = vec![&toys::NIM, &toys::RACE];
    entries.extend(tabula_catalog::builtin().entries().iter().copied());
    Catalog::new(
        tabula_registry::Catalog::new(entries).expect("the toys' names are their own"),
        Arc::new(|game, level, seed| match (game, level) {
            ("toy-nim" | "toy-race", "random") => Ok(Box::new(RandomBot::new(seed))),
            ("toy-nim" | "toy-race", "slow") => Ok(Box::new(toys::SlowBot(RandomBot::new(seed)))),
            ("toy-nim" | "toy-race", "shy") => Ok(Box::new(toys::ShyBot)),
            ("toy-nim" | "toy-race", "watcher") => Ok(Box::new(toys::WatcherBot::new(seed))),
            ("toy-nim" | "toy-race", "panicky") => Ok(Box::new(toys::PanickyBot)),
            ("toy-nim" | "toy-race", other) => Err(RegistryError::UnknownLevel {
                level: other.to_string(),
                known: "random, slow, shy, watcher, panicky".into(),
            }),
            // The registered games' bots without their real-time pace, to keep tests short.
            _ => make_bot(game, level, seed).map(|bot| Box::new(Unpaced(bot)) as Box<dyn DynBot>),
        }),
    )
}

/// A bot whose moves apply at once.
pub struct Unpaced(pub Box<dyn DynBot>);

impl DynBot for Unpaced {
    fn decide(&mut self, game: &dyn DynGame, seat: Seat) -> Option<BotMove> {
        self.0.decide(game, seat).map(|m| BotMove {
            delay: Duration::ZERO,
            ..m
        })
    }

    fn observe(&mut self, before: &dyn DynGame, action: &DynAction) {
        self.0.observe(before, action);
    }

    fn analyse(
        &mut self,
        game: &dyn DynGame,
        seat: Seat,
        limits: &tabula_ai::SearchLimits,
        every_root_action: bool,
    ) -> Result<Option<tabula_ai::SearchReport<String>>, RegistryError> {
        self.0.analyse(game, seat, limits, every_root_action)
    }
}

/// A server called in-process.
pub struct TestServer {
    pub hub: Arc<Hub>,
    pub router: Router,
}

/// A created match: id and tokens (by seat index; `None` for bots).
pub struct Created {
    pub id: String,
    pub tokens: Vec<Option<String>>,
}

impl Created {
    pub fn token(&self, seat_number: usize) -> &str {
        self.tokens[seat_number - 1]
            .as_deref()
            .expect("a human seat")
    }
}

impl TestServer {
    pub fn new() -> TestServer {
        TestServer::with_store(Arc::new(MemoryStore::new()))
    }

    pub fn with_store(store: Arc<dyn MatchStore>) -> TestServer {
        TestServer::with_options(store, HubOptions::default())
    }

    pub fn with_options(store: Arc<dyn MatchStore>, options: HubOptions) -> TestServer {
        let hub = Arc::new(Hub::new(catalog(), store, options));
        TestServer {
            router: api::router(hub.clone()),
            hub,
        }
    }

    /// Any request; the body parsed as JSON (`Value::String` with the text when it is not).
    pub async fn raw(&self, method: &str, uri: &str, body: Vec<u8>) -> (StatusCode, Value) {
        let request = Request::builder()
            .method(method)
            .uri(uri)
            .header("content-type", "application/json")
            .body(Body::from(body))
            .expect("a request");
        let response = self
            .router
            .clone()
            .oneshot(request)
            .await
            .expect("infallible");
        let status = response.status();
        let bytes = axum::body::to_bytes(response.into_body(), usize::MAX)
            .await
            .expect("a body");
        let value = serde_json::from_slice(&bytes)
            .unwrap_or_else(|_| Value::String(String::from_utf8_lossy(&bytes).into_owned()));
        (status, value)
    }

    pub async fn get(&self, uri: &str) -> (StatusCode, Value) {
        self.raw("GET", uri, Vec::new()).await
    }

    pub async fn post(&self, uri: &str, body: Value) -> (StatusCode, Value) {
        self.raw("POST", uri, body.to_string().into_bytes()).await
    }

    pub async fn create(&self, body: Value) -> Created {
        let (status, answer) = self.post("/api/matches", body.clone()).await;
        assert_eq!(status, StatusCode::CREATED, "{body} → {answer}");
        let tokens = answer["seats"]
            .as_array()
            .expect("seats")
            .iter()
            .map(|s| s["token"].as_str().map(str::to_string))
            .collect();
        Created {
            id: answer["id"].as_str().expect("id").to_string(),
            tokens,
        }
    }

    pub async fn state(&self, id: &str, token: Option<&str>) -> Value {
        let uri = match token {
            Some(t) => format!("/api/matches/{id}?token={t}"),
            None => format!("/api/matches/{id}"),
        };
        let (status, state) = self.get(&uri).await;
        assert_eq!(status, StatusCode::OK, "{uri} → {state}");
        state
    }

    /// Polls the match until `done` holds (at most `secs` seconds).
    pub async fn wait_for(
        &self,
        id: &str,
        token: Option<&str>,
        secs: u64,
        done: impl Fn(&Value) -> bool,
    ) -> Value {
        let start = Instant::now();
        loop {
            let state = self.state(id, token).await;
            if done(&state) {
                return state;
            }
            assert!(
                start.elapsed() < Duration::from_secs(secs),
                "match {id} did not get there in {secs} s: ply {}, status {}, last {}",
                state["ply"],
                state["status"],
                state["last"]
            );
            tokio::time::sleep(Duration::from_millis(2)).await;
        }
    }

    pub async fn act(&self, id: &str, token: &str, action: &str, ply: u64) -> (StatusCode, Value) {
        self.post(
            &format!("/api/matches/{id}/actions"),
            json!({ "token": token, "action": action, "ply": ply }),
        )
        .await
    }

    /// Serves the hub on a loopback port (for WebSocket clients), through the server's own
    /// accept loop and its limits.
    pub async fn listen(&self) -> SocketAddr {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("a port");
        let addr = listener.local_addr().expect("an address");
        tokio::spawn(tabula_server::serve(listener, self.hub.clone()));
        addr
    }
}

pub fn over(state: &Value) -> bool {
    state["status"]["over"] == json!(true)
}

/// Replays a record (`GET …/record`) independently of the server: a new game from its
/// parameters, setup and seed (or from its `start` position and seed), then every action; each chance entry must be what the seeded
/// generator draws. Returns the final state.
pub fn replay_record(record: &Value) -> Box<dyn DynGame> {
    let catalog = catalog();
    let entry = catalog
        .find(record["game"].as_str().expect("game"))
        .expect("a known game");
    let mut rng = rng_from_seed(record["seed"].as_u64().expect("a seed"));
    let mut game = match &record["start"] {
        // A start position: its pending chance events drawn from the seed, as at a new game.
        Value::String(position) => {
            let mut game = entry
                .load_position(&record["params"], position)
                .expect("the record's start position loads");
            game.resolve_chance(&mut rng);
            game
        }
        _ => {
            let setup = match record["setup"].as_str() {
                Some("placement") => Setup::Placement,
                Some("random") => Setup::Random,
                other => panic!("setup {other:?}"),
            };
            entry
                .new_game(&record["params"], setup, &mut rng)
                .expect("the record's parameters make a game")
        }
    };
    let mut drawn = std::collections::VecDeque::new();
    for (i, a) in record["actions"]
        .as_array()
        .expect("actions")
        .iter()
        .enumerate()
    {
        assert_eq!(a["ply"], json!(i), "entry {i}");
        let action = a["action"].as_str().expect("an action");
        let actor = match &a["actor"] {
            Value::String(s) if s == "chance" => {
                assert_eq!(
                    drawn.pop_front().as_deref(),
                    Some(action),
                    "chance at ply {i}"
                );
                continue;
            }
            Value::String(s) if s == "host" => Actor::Host,
            Value::Number(n) => {
                Actor::Seat(Seat::from_number(n.as_u64().unwrap() as usize).unwrap())
            }
            other => panic!("actor {other}"),
        };
        assert!(
            drawn.is_empty(),
            "ply {i}: chance entries missing: {drawn:?}"
        );
        game.apply(actor, action)
            .unwrap_or_else(|e| panic!("ply {i}: {action} refused on replay: {e}"));
        drawn.extend(game.resolve_chance(&mut rng));
    }
    assert!(
        drawn.is_empty(),
        "chance entries missing at the end: {drawn:?}"
    );
    game
}
