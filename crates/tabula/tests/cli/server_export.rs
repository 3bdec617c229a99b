//! A finished match exported as a text record (`GET /api/matches/{id}/record.txt`) reads back
//! in `tabula engine`: fed the file as it is (comments and all), the engine stands at the
//! match's last position, and so does `tabula match --from FILE --replay`. Games of bots on a real server: Connect Four, and China Moon for
//! three (a chance event after every move) and Khan-Tsin (its setup is in the position).

use crate::engine_process::Engine;
use crate::server_common;

use serde_json::{Value, json};
use server_common::{ServerProcess, temp_db};
use std::time::{Duration, Instant};

/// The match's state once it is over (the last position is shown then).
fn finished(server: &ServerProcess, id: &str) -> Value {
    let deadline = Instant::now() + Duration::from_secs(120);
    loop {
        let (status, state) = server.get(&format!("/api/matches/{id}"));
        assert_eq!(status, 200, "{state}");
        if state["status"]["over"] == true {
            return state;
        }
        assert!(Instant::now() < deadline, "match {id} never ended: {state}");
        std::thread::sleep(Duration::from_millis(100));
    }
}

/// The options of the record's `# Replay: tabula engine GAME …` line.
fn replay_options(record: &str) -> Vec<String> {
    let line = record
        .lines()
        .find_map(|l| l.strip_prefix("# Replay: tabula engine "))
        .unwrap_or_else(|| panic!("no replay line: {record}"));
    let line = line.trim_end_matches(" < this-file");
    line.split_whitespace()
        .map(|w| w.trim_matches('\'').to_string())
        .collect()
}

#[test]
fn a_finished_match_s_record_replays_in_tabula_engine_to_its_last_position() {
    let db = temp_db("export");
    let server = ServerProcess::start(&["--db", db.to_str().unwrap(), "--bot-delay-ms", "0"]);
    let bots = |n: usize| vec![json!({ "bot": "random" }); n];
    for (game, seats) in [("connect-four", 2), ("china-moon", 3), ("khan-tsin", 2)] {
        let (status, created) = server.post(
            "/api/matches",
            &json!({ "game": game, "seats": bots(seats), "seed": 11 }),
        );
        assert_eq!(status, 201, "{created}");
        let id = created["id"].as_str().unwrap().to_string();
        let state = finished(&server, &id);
        let last = state["position"]
            .as_str()
            .expect("the last position is shown");

        let (status, record) = server.get(&format!("/api/matches/{id}/record.txt"));
        assert_eq!(status, 200, "{record}");
        let record = record.as_str().expect("a text file").to_string();
        assert!(record.starts_with("# Tabula match record"), "{record}");
        assert_eq!(
            record.lines().filter(|l| !l.starts_with('#')).count(),
            1,
            "one command: {record}"
        );

        let options = replay_options(&record);
        let mut args = vec![options[0].as_str()];
        args.extend(options[1..].iter().map(String::as_str));
        let mut engine = Engine::start(&args);
        engine.write(&record);
        engine.write("show\nisready\n");
        let mut shown = Vec::new();
        loop {
            let line = engine.line("show");
            if line == "readyok" {
                break;
            }
            shown.push(line);
        }
        assert!(
            !shown.iter().any(|l| l.starts_with("error")),
            "{game}: {shown:?}"
        );
        assert_eq!(
            shown.last().map(String::as_str),
            Some(format!("position {last}").as_str()),
            "{game}: {shown:?}"
        );

        // `tabula match --from` reads the same file back to the same position.
        let path = db.with_file_name(format!("record-{game}.txt"));
        std::fs::write(&path, &record).unwrap();
        let replayed =
            crate::support::ok(&["match", game, "--from", path.to_str().unwrap(), "--replay"]);
        assert_eq!(
            replayed.lines().last(),
            Some(format!("position {last}").as_str()),
            "{game}: {replayed}"
        );
    }
}

#[test]
fn a_record_waits_for_the_end_of_the_match() {
    let server = ServerProcess::start(&["--memory"]);
    let (status, created) = server.post(
        "/api/matches",
        &json!({ "game": "connect-four", "seats": [{ "human": true }, { "bot": "random" }] }),
    );
    assert_eq!(status, 201, "{created}");
    let id = created["id"].as_str().unwrap();
    let (status, answer) = server.get(&format!("/api/matches/{id}/record.txt"));
    assert_eq!(status, 409, "{answer}");
    assert!(
        answer["error"].as_str().unwrap().contains("not over"),
        "{answer}"
    );
    let (status, _) = server.get("/api/matches/no-such-match/record.txt");
    assert_eq!(status, 404);
}
