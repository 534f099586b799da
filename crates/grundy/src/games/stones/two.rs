//! LeetCode 1140, Stone Game II: piles in a row and a number M, first 1; a move takes all the
//! stones of the first X piles left, for some 1 ≤ X ≤ 2M, and then M becomes max(M, X). When the
//! piles are gone the player with more stones wins.
//!
//! Recurrence: let f(i, M) be the most the player to move can lead by when piles i.. are left.
//! If 2M reaches the number of piles left, taking them all is best, f = their sum (nothing the
//! opponent gets can count for the mover). Otherwise f(i, M) = max over 1 ≤ X ≤ 2M of
//! (p_i + … + p_{i+X−1}) − f(i + X, max(M, X)). Only M < (n − i)/2 needs a table entry, so the
//! table has about n²/4 entries and each takes at most 2M choices: O(n³) time, O(n²) memory.
//! The first player's total is (S + f(0, 1))/2, LeetCode's answer.

use serde::Serialize;

use super::{
    Playout, ScoreAnalysis, ScoreMove, ScoreOptions, StonesError, Totals, Verdict, Winner,
};
use crate::{Explain, Lang};

/// The most piles this module solves: about n³/12 steps (8·10⁷ at the bound, half a second) and
/// n²/4 entries of 16 bytes (4 MB).
pub const MAX_PILES: usize = 1000;

/// A move: take the first `count` piles left.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct PrefixMove {
    /// Index of the first pile taken in the original row, from 0.
    pub first: usize,
    /// How many piles are taken (X).
    pub count: usize,
    /// Their stones.
    pub stones: u128,
    /// M after the move, max(M, X).
    pub m: usize,
}

impl ScoreMove for PrefixMove {
    fn describe(&self, lang: Lang) -> String {
        let piles = if self.count == 1 {
            format!("{}", self.first + 1)
        } else {
            format!("{}–{}", self.first + 1, self.first + self.count)
        };
        match lang {
            Lang::En if self.count == 1 => format!(
                "take the first pile (pile {piles}, {} stones); M stays {}",
                self.stones, self.m
            ),
            Lang::En => format!(
                "take the first {} piles (piles {piles}, {} stones); M becomes {}",
                self.count, self.stones, self.m
            ),
            Lang::Zh => format!(
                "取走前 {} 堆（第 {piles} 堆，共 {} 个）；M 变为 {}",
                self.count, self.stones, self.m
            ),
        }
    }

    fn short(&self, lang: Lang) -> String {
        match lang {
            Lang::En => format!("{} (X = {})", self.stones, self.count),
            Lang::Zh => format!("{}（X = {}）", self.stones, self.count),
        }
    }
}

/// The table f(i, M) for M < (n − i)/2; other entries are sums of what is left.
struct Table<'a> {
    piles: &'a [u64],
    prefix: Vec<i128>,
    /// rows[i][M] for 1 ≤ M ≤ (n − i − 1)/2 (index 0 unused).
    rows: Vec<Vec<i128>>,
}

impl<'a> Table<'a> {
    fn new(piles: &'a [u64]) -> Self {
        let n = piles.len();
        let prefix: Vec<i128> = std::iter::once(0)
            .chain(piles.iter().scan(0i128, |s, &p| {
                *s += i128::from(p);
                Some(*s)
            }))
            .collect();
        let mut table = Table {
            piles,
            prefix,
            rows: vec![Vec::new(); n + 1],
        };
        for i in (0..n).rev() {
            let row: Vec<i128> = (0..=(n - i - 1) / 2)
                .map(|m| {
                    if m == 0 {
                        0
                    } else {
                        table.choices(i, m).map(|(_, v)| v).max().unwrap_or(0)
                    }
                })
                .collect();
            table.rows[i] = row;
        }
        table
    }

    /// f(i, M).
    fn value(&self, i: usize, m: usize) -> i128 {
        let left = self.piles.len() - i;
        if 2 * m >= left {
            self.prefix[self.piles.len()] - self.prefix[i]
        } else {
            self.rows[i][m]
        }
    }

