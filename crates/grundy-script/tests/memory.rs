//! The memory bound, with a meter this test sets (its own process: the meter is global).

use std::sync::atomic::{AtomicUsize, Ordering};

use grundy_script::{Script, ScriptError, ScriptLimits, State};

/// The bytes the meter reports: set by the test, not measured.
static IN_USE: AtomicUsize = AtomicUsize::new(0);

#[test]
fn a_script_stops_once_the_meter_passes_the_bound_and_not_before() {
    grundy_script::set_memory_meter(|| IN_USE.load(Ordering::Relaxed));
    let limits = ScriptLimits {
        max_memory: 1000,
        ..ScriptLimits::default()
    };
    let source = "fn options(n) { if n > 0 { [n - 1] } else { [] } }";
    // At the bound: the search runs.
    IN_USE.store(1000, Ordering::Relaxed);
    let script = Script::compile(source, limits).unwrap();
    assert_eq!(script.grundy(&State::Int(30)).unwrap().value(), 0);
    // One byte past it: stopped at the next operation, the place being options().
    IN_USE.store(1001, Ordering::Relaxed);
    let error = script.grundy(&State::Int(40)).unwrap_err();
    assert!(
        matches!(error, ScriptError::MemoryLimit { limit: 1000, .. }),
        "{error}"
    );
    assert_eq!(
        error.to_string(),
        "line 1, column 1: the script used more than 1000 bytes of memory; raise it (--max-memory MIB)"
    );
    // Back under it, the same script goes on (the table was dropped, not the script).
    IN_USE.store(0, Ordering::Relaxed);
    assert_eq!(script.grundy(&State::Int(40)).unwrap().value(), 0);
    // The top level is held to it too.
    IN_USE.store(1001, Ordering::Relaxed);
    let top = Script::compile(&format!("let x = 1;\n{source}"), limits);
    assert!(matches!(top, Err(ScriptError::MemoryLimit { .. })));
}
