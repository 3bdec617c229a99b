//! `GET /api/matches/{id}/ws?token=…`: a WebSocket pushing `{"type": "state", …}` (the same
//! object as `GET /api/matches/{id}` for that viewer) on connect and after every change.
//!
//! A slow client never holds anything up: it gets the latest state when it is ready (the
//! snapshots in between are skipped, each push is complete). A seat may also act over the
//! socket: `{"type": "action", "action": "<notation>", "ply": n}` is answered with
//! `{"type": "ack", "ply", "action"}` or `{"type": "error", "status", "error"}` (the same
//! checks and statuses as `POST …/actions`); `{"type": "ping"}` is answered `{"type": "pong"}`.
//!
//! A seat's socket makes the seat online while it is open (`live/presence.rs`); every
//! socket is pushed the state again when a seat comes or goes.

use super::AppState;
use super::extract::{BODY_LIMIT, token_param, viewer};
use super::matches::submit;
use crate::ApiError;
use crate::live::{MatchHandle, Snapshot};
use crate::view::match_json;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, RawQuery, State};
use axum::response::{IntoResponse, Response};
use serde_json::{Value, json};
use std::sync::Arc;
use tabula_core::Seat;

pub(crate) async fn upgrade(
    State(hub): State<AppState>,
    Path(id): Path<String>,
    RawQuery(query): RawQuery,
    ws: Result<WebSocketUpgrade, axum::extract::ws::rejection::WebSocketUpgradeRejection>,
) -> Result<Response, ApiError> {
    let handle = hub.get(&id).await?;
    let token = token_param(query.as_deref()).map(str::to_string);
    let seat = viewer(&handle, token.as_deref())?;
    let ws = ws.map_err(|e| ApiError::bad_request(format!("expected a WebSocket upgrade: {e}")))?;
    let max = hub.limits().max_sockets_per_match;
    let slot = hub.sockets().open(&id, max).ok_or_else(|| {
        ApiError::new(
            axum::http::StatusCode::SERVICE_UNAVAILABLE,
            format!("match `{id}` has {max} open WebSockets, its limit: try again later"),
        )
    })?;
    Ok(ws
        // Clients send small messages: small buffers (tungstenite allocates 128 KiB for
        // reading by default, per socket) and the same limit as request bodies.
        .read_buffer_size(4 * 1024)
        .max_message_size(BODY_LIMIT)
        .max_frame_size(BODY_LIMIT)
        .on_upgrade(move |socket| async move {
            session(socket, handle, seat, token).await;
            drop(slot);
        })
        .into_response())
}

/// How often an idle socket is pinged.
const KEEPALIVE: std::time::Duration = std::time::Duration::from_secs(30);

fn state_message(handle: &MatchHandle, snap: &Snapshot, seat: Option<Seat>) -> Message {
    let mut state = match_json(&handle.shared, snap, seat);
    state["type"] = Value::from("state");
    Message::Text(state.to_string().into())
}

async fn session(
    mut socket: WebSocket,
    handle: MatchHandle,
    seat: Option<Seat>,
    token: Option<String>,
) {
    let mut changes = handle.snapshot.clone();
    // A rematch made meanwhile is pushed too (the old match's view names it).
    let mut rematches = handle.shared.rematch.subscribe();
    let mut presence = handle.shared.presence.subscribe();
    let _online = seat.map(|s| handle.shared.presence.connect(s));
    presence.borrow_and_update();
    let first: Arc<Snapshot> = changes.borrow_and_update().clone();
    if let Some(s) = seat
        && !first.joined.get(s.index()).copied().unwrap_or(true)
    {
        let _ = handle
            .commands
            .try_send(crate::live::Command::Touch { seat: s });
    }
    if socket
        .send(state_message(&handle, &first, seat))
        .await
        .is_err()
    {
        return;
    }
    // Whether the match still changes (its actor ends when the game is over).
    let mut live = true;
    // A ping now and then keeps idle connections open through proxies and finds dead peers.
    let mut keepalive = tokio::time::interval(KEEPALIVE);
    keepalive.tick().await;
    loop {
        tokio::select! {
            _ = keepalive.tick() => {
                if socket.send(Message::Ping(Default::default())).await.is_err() {
                    break;
                }
            }
            changed = changes.changed(), if live => {
                if changed.is_err() {
                    live = false;
                    continue;
                }
                let snap = changes.borrow_and_update().clone();
                if socket.send(state_message(&handle, &snap, seat)).await.is_err() {
                    break;
                }
            }
            changed = presence.changed() => {
                if changed.is_err() {
                    break;
                }
                presence.borrow_and_update();
                let snap = changes.borrow().clone();
                if socket.send(state_message(&handle, &snap, seat)).await.is_err() {
                    break;
                }
            }
            changed = rematches.changed() => {
                if changed.is_err() {
                    break;
                }
                let snap = changes.borrow().clone();
                if socket.send(state_message(&handle, &snap, seat)).await.is_err() {
                    break;
                }
            }
            message = socket.recv() => {
                let text = match message {
                    Some(Ok(Message::Text(text))) => text,
                    Some(Ok(Message::Close(_)) | Err(_)) | None => break,
                    Some(Ok(_)) => continue,
                };
                let reply = client_message(&handle, token.as_deref(), &text).await;
                if socket.send(Message::Text(reply.to_string().into())).await.is_err() {
                    break;
                }
            }
        }
    }
}

fn error_message(e: ApiError) -> Value {
    json!({ "type": "error", "status": e.status.as_u16(), "error": e.message })
}

/// Answers one message from the client.
async fn client_message(handle: &MatchHandle, token: Option<&str>, text: &str) -> Value {
    let message: Value = match serde_json::from_str(text) {
        Ok(v) => v,
        Err(e) => return error_message(ApiError::bad_request(format!("malformed JSON: {e}"))),
    };
    match message["type"].as_str() {
        Some("ping") => json!({ "type": "pong" }),
        Some("action") => {
            let Some(action) = message["action"].as_str() else {
                return error_message(ApiError::bad_request("action: missing (notation text)"));
            };
            let Some(ply) = message["ply"].as_u64() else {
                return error_message(ApiError::bad_request("ply: missing (a whole number)"));
            };
            match submit(handle, token, action.to_string(), ply).await {
                Ok(ack) => json!({ "type": "ack", "ply": ack.ply, "action": ack.action }),
                Err(e) => error_message(e),
            }
        }
        _ => error_message(ApiError::bad_request("type: expected `action` or `ping`")),
    }
}
