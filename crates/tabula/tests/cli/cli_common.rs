//! The `tabula` binary's behaviour that every game shares: exit statuses, error messages on
//! standard error, sorted legal actions, JSON status, and the terminal game loop.

use crate::support;

use support::*;

use std::io::Write;
use std::process::{Command, Stdio};

const EMPTY_C4: &str = "......./......./......./......./......./....... x";

#[test]
fn unknown_game_is_an_error_naming_the_known_games() {
    let o = tabula(&["legal", "chess", "x"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("unknown game `chess`"),
        "{}",
        stderr(&o)
    );
    assert!(stderr(&o).contains("connect-four"));
    assert!(stdout(&o).is_empty());
}

#[test]
fn malformed_position_names_the_field_and_exits_2() {
    let o = tabula(&[
        "legal",
        "connect-four",
        "......./......./......./......./......./.......",
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("to-move"), "{}", stderr(&o));
}

#[test]
fn legal_actions_are_sorted_in_byte_order() {
    let o = tabula(&["legal", "connect-four", EMPTY_C4]);
    assert_eq!(o.status.code(), Some(0));
    let text = stdout(&o);
    let lines: Vec<&str> = text.lines().collect::<Vec<_>>();
    let mut sorted = lines.clone();
    sorted.sort();
    assert_eq!(lines, sorted);
    assert_eq!(lines, ["1", "2", "3", "4", "5", "6", "7"]);
}

#[test]
fn apply_prints_the_position_and_refuses_illegal_actions_with_the_reason() {
    let o = tabula(&["apply", "connect-four", EMPTY_C4, "4", "4", "3"]);
    assert_eq!(
        stdout(&o).trim(),
        "......./......./......./......./...o.../..xx... o"
    );
    let o = tabula(&["apply", "connect-four", EMPTY_C4, "4", "9"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("action 2"), "{}", stderr(&o));
    assert!(stdout(&o).is_empty());
}

#[test]
fn finished_game_has_no_legal_actions_and_show_json_gives_the_result() {
    let won = "......./......./...x.../...xo../...xo../...xo.. o";
    let o = tabula(&["legal", "connect-four", won]);
    assert_eq!(o.status.code(), Some(0));
    assert!(stdout(&o).is_empty());
    let o = tabula(&["show", "connect-four", won, "--json"]);
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).expect("json");
    assert_eq!(v["over"], true);
    assert_eq!(v["to_act"], serde_json::json!([]));
    assert_eq!(v["result"]["winners"], serde_json::json!([1]));
}

#[test]
fn perft_counts_and_divide_sums_to_the_total() {
    assert_eq!(
        stdout(&tabula(&["perft", "connect-four", EMPTY_C4, "3"])).trim(),
        "343"
    );
    let o = tabula(&["perft", "connect-four", EMPTY_C4, "2", "--divide"]);
    assert!(stdout(&o).ends_with("total 49\n"), "{}", stdout(&o));
}

#[test]
fn bad_seat_and_bad_parameter_are_errors() {
    let o = tabula(&["legal", "connect-four", EMPTY_C4, "--seat", "0"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("seat 0"), "{}", stderr(&o));
    let o = tabula(&["new", "connect-four", "--param", "colour=red"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("colour"), "{}", stderr(&o));
    let o = tabula(&["new", "connect-four", "--players", "3"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("players"), "{}", stderr(&o));
}

#[test]
fn play_refuses_a_wrong_action_with_the_reason_and_asks_again() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tabula"))
        // English whatever the machine's locale (play and rules follow LANG).
        .env_remove("LANG")
        .env_remove("LC_ALL")
        .args(["play", "connect-four", "--human", "1", "--seed", "3"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn");
    let mut input = child.stdin.take().expect("stdin");
    // A wrong column, then enough legal drops in column order to end the game or run out.
    let mut script = String::from("9\n?\n");
    for _ in 0..6 {
        for c in 1..=7 {
            script.push_str(&format!("{c}\n"));
        }
    }
    input.write_all(script.as_bytes()).expect("write");
    drop(input);
    let o = child.wait_with_output().expect("wait");
    let out = stdout(&o);
    assert!(out.contains("Refused: "), "{out}");
    assert!(out.contains("no column 9"), "{out}");
    assert!(out.contains("Yellow (o) drops a disc"), "{out}");
    assert!(
        out.contains("Game over") || out.contains("Input closed"),
        "{out}"
    );
}

#[test]
fn a_reader_that_closes_the_pipe_early_ends_the_command_quietly() {
    use std::os::unix::process::ExitStatusExt;
    // `tabula rules toumai | head -c 1`: the reader is gone before the 16 KB are written.
    let mut child = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(["rules", "toumai"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        !stderr.contains("panicked") && !stderr.contains("Broken pipe"),
        "{stderr}"
    );
    assert!(
        out.status.signal() == Some(libc::SIGPIPE) || out.status.success(),
        "{:?}",
        out.status
    );
}
