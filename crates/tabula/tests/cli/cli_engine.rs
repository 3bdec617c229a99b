//! `tabula engine` through a real child process, one command at a time over pipes (so an
//! answer that is not flushed would never arrive): sessions for every game, the searches'
//! figures, errors that keep the engine running and change nothing, forced wins, the end of
//! the session.

use crate::support;

use crate::engine_process::Engine;
use support::*;

const GAMES: [&str; 5] = [
    "toumai",
    "khan-tsin",
    "china-moon",
    "magical-circle",
    "connect-four",
];
/// Red (x) wins at once by column 3 only (from Connect Four's tactics data file).
const WIN_IN_ONE: &str = "......./o....../o..x.../x..oox./oo.oxo./xx.xxox x";
/// Red (x) forces a four within 3 plies by column 6 only.
const WIN_IN_THREE: &str = "......./....o../...xx.o/...ox.x/...ooxx/xooxoxo x";

impl Engine {
    /// Sends `command`, then `isready`; the lines answered before `readyok`.
    fn ask(&mut self, command: &str) -> Vec<String> {
        self.write(format!("{command}\n"));
        self.write("isready\n");
        let mut answer = Vec::new();
        loop {
            let line = self.line(command);
            if line == "readyok" {
                return answer;
            }
            answer.push(line);
        }
    }

    /// The one line answered to `command`.
    fn ask_one(&mut self, command: &str) -> String {
        let answer = self.ask(command);
        assert_eq!(answer.len(), 1, "`{command}`: {answer:?}");
        answer.into_iter().next().unwrap()
    }

    /// The tokens of `legal` (with its options).
    fn legal(&mut self, options: &str) -> Vec<String> {
        let line = self.ask_one(&format!("legal {options}"));
        let mut words = line.split_whitespace().map(String::from);
        assert_eq!(words.next().as_deref(), Some("legal"), "{line}");
        words.collect()
    }

    /// The position as `show` gives it on its last line.
    fn position(&mut self) -> String {
        let shown = self.ask("show");
        let last = shown.last().expect("show answers");
        last.strip_prefix("position ")
            .unwrap_or_else(|| panic!("{shown:?}"))
            .to_string()
    }

    /// Asserts that `info`'s principal variation starts with `best` and plays out from the
    /// position that `start` (a `position` command) sets.
    fn assert_pv_plays_out(&mut self, info: &str, best: &str, start: &str) {
        let pv = field(info, "pv");
        assert_eq!(pv[0], best, "{info}");
        let line = format!("{start} moves {}", pv.join(" "));
        assert!(self.ask(&line).is_empty(), "{line}");
    }
}

/// `go`'s answer: the `info` lines and the best move.
fn best_move(answer: &[String]) -> (Vec<&str>, &str) {
    let (last, info) = answer.split_last().expect("go answers");
    let best = last
        .strip_prefix("bestmove ")
        .unwrap_or_else(|| panic!("{answer:?}"));
    assert!(info.iter().all(|l| l.starts_with("info ")), "{answer:?}");
    (info.iter().map(String::as_str).collect(), best)
}

/// The words after `key` in an `info` line, up to the next key.
fn field<'a>(info: &'a str, key: &str) -> Vec<&'a str> {
    const KEYS: [&str; 10] = [
        "depth",
        "iterations",
        "nodes",
        "time",
        "nps",
        "score",
        "mate",
        "value",
        "pv",
        "info",
    ];
    info.split_whitespace()
        .skip_while(|w| *w != key)
        .skip(1)
        .take_while(|w| !KEYS.contains(w))
        .collect()
}

/// The seat option a search needs where several seats may act (Magical Circle's race).
fn seat_option(legal: &[String]) -> &'static str {
    if legal.iter().any(|a| a.starts_with("1:")) {
        " seat 1"
    } else {
        ""
    }
}

