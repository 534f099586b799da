//! Games written by the user in [Rhai](https://rhai.rs), solved by the grundy engine.
//!
//! A script defines the rules as functions:
//!
//! ```rhai
//! // Required: the states one move away from `state`, as an array.
//! fn options(n) {
//!     let out = [];
//!     for k in [1, 2, 4] { if k <= n { out.push(n - k); } }
//!     out
//! }
//! // Optional: split a state into independent components (values combine by XOR).
//! fn components(state) { [state] }
//! // Optional: the states to analyse when none are given (an array or a range).
//! fn start() { 0..20 }
//! // Optional: the state for parameter n, for the explorer (default: n itself).
//! fn family(n) { n }
//! ```
//!
//! States are integers, booleans, characters, strings, and arrays and maps of them ([`State`]);
//! a float or a function pointer cannot be a state. Functions cannot see top-level variables (a
//! Rhai rule): write constants as functions, such as `fn moves() { [1, 2, 4] }`.
//!
//! Why Rhai: it is pure Rust (no C toolchain), sandboxed (no file or network access), counts its
//! operations so a runaway script is stopped by a budget, bounds the size of arrays, maps and
//! strings and the depth of calls, reports errors with line and column, and its syntax (`n % 3`,
//! `if n % 4 == 3 { n + 1 } else { n }`) is familiar to readers of C, Rust and JavaScript.
//! Keeping it in this crate keeps the core library free of it. Rhai is built with `only_i64`
//! (one integer type), `no_closure` (anonymous functions cannot capture variables) and
//! `no_module` (no `import`: a script cannot read other files); each makes the interpreter a
//! little faster. Positions are kept, so errors still name the line and column.
//!
//! Speed: `options` and `components`, and the script functions they call, are also compiled to
//! Rust closures when they keep to the common subset of Rhai (integers, booleans, arrays, maps,
//! loops, the usual operators and array methods; `compiled.rs` lists it), with Rhai's own
//! syntax tree (its `internals` feature) as the input. The compiled code answers a call, or
//! gives it to the interpreter, which then answers or reports the error in its own words: the
//! answers and errors are the interpreter's either way. [`Script::interpreted_because`] says why
//! a script runs interpreted; [`Script::interpret_only`] turns the compiled path off.
//!
//! Errors never panic and never hang: every script call counts against one budget of operations
//! ([`Limits::max_steps`]) and one wall-clock limit ([`Limits::time_limit`]), the engine's
//! table against [`Limits::max_states`], and the memory in use against [`Limits::max_memory`]
//! where the program supplies a meter ([`set_memory_meter`]). Each error names
//! the script's line and column and gives a one-line reason ([`ScriptError`]).

#![deny(missing_docs)]

mod compiled;
mod formula;
pub mod play;
mod state;

use std::cell::{Cell, RefCell};
use std::rc::Rc;
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use grundy::engine::{EngineError, Memo};
use grundy::graph::Graph;
use grundy::graph::loopy::{self, Value};
use grundy::parse::Place;
use grundy::parse::Token;
use grundy::{Explain, Game, Lang, Nimber, Outcome, sum};
use rhai::{AST, CallFnOptions, Dynamic, Engine, Scope};
use rustc_hash::FxHashMap;
use serde::Serialize;

pub use formula::Formula;
pub use state::{Key, State};

/// The stack a thread that runs scripts needs. Rhai walks, copies and drops nested arrays
/// recursively; a script may nest them as deep as its array bound allows (65536 levels), which
/// needs far more than a main thread's 8 MiB. Only the pages used are ever touched.
pub const STACK_SIZE: usize = 1 << 30;

/// Bounds on a script's work.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Script operations allowed in all, over every call (Rhai counts one per expression node).
    pub max_steps: u64,
    /// States the engine may remember.
    pub max_states: usize,
    /// Wall-clock time the script may run, counted from its compilation (checked every
    /// [`Limits::CLOCK_EVERY`] script operations, so time spent in the engine between script
    /// calls counts too, but stops the search only at the script's next call).
    pub time_limit: Duration,
    /// Bytes of memory the program may have in use while the script runs, as the meter of
    /// [`set_memory_meter`] reads them (not checked without one). Read before every operation of
    /// the interpreter, at every call and loop turn of compiled code, and after every call of
    /// `options` (the engine's table grows then), so the memory in use passes the bound by at
    /// most what one operation (one turn of a compiled loop) allocates, which Rhai's bounds on
    /// a value (strings of 1 MiB, arrays and maps of 65536 items) keep to a few MiB a statement.
    pub max_memory: usize,
}

