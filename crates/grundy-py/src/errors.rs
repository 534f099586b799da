//! The exceptions of the package: `ValueError` for bad input (the command line's one-line
//! messages), [`GameError`] for a game written in Python that failed, [`LimitError`] for a search
//! past its bound.

use std::fmt::Display;

use pyo3::create_exception;
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;

create_exception!(
    grundy,
    GameError,
    PyRuntimeError,
    "A game's `options` or `components` raised or returned something unusable; the message names the state and the exception raised is its `__cause__`."
);
create_exception!(
    grundy,
    LimitError,
    PyRuntimeError,
    "A search reached its bound (`max_states`) before it finished."
);

/// Adds the exception classes to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("GameError", py.get_type::<GameError>())?;
    m.add("LimitError", py.get_type::<LimitError>())?;
    Ok(())
}

/// A `ValueError` whose message is `error`'s, as the command line prints it after `grundy: `.
pub fn bad_input(error: impl Display) -> PyErr {
    PyValueError::new_err(error.to_string())
}
