//! Clients of a real server from a chosen address of the loopback range (127.0.0.1,
//! 127.0.0.2, …: every one of them reaches a server bound to 127.0.0.1), to try the limits
//! per client address: a TCP connection, an HTTP/1 client (hyper, which reads a response
//! exactly as its headers declare it) and a WebSocket.

use http_body_util::{BodyExt, Empty};
use hyper::body::Bytes;
use hyper::client::conn::http1::{self, SendRequest};
use hyper::header::HeaderMap;
use hyper_util::rt::TokioIo;
use serde_json::Value;
use std::net::{IpAddr, SocketAddr};
use tokio::net::{TcpSocket, TcpStream};
use tokio::task::JoinHandle;
use tokio_tungstenite::WebSocketStream;

/// A TCP connection to `server` from address `from` (any port).
pub async fn connect_from(from: IpAddr, server: SocketAddr) -> TcpStream {
    let socket = TcpSocket::new_v4().expect("a socket");
    socket
        .bind(SocketAddr::new(from, 0))
        .unwrap_or_else(|e| panic!("cannot bind {from}: {e}"));
    socket
        .connect(server)
        .await
        .unwrap_or_else(|e| panic!("cannot connect from {from} to {server}: {e}"))
}

/// One HTTP/1 connection, kept open until dropped.
pub struct Http {
    send: SendRequest<Empty<Bytes>>,
    task: JoinHandle<()>,
}

/// A whole response: status, headers and the body read as JSON.
pub type Answer = (u16, HeaderMap, Value);

impl Http {
    /// An HTTP connection over `tcp`.
    pub async fn over(tcp: TcpStream) -> Http {
        let (send, connection) = http1::handshake(TokioIo::new(tcp))
            .await
            .expect("an HTTP handshake");
        let task = tokio::spawn(async move {
            let _ = connection.await;
        });
        Http { send, task }
    }

    /// An HTTP connection to `server` from address `from`.
    pub async fn from(from: IpAddr, server: SocketAddr) -> Http {
        Http::over(connect_from(from, server).await).await
    }

    /// `GET path`: the whole response, or why it could not be read whole (a body shorter
    /// than its `content-length`, a connection closed or reset before the answer).
    pub async fn get(&mut self, path: &str) -> Result<Answer, String> {
        let request = hyper::Request::get(path)
            .header("host", "localhost")
            .body(Empty::<Bytes>::new())
            .expect("a request");
        let response = self
            .send
            .send_request(request)
            .await
            .map_err(|e| format!("no answer: {e}"))?;
        let status = response.status().as_u16();
        let headers = response.headers().clone();
        let body = response
            .into_body()
            .collect()
            .await
            .map_err(|e| format!("{status}: the body was not read whole: {e}"))?
            .to_bytes();
        let value = serde_json::from_slice(&body)
            .map_err(|e| format!("{status}: the body is not JSON ({e}): {body:?}"))?;
        Ok((status, headers, value))
    }
}

impl Drop for Http {
    fn drop(&mut self) {
        self.task.abort();
    }
}

/// `GET path` on a new connection from `from`.
pub async fn get_from(from: IpAddr, server: SocketAddr, path: &str) -> Result<Answer, String> {
    Http::from(from, server).await.get(path).await
}

/// A WebSocket on `path` (`/api/matches/{id}/ws?…`) from address `from`: the socket, or the
/// HTTP status of the refusal.
pub async fn websocket_from(
    from: IpAddr,
    server: SocketAddr,
    path: &str,
) -> Result<WebSocketStream<TcpStream>, u16> {
    let tcp = connect_from(from, server).await;
    match tokio_tungstenite::client_async(format!("ws://{server}{path}"), tcp).await {
        Ok((socket, _)) => Ok(socket),
        Err(tokio_tungstenite::tungstenite::Error::Http(response)) => {
            Err(response.status().as_u16())
        }
        Err(e) => panic!("the upgrade failed without an HTTP answer: {e}"),
    }
}

/// 127.0.0.1, the first client address.
pub const ONE: IpAddr = IpAddr::V4(std::net::Ipv4Addr::new(127, 0, 0, 1));
/// 127.0.0.2, another client address on the same machine.
pub const TWO: IpAddr = IpAddr::V4(std::net::Ipv4Addr::new(127, 0, 0, 2));