impl Limits {
    /// The default step budget: a hundred million operations (tens of seconds at most).
    pub const DEFAULT_MAX_STEPS: u64 = 100_000_000;
    /// The default time limit: one minute.
    pub const DEFAULT_TIME_LIMIT: Duration = Duration::from_secs(60);
    /// How many script operations pass between two readings of the clock.
    pub const CLOCK_EVERY: u64 = 256;
    /// The default memory bound: 8 GiB, a third of a 24 GB machine, above what a full table of
    /// the default [`Limits::max_states`] states of a few numbers each takes.
    pub const DEFAULT_MAX_MEMORY: usize = 8 << 30;
}

/// Reads the bytes of memory the program has in use: only the program that owns the global
/// allocator can count them, so it supplies the meter ([`set_memory_meter`]).
static MEMORY_METER: OnceLock<fn() -> usize> = OnceLock::new();

/// Sets the meter that [`Limits::max_memory`] is checked with, for the rest of the process (the
/// first call wins). Without one, the memory bound is not checked.
pub fn set_memory_meter(meter: fn() -> usize) {
    let _ = MEMORY_METER.set(meter);
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_steps: Self::DEFAULT_MAX_STEPS,
            max_states: Memo::<State>::DEFAULT_LIMIT,
            time_limit: Self::DEFAULT_TIME_LIMIT,
            max_memory: Self::DEFAULT_MAX_MEMORY,
        }
    }
}

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
    if bytes % (1 << 20) == 0 {
        format!("{} MiB", bytes >> 20)
    } else {
        format!("{bytes} bytes")
    }
}

fn place_of(position: rhai::Position) -> Place {
    Place::Line {
        line: position.line().unwrap_or(1),
        column: position.position().unwrap_or(1),
    }
}

/// The one budget of operations shared by every call of a script, and its clock.
#[derive(Clone)]
struct Budget {
    limit: u64,
    time_limit: Duration,
    max_memory: usize,
    meter: Option<fn() -> usize>,
    deadline: Option<Instant>,
    used: Rc<Cell<u64>>,
    in_call: Rc<Cell<u64>>,
}

/// Why a script was stopped (the token of Rhai's `ErrorTerminated`).
const OUT_OF_STEPS: i64 = 0;
const OUT_OF_TIME: i64 = 1;
const OUT_OF_MEMORY: i64 = 2;

impl Budget {
    fn new(limits: &Limits) -> Budget {
        let time_limit = limits.time_limit;
        Budget {
            limit: limits.max_steps,
            time_limit,
            max_memory: limits.max_memory,
            meter: MEMORY_METER.get().copied(),
            // A limit too large for the clock is no limit.
            deadline: Instant::now().checked_add(time_limit),
            used: Rc::new(Cell::new(0)),
            in_call: Rc::new(Cell::new(0)),
        }
    }

    /// Installs the budget on an engine: a call is stopped once the total passes the limit, the
    /// memory in use passes its bound, or the clock (read every [`Limits::CLOCK_EVERY`]
    /// operations) passes the deadline.
    fn install(&self, engine: &mut Engine) {
        let budget = self.clone();
        engine.on_progress(move |count| {
            budget.in_call.set(count);
            let total = budget.used.get() + count;
            if total > budget.limit {
                return Some(Dynamic::from_int(OUT_OF_STEPS));
            }
            if budget.over_memory() {
                return Some(Dynamic::from_int(OUT_OF_MEMORY));
            }
            let late = total % Limits::CLOCK_EVERY == 0
                && budget.deadline.is_some_and(|d| Instant::now() >= d);
            // `then`, not `then_some`: no token built and dropped at every operation.
            late.then(|| Dynamic::from_int(OUT_OF_TIME))
        });
    }

