//! `GET /api/matches/{id}/ws?token=…`: a WebSocket that pushes the match as its viewer may see
//! it. On connect it pushes `{"type": "state", …}`, the same object as `GET /api/matches/{id}`
//! for that viewer; after every change, `{"type": "delta", "from_ply", "entries", …}`: what
//! changed since the state it last pushed (`view::delta_json`), whose size does not grow with
//! the length of the match. The client keeps its first `from_ply` moves and appends
//! `entries`; `from_ply` is below the number it holds only after a takeback. A client that
//! finds a delta it cannot apply (a `from_ply` above the moves it holds) sends
//! `{"type": "resync"}` and is pushed the full state again.
//!
//! A slow client never holds anything up: it gets the latest state when it is ready (the
//! snapshots in between are skipped; a delta is computed from what this socket last pushed,
//! so nothing is lost). A seat may also act over the socket:
//! `{"type": "action", "action": "<notation>", "ply": n}` is answered with
//! `{"type": "ack", "ply", "action"}` or `{"type": "error", "status", "error"}` (the same
//! checks and statuses as `POST …/actions`; the socket's token was checked once, when it
//! opened, so an action does not hash it again); `{"type": "ping"}` is answered
//! `{"type": "pong"}`.
//!
//! The match's chat comes over the socket too, as it is written: `{"type": "chat", "message":
//! {…}}` for each message the viewer may read (the rooms and block list of `GET …/chat`, the
//! reader being the account signed in when the socket opened), `{"type": "chat_hidden",
//! "id"}` when the operator hides one, and `{"type": "chat_resync"}` when the socket fell
//! too far behind: the client then reads the chat again with `GET …/chat`.
//!
//! A seat's socket makes the seat online while it is open (`live/presence.rs`); every
//! socket is pushed a delta when a seat comes or goes.
//!
//! Caps: `Limits::max_sockets_per_client` sockets per client address over all matches
//! (spectators' included; beyond it `429`), `Limits::max_sockets_per_match` per match
//! (beyond it `503`), both refused before the upgrade with `Retry-After`. The server pings
//! each socket three times per `Limits::idle_timeout`; a socket whose client has sent nothing
//! for that long (no pong, no message), or that took no write for that long, is closed, and
//! its seat goes away as when the client closes it.

use super::AppState;
use super::accounts::Caller;
use super::extract::{BODY_LIMIT, token_param, viewer};
use super::matches::submit_as;
use crate::ApiError;
use crate::live::{MatchHandle, MatchShared, Snapshot, TableEvent};
use crate::people::People;
use crate::view::{delta_text, match_json};
use axum::Extension;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{ConnectInfo, Path, RawQuery, State};
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use futures_util::SinkExt;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use std::borrow::Cow;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tabula_core::Seat;
use tokio::sync::broadcast::error::RecvError;
use tokio::sync::watch;
use tokio::time::timeout;

pub(crate) async fn upgrade(
    State(hub): State<AppState>,
    Path(id): Path<String>,
    RawQuery(query): RawQuery,
    caller: Caller,
    peer: Option<Extension<ConnectInfo<SocketAddr>>>,
    ws: Result<WebSocketUpgrade, axum::extract::ws::rejection::WebSocketUpgradeRejection>,
) -> Result<Response, Response> {
    let handle = hub.get(&id).await.map_err(IntoResponse::into_response)?;
    let seat =
        viewer(&handle, token_param(query.as_deref())).map_err(IntoResponse::into_response)?;
    let ws = ws.map_err(|e| {
        ApiError::bad_request(format!("expected a WebSocket upgrade: {e}")).into_response()
    })?;
    let client = peer.map(|Extension(ConnectInfo(peer))| peer.ip());
    let slot = hub.sockets().open(&id, client, hub.limits()).map_err(|e| {
        let mut refused = e.into_response();
        refused
            .headers_mut()
            .insert(header::RETRY_AFTER, HeaderValue::from_static("1"));
        refused
    })?;
    let idle = hub.limits().idle_timeout;
    // The chat's reader: the account signed in (its block list), if the people's tables
    // answer; without them the socket pushes no chat.
    let reader = match hub.people().await {
        Ok(people) => match caller.account(&people).await {
            Ok(account) => Some(Reader {
                account: account.map(|(a, _)| a.id),
                people,
            }),
            Err(_) => None,
        },
        Err(_) => None,
    };
    Ok(ws
        // Clients send small messages: a small read buffer (tungstenite allocates 128 KiB
        // by default, and fills the buffer with zeros before each read, so all of it is
        // resident for every idle socket); a longer message grows it. The same limit as
        // request bodies.
        .read_buffer_size(READ_BUFFER)
        .max_message_size(BODY_LIMIT)
        .max_frame_size(BODY_LIMIT)
        .on_upgrade(move |socket| async move {
            session(socket, handle, seat, reader, idle).await;
            drop(slot);
        })
        .into_response())
}

