//! `grundy.explore`: the values G(n) of a ruleset's family of positions, their P-positions and
//! period, as `grundy explore RULESET --json` gives them.

use grundy::json::ExploreReport;
use grundy::ruleset::Setup;
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::analyze::named_params;
use crate::errors::bad_input;
use crate::numbers::numbers;

/// The family of ruleset `game`'s positions made of the numbers `fixed` and then n, for n from
/// 0 to `to` − 1, with the ruleset's parameters as keyword arguments: a dict with `values`,
/// `p_positions`, `period` (and whether a theorem proves it) and `certificate`, the JSON of
/// `grundy explore GAME FIXED… --to TO --json`.
///
/// >>> grundy.explore("lasker", to=8)["values"]
/// [0, 1, 2, 4, 3, 5, 6, 8]
/// >>> grundy.explore("subtraction", set=[1, 2], to=30)["period"]["proved"]
/// True
#[pyfunction]
#[pyo3(signature = (game, fixed = None, *, to = 100, **params))]
pub fn explore<'py>(
    py: Python<'py>,
    game: &str,
    fixed: Option<&Bound<'py, PyAny>>,
    to: u64,
    params: Option<&Bound<'py, PyDict>>,
) -> PyResult<Bound<'py, PyAny>> {
    let fixed = match fixed {
        Some(fixed) => numbers(fixed, "number")?,
        None => Vec::new(),
    };
    let setup = Setup {
        game: game.to_string(),
        params: named_params(params)?,
        ..Setup::default()
    };
    let text = py.detach(|| {
        let (exploration, [title, _]) =
            grundy::registry::explore(&setup, &fixed, to).map_err(|e| e.to_string())?;
        let report = ExploreReport {
            family: &title,
            exploration: &exploration,
            from: 0,
            to,
            check: None,
        };
        serde_json::to_string(&report).map_err(|e| e.to_string())
    });
    let text = text.map_err(bad_input)?;
    py.import("json")?.call_method1("loads", (text,))
}
