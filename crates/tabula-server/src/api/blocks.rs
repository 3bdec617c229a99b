//! The signed-in account's block list (`people/blocks.rs`); every route answers 401 without
//! a session.
//!
//! - `GET /api/me/blocks` → `{blocks: [{name, at}]}`, the most recent first.
//! - `POST /api/me/blocks` `{name}` → 201 `{blocked: name}`: blocks that account (again: no
//!   change). 404 when no account has that name, 400 for oneself or a full list.
//! - `DELETE /api/me/blocks/{name}` → `{unblocked: name}`; 404 when it was not blocked.

use super::AppState;
use super::accounts::{Caller, now_ms};
use super::extract::Body;
use crate::ApiError;
use crate::people::{Account, MAX_BLOCKS, People, name_key};
use axum::Json;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use serde::Deserialize;
use serde_json::{Value, json};

/// An account to block.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct BlockRequest {
    name: String,
}

/// The account named `name` (compared on its key), or 404.
async fn account_named(people: &People, name: &str) -> Result<Account, ApiError> {
    if name.len() > 256 {
        return Err(ApiError::bad_request("name: too long"));
    }
    people
        .pool
        .account_by_key(&name_key(name))
        .await
        .map_err(ApiError::from_store)?
        .map(|(account, _)| account)
        .ok_or_else(|| ApiError::not_found(format!("name: no account is named `{name}`")))
}

/// `GET /api/me/blocks`.
pub(crate) async fn list(
    State(hub): State<AppState>,
    caller: Caller,
) -> Result<Json<Value>, ApiError> {
    let people = hub.people().await?;
    let (me, _) = caller.signed_in(&people).await?;
    let blocks = people
        .pool
        .blocks_of(&me.id)
        .await
        .map_err(ApiError::from_store)?;
    let blocks: Vec<Value> = (blocks.iter())
        .map(|b| json!({ "name": b.name, "at": b.at }))
        .collect();
    Ok(Json(json!({ "blocks": blocks })))
}

/// `POST /api/me/blocks`.
pub(crate) async fn block(
    State(hub): State<AppState>,
    caller: Caller,
    Body(req): Body<BlockRequest>,
) -> Result<(StatusCode, Json<Value>), ApiError> {
    let people = hub.people().await?;
    let (me, _) = caller.signed_in(&people).await?;
    let them = account_named(&people, &req.name).await?;
    if them.id == me.id {
        return Err(ApiError::bad_request("name: you cannot block yourself"));
    }
    let kept = people
        .pool
        .block(&me.id, &them.id, now_ms())
        .await
        .map_err(ApiError::from_store)?;
    if !kept {
        return Err(ApiError::bad_request(format!(
            "name: the block list is full (at most {MAX_BLOCKS} accounts)"
        )));
    }
    Ok((StatusCode::CREATED, Json(json!({ "blocked": them.name }))))
}

/// `DELETE /api/me/blocks/{name}`.
pub(crate) async fn unblock(
    State(hub): State<AppState>,
    Path(name): Path<String>,
    caller: Caller,
) -> Result<Json<Value>, ApiError> {
    let people = hub.people().await?;
    let (me, _) = caller.signed_in(&people).await?;
    let them = account_named(&people, &name).await?;
    let found = people
        .pool
        .unblock(&me.id, &them.id)
        .await
        .map_err(ApiError::from_store)?;
    if !found {
        return Err(ApiError::not_found(format!(
            "name: `{}` is not blocked",
            them.name
        )));
    }
    Ok(Json(json!({ "unblocked": them.name })))
}
