//! Support for the tests of `tabula serve` as a real process: start it on a free loopback
//! port with a temporary database, a minimal blocking HTTP/1.1 client, SIGKILL.
#![allow(dead_code)]

pub mod pg;

use serde_json::Value;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

/// A fresh database path under the system's temporary directory.
pub fn temp_db(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tabula-serve-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    let path = dir.join(format!("{name}.db"));
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", path.display()));
    }
    path
}

/// A running `tabula serve`, killed (SIGKILL) when dropped.
pub struct ServerProcess {
    child: Child,
    pub addr: SocketAddr,
}

impl ServerProcess {
    /// Starts `tabula serve --addr 127.0.0.1:0 <args>` and waits for the address it prints.
    /// One test client makes many matches: unless `args` set the creation limit, it is
    /// raised out of the way.
    pub fn start(args: &[&str]) -> ServerProcess {
        ServerProcess::start_with(args, |_| {})
    }

    /// [`ServerProcess::start`], with the command changed by `configure` first (limits,
    /// signals, environment).
    pub fn start_with(args: &[&str], configure: impl FnOnce(&mut Command)) -> ServerProcess {
        let relaxed: &[&str] = if args.iter().any(|a| a.starts_with("--creation")) {
            &[]
        } else {
            &[
                "--creations-per-minute",
                "100000",
                "--creation-burst",
                "100000",
            ]
        };
        let mut command = Command::new(env!("CARGO_BIN_EXE_tabula"));
        command
            .args(["serve", "--addr", "127.0.0.1:0"])
            .args(relaxed)
            .args(args)
            .env("RUST_LOG", "error")
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit());
        configure(&mut command);
        let mut child = command.spawn().expect("tabula serve starts");
        let mut line = String::new();
        BufReader::new(child.stdout.take().expect("stdout"))
            .read_line(&mut line)
            .expect("a line");
        let url = line
            .split_whitespace()
            .find(|w| w.starts_with("http://"))
            .unwrap_or_else(|| panic!("no address in `{line}`"));
        let addr = url
            .trim_start_matches("http://")
            .trim_end_matches('/')
            .parse()
            .unwrap_or_else(|e| panic!("`{url}`: {e}"));
        ServerProcess { child, addr }
    }

    /// The process id.
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// SIGKILL: the process gets no chance to flush or clean up anything.
    pub fn kill9(&mut self) {
        self.child.kill().expect("SIGKILL");
        self.child.wait().expect("reaped");
    }

    pub fn get(&self, path: &str) -> (u16, Value) {
        request(self.addr, "GET", path, None).expect("the server answers")
    }

    pub fn post(&self, path: &str, body: &Value) -> (u16, Value) {
        request(self.addr, "POST", path, Some(body)).expect("the server answers")
    }
}

impl Drop for ServerProcess {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// One HTTP/1.1 request (`connection: close`); the status and the body as JSON (a string
/// when the body is not JSON). `Err` when the connection fails.
pub fn request(
    addr: SocketAddr,
    method: &str,
    path: &str,
    body: Option<&Value>,
) -> std::io::Result<(u16, Value)> {
    let mut stream = TcpStream::connect_timeout(&addr, Duration::from_secs(5))?;
    stream.set_read_timeout(Some(Duration::from_secs(20)))?;
    let body = body.map(Value::to_string).unwrap_or_default();
    write!(
        stream,
        "{method} {path} HTTP/1.1\r\nhost: {addr}\r\nconnection: close\r\n\
         content-type: application/json\r\ncontent-length: {}\r\n\r\n{body}",
        body.len()
    )?;
    let mut raw = Vec::new();
    stream.read_to_end(&mut raw)?;
    let text = String::from_utf8_lossy(&raw);
    let (head, payload) = text
        .split_once("\r\n\r\n")
        .ok_or_else(|| std::io::Error::other(format!("no HTTP answer: {text}")))?;
    let status = head
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .ok_or_else(|| std::io::Error::other(format!("no status: {head}")))?;
    let payload = if head
        .to_ascii_lowercase()
        .contains("transfer-encoding: chunked")
    {
        dechunk(payload)
    } else {
        payload.to_string()
    };
    let value = serde_json::from_str(&payload).unwrap_or(Value::String(payload));
    Ok((status, value))
}

fn dechunk(mut rest: &str) -> String {
    let mut out = String::new();
    while let Some((size, tail)) = rest.split_once("\r\n") {
        let Ok(n) = usize::from_str_radix(size.trim(), 16) else {
            break;
        };
        if n == 0 || tail.len() < n {
            break;
        }
        out.push_str(&tail[..n]);
        rest = tail[n..].trim_start_matches("\r\n");
    }
    out
}
