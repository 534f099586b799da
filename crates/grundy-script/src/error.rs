//! What can go wrong in a script, with its line and column.

use std::time::Duration;

use grundy::parse::{Place, Token};

use crate::limits::{Budget, OUT_OF_MEMORY, OUT_OF_TIME};

/// What went wrong, with the script's line and column.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ScriptError {
    /// The script does not parse.
    #[error("{place}: syntax error: {reason}")]
    Syntax {
        /// Where.
        place: Place,
        /// Rhai's reason.
        reason: String,
    },
    /// The script failed while running.
    #[error("{place}: {reason}")]
    Runtime {
        /// Where.
        place: Place,
        /// Rhai's reason.
        reason: String,
    },
    /// A function returned something that cannot be a state.
    #[error(
        "{place}: {function}({state}) returned {what}, which cannot be a state (use integers, booleans, strings, arrays or maps)"
    )]
    NotAState {
        /// Where the function is defined.
        place: Place,
        /// The function.
        function: &'static str,
        /// Its argument.
        state: String,
        /// The type returned.
        what: String,
    },
    /// A function returned something else than an array.
    #[error("{place}: {function}({state}) must return an array, not {what}")]
    NotAnArray {
        /// Where the function is defined.
        place: Place,
        /// The function.
        function: &'static str,
        /// Its argument.
        state: String,
        /// The type returned.
        what: String,
    },
    /// The script has no `fn options(state)`.
    #[error(
        "line 1, column 1: the script defines no `fn options(state)` returning the states one move away"
    )]
    NoOptions,
    /// A state can be reached from itself.
    #[error(
        "{place}: the game has a cycle ({cycle}), so it is not finite; check options(), or analyse it as a loopy game (--loopy)"
    )]
    Cycle {
        /// Where `options` is defined.
        place: Place,
        /// The states on the cycle, `a -> b -> a`.
        cycle: String,
    },
    /// The step budget is used up.
    #[error(
        "{place}: the step budget of {budget} script operations is used up; raise it (--max-steps)"
    )]
    StepBudget {
        /// Where the script was when the budget ran out.
        place: Place,
        /// The budget.
        budget: u64,
    },
    /// The wall-clock limit is reached.
    #[error(
        "{place}: the time limit of {} s is reached; raise it (--time-limit SECONDS)",
        limit.as_secs_f64()
    )]
    TimeLimit {
        /// Where the script was when the time ran out.
        place: Place,
        /// The limit.
        limit: Duration,
    },
    /// The memory in use passed the bound.
    #[error(
        "{place}: the script used more than {} of memory; raise it (--max-memory MIB)",
        amount(*limit)
    )]
    MemoryLimit {
        /// Where the script was when the bound was passed.
        place: Place,
        /// The bound, in bytes.
        limit: usize,
    },
    /// The engine's table is full.
    #[error(
        "the search reached {limit} states and the states keep coming: the game may be infinite (states that never end, such as n + 1 forever), or finite but larger; raise --max-states for a larger finite game, use `grundy script --loopy` when moves can come back to a state, or start from a smaller state"
    )]
    TableFull {
        /// The bound.
        limit: usize,
    },
    /// A state given by the user is not a valid expression or state.
    #[error("state {index} {text}: {reason}")]
    BadState {
        /// Which state, from 1.
        index: usize,
        /// As typed.
        text: Token,
        /// What is wrong.
        reason: String,
    },
}

/// `bytes` in MiB when it is a whole number of them (as `--max-memory` gives), else in bytes.
fn amount(bytes: usize) -> String {
    if bytes.is_multiple_of(1 << 20) {
        format!("{} MiB", bytes >> 20)
    } else {
        format!("{bytes} bytes")
    }
}

pub(crate) fn place_of(position: rhai::Position) -> Place {
    Place::Line {
        line: position.line().unwrap_or(1),
        column: position.position().unwrap_or(1),
    }
}

/// Turns a Rhai error into a [`ScriptError`], innermost cause first. Errors that stop the whole
/// script (the budget) carry the position of the call that Rust made, which is none: `fallback`
/// (the definition of the function called) stands in.
pub(crate) fn runtime_error(
    error: &rhai::EvalAltResult,
    budget: &Budget,
    fallback: Place,
) -> ScriptError {
    let inner = error.unwrap_inner();
    // The innermost known position: a few errors carry none, their enclosing call does.
    let mut position = error.position();
    let mut layer = error;
    while let rhai::EvalAltResult::ErrorInFunctionCall(.., next, _)
    | rhai::EvalAltResult::ErrorInModule(.., next, _) = layer
    {
        layer = next;
        if !layer.position().is_none() {
            position = layer.position();
        }
    }
    let place = if position.is_none() {
        fallback
    } else {
        place_of(position)
    };
    if let rhai::EvalAltResult::ErrorTerminated(token, _) = inner {
        return match token.as_int() {
            Ok(OUT_OF_TIME) => ScriptError::TimeLimit {
                place,
                limit: budget.time_limit,
            },
            Ok(OUT_OF_MEMORY) => ScriptError::MemoryLimit {
                place,
                limit: budget.max_memory,
            },
            _ => ScriptError::StepBudget {
                place,
                budget: budget.limit,
            },
        };
    }
    // Rhai's message ends with the position, which the place already gives.
    let mut reason = inner.to_string();
    if let Some(at) = reason.rfind(" (line ") {
        reason.truncate(at);
    }
    ScriptError::Runtime {
        place,
        reason: grundy::parse::shorten_words(&reason),
    }
}
