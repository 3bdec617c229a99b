//! The accept loop: every connection is served by hyper's HTTP/1 server (with WebSocket
//! upgrades) under the connection limits of [`Limits`]:
//!
//! - at most `max_connections` open at once; one more is answered `503` with `Retry-After`
//!   and closed, without reading it;
//! - a client has `header_read_timeout` to send a request's headers;
//! - a connection with no byte read or written for `idle_timeout` is closed (an upgraded
//!   WebSocket keeps its place until it closes; the server pings it, see `api::ws`).
//!
//! Each request carries the peer's address (`ConnectInfo<SocketAddr>`), which the
//! per-client creation limit reads.

use crate::limits::Limits;
use axum::Router;
use axum::extract::ConnectInfo;
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use std::io;
use std::net::SocketAddr;
use std::pin::Pin;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::task::{Context, Poll};
use std::time::{Duration, Instant};
use tokio::io::{AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};
use tower::ServiceExt;

/// What a connection over the cap is told before it is closed.
const FULL: &[u8] = b"HTTP/1.1 503 Service Unavailable\r\nretry-after: 1\r\ncontent-type: application/json\r\ncontent-length: 53\r\nconnection: close\r\n\r\n{\"error\":\"the server has too many open connections\"}";

/// Serves `app` on `listener` until accepting fails.
pub(crate) async fn serve(listener: TcpListener, app: Router, limits: Limits) -> io::Result<()> {
    let permits = Arc::new(Semaphore::new(limits.max_connections.max(1)));
    let mut refusing = false;
    loop {
        let (tcp, peer) = match listener.accept().await {
            Ok(accepted) => accepted,
            Err(e) if transient(&e) => {
                tracing::warn!("accept: {e}");
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            }
            Err(e) => return Err(e),
        };
        if let Err(e) = tcp.set_nodelay(true) {
            tracing::warn!("TCP_NODELAY: {e}");
        }
        let Ok(permit) = permits.clone().try_acquire_owned() else {
            if !refusing {
                tracing::warn!(
                    "{} connections are open: refusing new ones until some close",
                    limits.max_connections
                );
                refusing = true;
            }
            tokio::spawn(refuse(tcp));
            continue;
        };
        if refusing {
            tracing::info!("accepting connections again");
            refusing = false;
        }
        tokio::spawn(connection(tcp, peer, permit, app.clone(), limits.clone()));
    }
}

/// Errors of `accept` that concern one connection or a passing shortage (file descriptors).
fn transient(e: &io::Error) -> bool {
    matches!(
        e.kind(),
        io::ErrorKind::ConnectionAborted
            | io::ErrorKind::ConnectionReset
            | io::ErrorKind::Interrupted
            | io::ErrorKind::WouldBlock
    ) || e.raw_os_error().is_some_and(|n| n == 23 || n == 24)
}

/// Answers 503 and closes. What the client sent is read and dropped until it closes too (at
/// most a second): closing with unread bytes would reset the connection, and the client could
/// lose the answer.
async fn refuse(mut tcp: TcpStream) {
    let _ = tokio::time::timeout(Duration::from_secs(1), async {
        tcp.write_all(FULL).await?;
        tcp.shutdown().await?;
        let mut sink = [0u8; 1024];
        while tcp.read(&mut sink).await? > 0 {}
        Ok::<(), io::Error>(())
    })
    .await;
}

async fn connection(
    tcp: TcpStream,
    peer: SocketAddr,
    permit: OwnedSemaphorePermit,
    app: Router,
    limits: Limits,
) {
    let started = Instant::now();
    let last = Arc::new(AtomicU64::new(0));
    let io = Tracked {
        inner: tcp,
        started,
        last: last.clone(),
        _permit: permit,
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

/// A connection's socket that notes when bytes last moved, and holds the connection's place
/// under the cap for as long as it lives (upgraded WebSockets included).
struct Tracked {
    inner: TcpStream,
    started: Instant,
    last: Arc<AtomicU64>,
    _permit: OwnedSemaphorePermit,
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
        let polled = Pin::new(&mut self.inner).poll_write(cx, buf);
        if matches!(polled, Poll::Ready(Ok(n)) if n > 0) {
            self.touch();
        }
        polled
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
        let polled = Pin::new(&mut self.inner).poll_write_vectored(cx, bufs);
        if matches!(polled, Poll::Ready(Ok(n)) if n > 0) {
            self.touch();
        }
        polled
    }

    fn is_write_vectored(&self) -> bool {
        self.inner.is_write_vectored()
    }
}
