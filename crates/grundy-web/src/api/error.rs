//! Error answers: a 4xx status (a 5xx only for a bug) and `{"error": "<one line>"}`.

use std::time::Duration;

use axum::Json;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use grundy::engine::EngineError;
use grundy::ruleset::SetupError;
use serde_json::json;

/// An error answer: a status and one line.
#[derive(Debug)]
pub struct ApiError {
    status: StatusCode,
    message: String,
    /// Seconds for a `Retry-After` header.
    retry_after: Option<u64>,
    /// The method for an `Allow` header (a 405).
    allow: Option<&'static str>,
}

impl ApiError {
    /// An error whose message is kept on one line: control characters echoed from the request
    /// (a game name with a newline) are written as escapes.
    pub(super) fn new(status: StatusCode, message: impl Into<String>) -> Self {
        let message: String = message.into();
        let message = if message.chars().any(char::is_control) {
            message
                .chars()
                .map(|c| {
                    if c.is_control() {
                        c.escape_default().to_string()
                    } else {
                        c.to_string()
                    }
                })
                .collect()
        } else {
            message
        };
        ApiError {
            status,
            message,
            retry_after: None,
            allow: None,
        }
    }

    pub(super) fn over_time(budget: Duration) -> Self {
        Self::unprocessable(format!(
            "over the time budget: the request needs more than {} ms; ask for less",
            budget.as_millis()
        ))
    }

    pub(super) fn bad_request(message: impl Into<String>) -> Self {
        Self::new(StatusCode::BAD_REQUEST, message)
    }

    pub(super) fn unprocessable(message: impl Into<String>) -> Self {
        Self::new(StatusCode::UNPROCESSABLE_ENTITY, message)
    }

    /// A 429 with `Retry-After: 1`: the server has no room for the request now.
    pub(super) fn busy(message: impl Into<String>) -> Self {
        ApiError {
            retry_after: Some(1),
            ..Self::new(StatusCode::TOO_MANY_REQUESTS, message)
        }
    }

    /// A 500: a bug of the server, never an answer to bad input.
    pub(super) fn internal(what: impl std::fmt::Display) -> Self {
        Self::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            format!("internal error: {what}"),
        )
    }

    /// A 404 for an unknown address.
    pub fn not_found() -> Self {
        Self::new(StatusCode::NOT_FOUND, "no such page or endpoint")
    }

    /// A 405 for a method an address does not take; `allowed` is the one it takes.
    pub fn method_not_allowed(allowed: &'static str) -> Self {
        let message = if allowed == "POST" {
            "this address takes POST with a JSON body".to_string()
        } else {
            format!("this address takes {allowed} only")
        };
        ApiError {
            allow: Some(allowed),
            ..Self::new(StatusCode::METHOD_NOT_ALLOWED, message)
        }
    }
}

impl From<SetupError> for ApiError {
    fn from(e: SetupError) -> Self {
        ApiError::bad_request(e.to_string())
    }
}

impl From<EngineError> for ApiError {
    fn from(e: EngineError) -> Self {
        ApiError::unprocessable(format!("over the compute budget: {e}"))
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let mut response = (self.status, Json(json!({ "error": self.message }))).into_response();
        if let Some(seconds) = self.retry_after {
            response
                .headers_mut()
                .insert(header::RETRY_AFTER, seconds.into());
        }
        if let Some(method) = self.allow {
            response
                .headers_mut()
                .insert(header::ALLOW, header::HeaderValue::from_static(method));
        }
        response
    }
}
