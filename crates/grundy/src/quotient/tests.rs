use rand::{Rng, SeedableRng};

use super::*;
use crate::games::octal::apply;
use crate::games::octal::tests::Brute;
use crate::testing::all_positions;
use crate::{AnalyzeOptions, Convention, Explain, Outcome};

/// The codes checked against the brute force: 0.75, Kayles (0.77), Dawson's Kayles (0.07),
/// Dawson's chess (0.137), 0.45 and 0.56 (games whose quotients Plambeck and Siegel study),
/// Officers (0.6), Daisies (4.7, a split without removing), Grundy's game, a hexadecimal code
/// whose moves leave up to three heaps (0.F) and one with a `?` modifier.
const CODES: [&str; 11] = [
    "0.75", "0.77", "0.07", "0.137", "0.45", "0.56", "0.6", "4.7", "grundy", "0.F", "0.4?4",
];

const ALL_MOVES: AnalyzeOptions = AnalyzeOptions {
    max_moves: usize::MAX,
    explain: false,
};

fn quotient(code: &str, max_heap: usize) -> (Quotient, Presentation) {
    let q = Quotient::of(&code.parse().unwrap(), max_heap, DEFAULT_MAX_ORDER).unwrap();
    let presentation = Presentation::of(&q);
    (q, presentation)
}

#[test]
fn every_small_position_is_decided_as_a_misere_brute_force_decides_it() {
    for code in CODES {
        let (q, presentation) = quotient(code, 12);
        let mut brute = Brute::new(&code.parse().unwrap(), Convention::Misere, 12);
        for heaps in all_positions(4, 12) {
            let analysis = q.analyze(&presentation, &heaps, &ALL_MOVES).unwrap();
            assert_eq!(
                analysis.outcome == Outcome::N,
                brute.wins(&heaps),
                "{code} {heaps:?}"
            );
            if heaps.len() > 3 {
                continue;
            }
            brute.assert_winning(&heaps, &analysis.winning_moves, code);
        }
    }
}

#[test]
fn one_large_heap_beside_small_ones_is_decided_as_the_brute_force_decides_it() {
    // Every position of up to three heaps of at most 8 beside one heap of 20 to 30. Heaps up to
    // 30 reach the steps where the quotients of Kayles (25, 27) and of Dawson's
    // Kayles (25, 27, 30) grow.
    for code in ["0.77", "0.07"] {
        let (q, presentation) = quotient(code, 30);
        let mut brute = Brute::new(&code.parse().unwrap(), Convention::Misere, 30);
        for large in 20..=30 {
            for small in all_positions(3, 8) {
                let mut heaps = small.clone();
                heaps.push(large);
                let analysis = q.analyze(&presentation, &heaps, &ALL_MOVES).unwrap();
                assert_eq!(
                    analysis.outcome == Outcome::N,
                    brute.wins(&heaps),
                    "{code} {heaps:?}"
                );
            }
        }
    }
}

#[test]
fn every_quotient_has_even_order_unless_no_heap_can_move() {
    for code in CODES {
        let mut growth = Growth::new(code.parse().unwrap(), DEFAULT_MAX_ORDER);
        for n in 1..=15 {
            let q = growth.quotient(n).unwrap();
            let some_heap_moves = (1..=n).any(|h| !q.options(h).is_empty());
            // With no move anywhere every position is an N-position: the trivial quotient.
            let expected_parity = if some_heap_moves { 0 } else { 1 };
            assert_eq!(q.order() % 2, expected_parity, "{code} heaps up to {n}");
            assert_eq!(q.order() == 1, !some_heap_moves, "{code} heaps up to {n}");
        }
    }
}

#[test]
fn misere_nims_quotients_are_the_tame_ones() {
    // Take 1 to 4 is Nim on heaps up to 4. Heaps up to 1: ⟨a | a² = 1⟩, P = {a}; up to 2 and up
    // to 3: ⟨a, b | a² = 1, b³ = b⟩ of order 6, P = {a, b²}, with *3 = ab (Plambeck and Siegel's
    // tame quotient T₂).
    let (one, p1) = quotient("0.3333", 1);
    assert_eq!(one.order(), 2);
    assert_eq!(p1.relations.len(), 1);
    assert_eq!(Presentation::show(&p1.relations[0].0), "a²");
    assert_eq!(Presentation::show(&p1.relations[0].1), "1");
    let shown_p = |q: &Quotient, p: &Presentation| -> Vec<String> {
        q.p_portion().into_iter().map(|x| p.element(x)).collect()
    };
    assert_eq!(shown_p(&one, &p1), ["a"]);
    for n in [2, 3] {
        let (q, p) = quotient("0.3333", n);
        assert_eq!(q.order(), 6);
        assert_eq!(p.generators, [1, 2]);
        let relations: Vec<String> = p
            .relations
            .iter()
            .map(|(l, r)| format!("{} = {}", Presentation::show(l), Presentation::show(r)))
            .collect();
        assert_eq!(relations, ["a² = 1", "b³ = b"]);
        let mut in_p = shown_p(&q, &p);
        in_p.sort();
        assert_eq!(in_p, ["a", "b²"]);
        if n == 3 {
            assert_eq!(p.element(q.heap(3)), "ab");
        }
    }
}

