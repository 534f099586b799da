//! LeetCode 1690, Stone Game VII: stones in a row with values; a move removes the leftmost or the
//! rightmost stone and scores the sum of the values still in the row; when the row is empty the
//! higher score wins.
//!
//! The interval DP of [`super::interval`] with s(i, j) the sum of stones i..j: removing stone i
//! scores s(i+1, j), removing stone j scores s(i, j−1), so d[i][j] = max(s(i+1, j) − d[i+1][j],
//! s(i, j−1) − d[i][j−1]), d[i][i] = 0. Prefix sums give each s in O(1): O(n²) time, O(n) memory.
//! Unlike LeetCode 877 the total of both scores depends on the order of play, so the totals are
//! those of one optimal line (the play-out); only the difference is fixed.

use serde::Serialize;

use super::interval::{self, Gains, Keep, Strategy};
use super::{
    AgainstGreedy, DifferenceTable, EXPLAINED_TABLE, End, EndChoice, MAX_PLAYOUT_PILES,
    ScoreAnalysis, ScoreMove, ScoreOptions, StonesError, Verdict, Winner,
};
use crate::{Explain, Lang};

/// Rows longer than this are refused: the n moves score at most n·(2^64 − 1) each, n²·2^64 in
/// all, which must stay below 2^127: n ≤ 2^31 gives 2^126 (the O(n²) time is out of reach long
/// before).
pub const MAX_STONES: usize = 1 << 31;

/// A move: remove the stone at one end, scoring the rest.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct SevenMove {
    /// Which end.
    pub end: End,
    /// The stone's index in the original row, from 0.
    pub stone: usize,
    /// Its value.
    pub value: u64,
    /// What the move scores: the sum of the stones left.
    pub score: i128,
}

impl ScoreMove for SevenMove {
    fn describe(&self, lang: Lang) -> String {
        match lang {
            Lang::En => format!(
                "remove the {} stone (stone {}, value {}), scoring {}",
                self.end.name(lang),
                self.stone + 1,
                self.value,
                self.score
            ),
            Lang::Zh => format!(
                "移除{}端的石子（第 {} 个，值 {}），得 {} 分",
                self.end.name(lang),
                self.stone + 1,
                self.value,
                self.score
            ),
        }
    }

    fn short(&self, lang: Lang) -> String {
        match lang {
            Lang::En => format!("+{} ({})", self.score, self.end.name(lang)),
            Lang::Zh => format!("+{}（{}）", self.score, self.end.name(lang)),
        }
    }
}

/// Prefix sums: prefix[k] is the sum of the first k stones.
struct Row<'a> {
    stones: &'a [u64],
    prefix: Vec<i128>,
}

impl Gains for Row<'_> {
    fn len(&self) -> usize {
        self.stones.len()
    }
    fn left(&self, i: usize, j: usize) -> i128 {
        self.prefix[j + 1] - self.prefix[i + 1]
    }
    fn right(&self, i: usize, j: usize) -> i128 {
        self.prefix[j] - self.prefix[i]
    }
}

