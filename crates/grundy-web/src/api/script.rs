//! Script games over the API: `"game": "script"` with `script`, the Rhai source of the rules, and
//! the position as `state` (a script expression) or `position` (numbers).
//!
//! Without `state` and `position`, the position is a random one of the states of the script's
//! `fn start()`.
//!
//! Every request compiles the script and lists the states reachable from its position
//! ([`ScriptPlay::new`]) on a thread of its own with the stack scripts need
//! ([`grundy_script::STACK_SIZE`]), under the server's limits: the script's clock stops at the
//! request's deadline (the time budget), its operations at [`MAX_STEPS`], the listing at
//! [`ServerLimits::max_script_states`]. Each script error is a 4xx with its line and column. What the
//! script prints is dropped.

use std::time::{Duration, Instant};

use grundy::Lang;
use grundy::registry::Visitor;
use grundy::ruleset::{Presentation, Ruleset, Setup};
use grundy_script::play::{ScriptPlay, state_of_numbers};
use grundy_script::{Script, ScriptError, Start, State};
use rand::Rng;
use rand::seq::IndexedRandom;
use serde_json::{Value, json};

use super::request::{Job, Source, StateSource};
use super::{ApiError, Listing, ServerLimits};

/// Script operations one request may run: with the time budget, bounds the states and options
/// a script can produce (and so the memory a request can take).
pub const MAX_STEPS: u64 = 20_000_000;

/// The examples the page offers: name, rules, a start state.
const EXAMPLES: &[(&str, &str, &str)] = &[
    (
        "take-1-2-4",
        include_str!("../../../../examples/scripts/take-1-2-4.rhai"),
        "10",
    ),
    (
        "divisor",
        include_str!("../../../../examples/scripts/divisor.rhai"),
        "12",
    ),
    (
        "queen",
        include_str!("../../../../examples/scripts/queen.rhai"),
        "[3, 5]",
    ),
    (
        "lasker-nim",
        include_str!("../../../../examples/scripts/lasker-nim.rhai"),
        "[2, 5]",
    ),
    (
        "shrinking-cap-nim",
        include_str!("../../../../examples/scripts/shrinking-cap-nim.rhai"),
        "#{piles: [3, 5], cap: 2}",
    ),
];

/// A random state of the script's `fn start()`.
///
/// # Errors
/// 400 when the script has no `fn start()` or it gives no state; the script's own errors.
fn random_start(script: &Script, limits: &ServerLimits) -> Result<State, ApiError> {
    let none = |why: &str| {
        ApiError::bad_request(format!(
            "the request has no 'state' (the position as a script writes it, e.g. \"[2, 3]\"), and {why}"
        ))
    };
    let empty = || none("the script's fn start() gives no state to choose from");
    let mut rng = rand::rng();
    match script.start().map_err(|e| refusal(e, limits))? {
        None => Err(none("the script has no fn start() to choose one from")),
        Some(Start::Range(from, to)) if from < to => Ok(State::Int(rng.random_range(from..to))),
        Some(Start::Range(..)) => Err(empty()),
        Some(Start::States(states)) => states.choose(&mut rng).cloned().ok_or_else(empty),
    }
}

/// Answers `job` for the script game of `source`, on a thread with the stack scripts need.
pub(super) fn answer(
    setup: &Setup,
    source: Source,
    job: Job,
    limits: &ServerLimits,
) -> Result<Value, ApiError> {
    ScriptPlay::check(setup)?;
    let time_limit = job
        .cancel
        .deadline()
        .map_or(limits.time_budget, |deadline| {
            deadline.saturating_duration_since(Instant::now())
        });
    // The memory bound stays the default: the meter (where the binary gives one) counts the
    // whole server, so it stops a script only when the server as a whole holds that much.
    let script_limits = grundy_script::ScriptLimits {
        max_steps: MAX_STEPS,
        max_states: limits.max_script_states,
        time_limit,
        ..grundy_script::ScriptLimits::default()
    };
    let limits = *limits;
    std::thread::Builder::new()
        .name("script".into())
        .stack_size(grundy_script::STACK_SIZE)
        .spawn(move || play(source, job, script_limits, &limits))
        // The machine is out of threads or memory for now: busy, as when no slot is free.
        .map_err(|e| {
            ApiError::busy(format!(
                "the server is busy: cannot start a thread for the script ({e}); retry in a second"
            ))
        })?
        .join()
        .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
}

