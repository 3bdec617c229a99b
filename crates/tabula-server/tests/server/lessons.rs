//! `GET /api/games/{name}/lessons[?lang=]` and `/learn/<game>`: every shipped tutorial replayed
//! for the page, in each language; clear errors for a game without lessons, an unknown game or
//! language.

use crate::common;

use axum::http::StatusCode;
use common::TestServer;
use tabula_catalog::builtin;
use tabula_core::{Actor, Seat};

#[tokio::test]
async fn each_games_lessons_come_replayed_with_the_moves_to_click() {
    let server = TestServer::new();
    for name in [
        "toumai",
        "khan-tsin",
        "china-moon",
        "magical-circle",
        "connect-four",
    ] {
        let (status, en) = server.get(&format!("/api/games/{name}/lessons")).await;
        assert_eq!(status, StatusCode::OK, "{name}: {en}");
        let (_, fr) = server
            .get(&format!("/api/games/{name}/lessons?lang=fr"))
            .await;
        assert_eq!(en["lang"], "en");
        assert_eq!(fr["lang"], "fr");
        assert_ne!(
            en["lessons"][0]["title"], fr["lessons"][0]["title"],
            "{name}"
        );
        let entry = builtin().find(name).unwrap();
        for lesson in en["lessons"].as_array().unwrap() {
            let seat = Seat::from_number(lesson["seat"].as_u64().unwrap() as usize).unwrap();
            let first = &lesson["steps"][0];
            // The board drawn is the position the scripted move is legal in.
            let game = entry
                .load_position(
                    &lesson["steps"][0]["state"]["params"],
                    first["state"]["position"].as_str().unwrap(),
                )
                .unwrap();
            let scripted = first["move"].as_str().unwrap();
            assert!(
                game.is_legal(Actor::Seat(seat), scripted),
                "{name} {scripted}"
            );
            assert_eq!(first["state"]["legal"][0], scripted);
            assert!(first["state"]["view"].is_object(), "{name}: a view to draw");
            assert!(lesson["end"]["view"].is_object(), "{name}: the end view");
        }
    }
}

#[tokio::test]
async fn a_game_without_lessons_an_unknown_game_or_language_is_a_clear_error() {
    let server = TestServer::new();
    let (status, e) = server.get("/api/games/toy-nim/lessons").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(e["error"], "toy-nim has no lessons");
    let (status, e) = server.get("/api/games/chess/lessons").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert!(e["error"].as_str().unwrap().contains("chess"), "{e}");
    let (status, e) = server.get("/api/games/toumai/lessons?lang=de").await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(e["error"].as_str().unwrap().contains("`de`"), "{e}");
    let (status, e) = server.get("/api/games/toumai/lessons?level=1").await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(e["error"].as_str().unwrap().contains("`level`"), "{e}");
}

#[tokio::test]
async fn the_learn_page_is_served_for_a_game() {
    let server = TestServer::new();
    let (status, page) = server.get("/learn/toumai").await;
    assert_eq!(status, StatusCode::OK);
    assert!(page.as_str().unwrap().contains("/js/learn.js"), "{page}");
}
