use rand::{Rng, SeedableRng};

use super::*;
use crate::engine::EngineError;
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

/// The quotients for heaps up to 1, 2, …, `max_heap`, each computed afresh by the layered
/// construction alone.
fn layered(code: &str, max_heap: usize) -> Vec<Quotient> {
    let rules: TakeAndBreak = code.parse().unwrap();
    let mut layers = Layers::new(DEFAULT_MAX_ORDER, DEFAULT_MAX_MEMORY);
    (1..=max_heap)
        .map(|n| {
            layers.add_heaps(&rules, n).unwrap();
            let automaton = layers.p_positions(n).unwrap();
            Quotient::from_automaton(&rules, &automaton)
        })
        .collect()
}

#[test]
fn heap_by_heap_growth_equals_the_layered_construction() {
    // Past the heaps where each quotient grows, so that both the extension check and the
    // layered construction answer (Kayles grows up to heap 27, 0.56 at 19).
    for (code, max_heap) in [
        ("0.75", 30),
        ("0.77", 40),
        ("0.07", 20),
        ("0.137", 19),
        ("0.45", 16),
        ("0.56", 30),
        ("0.6", 14),
        ("4.7", 16),
        ("grundy", 24),
        ("0.F", 12),
        ("0.4?4", 16),
        ("0.3333", 10),
    ] {
        let mut growth = Growth::new(code.parse().unwrap(), DEFAULT_MAX_ORDER);
        for (n, expected) in (1..).zip(layered(code, max_heap)) {
            let step = growth.next_heap().unwrap();
            assert_eq!(step.order, expected.order(), "{code} heaps up to {n}");
            assert_eq!(growth.current(), expected, "{code} heaps up to {n}");
        }
    }
}

/// The elements of the options of every heap of `q`.
fn options_of(q: &Quotient) -> Vec<Option<incremental::Elements>> {
    (0..=q.max_heap())
        .map(|n| incremental::option_elements(q, n))
        .collect()
}

#[test]
fn guessed_quotients_equal_the_layered_construction() {
    // At every heap where the quotient grows, a guess that passes the check is the quotient.
    let mut guessed = 0;
    for (code, max_heap) in [
        ("0.75", 12),
        ("0.77", 30),
        ("0.07", 20),
        ("0.45", 16),
        ("0.56", 30),
        ("0.6", 14),
        ("4.7", 16),
        ("grundy", 24),
        ("0.F", 12),
        ("0.4?4", 16),
    ] {
        let quotients = layered(code, max_heap);
        for pair in quotients.windows(2) {
            let (q, expected) = (&pair[0], &pair[1]);
            let n = expected.max_heap();
            let last = incremental::option_elements(q, n);
            let Some(last) = last.filter(|_| q.order() != expected.order()) else {
                continue;
            };
            if let Some((r, options)) = expansion::expand(q, &options_of(q), &last, MAX_SETS) {
                assert_eq!(r.renumbered(), *expected, "{code} heaps up to {n}");
                assert_eq!(options, options_of(&r), "{code} heaps up to {n}");
                guessed += 1;
            }
        }
    }
    assert!(guessed >= 10, "{guessed}");
}

#[test]
fn the_check_of_a_quotient_finds_every_wrong_p_portion() {
    for (code, max_heap) in [("0.77", 30), ("0.07", 16), ("0.56", 24), ("4.7", 12)] {
        let (q, _) = quotient(code, max_heap);
        let options = options_of(&q);
        assert_eq!(
            incremental::decides_every_position(&q, &options, MAX_SETS),
            Ok(true),
            "{code}"
        );
        for x in 0..q.order() {
            let mut wrong = q.clone();
            wrong.p[x] = !wrong.p[x];
            assert_eq!(
                incremental::decides_every_position(&wrong, &options, MAX_SETS),
                Ok(false),
                "{code} element {x}"
            );
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
fn dawsons_kayles_up_to_30_and_33_has_the_orders_published() {
    // Siegel (on MisereSolver's candidates, 2007): Q_30(0.07) has 360 elements.
    let (q, _) = quotient("0.07", 30);
    assert_eq!(q.order(), 360);
    // Plambeck and Siegel (JCTA 2008) took 0.07 to heap 33, a quotient of 638 elements (their
    // figure as a third-party summary quotes it; the paper's table could not be read here).
    let (q, _) = quotient("0.07", 33);
    assert_eq!(q.order(), 638);
}

/// A row of MisereSolver's table (`tests/data/miseresolver.tsv`, its header says how it was
/// run): the code, how the run was bounded, the heap it reached, the order and P-portion there,
/// and the heap map's period and preperiod where it solved the game.
struct Row<'a> {
    code: &'a str,
    bound: &'a str,
    heap: usize,
    order: usize,
    p_portion: usize,
    period: Option<usize>,
    preperiod: Option<usize>,
}

fn miseresolver_rows() -> Vec<Row<'static>> {
    include_str!("../../tests/data/miseresolver.tsv")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.starts_with("code"))
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            Row {
                code: f[0],
                bound: f[1],
                heap: f[2].parse().unwrap(),
                order: f[3].parse().unwrap(),
                p_portion: f[4].parse().unwrap(),
                period: f[5].parse().ok(),
                preperiod: f[6].parse().ok(),
            }
        })
        .collect()
}

