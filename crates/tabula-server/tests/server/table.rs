//! At the table (`POST /api/matches/{id}/table`, `POST …/rematch`): resigning, draw offers
//! and their answers, takebacks against bots (between people: `takeback_people`) and rematches; refusals name what is wrong and
//! change nothing; every event is stored, so a new hub over the same database shows the same
//! match (SQLite and PostgreSQL).

use crate::common;

use common::TestServer;
use serde_json::{Value, json};

/// A table request of the seat holding `token`: the status and the body answered.
pub(crate) async fn ask(server: &TestServer, id: &str, token: &str, request: &str) -> (u16, Value) {
    let (status, body) = server
        .post(
            &format!("/api/matches/{id}/table"),
            json!({ "token": token, "request": request }),
        )
        .await;
    (status.as_u16(), body)
}

async fn rematch(server: &TestServer, id: &str, token: &str) -> (u16, Value) {
    let (status, body) = server
        .post(
            &format!("/api/matches/{id}/rematch"),
            json!({ "token": token }),
        )
        .await;
    (status.as_u16(), body)
}

async fn record(server: &TestServer, id: &str) -> Value {
    let (status, body) = server.get(&format!("/api/matches/{id}/record")).await;
    assert_eq!(status, 200, "{body}");
    body
}

/// A match of `game` between two people, both seats held by the caller.
pub(crate) fn two_people(game: &str) -> Value {
    json!({ "game": game, "seats": [{"human": true}, {"human": true}], "mine": [1, 2] })
}

/// The state without what changes by itself between two reads.
fn settled(mut state: Value) -> Value {
    state["clock"] = Value::Null;
    state
}

async fn resigning(server: &TestServer) -> String {
    let m = server.create(two_people("connect-four")).await;
    assert_eq!(server.act(&m.id, m.token(1), "4", 0).await.0, 200);
    let (status, body) = ask(server, &m.id, m.token(2), "resign").await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["event"], "~resign");
    let state = server.state(&m.id, Some(m.token(1))).await;
    assert_eq!(state["status"]["over"], true);
    assert_eq!(state["status"]["result"]["reason"], "resigned");
    assert_eq!(state["status"]["result"]["by"], 2);
    assert_eq!(state["status"]["result"]["winners"], json!([1]));
    assert_eq!(state["ply"], 1, "resigning is no move");
    assert_eq!(state["legal"], json!([]));
    let (status, body) = server.act(&m.id, m.token(1), "3", 1).await;
    assert_eq!(status, 422, "no move after the end: {body}");
    let (status, body) = ask(server, &m.id, m.token(1), "resign").await;
    assert_eq!(status, 409, "{body}");
    assert_eq!(body["error"], "the game is over");
    m.id
}

/// The seat of `token` plays its first legal action.
async fn play_first_legal(server: &TestServer, id: &str, token: &str) {
    let state = server.state(id, Some(token)).await;
    let action = state["legal"][0]
        .as_str()
        .expect("a legal action")
        .to_string();
    let ply = state["ply"].as_u64().unwrap();
    let (status, body) = server.act(id, token, &action, ply).await;
    assert_eq!(status, 200, "{body}");
}

