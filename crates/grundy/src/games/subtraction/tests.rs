use super::*;
use crate::engine::Memo;
use crate::testing::all_positions;
use crate::{Convention, Explain, Lang, Outcome};

/// Every non-empty subset of 1..=top, as a list.
fn subsets(top: u64) -> impl Iterator<Item = Vec<u64>> {
    (1u32..1 << top).map(move |mask| (1..=top).filter(|&x| mask >> (x - 1) & 1 == 1).collect())
}

/// The sets the exhaustive tests go through: every finite subset of 1..=6, every all-but set
/// excluding a subset of 1..=5, take 1..M for M ≤ 6, and two sets with long periods.
fn all_sets() -> Vec<SubtractionSet> {
    let mut sets: Vec<SubtractionSet> = subsets(6)
        .map(|s| SubtractionSet::finite(&s).unwrap())
        .collect();
    sets.extend(subsets(5).map(|f| SubtractionSet::all_but(&f).unwrap()));
    sets.extend((1..=6).map(|m| SubtractionSet::up_to(m).unwrap()));
    sets.push(SubtractionSet::parse("2,5,7,11").unwrap());
    sets.push(SubtractionSet::parse("all-but:1,3,8").unwrap());
    sets
}

/// Every position of at most `piles` heaps of at most `stones`.

#[test]
fn values_match_the_engine_heap_by_heap() {
    for set in all_sets() {
        let game = Subtraction { set: set.clone() };
        let mut memo = Memo::with_components();
        let values = set.values(160);
        for (n, &v) in values.iter().enumerate() {
            assert_eq!(
                memo.grundy(&game, &vec![n as u64]).unwrap(),
                Nimber(v),
                "{set} at {n}"
            );
        }
    }
}

#[test]
fn proved_periods_predict_values_far_past_the_table() {
    for set in all_sets() {
        let sequence = set.sequence(SubtractionSet::DEFAULT_LIMIT);
        let period = sequence.period().expect("small sets have a period");
        assert!(period.proved, "{set}: {period:?}");
        let far = sequence.table().len() * 3 + 500;
        let direct = set.values(far);
        for (n, &v) in direct.iter().enumerate() {
            assert_eq!(sequence.value(n as u64), Some(Nimber(v)), "{set} at {n}");
        }
        // The period is the smallest: no smaller p repeats over the whole direct range.
        for p in 1..period.period {
            let s = direct[far - 1].wrapping_sub(direct[far - 1 - p]);
            let repeats =
                (period.preperiod..far - p).all(|n| direct[n + p] == direct[n].wrapping_add(s));
            assert!(!repeats, "{set}: {p} also repeats");
        }
        if period.preperiod > 0 {
            let (n0, p, s) = (period.preperiod, period.period, period.saltus);
            assert_ne!(
                direct[n0 - 1 + p],
                direct[n0 - 1] + s,
                "{set}: preperiod is not the smallest"
            );
        }
    }
}

#[test]
fn known_sequences() {
    let check = |text: &str, preperiod: usize, period: usize, saltus: u64| {
        let p = SubtractionSet::parse(text)
            .unwrap()
            .sequence(SubtractionSet::DEFAULT_LIMIT)
            .period()
            .unwrap();
        assert_eq!(
            (p.preperiod, p.period, p.saltus, p.proved),
            (preperiod, period, saltus, true),
            "{text}"
        );
    };
    // Take 1 or 2: 0 1 2 0 1 2 ...
    check("1,2", 0, 3, 0);
    // {2, 5}: 0 0 1 1 0 2 1 0 0 1 1 ... hand-checked: period 7 from 0.
    check("2,5", 0, 7, 0);
    // Take 1..3 (LeetCode 292): period 4.
    check("1..3", 0, 4, 0);
    // All but 1: G(n) = floor(n / 2), saltus 1 every 2.
    check("all-but:1", 0, 2, 1);
    assert_eq!(
        SubtractionSet::parse("all-but:1").unwrap().values(8),
        vec![0, 0, 1, 1, 2, 2, 3, 3]
    );
}

