//! Out of file descriptors: clients that connect while the server cannot accept are answered
//! `503` (with the descriptor it keeps in reserve) instead of being left hanging, and the
//! server serves again once descriptors are free.
//!
//! The only test of its binary: it lowers the process's limit on open files and takes every
//! descriptor left, which would starve any other test running beside it.

#![cfg(unix)]

mod common;

use common::TestServer;
use std::fs::File;
use std::time::{Duration, Instant};
use tokio::io::AsyncReadExt;
use tokio::net::TcpSocket;

/// Everything read from `tcp` until the server closes it (at most 10 s): `None` if it never
/// does.
async fn read_to_close(tcp: &mut tokio::net::TcpStream) -> Option<String> {
    let mut all = Vec::new();
    let read = tokio::time::timeout(Duration::from_secs(10), tcp.read_to_end(&mut all)).await;
    read.ok()
        .map(|_| String::from_utf8_lossy(&all).into_owned())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn clients_are_answered_503_while_the_server_is_out_of_descriptors() {
    let server = TestServer::new();
    let addr = server.listen().await;
    // The accept loop is running (it raised the limit at its start): it serves.
    let served = common::http::get_from(common::http::ONE, addr, "/api/games").await;
    assert_eq!(served.expect("an answer").0, 200);

    // A small limit, so that taking every descriptor is quick; the client's socket is made
    // before they run out.
    let mut limit = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: `getrlimit` and `setrlimit` read and write the struct given, which lives here.
    assert_eq!(
        unsafe { libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit) },
        0
    );
    limit.rlim_cur = limit.rlim_cur.min(512);
    assert_eq!(unsafe { libc::setrlimit(libc::RLIMIT_NOFILE, &limit) }, 0);
    let client = TcpSocket::new_v4().expect("a socket");
    let mut taken = Vec::new();
    loop {
        match File::open("/dev/null") {
            Ok(file) => taken.push(file),
            Err(e) if e.raw_os_error() == Some(libc::EMFILE) => break,
            Err(e) => panic!("opening /dev/null: {e}"),
        }
    }

    let mut tcp = client
        .connect(addr)
        .await
        .expect("connected (the kernel accepts)");
    let answer = read_to_close(&mut tcp)
        .await
        .expect("the waiting client is answered and closed, not left hanging");
    drop(taken);
    let (head, body) = answer.split_once("\r\n\r\n").expect("a whole response");
    assert!(head.starts_with("HTTP/1.1 503"), "{answer}");
    assert!(
        head.to_ascii_lowercase().contains("retry-after: 1"),
        "{answer}"
    );
    let declared = format!("content-length: {}", body.len());
    assert!(head.to_ascii_lowercase().contains(&declared), "{answer}");
    let error: serde_json::Value = serde_json::from_str(body).expect("a JSON body");
    assert!(error["error"].is_string(), "{error}");

    // Descriptors are free again: the server serves again (after its back-off, at most 1 s).
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let answer = common::http::get_from(common::http::ONE, addr, "/api/games").await;
        if matches!(answer, Ok((200, _, _))) {
            break;
        }
        assert!(Instant::now() < deadline, "never served again: {answer:?}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}