async fn drawing(server: &TestServer) -> String {
    let m = server.create(two_people("khan-tsin")).await;
    let (t1, t2) = (m.token(1), m.token(2));
    let offer = |s: &Value| s["table"]["offer"].clone();
    assert_eq!(ask(server, &m.id, t1, "offer_draw").await.0, 200);
    assert_eq!(offer(&server.state(&m.id, Some(t2)).await), 1);
    let (status, body) = ask(server, &m.id, t1, "offer_draw").await;
    assert_eq!(
        (status, body["error"].clone()),
        (409, json!("offer_draw: your draw offer stands"))
    );
    let (status, body) = ask(server, &m.id, t2, "offer_draw").await;
    assert_eq!(status, 409, "{body}");
    let (status, body) = ask(server, &m.id, t1, "accept_draw").await;
    assert_eq!(status, 409, "the offerer cannot accept: {body}");
    assert_eq!(ask(server, &m.id, t2, "decline_draw").await.0, 200);
    assert_eq!(offer(&server.state(&m.id, Some(t2)).await), Value::Null);
    let (status, body) = ask(server, &m.id, t1, "offer_draw").await;
    assert_eq!(status, 409, "one offer per move: {body}");
    assert!(
        body["error"]
            .as_str()
            .unwrap()
            .contains("not your turn to offer"),
        "{body}"
    );
    assert_eq!(
        server.state(&m.id, Some(t1)).await["table"]["may_offer"],
        false
    );
    assert_eq!(
        server.state(&m.id, Some(t2)).await["table"]["may_offer"],
        true
    );
    let (status, _) = ask(server, &m.id, t2, "decline_draw").await;
    assert_eq!(status, 409, "no offer stands");
    // The offerer's next move withdraws its offer; the other's move does not.
    play_first_legal(server, &m.id, t1).await;
    assert_eq!(
        ask(server, &m.id, t1, "offer_draw").await.0,
        200,
        "a new move, a new offer"
    );
    play_first_legal(server, &m.id, t2).await;
    assert_eq!(
        offer(&server.state(&m.id, Some(t2)).await),
        1,
        "stands over the other's move"
    );
    play_first_legal(server, &m.id, t1).await;
    assert_eq!(
        offer(&server.state(&m.id, Some(t2)).await),
        Value::Null,
        "withdrawn"
    );
    assert_eq!(ask(server, &m.id, t2, "offer_draw").await.0, 200);
    assert_eq!(ask(server, &m.id, t1, "accept_draw").await.0, 200);
    let state = server.state(&m.id, None).await;
    assert_eq!(state["status"]["result"]["reason"], "agreed");
    assert_eq!(state["status"]["result"]["winners"], json!([1, 2]));
    let events: Vec<Value> = record(server, &m.id).await["events"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["event"].clone())
        .collect();
    assert_eq!(
        events,
        ["~draw", "~decline", "~draw", "~draw", "~accept"].map(Value::from)
    );
    m.id
}

/// Connect Four against a random bot: the person's move, the bot's reply, then a takeback.
async fn taking_back(server: &TestServer, game: &str, first: &str) -> (String, String) {
    let m = server
        .create(json!({ "game": game, "seats": [{"human": true}, {"bot": "random"}] }))
        .await;
    let t = m.token(1);
    let (status, body) = ask(server, &m.id, t, "takeback").await;
    assert_eq!(
        (status, body["error"].clone()),
        (409, json!("takeback: nothing to take back"))
    );
    let start = server.state(&m.id, Some(t)).await;
    assert_eq!(start["table"]["takeback"], false);
    assert_eq!(server.act(&m.id, t, first, 0).await.0, 200);
    let replied = server
        .wait_for(&m.id, Some(t), 20, |s| {
            !s["legal"].as_array().unwrap().is_empty()
        })
        .await;
    assert!(replied["ply"].as_u64().unwrap() >= 2, "{replied}");
    assert_eq!(replied["table"]["takeback"], true);
    let (status, body) = ask(server, &m.id, t, "takeback").await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["ply"], 0);
    let back = server.state(&m.id, Some(t)).await;
    assert_eq!(back["ply"], 0);
    assert_eq!(back["log"], json!([]));
    assert_eq!(back["view"], start["view"], "the start position again");
    assert_eq!(back["legal"], start["legal"]);
    assert!(back["rev"].as_u64().unwrap() > replied["rev"].as_u64().unwrap());
    let (status, positions) = server
        .get(&format!("/api/matches/{}/positions?token={t}", m.id))
        .await;
    assert_eq!(status, 200);
    assert_eq!(positions["positions"].as_array().unwrap().len(), 1);
    // The match goes on from there: a stale ply is refused, the right one is taken.
    assert_eq!(server.act(&m.id, t, first, 2).await.0, 409);
    assert_eq!(server.act(&m.id, t, first, 0).await.0, 200);
    let on = server
        .wait_for(&m.id, Some(t), 20, |s| {
            !s["legal"].as_array().unwrap().is_empty()
        })
        .await;
    assert!(on["ply"].as_u64().unwrap() >= 2);
    let token = t.to_string();
    (m.id, token)
}