/// Compiles the script, reads the state, lists the game from it and answers: the ruleset's
/// answer plus `state`, `resume` as `{"state": ...}`, `options` and `option_count` of the
/// position the answer leaves.
fn play(
    source: Source,
    mut job: Job,
    script_limits: grundy_script::ScriptLimits,
    limits: &ServerLimits,
) -> Result<Value, ApiError> {
    let refused = |e| refusal(e, limits);
    let script = Script::compile_silent(&source.rules, script_limits).map_err(refused)?;
    let start = match &source.state {
        StateSource::Text(text) => script.parse_state(text, 1).map_err(refused)?,
        StateSource::Numbers => state_of_numbers(std::mem::take(&mut job.numbers))?,
        StateSource::RandomStart => random_start(&script, limits)?,
    };
    let game = ScriptPlay::new(script, &start).map_err(refused)?;
    let (mut v, at) = job.answer(&game, start)?;
    let mut moves = Vec::new();
    game.legal_moves(&at, &mut moves);
    let state = game.show(&at, Lang::En);
    v["options"] = moves
        .iter()
        .take(limits.max_moves)
        .map(|m| json!(game.write_move(m)))
        .collect();
    v["option_count"] = json!(moves.len());
    v["resume"] = json!({ "state": state });
    v["state"] = json!(state);
    Ok(v)
}

/// A script error as an answer: 400 for text that does not read (the script, the state), 422
/// for a script that fails, loops, or runs past the server's limits. The hints of the command
/// line (its flags) are replaced by the server's.
fn refusal(e: ScriptError, limits: &ServerLimits) -> ApiError {
    match e {
        ScriptError::Syntax { .. } | ScriptError::NoOptions => ApiError::bad_request(e.to_string()),
        ScriptError::BadState { text, reason, .. } => {
            ApiError::bad_request(format!("bad state {text}: {reason}"))
        }
        ScriptError::TimeLimit { place, .. } => ApiError::unprocessable(format!(
            "{place}: over the time budget: the script ran for all of this server's {} ms; ask for a smaller state or a faster script",
            limits.time_budget.as_millis()
        )),
        ScriptError::StepBudget { place, budget } => ApiError::unprocessable(format!(
            "{place}: the script ran all of this server's {budget} operations; ask for a smaller state or a faster script"
        )),
        ScriptError::TableFull { limit } => ApiError::unprocessable(format!(
            "more than {limit} states can be reached from this state (this server's limit); start from a smaller state"
        )),
        ScriptError::Cycle { place, cycle } => ApiError::unprocessable(format!(
            "{place}: the game has a cycle ({cycle}), so it is not finite; check options()"
        )),
        ScriptError::MemoryLimit { place, limit } => ApiError::unprocessable(format!(
            "{place}: the server holds more than {} MiB now; try again later or with a smaller state",
            limit >> 20
        )),
        other => ApiError::unprocessable(other.to_string()),
    }
}

/// The script game's entry of `GET /api/games` (from a game of one state: its title and
/// notation) with the examples.
pub(super) fn listing() -> Option<Value> {
    let limits = grundy_script::ScriptLimits {
        time_limit: Duration::from_secs(1),
        ..grundy_script::ScriptLimits::default()
    };
    let script = Script::compile("fn options(state) { [] }", limits).ok()?;
    let game = ScriptPlay::new(script, &State::Int(0)).ok()?;
    let mut v = Listing.visit(game);
    // Not a board of stones: the state as the script writes it, and its options as buttons.
    v["board"] = json!("script");
    // Script games are played under normal play only (`Setup::normal_play_only`).
    v["conventions"] = json!(["normal"]);
    v["every"] = json!(false);
    v["examples"] = EXAMPLES
        .iter()
        .map(|(name, rules, state)| json!({ "name": name, "script": rules, "state": state }))
        .collect();
    Some(v)
}
