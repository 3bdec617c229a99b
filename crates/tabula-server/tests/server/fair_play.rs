//! Fair play: no engine help in an unfinished match between people unless every one of them
//! agreed when it was created (`analysis_allowed`, stored with the match and shown to all),
//! matches against bots and finished matches stay analysable, and matches between people
//! that nobody opened to the lobby stay out of the public list.

use crate::common;

use axum::http::StatusCode;
use common::backends::{Backend, TestDb};
use common::{TestServer, over};
use serde_json::{Value, json};
use std::time::{Duration, Instant};

/// Red (`x`, seat 1) to move wins at once in column 3.
const RED_WINS_IN_3: &str = "......./o....../o..x.../x..oox./oo.oxo./xx.xxox x";

fn analysis(id: &str) -> String {
    format!("/api/matches/{id}/analysis")
}

/// A live Connect Four match between two people; `agreed`: `analysis_allowed` as given.
async fn between_people(server: &TestServer, agreed: Option<bool>) -> common::Created {
    let mut body = json!({ "game": "connect-four", "position": RED_WINS_IN_3, "seed": 3,
                           "seats": [{ "human": true }, { "human": true }] });
    if let Some(a) = agreed {
        body["analysis_allowed"] = json!(a);
    }
    server.create(body).await
}

