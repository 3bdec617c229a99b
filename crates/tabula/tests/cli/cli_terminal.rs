//! `tabula rules` and `tabula play` in English, French and Czech (`--lang`, else `LC_ALL` or
//! `LANG`), and the terminal game: colour (`--color`, never through a pipe by default), the
//! legend of the board's marks, and one board per turn of a person, bots' actions listed as
//! lines in between, in words and notation; a person at seat 1 by default; the rules as text,
//! not Markdown. Every test runs the real binary as a child process.

use crate::support;

use std::io::Write;
use std::process::{Command, Output, Stdio};
use support::*;

/// The binary with no language in its environment, then `env` set.
fn command(args: &[&str], env: &[(&str, &str)]) -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_tabula"));
    cmd.args(args)
        .env_remove("LANG")
        .env_remove("LC_ALL")
        .env_remove("NO_COLOR");
    for (key, value) in env {
        cmd.env(key, value);
    }
    cmd
}

fn run(args: &[&str], env: &[(&str, &str)]) -> Output {
    command(args, env).output().expect("run tabula")
}

/// `tabula play …` fed `script` on standard input, through pipes.
fn play(args: &[&str], env: &[(&str, &str)], script: &str) -> String {
    let mut child = command(args, env)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn");
    let mut input = child.stdin.take().expect("stdin");
    input.write_all(script.as_bytes()).expect("write");
    drop(input);
    let o = child.wait_with_output().expect("wait");
    assert_eq!(o.status.code(), Some(0), "{args:?}: {}", stderr(&o));
    stdout(&o)
}

/// Every legal drop, column by column: enough to finish a game of Connect Four.
fn connect_four_script() -> String {
    (0..6)
        .flat_map(|_| 1..=7)
        .map(|c| format!("{c}\n"))
        .collect()
}

fn page(game: &str, lang: &str) -> &'static str {
    tabula_catalog::builtin()
        .find(game)
        .unwrap()
        .info()
        .rules_in(lang)
        .unwrap()
}

#[test]
fn rules_print_the_page_of_the_language_asked() {
    for game in [
        "toumai",
        "khan-tsin",
        "china-moon",
        "magical-circle",
        "connect-four",
    ] {
        for lang in ["en", "fr", "cs"] {
            let o = run(&["rules", game, "--lang", lang, "--markdown"], &[]);
            assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
            assert_eq!(stdout(&o), page(game, lang), "{game} {lang}");
        }
        assert_ne!(page(game, "fr"), page(game, "en"));
    }
}

#[test]
fn rules_default_to_the_locale_then_english() {
    let lang_of = |env: &[(&str, &str)]| stdout(&run(&["rules", "toumai", "--markdown"], env));
    assert_eq!(lang_of(&[]), page("toumai", "en"));
    assert_eq!(lang_of(&[("LANG", "cs_CZ.UTF-8")]), page("toumai", "cs"));
    assert_eq!(lang_of(&[("LANG", "fr_BE.UTF-8")]), page("toumai", "fr"));
    assert_eq!(
        lang_of(&[("LANG", "cs_CZ.UTF-8"), ("LC_ALL", "fr_FR.UTF-8")]),
        page("toumai", "fr")
    );
    assert_eq!(lang_of(&[("LANG", "de_DE.UTF-8")]), page("toumai", "en"));
    assert_eq!(lang_of(&[("LANG", "C.UTF-8")]), page("toumai", "en"));
    // The option wins over the locale.
    let o = run(
        &["rules", "toumai", "--lang", "en", "--markdown"],
        &[("LANG", "cs_CZ.UTF-8")],
    );
    assert_eq!(stdout(&o), page("toumai", "en"));
}

#[test]
fn an_unknown_language_is_an_error_listing_the_supported_ones() {
    for args in [
        &["rules", "toumai", "--lang", "de"][..],
        &["play", "connect-four", "--lang", "de"][..],
        &["rules", "toumai", "--lang", "FR"][..],
    ] {
        let o = run(args, &[]);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(stdout(&o).is_empty(), "{args:?}");
        let e = stderr(&o);
        assert!(e.contains("en, fr, cs"), "{e}");
        assert!(e.contains("--lang"), "{e}");
    }
}

#[test]
fn play_speaks_french_and_czech() {
    let args = ["play", "connect-four", "--human", "1", "--seed", "3"];
    let script = format!("9\n?\n{}", connect_four_script());
    let fr = play(&[&args[..], &["--lang", "fr"]].concat(), &[], &script);
    for words in [
        "tapez une action",
        "Légende :",
        "Refusé : ",
        "Jaune (o) lâche un pion dans la colonne",
        "À jouer : ",
    ] {
        assert!(fr.contains(words), "{words}: {fr}");
    }
    let cs = play(&args, &[("LANG", "cs_CZ.UTF-8")], &script);
    for words in [
        "napiš akci",
        "Legenda:",
        "Odmítnuto: ",
        "Žlutý (o) vhazuje kámen do sloupce",
        "Na tahu: ",
    ] {
        assert!(cs.contains(words), "{words}: {cs}");
    }
    for out in [&fr, &cs] {
        assert!(!out.contains("Refused"), "{out}");
        assert!(!out.contains(" plays "), "{out}");
        assert!(
            out.contains("Partie terminée") || out.contains("Konec hry"),
            "{out}"
        );
    }
    let en = play(&args, &[], &script);
    assert!(
        en.contains("Refused: ") && en.contains("Yellow (o) drops a disc in column"),
        "{en}"
    );
}

