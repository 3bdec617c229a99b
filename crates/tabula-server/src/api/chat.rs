//! The chat of a match (`people/chat.rs` keeps it).
//!
//! - `POST /api/matches/{id}/chat` `{token?, name?, text}`: a seat's holder (its token) writes
//!   in the players' room under the seat's name; anyone else in the spectators' room, under a
//!   checked `name` (a signed-in caller: the account's name).
//! - `GET /api/matches/{id}/chat[?token=…]`: the rooms the caller may read: a seat's holder
//!   the players' room, and the spectators' once the match is over; a spectator the
//!   spectators' room. A signed-in reader is not served the messages of accounts it blocks.
//! - `POST /api/matches/{id}/chat/{message}/report` `{reason?}`: kept for the operator.
//! - `POST /api/matches/{id}/chat/{message}/hide` with `Authorization: Bearer <operator
//!   token>`: the message is served to no one any more.
//! - The operator's review of reported messages (`web/reports.html`), with the same
//!   `Authorization`; anyone else is answered 401 (no token) or 403 (another token):
//!   `GET /api/reports` → `{reports: [{id, match, room, author, text, at, count, last_at,
//!   reasons}]}`, the messages not hidden that have reports, the most recently reported first
//!   (at most [`MAX_REPORTS_LISTED`](crate::people::MAX_REPORTS_LISTED));
//!   `DELETE /api/reports/{message}` dismisses the message's reports (the message stays).
//!
//! Each stored message, and each hidden one, is also pushed at once to the match's WebSockets
//! that may read it (`api/ws.rs`, through [`pushed`]): `{"type": "chat", "message": {…}}` and
//! `{"type": "chat_hidden", "id"}`.

use super::AppState;
use super::accounts::{Caller, now_ms};
use super::extract::{Body, OptionalBody, token_param, viewer};
use crate::ApiError;
use crate::people::{ChatEvent, Message, PLAYERS, People, Reported, SPECTATORS};
use crate::people::{check_message, message_id, secret_hash};
use axum::Json;
use axum::extract::{Path, RawQuery, State};
use axum::http::StatusCode;
use axum::http::header::AUTHORIZATION;
use serde::Deserialize;
use serde_json::{Value, json};
use std::sync::Arc;
use subtle::ConstantTimeEq;
use tabula_core::Seat;

/// A message to post.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct PostRequest {
    token: Option<String>,
    name: Option<String>,
    text: String,
}

fn message_json(m: &Message) -> Value {
    json!({
        "id": m.id, "room": m.room, "seat": m.seat, "author": m.author, "text": m.body, "at": m.at,
        "account": m.account.is_some(),
    })
}

/// `POST /api/matches/{id}/chat`.
pub(crate) async fn post(
    State(hub): State<AppState>,
    Path(id): Path<String>,
    caller: Caller,
    Body(req): Body<PostRequest>,
) -> Result<(StatusCode, Json<Value>), ApiError> {
    let handle = hub.get(&id).await?;
    let seat = viewer(&handle, req.token.as_deref())?;
    let text =
        check_message(&req.text).map_err(|why| ApiError::bad_request(format!("text: {why}")))?;
    let people = hub.people().await?;
    let account = caller.account(&people).await?.map(|(a, _)| a);
    let (author, author_account) = match (seat, account) {
        (Some(seat), _) => people
            .pool
            .seats_of_match(&id)
            .await
            .map_err(ApiError::from_store)?
            .into_iter()
            .find(|p| p.seat == seat.number() as i64)
            .map_or_else(
                || (format!("Seat {}", seat.number()), None),
                |p| (p.name, p.account_id),
            ),
        (None, Some(account)) => (account.name, Some(account.id)),
        (None, None) => {
            let name = req.name.as_deref().ok_or_else(|| {
                ApiError::bad_request("name: missing (a spectator writes under a name)")
            })?;
            (people.check_name(name)?, None)
        }
    };
    people
        .chat_rate
        .take((caller.address(), id.clone()))
        .map_err(|wait| {
            ApiError::new(
                StatusCode::TOO_MANY_REQUESTS,
                format!(
                    "too many messages; try again in {} s",
                    wait.as_secs().max(1)
                ),
            )
        })?;
    let message = Message {
        id: message_id(),
        room: if seat.is_some() { PLAYERS } else { SPECTATORS }.into(),
        seat: seat.map(|s| s.number() as i64),
        author,
        body: text,
        at: now_ms(),
        account: author_account,
    };
    people
        .pool
        .post_chat(&id, &message)
        .await
        .map_err(ApiError::from_store)?;
    let answer = message_json(&message);
    (handle.shared).publish_chat(ChatEvent::Posted(Arc::new(message)));
    Ok((StatusCode::CREATED, Json(answer)))
}

/// `GET /api/matches/{id}/chat[?token=…]` → `{rooms: [...], messages: [...]}`.
pub(crate) async fn read(
    State(hub): State<AppState>,
    Path(id): Path<String>,
    RawQuery(query): RawQuery,
    caller: Caller,
) -> Result<Json<Value>, ApiError> {
    let handle = hub.get(&id).await?;
    let seat = viewer(&handle, token_param(query.as_deref()))?;
    let rooms = rooms(seat, handle.current().over());
    let people = hub.people().await?;
    let blocked = match caller.account(&people).await? {
        Some((me, _)) => (people.pool.blocked_ids(&me.id).await).map_err(ApiError::from_store)?,
        None => Default::default(),
    };
    let messages = people
        .pool
        .chat(&id, rooms)
        .await
        .map_err(ApiError::from_store)?;
    let messages: Vec<Value> = (messages.iter())
        .filter(|m| !m.account.as_ref().is_some_and(|a| blocked.contains(a)))
        .map(message_json)
        .collect();
    Ok(Json(json!({ "rooms": rooms, "messages": messages })))
}

