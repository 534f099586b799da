//! Script games (`grundy script FILE`): Rhai sources, compiled and interpreted.
//!
//! Invariants: compiling any source never panics; where `options` is compiled
//! (`grundy_script`'s fast path), it gives, for a few states (numbers, an array, a map), the
//! same options or the same error as the interpreter alone, on fresh scripts (each with its
//! whole budget). The step budget is the one place the two paths may part: they count
//! operations each their own way, so a call that the interpreter stops for its budget is not
//! compared.
#![no_main]

use std::time::Duration;

use grundy_script::{Script, ScriptError, ScriptLimits, State};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|bytes: &[u8]| {
    let Ok(source) = std::str::from_utf8(bytes) else {
        return;
    };
    let limits = ScriptLimits {
        max_steps: 200_000,
        max_states: 1000,
        time_limit: Duration::from_secs(60),
        ..ScriptLimits::default()
    };
    let fresh = |interpreted: bool| {
        let mut script = Script::compile_silent(source, limits).ok()?;
        if interpreted {
            script.interpret_only();
        }
        Some(script)
    };
    let Some(probe) = fresh(false) else {
        return;
    };
    if probe.interpreted_because().is_some() {
        return;
    }
    let ints = |values: &[i64]| State::Array(values.iter().map(|&v| State::Int(v)).collect());
    // Numbers, an array and a map: a state on the heap is read in place by the compiled code
    // where `options` never changes its parameter.
    let states = [
        State::Int(-3),
        State::Int(0),
        State::Int(2),
        State::Int(9),
        ints(&[3, 5]),
        State::Map(Box::new([
            ("cap".into(), State::Int(2)),
            ("piles".into(), ints(&[1, 4])),
        ])),
    ];
    for state in states {
        let (Some(fast), Some(slow)) = (fresh(false), fresh(true)) else {
            return;
        };
        let expected = slow.options_of(&state);
        if matches!(expected, Err(ScriptError::StepBudget { .. })) {
            continue;
        }
        assert_eq!(
            fast.options_of(&state),
            expected,
            "{source:?}, options({state})"
        );
    }
});