/// Who reads a socket's chat: the people's tables and the account signed in.
struct Reader {
    people: Arc<People>,
    account: Option<String>,
}

/// The bytes read from a socket at once: a client's action is about 50.
const READ_BUFFER: usize = 512;

/// How often an idle socket is pinged, at most.
const KEEPALIVE: Duration = Duration::from_secs(30);

/// How often a socket is pinged when it may stay `idle` without a word from its client: three
/// times within that time, so that a client that answers is never taken for gone.
fn ping_period(idle: Duration) -> Duration {
    (idle / 3).clamp(Duration::from_millis(10), KEEPALIVE)
}

/// What one socket pushes: the full state first, then what changed since the state it last
/// pushed (see the module documentation).
struct Pusher {
    handle: MatchHandle,
    seat: Option<Seat>,
    /// The snapshot the client holds (the last one pushed), and whether its hidden parts
    /// were shown.
    sent: Option<(Arc<Snapshot>, bool)>,
    /// The game's parameters the client holds.
    params: Value,
}

impl Pusher {
    /// The push that brings the client to `snap`: a delta from what it holds, or the full
    /// state when it holds nothing, asked for it (`full`), or its log cannot be carried on
    /// (the hidden parts were revealed). `seats_changed`: a seat came or went since the last
    /// push.
    fn push(&mut self, snap: Arc<Snapshot>, full: bool, seats_changed: bool) -> Message {
        let shared = &self.handle.shared;
        let reveal = !shared.hidden_information || snap.over();
        let delta = match &self.sent {
            Some((sent, shown)) if !full && *shown == reveal => {
                kept_moves(shared, sent, &snap).map(|from_ply| (sent, from_ply))
            }
            _ => None,
        };
        let message = match delta {
            Some((sent, from_ply)) => {
                let text = delta_text(
                    shared,
                    &snap,
                    self.seat,
                    from_ply,
                    sent,
                    seats_changed,
                    &mut self.params,
                );
                Message::Text(text.into())
            }
            None => {
                let mut state = match_json(shared, &snap, self.seat);
                state["type"] = Value::from("state");
                self.params = state["params"].clone();
                json_message(&state)
            }
        };
        self.sent = Some((snap, reveal));
        message
    }
}

/// How many of the moves of `sent` are still the first moves of `now`: all of them, unless a
/// takeback was logged in between (the log is append-only and the moves follow from it).
/// `None` when `now` is not later than `sent`.
fn kept_moves(shared: &MatchShared, sent: &Snapshot, now: &Snapshot) -> Option<u64> {
    let log = shared.log.read().unwrap_or_else(|p| p.into_inner());
    let between = log.get(sent.rev as usize..now.rev as usize)?;
    let mut kept = sent.ply;
    for entry in between {
        if let Some(Ok(TableEvent::Takeback { keep })) = TableEvent::parse(&entry.action) {
            kept = kept.min(keep as u64);
        }
    }
    Some(kept.min(now.ply))
}

