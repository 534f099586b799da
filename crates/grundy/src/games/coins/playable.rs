//! Coin sliding, played: a move is `COIN CELL`, slide coin COIN left to cell CELL (coins
//! numbered from 1 in the order given), never onto or over another coin. Normal play only.

use crate::engine::EngineError;
use crate::games::coins::{self, Coins, Slide};
use crate::games::staircase::StairStep;
use crate::ruleset::{
    About, Lists, MoveError, NoParameters, Notation, Presentation, Refusal, Ruleset, SetupError,
    TestPlan, Unit, index, two_numbers,
};
use crate::{Analysis, AnalyzeOptions, Explain, Lang};

/// A slide the rules refuse (coins numbered from 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum SlideRefusal {
    /// A coin sent right, or off the strip.
    NotLeft { coin: usize, from: u64 },
    /// A coin sent onto or over another coin.
    Blocked {
        coin: usize,
        to: u64,
        other: usize,
        at: u64,
    },
}

impl Explain for SlideRefusal {
    fn text(&self, lang: Lang) -> String {
        match (*self, lang) {
            (SlideRefusal::NotLeft { coin, from }, Lang::En) if from <= 1 => {
                format!("coin {coin} is on cell {from}: it cannot slide further left")
            }
            (SlideRefusal::NotLeft { coin, from }, Lang::En) => format!(
                "coin {coin} is on cell {from}: it can only slide left, to a cell from 1 to {}",
                from - 1
            ),
            (SlideRefusal::NotLeft { coin, from }, Lang::Zh) if from <= 1 => {
                format!("第 {coin} 枚硬币在第 {from} 格：不能再向左移")
            }
            (SlideRefusal::NotLeft { coin, from }, Lang::Zh) => format!(
                "第 {coin} 枚硬币在第 {from} 格：只能向左移到第 1 到第 {} 格",
                from - 1
            ),
            (
                SlideRefusal::Blocked {
                    coin,
                    to,
                    other,
                    at,
                },
                Lang::En,
            ) => {
                format!("coin {coin} cannot reach cell {to}: coin {other} is on cell {at}")
            }
            (
                SlideRefusal::Blocked {
                    coin,
                    to,
                    other,
                    at,
                },
                Lang::Zh,
            ) => {
                format!("第 {coin} 枚硬币到不了第 {to} 格：第 {other} 枚硬币在第 {at} 格")
            }
        }
    }
}

impl Refusal for SlideRefusal {}

/// Coin sliding as a [`Playable`] ruleset.
#[derive(Clone, Copy, Debug, Default)]
pub struct CoinsPlay;

impl NoParameters for CoinsPlay {}

const NOTATION: Notation = Notation {
    en: "COIN CELL",
    zh: "硬币号 格号",
    meaning_en: "slide coin COIN left to cell CELL, coins numbered from 1 in the order given",
    meaning_zh: "把第「硬币号」枚硬币向左移到第「格号」格，硬币按给出的顺序从 1 编号",
    example: "2 4",
};

/// The cells in increasing order.
fn sorted(cells: &[u64]) -> Vec<u64> {
    let mut s = cells.to_vec();
    s.sort_unstable();
    s
}

/// The cell of the nearest coin left of `cell` (0 when there is none), with that coin's index.
fn left_neighbour(cells: &[u64], cell: u64) -> Option<(usize, u64)> {
    cells
        .iter()
        .enumerate()
        .filter(|&(_, &c)| c < cell)
        .max_by_key(|&(_, &c)| c)
        .map(|(i, &c)| (i, c))
}

/// The command line's help: the rules, the theorem, examples.
const HELP: &str = "Coin sliding (Georgia and Bob): slide a coin left, never onto or over another.\n\n\
POJ 1704: coins stand on distinct cells 1, 2, 3, ... of a strip; a move slides one coin \
left by at least one cell, never onto or over another coin and never below cell 1. Who \
cannot move loses.\n\n\
Theorem: sort the coins and count the free cells before each one (before the first: down \
to cell 1). Read from the right, these gaps are staircase Nim: pairing the coins from \
the right, the player to move wins iff the XOR of the gaps inside the pairs is non-zero.\n\n\
Coins keep the order given; moves name them by that order. Examples: `grundy coins 1 5 6 \
7 9 12 14 17`, `grundy coins --explain --lang zh 5 2`.";

impl Ruleset for CoinsPlay {
    const ABOUT: About = About {
        part: Unit::CELL,
        board: "coins",
        test_plan: TestPlan {
            normal: Lists { len: 5, max: 9 },
            ..TestPlan::DEFAULT
        },
        ..About::new("coins", HELP, NOTATION)
    };
    type Position = Vec<u64>;
    type Move = Slide;
    type Step = StairStep<Slide>;
    type Value = crate::Nimber;
    type Rules = Coins;

    fn rules(&self) -> &Coins {
        &Coins
    }

    fn position(&self, cells: Vec<u64>) -> Result<Vec<u64>, SetupError> {
        if cells.is_empty() {
            return Err(SetupError::Empty { what: "coins" });
        }
        coins::value(&cells).map_err(|e| SetupError::BadPosition {
            problem: e.to_string(),
        })?;
        Ok(cells)
    }

    fn legal_moves(&self, cells: &Vec<u64>, out: &mut Vec<Slide>) {
        for (coin, &from) in cells.iter().enumerate() {
            let left = left_neighbour(cells, from).map_or(0, |(_, c)| c);
            out.extend((left + 1..from).rev().map(|to| Slide { coin, from, to }));
        }
    }

