//! The theorem of k-multiple dynamic subtraction against the engine's search, the sequence
//! against its definition and the published terms, huge piles, and the game as played.

use std::collections::{BTreeSet, HashSet};

use super::*;
use crate::engine::Memo;
use crate::ruleset::{FromSetup, MoveError, Presentation, Ruleset, Setup, SetupError};
use crate::testing::{check_playable, check_refusals, check_theorem_play};
use crate::{Convention, Explain};

const ALL: AnalyzeOptions = AnalyzeOptions {
    max_moves: usize::MAX,
    explain: true,
};

fn game(k: u64) -> Fibonacci {
    Fibonacci::new(k).unwrap()
}

fn play(k: Option<&str>) -> Result<FibonacciPlay, SetupError> {
    let mut setup = Setup {
        game: "fibonacci".to_string(),
        ..Setup::default()
    };
    if let Some(k) = k {
        setup.params.insert("k".to_string(), k.to_string());
    }
    FibonacciPlay::from_setup(&setup)
}

/// Every position with a pile up to `max` and a cap up to the pile.
fn positions(max: u64) -> impl Iterator<Item = CappedPile> {
    (0..=max).flat_map(|pile| (0..=pile).map(move |cap| CappedPile { pile, cap }))
}

#[test]
fn outcomes_and_every_winning_move_equal_the_engine_up_to_60_for_k_1_to_5() {
    for k in 1..=5 {
        let rules = game(k);
        let mut memo = Memo::new();
        for position in positions(60) {
            let analysis = rules.analyze(&position, &ALL);
            let outcome = memo.outcome(&rules, &position, Convention::Normal).unwrap();
            assert_eq!(analysis.outcome, outcome, "k = {k} {position:?}");
            let after: BTreeSet<CappedPile> = analysis
                .winning_moves
                .iter()
                .map(|m| CappedPile {
                    pile: m.to,
                    cap: m.cap,
                })
                .collect();
            let expected: BTreeSet<CappedPile> = memo
                .winning_moves(&rules, &position, Convention::Normal)
                .unwrap()
                .into_iter()
                .collect();
            assert_eq!(after, expected, "k = {k} {position:?}");
            assert_eq!(analysis.winning_move_count, expected.len() as u64);
            assert_eq!(analysis.winning_moves.len(), expected.len());
            // Increasing takes, each the move the rules make.
            let takes = rules.winning_takes(&position);
            assert!(takes.windows(2).all(|w| w[0] < w[1]), "{takes:?}");
            for (m, &t) in analysis.winning_moves.iter().zip(&takes) {
                assert_eq!(*m, rules.take(&position, t));
            }
            // The rule of the brief: the takes t ≤ c whose remaining pile's smallest term is
            // more than k·t, or that take the whole pile.
            let by_rule: Vec<u64> = (1..=position.cap)
                .filter(|&t| {
                    let left = rules.representation(position.pile - t);
                    left.last().is_none_or(|&s| s > k * t)
                })
                .collect();
            assert_eq!(takes, by_rule, "k = {k} {position:?}");
        }
    }
}

/// Who wins (n, c), for every pile n up to `max` and every cap c ≤ n, from the rules alone: the
/// player to move wins with a cap of c when they win with c − 1 or the take of c leaves a lost
/// position, (n − c, min(k·c, n − c)). O(max²).
fn won_by_the_rules(k: u64, max: usize) -> Vec<Vec<bool>> {
    let mut won: Vec<Vec<bool>> = Vec::with_capacity(max + 1);
    for n in 0..=max {
        let mut row = vec![false; n + 1];
        for c in 1..=n {
            let left = n - c;
            let cap = (k as usize).saturating_mul(c).min(left);
            row[c] = row[c - 1] || !won[left][cap];
        }
        won.push(row);
    }
    won
}

