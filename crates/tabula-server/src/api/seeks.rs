//! Quick pairing (see `docs/api.md`, "Finding an opponent").
//!
//! - `POST /api/seeks` `{game, players?, speed, rated?, name?}` or `{accept, name?}`: a seek;
//!   paired at once when the queue holds enough people in range, else waiting. Answers the
//!   seek's id and the owner's `secret`.
//! - `GET /api/seeks[?game=<name>]`: the waiting seeks, for the lobby.
//! - `POST /api/seeks/{id}/wait` `{secret}`: the heartbeat that keeps a seek alive (every few
//!   seconds), which also tries to pair it again with its widened range; answers the match,
//!   seat and token once paired.
//! - `POST /api/seeks/{id}/cancel` `{secret}`.
//! - `POST /api/seeks/{id}/bots` `{secret, level?}`: the owner of a casual table's oldest seek,
//!   after [`PairingOptions::bot_wait`](crate::people::PairingOptions), starts it with the
//!   people waiting and bots in the other seats.

mod pair;

use super::AppState;
use super::accounts::Caller;
use super::extract::Body;
use super::players::identity;
use crate::ApiError;
use crate::people::{
    DEFAULT_RATING, People, SPEEDS, SeekRow, fresh_secret, secret_hash, speed_clock,
};
use axum::Json;
use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::http::header::SET_COOKIE;
use axum::response::{AppendHeaders, IntoResponse, Response};
use serde::Deserialize;
use serde_json::{Value, json};
use std::collections::HashMap;
use std::sync::Arc;

/// The most seeks `GET /api/seeks` lists.
const LISTED: i64 = 200;

/// A new seek.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct SeekRequest {
    game: Option<String>,
    players: Option<usize>,
    speed: Option<String>,
    rated: Option<bool>,
    /// A guest's nickname (a signed-in player is named by the account).
    name: Option<String>,
    /// A waiting seek chosen in the lobby: its game, players, speed and rated are taken.
    accept: Option<String>,
}

/// The owner's secret, and the level of the bots (`/bots`).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct OwnerRequest {
    secret: String,
    level: Option<String>,
}

/// A seek's wish: game, players, speed, rated.
struct Wish {
    game: String,
    players: usize,
    speed: String,
    rated: bool,
}

fn check_wish(hub: &AppState, req: &SeekRequest) -> Result<Wish, ApiError> {
    let game = req.game.as_deref().ok_or_else(|| {
        ApiError::bad_request("game: missing (or give `accept`, a waiting seek's id)")
    })?;
    let entry = hub
        .catalog()
        .find(game)
        .map_err(|e| ApiError::bad_request(format!("game: {e}")))?;
    let info = entry.info();
    let players = req.players.unwrap_or(info.default_players);
    if !(info.min_players..=info.max_players).contains(&players) {
        return Err(ApiError::bad_request(format!(
            "players: {} is for {} players, not {players}",
            info.title,
            info.player_range()
        )));
    }
    let names: Vec<&str> = SPEEDS.iter().map(|(n, _)| *n).collect();
    let speed = req
        .speed
        .as_deref()
        .unwrap_or(if info.real_time { "untimed" } else { "5+5" });
    let clock = speed_clock(speed).ok_or_else(|| {
        ApiError::bad_request(format!(
            "speed: `{speed}` is not one of {}",
            names.join(", ")
        ))
    })?;
    if clock.is_some() && info.real_time {
        return Err(ApiError::bad_request(format!(
            "speed: {} is played in real time, without a clock: give `untimed`",
            info.title
        )));
    }
    let rated = req.rated.unwrap_or(false);
    if rated && !(2..=crate::people::MAX_RATED_SEATS).contains(&players) {
        return Err(ApiError::bad_request(format!(
            "rated: matches of 2 to {} players are rated, not of {players}",
            crate::people::MAX_RATED_SEATS
        )));
    }
    Ok(Wish {
        game: info.name.to_string(),
        players,
        speed: speed.to_string(),
        rated,
    })
}

fn fresh_since(people: &People) -> i64 {
    crate::people::now_ms() - people.options.pairing.seek_ttl.as_millis() as i64
}

/// Forgets the expired seeks and the claims never completed.
async fn sweep(people: &People) -> Result<i64, ApiError> {
    let since = fresh_since(people);
    let claims = crate::people::now_ms() - 3 * people.options.pairing.seek_ttl.as_millis() as i64;
    people
        .pool
        .seeks_sweep(since, claims)
        .await
        .map_err(ApiError::from_store)?;
    Ok(since)
}

