//! `solve`: a game written in Python searched by the library's engine (`grundy::engine::Memo`),
//! as `grundy-script` does for a Rhai game.
//!
//! The game is any object with `options(state)` (an iterable of states) and optionally
//! `components(state)` (the independent parts of a sum, or None); states are hashable Python
//! objects, hashed once when they are listed and compared with `==` through Python. A game
//! with cycles is listed as a graph and answered through its generalized Sprague–Grundy values
//! (`grundy::graph::loopy`), so a draw is `"D"`.

use std::cell::{Cell, RefCell};
use std::hash::{Hash, Hasher};

use grundy::engine::{EngineError, Memo};
use grundy::graph::Graph;
use grundy::graph::loopy;
use grundy::{Cancel, Convention, Game, Nimber, Outcome};
use pyo3::exceptions::{PyException, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyList;
use rustc_hash::FxHashMap;

use crate::errors::{GameError, LimitError};

/// A state of a game written in Python, with its hash computed once.
struct State {
    object: Py<PyAny>,
    hash: isize,
}

impl State {
    fn new(object: &Bound<'_, PyAny>) -> PyResult<State> {
        Ok(State {
            hash: object.hash()?,
            object: object.clone().unbind(),
        })
    }
}

impl Hash for State {
    fn hash<H: Hasher>(&self, hasher: &mut H) {
        hasher.write_isize(self.hash);
    }
}

impl PartialEq for State {
    fn eq(&self, other: &State) -> bool {
        // An `__eq__` that raises makes the states different: the search goes on, and a state
        // that cannot be compared is searched again rather than confused with another.
        self.hash == other.hash
            && (self.object.is(&other.object)
                || Python::attach(|py| {
                    self.object
                        .bind(py)
                        .eq(other.object.bind(py))
                        .unwrap_or(false)
                }))
    }
}

impl Eq for State {}

impl Clone for State {
    fn clone(&self) -> State {
        Python::attach(|py| State {
            object: self.object.clone_ref(py),
            hash: self.hash,
        })
    }
}

/// How many calls of `options` between two looks at Ctrl-C.
const SIGNAL_CHECK_EVERY: u32 = 1024;

/// A Python game as a [`Game`]. The first error raised (by the game, a state's hash or Ctrl-C)
/// is kept and cancels the engine's search, which stops at its next look at the token.
struct PythonGame<'py> {
    options: Bound<'py, PyAny>,
    components: Option<Bound<'py, PyAny>>,
    failure: RefCell<Option<PyErr>>,
    cancel: Cancel,
    calls: Cell<u32>,
}

impl<'py> PythonGame<'py> {
    fn new(game: &Bound<'py, PyAny>, split: bool) -> PyResult<PythonGame<'py>> {
        let options = game
            .getattr_opt("options")?
            .filter(|o| o.is_callable())
            .ok_or_else(|| {
                PyTypeError::new_err("the game has no options(state) method: solve needs one")
            })?;
        let components = if split {
            game.getattr_opt("components")?.filter(|c| c.is_callable())
        } else {
            None
        };
        Ok(PythonGame {
            options,
            components,
            failure: RefCell::new(None),
            cancel: Cancel::new(),
            calls: Cell::new(0),
        })
    }

    fn fail(&self, error: PyErr) {
        let mut failure = self.failure.borrow_mut();
        if failure.is_none() {
            *failure = Some(error);
        }
        self.cancel.cancel();
    }

    /// The error kept, if any (the search's answer is then meaningless).
    fn failure(&self) -> Option<PyErr> {
        self.failure.borrow_mut().take()
    }

    /// A `GameError` saying that `method(state)` failed with `cause`; `cause` itself when it is
    /// no `Exception` (Ctrl-C's `KeyboardInterrupt`, `SystemExit`), which must go on as it is.
    fn failed(&self, method: &str, state: &State, cause: PyErr) -> PyErr {
        let py = self.options.py();
        if !cause.is_instance_of::<PyException>(py) {
            return cause;
        }
        let shown = state
            .object
            .bind(py)
            .repr()
            .map_or_else(|_| "<state>".to_string(), |r| r.to_string());
        let error = GameError::new_err(format!("{method}({shown}) raised {cause}"));
        error.set_cause(py, Some(cause));
        error
    }

    /// Calls `method(state)` and pushes the states of the iterable it returns onto `out`.
    fn list(&self, method: &Bound<'py, PyAny>, name: &str, state: &State, out: &mut Vec<State>) {
        let py = method.py();
        let result = method.call1((state.object.bind(py),)).and_then(|items| {
            if let Ok(list) = items.cast::<PyList>() {
                for item in list.iter() {
                    out.push(State::new(&item)?);
                }
            } else {
                for item in items.try_iter()? {
                    out.push(State::new(&item?)?);
                }
            }
            Ok(())
        });
        if let Err(cause) = result {
            self.fail(self.failed(name, state, cause));
        }
    }
}

impl Game for PythonGame<'_> {
    type Position = State;