#[test]
fn huge_heaps_use_the_period() {
    let fib = SubtractionSet::parse("1,2,3,5,8,13,21,34,55,89,144,233,377,610,987").unwrap();
    let sequence = fib.sequence(SubtractionSet::DEFAULT_LIMIT);
    let p = sequence.period().unwrap();
    assert!(p.proved);
    let n = u64::MAX;
    let index = p.preperiod as u64 + (n - p.preperiod as u64) % p.period as u64;
    assert_eq!(
        sequence.value(n),
        Some(Nimber(sequence.table()[index as usize]))
    );
    let bash = SubtractionSet::up_to(3).unwrap().sequence(10);
    assert_eq!(bash.value(u64::MAX), Some(Nimber(3)));
    let all = SubtractionSet::up_to(u64::MAX).unwrap().sequence(10);
    assert_eq!(all.value(u64::MAX), Some(Nimber(u64::MAX)));
    assert_eq!(all.period(), None);
    assert_eq!(all.subtractions_to(u64::MAX, Nimber(7)), vec![u64::MAX - 7]);
    assert_eq!(bash.subtractions_to(u64::MAX, Nimber(0)), vec![3]);
    // A move can raise a heap's value: 13 (value 1) -> 11 (value 3) takes 2.
    assert_eq!(bash.subtractions_to(13, Nimber(3)), vec![2]);
    let all_but = SubtractionSet::parse("all-but:1")
        .unwrap()
        .sequence(1 << 12);
    assert_eq!(all_but.value(u64::MAX), Some(Nimber(u64::MAX / 2)));
    assert_eq!(
        all_but.subtractions_to(u64::MAX, Nimber(5)),
        vec![u64::MAX - 11, u64::MAX - 10]
    );
}

#[test]
fn an_unproved_period_is_an_error_past_the_table() {
    // The window (10^12) cannot fit in 1000 values.
    let set = SubtractionSet::parse("1,1000000000000").unwrap();
    let sequence = set.sequence(1000);
    assert!(sequence.period().is_none_or(|p| !p.proved));
    assert_eq!(sequence.value(999), Some(Nimber(1)));
    let err = analyze(&sequence, &[3, 5000], &AnalyzeOptions::default()).unwrap_err();
    assert_eq!(
        err.to_string(),
        "pile 2 (5000 stones) is past the 1000 values computed for the set 1,1000000000000, whose period is not proved"
    );
}

#[test]
fn costly_sets_compute_fewer_values() {
    // Each value of all-but:10^7 costs 10^7 steps: only WORK_LIMIT / 10^7 values, no proof.
    let set = SubtractionSet::parse("all-but:10000000").unwrap();
    let sequence = set.sequence(SubtractionSet::DEFAULT_LIMIT);
    assert_eq!(
        sequence.table().len(),
        SubtractionSet::WORK_LIMIT / 10_000_000
    );
    assert!(sequence.period().is_none_or(|p| !p.proved));
    assert_eq!(sequence.value(5), Some(Nimber(5)));
}

#[test]
fn closed_form_and_every_winning_move_match_the_engine_exhaustively() {
    let options = AnalyzeOptions {
        max_moves: usize::MAX,
        explain: true,
    };
    for set in all_sets() {
        let game = Subtraction { set: set.clone() };
        let sequence = set.sequence(SubtractionSet::DEFAULT_LIMIT);
        let mut memo = Memo::with_components();
        for piles in all_positions(3, 11) {
            let a = analyze(&sequence, &piles, &options).unwrap();
            assert_eq!(
                a.value,
                Some(memo.grundy(&game, &piles).unwrap()),
                "{set} {piles:?}"
            );
            assert_eq!(
                a.outcome,
                memo.outcome(&game, &piles, Convention::Normal).unwrap()
            );
            let mut closed: Vec<Vec<u64>> = a
                .winning_moves
                .iter()
                .map(|c| crate::games::nim::apply(&piles, c))
                .collect();
            let mut engine = memo
                .winning_moves(&game, &piles, Convention::Normal)
                .unwrap();
            // The documented order: the piles whose target g ⊕ x is below g first, then the
            // others; by pile within each group, then by increasing number taken.
            let total = a.value.unwrap();
            let order: Vec<(bool, usize, u64)> = a
                .winning_moves
                .iter()
                .map(|c| match *c {
                    PileMove::Take { pile, from, to } => {
                        let g = memo.grundy(&game, &vec![from]).unwrap();
                        (g + total > g, pile, from - to)
                    }
                    ref other => panic!("{other:?}"),
                })
                .collect();
            assert!(
                order.windows(2).all(|w| w[0] < w[1]),
                "{set} {piles:?} {order:?}"
            );
            closed.sort();
            engine.sort();
            assert_eq!(closed, engine, "{set} {piles:?}");
            assert_eq!(a.winning_move_count, engine.len() as u64);
            assert!(!a.explanation.is_empty());
        }
    }
}