    /// Whether the memory in use is past the bound (never without a meter).
    fn over_memory(&self) -> bool {
        self.meter.is_some_and(|meter| meter() > self.max_memory)
    }

    /// Adds the finished call's operations to the total.
    fn settle(&self) {
        self.used.set(self.used.get() + self.in_call.replace(0));
    }
}

/// A sandboxed Rhai engine with the budget and bounds on data sizes.
fn sandbox(budget: &Budget) -> Engine {
    let mut engine = Engine::new();
    budget.install(&mut engine);
    engine
        .set_max_call_levels(256)
        .set_max_expr_depths(256, 256)
        .set_max_string_size(1 << 20)
        .set_max_array_size(1 << 16)
        .set_max_map_size(1 << 16);
    engine.disable_symbol("eval");
    // print and debug go to standard error, so they never mix with the report.
    engine.on_print(|s| eprintln!("{s}"));
    engine.on_debug(|s, _, _| eprintln!("{s}"));
    engine
}

/// Turns a Rhai error into a [`ScriptError`], innermost cause first. Errors that stop the whole
/// script (the budget) carry the position of the call that Rust made, which is none: `fallback`
/// (the definition of the function called) stands in.
fn runtime_error(error: &rhai::EvalAltResult, budget: &Budget, fallback: Place) -> ScriptError {
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

/// Where the script starts; used for [`Script::start`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Start {
    /// A range of integers `from..to` (exclusive).
    Range(i64, i64),
    /// A list of states.
    States(Vec<State>),
}

/// A compiled script game. It implements [`Game`], so the engine solves it like any ruleset.
///
/// A script error met inside the engine's search is kept and returned by [`Script::grundy`] and
/// the other methods, which stop the search early.
pub struct Script {
    engine: Engine,
    ast: AST,
    source_lines: Vec<String>,
    has_components: bool,
    has_family: bool,
    has_start: bool,
    budget: Budget,
    limits: Limits,
    failure: RefCell<Option<ScriptError>>,
    memo: RefCell<Memo<State>>,
    /// The scope of every call, empty between calls (reused: one allocation less per call).
    scope: RefCell<Scope<'static>>,
    /// The script's functions compiled to closures, where the subset covers them.
    fast: compiled::Program,
    /// The compiled `options` and `components`, or why they run in the interpreter.
    fast_options: Result<usize, String>,
    fast_components: Result<usize, String>,
    /// Calls the compiled code answered (the others ran in the interpreter).
    compiled_calls: Cell<u64>,
}

impl Script {
    /// Compiles `source` and runs its top level once.
    ///
    /// # Errors
    /// [`ScriptError::Syntax`], [`ScriptError::NoOptions`], or an error of the top level.
    pub fn compile(source: &str, limits: Limits) -> Result<Script, ScriptError> {
        Self::compile_with(source, limits, sandbox)
    }

    /// As [`Script::compile`], but `print` and `debug` write nothing (for a server, whose log a
    /// script must not fill).
    ///
    /// # Errors
    /// As [`Script::compile`].
    pub fn compile_silent(source: &str, limits: Limits) -> Result<Script, ScriptError> {
        Self::compile_with(source, limits, |budget| {
            let mut engine = sandbox(budget);
            engine.on_print(|_| {});
            engine.on_debug(|_, _, _| {});
            engine
        })
    }

    fn compile_with(
        source: &str,
        limits: Limits,
        sandbox: impl FnOnce(&Budget) -> Engine,
    ) -> Result<Script, ScriptError> {
        let budget = Budget::new(&limits);
        let engine = sandbox(&budget);
        let ast = engine.compile(source).map_err(|e| ScriptError::Syntax {
            place: place_of(e.1),
            reason: grundy::parse::shorten_words(&e.0.to_string()),
        })?;
        let has = |name: &str| {
            ast.iter_functions()
                .any(|f| f.name == name && f.params.len() == 1)
        };
        if !has("options") {
            return Err(ScriptError::NoOptions);
        }
        let has_components = has("components");
        let has_family = has("family");
        let has_start = ast
            .iter_functions()
            .any(|f| f.name == "start" && f.params.is_empty());
        let result = engine.run_ast(&ast);
        budget.settle();
        result.map_err(|e| runtime_error(&e, &budget, Place::Line { line: 1, column: 1 }))?;
        let fast = compiled::Program::compile(&ast);
        let fast_options = fast.entry("options");
        let fast_components = fast.entry("components");
        Ok(Script {
            engine,
            ast,
            source_lines: source.lines().map(str::to_string).collect(),
            has_components,
            has_family,
            has_start,
            budget,
            limits,
            failure: RefCell::new(None),
            memo: RefCell::new(Memo::bounded(limits.max_states, true)),
            scope: RefCell::new(Scope::new()),
            fast,
            fast_options,
            fast_components,
            compiled_calls: Cell::new(0),
        })
    }