#[test]
fn every_position_up_to_2000_for_k_1_to_5_is_decided_as_the_rules_decide_it() {
    for k in 1..=5 {
        let rules = game(k);
        let won = won_by_the_rules(k, 2000);
        for n in 1..=2000u64 {
            // The theorem: won exactly from a cap of the smallest term on.
            let smallest = *rules.representation(n).last().unwrap();
            let row = &won[n as usize];
            let first_won = row.iter().position(|&w| w).unwrap() as u64;
            assert_eq!(first_won, smallest, "k = {k}, n = {n}");
            assert!(
                row[smallest as usize..].iter().all(|&w| w),
                "k = {k}, n = {n}"
            );
            // Every winning take with the whole pile allowed; a smaller cap keeps those within it.
            let by_rules: Vec<u64> = (1..=n)
                .filter(|&t| {
                    let left = (n - t) as usize;
                    !won[left][(k * t).min(n - t) as usize]
                })
                .collect();
            assert_eq!(
                rules.winning_takes(&CappedPile::new(n, n)),
                by_rules,
                "k = {k}, n = {n}"
            );
            let first_move: Vec<u64> = by_rules.iter().copied().filter(|&t| t < n).collect();
            assert_eq!(rules.winning_takes(&CappedPile::first_move(n)), first_move);
        }
    }
}

#[test]
fn the_lost_first_move_piles_are_the_terms_by_brute_force() {
    for k in 1..=8 {
        let rules = game(k);
        let mut memo = Memo::new();
        let lost: Vec<u64> = (1..=300)
            .filter(|&n| {
                memo.outcome(&rules, &CappedPile::first_move(n), Convention::Normal)
                    .unwrap()
                    == Outcome::P
            })
            .collect();
        assert_eq!(lost, rules.terms(300), "k = {k}");
    }
    // The published small terms for k = 3, checked above by the search as the terms.
    assert_eq!(game(3).terms(21), [1, 2, 3, 4, 6, 8, 11, 15, 21]);
}

/// The largest pile that distinct terms among `terms` sum to when each term used is more than
/// k times the next smaller one used, by trying every set of them.
fn largest_sum(terms: &[u64], k: u64) -> u64 {
    (1u32..1 << terms.len())
        .filter_map(|set| {
            let used: Vec<u64> = (0..terms.len())
                .filter(|&i| set & (1 << i) != 0)
                .map(|i| terms[i])
                .collect();
            used.windows(2)
                .all(|w| w[1] > k * w[0])
                .then(|| used.iter().sum())
        })
        .max()
        .unwrap()
}

#[test]
fn each_term_is_one_more_than_the_largest_sum_of_the_terms_before() {
    for k in 1..=6 {
        let terms = game(k).terms(400);
        // Sets of up to 16 terms: the first 17 terms of each sequence.
        for i in 1..terms.len().min(17) {
            assert_eq!(terms[i], largest_sum(&terms[..i], k) + 1, "k = {k}, a_{i}");
        }
    }
}

#[test]
fn every_pile_has_exactly_one_representation() {
    for k in 1..=6 {
        let rules = game(k);
        let terms = rules.terms(500);
        // ways[n]: the representations of n, counted by their largest term (each term more than
        // k times the next).
        for n in 1..=500u64 {
            let mut count = 0;
            let mut todo = vec![(n, u64::MAX)];
            while let Some((left, above)) = todo.pop() {
                if left == 0 {
                    count += 1;
                    continue;
                }
                for &a in terms.iter().filter(|&&a| a <= left && k * a < above) {
                    todo.push((left - a, a));
                }
            }
            assert_eq!(count, 1, "k = {k}, n = {n}");
            let representation = rules.representation(n);
            assert_eq!(representation.iter().sum::<u64>(), n);
            assert!(representation.windows(2).all(|w| w[0] > k * w[1]));
        }
    }
}