#[test]
fn every_game_plays_a_session_of_legal_go_moves_and_analyse() {
    for game in GAMES {
        let mut engine = Engine::start(&[game, "--bot", "casual", "--seed", "3"]);
        assert!(engine.ask("position start seed 5").is_empty(), "{game}");
        let start = engine.position();
        let legal = engine.legal("");
        assert!(!legal.is_empty(), "{game}");
        let seat = seat_option(&legal);
        let answer = engine.ask(&format!("go iterations 60{seat}"));
        let (info, best) = best_move(&answer);
        assert!(
            legal.iter().any(|a| a == best),
            "{game}: {best} in {legal:?}"
        );
        assert_eq!(info.len(), 1, "{game}: {answer:?}");
        assert_eq!(
            field(info[0], "pv").first(),
            Some(&best),
            "{game}: {answer:?}"
        );

        let mut moves = vec![best.to_string()];
        let after = loop {
            let command = format!("position start seed 5 moves {}", moves.join(" "));
            assert!(engine.ask(&command).is_empty(), "{game}: {command}");
            let legal = engine.legal("");
            let seat = seat_option(&legal);
            let answer = engine.ask(&format!("go iterations 60{seat}"));
            if answer[0].starts_with("error a chance event is pending") {
                // Chance outcomes are the host's to give: take the first.
                moves.push(legal[0].clone());
                continue;
            }
            let (_, best) = best_move(&answer);
            assert!(
                legal.iter().any(|a| a == best),
                "{game}: {best} in {legal:?}"
            );
            break engine.position();
        };
        assert_ne!(after, start, "{game}: moves {moves:?} changed nothing");

        // The same position from its notation, then its analysis.
        assert!(
            engine.ask(&format!("position {after}")).is_empty(),
            "{game}"
        );
        assert_eq!(engine.position(), after, "{game}");
        let legal = engine.legal("");
        let seat = seat_option(&legal);
        let own = engine.legal(seat.trim());
        let answer = engine.ask(&format!("analyse iterations 60{seat}"));
        assert!(answer[0].starts_with("info "), "{game}: {answer:?}");
        assert_eq!(
            answer.last().unwrap(),
            &format!("analysed {}", own.len()),
            "{game}"
        );
        let mut listed: Vec<String> = answer[1..answer.len() - 1]
            .iter()
            .map(|l| {
                let words: Vec<&str> = l.split_whitespace().collect();
                assert_eq!(words[0], "action", "{game}: {l}");
                assert_eq!(words[2], "value", "{game}: {l}");
                words[1].to_string()
            })
            .collect();
        listed.sort();
        let mut expected = own.clone();
        expected.sort();
        assert_eq!(listed, expected, "{game}: every legal action once");
        engine.assert_ready();
    }
}

#[test]
fn unknown_commands_and_bad_positions_get_one_error_line_and_change_nothing() {
    for game in GAMES {
        let mut engine = Engine::start(&[game, "--bot", "mcts:iterations=20"]);
        let before = engine.position();
        for (command, names) in [
            ("frobnicate now", "`frobnicate`"),
            ("position this is no position", "bad position"),
            ("position start moves zz9", "move 1 `zz9`"),
            ("position start players 9", "players"),
            ("position start seed x", "seed"),
            ("position", "position needs"),
            ("go iterations many", "iterations"),
            ("go iterations 0", "iterations"),
            ("go seat 9", "seat 9"),
            ("analyse depth", "depth"),
            ("legal seat 0", "seat 0"),
        ] {
            let line = engine.ask_one(command);
            assert!(line.starts_with("error "), "{game}: `{command}`: {line}");
            assert!(line.contains(names), "{game}: `{command}`: {line}");
            let parts: Vec<&str> = line["error ".len()..].split(": ").collect();
            assert!(
                parts.windows(2).all(|w| w[0] != w[1]),
                "{game}: `{command}` says the same twice: {line}"
            );
            assert_eq!(engine.position(), before, "{game}: `{command}` changed it");
        }
        engine.assert_ready();
    }
}

#[test]
fn an_illegal_move_after_legal_ones_keeps_the_previous_position() {
    let mut engine = Engine::start(&["connect-four", "--bot", "alphabeta:depth=2"]);
    assert!(engine.ask("position start moves 4").is_empty());
    let before = engine.position();
    let line = engine.ask_one("position start moves 4 4 9");
    assert!(line.starts_with("error move 3 `9`"), "{line}");
    assert!(line.contains("column 9"), "{line}");
    assert_eq!(engine.position(), before);
}