    /// Why `fn options` runs in the interpreter rather than compiled (see the crate's
    /// documentation), or `None` when it is compiled.
    pub fn interpreted_because(&self) -> Option<&str> {
        self.fast_options.as_ref().err().map(String::as_str)
    }

    /// Runs every call in the interpreter, as if nothing were compiled (to compare the two).
    pub fn interpret_only(&mut self) {
        let off = || Err("the fast path is turned off".to_string());
        self.fast_options = off();
        self.fast_components = off();
    }

    /// The limits the script runs under.
    pub fn limits(&self) -> Limits {
        self.limits
    }

    /// Script operations used so far.
    pub fn steps_used(&self) -> u64 {
        self.budget.used.get()
    }

    /// Calls of `options` and `components` that the compiled code answered so far.
    pub fn compiled_calls(&self) -> u64 {
        self.compiled_calls.get()
    }

    /// Whether the script splits states into components.
    pub fn has_components(&self) -> bool {
        self.has_components
    }

    /// Where `fn name` is defined (line and column of `fn`), for errors about what it returned.
    fn definition(&self, name: &str) -> Place {
        let pattern = format!("fn {name}");
        for (i, line) in self.source_lines.iter().enumerate() {
            if let Some(col) = line.find(&pattern) {
                let after = line[col + pattern.len()..].chars().next();
                if matches!(after, Some('(' | ' ' | '\t')) {
                    return Place::Line {
                        line: i + 1,
                        column: line[..col].chars().count() + 1,
                    };
                }
            }
        }
        Place::Line { line: 1, column: 1 }
    }

    fn call(&self, name: &str, args: Vec<Dynamic>) -> Result<Dynamic, ScriptError> {
        // The top level ran once at compilation; the scope is rewound after each call.
        let options = CallFnOptions::new().eval_ast(false).rewind_scope(true);
        let result = self.engine.call_fn_with_options::<Dynamic>(
            options,
            &mut self.scope.borrow_mut(),
            &self.ast,
            name,
            args,
        );
        self.budget.settle();
        result.map_err(|e| runtime_error(&e, &self.budget, self.definition(name)))
    }

    /// `name(state)` by the compiled code, or `None` where the interpreter must run the call.
    fn compiled_states(&self, name: &str, state: &State) -> Option<Vec<State>> {
        let entry = match name {
            "options" => &self.fast_options,
            "components" => &self.fast_components,
            _ => return None,
        };
        let budget = &self.budget;
        let meter = compiled::Meter {
            used: budget.used.get(),
            limit: budget.limit,
            deadline: budget.deadline,
            memory: budget.meter.map(|meter| (meter, budget.max_memory)),
        };
        let (states, operations) = self.fast.call(*entry.as_ref().ok()?, state, meter)?;
        budget.used.set(budget.used.get() + operations);
        self.compiled_calls.set(self.compiled_calls.get() + 1);
        Some(states)
    }

    /// Calls `name(state)`, which must return an array of states. (Never inlined: the profile
    /// in `bench/script-profile.sh` reads the script's share of a search from it.)
    #[inline(never)]
    fn states_from(&self, name: &'static str, state: &State) -> Result<Vec<State>, ScriptError> {
        if let Some(states) = self.compiled_states(name, state) {
            return Ok(states);
        }
        let value = self.call(name, vec![state.to_dynamic()])?;
        let what = value.type_name();
        let Ok(array) = value.into_array() else {
            return Err(ScriptError::NotAnArray {
                place: self.definition(name),
                function: name,
                state: state.to_string(),
                what: what.to_string(),
            });
        };
        array
            .into_iter()
            .map(|item| {
                State::from_dynamic(item).map_err(|what| ScriptError::NotAState {
                    place: self.definition(name),
                    function: name,
                    state: state.to_string(),
                    what: what.to_string(),
                })
            })
            .collect()
    }

