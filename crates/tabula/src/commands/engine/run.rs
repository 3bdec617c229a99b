//! The engine's loop: a thread reads the input line by line ([`super::input`]), the session
//! answers each command in order, and `go` and `analyse` search on a thread of their own.
//! While a search runs, `stop` is read and ends it at once (the search then answers as
//! usual); every other line waits for the search's answer and is then carried out in order,
//! so that `isready` still answers after everything sent before it. A search given no
//! `movetime` (and not `infinite`) is stopped after the session's cap.

use super::input::{Line, MAX_LINE, read_line};
use super::{Answer, Session};
use crate::commands::engine_search::Job;
use anyhow::Result;
use std::collections::VecDeque;
use std::io::{BufReader, Read, Write};
use std::sync::mpsc::{Receiver, RecvTimeoutError, Sender, channel};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};
use tabula_ai::Stop;

/// What the loop waits for.
enum Event {
    /// Line `n` (from 1) of the input, or its end.
    Input(usize, Line),
    /// Reading the input failed.
    Failed(std::io::Error),
    /// The running search's answer.
    Answered(Vec<String>),
}

/// A search on its thread.
struct Running {
    stop: Stop,
    /// When the session stops it (`None`: its own budget bounds it, or it was stopped).
    deadline: Option<Instant>,
    /// `go infinite`: only `stop` (or `quit`, or the end of input) ends it.
    infinite: bool,
    thread: JoinHandle<()>,
}

/// The most lines kept waiting for a search's answer (each at most [`MAX_LINE`] bytes); the
/// lines read beyond them, `quit` and the end of input apart, are skipped with one `error`.
const MAX_WAITING: usize = 256;

/// A line waiting for the running search's answer.
enum Waiting {
    Line(usize, Line),
    /// Lines `from` to `to`, read while too many were waiting.
    Skipped(usize, usize),
}

/// What carrying out one line leads to.
enum Flow {
    Next,
    Search(Job),
    Quit,
}

/// Reads `input` on a thread of its own, sending each line (or the failure) to `events`.
fn spawn_reader(input: impl Read + Send + 'static, events: Sender<Event>) {
    std::thread::spawn(move || {
        let mut input = BufReader::new(input);
        let mut buf = Vec::new();
        for n in 1.. {
            let event = match read_line(&mut input, MAX_LINE, &mut buf) {
                Ok(line) => Event::Input(n, line),
                Err(e) => Event::Failed(e),
            };
            let last = matches!(event, Event::Input(_, Line::End) | Event::Failed(_));
            if events.send(event).is_err() || last {
                return;
            }
        }
    });
}

fn write_lines(out: &mut impl Write, lines: &[String]) -> Result<()> {
    for l in lines {
        writeln!(out, "{l}")?;
    }
    out.flush()?;
    Ok(())
}

fn is_search(waiting: &Waiting) -> bool {
    matches!(waiting, Waiting::Line(_, Line::Text(t)) if matches!(
        t.split_whitespace().next(),
        Some("go" | "analyse" | "analyze")
    ))
}