/// Checks every row of MisereSolver's table up to heap `largest` (the others: `None`): the
/// order and P-portion at the heap it reached, and for a game it solved, the same heap map
/// period and preperiod certified by the periodicity theorem (grundy certifies at the first heap
/// where the theorem's hypothesis holds, at most MisereSolver's).
fn check_miseresolver_rows(largest: usize) -> usize {
    let rows = miseresolver_rows();
    let mut checked = 0;
    let mut codes: Vec<&str> = rows.iter().map(|r| r.code).collect();
    codes.dedup();
    for code in codes {
        let rules: TakeAndBreak = code.parse().unwrap();
        let mine: Vec<&Row> = rows
            .iter()
            .filter(|r| r.code == code && r.heap <= largest)
            .collect();
        let Some(max_heap) = mine.iter().map(|r| r.heap).max() else {
            continue;
        };
        let report = Report::compute(&rules, max_heap, DEFAULT_MAX_ORDER);
        for row in mine {
            let step = report.steps[row.heap - 1];
            assert_eq!(
                (step.heap, step.order, step.p_portion),
                (row.heap, row.order, row.p_portion),
                "{code} {}",
                row.bound
            );
            if row.bound == "solved" {
                let bounds = Bounds {
                    max_heap: row.heap,
                    max_order: DEFAULT_MAX_ORDER,
                    max_memory: DEFAULT_MAX_MEMORY,
                };
                let solved = Report::run(&rules, bounds, true, &mut |_| true);
                let certificate = solved.certificate().unwrap();
                assert_eq!(
                    (Some(certificate.period), Some(certificate.preperiod)),
                    (row.period, row.preperiod),
                    "{code}"
                );
                assert_eq!(solved.steps.last().unwrap().order, row.order, "{code}");
                assert!(solved.steps.len() <= row.heap, "{code}");
            }
            checked += 1;
        }
    }
    checked
}