#[test]
fn a_move_after_the_end_names_the_move_and_the_reason_once() {
    let mut engine = Engine::start(&["connect-four", "--bot", "alphabeta:depth=2"]);
    // x wins in column 1 on its fourth move; the eighth move comes after the end.
    let line = engine.ask_one("position start moves 1 2 1 2 1 2 1 2");
    assert!(line.starts_with("error move 8 `2`: "), "{line}");
    assert_eq!(line.matches("`2`").count(), 1, "{line}");
    assert!(line.contains("over"), "{line}");
}

#[test]
fn connect_four_forced_wins_are_played_by_alphabeta_and_mcts() {
    let mut engine = Engine::start(&["connect-four", "--bot", "alphabeta:depth=2"]);
    assert!(engine.ask(&format!("position {WIN_IN_THREE}")).is_empty());
    let answer = engine.ask("go depth 5");
    let (info, best) = best_move(&answer);
    assert_eq!(best, "6", "{answer:?}");
    assert_eq!(field(info[0], "mate"), ["3"], "{answer:?}");
    assert_eq!(field(info[0], "value"), ["1.000", "0.000"], "{answer:?}");
    assert_eq!(field(info[0], "depth").len(), 1, "{answer:?}");

    let mut engine = Engine::start(&["connect-four", "--bot", "mcts:iterations=10"]);
    assert!(engine.ask(&format!("position {WIN_IN_ONE}")).is_empty());
    let answer = engine.ask("go iterations 2000");
    let (info, best) = best_move(&answer);
    assert_eq!(best, "3", "{answer:?}");
    assert_eq!(field(info[0], "iterations"), ["2000"], "{answer:?}");
}

#[test]
fn analyse_lists_alphabeta_values_best_first_and_the_winning_move_on_top() {
    let mut engine = Engine::start(&["connect-four", "--bot", "alphabeta:depth=5"]);
    assert!(engine.ask(&format!("position {WIN_IN_THREE}")).is_empty());
    let answer = engine.ask("analyse");
    assert_eq!(answer.last().unwrap(), "analysed 7");
    let rows: Vec<(&str, f64)> = answer[1..answer.len() - 1]
        .iter()
        .map(|l| {
            let w: Vec<&str> = l.split_whitespace().collect();
            (w[1], w[3].parse().expect("value"))
        })
        .collect();
    assert_eq!(rows[0], ("6", 1.0), "{answer:?}");
    assert!(rows.windows(2).all(|w| w[0].1 >= w[1].1), "{answer:?}");
    assert!(rows[1].1 < 1.0, "only column 6 wins: {answer:?}");
}

#[test]
fn info_line_carries_the_searched_figures_and_a_pv_in_notation() {
    let mut engine = Engine::start(&["toumai", "--bot", "mcts:iterations=10", "--threads", "2"]);
    assert!(engine.ask("position start seed 2 players 3").is_empty());
    let answer = engine.ask("go iterations 90");
    let (info, best) = best_move(&answer);
    let info = info[0];
    assert_eq!(field(info, "iterations"), ["90"], "{info}");
    assert_eq!(field(info, "value").len(), 3, "a value per seat: {info}");
    for key in ["nodes", "time", "nps"] {
        let n = field(info, key);
        assert!(n.len() == 1 && n[0].parse::<u64>().is_ok(), "{key}: {info}");
    }
    engine.assert_pv_plays_out(info, best, "position start seed 2 players 3");
}

#[test]
fn alphabeta_on_two_threads_answers_with_a_whole_iteration_and_a_legal_pv() {
    let mut engine = Engine::start(&["khan-tsin", "--bot", "alphabeta:depth=2", "--threads", "2"]);
    assert!(engine.ask("position start seed 3").is_empty());
    let answer = engine.ask("go depth 5");
    let (info, best) = best_move(&answer);
    let info = info[0];
    assert_eq!(field(info, "depth"), ["5"], "{info}");
    engine.assert_pv_plays_out(info, best, "position start seed 3");
}

