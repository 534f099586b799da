//! Staircase Nim: step i (from 1; step 1 is next to the ground) holds a_i stones, and a move
//! carries at least one stone from a step to the step below; stones that reach the ground are out.
//!
//! Theorem: the position is worth Nim on the odd steps, x = a_1 ⊕ a_3 ⊕ a_5 ⊕ …, so the player to
//! move wins iff x ≠ 0. Every move changes exactly one odd step (down from it, or onto it from the
//! even step above), and even steps do not matter: stones carried from an even step 2i onto step
//! 2i − 1 are carried on by the reply to step 2i − 2 (the ground for i = 1), which restores the
//! odd steps. So the winning moves are (a) Nim's rule on the odd steps, through
//! [`sum::winning_targets`]: take an odd step a down to a ⊕ x when that is smaller; and (b) carry
//! (a ⊕ x) − a stones from the even step above onto an odd step a when a ⊕ x is larger and the
//! step above holds that many.
//!
//! The moving-right grid ([`super::grid`]) and coin sliding ([`super::coins`]) are this game read
//! through an index map (a private `Stairs` view), so the three share this module's logic and
//! explanation.

use serde::Serialize;

use crate::EXPLAINED_PILES;
use crate::MoveList;
use crate::{Analysis, AnalyzeOptions, Explain, Game, Lang, Move, Nimber, PileMove, sum};

mod playable;

pub use playable::{GridPlay, StaircasePlay};

/// Staircase Nim as a [`Game`], for the engine: a position is the list of steps, step 1 first.
#[derive(Clone, Copy, Debug, Default)]
pub struct Staircase;

impl Game for Staircase {
    type Position = Vec<u64>;

    fn options(&self, steps: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
        for (i, &stones) in steps.iter().enumerate() {
            for count in 1..=stones {
                let mut next = steps.clone();
                next[i] -= count;
                if i > 0 {
                    next[i - 1] += count;
                }
                out.push(next);
            }
        }
    }
}

/// The stones of a staircase (or of a strip of cells) add up to more than one step could hold.
///
/// Stones move between steps, so a step can come to hold all of them: a position is accepted
/// only if its total fits in a `u64`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "value {place} ('{stones}') brings the total number of stones above 18446744073709551615 (2^64 - 1), more than one {unit} could hold"
)]
pub struct TooManyStones {
    /// The value (from 1) at which the running total overflows.
    pub place: usize,
    /// Its number of stones.
    pub stones: u64,
    /// What the values are ("step" or "cell").
    pub unit: &'static str,
}

/// Checks that the stones of `values` add up to at most 2^64 − 1; `unit` names them in the error.
///
/// # Errors
/// [`TooManyStones`] at the first value where the running total overflows.
pub fn check_total(values: &[u64], unit: &'static str) -> Result<(), TooManyStones> {
    let mut total = 0u64;
    for (i, &stones) in values.iter().enumerate() {
        total = total.checked_add(stones).ok_or(TooManyStones {
            place: i + 1,
            stones,
            unit,
        })?;
    }
    Ok(())
}

/// Whether a move is legal: a [`PileMove::Carry`] of at least one stone of a step to the step
/// below (or the ground from step 1) that keeps every step within `u64`.
pub fn is_legal(steps: &[u64], change: &PileMove) -> bool {
    match *change {
        PileMove::Carry { from, to, count } => {
            steps.get(from).is_some_and(|&a| (1..=a).contains(&count))
                && to == from.checked_sub(1)
                && to.is_none_or(|t| steps[t].checked_add(count).is_some())
        }
        _ => false,
    }
}

/// The position after `change`.
///
/// # Panics
/// If `change` is not legal (see [`is_legal`]); the moves [`analyze`] lists always are, for a
/// position that passed [`check_total`].
pub fn apply(steps: &[u64], change: &PileMove) -> Vec<u64> {
    assert!(is_legal(steps, change), "not a staircase move: {change:?}");
    let mut next = steps.to_vec();
    if let PileMove::Carry { from, to, count } = *change {
        next[from] -= count;
        if let Some(to) = to {
            next[to] += count;
        }
    }
    next
}

