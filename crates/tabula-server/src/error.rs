//! [`ApiError`]: every refusal the API answers, as an HTTP status and a reason, sent as
//! `{"error": "<reason>"}` (with `"outcome": "unknown"` when a write may have been stored
//! after all: see [`ApiError::outcome_unknown`]).

use crate::store::StoreError;
use axum::Json;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde_json::json;
use tabula_registry::RegistryError;

/// A refused request: the status and the reason shown to the client.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ApiError {
    /// The HTTP status answered (4xx or 5xx).
    pub status: StatusCode,
    /// The reason, in English, shown to the client.
    pub message: String,
    /// `Some("unknown")` when the write may have been stored (sent as `"outcome"`); `None`
    /// for every refusal that changed nothing.
    pub outcome: Option<&'static str>,
}

impl ApiError {
    /// An error with this status and message.
    pub fn new(status: StatusCode, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            message: message.into(),
            outcome: None,
        }
    }

    /// 400: malformed input.
    pub fn bad_request(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, message)
    }

    /// 403: a wrong or missing token.
    pub fn forbidden(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::FORBIDDEN, message)
    }

    /// 404: no such match (or game).
    pub fn not_found(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::NOT_FOUND, message)
    }

    /// 409: a stale ply, or no open seat.
    pub fn conflict(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::CONFLICT, message)
    }

    /// 413: a body over the limit.
    pub fn too_large(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::PAYLOAD_TOO_LARGE, message)
    }

    /// 422: an action out of turn or illegal.
    pub fn refused(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, message)
    }

    /// 500: the server failed (storage); nothing was changed.
    pub fn internal(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, message)
    }

    /// 503: the store cannot take writes now; try again later. Nothing was changed.
    pub fn unavailable(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::SERVICE_UNAVAILABLE, message)
    }

    /// 503 with `"outcome": "unknown"`: the write reached its commit and the store cannot
    /// say whether it was stored. The client reads the match again and looks for its action
    /// before it sends it again (the same action at the same ply is refused as stale if it
    /// was stored).
    pub fn outcome_unknown(message: impl Into<String>) -> ApiError {
        ApiError {
            outcome: Some("unknown"),
            ..ApiError::unavailable(message)
        }
    }

    /// 404: no match has the id `id`.
    pub fn no_match(id: &str) -> ApiError {
        ApiError::not_found(format!("no match `{id}`"))
    }

    /// A game's refusal: a refused action is 422, unreadable input 400, a game whose view or
    /// parameters do not serialise 500.
    pub fn from_registry(e: RegistryError) -> ApiError {
        if e.is_refused_action() {
            ApiError::refused(e.to_string())
        } else if matches!(e, RegistryError::Unserialisable { .. }) {
            tracing::error!("{e}");
            ApiError::internal(e.to_string())
        } else {
            ApiError::bad_request(e.to_string())
        }
    }

    /// A store's failure: a store fault (full disk, I/O, removed database file, shut down)
    /// is 503, a commit whose outcome is unknown 503 saying so, a write that conflicts with what is stored (a duplicate match, a gap in a log,
    /// a seat no longer open) is 409, and anything else (a refused statement, a missing or corrupt stored match) is
    /// 500. The store logs its own faults
    /// (once per streak), so a fault is not logged again here for every request.
    pub fn from_store(e: StoreError) -> ApiError {
        match e {
            StoreError::Unavailable(_) | StoreError::Closed => {
                tracing::debug!("storage failed: {e}");
                ApiError::unavailable(format!(
                    "storage is unavailable, nothing was changed; try again later: {e}"
                ))
            }
            StoreError::OutcomeUnknown(_) => {
                tracing::warn!("a write's outcome is unknown: {e}");
                ApiError::outcome_unknown(format!(
                    "storage failed while committing: the action may have been stored; \
                     read the match again before retrying: {e}"
                ))
            }
            StoreError::Duplicate(_) | StoreError::Gap { .. } | StoreError::SeatNotOpen { .. } => {
                tracing::warn!("storage refused a write: {e}");
                ApiError::conflict(format!(
                    "storage refused the write, nothing was changed: {e}"
                ))
            }
            StoreError::Database(_) | StoreError::Missing(_) | StoreError::Corrupt { .. } => {
                tracing::error!("storage failed: {e}");
                ApiError::internal(format!("storage failed, nothing was changed: {e}"))
            }
        }
    }
}

impl std::fmt::Display for ApiError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.status.as_u16(), self.message)
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let body = match self.outcome {
            Some(outcome) => json!({ "error": self.message, "outcome": outcome }),
            None => json!({ "error": self.message }),
        };
        (self.status, Json(body)).into_response()
    }
}
