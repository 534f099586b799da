//! Octal and take-and-break codes (`grundy values CODE`): `0.77`, `4!.0`, `0.&64;`, `grundy`,
//! and subtraction sets written as codes, `{1,2,4}` or `1,2,4`.
//!
//! Invariants, for descriptions of at most 4096 digits: a parsed description prints back to the
//! same digits; a validated code prints in canonical form, which parses back to the same rules
//! and prints the same; and the engine's first values for the code equal the oracle's
//! (`values::naive`, every move enumerated).
#![no_main]

use grundy::values::{Description, Sequence, TakeAndBreak, naive};
use libfuzzer_sys::fuzz_target;

/// How many values to check against the oracle.
const CHECKED: usize = 24;

/// The most digits a description may have to be checked here.
const LONGEST: usize = 4096;

fn digits(d: &Description) -> Vec<grundy::values::Digit> {
    d.digits.iter().map(|&(digit, _)| digit).collect()
}

fuzz_target!(|bytes: &[u8]| {
    let Ok(text) = std::str::from_utf8(bytes) else {
        return;
    };
    let Ok(description) = Description::parse(text) else {
        return;
    };
    // A set may reach 2^20 (a million digits): printing and reading that back on every such
    // input would take most of the run, for the same code paths as a set of a few thousand.
    if description.digits.len() > LONGEST {
        return;
    }
    let printed = description.to_string();
    let again = Description::parse(&printed).unwrap_or_else(|e| panic!("{printed:?}: {e}"));
    assert_eq!(digits(&again), digits(&description), "{printed:?}");

    let Ok(rules) = description.validate() else {
        return;
    };
    let canonical = rules.to_string();
    let back: TakeAndBreak = canonical
        .parse()
        .unwrap_or_else(|e| panic!("{canonical:?}: {e}"));
    assert_eq!(back.digits(), rules.digits(), "{canonical:?}");
    assert_eq!(back.to_string(), canonical);

    let mut sequence = Sequence::new(rules.clone());
    sequence.extend_to(CHECKED);
    assert_eq!(
        sequence.values().to_vec(),
        naive::values(&rules, CHECKED - 1),
        "{canonical}"
    );
});