crate::both_backends! {
async fn resigning_ends_the_match_and_survives_a_restart(db: TestDb) {
    let (id, before) = {
        let server = TestServer::with_store(db.open().await);
        let id = resigning(&server).await;
        let state = server.state(&id, None).await;
        (id, state)
    };
    let server = TestServer::with_store(db.open().await);
    server.hub.restore().await.unwrap();
    assert_eq!(settled(server.state(&id, None).await), settled(before));
}

async fn a_draw_offer_stands_until_answered_or_the_offerers_move_and_survives_a_restart(db: TestDb) {
    let (id, before) = {
        let server = TestServer::with_store(db.open().await);
        let id = drawing(&server).await;
        let state = server.state(&id, None).await;
        (id, state)
    };
    let server = TestServer::with_store(db.open().await);
    server.hub.restore().await.unwrap();
    assert_eq!(settled(server.state(&id, None).await), settled(before));
}

async fn a_takeback_against_a_bot_survives_a_restart_with_chance_drawn_after_it(db: TestDb) {
    let (id, token, before) = {
        let server = TestServer::with_store(db.open().await);
        // Nim draws a chance event after every take: after the takeback the generator goes on.
        let (id, token) = taking_back(&server, "toy-nim", "take1").await;
        let state = server.state(&id, Some(&token)).await;
        (id, token, state)
    };
    let server = TestServer::with_store(db.open().await);
    let report = server.hub.restore().await.unwrap();
    assert!(report.failed.is_empty(), "{report:?}");
    let after = server.state(&id, Some(&token)).await;
    assert_eq!(after["log"], before["log"]);
    assert_eq!(after["view"], before["view"]);
    assert_eq!(after["rev"], before["rev"]);
}
}

#[tokio::test]
async fn a_takeback_in_connect_four_undoes_the_move_and_the_bots_reply() {
    let server = TestServer::new();
    taking_back(&server, "connect-four", "4").await;
}

#[tokio::test]
async fn a_bot_declines_a_draw_offer_at_once() {
    let server = TestServer::new();
    let m = server
        .create(json!({ "game": "connect-four", "seats": [{"human": true}, {"bot": "random"}] }))
        .await;
    assert_eq!(ask(&server, &m.id, m.token(1), "offer_draw").await.0, 200);
    let state = server.state(&m.id, Some(m.token(1))).await;
    assert_eq!(state["table"]["offer"], Value::Null);
    assert_eq!(state["status"]["over"], false);
    let events = record(&server, &m.id).await["events"].clone();
    assert_eq!(events[0]["event"], "~draw");
    assert_eq!(events[0]["actor"], 1);
    assert_eq!(events[1]["event"], "~decline");
    assert_eq!(events[1]["actor"], 2);
}

#[tokio::test]
async fn draw_offers_are_refused_where_the_rules_have_no_draw() {
    let server = TestServer::new();
    for body in [
        json!({ "game": "toumai", "players": 3, "seats": [{"human": true}, {"human": true}, {"human": true}], "mine": [1, 2, 3] }),
        json!({ "game": "magical-circle", "seats": [{"human": true}, {"human": true}], "mine": [1, 2] }),
    ] {
        let m = server.create(body.clone()).await;
        let (status, answer) = ask(&server, &m.id, m.token(1), "offer_draw").await;
        assert_eq!(status, 422, "{body} → {answer}");
        assert!(
            answer["error"]
                .as_str()
                .unwrap()
                .contains("no draw by agreement")
        );
        let state = server.state(&m.id, Some(m.token(1))).await;
        assert_eq!(state["table"]["draws"], false);
        assert_eq!(state["table"]["offer"], Value::Null);
    }
}

#[tokio::test]
async fn table_requests_need_the_seats_token_and_a_known_request() {
    let server = TestServer::new();
    let m = server.create(two_people("connect-four")).await;
    let uri = format!("/api/matches/{}/table", m.id);
    let (status, body) = server.post(&uri, json!({ "request": "resign" })).await;
    assert_eq!(status, 403, "{body}");
    let (status, body) = server
        .post(&uri, json!({ "token": "nope", "request": "resign" }))
        .await;
    assert_eq!(status, 403, "{body}");
    let (status, body) = ask(&server, &m.id, m.token(1), "surrender").await;
    assert_eq!(status, 400, "{body}");
    assert!(body["error"].as_str().unwrap().contains("`surrender`"));
    let (status, _) = server
        .post(
            "/api/matches/ffffffffffff/table",
            json!({ "token": "x", "request": "resign" }),
        )
        .await;
    assert_eq!(status, 404);
    assert_eq!(server.state(&m.id, None).await["status"]["over"], false);
}

