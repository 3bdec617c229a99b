//! The puzzle trainer's endpoints (`docs/api.md`, "Puzzles"): the list, the daily puzzle, a
//! puzzle without its solution, a move checked against its line, giving up, and the
//! player's Glicko-2 rating after a result (a guest's sent from the browser, an account's
//! kept in the store).

use super::AppState;
use super::accounts::Caller;
use super::extract::Body;
use crate::ApiError;
use crate::live::now_ms;
use crate::people::{check_rating, rate_puzzle};
use crate::puzzles::{After, Entry, Played, Trainer, date_of};
use axum::Json;
use axum::extract::{Path, RawQuery, State};
use serde::Deserialize;
use serde_json::{Value, json};
use skillratings::glicko2::Glicko2Rating;
use std::sync::Arc;

/// The most puzzles one page of the list holds.
const MAX_PAGE: usize = 100;

fn trainer(hub: &AppState) -> Result<Arc<Trainer>, ApiError> {
    hub.puzzles().map_err(ApiError::internal)
}

/// The list's query: `game`, `theme`, `rating` (order by closeness to it), `offset`, `limit`.
#[derive(Default)]
struct ListQuery {
    game: Option<String>,
    theme: Option<String>,
    rating: Option<f64>,
    offset: usize,
    limit: usize,
}

/// A query value, percent-decoded (`+` is a space).
fn decode(v: &str) -> String {
    let bytes = v.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'+' => out.push(b' '),
            b'%' if i + 2 < bytes.len() => {
                let hex = std::str::from_utf8(&bytes[i + 1..i + 3]).ok();
                match hex.and_then(|h| u8::from_str_radix(h, 16).ok()) {
                    Some(b) => {
                        out.push(b);
                        i += 2;
                    }
                    None => out.push(b'%'),
                }
            }
            b => out.push(b),
        }
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

fn list_query(query: Option<&str>) -> Result<ListQuery, ApiError> {
    let mut q = ListQuery {
        limit: 20,
        ..ListQuery::default()
    };
    let number = |key: &str, v: &str| {
        v.parse::<f64>()
            .ok()
            .filter(|n| n.is_finite() && *n >= 0.0)
            .ok_or_else(|| {
                ApiError::bad_request(format!("{key}: `{v}` is not a number of 0 or more"))
            })
    };
    for pair in query.unwrap_or("").split('&').filter(|p| !p.is_empty()) {
        let (key, raw) = pair.split_once('=').unwrap_or((pair, ""));
        let v = decode(raw);
        let v = v.chars().take(100).collect::<String>();
        match key {
            "game" if !v.is_empty() => q.game = Some(v),
            "theme" if !v.is_empty() => q.theme = Some(v),
            "rating" if !v.is_empty() => q.rating = Some(number(key, &v)?),
            "offset" => q.offset = number(key, &v)? as usize,
            "limit" => {
                q.limit = number(key, &v)? as usize;
                if q.limit == 0 || q.limit > MAX_PAGE {
                    return Err(ApiError::bad_request(format!(
                        "limit: from 1 to {MAX_PAGE}"
                    )));
                }
            }
            "game" | "theme" | "rating" => {}
            other => {
                return Err(ApiError::bad_request(format!(
                    "`{}`: unknown parameter (game, theme, rating, offset, limit)",
                    other.chars().take(40).collect::<String>()
                )));
            }
        }
    }
    Ok(q)
}

/// `GET /api/puzzles?game=&theme=&rating=&offset=&limit=`: `{total, puzzles, games, themes}`.
pub(crate) async fn list(
    State(hub): State<AppState>,
    RawQuery(query): RawQuery,
) -> Result<Json<Value>, ApiError> {
    let q = list_query(query.as_deref())?;
    let trainer = trainer(&hub)?;
    if let Some(game) = &q.game {
        hub.catalog()
            .find(game)
            .map_err(|e| ApiError::bad_request(format!("game: {e}")))?;
    }
    let of_game: Vec<&Entry> = (trainer.all().iter())
        .filter(|e| q.game.as_deref().is_none_or(|g| e.entry.info().name == g))
        .collect();
    let mut themes: Vec<&str> = of_game
        .iter()
        .flat_map(|e| e.puzzle.themes.iter().map(String::as_str))
        .collect();
    themes.sort_unstable();
    themes.dedup();
    let mut games: Vec<&str> = trainer.all().iter().map(|e| e.entry.info().name).collect();
    games.dedup();
    let mut chosen: Vec<&Entry> = of_game
        .into_iter()
        .filter(|e| (q.theme.as_ref()).is_none_or(|t| e.puzzle.themes.iter().any(|have| have == t)))
        .collect();
    if let Some(r) = q.rating {
        chosen.sort_by(|a, b| {
            (a.puzzle.rating - r)
                .abs()
                .total_cmp(&(b.puzzle.rating - r).abs())
        });
    }
    let page: Vec<Value> = (chosen.iter().skip(q.offset).take(q.limit))
        .map(|e| e.summary())
        .collect();
    Ok(Json(json!({
        "total": chosen.len(),
        "offset": q.offset,
        "puzzles": page,
        "games": games,
        "themes": themes,
    })))
}

