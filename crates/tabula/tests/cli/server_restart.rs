//! `tabula serve` killed with SIGKILL in the middle of matches: after a restart on the same
//! database no acknowledged action is lost, every state any client was shown is still there,
//! and the bots resume. Every registered game takes part (bots only, and a human seat played
//! by the test from threads while the server is killed).

use crate::server_common;

use serde_json::{Value, json};
use server_common::{ServerProcess, request, temp_db};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread;
use std::time::{Duration, Instant};

fn create(server: &ServerProcess, game: &Value, human: bool) -> (String, Option<String>) {
    let players = game["default_players"].as_u64().unwrap() as usize;
    let mut seats: Vec<Value> = (0..players).map(|_| json!({ "bot": "random" })).collect();
    if human {
        seats[0] = json!({ "human": true });
    }
    let mut params = json!({});
    if game["params"]
        .as_array()
        .unwrap()
        .iter()
        .any(|p| p["name"] == "max_plies")
    {
        params["max_plies"] = json!(5000);
    }
    let (status, created) = server.post(
        "/api/matches",
        &json!({ "game": game["name"], "seats": seats, "params": params }),
    );
    assert_eq!(status, 201, "{created}");
    (
        created["id"].as_str().unwrap().to_string(),
        created["seats"][0]["token"].as_str().map(str::to_string),
    )
}

/// Plays seat 1 (a random legal action whenever it may act) until stopped or the server
/// dies; returns every acknowledged action as (ply it was sent at, action).
fn drive(
    addr: std::net::SocketAddr,
    id: String,
    token: String,
    stop: Arc<AtomicBool>,
) -> Vec<(u64, String)> {
    let mut acked = Vec::new();
    let mut k = 0usize;
    while !stop.load(Ordering::SeqCst) {
        let Ok((200, state)) = request(
            addr,
            "GET",
            &format!("/api/matches/{id}?token={token}"),
            None,
        ) else {
            break;
        };
        if state["status"]["over"] == true {
            break;
        }
        let legal = state["legal"].as_array().unwrap();
        if legal.is_empty() {
            thread::sleep(Duration::from_millis(2));
            continue;
        }
        k = k.wrapping_mul(31).wrapping_add(7);
        let action = legal[k % legal.len()].as_str().unwrap().to_string();
        let ply = state["ply"].as_u64().unwrap();
        let body = json!({ "token": token, "action": action, "ply": ply });
        match request(
            addr,
            "POST",
            &format!("/api/matches/{id}/actions"),
            Some(&body),
        ) {
            Ok((200, _)) => acked.push((ply, action)),
            Ok(_) => {}
            Err(_) => break,
        }
    }
    acked
}

fn log_of(server: &ServerProcess, id: &str) -> Vec<Value> {
    let (status, state) = server.get(&format!("/api/matches/{id}"));
    assert_eq!(status, 200, "{state}");
    state["log"].as_array().unwrap().clone()
}

#[test]
fn sigkill_in_the_middle_of_matches_loses_no_acknowledged_action_and_bots_resume() {
    let db = temp_db("sigkill");
    let args = ["--db", db.to_str().unwrap(), "--bot-delay-ms", "40"];
    let mut server = ServerProcess::start(&args);
    let (_, games) = server.get("/api/games");
    let games = games.as_array().expect("games").clone();
    assert!(!games.is_empty(), "no registered game");
    let mut bot_matches = Vec::new();
    let mut human_matches = Vec::new();
    for game in &games {
        for _ in 0..2 {
            bot_matches.push(create(&server, game, false).0);
            let (id, token) = create(&server, game, true);
            human_matches.push((id, token.unwrap()));
        }
    }
    let stop = Arc::new(AtomicBool::new(false));
    let drivers: Vec<_> = human_matches
        .iter()
        .map(|(id, token)| {
            let (addr, id, token, stop) = (server.addr, id.clone(), token.clone(), stop.clone());
            thread::spawn(move || drive(addr, id, token, stop))
        })
        .collect();
    thread::sleep(Duration::from_millis(500));
    let all: Vec<String> = bot_matches
        .iter()
        .cloned()
        .chain(human_matches.iter().map(|m| m.0.clone()))
        .collect();
    // Whatever a client was shown had been stored.
    let shown: Vec<Vec<Value>> = all.iter().map(|id| log_of(&server, id)).collect();
    server.kill9();
    stop.store(true, Ordering::SeqCst);
    let acked: Vec<Vec<(u64, String)>> = drivers.into_iter().map(|d| d.join().unwrap()).collect();
    assert!(
        acked.iter().any(|a| !a.is_empty()),
        "the test never got an action in"
    );

    let server = ServerProcess::start(&args);
    for (id, before) in all.iter().zip(&shown) {
        let after = log_of(&server, id);
        assert!(
            after.len() >= before.len(),
            "{id}: {} entries shown, {} after",
            before.len(),
            after.len()
        );
        assert_eq!(&after[..before.len()], &before[..], "{id}");
    }
    for ((id, _), mine) in human_matches.iter().zip(&acked) {
        let log = log_of(&server, id);
        for (ply, action) in mine {
            let entry = &log[*ply as usize];
            assert_eq!(entry["actor"], 1, "{id} ply {ply}: {entry}");
            assert_eq!(entry["action"], json!(action), "{id} ply {ply}");
        }
    }
    // Bots resume: every unfinished bots-only match moves on.
    let mut resumed = 0;
    for id in &bot_matches {
        let (_, state) = server.get(&format!("/api/matches/{id}"));
        if state["status"]["over"] == true {
            continue;
        }
        let ply = state["ply"].as_u64().unwrap();
        let start = Instant::now();
        loop {
            let (_, now) = server.get(&format!("/api/matches/{id}"));
            if now["ply"].as_u64().unwrap() > ply || now["status"]["over"] == true {
                resumed += 1;
                break;
            }
            assert!(
                start.elapsed() < Duration::from_secs(10),
                "{id} did not resume: {}",
                now["status"]
            );
            thread::sleep(Duration::from_millis(10));
        }
    }
    assert!(
        resumed > 0,
        "no bots-only match was still running at the kill"
    );
    eprintln!(
        "acknowledged before the kill: {:?}; bots-only matches resumed: {resumed}/{}",
        acked.iter().map(Vec::len).collect::<Vec<_>>(),
        bot_matches.len()
    );
    // A human seat waiting on bots sees them move on (in Magical Circle an excluded player
    // may wait through many rounds, so the test asks for progress, not for its turn).
    for (id, token) in &human_matches {
        let (_, state) = server.get(&format!("/api/matches/{id}?token={token}"));
        let ply = state["ply"].as_u64().unwrap();
        let start = Instant::now();
        loop {
            let (_, state) = server.get(&format!("/api/matches/{id}?token={token}"));
            if state["status"]["over"] == true
                || !state["legal"].as_array().unwrap().is_empty()
                || state["ply"].as_u64().unwrap() > ply
            {
                break;
            }
            assert!(
                start.elapsed() < Duration::from_secs(10),
                "{id} ({}): the bots never answered at ply {ply}: {}",
                state["game"],
                state["status"]
            );
            thread::sleep(Duration::from_millis(10));
        }
    }
}
