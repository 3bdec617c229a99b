//! `GET /api/matches/{id}/positions`: every position of a match as one viewer may see it, so
//! that a client can step back through the game's history without leaving the live match.
//!
//! The match is replayed from its start (the record's start position, or its parameters,
//! setup and seed) entry by entry of the log; after each entry, and before the first, the
//! game's view for the viewer and the game's status are taken. Views hide what the viewer may
//! not see, as the live view does: a past position shows no more than the present one.

use super::AppState;
use super::extract::{token_param, viewer};
use crate::ApiError;
use crate::live::replay_start;
use axum::Json;
use axum::extract::{Path, RawQuery, State};
use serde_json::{Value, json};
use tabula_registry::status_json;

/// `{id, ply, positions: [{ply, view, status, board_text?}]}`: `positions[k]` is the position
/// after the first `k` log entries (so `positions[0]` is the start and the last is the
/// present); `board_text` for a game the web UI draws plainly, where the live state has it.
pub(crate) async fn positions(
    State(hub): State<AppState>,
    Path(id): Path<String>,
    RawQuery(query): RawQuery,
) -> Result<Json<Value>, ApiError> {
    let handle = hub.get(&id).await?;
    let seat = viewer(&handle, token_param(query.as_deref()))?;
    let shared = &handle.shared;
    let snap = handle.current();
    let entry = hub
        .catalog()
        .find(&shared.record.game)
        .map_err(ApiError::from_registry)?;
    let log = snap.moves.clone();
    let broken = |what: String| ApiError::internal(format!("match {id} does not replay: {what}"));
    let (mut game, _) = replay_start(entry, &shared.record).map_err(|e| broken(e.to_string()))?;
    let mut out = Vec::with_capacity(log.len() + 1);
    // A game the web UI draws plainly gets each board as text, as its live state does.
    let plain = shared.plain_board && (!shared.hidden_information || snap.over());
    let at = |ply: usize, game: &dyn tabula_registry::DynGame| -> Result<Value, ApiError> {
        let view = game.view(seat).map_err(ApiError::from_registry)?;
        let mut position = json!({ "ply": ply, "view": view, "status": status_json(game) });
        if plain {
            position["board_text"] = Value::from(game.board_text());
        }
        Ok(position)
    };
    out.push(at(0, game.as_ref())?);
    for (i, e) in log.iter().enumerate() {
        game.apply(e.actor.to_core(), &e.action)
            .map_err(|err| broken(format!("ply {i}: {err}")))?;
        out.push(at(i + 1, game.as_ref())?);
    }
    if snap.ending.is_some()
        && let Some(last) = out.last_mut()
    {
        last["status"] = crate::view::status(&snap);
    }
    Ok(Json(
        json!({ "id": shared.record.id, "ply": snap.ply, "positions": out }),
    ))
}
