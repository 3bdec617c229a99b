//! A property-based fuzz test of `tabula serve` as a real process: arbitrary JSON bodies at
//! every endpoint that takes one, arbitrary bot specifications in seats (the operator allows
//! specifications, the most exposed setting) and arbitrary WebSocket frames. After every case
//! the process must still run and `GET /api/games` must answer 200: no input from a client
//! ends the server.

use crate::server_common;

use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};
use serde_json::{Map, Value, json};
use server_common::ServerProcess;
use std::time::Duration;

/// Values a hostile client puts in a bot specification: bounds, overflows, junk.
const NUMBERS: [&str; 14] = [
    "0",
    "1",
    "2",
    "7",
    "30",
    "64",
    "1000000000000000",
    "18446744073709551616",
    "-1",
    "nan",
    "inf",
    "1e9",
    "x",
    "",
];
const KINDS: [&str; 9] = [
    "mcts",
    "alphabeta",
    "ab",
    "random",
    "beginner",
    "strong",
    "expert",
    "genius",
    "",
];
const KEYS: [&str; 17] = [
    "iterations",
    "iters",
    "nodes",
    "threads",
    "ms",
    "tt",
    "depth",
    "steps",
    "c",
    "prior",
    "noise",
    "reuse",
    "parallel",
    "rollout",
    "engine",
    "split",
    "reduce",
];
const GAMES: [&str; 6] = [
    "connect-four",
    "toumai",
    "khan-tsin",
    "china-moon",
    "magical-circle",
    "nope",
];

fn bot_spec() -> impl Strategy<Value = String> {
    (
        prop::sample::select(&KINDS[..]),
        prop::collection::vec(
            (
                prop::sample::select(&KEYS[..]),
                prop::sample::select(&NUMBERS[..]),
            ),
            0..4,
        ),
    )
        .prop_map(|(kind, pairs)| {
            let mut spec = kind.to_string();
            for (k, v) in pairs {
                spec.push_str(&format!(":{k}={v}"));
            }
            spec
        })
}

fn json_value() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::from),
        any::<i64>().prop_map(Value::from),
        any::<f64>()
            .prop_filter("finite", |f| f.is_finite())
            .prop_map(Value::from),
        prop::sample::select(&NUMBERS[..]).prop_map(Value::from),
        prop::sample::select(&GAMES[..]).prop_map(Value::from),
        "\\PC{0,12}".prop_map(Value::from),
        bot_spec().prop_map(Value::from),
    ];
    leaf.prop_recursive(3, 24, 5, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..5).prop_map(Value::Array),
            prop::collection::vec(
                (
                    prop::sample::select(
                        &[
                            "game", "seats", "players", "params", "seed", "setup", "token",
                            "action", "ply", "human", "bot", "open", "clock", "request",
                            "position", "hints", "type",
                        ][..]
                    ),
                    inner
                ),
                0..6
            )
            .prop_map(|pairs| Value::Object(
                pairs
                    .into_iter()
                    .map(|(k, v)| (k.to_string(), v))
                    .collect::<Map<_, _>>()
            )),
        ]
    })
}

/// A creation request: mostly well formed around the seats, so that the bot specifications
/// reach the bots' factory; sometimes anything at all.
fn creation() -> impl Strategy<Value = Value> {
    prop_oneof![
        3 => (
            prop::sample::select(&GAMES[..]),
            bot_spec(),
            any::<bool>(),
            json_value()
        )
            .prop_map(|(game, bot, bot_first, params)| {
                let bot = json!({ "bot": bot });
                let human = json!({ "human": true });
                let seats = if bot_first { [bot, human] } else { [human, bot] };
                let mut body = json!({ "game": game, "seats": seats });
                if params.is_object() {
                    body["params"] = params;
                }
                body
            }),
        1 => json_value(),
    ]
}

#[derive(Debug, Clone)]
enum Case {
    Create(Value),
    Act(Value),
    Table(Value),
    Rematch(Value),
    Analysis(Option<u64>),
    Socket(Vec<String>),
}

fn case() -> impl Strategy<Value = Case> {
    prop_oneof![
        4 => creation().prop_map(Case::Create),
        2 => json_value().prop_map(Case::Act),
        1 => json_value().prop_map(Case::Table),
        1 => json_value().prop_map(Case::Rematch),
        1 => prop::option::of(0u64..50).prop_map(Case::Analysis),
        2 => prop::collection::vec("\\PC{0,40}", 0..4).prop_map(Case::Socket),
    ]
}

/// Sends text frames on a spectator WebSocket of match `id` (a refused upgrade is fine).
fn socket(server: &ServerProcess, id: &str, frames: &[String]) {
    let url = format!("ws://{}/api/matches/{id}/ws", server.addr);
    let Ok((mut ws, _)) = tungstenite::connect(url) else {
        return;
    };
    if let tungstenite::stream::MaybeTlsStream::Plain(tcp) = ws.get_ref() {
        let _ = tcp.set_read_timeout(Some(Duration::from_millis(200)));
    }
    for frame in frames {
        if ws.send(tungstenite::Message::text(frame.clone())).is_err() {
            break;
        }
    }
    let _ = ws.read();
    let _ = ws.close(None);
}

#[test]
fn no_client_input_ends_the_server_and_the_games_answer_throughout() {
    let server = ServerProcess::start(&["--memory", "--allow-bot-specs"]);
    let (status, created) = server.post(
        "/api/matches",
        &json!({ "game": "connect-four", "seats": [{ "human": true }, { "bot": "random" }] }),
    );
    assert_eq!(status, 201, "{created}");
    let id = created["id"].as_str().expect("an id").to_string();
    let mut runner = TestRunner::new(Config {
        cases: 96,
        failure_persistence: None,
        ..Config::default()
    });
    let codes = std::cell::RefCell::new(std::collections::BTreeMap::<u16, usize>::new());
    runner
        .run(&case(), |case| {
            let answer = match &case {
                Case::Create(body) => Some(server.post("/api/matches", body)),
                Case::Act(body) => Some(server.post(&format!("/api/matches/{id}/actions"), body)),
                Case::Table(body) => Some(server.post(&format!("/api/matches/{id}/table"), body)),
                Case::Rematch(body) => {
                    Some(server.post(&format!("/api/matches/{id}/rematch"), body))
                }
                Case::Analysis(ply) => {
                    let _ = server.post(&format!("/api/matches/{id}/analysis"), &json!({}));
                    let path = match ply {
                        Some(p) => format!("/api/matches/{id}/analysis?ply={p}"),
                        None => format!("/api/matches/{id}/analysis"),
                    };
                    Some(server.get(&path))
                }
                Case::Socket(frames) => {
                    socket(&server, &id, frames);
                    None
                }
            };
            if let Some((status, body)) = answer {
                *codes.borrow_mut().entry(status).or_default() += 1;
                prop_assert!(status < 500 || status == 503, "{case:?} → {status} {body}");
            }
            let (status, games) = server.get("/api/games");
            prop_assert_eq!(status, 200, "after {:?}: {}", case, games);
            Ok(())
        })
        .unwrap_or_else(|e| panic!("{e}"));
    let codes = codes.into_inner();
    assert!(
        codes.keys().any(|&c| c == 400) && codes.keys().any(|&c| (200..300).contains(&c)),
        "the cases reached both refusals and successes: {codes:?}"
    );
}
