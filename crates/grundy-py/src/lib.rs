//! `grundy` for Python: the native module `grundy._grundy`, which `python/grundy/__init__.py`
//! re-exports.
//!
//! - [`analyze`]: a position of any ruleset of the registry (`grundy::registry::RULESETS`), its
//!   JSON the same as `grundy RULESET --json` prints;
//! - [`explore`]: a ruleset's family of positions (fixed numbers and then n): its values, their
//!   period, as `grundy explore RULESET --json` gives them;
//! - [`quotient`]: the misère quotient of a take-and-break game, its table as a NumPy array;
//! - [`values`]: value sequences of take-and-break codes as NumPy arrays, and their periods;
//! - [`solve`]: a game written in Python (`options(state)`, optionally `components(state)`)
//!   searched by the library's engine;
//! - [`judge`]: a contest problem's output for an input, as `grundy judge` prints it;
//! - [`nimber`]: the field operations on NumPy arrays (`grundy.nimber`).

mod analyze;
mod errors;
mod explore;
mod html;
mod judge;
mod nimber;
mod numbers;
mod quotient;
mod solve;
mod values;

use pyo3::prelude::*;

/// The native part of the `grundy` package.
#[pymodule]
fn _grundy(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("RULESETS", grundy::registry::RULESETS.to_vec())?;
    m.add_class::<analyze::Analysis>()?;
    m.add_function(wrap_pyfunction!(analyze::analyze, m)?)?;
    m.add_function(wrap_pyfunction!(analyze::nim, m)?)?;
    m.add_function(wrap_pyfunction!(analyze::parameters, m)?)?;
    m.add_function(wrap_pyfunction!(explore::explore, m)?)?;
    m.add_class::<values::Period>()?;
    m.add_function(wrap_pyfunction!(values::values, m)?)?;
    m.add_function(wrap_pyfunction!(values::find_period, m)?)?;
    m.add_class::<quotient::MisereQuotient>()?;
    m.add_function(wrap_pyfunction!(quotient::quotient, m)?)?;
    m.add_class::<solve::Solution>()?;
    m.add_function(wrap_pyfunction!(solve::solve, m)?)?;
    m.add_function(wrap_pyfunction!(judge::judge, m)?)?;
    m.add_function(wrap_pyfunction!(judge::problems, m)?)?;
    m.add_function(wrap_pyfunction!(nimber::nimber_mul, m)?)?;
    m.add_function(wrap_pyfunction!(nimber::nimber_pow, m)?)?;
    m.add_function(wrap_pyfunction!(nimber::nimber_sqrt, m)?)?;
    m.add_function(wrap_pyfunction!(nimber::nimber_inv, m)?)?;
    errors::register(m)?;
    Ok(())
}
