//! `tabula serve` as a real process under storage faults and kills, counting acknowledged
//! actions against stored ones after a restart on the same database:
//! - a full disk: the server runs with a low `RLIMIT_FSIZE` (and `SIGXFSZ` ignored, so a
//!   write past it fails with `EFBIG` like a full disk instead of killing the process); play
//!   goes on until writes answer 503, the limit of the running process is raised, play goes
//!   on, then SIGKILL and restart: nothing acknowledged is lost.
//! - ten SIGKILLs during play, each followed by a restart: nothing acknowledged is lost.
#![cfg(target_os = "linux")]

use crate::server_common;

use serde_json::{Value, json};
use server_common::{ServerProcess, request, temp_db};
use std::net::SocketAddr;
use std::os::unix::process::CommandExt;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread;
use std::time::Duration;

/// A two-human Connect Four match: its id and the two tokens.
struct Match {
    id: String,
    tokens: [String; 2],
    /// Acknowledged actions: (ply sent at, action).
    acked: Vec<(u64, String)>,
    over: bool,
}

fn create(addr: SocketAddr) -> std::io::Result<(u16, Option<Match>)> {
    let body = json!({ "game": "connect-four", "seats": [{ "human": true }, { "human": true }] });
    let (status, created) = request(addr, "POST", "/api/matches", Some(&body))?;
    if status != 201 {
        return Ok((status, None));
    }
    let token = |i: usize| created["seats"][i]["token"].as_str().unwrap().to_string();
    Ok((
        status,
        Some(Match {
            id: created["id"].as_str().unwrap().to_string(),
            tokens: [token(0), token(1)],
            acked: Vec::new(),
            over: false,
        }),
    ))
}

/// One move by the seat to act; the status of the POST (`None`: the game is over).
fn play_one(addr: SocketAddr, m: &mut Match, k: &mut usize) -> std::io::Result<Option<u16>> {
    let (_, state) = request(addr, "GET", &format!("/api/matches/{}", m.id), None)?;
    if state["status"]["over"] == true {
        m.over = true;
        return Ok(None);
    }
    let seat = state["status"]["to_act"][0].as_u64().unwrap() as usize;
    let token = m.tokens[seat - 1].clone();
    let path = format!("/api/matches/{}?token={token}", m.id);
    let (_, mine) = request(addr, "GET", &path, None)?;
    let legal = mine["legal"].as_array().unwrap();
    *k = k.wrapping_mul(31).wrapping_add(7);
    let action = legal[*k % legal.len()].as_str().unwrap().to_string();
    let ply = mine["ply"].as_u64().unwrap();
    let body = json!({ "token": token, "action": action, "ply": ply });
    let path = format!("/api/matches/{}/actions", m.id);
    let (status, answer) = request(addr, "POST", &path, Some(&body))?;
    match status {
        200 => m.acked.push((ply, action)),
        // Refused, or of unknown outcome (a commit frame may have reached the WAL before
        // a later write of the commit failed): never acknowledged either way.
        503 => assert!(
            answer["error"].as_str().unwrap().contains("unavailable")
                || answer["outcome"] == "unknown",
            "{answer}"
        ),
        _ => {}
    }
    Ok(Some(status))
}

/// Counts, after a restart: (acknowledged, stored, lost) over `matches`; a lost action is an
/// acknowledged one that is not in the log at its ply (a lost match counts at least one).
fn count(server: &ServerProcess, matches: &[Match]) -> (usize, usize, usize) {
    let (mut acked, mut stored, mut lost) = (0, 0, 0);
    for m in matches {
        let (status, state) = server.get(&format!("/api/matches/{}", m.id));
        acked += m.acked.len();
        if status == 404 {
            // A match whose creation was acknowledged is gone with all its actions.
            lost += m.acked.len().max(1);
            continue;
        }
        assert_eq!(status, 200, "{state}");
        let log = state["log"].as_array().unwrap();
        stored += log.len();
        lost += m
            .acked
            .iter()
            .filter(|(ply, action)| {
                log.get(*ply as usize).map(|e| &e["action"]) != Some(&Value::from(action.clone()))
            })
            .count();
    }
    (acked, stored, lost)
}

fn set_file_size_limit(pid: u32, bytes: u64) {
    let limit = libc::rlimit {
        rlim_cur: bytes,
        rlim_max: libc::RLIM_INFINITY,
    };
    let done = unsafe {
        libc::prlimit(
            pid as libc::pid_t,
            libc::RLIMIT_FSIZE,
            &limit,
            std::ptr::null_mut(),
        )
    };
    assert_eq!(done, 0, "prlimit: {}", std::io::Error::last_os_error());
}

