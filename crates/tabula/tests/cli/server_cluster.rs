//! Several `tabula serve` processes on one PostgreSQL database (a fresh one per test, on the
//! server `TABULA_TEST_PG` names), each guarantee of docs/deploy.md with at least two real
//! instances:
//! - exactly one action wins each ply across instances, the loser answers 409 and has
//!   reloaded the match;
//! - a move made through one instance reaches a WebSocket on another, also when the other's
//!   notification connection was cut off meanwhile;
//! - bots run on one instance only, and another takes over when it is SIGKILLed;
//! - a rolling restart (SIGKILL) of every instance in turn loses no acknowledged action;
//! - the lobby and the match list are the same from every instance.
#![cfg(target_os = "linux")]

use crate::server_common;

use serde_json::{Value, json};
use server_common::pg::PgDb;
use server_common::{ServerProcess, request};
use std::net::SocketAddr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Barrier, Mutex};
use std::thread;
use std::time::{Duration, Instant};

fn instance(db: &PgDb, extra: &[&str]) -> ServerProcess {
    let mut args = vec!["--db", db.url.as_str()];
    args.extend_from_slice(extra);
    ServerProcess::start(&args)
}

/// Creates a match through `server`: its id and the tokens of its human seats (by seat).
fn create(server: &ServerProcess, seats: Value) -> (String, Vec<Option<String>>) {
    let body = json!({ "game": "connect-four", "seats": seats });
    let (status, created) = server.post("/api/matches", &body);
    assert_eq!(status, 201, "{created}");
    let tokens = created["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["token"].as_str().map(str::to_string))
        .collect();
    (created["id"].as_str().unwrap().to_string(), tokens)
}

fn humans() -> Value {
    json!([{ "human": true }, { "human": true }])
}

/// Polls `probe` every 50 ms until it answers `Some`, for at most `secs` seconds.
fn wait_for<T>(what: &str, secs: u64, mut probe: impl FnMut() -> Option<T>) -> T {
    let start = Instant::now();
    loop {
        if let Some(found) = probe() {
            return found;
        }
        assert!(
            start.elapsed() < Duration::from_secs(secs),
            "{what}: not within {secs} s"
        );
        thread::sleep(Duration::from_millis(50));
    }
}

fn state(addr: SocketAddr, id: &str, token: Option<&str>) -> std::io::Result<Value> {
    let path = match token {
        Some(t) => format!("/api/matches/{id}?token={t}"),
        None => format!("/api/matches/{id}"),
    };
    let (status, state) = request(addr, "GET", &path, None)?;
    assert_eq!(status, 200, "{state}");
    Ok(state)
}

fn act(addr: SocketAddr, id: &str, token: &str, action: &str, ply: u64) -> (u16, Value) {
    let body = json!({ "token": token, "action": action, "ply": ply });
    request(
        addr,
        "POST",
        &format!("/api/matches/{id}/actions"),
        Some(&body),
    )
    .expect("the server answers")
}

/// The seat to act (from 1) and its legal actions, as `addr` shows them.
fn to_act(addr: SocketAddr, id: &str, tokens: &[Option<String>]) -> (usize, u64, Vec<String>) {
    let s = state(addr, id, None).unwrap();
    let seat = s["status"]["to_act"][0].as_u64().unwrap() as usize;
    let mine = state(addr, id, tokens[seat - 1].as_deref()).unwrap();
    let legal = mine["legal"].as_array().unwrap();
    assert!(
        !legal.is_empty(),
        "seat {seat} to act, but no legal action: {s} / {mine}"
    );
    let legal = legal.iter().map(|a| a.as_str().unwrap().to_string());
    (seat, mine["ply"].as_u64().unwrap(), legal.collect())
}

#[test]
fn exactly_one_action_wins_each_ply_across_instances_and_the_loser_reloads() {
    let db = PgDb::new();
    let (a, b) = (instance(&db, &[]), instance(&db, &[]));
    let (id, tokens) = create(&a, humans());
    for round in 0..8u64 {
        let (seat, ply, legal) = to_act(a.addr, &id, &tokens);
        assert_eq!(ply, round);
        let token = tokens[seat - 1].clone().unwrap();
        // The same seat sends two different moves for the same ply, one to each instance.
        let barrier = Arc::new(Barrier::new(2));
        let sent: Vec<_> = [(a.addr, legal[0].clone()), (b.addr, legal[1].clone())]
            .into_iter()
            .map(|(addr, action)| {
                let (barrier, id, token) = (barrier.clone(), id.clone(), token.clone());
                thread::spawn(move || {
                    barrier.wait();
                    (addr, action.clone(), act(addr, &id, &token, &action, ply))
                })
            })
            .collect();
        let answers: Vec<_> = sent.into_iter().map(|t| t.join().unwrap()).collect();
        let won: Vec<_> = answers.iter().filter(|(_, _, (s, _))| *s == 200).collect();
        let lost: Vec<_> = answers.iter().filter(|(_, _, (s, _))| *s == 409).collect();
        assert_eq!(
            (won.len(), lost.len()),
            (1, 1),
            "round {round}: {answers:?}"
        );
        let winner = &won[0].1;
        // Both instances, the loser included as soon as it answered, show the winner's move.
        for (addr, _, _) in &answers {
            let s = state(*addr, &id, None).unwrap();
            assert_eq!(s["ply"], ply + 1, "round {round} on {addr}: {s}");
            assert_eq!(&s["log"][ply as usize]["action"], winner, "{s}");
        }
    }
}

/// Reads WebSocket pushes until one shows at least `ply` moves; that push (a state or a delta).
fn ws_until(
    socket: &mut tungstenite::WebSocket<tungstenite::stream::MaybeTlsStream<std::net::TcpStream>>,
    ply: u64,
) -> Value {
    loop {
        let message = socket.read().expect("a push before the read timeout");
        if let tungstenite::Message::Text(text) = message {
            let pushed: Value = serde_json::from_str(&text).unwrap();
            if pushed["ply"].as_u64() >= Some(ply) {
                return pushed;
            }
        }
    }
}

#[test]
fn a_move_through_one_instance_reaches_a_websocket_on_another_even_after_a_cut_off() {
    let db = PgDb::new();
    let (a, b) = (instance(&db, &[]), instance(&db, &[]));
    let (id, tokens) = create(&a, humans());
    let url = format!("ws://{}/api/matches/{id}/ws", b.addr);
    let (mut socket, _) = tungstenite::connect(url).expect("a WebSocket on the other instance");
    if let tungstenite::stream::MaybeTlsStream::Plain(tcp) = socket.get_ref() {
        tcp.set_read_timeout(Some(Duration::from_secs(15))).unwrap();
    }
    ws_until(&mut socket, 0);
    for round in 0..6u64 {
        if round == 3 {
            // Cut the other instance's notifications off; the next move is made at once,
            // likely before it listens again, and must reach it all the same.
            db.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity
                 WHERE datname = current_database() AND query ILIKE 'LISTEN%'",
            );
        }
        let (seat, ply, legal) = to_act(a.addr, &id, &tokens);
        let action = &legal[round as usize % legal.len()];
        let token = tokens[seat - 1].as_deref().unwrap();
        let answer = act(a.addr, &id, token, action, ply);
        assert_eq!(
            answer.0, 200,
            "round {round}: seat {seat} plays {action} at ply {ply}: {}",
            answer.1
        );
        let pushed = ws_until(&mut socket, ply + 1);
        // A delta's new moves, or a full state's log.
        let moves = pushed.get("entries").unwrap_or(&pushed["log"]);
        let made = moves.as_array().unwrap().iter().find(|e| e["ply"] == ply);
        assert_eq!(
            made.and_then(|e| e["action"].as_str()),
            Some(action.as_str()),
            "{pushed}"
        );
    }
}

