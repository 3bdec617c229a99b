//! Accounts: sign up, sign in, the signed-in account, log out (here or everywhere), delete.
//!
//! A session is a random token in the cookie [`SESSION_COOKIE`] (`HttpOnly`, `SameSite=Lax`,
//! `Secure` as [`CookieSecurity`] says); a guest is known by the cookie [`GUEST_COOKIE`],
//! set when a guest first names a seat. Signing up or in from a guest's browser gives the
//! account the seats that guest named.

use super::AppState;
use super::extract::Body;
use crate::ApiError;
use crate::people::{Account, CookieSecurity, People, check_password, fresh_secret, name_key};
use crate::people::{SignUp, secret_hash};
use axum::Json;
use axum::extract::{ConnectInfo, FromRequestParts, State};
use axum::http::header::{COOKIE, SET_COOKIE};
use axum::http::request::Parts;
use axum::http::{HeaderMap, StatusCode};
use axum::response::{AppendHeaders, IntoResponse, Response};
use serde::Deserialize;
use serde_json::json;
use std::net::{IpAddr, SocketAddr};

/// The session cookie's name.
pub const SESSION_COOKIE: &str = "tabula_session";

/// The guest cookie's name.
pub const GUEST_COOKIE: &str = "tabula_guest";

/// Who sent a request: the peer's address (none when the router is called in-process) and
/// the headers (cookies, `X-Forwarded-Proto`).
pub(crate) struct Caller {
    pub peer: Option<IpAddr>,
    pub headers: HeaderMap,
}

impl<S: Send + Sync> FromRequestParts<S> for Caller {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<Self, ApiError> {
        Ok(Caller {
            peer: parts
                .extensions
                .get::<ConnectInfo<SocketAddr>>()
                .map(|c| c.0.ip()),
            headers: parts.headers.clone(),
        })
    }
}

impl Caller {
    /// The value of cookie `name`, if sent.
    pub fn cookie(&self, name: &str) -> Option<String> {
        self.headers
            .get_all(COOKIE)
            .iter()
            .filter_map(|v| v.to_str().ok())
            .flat_map(|v| v.split(';'))
            .filter_map(|pair| pair.trim().split_once('='))
            .find(|(k, _)| *k == name)
            .map(|(_, v)| v.to_string())
            .filter(|v| !v.is_empty() && v.len() <= 64)
    }

    /// The address sign-ins are counted under (in-process requests count as one).
    pub fn address(&self) -> IpAddr {
        self.peer.unwrap_or(IpAddr::from([0, 0, 0, 0]))
    }

    /// Whether cookies set in the answer are `Secure`.
    pub fn secure(&self, how: CookieSecurity) -> bool {
        match how {
            CookieSecurity::Always => true,
            CookieSecurity::Never => false,
            CookieSecurity::FromProxy => {
                self.peer.is_some_and(|p| p.is_loopback())
                    && self
                        .headers
                        .get("x-forwarded-proto")
                        .and_then(|v| v.to_str().ok())
                        .is_some_and(|v| v.trim().eq_ignore_ascii_case("https"))
            }
        }
    }

    /// The signed-in account and its session's hash, or `None`.
    pub async fn account(&self, people: &People) -> Result<Option<(Account, String)>, ApiError> {
        let Some(session) = self.cookie(SESSION_COOKIE) else {
            return Ok(None);
        };
        let hash = secret_hash(&session);
        let account = people
            .pool
            .session_account(&hash)
            .await
            .map_err(ApiError::from_store)?;
        Ok(account.map(|a| (a, hash)))
    }

    /// The signed-in account, or 401.
    pub async fn signed_in(&self, people: &People) -> Result<(Account, String), ApiError> {
        self.account(people).await?.ok_or_else(not_signed_in)
    }
}

fn not_signed_in() -> ApiError {
    ApiError::new(
        StatusCode::UNAUTHORIZED,
        "not signed in (no session cookie, or it ended)",
    )
}

/// A `Set-Cookie` value: `value` for `max_age_s` seconds (0 clears it).
pub(crate) fn cookie(name: &str, value: &str, max_age_s: u64, secure: bool) -> String {
    let secure = if secure { "; Secure" } else { "" };
    format!("{name}={value}; Path=/; HttpOnly; SameSite=Lax; Max-Age={max_age_s}{secure}")
}

fn session_cookie(caller: &Caller, people: &People, session: &str) -> String {
    let secure = caller.secure(people.options.secure_cookies);
    cookie(
        SESSION_COOKIE,
        session,
        crate::people::SESSION_TTL.as_secs(),
        secure,
    )
}

fn cleared(caller: &Caller, people: &People) -> String {
    cookie(
        SESSION_COOKIE,
        "",
        0,
        caller.secure(people.options.secure_cookies),
    )
}

fn account_json(account: &Account) -> serde_json::Value {
    json!({ "name": account.name, "created_at": account.created_at })
}

/// A name and a password.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Credentials {
    name: String,
    password: String,
}