/// Runs the protocol on `input` and `out` until `quit` or the end of input; searches not
/// given `movetime` are stopped after `cap`.
pub fn run(
    mut session: Session,
    input: impl Read + Send + 'static,
    out: &mut impl Write,
    cap: Duration,
) -> Result<()> {
    let (events, received) = channel();
    spawn_reader(input, events.clone());
    let mut pending: VecDeque<Waiting> = VecDeque::new();
    let mut running: Option<Running> = None;
    loop {
        let event = match next_event(&received, running.as_mut()) {
            Some(e) => e,
            None => continue,
        };
        match event {
            Event::Failed(e) => return Err(e.into()),
            Event::Input(n, line) => match running.as_mut() {
                Some(r) => while_searching(r, &mut pending, n, line),
                None => match step(&mut session, n, &line, out)? {
                    Flow::Next => {}
                    Flow::Quit => return Ok(()),
                    Flow::Search(job) => running = Some(start(job, &events, cap)),
                },
            },
            Event::Answered(lines) => {
                if let Some(r) = running.take() {
                    // The thread has sent its last message.
                    let _ = r.thread.join();
                }
                write_lines(out, &lines)?;
                // The lines read meanwhile, in order, until one starts a search; those after
                // it are read again as arriving during that search.
                while let Some(waiting) = pending.pop_front() {
                    let flow = match waiting {
                        Waiting::Line(n, line) => step(&mut session, n, &line, out)?,
                        Waiting::Skipped(from, to) => {
                            write_lines(
                                out,
                                &[format!(
                                    "error lines {from} to {to} skipped: more than {MAX_WAITING} \
                                 lines were waiting for the search"
                                )],
                            )?;
                            Flow::Next
                        }
                    };
                    match flow {
                        Flow::Next => {}
                        Flow::Quit => return Ok(()),
                        Flow::Search(job) => {
                            let mut r = start(job, &events, cap);
                            for waiting in std::mem::take(&mut pending) {
                                match waiting {
                                    Waiting::Line(n, line) => {
                                        while_searching(&mut r, &mut pending, n, line)
                                    }
                                    skipped => pending.push_back(skipped),
                                }
                            }
                            running = Some(r);
                            break;
                        }
                    }
                }
            }
        }
    }
}

/// The next event; `None` when the running search's deadline passed first (it is then
/// stopped, and answers as usual).
fn next_event(received: &Receiver<Event>, running: Option<&mut Running>) -> Option<Event> {
    let Some(r) = running else {
        return Some(received.recv().expect("the loop holds a sender"));
    };
    let Some(deadline) = r.deadline else {
        return Some(received.recv().expect("the loop holds a sender"));
    };
    match received.recv_timeout(deadline.saturating_duration_since(Instant::now())) {
        Ok(e) => Some(e),
        Err(RecvTimeoutError::Timeout) => {
            r.stop.stop();
            r.deadline = None;
            None
        }
        Err(RecvTimeoutError::Disconnected) => unreachable!("the loop holds a sender"),
    }
}

/// A line read while a search runs: `stop` ends it at once (unless a later search is queued:
/// then it waits for that one); `quit` and the end of input end an `infinite` search the
/// same way, and are then carried out in order like every other line. Beyond
/// [`MAX_WAITING`] waiting lines, the others are skipped.
fn while_searching(r: &mut Running, pending: &mut VecDeque<Waiting>, n: usize, line: Line) {
    let later_search = pending.iter().any(is_search);
    let word = match &line {
        Line::Text(t) => t.split_whitespace().next(),
        Line::End => Some("quit"),
        _ => None,
    };
    match word {
        Some("stop") if !later_search => r.stop.stop(),
        Some("quit") => {
            if !later_search && r.infinite {
                r.stop.stop();
            }
            pending.push_back(Waiting::Line(n, line));
        }
        _ if pending.len() < MAX_WAITING => pending.push_back(Waiting::Line(n, line)),
        _ => match pending.back_mut() {
            Some(Waiting::Skipped(_, to)) => *to = n,
            _ => pending.push_back(Waiting::Skipped(n, n)),
        },
    }
}

/// Starts `job` on a search thread that sends its answer to `events`.
fn start(job: Job, events: &Sender<Event>, cap: Duration) -> Running {
    let stop = Stop::new();
    let (searching, events) = (stop.clone(), events.clone());
    let (capped, infinite) = (job.capped, job.infinite);
    let thread = std::thread::spawn(move || {
        let _ = events.send(Event::Answered(job.run(&searching)));
    });
    Running {
        stop,
        deadline: capped.then(|| Instant::now() + cap),
        infinite,
        thread,
    }
}