#[test]
fn misere_nim_follows_boutons_rule() {
    // Bouton: a misère Nim position is lost for the player to move iff every heap is at most 1
    // and their number is odd, or some heap is larger and the XOR is 0.
    let (q, presentation) = quotient("0.3333333", 7);
    for heaps in all_positions(5, 7) {
        let big = heaps.iter().any(|&h| h > 1);
        let xor = heaps.iter().fold(0, |x, &h| x ^ h);
        let lost = if big { xor == 0 } else { xor == 1 };
        let analysis = q.analyze(&presentation, &heaps, &ALL_MOVES).unwrap();
        assert_eq!(analysis.outcome == Outcome::P, lost, "{heaps:?}");
    }
}

#[test]
fn dawsons_kayles_up_to_30_has_the_order_miseresolver_reports() {
    // Siegel (on MisereSolver's candidates, 2007): Q_30(0.07) has 360 elements.
    let (q, _) = quotient("0.07", 30);
    assert_eq!(q.order(), 360);
}

#[test]
fn large_random_positions_are_self_consistent() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(19);
    let first = AnalyzeOptions {
        max_moves: 1,
        explain: true,
    };
    for code in ["0.77", "0.07", "0.45"] {
        let (q, presentation) = quotient(code, 24);
        for _ in 0..6 {
            let len = rng.random_range(50..=500);
            let heaps: Vec<u64> = (0..len).map(|_| rng.random_range(0..=24)).collect();
            let analysis = q.analyze(&presentation, &heaps, &first).unwrap();
            match analysis.outcome {
                Outcome::P => {
                    assert_eq!(analysis.winning_move_count, 0);
                    let brute = Brute::new(&code.parse().unwrap(), Convention::Misere, 24);
                    for next in brute.options(&heaps) {
                        let after = q.analyze(&presentation, &next, &first).unwrap();
                        assert_eq!(after.outcome, Outcome::N, "{code} {heaps:?} -> {next:?}");
                    }
                }
                _ => {
                    let next = apply(&heaps, &analysis.winning_moves[0]);
                    let after = q.analyze(&presentation, &next, &first).unwrap();
                    assert_eq!(after.outcome, Outcome::P, "{code} {heaps:?} -> {next:?}");
                }
            }
            assert!(analysis.explanation.iter().all(|s| {
                !s.text(crate::Lang::En).is_empty() && !s.text(crate::Lang::Zh).is_empty()
            }));
        }
    }
}

#[test]
fn a_position_with_a_heap_beyond_the_quotient_is_not_answered() {
    let (q, presentation) = quotient("0.77", 8);
    assert!(q.analyze(&presentation, &[3, 9], &ALL_MOVES).is_none());
    assert!(q.element(&[u64::MAX]).is_none());
    let too_large = Quotient::of(&"0.07".parse().unwrap(), 30, 100).unwrap_err();
    assert_eq!(too_large.heap, 30);
}

#[test]
fn the_report_finds_where_the_order_stops_changing() {
    let step = |heap, order| Step {
        heap,
        order,
        p_portion: 1,
    };
    let mut report = Report {
        steps: vec![step(1, 2), step(2, 6), step(3, 6), step(4, 8), step(5, 8)],
        quotient: None,
        stopped: None,
    };
    assert_eq!(report.stable_from(), Some(4));
    report.steps.push(step(6, 10));
    assert_eq!(report.stable_from(), Some(6));
    report.steps.clear();
    assert_eq!(report.stable_from(), None);
}

#[test]
fn the_report_stops_at_the_first_quotient_past_the_bound() {
    // Q_30(0.07) has 360 elements (see above): a bound of 200 stops the report at heap 30 or
    // before, with every quotient reported within the bound.
    let report = Report::compute(&"0.07".parse().unwrap(), 40, 200);
    let stopped = report.stopped.as_ref().unwrap().heap;
    assert!(stopped <= 30);
    assert_eq!(report.steps.len(), stopped - 1);
    assert!(report.steps.iter().all(|s| s.order <= 200));
    let last = report.quotient.as_ref().unwrap();
    assert_eq!(last.max_heap(), stopped - 1);
    assert_eq!(
        Quotient::of(&"0.07".parse().unwrap(), stopped, 200)
            .unwrap_err()
            .heap,
        stopped
    );
}
