//! Reading requests: JSON bodies under a size limit (413 over it, 400 with serde's reason when
//! malformed, never axum's plain-text rejections) and the `token` of the query string.

use crate::ApiError;
use crate::live::MatchHandle;
use axum::body::to_bytes;
use axum::extract::{FromRequest, Request};
use axum::http::header::CONTENT_LENGTH;
use http_body_util::LengthLimitError;
use serde::de::DeserializeOwned;
use tabula_core::Seat;

/// The largest request body accepted, in bytes.
pub const BODY_LIMIT: usize = 16 * 1024;

/// A JSON body.
pub struct Body<T>(pub T);

/// A JSON body that may be empty (then `T::default()`).
pub struct OptionalBody<T>(pub T);

async fn read(req: Request) -> Result<axum::body::Bytes, ApiError> {
    let too_large = || ApiError::too_large(format!("the body is over {BODY_LIMIT} bytes"));
    let declared = req
        .headers()
        .get(CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok());
    if declared.is_some_and(|n| n > BODY_LIMIT as u64) {
        return Err(too_large());
    }
    to_bytes(req.into_body(), BODY_LIMIT).await.map_err(|e| {
        let over = std::error::Error::source(&e).is_some_and(|s| s.is::<LengthLimitError>());
        if over {
            too_large()
        } else {
            ApiError::bad_request(format!("the body could not be read: {e}"))
        }
    })
}

/// Reads JSON; the error names the field (`seats[1].bot: invalid type: …`).
fn parse<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, ApiError> {
    let mut json = serde_json::Deserializer::from_slice(bytes);
    let value = serde_path_to_error::deserialize(&mut json)
        .map_err(|e| ApiError::bad_request(format!("malformed JSON: {e}")))?;
    json.end()
        .map_err(|e| ApiError::bad_request(format!("malformed JSON: {e}")))?;
    Ok(value)
}

impl<S: Send + Sync, T: DeserializeOwned> FromRequest<S> for Body<T> {
    type Rejection = ApiError;

    async fn from_request(req: Request, _state: &S) -> Result<Self, ApiError> {
        let bytes = read(req).await?;
        if bytes.is_empty() {
            return Err(ApiError::bad_request("malformed JSON: the body is empty"));
        }
        parse(&bytes).map(Body)
    }
}

impl<S: Send + Sync, T: DeserializeOwned + Default> FromRequest<S> for OptionalBody<T> {
    type Rejection = ApiError;

    async fn from_request(req: Request, _state: &S) -> Result<Self, ApiError> {
        let bytes = read(req).await?;
        if bytes.iter().all(u8::is_ascii_whitespace) {
            return Ok(OptionalBody(T::default()));
        }
        parse(&bytes).map(OptionalBody)
    }
}

/// The `token` parameter of a query string (`None` when absent). Tokens are hex, so no
/// percent-decoding is needed: an encoded one is simply wrong.
pub fn token_param(query: Option<&str>) -> Option<&str> {
    query?
        .split('&')
        .find_map(|pair| pair.strip_prefix("token="))
}

/// Who is looking: the seat of `token`, a spectator without one; a wrong token is 403.
pub fn viewer(handle: &MatchHandle, token: Option<&str>) -> Result<Option<Seat>, ApiError> {
    match token {
        None => Ok(None),
        Some(token) => handle
            .shared
            .seat_of_token(token)
            .map(Some)
            .ok_or_else(|| ApiError::forbidden("token: not a seat's token in this match")),
    }
}
