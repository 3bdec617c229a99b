//! The HTTP API (see `docs/api.md`) and the web UI's files, as one axum router.
//!
//! Every refusal is JSON `{"error": …}` with the status the contract names; a handler that
//! panics answers 500 (the server stays up); unknown `/api/` paths are 404 and wrong methods
//! 405, both in JSON. Cross-site requests and creation bursts are refused in front of every
//! route (`guard.rs`).

mod accounts;
mod analysis;
mod blocks;
mod chat;
mod export;
mod extract;
mod guard;
mod lessons;
mod matches;
mod players;
mod positions;
mod puzzles;
mod seeks;
mod table;
mod turns;
mod web;
pub(crate) use web::built_in_renderer;
mod ws;

pub use accounts::{GUEST_COOKIE, SESSION_COOKIE};
pub use extract::BODY_LIMIT;

use crate::ApiError;
use crate::live::Hub;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::{any, delete, get, post};
use axum::{Router, middleware};
use std::any::Any;
use std::sync::Arc;
use tower_http::catch_panic::CatchPanicLayer;
use tower_http::trace::{DefaultOnFailure, TraceLayer};

pub(crate) type AppState = Arc<Hub>;

fn panic_response(panic: Box<dyn Any + Send + 'static>) -> Response {
    let reason = panic
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| panic.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "unknown".into());
    tracing::error!("a request handler panicked: {reason}");
    ApiError::internal("the server failed on this request").into_response()
}

async fn method_not_allowed() -> ApiError {
    ApiError::new(
        StatusCode::METHOD_NOT_ALLOWED,
        "this endpoint does not take that method",
    )
}

/// The whole application: API, WebSocket and web UI.
pub fn router(hub: Arc<Hub>) -> Router {
    Router::new()
        .route("/api/games", get(web::games))
        .route("/api/games/{name}/rules", get(web::rules))
        .route("/api/games/{name}/lessons", get(lessons::lessons))
        .route(
            "/api/matches",
            get(matches::list)
                .post(matches::create)
                .route_layer(middleware::from_fn_with_state(
                    hub.clone(),
                    guard::creation_rate,
                )),
        )
        .route("/api/matches/{id}", get(matches::show))
        .route("/api/matches/{id}/actions", post(matches::act))
        .route("/api/matches/{id}/join", post(matches::join))
        .route("/api/matches/{id}/record", get(matches::record))
        .route("/api/matches/{id}/positions", get(positions::positions))
        .route("/api/matches/{id}/record.txt", get(export::record_text))
        .route("/api/matches/{id}/table", post(table::table))
        .route("/api/matches/{id}/rematch", post(table::rematch))
        .route("/api/matches/{id}/ws", get(ws::upgrade))
        .route("/api/matches/{id}/name", post(players::name_seat))
        .route("/api/matches/{id}/players", get(players::of_match))
        .route("/api/matches/{id}/chat", get(chat::read).post(chat::post))
        .route(
            "/api/matches/{id}/chat/{message}/report",
            post(chat::report),
        )
        .route("/api/matches/{id}/chat/{message}/hide", post(chat::hide))
        .route("/api/reports", get(chat::reports))
        .route("/api/reports/{message}", delete(chat::dismiss))
        .route("/api/me/blocks", get(blocks::list).post(blocks::block))
        .route("/api/me/blocks/{name}", delete(blocks::unblock))
        .route(
            "/api/seeks",
            get(seeks::list)
                .post(seeks::create)
                .route_layer(middleware::from_fn_with_state(
                    hub.clone(),
                    guard::creation_rate,
                )),
        )
        .route("/api/seeks/{id}/wait", post(seeks::wait))
        .route("/api/seeks/{id}/cancel", post(seeks::cancel))
        .route("/api/seeks/{id}/bots", post(seeks::bots))
        .route("/api/players/{name}", get(players::page))
        .route("/api/leaderboard/{game}", get(players::leaderboard))
        .route("/api/account", get(accounts::me).post(accounts::sign_up))
        .route("/api/account/login", post(accounts::sign_in))
        .route("/api/account/logout", post(accounts::log_out_here))
        .route(
            "/api/account/logout-everywhere",
            post(accounts::log_out_everywhere),
        )
        .route("/api/account/delete", post(accounts::delete))
        .route("/api/account/mail", get(turns::mail).post(turns::set_mail))
        .route("/api/my-turn", get(turns::my_turn))
        .route(
            "/api/matches/{id}/analysis",
            get(analysis::show).post(analysis::start),
        )
        .route("/api/puzzles", get(puzzles::list))
        .route("/api/puzzles/daily", get(puzzles::daily))
        .route("/api/puzzles/rating", get(puzzles::my_rating))
        .route("/api/puzzles/{id}", get(puzzles::show))
        .route("/api/puzzles/{id}/moves", post(puzzles::play))
        .route("/api/puzzles/{id}/solution", post(puzzles::solution))
        .route("/api/puzzles/{id}/result", post(puzzles::result))
        .route("/api", any(web::api_not_found))
        .route("/api/{*rest}", any(web::api_not_found))
        .fallback(web::static_file)
        .method_not_allowed_fallback(method_not_allowed)
        .layer(middleware::from_fn_with_state(
            hub.clone(),
            guard::cross_site,
        ))
        .layer(CatchPanicLayer::custom(panic_response))
        // A 5xx is logged where it arises, once per streak for a failing store: not again
        // for every request it answers.
        .layer(
            TraceLayer::new_for_http()
                .on_failure(DefaultOnFailure::new().level(tracing::Level::DEBUG)),
        )
        .with_state(hub)
}
