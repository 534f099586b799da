//! The grundy playground: a JSON API over the library and a page that animates the proofs.
//!
//! [`router`] serves `POST /api/analyze` (the same JSON as `grundy ... --json`, built by
//! [`grundy::json`]), `POST /api/move`, `POST /api/computer`, `POST /api/stones` (the two-ends Stone
//! Game, as `grundy stones ends --json`), `POST /api/values` (a heap game's Grundy values, as
//! `grundy values --json`), `GET /api/games`, and the page itself, whose files are compiled
//! into the binary. Limits and status codes: see [`api`]. [`serve`] runs it on a listener; `grundy serve`
//! binds one to 127.0.0.1 unless told otherwise.
#![deny(missing_docs)]

pub mod api;

use std::future::Future;
use std::sync::Arc;

use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::http::header;
use axum::response::IntoResponse;
use axum::routing::{get, post};

pub use api::{ServerLimits, Shared};

/// The content type of the page's scripts, ES modules loaded by the browser as they are.
const JAVASCRIPT: &str = "text/javascript; charset=utf-8";

/// One of the page's modules in `assets/js/`, served at `/js/NAME`.
macro_rules! module {
    ($name:literal) => {
        (
            concat!("/js/", $name),
            JAVASCRIPT,
            include_str!(concat!("../assets/js/", $name)),
        )
    };
}

/// The page's files: path, content type, content. `app.js` is the module the page loads; it
/// imports the others.
const ASSETS: &[(&str, &str, &str)] = &[
    (
        "/",
        "text/html; charset=utf-8",
        include_str!("../assets/index.html"),
    ),
    ("/app.js", JAVASCRIPT, include_str!("../assets/app.js")),
    module!("api.js"),
    module!("boards.js"),
    module!("catalog.js"),
    module!("dom.js"),
    module!("hackenbush.js"),
    module!("i18n.js"),
    module!("match.js"),
    module!("nim.js"),
    module!("pieces.js"),
    module!("play.js"),
    module!("script.js"),
    module!("staircase.js"),
    module!("stepper.js"),
    module!("stones.js"),
    module!("tabs.js"),
    module!("values.js"),
    (
        "/style.css",
        "text/css; charset=utf-8",
        include_str!("../assets/style.css"),
    ),
    (
        "/favicon.svg",
        "image/svg+xml",
        include_str!("../assets/favicon.svg"),
    ),
];

/// The whole site: API and page.
pub fn router(limits: ServerLimits) -> Router {
    let mut router = Router::new()
        .route("/api/analyze", post(api::analyze).fallback(only_post))
        .route("/api/move", post(api::apply_move).fallback(only_post))
        .route("/api/computer", post(api::computer).fallback(only_post))
        .route("/api/stones", post(api::stones).fallback(only_post))
        .route("/api/values", post(api::values).fallback(only_post))
        .route("/api/explore", post(api::explore).fallback(only_post))
        .route("/api/games", get(api::games).fallback(only_get));
    for &(path, content_type, body) in ASSETS {
        router = router.route(
            path,
            get(move || async move { ([(header::CONTENT_TYPE, content_type)], body) })
                .fallback(only_get),
        );
    }
    router
        .fallback(not_found)
        .layer(DefaultBodyLimit::max(limits.max_body))
        .with_state(Arc::new(Shared::new(limits)))
}

async fn not_found() -> impl IntoResponse {
    api::ApiError::not_found()
}

async fn only_post() -> impl IntoResponse {
    api::ApiError::method_not_allowed("POST")
}

async fn only_get() -> impl IntoResponse {
    api::ApiError::method_not_allowed("GET")
}

/// Serves [`router`] on `listener` until `shutdown` completes; then stops accepting
/// connections and returns once the requests in flight have been answered.
///
/// # Errors
/// An I/O error of the listener.
pub async fn serve(
    listener: tokio::net::TcpListener,
    limits: ServerLimits,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    axum::serve(listener, router(limits))
        .with_graceful_shutdown(shutdown)
        .await
}
