//! The game list, the rules, and the web UI: the repository's `web/` directory, embedded in
//! the binary at build time. `/` is `index.html`, `/match/<id>` is `match.html`,
//! `/rules/<game>` is `rules.html`, `/learn/<game>` is `learn.html`, `/puzzles` and
//! `/puzzles/<id>` are `puzzles.html` (each falling back to `index.html` until it exists); any
//! other path is the file of that name, with its content type. The UI's tests and tooling
//! (`tests/`, `node_modules/`, `package*.json`, dotfiles) are neither embedded nor served.

use super::AppState;
use crate::ApiError;
use axum::Json;
use axum::extract::{Path, RawQuery, State};
use axum::http::{StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};
use rust_embed::RustEmbed;
use serde_json::Value;
use tabula_registry::LANGUAGES;

/// The web UI's files; its tests and their tooling are not part of it (nor served).
#[derive(RustEmbed)]
#[folder = "../../web/"]
#[exclude = "tests/*"]
#[exclude = "node_modules/*"]
#[exclude = "*/node_modules/*"]
#[exclude = "package.json"]
#[exclude = "package-lock.json"]
#[exclude = ".*"]
#[exclude = "*/.*"]
struct Web;

pub(crate) async fn games(State(hub): State<AppState>) -> Json<Value> {
    let infos: Vec<Value> = hub
        .catalog()
        .entries()
        .iter()
        .map(|e| serde_json::to_value(e.info()).unwrap_or(Value::Null))
        .collect();
    Json(Value::Array(infos))
}

/// `GET /api/games/{name}/rules[?lang=en|fr|cs]`: the rules for players, in English without
/// `lang`.
pub(crate) async fn rules(
    State(hub): State<AppState>,
    Path(name): Path<String>,
    RawQuery(query): RawQuery,
) -> Result<Response, ApiError> {
    let entry = hub
        .catalog()
        .find(&name)
        .map_err(|e| ApiError::not_found(e.to_string()))?;
    let mut lang = "en".to_string();
    for pair in query
        .as_deref()
        .unwrap_or("")
        .split('&')
        .filter(|p| !p.is_empty())
    {
        match pair.split_once('=').unwrap_or((pair, "")) {
            ("lang", v) if LANGUAGES.contains(&v) => lang = v.to_string(),
            ("lang", v) => {
                return Err(ApiError::bad_request(format!(
                    "lang: unknown language `{v}`; the rules are in {}",
                    LANGUAGES.join(", ")
                )));
            }
            (other, _) => {
                return Err(ApiError::bad_request(format!(
                    "`{other}`: unknown parameter (lang)"
                )));
            }
        }
    }
    let page = entry
        .info()
        .rules_in(&lang)
        .ok_or_else(|| ApiError::not_found(format!("{name} has no rules in `{lang}`")))?;
    Ok((
        [(header::CONTENT_TYPE, "text/markdown; charset=utf-8")],
        page,
    )
        .into_response())
}

/// Unknown paths under `/api/`.
pub(crate) async fn api_not_found(uri: Uri) -> ApiError {
    ApiError::not_found(format!("no such endpoint: {}", uri.path()))
}

/// The content type of a file, with the charset of text.
fn content_type(path: &str) -> String {
    let mime = mime_guess::from_path(path).first_or_octet_stream();
    let text = mime.type_() == mime_guess::mime::TEXT
        || matches!(mime.subtype().as_str(), "javascript" | "json" | "svg")
        || mime.essence_str() == "image/svg+xml";
    if text {
        format!("{}; charset=utf-8", mime.essence_str())
    } else {
        mime.essence_str().to_string()
    }
}

/// The file for a page: its own if present, else `index.html`.
fn page(name: &'static str) -> &'static str {
    if Web::get(name).is_some() {
        name
    } else {
        "index.html"
    }
}

/// Whether the web UI has a renderer of its own for the game called `game`
/// (`js/games/<game>.js`); a game without one is drawn from its board as text unless its
/// registry entry ships a renderer (served by [`static_file`]).
pub(crate) fn built_in_renderer(game: &str) -> bool {
    Web::get(&format!("js/games/{game}.js")).is_some()
}

/// The web UI's files; `/js/games/<name>.js` of a game whose entry ships its own renderer
/// (`Entry::with_renderer`) is that renderer.
pub(crate) async fn static_file(State(hub): State<AppState>, uri: Uri) -> Response {
    let path = uri.path();
    if let Some(name) = path
        .strip_prefix("/js/games/")
        .and_then(|f| f.strip_suffix(".js"))
        .filter(|name| !built_in_renderer(name))
        && let Some(module) = hub
            .catalog()
            .find(name)
            .ok()
            .and_then(|entry| entry.info().renderer)
    {
        return (
            [(header::CONTENT_TYPE, content_type(path))],
            module.to_string(),
        )
            .into_response();
    }
    let file = match path {
        "/" | "/index.html" => "index.html",
        p if p.starts_with("/match/") => page("match.html"),
        p if p.starts_with("/rules/") => page("rules.html"),
        "/puzzles" => page("puzzles.html"),
        p if p.starts_with("/puzzles/") => page("puzzles.html"),
        p if p.starts_with("/learn/") => page("learn.html"),
        p => p.trim_start_matches('/'),
    };
    match Web::get(file) {
        Some(content) => (
            [(header::CONTENT_TYPE, content_type(file))],
            content.data.into_owned(),
        )
            .into_response(),
        None => (
            StatusCode::NOT_FOUND,
            [(header::CONTENT_TYPE, "text/plain; charset=utf-8")],
            format!("not found: {path}\n"),
        )
            .into_response(),
    }
}
