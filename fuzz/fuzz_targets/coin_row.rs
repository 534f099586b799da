//! Coin rows and grids (`games::turning`): `THHTH`, places, rows joined by `/`, `x,y` places; and
//! the played game's rule (`mock`, `corners`, `A*B`), position and typed move (`2,4`, `0,0 1,1`),
//! three lines, when the first byte has bit 6 set.
//!
//! Invariants: no panic; an error is one line; a position read is read again the same from its
//! places; every winning move listed leaves a position of value 0; a move read is a legal move.
#![no_main]

use std::collections::BTreeMap;

use grundy::games::turning::{
    Board, CoinRow, Product, Rule, TurningPlay, product_moves, row_moves,
};
use grundy::ruleset::{FromSetup, Presentation, Ruleset, Setup};
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
    let mut next: Vec<P> = heads
        .iter()
        .filter(|p| !turn.contains(p))
        .copied()
        .collect();
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
    if pick & 0x40 != 0 {
        let mut lines = text.splitn(3, '\n');
        let (rule, position, typed) = (lines.next(), lines.next(), lines.next());
        let setup = Setup {
            game: "turning".into(),
            every: false,
            misere: false,
            params: BTreeMap::from([("rule".into(), rule.unwrap_or_default().into())]),
        };
        let Ok(game) = TurningPlay::from_setup(&setup) else {
            return;
        };
        let words = vec![position.unwrap_or_default().to_owned()];
        let Ok(Some((_, numbers))) = TurningPlay::read_words(&setup, &words) else {
            return;
        };
        let heads = game.position(numbers).expect("read words make a position");
        match game.parse_move(&heads, typed.unwrap_or_default()) {
            Err(e) => assert!(!e.to_string().contains('\n'), "{e}"),
            Ok(change) if game.search_cost(&heads).is_some_and(|c| c < 1 << 20) => {
                let mut legal = Vec::new();
                game.legal_moves(&heads, &mut legal);
                assert!(legal.contains(&change), "{change:?}");
            }
            Ok(_) => {}
        }
        return;
    }
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
                let places: Vec<String> = board
                    .heads
                    .iter()
                    .map(|(x, y)| format!("{x},{y}"))
                    .collect();
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
