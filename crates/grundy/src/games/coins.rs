//! Coin sliding (Georgia and Bob, POJ 1704): coins stand on distinct cells 1, 2, 3, … of a strip;
//! a move slides one coin left by at least one cell, never onto or over another coin and never
//! below cell 1. Who cannot move loses.
//!
//! Theorem: sort the coins s_1 < … < s_n and take the gaps g_i = s_i − s_{i−1} − 1 (with s_0 = 0).
//! Sliding coin i left by c takes c from g_i and adds c to g_{i+1} (for the rightmost coin the c
//! cells just disappear), so this is staircase Nim on the gaps read from the right: g_n is step 1,
//! g_{n−1} step 2, …. Pairing the coins from the right, the value is g_n ⊕ g_{n−2} ⊕ …, the gaps
//! inside the pairs ([`super::staircase`] does the work through an index map).

use super::staircase::{Descent, StairStep, Stairs};
use crate::EXPLAINED_PILES;
use serde::Serialize;

use crate::{Analysis, AnalyzeOptions, Game, Lang, Move, Nimber};

mod playable;

pub use playable::CoinsPlay;

/// Coin sliding as a [`Game`], for the engine: a position is the coins' cells, in any order.
#[derive(Clone, Copy, Debug, Default)]
pub struct Coins;

impl Game for Coins {
    type Position = Vec<u64>;

    fn options(&self, cells: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
        for (i, &p) in cells.iter().enumerate() {
            let left = cells.iter().filter(|&&q| q < p).max().copied().unwrap_or(0);
            for to in left + 1..p {
                let mut next = cells.clone();
                next[i] = to;
                out.push(next);
            }
        }
    }
}

/// A position that is not a row of coins.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum CoinsError {
    /// A coin on cell 0: cells are numbered from 1.
    #[error("value {place} ('0') is not a cell: cells are numbered from 1")]
    NotACell {
        /// The value (from 1) that is 0.
        place: usize,
    },
    /// Two coins on one cell.
    #[error(
        "value {place} ('{cell}') is the cell of value {earlier} already: coins stand on distinct cells"
    )]
    SameCell {
        /// The later value (from 1).
        place: usize,
        /// The earlier value (from 1) on the same cell.
        earlier: usize,
        /// The cell.
        cell: u64,
    },
}

/// The coins sorted by cell, each with its index in the position as given.
///
/// # Errors
/// The first coin on cell 0, or else the first coin (in input order) on an occupied cell.
fn sort(cells: &[u64]) -> Result<Vec<(u64, usize)>, CoinsError> {
    if let Some(i) = cells.iter().position(|&c| c == 0) {
        return Err(CoinsError::NotACell { place: i + 1 });
    }
    let mut by_cell: Vec<(u64, usize)> = cells.iter().copied().zip(0..).collect();
    by_cell.sort_unstable();
    let same = by_cell
        .windows(2)
        .filter(|w| w[0].0 == w[1].0)
        .min_by_key(|w| w[1].1);
    match same {
        Some(w) => Err(CoinsError::SameCell {
            place: w[1].1 + 1,
            earlier: w[0].1 + 1,
            cell: w[0].0,
        }),
        None => Ok(by_cell),
    }
}

/// The staircase of the gaps: step j + 1 is the gap before the (j + 1)-th coin from the right.
fn stairs(by_cell: &[(u64, usize)]) -> Stairs<impl Fn(usize) -> u64 + Copy + '_> {
    let n = by_cell.len();
    Stairs::new(n, move |j| gap(by_cell, n - 1 - j))
}

/// The free cells just before the i-th coin from the left (down to cell 1 for the first).
fn gap(by_cell: &[(u64, usize)], i: usize) -> u64 {
    let previous = if i == 0 { 0 } else { by_cell[i - 1].0 };
    by_cell[i].0 - previous - 1
}

/// A move: coin `coin` (0-based, in the order given) slides from cell `from` to cell `to`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(tag = "kind", rename = "slide")]
pub struct Slide {
    /// Index of the coin in the position as given.
    pub coin: usize,
    /// Its cell before.
    pub from: u64,
    /// Its cell after.
    pub to: u64,
}

impl Move for Slide {
    fn describe(&self, lang: Lang) -> String {
        let Slide { coin, from, to } = *self;
        match lang {
            Lang::En => format!("slide coin {} from cell {from} to cell {to}", coin + 1),
            Lang::Zh => format!("把第 {} 枚硬币从第 {from} 格移到第 {to} 格", coin + 1),
        }
    }
}