/// Analyses a staircase (step 1 first): outcome, value (the XOR of the odd steps), every winning
/// move and, if asked, the explanation.
///
/// Winning moves are listed by the step the stones leave, from step 1 up; each step has at most
/// one. Cost: a few passes over the steps, no allocation per step.
///
/// # Examples
/// ```
/// use grundy::games::staircase;
/// use grundy::{PileMove, Outcome};
/// // Odd steps 1 and 3 hold 2 and 3: XOR 1. Step 2's stones do not count.
/// let a = staircase::analyze(&[2, 9, 3], &Default::default());
/// assert_eq!(a.outcome, Outcome::N);
/// assert_eq!(a.value.unwrap().value(), 1);
/// // Take step 3 from 3 to 2, or bring 1 stone from step 2 onto step 1 (2 -> 3).
/// assert_eq!(a.winning_moves, vec![
///     PileMove::Carry { from: 1, to: Some(0), count: 1 },
///     PileMove::Carry { from: 2, to: Some(1), count: 1 },
/// ]);
/// ```
pub fn analyze(steps: &[u64], options: &AnalyzeOptions) -> Analysis<StairStep, PileMove> {
    Stairs::new(steps.len(), |j| steps[j]).analyze(options, carry_down)
}

/// The grundy value alone: the XOR of the odd steps.
pub fn value(steps: &[u64]) -> Nimber {
    Stairs::new(steps.len(), |j| steps[j]).value()
}

/// A staircase move as a [`PileMove`]: down one step, or to the ground from step 1.
fn carry_down(d: Descent) -> PileMove {
    PileMove::Carry {
        from: d.step,
        to: d.step.checked_sub(1),
        count: d.count,
    }
}

/// A move on a staircase: `count` stones leave step `step` (0-based) for the step below.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Descent {
    /// The step the stones leave, from 0 (next to the ground).
    pub(crate) step: usize,
    /// How many stones.
    pub(crate) count: u64,
}

/// A staircase read through an index map: `stones(j)` is the number of stones on step j + 1.
///
/// The grid reads its cells backwards and coin sliding reads the gaps between sorted coins, so
/// both use this module's closed form and winning moves on their own positions, without copies.
#[derive(Clone, Copy)]
pub(crate) struct Stairs<F> {
    len: usize,
    stones: F,
}

impl<F: Fn(usize) -> u64 + Copy> Stairs<F> {
    /// A staircase of `len` steps.
    pub(crate) fn new(len: usize, stones: F) -> Self {
        Stairs { len, stones }
    }

    /// The odd steps (1, 3, 5, …) as Nim heaps.
    fn odd_steps(self) -> impl Iterator<Item = Nimber> + Clone {
        let stones = self.stones;
        (0..self.len).step_by(2).map(move |j| Nimber(stones(j)))
    }

    /// The value of the position: the XOR of the odd steps.
    pub(crate) fn value(self) -> Nimber {
        sum::value(self.odd_steps())
    }

    /// Every winning move, by the step the stones leave (from the ground up).
    pub(crate) fn winning_moves(self) -> impl Iterator<Item = Descent> {
        let stones = self.stones;
        let total = self.value().value();
        // (a) Down from an odd step: Nim's rule on the odd steps (odd step k is step index 2k).
        let off_odd = sum::winning_targets(self.odd_steps()).map(move |(k, target)| Descent {
            step: 2 * k,
            count: stones(2 * k) - target.value(),
        });
        // (b) From an even step onto the odd step below it, raising that step to a ⊕ x.
        let onto_odd = (1..self.len).step_by(2).filter_map(move |j| {
            let below = stones(j - 1);
            let target = below ^ total;
            (target > below && target - below <= stones(j)).then(|| Descent {
                step: j,
                count: target - below,
            })
        });
        merge_by_step(off_odd, onto_odd)
    }

