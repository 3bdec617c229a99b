//! A takeback between two people: asked of the other person, who allows or declines it; one
//! request per position, none while one stands, and any move lapses it. Each answer is an
//! event of the log, so a new hub over the same database shows the same match (SQLite and
//! PostgreSQL).

use crate::common;
use crate::table::{ask, two_people};

use common::TestServer;
use serde_json::{Value, json};

/// Seat 1 asks twice for a takeback: declined, then (after a move of its own) allowed. The
/// match's id, and its state as seat 1 sees it at the end.
async fn asking(server: &TestServer) -> (String, Value) {
    let m = server.create(two_people("connect-four")).await;
    let (one, two) = (m.token(1), m.token(2));
    let (status, body) = ask(server, &m.id, one, "takeback").await;
    assert_eq!(
        (status, &body["error"]),
        (409, &json!("takeback: nothing to take back"))
    );
    assert_eq!(server.act(&m.id, one, "4", 0).await.0, 200);
    assert_eq!(server.act(&m.id, two, "3", 1).await.0, 200);
    let state = server.state(&m.id, Some(one)).await;
    assert_eq!(
        state["table"]["takeback"], true,
        "a move to take back, a person to ask"
    );

    let (status, body) = ask(server, &m.id, one, "takeback").await;
    assert_eq!((status, &body["event"]), (200, &json!("~undo")), "{body}");
    let seen = server.state(&m.id, Some(two)).await;
    assert_eq!(
        seen["table"]["takeback_ask"], 1,
        "the other person sees the request"
    );
    assert_eq!(
        seen["table"]["takeback"], false,
        "no request against a standing one"
    );
    assert_eq!(seen["ply"], 2, "asking changes no move");
    let (status, body) = ask(server, &m.id, one, "takeback").await;
    assert_eq!(
        (status, &body["error"]),
        (409, &json!("takeback: your request stands"))
    );
    let (status, body) = ask(server, &m.id, two, "takeback").await;
    assert_eq!(status, 409, "{body}");
    assert!(
        body["error"].as_str().unwrap().contains("seat 1 asked"),
        "{body}"
    );
    let (status, body) = ask(server, &m.id, one, "accept_takeback").await;
    assert_eq!(status, 409, "the asker does not answer itself: {body}");

    let (status, body) = ask(server, &m.id, two, "decline_takeback").await;
    assert_eq!(
        (status, &body["event"]),
        (200, &json!("~undo-decline")),
        "{body}"
    );
    let state = server.state(&m.id, Some(one)).await;
    assert_eq!(
        (state["ply"].clone(), state["table"]["takeback_ask"].clone()),
        (json!(2), Value::Null)
    );
    let (status, body) = ask(server, &m.id, one, "takeback").await;
    assert_eq!(status, 409, "one request per position: {body}");
    assert!(
        body["error"]
            .as_str()
            .unwrap()
            .contains("one request per position")
    );

    // A move lapses a standing request.
    assert_eq!(server.act(&m.id, one, "5", 2).await.0, 200);
    assert_eq!(ask(server, &m.id, one, "takeback").await.0, 200);
    assert_eq!(server.act(&m.id, two, "3", 3).await.0, 200);
    let state = server.state(&m.id, Some(one)).await;
    assert_eq!(
        state["table"]["takeback_ask"],
        Value::Null,
        "the reply lapsed the request"
    );

    // Asked again and allowed: seat 1's last move and the reply are undone.
    assert_eq!(ask(server, &m.id, one, "takeback").await.0, 200);
    let (status, body) = ask(server, &m.id, two, "accept_takeback").await;
    assert_eq!(
        (status, &body["event"]),
        (200, &json!("~undo-accept")),
        "{body}"
    );
    let state = server.state(&m.id, Some(one)).await;
    assert_eq!(
        state["ply"], 2,
        "back to the position before seat 1's move 5"
    );
    assert_eq!(state["log"].as_array().unwrap().len(), 2);
    assert_eq!(state["status"]["to_act"], json!([1]));
    assert!(state["legal"].as_array().unwrap().contains(&json!("5")));
    (m.id, state)
}

crate::both_backends! {
async fn a_takeback_between_people_is_asked_then_allowed_or_declined_and_survives_a_restart(db: TestDb) {
    let (id, before) = {
        let server = TestServer::with_store(db.open().await);
        asking(&server).await
    };
    let server = TestServer::with_store(db.open().await);
    let report = server.hub.restore().await.unwrap();
    assert!(report.failed.is_empty(), "{report:?}");
    let (status, record) = server.get(&format!("/api/matches/{id}/record")).await;
    assert_eq!(status, 200);
    let events: Vec<&str> = record["events"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["event"].as_str().unwrap())
        .collect();
    assert_eq!(events, ["~undo", "~undo-decline", "~undo", "~undo", "~undo-accept", "~takeback 2"]);
    let after = server.state(&id, None).await;
    assert_eq!(after["log"], before["log"]);
    assert_eq!(after["rev"], before["rev"]);
    assert_eq!(after["view"], before["view"]);
}
}

#[tokio::test]
async fn takebacks_are_refused_between_three_people_and_answers_need_a_request() {
    let server = TestServer::new();
    let m = server
        .create(json!({ "game": "toumai", "players": 3, "seats": [{"human": true}, {"human": true}, {"human": true}], "mine": [1, 2, 3] }))
        .await;
    let state = server.state(&m.id, Some(m.token(1))).await;
    let action = state["legal"][0].as_str().unwrap().to_string();
    assert_eq!(server.act(&m.id, m.token(1), &action, 0).await.0, 200);
    let (status, body) = ask(&server, &m.id, m.token(1), "takeback").await;
    assert_eq!(status, 422, "{body}");
    assert!(
        body["error"].as_str().unwrap().contains("two-player match"),
        "{body}"
    );
    let two = server.create(two_people("connect-four")).await;
    for request in ["accept_takeback", "decline_takeback"] {
        let (status, body) = ask(&server, &two.id, two.token(2), request).await;
        assert_eq!(
            (status, &body["error"]),
            (409, &json!("no takeback request stands"))
        );
    }
    assert_eq!(server.state(&m.id, None).await["ply"], 1, "nothing changed");
}