/// Serves one socket of `seat` (checked when it opened; `None` for a spectator) until it
/// closes, or its client has sent nothing (not even the answer to a ping) for `idle`, or a
/// write to it has not gone through for `idle` (a client that does not read).
async fn session(
    mut socket: WebSocket,
    handle: MatchHandle,
    seat: Option<Seat>,
    reader: Option<Reader>,
    idle: Duration,
) {
    let mut changes = handle.snapshot.clone();
    let mut chat = handle.shared.chat.subscribe();
    let mut chat_open = reader.is_some();
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
    let mut pusher = Pusher {
        handle: handle.clone(),
        seat,
        sent: None,
        params: Value::Null,
    };
    let sent = timeout(idle, socket.send(pusher.push(first, true, false))).await;
    if !matches!(sent, Ok(Ok(()))) {
        return;
    }
    // Whether the match still changes (its actor ends when the game is over).
    let mut live = true;
    // A ping now and then keeps idle connections open through proxies and finds dead peers.
    // Only what the client sends counts as a sign of life: the server's own pushes and pings
    // do not, so a client that neither reads nor answers is closed after `idle`.
    let mut keepalive = tokio::time::interval(ping_period(idle));
    keepalive.tick().await;
    let mut heard = Instant::now();
    loop {
        let message = tokio::select! {
            _ = keepalive.tick() => {
                if heard.elapsed() >= idle {
                    tracing::debug!("a WebSocket of match {} sent nothing for {idle:?}: closed",
                        handle.shared.record.id);
                    break;
                }
                Message::Ping(Default::default())
            }
            changed = changes.changed(), if live => {
                if changed.is_err() {
                    live = false;
                    continue;
                }
                let snap = changes.borrow_and_update().clone();
                pusher.push(snap, false, false)
            }
            changed = presence.changed() => {
                if changed.is_err() {
                    break;
                }
                presence.borrow_and_update();
                pusher.push(changes.borrow().clone(), false, true)
            }
            changed = rematches.changed() => {
                if changed.is_err() {
                    break;
                }
                pusher.push(changes.borrow().clone(), false, false)
            }
            event = chat.recv(), if chat_open => {
                let Some(reader) = &reader else { continue };
                match event {
                    Ok(event) => {
                        let over = changes.borrow().over();
                        let account = reader.account.as_deref();
                        match super::chat::pushed(&reader.people, &event, seat, over, account).await {
                            Some(pushed) => json_message(&pushed),
                            None => continue,
                        }
                    }
                    Err(RecvError::Lagged(_)) => json_message(&json!({ "type": "chat_resync" })),
                    Err(RecvError::Closed) => {
                        chat_open = false;
                        continue;
                    }
                }
            }
            message = socket.recv() => {
                heard = Instant::now();
                let text = match message {
                    Some(Ok(Message::Text(text))) => text,
                    Some(Ok(Message::Close(_)) | Err(_)) | None => break,
                    Some(Ok(_)) => continue,
                };
                // Boxed: the answer's future is large and rare beside an idle socket's.
                match Box::pin(client_message(&handle, seat, &text)).await {
                    Reply::Resync => pusher.push(changes.borrow().clone(), true, false),
                    Reply::Json(reply) => json_message(&reply),
                    Reply::Text(text) => Message::Text(text.into()),
                }
            }
        };
        // Bounded: a client that does not read fills its buffers, and a write then waits.
        if !matches!(
            timeout(
                idle,
                push(&mut socket, message, live, &mut changes, &mut pusher)
            )
            .await,
            Ok(true)
        ) {
            break;
        }
    }
}

/// Writes `message`, then, when the match changed meanwhile, the push of its new state; `false`
/// when the socket is gone.
async fn push(
    socket: &mut WebSocket,
    message: Message,
    live: bool,
    changes: &mut watch::Receiver<Arc<Snapshot>>,
    pusher: &mut Pusher,
) -> bool {
    if socket.feed(message).await.is_err() {
        return false;
    }
    // The answer to an action is followed by the push of the state it made (the actor
    // publishes before it answers): both go out in one write.
    if live && matches!(changes.has_changed(), Ok(true)) {
        let snap = changes.borrow_and_update().clone();
        if socket.feed(pusher.push(snap, false, false)).await.is_err() {
            return false;
        }
    }
    socket.flush().await.is_ok()
}

/// A text message of `value`, written straight into its bytes.
fn json_message(value: &Value) -> Message {
    let json = serde_json::to_string(value).expect("a JSON value always serialises");
    Message::Text(json.into())
}

/// The answer to a client's message.
enum Reply {
    Json(Value),
    /// Written straight into its text (an acknowledgement: one per action).
    Text(String),
    /// The full state.
    Resync,
}

fn error_message(e: ApiError) -> Value {
    json!({ "type": "error", "status": e.status.as_u16(), "error": e.message })
}

/// A well-formed action message, read without building a JSON tree (one arrives per move);
/// anything else is read as a `Value` and answered by [`client_message`]'s checks.
#[derive(Deserialize)]
struct ActionIn<'a> {
    #[serde(rename = "type", borrow)]
    kind: Cow<'a, str>,
    #[serde(borrow)]
    action: Cow<'a, str>,
    ply: u64,
}

/// The message `text` if it is a well-formed action (an object: a derived struct would also
/// read an array, which the checks of [`client_message`] refuse).
fn fast_action(text: &str) -> Option<ActionIn<'_>> {
    if !text.trim_start().starts_with('{') {
        return None;
    }
    let message: ActionIn = serde_json::from_str(text).ok()?;
    (message.kind == "action").then_some(message)
}

