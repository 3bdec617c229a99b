//! The analysis of a match (`POST`/`GET /api/matches/{id}/analysis`): a known Connect Four
//! blunder is marked a mistake with the winning move named, progress is reported until every
//! position is searched, at most `per_match` positions are searched at once, a second request
//! joins the first analysis, a live match of a game with hidden information is refused, and
//! bad ids and bad input get clear errors.

use crate::common;

use axum::http::StatusCode;
use common::{TestServer, over};
use serde_json::{Value, json};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tabula_server::live::AnalysisOptions;
use tabula_server::{HubOptions, MemoryStore};

/// Red (`x`, seat 1) to move wins at once in column 3 (the bottom row's gap).
const RED_WINS_IN_3: &str = "......./o....../o..x.../x..oox./oo.oxo./xx.xxox x";

fn server_with(per_match: usize) -> TestServer {
    server_with_bot(per_match, "strong")
}

fn server_with_bot(per_match: usize, bot: &str) -> TestServer {
    TestServer::with_options(
        Arc::new(MemoryStore::new()),
        HubOptions {
            analysis: AnalysisOptions {
                bot: bot.into(),
                iterations: 5_000,
                time_ms: None,
                per_match,
                max_running: per_match,
                ..AnalysisOptions::default()
            },
            ..HubOptions::default()
        },
    )
}

/// A finished match from [`RED_WINS_IN_3`]: red misses the win (7), yellow misses the block
/// (6), red wins (3).
async fn blundered_match(server: &TestServer) -> String {
    let m = server
        .create(
            json!({ "game": "connect-four", "position": RED_WINS_IN_3, "seed": 3,
                        "seats": [{ "human": true }, { "human": true }] }),
        )
        .await;
    for (ply, (seat, action)) in [(1, "7"), (2, "6"), (1, "3")].into_iter().enumerate() {
        let (status, answer) = server.act(&m.id, m.token(seat), action, ply as u64).await;
        assert_eq!(status, StatusCode::OK, "{action}: {answer}");
    }
    let state = server.state(&m.id, None).await;
    assert!(over(&state), "red has four in a row: {}", state["status"]);
    m.id
}

