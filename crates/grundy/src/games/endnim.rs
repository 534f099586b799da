//! End-Nim (Albert and Nowakowski, "The game of End-Nim", 2001; Luogu P2599, ZJOI 2009):
//! piles of stones in a row; a move takes one or more stones from the leftmost or the rightmost
//! non-empty pile. An emptied pile leaves the row, so its neighbour becomes the new end: a
//! position is the list of piles as typed, and its empty piles are not part of the row.
//!
//! Theorem (Albert and Nowakowski). For a row s of non-empty piles let L(s) be the x ≥ 0 such
//! that the row (x, s) is lost for the player to move (x = 0: no pile added), and R(s) the y with
//! (s, y) lost. Both exist and are unique: two rows (x, s) and (x', s) with x' < x cannot both be
//! lost, since the first moves to the second; and were every (x, s) won, each row (x, s) with
//! x ≥ 1 would be won by a take at the right end of s (its other moves lead to won rows (x', s)),
//! which has only finitely many: two rows x < x' would have the same winning reply s', and
//! (x', s') would move to the lost (x, s'). So:
//!
//! - L() = R() = 0 for the empty row, L(a) = R(a) = a for one pile, and in general, adding a
//!   pile x ≥ 1 on the right of s, with L = L(s) and R = R(s):
//!   L(s, x) = 0 if x = R; x − 1 if R < x ≤ L; x + 1 if L ≤ x < R; x otherwise (x below both or
//!   above both). R(x, s) is the mirror image: L and R exchanged. By increasing length this gives
//!   L and R of every segment in O(n²) time and O(n) memory ([`complements`]).
//! - The row a_1 … a_n (n ≥ 1) is lost iff a_1 = L(a_2 … a_n), which is also a_n =
//!   R(a_1 … a_{n−1}): both say the row is lost. One pile is won (L() = 0 < a_1); no pile is lost.
//! - The winning moves: from the left end, the take leaving L(a_2 … a_n) when that is less than
//!   a_1 (leaving 0 empties the pile: the rest of the row is lost exactly when its L is 0);
//!   from the right end, the take leaving R(a_1 … a_{n−1}) when that is less than a_n. Any other
//!   take leaves the end pile another number than the complement, a won row by uniqueness. So a
//!   row has at most two winning moves (one pile: one, taking it all).
//!
//! No value passes the largest pile: L(s, x) ≤ max(x, R(s)) (its case x + 1 needs x < R), and
//! the mirror, so u64 holds every complement, and x + 1 < 2^64 since x < R. The module has no
//! closed form for the Grundy values: [`EndNim::analyze`] gives the outcome only, and the tests
//! check the recurrence, the outcome and every winning move against the engine on all small rows.
//! A position may have at most [`MAX_PILES`] non-empty piles (the O(n²) recurrence).

use serde::Serialize;

use crate::lang::count_en;
use crate::moves::reply_example;
use crate::{Analysis, AnalyzeOptions, Explain, Game, Lang, MoveList, Outcome, PileMove};

mod playable;
#[cfg(test)]
mod tests;

pub use playable::EndNimPlay;

/// The most non-empty piles of a position: the recurrence then does 5·10^7 steps.
pub const MAX_PILES: usize = 10_000;

/// How many piles an explanation shows of a row.
const PILES_SHOWN: usize = 12;

/// End-Nim as a [`Game`] for the engine (a position is the list of piles; empty piles are out of
/// the row) and with its theorem ([`EndNim::analyze`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct EndNim;

impl Game for EndNim {
    type Position = Vec<u64>;

    /// The left end pile to each smaller number, then the right end pile (if another).
    fn options(&self, piles: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
        let Some((left, right)) = ends(piles) else {
            return;
        };
        let both = [left, right];
        let ends = if left == right { &both[..1] } else { &both[..] };
        for &end in ends {
            for smaller in 0..piles[end] {
                let mut next = piles.clone();
                next[end] = smaller;
                out.push(next);
            }
        }
    }
}

/// The indices (from 0) of the leftmost and the rightmost non-empty pile; `None` when every pile
/// is empty.
pub fn ends(piles: &[u64]) -> Option<(usize, usize)> {
    let left = piles.iter().position(|&p| p > 0)?;
    let right = piles.iter().rposition(|&p| p > 0)?;
    Some((left, right))
}

/// L(s, x): the complement on the left of the segment s followed by the pile x ≥ 1, from
/// L = L(s) and R = R(s).
fn extend_right(l: u64, r: u64, x: u64) -> u64 {
    match x {
        x if x == r => 0,
        // x < R: x + 1 ≤ R, no overflow.
        x if x < r => {
            if x < l {
                x
            } else {
                x + 1
            }
        }
        // x > R ≥ 0: x − 1 ≥ 0.
        x if x <= l => x - 1,
        x => x,
    }
}

