//! The bounds on a script's work and the budget every call counts against.

use std::cell::Cell;
use std::rc::Rc;
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use grundy::engine::Memo;
use rhai::{Dynamic, Engine};

use crate::State;

/// Bounds on a script's work.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ScriptLimits {
    /// Script operations allowed in all, over every call (Rhai counts one per expression node).
    pub max_steps: u64,
    /// States the engine may remember.
    pub max_states: usize,
    /// Wall-clock time the script may run, counted from its compilation (checked every
    /// [`ScriptLimits::CLOCK_EVERY`] script operations, so time spent in the engine between script
    /// calls counts too, but stops the search only at the script's next call).
    pub time_limit: Duration,
    /// Bytes of memory the program may have in use while the script runs, as the meter of
    /// [`set_memory_meter`] reads them (not checked without one). Read before every operation of
    /// the interpreter, at every call and loop turn of compiled code, and after every call of
    /// `options` (the engine's table grows then), so the memory in use passes the bound by at
    /// most what one operation (one turn of a compiled loop) allocates, which Rhai's bounds on
    /// a value (strings of 1 MiB, arrays and maps of 65536 items) keep to a few MiB a statement.
    pub max_memory: usize,
}

impl ScriptLimits {
    /// The default step budget: ten billion operations, about half a minute of compiled code
    /// (the interpreter, ten times slower, meets the default time limit first). A search of a
    /// few thousand states with thousands of options each, Lasker's Nim on a heap of 5000
    /// (4.6·10^8 operations), fits.
    pub const DEFAULT_MAX_STEPS: u64 = 10_000_000_000;
    /// The default time limit: one minute.
    pub const DEFAULT_TIME_LIMIT: Duration = Duration::from_secs(60);
    /// How many script operations pass between two readings of the clock: tens of
    /// microseconds of compiled code, about a millisecond in the interpreter (a reading costs
    /// about as much as a few options of a compiled `options`).
    pub const CLOCK_EVERY: u64 = 4096;
    /// The default memory bound: 8 GiB, a third of a 24 GB machine, above what a full table of
    /// the default [`ScriptLimits::max_states`] states of a few numbers each takes.
    pub const DEFAULT_MAX_MEMORY: usize = 8 << 30;
}

/// Reads the bytes of memory the program has in use: only the program that owns the global
/// allocator can count them, so it supplies the meter ([`set_memory_meter`]).
pub(crate) static MEMORY_METER: OnceLock<fn() -> usize> = OnceLock::new();

/// Sets the meter that [`ScriptLimits::max_memory`] is checked with, for the rest of the process (the
/// first call wins). Without one, the memory bound is not checked.
pub fn set_memory_meter(meter: fn() -> usize) {
    let _ = MEMORY_METER.set(meter);
}

impl Default for ScriptLimits {
    fn default() -> Self {
        ScriptLimits {
            max_steps: Self::DEFAULT_MAX_STEPS,
            max_states: Memo::<State>::DEFAULT_LIMIT,
            time_limit: Self::DEFAULT_TIME_LIMIT,
            max_memory: Self::DEFAULT_MAX_MEMORY,
        }
    }
}

/// The one budget of operations shared by every call of a script, and its clock.
#[derive(Clone)]
pub(crate) struct Budget {
    pub(crate) limit: u64,
    pub(crate) time_limit: Duration,
    pub(crate) max_memory: usize,
    pub(crate) meter: Option<fn() -> usize>,
    pub(crate) deadline: Option<Instant>,
    pub(crate) used: Rc<Cell<u64>>,
    in_call: Rc<Cell<u64>>,
}

/// Why a script was stopped (the token of Rhai's `ErrorTerminated`).
const OUT_OF_STEPS: i64 = 0;
pub(crate) const OUT_OF_TIME: i64 = 1;
pub(crate) const OUT_OF_MEMORY: i64 = 2;

impl Budget {
    pub(crate) fn new(limits: &ScriptLimits) -> Budget {
        let time_limit = limits.time_limit;
        Budget {
            limit: limits.max_steps,
            time_limit,
            max_memory: limits.max_memory,
            meter: MEMORY_METER.get().copied(),
            // A limit too large for the clock is no limit.
            deadline: Instant::now().checked_add(time_limit),
            used: Rc::new(Cell::new(0)),
            in_call: Rc::new(Cell::new(0)),
        }
    }

    /// Installs the budget on an engine: a call is stopped once the total passes the limit, the
    /// memory in use passes its bound, or the clock (read every [`ScriptLimits::CLOCK_EVERY`]
    /// operations) passes the deadline.
    fn install(&self, engine: &mut Engine) {
        let budget = self.clone();
        engine.on_progress(move |count| {
            budget.in_call.set(count);
            let total = budget.used.get() + count;
            if total > budget.limit {
                return Some(Dynamic::from_int(OUT_OF_STEPS));
            }
            if budget.over_memory() {
                return Some(Dynamic::from_int(OUT_OF_MEMORY));
            }
            let late = total.is_multiple_of(ScriptLimits::CLOCK_EVERY)
                && budget.deadline.is_some_and(|d| Instant::now() >= d);
            // `then`, not `then_some`: no token built and dropped at every operation.
            late.then(|| Dynamic::from_int(OUT_OF_TIME))
        });
    }

    /// Whether the memory in use is past the bound (never without a meter).
    pub(crate) fn over_memory(&self) -> bool {
        self.meter.is_some_and(|meter| meter() > self.max_memory)
    }

    /// Adds the finished call's operations to the total.
    pub(crate) fn settle(&self) {
        self.used.set(self.used.get() + self.in_call.replace(0));
    }
}

/// A sandboxed Rhai engine with the budget and bounds on data sizes.
pub(crate) fn sandbox(budget: &Budget) -> Engine {
    let mut engine = Engine::new();
    budget.install(&mut engine);
    engine
        .set_max_call_levels(256)
        .set_max_expr_depths(256, 256)
        .set_max_string_size(1 << 20)
        .set_max_array_size(1 << 16)
        .set_max_map_size(1 << 16);
    engine.disable_symbol("eval");
    // print and debug go to standard error, so they never mix with the report.
    engine.on_print(|s| eprintln!("{s}"));
    engine.on_debug(|s, _, _| eprintln!("{s}"));
    engine
}
