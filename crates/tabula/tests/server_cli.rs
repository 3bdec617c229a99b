//! `tabula serve` as users start it: it prints the address to open, serves the web UI and
//! the API, and refuses clearly (exit status 2) an address in use or a database it cannot
//! open.

mod server_common;

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