#[test]
fn orders_and_p_portions_equal_miseresolvers_table() {
    // Every row, 0.56's at heap 36,520 among them (its quotient grows at heaps 256 and 22,778).
    assert_eq!(check_miseresolver_rows(usize::MAX), 30);
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
    // Heap by heap, the first quotient past the bound is named: 0.07's grows from 24 elements
    // to 144 at heap 25.
    let too_large = Quotient::of(&"0.07".parse().unwrap(), 30, 100).unwrap_err();
    assert_eq!(too_large.heap, 25);
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
        interrupted: false,
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

/// Checks a quotient for heaps up to N without the construction that built it. A sum of heaps is
/// seen as a state: its element x and, for each element e of a heap in it, the element y of the
/// rest once one heap of element e is removed (the same whichever such heap is removed). States
/// are reached from the empty sum by adding heaps, and any heap of element e may stand for any
/// other in a state. The quotient decides every position right exactly when no state has a
/// position that contradicts x (induction on the length of play): if x is a P-element, no heap
/// of a present element e may move to a P-element (y times an option's element), and some
/// present element must have only heaps that can move; if not, some present element must have
/// only heaps with a move to a P-element, or every heap that avoids one must have no move. It is
/// the smallest such monoid when any two elements are told apart by some third one. Returns how
/// many states there were.
fn verify_independently(q: &Quotient) -> usize {
    const ABSENT: u32 = u32::MAX;
    let n = q.max_heap();
    let order = q.order() as u32;
    let option_elements: Vec<Vec<u32>> = (0..=n)
        .map(|h| {
            q.options(h)
                .iter()
                .map(|parts| q.element_of_parts(parts))
                .collect()
        })
        .collect();
    let mut heaps_of = vec![Vec::new(); order as usize];
    for h in 1..=n {
        heaps_of[q.heap(h) as usize].push(h);
    }
    let start = (Quotient::IDENTITY, vec![ABSENT; order as usize]);
    let mut seen = std::collections::HashSet::from([start.clone()]);
    let mut queue = vec![start];
    while let Some((x, rest)) = queue.pop() {
        // For each present element: (every heap can move, every heap avoids P, some heap avoids
        // P and can move, some heap avoids P).
        let present: Vec<(bool, bool, bool, bool)> = rest
            .iter()
            .enumerate()
            .filter(|&(_, &y)| y != ABSENT)
            .map(|(e, &y)| {
                let heaps = &heaps_of[e];
                let moves = |h: usize| !option_elements[h].is_empty();
                let avoids =
                    |h: usize| !option_elements[h].iter().any(|&o| q.is_p(q.product(y, o)));
                (
                    heaps.iter().all(|&h| moves(h)),
                    heaps.iter().all(|&h| avoids(h)),
                    heaps.iter().any(|&h| avoids(h) && moves(h)),
                    heaps.iter().any(|&h| avoids(h)),
                )
            })
            .collect();
        if q.is_p(x) {
            assert!(
                present.iter().all(|p| p.1) && present.iter().any(|p| p.0),
                "P-element {x} with the rests {rest:?}"
            );
        } else {
            assert!(
                !(present.iter().all(|p| p.3) && present.iter().any(|p| p.2)),
                "element {x} with the rests {rest:?}"
            );
        }
        for k in 1..=n {
            let heap = q.heap(k);
            let mut next: Vec<u32> = rest
                .iter()
                .map(|&y| {
                    if y == ABSENT {
                        ABSENT
                    } else {
                        q.product(y, heap)
                    }
                })
                .collect();
            next[heap as usize] = x;
            let state = (q.product(x, heap), next);
            if seen.insert(state.clone()) {
                queue.push(state);
            }
        }
    }
    for x in 0..order {
        for y in x + 1..order {
            assert!(
                (0..order).any(|z| q.is_p(q.product(x, z)) != q.is_p(q.product(y, z))),
                "elements {x} and {y} are not told apart"
            );
        }
    }
    seen.len()
}

#[test]
#[ignore = "minutes: run by hand for the figure in docs/misere.md"]
fn kayles_to_heap_170_passes_the_independent_check() {
    let (q, _) = quotient("0.77", 170);
    let states = verify_independently(&q);
    eprintln!(
        "Kayles, heaps up to 170: order {}, {states} states",
        q.order()
    );
}

#[test]
fn quotients_pass_the_independent_check() {
    // Heaps past the last step where each quotient grows (Kayles: 27; 0.75: 5; 0.07: 14).
    for (code, heaps) in [
        ("0.77", 40),
        ("0.75", 30),
        ("0.07", 16),
        ("0.56", 24),
        ("4.7", 12),
    ] {
        let (q, _) = quotient(code, heaps);
        assert!(verify_independently(&q) > q.order(), "{code}");
    }
}

#[test]
fn the_independent_check_finds_a_wrong_p_portion_and_a_non_minimal_monoid() {
    let (q, _) = quotient("0.77", 12);
    let mut wrong = q.clone();
    let x = wrong.heap(5) as usize;
    wrong.p[x] = !wrong.p[x];
    assert!(std::panic::catch_unwind(|| verify_independently(&wrong)).is_err());
    // Two copies of the quotient side by side (x and x', with products and P as in Q): every
    // position is still decided right, but x and x' are not told apart.
    let order = q.order();
    let mut doubled = q.clone();
    doubled.order = 2 * order;
    doubled.product = (0..2 * order)
        .flat_map(|x| (0..2 * order).map(move |y| (x, y)))
        .map(|(x, y)| {
            let xy = q.product((x % order) as u32, (y % order) as u32);
            xy + if x >= order || y >= order {
                order as u32
            } else {
                0
            }
        })
        .collect();
    doubled.p = q.p.iter().chain(&q.p).copied().collect();
    assert!(std::panic::catch_unwind(|| verify_independently(&doubled)).is_err());
}

fn genus_search(code: &str, max_heap: usize) -> GenusSearch {
    GenusSearch::new(&code.parse().unwrap(), max_heap, DEFAULT_GENUS_POSITIONS)
}

#[test]
fn nim_heaps_have_the_genus_boutons_rule_gives() {
    // A heap of n beside k heaps of 2 is a misère Nim position: its misère Grundy value is the
    // XOR when some heap is 2 or more, and 1 XOR it otherwise (Bouton). So *0 is 0^120, *1 is
    // 1^031 and *n is n^{n, n XOR 2} for n ≥ 2, all tame.
    let mut search = genus_search("0.3333333", 7);
    for n in 0..=7u32 {
        let genus = search.genus(n as usize).unwrap();
        let expected = match n {
            0 => vec![1, 2, 0],
            1 => vec![0, 3, 1],
            _ => vec![n, n ^ 2],
        };
        assert_eq!(genus.normal, n);
        assert_eq!(genus.misere, expected, "*{n}");
        assert!(genus.is_tame(), "*{n}");
    }
}

#[test]
fn the_genus_of_0_312_is_plambecks_table() {
    // Plambeck's misère octal games pages, 0.312: the single heap genus sequence 1^{03131},
    // 2^{20}, 0^{02}, 2^{1420}, 0^{02}, 1^{13}, then period two (grundy writes 1^{03131} as
    // 1^031: the same values, cut where the alternation begins).
    let mut search = genus_search("0.312", 10);
    let written: Vec<String> = (1..=10)
        .map(|n| search.genus(n).unwrap().to_string())
        .collect();
    assert_eq!(
        written,
        [
            "1^031", "2^20", "0^02", "2^1420", "0^02", "1^13", "0^02", "1^13", "0^02", "1^13"
        ]
    );
    // Heap 4 behaves like no Nim position.
    let tame: Vec<bool> = (1..=6)
        .map(|n| search.genus(n).unwrap().is_tame())
        .collect();
    assert_eq!(tame, [true, true, true, false, true, true]);
}

#[test]
fn the_genus_agrees_with_the_brute_force_in_both_conventions() {
    // g = 0 exactly when a heap is lost in normal play, γ₀ = 0 exactly when it is lost in misère
    // play (a misère Grundy value is 0 only for a misère P-position).
    for code in CODES {
        let rules: TakeAndBreak = code.parse().unwrap();
        let mut search = genus_search(code, 14);
        let mut normal = Brute::new(&rules, Convention::Normal, 14);
        let mut misere = Brute::new(&rules, Convention::Misere, 14);
        for n in 1..=14u64 {
            let genus = search.genus(n as usize).unwrap();
            assert_eq!(genus.normal == 0, !normal.wins(&[n]), "{code} {n}");
            assert_eq!(genus.misere[0] == 0, !misere.wins(&[n]), "{code} {n}");
        }
    }
}

#[test]
fn the_genus_search_stops_at_its_bound() {
    let mut search = GenusSearch::new(&"0.77".parse().unwrap(), 40, 1000);
    assert_eq!(search.genus(40), Err(SearchFull));
}

#[test]
fn the_periodicity_theorem_certifies_where_its_hypothesis_holds() {
    // 0.75: heaps from 8 on alternate b, ab² (period 2), k = 2: the hypothesis needs heaps up
    // to 2·8 + 2·2 + 2 − 1 = 21.
    let certified = |code: &str, heaps| quotient(code, heaps).0.certificate();
    assert_eq!(certified("0.75", 20), None);
    assert_eq!(
        certified("0.75", 21),
        Some(Certificate {
            preperiod: 8,
            period: 2,
            checked_to: 21
        })
    );
    // What it certifies holds as far as grundy computes: the same order and the heap map still
    // periodic at heap 60.
    let (far, _) = quotient("0.75", 60);
    assert_eq!(far.order(), quotient("0.75", 21).0.order());
    assert!((8..=58).all(|n| far.heap(n + 2) == far.heap(n)));
    // The theorem is for octal games only: not for Grundy's game, a split without taking (4.7),
    // three heaps (0.F) or a modifier (0.4?4).
    for code in ["grundy", "4.7", "0.F", "0.4?4"] {
        assert!(!applies_to(&code.parse().unwrap()), "{code}");
        assert_eq!(certified(code, 12), None, "{code}");
    }
    assert!(applies_to(&"0.77".parse().unwrap()));
}

#[test]
fn the_search_decides_misere_positions_as_the_brute_force_does() {
    for code in CODES {
        let rules: TakeAndBreak = code.parse().unwrap();
        let mut brute = Brute::new(&rules, Convention::Misere, 9);
        for heaps in all_positions(3, 9) {
            let analysis = analyze_by_search(&rules, &heaps, 1, 100_000, &ALL_MOVES).unwrap();
            assert_eq!(
                analysis.outcome == Outcome::N,
                brute.wins(&heaps),
                "{code} {heaps:?}"
            );
            brute.assert_winning(&heaps, &analysis.winning_moves, code);
        }
    }
    let full = analyze_by_search(&"0.07".parse().unwrap(), &[30, 30], 1, 100, &ALL_MOVES);
    assert!(matches!(full, Err(EngineError::TableFull { .. })));
}
