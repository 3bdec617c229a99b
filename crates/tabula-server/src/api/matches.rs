//! The match endpoints: create, list (the lobby), show, act, join, record.

use super::AppState;
use super::extract::{Body, OptionalBody, token_param, viewer};
use crate::ApiError;
use crate::live::{Ack, ClockSpec, Command, MatchHandle, NewMatch, SeatSpec};
use crate::view::{match_json, people, record_json, summary_json};
use axum::Json;
use axum::extract::{Path, RawQuery, State};
use axum::http::StatusCode;
use serde::Deserialize;
use serde_json::{Value, json};
use tabula_core::Seat;
use tokio::sync::oneshot;

/// `{"human": true}` (the creator's or an invited seat), `{"human": true, "open": true}` (a
/// lobby seat) or `{"bot": "<level>"}`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SeatRequest {
    human: Option<bool>,
    bot: Option<String>,
    open: Option<bool>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct CreateRequest {
    game: String,
    players: Option<usize>,
    params: Option<Value>,
    seed: Option<u64>,
    setup: Option<String>,
    seats: Vec<SeatRequest>,
    /// The creator's seats, by number.
    mine: Option<Vec<usize>>,
    hints: Option<bool>,
    /// Every person at the table agreed to engine analysis and hints during the match (the
    /// same stored flag as `hints`, its older name).
    analysis_allowed: Option<bool>,
    /// A position in the game's notation to start from.
    position: Option<String>,
    /// The match's clock, `{"initial_s": …, "increment_s": …}`.
    clock: Option<Value>,
    /// A rated match (between two accounts; casual by default).
    rated: Option<bool>,
}

pub(crate) async fn create(
    State(hub): State<AppState>,
    Body(req): Body<CreateRequest>,
) -> Result<(StatusCode, Json<Value>), ApiError> {
    let mut seats = Vec::with_capacity(req.seats.len());
    for (i, s) in req.seats.into_iter().enumerate() {
        seats.push(match (s.human, s.bot, s.open) {
            (Some(true), None, None | Some(false)) => SeatSpec::Human,
            (Some(true), None, Some(true)) => SeatSpec::Lobby,
            (None | Some(false), Some(_), Some(true)) => {
                return Err(ApiError::bad_request(format!(
                    "seats[{i}]: a bot seat cannot be open to the lobby"
                )));
            }
            (None | Some(false), Some(level), _) => SeatSpec::Bot(level),
            _ => {
                return Err(ApiError::bad_request(format!(
                    "seats[{i}]: give {{\"human\": true}}, {{\"human\": true, \"open\": true}} \
                     or {{\"bot\": \"<level>\"}}"
                )));
            }
        });
    }
    let allowed = match (req.analysis_allowed, req.hints) {
        (Some(a), Some(h)) if a != h => {
            return Err(ApiError::bad_request(format!(
                "analysis_allowed is {a} but hints is {h}: they are one flag (hints is its older \
                 name), give one"
            )));
        }
        (a, h) => a.or(h).unwrap_or(false),
    };
    let clock = match &req.clock {
        None | Some(Value::Null) => None,
        Some(v) => Some(ClockSpec::from_json(v)?),
    };
    let created = hub
        .create(NewMatch {
            game: req.game,
            players: req.players,
            params: req.params,
            seed: req.seed,
            setup: req.setup,
            seats,
            mine: req.mine,
            hints: allowed,
            position: req.position,
            clock,
            rated: req.rated.unwrap_or(false),
        })
        .await?;
    let seats: Vec<Value> = created
        .seats
        .iter()
        .enumerate()
        .map(|(i, (role, token))| match token {
            Some(t) => json!({ "seat": i + 1, "role": role.as_str(), "token": t }),
            None => json!({ "seat": i + 1, "role": role.as_str() }),
        })
        .collect();
    Ok((
        StatusCode::CREATED,
        Json(json!({ "id": created.id, "seats": seats })),
    ))
}

/// `GET /api/matches[?open=true][&game=<name>][&limit=<n>]`: the public matches ([`listed`]),
/// newest first; `open`: only matches with an open seat; `limit` (default and most 500).
pub(crate) async fn list(
    State(hub): State<AppState>,
    RawQuery(query): RawQuery,
) -> Result<Json<Value>, ApiError> {
    let (mut open_only, mut game, mut limit) = (false, None, 500usize);
    for pair in query
        .as_deref()
        .unwrap_or("")
        .split('&')
        .filter(|p| !p.is_empty())
    {
        match pair.split_once('=').unwrap_or((pair, "")) {
            ("open", v) => open_only = matches!(v, "" | "true" | "1"),
            ("game", v) => game = Some(v.to_string()),
            ("limit", v) => {
                limit = v
                    .parse()
                    .ok()
                    .filter(|n| (1..=500).contains(n))
                    .ok_or_else(|| {
                        ApiError::bad_request(format!("limit: `{v}` is not a number from 1 to 500"))
                    })?
            }
            ("token", _) => {}
            (other, _) => {
                return Err(ApiError::bad_request(format!(
                    "`{other}`: unknown parameter (open, game, limit)"
                )));
            }
        }
    }
    let ttl = hub.limits().lobby_ttl.as_millis() as u64;
    let now = crate::live::now_ms();
    let matches: Vec<Value> = hub
        .newest_first(limit, |h| {
            if game.as_deref().is_some_and(|g| h.shared.record.game != g) {
                return false;
            }
            // Matches between people that nobody opened to the lobby are private.
            if !listed(&h.shared.record) {
                return false;
            }
            if !open_only {
                return true;
            }
            // An open seat nobody took for `lobby_ttl` after the last move is abandoned.
            let last = h.shared.last_activity_ms();
            if now.saturating_sub(last) > ttl {
                return false;
            }
            summary_json(&h.shared, &h.current())["open_seats"]
                .as_array()
                .is_some_and(|s| !s.is_empty())
        })
        .into_iter()
        .map(|h| summary_json(&h.shared, &h.current()))
        .collect();
    Ok(Json(json!({ "matches": matches })))
}