    /// Every X allowed at (i, M) with the mover's difference through it.
    fn choices(&self, i: usize, m: usize) -> impl Iterator<Item = (usize, i128)> + '_ {
        let left = self.piles.len() - i;
        (1..=(2 * m).min(left)).map(move |x| {
            let gain = self.prefix[i + x] - self.prefix[i];
            (x, gain - self.value(i + x, m.max(x)))
        })
    }

    fn option(&self, i: usize, m: usize, x: usize) -> PrefixOption {
        let gain = self.prefix[i + x] - self.prefix[i];
        PrefixOption {
            count: x,
            stones: gain,
            m: m.max(x),
            rest: self.value(i + x, m.max(x)),
        }
    }

    fn to_move(&self, i: usize, m: usize, x: usize) -> PrefixMove {
        PrefixMove {
            first: i,
            count: x,
            stones: (self.prefix[i + x] - self.prefix[i]) as u128,
            m: m.max(x),
        }
    }
}

/// Solves Stone Game II: the DP, every best first move, and if asked the optimal play-out and
/// the explanation.
///
/// Cost: O(n³) time, O(n²) memory (see [`MAX_PILES`]); the play-out reads the table, O(n).
///
/// # Errors
/// [`StonesError::TooManyPiles`] above [`MAX_PILES`] piles.
///
/// # Examples
/// ```
/// use grundy::games::stones::{two, ScoreOptions};
/// let a = two::analyze(&[2, 7, 9, 4, 4], &ScoreOptions::default()).unwrap();
/// assert_eq!(a.totals.unwrap().first, 10); // LeetCode's answer
/// ```
pub fn analyze(
    piles: &[u64],
    options: &ScoreOptions,
) -> Result<ScoreAnalysis<PrefixMove, TwoStep>, StonesError> {
    let n = piles.len();
    if n > MAX_PILES {
        return Err(StonesError::TooManyPiles {
            game: "stone game II",
            count: n,
            max: MAX_PILES,
            why: "its DP takes O(n³) time",
        });
    }
    let table = Table::new(piles);
    let difference = table.value(0, 1);
    let sum = table.prefix[n];
    let first = (sum + difference) / 2;
    let totals = Totals {
        first,
        second: sum - first,
    };
    let best_moves = table
        .choices(0, 1)
        .filter(|&(_, v)| v == difference)
        .map(|(x, _)| table.to_move(0, 1, x))
        .collect();
    let optimal_play = options.playout.then(|| {
        let (mut i, mut m) = (0, 1);
        let mut moves = Vec::new();
        let mut played = Totals::default();
        while i < n {
            let best = table.value(i, m);
            let (x, _) = table
                .choices(i, m)
                .find(|&(_, v)| v == best)
                .expect("the best value is one of the choices");
            let mv = table.to_move(i, m, x);
            if moves.len() % 2 == 0 {
                played.first += mv.stones as i128;
            } else {
                played.second += mv.stones as i128;
            }
            moves.push(mv);
            (i, m) = (i + x, mv.m);
        }
        Playout {
            moves,
            totals: played,
        }
    });
    let winner = Winner::from_difference(difference);
    let explanation = if options.explain {
        let mut steps = vec![TwoStep::Recurrence { n }];
        if n > 0 {
            steps.push(TwoStep::FirstMove {
                options: (1..=2.min(n)).map(|x| table.option(0, 1, x)).collect(),
                best: difference,
            });
        }
        steps.push(TwoStep::Verdict(Verdict {
            winner,
            difference,
            totals: Some(totals),
        }));
        steps.push(TwoStep::FirstTotal {
            sum,
            difference,
            first,
        });
        steps
    } else {
        Vec::new()
    };
    Ok(ScoreAnalysis {
        winner,
        difference,
        totals: Some(totals),
        best_moves,
        optimal_play,
        against_greedy: None,
        explanation,
    })
}

/// One choice of the first move: X piles, their stones, and the opponent's lead afterwards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct PrefixOption {
    /// X.
    pub count: usize,
    /// The stones taken.
    pub stones: i128,
    /// M afterwards.
    pub m: usize,
    /// f of the rest, the opponent's lead.
    pub rest: i128,
}

