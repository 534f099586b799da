//! The HTTP API's JSON bodies (`grundy serve`): `POST /api/analyze`, `/api/move`,
//! `/api/computer` (script games too), `/api/stones`, `/api/explore`, through the real router
//! (body limit, routing, handlers) but without a socket. The first byte picks the endpoint, the
//! rest is the body.
//!
//! Invariant: every answer is a 2xx with a JSON body, or a 4xx whose body is JSON
//! `{"error": "<one line>"}`; never a 5xx (a panic in a handler aborts the run).
#![no_main]

use std::sync::LazyLock;
use std::time::Duration;

use axum::body::{Body, to_bytes};
use axum::http::{Request, header};
use grundy_web::{ServerLimits, router};
use libfuzzer_sys::fuzz_target;
use serde_json::Value;
use tower::ServiceExt;

const ENDPOINTS: [&str; 5] = [
    "/api/analyze",
    "/api/move",
    "/api/computer",
    "/api/stones",
    "/api/explore",
];

static RUNTIME: LazyLock<tokio::runtime::Runtime> = LazyLock::new(|| {
    tokio::runtime::Builder::new_current_thread()
        .enable_time()
        .build()
        .expect("a runtime")
});

/// The server's default limits, with a time budget long enough that a slow fuzzing build does not
/// turn ordinary requests into time-outs, and script games of at most 1000 states so that one
/// input stays fast.
fn limits() -> ServerLimits {
    ServerLimits {
        time_budget: Duration::from_secs(10),
        max_script_states: 1000,
        ..ServerLimits::default()
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((&pick, body)) = data.split_first() else {
        return;
    };
    let path = ENDPOINTS[usize::from(pick) % ENDPOINTS.len()];
    let request = Request::builder()
        .method("POST")
        .uri(path)
        .header(header::CONTENT_TYPE, "application/json")
        .body(Body::from(body.to_vec()))
        .expect("a request");
    let (status, answer) = RUNTIME.block_on(async {
        let response = router(limits())
            .oneshot(request)
            .await
            .expect("the router answers");
        let status = response.status();
        (
            status,
            to_bytes(response.into_body(), usize::MAX)
                .await
                .expect("a body"),
        )
    });
    let json: Value = serde_json::from_slice(&answer).unwrap_or_else(|e| {
        panic!(
            "{status} {path}: not JSON ({e}): {}",
            String::from_utf8_lossy(&answer)
        )
    });
    assert!(
        status.is_success() || status.is_client_error(),
        "{status} {path} for {}: {json}",
        String::from_utf8_lossy(body)
    );
    if status.is_client_error() {
        let error = json["error"]
            .as_str()
            .unwrap_or_else(|| panic!("{status} without an error: {json}"));
        assert!(!error.is_empty() && !error.contains('\n'), "{error:?}");
    }
});