    fn options(&self, state: &State, out: &mut Vec<State>) {
        if self.cancel.check().is_err() {
            return;
        }
        let calls = self.calls.get().wrapping_add(1);
        self.calls.set(calls);
        if calls.is_multiple_of(SIGNAL_CHECK_EVERY)
            && let Err(interrupt) = self.options.py().check_signals()
        {
            self.fail(interrupt);
            return;
        }
        self.list(&self.options, "options", state, out);
    }

    fn components(&self, state: &State, parts: &mut Vec<State>) -> bool {
        let Some(method) = &self.components else {
            return false;
        };
        if self.cancel.check().is_err() {
            return false;
        }
        let py = method.py();
        match method.call1((state.object.bind(py),)) {
            Ok(result) if result.is_none() => false,
            Ok(result) => {
                let listed = result.try_iter().and_then(|items| {
                    for item in items {
                        parts.push(State::new(&item?)?);
                    }
                    Ok(())
                });
                if let Err(cause) = listed {
                    self.fail(self.failed("components", state, cause));
                    return false;
                }
                true
            }
            Err(cause) => {
                self.fail(self.failed("components", state, cause));
                false
            }
        }
    }
}

/// The answer of `solve`.
#[pyclass(frozen, get_all, module = "grundy")]
pub struct Solution {
    /// `"N"` (the player to move wins), `"P"` (the player to move loses) or `"D"` (a draw: the
    /// game has cycles and neither player can force a win).
    outcome: &'static str,
    /// The Grundy value under normal play; None under misère play, and for a state of a game
    /// with cycles whose generalized value is infinite.
    grundy: Option<u64>,
    /// The options of the start that win for the player who makes them, in the order
    /// `options` lists them.
    winning_moves: Py<PyList>,
    /// How many moves the game lasts when the winner hurries and the loser stalls (normal
    /// play); None when the search splits states into components (remoteness does not add up
    /// over a sum), under misère play, and for games with cycles.
    remoteness: Option<u32>,
    /// How many states the engine's table holds at the end (components, on a splitting search;
    /// every reachable state, for a game with cycles).
    states: usize,
}

#[pymethods]
impl Solution {
    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let show = |v: Option<u64>| v.map_or("None".to_string(), |v| v.to_string());
        Ok(format!(
            "Solution(outcome='{}', grundy={}, winning_moves={}, remoteness={}, states={})",
            self.outcome,
            show(self.grundy),
            self.winning_moves.bind(py).repr()?,
            show(self.remoteness.map(u64::from)),
            self.states
        ))
    }
}

fn outcome_name(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::N => "N",
        Outcome::P => "P",
        Outcome::D => "D",
        Outcome::L => "L",
        Outcome::R => "R",
    }
}

/// Searches the game `game` from the state `start` with the library's engine and answers who
/// wins, the Grundy value, the winning moves and the remoteness.
///
/// `game` has a method `options(state)` returning an iterable of states, and optionally
/// `components(state)` returning the independent parts of a sum (their values combine by XOR)
/// or None; states are hashable and compared with `==`. At most `max_states` states are kept
/// (`LimitError` past it); `misere=True` searches misère play (the last mover loses) of whole
/// states. An exception raised by the game comes back as a `GameError` naming the state, with the
/// exception as its cause; Ctrl-C interrupts the search.
///
/// >>> class Subtraction:
/// ...     def options(self, n):
/// ...         return [n - k for k in (1, 3, 4) if k <= n]
/// >>> grundy.solve(Subtraction(), 10).grundy
/// 1
#[pyfunction]
#[pyo3(signature = (game, start, *, max_states = Memo::<()>::DEFAULT_LIMIT, misere = false))]
pub fn solve(
    game: &Bound<'_, PyAny>,
    start: &Bound<'_, PyAny>,
    max_states: usize,
    misere: bool,
) -> PyResult<Solution> {
    let py = game.py();
    let rules = PythonGame::new(game, !misere)?;
    let split = rules.components.is_some();
    let start = State::new(start)?;
    let mut memo = Memo::bounded(max_states, split);
    memo.set_cancel(rules.cancel.clone());
    let play = if misere {
        Convention::Misere
    } else {
        Convention::Normal
    };
    let searched = search(&rules, &mut memo, &start, play);
    if let Some(failure) = rules.failure() {
        return Err(failure);
    }
    let (outcome, grundy, remoteness, winning) = match searched {
        Ok(answer) => answer,
        Err(EngineError::Cycle) if misere => {
            return Err(PyValueError::new_err(
                "the game has a cycle: misère play of games with cycles is not supported",
            ));
        }
        Err(EngineError::Cycle) => {
            drop(memo);
            return loopy_solution(py, &rules, &start, max_states);
        }
        Err(EngineError::TableFull { limit }) => return Err(limit_reached(limit)),
        Err(other) => return Err(PyValueError::new_err(other.to_string())),
    };
    Ok(Solution {
        outcome: outcome_name(outcome),
        grundy,
        winning_moves: PyList::new(py, winning.iter().map(|s| s.object.bind(py)))?.unbind(),
        remoteness,
        states: memo.len(),
    })
}