#[tokio::test]
async fn a_rematch_swaps_the_seats_and_gives_every_person_a_seat() {
    let server = TestServer::new();
    let m = server.create(two_people("connect-four")).await;
    let (status, body) = rematch(&server, &m.id, m.token(1)).await;
    assert_eq!(status, 409, "not before the end: {body}");
    assert_eq!(ask(&server, &m.id, m.token(2), "resign").await.0, 200);
    let (status, first) = rematch(&server, &m.id, m.token(1)).await;
    assert_eq!(status, 200, "{first}");
    assert_ne!(first["id"], json!(m.id));
    assert_eq!(first["seat"], 2, "seat 1 moves on to seat 2");
    let new_id = first["id"].as_str().unwrap();
    let mine = server.state(new_id, first["token"].as_str()).await;
    assert_eq!(mine["you"], 2);
    assert_eq!(mine["game"], "connect-four");
    // The other person is told through the old match, and asking again gives the same match.
    let old = server.state(&m.id, Some(m.token(2))).await;
    assert_eq!(old["table"]["rematch"]["id"], first["id"]);
    assert_eq!(old["table"]["rematch"]["seat"], 1);
    let theirs = old["table"]["rematch"]["token"].as_str().unwrap();
    assert_eq!(server.state(new_id, Some(theirs)).await["you"], 1);
    let (status, second) = rematch(&server, &m.id, m.token(2)).await;
    assert_eq!(status, 200);
    assert_eq!(second["id"], first["id"]);
    assert_eq!(second["token"], json!(theirs));
    assert_eq!(
        server.state(&m.id, None).await["table"]["rematch"],
        Value::Null,
        "spectators see no token"
    );
}

#[tokio::test]
async fn a_rematch_against_a_bot_keeps_the_seat_kinds_rotated() {
    let server = TestServer::new();
    let m = server
        .create(json!({ "game": "toumai", "seats": [{"human": true}, {"bot": "random"}], "params": {} }))
        .await;
    assert_eq!(ask(&server, &m.id, m.token(1), "resign").await.0, 200);
    let (status, r) = rematch(&server, &m.id, m.token(1)).await;
    assert_eq!(status, 200, "{r}");
    let state = server
        .state(r["id"].as_str().unwrap(), r["token"].as_str())
        .await;
    assert_eq!(state["seats"][0]["kind"], "bot");
    assert_eq!(state["seats"][0]["level"], "random");
    assert_eq!(state["seats"][1]["kind"], "human");
    assert_eq!(state["you"], 2);
}

/// Resigning with three players: the game ends; the resigner is last, the others share first.
async fn three_player_resign(game: &str) {
    let server = TestServer::new();
    let m = server
        .create(json!({ "game": game, "players": 3,
            "seats": [{"human": true}, {"human": true}, {"human": true}], "mine": [1, 2, 3] }))
        .await;
    assert_eq!(ask(&server, &m.id, m.token(2), "resign").await.0, 200);
    let state = server.state(&m.id, None).await;
    assert_eq!(state["status"]["over"], true, "{game}");
    assert_eq!(
        state["status"]["result"]["ranks"],
        json!([1, 2, 1]),
        "{game}"
    );
    assert_eq!(
        state["status"]["result"]["winners"],
        json!([1, 3]),
        "{game}"
    );
}

#[tokio::test]
async fn r15_toumai_resigning_with_three_players_ends_the_game() {
    three_player_resign("toumai").await;
}

#[tokio::test]
async fn r10_khan_tsin_resigning_with_three_players_ends_the_game() {
    three_player_resign("khan-tsin").await;
}

#[tokio::test]
async fn r14_china_moon_resigning_ends_the_game() {
    three_player_resign("china-moon").await;
}

#[tokio::test]
async fn d22_magical_circle_resigning_ends_the_game() {
    three_player_resign("magical-circle").await;
}

#[tokio::test]
async fn r5_connect_four_resigning_loses() {
    let server = TestServer::new();
    resigning(&server).await;
}

#[tokio::test]
async fn r16_toumai_two_players_may_agree_a_draw() {
    let server = TestServer::new();
    let m = server.create(two_people("toumai")).await;
    assert_eq!(ask(&server, &m.id, m.token(1), "offer_draw").await.0, 200);
    assert_eq!(ask(&server, &m.id, m.token(2), "accept_draw").await.0, 200);
    assert_eq!(
        server.state(&m.id, None).await["status"]["result"]["reason"],
        "agreed"
    );
}

#[tokio::test]
async fn r11_khan_tsin_two_players_may_agree_a_draw() {
    let server = TestServer::new();
    drawing(&server).await;
}

#[tokio::test]
async fn r6_connect_four_players_may_agree_a_draw() {
    let server = TestServer::new();
    let m = server.create(two_people("connect-four")).await;
    assert_eq!(server.act(&m.id, m.token(1), "1", 0).await.0, 200);
    assert_eq!(ask(&server, &m.id, m.token(2), "offer_draw").await.0, 200);
    assert_eq!(ask(&server, &m.id, m.token(1), "accept_draw").await.0, 200);
    let state = server.state(&m.id, None).await;
    assert_eq!(state["status"]["result"]["reason"], "agreed");
    assert_eq!(state["ply"], 1);
}
