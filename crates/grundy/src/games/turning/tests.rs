//! The theorems against the engine's search of the rules: every row of up to 12 coins under each
//! one-dimensional rule, every grid of up to 4×4 under Turning Corners and two products.

use super::*;
use crate::engine::Memo;
use crate::nimber::mex;
use crate::{Convention, Explain, Game, Lang, Outcome};

const RULES: [Rule; 10] = [
    Rule::Turtles,
    Rule::Twins,
    Rule::Mock,
    Rule::Ruler,
    Rule::AtMost(1),
    Rule::AtMost(2),
    Rule::AtMost(3),
    Rule::AtMost(4),
    Rule::AtMost(5),
    Rule::AtMost(7),
];

/// The position after turning `turn` in `heads`.
fn after<P: Ord + Copy>(heads: &[P], turn: &[P]) -> Vec<P> {
    let mut next: Vec<P> = heads
        .iter()
        .filter(|p| !turn.contains(p))
        .copied()
        .collect();
    next.extend(turn.iter().filter(|p| !heads.contains(p)));
    next.sort_unstable();
    next
}

/// Checks value, outcome and every winning move of `position` against the engine.
fn check<G: Game>(
    game: &G,
    memo: &mut Memo<G::Position>,
    position: &G::Position,
    value: u64,
    moves: Vec<G::Position>,
) where
    G::Position: Ord + std::fmt::Debug,
{
    let g = memo.grundy(game, position).unwrap();
    assert_eq!(g.value(), value, "value of {position:?}");
    let outcome = memo.outcome(game, position, Convention::Normal).unwrap();
    assert_eq!(outcome == Outcome::P, value == 0, "outcome of {position:?}");
    let mut expected = memo
        .winning_moves(game, position, Convention::Normal)
        .unwrap();
    expected.sort_unstable();
    let mut moves = moves;
    moves.sort_unstable();
    assert_eq!(moves, expected, "winning moves of {position:?}");
}

#[test]
fn every_row_of_twelve_coins_equals_the_engine() {
    for rule in RULES {
        let first = rule.first_place();
        let mut memo = Memo::new();
        for mask in 0u64..1 << 12 {
            let heads: Vec<u64> = (0..12)
                .filter(|i| mask >> i & 1 == 1)
                .map(|i| i + first)
                .collect();
            let row = CoinRow {
                rule,
                heads: heads.clone(),
            };
            let moves = row_moves(rule, &heads)
                .iter()
                .map(|t| after(&heads, t))
                .collect();
            check(&rule, &mut memo, &heads, row.value().value(), moves);
        }
    }
}

#[test]
fn every_grid_of_four_by_four_equals_the_engine() {
    let products = [
        Product::CORNERS,
        Product {
            a: Rule::Mock,
            b: Rule::Ruler,
        },
        Product {
            a: Rule::Turtles,
            b: Rule::AtMost(5),
        },
    ];
    for product in products {
        let (fa, fb) = (product.a.first_place(), product.b.first_place());
        let mut memo = Memo::new();
        for mask in 0u64..1 << 16 {
            let heads: Vec<(u64, u64)> = (0..16)
                .filter(|i| mask >> i & 1 == 1)
                .map(|i| (i / 4 + fa, i % 4 + fb))
                .collect();
            let board = Board {
                product,
                heads: heads.clone(),
            };
            let moves = product_moves(product, &heads)
                .iter()
                .map(|t| after(&heads, t))
                .collect();
            check(&product, &mut memo, &heads, board.value().value(), moves);
        }
    }
}

#[test]
fn corners_are_worth_the_nim_product() {
    let board = Board::parse(Product::CORNERS, "2,3 5,7").unwrap();
    let expected = crate::nimber::nim_mul(2, 3) ^ crate::nimber::nim_mul(5, 7);
    assert_eq!(board.value().value(), expected);
}

#[test]
fn closed_forms_equal_the_definitions_by_mex_for_128_places() {
    let at_most = |k| Rule::AtMost(k).values(128);
    assert_eq!(Rule::Turtles.values(128), at_most(2));
    assert_eq!(Rule::Mock.values(128), at_most(3));
    let mut ruler: Vec<u64> = Vec::new();
    for n in 0..128 {
        let runs = (0..=n).map(|m| ruler[m..n].iter().fold(0, |a, &v| a ^ v));
        ruler.push(mex(runs));
    }
    assert_eq!(Rule::Ruler.values(128), ruler);
    let twins: Vec<u64> = (0..128u64).collect();
    assert_eq!(Rule::Twins.values(128), twins);
}

#[test]
fn mex_family_matches_a_plain_subset_search() {
    for k in 1..=MAX_TURN {
        let mut values: Vec<u64> = Vec::new();
        for n in 0..14 {
            let mut sums = Vec::new();
            Rule::AtMost(k).for_each_move(n, &mut |others| {
                sums.push(others.iter().fold(0, |a, &m| a ^ values[m as usize]));
            });
            values.push(mex(sums));
        }
        assert_eq!(Rule::AtMost(k).values(14), values, "at most {k}");
    }
}

#[test]
fn rows_read_as_words_or_places() {
    let word = CoinRow::parse(Rule::Mock, "THHTH").unwrap();
    assert_eq!(word.heads, vec![1, 2, 4]);
    assert_eq!(CoinRow::parse(Rule::Mock, "4 1,2 2").unwrap(), word);
    assert_eq!(
        CoinRow::parse(Rule::Ruler, "THH").unwrap().heads,
        vec![2, 3]
    );
    let err = |rule, text| CoinRow::parse(rule, text).unwrap_err().to_string();
    assert!(err(Rule::Ruler, "3 x4").contains("'x4'"));
    assert!(err(Rule::Ruler, "0").contains("'0'"));
    assert!(err(Rule::Ruler, "4097").contains("'4097'"));
    assert!(err(Rule::Mock, &"H".repeat(129)).contains("past the last place"));
    assert!(
        Rule::parse("atmost:9")
            .unwrap_err()
            .to_string()
            .contains("'atmost:9'")
    );
    assert_eq!(Rule::parse("mogul"), Ok(Rule::AtMost(7)));
    let grid = Board::parse(Product::CORNERS, "TH/HT").unwrap();
    assert_eq!(grid.heads, vec![(0, 1), (1, 0)]);
    assert_eq!(Board::parse(Product::CORNERS, "0,1 1,0").unwrap(), grid);
    let bad = |text| {
        Board::parse(Product::CORNERS, text)
            .unwrap_err()
            .to_string()
    };
    assert!(bad("TH/H").contains("'H'"));
    assert!(bad("1;2").contains("'1;2'"));
    assert!(bad("16,0").contains("'16,0'"));
}

#[test]
fn explanations_state_a_winning_move_in_both_languages() {
    let row = CoinRow::parse(Rule::AtMost(5), "HTHHTTH").unwrap();
    let steps = row.explain();
    for lang in [Lang::En, Lang::Zh] {
        assert!(steps.iter().all(|s| !s.text(lang).is_empty()));
    }
    let TurningStep::Move { values, total, .. } = steps.last().unwrap() else {
        panic!("{steps:?}");
    };
    assert_eq!(values.iter().fold(0, |a, v| a ^ v), *total);
    assert_eq!(*total, row.value().value());
    let board = Board::parse(Product::CORNERS, "TTH/THT/HTT").unwrap();
    assert!(matches!(
        board.explain().last(),
        Some(TurningStep::Move { .. })
    ));
    let lost = CoinRow::parse(Rule::Turtles, "HTH HH").unwrap();
    assert_eq!(lost.explain().last(), Some(&TurningStep::NoMove));
}
