//! Moore's Nim_k: piles of stones; a move takes stones from at least one and at most K piles
//! (any number from each pile it touches). K = 1 is Nim.
//!
//! Theorem (E. H. Moore, 1910): the player to move loses iff, for every binary digit, the number of
//! piles having that digit is a multiple of K + 1.
//!
//! Winning moves, column by column from the highest binary digit down: a pile is "reduced" from the
//! first column where its new size has a 0 instead of a 1; below that its digits are free. At a
//! column with u unreduced piles having a 1 and m piles already reduced, choose d of the u to
//! reduce here and e of the m to get a 1, with u − d + e ≡ 0 (mod K + 1) and m + d ≤ K. Every
//! winning move arises from exactly one sequence of such choices, and some choice always exists
//! (d = u mod (K+1) if m + d ≤ K, else e = K + 1 − d ≤ m), so a depth-first walk over the choices
//! lists every winning move without dead ends. Order: the walk's, highest column first; at each
//! column fewer newly reduced piles first, then the piles by index (lexicographic subsets). Its
//! first move is the classic construction (reduce as few piles as possible, as high as possible).
//!
//! Threshold: the walk scans the piles of a column only as far as its choices need, and runs for
//! at most [`WALK_BUDGET`] steps (a pile looked at, a reduced pile carried through a column or
//! into a move) once it has found a first move. Within it, every winning move is counted exactly
//! (small positions: up to a few dozen piles and some 10^4 winning moves); beyond it the moves
//! found so far are listed — at least the first, the classic construction — and the count is
//! only a lower bound ([`MooreAnalysis::exact_count`] is false).

use serde::Serialize;

use crate::lang::count_en;
use crate::{
    Analysis, AnalyzeOptions, EXPLAINED_PILES, Explain, Game, Lang, Move, MoveList, Outcome,
    PileMove,
};

mod playable;

pub use playable::MoorePlay;

/// How many steps the walk over winning moves may take once it found the first one.
pub const WALK_BUDGET: u64 = 2_000_000;

/// Moore's Nim_k as a [`Game`], for the engine: a position is the list of piles.
#[derive(Clone, Copy, Debug)]
pub struct Moore {
    /// K: the most piles a move may take from (at least 1).
    pub k: u64,
}

impl Game for Moore {
    type Position = Vec<u64>;

    fn options(&self, piles: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
        let nonzero: Vec<usize> = (0..piles.len()).filter(|&i| piles[i] > 0).collect();
        let max = (self.k as usize).min(nonzero.len());
        for size in 1..=max {
            let mut chosen: Vec<usize> = (0..size).collect();
            loop {
                // Every combination of smaller sizes for the chosen piles (an odometer).
                let mut next = piles.clone();
                for &c in &chosen {
                    next[nonzero[c]] = 0;
                }
                loop {
                    out.push(next.clone());
                    let carried = chosen.iter().position(|&c| {
                        let i = nonzero[c];
                        next[i] += 1;
                        if next[i] < piles[i] {
                            return true;
                        }
                        next[i] = 0;
                        false
                    });
                    if carried.is_none() {
                        break;
                    }
                }
                if !next_combination(&mut chosen, nonzero.len()) {
                    break;
                }
            }
        }
    }
}

/// Advances `c` (increasing indices below `len`) to the next combination in lexicographic order.
fn next_combination(c: &mut [usize], len: usize) -> bool {
    let r = c.len();
    let Some(i) = (0..r).rev().find(|&i| c[i] < len - r + i) else {
        return false;
    };
    c[i] += 1;
    for j in i + 1..r {
        c[j] = c[j - 1] + 1;
    }
    true
}

/// The number of piles having each binary digit (index 0 is the units digit).
pub fn column_counts(piles: &[u64]) -> [u64; 64] {
    let mut counts = [0u64; 64];
    for &p in piles {
        let mut bits = p;
        while bits != 0 {
            counts[bits.trailing_zeros() as usize] += 1;
            bits &= bits - 1;
        }
    }
    counts
}

/// Moore's criterion: every column count is a multiple of K + 1.
pub fn is_p_position(piles: &[u64], k: u64) -> bool {
    let modulus = u128::from(k) + 1;
    column_counts(piles)
        .iter()
        .all(|&c| u128::from(c) % modulus == 0)
}

