//! The sum notation of `grundy sum`: `nim:3 lasker:7 'sub{1,2,4}:10' kayles:5`, components
//! separated by white space or `+`.
//!
//! Invariants: a valid sum prints back (`to_strings`) to a text that parses to an equal sum; its
//! analysis agrees with the components' values (the outcome is N exactly when their XOR is not
//! 0, the nim-value is that XOR), and every winning move listed leads to a sum of value 0.
#![no_main]

use grundy::games::mixed::{self, MixedSum};
use grundy::games::subtraction::{ALL_BUT, SubtractionSet};
use grundy::registry::Registry;
use grundy::{AnalyzeOptions, Nimber, Outcome};
use libfuzzer_sys::fuzz_target;

/// The table size for subtraction sets: small, so one input stays fast.
const LIMIT: usize = 4096;

/// The largest heap of a take-and-break component: its table reaches its largest heap, and codes
/// whose moves leave three heaps take O(n³) steps to get there.
const OCTAL_LIMIT: u64 = 256;

fn total(sum: &MixedSum) -> Nimber {
    sum.values().into_iter().sum()
}

fuzz_target!(|bytes: &[u8]| {
    let Ok(text) = std::str::from_utf8(bytes) else {
        return;
    };
    let words = mixed::split_components(&[text]);
    // An all-but set excluding f costs f mex steps per value, up to `WORK_LIMIT` in all (a second
    // natively, a minute in a fuzzing build): large ones are left to the `subtraction_set` target.
    let costly = |word: &String| {
        let set = word.strip_prefix("sub{")?.rsplit_once('}')?.0;
        let set = SubtractionSet::parse(set).ok()?;
        Some(set.to_string().starts_with(ALL_BUT) && set.window()? > 1024)
    };
    let large_heap = |word: &String| {
        let (name, piles) = word.rsplit_once(':')?;
        let octal = !matches!(name, "nim" | "lasker" | "half") && !name.starts_with("sub");
        Some(
            octal
                && piles
                    .split(',')
                    .any(|p| p.parse::<u64>().is_ok_and(|n| n > OCTAL_LIMIT)),
        )
    };
    if words
        .iter()
        .any(|w| costly(w) == Some(true) || large_heap(w) == Some(true))
    {
        return;
    }
    let Ok(mut sum) = MixedSum::parse(&words, LIMIT, &Registry) else {
        return;
    };
    let printed = sum.to_strings().join(" + ");
    let back = MixedSum::parse(&mixed::split_components(&[&printed]), LIMIT, &Registry)
        .unwrap_or_else(|e| panic!("{printed:?}: {e}"));
    assert_eq!(back, sum, "{printed:?}");

    let value = total(&sum);
    let analysis = sum.analyze(&AnalyzeOptions {
        max_moves: 8,
        explain: false,
    });
    assert_eq!(analysis.value, Some(value), "{printed}");
    assert_eq!(
        analysis.outcome == Outcome::N,
        value != Nimber(0),
        "{printed}"
    );
    assert_eq!(
        analysis.winning_move_count == 0,
        value == Nimber(0),
        "{printed}"
    );
    let position = sum.components.clone();
    for change in &analysis.winning_moves {
        sum.components = mixed::apply(&position, change);
        assert_eq!(total(&sum), Nimber(0), "{printed} after {change:?}");
    }
});
