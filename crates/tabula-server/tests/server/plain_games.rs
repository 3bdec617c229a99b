//! Games the web UI has no renderer for: the state carries the board as the game writes it
//! (`board_text`, in each past position too) where the whole position may be shown, and each seat's colour from the
//! game's description; a game whose registry entry ships its own renderer has it served at
//! `/js/games/<name>.js`, and then no board text is sent.

use crate::common;

use axum::http::StatusCode;
use common::TestServer;
use common::toys::NIM_RENDERER;
use serde_json::json;

#[tokio::test]
async fn a_plain_game_s_state_carries_its_board_text_and_its_seats_colours() {
    let server = TestServer::new();
    let m = server
        .create(json!({ "game": "toy-race", "params": { "players": 3 },
                        "seats": [{ "human": true }, { "human": true }, { "human": true }] }))
        .await;
    let state = server.state(&m.id, Some(m.token(1))).await;
    assert_eq!(state["board_text"], "[0, 0, 0] 0", "{state}");
    let colours: Vec<_> = state["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["colour"].clone())
        .collect();
    assert_eq!(
        colours,
        [json!("#e5484d"), json!("#4c8dff"), json!("#3fb950")]
    );
    let (status, _) = server.act(&m.id, m.token(1), "claim", 0).await;
    assert_eq!(status, StatusCode::OK);
    let (status, _) = server.act(&m.id, m.token(1), "hit", 1).await;
    assert_eq!(status, StatusCode::OK);
    let state = server.state(&m.id, None).await;
    assert_eq!(
        state["board_text"], "[1, 0, 0] 0",
        "the board follows the game: {state}"
    );
    // Each past position carries its own board, for stepping back and for the animation.
    let (status, past) = server
        .raw(
            "GET",
            &format!("/api/matches/{}/positions", m.id),
            Vec::new(),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{past}");
    let boards: Vec<_> = past["positions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["board_text"].clone())
        .collect();
    assert_eq!(
        boards,
        [
            json!("[0, 0, 0] 0"),
            json!("[0, 0, 0] 1"),
            json!("[1, 0, 0] 0")
        ],
        "{past}"
    );
    let (status, _) = server.raw("GET", "/js/games/toy-race.js", Vec::new()).await;
    assert_eq!(status, StatusCode::NOT_FOUND, "no renderer of its own");
}

#[tokio::test]
async fn a_game_s_own_renderer_is_served_and_its_state_needs_no_board_text() {
    let server = TestServer::new();
    let (status, body) = server.raw("GET", "/js/games/toy-nim.js", Vec::new()).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body, json!(NIM_RENDERER), "the entry's module, as it is");
    let m = server
        .create(json!({ "game": "toy-nim", "seats": [{ "human": true }, { "bot": "random" }] }))
        .await;
    let state = server.state(&m.id, Some(m.token(1))).await;
    assert!(state.get("board_text").is_none(), "{state}");
    let (status, past) = server
        .raw(
            "GET",
            &format!("/api/matches/{}/positions", m.id),
            Vec::new(),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{past}");
    assert!(past["positions"][0].get("board_text").is_none(), "{past}");
    // The web UI's own renderers stay the web UI's.
    let (status, _) = server
        .raw("GET", "/js/games/no-such-game.js", Vec::new())
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}