/// Polls the analysis until it is complete, checking that progress never goes back.
async fn until_complete(server: &TestServer, id: &str) -> Value {
    let start = Instant::now();
    let mut last_done = 0;
    loop {
        let (status, progress) = server.get(&format!("/api/matches/{id}/analysis")).await;
        assert_eq!(status, StatusCode::OK, "{progress}");
        let done = progress["done"].as_u64().expect("done");
        assert!(done >= last_done, "progress went back: {progress}");
        assert!(done <= progress["total"].as_u64().expect("total"));
        last_done = done;
        if progress["complete"] == json!(true) {
            return progress;
        }
        assert!(
            start.elapsed() < Duration::from_secs(120),
            "the analysis of {id} did not complete: {progress}"
        );
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_missed_win_is_marked_mistake_with_the_winning_move_named() {
    let server = server_with(2);
    let id = blundered_match(&server).await;
    let (status, started) = server
        .raw("POST", &format!("/api/matches/{id}/analysis"), Vec::new())
        .await;
    assert_eq!(status, StatusCode::OK, "{started}");
    let done = until_complete(&server, &id).await;
    let moves = done["moves"].as_array().expect("moves");
    assert_eq!(moves.len(), 3, "{done}");
    // Red's 7 throws the win away; so does yellow's 6, which leaves the win open.
    assert_eq!(moves[0]["action"], json!("7"));
    assert_eq!(moves[0]["mark"], json!("mistake"), "{}", moves[0]);
    assert_eq!(moves[0]["best"], json!("3"), "{}", moves[0]);
    assert!(moves[0]["loss"].as_f64().unwrap() >= 0.15);
    assert_eq!(moves[1]["mark"], json!("mistake"), "{}", moves[1]);
    assert_eq!(
        moves[1]["best"],
        json!("3"),
        "yellow should block: {}",
        moves[1]
    );
    assert_eq!(moves[2]["mark"], json!("good"), "{}", moves[2]);
    assert_eq!(moves[2]["loss"], json!(0.0), "{}", moves[2]);
    let positions = done["positions"].as_array().expect("positions");
    assert_eq!(positions.len(), 4);
    assert_eq!(positions[0]["seat"], json!(1));
    assert_eq!(positions[0]["best"], json!("3"));
    assert!(
        positions[0]["value"][0].as_f64().unwrap() > 0.9,
        "{}",
        positions[0]
    );
    // The last position is over: its values are the results, nothing was searched.
    assert_eq!(positions[3]["state"], json!("over"));
    assert_eq!(positions[3]["value"], json!([1.0, 0.0]));
    assert_eq!(done["total"], json!(3));
    assert_eq!(
        done["thresholds"],
        json!({ "inaccuracy": 0.05, "mistake": 0.15 })
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn progress_is_reported_and_a_second_viewer_joins_the_analysis() {
    let server = server_with(1);
    let id = blundered_match(&server).await;
    let uri = format!("/api/matches/{id}/analysis");
    let (status, first) = server.raw("POST", &uri, Vec::new()).await;
    assert_eq!(status, StatusCode::OK, "{first}");
    assert_eq!(first["total"], json!(3));
    assert_eq!(first["ply"], json!(3));
    let states: Vec<&str> = first["positions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["state"].as_str().unwrap())
        .collect();
    assert!(
        states[..3]
            .iter()
            .all(|s| ["pending", "running", "done"].contains(s)),
        "{states:?}"
    );
    let done = until_complete(&server, &id).await;
    assert_eq!(done["done"], json!(3));
    // Another viewer: the results are there at once, nothing is searched again.
    let (status, again) = server.raw("POST", &uri, Vec::new()).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(again["complete"], json!(true), "{again}");
    assert_eq!(again["in_flight"], json!(0));
    assert_eq!(again["moves"], done["moves"]);
    // One position alone.
    let (status, one) = server.get(&format!("{uri}?ply=1")).await;
    assert_eq!(status, StatusCode::OK, "{one}");
    assert_eq!(one["positions"].as_array().unwrap().len(), 1);
    assert_eq!(one["positions"][0]["ply"], json!(1));
    assert_eq!(one["moves"][0]["action"], json!("6"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_more_than_per_match_positions_are_searched_at_once() {
    for cap in [1, 2] {
        let server = server_with(cap);
        // A whole random game: more positions than the cap.
        let m = server
            .create(json!({ "game": "connect-four", "seed": 8,
                            "seats": [{ "bot": "random" }, { "bot": "random" }] }))
            .await;
        server.wait_for(&m.id, None, 60, over).await;
        let uri = format!("/api/matches/{}/analysis", m.id);
        let (status, started) = server.raw("POST", &uri, Vec::new()).await;
        assert_eq!(status, StatusCode::OK, "{started}");
        assert!(started["total"].as_u64().unwrap() > cap as u64);
        assert!(started["in_flight"].as_u64().unwrap() <= cap as u64);
        let done = until_complete(&server, &m.id).await;
        assert_eq!(done["per_match"], json!(cap));
        let peak = done["peak_in_flight"].as_u64().unwrap();
        assert!(peak >= 1 && peak <= cap as u64, "cap {cap}: {peak} at once");
        let marked = done["moves"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|m| m["mark"].is_string())
            .count();
        assert_eq!(marked, done["moves"].as_array().unwrap().len(), "{done}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_live_match_with_hidden_information_is_refused_naming_why() {
    let server = server_with(2);
    let m = server
        .create(json!({ "game": "toy-nim", "seats": [{ "human": true }, { "human": true }] }))
        .await;
    let uri = format!("/api/matches/{}/analysis", m.id);
    for method in ["POST", "GET"] {
        let (status, answer) = server.raw(method, &uri, Vec::new()).await;
        assert_eq!(status, StatusCode::CONFLICT, "{method}: {answer}");
        let error = answer["error"].as_str().unwrap();
        assert!(error.contains("hidden information"), "{error}");
        assert!(error.contains("not over"), "{error}");
    }
    // A live Connect Four match (no hidden information) whose players agreed to analysis is
    // analysed as it stands.
    let c4 = server
        .create(json!({ "game": "connect-four", "position": RED_WINS_IN_3,
                        "analysis_allowed": true,
                        "seats": [{ "human": true }, { "human": true }] }))
        .await;
    let (status, answer) = server
        .raw(
            "POST",
            &format!("/api/matches/{}/analysis", c4.id),
            Vec::new(),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let done = until_complete(&server, &c4.id).await;
    assert_eq!(done["positions"][0]["best"], json!("3"));
    assert_eq!(done["moves"], json!([]));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_ids_and_bad_input_get_clear_errors() {
    let server = server_with(2);
    for method in ["POST", "GET"] {
        let (status, answer) = server
            .raw(method, "/api/matches/nosuchmatch/analysis", Vec::new())
            .await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{answer}");
        assert!(answer["error"].as_str().unwrap().contains("nosuchmatch"));
    }
    let id = blundered_match(&server).await;
    let uri = format!("/api/matches/{id}/analysis");
    // Nothing started yet.
    let (status, answer) = server.get(&uri).await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{answer}");
    assert!(
        answer["error"].as_str().unwrap().contains("POST"),
        "{answer}"
    );
    server.raw("POST", &uri, Vec::new()).await;
    for (query, code, words) in [
        ("ply=abc", StatusCode::BAD_REQUEST, "not a position number"),
        ("ply=-1", StatusCode::BAD_REQUEST, "not a position number"),
        (
            "ply=9",
            StatusCode::BAD_REQUEST,
            "past the analysed positions (0 to 3)",
        ),
        // The game is over in position 3: no seat may act.
        ("ply=3", StatusCode::CONFLICT, "no seat may act"),
    ] {
        let (status, answer) = server.get(&format!("{uri}?{query}")).await;
        assert_eq!(status, code, "{query}: {answer}");
        let error = answer["error"].as_str().unwrap();
        assert!(error.contains(words), "{query}: {error}");
    }
    let (status, _) = server.raw("DELETE", &uri, Vec::new()).await;
    assert_eq!(status, StatusCode::METHOD_NOT_ALLOWED);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_hidden_game_is_analysed_and_chance_gets_no_mark() {
    let server = server_with_bot(2, "random");
    // The toy Nim hides its stones and draws chance after each take; its random bots do not
    // search, so each seat's position reports why it was not analysed.
    let m = server
        .create(
            json!({ "game": "toy-nim", "params": { "stones": 9 }, "seed": 4,
                        "seats": [{ "bot": "random" }, { "bot": "random" }] }),
        )
        .await;
    server.wait_for(&m.id, None, 30, over).await;
    let (status, answer) = server
        .raw(
            "POST",
            &format!("/api/matches/{}/analysis", m.id),
            Vec::new(),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let done = until_complete(&server, &m.id).await;
    let moves = done["moves"].as_array().unwrap();
    let positions = done["positions"].as_array().unwrap();
    let chance: Vec<&Value> = moves
        .iter()
        .filter(|e| e["actor"] == json!("chance"))
        .collect();
    assert!(!chance.is_empty(), "the game drew chance: {done}");
    for e in &chance {
        assert_eq!(e["mark"], Value::Null, "{e}");
        assert_eq!(e["loss"], Value::Null, "{e}");
        let k = e["ply"].as_u64().unwrap() as usize;
        assert_eq!(positions[k]["state"], json!("none"), "{}", positions[k]);
    }
    let seat_moves: Vec<&Value> = moves.iter().filter(|e| e["actor"].is_number()).collect();
    assert!(!seat_moves.is_empty());
    for e in seat_moves {
        assert_eq!(
            e["mark"],
            Value::Null,
            "nothing searched, nothing judged: {e}"
        );
        let k = e["ply"].as_u64().unwrap() as usize;
        assert_eq!(positions[k]["state"], json!("failed"));
        let error = positions[k]["error"].as_str().unwrap();
        assert!(error.contains("does not search"), "{error}");
    }
    // Chance positions are refused one by one too.
    let k = chance[0]["ply"].as_u64().unwrap();
    let (status, answer) = server
        .get(&format!("/api/matches/{}/analysis?ply={k}", m.id))
        .await;
    assert_eq!(status, StatusCode::CONFLICT, "{answer}");
    assert!(
        answer["error"]
            .as_str()
            .unwrap()
            .contains("no seat may act")
    );
}