/// The position after `change`.
pub fn apply(piles: &[u64], change: &PileMove) -> Vec<u64> {
    let mut next = piles.to_vec();
    match change {
        &PileMove::Take { pile, to, .. } => next[pile] = to,
        PileMove::TakeMany { piles, to, .. } => {
            for (&i, &t) in piles.iter().zip(to) {
                next[i] = t;
            }
        }
        _ => {}
    }
    next
}

/// The choice made at one column by the first winning move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ColumnChoice {
    /// The binary digit (0 = units).
    pub bit: u32,
    /// How many piles not yet reduced have a 1 there.
    pub ones: u64,
    /// How many piles were already reduced above.
    pub reduced_before: u64,
    /// Piles (0-based) reduced at this column: their 1 becomes 0.
    pub reduce: Vec<usize>,
    /// Already reduced piles (0-based) that get a 1 here.
    pub raise: Vec<usize>,
}

/// One step of the explanation of a Moore position.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "step", rename_all = "snake_case")]
pub enum MooreStep {
    /// The first piles in binary, with the count of 1s in each column.
    Columns {
        /// The piles shown.
        piles: Vec<u64>,
        /// Piles not shown.
        omitted: usize,
        /// Digits shown.
        width: u32,
        /// Count of 1s per column, highest digit first (all piles).
        counts: Vec<u64>,
        /// K.
        k: u64,
    },
    /// The verdict: the highest column whose count is not a multiple of K + 1, if any.
    Verdict {
        /// That column, or `None` for a P-position.
        bit: Option<u32>,
        /// Its count.
        count: u64,
        /// K.
        k: u64,
    },
    /// The construction of the first winning move, column by column.
    Construction {
        /// The columns where something is chosen.
        columns: Vec<ColumnChoice>,
        /// K.
        k: u64,
        /// The resulting move.
        change: PileMove,
    },
    /// For a P-position: why every move breaks a column.
    EveryMoveBreaksAColumn {
        /// K.
        k: u64,
    },
}

impl Explain for MooreStep {
    fn text(&self, lang: Lang) -> String {
        match self {
            MooreStep::Columns {
                piles,
                omitted,
                width,
                counts,
                k,
            } => {
                let w = *width as usize;
                let mut lines = vec![lang.pick(
                    format!("Write the piles in binary and count the 1s in each column, modulo K + 1 = {}:", u128::from(*k) + 1),
                    format!("把每堆写成二进制，统计每一列 1 的个数，对 K + 1 = {} 取模：", u128::from(*k) + 1),
                )];
                for (i, p) in piles.iter().enumerate() {
                    let name = lang.pick(format!("pile {:>2}", i + 1), format!("第 {:>2} 堆", i + 1));
                    lines.push(format!("  {name}: {p:0w$b}   ({p})"));
                }
                if *omitted > 0 {
                    lines.push(lang.pick(
                        format!("  ... and {omitted} more piles"),
                        format!("  …… 另有 {omitted} 堆"),
                    ));
                }
                let sums = counts.iter().map(u64::to_string).collect::<Vec<_>>().join(" ");
                lines.push(lang.pick(
                    format!("  column counts (highest digit first): {sums}"),
                    format!("  各列 1 的个数（从最高位起）：{sums}"),
                ));
                lines.join("\n")
            }
            MooreStep::Verdict { bit: None, k, .. } => lang.pick(
                format!("Every column count is a multiple of {}: the player to move loses (a P-position, Moore's theorem).", u128::from(*k) + 1),
                format!("每一列 1 的个数都是 {} 的倍数：先手必败（必败态，Moore 定理）。", u128::from(*k) + 1),
            ),
            MooreStep::Verdict { bit: Some(bit), count, k } => lang.pick(
                format!("Column {bit} (value {}) has {count} ones, not a multiple of {}: the player to move wins (an N-position).", 1u128 << bit, u128::from(*k) + 1),
                format!("第 {bit} 位（值 {}）有 {count} 个 1，不是 {} 的倍数：先手必胜（必胜态）。", 1u128 << bit, u128::from(*k) + 1),
            ),
            MooreStep::Construction { columns, k, change } => {
                let list = |v: &[usize]| v.iter().map(|i| (i + 1).to_string()).collect::<Vec<_>>().join(", ");
                let mut lines = vec![lang.pick(
                    format!("Build a move column by column from the top, touching at most K = {k} piles. A pile becomes \"reduced\" at the column where one of its 1s turns into 0; below that its digits are free:"),
                    format!("从最高位起逐列构造走法，最多动 K = {k} 堆。某堆在它的一个 1 变成 0 的那一列开始“变小”，更低的位可以任意取："),
                )];
                for c in columns {
                    let modulus = u128::from(*k) + 1;
                    let left = u128::from(c.ones) - c.reduce.len() as u128 + c.raise.len() as u128;
                    lines.push(match lang {
                        Lang::En => format!(
                            "  column {}: {} unreduced 1s, {} reduced above; {}{}{} leaves {left} ones, a multiple of {modulus}",
                            c.bit,
                            c.ones,
                            count_en(c.reduced_before, "pile", "piles"),
                            if c.reduce.is_empty() { String::new() } else { format!("reduce pile {} here", list(&c.reduce)) },
                            if !c.reduce.is_empty() && !c.raise.is_empty() { ", " } else { "" },
                            if c.raise.is_empty() { String::new() } else { format!("give pile {} a 1", list(&c.raise)) },
                        ),
                        Lang::Zh => format!(
                            "  第 {} 位：未变小的堆中有 {} 个 1，上面已有 {} 堆变小；{}{}{}，剩 {left} 个 1，是 {modulus} 的倍数",
                            c.bit,
                            c.ones,
                            c.reduced_before,
                            if c.reduce.is_empty() { String::new() } else { format!("让第 {} 堆在这一位变小", list(&c.reduce)) },
                            if !c.reduce.is_empty() && !c.raise.is_empty() { "，" } else { "" },
                            if c.raise.is_empty() { String::new() } else { format!("让第 {} 堆这一位取 1", list(&c.raise)) },
                        ),
                    });
                }
                lines.push(lang.pick(
                    format!("  Other columns keep their digits and their counts. The move: {}.", change.describe(Lang::En)),
                    format!("  其余各列不变。走法：{}。", change.describe(Lang::Zh)),
                ));
                lines.join("\n")
            }
            MooreStep::EveryMoveBreaksAColumn { k } => lang.pick(
                format!("A move shrinks between 1 and {k} piles. At the highest column where a shrinking pile changes, each such pile goes from 1 to 0, so that column's count drops by 1 to {k}: no longer a multiple of {}. Every move hands the opponent an N-position.", u128::from(*k) + 1),
                format!("一步使 1 到 {k} 堆变小。在这些堆发生变化的最高一列，每个变化的堆都从 1 变成 0，这一列 1 的个数减少 1 到 {k} 个，不再是 {} 的倍数。无论怎么走都把必胜态留给对手。", u128::from(*k) + 1),
            ),
        }
    }
}