    /// The options of `state`, in the script's order.
    ///
    /// # Errors
    /// A script error.
    pub fn options_of(&self, state: &State) -> Result<Vec<State>, ScriptError> {
        self.states_from("options", state)
    }

    /// The components of `state` if the script splits it, else `None`.
    ///
    /// # Errors
    /// A script error.
    pub fn components_of(&self, state: &State) -> Result<Option<Vec<State>>, ScriptError> {
        if !self.has_components {
            return Ok(None);
        }
        let parts = self.states_from("components", state)?;
        Ok((parts.len() != 1 || parts[0] != *state).then_some(parts))
    }

    /// The states of `fn start()`, if the script has one.
    ///
    /// # Errors
    /// A script error, or a value that is neither an array of states nor a range of integers.
    pub fn start(&self) -> Result<Option<Start>, ScriptError> {
        if !self.has_start {
            return Ok(None);
        }
        let value = self.call("start", Vec::new())?;
        if let Some(r) = value.clone().try_cast::<std::ops::Range<i64>>() {
            return Ok(Some(Start::Range(r.start, r.end.max(r.start))));
        }
        if let Some(r) = value.clone().try_cast::<std::ops::RangeInclusive<i64>>() {
            let end = r.end().saturating_add(1).max(*r.start());
            return Ok(Some(Start::Range(*r.start(), end)));
        }
        let what = value.type_name();
        let place = self.definition("start");
        let Ok(array) = value.into_array() else {
            return Err(ScriptError::NotAnArray {
                place,
                function: "start",
                state: String::new(),
                what: what.to_string(),
            });
        };
        let states: Result<Vec<State>, _> = array.into_iter().map(State::from_dynamic).collect();
        states
            .map(|s| Some(Start::States(s)))
            .map_err(|what| ScriptError::NotAState {
                place,
                function: "start",
                state: String::new(),
                what: what.to_string(),
            })
    }

    /// The state for parameter `n`: `family(n)` if the script defines it, else `n` itself.
    ///
    /// # Errors
    /// A script error.
    pub fn family(&self, n: i64) -> Result<State, ScriptError> {
        if !self.has_family {
            return Ok(State::Int(n));
        }
        let value = self.call("family", vec![Dynamic::from_int(n)])?;
        State::from_dynamic(value).map_err(|what| ScriptError::NotAState {
            place: self.definition("family"),
            function: "family",
            state: n.to_string(),
            what: what.to_string(),
        })
    }

    /// Reads a state typed by the user as a script expression (`7`, `[3, 4]`, `#{x: 1}`).
    /// `index` (from 1) names it in errors.
    ///
    /// # Errors
    /// [`ScriptError::BadState`].
    pub fn parse_state(&self, text: &str, index: usize) -> Result<State, ScriptError> {
        let bad = |reason: String| ScriptError::BadState {
            index,
            text: Token::new(text),
            reason,
        };
        let value = self.engine.eval_expression::<Dynamic>(text);
        self.budget.settle();
        let value = value.map_err(|e| bad(e.to_string()))?;
        State::from_dynamic(value).map_err(|what| bad(format!("a {what} cannot be a state")))
    }

    fn fail(&self, error: ScriptError) {
        let mut failure = self.failure.borrow_mut();
        if failure.is_none() {
            *failure = Some(error);
        }
    }

    fn failed(&self) -> bool {
        self.failure.borrow().is_some()
    }

    /// How many states the engine's table holds.
    pub fn states_searched(&self) -> usize {
        self.memo.borrow().len()
    }

    /// The states the engine's table holds, in no particular order: single components where
    /// the script splits states (a sum is never stored).
    pub fn states_held(&self) -> Vec<State> {
        self.memo.borrow().positions().cloned().collect()
    }

