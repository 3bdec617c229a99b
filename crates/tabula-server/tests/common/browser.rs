//! A browser for the account tests: the cookies it was given, sent back with every request
//! to the in-process router, and optionally a peer address and `X-Forwarded-Proto`.

use super::TestServer;
use axum::body::Body;
use axum::extract::ConnectInfo;
use axum::http::{Request, StatusCode, header};
use serde_json::Value;
use std::net::SocketAddr;
use tower::ServiceExt;

/// A browser: the cookies it was given, sent back with every request.
#[derive(Default)]
pub struct Browser {
    pub cookies: Vec<(String, String)>,
    /// The `Set-Cookie` values of the last answer.
    pub last_set: Vec<String>,
    /// The peer address and headers to add (`X-Forwarded-Proto`).
    pub peer: Option<SocketAddr>,
    pub forwarded_proto: Option<&'static str>,
    /// An `Authorization` header to send.
    pub authorization: Option<&'static str>,
}

impl Browser {
    /// A browser signed in to a new account `name` (a 201 asserted).
    pub async fn signed_up(server: &TestServer, name: &str) -> Browser {
        let mut b = Browser::default();
        let body = serde_json::json!({ "name": name, "password": "a long password" });
        let (status, answer) = b.post(server, "/api/account", body).await;
        assert_eq!(status, StatusCode::CREATED, "{answer}");
        b
    }

    pub async fn send(
        &mut self,
        server: &TestServer,
        method: &str,
        uri: &str,
        body: Option<Value>,
    ) -> (StatusCode, Value) {
        let mut request = Request::builder().method(method).uri(uri);
        if body.is_some() {
            request = request.header(header::CONTENT_TYPE, "application/json");
        }
        if !self.cookies.is_empty() {
            let line: Vec<String> = self
                .cookies
                .iter()
                .map(|(k, v)| format!("{k}={v}"))
                .collect();
            request = request.header(header::COOKIE, line.join("; "));
        }
        if let Some(auth) = self.authorization {
            request = request.header(header::AUTHORIZATION, auth);
        }
        if let Some(proto) = self.forwarded_proto {
            request = request.header("x-forwarded-proto", proto);
        }
        let mut request = request
            .body(Body::from(body.map(|b| b.to_string()).unwrap_or_default()))
            .unwrap();
        if let Some(peer) = self.peer {
            request.extensions_mut().insert(ConnectInfo(peer));
        }
        let response = server.router.clone().oneshot(request).await.unwrap();
        let status = response.status();
        self.last_set = response
            .headers()
            .get_all(header::SET_COOKIE)
            .iter()
            .map(|v| v.to_str().unwrap().to_string())
            .collect();
        for set in &self.last_set {
            let pair = set.split(';').next().unwrap();
            let (name, value) = pair.split_once('=').unwrap();
            self.cookies.retain(|(k, _)| k != name);
            if !value.is_empty() && !set.contains("Max-Age=0") {
                self.cookies.push((name.to_string(), value.to_string()));
            }
        }
        let bytes = axum::body::to_bytes(response.into_body(), usize::MAX)
            .await
            .unwrap();
        let value = serde_json::from_slice(&bytes).unwrap_or(Value::Null);
        (status, value)
    }

    pub async fn post(
        &mut self,
        server: &TestServer,
        uri: &str,
        body: Value,
    ) -> (StatusCode, Value) {
        self.send(server, "POST", uri, Some(body)).await
    }

    pub async fn get(&mut self, server: &TestServer, uri: &str) -> (StatusCode, Value) {
        self.send(server, "GET", uri, None).await
    }
}