#[test]
fn the_mex_property_holds_past_the_table() {
    // Heaps far past the table, read through the period: each value is the mex of its options'.
    for set in all_sets() {
        let sequence = set.sequence(SubtractionSet::DEFAULT_LIMIT);
        for n in (u64::MAX - 40..=u64::MAX).chain(1u64 << 40..(1 << 40) + 40) {
            let options: Vec<u64> = match set.rule() {
                set::Rule::AllBut(_) => {
                    // Options far below n: the mex needs only values ≥ M(n − f), so check the
                    // f nearest options plus the claim that every smaller value is reached.
                    let g = sequence.value(n).unwrap().value();
                    for t in 0..g.min(50) {
                        assert!(
                            !sequence.subtractions_to(n, Nimber(t)).is_empty(),
                            "{set} {n} {t}"
                        );
                    }
                    assert!(sequence.subtractions_to(n, Nimber(g)).is_empty());
                    continue;
                }
                _ => set
                    .moves_from(n.min(64))
                    .map(|x| sequence.value(n - x).unwrap().value())
                    .collect(),
            };
            assert_eq!(
                sequence.value(n).unwrap().value(),
                crate::mex(options.iter().copied()),
                "{set} {n}"
            );
            // The moves to each value, against a direct filter of the set.
            for t in 0..8 {
                let direct: Vec<u64> = set
                    .moves_from(n.min(64))
                    .filter(|&x| sequence.value(n - x) == Some(Nimber(t)))
                    .collect();
                let found = sequence.subtractions_to(n, Nimber(t));
                if t == sequence.value(n).unwrap().value() {
                    assert!(found.is_empty(), "{set} {n}");
                } else {
                    assert_eq!(found, direct, "{set} {n} -> {t}");
                }
            }
        }
    }
}

#[test]
fn contest_samples() {
    let opts = AnalyzeOptions::default();
    // HDU 1536 (S-Nim): S = {2, 5}, positions (5, 12), (2, 4, 7), (2, 3, 7, 12) -> L W W.
    let s = SubtractionSet::finite(&[2, 5])
        .unwrap()
        .sequence(SubtractionSet::DEFAULT_LIMIT);
    let word: String = [vec![5, 12], vec![2, 4, 7], vec![2, 3, 7, 12]]
        .iter()
        .map(|p| match analyze(&s, p, &opts).unwrap().outcome {
            Outcome::N => 'W',
            _ => 'L',
        })
        .collect();
    assert_eq!(word, "LWW");
    // HDU 1848: Fibonacci subtraction; (1, 1, 1) first player wins, (1, 4, 1) loses.
    let fib: Vec<u64> = vec![1, 2, 3, 5, 8, 13, 21, 34, 55, 89, 144, 233, 377, 610, 987];
    let s = SubtractionSet::finite(&fib)
        .unwrap()
        .sequence(SubtractionSet::DEFAULT_LIMIT);
    assert_eq!(analyze(&s, &[1, 1, 1], &opts).unwrap().outcome, Outcome::N);
    assert_eq!(analyze(&s, &[1, 4, 1], &opts).unwrap().outcome, Outcome::P);
    // LeetCode 292: take 1..3; n = 4 loses, 1 and 2 win.
    let s = SubtractionSet::up_to(3).unwrap().sequence(0);
    let wins: Vec<bool> = [4, 1, 2]
        .iter()
        .map(|&n| analyze(&s, &[n], &opts).unwrap().outcome == Outcome::N)
        .collect();
    assert_eq!(wins, vec![false, true, true]);
}

