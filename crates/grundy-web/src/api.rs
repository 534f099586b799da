//! The JSON API: analyse a position, check and apply a move, ask for the computer's move, the
//! Grundy values of a heap game, and a ruleset's family of positions explored.
//!
//! The position endpoints take one JSON object: `game` (a name of [`grundy::registry::RULESETS`]),
//! `position` (a list of natural numbers), and optionally `misere`, `every` (Every-SG play, for
//! the rulesets `GET /api/games` lists with `"every": true`), `lang` (`"en"` or `"zh"`),
//! `explain`, `max_moves`, `notation` (each winning move also in the ruleset's notation), `move`
//! (in the ruleset's notation) and the ruleset's parameters (see `api/request.rs`). Errors are a
//! 4xx status with `{"error": "<one line>"}`.
//!
//! A script game (`"game": "script"`) also takes `script`, the Rhai source of its rules, and its
//! position as `state`, a script expression (`"[2, 3]"`, `"#{cap: 2}"`), as `position` numbers,
//! or as neither (a random state of the script's `fn start()`); its answers add `state` (the
//! position, or the state after the move, written so that the next request can send it back;
//! `resume` is `{"state": ...}`), `options` (the states one move away, at most
//! [`ServerLimits::max_moves`]) and `option_count` (see `api/script.rs`).
//!
//! Resources: see `api/budget.rs` and [`ServerLimits`].

use std::sync::Arc;
use std::time::Instant;

use axum::Json;
use axum::body::Bytes;
use axum::extract::State;
use axum::extract::rejection::BytesRejection;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use grundy::games::stones::{ScoreOptions, ends};
use grundy::json::{self, ValuesReport};
use grundy::play::{Search, computer_move};
use grundy::registry::{self, Visitor};
use grundy::ruleset::{MoveError, Playable, Setup};
use grundy::values::{Sequence, TakeAndBreak};
use grundy::{AnalyzeOptions, Explain, Lang};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

mod budget;
mod error;
mod request;
mod script;

pub use budget::{ServerLimits, Shared};
use budget::{Weight, body_of, within_budget};
pub use error::ApiError;
pub use request::Action;
use request::{ExploreRequest, Exploring, Job, LangField, numbers, optional_count, whole_number};

/// `value` as a JSON tree, for answers of bounded size.
fn tree(value: impl Serialize) -> Result<Value, ApiError> {
    serde_json::to_value(value).map_err(ApiError::internal)
}

impl Job {
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
                Ok((
                    tree(json::playable(
                        game,
                        &position,
                        &analysis,
                        lang,
                        self.notation,
                    ))?,
                    position,
                ))
            }
            Action::Move => {
                let text = self
                    .text_move
                    .ok_or_else(|| ApiError::bad_request("the request has no 'move'"))?;
                let change = game
                    .parse_move(&position, &text)
                    .map_err(|e| ApiError::unprocessable(e.text(lang)))?;
                let after = game.apply(&position, &change);
                Ok((tree(json::moved(game, &after, &change, lang))?, after))
            }
            Action::Computer => {
                let mut search = Search::new(self.search_budget);
                // Past the time budget the search stops and the closed form chooses the move.
                search.set_cancel(&self.cancel);
                let reply = computer_move(game, &position, &mut search)
                    .ok_or_else(|| ApiError::unprocessable(MoveError::GameOver.text(lang)))?;
                let after = game.apply(&position, &reply.change);
                let mut v = tree(json::moved(game, &after, &reply.change, lang))?;
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
            None => registry::with_ruleset(&setup, job)?,
        }
    })
    .await;
    let mut answer = answer??;
    json::exact_in_javascript(&mut answer);
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
        let answer = json::ends(&piles, &analysis).json(lang, max_moves);
        match serde_json::to_value(&answer) {
            Ok(mut value) => {
                json::exact_in_javascript(&mut value);
                serde_json::to_vec(&value)
            }
            // A total past 2^64 - 1, which a `Value` cannot hold: the streaming serializer
            // writes it as an exact integer.
            Err(_) => serde_json::to_vec(&answer),
        }
    })
    .await?
    .map_err(ApiError::internal)?;
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
/// [`ServerLimits::max_upto`]) answered with the JSON of `grundy values GAME --upto N --json`: the
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
    let limits = *limits;
    let answer = within_budget(&shared, Weight::Heavy, move |cancel| {
        let start = Instant::now();
        let mut sequence = Sequence::new(rules);
        sequence
            .extend_to_within(len, &cancel)
            .map_err(|_stopped| ApiError::over_time(limits.time_budget))?;
        let mut answer = tree(ValuesReport {
            game: &game,
            sequence: &sequence,
            len,
            period: sequence.period_in(len),
            seconds: start.elapsed().as_secs_f64(),
            limit_reached: None,
        })?;
        json::exact_in_javascript(&mut answer);
        Ok(answer)
    })
    .await?;
    answer.map(Json)
}

/// `POST /api/explore`: `{"game": "lasker", "fixed": [3], "to": 60}` (`fixed`: the position's
/// numbers before n, none by default; `from` and `to`, 0 and 100 by default, `to` at most
/// [`ServerLimits::max_upto`] + 1; `lang`; the ruleset's parameters as for `/api/analyze`)
/// answered with the JSON of `grundy explore RULESET FIXED… --json`: the values G(n), the
/// P-positions, the period and the theorem that proves it.
pub async fn explore(
    State(shared): State<Arc<Shared>>,
    body: Result<Bytes, BytesRejection>,
) -> Result<Json<Value>, ApiError> {
    let limits = &shared.limits;
    let body = body_of(body, limits)?;
    let request: ExploreRequest = serde_json::from_slice(&body)
        .map_err(|e| ApiError::bad_request(format!("bad JSON request: {e}")))?;
    let Exploring {
        setup,
        fixed,
        from,
        to,
        lang,
    } = request.read(limits)?;
    let answer = within_budget(&shared, Weight::Heavy, move |_cancel| {
        let (exploration, [en, zh]) = grundy::registry::explore(&setup, &fixed, to)?;
        let mut answer = tree(json::ExploreReport {
            family: lang.pick(&en, &zh),
            exploration: &exploration,
            from,
            to,
            check: None,
        })?;
        json::exact_in_javascript(&mut answer);
        Ok(answer)
    })
    .await?;
    answer.map(Json)
}

/// A ruleset's entry of `GET /api/games`.
struct Listing;

impl Visitor for Listing {
    type Output = Value;
    fn visit<G: Playable>(self, game: G) -> Value {
        serde_json::to_value(json::RulesetJson::of(&game))
            .expect("a listing is strings, lists and booleans")
    }
}

/// `GET /api/games`: the playable rulesets (their notation, parameters, conventions and board;
/// [`json::RulesetJson`]), and the server's limits.
pub async fn games(State(shared): State<Arc<Shared>>) -> Json<Value> {
    let limits = &shared.limits;
    let games: Vec<Value> = registry::RULESETS
        .iter()
        .filter_map(|&name| {
            let setup = Setup {
                game: name.to_string(),
                ..Setup::default()
            };
            registry::with_ruleset(&setup, Listing).ok()
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