/// The line the text of an analysis adds when its count of `count` winning moves is a lower
/// bound (see [`MooreAnalysis::exact_count`]).
pub fn inexact_count_note(count: u64, lang: Lang) -> String {
    lang.pick(
        format!(
            "(at least {count} winning moves: the search over them stopped at its budget, so not all are counted)"
        ),
        format!("（至少 {count} 种必胜走法：搜索达到预算上限而停止，未能全部计数）"),
    )
}

/// The fields an analysis's JSON adds for Moore's Nim: `k`, and `winning_move_count_exact`
/// (see [`MooreAnalysis::exact_count`]).
#[cfg(feature = "serde")]
pub fn json_fields(k: u64, exact_count: bool) -> Vec<(&'static str, serde_json::Value)> {
    vec![
        ("k", serde_json::json!(k)),
        ("winning_move_count_exact", serde_json::json!(exact_count)),
    ]
}

/// The analysis of a Moore position, with whether the move count is exact.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MooreAnalysis {
    /// Outcome, winning moves in the walk's order, count and explanation. `grundy` is `None`
    /// (Nim_k is not a sum of its piles for K > 1).
    pub analysis: Analysis<MooreStep, PileMove>,
    /// True if `winning_move_count` counts every winning move; false if the walk stopped at its
    /// budget and the count is a lower bound (the moves listed are winning moves all the same).
    pub exact_count: bool,
}

/// The unreduced piles with a 1 in one column, found from the left only as far as needed.
struct Ones {
    mask: u64,
    found: Vec<usize>,
    next: usize,
}

impl Ones {
    /// The index of the `c`-th (from 0) unreduced pile with the column's 1; there are more than c.
    fn get(&mut self, c: usize, piles: &[u64], is_reduced: &[bool], visits: &mut u64) -> usize {
        while self.found.len() <= c {
            let i = self.next;
            self.next += 1;
            *visits += 1;
            if piles[i] & self.mask != 0 && !is_reduced[i] {
                self.found.push(i);
            }
        }
        self.found[c]
    }
}