/// R(x, s): the complement on the right of the pile x ≥ 1 followed by the segment s, from
/// L = L(s) and R = R(s): [`extend_right`] mirrored.
fn extend_left(l: u64, r: u64, x: u64) -> u64 {
    extend_right(r, l, x)
}

/// The complements (L(s), R(s)) of the row `s` of non-empty piles (empty piles are skipped),
/// (0, 0) for the empty row, by the recurrence of the module's doc over segments by increasing
/// length: O(n²) time, O(n) memory.
///
/// # Examples
/// ```
/// use grundy::games::endnim::complements;
/// // One pile: (x, a) and (a, y) are lost for x = y = a.
/// assert_eq!(complements(&[7]), (7, 7));
/// // (3, 1, 9, 4) is lost: L(1, 9, 4) = 3.
/// assert_eq!(complements(&[1, 9, 4]).0, 3);
/// ```
pub fn complements(s: &[u64]) -> (u64, u64) {
    let row: Vec<u64> = s.iter().copied().filter(|&p| p > 0).collect();
    let m = row.len();
    let (l, r) = segment_tables(&row, m);
    (l[0], r[0])
}

/// The complements of the segments of `row` (non-empty piles) of length `len`: `l[i]`, `r[i]`
/// are L and R of `row[i..i + len]`, for i from 0 to m − len.
fn segment_tables(row: &[u64], len: usize) -> (Vec<u64>, Vec<u64>) {
    let m = row.len();
    // Length 0: the empty segments, L = R = 0.
    let mut l = vec![0u64; m + 1];
    let mut r = vec![0u64; m + 1];
    for k in 1..=len {
        // Segment i of length k: row[i..i + k], from row[i..i + k − 1] (entry i, length k − 1)
        // and row[i + 1..i + k] (entry i + 1, not yet overwritten).
        for i in 0..=m - k {
            let left = extend_right(l[i], r[i], row[i + k - 1]);
            let right = extend_left(l[i + 1], r[i + 1], row[i]);
            l[i] = left;
            r[i] = right;
        }
        l.truncate(m - k + 1);
        r.truncate(m - k + 1);
    }
    (l, r)
}

/// What the theorem needs of a position: its non-empty piles, where they are, and the two
/// complements of the row less one end.
#[derive(Clone, Debug)]
struct Row {
    /// The non-empty piles, left to right.
    piles: Vec<u64>,
    /// Their indices in the position.
    at: Vec<usize>,
    /// L(a_2 … a_n): 0 for one pile.
    left: u64,
    /// R(a_1 … a_{n−1}): 0 for one pile.
    right: u64,
}

impl Row {
    fn of(position: &[u64]) -> Row {
        let at: Vec<usize> = (0..position.len()).filter(|&i| position[i] > 0).collect();
        let piles: Vec<u64> = at.iter().map(|&i| position[i]).collect();
        let m = piles.len();
        let (left, right) = match m {
            0 | 1 => (0, 0),
            _ => {
                let (l, r) = segment_tables(&piles, m - 1);
                // l[1]: L(row[1..m]); r[0]: R(row[0..m − 1]).
                (l[1], r[0])
            }
        };
        Row {
            piles,
            at,
            left,
            right,
        }
    }

    fn outcome(&self) -> Outcome {
        match self.piles.first() {
            Some(&first) if first != self.left => Outcome::N,
            _ => Outcome::P,
        }
    }

    /// The winning moves: the left end's, then the right end's.
    fn winning_moves(&self) -> Vec<PileMove> {
        let Some(&first) = self.piles.first() else {
            return Vec::new();
        };
        let mut moves = Vec::new();
        if self.left < first {
            moves.push(PileMove::Take {
                pile: self.at[0],
                from: first,
                to: self.left,
            });
        }
        let m = self.piles.len();
        if m >= 2 && self.right < self.piles[m - 1] {
            moves.push(PileMove::Take {
                pile: self.at[m - 1],
                from: self.piles[m - 1],
                to: self.right,
            });
        }
        moves
    }
}

impl EndNim {
    /// Who wins `piles`: the player to move iff some pile is non-empty and the first non-empty
    /// pile a_1 is not L(a_2 … a_n).
    ///
    /// # Examples
    /// ```
    /// use grundy::games::endnim::EndNim;
    /// use grundy::Outcome;
    /// assert_eq!(EndNim.outcome(&[3, 1, 9, 4]), Outcome::P);
    /// assert_eq!(EndNim.outcome(&[1, 1, 2, 2]), Outcome::P);
    /// assert_eq!(EndNim.outcome(&[0, 5, 0]), Outcome::N);
    /// ```
    pub fn outcome(&self, piles: &[u64]) -> Outcome {
        Row::of(piles).outcome()
    }