/// Solves a row of stones: the DP, the best first moves, and if asked the play-outs (optimal
/// against optimal, which gives the totals; optimal against greedy) and the explanation.
///
/// Cost: O(n²) time, O(n) memory; play-outs add n(n + 1)/2 bits and are skipped above
/// [`MAX_PLAYOUT_PILES`] stones, and then the totals are unknown.
///
/// # Errors
/// [`StonesError::TooManyPiles`] above [`MAX_STONES`] stones.
///
/// # Examples
/// ```
/// use grundy::games::stones::{seven, ScoreOptions};
/// let a = seven::analyze(&[5, 3, 1, 4, 2], &ScoreOptions::default()).unwrap();
/// assert_eq!(a.difference, 6);
/// ```
pub fn analyze(
    stones: &[u64],
    options: &ScoreOptions,
) -> Result<ScoreAnalysis<SevenMove, SevenStep>, StonesError> {
    let n = stones.len();
    if n > MAX_STONES {
        return Err(StonesError::TooManyPiles {
            game: "stone game VII",
            count: n,
            max: MAX_STONES,
            why: "scores must fit in 128 bits",
        });
    }
    let prefix = std::iter::once(0)
        .chain(stones.iter().scan(0i128, |s, &v| {
            *s += i128::from(v);
            Some(*s)
        }))
        .collect();
    let row = Row { stones, prefix };
    let playout = options.playout && n <= MAX_PLAYOUT_PILES;
    let solution = interval::solve(
        &row,
        Keep {
            decisions: playout,
            rows: options.explain && n <= EXPLAINED_TABLE,
        },
    );
    let difference = solution.difference;
    let to_move = |(end, stone, score): interval::Taken| SevenMove {
        end,
        stone,
        value: stones[stone],
        score,
    };
    let best_moves = solution.best_moves(to_move);
    let play = |players| solution.play(&row, players, to_move);
    let optimal_play = play([Strategy::Optimal, Strategy::Optimal]);
    let against_greedy = play([Strategy::Optimal, Strategy::Greedy]);
    let totals = optimal_play.as_ref().map(|p| p.totals);
    let winner = Winner::from_difference(difference);
    let explanation = if options.explain {
        let mut steps = vec![SevenStep::Recurrence { n }];
        if let Some(rows) = solution.rows {
            steps.push(SevenStep::Table(DifferenceTable {
                values: stones.to_vec(),
                rows,
            }));
        }
        if !solution.first.is_empty() {
            steps.push(SevenStep::FirstMove(EndChoice {
                options: solution.first.clone(),
                best: difference,
            }));
        }
        steps.push(SevenStep::Verdict(Verdict {
            winner,
            difference,
            totals,
        }));
        if let Some(g) = &against_greedy {
            steps.push(SevenStep::AgainstGreedy(AgainstGreedy {
                totals: g.totals,
                optimal: difference,
            }));
        }
        steps
    } else {
        Vec::new()
    };
    Ok(ScoreAnalysis {
        winner,
        difference,
        totals,
        best_moves,
        optimal_play,
        against_greedy,
        explanation,
    })
}

/// One step of the explanation of a Stone Game VII row.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "step", rename_all = "snake_case")]
pub enum SevenStep {
    /// The recurrence and its cost.
    Recurrence {
        /// Number of stones.
        n: usize,
    },
    /// The whole table d, for short rows.
    Table(DifferenceTable),
    /// The first move: both ends compared.
    FirstMove(EndChoice),
    /// Who wins, by how much.
    Verdict(Verdict),
    /// The play-out against a greedy opponent.
    AgainstGreedy(AgainstGreedy),
}