    /// The script error kept during the last search (the table, filled with wrong values after
    /// it, is dropped), or else the engine's error as a script one.
    fn search_error(&self, root: &State, error: EngineError) -> ScriptError {
        if let Some(failure) = self.failure.borrow_mut().take() {
            *self.memo.borrow_mut() = Memo::bounded(self.limits.max_states, true);
            return failure;
        }
        match error {
            EngineError::TableFull { limit } => ScriptError::TableFull { limit },
            _ => {
                // Search again with the script alone to show the cycle.
                let cycle = self.find_cycle(root).unwrap_or_default();
                if let Some(failure) = self.failure.borrow_mut().take() {
                    return failure;
                }
                let shown: Vec<String> = cycle.iter().map(State::to_string).collect();
                ScriptError::Cycle {
                    place: self.definition("options"),
                    cycle: shown.join(" -> "),
                }
            }
        }
    }

    /// The Grundy value of `state`. The engine's table is kept between calls and splits states
    /// into components where the script says how.
    ///
    /// # Errors
    /// A script error, a cycle, or a full table.
    pub fn grundy(&self, state: &State) -> Result<Nimber, ScriptError> {
        let result = self.memo.borrow_mut().grundy(self, state);
        match result {
            Ok(g) if !self.failed() => Ok(g),
            Ok(_) => Err(self.search_error(state, EngineError::Cycle)),
            Err(e) => Err(self.search_error(state, e)),
        }
    }

    /// Depth-first search for a cycle through the same dependencies as the engine's (components
    /// of a sum, else options), bounded by the table limit.
    fn find_cycle(&self, root: &State) -> Option<Vec<State>> {
        let mut open: FxHashMap<State, bool> = FxHashMap::default();
        let mut stack: Vec<(State, Vec<State>, usize)> = Vec::new();
        let deps = |s: &State| -> Option<Vec<State>> {
            match self.components_of(s) {
                Ok(Some(parts)) => Some(parts),
                Ok(None) => self.options_of(s).map_err(|e| self.fail(e)).ok(),
                Err(e) => {
                    self.fail(e);
                    None
                }
            }
        };
        open.insert(root.clone(), true);
        stack.push((root.clone(), deps(root)?, 0));
        while let Some((_, children, next)) = stack.last_mut() {
            if open.len() > self.limits.max_states {
                return None;
            }
            let Some(child) = children.get(*next).cloned() else {
                let (done, ..) = stack.pop()?;
                open.insert(done, false);
                continue;
            };
            *next += 1;
            match open.get(&child) {
                Some(true) => {
                    let from = stack.iter().position(|(s, ..)| *s == child)?;
                    let mut cycle: Vec<State> =
                        stack[from..].iter().map(|(s, ..)| s.clone()).collect();
                    cycle.push(child);
                    return Some(cycle);
                }
                Some(false) => {}
                None => {
                    open.insert(child.clone(), true);
                    let grand = deps(&child)?;
                    stack.push((child, grand, 0));
                }
            }
        }
        None
    }

    /// Analyses `state`: its value, its components, and every winning move (the options of value
    /// 0, found by the engine through the options of the whole state).
    ///
    /// # Errors
    /// A script error, a cycle, or a full table.
    pub fn analyze(&self, state: &State, explain: bool) -> Result<StateAnalysis, ScriptError> {
        let value = self.grundy(state)?;
        let options = self.options_of(state)?;
        let mut option_values = Vec::with_capacity(options.len());
        for option in &options {
            option_values.push(self.grundy(option)?);
        }
        let components = match self.components_of(state)? {
            Some(parts) => {
                let mut valued = Vec::with_capacity(parts.len());
                for part in parts {
                    let g = self.grundy(&part)?;
                    valued.push((part, g));
                }
                valued
            }
            None => Vec::new(),
        };
        let winning: Vec<(usize, State)> = options
            .iter()
            .zip(&option_values)
            .enumerate()
            .filter(|(_, (_, g))| g.is_zero())
            .map(|(i, (o, _))| (i, o.clone()))
            .collect();
        let explanation = if explain {
            explain_state(value, &components, &option_values, winning.first())
        } else {
            Vec::new()
        };
        Ok(StateAnalysis {
            state: state.clone(),
            value,
            outcome: Outcome::from_grundy(value),
            option_count: options.len(),
            components,
            winning,
            explanation,
        })
    }