#[test]
fn k_2_gives_the_fibonacci_numbers_and_k_1_the_powers_of_2_to_the_top_of_u64() {
    let mut fibonacci = vec![1u64, 2];
    while let Some(next) =
        fibonacci[fibonacci.len() - 2].checked_add(fibonacci[fibonacci.len() - 1])
    {
        fibonacci.push(next);
    }
    assert_eq!(game(2).terms(u64::MAX), fibonacci);
    assert_eq!(fibonacci.len(), 92);
    let powers: Vec<u64> = (0..64).map(|i| 1u64 << i).collect();
    assert_eq!(game(1).terms(u64::MAX), powers);
    // Cut at the pile: the terms up to it.
    assert_eq!(game(2).terms(12), [1, 2, 3, 5, 8]);
    assert_eq!(game(2).terms(13), [1, 2, 3, 5, 8, 13]);
    assert!(game(2).terms(0).is_empty());
}

#[test]
fn huge_piles_are_answered_by_the_theorem_without_overflow() {
    // The terms below 2^64 for the largest k: the cost of its largest piles.
    let terms = game(MAX_K).terms(u64::MAX);
    assert_eq!(terms.len(), 2_218_285);
    assert!(terms.windows(2).all(|w| w[0] < w[1]));
    for k in [1, 2, 3, 7, 100, 12_345, MAX_K] {
        let rules = game(k);
        let top = *rules.terms(u64::MAX).last().unwrap();
        for pile in [u64::MAX, u64::MAX - 1, top, top + 1, top - 1, 1 << 63] {
            for cap in [0, 1, 2, 1000, pile / 3, pile - 1, pile] {
                let position = CappedPile::new(pile, cap);
                let analysis = rules.analyze(&position, &ALL);
                let representation = rules.representation(pile);
                assert_eq!(
                    representation.iter().map(|&a| u128::from(a)).sum::<u128>(),
                    u128::from(pile)
                );
                assert!(
                    representation
                        .windows(2)
                        .all(|w| u128::from(w[0]) > u128::from(k) * u128::from(w[1]))
                );
                assert_eq!(
                    analysis.outcome == Outcome::N,
                    analysis.winning_move_count > 0,
                    "k = {k} {position:?}"
                );
                for m in &analysis.winning_moves {
                    let after = CappedPile {
                        pile: m.to,
                        cap: m.cap,
                    };
                    assert_eq!(rules.outcome(&after), Outcome::P, "k = {k} {position:?}");
                }
                assert!(!analysis.explanation.is_empty());
                for step in &analysis.explanation {
                    assert!(!step.text(Lang::En).is_empty() && !step.text(Lang::Zh).is_empty());
                }
            }
        }
        // The largest term is lost as a first move, and won with the whole pile allowed.
        assert_eq!(rules.outcome(&CappedPile::first_move(top)), Outcome::P);
        assert_eq!(rules.winning_takes(&CappedPile::new(top, top)), [top]);
    }
    // 2^64 − 1 for k = 2: the Zeckendorf representation ends in 2 (a_1 = F_3), so take 2.
    let all = game(2).representation(u64::MAX);
    let takes = game(2).winning_takes(&CappedPile::first_move(u64::MAX));
    assert_eq!(takes[0], *all.last().unwrap());
}

#[test]
fn listing_fewer_moves_still_counts_them_all() {
    // 145 + 29 + 6 + 1 for k = 3: every sum of the last terms is less than a third of the term
    // above it; in 76 + 21 + 6 + 1, 6 + 1 is not (3·7 = 21).
    let rules = game(3);
    let terms = rules.terms(200);
    assert_eq!(
        &terms[..],
        [1, 2, 3, 4, 6, 8, 11, 15, 21, 29, 40, 55, 76, 105, 145, 200]
    );
    let position = CappedPile::new(181, 181);
    assert_eq!(rules.representation(position.pile), [145, 29, 6, 1]);
    assert_eq!(rules.winning_takes(&position), [1, 7, 36, 181]);
    assert_eq!(rules.winning_takes(&CappedPile::new(104, 104)), [1, 104]);
    assert_eq!(rules.winning_takes(&CappedPile::new(181, 35)), [1, 7]);
    let few = rules.analyze(
        &position,
        &AnalyzeOptions {
            max_moves: 1,
            explain: false,
        },
    );
    assert_eq!(few.winning_move_count, 4);
    assert_eq!(few.winning_moves, [rules.take(&position, 1)]);
}