impl Explain for SevenStep {
    fn text(&self, lang: Lang) -> String {
        match self {
            SevenStep::Recurrence { n } => lang.pick(
                format!(
                    "Let d[i][j] be the most the player to move can lead by on stones i..j, and s(i, j) their sum. Removing stone i scores s(i+1, j), removing stone j scores s(i, j−1), and then the opponent leads by the d of the rest: d[i][j] = max(s(i+1, j) − d[i+1][j], s(i, j−1) − d[i][j−1]); one stone scores nothing, d[i][i] = 0. Prefix sums give each s in O(1); rows i = {n}..1 reuse one array: O(n²) time, O(n) memory."
                ),
                format!(
                    "设 d[i][j] 为面对第 i..j 个石子时行动方最多能领先多少，s(i, j) 为它们的和。移除第 i 个得 s(i+1, j) 分，移除第 j 个得 s(i, j−1) 分，之后对手在剩余部分领先 d：d[i][j] = max(s(i+1, j) − d[i+1][j], s(i, j−1) − d[i][j−1])；只剩一个石子时得 0 分，d[i][i] = 0。用前缀和 O(1) 求 s；按行 i = {n}..1 复用一个数组：时间 O(n²)，空间 O(n)。"
                ),
            ),
            SevenStep::Table(t) => t.text(lang),
            SevenStep::FirstMove(c) => c.text(lang),
            SevenStep::Verdict(v) => {
                let line = lang.pick(
                    " (The totals are those of one optimal line: the order of play changes both scores, not their difference.)",
                    "（比分取自其中一条最优路线：走法顺序会改变双方得分，但不改变差值。）",
                );
                format!(
                    "{}{}",
                    v.text(lang),
                    if v.totals.is_some() { line } else { "" }
                )
            }
            SevenStep::AgainstGreedy(g) => g.text(lang),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::stones::Totals;
    use crate::games::stones::tests::rows;

    /// The game tree searched to the end: the mover maximises (own score − opponent's score)
    /// from here on. Returns that difference and every first move that reaches it.
    fn minimax(row: &[u64]) -> (i128, Vec<End>) {
        if row.is_empty() {
            return (0, Vec::new());
        }
        let total: i128 = row.iter().map(|&v| i128::from(v)).sum();
        let ends: &[End] = if row.len() == 1 {
            &[End::Left]
        } else {
            &[End::Left, End::Right]
        };
        let mut best = None;
        let mut moves = Vec::new();
        for &end in ends {
            let (removed, rest) = match end {
                End::Left => (row[0], &row[1..]),
                End::Right => (row[row.len() - 1], &row[..row.len() - 1]),
            };
            let value = (total - i128::from(removed)) - minimax(rest).0;
            match best {
                Some(b) if b > value => {}
                Some(b) if b == value => moves.push(end),
                _ => {
                    best = Some(value);
                    moves = vec![end];
                }
            }
        }
        (best.expect("a non-empty row has a move"), moves)
    }

    #[test]
    fn dp_matches_minimax_on_every_small_row() {
        let options = ScoreOptions {
            explain: true,
            playout: true,
        };
        for stones in rows(8, 3) {
            let a = analyze(&stones, &options).unwrap();
            let (difference, moves) = minimax(&stones);
            assert_eq!(a.difference, difference, "{stones:?}");
            assert_eq!(a.winner, Winner::from_difference(difference));
            let best: Vec<End> = a.best_moves.iter().map(|m| m.end).collect();
            assert_eq!(best, moves, "{stones:?}");
            let optimal = a.optimal_play.as_ref().unwrap();
            assert_eq!(optimal.totals.difference(), difference, "{stones:?}");
            assert_eq!(a.totals, Some(optimal.totals));
            // Each move scores the sum of what is left after it.
            let mut left: i128 = stones.iter().map(|&v| i128::from(v)).sum();
            for m in &optimal.moves {
                left -= i128::from(m.value);
                assert_eq!(m.score, left, "{stones:?}");
            }
            let greedy = a.against_greedy.as_ref().unwrap();
            assert!(greedy.totals.difference() >= difference, "{stones:?}");
        }
    }

    #[test]
    fn leetcode_examples() {
        let a = analyze(&[5, 3, 1, 4, 2], &ScoreOptions::default()).unwrap();
        assert_eq!(a.difference, 6);
        assert_eq!(
            a.totals,
            Some(Totals {
                first: 18,
                second: 12
            })
        );
        let a = analyze(&[7, 90, 5, 1, 100, 10, 10, 2], &ScoreOptions::default()).unwrap();
        assert_eq!(a.difference, 122);
    }

    #[test]
    fn without_a_playout_the_totals_are_unknown() {
        let a = analyze(
            &[5, 3, 1, 4, 2],
            &ScoreOptions {
                explain: true,
                playout: false,
            },
        )
        .unwrap();
        assert_eq!(a.totals, None);
        assert_eq!(a.difference, 6);
        assert!(a.explanation.iter().all(|s| !s.text(Lang::En).is_empty()));
    }

    #[test]
    fn the_largest_values_do_not_overflow() {
        let a = analyze(&[u64::MAX; 6], &ScoreOptions::default()).unwrap();
        // Both players remove 3 stones; the mover scores 5 + 3 + 1 stones, the other 4 + 2 + 0.
        assert_eq!(a.difference, 3 * i128::from(u64::MAX));
        assert_eq!(a.totals.unwrap().first, 9 * i128::from(u64::MAX));
    }

    #[test]
    fn explanations_in_both_languages() {
        let a = analyze(
            &[5, 3, 1, 4, 2],
            &ScoreOptions {
                explain: true,
                playout: true,
            },
        )
        .unwrap();
        let en: Vec<String> = a.explanation.iter().map(|s| s.text(Lang::En)).collect();
        let zh: Vec<String> = a.explanation.iter().map(|s| s.text(Lang::Zh)).collect();
        assert!(en.iter().any(|s| s.contains("s(i+1, j)")), "{en:?}");
        assert!(en.iter().any(|s| s.contains("wins by 6")), "{en:?}");
        assert!(zh.iter().any(|s| s.contains("前缀和")), "{zh:?}");
    }
}