#[test]
fn colour_only_when_asked_or_on_a_terminal() {
    let args = ["play", "connect-four", "--human", "1", "--seed", "3"];
    let script = connect_four_script();
    let piped = play(&args, &[], &script);
    assert!(!piped.contains('\x1b'), "{piped}");
    let never = play(&[&args[..], &["--color", "never"]].concat(), &[], &script);
    assert!(!never.contains('\x1b'));
    let auto = play(
        &[&args[..], &["--color", "auto"]].concat(),
        &[("NO_COLOR", "1")],
        &script,
    );
    assert!(!auto.contains('\x1b'));
    let always = play(&[&args[..], &["--color", "always"]].concat(), &[], &script);
    // Seat 1 (x) in red, seat 2 (o) in yellow, on the board and in the names.
    assert!(always.contains("\x1b[31mx\x1b[0m"), "{always}");
    assert!(always.contains("\x1b[33mo\x1b[0m"), "{always}");
    assert!(
        always.contains("\x1b[1;33mYellow (o)\x1b[0m drops a disc"),
        "{always}"
    );
    // Without the escapes, the same game.
    let plain = strip_escapes(&always);
    assert_eq!(plain, piped);
    let o = run(&["play", "connect-four", "--color", "sometimes"], &[]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("always"), "{}", stderr(&o));
}

fn strip_escapes(text: &str) -> String {
    let mut out = String::new();
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c == '\x1b' {
            chars.by_ref().find(|c| *c == 'm');
        } else {
            out.push(c);
        }
    }
    out
}

#[test]
fn toumai_colours_its_pawns_and_marks_the_top_pawn_bold() {
    let out = play(
        &["play", "toumai", "--human", "1,2", "--color", "always"],
        &[],
        "1@a\nquit\n",
    );
    // The top pawn of line a, bold; the pawns in hand in their colours.
    assert!(out.contains("[\x1b[1;33mY1\x1b[0m]"), "{out}");
    assert!(out.contains("\x1b[33mY1\x1b[0m"), "{out}");
    assert!(out.contains("\x1b[31mR1\x1b[0m"), "{out}");
    assert!(out.contains("\x1b[1;33mYellow\x1b[0m"), "{out}");
}

/// How many bots' Toumaï actions are listed in `section` (in words, then notation).
fn bot_lines(section: &str) -> usize {
    section
        .lines()
        .filter(|l| l.ends_with(')'))
        .filter(|l| {
            [" places a ", " flies from ", " swaps ", " passes"]
                .iter()
                .any(|w| l.contains(w))
        })
        .count()
}

/// The board headers' positions in the output.
fn boards(out: &str, header: &str) -> Vec<usize> {
    out.match_indices(header).map(|(i, _)| i).collect()
}

#[test]
fn one_board_per_turn_of_a_person_with_bot_actions_listed_between() {
    // Blue (seat 3) is the person: the bots place Yellow's and Red's six setup pawns first.
    // Every placement, twice (both setup rounds): the refused ones change nothing.
    let mut script = String::new();
    for _round in 0..2 {
        for kind in ["1", "2", "3", "M"] {
            for line in "abcdefghi".chars() {
                script.push_str(&format!("{kind}@{line}\n"));
            }
        }
    }
    let out = play(
        &[
            "play",
            "toumai",
            "--players",
            "3",
            "--human",
            "3",
            "--seed",
            "5",
        ],
        &[],
        &script,
    );
    let header = "line  1    2    3    4    5    6    star";
    let at = boards(&out, header);
    assert!(at.len() >= 3, "{out}");
    let before_first = &out[..at[0]];
    assert_eq!(bot_lines(before_first), 6, "{before_first}");
    // Each board is followed by Blue's prompt: no board is drawn for a bot's action alone.
    for (k, &start) in at.iter().enumerate() {
        let end = at.get(k + 1).copied().unwrap_or(out.len());
        let section = &out[start..end];
        assert!(
            section.contains("Blue> ") || section.contains("Input closed"),
            "board {k} without a prompt: {section}"
        );
    }
    // Bots acting in a row are listed one per line between two boards.
    let listed = at
        .windows(2)
        .map(|w| bot_lines(&out[w[0]..w[1]]))
        .max()
        .unwrap_or(0);
    assert!(listed >= 2, "{out}");
}

