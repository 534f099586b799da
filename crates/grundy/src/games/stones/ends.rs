//! LeetCode 877, Stone Game: piles in a row; a move takes a whole pile from either end; when the
//! row is empty the player with more stones wins.
//!
//! Parity strategy (an even number of piles): number the piles 1..n. With an even number of piles
//! left, the two ends are one odd-numbered and one even-numbered pile; with an odd number, both
//! ends are in the same class. Taking pile 1 leaves both ends even-numbered, so the opponent takes
//! an even-numbered pile and hands back an even row with one odd-numbered end: the first player
//! takes every odd-numbered pile (taking pile n first, every even-numbered one). Locking the class
//! with the larger sum, she never loses, and wins when the sums differ.
//!
//! For any number of piles, the interval DP of [`super::interval`]: d[i][j] = max(p_i − d[i+1][j],
//! p_j − d[i][j−1]), d[i][i] = p_i, in O(n²) time and O(n) memory. The totals follow from the
//! difference: first = (S + d)/2, second = (S − d)/2 with S the sum of the piles.

use serde::Serialize;

use super::interval::{self, Gains, Keep, Strategy};
use super::{
    AgainstGreedy, DifferenceTable, EXPLAINED_TABLE, End, EndChoice, MAX_PLAYOUT_PILES, Playout,
    ScoreAnalysis, ScoreMove, ScoreOptions, Totals, Verdict, Winner,
};
use crate::{Explain, Lang};

/// A move: a whole pile from one end.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct EndMove {
    /// Which end.
    pub end: End,
    /// The pile's index in the original row, from 0.
    pub pile: usize,
    /// Its stones.
    pub stones: u64,
}

impl ScoreMove for EndMove {
    fn describe(&self, lang: Lang) -> String {
        match lang {
            Lang::En => format!(
                "take the {} pile (pile {}, {} stone{})",
                self.end.name(lang),
                self.pile + 1,
                self.stones,
                if self.stones == 1 { "" } else { "s" }
            ),
            Lang::Zh => format!(
                "取{}端一堆（第 {} 堆，{} 个）",
                self.end.name(lang),
                self.pile + 1,
                self.stones
            ),
        }
    }

    fn short(&self, lang: Lang) -> String {
        match lang {
            Lang::En => format!("{} ({})", self.stones, self.end.name(lang)),
            Lang::Zh => format!("{}（{}）", self.stones, self.end.name(lang)),
        }
    }
}

/// The piles the opponent faces after `end` is taken from the whole row.
pub fn rest(piles: &[u64], end: End) -> &[u64] {
    match (end, piles.len()) {
        (_, 0) => piles,
        (End::Left, _) => &piles[1..],
        (End::Right, n) => &piles[..n - 1],
    }
}

/// A class of piles for the parity strategy, numbering the piles from 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Class {
    /// Piles 1, 3, 5, … (indexes 0, 2, 4, … from 0).
    Odd,
    /// Piles 2, 4, 6, ….
    Even,
}

impl Class {
    fn name(self, lang: Lang) -> &'static str {
        match (self, lang) {
            (Class::Odd, Lang::En) => "odd-numbered",
            (Class::Even, Lang::En) => "even-numbered",
            (Class::Odd, Lang::Zh) => "奇数号",
            (Class::Even, Lang::Zh) => "偶数号",
        }
    }

    /// Whether the pile of index `i` (from 0) is in the class.
    pub fn holds(self, i: usize) -> bool {
        i % 2 == self.index_parity()
    }

    /// The parity of the indexes (from 0) of the class's piles: 0 for piles 1, 3, 5, ….
    fn index_parity(self) -> usize {
        match self {
            Class::Odd => 0,
            Class::Even => 1,
        }
    }
}

/// The parity strategy of a row with an even number of piles.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Parity {
    /// The sum of piles 1, 3, 5, ….
    pub odd_sum: u128,
    /// The sum of piles 2, 4, 6, ….
    pub even_sum: u128,
    /// The class the first player locks: the larger sum (odd on a tie).
    pub class: Class,
    /// The first move that locks it: left for the odd class, right for the even one.
    pub end: End,
}

