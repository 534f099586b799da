//! A position's numbers from Python: a list or tuple of ints, or a one-dimensional NumPy array
//! of integers (read as one block, not element by element).

use grundy::parse::{self, ParseError, Place, Token};
use numpy::{PyArray1, PyArrayDescrMethods, PyArrayMethods, PyUntypedArray, PyUntypedArrayMethods};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyTuple};

use crate::errors::bad_input;

/// The natural numbers of `position`, each a `part` (pile, step, ...) in errors, which say as
/// the command line does which value is bad (`bad pile: value 2: '-1' is negative; ...`).
pub fn numbers(position: &Bound<'_, PyAny>, part: &str) -> PyResult<Vec<u64>> {
    if let Ok(array) = position.cast::<PyUntypedArray>() {
        return from_array(array, part);
    }
    if let Ok(list) = position.cast::<PyList>() {
        return from_items(list.iter(), part);
    }
    if let Ok(tuple) = position.cast::<PyTuple>() {
        return from_items(tuple.iter(), part);
    }
    let Ok(items) = position.try_iter() else {
        return Err(bad_input(format!(
            "bad position: a list of {part}s is needed, not {}",
            position.get_type().name()?
        )));
    };
    from_items(items.collect::<PyResult<Vec<_>>>()?.into_iter(), part)
}

fn from_items<'py>(
    items: impl Iterator<Item = Bound<'py, PyAny>>,
    part: &str,
) -> PyResult<Vec<u64>> {
    let mut numbers = Vec::with_capacity(items.size_hint().0);
    for (i, item) in items.enumerate() {
        match item.extract::<u64>() {
            Ok(n) => numbers.push(n),
            Err(_) => return Err(bad_value(i, &item.str()?.to_string_lossy(), part)),
        }
    }
    Ok(numbers)
}

/// The numbers of a position typed as words that are numbers (`"3 4 5"`), each checked as the
/// command line checks its arguments.
pub fn from_words(words: &[String], part: &str) -> PyResult<Vec<u64>> {
    words
        .iter()
        .enumerate()
        .map(|(i, word)| parse::parse_u64(word).map_err(|_| bad_value(i, word, part)))
        .collect()
}

/// The error of value `index` (from 0), written `text`, as the command line words it.
fn bad_value(index: usize, text: &str, part: &str) -> PyErr {
    let problem = match parse::parse_u64(text) {
        Err(problem) => problem,
        // An int that reads as a number only through its str (a bool, an int subclass).
        Ok(_) => parse::NumberProblem::NotANumber,
    };
    let error = ParseError::BadNumber {
        token: Token::new(text),
        place: Place::Arg(index + 1),
        problem,
    };
    bad_input(format!("bad {part}: {error}"))
}

fn from_array(array: &Bound<'_, PyUntypedArray>, part: &str) -> PyResult<Vec<u64>> {
    if array.ndim() != 1 {
        return Err(bad_input(format!(
            "bad position: a one-dimensional array of {part}s is needed, not {} dimensions",
            array.ndim()
        )));
    }
    if let Ok(unsigned) = array.cast::<PyArray1<u64>>() {
        return Ok(unsigned.readonly().as_array().to_vec());
    }
    let kind = array.dtype().kind();
    if kind != b'i' && kind != b'u' {
        return Err(bad_input(format!(
            "bad position: an array of integers is needed, not of {}",
            array.dtype()
        )));
    }
    // Every other integer dtype fits in i64 (uint64 was read above): one vectorised conversion,
    // none for an int64 array.
    let copy = PyDict::new(array.py());
    copy.set_item("copy", false)?;
    let converted = array.call_method("astype", ("int64",), Some(&copy))?;
    let signed = converted.cast::<PyArray1<i64>>()?.readonly();
    let view = signed.as_array();
    let mut numbers = Vec::with_capacity(view.len());
    for (i, &n) in view.iter().enumerate() {
        match u64::try_from(n) {
            Ok(n) => numbers.push(n),
            Err(_) => return Err(bad_value(i, &n.to_string(), part)),
        }
    }
    Ok(numbers)
}
