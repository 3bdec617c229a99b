//! Names at the table and players' pages.
//!
//! - `POST /api/matches/{id}/name` `{token, name?}`: the holder of a seat names it, as a guest
//!   (a checked nickname; the guest cookie is set if the browser has none) or as the
//!   signed-in account (its own name).
//! - `GET /api/matches/{id}/players`: the named seats of a match, for everyone at the table
//!   and the spectators.
//! - `GET /api/players/{name}`: an account's page: its name, ratings and recent games.

use super::AppState;
use super::accounts::{Caller, GUEST_COOKIE, cookie};
use super::extract::{Body, viewer};
use crate::ApiError;
use crate::people::{PROVISIONAL_DEVIATION, People, fresh_secret, name_key, secret_hash};
use crate::view::summary_json;
use axum::Json;
use axum::extract::{Path, RawQuery, State};
use axum::http::header::SET_COOKIE;
use axum::response::{AppendHeaders, IntoResponse, Response};
use serde::Deserialize;
use serde_json::{Value, json};

/// How long the guest cookie lasts: a year.
const GUEST_TTL_S: u64 = 365 * 24 * 3600;

/// The most recent games on a player's page.
const RECENT_GAMES: i64 = 20;

/// A seat's token and the name to show.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct NameRequest {
    token: String,
    name: Option<String>,
}

/// Who is asking, by name: the signed-in account, or a guest with a checked nickname (not
/// an account's name), and the guest cookie (a fresh one, to be set, if the browser has none).
pub(crate) struct Identity {
    pub name: String,
    /// The account's id when signed in.
    pub account: Option<String>,
    /// The guest cookie's value.
    pub guest: String,
    /// The `Set-Cookie` value of a fresh guest cookie.
    pub set_cookie: Option<String>,
}

/// The caller's [`Identity`]; `name`: the nickname a guest gives (an account's own name, or
/// nothing, when signed in).
pub(crate) async fn identity(
    caller: &Caller,
    people: &People,
    name: Option<&str>,
) -> Result<Identity, ApiError> {
    let (name, account) = match caller.account(people).await? {
        Some((account, _)) => {
            if let Some(name) = name
                && name_key(name) != name_key(&account.name)
            {
                return Err(ApiError::bad_request(format!(
                    "name: signed in as `{}`, a seat takes the account's name",
                    account.name
                )));
            }
            (account.name, Some(account.id))
        }
        None => {
            let given = name
                .ok_or_else(|| ApiError::bad_request("name: missing (a guest gives a nickname)"))?;
            let name = people.check_name(given)?;
            let owner = people
                .pool
                .account_by_key(&name_key(&name))
                .await
                .map_err(ApiError::from_store)?;
            if owner.is_some() {
                return Err(ApiError::conflict(format!(
                    "name: `{name}` is an account's name; sign in to use it"
                )));
            }
            (name, None)
        }
    };
    let (guest, set_cookie) = match caller.cookie(GUEST_COOKIE) {
        Some(g) => (g, None),
        None => {
            let fresh = fresh_secret();
            let set = cookie(
                GUEST_COOKIE,
                &fresh,
                GUEST_TTL_S,
                caller.secure(people.options.secure_cookies),
            );
            (fresh, Some(set))
        }
    };
    Ok(Identity {
        name,
        account,
        guest,
        set_cookie,
    })
}

/// `POST /api/matches/{id}/name`.
pub(crate) async fn name_seat(
    State(hub): State<AppState>,
    Path(id): Path<String>,
    caller: Caller,
    Body(req): Body<NameRequest>,
) -> Result<Response, ApiError> {
    let handle = hub.get(&id).await?;
    let seat = viewer(&handle, Some(&req.token))?
        .ok_or_else(|| ApiError::forbidden("token: not a seat's token in this match"))?;
    let people = hub.people().await?;
    let who = identity(&caller, &people, req.name.as_deref()).await?;
    people
        .pool
        .name_seat(
            &id,
            seat.number() as i64,
            &who.name,
            who.account.as_deref(),
            Some(&secret_hash(&who.guest)),
        )
        .await
        .map_err(ApiError::from_store)?;
    let body = Json(json!({
        "seat": seat.number(),
        "name": who.name,
        "account": who.account.is_some(),
    }));
    Ok(match who.set_cookie {
        Some(c) => (AppendHeaders([(SET_COOKIE, c)]), body).into_response(),
        None => body.into_response(),
    })
}

