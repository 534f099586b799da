//! What a request may cost, and how the server holds it to that.
//!
//! A body over [`ServerLimits::max_body`] is refused with 413 ([`body_of`]). Every computation runs on
//! a blocking thread with a [`Cancel`] token whose deadline is the time budget
//! ([`within_budget`]): the engine and the value sequences look at it and stop, and the request
//! is answered with 422 ("over the time budget"), a property of the request, not a failure of
//! the server. Heavy requests (values, the computer's move, the Stone Game, script games) also
//! need one of `max_heavy` slots; one that finds none free within `queue_wait` is answered with
//! 429 and `Retry-After: 1`. A 5xx therefore means a bug.

use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::http::StatusCode;
use grundy::Cancel;
use grundy::play::Search;
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

use super::ApiError;

/// What one request may ask of the server.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ServerLimits {
    /// Most components (piles) in a position.
    pub max_components: usize,
    /// Largest number in a position.
    pub max_value: u64,
    /// Most winning moves listed in an analysis.
    pub max_moves: usize,
    /// The engine work the computer may spend on one move (see [`Search`]); above it the
    /// computer plays by the closed form.
    pub search_budget: u64,
    /// Wall-clock time one request may take before it is answered with an error.
    pub time_budget: Duration,
    /// Largest request body in bytes.
    pub max_body: usize,
    /// Largest `upto` of `POST /api/values`: G(0..=max_upto).
    pub max_upto: u64,
    /// Most heavy requests (values, the computer's move, the Stone Game, script games) computing
    /// at once.
    pub max_heavy: usize,
    /// How long a heavy request waits for a slot before it is answered with 429.
    pub queue_wait: Duration,
    /// Most states a script game may reach from the position of a request.
    pub max_script_states: usize,
}

impl Default for ServerLimits {
    /// 10 000 piles of at most 2^53 − 1 (the largest integer a browser's JavaScript holds
    /// exactly), 1000 listed moves, the default search budget, 2 s, 1 MiB, values up to
    /// G(100 000), as many heavy jobs at once as the machine has cores, waiting at most 1 s for
    /// one, script games of at most 100 000 states.
    fn default() -> Self {
        ServerLimits {
            max_components: 10_000,
            max_value: (1 << 53) - 1,
            max_moves: 1000,
            search_budget: Search::<Vec<u64>>::DEFAULT_BUDGET,
            time_budget: Duration::from_secs(2),
            max_body: 1 << 20,
            max_upto: 100_000,
            max_heavy: std::thread::available_parallelism().map_or(2, |n| n.get()),
            queue_wait: Duration::from_secs(1),
            max_script_states: 100_000,
        }
    }
}

/// What the handlers share: the limits and the slots for heavy requests.
pub struct Shared {
    /// The limits.
    pub limits: ServerLimits,
    heavy: Arc<Semaphore>,
}

impl Shared {
    /// The state of a server with these limits.
    pub fn new(limits: ServerLimits) -> Shared {
        Shared {
            heavy: Arc::new(Semaphore::new(limits.max_heavy.max(1))),
            limits,
        }
    }
}

/// How much a request may cost.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Weight {
    /// Closed forms, linear in the position: no slot needed.
    Light,
    /// Searches and sequences: needs one of the `max_heavy` slots.
    Heavy,
}

/// The body, or a JSON error (413 past [`ServerLimits::max_body`]).
pub(super) fn body_of(
    body: Result<Bytes, BytesRejection>,
    limits: &ServerLimits,
) -> Result<Bytes, ApiError> {
    body.map_err(|r| match r.status() {
        StatusCode::PAYLOAD_TOO_LARGE => ApiError::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            format!(
                "the request body is over this server's limit of {} bytes",
                limits.max_body
            ),
        ),
        status => ApiError::new(status, r.body_text()),
    })
}

/// Cancels its token when dropped: when the client goes away, axum drops the request's future
/// and the computation stops at its next look.
struct CancelOnDrop(Cancel);

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        self.0.cancel();
    }
}

/// A slot for a heavy request, waiting at most [`ServerLimits::queue_wait`] for one.
async fn slot(shared: &Shared) -> Result<OwnedSemaphorePermit, ApiError> {
    let waited = tokio::time::timeout(
        shared.limits.queue_wait,
        Arc::clone(&shared.heavy).acquire_owned(),
    )
    .await;
    match waited {
        Ok(Ok(permit)) => Ok(permit),
        _ => Err(ApiError::busy(format!(
            "the server is busy: all {} slots for heavy requests are taken; retry in a second",
            shared.limits.max_heavy
        ))),
    }
}

/// Runs `work` on a blocking thread (heavy work first takes a [`slot`], held until the work
/// returns) with a token whose deadline is the time budget, which `work` must pass to the
/// library so that it stops there.
pub(super) async fn within_budget<T: Send + 'static>(
    shared: &Shared,
    weight: Weight,
    work: impl FnOnce(Cancel) -> T + Send + 'static,
) -> Result<T, ApiError> {
    let limits = &shared.limits;
    let permit = match weight {
        Weight::Heavy => Some(slot(shared).await?),
        Weight::Light => None,
    };
    let cancel = Cancel::new().with_deadline(Instant::now() + limits.time_budget);
    let guard = CancelOnDrop(cancel.clone());
    let task = tokio::task::spawn_blocking(move || {
        let _permit = permit;
        work(cancel)
    });
    // The work stops itself at the deadline; this timeout only answers for work that cannot
    // look at the token (its slot stays taken until it ends, so heavy work stays bounded).
    let answer = match tokio::time::timeout(2 * limits.time_budget, task).await {
        Ok(Ok(result)) => Ok(result),
        Ok(Err(_panic)) => Err(ApiError::internal("the computation failed")),
        Err(_elapsed) => Err(ApiError::over_time(limits.time_budget)),
    };
    drop(guard);
    answer
}
