//! `tabula engine` against input that must not end it: bytes that are not UTF-8, a line
//! longer than the limit, search budgets out of bounds, and searches without end, which
//! `stop`, `quit` or the end of input must end with their `bestmove`. Through a real child
//! process over pipes, every answer awaited with a generous bound (never timed).

use crate::engine_process::Engine;

impl Engine {
    /// The best move of the search answered before `readyok`, checked to be legal.
    fn assert_bestmove_then_ready(&mut self, after: &str) {
        let answer = self.until(after, "bestmove ");
        let best = answer.last().unwrap().strip_prefix("bestmove ").unwrap();
        assert!(
            answer[..answer.len() - 1]
                .iter()
                .all(|l| l.starts_with("info ")),
            "{answer:?}"
        );
        self.assert_ready();
        self.write(b"legal\n");
        let legal = self.line("legal");
        assert!(legal.split_whitespace().any(|a| a == best), "{legal}");
    }

    /// Waits for the exit (the answers must all have been read).
    fn exit_code(self) -> Option<i32> {
        let (code, rest) = self.finish();
        assert!(rest.is_empty(), "{rest:?}");
        code
    }
}

#[test]
fn bytes_that_are_not_utf8_get_an_error_naming_the_line_and_the_engine_goes_on() {
    let mut engine = Engine::start(&["connect-four"]);
    engine.write(b"is\xffready\n\xc3\x28\nisready\n");
    assert_eq!(
        engine.line("bad bytes"),
        "error line 1 is not UTF-8: skipped"
    );
    assert_eq!(
        engine.line("bad bytes"),
        "error line 2 is not UTF-8: skipped"
    );
    assert_eq!(engine.line("isready"), "readyok");
    engine.write(b"position start moves 4\nlegal\n");
    assert_eq!(engine.line("legal"), "legal 1 2 3 4 5 6 7");
}

#[test]
fn an_over_long_line_gets_an_error_and_the_next_command_is_answered() {
    let mut engine = Engine::start(&["connect-four"]);
    engine.write(b"isready\n");
    assert_eq!(engine.line("isready"), "readyok");
    // 8 MiB without a newline, written in pieces, then the newline and a command.
    let piece = vec![b'x'; 1 << 20];
    for _ in 0..8 {
        engine.write(&piece);
    }
    engine.write(b"\nisready\n");
    let error = engine.line("a long line");
    assert_eq!(
        error, "error line 2 is longer than 65536 bytes: skipped",
        "{error}"
    );
    assert_eq!(engine.line("isready"), "readyok");
    // A line of exactly the limit is read (and refused as a command).
    let mut line = vec![b'y'; 65536];
    line.push(b'\n');
    engine.write(&line);
    assert!(engine.line("64 KiB").starts_with("error unknown command"));
}

#[test]
fn search_numbers_out_of_bounds_are_refused_naming_the_option() {
    let mut engine = Engine::start(&["connect-four"]);
    for (command, named) in [
        ("go depth 70", "depth must be at most 64, not 70"),
        ("go movetime 100000000000", "movetime must be at most"),
        (
            "analyse iterations 99999999999999999",
            "iterations must be at most",
        ),
        ("go nodes 18446744073709551616", "`nodes` needs a number"),
        ("go infinite depth 3", "infinite takes no"),
    ] {
        engine.write(format!("{command}\n").as_bytes());
        let answer = engine.line(command);
        assert!(
            answer.starts_with("error ") && answer.contains(named),
            "{command}: {answer}"
        );
    }
    engine.assert_ready();
}

#[test]
fn stop_ends_an_infinite_search_with_its_bestmove() {
    for bot in ["strong", "mcts:iterations=1000"] {
        let mut engine = Engine::start(&["connect-four", "--bot", bot]);
        engine.write(b"position start moves 4 4\ngo infinite\n");
        engine.assert_ready_later_after_stop();
    }
}

#[test]
fn stop_ends_a_deep_search_before_its_cap() {
    let mut engine = Engine::start(&["connect-four"]);
    engine.write(b"go depth 64\n");
    engine.assert_ready_later_after_stop();
    engine.write(b"analyse depth 64\nstop\n");
    let answer = engine.until("analyse", "analysed ");
    assert_eq!(answer.last().unwrap(), "analysed 7", "{answer:?}");
}

impl Engine {
    /// Sends `isready` and then `stop` during a search: `readyok` must come after the
    /// search's `bestmove`, which `stop` brings.
    fn assert_ready_later_after_stop(&mut self) {
        self.write(b"isready\nstop\n");
        let answer = self.until("stop", "bestmove ");
        assert!(
            answer[..answer.len() - 1]
                .iter()
                .all(|l| l.starts_with("info ")),
            "{answer:?}"
        );
        assert_eq!(self.line("isready"), "readyok");
        self.assert_bestmove_then_ready_of("go depth 2");
    }

    fn assert_bestmove_then_ready_of(&mut self, command: &str) {
        self.write(format!("{command}\n").as_bytes());
        self.assert_bestmove_then_ready(command);
    }
}

#[test]
fn quit_and_the_end_of_input_end_an_infinite_search_with_its_bestmove() {
    let mut engine = Engine::start(&["connect-four"]);
    engine.write(b"go infinite\nquit\n");
    engine.until("quit", "bestmove ");
    assert_eq!(engine.exit_code(), Some(0));

    let mut engine = Engine::start(&["connect-four"]);
    engine.write(b"go infinite\n");
    engine.close_input();
    engine.until("end of input", "bestmove ");
    assert_eq!(engine.exit_code(), Some(0));
}

#[test]
fn the_end_of_input_waits_for_a_bounded_search_to_answer() {
    let mut engine = Engine::start(&["connect-four"]);
    engine.write(b"position start moves 4 4 3\ngo depth 6\n");
    engine.close_input();
    let answer = engine.until("go depth 6", "bestmove ");
    assert_eq!(answer.last().unwrap(), "bestmove 5", "{answer:?}");
    assert!(answer[0].starts_with("info depth 6 "), "{answer:?}");
    assert_eq!(engine.exit_code(), Some(0));
}
