//! What every request passes before a route sees it:
//!
//! - its `Host` names a host the server answers as (421 otherwise), which
//!   stops a page on a rebound name from using the server;
//! - a request to the API from a page (`Origin`) comes from one of the
//!   server's own pages (403 otherwise);
//! - a request to the API that may change something (any method but
//!   `GET`, `HEAD` and `OPTIONS`) says its body is JSON
//!   (`Content-Type: application/json`, 415 otherwise): a page elsewhere
//!   can send a cross-site request without asking first only with a
//!   form's content types, so such a request never reaches a route;
//! - its body arrives within the body timeout (408) and within the size
//!   limit (413).

use crate::MAX_BODY_BYTES;
use crate::api::{ApiError, AppState};
use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::{Method, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use http_body_util::{BodyExt, Limited};
use std::sync::Arc;
use tengen_json::engine::EngineError;

/// Refuses with `status`, a code and a message.
fn refuse(status: StatusCode, code: &str, message: String) -> Response {
    ApiError::with_status(status, EngineError::new(code, message)).into_response()
}

/// A header's value as text, if it has one.
fn text(request: &Request, name: header::HeaderName) -> Option<&str> {
    request.headers().get(name).and_then(|v| v.to_str().ok())
}

/// Whether a `Content-Type` value is JSON (`application/json`, with or
/// without parameters such as a charset).
fn is_json(content_type: &str) -> bool {
    content_type
        .split(';')
        .next()
        .is_some_and(|kind| kind.trim().eq_ignore_ascii_case("application/json"))
}

/// The checks above, then the route.
pub(crate) async fn guard(
    State(state): State<Arc<AppState>>,
    request: Request,
    next: Next,
) -> Response {
    let host = text(&request, header::HOST)
        .map(str::to_string)
        .or_else(|| request.uri().authority().map(|a| a.to_string()));
    match host {
        Some(host) if state.hosts.accepts(&host, 80) => {}
        Some(host) => {
            return refuse(
                StatusCode::MISDIRECTED_REQUEST,
                "unknown-host",
                format!(
                    "this server does not answer as `{host}`: open it at its own address, or start it with --allow-host NAME"
                ),
            );
        }
        None => {
            return refuse(
                StatusCode::BAD_REQUEST,
                "no-host",
                "the request names no host (HTTP/1.1 requires a Host header)".into(),
            );
        }
    }
    let api = request.uri().path().starts_with("/api/");
    if api
        && let Some(origin) = text(&request, header::ORIGIN)
        && !state.hosts.accepts_origin(origin)
    {
        return refuse(
            StatusCode::FORBIDDEN,
            "cross-origin",
            format!("a page at `{origin}` may not use this server's API"),
        );
    }
    let changes = !matches!(
        *request.method(),
        Method::GET | Method::HEAD | Method::OPTIONS
    );
    if api && changes && !text(&request, header::CONTENT_TYPE).is_some_and(is_json) {
        return refuse(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "not-json",
            format!(
                "a `{}` request to the API must send a JSON body with `Content-Type: application/json` (`{{}}` when it has nothing to say)",
                request.method()
            ),
        );
    }
    let (parts, body) = request.into_parts();
    let read = tokio::time::timeout(
        state.body_timeout,
        Limited::new(body, MAX_BODY_BYTES).collect(),
    )
    .await;
    let bytes = match read {
        Ok(Ok(collected)) => collected.to_bytes(),
        Ok(Err(error)) if error.is::<http_body_util::LengthLimitError>() => {
            return refuse(
                StatusCode::PAYLOAD_TOO_LARGE,
                "too-large",
                format!("the request body is larger than {MAX_BODY_BYTES} bytes"),
            );
        }
        Ok(Err(error)) => {
            return refuse(
                StatusCode::BAD_REQUEST,
                "bad-request",
                format!("the request body cannot be read: {error}"),
            );
        }
        Err(_) => {
            return refuse(
                StatusCode::REQUEST_TIMEOUT,
                "slow-body",
                format!(
                    "the request body did not arrive within {} s",
                    state.body_timeout.as_secs_f64()
                ),
            );
        }
    };
    next.run(Request::from_parts(parts, Body::from(bytes)))
        .await
}

#[cfg(test)]
mod tests {
    use super::is_json;

    #[test]
    fn json_is_recognised_with_parameters_and_any_case() {
        assert!(is_json("application/json"));
        assert!(is_json("Application/JSON; charset=utf-8"));
        assert!(!is_json("text/plain"));
        assert!(!is_json("application/x-www-form-urlencoded"));
        assert!(!is_json("application/jsonx"));
        assert!(!is_json(""));
    }
}