    /// The analysis, with moves turned into the game's own moves by `change`.
    pub(crate) fn analyze<M: Move>(
        self,
        options: &AnalyzeOptions,
        change: impl Fn(Descent) -> M,
    ) -> Analysis<StairStep<M>, M> {
        let total = self.value();
        let mut moves = MoveList::new(options.max_moves);
        let mut first = None;
        for d in self.winning_moves() {
            first = first.or(Some(d));
            moves.push(change(d));
        }
        let explanation = if options.explain {
            self.explain(total, first.map(|d| (d, change(d))))
        } else {
            Vec::new()
        };
        moves.into_analysis(total, explanation)
    }

    fn explain<M: Move>(self, total: Nimber, first: Option<(Descent, M)>) -> Vec<StairStep<M>> {
        let stones = self.stones;
        let odd_count = self.len.div_ceil(2);
        let shown = odd_count.min(EXPLAINED_PILES);
        let mut steps = vec![
            StairStep::OddSteps {
                stones: self.odd_steps().take(shown).map(Nimber::value).collect(),
                omitted: odd_count - shown,
                total: total.value(),
            },
            self.even_steps_do_not_count(),
        ];
        match first {
            Some((d, change)) if d.step % 2 == 0 => {
                let before = stones(d.step);
                steps.push(StairStep::OffOddStep {
                    odd_step: d.step + 1,
                    before,
                    after: before - d.count,
                    total: total.value(),
                    change,
                });
            }
            Some((d, change)) => {
                let before = stones(d.step - 1);
                steps.push(StairStep::OntoOddStep {
                    from: d.step + 1,
                    odd_step: d.step,
                    before,
                    after: before + d.count,
                    total: total.value(),
                    change,
                });
            }
            None => steps.extend(self.explain_p_position()),
        }
        steps
    }

    /// Why the even steps do not count, on the lowest even step that holds stones: the
    /// opponent carries them all down onto the odd step below, the reply carries the same
    /// stones on down.
    fn even_steps_do_not_count<M>(self) -> StairStep<M> {
        let stones = self.stones;
        let Some(j) = (1..self.len).step_by(2).find(|&j| stones(j) > 0) else {
            return StairStep::EvenStepsDoNotCount {
                example: None,
                opponent: None,
                reply: None,
            };
        };
        let count = stones(j);
        StairStep::EvenStepsDoNotCount {
            example: Some(j + 1),
            opponent: Some(carry_down(Descent { step: j, count })),
            reply: Some(carry_down(Descent { step: j - 1, count })),
        }
    }

    /// Why the odd steps' XOR 0 is lost: every move breaks it, and a reply restores it.
    fn explain_p_position<M>(self) -> Vec<StairStep<M>> {
        let stones = self.stones;
        let Some(lowest) = (0..self.len).find(|&j| stones(j) > 0) else {
            return vec![StairStep::NoMove];
        };
        let opponent = Descent {
            step: lowest,
            count: 1,
        };
        let mut after: Vec<u64> = (0..self.len).map(stones).collect();
        after[lowest] -= 1;
        if lowest > 0 {
            after[lowest - 1] += 1;
        }
        let reply = Stairs::new(after.len(), |j| after[j])
            .winning_moves()
            .next()
            .expect("a move from XOR 0 leaves XOR non-zero");
        vec![
            StairStep::EveryMoveChangesOneOddStep,
            StairStep::Reply {
                opponent: carry_down(opponent),
                reply: carry_down(reply),
            },
        ]
    }
}

/// Merges two move lists that are each in step order into one in step order.
fn merge_by_step(
    a: impl Iterator<Item = Descent>,
    b: impl Iterator<Item = Descent>,
) -> impl Iterator<Item = Descent> {
    let (mut a, mut b) = (a.peekable(), b.peekable());
    std::iter::from_fn(move || match (a.peek(), b.peek()) {
        (Some(x), Some(y)) if y.step < x.step => b.next(),
        (Some(_), _) => a.next(),
        (None, _) => b.next(),
    })
}