/// `POST /api/seeks`.
pub(crate) async fn create(
    State(hub): State<AppState>,
    caller: Caller,
    Body(req): Body<SeekRequest>,
) -> Result<Response, ApiError> {
    let people = hub.people().await?;
    let since = sweep(&people).await?;
    let (wish, accept) = match &req.accept {
        None => (check_wish(&hub, &req)?, None),
        Some(id) => {
            if req.game.is_some()
                || req.players.is_some()
                || req.speed.is_some()
                || req.rated.is_some()
            {
                return Err(ApiError::bad_request(
                    "accept: the chosen seek sets the game, players, speed and rated: leave them out",
                ));
            }
            let waiting = people
                .pool
                .seeks_waiting(None, since, 1000)
                .await
                .map_err(ApiError::from_store)?;
            let chosen = waiting.into_iter().find(|s| s.id == *id).ok_or_else(|| {
                ApiError::not_found("accept: no such waiting seek (taken, cancelled or expired)")
            })?;
            let wish = Wish {
                game: chosen.game,
                players: chosen.players as usize,
                speed: chosen.speed,
                rated: chosen.rated,
            };
            (wish, Some(id.clone()))
        }
    };
    let who = identity(&caller, &people, req.name.as_deref()).await?;
    if wish.rated && who.account.is_none() {
        return Err(ApiError::new(
            StatusCode::UNAUTHORIZED,
            "rated: sign in first (rated matches are between accounts)",
        ));
    }
    let rating = match &who.account {
        Some(account) => people
            .pool
            .rating_of(account, &wish.game, wish.players as i64)
            .await
            .map_err(ApiError::from_store)?
            .map_or(DEFAULT_RATING, |r| r.round() as i64),
        None => DEFAULT_RATING,
    };
    let now = crate::people::now_ms();
    let seek = SeekRow {
        id: fresh_secret(),
        game: wish.game,
        players: wish.players as i64,
        speed: wish.speed,
        rated: wish.rated,
        rating,
        name: who.name,
        account_id: who.account,
        guest_hash: secret_hash(&who.guest),
        created_at: now,
        seen_at: now,
        claimed: false,
        paired: None,
    };
    let secret = fresh_secret();
    people
        .pool
        .seek_put(&seek, &secret_hash(&secret))
        .await
        .map_err(ApiError::from_store)?;
    let paired = match pair::try_pair(&hub, &people, &seek, accept.as_deref(), None).await {
        Ok(paired) => paired,
        Err(e) => {
            // Its owner never learns the secret: the seek goes too.
            let _ = people
                .pool
                .seek_cancel(&seek.id, &secret_hash(&secret))
                .await;
            return Err(e);
        }
    };
    let mut body = answer(&people, &seek, paired, now);
    body["secret"] = json!(secret);
    let body = (StatusCode::CREATED, Json(body));
    Ok(match who.set_cookie {
        Some(c) => (AppendHeaders([(SET_COOKIE, c)]), body).into_response(),
        None => body.into_response(),
    })
}

/// A seek's state: paired (match, seat, token) or waiting (with its range now).
fn answer(
    people: &People,
    seek: &SeekRow,
    paired: Option<(String, i64, String)>,
    now: i64,
) -> Value {
    let mut body = seek_json(people, seek, now);
    match paired {
        Some((m, seat, token)) => {
            body["status"] = json!("paired");
            body["match"] = json!(m);
            body["seat"] = json!(seat);
            body["token"] = json!(token);
        }
        None => body["status"] = json!("waiting"),
    }
    body
}

fn seek_json(people: &People, seek: &SeekRow, now: i64) -> Value {
    let waited = now - seek.created_at;
    json!({
        "id": seek.id,
        "game": seek.game,
        "players": seek.players,
        "speed": seek.speed,
        "rated": seek.rated,
        "name": seek.name,
        "account": seek.account_id.is_some(),
        "rating": seek.rating,
        "range": people.options.pairing.range(waited),
        "waited_s": waited / 1000,
    })
}

/// `GET /api/seeks[?game=<name>]`: `{seeks: […], speeds: […]}`, oldest first.
pub(crate) async fn list(
    State(hub): State<AppState>,
    Query(query): Query<HashMap<String, String>>,
) -> Result<Json<Value>, ApiError> {
    if let Some(other) = query.keys().find(|k| *k != "game") {
        return Err(ApiError::bad_request(format!(
            "`{other}`: unknown parameter (game)"
        )));
    }
    let people = hub.people().await?;
    let since = sweep(&people).await?;
    let seeks = people
        .pool
        .seeks_waiting(query.get("game").map(String::as_str), since, LISTED)
        .await
        .map_err(ApiError::from_store)?;
    let now = crate::people::now_ms();
    let seeks: Vec<Value> = seeks.iter().map(|s| seek_json(&people, s, now)).collect();
    let speeds: Vec<&str> = SPEEDS.iter().map(|(n, _)| *n).collect();
    Ok(Json(json!({ "seeks": seeks, "speeds": speeds })))
}

