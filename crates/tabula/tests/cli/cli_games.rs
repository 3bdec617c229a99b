//! The `tabula` binary with each registered game: setup positions, legal actions, applying
//! actions, game parameters on the command line (flags made from the games' descriptions),
//! `solve` (a command Magical Circle's description declares) and `rules`.

use crate::support;

use support::*;

use std::process::Command;

#[test]
fn every_game_plays_from_new_through_legal_and_apply() {
    for game in [
        "toumai",
        "khan-tsin",
        "china-moon",
        "magical-circle",
        "connect-four",
    ] {
        let position = ok(&["new", game, "--seed", "5"]);
        let position = position.trim();
        let legal = ok(&["legal", game, position, "--seat", "1"]);
        let first = legal
            .lines()
            .next()
            .unwrap_or_else(|| panic!("{game}: no action"));
        let after = ok(&["apply", game, position, first, "--seat", "1"]);
        assert_ne!(after.trim(), position, "{game}: {first} changed nothing");
        let json: serde_json::Value =
            serde_json::from_str(&ok(&["show", game, after.trim(), "--json"])).expect("json");
        assert_eq!(json["over"], false, "{game}");
        assert!(
            json["to_act"].as_array().is_some_and(|a| !a.is_empty()),
            "{game}"
        );
        assert!(!ok(&["show", game, after.trim()]).is_empty());
    }
}

#[test]
fn new_is_reproducible_from_the_seed_and_varies_with_it() {
    for game in ["toumai", "khan-tsin", "china-moon", "magical-circle"] {
        let a = ok(&["new", game, "--seed", "11"]);
        assert_eq!(a, ok(&["new", game, "--seed", "11"]), "{game}");
        assert_ne!(a, ok(&["new", game, "--seed", "12"]), "{game}");
    }
}

#[test]
fn toumai_placement_setup_and_the_rules_example_position() {
    assert_eq!(
        ok(&["new", "toumai", "--placement"]).trim(),
        "-/-/-/-/-/-/-/-/- YR Y 00 -"
    );
    let example = "Y1YM/R2Y2/BNBN/R1R2/Y3BN/RMY1/BNR3/Y2BN/R1BN YR Y 00 -";
    let legal = ok(&["legal", "toumai", example]);
    assert!(legal.lines().any(|l| l == "a:2>c"), "{legal}");
    assert!(legal.lines().any(|l| l == "a2=b2"), "{legal}");
    assert_eq!(
        ok(&["apply", "toumai", example, "a:1>b"]).trim(),
        "Y1/R2Y2YM/BNBN/R1R2/Y3BN/RMY1/BNR3/Y2BN/R1BN YR R 00 -"
    );
    let err = fails(&["apply", "toumai", example, "b:2>d"]);
    assert!(err.contains("b:2>d"), "{err}");
}

#[test]
fn khan_tsin_layout_parameter_and_its_errors() {
    let layout = "333333333333222222222222111111111111";
    let position = ok(&["new", "khan-tsin", "--layout", layout, "--seed", "1"]);
    assert!(position.starts_with(layout));
    let err = fails(&["new", "khan-tsin", "--layout", "123"]);
    assert!(err.contains("layout"), "{err}");
    let err = fails(&["new", "khan-tsin", "--layout", &"1".repeat(36)]);
    assert!(err.contains("layout"), "{err}");
}