/// The rooms a viewer (a seat, or a spectator) may read: a seat's holder the players' room,
/// and the spectators' once the match is over; a spectator the spectators' room.
fn rooms(seat: Option<Seat>, over: bool) -> &'static [&'static str] {
    match (seat, over) {
        (Some(_), false) => &[PLAYERS],
        (Some(_), true) => &[PLAYERS, SPECTATORS],
        (None, _) => &[SPECTATORS],
    }
}

/// What a match's socket of `seat` (a spectator's: `None`), whose reader is signed in as
/// `reader`, is pushed of a chat event: nothing when it may not read the message's room or
/// blocks its author (or that cannot be known now).
pub(crate) async fn pushed(
    people: &People,
    event: &ChatEvent,
    seat: Option<Seat>,
    over: bool,
    reader: Option<&str>,
) -> Option<Value> {
    let message = match event {
        ChatEvent::Hidden(id) => return Some(json!({ "type": "chat_hidden", "id": id })),
        ChatEvent::Posted(message) => message,
    };
    if !rooms(seat, over).contains(&message.room.as_str()) {
        return None;
    }
    if let (Some(reader), Some(author)) = (reader, &message.account)
        && people.pool.blocks(reader, author).await.unwrap_or(true)
    {
        return None;
    }
    Some(json!({ "type": "chat", "message": message_json(message) }))
}

/// Why a message is reported.
#[derive(Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct ReportRequest {
    reason: Option<String>,
}

/// `POST /api/matches/{id}/chat/{message}/report`: kept once per reporter (the caller's
/// address and guest cookie).
pub(crate) async fn report(
    State(hub): State<AppState>,
    Path((id, message)): Path<(String, String)>,
    caller: Caller,
    OptionalBody(req): OptionalBody<ReportRequest>,
) -> Result<Json<Value>, ApiError> {
    hub.get(&id).await?;
    let reason: String = req.reason.unwrap_or_default().chars().take(200).collect();
    let reporter = secret_hash(&format!(
        "{}|{}",
        caller.address(),
        caller.cookie(super::GUEST_COOKIE).unwrap_or_default()
    ));
    let people = hub.people().await?;
    let found = people
        .pool
        .report_chat(&id, &message, &reporter, &reason, now_ms())
        .await
        .map_err(ApiError::from_store)?;
    if !found {
        return Err(ApiError::not_found("no such message in this match"));
    }
    Ok(Json(json!({ "reported": message })))
}

/// `POST /api/matches/{id}/chat/{message}/hide`: the operator's only.
pub(crate) async fn hide(
    State(hub): State<AppState>,
    Path((id, message)): Path<(String, String)>,
    caller: Caller,
) -> Result<Json<Value>, ApiError> {
    let people = hub.people().await?;
    operator(&caller, &people, "hide a message")?;
    let found = people
        .pool
        .hide_chat(&id, &message)
        .await
        .map_err(ApiError::from_store)?;
    if !found {
        return Err(ApiError::not_found("no such message in this match"));
    }
    if let Ok(handle) = hub.get(&id).await {
        (handle.shared).publish_chat(ChatEvent::Hidden(message.clone()));
    }
    Ok(Json(json!({ "hidden": message })))
}

/// Whether the request carries the operator's token (`Authorization: Bearer <token>`): 401
/// when it carries none, 403 when another (or no operator token is set), saying who may `what`.
fn operator(caller: &Caller, people: &People, what: &str) -> Result<(), ApiError> {
    let given = caller
        .headers
        .get(AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "));
    let Some(given) = given else {
        return Err(ApiError::new(
            StatusCode::UNAUTHORIZED,
            format!("only the operator may {what} (Authorization: Bearer <operator token>)"),
        ));
    };
    let allowed = people
        .options
        .operator_token
        .as_deref()
        .is_some_and(|t| !t.is_empty() && bool::from(t.as_bytes().ct_eq(given.as_bytes())));
    if !allowed {
        return Err(ApiError::forbidden(format!(
            "only the operator may {what}: this is not the operator's token"
        )));
    }
    Ok(())
}

fn report_json(r: &Reported) -> Value {
    json!({
        "id": r.id,
        "match": r.match_id,
        "room": r.room,
        "author": r.author,
        "text": r.body,
        "at": r.at,
        "count": r.count,
        "last_at": r.last_at,
        "reasons": r.reasons,
    })
}

/// `GET /api/reports`.
pub(crate) async fn reports(
    State(hub): State<AppState>,
    caller: Caller,
) -> Result<Json<Value>, ApiError> {
    let people = hub.people().await?;
    operator(&caller, &people, "read the reports")?;
    let reports = people
        .pool
        .reported_chat()
        .await
        .map_err(ApiError::from_store)?;
    let reports: Vec<Value> = reports.iter().map(report_json).collect();
    Ok(Json(json!({ "reports": reports })))
}

/// `DELETE /api/reports/{message}`.
pub(crate) async fn dismiss(
    State(hub): State<AppState>,
    Path(message): Path<String>,
    caller: Caller,
) -> Result<Json<Value>, ApiError> {
    let people = hub.people().await?;
    operator(&caller, &people, "dismiss a report")?;
    let found = people
        .pool
        .dismiss_reports(&message)
        .await
        .map_err(ApiError::from_store)?;
    if !found {
        return Err(ApiError::not_found("no reports of this message"));
    }
    Ok(Json(json!({ "dismissed": message })))
}
