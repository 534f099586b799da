//! A position of value g has options of every value below g and none of value g.

use grundy::engine::Memo;
use grundy::games::nim::Nim;
use grundy::{Game, mex};

use crate::{Subtract, TakeOrSplit};

fn check_mex_property<G: Game>(game: &G, positions: impl IntoIterator<Item = G::Position>) -> usize
where
    G::Position: std::fmt::Debug,
{
    let mut memo = Memo::new();
    let mut checked = 0;
    for position in positions {
        let g = memo.grundy(game, &position).unwrap().value();
        let mut options = Vec::new();
        game.options(&position, &mut options);
        let values: Vec<u64> = options
            .iter()
            .map(|o| memo.grundy(game, o).unwrap().value())
            .collect();
        assert!(
            !values.contains(&g),
            "{position:?} has value {g} and an option of value {g}"
        );
        for below in 0..g {
            assert!(
                values.contains(&below),
                "{position:?} has value {g} but no option of value {below}"
            );
        }
        assert_eq!(g, mex(values));
        checked += 1;
    }
    checked
}

#[test]
fn nim_positions() {
    let positions =
        (0..6u64).flat_map(|a| (0..6).flat_map(move |b| (0..6).map(move |c| vec![a, b, c])));
    assert_eq!(check_mex_property(&Nim, positions), 216);
}

#[test]
fn subtraction_heaps() {
    assert_eq!(check_mex_property(&Subtract(&[1, 3, 4]), 0..300), 300);
}

#[test]
fn take_or_split_heaps() {
    let positions = (0..8u64).flat_map(|a| (a..8).map(move |b| vec![a, b]));
    assert_eq!(check_mex_property(&TakeOrSplit, positions), 36);
}

#[test]
fn splitting_into_components_gives_the_same_values() {
    // Nim's components hook splits piles; the whole-position search must agree with it.
    let mut whole = Memo::new();
    let mut split = Memo::with_components();
    for a in 0..7u64 {
        for b in 0..7 {
            let p = vec![a, b, 3];
            assert_eq!(whole.grundy(&Nim, &p), split.grundy(&Nim, &p));
        }
    }
    assert!(
        split.len() < whole.len(),
        "the split table holds single piles only"
    );
}
