//! The crate's binary is Tabula's command line with Tic-Tac-Toe in its catalog: the guide's
//! `play`, `match`, `show` and `engine` commands work on it as on a built-in game.

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// Runs the crate's binary with `args`, `stdin` as its standard input.
fn run(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tabula-tic-tac-toe"))
        .args(args)
        .env("NO_COLOR", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(stdin.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn games_lists_tic_tac_toe_after_the_built_in_games() {
    let out = run(&["games"], "");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let listed = text(&out.stdout);
    assert!(listed.contains("tic-tac-toe"), "{listed}");
    assert!(listed.contains("connect-four"), "{listed}");
}

#[test]
fn show_draws_the_board_and_who_moves() {
    let out = run(&["show", "tic-tac-toe", "x.o/.x./... o"], "");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let shown = text(&out.stdout);
    assert!(shown.starts_with("x.o\n.x.\n...\n"), "{shown}");
    assert!(shown.contains("Blue (o)"), "{shown}");
}

#[test]
fn a_person_plays_against_the_bot_in_the_terminal() {
    // The person (Red) plays cells in order; a taken cell is refused and asked again.
    let moves = "1\n1\n2\n3\n4\n5\n6\n7\n8\n9\n";
    let out = run(
        &["play", "tic-tac-toe", "--bot", "expert", "--seed", "3"],
        moves,
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let played = text(&out.stdout) + &text(&out.stderr);
    assert!(played.contains("cell 1 is taken"), "{played}");
    assert!(played.contains("Game over: "), "the game ends: {played}");
}

#[test]
fn a_game_without_a_terminal_look_plays_with_no_legend_and_moves_in_notation() {
    let out = run(&["play", "tic-tac-toe", "--human", "none", "--seed", "1"], "");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let played = text(&out.stdout);
    assert!(!played.contains("Legend:"), "{played}");
    assert!(played.contains("Red (x) plays "), "{played}");
    assert!(played.contains("Blue (o) plays "), "{played}");
    assert!(played.contains("Game over"), "{played}");
}

#[test]
fn perfect_bots_draw_every_game_of_a_match() {
    let out = run(
        &[
            "match",
            "tic-tac-toe",
            "--bots",
            "alphabeta:depth=9,alphabeta:depth=9",
            "--games",
            "4",
            "--threads",
            "1",
        ],
        "",
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let report = text(&out.stdout);
    assert!(report.contains("4 games"), "{report}");
    assert!(report.contains("draws: 4"), "{report}");
}

#[test]
fn an_illegal_move_in_the_engine_names_the_cell() {
    let out = run(&["apply", "tic-tac-toe", "x.o/.x./... o", "3"], "");
    assert!(!out.status.success());
    assert!(text(&out.stderr).contains("cell 3 is taken"));
}