/// Answers one message from the client.
async fn client_message(handle: &MatchHandle, seat: Option<Seat>, text: &str) -> Reply {
    if let Some(message) = fast_action(text) {
        return action_answer(handle, seat, message.action.into_owned(), message.ply).await;
    }
    let message: Value = match serde_json::from_str(text) {
        Ok(v) => v,
        Err(e) => {
            let e = ApiError::bad_request(format!("malformed JSON: {e}"));
            return Reply::Json(error_message(e));
        }
    };
    match message["type"].as_str() {
        Some("resync") => Reply::Resync,
        Some("ping") => Reply::Json(json!({ "type": "pong" })),
        Some("action") => action_message(handle, seat, &message).await,
        _ => Reply::Json(error_message(ApiError::bad_request(
            "type: expected `action`, `resync` or `ping`",
        ))),
    }
}

/// An action's acknowledgement, its fields in the order of their names (the order of a JSON
/// object's keys).
#[derive(Serialize)]
struct AckOut<'a> {
    action: &'a str,
    ply: u64,
    #[serde(rename = "type")]
    kind: &'static str,
}

/// Answers an action sent over the socket of `seat`.
async fn action_message(handle: &MatchHandle, seat: Option<Seat>, message: &Value) -> Reply {
    let Some(action) = message["action"].as_str() else {
        return Reply::Json(error_message(ApiError::bad_request(
            "action: missing (notation text)",
        )));
    };
    let Some(ply) = message["ply"].as_u64() else {
        return Reply::Json(error_message(ApiError::bad_request(
            "ply: missing (a whole number)",
        )));
    };
    action_answer(handle, seat, action.to_string(), ply).await
}

/// Submits `action` for `ply` as `seat` and answers with its acknowledgement or refusal.
async fn action_answer(
    handle: &MatchHandle,
    seat: Option<Seat>,
    action: String,
    ply: u64,
) -> Reply {
    match submit_as(handle, seat, action, ply).await {
        Ok(ack) => Reply::Text(
            serde_json::to_string(&AckOut {
                action: &ack.action,
                ply: ack.ply,
                kind: "ack",
            })
            .expect("an acknowledgement always serialises"),
        ),
        Err(e) => Reply::Json(error_message(e)),
    }
}

#[cfg(test)]
mod tests {
    use serde_json::Value;

    /// A message read by the fast path is read alike as a JSON tree: the same action for the
    /// same ply. Others (which the tree's checks answer) are not read by it at all.
    #[test]
    fn action_messages_read_alike_with_or_without_a_tree() {
        let texts = [
            r#"{"type":"action","action":"take1","ply":0}"#,
            r#"{"ply":7,"action":"take1","type":"action"}"#,
            r#"{"type":"action","action":"ta\u006be1","ply":3,"extra":[1,{"a":2}]}"#,
            r#"{"type":"action","action":"take1","ply":3.0}"#,
            r#"{"type":"action","action":"take1","ply":-1}"#,
            r#"{"type":"action","action":"take1","ply":18446744073709551616}"#,
            r#"{"type":"action","action":5,"ply":1}"#,
            r#"{"type":"action","ply":1}"#,
            r#"{"type":"action","action":"take1"}"#,
            r#"{"type":"act\u0069on","action":"take1","ply":1}"#,
            r#"{"type":"resync","action":"take1","ply":1}"#,
            r#"{"type":"action","action":"take1","action":"take2","ply":1}"#,
            r#"["action","take1",1]"#,
        ];
        let mut fast = 0;
        for text in texts {
            let tree: Value = serde_json::from_str(text).expect("valid JSON");
            match super::fast_action(text) {
                Some(message) => {
                    fast += 1;
                    assert_eq!(tree["type"], "action", "{text}");
                    assert_eq!(tree["action"].as_str(), Some(&*message.action), "{text}");
                    assert_eq!(tree["ply"].as_u64(), Some(message.ply), "{text}");
                }
                None => {
                    // Left to the tree: not a whole action, or a field given twice (which
                    // the tree reads as its last value).
                    let whole = tree["type"] == "action"
                        && tree["action"].is_string()
                        && tree["ply"].is_u64();
                    let repeated = text.matches("\"action\":").count() > 1;
                    assert!(!whole || repeated, "{text}");
                }
            }
        }
        assert_eq!(
            fast, 4,
            "the well-formed action messages take the fast path"
        );
    }
}
