//! `GET /api/matches/{id}/positions`: every position of a match, the start included, as the
//! viewer saw it live at each ply; refusals name what is wrong.

use crate::common;

use common::TestServer;
use serde_json::{Value, json};

async fn positions(server: &TestServer, id: &str, token: Option<&str>) -> (u16, Value) {
    let uri = match token {
        Some(t) => format!("/api/matches/{id}/positions?token={t}"),
        None => format!("/api/matches/{id}/positions"),
    };
    let (status, body) = server.get(&uri).await;
    (status.as_u16(), body)
}

#[tokio::test]
async fn every_position_is_the_view_the_seat_saw_at_that_ply() {
    let server = TestServer::new();
    let m = server
        .create(json!({
            "game": "connect-four",
            "seats": [{"human": true}, {"human": true}],
            "mine": [1, 2],
        }))
        .await;
    let mut seen = vec![server.state(&m.id, Some(m.token(1))).await];
    for (ply, (seat, column)) in [(1, "4"), (2, "4"), (1, "3")].into_iter().enumerate() {
        let (status, answer) = server
            .post(
                &format!("/api/matches/{}/actions", m.id),
                json!({"token": m.token(seat), "action": column, "ply": ply}),
            )
            .await;
        assert_eq!(status, 200, "{answer}");
        seen.push(server.state(&m.id, Some(m.token(1))).await);
    }
    let (status, body) = positions(&server, &m.id, Some(m.token(1))).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["ply"], 3);
    let list = body["positions"].as_array().expect("positions");
    assert_eq!(list.len(), 4, "the start and one position per log entry");
    for (k, (pos, live)) in list.iter().zip(&seen).enumerate() {
        assert_eq!(pos["ply"], k, "position {k}");
        assert_eq!(pos["view"], live["view"], "the view at ply {k}");
        assert_eq!(pos["status"], live["status"], "the status at ply {k}");
    }
    assert_ne!(list[0]["view"], list[3]["view"], "the positions differ");
}

#[tokio::test]
async fn a_spectator_gets_the_positions_as_a_spectator() {
    let server = TestServer::new();
    let m = server
        .create(
            json!({"game": "toumai", "seats": [{"human": true}, {"human": true}], "mine": [1, 2]}),
        )
        .await;
    let live = server.state(&m.id, None).await;
    let (status, body) = positions(&server, &m.id, None).await;
    assert_eq!(status, 200, "{body}");
    let list = body["positions"].as_array().expect("positions");
    assert_eq!(list.len() as u64, live["ply"].as_u64().unwrap() + 1);
    assert_eq!(list.last().unwrap()["view"], live["view"]);
}

#[tokio::test]
async fn a_wrong_token_or_an_unknown_match_is_refused_with_the_reason() {
    let server = TestServer::new();
    let m = server
        .create(json!({"game": "connect-four", "seats": [{"human": true}, {"bot": "random"}], "mine": [1]}))
        .await;
    let (status, body) = positions(&server, &m.id, Some("not-a-token")).await;
    assert_eq!(status, 403, "{body}");
    assert!(body["error"].as_str().unwrap().contains("token"), "{body}");
    let (status, body) = positions(&server, "zzzzzzzzzzzz", None).await;
    assert_eq!(status, 404, "{body}");
    assert!(
        body["error"].as_str().unwrap().contains("zzzzzzzzzzzz"),
        "{body}"
    );
}
