//! Correspondence play: whose turn it is, and the e-mails that say so.
//!
//! - `GET /api/my-turn`: the signed-in account's unfinished matches where one of its seats
//!   may act now, with the game, the opponents and the time left.
//! - `GET /api/account/mail`: the account's e-mail settings.
//! - `POST /api/account/mail` `{email, turn_emails, lang?}`: sets them; `email: null`
//!   clears the address (and switches the e-mails off).

use super::AppState;
use super::accounts::Caller;
use super::extract::Body;
use crate::ApiError;
use crate::live::now_ms;
use crate::mail::{LANGUAGES, check_address};
use crate::people::MailSettings;
use axum::Json;
use axum::extract::State;
use serde::Deserialize;
use serde_json::{Value, json};
use tabula_core::Seat;

/// The newest seats of an account looked at for its turns.
const SEATS_LOOKED_AT: i64 = 500;

/// `GET /api/my-turn`: `{"matches": [{id, game, title, seat, opponents, clock, deadline_ms,
/// left_ms}]}`, the nearest deadline first (matches without a clock last).
pub(crate) async fn my_turn(
    State(hub): State<AppState>,
    caller: Caller,
) -> Result<Json<Value>, ApiError> {
    let people = hub.people().await?;
    let (account, _) = caller.signed_in(&people).await?;
    let seats = people
        .pool
        .seats_of_account(&account.id, SEATS_LOOKED_AT)
        .await
        .map_err(ApiError::from_store)?;
    let now = now_ms();
    let mut found = Vec::new();
    for person in seats {
        // Unfinished matches are all in memory; a match not there is over.
        let Some(handle) = hub.in_memory_match(&person.match_id) else {
            continue;
        };
        let snap = handle.current();
        let Some(seat) = u8::try_from(person.seat - 1).ok().map(Seat) else {
            continue;
        };
        if snap.over() || !snap.game.to_act().seats().contains(seat) {
            continue;
        }
        let named = people
            .pool
            .seats_of_match(&person.match_id)
            .await
            .map_err(ApiError::from_store)?;
        let opponents: Vec<&str> = (named.iter())
            .filter(|p| p.seat != person.seat)
            .map(|p| p.name.as_str())
            .collect();
        let record = &handle.shared.record;
        let deadline = snap.clock.as_ref().and_then(|c| c.deadline(seat));
        found.push(json!({
            "id": record.id,
            "game": record.game,
            "title": handle.shared.title,
            "seat": person.seat,
            "opponents": opponents,
            "clock": snap.clock.as_ref().map(|c| c.spec().to_json()),
            "deadline_ms": deadline,
            "left_ms": deadline.map(|d| d.saturating_sub(now)),
        }));
    }
    found.sort_by_key(|m| m["deadline_ms"].as_u64().unwrap_or(u64::MAX));
    Ok(Json(json!({ "matches": found, "at_ms": now })))
}

/// The e-mail settings as asked for.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct MailRequest {
    email: Option<String>,
    #[serde(default)]
    turn_emails: bool,
    lang: Option<String>,
}

fn settings_json(hub: &AppState, settings: Option<&MailSettings>) -> Value {
    json!({
        "email": settings.map(|s| s.email.as_str()),
        "turn_emails": settings.is_some_and(|s| s.turn_emails),
        "lang": settings.map(|s| s.lang.as_str()),
        "available": hub.services.options.mail.is_some(),
    })
}

/// `GET /api/account/mail`: `{email, turn_emails, lang, available}` (`available`: whether
/// this server sends e-mails at all).
pub(crate) async fn mail(
    State(hub): State<AppState>,
    caller: Caller,
) -> Result<Json<Value>, ApiError> {
    let people = hub.people().await?;
    let (account, _) = caller.signed_in(&people).await?;
    let settings = people
        .pool
        .mail_settings(&account.id)
        .await
        .map_err(ApiError::from_store)?;
    Ok(Json(settings_json(&hub, settings.as_ref())))
}

/// `POST /api/account/mail`.
pub(crate) async fn set_mail(
    State(hub): State<AppState>,
    caller: Caller,
    Body(req): Body<MailRequest>,
) -> Result<Json<Value>, ApiError> {
    let people = hub.people().await?;
    let (account, _) = caller.signed_in(&people).await?;
    let lang = req.lang.unwrap_or_else(|| "en".into());
    if !LANGUAGES.contains(&lang.as_str()) {
        return Err(ApiError::bad_request(format!(
            "lang: `{lang}` is not one of {}",
            LANGUAGES.join(", ")
        )));
    }
    let settings = match req.email.as_deref() {
        None | Some("") if req.turn_emails => {
            return Err(ApiError::bad_request(
                "email: missing (e-mails need an address)",
            ));
        }
        None | Some("") => None,
        Some(email) => Some(MailSettings {
            email: check_address(email)
                .map_err(|e| ApiError::bad_request(format!("email: {e}")))?,
            turn_emails: req.turn_emails,
            lang,
        }),
    };
    people
        .pool
        .set_mail(&account.id, settings.as_ref(), crate::people::now_ms())
        .await
        .map_err(ApiError::from_store)?;
    Ok(Json(settings_json(&hub, settings.as_ref())))
}
