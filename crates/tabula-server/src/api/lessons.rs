//! `GET /api/games/{name}/lessons[?lang=en|fr|cs]`: a game's tutorial, every lesson replayed
//! through the registry so that the page needs no rules: for each step the board to draw (a
//! match state's `view`, `status`, `position`) and the moves it may click (the scripted one
//! and the tempting ones, with why they are refused).

use super::AppState;
use crate::ApiError;
use axum::Json;
use axum::extract::{Path, RawQuery, State};
use serde_json::{Value, json};
use tabula_registry::LANGUAGES;

pub(crate) async fn lessons(
    State(hub): State<AppState>,
    Path(name): Path<String>,
    RawQuery(query): RawQuery,
) -> Result<Json<Value>, ApiError> {
    let entry = hub
        .catalog()
        .find(&name)
        .map_err(|e| ApiError::not_found(e.to_string()))?;
    let lang = language(query.as_deref())?;
    let info = entry.info();
    let file = tabula_lessons::lessons_of(entry)
        .ok_or_else(|| ApiError::not_found(format!("{} has no lessons", info.name)))?
        .map_err(|e| ApiError::internal(format!("the lessons of {}: {e}", info.name)))?;
    let walks = file
        .lessons
        .iter()
        .map(|l| tabula_lessons::walk(entry, l, &lang))
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| ApiError::internal(format!("the lessons of {}: {e}", info.name)))?;
    Ok(Json(json!({
        "game": info.name,
        "title": info.title,
        "lang": lang,
        "lessons": walks,
    })))
}

/// The `lang` of the query (English without one); any other parameter is refused.
fn language(query: Option<&str>) -> Result<String, ApiError> {
    let mut lang = "en".to_string();
    for pair in query.unwrap_or("").split('&').filter(|p| !p.is_empty()) {
        match pair.split_once('=').unwrap_or((pair, "")) {
            ("lang", v) if LANGUAGES.contains(&v) => lang = v.to_string(),
            ("lang", v) => {
                return Err(ApiError::bad_request(format!(
                    "lang: unknown language `{v}`; the lessons are in {}",
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
    Ok(lang)
}
