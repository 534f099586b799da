//! The interval DP shared by the games that take from either end of a row (877 and 1690).
//!
//! Let d[i][j] be the most the player to move can lead by on items i..=j, where taking the left
//! end gains L(i, j) and taking the right end gains R(i, j). The opponent then moves on the rest,
//! so d[i][j] = max(L(i, j) − d[i+1][j], R(i, j) − d[i][j−1]), with d of an empty row 0.
//!
//! Rows are computed from i = n − 1 down to 0 in one array of n values: before row i, dp[j]
//! holds d[i+1][j]; the row overwrites it with d[i][j] from left to right, reading dp[j − 1]
//! = d[i][j − 1] just written. O(n²) time, O(n) memory. The two candidate first moves need
//! d[1][n−1] (dp[n−1] before the last row) and d[0][n−2] (dp[n−2] after it): no table is kept.
//!
//! A play-out needs the best end of every interval it meets, which only the whole table knows:
//! [`Decisions`] keeps one bit per interval, n(n + 1)/2 bits, filled during the same pass.

use super::{End, EndOption, Totals};

/// What the mover gains by taking either end of items i..=j.
pub(crate) trait Gains {
    /// The number of items in the row.
    fn len(&self) -> usize;
    /// The gain of taking item i from the row i..=j.
    fn left(&self, i: usize, j: usize) -> i128;
    /// The gain of taking item j from the row i..=j.
    fn right(&self, i: usize, j: usize) -> i128;
}

/// What to keep besides the answer.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Keep {
    /// One bit per interval: which end is best (for play-outs).
    pub decisions: bool,
    /// The whole table d (only for short rows, for the explanation).
    pub rows: bool,
}

/// The answer of the interval DP.
pub(crate) struct Solution {
    /// d[0][n−1], the first player's best difference.
    pub difference: i128,
    /// The first move's options: left then right, one for a single item, none for an empty row.
    pub first: Vec<EndOption>,
    /// The best end of every interval, if kept.
    pub decisions: Option<Decisions>,
    /// rows[i][k] = d[i][i + k], if kept.
    pub rows: Option<Vec<Vec<i128>>>,
}

/// The best end of every interval, one bit each (set: the left end is best, ties included).
pub(crate) struct Decisions {
    n: usize,
    words: Vec<u64>,
}

impl Decisions {
    fn new(n: usize) -> Self {
        let bits = n * (n + 1) / 2;
        Decisions {
            n,
            words: vec![0; bits.div_ceil(64)],
        }
    }

    /// The bit of interval (i, j) sits at base(i) + j, rows of n − i bits one after the other.
    fn base(&self, i: usize) -> usize {
        i * self.n - i * i.saturating_sub(1) / 2 - i
    }

    fn set_left(&mut self, base: usize, j: usize) {
        let at = base + j;
        self.words[at / 64] |= 1 << (at % 64);
    }

    /// Whether taking the left end of i..=j is optimal (the first of the best ends).
    pub fn left_is_best(&self, i: usize, j: usize) -> bool {
        let at = self.base(i) + j;
        self.words[at / 64] >> (at % 64) & 1 == 1
    }
}

/// Runs the DP over the row `gains` describes.
pub(crate) fn solve<G: Gains>(gains: &G, keep: Keep) -> Solution {
    let n = gains.len();
    let mut dp = vec![0i128; n];
    let mut decisions = keep.decisions.then(|| Decisions::new(n));
    let mut rows = keep.rows.then(Vec::new);
    let mut rest_after_left = 0;
    for i in (0..n).rev() {
        if i == 0 && n >= 2 {
            rest_after_left = dp[n - 1];
        }
        // A single item: both ends are the same item.
        let (l, r) = (gains.left(i, i), gains.right(i, i));
        dp[i] = l.max(r);
        let base = decisions.as_ref().map_or(0, |d| d.base(i));
        if let Some(d) = decisions.as_mut().filter(|_| l >= r) {
            d.set_left(base, i);
        }
        // `prev` is d[i][j − 1], the cell just written.
        let mut prev = dp[i];
        for (j, cell) in dp.iter_mut().enumerate().skip(i + 1) {
            let l = gains.left(i, j) - *cell;
            let r = gains.right(i, j) - prev;
            prev = l.max(r);
            *cell = prev;
            if let Some(d) = decisions.as_mut().filter(|_| l >= r) {
                d.set_left(base, j);
            }
        }
        if let Some(rows) = rows.as_mut() {
            rows.push(dp[i..].to_vec());
        }
    }
    let first = match n {
        0 => Vec::new(),
        1 => vec![EndOption {
            end: End::Left,
            index: 0,
            gain: gains.left(0, 0),
            rest: 0,
        }],
        _ => vec![
            EndOption {
                end: End::Left,
                index: 0,
                gain: gains.left(0, n - 1),
                rest: rest_after_left,
            },
            EndOption {
                end: End::Right,
                index: n - 1,
                gain: gains.right(0, n - 1),
                rest: dp[n - 2],
            },
        ],
    };
    if let Some(rows) = rows.as_mut() {
        rows.reverse();
    }
    Solution {
        difference: dp.last().copied().unwrap_or(0),
        first,
        decisions,
        rows,
    }
}

