//! The server offers Tic-Tac-Toe from an open catalog (the built-in games and this crate's
//! entry): `/api/games` lists it with its seats, its rules are served, and two players play a
//! match to a win through the HTTP API.

use axum::body::Body;
use axum::http::{Request, StatusCode};
use serde_json::{Value, json};
use std::sync::Arc;
use tabula_server::{Catalog, Hub, HubOptions, MemoryStore, api};
use tower::ServiceExt;

/// A request to the router; the answer's body as JSON (a string when it is not JSON).
async fn call(router: &axum::Router, method: &str, uri: &str, body: Value) -> (StatusCode, Value) {
    let request = Request::builder()
        .method(method)
        .uri(uri)
        .header("content-type", "application/json")
        .body(match body {
            Value::Null => Body::empty(),
            body => Body::from(body.to_string()),
        })
        .unwrap();
    let response = router.clone().oneshot(request).await.unwrap();
    let status = response.status();
    let bytes = axum::body::to_bytes(response.into_body(), usize::MAX)
        .await
        .unwrap();
    let text = String::from_utf8_lossy(&bytes).into_owned();
    (
        status,
        serde_json::from_str(&text).unwrap_or(Value::String(text)),
    )
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_server_offers_and_plays_tic_tac_toe() {
    let catalog = Catalog::of(tabula_tic_tac_toe::catalog());
    let hub = Arc::new(Hub::new(
        catalog,
        Arc::new(MemoryStore::new()),
        HubOptions::default(),
    ));
    let router = api::router(hub);

    let (status, games) = call(&router, "GET", "/api/games", Value::Null).await;
    assert_eq!(status, StatusCode::OK);
    let names: Vec<&str> = games
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["name"].as_str().unwrap())
        .collect();
    assert_eq!(
        names.first(),
        Some(&"toumai"),
        "the built-in games come first"
    );
    assert_eq!(names.last(), Some(&"tic-tac-toe"));
    let game = games.as_array().unwrap().last().unwrap();
    assert_eq!(game["title"], json!("Tic-Tac-Toe"));
    assert_eq!(
        game["seats"][1],
        json!({"name": "blue", "colour": "#3f7fe0"})
    );

    let (status, rules) = call(&router, "GET", "/api/games/tic-tac-toe/rules", Value::Null).await;
    assert_eq!(status, StatusCode::OK);
    assert!(
        rules.as_str().unwrap().starts_with("# Tic-Tac-Toe"),
        "{rules}"
    );

    let body = json!({"game": "tic-tac-toe", "seats": [{"human": true}, {"human": true}]});
    let (status, created) = call(&router, "POST", "/api/matches", body).await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    let id = created["id"].as_str().unwrap();
    let token = |seat: usize| {
        created["seats"][seat]["token"]
            .as_str()
            .unwrap()
            .to_string()
    };
    let uri = format!("/api/matches/{id}/actions");
    // Red 1, Blue 2, Red 5, Blue 3, Red 9: the diagonal 1-5-9.
    for (ply, cell) in ["1", "2", "5", "3", "9"].into_iter().enumerate() {
        let body = json!({"token": token(ply % 2), "action": cell, "ply": ply});
        let (status, answer) = call(&router, "POST", &uri, body).await;
        assert_eq!(status, StatusCode::OK, "{cell}: {answer}");
        assert_eq!(answer, json!({"ply": ply + 1, "action": cell}));
    }
    let body = json!({"token": token(1), "action": "4", "ply": 5});
    let (status, refused) = call(&router, "POST", &uri, body).await;
    assert!(status.is_client_error(), "{status} {refused}");

    let (_, state) = call(&router, "GET", &format!("/api/matches/{id}"), Value::Null).await;
    assert_eq!(state["position"], json!("xoo/.x./..x o"));
    assert_eq!(state["status"]["over"], json!(true));
    assert_eq!(state["status"]["result"]["winners"], json!([1]));
}