fn limit_reached(limit: usize) -> PyErr {
    LimitError::new_err(format!(
        "the search reached max_states={limit} states before it finished; raise max_states"
    ))
}

/// The outcome, Grundy value, remoteness and winning moves of a state.
type Answer = (Outcome, Option<u64>, Option<u32>, Vec<State>);

/// The [`Answer`] for `start`: whole states on a table that does not split (value, misère
/// outcome and remoteness at once), Grundy values of components on one that does.
fn search(
    rules: &PythonGame<'_>,
    memo: &mut Memo<State>,
    start: &State,
    play: Convention,
) -> Result<Answer, EngineError> {
    let mut options = Vec::new();
    rules.options(start, &mut options);
    let mut winning = Vec::new();
    if rules.components.is_some() {
        let grundy = memo.grundy(rules, start)?;
        for option in options {
            if memo.grundy(rules, &option)? == Nimber::ZERO {
                winning.push(option);
            }
        }
        return Ok((
            Outcome::from_grundy(grundy),
            Some(grundy.value()),
            None,
            winning,
        ));
    }
    let info = memo.info(rules, start)?;
    for option in options {
        if memo.info(rules, &option)?.outcome(play) == Outcome::P {
            winning.push(option);
        }
    }
    let (grundy, remoteness) = match play {
        Convention::Normal => (Some(info.grundy.value()), Some(info.remoteness)),
        Convention::Misere => (None, None),
    };
    Ok((info.outcome(play), grundy, remoteness, winning))
}

/// The answer for a game with cycles: every state reachable from `start` listed (whole states,
/// up to `max_states`) as a graph, answered by its generalized Sprague–Grundy values.
fn loopy_solution(
    py: Python<'_>,
    rules: &PythonGame<'_>,
    start: &State,
    max_states: usize,
) -> PyResult<Solution> {
    let mut ids: FxHashMap<State, u32> = FxHashMap::default();
    let mut all: Vec<State> = vec![start.clone()];
    ids.insert(start.clone(), 0);
    let mut edges: Vec<(u32, u32)> = Vec::new();
    let mut options = Vec::new();
    let mut next = 0;
    while next < all.len() {
        options.clear();
        rules.options(&all[next], &mut options);
        if let Some(failure) = rules.failure() {
            return Err(failure);
        }
        for option in options.drain(..) {
            let id = match ids.get(&option) {
                Some(&id) => id,
                None => {
                    if all.len() >= max_states {
                        return Err(limit_reached(max_states));
                    }
                    let id = all.len() as u32;
                    ids.insert(option.clone(), id);
                    all.push(option);
                    id
                }
            };
            edges.push((next as u32, id));
        }
        next += 1;
    }
    let graph = Graph::from_edges(all.len(), &edges).map_err(|_| limit_reached(max_states))?;
    let values = loopy::generalized_values(&graph, &graph.reversed());
    let winning: Vec<&Bound<'_, PyAny>> = graph
        .followers(0)
        .iter()
        .filter(|&&v| values.finite(v) == Some(Nimber::ZERO))
        .map(|&v| all[v as usize].object.bind(py))
        .collect();
    Ok(Solution {
        outcome: outcome_name(values.outcome(&graph, 0)),
        grundy: values.finite(0).map(Nimber::value),
        winning_moves: PyList::new(py, winning)?.unbind(),
        remoteness: None,
        states: all.len(),
    })
}
