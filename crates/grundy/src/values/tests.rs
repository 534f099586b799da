//! The engines against each other, against published sequences, and the proved periods.

use super::*;

/// Codes that cover every kind of move the sparse-space engine handles: taking a heap whole,
/// leaving one heap, splitting in two (any, unequal, not all equal, all equal), removing nothing.
const CODES: &[&str] = &[
    "0.77", "0.07", "0.137", "0.6", "0.16", "0.4", "0.04", "0.004", "0.14", "0.15", "0.35", "0.52",
    "0.54", "0.71", "0.72", "0.1777", "0.3122", "4.7", "4.07", "4!.0", "4!.3", "0.4!", "0.6?",
    "0.7=", "4.4", "{1,3,4}", "{2,5,7}", "0.0003",
];

fn sequence(code: &str, len: usize) -> Sequence {
    let mut sequence = Sequence::new(code.parse().unwrap());
    sequence.extend_to(len);
    sequence
}

#[test]
fn sparse_space_values_equal_the_oracle() {
    for code in CODES {
        let rules: TakeAndBreak = code.parse().unwrap();
        let fast = sequence(code, 5001);
        assert_eq!(fast.method(), Method::Sparse, "{code}");
        assert_eq!(
            fast.values().to_vec(),
            naive::values(&rules, 5000),
            "{code}"
        );
    }
}

#[test]
fn sparse_space_values_equal_the_oracle_on_random_codes() {
    use rand::{Rng, SeedableRng};
    // Octal digits 0..=7 leave at most two heaps; `!` (unequal) and `=` (equal) constrain splits.
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(21);
    for _ in 0..60 {
        let digits: String = (0..rng.random_range(1..=4))
            .map(|_| char::from(b'0' + rng.random_range(0..8u8)))
            .collect();
        let modifier = ["", "", "!", "="][rng.random_range(0..4)];
        let code = format!("0.{digits}{modifier}");
        let rules: TakeAndBreak = code.parse().unwrap();
        let fast = sequence(&code, 3001);
        assert_eq!(fast.method(), Method::Sparse, "{code}");
        assert_eq!(
            fast.values().to_vec(),
            naive::values(&rules, 3000),
            "{code}"
        );
    }
}

#[test]
fn every_mask_gives_the_same_values() {
    // The engine re-chooses its mask as n grows; resuming from any prefix rebuilds it from the
    // histogram of that prefix, so these runs use different masks on the way.
    for code in ["4!.0", "0.6", "0.77"] {
        let whole = sequence(code, 4000);
        for cut in [64, 100, 1000, 2049] {
            let prefix = Values::U32(whole.values().to_vec()[..cut].to_vec());
            let mut resumed = Sequence::with_values(code.parse().unwrap(), prefix);
            resumed.extend_to(4000);
            assert_eq!(
                resumed.values().to_vec(),
                whole.values().to_vec(),
                "{code} {cut}"
            );
        }
    }
}

#[test]
fn a_table_in_two_parts_gives_the_same_values_wherever_it_splits() {
    // The table widens at its first value above 255 (beyond these lengths for these codes);
    // here the split is put anywhere, so that the engine reads small parts and large parts from
    // either part, and splits across the boundary, on values it can check.
    for code in ["4!.0", "0.6", "0.77", "0.16", "4.7", "0.4!"] {
        let whole = sequence(code, 4000).values().to_vec();
        for boundary in [0, 1, 64, 100, 1000, 2049, 2500] {
            let prefix = Values::U16 {
                narrow: whole[..boundary].iter().map(|&v| v as u8).collect(),
                wide: whole[boundary..2500].iter().map(|&v| v as u16).collect(),
            };
            let mut resumed = Sequence::with_values(code.parse().unwrap(), prefix);
            resumed.extend_to(4000);
            assert_eq!(
                resumed.values().to_vec(),
                whole,
                "{code}, boundary {boundary}"
            );
        }
    }
}

/// The values in a data file of lines `n value` (lines starting with `#` are comments).
pub(super) fn published(text: &str) -> Vec<u32> {
    text.lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .enumerate()
        .map(|(i, line)| {
            let mut fields = line.split_whitespace();
            assert_eq!(fields.next().unwrap().parse::<usize>().unwrap(), i);
            fields.next().unwrap().parse().unwrap()
        })
        .collect()
}

#[test]
fn kayles_and_dawsons_match_the_published_values() {
    let kayles = published(include_str!("../../tests/data/kayles-0.77.txt"));
    assert_eq!(kayles.len(), 105);
    let dawson = published(include_str!("../../tests/data/dawsons-chess-0.137.txt"));
    assert_eq!(dawson.len(), 132);
    let len = 200;
    assert_eq!(sequence("0.77", len).values().to_vec()[..105], kayles[..]);
    assert_eq!(sequence("0.137", len).values().to_vec()[..132], dawson[..]);
    // Dawson's Kayles is Dawson's chess shifted by one.
    let shifted = sequence("0.07", len).values().to_vec();
    assert_eq!(shifted[0], 0);
    assert_eq!(shifted[1..133], dawson[..]);
}

