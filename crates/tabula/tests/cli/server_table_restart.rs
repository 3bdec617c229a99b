//! `tabula serve` killed with SIGKILL after requests at the table: a standing draw offer, a
//! takeback against a bot and a resignation, each acknowledged, are all there after a restart
//! on the same database.

use crate::server_common;

use serde_json::{Value, json};
use server_common::{ServerProcess, temp_db};
use std::time::{Duration, Instant};

fn create(server: &ServerProcess, body: Value) -> (String, Vec<Option<String>>) {
    let (status, made) = server.post("/api/matches", &body);
    assert_eq!(status, 201, "{made}");
    let tokens = made["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["token"].as_str().map(str::to_string))
        .collect();
    (made["id"].as_str().unwrap().to_string(), tokens)
}

fn ask(server: &ServerProcess, id: &str, token: &str, request: &str) -> (u16, Value) {
    server.post(
        &format!("/api/matches/{id}/table"),
        &json!({ "token": token, "request": request }),
    )
}

fn state(server: &ServerProcess, id: &str, token: &str) -> Value {
    let (status, state) = server.get(&format!("/api/matches/{id}?token={token}"));
    assert_eq!(status, 200, "{state}");
    state
}

/// The parts of a state that the table changes (not the clock, nor what bots do next).
fn table_part(s: &Value) -> Value {
    json!({ "ply": s["ply"], "rev": s["rev"], "log": s["log"], "table": s["table"],
        "status": s["status"], "view": s["view"] })
}

#[test]
fn table_events_acknowledged_before_a_sigkill_are_there_after_the_restart() {
    let db = temp_db("table-sigkill");
    let args = ["--db", db.to_str().unwrap()];
    let mut server = ServerProcess::start(&args);
    let two = json!({ "game": "connect-four", "seats": [{"human": true}, {"human": true}], "mine": [1, 2] });
    // A draw offer left standing.
    let (offer_id, offer_tokens) = create(&server, two.clone());
    let t1 = offer_tokens[0].clone().unwrap();
    assert_eq!(ask(&server, &offer_id, &t1, "offer_draw").0, 200);
    // A resignation.
    let (resign_id, resign_tokens) = create(&server, two);
    let r2 = resign_tokens[1].clone().unwrap();
    assert_eq!(ask(&server, &resign_id, &r2, "resign").0, 200);
    // A takeback against a bot, after the bot's reply.
    let (back_id, back_tokens) = create(
        &server,
        json!({ "game": "connect-four", "seats": [{"human": true}, {"bot": "random"}] }),
    );
    let b1 = back_tokens[0].clone().unwrap();
    let (status, body) = server.post(
        &format!("/api/matches/{back_id}/actions"),
        &json!({ "token": b1, "action": "4", "ply": 0 }),
    );
    assert_eq!(status, 200, "{body}");
    let start = Instant::now();
    while state(&server, &back_id, &b1)["ply"] != 2 {
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "the bot did not reply"
        );
        std::thread::sleep(Duration::from_millis(5));
    }
    assert_eq!(ask(&server, &back_id, &b1, "takeback").0, 200);
    let before: Vec<Value> = [(&offer_id, &t1), (&resign_id, &r2), (&back_id, &b1)]
        .iter()
        .map(|(id, t)| table_part(&state(&server, id, t)))
        .collect();
    assert_eq!(before[0]["table"]["offer"], 1);
    assert_eq!(before[1]["status"]["result"]["reason"], "resigned");
    assert_eq!(before[2]["ply"], 0);

    server.kill9();
    let server = ServerProcess::start(&args);
    let after: Vec<Value> = [(&offer_id, &t1), (&resign_id, &r2), (&back_id, &b1)]
        .iter()
        .map(|(id, t)| table_part(&state(&server, id, t)))
        .collect();
    assert_eq!(after, before);
    // The match taken back goes on: the person moves again from the start.
    let (status, body) = server.post(
        &format!("/api/matches/{back_id}/actions"),
        &json!({ "token": b1, "action": "1", "ply": 0 }),
    );
    assert_eq!(status, 200, "{body}");
}