/// Whether a move is legal: a slide of a coin at least one cell left, onto a cell from 1 on,
/// with no coin on the cells it passes or lands on.
pub fn is_legal(cells: &[u64], &Slide { coin, from, to }: &Slide) -> bool {
    cells.get(coin) == Some(&from)
        && (1..from).contains(&to)
        && !cells.iter().any(|&q| (to..from).contains(&q))
}

/// The position after `change`, coins in the order given.
///
/// # Panics
/// If `change` is not legal (see [`is_legal`]); the moves [`analyze`] lists always are.
pub fn apply(cells: &[u64], change: &Slide) -> Vec<u64> {
    assert!(is_legal(cells, change), "not a coin move: {change:?}");
    let mut next = cells.to_vec();
    next[change.coin] = change.to;
    next
}

/// The value of the position: the XOR of the gaps inside the pairs counted from the right.
///
/// # Errors
/// [`CoinsError`] for a coin on cell 0 or two coins on one cell.
pub fn value(cells: &[u64]) -> Result<Nimber, CoinsError> {
    Ok(stairs(&sort(cells)?).value())
}

/// Analyses a row of coins given in any order: outcome, value, every winning move and, if asked,
/// the explanation (a first step turns the coins into a staircase of gaps).
///
/// Winning moves are listed as the staircase lists them: by coin from the right (the rightmost
/// coin first); each coin has at most one. Coins are numbered in the order given. Cost: one sort
/// (O(n log n), one allocation of 16 bytes per coin), then a few passes.
///
/// # Errors
/// [`CoinsError`] for a coin on cell 0 or two coins on one cell.
///
/// # Examples
/// ```
/// use grundy::games::coins;
/// use grundy::Outcome;
/// use grundy::games::coins::Slide;
/// // Sorted 1 2 3: no gaps, nothing moves.
/// assert_eq!(coins::analyze(&[3, 1, 2], &Default::default())?.outcome, Outcome::P);
/// // Gaps 1 (before cell 2) and 2 (before cell 5): pair (2, 5) has gap 2.
/// let a = coins::analyze(&[5, 2], &Default::default())?;
/// assert_eq!(a.value.unwrap().value(), 2);
/// assert_eq!(a.winning_moves, vec![Slide { coin: 0, from: 5, to: 3 }]);
/// # Ok::<(), coins::CoinsError>(())
/// ```
pub fn analyze(
    cells: &[u64],
    options: &AnalyzeOptions,
) -> Result<Analysis<StairStep<Slide>, Slide>, CoinsError> {
    let by_cell = sort(cells)?;
    let n = by_cell.len();
    let slide = |d: Descent| {
        let (from, coin) = by_cell[n - 1 - d.step];
        Slide {
            coin,
            from,
            to: from - d.count,
        }
    };
    let mut analysis = stairs(&by_cell).analyze(options, slide);
    if options.explain {
        let shown = n.min(EXPLAINED_PILES);
        analysis.explanation.insert(
            0,
            StairStep::CoinsAsStairs {
                cells: by_cell[n - shown..].iter().map(|&(c, _)| c).collect(),
                gaps: (n - shown..n).map(|i| gap(&by_cell, i)).collect(),
                omitted: n - shown,
            },
        );
    }
    Ok(analysis)
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::{Explain, Lang};

    #[test]
    fn bad_rows_name_the_value() {
        assert_eq!(
            analyze(&[3, 0, 3], &Default::default()),
            Err(CoinsError::NotACell { place: 2 })
        );
        assert_eq!(
            value(&[5, 2, 7, 2, 5]),
            Err(CoinsError::SameCell {
                place: 4,
                earlier: 2,
                cell: 2
            })
        );
        let message = value(&[4, 4]).unwrap_err().to_string();
        assert!(message.contains("value 2 ('4')"), "{message}");
    }

    #[test]
    fn georgia_and_bob_samples() {
        // POJ 1704's samples: 1 2 3 is lost for Georgia, the eight coins are won.
        assert!(value(&[1, 2, 3]).unwrap().is_zero());
        assert!(!value(&[1, 5, 6, 7, 9, 12, 14, 17]).unwrap().is_zero());
    }

    #[test]
    fn the_explanation_shows_the_gaps() {
        let a = analyze(
            &[5, 2],
            &AnalyzeOptions {
                max_moves: 1,
                explain: true,
            },
        )
        .unwrap();
        assert_eq!(
            a.explanation[0],
            StairStep::CoinsAsStairs {
                cells: vec![2, 5],
                gaps: vec![1, 2],
                omitted: 0
            }
        );
        let zh: Vec<String> = a.explanation.iter().map(|s| s.text(Lang::Zh)).collect();
        assert!(
            zh.iter()
                .any(|s| s.contains("把第 1 枚硬币从第 5 格移到第 3 格")),
            "{zh:?}"
        );
    }
}
