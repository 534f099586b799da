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
use include_dir::{Dir, File, include_dir};

pub use api::{ServerLimits, Shared};

/// The page's files, the folder `assets/` as it is, each served at its path in it (`/app.js`,
/// `/js/NAME`, `/js/boards/NAME`, `/style.css`, `/favicon.svg`), `index.html` at `/`. `app.js` is
/// the module the page loads; it imports the others, and the Play tab loads each board from
/// `js/boards/` by its name. A file added to the folder is served without a change here
/// (`build.rs` has cargo rebuild the crate when the folder changes).
static ASSETS: Dir<'static> = include_dir!("$CARGO_MANIFEST_DIR/assets");

/// Every file of `dir` and of the folders in it.
fn asset_files(dir: &'static Dir<'static>) -> Vec<&'static File<'static>> {
    let mut files: Vec<_> = dir.files().collect();
    for sub in dir.dirs() {
        files.extend(asset_files(sub));
    }
    files
}

/// The address of a file of the page: its path in `assets/`, the page itself at `/`.
fn asset_path(file: &File<'_>) -> String {
    let path = file.path().to_string_lossy();
    if path == "index.html" {
        "/".to_string()
    } else {
        format!("/{path}")
    }
}

/// The content type of a file of the page, by its extension; the scripts are ES modules loaded
/// by the browser as they are. Another kind of file is served as bytes (a test of this module
/// checks that the page has none).
fn content_type(file: &File<'_>) -> &'static str {
    match file.path().extension().and_then(|e| e.to_str()) {
        Some("html") => "text/html; charset=utf-8",
        Some("js") => "text/javascript; charset=utf-8",
        Some("css") => "text/css; charset=utf-8",
        Some("svg") => "image/svg+xml",
        _ => "application/octet-stream",
    }
}

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
    for file in asset_files(&ASSETS) {
        let (content_type, body) = (content_type(file), file.contents());
        router = router.route(
            &asset_path(file),
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_file_of_the_page_has_its_content_type_and_its_own_address() {
        let files = asset_files(&ASSETS);
        let paths: std::collections::BTreeSet<_> = files.iter().map(|f| asset_path(f)).collect();
        assert_eq!(paths.len(), files.len(), "{paths:?}");
        for path in [
            "/",
            "/app.js",
            "/js/play.js",
            "/js/boards/piles.js",
            "/style.css",
        ] {
            assert!(paths.contains(path), "{path} is served");
        }
        for file in files {
            assert_ne!(
                content_type(file),
                "application/octet-stream",
                "{}: a kind of file the page did not have",
                file.path().display()
            );
        }
    }
}