/// `GET /api/matches/{id}/players` → `{players: [{seat, name, account}]}`.
pub(crate) async fn of_match(
    State(hub): State<AppState>,
    Path(id): Path<String>,
) -> Result<Json<Value>, ApiError> {
    hub.get(&id).await?;
    let people = hub.people().await?;
    let seats = people
        .pool
        .seats_of_match(&id)
        .await
        .map_err(ApiError::from_store)?;
    let players: Vec<Value> = seats
        .iter()
        .map(|s| json!({ "seat": s.seat, "name": s.name, "account": s.account }))
        .collect();
    Ok(Json(json!({ "players": players })))
}

/// `GET /api/players/{name}` → `{name, created_at, ratings, games: [{id, game, title, seat,
/// at, over, ply}]}`: 404 for a name no account has.
pub(crate) async fn page(
    State(hub): State<AppState>,
    Path(name): Path<String>,
) -> Result<Json<Value>, ApiError> {
    let people = hub.people().await?;
    let found = people
        .pool
        .account_by_key(&name_key(&name))
        .await
        .map_err(ApiError::from_store)?;
    let Some((account, _)) = found else {
        return Err(ApiError::not_found(format!(
            "no player is named `{}`",
            name.chars().take(40).collect::<String>()
        )));
    };
    let seats = people
        .pool
        .seats_of_account(&account.id, RECENT_GAMES)
        .await
        .map_err(ApiError::from_store)?;
    let mut games = Vec::with_capacity(seats.len());
    for s in seats {
        let mut game = json!({ "id": s.match_id, "seat": s.seat, "at": s.at });
        if let Ok(handle) = hub.get(&s.match_id).await {
            let summary = summary_json(&handle.shared, &handle.current());
            for key in ["game", "title", "over", "ply", "players"] {
                game[key] = summary[key].clone();
            }
        }
        games.push(game);
    }
    let ratings: Vec<Value> = people
        .pool
        .ratings_of(&account.id)
        .await
        .map_err(ApiError::from_store)?
        .into_iter()
        .map(|(game, players, rating, deviation, games)| {
            json!({
                "game": game,
                "players": players,
                "rating": rating.round(),
                "deviation": deviation.round(),
                "provisional": deviation >= PROVISIONAL_DEVIATION,
                "games": games,
            })
        })
        .collect();
    Ok(Json(json!({
        "name": account.name,
        "created_at": account.created_at,
        "ratings": ratings,
        "games": games,
    })))
}

/// `GET /api/leaderboard/{game}[?players=N]` → `{game, players, leaders: [{name, rating,
/// deviation, provisional, games}]}`: the 50 best ratings of a game (two players by
/// default), best first; 404 for an unknown game, 400 for a bad `players`.
pub(crate) async fn leaderboard(
    State(hub): State<AppState>,
    Path(game): Path<String>,
    RawQuery(query): RawQuery,
) -> Result<Json<Value>, ApiError> {
    hub.catalog()
        .find(&game)
        .map_err(|e| ApiError::not_found(e.to_string()))?;
    let players = match query.as_deref().and_then(|q| q.strip_prefix("players=")) {
        None => 2,
        Some(n) => n
            .parse::<i64>()
            .ok()
            .filter(|n| (1..=64).contains(n))
            .ok_or_else(|| {
                ApiError::bad_request(format!("players: a number of players, not `{n}`"))
            })?,
    };
    let people = hub.people().await?;
    let leaders: Vec<Value> = people
        .pool
        .leaderboard(&game, players, 50)
        .await
        .map_err(ApiError::from_store)?
        .into_iter()
        .map(|(name, rating, deviation, games)| {
            json!({
                "name": name,
                "rating": rating.round(),
                "deviation": deviation.round(),
                "provisional": deviation >= PROVISIONAL_DEVIATION,
                "games": games,
            })
        })
        .collect();
    Ok(Json(
        json!({ "game": game, "players": players, "leaders": leaders }),
    ))
}
