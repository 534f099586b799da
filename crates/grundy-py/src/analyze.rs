//! `analyze`, `nim` and the `Analysis` they return: any ruleset of the registry, by name, with
//! its parameters as keyword arguments named as on the command line.

use std::collections::BTreeMap;

use grundy::engine::EngineError;
use grundy::json;
use grundy::registry::{self, Visitor};
use grundy::report;
use grundy::ruleset::{Playable, Setup};
use grundy::{AnalyzeOptions, GameValue, Lang, Outcome};
use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString, PyTuple};

use crate::errors::{LimitError, bad_input};
use crate::html;
use crate::numbers::{from_words, numbers};

/// The analysis of a position of a ruleset: outcome, Grundy value, winning moves; its JSON
/// (`to_dict`), explanation (`explain`) and drawing in a notebook (`_repr_html_`).
///
/// `to_dict()` equals what `grundy RULESET --json` prints for the same position and parameters.
#[pyclass(frozen, module = "grundy")]
pub struct Analysis {
    setup: Setup,
    numbers: Vec<u64>,
    max_moves: usize,
    summary: Summary,
}

/// What every analysis gives at once; the rest is rendered when asked for.
struct Summary {
    outcome: Outcome,
    grundy: Option<u64>,
    winning_move_count: u64,
    /// The position for people, or how many components it has when it is long.
    shown: String,
}

/// What to render of an analysis.
#[derive(Clone, Copy)]
enum Want {
    Summary,
    Json {
        lang: Lang,
        explain: bool,
    },
    /// The JSON's `winning_moves` alone (in English).
    Moves,
    Explain(Lang),
    Html,
}

/// Positions with more components than this are shown as their count in `repr`.
const SHOWN_COMPONENTS: usize = 20;

/// A [`Visitor`] analysing `numbers` and rendering what `want` asks.
struct Run<'a> {
    numbers: &'a [u64],
    max_moves: usize,
    want: Want,
}

impl Visitor for Run<'_> {
    type Output = PyResult<(Summary, String)>;

    fn visit<G: Playable>(self, game: G) -> PyResult<(Summary, String)> {
        let position = game.position(self.numbers.to_vec()).map_err(bad_input)?;
        let explain = match self.want {
            Want::Summary | Want::Moves => false,
            Want::Json { explain, .. } => explain,
            Want::Explain(_) | Want::Html => true,
        };
        let options = AnalyzeOptions {
            max_moves: self.max_moves,
            explain,
        };
        let analysis = game.analyze(&position, &options).map_err(engine_error)?;
        let text = match self.want {
            Want::Summary => String::new(),
            Want::Json { lang, .. } => {
                let value = json::playable(&game, &position, &analysis, lang, false);
                serde_json::to_string(&value).map_err(|e| PyRuntimeError::new_err(e.to_string()))?
            }
            Want::Moves => {
                let value = json::playable(&game, &position, &analysis, Lang::En, false);
                let mut value = serde_json::to_value(&value)
                    .map_err(|e| PyRuntimeError::new_err(e.to_string()))?;
                value["winning_moves"].take().to_string()
            }
            Want::Explain(lang) => report::explained(
                report::playable(&game, &position, &analysis, lang),
                lang,
                &analysis.explanation,
            ),
            Want::Html => html::analysis(&game, &position, &analysis),
        };
        let components = game.components(&position);
        let shown = if components <= SHOWN_COMPONENTS {
            game.show(&position, Lang::En)
        } else {
            format!("({components} {}s)", G::ABOUT.part.en())
        };
        let summary = Summary {
            outcome: analysis.outcome,
            grundy: analysis
                .value
                .as_ref()
                .and_then(GameValue::nimber)
                .map(|g| g.value()),
            winning_move_count: analysis.winning_move_count,
            shown,
        };
        Ok((summary, text))
    }
}

/// The error of an engine that could not analyse a position.
pub fn engine_error(error: EngineError) -> PyErr {
    match error {
        EngineError::TableFull { .. } => LimitError::new_err(error.to_string()),
        _ => PyRuntimeError::new_err(error.to_string()),
    }
}

fn lang(name: &str) -> PyResult<Lang> {
    match name {
        "en" => Ok(Lang::En),
        "zh" => Ok(Lang::Zh),
        other => Err(bad_input(format!(
            "bad lang '{other}': the languages are en and zh"
        ))),
    }
}