/// How a player chooses an end in a play-out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Strategy {
    /// The DP's best end (the left one on a tie).
    Optimal,
    /// The end that gains most now (the left one on a tie).
    Greedy,
    /// The end whose index (from 0) has this parity, the left one when both or neither have it:
    /// the parity strategy of LeetCode 877.
    Parity(usize),
}

/// One move of a play-out: the end, the item's index in the whole row, the gain.
pub(crate) type Taken = (End, usize, i128);

impl Solution {
    /// The first moves that reach the best difference, as the game's own moves.
    pub fn best_moves<M>(&self, to_move: impl Fn(Taken) -> M) -> Vec<M> {
        self.first
            .iter()
            .filter(|o| o.value() == self.difference)
            .map(|o| to_move((o.end, o.index, o.gain)))
            .collect()
    }

    /// The row played out by `players`, as the game's own moves, if the decisions were kept.
    pub fn play<G: Gains, M>(
        &self,
        gains: &G,
        players: [Strategy; 2],
        to_move: impl Fn(Taken) -> M,
    ) -> Option<super::Playout<M>> {
        self.decisions.as_ref().map(|d| {
            let (moves, totals) = play_out(gains, d, players);
            super::Playout {
                moves: moves.into_iter().map(&to_move).collect(),
                totals,
            }
        })
    }
}

/// Plays the whole row out, the first player using `players[0]`, the second `players[1]`.
/// O(n) time given the decisions.
pub(crate) fn play_out<G: Gains>(
    gains: &G,
    decisions: &Decisions,
    players: [Strategy; 2],
) -> (Vec<Taken>, Totals) {
    let n = gains.len();
    let mut moves = Vec::with_capacity(n);
    let mut totals = Totals::default();
    let (mut lo, mut hi) = (0, n);
    while lo < hi {
        let (i, j) = (lo, hi - 1);
        let left = match players[moves.len() % 2] {
            Strategy::Optimal => decisions.left_is_best(i, j),
            Strategy::Greedy => gains.left(i, j) >= gains.right(i, j),
            Strategy::Parity(p) => i % 2 == p || j % 2 != p,
        };
        let (end, index, gain) = if left {
            lo += 1;
            (End::Left, i, gains.left(i, j))
        } else {
            hi -= 1;
            (End::Right, j, gains.right(i, j))
        };
        if moves.len() % 2 == 0 {
            totals.first += gain;
        } else {
            totals.second += gain;
        }
        moves.push((end, index, gain));
    }
    (moves, totals)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Ends of a row of piles, as in LeetCode 877.
    struct Row(Vec<i128>);
    impl Gains for Row {
        fn len(&self) -> usize {
            self.0.len()
        }
        fn left(&self, i: usize, _: usize) -> i128 {
            self.0[i]
        }
        fn right(&self, _: usize, j: usize) -> i128 {
            self.0[j]
        }
    }

    /// d by the definition, on every interval, without sharing anything with `solve`.
    fn naive(row: &[i128]) -> i128 {
        match row {
            [] => 0,
            [only] => *only,
            [first, .., last] => {
                (first - naive(&row[1..])).max(last - naive(&row[..row.len() - 1]))
            }
        }
    }

    #[test]
    fn rows_and_decisions_match_the_definition_on_every_interval() {
        let values = vec![3, -1, 4, 1, -5, 9, 2, 6, 5];
        let row = Row(values.clone());
        let s = solve(
            &row,
            Keep {
                decisions: true,
                rows: true,
            },
        );
        let rows = s.rows.unwrap();
        let decisions = s.decisions.unwrap();
        for i in 0..values.len() {
            for j in i..values.len() {
                let d = naive(&values[i..=j]);
                assert_eq!(rows[i][j - i], d, "d[{i}][{j}]");
                let by_left = values[i] - if i < j { naive(&values[i + 1..=j]) } else { 0 };
                assert_eq!(decisions.left_is_best(i, j), by_left == d, "({i}, {j})");
            }
        }
        assert_eq!(s.difference, naive(&values));
    }

    #[test]
    fn decision_bits_of_neighbouring_rows_do_not_overlap() {
        // Every interval's bit is distinct: set exactly the bits of a chosen pattern.
        for n in 0..70 {
            let mut d = Decisions::new(n);
            let mut at = Vec::new();
            for i in 0..n {
                let base = d.base(i);
                for j in i..n {
                    at.push(base + j);
                    if (i * 7 + j * 3) % 5 == 0 {
                        d.set_left(base, j);
                    }
                }
            }
            let mut sorted = at.clone();
            sorted.sort();
            sorted.dedup();
            assert_eq!(sorted.len(), at.len());
            assert!(at.iter().all(|&a| a < n * (n + 1) / 2));
            for i in 0..n {
                for j in i..n {
                    assert_eq!(d.left_is_best(i, j), (i * 7 + j * 3) % 5 == 0);
                }
            }
        }
    }
}