impl Parity {
    /// The strategy for `piles`, if their number is even and not zero.
    pub fn of(piles: &[u64]) -> Option<Parity> {
        if piles.is_empty() || piles.len() % 2 == 1 {
            return None;
        }
        let sum = |class: Class| -> u128 {
            piles
                .iter()
                .enumerate()
                .filter(|&(i, _)| class.holds(i))
                .map(|(_, &p)| u128::from(p))
                .sum()
        };
        let (odd_sum, even_sum) = (sum(Class::Odd), sum(Class::Even));
        let class = if odd_sum >= even_sum {
            Class::Odd
        } else {
            Class::Even
        };
        Some(Parity {
            odd_sum,
            even_sum,
            class,
            end: if class == Class::Odd {
                End::Left
            } else {
                End::Right
            },
        })
    }

    /// What the first player is sure to end with: the sum of the locked class.
    pub fn guaranteed(&self) -> Totals {
        let (mine, theirs) = match self.class {
            Class::Odd => (self.odd_sum, self.even_sum),
            Class::Even => (self.even_sum, self.odd_sum),
        };
        Totals {
            first: mine as i128,
            second: theirs as i128,
        }
    }

    /// The first player's move when piles `lo..hi` of the original row are left, at her turn (so
    /// an even number of them): the end in her class. Exactly one end is, since lo and hi − 1
    /// differ in parity, so only `lo` is needed.
    pub fn take(&self, lo: usize) -> End {
        if self.class.holds(lo) {
            End::Left
        } else {
            End::Right
        }
    }
}

/// The analysis of a row: the scoring analysis and, for an even number of piles, the parity
/// strategy.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EndsAnalysis {
    /// Winner, difference, totals, best first moves, play-outs, explanation.
    pub score: ScoreAnalysis<EndMove, EndsStep>,
    /// The parity strategy, for an even number of piles.
    pub parity: Option<Parity>,
    /// The parity strategy played out against a greedy opponent (with the play-outs): it ends
    /// with exactly the sums of the two classes.
    pub parity_against_greedy: Option<Playout<EndMove>>,
}

struct Row<'a>(&'a [u64]);

impl Gains for Row<'_> {
    fn len(&self) -> usize {
        self.0.len()
    }
    fn left(&self, i: usize, _: usize) -> i128 {
        i128::from(self.0[i])
    }
    fn right(&self, _: usize, j: usize) -> i128 {
        i128::from(self.0[j])
    }
}

