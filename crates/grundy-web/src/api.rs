//! The JSON API: analyse a position, check and apply a move, ask for the computer's move, the
//! Grundy values of a heap game.
//!
//! The position endpoints take one JSON object: `game` (a name of [`grundy::play::RULESETS`]),
//! `position` (a list of natural numbers), and optionally `misere`, `lang` (`"en"` or `"zh"`),
//! `explain`, `max_moves`, `move` (in the ruleset's notation) and the ruleset's parameters as
//! further fields. Errors are a 4xx status with `{"error": "<one line>"}`.
//!
//! A script game (`"game": "script"`) also takes `script`, the Rhai source of its rules, and its
//! position as `state`, a script expression (`"[2, 3]"`, `"#{cap: 2}"`), as `position` numbers,
//! or as neither (a random state of the script's `fn start()`); its answers add `state` (the
//! position, or the state after the move, written so that the next request can send it back;
//! `resume` is `{"state": ...}`), `options` (the states one move away, at most
//! [`Limits::max_moves`]) and `option_count` (see `api/script.rs`).
//!
//! Resources (see [`Limits`]): a body over `max_body` is refused with 413. Every computation
//! runs on a blocking thread with a [`Cancel`] token whose deadline is the time budget: the
//! engine and the value sequences look at it and stop, and the request is answered with 422
//! ("over the time budget"), a property of the request, not a failure of the server. Heavy
//! requests (values, the computer's move, the Stone Game, script games) also need one of
//! `max_heavy` slots; one that finds none free within `queue_wait` is answered with 429 and
//! `Retry-After: 1`. A 5xx therefore means a bug.

use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::Json;
use axum::body::Bytes;
use axum::extract::State;
use axum::extract::rejection::BytesRejection;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use grundy::engine::EngineError;
use grundy::games::stones::{ScoreOptions, ends};
use grundy::parse::Token;
use grundy::play::{self, MoveError, Playable, Search, Setup, SetupError, Visitor};
use grundy::values::{Sequence, TakeAndBreak};
use grundy::{AnalyzeOptions, Change, Explain, Lang};
use grundy::{Cancel, Cancelled};
use serde::Deserialize;
use serde_json::{Value, json};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

use crate::render::{self, ValuesReport};

mod script;

/// What one request may ask of the server.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
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