/// Whether a match is in the public list: one with a lobby seat (its creator chose the
/// lobby), or with fewer than two people (bots, or one person against bots). A match between
/// people who came by the creator's own seats and invite links is private: it is watched by
/// its link only.
fn listed(record: &crate::store::MatchRecord) -> bool {
    record.seats.iter().any(|s| s.open) || people(record) < 2
}

/// A seat whose token was used counts as taken.
fn touch(handle: &MatchHandle, seat: Option<Seat>) {
    if let Some(seat) = seat
        && !handle
            .current()
            .joined
            .get(seat.index())
            .copied()
            .unwrap_or(true)
    {
        let _ = handle.commands.try_send(Command::Touch { seat });
    }
}

pub(crate) async fn show(
    State(hub): State<AppState>,
    Path(id): Path<String>,
    RawQuery(query): RawQuery,
) -> Result<Json<Value>, ApiError> {
    let handle = hub.get(&id).await?;
    let seat = viewer(&handle, token_param(query.as_deref()))?;
    touch(&handle, seat);
    Ok(Json(match_json(&handle.shared, &handle.current(), seat)))
}

pub(crate) async fn record(
    State(hub): State<AppState>,
    Path(id): Path<String>,
) -> Result<Json<Value>, ApiError> {
    let handle = hub.get(&id).await?;
    Ok(Json(record_json(&handle.shared, &handle.current())))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct ActRequest {
    token: Option<String>,
    action: String,
    ply: u64,
}

/// Sends an action of the seat holding `token` to the match; answers once it is durable.
pub(crate) async fn submit(
    handle: &MatchHandle,
    token: Option<&str>,
    action: String,
    ply: u64,
) -> Result<Ack, ApiError> {
    submit_as(handle, viewer(handle, token)?, action, ply).await
}

/// Submits `action` for `seat`, whose token was already checked (a WebSocket checks it once,
/// when it opens; `None`: it was opened without a token).
pub(crate) async fn submit_as(
    handle: &MatchHandle,
    seat: Option<Seat>,
    action: String,
    ply: u64,
) -> Result<Ack, ApiError> {
    let seat =
        seat.ok_or_else(|| ApiError::forbidden("token: missing (actions need the seat's token)"))?;
    let (reply, answer) = oneshot::channel();
    let sent = handle
        .send(Command::Act {
            seat,
            ply,
            action,
            reply,
        })
        .await;
    if !sent {
        // The actor has ended: the game is over.
        let now = handle.current().ply;
        return Err(if ply != now {
            ApiError::conflict(format!(
                "stale ply: the action was sent for ply {ply}, the match is at ply {now}"
            ))
        } else {
            ApiError::refused("the game is over")
        });
    }
    answer
        .await
        .map_err(|_| ApiError::internal("the match stopped before answering"))?
}

pub(crate) async fn act(
    State(hub): State<AppState>,
    Path(id): Path<String>,
    Body(req): Body<ActRequest>,
) -> Result<Json<Value>, ApiError> {
    let handle = hub.get(&id).await?;
    let ack = submit(&handle, req.token.as_deref(), req.action, req.ply).await?;
    Ok(Json(json!({ "ply": ack.ply, "action": ack.action })))
}

#[derive(Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct JoinRequest {
    seat: Option<usize>,
}

pub(crate) async fn join(
    State(hub): State<AppState>,
    Path(id): Path<String>,
    OptionalBody(req): OptionalBody<JoinRequest>,
) -> Result<Json<Value>, ApiError> {
    let handle = hub.get(&id).await?;
    let seat = match req.seat {
        None => None,
        Some(n) => Some(Seat::from_number(n).ok_or_else(|| {
            ApiError::bad_request(format!(
                "seat: {n} does not exist (seats are numbered from 1)"
            ))
        })?),
    };
    let (reply, answer) = oneshot::channel();
    if !handle.send(Command::Join { seat, reply }).await {
        return Err(ApiError::conflict("the game is over"));
    }
    let (seat, token) = answer
        .await
        .map_err(|_| ApiError::internal("the match stopped before answering"))??;
    Ok(Json(json!({ "seat": seat.number(), "token": token })))
}