#[test]
fn bots_only_games_draw_the_board_at_the_start_and_the_end() {
    let out = play(
        &["play", "connect-four", "--seed", "2", "--human", "none"],
        &[],
        "",
    );
    assert_eq!(boards(&out, "  1 2 3 4 5 6 7\n").len(), 2, "{out}");
    assert!(
        out.matches(" drops a disc in column ").count() >= 7,
        "{out}"
    );
    assert!(out.contains("Game over"), "{out}");
}

#[test]
fn the_legend_explains_every_mark_of_the_board() {
    let cases: [(&str, &[&str]); 5] = [
        ("toumai", &["[YM]", "M:", "N:", "*:", ".:"]),
        ("khan-tsin", &["w g b", "W G B", "value 1 2 3"]),
        (
            "china-moon",
            &["*:", "#:", "^:", "x:", "b:", "[3]", "(y)", "9f", "2/4"],
        ),
        ("magical-circle", &["(Lady)", "F Fire", "distance"]),
        ("connect-four", &["x:", "o:", "X O"]),
    ];
    for (game, marks) in cases {
        let out = play(&["play", game, "--human", "1"], &[], "quit\n");
        let legend = out
            .split("Legend:")
            .nth(1)
            .unwrap_or_else(|| panic!("{out}"));
        for mark in marks {
            assert!(legend.contains(mark), "{game}: {mark} not explained: {out}");
        }
    }
}

#[test]
fn play_seats_a_person_at_seat_1_unless_told_otherwise() {
    // No options: Yellow (seat 1) is asked for an action; the bots do not play to the end.
    let out = play(&["play", "toumai"], &[], "quit\n");
    assert!(out.contains("Yellow> "), "{out}");
    assert!(!out.contains("Game over"), "{out}");
    // `--human none`: bots only, to the end.
    let bots = play(&["play", "connect-four", "--human", "none"], &[], "");
    assert!(!bots.contains("> "), "{bots}");
    assert!(bots.contains("Game over"), "{bots}");
    let o = run(&["play", "toumai", "--human", "nobody"], &[]);
    assert_ne!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("`nobody` is not a seat number"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn rules_in_the_terminal_show_no_markdown_marks() {
    for game in ["toumai", "china-moon", "magical-circle"] {
        for lang in ["en", "fr", "cs"] {
            let text = stdout(&run(&["rules", game, "--lang", lang], &[]));
            assert!(!text.contains("**"), "{game} {lang}: {text}");
            assert!(!text.contains('`'), "{game} {lang}: {text}");
            assert!(
                !text.lines().any(|l| l.starts_with('#')),
                "{game} {lang}: {text}"
            );
            let ruling = if game == "magical-circle" { "D1" } else { "R1" };
            assert!(text.contains(ruling), "{game} {lang}: every ruling stays");
        }
    }
    let fr = stdout(&run(&["rules", "toumai", "--lang", "fr"], &[]));
    assert!(fr.starts_with("Toumaï — règles\n===="), "{fr}");
    // In colour, what the page puts in bold is bold.
    let bold = stdout(&run(&["rules", "toumai", "--color", "always"], &[]));
    assert!(bold.contains("\x1b[1m9 lines\x1b[0m"), "{bold}");
    assert!(!bold.contains("**"));
    // The `rules` command inside a game shows the same text.
    let out = play(&["play", "toumai", "--lang", "fr"], &[], "rules\nquit\n");
    assert!(out.contains(&fr), "{out}");
}

#[test]
fn bot_moves_are_told_in_words_as_the_web_ui_tells_them() {
    for (lang, words) in [
        ("en", "Yellow (o) drops a disc in column "),
        ("fr", "Jaune (o) lâche un pion dans la colonne "),
        ("cs", "Žlutý (o) vhazuje kámen do sloupce "),
    ] {
        let args = [
            "play",
            "connect-four",
            "--human",
            "1",
            "--seed",
            "3",
            "--lang",
            lang,
        ];
        let out = play(&args, &[], &connect_four_script());
        let line = out
            .lines()
            .find(|l| l.contains(words))
            .unwrap_or_else(|| panic!("{lang}: {out}"));
        // The words, then the notation the move was played in.
        assert!(line.ends_with(')'), "{line}");
    }
    let toumai = |lang: &str| {
        play(
            &[
                "play", "toumai", "--human", "none", "--seed", "4", "--lang", lang,
            ],
            &[],
            "",
        )
    };
    let fr = toumai("fr");
    assert!(fr.contains(" s'envole de la piste "), "{fr}");
    assert!(!fr.contains("Le oiseau"), "{fr}");
    let cs = toumai("cs");
    assert!(cs.contains(" letí z dráhy "), "{cs}");
    let cm = play(
        &[
            "play",
            "china-moon",
            "--human",
            "none",
            "--seed",
            "4",
            "--lang",
            "cs",
        ],
        &[],
        "",
    );
    assert!(cm.contains(" posouvá "), "{cm}");
    assert!(!cm.contains("(Modrý)"), "{cm}");
}