/// One step of the explanation of a staircase, or of a game read as one (grid, coins).
///
/// Steps are numbered from 1 as on the staircase; moves inside [`StairStep::Reply`] are in
/// staircase terms, and `change` in the winning-move steps is the move in the game's own terms.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "step", rename_all = "snake_case")]
#[non_exhaustive]
pub enum StairStep<M = PileMove> {
    /// The grid read from its end: cell n is the ground, cell n − 1 is step 1, and so on.
    GridAsStairs {
        /// Number of cells n.
        cells: usize,
    },
    /// The coins sorted, the free cells before each, and the staircase they form from the right.
    CoinsAsStairs {
        /// The rightmost coins' cells, left to right.
        cells: Vec<u64>,
        /// The free cells just before each of them (before the first: down to cell 1).
        gaps: Vec<u64>,
        /// Coins further left, not shown.
        omitted: usize,
    },
    /// The odd steps and their XOR.
    OddSteps {
        /// Stones on steps 1, 3, 5, …, the first ones.
        stones: Vec<u64>,
        /// Odd steps not shown.
        omitted: usize,
        /// The XOR x of all odd steps.
        total: u64,
    },
    /// Why the even steps do not count.
    EvenStepsDoNotCount {
        /// The lowest even step (from 1) that holds stones, if any.
        example: Option<usize>,
        /// On the staircase: the opponent carries all the stones of that step down onto the
        /// odd step below.
        opponent: Option<PileMove>,
        /// On the staircase: the reply that cancels it, the same stones carried on down.
        reply: Option<PileMove>,
    },
    /// The winning move takes odd step `odd_step` from a to a ⊕ x.
    OffOddStep {
        /// The odd step (from 1).
        odd_step: usize,
        /// Its stones a.
        before: u64,
        /// a ⊕ x.
        after: u64,
        /// x.
        total: u64,
        /// The move in the game's own terms.
        change: M,
    },
    /// The winning move raises odd step `odd_step` from a to a ⊕ x with stones of step `from`.
    OntoOddStep {
        /// The even step the stones leave (from 1).
        from: usize,
        /// The odd step below it.
        odd_step: usize,
        /// Its stones a.
        before: u64,
        /// a ⊕ x.
        after: u64,
        /// x.
        total: u64,
        /// The move in the game's own terms.
        change: M,
    },
    /// For XOR 0: every move changes exactly one odd step, so the XOR becomes non-zero.
    EveryMoveChangesOneOddStep,
    /// An example: the opponent's move and the reply that brings the XOR back to 0.
    Reply {
        /// The opponent's move, on the staircase.
        opponent: PileMove,
        /// The reply, on the staircase.
        reply: PileMove,
    },
    /// No stone can move: the player to move has lost.
    NoMove,
}

fn stones(count: u64) -> String {
    if count == 1 {
        "1 stone".to_string()
    } else {
        format!("{count} stones")
    }
}

fn list(values: &[u64], omitted: usize, lang: Lang) -> String {
    let mut s = values
        .iter()
        .map(u64::to_string)
        .collect::<Vec<_>>()
        .join(lang.pick(", ", "、"));
    if omitted > 0 {
        s += &lang.pick(
            format!(" … ({omitted} more)"),
            format!(" …（另有 {omitted} 个）"),
        );
    }
    s
}