#[test]
fn a_full_disk_never_acknowledges_what_it_did_not_store_and_recovers_by_itself() {
    let db = temp_db("disk-full");
    let args = ["--db", db.to_str().unwrap()];
    // The tables are made first, without a limit; the limit then leaves 256 KB beyond the
    // largest file (database or log) for play to fill, however large the schema grows.
    ServerProcess::start(&args).kill9();
    let largest = ["", "-wal", "-shm"]
        .iter()
        .filter_map(|suffix| std::fs::metadata(format!("{}{suffix}", db.display())).ok())
        .map(|m| m.len())
        .max()
        .expect("the database exists");
    let limit = largest + 256 * 1024;
    let mut server = ServerProcess::start_with(&args, |command| {
        // SAFETY: only async-signal-safe calls between fork and exec.
        unsafe {
            command.pre_exec(move || {
                libc::signal(libc::SIGXFSZ, libc::SIG_IGN);
                let limit = libc::rlimit {
                    rlim_cur: limit,
                    rlim_max: libc::RLIM_INFINITY,
                };
                if libc::setrlimit(libc::RLIMIT_FSIZE, &limit) != 0 {
                    return Err(std::io::Error::last_os_error());
                }
                Ok(())
            });
        }
    });
    let addr = server.addr;
    let mut matches: Vec<Match> = Vec::new();
    let mut k = 0;
    // Play until the disk is full (a 503), creating matches as they end.
    let (mut refused, mut saw_503) = (0, false);
    for _ in 0..20_000 {
        if matches.last().is_none_or(|m| m.over) {
            match create(addr).unwrap() {
                (201, Some(m)) => matches.push(m),
                (status @ 500.., _) => {
                    saw_503 = status == 503;
                    refused += 1;
                    break;
                }
                (status, _) => panic!("create: {status}"),
            }
        }
        let m = matches.last_mut().unwrap();
        let status = play_one(addr, m, &mut k).unwrap();
        if status.is_some_and(|s| s >= 500) {
            saw_503 = status == Some(503);
            refused += 1;
            break;
        }
    }
    assert!(refused > 0, "the file size limit was never reached");
    // Reads go on while writes fail; writes go on failing.
    let id = matches.last().unwrap().id.clone();
    assert_eq!(server.get(&format!("/api/matches/{id}")).0, 200);
    assert_eq!(server.get("/api/matches").0, 200);
    for _ in 0..20 {
        if play_one(addr, matches.last_mut().unwrap(), &mut k).unwrap() == Some(503) {
            refused += 1;
        }
    }
    let acked_while_full: usize = matches.iter().map(|m| m.acked.len()).sum();
    // Space returns: the server takes writes again by itself.
    set_file_size_limit(server.pid(), libc::RLIM_INFINITY);
    let mut after = 0;
    for _ in 0..2_000 {
        if after >= 40 {
            break;
        }
        let m = matches.last_mut().unwrap();
        match play_one(addr, m, &mut k).unwrap() {
            Some(200) => after += 1,
            None => matches.push(
                create(addr)
                    .unwrap()
                    .1
                    .expect("a new match once space returns"),
            ),
            Some(_) => thread::sleep(Duration::from_millis(10)),
        }
    }
    assert_eq!(after, 40, "the store did not recover once space returned");
    server.kill9();
    let server = ServerProcess::start(&args);
    let (acked, stored, lost) = count(&server, &matches);
    eprintln!(
        "disk full: acknowledged {acked} ({acked_while_full} before the limit was raised), \
         stored {stored}, lost {lost}; {refused} writes refused with 503"
    );
    assert_eq!(lost, 0, "{lost} of {acked} acknowledged actions were lost");
    assert!(saw_503, "the full disk was not answered with 503");
}

#[test]
fn ten_sigkills_during_play_lose_no_acknowledged_action() {
    let db = temp_db("ten-kills");
    let args = ["--db", db.to_str().unwrap()];
    let mut server = ServerProcess::start(&args);
    let mut all: Vec<Match> = Vec::new();
    for round in 1..=10 {
        let stop = Arc::new(AtomicBool::new(false));
        let drivers: Vec<_> = (0..2)
            .map(|d| {
                let (addr, stop) = (server.addr, stop.clone());
                thread::spawn(move || {
                    let mut mine: Vec<Match> = Vec::new();
                    let mut k = d;
                    while !stop.load(Ordering::SeqCst) {
                        if mine.last().is_none_or(|m| m.over) {
                            match create(addr) {
                                Ok((_, Some(m))) => mine.push(m),
                                _ => break,
                            }
                        }
                        match play_one(addr, mine.last_mut().unwrap(), &mut k) {
                            Ok(_) => {}
                            Err(_) => break,
                        }
                    }
                    mine
                })
            })
            .collect();
        thread::sleep(Duration::from_millis(300));
        server.kill9();
        stop.store(true, Ordering::SeqCst);
        let played: Vec<Match> = drivers
            .into_iter()
            .flat_map(|d| d.join().unwrap())
            .collect();
        server = ServerProcess::start(&args);
        let (acked, stored, lost) = count(&server, &played);
        eprintln!("kill {round}: acknowledged {acked}, stored {stored}, lost {lost}");
        assert!(
            acked > 0,
            "round {round}: no action was acknowledged before the kill"
        );
        assert_eq!(
            lost, 0,
            "kill {round}: {lost} of {acked} acknowledged actions lost"
        );
        all.extend(played);
    }
    let (acked, stored, lost) = count(&server, &all);
    eprintln!("after 10 kills: acknowledged {acked}, stored {stored}, lost {lost}");
    assert_eq!(lost, 0);
}
