//! `values` and `find_period`: Grundy value sequences of take-and-break codes (the codes
//! `grundy values` takes), computed with the interpreter's lock released and Ctrl-C looked at
//! between steps.

use std::time::Instant;

use grundy::values::{Found, Sequence, TakeAndBreak, Values};
use numpy::PyArray1;
use pyo3::prelude::*;

use crate::errors::bad_input;

/// A period of a value sequence: G(n + period) = G(n) + saltus for every n ≥ preperiod (saltus 0
/// for a plain period).
#[pyclass(frozen, get_all, module = "grundy")]
pub struct Period {
    /// The first n of the periodic part.
    preperiod: usize,
    /// The period.
    period: usize,
    /// The saltus (0 for a plain period).
    saltus: u64,
    /// Whether a theorem proves that the period holds for every n, not only for the values
    /// computed.
    proved: bool,
    /// The theorem that proves it (`"octal periodicity theorem"`), or None.
    theorem: Option<&'static str>,
    /// How many values were computed, G(0..computed).
    computed: usize,
}

#[pymethods]
impl Period {
    fn __repr__(&self) -> String {
        let saltus = if self.saltus > 0 {
            format!(", saltus={}", self.saltus)
        } else {
            String::new()
        };
        let theorem = match self.theorem {
            Some(t) => format!("'{t}'"),
            None => "None".to_string(),
        };
        format!(
            "Period(preperiod={}, period={}{saltus}, proved={}, theorem={theorem}, computed={})",
            self.preperiod,
            self.period,
            if self.proved { "True" } else { "False" },
            self.computed
        )
    }
}

fn rules(code: &str) -> PyResult<TakeAndBreak> {
    code.parse::<TakeAndBreak>()
        .map_err(|e| bad_input(format!("bad game: {e}")))
}

/// Seconds of work between two looks at Ctrl-C.
const STEP_SECONDS: f64 = 0.2;

/// Extends `sequence` to `target` values, or, with `stop_at_proof`, until a period is proved,
/// in steps of about [`STEP_SECONDS`] (powers of two when looking for a proof), the
/// interpreter's lock released during each.
fn compute(
    py: Python<'_>,
    sequence: &mut Sequence,
    target: usize,
    stop_at_proof: bool,
) -> PyResult<()> {
    let mut step = 4096usize;
    while sequence.len() < target && !(stop_at_proof && sequence.proved_period().is_some()) {
        let next = if stop_at_proof {
            (sequence.len() + 1).next_power_of_two()
        } else {
            sequence.len().saturating_add(step)
        }
        .min(target);
        let (before, start) = (sequence.len(), Instant::now());
        py.detach(|| sequence.extend_to(next));
        let rate = (sequence.len() - before) as f64 / start.elapsed().as_secs_f64().max(1e-6);
        step = ((rate * STEP_SECONDS) as usize).clamp(1024, 1 << 24);
        py.check_signals()?;
    }
    Ok(())
}

/// The number of values asked for, refused past what a sequence holds.
fn length(values: u64) -> PyResult<usize> {
    usize::try_from(values)
        .ok()
        .filter(|&n| n < u32::MAX as usize)
        .ok_or_else(|| bad_input("the length is too large: at most 4294967294 values"))
}

/// G(0), …, G(upto) of the heap game `code` (as `grundy values CODE --upto UPTO`: an octal or
/// take-and-break code, `grundy`, or a subtraction set), as a NumPy array of the narrowest
/// unsigned dtype that holds them (uint8 for most games, else uint16 or uint32), made from the
/// engine's table in one copy.
///
/// >>> grundy.values("0.77", 12).tolist()
/// [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4]
#[pyfunction]
pub fn values<'py>(py: Python<'py>, code: &str, upto: u64) -> PyResult<Bound<'py, PyAny>> {
    let rules = rules(code)?;
    let len = length(upto.saturating_add(1))?;
    let mut sequence = Sequence::new(rules);
    compute(py, &mut sequence, len, false)?;
    Ok(match sequence.values() {
        Values::U8(v) => PyArray1::from_slice(py, &v[..len]).into_any(),
        // The table keeps one byte a value before its first value above 255: one uint16 array
        // of both parts, handed to NumPy as it is.
        Values::U16 { narrow, wide } => {
            let values: Vec<u16> = (narrow.iter().map(|&v| u16::from(v)))
                .chain(wide.iter().copied())
                .take(len)
                .collect();
            PyArray1::from_vec(py, values).into_any()
        }
        Values::U32(v) => PyArray1::from_slice(py, &v[..len]).into_any(),
    })
}

/// Computes G(n) of the heap game `code` until a period is proved (values are checked whenever
/// their number reaches a power of two) or `limit` values are known, as
/// `grundy values CODE --find-period --limit LIMIT`; the period seen (proved or not: see
/// `proved`), or None when the values show none.
///
/// >>> p = grundy.find_period("0.77")
/// >>> (p.preperiod, p.period, p.proved)
/// (71, 12, True)
#[pyfunction]
#[pyo3(signature = (code, limit = 1 << 20))]
pub fn find_period(py: Python<'_>, code: &str, limit: u64) -> PyResult<Option<Period>> {
    let rules = rules(code)?;
    let limit = length(limit)?;
    let mut sequence = Sequence::new(rules);
    compute(py, &mut sequence, limit, true)?;
    let computed = sequence.len();
    Ok(sequence
        .period_in(computed)
        .map(|Found { period, theorem }| Period {
            preperiod: period.preperiod,
            period: period.period,
            saltus: period.saltus,
            proved: period.proved,
            theorem,
            computed,
        }))
}
