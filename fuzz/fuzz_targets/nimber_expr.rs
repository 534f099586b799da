//! Nimber expressions (`grundy nimber EXPR`): `+`, `*`, `/`, `^N`, `sqrt`, `inv`, parentheses.
//!
//! Invariants: no panic; an error is one line; a value is the same with the explanation, where
//! each split's halves recombine to the product it states and every stated product is the
//! field's; `(EXPR) * 1` and `(EXPR) / 1` have the same value, and `(EXPR) + (EXPR)` is 0.
#![no_main]

use grundy::nimber;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|bytes: &[u8]| {
    let Ok(text) = std::str::from_utf8(bytes) else {
        return;
    };
    let value = match nimber::evaluate(text) {
        Ok(v) => v,
        Err(e) => {
            assert!(!e.to_string().contains('\n'), "{e}");
            return;
        }
    };
    let (explained, steps) = nimber::evaluate_explained(text).expect("evaluated once");
    assert_eq!(explained, value);
    for step in steps {
        assert!(step.holds(), "{step:?}");
    }
    if text.len() * 2 + 10 <= nimber::MAX_EXPRESSION_BYTES && nesting(text) < nimber::MAX_DEPTH {
        assert_eq!(nimber::evaluate(&format!("({text}) * 1")), Ok(value));
        assert_eq!(nimber::evaluate(&format!("({text}) / 1")), Ok(value));
        assert_eq!(nimber::evaluate(&format!("({text}) + ({text})")), Ok(0));
    }
});

/// The deepest nesting of parentheses in `text`.
fn nesting(text: &str) -> usize {
    let (mut depth, mut deepest) = (0usize, 0);
    for b in text.bytes() {
        match b {
            b'(' => {
                depth += 1;
                deepest = deepest.max(depth);
            }
            b')' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    deepest
}