/// The depth-first walk over column choices (see the module doc).
struct Walk<'a> {
    piles: &'a [u64],
    /// How many piles have a 1 in each column.
    counts: &'a [u64; 64],
    /// min(K, number of piles): taking from more piles than there are is no extra freedom.
    k: usize,
    modulus: u128,
    /// Reduced piles, in the order they were reduced, with their new sizes so far.
    reduced: Vec<(usize, u64)>,
    is_reduced: Vec<bool>,
    moves: MoveList<PileMove>,
    visits: u64,
    stopped: bool,
    trace: Vec<ColumnChoice>,
    first_trace: Option<Vec<ColumnChoice>>,
}

impl Walk<'_> {
    fn column(&mut self, bit: i32) {
        if self.stopped {
            return;
        }
        if self.moves.count() > 0 && self.visits > WALK_BUDGET {
            self.stopped = true;
            return;
        }
        if bit < 0 {
            self.leaf();
            return;
        }
        let mask = 1u64 << bit;
        let m = self.reduced.len();
        self.visits += 1 + m as u64;
        let reduced_ones = self
            .reduced
            .iter()
            .filter(|&&(i, _)| self.piles[i] & mask != 0)
            .count();
        let u = self.counts[bit as usize] as usize - reduced_ones;
        let mut ones = Ones {
            mask,
            found: Vec::new(),
            next: 0,
        };
        for d in 0..=u.min(self.k - m) {
            // u − d + e ≡ 0 (mod K + 1) with 0 ≤ e ≤ m ≤ K: at most one e.
            let e = (d as u128 + self.modulus - u as u128 % self.modulus) % self.modulus;
            if e > m as u128 {
                continue;
            }
            let e = e as usize;
            let mut reduce: Vec<usize> = (0..d).collect();
            loop {
                let mut raise: Vec<usize> = (0..e).collect();
                loop {
                    let chosen: Vec<usize> = reduce
                        .iter()
                        .map(|&c| ones.get(c, self.piles, &self.is_reduced, &mut self.visits))
                        .collect();
                    self.apply(mask, &chosen, &raise, bit, u, m);
                    self.column(bit - 1);
                    self.undo(mask, d, &raise);
                    if self.stopped || !next_combination(&mut raise, m) {
                        break;
                    }
                }
                if self.stopped || !next_combination(&mut reduce, u) {
                    break;
                }
            }
            if self.stopped {
                return;
            }
        }
    }

    /// Reduces the piles `reduce` at this column and gives a 1 to the reduced piles `raise`.
    fn apply(
        &mut self,
        mask: u64,
        reduce: &[usize],
        raise: &[usize],
        bit: i32,
        u: usize,
        m: usize,
    ) {
        for &r in raise {
            self.reduced[r].1 |= mask;
        }
        for &i in reduce {
            self.is_reduced[i] = true;
            // Keep the digits above, turn this 1 into 0, free the digits below.
            let high = self.piles[i] & !(mask | (mask - 1));
            self.reduced.push((i, high));
        }
        if !reduce.is_empty() || !raise.is_empty() {
            self.trace.push(ColumnChoice {
                bit: bit as u32,
                ones: u as u64,
                reduced_before: m as u64,
                reduce: reduce.to_vec(),
                raise: raise.iter().map(|&r| self.reduced[r].0).collect(),
            });
        }
    }

    fn undo(&mut self, mask: u64, d: usize, raise: &[usize]) {
        for _ in 0..d {
            let (i, _) = self.reduced.pop().expect("pushed by apply");
            self.is_reduced[i] = false;
        }
        for &r in raise {
            self.reduced[r].1 &= !mask;
        }
        if d > 0 || !raise.is_empty() {
            self.trace.pop();
        }
    }

    fn leaf(&mut self) {
        if self.reduced.is_empty() {
            // No pile changed: not a move (this only happens from a P-position).
            return;
        }
        self.visits += 1 + self.reduced.len() as u64;
        if self.moves.room() == 0 {
            self.moves.count_unlisted(1);
            return;
        }
        let mut changed = self.reduced.clone();
        changed.sort_unstable();
        let change = match changed[..] {
            [(pile, to)] => PileMove::Take {
                pile,
                from: self.piles[pile],
                to,
            },
            _ => PileMove::TakeMany {
                piles: changed.iter().map(|&(i, _)| i).collect(),
                from: changed.iter().map(|&(i, _)| self.piles[i]).collect(),
                to: changed.iter().map(|&(_, t)| t).collect(),
            },
        };
        if self.first_trace.is_none() {
            self.first_trace = Some(self.trace.clone());
        }
        self.moves.push(change);
    }
}

