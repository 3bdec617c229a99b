//! `tabula match --opening-plies K`: every game starts K random legal plies in, each opening
//! is played in every seating, the report and its JSON say so, games with chance events
//! (setup draws) share their whole opening, and a count no game survives is refused.
//! `tabula match --moves`: every game's start, opening and moves replay it to its end in the
//! engine, each move with its decision's wall time. A bot beyond the bounds of a search is refused with status 2.

use crate::support;

use support::*;

use serde_json::Value;
use std::path::PathBuf;

fn json_report(name: &str, args: &[&str]) -> (String, Value) {
    let path: PathBuf = std::env::temp_dir().join(format!(
        "tabula-cli-match-{}-{name}.json",
        std::process::id()
    ));
    let mut all = args.to_vec();
    let path_text = path.to_str().unwrap().to_string();
    all.extend(["--json", &path_text]);
    let text = ok(&all);
    let json: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    let _ = std::fs::remove_file(&path);
    (text, json)
}

/// The openings of the report's games, checking that each group of `group` games in a row
/// shares one and sits in `group` different arrangements.
fn openings_by_group(json: &Value, group: usize) -> Vec<Vec<Value>> {
    let records = json["records"].as_array().unwrap();
    records
        .chunks(group)
        .map(|games| {
            let first = games[0]["opening"].as_array().unwrap().clone();
            let seatings: std::collections::HashSet<String> = games
                .iter()
                .map(|g| g["bots_by_seat"].to_string())
                .collect();
            assert_eq!(seatings.len(), games.len(), "{games:?}");
            for g in games {
                assert_eq!(g["opening"].as_array().unwrap(), &first, "{g}");
            }
            first
        })
        .collect()
}

#[test]
fn match_plays_each_random_opening_from_both_seats() {
    let (text, json) = json_report(
        "connect-four",
        &[
            "match",
            "connect-four",
            "--bots",
            "alphabeta:depth=3,random",
            "--games",
            "8",
            "--opening-plies",
            "4",
            "--seed",
            "3",
        ],
    );
    assert!(
        text.contains("openings: 4 random plies, each played in every seating (2 games)"),
        "{text}"
    );
    assert_eq!(json["opening_plies"], 4);
    let openings = openings_by_group(&json, 2);
    assert_eq!(openings.len(), 4);
    for opening in &openings {
        assert_eq!(opening.len(), 4, "{opening:?}");
    }
    // The opening replays from the start with `tabula apply`, and leaves the game running.
    let moves: Vec<&str> = openings[0].iter().map(|m| m.as_str().unwrap()).collect();
    let start = ok(&["new", "connect-four"]);
    let mut args = vec!["apply", "connect-four", start.trim()];
    args.extend(&moves);
    let after = ok(&args);
    let shown: Value =
        serde_json::from_str(&ok(&["show", "connect-four", after.trim(), "--json"])).unwrap();
    assert_eq!(shown["over"], false, "{after}");
    let distinct: std::collections::HashSet<String> =
        openings.iter().map(|o| format!("{o:?}")).collect();
    assert!(distinct.len() >= 3, "{openings:?}");
}

#[test]
fn games_with_setup_draws_share_their_whole_opening() {
    let (_, json) = json_report(
        "magical-circle",
        &[
            "match",
            "magical-circle",
            "--bots",
            "random,random",
            "--games",
            "4",
            "--opening-plies",
            "2",
        ],
    );
    for opening in openings_by_group(&json, 2) {
        // The chance events of the setup come first, then the two seat actions.
        assert!(opening.len() > 2, "{opening:?}");
    }
}

#[test]
fn an_opening_no_game_survives_is_refused() {
    let err = fails(&two_random_games(&["--opening-plies", "42"]));
    assert!(err.contains("no opening of 42 random plies"), "{err}");
}