#[test]
fn china_moon_board_file_parameter_and_its_errors() {
    let board = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../tabula-china-moon/tests/data/small_board.json"
    );
    let position = ok(&[
        "new",
        "china-moon",
        "--board",
        board,
        "--seed",
        "1",
        "--players",
        "3",
    ]);
    assert!(position.starts_with("b:"), "{position}");
    // The same board must be given to read the position back.
    assert!(!ok(&["legal", "china-moon", position.trim(), "--board", board]).is_empty());
    let err = fails(&["legal", "china-moon", position.trim()]);
    assert!(err.contains("board"), "{err}");
    let dir = std::env::temp_dir().join(format!("tabula-cli-board-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bad = dir.join("bad.json");
    std::fs::write(&bad, "{\"spaces\": [").unwrap();
    let err = fails(&["new", "china-moon", "--board", bad.to_str().unwrap()]);
    assert!(err.contains("board"), "{err}");
    let err = fails(&[
        "new",
        "china-moon",
        "--board",
        dir.join("missing.json").to_str().unwrap(),
    ]);
    assert!(err.contains("cannot read board file"), "{err}");
}

#[test]
fn every_games_parameters_are_flags_listed_in_help_with_the_games_that_have_them() {
    let help = ok(&["show", "--help"]);
    assert!(help.contains("Game parameters:"), "{help}");
    assert!(help.contains("--deck-step <N>"), "{help}");
    assert!(
        help.contains("Magical Circle: D3: the deck holds"),
        "{help}"
    );
    assert!(help.contains("Toumaï: with 2 players"), "{help}");
    assert!(help.contains("Khan-Tsin: with 2 players"), "{help}");
    assert!(help.contains("[possible values: take, leave]"), "{help}");
    let top = ok(&["--help"]);
    assert!(top.contains("--swap-lock"), "{top}");
    assert!(top.contains("--layout"), "{top}");
    // A command without game parameters gets none.
    assert!(!ok(&["bench", "--help"]).contains("--layout"));
}

#[test]
fn a_parameters_flag_sets_it_and_is_read_by_its_kind() {
    let standard = ok(&["new", "toumai", "--seed", "1"]);
    let swapped = ok(&["new", "toumai", "--seed", "1", "--colours", "RB"]);
    assert!(swapped.contains(" RB R "), "{swapped}");
    assert_ne!(standard, swapped);
    let two_cards = ok(&[
        "new",
        "magical-circle",
        "--seed",
        "1",
        "--swap-values",
        "1,2",
    ]);
    assert!(two_cards.contains("seats=12:-:-/12:-:-"), "{two_cards}");
    let err = fails(&["new", "magical-circle", "--deck-step", "many"]);
    assert!(
        err.contains("--deck-step") && err.contains("`many`"),
        "{err}"
    );
    let err = fails(&["new", "toumai", "--swap-lock", "never"]);
    assert!(
        err.contains("--swap-lock") && err.contains("never"),
        "{err}"
    );
    // `new` keeps its own --placement; the parameter is given with --param.
    let err = fails(&["new", "khan-tsin", "--placement", "all_twelve"]);
    assert!(err.contains("all_twelve"), "{err}");
    ok(&["new", "khan-tsin", "--param", "placement=all_twelve"]);
}

#[test]
fn a_flag_for_a_parameter_the_game_lacks_is_refused_naming_both() {
    let err = fails(&["new", "china-moon", "--layout", &"123".repeat(12)]);
    assert!(
        err.contains("china-moon") && err.contains("layout"),
        "{err}"
    );
    let err = fails(&[
        "legal",
        "toumai",
        "-/-/-/-/-/-/-/-/- YR Y 00 -",
        "--target",
        "3",
    ]);
    assert!(err.contains("toumai") && err.contains("target"), "{err}");
}

#[test]
fn solve_is_the_command_magical_circles_description_declares() {
    let help = ok(&["--help"]);
    assert!(
        help.contains("solve    Magical Circle: every way to win one of the revealed cards"),
        "{help}"
    );
    let help = ok(&["solve", "--help"]);
    assert!(help.contains("--arrangement <ARRANGEMENT>"), "{help}");
    let err = fails(&["solve", "--arrangement", "FWEALD", "--cards", "FWEALD"]);
    assert!(err.contains("--hand <HAND>"), "{err}");
}

#[test]
fn magical_circle_legal_for_a_given_seat_and_host_timeout() {
    let position = ok(&["new", "magical-circle", "--players", "3", "--seed", "7"]);
    let position = position.trim();
    assert_eq!(
        ok(&["legal", "magical-circle", position, "--seat", "2"]),
        "claim\nvote\n"
    );
    let err = fails(&["apply", "magical-circle", position, "claim"]);
    assert!(err.contains("several seats may act"), "{err}");
    let claimed = ok(&["apply", "magical-circle", position, "claim", "--seat", "2"]);
    assert!(claimed.contains("active=2"), "{claimed}");
    let after = ok(&["apply", "magical-circle", claimed.trim(), "timeout"]);
    assert!(after.contains("excluded=2"), "{after}");
}

#[test]
fn solve_prints_winning_plays_sorted_and_nothing_when_none() {
    let out = ok(&[
        "solve",
        "--arrangement",
        "FWEALD",
        "--cards",
        "WFEALD",
        "--hand",
        "1",
    ]);
    assert_eq!(out, "card=WFEALD play=1 swaps=12\n");
    // Distance 0 with k = 2 is impossible (the only way back repeats the pair).
    assert_eq!(
        ok(&[
            "solve",
            "--arrangement",
            "FWEALD",
            "--cards",
            "FWEALD",
            "--hand",
            "2"
        ]),
        ""
    );
    let out = ok(&[
        "solve",
        "--arrangement",
        "FWEALD",
        "--cards",
        "FWEALD,WFEALD",
        "--hand",
        "1234",
    ]);
    let lines: Vec<&str> = out.lines().collect();
    let mut sorted = lines.clone();
    sorted.sort();
    assert_eq!(lines, sorted);
    let err = fails(&[
        "solve",
        "--arrangement",
        "FWEALX",
        "--cards",
        "FWEALD",
        "--hand",
        "1",
    ]);
    assert!(err.contains("arrangement"), "{err}");
}

#[test]
fn rules_print_every_ruling() {
    let toumai = ok(&["rules", "toumai"]);
    for r in ["R1", "R5", "R10", "R11"] {
        assert!(toumai.contains(r), "toumai rules lack {r}");
    }
    assert!(ok(&["rules", "khan-tsin"]).contains("R6"));
    assert!(ok(&["rules", "china-moon"]).contains("R7"));
    assert!(ok(&["rules", "magical-circle"]).contains("D10"));
}

#[test]
fn magical_circle_in_the_terminal_the_hourglass_runs_out() {
    use std::io::Write;
    use std::process::Stdio;
    let mut child = Command::new(env!("CARGO_BIN_EXE_tabula"))
        // English whatever the machine's locale (play and rules follow LANG).
        .env_remove("LANG")
        .env_remove("LC_ALL")
        .args([
            "play",
            "magical-circle",
            "--human",
            "1",
            "--players",
            "2",
            "--seed",
            "4",
            "--param",
            "hourglass_seconds=1",
        ])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("spawn");
    let mut input = child.stdin.take().expect("stdin");
    // Claim at once (before the bot's reaction time), then let the hourglass run out.
    input.write_all(b"1 claim\n").expect("write");
    std::thread::sleep(std::time::Duration::from_millis(2500));
    input.write_all(b"quit\n").expect("write");
    drop(input);
    let out = child.wait_with_output().expect("wait");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("The hourglass has run out."), "{text}");
    assert!(
        text.contains("excluded=") || text.contains("excluded"),
        "{text}"
    );
}