#[test]
fn the_game_is_played_as_its_rules_say() {
    for k in 1..=4 {
        let game = play(Some(&k.to_string())).unwrap();
        let positions: Vec<CappedPile> = positions(12).collect();
        check_playable(&game, &positions, 13);
    }
}

#[test]
fn the_search_cost_bounds_the_work_of_the_search() {
    for k in [1, 2, 5] {
        let game = play(Some(&k.to_string())).unwrap();
        for position in positions(30) {
            let mut seen = HashSet::from([position]);
            let mut todo = vec![position];
            let mut work = 0u64;
            while let Some(p) = todo.pop() {
                let mut options = Vec::new();
                game.rules().options(&p, &mut options);
                work += options.len() as u64;
                todo.extend(options.into_iter().filter(|o| seen.insert(*o)));
            }
            let cost = game.search_cost(&position).unwrap();
            assert!(work <= cost, "{position:?}: {work} > {cost}");
        }
    }
}

#[test]
fn huge_piles_are_played_by_the_theorem() {
    let game = play(None).unwrap();
    let huge = [
        CappedPile::first_move(u64::MAX),
        CappedPile::new(u64::MAX - 7, 3),
        CappedPile::first_move(12_200_160_415_121_876_738),
        CappedPile::new(1 << 63, 1 << 62),
    ];
    let lost = CappedPile::first_move(12_200_160_415_121_876_738);
    let slow = check_theorem_play(&game, &huge, &lost);
    assert_eq!(slow.taken(), 1);
}

#[test]
fn positions_are_a_pile_and_a_cap() {
    let game = play(None).unwrap();
    assert_eq!(game.position(vec![10]), Ok(CappedPile { pile: 10, cap: 9 }));
    assert_eq!(
        game.position(vec![10, 3]),
        Ok(CappedPile { pile: 10, cap: 3 })
    );
    assert_eq!(
        game.position(vec![10, 50]),
        Ok(CappedPile { pile: 10, cap: 10 })
    );
    assert_eq!(game.position(vec![0]), Ok(CappedPile { pile: 0, cap: 0 }));
    assert!(game.position(vec![]).is_err());
    let err = game.position(vec![1, 2, 3]).unwrap_err().to_string();
    assert!(err.contains("PILE [CAP]"), "{err}");
    let start = game.position(vec![10]).unwrap();
    assert_eq!(game.show(&start, Lang::En), "10 (cap 9)");
    assert_eq!(
        serde_json::to_value(start).unwrap(),
        serde_json::json!([10, 9])
    );
    let change = game.parse_move(&start, "2").unwrap();
    assert_eq!(
        serde_json::to_value(change).unwrap(),
        serde_json::json!({"kind": "take_capped", "from": 10, "to": 8, "cap": 4})
    );
    assert_eq!(
        change.describe(Lang::En),
        "take 2 (10 -> 8; the next move takes at most 4)"
    );
    let after = game.apply(&start, &change);
    let resume = game.resume(&after);
    assert_eq!(resume.position, [8, 4]);
    assert_eq!(resume.params["k"], "2");
    assert!(game.is_over(&CappedPile { pile: 5, cap: 0 }));
}

