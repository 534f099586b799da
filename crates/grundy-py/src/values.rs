//! `values` and `find_period`: Grundy value sequences of take-and-break codes (the codes
//! `grundy values` takes), computed with the interpreter's lock released, refused before they
//! start when they could need more memory than allowed, and stopped by Ctrl-C.

use std::time::Duration;

use grundy::values::{Found, Sequence, TakeAndBreak, Values, memory};
use grundy::{Cancel, Cancelled};
use numpy::PyArray1;
use pyo3::exceptions::PyMemoryError;
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

/// How long the interpreter's thread waits for the computation between two looks at Ctrl-C.
const SIGNAL_POLL: Duration = Duration::from_millis(50);

/// Extends `sequence` to `target` values, or, with `stop_at_proof`, until a period is proved:
/// on a worker thread, with the interpreter's lock released, while the calling thread looks at
/// Ctrl-C every [`SIGNAL_POLL`] and stops the worker through the library's cancellation (the
/// sequence looks at its token every few thousand values) when a signal handler raises.
fn compute(
    py: Python<'_>,
    sequence: &mut Sequence,
    target: usize,
    stop_at_proof: bool,
) -> PyResult<()> {
    let cancel = Cancel::new();
    let caller = std::thread::current();
    std::thread::scope(|scope| {
        let worker = scope.spawn(|| {
            // A cancelled run has nothing to report: the caller raises the signal's exception.
            let _ = extend(sequence, target, stop_at_proof, &cancel);
            caller.unpark();
        });
        while !worker.is_finished() {
            py.detach(|| std::thread::park_timeout(SIGNAL_POLL));
            if let Err(interrupt) = py.check_signals() {
                cancel.cancel();
                join(worker);
                return Err(interrupt);
            }
        }
        join(worker);
        Ok(())
    })
}

/// Waits for `worker`, passing its panic on.
fn join(worker: std::thread::ScopedJoinHandle<'_, ()>) {
    if let Err(panic) = worker.join() {
        std::panic::resume_unwind(panic);
    }
}

/// [`compute`]'s work, until done or cancelled; with `stop_at_proof` in powers of two, where
/// the sequence looks for a proof (as `grundy values --find-period` does).
fn extend(
    sequence: &mut Sequence,
    target: usize,
    stop_at_proof: bool,
    cancel: &Cancel,
) -> Result<(), Cancelled> {
    if !stop_at_proof {
        return sequence.extend_to_within(target, cancel);
    }
    while sequence.len() < target && sequence.proved_period().is_none() {
        let next = (sequence.len() + 1).next_power_of_two().min(target);
        sequence.extend_to_within(next, cancel)?;
    }
    Ok(())
}

/// The number of values asked for, refused past what a sequence holds or when they could need
/// more memory than `max_memory` MiB (by default, than is available).
fn length(values: u64, max_memory: Option<u64>) -> PyResult<usize> {
    let len = usize::try_from(values)
        .ok()
        .filter(|&n| n < u32::MAX as usize)
        .ok_or_else(|| bad_input("the length is too large: at most 4294967294 values"))?;
    memory::check(len, max_memory, "max_memory")
        .map_err(|e| PyMemoryError::new_err(e.to_string()))?;
    Ok(len)
}

/// G(0), …, G(upto) of the heap game `code` (as `grundy values CODE --upto UPTO`: an octal or
/// take-and-break code, `grundy`, or a subtraction set), as a NumPy array of the narrowest
/// unsigned dtype that holds them (uint8 for most games, else uint16 or uint32), made from the
/// engine's table in one copy.
///
/// G(0..N) may need up to 8·(N + 1) bytes while it is computed: a run that could need more than
/// `max_memory` MiB (by default, than the memory available) raises `MemoryError` before it
/// starts, as `grundy values --max-memory` refuses it. Ctrl-C stops the computation
/// (`KeyboardInterrupt`).
///
/// >>> grundy.values("0.77", 12).tolist()
/// [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4]
#[pyfunction]
#[pyo3(signature = (code, upto, *, max_memory = None))]
pub fn values<'py>(
    py: Python<'py>,
    code: &str,
    upto: u64,
    max_memory: Option<u64>,
) -> PyResult<Bound<'py, PyAny>> {
    let rules = rules(code)?;
    let len = length(upto.saturating_add(1), max_memory)?;
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
/// `proved`), or None when the values show none. Memory and Ctrl-C as for `values`, with
/// `limit` values.
///
/// >>> p = grundy.find_period("0.77")
/// >>> (p.preperiod, p.period, p.proved)
/// (71, 12, True)
#[pyfunction]
#[pyo3(signature = (code, limit = 1 << 20, *, max_memory = None))]
pub fn find_period(
    py: Python<'_>,
    code: &str,
    limit: u64,
    max_memory: Option<u64>,
) -> PyResult<Option<Period>> {
    let rules = rules(code)?;
    let limit = length(limit, max_memory)?;
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
