//! `tabula serve` as users start it: it prints the address to open, serves the web UI and
//! the API, and refuses clearly (exit status 2) an address in use or a database it cannot
//! open.

use crate::server_common;

use serde_json::json;
use server_common::{ServerProcess, temp_db};
use std::process::Command;

#[test]
fn serve_prints_the_address_and_serves_the_web_ui_and_the_api() {
    let db = temp_db("cli");
    let server = ServerProcess::start(&["--db", db.to_str().unwrap()]);
    let (status, page) = server.get("/");
    assert_eq!(status, 200);
    assert!(page.as_str().unwrap().contains("<html"), "{page}");
    let (status, games) = server.get("/api/games");
    assert_eq!(status, 200);
    assert!(
        games
            .as_array()
            .unwrap()
            .iter()
            .any(|g| g["name"] == "connect-four")
    );
    let (status, e) = server.post("/api/matches", &json!({ "game": "connect-four" }));
    assert_eq!(status, 400);
    assert!(e["error"].as_str().unwrap().contains("seats"), "{e}");
    assert!(db.exists(), "the database file is created");
}

#[test]
fn serve_refuses_an_address_in_use_and_a_database_it_cannot_open() {
    let db = temp_db("busy");
    let server = ServerProcess::start(&["--db", db.to_str().unwrap()]);
    let addr = server.addr.to_string();
    let other = temp_db("busy2");
    let out = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(["serve", "--addr", &addr, "--db", other.to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains(&format!("cannot listen on {addr}")), "{err}");
    let out = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args([
            "serve",
            "--addr",
            "127.0.0.1:0",
            "--db",
            "/nonexistent-dir/x/tabula.db",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("cannot open the database"), "{err}");
}

/// One raw HTTP/1.1 request with extra header lines; the whole answer.
fn raw(addr: std::net::SocketAddr, head: &str, body: &str) -> String {
    use std::io::{Read, Write};
    let mut tcp = std::net::TcpStream::connect(addr).unwrap();
    tcp.set_read_timeout(Some(std::time::Duration::from_secs(20)))
        .unwrap();
    write!(
        tcp,
        "{head}\r\nhost: {addr}\r\nconnection: close\r\ncontent-length: {}\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut answer = String::new();
    tcp.read_to_string(&mut answer).unwrap();
    answer
}

#[test]
fn serve_applies_its_origin_and_creation_limits_to_real_clients() {
    let server = ServerProcess::start(&[
        "--memory",
        "--creation-burst",
        "2",
        "--creations-per-minute",
        "1",
        "--allow-origin",
        "https://friend.example",
    ]);
    let body = r#"{"game": "connect-four", "seats": [{"human": true}, {"bot": "random"}]}"#;
    let post = "POST /api/matches HTTP/1.1\r\ncontent-type: application/json";
    let evil = raw(
        server.addr,
        &format!("{post}\r\norigin: http://evil.example"),
        body,
    );
    assert!(evil.starts_with("HTTP/1.1 403"), "{evil}");
    let plain = raw(
        server.addr,
        "POST /api/matches HTTP/1.1\r\ncontent-type: text/plain",
        body,
    );
    assert!(plain.starts_with("HTTP/1.1 415"), "{plain}");
    let friend = raw(
        server.addr,
        &format!("{post}\r\norigin: https://friend.example"),
        body,
    );
    assert!(friend.starts_with("HTTP/1.1 201"), "{friend}");
    let own = format!("{post}\r\norigin: http://{}", server.addr);
    assert!(raw(server.addr, &own, body).starts_with("HTTP/1.1 201"));
    // The refused requests took no creation; the third one does not fit the burst of 2.
    let limited = raw(server.addr, post, body);
    assert!(limited.starts_with("HTTP/1.1 429"), "{limited}");
    assert!(
        limited.to_ascii_lowercase().contains("retry-after:"),
        "{limited}"
    );
    let (status, list) = server.get("/api/matches");
    assert_eq!(status, 200);
    assert_eq!(list["matches"].as_array().unwrap().len(), 2, "{list}");
}
