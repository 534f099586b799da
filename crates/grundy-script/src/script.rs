//! A compiled script game: its functions called from Rust, and the engine's table.

use std::cell::{Cell, RefCell};

use grundy::engine::{EngineError, Memo};
use grundy::parse::{Place, Token};
use grundy::{Game, Nimber};
use rhai::{AST, CallFnOptions, Dynamic, Engine, Scope};

use crate::compiled;
use crate::error::{ScriptError, place_of, runtime_error};
use crate::limits::{Budget, ScriptLimits, sandbox};
use crate::state::State;

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
    pub(crate) limits: ScriptLimits,
    failure: RefCell<Option<ScriptError>>,
    memo: RefCell<Memo<State>>,
    /// The scope of every call, empty between calls (reused: one allocation less per call).
    scope: RefCell<Scope<'static>>,
    /// The script's functions compiled to closures, where the subset covers them.
    pub(crate) fast: compiled::Program,
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
    pub fn compile(source: &str, limits: ScriptLimits) -> Result<Script, ScriptError> {
        Self::compile_with(source, limits, sandbox)
    }

    /// As [`Script::compile`], but `print` and `debug` write nothing (for a server, whose log a
    /// script must not fill).
    ///
    /// # Errors
    /// As [`Script::compile`].
    pub fn compile_silent(source: &str, limits: ScriptLimits) -> Result<Script, ScriptError> {
        Self::compile_with(source, limits, |budget| {
            let mut engine = sandbox(budget);
            engine.on_print(|_| {});
            engine.on_debug(|_, _, _| {});
            engine
        })
    }

    fn compile_with(
        source: &str,
        limits: ScriptLimits,
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
    pub fn limits(&self) -> ScriptLimits {
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
    pub(crate) fn definition(&self, name: &str) -> Place {
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
        let (states, operations) = self.fast.call(*entry.as_ref().ok()?, state, self.meter())?;
        self.count_compiled_call(operations);
        Some(states)
    }

    /// The limits a compiled call runs under.
    fn meter(&self) -> compiled::Meter {
        let budget = &self.budget;
        compiled::Meter {
            used: budget.used.get(),
            limit: budget.limit,
            deadline: budget.deadline,
            memory: budget.meter.map(|meter| (meter, budget.max_memory)),
        }
    }

    /// Counts a call that the compiled code answered, and its operations.
    fn count_compiled_call(&self, operations: u64) {
        self.budget.used.set(self.budget.used.get() + operations);
        self.compiled_calls.set(self.compiled_calls.get() + 1);
    }

    /// Calls `name(state)`, which must return an array of states. (Never inlined: the profile
    /// in `bench/script-profile.sh` reads the script's share of a search from it.)
    #[inline(never)]
    fn states_from(&self, name: &'static str, state: &State) -> Result<Vec<State>, ScriptError> {
        if let Some(states) = self.compiled_states(name, state) {
            return Ok(states);
        }
        self.interpreted_states(name, state)
    }

    /// Calls `name(state)` in the interpreter, which must return an array of states.
    fn interpreted_states(
        &self,
        name: &'static str,
        state: &State,
    ) -> Result<Vec<State>, ScriptError> {
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

    /// Hands the options of `state` to `visit` as the compiled `options` pushes them, where it
    /// has a streaming variant ([`compiled::Program::stream`]); false (and nothing done) where
    /// it has none. A call that gives up is run again by the interpreter, whose first options
    /// are those already handed over.
    fn stream_options(
        &self,
        entry: usize,
        state: &State,
        visit: &mut dyn FnMut(State) -> Option<State>,
    ) -> bool {
        let used = &self.budget.used;
        let before = used.get();
        // What the engine runs of the script meanwhile (`components`) counts by itself.
        let mut by_visits = 0;
        let mut sink = |option: State, so_far: u64| {
            used.set(so_far);
            let back = visit(option);
            by_visits += used.get() - so_far;
            (back, used.get())
        };
        match self.fast.stream(entry, state, self.meter(), &mut sink) {
            compiled::Streamed::Unavailable => return false,
            compiled::Streamed::Done { used: total } => {
                used.set(total);
                self.compiled_calls.set(self.compiled_calls.get() + 1);
            }
            compiled::Streamed::Stopped { delivered } => {
                // The compiled operations are not counted, as for a call given back whole.
                used.set(before + by_visits);
                match self.interpreted_states("options", state) {
                    Ok(options) => options.into_iter().skip(delivered).for_each(|option| {
                        visit(option);
                    }),
                    Err(e) => self.fail(e),
                }
            }
        }
        self.check_memory();
        true
    }

    /// Fails the search once the memory in use passes the bound: the engine's table grows
    /// between script operations, as it takes options.
    fn check_memory(&self) {
        if self.budget.over_memory() {
            self.fail(ScriptError::MemoryLimit {
                place: self.definition("options"),
                limit: self.limits.max_memory,
            });
        }
    }

    pub(crate) fn fail(&self, error: ScriptError) {
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
}

impl Game for Script {
    type Position = State;

    fn options(&self, state: &State, out: &mut Vec<State>) {
        if self.failed() {
            return;
        }
        match self.options_of(state) {
            Ok(mut options) => {
                // Into the engine's empty buffer without a copy; its room goes to the script.
                if out.is_empty() {
                    std::mem::swap(out, &mut options);
                } else {
                    out.append(&mut options);
                }
                self.fast.recycle(options);
            }
            Err(e) => self.fail(e),
        }
        self.check_memory();
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

    fn visit_options(
        &self,
        state: &State,
        buffer: &mut Vec<State>,
        visit: &mut dyn FnMut(State) -> Option<State>,
    ) {
        if self.failed() {
            return;
        }
        if let Ok(entry) = self.fast_options
            && self.stream_options(entry, state, visit)
        {
            return;
        }
        self.options(state, buffer);
        let given_back = buffer.drain(..).filter_map(visit);
        // Only the compiled `options` copies into kept arrays.
        if self.fast_options.is_ok() {
            self.fast.take_back(given_back);
        } else {
            given_back.for_each(drop);
        }
    }

    fn recycle(&self, states: &mut Vec<State>) {
        // Only the compiled `options` copies into kept arrays.
        if self.fast_options.is_ok() {
            self.fast.take_back(states.drain(..));
        } else {
            states.clear();
        }
    }

    fn dense_index(&self, state: &State) -> Option<usize> {
        // An integer n and a one-integer array [n] (a heap) take 2n and 2n + 1.
        let (n, in_array) = match state {
            State::Int(n) => (*n, 0),
            State::Array(items) => match &**items {
                [State::Int(n)] => (*n, 1),
                _ => return None,
            },
            _ => return None,
        };
        let n = usize::try_from(n).ok()?;
        n.checked_mul(2)?.checked_add(in_array)
    }

    fn components_reusing(&self, state: &State, parts: &mut Vec<State>) -> bool {
        // The usual `components` splits straight into the engine's buffer.
        if let Ok(entry) = self.fast_components
            && !self.failed()
            && let Some(operations) = self.fast.split(entry, state, self.meter(), parts)
        {
            self.count_compiled_call(operations);
            return true;
        }
        parts.clear();
        self.components(state, parts)
    }
}
