//! The stone games of the interview problems (LeetCode 877, 1140, 1510, 1690 and 292).
//!
//! Three of them are *scoring* games, not impartial normal-play games: the players collect stones
//! or points and the larger total wins, so the question is the best score difference, not a
//! Grundy value. Each has its own module with the rule, the recurrence and the explanation; they
//! share the result type [`ScoreAnalysis`]:
//! - [`ends`] — LeetCode 877: take a whole pile from either end of a row (parity strategy and the
//!   interval DP);
//! - [`two`] — LeetCode 1140, Stone Game II: take the first X piles, 1 ≤ X ≤ 2M, then M = max(M, X);
//! - [`seven`] — LeetCode 1690, Stone Game VII: remove an end stone, score the sum of the rest.
//!
//! The other two are impartial and return the shared [`crate::Analysis`]:
//! - [`squares`] — LeetCode 1510, Stone Game IV: remove a non-zero square number of stones;
//! - LeetCode 292, the Nim Game (remove 1 to M stones, the Bash game), is the subtraction game
//!   1..M: [`crate::games::subtraction`].

pub mod ends;
mod interval;
pub mod seven;
pub mod squares;
pub mod two;

use serde::Serialize;

use crate::{Explain, Lang};

/// Who wins a scoring game under optimal play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Winner {
    /// The first player ends with more.
    First,
    /// The second player ends with more.
    Second,
    /// Both end with the same total.
    Tie,
}

impl Winner {
    /// The winner when the first player's total minus the second's is `difference`.
    pub fn from_difference(difference: i128) -> Winner {
        match difference.signum() {
            1 => Winner::First,
            -1 => Winner::Second,
            _ => Winner::Tie,
        }
    }

    /// The outcome in the impartial-game vocabulary: N (the first player wins), P (the second
    /// does) or D (neither can force a win: a tie).
    pub fn outcome(self) -> crate::Outcome {
        match self {
            Winner::First => crate::Outcome::N,
            Winner::Second => crate::Outcome::P,
            Winner::Tie => crate::Outcome::D,
        }
    }
}

/// The two players' totals at the end of a game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize)]
pub struct Totals {
    /// The first player's total.
    pub first: i128,
    /// The second player's total.
    pub second: i128,
}

impl Totals {
    /// The first player's total minus the second's.
    pub fn difference(self) -> i128 {
        self.first - self.second
    }
}

/// Which end of a row a move takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum End {
    /// The leftmost item.
    Left,
    /// The rightmost item.
    Right,
}

impl End {
    /// "left" or "right" in `lang`.
    pub fn name(self, lang: Lang) -> &'static str {
        match (self, lang) {
            (End::Left, Lang::En) => "left",
            (End::Right, Lang::En) => "right",
            (End::Left, Lang::Zh) => "左",
            (End::Right, Lang::Zh) => "右",
        }
    }
}

/// A move of a scoring game, described for people.
pub trait ScoreMove {
    /// A one-line description, piles numbered from 1.
    fn describe(&self, lang: Lang) -> String;
    /// A few characters for a play-out line ("5 (left)").
    fn short(&self, lang: Lang) -> String;
}

/// A whole game played out move by move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Playout<M> {
    /// The moves; the first player makes those at even indexes (0, 2, …).
    pub moves: Vec<M>,
    /// The totals at the end.
    pub totals: Totals,
}

/// What to compute besides the optimal difference and the best first moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ScoreOptions {
    /// Build the explanation steps.
    pub explain: bool,
    /// Play the game out (optimal play, and against a greedy opponent where offered). For the
    /// interval games this keeps one bit per interval, n(n + 1)/2 bits; it is skipped above
    /// [`MAX_PLAYOUT_PILES`] piles.
    pub playout: bool,
}

impl Default for ScoreOptions {
    fn default() -> Self {
        ScoreOptions {
            explain: false,
            playout: true,
        }
    }
}

/// Above this many piles the interval games skip their play-outs: the decision bits they need
/// would pass 25 MB (n(n + 1)/2 bits).
pub const MAX_PLAYOUT_PILES: usize = 20_000;