    /// Every winning move of `piles`, at most two: the left end's first.
    pub fn winning_moves(&self, piles: &[u64]) -> Vec<PileMove> {
        Row::of(piles).winning_moves()
    }

    /// Analyses `piles`: the outcome (no Grundy value), every winning move (the left end's
    /// first) and, if asked, the explanation in the words of the theorem. O(n²) for n non-empty
    /// piles.
    ///
    /// # Examples
    /// ```
    /// use grundy::games::endnim::EndNim;
    /// use grundy::{Outcome, PileMove};
    /// // L(2) = 2 > 1, R(1) = 1 < 2: only the right end wins, leaving 1 1.
    /// let a = EndNim.analyze(&[1, 2], &Default::default());
    /// assert_eq!(a.outcome, Outcome::N);
    /// assert_eq!(a.winning_moves, [PileMove::Take { pile: 1, from: 2, to: 1 }]);
    /// ```
    pub fn analyze(&self, piles: &[u64], options: &AnalyzeOptions) -> Analysis<EndStep, PileMove> {
        let row = Row::of(piles);
        let outcome = row.outcome();
        let winning = row.winning_moves();
        let mut moves = MoveList::new(options.max_moves);
        for change in &winning {
            moves.push(change.clone());
        }
        let explanation = if options.explain {
            explain(piles, &row, &winning)
        } else {
            Vec::new()
        };
        moves.into_outcome(outcome, explanation)
    }
}

fn explain(piles: &[u64], row: &Row, winning: &[PileMove]) -> Vec<EndStep> {
    let mut steps = vec![EndStep::Rule];
    let empty = piles.len() - row.piles.len();
    if empty > 0 && !row.piles.is_empty() {
        steps.push(EndStep::Row {
            empty,
            first: row.piles.iter().copied().take(PILES_SHOWN).collect(),
            count: row.piles.len(),
        });
    }
    let m = row.piles.len();
    match m {
        0 => {
            steps.push(EndStep::NoMove);
            return steps;
        }
        1 => {
            steps.push(EndStep::OnePile {
                pile: row.at[0] + 1,
                stones: row.piles[0],
            });
            return steps;
        }
        _ => {}
    }
    let (first, last) = (row.piles[0], row.piles[m - 1]);
    steps.push(EndStep::Recurrence);
    steps.push(EndStep::Complements {
        first,
        last,
        left: row.left,
        right: row.right,
    });
    let lost = first == row.left;
    steps.push(EndStep::Verdict {
        first,
        left: row.left,
        lost,
    });
    let (left_pile, right_pile) = (row.at[0] + 1, row.at[m - 1] + 1);
    if lost {
        steps.push(EndStep::EveryMoveLoses {
            last,
            right: row.right,
        });
        let mover = PileMove::Take {
            pile: row.at[0],
            from: first,
            to: first - 1,
        };
        let after = crate::games::nim::apply(piles, &mover);
        // Every move from a lost row leaves a won one (the theorem, tested).
        if let Some(reply) = Row::of(&after).winning_moves().into_iter().next() {
            steps.push(EndStep::Example { mover, reply });
        }
        return steps;
    }
    let takes = |pile: usize| {
        winning
            .iter()
            .any(|m| matches!(m, PileMove::Take { pile: p, .. } if *p + 1 == pile))
    };
    steps.push(if takes(left_pile) {
        EndStep::TakeLeft {
            pile: left_pile,
            from: first,
            to: row.left,
        }
    } else {
        EndStep::NoTakeLeft {
            first,
            left: row.left,
        }
    });
    steps.push(if takes(right_pile) {
        EndStep::TakeRight {
            pile: right_pile,
            from: last,
            to: row.right,
        }
    } else {
        EndStep::NoTakeRight {
            last,
            right: row.right,
        }
    });
    steps
}

/// The numbers joined by spaces, "…" after the last shown when there are more.
fn row_text(first: &[u64], count: usize) -> String {
    let mut text = first
        .iter()
        .map(u64::to_string)
        .collect::<Vec<_>>()
        .join(" ");
    if count > first.len() {
        text.push_str(" …");
    }
    text
}