/// Carries out one line with no search running.
fn step(session: &mut Session, n: usize, line: &Line, out: &mut impl Write) -> Result<Flow> {
    let answer = match line {
        Line::End => return Ok(Flow::Quit),
        Line::Text(text) => session.handle(text.trim()),
        Line::NotUtf8 => Answer::Lines(vec![format!("error line {n} is not UTF-8: skipped")]),
        Line::TooLong => Answer::Lines(vec![format!(
            "error line {n} is longer than {MAX_LINE} bytes: skipped"
        )]),
    };
    match answer {
        Answer::Quit => Ok(Flow::Quit),
        Answer::Search(job) => Ok(Flow::Search(job)),
        Answer::Lines(lines) => {
            write_lines(out, &lines)?;
            Ok(Flow::Next)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::commands::engine::EngineArgs;
    use crate::opts::ParamOpts;

    /// The lines a Connect Four session with `bot` answers to `input`, searches capped at
    /// `cap`.
    fn answers(bot: &str, input: &'static [u8], cap: Duration) -> Vec<String> {
        let params = ParamOpts::default();
        let args = EngineArgs {
            game: "connect-four",
            bot,
            seed: 0,
            threads: None,
            players: None,
            params: &params,
        };
        let mut out = Vec::new();
        run(Session::new(&args).unwrap(), input, &mut out, cap).unwrap();
        String::from_utf8(out)
            .unwrap()
            .lines()
            .map(String::from)
            .collect()
    }

    fn assert_bestmove_then_ready(lines: &[String]) {
        let n = lines.len();
        assert!(n >= 2, "{lines:?}");
        assert!(lines[n - 2].starts_with("bestmove "), "{lines:?}");
        assert_eq!(lines[n - 1], "readyok", "{lines:?}");
    }

    #[test]
    fn a_deep_search_without_movetime_is_stopped_at_the_cap_and_answers() {
        let cap = Duration::from_millis(200);
        let lines = answers("strong", b"go depth 64\nisready\n", cap);
        assert_bestmove_then_ready(&lines);
        let lines = answers("strong", b"analyse depth 64\nisready\n", cap);
        assert!(lines.iter().any(|l| l == "analysed 7"), "{lines:?}");
    }

    #[test]
    fn the_bots_own_budget_is_capped_too() {
        let lines = answers(
            "mcts:iterations=100000000",
            b"go\nisready\n",
            Duration::from_millis(200),
        );
        assert_bestmove_then_ready(&lines);
    }

    #[test]
    fn stop_with_no_search_running_answers_nothing() {
        let lines = answers("random", b"stop\nisready\n", Duration::from_secs(60));
        assert_eq!(lines, ["readyok"]);
    }

    #[test]
    fn lines_after_a_search_are_answered_in_order_after_its_bestmove() {
        let lines = answers(
            "strong",
            b"go depth 2\nlegal\ngo depth 3\nisready\n",
            Duration::from_secs(600),
        );
        let kinds: Vec<&str> = lines
            .iter()
            .map(|l| l.split_whitespace().next().unwrap())
            .collect();
        assert_eq!(
            kinds,
            ["info", "bestmove", "legal", "info", "bestmove", "readyok"]
        );
    }

    #[test]
    fn lines_beyond_the_waiting_limit_are_skipped_with_one_error_and_stop_still_read() {
        let mut input = b"go infinite\n".to_vec();
        for _ in 0..300 {
            input.extend_from_slice(b"isready\n");
        }
        input.extend_from_slice(b"stop\n");
        let input: &'static [u8] = Box::leak(input.into_boxed_slice());
        let lines = answers("strong", input, Duration::from_secs(600));
        let best = lines
            .iter()
            .position(|l| l.starts_with("bestmove "))
            .unwrap();
        let rest = &lines[best + 1..];
        assert_eq!(rest.len(), MAX_WAITING + 1, "{rest:?}");
        assert!(rest[..MAX_WAITING].iter().all(|l| l == "readyok"));
        assert!(
            rest[MAX_WAITING].starts_with("error lines 258 to 301 skipped"),
            "{rest:?}"
        );
    }
}
