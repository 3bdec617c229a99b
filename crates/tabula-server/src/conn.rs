//! The accept loop: every connection is served by hyper's HTTP/1 server (with WebSocket
//! upgrades) under the connection limits of [`Limits`]:
//!
//! - at most `max_connections_per_client` open at once from one client address; one more
//!   from it is answered `429` with `Retry-After` and closed, without reading it;
//! - at most `max_connections` open at once; one more is answered `503` with `Retry-After`
//!   and closed, without reading it;
//! - a client has `header_read_timeout` to send a request's headers;
//! - a connection from which no byte was read for `idle_timeout` is closed (what the server
//!   writes does not count; an upgraded WebSocket keeps its place until it closes, and
//!   `api::ws` closes it once its client has sent nothing, not even a pong, for that long).
//!
//! File descriptors (`files.rs`): at start the soft limit on open files is raised to the hard
//! one, and `max_connections` is fitted under it, with room for the database and the files.
//! When `accept` fails for want of descriptors anyway (another process's share, a lower limit
//! than expected), the loop backs off (10 ms, doubling to 1 s, logged at most once a second)
//! and, with the one descriptor it keeps in reserve, answers the clients waiting to be
//! accepted `503` rather than letting them hang.
//!
//! Each request carries the peer's address (`ConnectInfo<SocketAddr>`), which the
//! per-client limits read.

mod files;

use crate::limits::{Counts, Limits, Slot};
use axum::Router;
use axum::extract::ConnectInfo;
use files::{Backoff, Reserve};
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use std::io;
use std::net::{IpAddr, SocketAddr};
use std::pin::Pin;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::task::{Context, Poll};
use std::time::{Duration, Instant};
use tokio::io::{AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};
use tower::ServiceExt;

/// A complete HTTP response refusing a connection: `status` (`503 Service Unavailable`),
/// `Retry-After: 1`, and `{"error": reason}`, its length counted from the body itself.
fn refusal(status: &str, reason: &str) -> Vec<u8> {
    let body = serde_json::json!({ "error": reason }).to_string();
    format!(
        "HTTP/1.1 {status}\r\nretry-after: 1\r\ncontent-type: application/json\r\n\
         content-length: {}\r\nconnection: close\r\n\r\n{body}",
        body.len()
    )
    .into_bytes()
}

/// What a connection over the cap is told before it is closed.
fn full() -> Vec<u8> {
    refusal(
        "503 Service Unavailable",
        "the server has too many open connections",
    )
}

/// What a connection over its client's cap is told before it is closed.
fn too_many_from(client: IpAddr, max: usize) -> Vec<u8> {
    refusal(
        "429 Too Many Requests",
        &format!(
            "{client} has {max} open connections, the most one client address may hold: \
             close one first"
        ),
    )
}

/// Refusals answered at once, each holding its descriptor for up to a second; more are
/// answered without waiting for the client (`refuse_now`), so that a flood of refused
/// connections cannot take the descriptors kept for the database.
const REFUSALS_AT_ONCE: usize = 16;

/// Serves `app` on `listener` until accepting fails.
pub(crate) async fn serve(listener: TcpListener, app: Router, limits: Limits) -> io::Result<()> {
    let max_connections = files::fit_connections(limits.max_connections.max(1));
    let permits = Arc::new(Semaphore::new(max_connections));
    let clients: Arc<Counts<IpAddr>> = Arc::default();
    let refusals = Arc::new(Semaphore::new(REFUSALS_AT_ONCE));
    let full = full();
    let mut reserve = Reserve::new();
    let mut backoff = Backoff::default();
    let mut refusing = false;
    loop {
        let (tcp, peer) = match listener.accept().await {
            Ok(accepted) => {
                backoff.succeeded();
                accepted
            }
            Err(e) if files::out_of_files(&e) => {
                let answered = reserve.refuse_waiting(&listener, &full);
                let wait = backoff.failed(Instant::now(), &e, answered);
                tokio::time::sleep(wait).await;
                continue;
            }
            Err(e) if transient(&e) => continue,
            Err(e) => return Err(e),
        };
        if let Err(e) = tcp.set_nodelay(true) {
            tracing::warn!("TCP_NODELAY: {e}");
        }
        let max = limits.max_connections_per_client.max(1);
        let Some(client) = clients.open(peer.ip(), max) else {
            tracing::debug!("{} holds {max} connections: refused", peer.ip());
            refuse(tcp, too_many_from(peer.ip(), max), &refusals);
            continue;
        };
        let Ok(permit) = permits.clone().try_acquire_owned() else {
            if !refusing {
                tracing::warn!(
                    "{max_connections} connections are open: refusing new ones until some close"
                );
                refusing = true;
            }
            refuse(tcp, full.clone(), &refusals);
            continue;
        };
        if refusing {
            tracing::info!("accepting connections again");
            refusing = false;
        }
        let place = Place {
            _permit: permit,
            _client: client,
        };
        tokio::spawn(connection(tcp, peer, place, app.clone(), limits.clone()));
    }
}

/// Errors of `accept` that concern one connection only.
fn transient(e: &io::Error) -> bool {
    matches!(
        e.kind(),
        io::ErrorKind::ConnectionAborted
            | io::ErrorKind::ConnectionReset
            | io::ErrorKind::Interrupted
            | io::ErrorKind::WouldBlock
    )
}