/// The game's name for people, with its K.
pub fn title(k: u64, lang: Lang) -> String {
    lang.pick(
        format!("Moore's Nim (K = {k})"),
        format!("Moore Nim（K = {k}）"),
    )
}

/// Analyses a position of Moore's Nim_k (K = `k` ≥ 1): outcome, winning moves (see the module
/// doc for the order and the threshold) and, if asked, the explanation.
///
/// Cost: one pass over the piles for the outcome; 64 passes for the first winning move; then up
/// to [`WALK_BUDGET`] steps for the others.
///
/// # Examples
/// ```
/// use grundy::games::moore;
/// use grundy::{AnalyzeOptions, Outcome};
/// // K = 2: columns 1+1+1 = 3 ≡ 0 (mod 3) — the three piles of 1 are lost for the player to move.
/// let a = moore::analyze(&[1, 1, 1], 2, &AnalyzeOptions::default());
/// assert_eq!(a.analysis.outcome, Outcome::P);
/// let b = moore::analyze(&[1, 1], 2, &AnalyzeOptions::default());
/// assert_eq!(b.analysis.winning_move_count, 1); // take both
/// ```
pub fn analyze(piles: &[u64], k: u64, options: &AnalyzeOptions) -> MooreAnalysis {
    let k = k.max(1);
    let counts = column_counts(piles);
    let modulus = u128::from(k) + 1;
    let top = (0..64)
        .rev()
        .find(|&b| u128::from(counts[b]) % modulus != 0);
    let mut walk = Walk {
        piles,
        counts: &counts,
        k: usize::try_from(k).unwrap_or(usize::MAX).min(piles.len()),
        modulus,
        reduced: Vec::new(),
        is_reduced: vec![false; piles.len()],
        moves: MoveList::new(options.max_moves.max(1)),
        visits: 0,
        stopped: false,
        trace: Vec::new(),
        first_trace: None,
    };
    if top.is_some() {
        let highest = 63 - piles.iter().fold(0, |a, &p| a | p).leading_zeros() as i32;
        walk.column(highest);
    }
    let exact_count = !walk.stopped;
    let first_trace = walk.first_trace.take().unwrap_or_default();
    let (mut winning_moves, winning_move_count) = walk.moves.into_parts();
    let explanation = if options.explain {
        explain(piles, k, &counts, top, first_trace, winning_moves.first())
    } else {
        Vec::new()
    };
    // The list kept at least one move for the explanation; honour a --max-moves of 0.
    winning_moves.truncate(options.max_moves);
    MooreAnalysis {
        analysis: Analysis {
            outcome: if top.is_some() {
                Outcome::N
            } else {
                Outcome::P
            },
            value: None,
            winning_moves,
            winning_move_count,
            explanation,
        },
        exact_count,
    }
}

