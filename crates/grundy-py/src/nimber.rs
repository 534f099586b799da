//! `grundy.nimber`: the field operations of `grundy::nimber` on NumPy `uint64` arrays, element by
//! element in Rust with the GIL released. `python/grundy/nimber.py` turns ints and other integer
//! arrays into such arrays and broadcasts them to one shape.

use grundy::nimber::{nim_inv, nim_mul, nim_pow, nim_sqrt};
use numpy::ndarray::{ArrayD, ArrayViewD, Zip};
use numpy::{IntoPyArray, PyArrayDyn, PyReadonlyArrayDyn};
use pyo3::exceptions::PyZeroDivisionError;
use pyo3::prelude::*;

use crate::errors::bad_input;

type Out<'py> = PyResult<Bound<'py, PyArrayDyn<u64>>>;

/// `op` on the pairs of `a` and `b`, arrays of one shape.
fn pairs<'py>(
    py: Python<'py>,
    a: &PyReadonlyArrayDyn<'py, u64>,
    b: &PyReadonlyArrayDyn<'py, u64>,
    op: fn(u64, u64) -> u64,
) -> Out<'py> {
    let (a, b) = (a.as_array(), b.as_array());
    if a.shape() != b.shape() {
        return Err(bad_input(format!(
            "arrays of shapes {:?} and {:?}: one shape is needed",
            a.shape(),
            b.shape()
        )));
    }
    let out = py.detach(|| Zip::from(&a).and(&b).map_collect(|&x, &y| op(x, y)));
    Ok(out.into_pyarray(py))
}

fn each<'py>(py: Python<'py>, a: ArrayViewD<'_, u64>, op: fn(u64) -> u64) -> Out<'py> {
    let out: ArrayD<u64> = py.detach(|| a.map(|&x| op(x)));
    Ok(out.into_pyarray(py))
}

/// The nim-products a ⊗ b.
#[pyfunction]
pub fn nimber_mul<'py>(
    py: Python<'py>,
    a: PyReadonlyArrayDyn<'py, u64>,
    b: PyReadonlyArrayDyn<'py, u64>,
) -> Out<'py> {
    pairs(py, &a, &b, nim_mul)
}

/// The nim-powers x^n, n an ordinary natural number.
#[pyfunction]
pub fn nimber_pow<'py>(
    py: Python<'py>,
    x: PyReadonlyArrayDyn<'py, u64>,
    n: PyReadonlyArrayDyn<'py, u64>,
) -> Out<'py> {
    pairs(py, &x, &n, nim_pow)
}

/// The nim square roots.
#[pyfunction]
pub fn nimber_sqrt<'py>(py: Python<'py>, x: PyReadonlyArrayDyn<'py, u64>) -> Out<'py> {
    each(py, x.as_array(), nim_sqrt)
}

/// The nim-inverses; `ZeroDivisionError` naming the first 0 (in C order) when there is one.
#[pyfunction]
pub fn nimber_inv<'py>(py: Python<'py>, x: PyReadonlyArrayDyn<'py, u64>) -> Out<'py> {
    let x = x.as_array();
    if let Some(i) = x.iter().position(|&v| v == 0) {
        let at = if x.ndim() == 0 {
            String::new()
        } else {
            format!(" at flat index {i}")
        };
        return Err(PyZeroDivisionError::new_err(format!(
            "0{at} has no nim-inverse"
        )));
    }
    // Every element is past 0 here.
    each(py, x, |v| nim_inv(v).unwrap_or(0))
}