/// One step of the explanation of an End-Nim position.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "step", rename_all = "snake_case")]
#[non_exhaustive]
pub enum EndStep {
    /// The definitions of L and R and the theorem.
    Rule,
    /// Empty piles are out of the row: the row that is played.
    Row {
        /// How many piles are empty.
        empty: usize,
        /// The first non-empty piles (at most twelve).
        first: Vec<u64>,
        /// How many piles are non-empty.
        count: usize,
    },
    /// Every pile is empty.
    NoMove,
    /// One non-empty pile: take it all.
    OnePile {
        /// The pile, from 1.
        pile: usize,
        /// Its stones.
        stones: u64,
    },
    /// How L and R of every segment are found.
    Recurrence,
    /// The two complements of the row less one end.
    Complements {
        /// a_1, the left end pile.
        first: u64,
        /// a_n, the right end pile.
        last: u64,
        /// L(a_2 … a_n).
        left: u64,
        /// R(a_1 … a_{n−1}).
        right: u64,
    },
    /// a_1 against L(a_2 … a_n).
    Verdict {
        /// a_1.
        first: u64,
        /// L(a_2 … a_n).
        left: u64,
        /// Whether they are equal: the player to move loses.
        lost: bool,
    },
    /// Won from the left end: leave L(a_2 … a_n) there.
    TakeLeft {
        /// The left end pile, from 1.
        pile: usize,
        /// a_1.
        from: u64,
        /// L(a_2 … a_n), less than a_1.
        to: u64,
    },
    /// No winning take from the left end: L(a_2 … a_n) is not below a_1.
    NoTakeLeft {
        /// a_1.
        first: u64,
        /// L(a_2 … a_n).
        left: u64,
    },
    /// Won from the right end: leave R(a_1 … a_{n−1}) there.
    TakeRight {
        /// The right end pile, from 1.
        pile: usize,
        /// a_n.
        from: u64,
        /// R(a_1 … a_{n−1}), less than a_n.
        to: u64,
    },
    /// No winning take from the right end: R(a_1 … a_{n−1}) is not below a_n.
    NoTakeRight {
        /// a_n.
        last: u64,
        /// R(a_1 … a_{n−1}).
        right: u64,
    },
    /// Lost: each take leaves an end pile other than its complement.
    EveryMoveLoses {
        /// a_n.
        last: u64,
        /// R(a_1 … a_{n−1}), equal to a_n.
        right: u64,
    },
    /// An example of the lost case: one stone from the left end and the opponent's winning
    /// reply.
    Example {
        /// The player to move's take.
        mover: PileMove,
        /// The opponent's reply.
        reply: PileMove,
    },
}