fn explain(
    piles: &[u64],
    k: u64,
    counts: &[u64; 64],
    top: Option<usize>,
    columns: Vec<ColumnChoice>,
    first: Option<&PileMove>,
) -> Vec<MooreStep> {
    let shown = &piles[..piles.len().min(EXPLAINED_PILES)];
    let width = 64 - piles.iter().fold(1, |a, &p| a | p).leading_zeros();
    let mut steps = vec![
        MooreStep::Columns {
            piles: shown.to_vec(),
            omitted: piles.len() - shown.len(),
            width,
            counts: (0..width as usize).rev().map(|b| counts[b]).collect(),
            k,
        },
        MooreStep::Verdict {
            bit: top.map(|b| b as u32),
            count: top.map_or(0, |b| counts[b]),
            k,
        },
    ];
    match first {
        Some(change) => steps.push(MooreStep::Construction {
            columns,
            k,
            change: change.clone(),
        }),
        None => steps.push(MooreStep::EveryMoveBreaksAColumn { k }),
    }
    steps
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::games::nim;
    use crate::testing::all_positions;
    use crate::{Convention, sum};
    use rand::{Rng, SeedableRng};

    fn is_legal(piles: &[u64], change: &PileMove, k: u64) -> bool {
        let after = apply(piles, change);
        let changed = piles.iter().zip(&after).filter(|(a, b)| a != b).count();
        (1..=k as usize).contains(&changed) && piles.iter().zip(&after).all(|(a, b)| b <= a)
    }

    #[test]
    fn k_equal_one_is_nim() {
        for position in all_positions(3, 9) {
            let moore = analyze(&position, 1, &AnalyzeOptions::default()).analysis;
            let nim = nim::analyze(&position, Convention::Normal, &AnalyzeOptions::default());
            assert_eq!(moore.winning_moves, nim.winning_moves, "{position:?}");
        }
    }

    #[test]
    fn large_positions_get_a_winning_move_and_a_flag() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1910);
        for (count, k) in [(1000, 2), (100_000, 3), (5000, 7), (300, 1000)] {
            let piles: Vec<u64> = (0..count).map(|_| rng.random()).collect();
            let a = analyze(
                &piles,
                k,
                &AnalyzeOptions {
                    max_moves: 5,
                    explain: true,
                },
            );
            assert_eq!(a.analysis.outcome, Outcome::N);
            assert!(!a.analysis.winning_moves.is_empty());
            for change in &a.analysis.winning_moves {
                assert!(is_legal(&piles, change, k));
                assert!(
                    is_p_position(&apply(&piles, change), k),
                    "{count} piles, K = {k}"
                );
            }
            if !a.exact_count {
                assert!(a.analysis.winning_move_count >= a.analysis.winning_moves.len() as u64);
            }
        }
        // K = 1 on random piles: exactly Nim's winning moves, found within the budget.
        let piles: Vec<u64> = (0..200).map(|_| rng.random()).collect();
        let a = analyze(&piles, 1, &AnalyzeOptions::default());
        let nim_count = sum::winning_targets(piles.iter().map(|&p| crate::Nimber(p))).count();
        assert_eq!(a.analysis.winning_move_count, nim_count as u64);
        assert!(a.exact_count);
    }

    #[test]
    fn the_first_move_is_the_classic_construction() {
        // K = 2, piles 1 1: reduce both (d = 2 at the units column).
        let a = analyze(&[1, 1], 2, &AnalyzeOptions::default()).analysis;
        assert_eq!(
            a.winning_moves[0],
            PileMove::TakeMany {
                piles: vec![0, 1],
                from: vec![1, 1],
                to: vec![0, 0]
            }
        );
        // K = 2, piles 4 4 1: column 2 has 2 ones -> reduce both; units: 1 one + 2 free -> raise both.
        let a = analyze(&[4, 4, 1], 2, &AnalyzeOptions::default()).analysis;
        assert_eq!(
            a.winning_moves[0],
            PileMove::TakeMany {
                piles: vec![0, 1],
                from: vec![4, 4],
                to: vec![1, 1]
            }
        );
    }

    #[test]
    fn explanations_in_both_languages() {
        let a = analyze(
            &[4, 4, 1],
            2,
            &AnalyzeOptions {
                max_moves: 3,
                explain: true,
            },
        )
        .analysis;
        let en: Vec<String> = a.explanation.iter().map(|s| s.text(Lang::En)).collect();
        let zh: Vec<String> = a.explanation.iter().map(|s| s.text(Lang::Zh)).collect();
        assert!(
            en[0].contains("100   (4)") && en[0].contains("2 0 1"),
            "{en:?}"
        );
        assert!(en[1].contains("Column 2"), "{en:?}");
        assert!(en[2].contains("reduce pile 1, 2 here"), "{en:?}");
        assert!(zh[2].contains("变小"), "{zh:?}");
        let p = analyze(
            &[1, 1, 1],
            2,
            &AnalyzeOptions {
                max_moves: 3,
                explain: true,
            },
        )
        .analysis;
        assert!(
            p.explanation
                .iter()
                .any(|s| matches!(s, MooreStep::EveryMoveBreaksAColumn { .. }))
        );
    }

    #[test]
    fn max_moves_zero_lists_nothing_but_counts() {
        let a = analyze(
            &[3, 5, 6],
            2,
            &AnalyzeOptions {
                max_moves: 0,
                explain: true,
            },
        )
        .analysis;
        assert!(a.winning_moves.is_empty());
        assert!(a.winning_move_count > 0);
        assert!(
            a.explanation
                .iter()
                .any(|s| matches!(s, MooreStep::Construction { .. }))
        );
    }
}