#[test]
fn explanations_show_the_period_in_both_languages() {
    let s = SubtractionSet::parse("1,2,4")
        .unwrap()
        .sequence(SubtractionSet::DEFAULT_LIMIT);
    let a = analyze(
        &s,
        &[10, 1_000_000_000_000],
        &AnalyzeOptions {
            max_moves: 10,
            explain: true,
        },
    )
    .unwrap();
    let en: Vec<String> = a.explanation.iter().map(|s| s.text(Lang::En)).collect();
    let zh: Vec<String> = a.explanation.iter().map(|s| s.text(Lang::Zh)).collect();
    assert!(
        en[0].contains("Period 3") && en[0].contains("Proved"),
        "{en:?}"
    );
    assert!(en[1].contains("mod 3"), "{en:?}");
    assert!(
        zh[0].contains("周期 3") && zh[0].contains("已证明"),
        "{zh:?}"
    );
    let b = SubtractionSet::parse("all-but:1,2")
        .unwrap()
        .sequence(SubtractionSet::DEFAULT_LIMIT);
    let a = analyze(
        &b,
        &[1_000_000_007],
        &AnalyzeOptions {
            max_moves: 10,
            explain: true,
        },
    )
    .unwrap();
    let en: Vec<String> = a.explanation.iter().map(|s| s.text(Lang::En)).collect();
    assert!(en[0].contains("arithmetic-periodic"), "{en:?}");
}

/// The first error of a list of numbers, element by element as typed: 0, or a repeat of an
/// earlier number (with the column of its first occurrence).
fn first_error_in_order(numbers: &[u64]) -> Option<SetError> {
    let column = |i: usize| 2 * i + 1;
    for (i, &n) in numbers.iter().enumerate() {
        if n == 0 {
            return Some(SetError::Zero { column: column(i) });
        }
        if let Some(j) = numbers[..i].iter().position(|&m| m == n) {
            return Some(SetError::Duplicate {
                value: n,
                column: column(i),
                first: column(j),
            });
        }
    }
    None
}

#[test]
fn zeros_and_repeats_are_reported_at_the_first_in_order_for_every_short_list() {
    // Every list of 1 to 5 numbers from 0..4, written "a,b,c": columns 1, 3, 5, ...
    for len in 1..=5u32 {
        for code in 0..4u64.pow(len) {
            let numbers: Vec<u64> = (0..len).map(|k| code / 4u64.pow(k) % 4).collect();
            let text: Vec<String> = numbers.iter().map(u64::to_string).collect();
            let parsed = SubtractionSet::parse(&text.join(","));
            match first_error_in_order(&numbers) {
                Some(error) => assert_eq!(parsed.unwrap_err(), error, "{numbers:?}"),
                None => {
                    let mut sorted = numbers.clone();
                    sorted.sort_unstable();
                    let shown: Vec<String> = sorted.iter().map(u64::to_string).collect();
                    assert_eq!(parsed.unwrap().to_string(), shown.join(","), "{numbers:?}");
                }
            }
        }
    }
}

#[test]
fn a_set_of_a_million_numbers_is_checked_in_n_log_n() {
    // Checked pairwise, this took minutes; sorted, a moment.
    let text: Vec<String> = (1..=1_000_000u64).rev().map(|n| n.to_string()).collect();
    let set = SubtractionSet::parse(&text.join(",")).unwrap();
    assert!(set.allows(1_000_000) && set.allows(1) && !set.allows(1_000_001));
    let mut repeated = text.clone();
    repeated.push("500000".into());
    assert!(matches!(
        SubtractionSet::parse(&repeated.join(",")),
        Err(SetError::Duplicate { value: 500_000, .. })
    ));
}