    /// Analyses states of a game that may have cycles: every state reachable from `states` is
    /// listed (up to the table bound) as a graph, whose generalized Sprague–Grundy values give
    /// value and outcome (P, N or D). Components are not used: whole states are searched.
    ///
    /// # Errors
    /// A script error or a full table.
    pub fn analyze_loopy(&self, states: &[State]) -> Result<Vec<LoopyAnalysis>, ScriptError> {
        let mut ids: FxHashMap<State, u32> = FxHashMap::default();
        let mut all: Vec<State> = Vec::new();
        let mut edges: Vec<(u32, u32)> = Vec::new();
        let mut intern = |s: &State, all: &mut Vec<State>| -> Result<u32, ScriptError> {
            if let Some(&id) = ids.get(s) {
                return Ok(id);
            }
            if all.len() >= self.limits.max_states {
                return Err(ScriptError::TableFull {
                    limit: self.limits.max_states,
                });
            }
            let id = all.len() as u32;
            ids.insert(s.clone(), id);
            all.push(s.clone());
            Ok(id)
        };
        let roots: Vec<u32> = states
            .iter()
            .map(|s| intern(s, &mut all))
            .collect::<Result<_, _>>()?;
        let mut next = 0;
        while next < all.len() {
            let state = all[next].clone();
            for option in self.options_of(&state)? {
                let to = intern(&option, &mut all)?;
                edges.push((next as u32, to));
            }
            next += 1;
        }
        let graph = Graph::from_edges(all.len(), &edges).map_err(|_| ScriptError::TableFull {
            limit: self.limits.max_states,
        })?;
        let values = loopy::generalized_values(&graph, &graph.reversed());
        Ok(roots
            .iter()
            .map(|&root| {
                let winning = graph
                    .followers(root)
                    .iter()
                    .enumerate()
                    .filter(|&(_, &v)| values.finite(v) == Some(Nimber::ZERO))
                    .map(|(i, &v)| (i, all[v as usize].clone()))
                    .collect();
                LoopyAnalysis {
                    state: all[root as usize].clone(),
                    value: values.value(&graph, root),
                    outcome: values.outcome(&graph, root),
                    option_count: graph.followers(root).len(),
                    winning,
                    reachable: all.len(),
                }
            })
            .collect())
    }
}

impl Game for Script {
    type Position = State;

    fn options(&self, state: &State, out: &mut Vec<State>) {
        if self.failed() {
            return;
        }
        match self.options_of(state) {
            Ok(mut options) => {
                out.append(&mut options);
                self.fast.recycle(options);
            }
            Err(e) => self.fail(e),
        }
        // The engine keeps the options in its table: it grows here, between script operations.
        if self.budget.over_memory() {
            self.fail(ScriptError::MemoryLimit {
                place: self.definition("options"),
                limit: self.limits.max_memory,
            });
        }
    }

    fn components(&self, state: &State, parts: &mut Vec<State>) -> bool {
        if self.failed() || !self.has_components {
            return false;
        }
        // A state that is its own only component is the engine's to recognise.
        match self.states_from("components", state) {
            Ok(mut split) => {
                parts.append(&mut split);
                self.fast.recycle(split);
                true
            }
            Err(e) => {
                self.fail(e);
                false
            }
        }
    }
}

/// The analysis of one state of a finite script game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StateAnalysis {
    /// The state.
    pub state: State,
    /// Its Grundy value.
    pub value: Nimber,
    /// P or N.
    pub outcome: Outcome,
    /// How many options it has.
    pub option_count: usize,
    /// Its components with their values, if the script splits it.
    pub components: Vec<(State, Nimber)>,
    /// Every winning move: the index among the options and the state it leads to.
    pub winning: Vec<(usize, State)>,
    /// The explanation, if asked for.
    pub explanation: Vec<ScriptStep>,
}

/// The analysis of one state of a game that may have cycles.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoopyAnalysis {
    /// The state.
    pub state: State,
    /// Its generalized Sprague–Grundy value.
    pub value: Value,
    /// P, N or D.
    pub outcome: Outcome,
    /// How many options it has.
    pub option_count: usize,
    /// Every winning move (to a state of value 0): option index and state.
    pub winning: Vec<(usize, State)>,
    /// How many states were reachable.
    pub reachable: usize,
}