#[test]
fn bad_takes_and_bad_ks_are_refused_in_one_line() {
    let game = play(None).unwrap();
    let start = CappedPile::first_move(10);
    check_refusals(
        &game,
        &start,
        &[
            ("x", "'x' is not a move: write TAKE"),
            ("1 2", "'1 2' is not a move"),
            ("", "is not a move"),
            ("0", "at least one stone"),
            (
                "10",
                "you cannot take the whole pile of 10: this move takes at most 9",
            ),
            ("11", "at most 9 stones (the cap), not 11"),
        ],
    );
    let later = CappedPile { pile: 8, cap: 4 };
    check_refusals(&game, &later, &[("5", "at most 4 stones (the cap), not 5")]);
    let err = game.parse_move(&start, "10").unwrap_err();
    assert!(
        err.text(Lang::Zh).contains("不能把 10 个石子全部取走"),
        "{err:?}"
    );
    // The whole pile within the cap is a move.
    assert!(game.parse_move(&CappedPile::new(6, 6), "6").is_ok());
    assert_eq!(
        game.parse_move(&CappedPile::new(0, 0), "1"),
        Err(MoveError::GameOver)
    );
    for (k, needle) in [
        (
            "0",
            "parameter 'k': '0': a move takes at least one stone, so k is at least 1",
        ),
        ("65537", "parameter 'k': '65537' is more than 65536"),
        ("two", "parameter 'k': 'two' is"),
        ("-1", "parameter 'k': '-1' is"),
    ] {
        let err = play(Some(k)).unwrap_err().to_string();
        assert!(err.starts_with(needle), "{err}");
        assert!(!err.contains('\n'));
    }
    assert!(play(Some("65536")).is_ok());
    let mut other = Setup {
        game: "fibonacci".to_string(),
        ..Setup::default()
    };
    other.params.insert("cap".into(), "3".into());
    let err = FibonacciPlay::from_setup(&other).unwrap_err().to_string();
    assert_eq!(err, "parameter 'cap': fibonacci takes only k");
}

#[test]
fn explanations_in_both_languages_follow_the_proof() {
    let rules = game(2);
    // 20 = 13 + 5 + 2, cap 19: take 2, the opponent may take 4 < 5.
    let won = rules.analyze(&CappedPile::first_move(20), &ALL);
    let en: Vec<String> = won.explanation.iter().map(|s| s.text(Lang::En)).collect();
    assert!(
        en[0].contains("Fibonacci numbers") && en[0].contains("1, 2, 3, 5, 8, 13."),
        "{en:?}"
    );
    assert!(
        en[1].contains("Zeckendorf representation of 20") && en[1].contains("20 = 13 + 5 + 2"),
        "{en:?}"
    );
    assert!(
        en[2].contains("2 ≤ 19, so the player to move wins"),
        "{en:?}"
    );
    assert!(
        en[3].contains("cannot take 18's smallest term 5") && en[3].contains("5 > 2·2 = 4"),
        "{en:?}"
    );
    let zh: Vec<String> = won.explanation.iter().map(|s| s.text(Lang::Zh)).collect();
    assert!(zh[1].contains("齐肯多夫表示"), "{zh:?}");
    assert!(zh[2].contains("先手必胜"), "{zh:?}");
    // 13, a Fibonacci number: every take gives the opponent a smallest term within reach.
    let lost = rules.analyze(&CappedPile::first_move(13), &ALL);
    assert_eq!(lost.outcome, Outcome::P);
    let en: Vec<String> = lost.explanation.iter().map(|s| s.text(Lang::En)).collect();
    assert!(
        en[2].contains("13 > 12, so the player to move loses"),
        "{en:?}"
    );
    assert!(en[3].contains("second representation of 13"), "{en:?}");
    assert!(
        en[4].starts_with("For example, after \"take 1 (13 -> 12"),
        "{en:?}"
    );
    // k = 3: the sequence by its definition, the greedy representation, every winning take.
    let k3 = game(3).analyze(&CappedPile::new(181, 181), &ALL);
    let en: Vec<String> = k3.explanation.iter().map(|s| s.text(Lang::En)).collect();
    assert!(
        en[0].contains("more than 3 times") && en[0].contains("(15 terms up to the pile)"),
        "{en:?}"
    );
    assert!(
        en[1].contains("greedy representation of 181: take the largest term"),
        "{en:?}"
    );
    assert!(en[4].contains("Here: 1, 7, 36, 181."), "{en:?}");
    let none = rules.analyze(&CappedPile::new(0, 0), &ALL);
    assert!(none.explanation[1].text(Lang::En).contains("empty"));
}