/// A search asking for more memory than any machine has (a tree of 10^15 nodes, 48 PB) is
/// refused before the match starts, naming the setting and its bound, instead of aborting
/// the process when the tree is allocated.
#[test]
fn a_search_beyond_its_memory_bound_is_refused_naming_the_setting() {
    let err = fails(&[
        "match",
        "connect-four",
        "--bots",
        "mcts:iterations=10:threads=2:nodes=1000000000000000,random",
        "--games",
        "1",
    ]);
    assert!(
        err.contains("nodes: at most 8000000 (about 2 GiB), not 1000000000000000"),
        "{err}"
    );
}

/// Runs `tabula engine <game>` on `input` (whole lines) and returns its answers.
fn engine_session(game: &str, input: &str) -> Vec<String> {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .env_remove("LANG")
        .env_remove("LC_ALL")
        .args(["engine", game])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn tabula engine");
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(input.as_bytes()).unwrap();
    drop(stdin);
    let out = child.wait_with_output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(String::from)
        .collect()
}

#[test]
fn recorded_moves_replay_every_game_to_its_recorded_end_in_the_engine() {
    // Random bots rarely end a game of Magical Circle: one side plays by sight.
    for (game, bots, games) in [
        ("connect-four", "random,random", "4"),
        ("toumai", "random,random", "4"),
        // Of these 20 games one ends in a draw by repetition, which replays only from the
        // game's whole history.
        ("khan-tsin", "random,random", "20"),
        ("china-moon", "random,random,random", "4"),
        ("magical-circle", "casual,random", "4"),
    ] {
        let (_, json) = json_report(
            &format!("moves-{game}"),
            &[
                "match",
                game,
                "--bots",
                bots,
                "--games",
                games,
                "--opening-plies",
                "2",
                "--moves",
            ],
        );
        let records = json["records"].as_array().unwrap();
        if game == "khan-tsin" {
            assert!(
                records.iter().any(|r| r["reason"] == "repetition"),
                "no draw by repetition to replay"
            );
        }
        for record in records {
            let words = |key: &str| -> Vec<String> {
                record[key]
                    .as_array()
                    .unwrap_or_else(|| panic!("{game}: no {key} in {record}"))
                    .iter()
                    .map(|m| m.as_str().unwrap().to_string())
                    .collect()
            };
            let (opening, moves) = (words("opening"), words("moves"));
            assert!(!moves.is_empty(), "{game}: {record}");
            // Beside each move, its decision's wall time (a number; `null` for chance).
            let times = record["move_ms"].as_array().expect("move_ms");
            assert_eq!(times.len(), moves.len(), "{game}: {record}");
            assert!(times.iter().any(Value::is_f64), "{game}: {record}");
            assert!(
                times
                    .iter()
                    .all(|t| t.is_null() || t.as_f64().unwrap() >= 0.0)
            );
            let all = [opening, moves].concat().join(" ");
            let start = record["start"].as_str().unwrap();
            let shown =
                engine_session(game, &format!("position {start} moves {all}\nshow\nquit\n"));
            assert!(
                !shown.iter().any(|l| l.starts_with("error")),
                "{game}: {shown:?}"
            );
            let status = &shown[shown.len() - 2];
            let ranks = record["ranks"].as_array().unwrap();
            assert!(!ranks.is_empty(), "{game}: unfinished {record}");
            let expected = if record["reason"] == "repetition" {
                "Game over: a draw by repetition"
            } else if ranks.iter().all(|r| r == &ranks[0]) {
                "Game over: a draw"
            } else {
                " won"
            };
            assert!(status.contains(expected), "{game}: {status} ({record})");
        }
    }
}

#[test]
fn moves_are_recorded_only_in_the_json_report_and_only_when_asked() {
    let (_, json) = json_report("no-moves", &two_random_games(&[]));
    assert!(json["records"][0].get("moves").is_none(), "{json}");
    let err = fails(&two_random_games(&["--moves"]));
    assert!(err.contains("--json"), "{err}");
}