/// `POST /api/account`: a new account, signed in at once.
pub(crate) async fn sign_up(
    State(hub): State<AppState>,
    caller: Caller,
    Body(req): Body<Credentials>,
) -> Result<Response, ApiError> {
    let people = hub.people().await?;
    let name = people.check_name(&req.name)?;
    check_password(&req.password)?;
    people.take_login(caller.address(), &name)?;
    let password = people.hash_password(req.password).await?;
    let session = fresh_secret();
    let account = Account {
        id: fresh_secret(),
        name: name.clone(),
        created_at: now_ms(),
    };
    let guest = caller.cookie(GUEST_COOKIE).map(|g| secret_hash(&g));
    let made = people
        .pool
        .sign_up(
            &account,
            &name_key(&name),
            &password,
            &secret_hash(&session),
            guest.as_deref(),
        )
        .await
        .map_err(ApiError::from_store)?;
    match made {
        SignUp::Taken => Err(ApiError::conflict(format!(
            "name: `{name}` is taken (names are compared on their letters and digits, in any case)"
        ))),
        SignUp::Made(account) => Ok((
            StatusCode::CREATED,
            AppendHeaders([(SET_COOKIE, session_cookie(&caller, &people, &session))]),
            Json(account_json(&account)),
        )
            .into_response()),
    }
}

/// `POST /api/account/login`: a new session for the account of that name and password.
pub(crate) async fn sign_in(
    State(hub): State<AppState>,
    caller: Caller,
    Body(req): Body<Credentials>,
) -> Result<Response, ApiError> {
    let people = hub.people().await?;
    if req.name.len() > 256 || req.password.len() > crate::people::MAX_PASSWORD_BYTES {
        return Err(ApiError::bad_request("name or password: too long"));
    }
    people.take_login(caller.address(), &req.name)?;
    let found = people
        .pool
        .account_by_key(&name_key(&req.name))
        .await
        .map_err(ApiError::from_store)?;
    let (account, hash) = match found {
        Some((a, h)) => (Some(a), Some(h)),
        None => (None, None),
    };
    let right = people.verify_password(req.password, hash).await;
    let Some(account) = account.filter(|_| right) else {
        return Err(ApiError::new(
            StatusCode::UNAUTHORIZED,
            "the name or the password is wrong",
        ));
    };
    let session = fresh_secret();
    let guest = caller.cookie(GUEST_COOKIE).map(|g| secret_hash(&g));
    people
        .pool
        .sign_in(&account, &secret_hash(&session), guest.as_deref())
        .await
        .map_err(ApiError::from_store)?;
    Ok((
        AppendHeaders([(SET_COOKIE, session_cookie(&caller, &people, &session))]),
        Json(account_json(&account)),
    )
        .into_response())
}

/// `GET /api/account`: the signed-in account, or 401.
pub(crate) async fn me(State(hub): State<AppState>, caller: Caller) -> Result<Response, ApiError> {
    let people = hub.people().await?;
    let (account, _) = caller.signed_in(&people).await?;
    Ok(Json(account_json(&account)).into_response())
}

/// `POST /api/account/logout` (`everywhere`: `…/logout-everywhere`): ends this session, or
/// every session of the account.
async fn log_out(hub: AppState, caller: Caller, everywhere: bool) -> Result<Response, ApiError> {
    let people = hub.people().await?;
    let (account, session) = caller.signed_in(&people).await?;
    let only = (!everywhere).then_some(session.as_str());
    let ended = people
        .pool
        .end_sessions(&account.id, only)
        .await
        .map_err(ApiError::from_store)?;
    Ok((
        AppendHeaders([(SET_COOKIE, cleared(&caller, &people))]),
        Json(json!({ "ended": ended })),
    )
        .into_response())
}

/// `POST /api/account/logout`.
pub(crate) async fn log_out_here(
    State(hub): State<AppState>,
    caller: Caller,
) -> Result<Response, ApiError> {
    log_out(hub, caller, false).await
}

/// `POST /api/account/logout-everywhere`.
pub(crate) async fn log_out_everywhere(
    State(hub): State<AppState>,
    caller: Caller,
) -> Result<Response, ApiError> {
    log_out(hub, caller, true).await
}

/// The password again, to delete an account.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Confirm {
    password: String,
}

/// `POST /api/account/delete` `{password}`: deletes the signed-in account; its games stay,
/// their seats named `anonymous`.
pub(crate) async fn delete(
    State(hub): State<AppState>,
    caller: Caller,
    Body(req): Body<Confirm>,
) -> Result<Response, ApiError> {
    let people = hub.people().await?;
    let (account, _) = caller.signed_in(&people).await?;
    people.take_login(caller.address(), &account.name)?;
    let hash = people
        .pool
        .account_by_key(&name_key(&account.name))
        .await
        .map_err(ApiError::from_store)?
        .map(|(_, h)| h);
    if !people.verify_password(req.password, hash).await {
        return Err(ApiError::forbidden(
            "password: wrong; the account was not deleted",
        ));
    }
    people
        .pool
        .delete_account(&account.id)
        .await
        .map_err(ApiError::from_store)?;
    Ok((
        AppendHeaders([(SET_COOKIE, cleared(&caller, &people))]),
        Json(json!({ "deleted": account.name })),
    )
        .into_response())
}

pub(crate) fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as i64)
}
