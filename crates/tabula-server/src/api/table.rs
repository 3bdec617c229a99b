//! The table endpoints: `POST /api/matches/{id}/table` (resign, offer, accept or decline a
//! draw, take a move back against bots) and `POST /api/matches/{id}/rematch` (from the end
//! card; it counts against the client's creation rate). See `docs/api.md`, "At the table".

use super::AppState;
use super::extract::{Body, viewer};
use crate::ApiError;
use crate::limits::creation_refused;
use crate::live::{Command, MatchHandle, TableRequest};
use axum::extract::{ConnectInfo, Path, State};
use axum::response::{IntoResponse, Response};
use axum::{Extension, Json};
use serde::Deserialize;
use serde_json::{Value, json};
use std::net::SocketAddr;
use tabula_core::Seat;
use tokio::sync::oneshot;

/// `{"token": "…", "request": "resign" | "offer_draw" | "accept_draw" | "decline_draw" |
/// "takeback"}`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct TableBody {
    token: Option<String>,
    request: String,
}

/// `{"token": "…"}`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RematchBody {
    token: Option<String>,
}

/// The seat holding `token`: 403 without one or with a wrong one.
fn seat_of(handle: &MatchHandle, token: Option<&str>) -> Result<Seat, ApiError> {
    let token = token.ok_or_else(|| {
        ApiError::forbidden("token: missing (requests at the table need the seat's token)")
    })?;
    viewer(handle, Some(token))?.ok_or_else(|| ApiError::forbidden("token: missing"))
}

pub(crate) async fn table(
    State(hub): State<AppState>,
    Path(id): Path<String>,
    Body(req): Body<TableBody>,
) -> Result<Json<Value>, ApiError> {
    let handle = hub.get(&id).await?;
    let seat = seat_of(&handle, req.token.as_deref())?;
    let request = TableRequest::parse(&req.request)?;
    let (reply, answer) = oneshot::channel();
    let sent = handle
        .send(Command::Table {
            seat,
            request,
            reply,
        })
        .await;
    if !sent {
        return Err(ApiError::conflict("the game is over"));
    }
    let ack = answer
        .await
        .map_err(|_| ApiError::internal("the match stopped before answering"))??;
    Ok(Json(json!({ "ply": ack.ply, "event": ack.action })))
}

/// A rematch that makes a new match (none was made yet) takes a creation from the client's
/// bucket, as `POST /api/matches` does: 429 with `Retry-After` once it is empty. Asking
/// again for a rematch already made takes nothing. Requests without a peer address (the
/// router embedded in-process) are not limited.
pub(crate) async fn rematch(
    State(hub): State<AppState>,
    Path(id): Path<String>,
    peer: Option<Extension<ConnectInfo<SocketAddr>>>,
    Body(req): Body<RematchBody>,
) -> Result<Response, ApiError> {
    let handle = hub.get(&id).await?;
    let seat = seat_of(&handle, req.token.as_deref())?;
    let new_match = handle.current().over() && handle.shared.rematch.borrow().is_none();
    if new_match
        && let Some(Extension(ConnectInfo(peer))) = peer
        && let Err(wait) = hub.creation_rate().take(peer.ip())
    {
        return Ok(creation_refused(hub.limits(), peer.ip(), wait));
    }
    let (new_id, new_seat, token) = hub.rematch(&handle, seat).await?;
    Ok(Json(json!({ "id": new_id, "seat": new_seat.number(), "token": token })).into_response())
}