#[test]
fn the_known_periods_are_proved() {
    for (code, period, preperiod) in [("0.77", 12, 71), ("0.07", 34, 53), ("0.137", 34, 52)] {
        let mut s = Sequence::new(code.parse().unwrap());
        let mut len = 64;
        while s.proved_period().is_none() {
            len *= 2;
            s.extend_to(len);
        }
        let p = s.proved_period().unwrap();
        assert_eq!(
            (p.period, p.preperiod, p.saltus, p.proved),
            (period, preperiod, 0, true)
        );
        // The octal theorem needs 2·n0 + 2·p + t values.
        assert!(s.len() >= 2 * preperiod + 2 * period + 3);
    }
}

#[test]
fn a_proved_period_gives_the_rest_exactly() {
    // 0.07 is proved periodic early; its values far out come from the period and must equal
    // what the oracle computes directly.
    let rules: TakeAndBreak = "0.07".parse().unwrap();
    let s = sequence("0.07", 3000);
    assert!(s.proved_period().is_some());
    assert_eq!(s.values().to_vec(), naive::values(&rules, 2999));
}

#[test]
fn period_of_0_16() {
    // 509622 values are needed; under a good mask 0.16 has only a few dozen rare positions, so
    // the 2^19 values take well under a second.
    let s = sequence("0.16", 1 << 19);
    let p = s.proved_period().expect("proved by 2^19 values");
    assert_eq!((p.period, p.preperiod), (149_459, 105_351));
}

#[test]
fn values_wider_than_a_byte_are_exact() {
    // Take 1 to 300: G(n) = n mod 301, past a byte.
    let set = (1..=300)
        .map(|k| k.to_string())
        .collect::<Vec<_>>()
        .join(",");
    let s = sequence(&set, 1000);
    assert_eq!(s.values().width(), 2);
    assert!(
        s.values()
            .iter()
            .enumerate()
            .all(|(n, v)| v as usize == n % 301)
    );
}

#[test]
fn codes_that_leave_three_heaps_use_the_direct_method() {
    let s = sequence("0.F", 200);
    assert_eq!(s.method(), Method::Direct);
    assert_eq!(
        s.values().to_vec(),
        naive::values(&"0.F".parse().unwrap(), 199)
    );
}

#[test]
fn constrained_splits_have_no_certificate() {
    let s = sequence("grundy", 1000);
    assert_eq!(s.certificate(), Certificate::None);
    assert!(s.proved_period().is_none());
    assert!(matches!(
        sequence("0.77", 10).certificate(),
        Certificate::TakeAndBreak { heaps: 2, max: 2 }
    ));
}

#[test]
fn stats_find_the_largest_value_first() {
    let stats = Stats::of(&Values::U8(vec![0, 3, 1, 3, 2]));
    assert_eq!(stats.max, (3, 1));
    assert_eq!(stats.counts, [1, 1, 1, 2]);
}

#[test]
fn arithmetic_periods_are_evidence_with_a_saltus() {
    // 0.8: remove one token and leave three heaps. G(n) = floor((n − 1)/3) for n ≥ 1: period 3,
    // saltus 1 (checked here against the oracle's values, not assumed).
    let rules: TakeAndBreak = "0.8".parse().unwrap();
    let values = naive::values(&rules, 300);
    assert!((1..=300).all(|n| values[n] as usize == (n - 1) / 3));
    let s = sequence("0.8", 301);
    let p = s.find_period(true).unwrap();
    assert_eq!((p.period, p.saltus, p.proved), (3, 1, false));
    assert!(p.preperiod <= 1);
}

#[test]
fn a_cancelled_sequence_stops_with_the_error_and_resumes_to_the_same_values() {
    // 0.77 takes the sparse method; 0.F (moves may leave three heaps) the direct one.
    for (code, len) in [("0.77", 3000), ("0.F", 400)] {
        let whole = sequence(code, len);
        let cancel = Cancel::new();
        let mut part = Sequence::new(code.parse().unwrap());
        part.extend_to_within(100, &cancel).unwrap();
        assert_eq!(
            part.values().to_vec(),
            whole.values().to_vec()[..100],
            "{code}"
        );
        cancel.cancel();
        assert_eq!(
            part.extend_to_within(len, &cancel),
            Err(Cancelled::Flag),
            "{code}"
        );
        // Stopped at its first look: nothing was computed past what was there.
        assert_eq!(part.len(), 100, "{code}");
        part.extend_to_within(len, &Cancel::new()).unwrap();
        assert_eq!(part.values().to_vec(), whole.values().to_vec(), "{code}");
    }
    let past = std::time::Instant::now() - std::time::Duration::from_millis(1);
    let mut late = Sequence::new("0.77".parse().unwrap());
    assert_eq!(
        late.extend_to_within(10, &Cancel::new().with_deadline(past)),
        Err(Cancelled::Deadline)
    );
    assert!(late.is_empty());
}
