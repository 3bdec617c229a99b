//! The HTTP API, in-process against the memory store: every game of the catalog (the toy games
//! and every registered game) played to the end by bots and with a human seat driven by the
//! test, the lobby, hidden information, the hourglass, bots with delays, static files.

use crate::common;

use axum::http::StatusCode;
use common::{TestServer, catalog, over, replay_record};
use rand::{RngExt, SeedableRng};
use serde_json::{Value, json};
use std::sync::Arc;
use tabula_registry::status_json;
use tabula_server::{HubOptions, MemoryStore};

/// Parameters that keep a game short in tests: a ply limit where the game has one (random
/// bots may never finish Magical Circle), a short hourglass for the toy race.
fn small_params(info: &tabula_registry::GameInfo) -> Value {
    let mut params = serde_json::Map::new();
    if info.params.iter().any(|p| p.name == "max_plies") {
        params.insert("max_plies".into(), json!(300));
    }
    if info.name == "toy-race" {
        params.insert("hourglass_seconds".into(), json!(0.5));
    }
    Value::Object(params)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_game_plays_bots_only_to_the_end_and_its_record_replays() {
    let server = TestServer::new();
    for entry in catalog().entries() {
        let info = entry.info();
        let seats: Vec<Value> = (0..info.default_players)
            .map(|_| json!({ "bot": "random" }))
            .collect();
        let m = server
            .create(json!({ "game": info.name, "seats": seats, "params": small_params(info) }))
            .await;
        let end = server.wait_for(&m.id, None, 30, over).await;
        assert!(end["legal"].as_array().unwrap().is_empty());
        let (status, record) = server.get(&format!("/api/matches/{}/record", m.id)).await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(record["complete"], json!(true), "{}", info.name);
        assert_eq!(
            record["actions"].as_array().unwrap().len() as u64,
            end["ply"].as_u64().unwrap()
        );
        let replayed = replay_record(&record);
        assert_eq!(
            status_json(replayed.as_ref()),
            end["status"],
            "{}",
            info.name
        );
        assert_eq!(
            Value::from(replayed.position()),
            end["position"],
            "{}",
            info.name
        );
    }
}

/// Plays seat 1 with uniformly random legal actions until the game ends; returns the plies
/// the test's actions were acknowledged at.
async fn drive_seat_one(server: &TestServer, id: &str, token: &str, seed: u64) -> Vec<u64> {
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    let mut mine = Vec::new();
    let start = std::time::Instant::now();
    loop {
        assert!(start.elapsed().as_secs() < 30, "match {id} did not end");
        let state = server.state(id, Some(token)).await;
        if over(&state) {
            return mine;
        }
        let legal = state["legal"].as_array().unwrap();
        if legal.is_empty() {
            tokio::time::sleep(std::time::Duration::from_millis(1)).await;
            continue;
        }
        let action = legal[rng.random_range(0..legal.len())].as_str().unwrap();
        let ply = state["ply"].as_u64().unwrap();
        let (status, ack) = server.act(id, token, action, ply).await;
        match status {
            StatusCode::OK => {
                assert_eq!(ack["action"], json!(action));
                mine.push(ply);
            }
            // A bot (or the hourglass) moved first in a race: look again.
            StatusCode::CONFLICT | StatusCode::UNPROCESSABLE_ENTITY => {}
            other => panic!("{action} at ply {ply}: {other} {ack}"),
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_game_with_a_human_seat_driven_by_the_test_against_bots() {
    // Bots wait a little before each move, so that the human wins some races of real-time
    // games (random bots otherwise claim at once, every time).
    let options = HubOptions {
        min_bot_delay: std::time::Duration::from_millis(3),
        ..HubOptions::default()
    };
    let server = TestServer::with_options(Arc::new(MemoryStore::new()), options);
    for (n, entry) in catalog().entries().iter().enumerate() {
        let info = entry.info();
        let mut seats = vec![json!({ "human": true })];
        seats.extend((1..info.default_players).map(|_| json!({ "bot": "random" })));
        let m = server
            .create(json!({ "game": info.name, "seats": seats, "params": small_params(info) }))
            .await;
        let mine = drive_seat_one(&server, &m.id, m.token(1), n as u64).await;
        assert!(!mine.is_empty(), "{}: the human never acted", info.name);
        let (_, record) = server.get(&format!("/api/matches/{}/record", m.id)).await;
        let actions = record["actions"].as_array().unwrap();
        for ply in &mine {
            assert_eq!(actions[*ply as usize]["actor"], json!(1), "{}", info.name);
        }
        replay_record(&record);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bots_are_told_every_action_and_chance_event_so_search_trees_carry_over() {
    let server = TestServer::new();
    let m = server
        .create(json!({ "game": "toy-nim", "params": { "stones": 15 },
                        "seats": [{ "human": true }, { "bot": "watcher" }] }))
        .await;
    drive_seat_one(&server, &m.id, m.token(1), 5).await;
    let (_, record) = server.get(&format!("/api/matches/{}/record", m.id)).await;
    let bot_moves = record["actions"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|a| a["actor"] == json!(2))
        .count();
    assert!(
        bot_moves >= 2,
        "the watcher moved {bot_moves} times: {record}"
    );
}

#[tokio::test]
async fn games_lists_every_game_with_params_player_counts_and_levels() {
    let server = TestServer::new();
    let (status, games) = server.get("/api/games").await;
    assert_eq!(status, StatusCode::OK);
    let games = games.as_array().unwrap();
    assert_eq!(games.len(), catalog().entries().len());
    let race = games.iter().find(|g| g["name"] == "toy-race").unwrap();
    assert_eq!(race["min_players"], json!(2));
    assert_eq!(race["max_players"], json!(3));
    assert_eq!(
        race["levels"],
        json!(["random", "slow", "shy", "watcher", "panicky"])
    );
    assert_eq!(race["real_time"], json!(true));
    assert_eq!(race["params"][0]["name"], json!("hourglass_seconds"));
    assert!(race.get("rules").is_none());
    let (status, rules) = server.get("/api/games/toy-race/rules").await;
    assert_eq!(status, StatusCode::OK);
    assert!(rules.as_str().unwrap().contains("hourglass"));
    let (status, e) = server.get("/api/games/chess/rules").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert!(e["error"].as_str().unwrap().contains("chess"));
}

#[tokio::test]
async fn lobby_lists_open_seats_and_join_takes_them() {
    let server = TestServer::new();
    let m = server
        .create(json!({ "game": "toy-race", "players": 3,
            "seats": [{ "human": true }, { "bot": "shy" }, { "human": true, "open": true }] }))
        .await;
    assert!(m.tokens[1].is_none());
    assert!(
        m.tokens[2].is_none(),
        "a lobby seat gets no token at creation"
    );
    let (_, lobby) = server.get("/api/matches").await;
    let line = &lobby["matches"][0];
    assert_eq!(line["id"], json!(m.id));
    assert_eq!(line["open_seats"], json!([3]));
    assert_eq!(
        line["seats"][1],
        json!({ "seat": 2, "kind": "bot", "level": "shy", "open": false, "joined": true })
    );
    assert_eq!(
        line["seats"][0]["joined"],
        json!(true),
        "the creator's seat"
    );
    assert_eq!(line["seats"][2]["open"], json!(true));
    assert_eq!(line["seats"][2]["joined"], json!(false));
    let join = format!("/api/matches/{}/join", m.id);
    let (status, e) = server.post(&join, json!({ "seat": 2 })).await;
    assert_eq!(status, StatusCode::CONFLICT, "{e}");
    let (status, e) = server.post(&join, json!({ "seat": 9 })).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{e}");
    let (status, joined) = server.raw("POST", &join, Vec::new()).await;
    assert_eq!(status, StatusCode::OK, "{joined}");
    assert_eq!(joined["seat"], json!(3));
    let token = joined["token"].as_str().expect("a fresh token");
    assert_eq!(server.state(&m.id, Some(token)).await["you"], json!(3));
    let (status, e) = server.post(&join, json!({})).await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert_eq!(e["error"], json!("no seat is open"));
    let (_, lobby) = server.get("/api/matches").await;
    assert_eq!(lobby["matches"][0]["open_seats"], json!([]));
}

#[tokio::test]
async fn lobby_filters_open_matches_by_game_and_limit() {
    let server = TestServer::new();
    let open = server
        .create(json!({ "game": "toy-nim",
            "seats": [{ "human": true, "open": true }, { "bot": "shy" }] }))
        .await;
    let race = server
        .create(json!({ "game": "toy-race",
            "seats": [{ "human": true, "open": true }, { "bot": "shy" }] }))
        .await;
    // A human seat the creator holds is never open.
    let vs_bot = server
        .create(json!({ "game": "toy-nim", "seats": [{ "human": true }, { "bot": "shy" }] }))
        .await;
    let bots = server
        .create(json!({ "game": "toy-nim", "seats": [{ "bot": "shy" }, { "bot": "shy" }] }))
        .await;
    let ids = |lobby: &Value| -> Vec<String> {
        let list = lobby["matches"].as_array().unwrap();
        list.iter()
            .map(|m| m["id"].as_str().unwrap().to_string())
            .collect()
    };
    let (_, all) = server.get("/api/matches").await;
    assert_eq!(ids(&all).len(), 4);
    let (_, lobby) = server.get("/api/matches?open=true&game=toy-nim").await;
    assert_eq!(ids(&lobby), vec![open.id.clone()]);
    let (_, lobby) = server.get("/api/matches?game=toy-nim").await;
    assert!(ids(&lobby).contains(&bots.id) && !ids(&lobby).contains(&race.id));
    assert!(ids(&lobby).contains(&vs_bot.id));
    let (_, lobby) = server.get("/api/matches?limit=1").await;
    assert_eq!(ids(&lobby).len(), 1);
    for bad in [
        "/api/matches?limit=0",
        "/api/matches?limit=x",
        "/api/matches?colour=red",
    ] {
        let (status, e) = server.get(bad).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{bad}: {e}");
    }
}

#[tokio::test]
async fn hidden_information_hides_position_seed_and_chance_until_the_end() {
    let server = TestServer::new();
    let m = server
        .create(
            json!({ "game": "toy-nim", "seed": 7, "params": { "stones": 5 },
            "seats": [{ "human": true }, { "human": true }] }),
        )
        .await;
    let (status, _) = server.act(&m.id, m.token(1), "take1", 0).await;
    assert_eq!(status, StatusCode::OK);
    for token in [Some(m.token(1)), Some(m.token(2)), None] {
        let state = server.state(&m.id, token).await;
        assert!(state.get("position").is_none(), "{state}");
        assert_eq!(state["log"][1]["actor"], json!("chance"));
        assert_eq!(state["log"][1]["action"], Value::Null);
        assert_eq!(state["log"][0]["action"], json!("take1"));
    }
    let (_, record) = server.get(&format!("/api/matches/{}/record", m.id)).await;
    assert_eq!(record["seed"], Value::Null);
    assert_eq!(record["complete"], json!(false));
    assert_eq!(record["actions"][1]["action"], Value::Null);
    // Play it out: then everything is shown.
    loop {
        let state = server.state(&m.id, None).await;
        if over(&state) {
            assert!(state["position"].is_string());
            break;
        }
        let seat = state["status"]["to_act"][0].as_u64().unwrap() as usize;
        let ply = state["ply"].as_u64().unwrap();
        let (status, e) = server.act(&m.id, m.token(seat), "take1", ply).await;
        assert_eq!(status, StatusCode::OK, "{e}");
    }
    let (_, record) = server.get(&format!("/api/matches/{}/record", m.id)).await;
    assert_eq!(record["seed"], json!(7));
    assert!(record["actions"][1]["action"].is_string());
    replay_record(&record);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hourglass_runs_out_and_the_host_logs_a_timeout() {
    let server = TestServer::new();
    let m = server
        .create(
            json!({ "game": "toy-race", "params": { "hourglass_seconds": 0.2 },
            "seats": [{ "human": true }, { "human": true }] }),
        )
        .await;
    let state = server.state(&m.id, Some(m.token(2))).await;
    assert_eq!(state["clock"], Value::Null);
    let (status, _) = server.act(&m.id, m.token(2), "claim", 0).await;
    assert_eq!(status, StatusCode::OK);
    let running = server.state(&m.id, Some(m.token(2))).await;
    let remaining = running["clock"]["remaining_ms"]
        .as_u64()
        .expect("a running clock");
    assert!(remaining <= 200, "{running}");
    assert!(
        running["clock"]["deadline_ms"].as_u64().unwrap()
            > running["log"][0]["at"].as_u64().unwrap()
    );
    let after = server
        .wait_for(&m.id, None, 5, |s| s["ply"] == json!(2))
        .await;
    assert_eq!(after["log"][1]["actor"], json!("host"));
    assert_eq!(after["log"][1]["action"], json!("timeout"));
    assert_eq!(after["clock"], Value::Null);
    // A player may not send the host's action.
    let (status, _) = server.act(&m.id, m.token(1), "claim", 2).await;
    assert_eq!(status, StatusCode::OK);
    let (status, e) = server.act(&m.id, m.token(1), "timeout", 3).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{e}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bots_with_a_delay_play_after_it_and_a_waiting_bot_holds_nothing_up() {
    let server = TestServer::new();
    let slow = server
        .create(json!({ "game": "toy-nim", "seats": [{ "bot": "slow" }, { "bot": "slow" }] }))
        .await;
    let started = std::time::Instant::now();
    let end = server.wait_for(&slow.id, None, 20, over).await;
    let moves = end["log"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["actor"] != "chance")
        .count();
    assert!(
        started.elapsed().as_millis() as usize >= 30 * moves,
        "{moves} moves"
    );
    // A shy bot in a race: the human claims and wins alone.
    let race = server
        .create(json!({ "game": "toy-race", "seats": [{ "human": true }, { "bot": "shy" }] }))
        .await;
    for _ in 0..2 {
        let ply = server.state(&race.id, None).await["ply"].as_u64().unwrap();
        assert_eq!(
            server.act(&race.id, race.token(1), "claim", ply).await.0,
            StatusCode::OK
        );
        assert_eq!(
            server.act(&race.id, race.token(1), "hit", ply + 1).await.0,
            StatusCode::OK
        );
    }
    let end = server.state(&race.id, None).await;
    assert_eq!(end["status"]["result"]["winners"], json!([1]));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bot_only_match_replays_the_same_from_the_same_seed() {
    let server = TestServer::new();
    let mut logs = Vec::new();
    for _ in 0..2 {
        let m = server
            .create(json!({ "game": "toy-nim", "seed": 42,
                "seats": [{ "bot": "random" }, { "bot": "random" }] }))
            .await;
        let end = server.wait_for(&m.id, None, 20, over).await;
        let log: Vec<Value> = end["log"]
            .as_array()
            .unwrap()
            .iter()
            .map(|e| json!([e["actor"], e["action"]]))
            .collect();
        logs.push(log);
    }
    assert_eq!(logs[0], logs[1]);
}

#[tokio::test]
async fn web_files_are_served_with_their_content_types() {
    let server = TestServer::new();
    for uri in ["/", "/match/abc123", "/rules/toy-nim", "/index.html"] {
        let response = tower::ServiceExt::oneshot(
            server.router.clone(),
            axum::http::Request::get(uri)
                .body(axum::body::Body::empty())
                .unwrap(),
        )
        .await
        .unwrap();
        assert_eq!(response.status(), StatusCode::OK, "{uri}");
        assert_eq!(
            response.headers()["content-type"],
            "text/html; charset=utf-8",
            "{uri}"
        );
    }
    // Every file of the web UI is served with its type.
    let web = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../web");
    let mut dirs = vec![web.clone()];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).unwrap().flatten() {
            let path = entry.path();
            let name = entry.file_name().to_string_lossy().into_owned();
            let tooling = name == "package.json" || name == "package-lock.json";
            if name.starts_with('.') || name == "tests" || name == "node_modules" || tooling {
                continue;
            }
            if path.is_dir() {
                dirs.push(path);
                continue;
            }
            let uri = format!("/{}", path.strip_prefix(&web).unwrap().display());
            let want = match path.extension().and_then(|e| e.to_str()) {
                Some("js" | "mjs") => "text/javascript",
                Some("css") => "text/css",
                Some("svg") => "image/svg+xml",
                Some("html") => "text/html",
                _ => "",
            };
            let response = tower::ServiceExt::oneshot(
                server.router.clone(),
                axum::http::Request::get(&uri)
                    .body(axum::body::Body::empty())
                    .unwrap(),
            )
            .await
            .unwrap();
            assert_eq!(response.status(), StatusCode::OK, "{uri}");
            let got = response.headers()["content-type"].to_str().unwrap();
            assert!(got.starts_with(want), "{uri}: {got}");
        }
    }
    for hidden in [
        "/no-such-file.js",
        "/tests/package-lock.json",
        "/package.json",
        "/tests/node_modules/playwright-core/package.json",
    ] {
        let (status, _) = server.get(hidden).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{hidden}");
    }
    let (status, e) = server.get("/api/nothing-here").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert!(e["error"].as_str().unwrap().contains("/api/nothing-here"));
}
