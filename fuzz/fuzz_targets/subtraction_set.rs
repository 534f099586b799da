//! Subtraction sets in the `--set` notation (`grundy subtraction --set`, `sub{...}` in sums):
//! `1,2,4`, `all-but:1,2`, `1..M`.
//!
//! Invariants: a valid set prints in its notation, which parses back to an equal set that prints
//! the same; the set's first values (the library's sequence) follow the mex rule over the moves
//! the set allows (`allows`, which `moves_from` agrees with), wherever the sequence has one.
#![no_main]

use grundy::games::subtraction::SubtractionSet;
use libfuzzer_sys::fuzz_target;

/// How many values to check.
const CHECKED: u64 = 40;

fuzz_target!(|bytes: &[u8]| {
    let Ok(text) = std::str::from_utf8(bytes) else {
        return;
    };
    let Ok(set) = SubtractionSet::parse(text) else {
        return;
    };
    let printed = set.to_string();
    let back = SubtractionSet::parse(&printed).unwrap_or_else(|e| panic!("{printed:?}: {e}"));
    assert_eq!(back, set, "{printed:?}");
    assert_eq!(back.to_string(), printed);

    let sequence = set.sequence(CHECKED as usize);
    let mut values: Vec<u64> = Vec::new();
    for n in 0..CHECKED {
        let moves: Vec<u64> = (1..=n).filter(|&x| set.allows(x)).collect();
        assert_eq!(
            set.moves_from(n).collect::<Vec<_>>(),
            moves,
            "{printed} from {n}"
        );
        let options: Vec<u64> = moves.iter().map(|x| values[(n - x) as usize]).collect();
        let mex = (0..).find(|v| !options.contains(v)).unwrap();
        values.push(mex);
        // The table may stop early when one value is costly (`WORK_LIMIT`); past it and without
        // a proved period, there is no value.
        match sequence.value(n) {
            Some(v) => assert_eq!(v.value(), mex, "{printed} at {n}"),
            None => assert!(n as usize >= sequence.table().len(), "{printed} at {n}"),
        }
    }
});