impl Explain for EndStep {
    fn text(&self, lang: Lang) -> String {
        match self {
            EndStep::Rule => lang.pick(
                "For a row s of piles, L(s) is the one number x ≥ 0 such that the row x, s is lost for the player to move (x = 0: no pile added), and R(s) the one y such that s, y is lost (Albert and Nowakowski, 2001). So the row a_1 … a_n is lost exactly when a_1 = L(a_2 … a_n), which is also a_n = R(a_1 … a_{n−1}).".to_string(),
                "对一行石子堆 s，L(s) 是使「x, s」这一行先手必败的唯一数 x ≥ 0（x = 0 表示不加堆），R(s) 是使「s, y」先手必败的唯一数 y（阿尔伯特与诺瓦科夫斯基，2001）。所以一行 a_1 … a_n 先手必败当且仅当 a_1 = L(a_2 … a_n)，这也等价于 a_n = R(a_1 … a_{n−1})。".to_string(),
            ),
            EndStep::Row { empty, first, count } => {
                let row = row_text(first, *count);
                lang.pick(
                    format!(
                        "An emptied pile leaves the row: without the {} the row is {row} ({}).",
                        count_en(*empty as u64, "empty pile", "empty piles"),
                        count_en(*count as u64, "pile", "piles")
                    ),
                    format!("取空的堆离开这一行：去掉 {empty} 个空堆，这一行是 {row}（共 {count} 堆）。"),
                )
            }
            EndStep::NoMove => lang.pick(
                "Every pile is empty: the player to move cannot move and loses.".to_string(),
                "所有堆都已取空：先手无法行动，必败。".to_string(),
            ),
            EndStep::OnePile { pile, stones } => lang.pick(
                format!("Only pile {pile} is left: take all {stones} of its stones and the opponent cannot move (L of the empty row is 0)."),
                format!("只剩第 {pile} 堆：取走它全部 {stones} 个石子，对手无法行动（空行的 L 为 0）。"),
            ),
            EndStep::Recurrence => lang.pick(
                "L and R of every segment, by increasing length: L(a) = R(a) = a for one pile; adding a pile x on the right of a segment s with L = L(s) and R = R(s) gives L(s, x) = 0 if x = R, x − 1 if R < x ≤ L, x + 1 if L ≤ x < R, and x otherwise; R(x, s) is the mirror image, L and R exchanged.".to_string(),
                "按长度递增求出每一段的 L 与 R：单堆时 L(a) = R(a) = a；在段 s（L = L(s)，R = R(s)）的右边加一堆 x，则 x = R 时 L(s, x) = 0，R < x ≤ L 时为 x − 1，L ≤ x < R 时为 x + 1，其余情形为 x；R(x, s) 与之镜像对称（L 与 R 互换）。".to_string(),
            ),
            EndStep::Complements { first, last, left, right } => lang.pick(
                format!("Here a_1 = {first} and a_n = {last}; L(a_2 … a_n) = {left} and R(a_1 … a_{{n−1}}) = {right}."),
                format!("这里 a_1 = {first}，a_n = {last}；L(a_2 … a_n) = {left}，R(a_1 … a_{{n−1}}) = {right}。"),
            ),
            EndStep::Verdict { first, lost: true, .. } => lang.pick(
                format!("a_1 = {first} = L(a_2 … a_n): the player to move loses."),
                format!("a_1 = {first} = L(a_2 … a_n)：先手必败。"),
            ),
            EndStep::Verdict { first, left, lost: false } => lang.pick(
                format!("a_1 = {first} ≠ {left} = L(a_2 … a_n): the player to move wins."),
                format!("a_1 = {first} ≠ {left} = L(a_2 … a_n)：先手必胜。"),
            ),
            EndStep::TakeLeft { pile, from, to: 0 } => lang.pick(
                format!("Take all {from} stones of pile {pile}, the left end: L(a_2 … a_n) = 0 says the rest of the row is lost for the opponent."),
                format!("取走左端第 {pile} 堆的全部 {from} 个石子：L(a_2 … a_n) = 0 说明剩下的一行对手必败。"),
            ),
            EndStep::TakeLeft { pile, from, to } => lang.pick(
                format!("Take {} from pile {pile}, the left end ({from} → {to}): the row then starts with L(a_2 … a_n) = {to} and is lost for the opponent.", from - to),
                format!("从左端第 {pile} 堆取走 {} 个（{from} → {to}）：这一行于是以 L(a_2 … a_n) = {to} 开头，对手必败。", from - to),
            ),
            EndStep::NoTakeLeft { first, left } => lang.pick(
                format!("No take from the left end wins: L(a_2 … a_n) = {left} is not less than a_1 = {first}."),
                format!("从左端取任何数量都不能获胜：L(a_2 … a_n) = {left} 不小于 a_1 = {first}。"),
            ),
            EndStep::TakeRight { pile, from, to: 0 } => lang.pick(
                format!("Take all {from} stones of pile {pile}, the right end: R(a_1 … a_{{n−1}}) = 0 says the rest of the row is lost for the opponent."),
                format!("取走右端第 {pile} 堆的全部 {from} 个石子：R(a_1 … a_{{n−1}}) = 0 说明剩下的一行对手必败。"),
            ),
            EndStep::TakeRight { pile, from, to } => lang.pick(
                format!("Take {} from pile {pile}, the right end ({from} → {to}): the row then ends with R(a_1 … a_{{n−1}}) = {to} and is lost for the opponent.", from - to),
                format!("从右端第 {pile} 堆取走 {} 个（{from} → {to}）：这一行于是以 R(a_1 … a_{{n−1}}) = {to} 结尾，对手必败。", from - to),
            ),
            EndStep::NoTakeRight { last, right } => lang.pick(
                format!("No take from the right end wins: R(a_1 … a_{{n−1}}) = {right} is not less than a_n = {last}."),
                format!("从右端取任何数量都不能获胜：R(a_1 … a_{{n−1}}) = {right} 不小于 a_n = {last}。"),
            ),
            EndStep::EveryMoveLoses { right, .. } => lang.pick(
                format!("So R(a_1 … a_{{n−1}}) = {right} = a_n too. A take from the left end leaves a_1 another number than L(a_2 … a_n), one from the right end leaves a_n another than R(a_1 … a_{{n−1}}): as each complement is the only one, the opponent is left a winning row."),
                format!("所以也有 R(a_1 … a_{{n−1}}) = {right} = a_n。从左端取，a_1 就不再等于 L(a_2 … a_n)；从右端取，a_n 就不再等于 R(a_1 … a_{{n−1}})：由于补数唯一，对手面对的都是必胜的一行。"),
            ),
            EndStep::Example { mover, reply } => reply_example(mover, reply, lang),
        }
    }
}