/// The analysis of a scoring game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScoreAnalysis<M, S> {
    /// Who wins under optimal play.
    pub winner: Winner,
    /// The first player's total minus the second's under optimal play.
    pub difference: i128,
    /// The totals under optimal play: fixed by the difference where the stones are shared out
    /// (877, 1140); along the principal optimal line where the totals depend on the line (1690,
    /// only with a play-out).
    pub totals: Option<Totals>,
    /// Every optimal first move, in order (left before right, fewer piles before more).
    pub best_moves: Vec<M>,
    /// The game played out with both players optimal (the first listed best move each time).
    pub optimal_play: Option<Playout<M>>,
    /// The first player optimal, the second greedy (the move that gains most now).
    pub against_greedy: Option<Playout<M>>,
    /// The explanation, empty unless asked for.
    pub explanation: Vec<S>,
}

/// Bad input for a stone game.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum StonesError {
    /// More piles than the game's algorithm handles.
    #[error("{game} takes at most {max} piles ({why}); got {count}")]
    TooManyPiles {
        /// The game.
        game: &'static str,
        /// Piles given.
        count: usize,
        /// The bound.
        max: usize,
        /// Why there is a bound.
        why: &'static str,
    },
    /// A pile above the tabulated range.
    #[error(
        "pile {pile} has {stones} stones; the square-number game is tabulated up to {max} (O(n·√n) time)"
    )]
    PileTooLarge {
        /// The pile, numbered from 1.
        pile: usize,
        /// Its size.
        stones: u64,
        /// The bound.
        max: u64,
    },
    /// The Bash game needs to allow taking at least one stone.
    #[error("the largest take must be at least 1; got 0")]
    ZeroMax,
}

/// The verdict under optimal play, the last explanation step of every scoring game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Verdict {
    /// Who wins.
    pub winner: Winner,
    /// First minus second.
    pub difference: i128,
    /// The totals, where known.
    pub totals: Option<Totals>,
}

impl Explain for Verdict {
    fn text(&self, lang: Lang) -> String {
        let d = self.difference.abs();
        let head = match (self.winner, lang) {
            (Winner::First, Lang::En) => format!("The first player wins by {d}"),
            (Winner::Second, Lang::En) => format!("The second player wins by {d}"),
            (Winner::Tie, Lang::En) => "Optimal play ends in a tie".to_string(),
            (Winner::First, Lang::Zh) => format!("先手以 {d} 分之差获胜"),
            (Winner::Second, Lang::Zh) => format!("后手以 {d} 分之差获胜"),
            (Winner::Tie, Lang::Zh) => "最优策略下双方打平".to_string(),
        };
        match (self.totals, lang) {
            (Some(t), Lang::En) => format!("{head}: {} to {}.", t.first, t.second),
            (Some(t), Lang::Zh) => format!("{head}：{} 比 {}。", t.first, t.second),
            (None, Lang::En) => format!("{head} (first minus second = {}).", self.difference),
            (None, Lang::Zh) => format!("{head}（先手减后手 = {}）。", self.difference),
        }
    }
}

/// A number as the right operand of a subtraction: negative ones in parentheses.
fn operand(v: i128) -> String {
    if v < 0 {
        format!("({v})")
    } else {
        v.to_string()
    }
}

/// One end of the row as the first move: what it gains and what the opponent then leads by.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct EndOption {
    /// Which end.
    pub end: End,
    /// Index of the item taken (0-based).
    pub index: usize,
    /// What the mover gains by the move.
    pub gain: i128,
    /// The best difference of the opponent on the rest, d of the shorter interval.
    pub rest: i128,
}

impl EndOption {
    /// The mover's difference through this move: gain − rest.
    pub fn value(&self) -> i128 {
        self.gain - self.rest
    }
}

/// The first move of an interval game: both ends compared.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct EndChoice {
    /// The ends, left first; a single item has one.
    pub options: Vec<EndOption>,
    /// The best difference, the larger value.
    pub best: i128,
}

impl Explain for EndChoice {
    fn text(&self, lang: Lang) -> String {
        let n = self.options.len();
        let lines: Vec<String> = self
            .options
            .iter()
            .map(|o| {
                let mark = if o.value() == self.best {
                    lang.pick("  <- best", "  ← 最优")
                } else {
                    ""
                };
                match lang {
                    Lang::En => format!(
                        "  {} end (item {}): gain {}, then the opponent leads by {} on the rest: {} − {} = {}{mark}",
                        if o.end == End::Left { "left" } else { "right" },
                        o.index + 1,
                        o.gain,
                        o.rest,
                        o.gain,
                        operand(o.rest),
                        o.value()
                    ),
                    Lang::Zh => format!(
                        "  {}端（第 {} 个）：得 {}，之后对手在剩余部分领先 {}：{} − {} = {}{mark}",
                        o.end.name(Lang::Zh),
                        o.index + 1,
                        o.gain,
                        o.rest,
                        o.gain,
                        operand(o.rest),
                        o.value()
                    ),
                }
            })
            .collect();
        let head = match (lang, n) {
            (Lang::En, 1) => "One item: the first move takes it.".to_string(),
            (Lang::Zh, 1) => "只有一个：第一步只能取它。".to_string(),
            (Lang::En, _) => {
                "The first move compares the two ends (the top row of the DP):".to_string()
            }
            (Lang::Zh, _) => "第一步比较两端（DP 的最顶层）：".to_string(),
        };
        std::iter::once(head)
            .chain(lines)
            .collect::<Vec<_>>()
            .join("\n")
    }
}

