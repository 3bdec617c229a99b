//! Cross-site protection, in front of every route.
//!
//! - **Origin.** A WebSocket upgrade or a state-changing request (any method but `GET`,
//!   `HEAD` and `OPTIONS`) that carries an `Origin` header is served only when that origin is
//!   the server's own (its host and port are the request's `Host`) or on the allow-list
//!   (`Limits::allowed_origins`, `tabula serve --allow-origin`); else 403. Browsers always
//!   send `Origin` on such requests; other clients (scripts, engines) send none and are not
//!   concerned, since they hold no victim's cookies or tokens to abuse.
//! - **Content type.** A state-changing request with a body must say
//!   `Content-Type: application/json`; else 415. This shuts out the "simple" cross-site
//!   requests (`text/plain`, forms) that browsers send without asking first.
//! - **Creation rate** per client address, on `POST /api/matches` (a rematch that makes a
//!   match takes from the same bucket: `table.rs`).

use super::AppState;
use crate::ApiError;
use axum::extract::{ConnectInfo, Request, State};
use axum::http::{HeaderMap, Method, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use std::net::SocketAddr;

/// The middleware: refuses what the module documentation says, passes the rest on.
pub(crate) async fn cross_site(State(hub): State<AppState>, req: Request, next: Next) -> Response {
    let headers = req.headers();
    let upgrade = headers
        .get(header::UPGRADE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.eq_ignore_ascii_case("websocket"));
    let changes = !matches!(*req.method(), Method::GET | Method::HEAD | Method::OPTIONS);
    if (upgrade || changes)
        && let Err(e) = check_origin(headers, &hub.limits().allowed_origins)
    {
        return e.into_response();
    }
    if changes && let Err(e) = check_content_type(headers) {
        return e.into_response();
    }
    next.run(req).await
}

/// Match creation per client address (`Limits::creations_per_minute`): 429 with
/// `Retry-After` once a client's bucket is empty. Requests that reach the router without a
/// peer address (the router embedded in-process) are not limited.
pub(crate) async fn creation_rate(
    State(hub): State<AppState>,
    req: Request,
    next: Next,
) -> Response {
    if req.method() == Method::POST
        && let Some(ConnectInfo(peer)) = req.extensions().get::<ConnectInfo<SocketAddr>>()
        && let Err(wait) = hub.creation_rate().take(peer.ip())
    {
        return crate::limits::creation_refused(hub.limits(), peer.ip(), wait);
    }
    next.run(req).await
}

/// `Ok` when the request has no `Origin`, or one that is allowed.
fn check_origin(headers: &HeaderMap, allowed: &[String]) -> Result<(), ApiError> {
    let Some(origin) = headers.get(header::ORIGIN) else {
        return Ok(());
    };
    let origin = origin.to_str().unwrap_or("");
    let origin_trimmed = origin.trim_end_matches('/');
    if allowed
        .iter()
        .any(|a| a.trim_end_matches('/').eq_ignore_ascii_case(origin_trimmed))
    {
        return Ok(());
    }
    let host = headers
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .unwrap_or("");
    let authority = origin_trimmed
        .strip_prefix("http://")
        .or_else(|| origin_trimmed.strip_prefix("https://"));
    if authority.is_some_and(|a| !host.is_empty() && a.eq_ignore_ascii_case(host)) {
        return Ok(());
    }
    Err(ApiError::forbidden(format!(
        "origin `{origin}` is not allowed: only pages of this server (`{host}`) and the \
         origins given with --allow-origin may send this request"
    )))
}

/// `Ok` for a JSON body, or no body at all.
fn check_content_type(headers: &HeaderMap) -> Result<(), ApiError> {
    let declared = headers.get(header::CONTENT_TYPE).map(|v| {
        v.to_str()
            .unwrap_or("")
            .split(';')
            .next()
            .unwrap_or("")
            .trim()
            .to_ascii_lowercase()
    });
    let has_body = headers.contains_key(header::TRANSFER_ENCODING)
        || headers
            .get(header::CONTENT_LENGTH)
            .and_then(|v| v.to_str().ok())
            .is_some_and(|n| n.trim() != "0");
    match declared {
        Some(t) if t == "application/json" => Ok(()),
        None if !has_body => Ok(()),
        Some(t) => Err(unsupported(format!(
            "Content-Type `{t}` is not accepted: send `application/json`"
        ))),
        None => Err(unsupported(
            "Content-Type is missing: send the body as `application/json`".into(),
        )),
    }
}

fn unsupported(message: String) -> ApiError {
    ApiError::new(StatusCode::UNSUPPORTED_MEDIA_TYPE, message)
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn headers(pairs: &[(&'static str, &'static str)]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for (k, v) in pairs {
            h.insert(*k, HeaderValue::from_static(v));
        }
        h
    }

    #[test]
    fn same_origin_and_listed_origins_pass_others_are_refused() {
        let allowed = vec!["https://play.example.org".to_string()];
        let ok = headers(&[
            ("host", "127.0.0.1:8080"),
            ("origin", "http://127.0.0.1:8080"),
        ]);
        assert!(check_origin(&ok, &allowed).is_ok());
        let listed = headers(&[
            ("host", "127.0.0.1:8080"),
            ("origin", "https://play.example.org"),
        ]);
        assert!(check_origin(&listed, &allowed).is_ok());
        let evil = headers(&[
            ("host", "127.0.0.1:8080"),
            ("origin", "http://evil.example"),
        ]);
        let e = check_origin(&evil, &allowed).unwrap_err();
        assert_eq!(e.status, StatusCode::FORBIDDEN);
        assert!(e.message.contains("http://evil.example"), "{}", e.message);
        let other_port = headers(&[("host", "127.0.0.1:8080"), ("origin", "http://127.0.0.1:9")]);
        assert!(check_origin(&other_port, &allowed).is_err());
        assert!(check_origin(&headers(&[("origin", "null")]), &allowed).is_err());
        assert!(check_origin(&headers(&[("host", "x")]), &allowed).is_ok());
    }

    #[test]
    fn only_json_bodies_or_no_body_pass() {
        let json = headers(&[
            ("content-type", "application/json; charset=utf-8"),
            ("content-length", "2"),
        ]);
        assert!(check_content_type(&json).is_ok());
        assert!(check_content_type(&headers(&[])).is_ok());
        assert!(check_content_type(&headers(&[("content-length", "0")])).is_ok());
        let text = headers(&[("content-type", "text/plain"), ("content-length", "2")]);
        assert_eq!(
            check_content_type(&text).unwrap_err().status,
            StatusCode::UNSUPPORTED_MEDIA_TYPE
        );
        let bare = headers(&[("content-length", "5")]);
        assert_eq!(
            check_content_type(&bare).unwrap_err().status,
            StatusCode::UNSUPPORTED_MEDIA_TYPE
        );
    }
}
