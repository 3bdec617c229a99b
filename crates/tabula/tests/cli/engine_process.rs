//! A real `tabula engine` child process driven over pipes, one line at a time, with every
//! answer awaited under a generous bound (never timed): the sessions of `cli_engine` and the
//! hostile input of `cli_engine_input` share it.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::time::Duration;

/// A bound on waiting for one answer, so that a missing answer fails instead of hanging.
const ANSWER_DEADLINE: Duration = Duration::from_secs(120);

/// A running engine.
pub struct Engine {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
}

impl Engine {
    /// `tabula engine <args>`, in English whatever the machine's locale.
    pub fn start(args: &[&str]) -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_tabula"))
            .env_remove("LANG")
            .env_remove("LC_ALL")
            .arg("engine")
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("spawn tabula engine");
        let stdout = child.stdout.take().expect("stdout");
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let stdin = child.stdin.take();
        Engine {
            child,
            stdin,
            lines,
        }
    }

    /// Writes `bytes` (whole lines, or not) to the engine's standard input.
    pub fn write(&mut self, bytes: impl AsRef<[u8]>) {
        let stdin = self.stdin.as_mut().expect("stdin open");
        stdin.write_all(bytes.as_ref()).expect("write");
        stdin.flush().expect("flush");
    }

    /// The next line answered; `after` names what it answers, for the failure message.
    pub fn line(&mut self, after: &str) -> String {
        self.lines
            .recv_timeout(ANSWER_DEADLINE)
            .unwrap_or_else(|e| panic!("no answer to `{after}`: {e}"))
    }

    /// The lines up to and including the first that starts with `last`.
    pub fn until(&mut self, after: &str, last: &str) -> Vec<String> {
        let mut lines = Vec::new();
        loop {
            let line = self.line(after);
            let done = line.starts_with(last);
            lines.push(line);
            if done {
                return lines;
            }
        }
    }

    /// Sends `isready` alone and checks the answer.
    pub fn assert_ready(&mut self) {
        self.write(b"isready\n");
        assert_eq!(self.line("isready"), "readyok");
    }

    /// Closes standard input: the end of input, while the engine may still answer.
    pub fn close_input(&mut self) {
        drop(self.stdin.take());
    }

    /// Closes standard input and waits for the exit; the lines written after the last answer.
    pub fn finish(mut self) -> (Option<i32>, Vec<String>) {
        self.close_input();
        let status = self.child.wait().expect("wait");
        (status.code(), self.lines.iter().collect())
    }
}
