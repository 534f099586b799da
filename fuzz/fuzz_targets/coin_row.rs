//! Coin rows and grids (`games::turning`): `THHTH`, places, rows joined by `/`, `x,y` places.
//!
//! Invariants: no panic; an error is one line; a position read is read again the same from its
//! places; every winning move listed leaves a position of value 0.
#![no_main]

use grundy::games::turning::{Board, CoinRow, Product, Rule, product_moves, row_moves};
use libfuzzer_sys::fuzz_target;

const RULES: [Rule; 6] = [
    Rule::Turtles,
    Rule::Twins,
    Rule::Mock,
    Rule::Ruler,
    Rule::AtMost(5),
    Rule::AtMost(7),
];

/// `heads` after turning the coins of `turn` (both increasing).
fn after<P: Ord + Copy>(heads: &[P], turn: &[P]) -> Vec<P> {
    let mut next: Vec<P> = heads.iter().filter(|p| !turn.contains(p)).copied().collect();
    next.extend(turn.iter().filter(|p| !heads.contains(p)));
    next.sort_unstable();
    next
}

fuzz_target!(|bytes: &[u8]| {
    let Some((&pick, rest)) = bytes.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let rule = RULES[pick as usize % RULES.len()];
    if pick & 0x80 == 0 {
        match CoinRow::parse(rule, text) {
            Err(e) => assert!(!e.to_string().contains('\n'), "{e}"),
            Ok(row) => {
                let places: Vec<String> = row.heads.iter().map(u64::to_string).collect();
                assert_eq!(CoinRow::parse(rule, &places.join(" ")), Ok(row.clone()));
                for turn in row_moves(rule, &row.heads).iter().take(16) {
                    let next = CoinRow {
                        rule,
                        heads: after(&row.heads, turn),
                    };
                    assert!(next.value().is_zero(), "{row:?} {turn:?}");
                }
            }
        }
    } else {
        let product = Product {
            a: rule,
            b: RULES[(pick as usize / 8) % RULES.len()],
        };
        match Board::parse(product, text) {
            Err(e) => assert!(!e.to_string().contains('\n'), "{e}"),
            Ok(board) => {
                let places: Vec<String> =
                    board.heads.iter().map(|(x, y)| format!("{x},{y}")).collect();
                assert_eq!(Board::parse(product, &places.join(" ")), Ok(board.clone()));
                for turn in product_moves(product, &board.heads).iter().take(16) {
                    let next = Board {
                        product,
                        heads: after(&board.heads, turn),
                    };
                    assert!(next.value().is_zero(), "{board:?} {turn:?}");
                }
            }
        }
    }
});