/// A parameter's value as the command line would read it: a str as it is, a list, tuple, set or
/// array of numbers joined by commas (a subtraction set `1,3,4`), anything else through `str`.
/// The keyword arguments `params` as the parameters [`Setup::params`] holds.
pub(crate) fn named_params(
    params: Option<&Bound<'_, PyDict>>,
) -> PyResult<BTreeMap<String, String>> {
    let mut named = BTreeMap::new();
    if let Some(params) = params {
        for (name, value) in params.iter() {
            named.insert(name.extract::<String>()?, param_text(&value)?);
        }
    }
    Ok(named)
}

fn param_text(value: &Bound<'_, PyAny>) -> PyResult<String> {
    if let Ok(text) = value.cast::<PyString>() {
        return Ok(text.to_string());
    }
    let is_collection = value.is_instance_of::<PyList>()
        || value.is_instance_of::<PyTuple>()
        || value.hasattr("__array__")?
        || value.is_instance_of::<pyo3::types::PySet>()
        || value.is_instance_of::<pyo3::types::PyFrozenSet>();
    if is_collection {
        let items = value
            .try_iter()?
            .map(|item| Ok(item?.str()?.to_string()))
            .collect::<PyResult<Vec<String>>>()?;
        return Ok(items.join(","));
    }
    Ok(value.str()?.to_string())
}

impl Analysis {
    fn new(
        game: &str,
        position: &Bound<'_, PyAny>,
        (misere, every): (bool, bool),
        max_moves: usize,
        params: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<Analysis> {
        let setup = Setup {
            game: game.to_string(),
            misere,
            every,
            params: named_params(params)?,
        };
        let part = registry::with_ruleset(&setup, Part).map_err(bad_input)?;
        let (setup, numbers) = match position.cast::<PyString>() {
            // Typed as on the command line, read by the ruleset (a drawing, a row of coins, a
            // sum's components) or else as numbers.
            Ok(text) => {
                let words: Vec<String> = text
                    .to_string()
                    .split_whitespace()
                    .map(str::to_string)
                    .collect();
                match registry::read_words(&setup, &words).map_err(bad_input)? {
                    Some(read) => read,
                    None => {
                        let numbers = from_words(&words, part)?;
                        (setup, numbers)
                    }
                }
            }
            Err(_) => {
                let numbers = numbers(position, part)?;
                (setup, numbers)
            }
        };
        let (summary, _) = render(&setup, &numbers, max_moves, Want::Summary)?;
        Ok(Analysis {
            setup,
            numbers,
            max_moves,
            summary,
        })
    }

    fn render(&self, want: Want) -> PyResult<(Summary, String)> {
        render(&self.setup, &self.numbers, self.max_moves, want)
    }

    fn json<'py>(&self, py: Python<'py>, lang: Lang, explain: bool) -> PyResult<Bound<'py, PyAny>> {
        let (_, text) = self.render(Want::Json { lang, explain })?;
        py.import("json")?.call_method1("loads", (text,))
    }
}

/// The analysis of `numbers` in the ruleset `setup` names, with what `want` asks rendered.
fn render(
    setup: &Setup,
    numbers: &[u64],
    max_moves: usize,
    want: Want,
) -> PyResult<(Summary, String)> {
    let run = Run {
        numbers,
        max_moves,
        want,
    };
    registry::with_ruleset(setup, run).map_err(bad_input)?
}

/// What a ruleset's position is made of (`pile`), for errors.
struct Part;

impl Visitor for Part {
    type Output = &'static str;
    fn visit<G: Playable>(self, _game: G) -> &'static str {
        G::ABOUT.part.en()
    }
}

#[pymethods]
impl Analysis {
    /// `"N"` (the player to move wins) or `"P"` (the player to move loses).
    #[getter]
    fn outcome(&self) -> String {
        format!("{:?}", self.summary.outcome)
    }

    /// The position's Grundy value (nim-value), or None where the convention has none (misère).
    #[getter]
    fn grundy(&self) -> Option<u64> {
        self.summary.grundy
    }

    /// How many winning moves there are in all (`winning_moves` lists at most `max_moves`).
    #[getter]
    fn winning_move_count(&self) -> u64 {
        self.summary.winning_move_count
    }