#[test]
fn go_refuses_a_finished_game_and_a_pending_chance_event() {
    let mut engine = Engine::start(&["connect-four"]);
    let won = "......./......./...x.../...xo../...xo../...xo.. o";
    assert!(engine.ask(&format!("position {won}")).is_empty());
    assert_eq!(engine.ask_one("go"), "error the game is over");
    assert_eq!(engine.ask_one("analyse"), "error the game is over");
    assert_eq!(engine.legal(""), Vec::<String>::new());

    let mut engine = Engine::start(&["magical-circle", "--bot", "mcts:iterations=10"]);
    assert!(
        engine
            .ask("position start seed 5 moves 1:vote 2:vote")
            .is_empty()
    );
    let line = engine.ask_one("go seat 1");
    assert!(
        line.starts_with("error a chance event is pending"),
        "{line}"
    );
    let outcomes = engine.legal("");
    assert!(outcomes[0].starts_with("reveal:"), "{outcomes:?}");
    let line = format!("position start seed 5 moves 1:vote 2:vote {}", outcomes[0]);
    assert!(engine.ask(&line).is_empty(), "{line}");
}

#[test]
fn several_acting_seats_need_a_seat_and_moves_name_it() {
    let mut engine = Engine::start(&["magical-circle", "--bot", "mcts:iterations=30"]);
    assert!(engine.ask("position start seed 5").is_empty());
    let line = engine.ask_one("go");
    assert!(line.contains("several seats may act (1, 2)"), "{line}");
    let line = engine.ask_one("position start seed 5 moves claim");
    assert!(line.contains("N:action"), "{line}");
    let answer = engine.ask("go seat 2");
    let (_, best) = best_move(&answer);
    assert!(best.starts_with("2:"), "{best}");
    assert!(
        engine
            .ask(&format!("position start seed 5 moves {best}"))
            .is_empty()
    );
}

/// `go` without a budget plays the level as a match does: Magical Circle's levels play by
/// sight (their game's own policy, no search, so no `info` line), while `go` with a budget
/// runs the level's analysis search and reports it.
#[test]
fn go_without_a_budget_plays_the_level_and_with_one_runs_its_search() {
    let mut engine = Engine::start(&["magical-circle", "--bot", "casual", "--seed", "2"]);
    assert!(engine.ask("position start seed 5").is_empty());
    let answer = engine.ask("go seat 2");
    let (info, best) = best_move(&answer);
    assert!(
        info.is_empty(),
        "the level's policy searches nothing: {answer:?}"
    );
    assert!(best.starts_with("2:"), "{best}");
    let answer = engine.ask("go iterations 50 seat 2");
    let (info, _) = best_move(&answer);
    assert_eq!(info.len(), 1, "a budget runs the search: {answer:?}");

    // Connect Four's `expert` proves this position with its solver: the proof is reported.
    let mut engine = Engine::start(&["connect-four", "--bot", "expert"]);
    assert!(engine.ask(&format!("position {WIN_IN_THREE}")).is_empty());
    let answer = engine.ask("go");
    let (info, best) = best_move(&answer);
    assert_eq!(best, "6", "{answer:?}");
    assert_eq!(field(info[0], "mate"), ["3"], "{answer:?}");
}

#[test]
fn random_bot_moves_without_info_and_cannot_analyse() {
    let mut engine = Engine::start(&["connect-four", "--bot", "random"]);
    let answer = engine.ask("go");
    let (info, best) = best_move(&answer);
    assert!(info.is_empty(), "{answer:?}");
    assert!(engine.legal("").iter().any(|a| a == best));
    let line = engine.ask_one("analyse");
    assert!(line.contains("does not search"), "{line}");
}

#[test]
fn quit_and_end_of_input_end_the_engine_with_status_0() {
    let mut engine = Engine::start(&["connect-four"]);
    engine.write("quit\nisready\n");
    let (code, rest) = engine.finish();
    assert_eq!(code, Some(0));
    assert!(rest.is_empty(), "nothing after quit: {rest:?}");

    let mut engine = Engine::start(&["connect-four"]);
    engine.assert_ready();
    let (code, rest) = engine.finish();
    assert_eq!(code, Some(0));
    assert!(rest.is_empty(), "{rest:?}");
}

#[test]
fn unknown_bot_or_game_is_refused_before_the_session_starts() {
    let err = fails(&["engine", "connect-four", "--bot", "grandmaster"]);
    assert!(err.contains("grandmaster"), "{err}");
    let err = fails(&["engine", "chess"]);
    assert!(err.contains("unknown game `chess`"), "{err}");
    let err = fails(&["engine", "connect-four", "--threads", "0"]);
    assert!(err.contains("threads"), "{err}");
}
