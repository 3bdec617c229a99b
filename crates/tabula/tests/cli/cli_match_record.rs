//! `tabula match --from FILE`: a match record (comments, then one `position … moves …` line)
//! read back. Printed with `--replay`, it ends where the engine ends with the same line; cut
//! short, the bots play it on to the end, the same way for the same seed; a malformed record
//! is refused naming the file, the line and what is wrong, with nothing printed.

use crate::support;

use support::*;

use serde_json::Value;
use std::path::PathBuf;

fn temp(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("tabula-cli-record-{}-{name}", std::process::id()))
}

/// The start and every move of the first game of a recorded match.
fn recorded_game(game: &str, bots: &str) -> (String, Vec<String>) {
    let path = temp(&format!("{game}.json"));
    let path_text = path.to_str().unwrap().to_string();
    ok(&[
        "match", game, "--bots", bots, "--games", "1", "--moves", "--json", &path_text,
    ]);
    let json: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    let _ = std::fs::remove_file(&path);
    let record = &json["records"][0];
    let words = |key: &str| -> Vec<String> {
        // No opening plies: no `opening`.
        record[key]
            .as_array()
            .map(Vec::as_slice)
            .unwrap_or_default()
            .iter()
            .map(|m| m.as_str().unwrap().to_string())
            .collect()
    };
    let start = record["start"].as_str().unwrap().to_string();
    (start, [words("opening"), words("moves")].concat())
}

/// Writes a record file of `start` and `moves` and returns its path.
fn write_record(name: &str, start: &str, moves: &[String]) -> PathBuf {
    let path = temp(name);
    let text = format!(
        "# Tabula match record: a test\n# Result: none yet\n\nposition {start} moves {}\n",
        moves.join(" ")
    );
    std::fs::write(&path, text).unwrap();
    path
}

/// The engine's last line after `input`: the `position` line of `show`.
fn engine_position(game: &str, input: &str) -> String {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(["engine", game])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("spawn tabula engine");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    text.lines().last().unwrap_or_default().to_string()
}

fn last_line(text: &str) -> &str {
    text.lines().last().unwrap_or_default()
}

#[test]
fn a_record_replays_to_where_the_engine_stands_and_bots_play_a_cut_record_on_to_the_end() {
    // China Moon for three: a chance event after every move; Magical Circle: races.
    for (game, bots) in [
        ("connect-four", "random,random"),
        ("china-moon", "random,random,random"),
        ("khan-tsin", "random,random"),
        ("magical-circle", "casual,random"),
    ] {
        let (start, moves) = recorded_game(game, bots);
        let full = write_record(&format!("{game}-full.txt"), &start, &moves);
        let full_text = full.to_str().unwrap();
        let replayed = ok(&["match", game, "--from", full_text, "--replay"]);
        let engine = engine_position(
            game,
            &format!("position {start} moves {}\nshow\nquit\n", moves.join(" ")),
        );
        assert!(engine.starts_with("position "), "{game}: {engine}");
        assert_eq!(last_line(&replayed), engine, "{game}");
        assert!(
            replayed.contains(&format!("{}. ", moves.len())),
            "{game}: every move is numbered: {replayed}"
        );
        assert!(replayed.contains("Game over"), "{game}: {replayed}");

        // The finished record: nothing left to play.
        let done = ok(&["match", game, "--from", full_text, "--bots", bots]);
        assert!(
            done.contains("0 moves played after the record."),
            "{game}: {done}"
        );
        assert_eq!(last_line(&done), engine, "{game}");

        // Cut in half: the bots play on to an end, and the same seed plays the same game.
        let half = write_record(
            &format!("{game}-half.txt"),
            &start,
            &moves[..moves.len() / 2],
        );
        let half_text = half.to_str().unwrap();
        let args = [
            "match", game, "--from", half_text, "--bots", bots, "--seed", "5",
        ];
        let played = ok(&args);
        assert!(played.contains("Game over"), "{game}: {played}");
        assert!(
            played.contains(&format!("{} recorded moves", moves.len() / 2)),
            "{game}: {played}"
        );
        assert!(!played.contains("\n0 moves played"), "{game}: {played}");
        assert_eq!(ok(&args), played, "{game}: the same seed, the same game");
        for path in [full, half] {
            let _ = std::fs::remove_file(path);
        }
    }
}

#[test]
fn a_malformed_record_is_refused_naming_its_line_and_what_is_wrong() {
    let cases: &[(&str, &str, &str)] = &[
        (
            "bad-move",
            "# a record\nposition start moves 4 4 9\n",
            "line 2: move 3 `9`: bad action `9`: there is no column 9",
        ),
        (
            "illegal-move",
            "position start moves 1 1 1 1 1 1 1\n",
            "line 1: move 7 `1`",
        ),
        (
            "stray-line",
            "# a record\ngo depth 3\nposition start\n",
            "line 2: `go depth 3` is not part of a match record",
        ),
        (
            "two-positions",
            "position start\n\nposition start moves 1\n",
            "line 3: a second `position` line",
        ),
        ("no-position", "# only comments\n", "no `position` line"),
        (
            "bad-position",
            "# a record\nposition not/a/board x moves 1\n",
            "line 2: bad position",
        ),
        (
            "bad-params",
            "# Params: players=2\nposition start\n",
            "line 1: the parameters are not a JSON object",
        ),
    ];
    for (name, text, want) in cases {
        let path = temp(&format!("{name}.txt"));
        std::fs::write(&path, text).unwrap();
        let file = path.to_str().unwrap();
        for mode in ["--replay", "--bots=random,random"] {
            let err = fails(&["match", "connect-four", "--from", file, mode]);
            assert!(err.contains(file), "{name}: the file is named: {err}");
            assert!(err.contains(want), "{name} {mode}: {err}");
        }
        let _ = std::fs::remove_file(path);
    }
    let path = temp("three-bots.txt");
    std::fs::write(&path, "position start moves 4\n").unwrap();
    let file = path.to_str().unwrap();
    let err = fails(&[
        "match",
        "connect-four",
        "--from",
        file,
        "--bots",
        "random,random,random",
    ]);
    assert!(err.contains("the recorded game has 2 seats"), "{err}");
    let _ = std::fs::remove_file(&path);
    let err = fails(&["match", "connect-four", "--from", file, "--replay"]);
    assert!(err.contains("cannot read the match record"), "{err}");
    let err = fails(&[
        "match",
        "connect-four",
        "--bots",
        "random,random",
        "--replay",
    ]);
    assert!(err.contains("--from"), "{err}");
    let err = fails(&[
        "match",
        "connect-four",
        "--from",
        file,
        "--replay",
        "--games",
        "3",
    ]);
    assert!(err.contains("--games"), "{err}");
}