/// Solves a row of piles: the interval DP, its best first moves, the parity strategy, and if
/// asked the play-outs (optimal against optimal, optimal against greedy) and the explanation.
///
/// Cost: O(n²) time and O(n) memory; play-outs add n(n + 1)/2 bits and are skipped above
/// [`MAX_PLAYOUT_PILES`] piles. Totals fit: they are at most n·(2^64 − 1) < 2^127.
///
/// # Examples
/// ```
/// use grundy::games::stones::{ends, ScoreOptions, Winner};
/// let a = ends::analyze(&[5, 3, 4, 5], &ScoreOptions::default());
/// assert_eq!(a.score.winner, Winner::First);
/// assert_eq!(a.score.difference, 1); // 9 to 8
/// ```
pub fn analyze(piles: &[u64], options: &ScoreOptions) -> EndsAnalysis {
    let row = Row(piles);
    let n = piles.len();
    let playout = options.playout && n <= MAX_PLAYOUT_PILES;
    let solution = interval::solve(
        &row,
        Keep {
            decisions: playout,
            rows: options.explain && n <= EXPLAINED_TABLE,
        },
    );
    let difference = solution.difference;
    let sum: u128 = piles.iter().map(|&p| u128::from(p)).sum();
    let first = (sum as i128 + difference) / 2;
    let totals = Totals {
        first,
        second: sum as i128 - first,
    };
    let to_move = |(end, pile, _): interval::Taken| EndMove {
        end,
        pile,
        stones: piles[pile],
    };
    let best_moves = solution.best_moves(to_move);
    let play = |players| solution.play(&row, players, to_move);
    let optimal_play = play([Strategy::Optimal, Strategy::Optimal]);
    let against_greedy = play([Strategy::Optimal, Strategy::Greedy]);
    let parity = Parity::of(piles);
    let parity_against_greedy =
        parity.and_then(|p| play([Strategy::Parity(p.class.index_parity()), Strategy::Greedy]));
    let winner = Winner::from_difference(difference);
    let explanation = if options.explain {
        let mut steps = match parity {
            Some(p) => vec![
                EndsStep::ParityClasses {
                    n,
                    odd_sum: p.odd_sum,
                    even_sum: p.even_sum,
                },
                EndsStep::ParityLock {
                    n,
                    class: p.class,
                    end: p.end,
                    guaranteed: p.guaranteed(),
                },
            ],
            None if n > 0 => vec![EndsStep::ParityUnavailable { n }],
            None => Vec::new(),
        };
        steps.push(EndsStep::Recurrence { n });
        if let Some(rows) = solution.rows {
            steps.push(EndsStep::Table(DifferenceTable {
                values: piles.to_vec(),
                rows,
            }));
        }
        if !solution.first.is_empty() {
            steps.push(EndsStep::FirstMove(EndChoice {
                options: solution.first.clone(),
                best: difference,
            }));
        }
        steps.push(EndsStep::Verdict(Verdict {
            winner,
            difference,
            totals: Some(totals),
        }));
        if let Some(g) = &against_greedy {
            steps.push(EndsStep::AgainstGreedy(AgainstGreedy {
                totals: g.totals,
                optimal: difference,
            }));
        }
        steps
    } else {
        Vec::new()
    };
    EndsAnalysis {
        score: ScoreAnalysis {
            winner,
            difference,
            totals: Some(totals),
            best_moves,
            optimal_play,
            against_greedy,
            explanation,
        },
        parity,
        parity_against_greedy,
    }
}