#[test]
fn bots_run_on_one_instance_and_another_takes_over_when_it_is_killed() {
    let db = PgDb::new();
    let slow = ["--bot-delay-ms", "150"];
    let mut a = instance(&db, &slow);
    let (id, _) = create(&a, json!([{ "bot": "random" }, { "bot": "random" }]));
    let ply_of = |addr: SocketAddr| state(addr, &id, None).unwrap()["ply"].as_u64().unwrap();
    wait_for("the bots play on the first instance", 20, || {
        (ply_of(a.addr) >= 2).then_some(())
    });
    let b = instance(&db, &slow);
    // Both run the match; while both live, the log stays one move per ply.
    let seen = wait_for("the second instance follows", 20, || {
        let p = ply_of(b.addr);
        (p >= 4).then_some(p)
    });
    a.kill9();
    wait_for("the second instance takes the bots over", 30, || {
        (ply_of(b.addr) >= seen + 3).then_some(())
    });
    let end = wait_for("the match ends", 60, || {
        let s = state(b.addr, &id, None).unwrap();
        (s["status"]["over"] == true).then_some(s)
    });
    let log = end["log"].as_array().unwrap();
    assert_eq!(log.len() as u64, end["ply"].as_u64().unwrap());
    // The record replays move by move on a fresh instance: no ply was played twice.
    let c = instance(&db, &[]);
    let again = state(c.addr, &id, None).unwrap();
    assert_eq!(again["log"], end["log"]);
    assert_eq!(again["status"], end["status"]);
}

