//! Sums of two different games: the value is the XOR, and the Sprague–Grundy rule finds exactly
//! the winning moves that a search of the whole sum finds.

use grundy::engine::Memo;
use grundy::{Convention, Game, Nimber, sum};
use rand::{Rng, SeedableRng};

use crate::{Subtract, TakeOrSplit};

/// The sum of a subtraction heap and a take-or-split position: move in exactly one of them.
struct Pair;

const SUBTRACT: Subtract = Subtract(&[1, 3, 4]);

impl Game for Pair {
    type Position = (u64, Vec<u64>);
    fn options(&self, (n, heaps): &Self::Position, out: &mut Vec<Self::Position>) {
        let mut left = Vec::new();
        SUBTRACT.options(n, &mut left);
        out.extend(left.into_iter().map(|m| (m, heaps.clone())));
        let mut right = Vec::new();
        TakeOrSplit.options(heaps, &mut right);
        out.extend(right.into_iter().map(|h| (*n, h)));
    }
}

#[test]
fn random_sums_match_the_whole_search() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(2026);
    let mut whole = Memo::new();
    let mut left = Memo::new();
    let mut right = Memo::new();
    for _ in 0..300 {
        let n = rng.random_range(0..40u64);
        let mut heaps: Vec<u64> = (0..rng.random_range(1..3))
            .map(|_| rng.random_range(0..7))
            .collect();
        heaps.sort_unstable();
        let position = (n, heaps.clone());
        let g = [
            left.grundy(&SUBTRACT, &n).unwrap(),
            right.grundy(&TakeOrSplit, &heaps).unwrap(),
        ];
        assert_eq!(
            whole.grundy(&Pair, &position).unwrap(),
            sum::value(g),
            "{position:?}"
        );

        // The Sprague–Grundy rule: move component i to a position of value g_i ⊕ X. Options can
        // have values above their component's, so every component is looked at, not only those
        // with g_i ⊕ X < g_i.
        let mut by_rule = Vec::new();
        for (i, target) in sum::targets(g) {
            let mut options = Vec::new();
            if i == 0 {
                SUBTRACT.options(&n, &mut options);
                for m in options {
                    if left.grundy(&SUBTRACT, &m).unwrap() == target {
                        by_rule.push((m, heaps.clone()));
                    }
                }
            } else {
                let mut options = Vec::new();
                TakeOrSplit.options(&heaps, &mut options);
                for h in options {
                    if right.grundy(&TakeOrSplit, &h).unwrap() == target {
                        by_rule.push((n, h));
                    }
                }
            }
        }
        let mut by_search = whole
            .winning_moves(&Pair, &position, Convention::Normal)
            .unwrap();
        by_rule.sort();
        by_search.sort();
        by_rule.dedup();
        by_search.dedup();
        assert_eq!(by_rule, by_search, "{position:?}");
    }
}

#[test]
fn the_highest_set_bit_components_always_qualify() {
    let values = [5u64, 9, 12, 3].map(Nimber);
    let x = sum::value(values);
    let h = sum::highest_bit(x).unwrap();
    let chosen: Vec<usize> = sum::winning_targets(values).map(|(i, _)| i).collect();
    let with_bit: Vec<usize> = (0..4)
        .filter(|&i| values[i].value() >> h & 1 == 1)
        .collect();
    assert_eq!(chosen, with_bit);
    assert!(
        sum::winning_targets([Nimber(6), Nimber(6)])
            .next()
            .is_none()
    );
    assert!(sum::targets([Nimber(6), Nimber(6)]).next().is_none());
    assert_eq!(sum::targets(values).count(), 4);
}