/// The owner's seek, its heartbeat noted; 404 when there is none.
async fn owned(people: &People, id: &str, secret: &str) -> Result<SeekRow, ApiError> {
    people
        .pool
        .seek_heartbeat(id, &secret_hash(secret))
        .await
        .map_err(ApiError::from_store)?
        .ok_or_else(|| {
            ApiError::not_found(
                "no such seek: it expired, was cancelled, or the secret is not its owner's",
            )
        })
}

/// `POST /api/seeks/{id}/wait`.
pub(crate) async fn wait(
    State(hub): State<AppState>,
    Path(id): Path<String>,
    Body(req): Body<OwnerRequest>,
) -> Result<Json<Value>, ApiError> {
    if req.level.is_some() {
        return Err(ApiError::bad_request("level: only for `/bots`"));
    }
    let people = hub.people().await?;
    sweep(&people).await?;
    let seek = owned(&people, &id, &req.secret).await?;
    let paired = match seek.paired.clone() {
        Some(p) => Some(p),
        None if seek.claimed => None,
        None => pair::try_pair(&hub, &people, &seek, None, None).await?,
    };
    Ok(Json(answer(
        &people,
        &seek,
        paired,
        crate::people::now_ms(),
    )))
}

/// `POST /api/seeks/{id}/cancel`.
pub(crate) async fn cancel(
    State(hub): State<AppState>,
    Path(id): Path<String>,
    Body(req): Body<OwnerRequest>,
) -> Result<Json<Value>, ApiError> {
    let people = hub.people().await?;
    let hash = secret_hash(&req.secret);
    if people
        .pool
        .seek_cancel(&id, &hash)
        .await
        .map_err(ApiError::from_store)?
    {
        return Ok(Json(json!({ "id": id, "status": "cancelled" })));
    }
    let seek = owned(&people, &id, &req.secret).await?;
    Err(match seek.paired {
        Some((m, _, _)) => ApiError::conflict(format!("already paired: the match is {m}")),
        None => ApiError::conflict("already being paired: ask again in a moment"),
    })
}

/// `POST /api/seeks/{id}/bots`.
pub(crate) async fn bots(
    State(hub): State<AppState>,
    Path(id): Path<String>,
    Body(req): Body<OwnerRequest>,
) -> Result<Json<Value>, ApiError> {
    let people: Arc<People> = hub.people().await?;
    let since = sweep(&people).await?;
    let seek = owned(&people, &id, &req.secret).await?;
    if let Some(p) = seek.paired.clone() {
        return Ok(Json(answer(
            &people,
            &seek,
            Some(p),
            crate::people::now_ms(),
        )));
    }
    if seek.rated {
        return Err(ApiError::bad_request(
            "bots: a rated match is between people only",
        ));
    }
    let info = hub
        .catalog()
        .find(&seek.game)
        .map_err(|e| ApiError::bad_request(format!("game: {e}")))?
        .info();
    let level =
        match req.level {
            Some(level) if info.levels.contains(&level.as_str()) => level,
            Some(level) => {
                return Err(ApiError::bad_request(format!(
                    "level: `{level}` is not one of {}",
                    info.levels.join(", ")
                )));
            }
            None => info.levels.first().map(|l| l.to_string()).ok_or_else(|| {
                ApiError::bad_request(format!("bots: {} has no bots", info.title))
            })?,
        };
    let waited = crate::people::now_ms() - seek.created_at;
    let wait = people.options.pairing.bot_wait.as_millis() as i64;
    if waited < wait {
        return Err(ApiError::conflict(format!(
            "bots: the table may be filled with bots after {} s of waiting ({} s to go)",
            wait / 1000,
            (wait - waited + 999) / 1000
        )));
    }
    let queue = people
        .pool
        .seeks_queue(&seek, since)
        .await
        .map_err(ApiError::from_store)?;
    if queue
        .iter()
        .any(|s| s.created_at < seek.created_at && !s.same_person(&seek))
    {
        return Err(ApiError::conflict(
            "bots: an older seek waits at this table; its owner decides",
        ));
    }
    let paired = pair::try_pair(&hub, &people, &seek, None, Some(&level)).await?;
    match paired {
        Some(p) => Ok(Json(answer(
            &people,
            &seek,
            Some(p),
            crate::people::now_ms(),
        ))),
        None => Err(ApiError::conflict(
            "bots: the table changed meanwhile; ask again",
        )),
    }
}