/// `GET /api/puzzles/daily`: today's puzzle (UTC), as `GET /api/puzzles/{id}` shows it, with
/// `date`.
pub(crate) async fn daily(State(hub): State<AppState>) -> Result<Json<Value>, ApiError> {
    let trainer = trainer(&hub)?;
    let day = now_ms() / 86_400_000;
    let entry = trainer
        .daily(day)
        .ok_or_else(|| ApiError::not_found("this server has no puzzles"))?;
    let mut out = entry.show()?;
    out["date"] = date_of(day).into();
    Ok(Json(out))
}

/// `GET /api/puzzles/{id}`: the puzzle's position as its solver sees it, without solution.
pub(crate) async fn show(
    State(hub): State<AppState>,
    Path(id): Path<String>,
) -> Result<Json<Value>, ApiError> {
    Ok(Json(trainer(&hub)?.get(&id)?.show()?))
}

/// The moves played so far, the new one last.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Moves {
    moves: Vec<String>,
}

/// `POST /api/puzzles/{id}/moves` `{moves}`: `{result: right|wrong|solved, reply, state}`
/// (`played`: the state before the reply, when right; `solution` once solved).
pub(crate) async fn play(
    State(hub): State<AppState>,
    Path(id): Path<String>,
    Body(body): Body<Moves>,
) -> Result<Json<Value>, ApiError> {
    let trainer = trainer(&hub)?;
    let entry = trainer.get(&id)?;
    let answer = |result: &str, reply: Option<String>, after: After| json!({ "result": result, "reply": reply, "state": entry.state(after.game.as_ref(), &after.log) });
    Ok(Json(match entry.play(&body.moves)? {
        Played::Right {
            played,
            reply,
            after,
        } => {
            let mut out = answer("right", reply, after);
            out["played"] = played;
            out
        }
        Played::Wrong { after } => answer("wrong", None, after),
        Played::Solved { after } => {
            let mut out = answer("solved", None, after);
            out["solution"] = entry.solution()["solution"].clone();
            out
        }
    }))
}

/// `POST /api/puzzles/{id}/solution`: the solving lines (giving up).
pub(crate) async fn solution(
    State(hub): State<AppState>,
    Path(id): Path<String>,
) -> Result<Json<Value>, ApiError> {
    Ok(Json(trainer(&hub)?.get(&id)?.solution()))
}

/// A rating as a browser keeps it.
#[derive(Deserialize, Clone, Copy)]
#[serde(deny_unknown_fields)]
pub(crate) struct RatingIn {
    rating: f64,
    deviation: f64,
    volatility: f64,
}

/// A result: `solved` (with the `moves` that solved it), and a guest's rating.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct ResultIn {
    solved: bool,
    #[serde(default)]
    moves: Vec<String>,
    #[serde(default)]
    rating: Option<RatingIn>,
}

fn rating_json(r: &Glicko2Rating) -> Value {
    json!({ "rating": r.rating, "deviation": r.deviation, "volatility": r.volatility })
}

/// `POST /api/puzzles/{id}/result` `{solved, moves, rating?}`: `{rating, before, change,
/// rated, account}`. A signed-in account's rating is the store's (the body's is ignored);
/// a guest sends its own.
pub(crate) async fn result(
    State(hub): State<AppState>,
    Path(id): Path<String>,
    caller: Caller,
    Body(body): Body<ResultIn>,
) -> Result<Json<Value>, ApiError> {
    let trainer = trainer(&hub)?;
    let entry = trainer.get(&id)?;
    if body.solved && !matches!(entry.play(&body.moves)?, Played::Solved { .. }) {
        return Err(ApiError::bad_request(
            "moves: a solved result needs the moves that solve the puzzle",
        ));
    }
    let people = hub.people().await?;
    if let Some((account, _)) = caller.account(&people).await? {
        let (before, after, rated) = people
            .pool
            .rate_puzzle(
                &account.id,
                &entry.puzzle.id,
                entry.puzzle.rating,
                body.solved,
            )
            .await
            .map_err(ApiError::from_store)?;
        return Ok(Json(json!({
            "account": true,
            "rated": rated,
            "before": rating_json(&before.rating),
            "rating": rating_json(&after.rating),
            "change": after.rating.rating - before.rating.rating,
            "attempts": after.attempts,
        })));
    }
    let sent = body.rating.ok_or_else(|| {
        ApiError::bad_request("rating: a guest sends its rating {rating, deviation, volatility}")
    })?;
    let before = Glicko2Rating {
        rating: sent.rating,
        deviation: sent.deviation,
        volatility: sent.volatility,
    };
    check_rating(&before).map_err(ApiError::bad_request)?;
    let after = rate_puzzle(before, entry.puzzle.rating, body.solved);
    Ok(Json(json!({
        "account": false,
        "rated": true,
        "before": rating_json(&before),
        "rating": rating_json(&after),
        "change": after.rating - before.rating,
    })))
}

/// `GET /api/puzzles/rating`: the signed-in account's puzzle rating, or `{account: false}`.
pub(crate) async fn my_rating(
    State(hub): State<AppState>,
    caller: Caller,
) -> Result<Json<Value>, ApiError> {
    let people = hub.people().await?;
    let Some((account, _)) = caller.account(&people).await? else {
        return Ok(Json(json!({ "account": false })));
    };
    let stored = people
        .pool
        .puzzle_rating(&account.id)
        .await
        .map_err(ApiError::from_store)?;
    Ok(Json(json!({
        "account": true,
        "rating": rating_json(&stored.rating),
        "attempts": stored.attempts,
    })))
}
