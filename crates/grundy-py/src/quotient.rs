//! `quotient`: the misère quotient of a take-and-break game, as `grundy quotient CODE --json`
//! computes it, with its multiplication table as a NumPy array.

use std::time::{Duration, Instant};

use grundy::quotient::{
    Bounds, DEFAULT_MAX_MEMORY, DEFAULT_MAX_ORDER, Presentation, Report, THEOREM,
};
use grundy::values::TakeAndBreak;
use numpy::{PyArray1, PyArrayMethods};
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::errors::{LimitError, bad_input};

/// The misère quotient of all sums of heaps up to `max_heap` (see `grundy.quotient`).
#[pyclass(frozen, get_all, module = "grundy")]
pub struct MisereQuotient {
    /// The code, as the library writes it.
    code: String,
    /// The largest heap.
    max_heap: usize,
    /// The number of elements; element 0 is the identity.
    order: usize,
    /// The elements of the P-portion.
    p_portion: Vec<u32>,
    /// `table[x, y]`: the product of elements x and y (uint32, order × order).
    table: Py<PyAny>,
    /// `heaps[n]`: the element of a heap of n (uint32, heaps 0 to max_heap).
    heaps: Py<PyAny>,
    /// Each element written in the generators (`"ab²"`; `"1"` for the identity).
    elements: Vec<String>,
    /// The heap each generator is the element of (generator 0 is `a`).
    generators: Vec<usize>,
    /// After each heap n: (n, order, size of the P-portion).
    growth: Vec<(usize, usize, usize)>,
    /// The periodicity theorem's certificate that this is the quotient of the whole game
    /// (`theorem`, `preperiod`, `period`, `checked_to`), or None.
    certificate: Option<Py<PyDict>>,
    /// Why the computation stopped before the heap asked for (the quotient's order or memory
    /// past its bound, or out of time), or None.
    stopped: Option<String>,
}

#[pymethods]
impl MisereQuotient {
    fn __repr__(&self) -> String {
        format!(
            "MisereQuotient(code='{}', max_heap={}, order={}, p_portion={}, certified={})",
            self.code,
            self.max_heap,
            self.order,
            self.p_portion.len(),
            if self.certificate.is_some() {
                "True"
            } else {
                "False"
            }
        )
    }
}

/// The misère quotient of the take-and-break game `code` (an octal code such as `"0.77"`, a
/// name such as `"kayles"`): with `heaps`, of all sums of heaps up to it, as
/// `grundy quotient CODE --heaps HEAPS`; without, the game solved, heap by heap until the
/// periodicity theorem certifies the quotient of the whole game, within `max_heap` heaps and
/// `time` seconds (60 by default), as `grundy quotient CODE`. Stops when the quotient has more
/// than `max_order` elements, or the construction of a grown quotient (where no guess of it passes
/// the exact check, the layered construction) would hold more than `max_memory` MiB; `stopped` then says why, and the quotient is the last one within
/// the bounds (`LimitError` when not even heaps up to 1 fit).
///
/// >>> q = grundy.quotient("kayles")
/// >>> (q.order, len(q.p_portion), q.max_heap, q.certificate["period"])
/// (40, 9, 167, 12)
#[pyfunction]
#[pyo3(signature = (code, heaps = None, *, max_order = DEFAULT_MAX_ORDER, max_heap = 100_000, time = None, max_memory = None))]
pub fn quotient(
    py: Python<'_>,
    code: &str,
    heaps: Option<usize>,
    max_order: usize,
    max_heap: usize,
    time: Option<f64>,
    max_memory: Option<usize>,
) -> PyResult<MisereQuotient> {
    let rules: TakeAndBreak = code
        .parse()
        .map_err(|e| bad_input(format!("bad game: {e}")))?;
    if heaps == Some(0) {
        return Err(bad_input("heaps=0: give the largest heap, at least 1"));
    }
    let time = match time {
        Some(t) if t.is_nan() || t <= 0.0 => {
            return Err(bad_input(format!("time={t}: it must be positive")));
        }
        Some(t) => Some(Duration::try_from_secs_f64(t).unwrap_or(Duration::MAX)),
        None => heaps.is_none().then_some(Duration::from_secs(60)),
    };
    let bounds = Bounds {
        max_heap: heaps.unwrap_or(max_heap),
        max_order,
        max_memory: max_memory.map_or(DEFAULT_MAX_MEMORY, |m| m.saturating_mul(1 << 20)),
    };
    let start = Instant::now();
    let report = py.detach(|| {
        Report::run(&rules, bounds, heaps.is_none(), &mut |_| {
            time.is_none_or(|t| start.elapsed() < t)
        })
    });
    let Some(q) = &report.quotient else {
        let stopped = report.stopped.expect("a report without a quotient stopped");
        return Err(LimitError::new_err(stopped.to_string()));
    };
    let presentation = Presentation::of(q);
    let order = q.order() as u32;
    let table: Vec<u32> = (0..order)
        .flat_map(|x| (0..order).map(move |y| (x, y)))
        .map(|(x, y)| q.product(x, y))
        .collect();
    let table = PyArray1::from_vec(py, table).reshape([q.order(), q.order()])?;
    let heaps = PyArray1::from_vec(py, (0..=q.max_heap()).map(|n| q.heap(n)).collect());
    let certificate = match report.certificate() {
        Some(c) => {
            let dict = PyDict::new(py);
            dict.set_item("theorem", THEOREM)?;
            dict.set_item("preperiod", c.preperiod)?;
            dict.set_item("period", c.period)?;
            dict.set_item("checked_to", c.checked_to)?;
            Some(dict.unbind())
        }
        None => None,
    };
    let stopped = report
        .stopped
        .as_ref()
        .map(ToString::to_string)
        .or_else(|| {
            report
                .interrupted
                .then(|| format!("stopped at heap {}: out of time", q.max_heap()))
        });
    Ok(MisereQuotient {
        code: rules.to_string(),
        max_heap: q.max_heap(),
        order: q.order(),
        p_portion: q.p_portion(),
        table: table.into_any().unbind(),
        heaps: heaps.into_any().unbind(),
        elements: (0..order).map(|x| presentation.element(x)).collect(),
        generators: presentation.generators.clone(),
        growth: report
            .steps
            .iter()
            .map(|s| (s.heap, s.order, s.p_portion))
            .collect(),
        certificate,
        stopped,
    })
}