    /// The winning moves listed, each a dict with `change` (which component, before and after),
    /// `description` and `position` (the position after the move; left out past 1000
    /// components), as in `to_dict()`.
    #[getter]
    fn winning_moves<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        // Without the position, which may be long.
        let (_, text) = self.render(Want::Moves)?;
        py.import("json")?.call_method1("loads", (text,))
    }

    /// The ruleset's name (`"nim"`).
    #[getter]
    fn game(&self) -> &str {
        &self.setup.game
    }

    /// The JSON object `grundy RULESET --json` prints, as a dict; `lang="zh"` for Chinese
    /// descriptions, `explain=True` to add the explanation steps (`--json --explain`).
    #[pyo3(signature = (lang = "en", explain = false))]
    fn to_dict<'py>(
        &self,
        py: Python<'py>,
        lang: &str,
        explain: bool,
    ) -> PyResult<Bound<'py, PyAny>> {
        self.json(py, self::lang(lang)?, explain)
    }

    /// The report `grundy RULESET --explain` prints: the position, the verdict, the winning
    /// moves, and the proof's numbered steps under "Why:"; `lang="zh"` for Chinese.
    #[pyo3(signature = (lang = "en"))]
    fn explain(&self, lang: &str) -> PyResult<String> {
        Ok(self.render(Want::Explain(self::lang(lang)?))?.1)
    }

    /// The position drawn for a notebook: for Nim and its misère form, the piles in binary with
    /// the running XOR, as the playground draws them; the answer bar with the first winning move.
    fn _repr_html_(&self) -> PyResult<String> {
        Ok(self.render(Want::Html)?.1)
    }

    fn __repr__(&self) -> String {
        let grundy = self
            .summary
            .grundy
            .map(|g| format!(", grundy {g}"))
            .unwrap_or_default();
        let play = match (self.setup.misere, self.setup.every) {
            (true, _) => " misère",
            (_, true) => " every",
            _ => "",
        };
        format!(
            "<Analysis {}{play} {}: {:?}{grundy}, {} winning moves>",
            self.setup.game,
            self.summary.shown,
            self.summary.outcome,
            self.summary.winning_move_count
        )
    }
}

/// Analyses `position` in the ruleset `game` (one of `RULESETS`), with its parameters as
/// keyword arguments named as on the command line.
///
/// >>> grundy.analyze("nonincreasing", [3, 4, 5], k=3).outcome
/// 'N'
/// >>> grundy.analyze("subtraction", [5, 6], set=[1, 3, 4]).grundy
/// 1
///
/// `every=True` plays a sum of piles under the Every-SG rule (a move in every pile that can
/// move):
///
/// >>> grundy.analyze("lasker", [3, 5], every=True).outcome
/// 'N'
#[pyfunction]
#[pyo3(signature = (game, position, *, misere = false, every = false, max_moves = AnalyzeOptions::DEFAULT_MAX_MOVES, **params))]
pub fn analyze(
    game: &str,
    position: &Bound<'_, PyAny>,
    misere: bool,
    every: bool,
    max_moves: usize,
    params: Option<&Bound<'_, PyDict>>,
) -> PyResult<Analysis> {
    Analysis::new(game, position, (misere, every), max_moves, params)
}

/// Analyses a Nim position: `piles` a list of ints or a NumPy array of integers.
///
/// >>> grundy.nim([3, 4, 5]).winning_moves[0]["description"]
/// 'take 2 from pile 1 (3 -> 1)'
#[pyfunction]
#[pyo3(signature = (piles, misere = false, *, max_moves = AnalyzeOptions::DEFAULT_MAX_MOVES))]
pub fn nim(piles: &Bound<'_, PyAny>, misere: bool, max_moves: usize) -> PyResult<Analysis> {
    Analysis::new("nim", piles, (misere, false), max_moves, None)
}

/// The parameters ruleset `game` takes: a list of dicts with `name`, `value_name`, `en`, `zh`
/// (what it is), `default`, `positional` and `role`.
#[pyfunction]
pub fn parameters<'py>(py: Python<'py>, game: &str) -> PyResult<Bound<'py, PyAny>> {
    let setup = Setup {
        game: game.to_string(),
        ..Setup::default()
    };
    let text = registry::with_ruleset(&setup, Parameters).map_err(bad_input)?;
    py.import("json")?.call_method1("loads", (text,))
}

/// The registry's parameter list of a ruleset, as JSON.
struct Parameters;

impl Visitor for Parameters {
    type Output = String;
    fn visit<G: Playable>(self, _game: G) -> String {
        serde_json::to_string(G::ABOUT.parameters).unwrap_or_default()
    }
}