/// Answers `response` and closes: in a task of its own when few refusals are under way, else
/// at once.
fn refuse(tcp: TcpStream, response: Vec<u8>, refusals: &Arc<Semaphore>) {
    match refusals.clone().try_acquire_owned() {
        Ok(permit) => {
            tokio::spawn(async move {
                refuse_gently(tcp, &response).await;
                drop(permit);
            });
        }
        Err(_) => refuse_now(&tcp, &response),
    }
}

/// Answers `response` and closes. The request's head is read first (at most 16 KiB, within
/// the same second): an HTTP client drops an answer that comes before it has sent its
/// request. Then what the client sends is read and dropped until it closes too: closing with
/// unread bytes would reset the connection, and the client could lose the answer.
async fn refuse_gently(mut tcp: TcpStream, response: &[u8]) {
    let _ = tokio::time::timeout(Duration::from_secs(1), async {
        let mut head = Vec::new();
        let mut buf = [0u8; 1024];
        while head.len() < 16 * 1024 && !head.windows(4).any(|w| w == b"\r\n\r\n") {
            let n = tcp.read(&mut buf).await?;
            if n == 0 {
                break;
            }
            head.extend_from_slice(&buf[..n]);
        }
        tcp.write_all(response).await?;
        tcp.shutdown().await?;
        while tcp.read(&mut buf).await? > 0 {}
        Ok::<(), io::Error>(())
    })
    .await;
}

/// Answers `response` without waiting: what the client already sent is dropped, the answer
/// written if its socket's buffer takes it (a fresh one does), and the connection closed.
fn refuse_now(tcp: &TcpStream, response: &[u8]) {
    let mut sink = [0u8; 1024];
    while matches!(tcp.try_read(&mut sink), Ok(n) if n > 0) {}
    let _ = tcp.try_write(response);
}

/// A connection's places under the caps, held as long as it lives (upgraded WebSockets
/// included).
struct Place {
    _permit: OwnedSemaphorePermit,
    _client: Slot<IpAddr>,
}

async fn connection(tcp: TcpStream, peer: SocketAddr, place: Place, app: Router, limits: Limits) {
    let started = Instant::now();
    let last = Arc::new(AtomicU64::new(0));
    let io = Tracked {
        inner: tcp,
        started,
        last: last.clone(),
        _place: place,
    };
    let service = TowerToHyperService::new(app.map_request(
        move |mut req: axum::http::Request<Incoming>| {
            req.extensions_mut().insert(ConnectInfo(peer));
            req
        },
    ));
    let mut builder = hyper::server::conn::http1::Builder::new();
    builder
        .timer(TokioTimer::new())
        .header_read_timeout(limits.header_read_timeout);
    let conn = builder
        .serve_connection(TokioIo::new(io), service)
        .with_upgrades();
    tokio::pin!(conn);
    let check = (limits.idle_timeout / 4).clamp(Duration::from_millis(20), Duration::from_secs(5));
    let mut ticks = tokio::time::interval(check);
    loop {
        tokio::select! {
            served = conn.as_mut() => {
                if let Err(e) = served {
                    tracing::debug!("connection from {peer}: {e}");
                }
                return;
            }
            _ = ticks.tick() => {
                let idle = started.elapsed()
                    .saturating_sub(Duration::from_millis(last.load(Ordering::Relaxed)));
                if idle >= limits.idle_timeout {
                    tracing::debug!("connection from {peer} idle for {idle:?}: closed");
                    return;
                }
            }
        }
    }
}

/// A connection's socket that notes when a byte was last read from it, and holds the
/// connection's places under the caps for as long as it lives (upgraded WebSockets
/// included).
struct Tracked {
    inner: TcpStream,
    started: Instant,
    last: Arc<AtomicU64>,
    _place: Place,
}

impl Tracked {
    fn touch(&self) {
        self.last
            .store(self.started.elapsed().as_millis() as u64, Ordering::Relaxed);
    }
}

impl AsyncRead for Tracked {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let before = buf.filled().len();
        let polled = Pin::new(&mut self.inner).poll_read(cx, buf);
        if buf.filled().len() > before {
            self.touch();
        }
        polled
    }
}

impl AsyncWrite for Tracked {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.inner).poll_write(cx, buf)
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_shutdown(cx)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.inner).poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        self.inner.is_write_vectored()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The body of a refusal: what follows the blank line, and the length its header says.
    fn declared_and_sent(response: &[u8]) -> (usize, usize) {
        let text = std::str::from_utf8(response).expect("text");
        let (head, body) = text.split_once("\r\n\r\n").expect("a head and a body");
        let declared = head
            .lines()
            .find_map(|l| l.strip_prefix("content-length: "))
            .expect("a content-length")
            .parse()
            .expect("a number");
        (declared, body.len())
    }

    #[test]
    fn a_refusal_declares_the_length_of_its_body() {
        for response in [full(), too_many_from([192, 0, 2, 1].into(), 8)] {
            let (declared, sent) = declared_and_sent(&response);
            assert_eq!(declared, sent, "{}", String::from_utf8_lossy(&response));
        }
    }
}