impl Default for Limits {
    /// 10 000 piles of at most 2^53 − 1 (the largest integer a browser's JavaScript holds
    /// exactly), 1000 listed moves, the default search budget, 2 s, 1 MiB, values up to
    /// G(100 000), as many heavy jobs at once as the machine has cores, waiting at most 1 s for
    /// one, script games of at most 100 000 states.
    fn default() -> Self {
        Limits {
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
    pub limits: Limits,
    heavy: Arc<Semaphore>,
}

impl Shared {
    /// The state of a server with these limits.
    pub fn new(limits: Limits) -> Shared {
        Shared {
            heavy: Arc::new(Semaphore::new(limits.max_heavy.max(1))),
            limits,
        }
    }
}

/// How much a request may cost.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Weight {
    /// Closed forms, linear in the position: no slot needed.
    Light,
    /// Searches and sequences: needs one of the `max_heavy` slots.
    Heavy,
}

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
    fn new(status: StatusCode, message: impl Into<String>) -> Self {
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

    fn over_time(limits: &Limits) -> Self {
        Self::unprocessable(format!(
            "over the time budget: the request needs more than {} ms; ask for less",
            limits.time_budget.as_millis()
        ))
    }

    fn bad_request(message: impl Into<String>) -> Self {
        Self::new(StatusCode::BAD_REQUEST, message)
    }

    fn unprocessable(message: impl Into<String>) -> Self {
        Self::new(StatusCode::UNPROCESSABLE_ENTITY, message)
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

/// The body, or a JSON error (413 past [`Limits::max_body`]).
fn body_of(body: Result<Bytes, BytesRejection>, limits: &Limits) -> Result<Bytes, ApiError> {
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

#[derive(Clone, Copy, Debug, Default, Deserialize)]
#[serde(rename_all = "lowercase")]
enum LangField {
    #[default]
    En,
    Zh,
}

impl From<LangField> for Lang {
    fn from(l: LangField) -> Lang {
        match l {
            LangField::En => Lang::En,
            LangField::Zh => Lang::Zh,
        }
    }
}

#[derive(Deserialize)]
struct Request {
    game: String,
    position: Option<Vec<Value>>,
    /// The rules of a script game (Rhai source).
    script: Option<String>,
    /// A script game's position, as a script expression.
    state: Option<String>,
    #[serde(default)]
    misere: bool,
    #[serde(default)]
    explain: bool,
    #[serde(default)]
    lang: LangField,
    #[serde(default, deserialize_with = "optional_count")]
    max_moves: Option<usize>,
    #[serde(rename = "move")]
    text_move: Option<String>,
    /// Every other field is a parameter of the ruleset.
    #[serde(flatten)]
    params: BTreeMap<String, Value>,
}

/// What a request asks for.
#[derive(Clone, Copy, Debug)]
pub enum Action {
    /// The analysis, as `--json` prints it.
    Analyze,
    /// Check the `move` and give the position after it.
    Move,
    /// The computer's move.
    Computer,
}

/// A checked request, ready to run on the ruleset it names.
struct Job {
    action: Action,
    numbers: Vec<u64>,
    options: AnalyzeOptions,
    lang: Lang,
    text_move: Option<String>,
    search_budget: u64,
    /// Stops the computer's search at the time budget.
    cancel: Cancel,
    /// The rules and state of a script game.
    script: Option<script::Source>,
}

/// A whole-number field of a request. serde_json reads a number above 2^64 - 1 as a float: it is
/// refused as too large, not as a fraction.
fn whole_number<'de, D: serde::Deserializer<'de>>(deserializer: D) -> Result<u64, D::Error> {
    use serde::de::Error;
    let n = serde_json::Number::deserialize(deserializer)?;
    match (n.as_u64(), n.as_f64()) {
        (Some(v), _) => Ok(v),
        (None, Some(f)) if f < 0.0 => Err(D::Error::custom(format!(
            "{n} is negative; counts are 0 or more"
        ))),
        (None, Some(f)) if f.fract() == 0.0 => Err(D::Error::custom(
            "a number is too large: above 18446744073709551615 (2^64 - 1)",
        )),
        _ => Err(D::Error::custom(format!("{n} is not a whole number"))),
    }
}

/// An optional count ([`whole_number`]), as large as the machine holds.
fn optional_count<'de, D: serde::Deserializer<'de>>(
    deserializer: D,
) -> Result<Option<usize>, D::Error> {
    let n = whole_number(deserializer)?;
    Ok(Some(usize::try_from(n).unwrap_or(usize::MAX)))
}

/// A position's numbers (the request's field `field`), each checked against the limits;
/// errors name the index.
fn numbers(position: &[Value], field: &str, limits: &Limits) -> Result<Vec<u64>, ApiError> {
    if position.len() > limits.max_components {
        return Err(ApiError::unprocessable(format!(
            "'{field}' has {} components; this server takes at most {}",
            position.len(),
            limits.max_components
        )));
    }
    position
        .iter()
        .enumerate()
        .map(|(i, v)| {
            let too_large = || {
                ApiError::unprocessable(format!(
                    "{field}[{i}] is too large: above this server's limit {}",
                    limits.max_value
                ))
            };
            let problem = match v {
                Value::Number(n) => match n.as_u64() {
                    Some(x) if x <= limits.max_value => return Ok(x),
                    Some(_) => return Err(too_large()),
                    None if n.as_f64().is_some_and(|f| f < 0.0) => {
                        "is negative; counts are 0 or more"
                    }
                    // serde_json reads a whole number above 2^64 - 1 as a float.
                    None if n.as_f64().is_some_and(|f| f.fract() == 0.0 && f > 0.0) => {
                        return Err(too_large());
                    }
                    None => "is not a whole number",
                },
                _ => "is not a number",
            };
            Err(ApiError::unprocessable(format!(
                "{field}[{i}]: {} {problem}",
                Token::new(&v.to_string())
            )))
        })
        .collect()
}

/// A parameter's JSON value as the text [`Setup::params`] holds: strings as they are, lists
/// joined by commas, anything else as JSON.
fn param_text(value: &Value) -> String {
    match value {
        Value::String(s) => s.clone(),
        Value::Array(items) => items.iter().map(param_text).collect::<Vec<_>>().join(","),
        other => other.to_string(),
    }
}

impl Job {
    fn parse(body: &[u8], action: Action, limits: &Limits) -> Result<(Setup, Job), ApiError> {
        let mut request: Request = serde_json::from_slice(body)
            .map_err(|e| ApiError::bad_request(format!("bad JSON request: {e}")))?;
        let script = script::Source::take(&mut request)?;
        let numbers = match &request.position {
            Some(position) => numbers(position, "position", limits)?,
            None if script
                .as_ref()
                .is_some_and(|s| !matches!(s.state, script::StateSource::Numbers)) =>
            {
                Vec::new()
            }
            None => return Err(ApiError::bad_request("the request has no 'position'")),
        };
        if let Some(name) = request.params.iter().find_map(|(name, v)| {
            // serde_json reads a whole number above 2^64 - 1 as a float.
            let n = v.as_number()?;
            let f = n.as_f64()?;
            (n.as_u64().is_none() && n.as_i64().is_none() && f.fract() == 0.0 && f > 0.0)
                .then_some(name)
        }) {
            return Err(ApiError::unprocessable(format!(
                "parameter {} is too large: above 18446744073709551615 (2^64 - 1)",
                Token::new(name)
            )));
        }
        let setup = Setup {
            game: request.game,
            misere: request.misere,
            params: request
                .params
                .iter()
                .map(|(k, v)| (k.clone(), param_text(v)))
                .collect(),
        };
        let job = Job {
            action,
            numbers,
            options: AnalyzeOptions {
                max_moves: request
                    .max_moves
                    .unwrap_or(AnalyzeOptions::DEFAULT_MAX_MOVES)
                    .min(limits.max_moves),
                explain: request.explain,
            },
            lang: request.lang.into(),
            text_move: request.text_move,
            search_budget: limits.search_budget,
            cancel: Cancel::new(),
            script,
        };
        Ok((setup, job))
    }

    /// The answer for `position` of `game`, and the position it leaves: the one after the move,
    /// or `position` itself for an analysis.
    fn answer<G: Playable>(
        self,
        game: &G,
        position: G::Position,
    ) -> Result<(Value, G::Position), ApiError> {
        let lang = self.lang;
        match self.action {
            Action::Analyze => {
                let analysis = game.analyze(&position, &self.options)?;
                Ok((render::playable(game, &position, &analysis, lang), position))
            }
            Action::Move => {
                let text = self
                    .text_move
                    .ok_or_else(|| ApiError::bad_request("the request has no 'move'"))?;
                let change = game
                    .parse_move(&position, &text)
                    .map_err(|e| ApiError::unprocessable(e.text(lang)))?;
                let after = game.apply(&position, &change);
                Ok((moved(game, &after, &change, lang), after))
            }
            Action::Computer => {
                let mut search = Search::new(self.search_budget);
                // Past the time budget the search stops and the closed form chooses the move.
                search.set_cancel(&self.cancel);
                let reply = game
                    .computer_move(&position, &mut search)
                    .ok_or_else(|| ApiError::unprocessable(MoveError::GameOver.text(lang)))?;
                let after = game.apply(&position, &reply.change);
                let mut v = moved(game, &after, &reply.change, lang);
                v["remoteness"] = json!(reply.remoteness);
                v["winning"] = json!(reply.winning);
                Ok((v, after))
            }
        }
    }
}

impl Visitor for Job {
    type Output = Result<Value, ApiError>;

    fn visit<G: Playable>(mut self, game: G) -> Result<Value, ApiError> {
        let position = game.position(std::mem::take(&mut self.numbers))?;
        Ok(self.answer(&game, position)?.0)
    }
}

/// The answer to a move: the position after it (as the ruleset writes it, for people, and as
/// the `position` and parameters of the next request), the move three ways, and whether the
/// game is over.
fn moved<G: Playable>(game: &G, after: &G::Position, change: &Change, lang: Lang) -> Value {
    json!({
        "game": game.name(),
        "play": game.convention(),
        "position": after,
        "shown": game.show(after, lang),
        "resume": game.resume(after),
        "change": change,
        "move": game.write_move(change),
        "description": change.describe(lang),
        "over": game.is_over(after),
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

/// A slot for a heavy request, waiting at most [`Limits::queue_wait`] for one.
async fn slot(shared: &Shared) -> Result<OwnedSemaphorePermit, ApiError> {
    let waited = tokio::time::timeout(
        shared.limits.queue_wait,
        Arc::clone(&shared.heavy).acquire_owned(),
    )
    .await;
    match waited {
        Ok(Ok(permit)) => Ok(permit),
        _ => Err(ApiError {
            retry_after: Some(1),
            ..ApiError::new(
                StatusCode::TOO_MANY_REQUESTS,
                format!(
                    "the server is busy: all {} slots for heavy requests are taken; retry in a second",
                    shared.limits.max_heavy
                ),
            )
        }),
    }
}

/// Runs `work` on a blocking thread (heavy work first takes a [`slot`], held until the work
/// returns) with a token whose deadline is the time budget, which `work` must pass to the
/// library so that it stops there.
async fn within_budget<T: Send + 'static>(
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
        Ok(Err(_panic)) => Err(ApiError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            "internal error: the computation failed",
        )),
        Err(_elapsed) => Err(ApiError::over_time(limits)),
    };
    drop(guard);
    answer
}

/// Runs one request: parse, check, compute on a blocking thread within the time budget.
pub async fn handle(
    shared: Arc<Shared>,
    body: Result<Bytes, BytesRejection>,
    action: Action,
) -> Result<Json<Value>, ApiError> {
    let limits = &shared.limits;
    let body = body_of(body, limits)?;
    let (setup, mut job) = Job::parse(&body, action, limits)?;
    // A script game lists every state reachable from the position by running the user's
    // script, which may take the whole time budget whatever the action: heavy.
    let weight = match action {
        _ if job.script.is_some() => Weight::Heavy,
        Action::Analyze | Action::Move => Weight::Light,
        Action::Computer => Weight::Heavy,
    };
    let limits = *limits;
    let answer = within_budget(&shared, weight, move |cancel| {
        job.cancel = cancel;
        match job.script.take() {
            Some(source) => script::answer(&setup, source, job, &limits),
            None => play::with_ruleset(&setup, job)?,
        }
    })
    .await;
    let mut answer = answer??;
    render::exact_in_javascript(&mut answer);
    Ok(Json(answer))
}

/// `POST /api/analyze`.
pub async fn analyze(
    State(shared): State<Arc<Shared>>,
    body: Result<Bytes, BytesRejection>,
) -> Result<Json<Value>, ApiError> {
    handle(shared, body, Action::Analyze).await
}

/// `POST /api/move`.
pub async fn apply_move(
    State(shared): State<Arc<Shared>>,
    body: Result<Bytes, BytesRejection>,
) -> Result<Json<Value>, ApiError> {
    handle(shared, body, Action::Move).await
}

/// `POST /api/computer`.
pub async fn computer(
    State(shared): State<Arc<Shared>>,
    body: Result<Bytes, BytesRejection>,
) -> Result<Json<Value>, ApiError> {
    handle(shared, body, Action::Computer).await
}

/// A request for the two-ends Stone Game (LeetCode 877).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct StonesRequest {
    piles: Vec<Value>,
    #[serde(default)]
    explain: bool,
    #[serde(default)]
    lang: LangField,
    #[serde(default, deserialize_with = "optional_count")]
    max_moves: Option<usize>,
    /// The play-outs (optimal, against a greedy opponent, the parity strategy's).
    #[serde(default = "yes")]
    playout: bool,
}

fn yes() -> bool {
    true
}

/// `POST /api/stones`: `{"piles": [...]}` (and optionally `explain`, `lang`, `max_moves`,
/// `playout`) answered with the JSON of `grundy stones ends --json`: the winner and margin by
/// the interval DP, the best first moves, the parity strategy with its play-out against a
/// greedy opponent, the play-outs, and the explanation (with the whole DP table up to 8 piles).
pub async fn stones(
    State(shared): State<Arc<Shared>>,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    let limits = &shared.limits;
    let body = body_of(body, limits)?;
    let request: StonesRequest = serde_json::from_slice(&body)
        .map_err(|e| ApiError::bad_request(format!("bad JSON request: {e}")))?;
    let piles = numbers(&request.piles, "piles", limits)?;
    let lang = Lang::from(request.lang);
    let max_moves = request
        .max_moves
        .unwrap_or(AnalyzeOptions::DEFAULT_MAX_MOVES)
        .min(limits.max_moves);
    let options = ScoreOptions {
        explain: request.explain,
        playout: request.playout,
    };
    // The interval DP cannot be cancelled; its slot bounds how many run at once.
    let body = within_budget(&shared, Weight::Heavy, move |_cancel| {
        let analysis = ends::analyze(&piles, &options);
        let json = render::ends(&piles, &analysis).json(lang, max_moves);
        match serde_json::to_value(&json) {
            Ok(mut value) => {
                render::exact_in_javascript(&mut value);
                serde_json::to_vec(&value)
            }
            // A total past 2^64 - 1, which a `Value` cannot hold: the streaming serializer
            // writes it as an exact integer.
            Err(_) => serde_json::to_vec(&json),
        }
    })
    .await?
    .map_err(|e| ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))?;
    Ok(([(header::CONTENT_TYPE, "application/json")], body).into_response())
}

/// A request for the Grundy values of a heap game.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ValuesRequest {
    /// An octal or take-and-break code, `grundy`, or a subtraction set.
    game: String,
    /// The values G(0..=upto).
    #[serde(default = "default_upto", deserialize_with = "whole_number")]
    upto: u64,
}

fn default_upto() -> u64 {
    100
}

/// `POST /api/values`: `{"game": "0.77", "upto": 500}` (`upto` defaults to 100, at most
/// [`Limits::max_upto`]) answered with the JSON of `grundy values GAME --upto N --json`: the
/// values, the period (proved or not) and the statistics.
pub async fn values(
    State(shared): State<Arc<Shared>>,
    body: Result<Bytes, BytesRejection>,
) -> Result<Json<Value>, ApiError> {
    let limits = &shared.limits;
    let body = body_of(body, limits)?;
    let request: ValuesRequest = serde_json::from_slice(&body)
        .map_err(|e| ApiError::bad_request(format!("bad JSON request: {e}")))?;
    if request.upto > limits.max_upto {
        return Err(ApiError::unprocessable(format!(
            "upto {} is over this server's limit {} (grundy values has no such limit)",
            request.upto, limits.max_upto
        )));
    }
    let rules: TakeAndBreak = request
        .game
        .parse()
        .map_err(|e| ApiError::bad_request(format!("bad game: {e}")))?;
    let len = request
        .upto
        .checked_add(1)
        .and_then(|len| usize::try_from(len).ok())
        .ok_or_else(|| ApiError::unprocessable("upto is too large for this machine"))?;
    let game = request.game;
    let answer = within_budget(&shared, Weight::Heavy, move |cancel| {
        let start = Instant::now();
        let mut sequence = Sequence::new(rules);
        sequence.extend_to_within(len, &cancel)?;
        let report = ValuesReport {
            game: &game,
            sequence: &sequence,
            len,
            period: sequence.period_in(len),
            seconds: start.elapsed().as_secs_f64(),
            limit_reached: None,
        };
        let mut json = report.json();
        render::exact_in_javascript(&mut json);
        Ok::<_, Cancelled>(json)
    })
    .await?;
    answer.map(Json).map_err(|_| ApiError::over_time(limits))
}

/// Reads a ruleset's notation.
struct NotationOf;

impl Visitor for NotationOf {
    type Output = Value;
    fn visit<G: Playable>(self, game: G) -> Value {
        json!({
            "game": game.name(),
            "title": { "en": game.title(Lang::En), "zh": game.title(Lang::Zh) },
            "notation": game.notation(),
            "params": game.parameters(),
        })
    }
}

/// `GET /api/games`: the playable rulesets with their notation, and the server's limits.
pub async fn games(State(shared): State<Arc<Shared>>) -> Json<Value> {
    let limits = &shared.limits;
    let games: Vec<Value> = play::RULESETS
        .iter()
        .filter_map(|&name| {
            let setup = Setup {
                game: name.to_string(),
                ..Setup::default()
            };
            play::with_ruleset(&setup, NotationOf).ok()
        })
        .chain(script::listing())
        .collect();
    Json(json!({
        "games": games,
        "limits": {
            "max_components": limits.max_components,
            "max_value": limits.max_value,
            "max_moves": limits.max_moves,
            "max_upto": limits.max_upto,
            "max_body": limits.max_body,
            "time_budget_ms": limits.time_budget.as_millis() as u64,
            "max_script_states": limits.max_script_states,
        },
    }))
}