/// The table d[i][j] of an interval DP, shown for short rows.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct DifferenceTable {
    /// The row of values.
    pub values: Vec<u64>,
    /// rows[i][k] = d[i][i + k], intervals numbered from 0.
    pub rows: Vec<Vec<i128>>,
}

/// Rows of at most this many items get their whole DP table in the explanation.
pub const EXPLAINED_TABLE: usize = 8;

impl Explain for DifferenceTable {
    fn text(&self, lang: Lang) -> String {
        let n = self.values.len();
        let cells: Vec<Vec<String>> = self
            .rows
            .iter()
            .map(|row| row.iter().map(i128::to_string).collect())
            .collect();
        let width = cells
            .iter()
            .flatten()
            .map(String::len)
            .chain(self.values.iter().map(|v| v.to_string().len()))
            .max()
            .unwrap_or(1)
            .max(2);
        let mut lines =
            vec![lang.pick(
            "The table d[i][j] (row i = first item, column j = last item, numbered from 1):"
                .to_string(),
            "表 d[i][j]（行 i 为区间第一个，列 j 为区间最后一个，从 1 编号）：".to_string(),
        )];
        let header: String = (1..=n).map(|j| format!(" {j:>width$}")).collect();
        lines.push(format!("  {:>4} |{header}", "i\\j"));
        for (i, row) in cells.iter().enumerate() {
            let blank: String = (0..i).map(|_| format!(" {:>width$}", "")).collect();
            let filled: String = row.iter().map(|c| format!(" {c:>width$}")).collect();
            lines.push(format!("  {:>4} |{blank}{filled}", i + 1));
        }
        lines.join("\n")
    }
}

/// How a greedy opponent fared against the optimal strategy.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct AgainstGreedy {
    /// The totals at the end.
    pub totals: Totals,
    /// The optimal difference, for comparison.
    pub optimal: i128,
}

impl Explain for AgainstGreedy {
    fn text(&self, lang: Lang) -> String {
        let Totals { first, second } = self.totals;
        let d = self.totals.difference();
        let compare = match (d > self.optimal, lang) {
            (true, Lang::En) => format!(
                "better than the optimal {}: greed costs the opponent {}",
                self.optimal,
                d - self.optimal
            ),
            (true, Lang::Zh) => format!(
                "比最优的 {} 更好：贪心让对手多输 {}",
                self.optimal,
                d - self.optimal
            ),
            (false, Lang::En) => {
                "exactly the optimal difference: here greed is as good as perfect play".to_string()
            }
            (false, Lang::Zh) => "恰好等于最优差值：这里贪心与最优一样好".to_string(),
        };
        lang.pick(
            format!(
                "Against a greedy opponent (who always takes the move that gains most now) the same strategy ends {first} to {second}, a difference of {d}: {compare}. The DP's guarantee holds against every opponent, so it is never worse."
            ),
            format!(
                "对手若用贪心（每步只拿眼前最多的），同样的策略以 {first} 比 {second} 结束，差值 {d}：{compare}。DP 的保证对任何对手都成立，所以结果不会更差。"
            ),
        )
    }
}

#[cfg(test)]
pub(crate) mod tests {
    /// Every row of at most `len` items of values 0..=max, shortest first.
    pub(crate) fn rows(len: usize, max: u64) -> impl Iterator<Item = Vec<u64>> {
        (0..=len).flat_map(move |n| {
            let count = (max + 1).pow(n as u32);
            (0..count).map(move |mut code| {
                (0..n)
                    .map(|_| {
                        let v = code % (max + 1);
                        code /= max + 1;
                        v
                    })
                    .collect()
            })
        })
    }
}