#[test]
fn a_rolling_restart_of_every_instance_loses_no_acknowledged_action() {
    let db = PgDb::new();
    let servers = vec![instance(&db, &[]), instance(&db, &[])];
    let addrs = Arc::new(Mutex::new(
        servers.iter().map(|s| s.addr).collect::<Vec<_>>(),
    ));
    let matches: Vec<_> = (0..4).map(|i| create(&servers[i % 2], humans())).collect();
    let stop = Arc::new(AtomicBool::new(false));
    let drivers: Vec<_> = matches
        .iter()
        .enumerate()
        .map(|(i, (id, tokens))| {
            let (addrs, stop) = (addrs.clone(), stop.clone());
            let (id, tokens) = (id.clone(), tokens.clone());
            thread::spawn(move || drive(i, &addrs, &id, &tokens, &stop))
        })
        .collect();
    let mut servers: Vec<Option<ServerProcess>> = servers.into_iter().map(Some).collect();
    for round in 0..2 {
        for (i, server) in servers.iter_mut().enumerate() {
            thread::sleep(Duration::from_millis(400));
            server.take().unwrap().kill9();
            thread::sleep(Duration::from_millis(300));
            let again = instance(&db, &[]);
            addrs.lock().unwrap()[i] = again.addr;
            *server = Some(again);
            eprintln!("round {round}: instance {i} restarted");
        }
    }
    thread::sleep(Duration::from_millis(400));
    stop.store(true, Ordering::SeqCst);
    let acked: Vec<Vec<(u64, String)>> = drivers.into_iter().map(|d| d.join().unwrap()).collect();
    let total: usize = acked.iter().map(Vec::len).sum();
    assert!(total >= 8, "too few actions got in: {total}");
    for server in servers.iter().flatten() {
        for ((id, _), acked) in matches.iter().zip(&acked) {
            let log = state(server.addr, id, None).unwrap()["log"].clone();
            for (ply, action) in acked {
                assert_eq!(
                    log[*ply as usize]["action"], *action,
                    "{id}: the action acknowledged at ply {ply} is not stored: {log}"
                );
            }
        }
    }
    eprintln!("acknowledged {total}, all stored");
}

/// Plays match `id` until stopped, each move through the next instance in turn (skipping
/// one that does not answer); every acknowledged action as (ply, action).
fn drive(
    k: usize,
    addrs: &Mutex<Vec<SocketAddr>>,
    id: &str,
    tokens: &[Option<String>],
    stop: &AtomicBool,
) -> Vec<(u64, String)> {
    let mut acked = Vec::new();
    let mut turn = k;
    while !stop.load(Ordering::SeqCst) {
        turn += 1;
        let addr = {
            let addrs = addrs.lock().unwrap();
            addrs[turn % addrs.len()]
        };
        let Ok(s) = request(addr, "GET", &format!("/api/matches/{id}"), None) else {
            continue;
        };
        if s.1["status"]["over"] == true {
            break;
        }
        let Some(seat) = s.1["status"]["to_act"][0].as_u64() else {
            continue;
        };
        let token = tokens[seat as usize - 1].as_deref().unwrap();
        let Ok((200, mine)) = request(
            addr,
            "GET",
            &format!("/api/matches/{id}?token={token}"),
            None,
        ) else {
            continue;
        };
        let Some(legal) = mine["legal"].as_array().filter(|l| !l.is_empty()) else {
            continue;
        };
        let action = legal[turn % legal.len()].as_str().unwrap().to_string();
        let ply = mine["ply"].as_u64().unwrap();
        let body = json!({ "token": token, "action": action, "ply": ply });
        if let Ok((200, _)) = request(
            addr,
            "POST",
            &format!("/api/matches/{id}/actions"),
            Some(&body),
        ) {
            acked.push((ply, action));
        }
    }
    acked
}

/// The ids a list answer shows, and which of them have an open seat.
fn ids(list: &Value) -> Vec<String> {
    let mut ids: Vec<String> = list["matches"]
        .as_array()
        .unwrap_or_else(|| panic!("a list: {list}"))
        .iter()
        .map(|m| m["id"].as_str().unwrap().to_string())
        .collect();
    ids.sort();
    ids
}

#[test]
fn the_lobby_and_the_match_list_are_the_same_from_every_instance() {
    let db = PgDb::new();
    let (a, b) = (instance(&db, &[]), instance(&db, &[]));
    let lobby_seats = json!([{ "human": true }, { "human": true, "open": true }]);
    let (on_a, _) = create(&a, lobby_seats.clone());
    let (on_b, _) = create(&b, lobby_seats);
    let (private, _) = create(&b, humans());
    let mut both = vec![on_a.clone(), on_b.clone()];
    both.sort();
    for path in ["/api/matches?open=true", "/api/matches"] {
        for server in [&a, &b] {
            wait_for(&format!("{path} on {}", server.addr), 20, || {
                // A private match between people stays out of both lists.
                (ids(&server.get(path).1) == both).then_some(())
            });
        }
    }
    let (status, _) = a.get(&format!("/api/matches/{private}"));
    assert_eq!(
        status, 200,
        "the private match is served by id from either instance"
    );
    // A seat joined through one instance leaves the lobby of both; its token works on both.
    let (status, joined) = b.post(&format!("/api/matches/{on_a}/join"), &json!({}));
    assert_eq!(status, 200, "{joined}");
    let token = joined["token"].as_str().unwrap();
    for server in [&a, &b] {
        wait_for("the joined seat leaves the lobby", 20, || {
            (ids(&server.get("/api/matches?open=true").1) == [on_b.clone()]).then_some(())
        });
        let mine = wait_for("the new token is known", 20, || {
            let (status, s) = server.get(&format!("/api/matches/{on_a}?token={token}"));
            (status == 200 && s["you"] == 2).then_some(s)
        });
        assert_eq!(mine["you"], 2);
    }
}
