//! The chat of a match (`people/chat.rs` keeps it).
//!
//! - `POST /api/matches/{id}/chat` `{token?, name?, text}`: a seat's holder (its token) writes
//!   in the players' room under the seat's name; anyone else in the spectators' room, under a
//!   checked `name` (a signed-in caller: the account's name).
//! - `GET /api/matches/{id}/chat[?token=…]`: the rooms the caller may read: a seat's holder
//!   the players' room, and the spectators' once the match is over; a spectator the
//!   spectators' room.
//! - `POST /api/matches/{id}/chat/{message}/report` `{reason?}`: kept for the operator.
//! - `POST /api/matches/{id}/chat/{message}/hide` with `Authorization: Bearer <operator
//!   token>`: the message is served to no one any more.

use super::AppState;
use super::accounts::{Caller, now_ms};
use super::extract::{Body, OptionalBody, token_param, viewer};
use crate::ApiError;
use crate::people::{Message, PLAYERS, SPECTATORS, check_message, message_id, secret_hash};
use axum::Json;
use axum::extract::{Path, RawQuery, State};
use axum::http::StatusCode;
use axum::http::header::AUTHORIZATION;
use serde::Deserialize;
use serde_json::{Value, json};
use subtle::ConstantTimeEq;

/// A message to post.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct PostRequest {
    token: Option<String>,
    name: Option<String>,
    text: String,
}

fn message_json(m: &Message) -> Value {
    json!({ "id": m.id, "room": m.room, "seat": m.seat, "author": m.author, "text": m.body, "at": m.at })
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
    let author = match (seat, account) {
        (Some(seat), _) => people
            .pool
            .seats_of_match(&id)
            .await
            .map_err(ApiError::from_store)?
            .into_iter()
            .find(|p| p.seat == seat.number() as i64)
            .map_or_else(|| format!("Seat {}", seat.number()), |p| p.name),
        (None, Some(account)) => account.name,
        (None, None) => {
            let name = req.name.as_deref().ok_or_else(|| {
                ApiError::bad_request("name: missing (a spectator writes under a name)")
            })?;
            people.check_name(name)?
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
    };
    people
        .pool
        .post_chat(&id, &message)
        .await
        .map_err(ApiError::from_store)?;
    Ok((StatusCode::CREATED, Json(message_json(&message))))
}

/// `GET /api/matches/{id}/chat[?token=…]` → `{rooms: [...], messages: [...]}`.
pub(crate) async fn read(
    State(hub): State<AppState>,
    Path(id): Path<String>,
    RawQuery(query): RawQuery,
) -> Result<Json<Value>, ApiError> {
    let handle = hub.get(&id).await?;
    let seat = viewer(&handle, token_param(query.as_deref()))?;
    let over = handle.current().over();
    let rooms: &[&str] = match (seat, over) {
        (Some(_), false) => &[PLAYERS],
        (Some(_), true) => &[PLAYERS, SPECTATORS],
        (None, _) => &[SPECTATORS],
    };
    let people = hub.people().await?;
    let messages = people
        .pool
        .chat(&id, rooms)
        .await
        .map_err(ApiError::from_store)?;
    let messages: Vec<Value> = messages.iter().map(message_json).collect();
    Ok(Json(json!({ "rooms": rooms, "messages": messages })))
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
    let given = caller
        .headers
        .get(AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "))
        .unwrap_or("");
    let allowed = people
        .options
        .operator_token
        .as_deref()
        .is_some_and(|t| !t.is_empty() && bool::from(t.as_bytes().ct_eq(given.as_bytes())));
    if !allowed {
        return Err(ApiError::forbidden(
            "only the operator may hide a message (Authorization: Bearer <operator token>)",
        ));
    }
    let found = people
        .pool
        .hide_chat(&id, &message)
        .await
        .map_err(ApiError::from_store)?;
    if !found {
        return Err(ApiError::not_found("no such message in this match"));
    }
    Ok(Json(json!({ "hidden": message })))
}
