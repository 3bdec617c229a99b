//! `POST /api/matches/{id}/analysis` starts (or joins) the analysis of a match and
//! `GET /api/matches/{id}/analysis` reports its progress and results (`?ply=K`: position `K`
//! only). The work and its caps are `live/analysis.rs`'s; here only the requests are read.

use super::AppState;
use crate::ApiError;
use axum::Json;
use axum::extract::{ConnectInfo, FromRequestParts, Path, RawQuery, State};
use axum::http::request::Parts;
use serde_json::Value;
use std::convert::Infallible;
use std::net::SocketAddr;

/// The client's address, which the analysis queue's per-client cap counts by (`local` for a
/// request without one: the router embedded in-process).
pub(crate) struct Client(String);

impl<S: Send + Sync> FromRequestParts<S> for Client {
    type Rejection = Infallible;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        Ok(Client(
            parts
                .extensions
                .get::<ConnectInfo<SocketAddr>>()
                .map_or_else(|| "local".to_string(), |c| c.0.ip().to_string()),
        ))
    }
}

/// Starts or joins the analysis; answers its progress.
pub(crate) async fn start(
    State(hub): State<AppState>,
    Path(id): Path<String>,
    Client(client): Client,
) -> Result<Json<Value>, ApiError> {
    hub.analyse(&id, &client).await.map(Json)
}

/// The analysis' progress and results so far.
pub(crate) async fn show(
    State(hub): State<AppState>,
    Path(id): Path<String>,
    RawQuery(query): RawQuery,
) -> Result<Json<Value>, ApiError> {
    let ply = ply_param(query.as_deref())?;
    hub.analysis(&id, ply).await.map(Json)
}

/// The `ply` parameter: absent, or a position's number.
fn ply_param(query: Option<&str>) -> Result<Option<usize>, ApiError> {
    let Some(text) = query
        .unwrap_or("")
        .split('&')
        .find_map(|pair| pair.strip_prefix("ply="))
    else {
        return Ok(None);
    };
    text.parse::<usize>().map(Some).map_err(|_| {
        ApiError::bad_request(format!(
            "ply: `{text}` is not a position number (0, 1, 2, …)"
        ))
    })
}