/// One step of the explanation of a row.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "step", rename_all = "snake_case")]
pub enum EndsStep {
    /// The two parity classes and their sums.
    ParityClasses {
        /// Number of piles (even).
        n: usize,
        /// Sum of piles 1, 3, 5, ….
        odd_sum: u128,
        /// Sum of piles 2, 4, 6, ….
        even_sum: u128,
    },
    /// Which end locks the larger class, and why every later move stays in it.
    ParityLock {
        /// Number of piles.
        n: usize,
        /// The class locked.
        class: Class,
        /// The end to take first.
        end: End,
        /// What the strategy is sure of.
        guaranteed: Totals,
    },
    /// An odd number of piles: the ends are in the same class, no class can be locked.
    ParityUnavailable {
        /// Number of piles (odd).
        n: usize,
    },
    /// The interval DP's recurrence and cost.
    Recurrence {
        /// Number of piles.
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

impl Explain for EndsStep {
    fn text(&self, lang: Lang) -> String {
        match self {
            EndsStep::ParityClasses {
                n,
                odd_sum,
                even_sum,
            } => {
                let class = |from: usize| -> String {
                    if *n <= 6 {
                        (from..=*n)
                            .step_by(2)
                            .map(|i| i.to_string())
                            .collect::<Vec<_>>()
                            .join(", ")
                    } else {
                        format!("{from}, {}, …, {}", from + 2, n - 2 + from)
                    }
                };
                lang.pick(
                    format!(
                        "Number the piles 1 to {n}. The odd-numbered piles ({}) sum to {odd_sum}; the even-numbered piles ({}) sum to {even_sum}.",
                        class(1),
                        class(2)
                    ),
                    format!(
                        "把石子堆编号为 1 到 {n}。奇数号堆（{}）共 {odd_sum} 个；偶数号堆（{}）共 {even_sum} 个。",
                        class(1),
                        class(2)
                    ),
                )
            }
            EndsStep::ParityLock {
                n,
                class,
                end,
                guaranteed,
            } => {
                let (taken, left_ends) = match end {
                    End::Left => (1, format!("2..{n}")),
                    End::Right => (*n, format!("1..{}", n - 1)),
                };
                let other = match class {
                    Class::Odd => Class::Even,
                    Class::Even => Class::Odd,
                };
                let tie = guaranteed.first == guaranteed.second;
                lang.pick(
                    format!(
                        "Take the {} end, pile {taken} ({}). The row left is piles {left_ends}: both of its ends are {}, so the opponent must take an {} pile. That uncovers an {} pile at the same end, and the row again has an even number of piles with exactly one {} end: take it. By induction the first player takes every {} pile and the opponent every {} one: {} to {}{}",
                        end.name(lang),
                        class.name(lang),
                        other.name(lang),
                        other.name(lang),
                        class.name(lang),
                        class.name(lang),
                        class.name(lang),
                        other.name(lang),
                        guaranteed.first,
                        guaranteed.second,
                        if tie {
                            ", a tie at least. The DP below shows whether more is possible."
                        } else {
                            ", a win whatever the opponent does. This is a guarantee, not always the best score: the DP below finds the optimum."
                        }
                    ),
                    format!(
                        "先取{}端的第 {taken} 堆（{}）。剩下第 {left_ends} 堆：两端都是{}堆，对手只能取一个{}堆。这会在同一端露出一个{}堆，剩下的仍是偶数堆且恰有一端是{}堆：取走它。归纳可知先手拿到全部{}堆，对手拿到全部{}堆：{} 比 {}{}",
                        end.name(lang),
                        class.name(lang),
                        other.name(lang),
                        other.name(lang),
                        class.name(lang),
                        class.name(lang),
                        class.name(lang),
                        other.name(lang),
                        guaranteed.first,
                        guaranteed.second,
                        if tie {
                            "，至少打平。下面的 DP 判断能否更好。"
                        } else {
                            "，无论对手怎么走都赢。这是保底而不一定是最高分：下面的 DP 给出最优值。"
                        }
                    ),
                )
            }
            EndsStep::ParityUnavailable { n } => lang.pick(
                format!(
                    "{n} piles is an odd number: both ends are always in the same class when the first player moves, so no class can be locked. The interval DP decides."
                ),
                format!(
                    "{n} 堆是奇数：轮到先手时两端总在同一类，无法锁定奇偶类。由区间 DP 判定。"
                ),
            ),
            EndsStep::Recurrence { n } => lang.pick(
                format!(
                    "For any number of piles: let d[i][j] be the most the player to move can lead by on piles i..j. One pile: d[i][i] = p_i. Otherwise the mover takes an end and the opponent then leads by the d of the rest: d[i][j] = max(p_i − d[i+1][j], p_j − d[i][j−1]). Rows i = {n}..1 reuse one array of {n} values: O(n²) time, O(n) memory."
                ),
                format!(
                    "任意堆数的通用解法：设 d[i][j] 为面对第 i..j 堆时，行动方最多能领先多少。只剩一堆：d[i][i] = p_i。否则行动方取走一端，之后对手在剩余部分领先 d：d[i][j] = max(p_i − d[i+1][j], p_j − d[i][j−1])。按行 i = {n}..1 计算，只用一个长 {n} 的数组：时间 O(n²)，空间 O(n)。"
                ),
            ),
            EndsStep::Table(t) => t.text(lang),
            EndsStep::FirstMove(c) => c.text(lang),
            EndsStep::Verdict(v) => v.text(lang),
            EndsStep::AgainstGreedy(g) => g.text(lang),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::stones::tests::rows;

    /// The game tree searched to the end: each player maximises their own total. Returns the
    /// totals (player to move, other) and every first move that reaches them.
    fn minimax(row: &[u64]) -> (i128, i128, Vec<End>) {
        if row.is_empty() {
            return (0, 0, Vec::new());
        }
        let ends: &[End] = if row.len() == 1 {
            &[End::Left]
        } else {
            &[End::Left, End::Right]
        };
        let mut best: Option<(i128, i128)> = None;
        let mut moves = Vec::new();
        for &end in ends {
            let taken = i128::from(match end {
                End::Left => row[0],
                End::Right => row[row.len() - 1],
            });
            let (them, me, _) = minimax(rest(row, end));
            let mine = (me + taken, them);
            match best {
                Some(b) if b.0 > mine.0 => {}
                Some(b) if b.0 == mine.0 => moves.push(end),
                _ => {
                    best = Some(mine);
                    moves = vec![end];
                }
            }
        }
        let (me, them) = best.expect("a non-empty row has a move");
        (me, them, moves)
    }

    /// The first player follows the parity strategy; the opponent tries every line. Returns the
    /// first player's smallest and largest totals.
    fn parity_against_everything(piles: &[u64], p: &Parity, lo: usize, hi: usize) -> (u128, u128) {
        if lo == hi {
            return (0, 0);
        }
        let mine = match p.take(lo) {
            End::Left => (piles[lo], lo + 1, hi),
            End::Right => (piles[hi - 1], lo, hi - 1),
        };
        let (taken, lo, hi) = mine;
        if lo == hi {
            return (u128::from(taken), u128::from(taken));
        }
        let a = parity_against_everything(piles, p, lo + 1, hi);
        let b = parity_against_everything(piles, p, lo, hi - 1);
        (
            u128::from(taken) + a.0.min(b.0),
            u128::from(taken) + a.1.max(b.1),
        )
    }

    #[test]
    fn dp_matches_minimax_on_every_small_row() {
        let options = ScoreOptions {
            explain: true,
            playout: true,
        };
        for piles in rows(8, 3) {
            let a = analyze(&piles, &options);
            let s = &a.score;
            let (first, second, moves) = minimax(&piles);
            assert_eq!(s.difference, first - second, "{piles:?}");
            assert_eq!(s.totals, Some(Totals { first, second }), "{piles:?}");
            assert_eq!(s.winner, Winner::from_difference(first - second));
            let best: Vec<End> = s.best_moves.iter().map(|m| m.end).collect();
            assert_eq!(best, moves, "{piles:?}");
            let optimal = s.optimal_play.as_ref().unwrap();
            assert_eq!(optimal.totals, Totals { first, second }, "{piles:?}");
            assert_eq!(optimal.moves.len(), piles.len());
            // Optimal play guarantees the difference against any opponent, greedy included.
            let greedy = s.against_greedy.as_ref().unwrap();
            assert!(greedy.totals.difference() >= s.difference, "{piles:?}");
            assert_eq!(
                greedy.totals.first + greedy.totals.second,
                first + second,
                "{piles:?}"
            );
        }
    }

    #[test]
    fn the_greedy_opponent_takes_the_larger_end() {
        for piles in rows(6, 4) {
            let a = analyze(&piles, &ScoreOptions::default());
            let greedy = a.score.against_greedy.unwrap();
            let (mut lo, mut hi) = (0, piles.len());
            for (k, m) in greedy.moves.iter().enumerate() {
                if k % 2 == 1 {
                    let want = if piles[lo] >= piles[hi - 1] {
                        End::Left
                    } else {
                        End::Right
                    };
                    assert_eq!(m.end, want, "{piles:?}");
                }
                match m.end {
                    End::Left => lo += 1,
                    End::Right => hi -= 1,
                }
            }
        }
    }

    #[test]
    fn parity_strategy_locks_its_class_against_every_opponent() {
        for piles in rows(8, 3).filter(|r| r.len() % 2 == 0) {
            let Some(p) = Parity::of(&piles) else {
                assert!(piles.is_empty());
                continue;
            };
            let sure = p.guaranteed();
            let (worst, best) = parity_against_everything(&piles, &p, 0, piles.len());
            assert_eq!((worst, best), (sure.first as u128, sure.first as u128));
            assert!(sure.first >= sure.second);
            // The DP can only do better than the class it locks.
            let a = analyze(&piles, &ScoreOptions::default());
            assert!(a.score.difference >= sure.difference(), "{piles:?}");
        }
    }

    #[test]
    fn the_parity_play_out_locks_the_class_against_a_greedy_opponent() {
        for piles in rows(8, 3) {
            let a = analyze(&piles, &ScoreOptions::default());
            let Some(p) = a.parity else {
                assert!(a.parity_against_greedy.is_none(), "{piles:?}");
                continue;
            };
            let game = a.parity_against_greedy.expect("a play-out");
            assert_eq!(game.totals, p.guaranteed(), "{piles:?}");
            assert_eq!(game.moves.len(), piles.len());
            let (mut lo, mut hi) = (0, piles.len());
            for (k, m) in game.moves.iter().enumerate() {
                if k % 2 == 0 {
                    assert!(p.class.holds(m.pile), "{piles:?}: move {k} {m:?}");
                    assert_eq!(m.end, p.take(lo), "{piles:?}");
                } else {
                    let greedy = if piles[lo] >= piles[hi - 1] {
                        End::Left
                    } else {
                        End::Right
                    };
                    assert_eq!(m.end, greedy, "{piles:?}");
                }
                assert_eq!(m.pile, if m.end == End::Left { lo } else { hi - 1 });
                match m.end {
                    End::Left => lo += 1,
                    End::Right => hi -= 1,
                }
            }
        }
        let none = analyze(
            &[1, 2],
            &ScoreOptions {
                explain: false,
                playout: false,
            },
        );
        assert!(none.parity.is_some() && none.parity_against_greedy.is_none());
    }

    #[test]
    fn leetcode_examples() {
        // LeetCode 877: both examples are first-player wins.
        for (piles, first) in [(vec![5, 3, 4, 5], 9), (vec![3, 7, 2, 3], 10)] {
            let a = analyze(&piles, &ScoreOptions::default());
            assert_eq!(a.score.winner, Winner::First);
            assert_eq!(a.score.totals.unwrap().first, first);
        }
        // The tutorial's odd row [1, 5, 2]: the DP says the first player loses.
        let a = analyze(&[1, 5, 2], &ScoreOptions::default());
        assert_eq!(a.score.winner, Winner::Second);
        assert!(a.parity.is_none());
    }

    #[test]
    fn ties_are_reported_as_ties() {
        let a = analyze(&[2, 2], &ScoreOptions::default());
        assert_eq!(a.score.winner, Winner::Tie);
        assert_eq!(a.score.best_moves.len(), 2);
        let empty = analyze(&[], &ScoreOptions::default());
        assert_eq!(empty.score.winner, Winner::Tie);
        assert!(empty.score.best_moves.is_empty());
    }

    #[test]
    fn the_largest_piles_do_not_overflow() {
        let piles = [u64::MAX; 5];
        let a = analyze(&piles, &ScoreOptions::default());
        assert_eq!(a.score.difference, i128::from(u64::MAX));
        assert_eq!(a.score.totals.unwrap().first, 3 * i128::from(u64::MAX));
    }

    #[test]
    fn playouts_can_be_left_out() {
        let a = analyze(
            &[1, 2, 3],
            &ScoreOptions {
                explain: false,
                playout: false,
            },
        );
        assert!(a.score.optimal_play.is_none() && a.score.against_greedy.is_none());
        assert_eq!(a.score.difference, 2);
    }

    #[test]
    fn explanations_in_both_languages() {
        let a = analyze(
            &[5, 3, 4, 5],
            &ScoreOptions {
                explain: true,
                playout: true,
            },
        );
        let en: Vec<String> = a
            .score
            .explanation
            .iter()
            .map(|s| s.text(Lang::En))
            .collect();
        let zh: Vec<String> = a
            .score
            .explanation
            .iter()
            .map(|s| s.text(Lang::Zh))
            .collect();
        assert!(
            en[0].contains("sum to 9") && en[0].contains("sum to 8"),
            "{en:?}"
        );
        assert!(en[1].contains("left end, pile 1"), "{en:?}");
        assert!(en.iter().any(|s| s.contains("9 to 8")), "{en:?}");
        assert!(zh.iter().any(|s| s.contains("奇数号")), "{zh:?}");
        assert!(
            a.score
                .explanation
                .iter()
                .any(|s| matches!(s, EndsStep::Table(_)))
        );
    }
}