/// One step of the explanation of a script state.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "step", rename_all = "snake_case")]
#[non_exhaustive]
pub enum ScriptStep {
    /// The state splits into components whose values XOR to `total`.
    Components {
        /// Each component (as written) with its value.
        parts: Vec<(String, u64)>,
        /// The XOR.
        total: u64,
    },
    /// In a sum of value X ≠ 0, component `component` (value `value`) wins by moving to a
    /// position of value `target` = value ⊕ X, if it has such an option.
    Target {
        /// The component, from 0.
        component: usize,
        /// Its value.
        value: u64,
        /// The value it must move to.
        target: u64,
    },
    /// The value is the mex of the options' values.
    Mex {
        /// The distinct values of the options, ascending (at most 32 shown).
        values: Vec<u64>,
        /// The mex.
        value: u64,
    },
    /// The first winning move.
    Winning {
        /// The state it leads to.
        to: String,
    },
    /// No option has value 0.
    Lost,
}

fn explain_state(
    value: Nimber,
    components: &[(State, Nimber)],
    option_values: &[Nimber],
    first: Option<&(usize, State)>,
) -> Vec<ScriptStep> {
    let mut steps = Vec::new();
    if components.is_empty() {
        let mut values: Vec<u64> = option_values.iter().map(|g| g.value()).collect();
        values.sort_unstable();
        values.dedup();
        values.truncate(32);
        steps.push(ScriptStep::Mex {
            values,
            value: value.value(),
        });
    } else {
        steps.push(ScriptStep::Components {
            parts: components
                .iter()
                .map(|(s, g)| (s.to_string(), g.value()))
                .collect(),
            total: value.value(),
        });
        // Every component may hold a winning move, not only those whose target is below their
        // value: options can rise above a component's value.
        for (component, target) in sum::targets(components.iter().map(|(_, g)| *g)) {
            steps.push(ScriptStep::Target {
                component,
                value: components[component].1.value(),
                target: target.value(),
            });
        }
    }
    steps.push(match first {
        Some((_, to)) => ScriptStep::Winning { to: to.to_string() },
        None => ScriptStep::Lost,
    });
    steps
}

impl Explain for ScriptStep {
    fn text(&self, lang: Lang) -> String {
        match self {
            ScriptStep::Components { parts, total } => {
                let list: Vec<String> = parts.iter().map(|(s, g)| format!("{s} (value {g})")).collect();
                let list_zh: Vec<String> = parts.iter().map(|(s, g)| format!("{s}（值 {g}）")).collect();
                lang.pick(
                    format!("components(state) splits it into independent games: {}. Their values XOR to {total}.", list.join(", ")),
                    format!("components(state) 把它分成互不影响的子游戏：{}。它们的值异或为 {total}。", list_zh.join("、")),
                )
            }
            ScriptStep::Target { component, value, target } => lang.pick(
                format!("Component {} (value {value}) wins by moving to a position of value {value} XOR total = {target}, if it has one.", component + 1),
                format!("第 {} 个子游戏（值 {value}）若能走到值为 {value} 异或总和 = {target} 的局面，就是必胜走法。", component + 1),
            ),
            ScriptStep::Mex { values, value } => {
                let list: Vec<String> = values.iter().map(u64::to_string).collect();
                lang.pick(
                    format!("The options have values {{{}}}; the smallest number missing (the mex) is {value}.", list.join(", ")),
                    format!("各个后继局面的值为 {{{}}}；不在其中的最小自然数（mex）是 {value}。", list.join(", ")),
                )
            }
            ScriptStep::Winning { to } => lang.pick(
                format!("Move to {to}, a position of value 0: the opponent then loses."),
                format!("走到 {to}，一个值为 0 的局面：对手必败。"),
            ),
            ScriptStep::Lost => lang.pick(
                "No option has value 0: every move hands the opponent a winning position.".to_string(),
                "没有值为 0 的后继：无论怎么走，对手都处于必胜态。".to_string(),
            ),
        }
    }
}