/// One step of the explanation of a Stone Game II row.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "step", rename_all = "snake_case")]
pub enum TwoStep {
    /// The recurrence and its cost.
    Recurrence {
        /// Number of piles.
        n: usize,
    },
    /// The first move: X = 1 and X = 2 compared.
    FirstMove {
        /// The choices.
        options: Vec<PrefixOption>,
        /// The best difference.
        best: i128,
    },
    /// Who wins, by how much.
    Verdict(Verdict),
    /// The first player's total, (S + d)/2.
    FirstTotal {
        /// All the stones.
        sum: i128,
        /// The difference d.
        difference: i128,
        /// (S + d)/2.
        first: i128,
    },
}

impl Explain for TwoStep {
    fn text(&self, lang: Lang) -> String {
        match self {
            TwoStep::Recurrence { n } => lang.pick(
                format!(
                    "Let f(i, M) be the most the player to move can lead by when piles i.. are left and up to 2M piles may be taken. If 2M reaches the number of piles left, take them all: f is their sum. Otherwise f(i, M) = max over 1 ≤ X ≤ 2M of (the next X piles) − f(i + X, max(M, X)). About n²/4 states with at most 2M choices each: O(n³) time, O(n²) memory (n = {n})."
                ),
                format!(
                    "设 f(i, M) 为剩下第 i 堆起的石子、最多可取 2M 堆时，行动方最多能领先多少。若 2M 不少于剩余堆数，全部取走最好：f 等于剩余总数。否则 f(i, M) = max{{(接下来 X 堆之和) − f(i + X, max(M, X)) : 1 ≤ X ≤ 2M}}。约 n²/4 个状态，每个至多 2M 种选择：时间 O(n³)，空间 O(n²)（n = {n}）。"
                ),
            ),
            TwoStep::FirstMove { options, best } => {
                let mut lines = vec![lang.pick(
                    "The first move has M = 1, so X is 1 or 2:".to_string(),
                    "第一步 M = 1，X 只能是 1 或 2：".to_string(),
                )];
                for o in options {
                    let value = o.stones - o.rest;
                    let mark = if value == *best {
                        lang.pick("  <- best", "  ← 最优")
                    } else {
                        ""
                    };
                    lines.push(match lang {
                        Lang::En => format!(
                            "  X = {}: take {}, M becomes {}, the opponent then leads by {}: {} − {} = {value}{mark}",
                            o.count,
                            o.stones,
                            o.m,
                            o.rest,
                            o.stones,
                            super::operand(o.rest)
                        ),
                        Lang::Zh => format!(
                            "  X = {}：取得 {}，M 变为 {}，之后对手领先 {}：{} − {} = {value}{mark}",
                            o.count,
                            o.stones,
                            o.m,
                            o.rest,
                            o.stones,
                            super::operand(o.rest)
                        ),
                    });
                }
                lines.join("\n")
            }
            TwoStep::Verdict(v) => v.text(lang),
            TwoStep::FirstTotal {
                sum,
                difference,
                first,
            } => lang.pick(
                format!(
                    "The stones total S = {sum}, so the first player ends with (S + d)/2 = ({sum} + {difference})/2 = {first} (LeetCode 1140's answer)."
                ),
                format!(
                    "石子总数 S = {sum}，所以先手最终得到 (S + d)/2 = ({sum} + {difference})/2 = {first}（即 LeetCode 1140 的答案）。"
                ),
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::stones::tests::rows;

    /// The game tree searched to the end, each player maximising their own total. Returns the
    /// totals (player to move, other) and every X that reaches them.
    fn minimax(piles: &[u64], m: usize) -> (i128, i128, Vec<usize>) {
        if piles.is_empty() {
            return (0, 0, Vec::new());
        }
        let mut best: Option<(i128, i128)> = None;
        let mut moves = Vec::new();
        for x in 1..=(2 * m).min(piles.len()) {
            let taken: i128 = piles[..x].iter().map(|&p| i128::from(p)).sum();
            let (them, me, _) = minimax(&piles[x..], m.max(x));
            let mine = (me + taken, them);
            match best {
                Some(b) if b.0 > mine.0 => {}
                Some(b) if b.0 == mine.0 => moves.push(x),
                _ => {
                    best = Some(mine);
                    moves = vec![x];
                }
            }
        }
        let (me, them) = best.expect("piles left means a move");
        (me, them, moves)
    }

    #[test]
    fn dp_matches_minimax_on_every_small_row() {
        let options = ScoreOptions {
            explain: true,
            playout: true,
        };
        for piles in rows(8, 3) {
            let a = analyze(&piles, &options).unwrap();
            let (first, second, moves) = minimax(&piles, 1);
            assert_eq!(a.difference, first - second, "{piles:?}");
            assert_eq!(a.totals, Some(Totals { first, second }), "{piles:?}");
            assert_eq!(a.winner, Winner::from_difference(first - second));
            let best: Vec<usize> = a.best_moves.iter().map(|m| m.count).collect();
            assert_eq!(best, moves, "{piles:?}");
            let optimal = a.optimal_play.as_ref().unwrap();
            assert_eq!(optimal.totals, Totals { first, second }, "{piles:?}");
            // The play-out is legal: consecutive prefixes, X ≤ 2M, M updated.
            let (mut i, mut m) = (0, 1);
            for mv in &optimal.moves {
                assert_eq!(mv.first, i);
                assert!(mv.count >= 1 && mv.count <= 2 * m, "{piles:?}");
                m = m.max(mv.count);
                assert_eq!(mv.m, m);
                i += mv.count;
            }
            assert_eq!(i, piles.len());
        }
    }

    #[test]
    fn longer_rows_match_minimax() {
        // A few longer rows, where M grows past 2 and the table is used at larger M.
        for piles in [
            vec![1, 2, 3, 4, 5, 100, 3, 1, 9, 9, 2, 8, 7],
            vec![8, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 50, 2],
            (0..14).map(|i| (i * 37 % 11) as u64).collect(),
        ] {
            let a = analyze(&piles, &ScoreOptions::default()).unwrap();
            let (first, second, _) = minimax(&piles, 1);
            assert_eq!(a.totals, Some(Totals { first, second }), "{piles:?}");
        }
    }

    #[test]
    fn leetcode_examples() {
        for (piles, answer) in [(vec![2, 7, 9, 4, 4], 10), (vec![1, 2, 3, 4, 5, 100], 104)] {
            let a = analyze(&piles, &ScoreOptions::default()).unwrap();
            assert_eq!(a.totals.unwrap().first, answer, "{piles:?}");
        }
    }

    #[test]
    fn too_many_piles_is_an_error() {
        let piles = vec![1; MAX_PILES + 1];
        assert!(matches!(
            analyze(&piles, &ScoreOptions::default()),
            Err(StonesError::TooManyPiles { count, .. }) if count == MAX_PILES + 1
        ));
    }

    #[test]
    fn the_largest_piles_do_not_overflow() {
        let a = analyze(&[u64::MAX; 7], &ScoreOptions::default()).unwrap();
        let t = a.totals.unwrap();
        assert_eq!(t.first + t.second, 7 * i128::from(u64::MAX));
    }

    #[test]
    fn explanations_in_both_languages() {
        let a = analyze(
            &[2, 7, 9, 4, 4],
            &ScoreOptions {
                explain: true,
                playout: true,
            },
        )
        .unwrap();
        let en: Vec<String> = a.explanation.iter().map(|s| s.text(Lang::En)).collect();
        let zh: Vec<String> = a.explanation.iter().map(|s| s.text(Lang::Zh)).collect();
        assert!(en.iter().any(|s| s.contains("= 10 (LeetCode")), "{en:?}");
        assert!(en.iter().any(|s| s.contains("X = 2")), "{en:?}");
        assert!(zh.iter().any(|s| s.contains("先手最终得到")), "{zh:?}");
    }
}
