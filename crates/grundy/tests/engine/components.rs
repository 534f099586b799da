//! A table that splits positions into components against the whole-position search (the
//! reference: it never calls `components`): the same values, outcomes and winning moves on all
//! small positions of every ruleset with components; a splitting table holds single components
//! only; components functions that give back the position itself or nothing still end with the
//! right values.

use grundy::engine::Memo;
use grundy::games::lasker::Lasker;
use grundy::games::nim::Nim;
use grundy::games::stones::squares::Squares;
use grundy::games::subtraction::{Subtraction, SubtractionSet};
use grundy::{Convention, Game, Nimber};

use crate::TakeOrSplit;

/// Every list of at most `count` heaps of at most `max` stones, in every order.
fn heap_lists(count: usize, max: u64) -> Vec<Vec<u64>> {
    let mut lists = vec![Vec::new()];
    let mut last = vec![Vec::new()];
    for _ in 0..count {
        last = last
            .iter()
            .flat_map(|list: &Vec<u64>| {
                (0..=max).map(move |h| {
                    let mut longer = list.clone();
                    longer.push(h);
                    longer
                })
            })
            .collect();
        lists.extend(last.iter().cloned());
    }
    lists
}

/// Values, normal-play outcomes and winning moves of the splitting table equal the whole search's
/// on every list of up to `count` heaps of up to `max`.
fn split_search_agrees<G: Game<Position = Vec<u64>>>(game: &G, count: usize, max: u64) {
    let mut whole = Memo::new();
    let mut split = Memo::with_components();
    for heaps in heap_lists(count, max) {
        assert_eq!(
            split.grundy(game, &heaps),
            whole.grundy(game, &heaps),
            "value of {heaps:?}"
        );
        assert_eq!(
            split.outcome(game, &heaps, Convention::Normal),
            whole.outcome(game, &heaps, Convention::Normal),
            "outcome of {heaps:?}"
        );
        assert_eq!(
            split.winning_moves(game, &heaps, Convention::Normal),
            whole.winning_moves(game, &heaps, Convention::Normal),
            "winning moves of {heaps:?}"
        );
    }
}

#[test]
fn every_ruleset_with_components_agrees_with_the_whole_search() {
    split_search_agrees(&Nim, 3, 6);
    // Lasker's heaps multiply, and the whole search keeps every order of them.
    split_search_agrees(&Lasker, 2, 5);
    split_search_agrees(&Squares, 3, 9);
    for set in ["1,3,4", "2,5,6", "all-but:1,3"] {
        let set = SubtractionSet::parse(set).unwrap();
        split_search_agrees(&Subtraction { set }, 3, 8);
    }
}

#[test]
fn the_table_holds_single_heaps_of_lasker_nim_only() {
    let mut memo = Memo::with_components();
    for heaps in [vec![40], vec![3, 17, 29], vec![12, 12]] {
        memo.grundy(&Lasker, &heaps).unwrap();
    }
    // Every heap up to 40 is an option of the heap of 40; no sum is ever stored.
    let mut held: Vec<Vec<u64>> = memo.positions().cloned().collect();
    held.sort();
    let heaps: Vec<Vec<u64>> = (0..=40).map(|h| vec![h]).collect();
    assert_eq!(held, heaps);
}

/// Lasker's Nim on a list of heaps with a components function chosen by the test.
struct Parts(fn(&Vec<u64>, &mut Vec<Vec<u64>>) -> bool);

impl Game for Parts {
    type Position = Vec<u64>;
    fn options(&self, heaps: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
        TakeOrSplit.options(heaps, out);
    }
    fn components(&self, heaps: &Vec<u64>, parts: &mut Vec<Vec<u64>>) -> bool {
        (self.0)(heaps, parts)
    }
}

#[test]
fn degenerate_components_still_give_the_right_values() {
    let itself = Parts(|heaps, parts| {
        parts.push(heaps.clone());
        true
    });
    // Empty heaps are left out, so a position of empty heaps is a sum of nothing.
    let non_empty = Parts(|heaps, parts| {
        parts.extend(heaps.iter().filter(|&&h| h > 0).map(|&h| vec![h]));
        true
    });
    // Every position a sum of nothing.
    let nothing = Parts(|_, _| true);
    let mut whole = Memo::new();
    for heaps in heap_lists(2, 7) {
        let want = whole.grundy(&TakeOrSplit, &heaps).unwrap();
        assert_eq!(Memo::with_components().grundy(&itself, &heaps), Ok(want));
        assert_eq!(Memo::with_components().grundy(&non_empty, &heaps), Ok(want));
        assert_eq!(
            Memo::with_components().grundy(&nothing, &heaps),
            Ok(Nimber::ZERO)
        );
    }
    let mut memo = Memo::with_components();
    memo.grundy(&non_empty, &vec![0, 0, 9, 0]).unwrap();
    assert!(memo.positions().all(|p| p.len() == 1 && p[0] > 0));
}