    /// Over when the coins fill cells 1 to n (they are on distinct cells from 1).
    fn is_over(&self, cells: &Vec<u64>) -> bool {
        cells.iter().max().is_none_or(|&m| m == cells.len() as u64)
    }

    fn apply(&self, cells: &Vec<u64>, change: &Slide) -> Vec<u64> {
        coins::apply(cells, change)
    }

    /// # Panics
    /// If `cells` is not a row of coins; [`Ruleset::position`] and [`Ruleset::apply`] only
    /// give rows.
    fn analyze(
        &self,
        cells: &Vec<u64>,
        options: &AnalyzeOptions,
    ) -> Result<Analysis<StairStep<Slide>, Slide>, EngineError> {
        Ok(coins::analyze(cells, options).expect("Ruleset::position checked the coins"))
    }

    /// The i-th coin from the left (from 1) stays on cells i..=s_i and the others keep their
    /// order: at most ∏(s_i − i + 1) positions, each with fewer than s_n options.
    fn search_cost(&self, cells: &Vec<u64>) -> Option<u64> {
        let s = sorted(cells);
        let positions = s.iter().zip(1..).try_fold(1u128, |n, (&c, i)| {
            n.checked_mul(u128::from(c - i + 1))
                .filter(|&n| n <= u128::from(u64::MAX))
        });
        let options = u128::from(*s.last()?);
        let cost = positions.map_or(u128::MAX, |p| p.saturating_mul(options));
        Some(u64::try_from(cost).unwrap_or(u64::MAX))
    }

    /// The cells the coins can still slide: Σ (s_i − i) over the sorted coins.
    fn material(&self, cells: &Vec<u64>) -> u128 {
        sorted(cells)
            .iter()
            .zip(1..)
            .map(|(&c, i)| u128::from(c - i))
            .sum()
    }

    /// One cell left, for the leftmost coin that can move.
    fn slow_move(&self, cells: &Vec<u64>) -> Option<Slide> {
        let s = sorted(cells);
        let i = (0..s.len()).find(|&i| s[i] > if i == 0 { 1 } else { s[i - 1] + 1 })?;
        let coin = cells.iter().position(|&c| c == s[i])?;
        Some(Slide {
            coin,
            from: s[i],
            to: s[i] - 1,
        })
    }
}

impl Presentation for CoinsPlay {
    fn title(&self, lang: Lang) -> String {
        lang.pick("coin sliding", "硬币滑动（Georgia and Bob）")
            .to_string()
    }

    fn parse_move(&self, cells: &Vec<u64>, text: &str) -> Result<Slide, MoveError> {
        let (coin, to) = two_numbers(text, NOTATION)?;
        if self.is_over(cells) {
            return Err(MoveError::GameOver);
        }
        let coin = index(Unit::COIN, coin, cells.len())?;
        let from = cells[coin];
        if to == 0 || to >= from {
            return Err(SlideRefusal::NotLeft {
                coin: coin + 1,
                from,
            }
            .into());
        }
        match left_neighbour(cells, from) {
            Some((other, at)) if at >= to => Err(SlideRefusal::Blocked {
                coin: coin + 1,
                to,
                other: other + 1,
                at,
            }
            .into()),
            _ => Ok(Slide { coin, from, to }),
        }
    }

    fn write_move(&self, &Slide { coin, to, .. }: &Slide) -> String {
        format!("{} {to}", coin + 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Explain;
    use crate::testing::all_coin_rows;
    use crate::testing::check_playable;

    #[test]
    fn moves_and_the_computer_match_the_rules_exhaustively() {
        check_playable(&CoinsPlay, &all_coin_rows(4, 8), 9);
    }

    #[test]
    fn bad_moves_get_one_line_reasons() {
        let cells = vec![5, 2, 9];
        let cases = [
            ("1", "'1' is not a move: write COIN CELL"),
            ("4 1", "there is no coin 4: the coins are numbered 1 to 3"),
            (
                "1 6",
                "coin 1 is on cell 5: it can only slide left, to a cell from 1 to 4",
            ),
            ("1 0", "coin 1 is on cell 5: it can only slide left"),
            ("1 2", "coin 1 cannot reach cell 2: coin 2 is on cell 2"),
            ("3 4", "coin 3 cannot reach cell 4: coin 1 is on cell 5"),
        ];
        for (text, reason) in cases {
            let err = CoinsPlay.parse_move(&cells, text).unwrap_err();
            assert!(err.to_string().contains(reason), "{text}: {err}");
            assert!(err.text(Lang::Zh).contains('第') || text == "1", "{text}");
        }
        let err = CoinsPlay.parse_move(&vec![1, 7], "1 1").unwrap_err();
        assert_eq!(
            err.to_string(),
            "coin 1 is on cell 1: it cannot slide further left"
        );
        assert_eq!(
            CoinsPlay.parse_move(&vec![2, 1, 3], "1 1"),
            Err(MoveError::GameOver)
        );
        assert_eq!(
            CoinsPlay.parse_move(&cells, "3 6"),
            Ok(Slide {
                coin: 2,
                from: 9,
                to: 6
            })
        );
    }

    #[test]
    fn bad_rows_are_refused() {
        let err = CoinsPlay.position(vec![3, 1, 3]).unwrap_err().to_string();
        assert!(err.contains("coins stand on distinct cells"), "{err}");
        let err = CoinsPlay.position(vec![0]).unwrap_err().to_string();
        assert!(err.contains("cells are numbered from 1"), "{err}");
    }
}