impl<M: Move> Explain for StairStep<M> {
    fn text(&self, lang: Lang) -> String {
        match self {
            StairStep::GridAsStairs { cells } => {
                // Name the steps that exist: cells n − 1 and n − 2, when there are such cells.
                let steps: Vec<(usize, usize)> =
                    (1..=2).filter(|&d| d < *cells).map(|d| (cells - d, d)).collect();
                let en: Vec<String> =
                    steps.iter().map(|(c, s)| format!("cell {c} is step {s}")).collect();
                let zh: Vec<String> =
                    steps.iter().map(|(c, s)| format!("第 {c} 格是第 {s} 级台阶")).collect();
                lang.pick(
                    format!(
                        "Read the strip from its end: cell {cells} is the ground (stones there never move again){}{}. Moving stones one cell to the right is carrying them one step down: this is staircase Nim.",
                        en.iter().map(|m| format!(", {m}")).collect::<String>(),
                        if *cells > 3 { ", and so on" } else { "" }
                    ),
                    format!(
                        "从末端倒着看这排格子：第 {cells} 格是地面（到了那里的石子不能再动）{}{}。把石子向右移一格，就是把它向下搬一级台阶：这就是阶梯 Nim。",
                        zh.iter().map(|m| format!("，{m}")).collect::<String>(),
                        if *cells > 3 { "，依此类推" } else { "" }
                    ),
                )
            }
            StairStep::CoinsAsStairs { cells, gaps, omitted } => lang.pick(
                format!(
                    "Sort the coins: {}. The free cells just before each coin: {}. Sliding a coin c cells left takes c from its gap and adds c to the gap of the next coin on its right (for the rightmost coin they just disappear). Read from the right, the gaps are a staircase: the gap before the rightmost coin is step 1, the next one step 2, and so on; pairing the coins from the right, the odd steps are the gaps inside each pair.",
                    list(cells, *omitted, lang),
                    list(gaps, *omitted, lang)
                ),
                format!(
                    "把硬币按位置排序：{}。每枚硬币左边的空格数：{}。把一枚硬币左移 c 格，它左边的空格少 c 个，右边相邻硬币左边的空格多 c 个（最右边的硬币则直接消失）。从右往左看，这些空格数就是阶梯：最右边硬币左边的空格是第 1 级，下一个是第 2 级，依此类推；从右边起两两配对，奇数级就是每对硬币之间的空格。",
                    list(cells, *omitted, lang),
                    list(gaps, *omitted, lang)
                ),
            ),
            StairStep::OddSteps { stones, omitted, total } => lang.pick(
                format!(
                    "The odd steps 1, 3, 5, … hold {}; their XOR is x = {total}. {}",
                    list(stones, *omitted, lang),
                    if *total == 0 {
                        "x = 0: the player to move loses (a P-position)."
                    } else {
                        "x ≠ 0: the player to move wins (an N-position)."
                    }
                ),
                format!(
                    "奇数级台阶 1、3、5、…… 上的石子数为 {}，异或和 x = {total}。{}",
                    list(stones, *omitted, lang),
                    if *total == 0 { "x = 0：先手必败（必败态）。" } else { "x ≠ 0：先手必胜（必胜态）。" }
                ),
            ),
            StairStep::EvenStepsDoNotCount { example, .. } => {
                let (en, zh) = match example {
                    Some(s) => (
                        format!(" For example, stones carried from step {s} to step {} are carried on to {} by the reply.", s - 1, if *s == 2 { "the ground".to_string() } else { format!("step {}", s - 2) }),
                        format!("例如对手把第 {s} 级的石子搬到第 {} 级，就把同样的石子继续搬到{}。", s - 1, if *s == 2 { "地面".to_string() } else { format!("第 {} 级", s - 2) }),
                    ),
                    None => (String::new(), String::new()),
                };
                lang.pick(
                    format!(
                        "Only the odd steps count. If a player carries stones from an even step down onto an odd step, the other carries the same stones on down to the next even step (or the ground): the odd steps are as before and those stones are two steps lower, so this cannot go on for ever.{en} Taking stones off an odd step is taking from a Nim heap: the stones land on an even step (or the ground), where they no longer count."
                    ),
                    format!(
                        "只有奇数级台阶起作用。若一方把偶数级的石子搬到下面的奇数级，另一方就把同样这些石子继续往下搬到下一个偶数级（或地面）：奇数级恢复原样，而这些石子下降了两级，所以这种往来不会无限进行。{zh}从奇数级搬走石子就相当于从一堆 Nim 中取石子：它们落到偶数级（或地面），就不再起作用。"
                    ),
                )
            }
            StairStep::OffOddStep { odd_step, before, after, total, change } => lang.pick(
                format!(
                    "Odd step {odd_step} has a = {before}, and a XOR x = {after} < a: carrying {} down from it leaves {after}, and the odd steps then XOR to 0. The move: {}.",
                    stones(before - after),
                    change.describe(Lang::En)
                ),
                format!(
                    "第 {odd_step} 级（奇数级）有 a = {before} 个，a 异或 x = {after} < a：从它往下搬 {} 个，剩 {after} 个，奇数级的异或和就变为 0（x = {total}）。走法：{}。",
                    before - after,
                    change.describe(Lang::Zh)
                ),
            ),
            StairStep::OntoOddStep { from, odd_step, before, after, total, change } => lang.pick(
                format!(
                    "Odd step {odd_step} has a = {before}, and a XOR x = {after} > a (x = {total}): bringing {} down onto it from step {from} makes it {after}, and the odd steps then XOR to 0. The move: {}.",
                    stones(after - before),
                    change.describe(Lang::En)
                ),
                format!(
                    "第 {odd_step} 级（奇数级）有 a = {before} 个，a 异或 x = {after} > a（x = {total}）：从上面的第 {from} 级搬 {} 个下来，它就变成 {after} 个，奇数级的异或和变为 0。走法：{}。",
                    after - before,
                    change.describe(Lang::Zh)
                ),
            ),
            StairStep::EveryMoveChangesOneOddStep => lang.pick(
                "Every move changes exactly one odd step: stones leave an odd step (for an even step or the ground) or arrive on one (from the even step above). So the XOR of the odd steps becomes non-zero, and the opponent faces an N-position.".to_string(),
                "每一步都恰好改变一个奇数级：要么石子离开某个奇数级（落到偶数级或地面），要么从上面的偶数级落到某个奇数级。所以奇数级的异或和变为非 0，对手面对必胜态。".to_string(),
            ),
            StairStep::Reply { opponent, reply } => lang.pick(
                format!(
                    "For example, if the opponent plays \"{}\", reply \"{}\": the odd steps XOR to 0 again.",
                    opponent.describe(Lang::En),
                    reply.describe(Lang::En)
                ),
                format!(
                    "例如对手“{}”，就回应“{}”：奇数级的异或和又回到 0。",
                    opponent.describe(Lang::Zh),
                    reply.describe(Lang::Zh)
                ),
            ),
            StairStep::NoMove => lang.pick(
                "No stone can move: the player to move has no move.".to_string(),
                "没有可以移动的石子：轮到的一方无法行动。".to_string(),
            ),
        }
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    use crate::testing::all_lists;

    /// The exhaustive bound for staircases and grids: every position of up to 4 places of up to
    /// 9 stones, of 5 places of up to 5, of 6 places of up to 3 and of 7 places of up to 2.
    pub(crate) fn small_rows() -> impl Iterator<Item = Vec<u64>> {
        let longer = |len: usize, max: u64| {
            all_lists(len, max)
                .into_iter()
                .filter(move |p| p.len() == len)
        };
        all_lists(4, 9)
            .into_iter()
            .chain(longer(5, 5))
            .chain(longer(6, 3))
            .chain(longer(7, 2))
    }

    /// The closed form against the engine: `registry::tests`.
    #[test]
    fn winning_moves_are_listed_from_the_lowest_step_up() {
        for steps in small_rows() {
            let a = analyze(
                &steps,
                &AnalyzeOptions {
                    max_moves: usize::MAX,
                    explain: false,
                },
            );
            let from: Vec<usize> = a
                .winning_moves
                .iter()
                .map(|c| match c {
                    PileMove::Carry { from, .. } => *from,
                    other => panic!("{other:?}"),
                })
                .collect();
            assert!(from.windows(2).all(|w| w[0] < w[1]), "{steps:?}: {from:?}");
        }
    }

    #[test]
    fn the_reply_in_the_explanation_restores_xor_zero() {
        for steps in all_lists(4, 4) {
            let a = analyze(
                &steps,
                &AnalyzeOptions {
                    max_moves: 0,
                    explain: true,
                },
            );
            for step in &a.explanation {
                if let StairStep::Reply { opponent, reply } = step {
                    let after = apply(&apply(&steps, opponent), reply);
                    assert!(value(&after).is_zero(), "{steps:?}");
                }
            }
        }
    }

    #[test]
    fn the_cancelling_reply_restores_the_odd_steps_exhaustively() {
        let options = AnalyzeOptions {
            max_moves: 0,
            explain: true,
        };
        for steps in all_lists(5, 3) {
            let a = analyze(&steps, &options);
            let Some(StairStep::EvenStepsDoNotCount {
                example,
                opponent,
                reply,
            }) = a.explanation.get(1).cloned()
            else {
                panic!("{steps:?}: {:?}", a.explanation)
            };
            let (Some(opponent), Some(reply)) = (opponent, reply) else {
                assert!(steps.iter().skip(1).step_by(2).all(|&s| s == 0));
                assert_eq!(example, None);
                continue;
            };
            let between = apply(&steps, &opponent);
            let after = apply(&between, &reply);
            let odd = |v: &[u64]| v.iter().step_by(2).copied().collect::<Vec<u64>>();
            assert_eq!(odd(&after), odd(&steps), "{steps:?}");
            assert_ne!(odd(&between), odd(&steps), "{steps:?}");
            // The same stones, two steps lower.
            let height = |v: &[u64]| v.iter().zip(1..).map(|(&s, h)| s * h).sum::<u64>();
            let PileMove::Carry { count, .. } = reply else {
                panic!()
            };
            assert_eq!(height(&after) + 2 * count, height(&steps), "{steps:?}");
            let PileMove::Carry { from, .. } = opponent else {
                panic!()
            };
            assert_eq!(example, Some(from + 1));
            assert_eq!(from % 2, 1, "an even step (from 1)");
        }
    }

    #[test]
    fn the_even_step_reply_is_the_same_stones_carried_on() {
        // Step 1 empty, step 2 loaded: the opponent brings one stone down, the reply takes it on.
        let a = analyze(
            &[0, 3, 5, 2, 5],
            &AnalyzeOptions {
                max_moves: 0,
                explain: true,
            },
        );
        assert!(a.explanation.contains(&StairStep::Reply {
            opponent: PileMove::Carry {
                from: 1,
                to: Some(0),
                count: 1
            },
            reply: PileMove::Carry {
                from: 0,
                to: None,
                count: 1
            },
        }));
    }

    #[test]
    fn a_move_that_would_overflow_a_step_is_refused() {
        assert_eq!(
            check_total(&[1, u64::MAX, 0], "step"),
            Err(TooManyStones {
                place: 2,
                stones: u64::MAX,
                unit: "step"
            })
        );
        assert!(check_total(&[1, u64::MAX - 1], "step").is_ok());
        let carry = PileMove::Carry {
            from: 1,
            to: Some(0),
            count: 1,
        };
        assert!(!is_legal(&[u64::MAX, 1], &carry));
        assert!(is_legal(&[u64::MAX - 1, 1], &carry));
    }

    #[test]
    fn explanations_in_both_languages() {
        let a = analyze(
            &[2, 9, 3],
            &AnalyzeOptions {
                max_moves: 10,
                explain: true,
            },
        );
        let en: Vec<String> = a.explanation.iter().map(|s| s.text(Lang::En)).collect();
        let zh: Vec<String> = a.explanation.iter().map(|s| s.text(Lang::Zh)).collect();
        assert!(
            en[0].contains("hold 2, 3") && en[0].contains("x = 1"),
            "{en:?}"
        );
        assert!(en[1].contains("from step 2 to step 1") && en[1].contains("the ground"));
        assert!(
            en[2].contains("move 1 from step 2 down to step 1"),
            "{en:?}"
        );
        assert!(zh.iter().any(|s| s.contains("奇数级")));
    }
}
