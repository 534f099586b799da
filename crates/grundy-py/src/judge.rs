//! `judge` and `problems`: the contest problems of `grundy judge`, their exact input and output.

use pyo3::prelude::*;

use crate::errors::bad_input;

/// What `grundy judge PROBLEM` prints for the input `input` (the problem's id or an alias, as
/// `grundy judge --list` shows them); `limits=False` accepts values beyond the statement's limits
/// (`--no-limits`). Malformed input is a `ValueError` with the command line's one-line message.
///
/// >>> print(grundy.judge("luogu-p1247", "3\n3 6 9\n"), end="")
/// 4 3
/// 3 6 5
#[pyfunction]
#[pyo3(signature = (problem, input, *, limits = true))]
pub fn judge(py: Python<'_>, problem: &str, input: &str, limits: bool) -> PyResult<String> {
    let problem = grundy_judge::find(problem).map_err(|e| bad_input(format!("{e:#}")))?;
    let answer = py
        .detach(|| grundy_judge::solve_bytes(problem, input.as_bytes(), limits))
        .map_err(|e| bad_input(format!("{e:#}")))?;
    // The judge writes numbers and ASCII words only.
    Ok(String::from_utf8_lossy(&answer).into_owned())
}

/// The problems `judge` solves: a list of dicts with `id`, `aliases`, `title` and `answers`
/// (the words its output uses), in the order of `grundy judge --list`.
#[pyfunction]
pub fn problems(py: Python<'_>) -> PyResult<Vec<Bound<'_, pyo3::types::PyDict>>> {
    grundy_judge::problems()
        .map(|p| {
            let item = pyo3::types::PyDict::new(py);
            item.set_item("id", p.id)?;
            item.set_item("aliases", p.aliases.to_vec())?;
            item.set_item("title", p.title)?;
            item.set_item("answers", p.answers)?;
            Ok(item)
        })
        .collect()
}