/// Both methods of the analysis, and one position alone, answer `code`.
async fn analysis_answers(server: &TestServer, id: &str, code: StatusCode) -> Vec<Value> {
    let mut answers = Vec::new();
    for (method, uri) in [
        ("POST", analysis(id)),
        ("GET", analysis(id)),
        ("GET", format!("{}?ply=0", analysis(id))),
    ] {
        let (status, answer) = server.raw(method, &uri, Vec::new()).await;
        assert_eq!(status, code, "{method} {uri}: {answer}");
        answers.push(answer);
    }
    answers
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn analysis_of_a_live_match_between_people_is_refused_unless_all_agreed() {
    let server = TestServer::new();
    for agreed in [None, Some(false)] {
        let m = between_people(&server, agreed).await;
        for answer in analysis_answers(&server, &m.id, StatusCode::FORBIDDEN).await {
            let error = answer["error"].as_str().unwrap();
            assert!(error.contains("2 people"), "{error}");
            assert!(error.contains("analysis_allowed"), "{error}");
        }
        // Every seat and every spectator sees that the match was not agreed for analysis.
        for token in [Some(m.token(1)), Some(m.token(2)), None] {
            let state = server.state(&m.id, token).await;
            assert_eq!(state["analysis_allowed"], json!(false), "{state}");
        }
    }
    let agreed = between_people(&server, Some(true)).await;
    for token in [Some(agreed.token(1)), Some(agreed.token(2)), None] {
        let state = server.state(&agreed.id, token).await;
        assert_eq!(state["analysis_allowed"], json!(true));
    }
    let (status, answer) = server.raw("POST", &analysis(&agreed.id), Vec::new()).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn matches_against_bots_and_finished_matches_stay_analysable() {
    let server = TestServer::new();
    let vs_bot = server
        .create(json!({ "game": "connect-four", "position": RED_WINS_IN_3,
                        "seats": [{ "human": true }, { "bot": "random" }] }))
        .await;
    let (status, answer) = server.raw("POST", &analysis(&vs_bot.id), Vec::new()).await;
    assert_eq!(status, StatusCode::OK, "a match against a bot: {answer}");
    // A match between people, refused while it goes on, is analysed once it is over.
    let m = between_people(&server, None).await;
    analysis_answers(&server, &m.id, StatusCode::FORBIDDEN).await;
    for (ply, (seat, action)) in [(1, "7"), (2, "6"), (1, "3")].into_iter().enumerate() {
        let (status, answer) = server.act(&m.id, m.token(seat), action, ply as u64).await;
        assert_eq!(status, StatusCode::OK, "{action}: {answer}");
    }
    assert!(over(&server.state(&m.id, None).await));
    let (status, answer) = server.raw("POST", &analysis(&m.id), Vec::new()).await;
    assert_eq!(status, StatusCode::OK, "a finished match: {answer}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_analysis_agreement_is_stored_with_the_match_and_survives_a_restart() {
    let db = TestDb::new(Backend::Sqlite, "analysis-agreement").await;
    let (agreed, refused) = {
        let server = TestServer::with_store(db.open().await);
        let agreed = between_people(&server, Some(true)).await;
        let refused = between_people(&server, None).await;
        (agreed.id, refused.id)
    };
    let server = TestServer::with_store(db.open().await);
    server.hub.restore().await.expect("the matches replay");
    let record = server.get(&format!("/api/matches/{agreed}/record")).await.1;
    assert_eq!(record["analysis_allowed"], json!(true), "{record}");
    let (status, answer) = server.raw("POST", &analysis(&agreed), Vec::new()).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    analysis_answers(&server, &refused, StatusCode::FORBIDDEN).await;
}

#[tokio::test]
async fn conflicting_analysis_flags_are_refused_and_nothing_is_created() {
    let server = TestServer::new();
    let (status, answer) = server
        .post(
            "/api/matches",
            json!({ "game": "connect-four", "analysis_allowed": true, "hints": false,
                    "seats": [{ "human": true }, { "human": true }] }),
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");
    assert!(
        answer["error"]
            .as_str()
            .unwrap()
            .contains("analysis_allowed")
    );
    let (_, list) = server.get("/api/matches").await;
    assert_eq!(list["matches"], json!([]));
    // `hints`, the flag's older name, still sets it.
    let m = server
        .create(json!({ "game": "connect-four", "hints": true,
                        "seats": [{ "human": true }, { "human": true }] }))
        .await;
    assert_eq!(
        server.state(&m.id, None).await["analysis_allowed"],
        json!(true)
    );
}

#[tokio::test]
async fn private_matches_stay_out_of_the_lobby() {
    let server = TestServer::new();
    let private = server
        .create(json!({ "game": "toy-nim", "seats": [{ "human": true }, { "human": true }] }))
        .await;
    let three = server
        .create(json!({ "game": "toy-race", "players": 3,
            "seats": [{ "human": true }, { "human": true }, { "bot": "shy" }] }))
        .await;
    let lobby = server
        .create(json!({ "game": "toy-nim",
            "seats": [{ "human": true }, { "human": true, "open": true }] }))
        .await;
    let vs_bot = server
        .create(json!({ "game": "toy-nim", "seats": [{ "human": true }, { "bot": "shy" }] }))
        .await;
    let ids = |list: &Value| -> Vec<String> {
        list["matches"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m["id"].as_str().unwrap().to_string())
            .collect()
    };
    for uri in [
        "/api/matches",
        "/api/matches?open=true",
        "/api/matches?game=toy-nim",
    ] {
        let (status, list) = server.get(uri).await;
        assert_eq!(status, StatusCode::OK);
        let listed = ids(&list);
        assert!(!listed.contains(&private.id), "{uri}: {list}");
        assert!(!listed.contains(&three.id), "{uri}: {list}");
        assert!(listed.contains(&lobby.id), "{uri}: {list}");
    }
    let (_, all) = server.get("/api/matches").await;
    assert!(ids(&all).contains(&vs_bot.id), "{all}");
    // Once its lobby seat is taken, a lobby match stays public.
    let (status, _) = server
        .post(&format!("/api/matches/{}/join", lobby.id), json!({}))
        .await;
    assert_eq!(status, StatusCode::OK);
    assert!(ids(&server.get("/api/matches").await.1).contains(&lobby.id));
    // A private match is still watched through its link.
    let state = server.state(&private.id, None).await;
    assert_eq!(state["you"], Value::Null);
    // And it stays private once it is over.
    let (status, _) = server
        .post(
            &format!("/api/matches/{}/table", private.id),
            json!({ "token": private.token(1), "request": "resign" }),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let start = Instant::now();
    while !over(&server.state(&private.id, None).await) {
        assert!(start.elapsed() < Duration::from_secs(30));
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    assert!(!ids(&server.get("/api/matches").await.1).contains(&private.id));
}
