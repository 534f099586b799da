//! Every-SG sums: on each turn the player to move makes a move in every component that can move;
//! the sum ends when no component can, and the player who made the last move wins (normal play).
//!
//! Theorem (Every-SG; Winning Ways' "continued conjunctive compound", where the count is called
//! suspense): give each component its suspense S, the number of moves it lasts when the player
//! who wins it delays its end and the one who loses it hurries: S = 0 at an end; from a won
//! position, 1 + the largest S among its moves to lost positions; from a lost one, 1 + the
//! smallest S among its moves ([`crate::engine::Count::Suspense`]). S is odd exactly on won
//! positions. The sum lasts as long as its longest component, whose last move is the sum's, so
//! the player to move wins iff the largest S is odd. The winning move: in every component a move
//! to an option of count S − 1 (in a won component the slowest move to a lost position, in a lost
//! one the fastest move): every count drops by one, and the largest becomes even for the
//! opponent. The player who loses the sum makes the same moves, to last as long as possible.

use serde::Serialize;

use crate::engine::{Count, EngineError, Memo};
use crate::{Cancel, Explain, Game, Lang, Outcome};

/// How many components an explanation lists one by one.
pub const EXPLAINED_COMPONENTS: usize = 16;

/// Who wins an Every-SG sum whose components have the suspense counts `counts`: the player to
/// move iff the largest is odd (nothing, or every count 0: no move, a loss).
///
/// # Examples
/// ```
/// use grundy::{Outcome, every};
/// assert_eq!(every::outcome([2, 3, 1]), Outcome::N);
/// assert_eq!(every::outcome([2, 1]), Outcome::P);
/// ```
pub fn outcome(counts: impl IntoIterator<Item = u32>) -> Outcome {
    match counts.into_iter().max() {
        Some(largest) if largest % 2 == 1 => Outcome::N,
        _ => Outcome::P,
    }
}

/// The first component with the largest count, and that count (`None` for no component).
fn longest(counts: &[u32]) -> Option<(usize, u32)> {
    let largest = *counts.iter().max()?;
    counts
        .iter()
        .position(|&c| c == largest)
        .map(|i| (i, largest))
}

/// One step of the explanation of an Every-SG sum.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "step", rename_all = "snake_case")]
pub enum EveryStep {
    /// The rule and the theorem.
    Theorem,
    /// The count of each component shown.
    Counts {
        /// The first components' counts, in order.
        counts: Vec<u32>,
        /// Components not shown.
        omitted: usize,
    },
    /// The component that lasts longest decides.
    Longest {
        /// Its index, from 0.
        component: usize,
        /// Its count.
        count: u32,
    },
    /// No component can move: the player to move has lost.
    AllEnded,
    /// The move: every component to an option with one less count.
    EveryCountDown {
        /// Whether the player to move wins.
        wins: bool,
    },
}

impl Explain for EveryStep {
    fn text(&self, lang: Lang) -> String {
        match self {
            EveryStep::Theorem => lang.pick(
                "Every-SG: each turn the player moves in every component that can move, and whoever makes the last move wins. Count each component's moves when its winner delays its end and its loser hurries: 0 at an end; from a won position 1 + the largest count among its moves to lost positions; from a lost one 1 + the smallest count among its moves. A count is odd exactly when the player to move wins that component. The sum ends with its longest component, whose last move is the last of all.".to_string(),
                "Every-SG：每一回合，玩家必须在每个还能走的子游戏中各走一步，走最后一步的人获胜。为每个子游戏计算步数：赢的一方尽量拖延，输的一方尽快结束——终止局面为 0；必胜局面为 1 + 走到必败局面的走法中步数的最大值；必败局面为 1 + 所有走法中步数的最小值。步数为奇数当且仅当当前玩家赢这个子游戏。整个游戏在最长的子游戏结束时结束，它的最后一步就是全局的最后一步。".to_string(),
            ),
            EveryStep::Counts { counts, omitted } => {
                let list = counts
                    .iter()
                    .enumerate()
                    .map(|(i, c)| format!("{}: {c}", i + 1))
                    .collect::<Vec<_>>()
                    .join(", ");
                let more = match (*omitted, lang) {
                    (0, _) => String::new(),
                    (n, Lang::En) => format!(", and {n} more"),
                    (n, Lang::Zh) => format!("，另有 {n} 个"),
                };
                lang.pick(
                    format!("The counts of the components: {list}{more}."),
                    format!("各子游戏的步数：{list}{more}。"),
                )
            }
            EveryStep::Longest { component, count } => {
                let wins = count % 2 == 1;
                lang.pick(
                    format!(
                        "The largest count is {count}, component {}'s: {}, so the player to move {}.",
                        component + 1,
                        if wins { "odd" } else { "even" },
                        if wins { "wins (an N-position)" } else { "loses (a P-position)" }
                    ),
                    format!(
                        "最大的步数是第 {} 个子游戏的 {count}，为{}，所以先手{}。",
                        component + 1,
                        if wins { "奇数" } else { "偶数" },
                        if wins { "必胜（必胜态）" } else { "必败（必败态）" }
                    ),
                )
            }
            EveryStep::AllEnded => lang.pick(
                "No component can move: the player to move has lost.".to_string(),
                "所有子游戏都已结束：当前玩家无路可走，已经输了。".to_string(),
            ),
            EveryStep::EveryCountDown { wins: true } => lang.pick(
                "The winning move: in every component, move to an option whose count is one less (in a won component the slowest move to a lost position, in a lost one the fastest move). Every count drops by one, so the largest is even for the opponent.".to_string(),
                "必胜走法：在每个子游戏中走到步数少 1 的局面（赢的子游戏里选最慢的必胜走法，输的子游戏里选最快的走法）。每个步数都减 1，最大步数对对手来说变成偶数。".to_string(),
            ),
            EveryStep::EveryCountDown { wins: false } => lang.pick(
                "Every move loses; the move that lasts longest goes in every component to an option whose count is one less.".to_string(),
                "无论怎么走都会输；拖得最久的走法是在每个子游戏中走到步数少 1 的局面。".to_string(),
            ),
        }
    }
}

/// The analysis of an Every-SG sum.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EveryAnalysis<P> {
    /// Who wins with perfect play.
    pub outcome: Outcome,
    /// Each component's count (suspense).
    pub counts: Vec<u32>,
    /// The move: for each component the position it moves to (`None` where it cannot move).
    /// Winning when `outcome` is N, the slowest loss otherwise; every entry `None` when no
    /// component can move.
    pub reply: Vec<Option<P>>,
    /// The explanation, empty unless asked for.
    pub explanation: Vec<EveryStep>,
}

/// The engine's table of suspense counts, for Every-SG sums of components of any [`Game`].
pub struct EverySg<P> {
    memo: Memo<P>,
}

impl<P: Clone + Eq + std::hash::Hash> EverySg<P> {
    /// An empty table holding at most `limit` positions.
    pub fn new(limit: usize) -> Self {
        EverySg {
            memo: Memo::bounded(limit, false).counting(Count::Suspense),
        }
    }

    /// Makes later searches stop with [`EngineError::Cancelled`] once `cancel` is cancelled.
    pub fn set_cancel(&mut self, cancel: Cancel) {
        self.memo.set_cancel(cancel);
    }

    /// The suspense count of one component.
    ///
    /// # Errors
    /// [`EngineError`] when the table is full, the search cancelled or the game has a cycle.
    pub fn suspense<G: Game<Position = P>>(
        &mut self,
        game: &G,
        component: &P,
    ) -> Result<u32, EngineError> {
        Ok(self.memo.info(game, component)?.remoteness)
    }

    /// Analyses the Every-SG sum of `components` (each searched whole by the engine): outcome,
    /// counts, the move, and with `explain` the explanation.
    ///
    /// # Errors
    /// As [`EverySg::suspense`].
    ///
    /// # Examples
    /// ```
    /// use grundy::every::EverySg;
    /// use grundy::{Game, Outcome};
    /// /// Take 1 or 2 from a heap.
    /// struct OneOrTwo;
    /// impl Game for OneOrTwo {
    ///     type Position = u64;
    ///     fn options(&self, n: &u64, out: &mut Vec<u64>) {
    ///         out.extend([1, 2].iter().filter(|&&k| k <= *n).map(|k| n - k));
    ///     }
    /// }
    /// let mut table = EverySg::new(1000);
    /// // 4 is won slowly (4 -> 3 -> 2 -> 0: count 3), 3 is lost quickly (3 -> 2 -> 0: count 2).
    /// let a = table.analyze(&OneOrTwo, &[4, 3], false).unwrap();
    /// assert_eq!(a.counts, vec![3, 2]);
    /// assert_eq!(a.outcome, Outcome::N);
    /// assert_eq!(a.reply, vec![Some(3), Some(2)]);
    /// ```
    pub fn analyze<G: Game<Position = P>>(
        &mut self,
        game: &G,
        components: &[P],
        explain: bool,
    ) -> Result<EveryAnalysis<P>, EngineError> {
        let counts = components
            .iter()
            .map(|c| self.suspense(game, c))
            .collect::<Result<Vec<u32>, _>>()?;
        let mut reply = Vec::with_capacity(components.len());
        let mut options = Vec::new();
        for (component, &count) in components.iter().zip(&counts) {
            options.clear();
            game.options(component, &mut options);
            let mut next = None;
            for option in options.drain(..) {
                if self.suspense(game, &option)? + 1 == count {
                    next = Some(option);
                    break;
                }
            }
            reply.push(next);
        }
        let outcome = outcome(counts.iter().copied());
        let explanation = if explain {
            explanation(&counts, outcome)
        } else {
            Vec::new()
        };
        Ok(EveryAnalysis {
            outcome,
            counts,
            reply,
            explanation,
        })
    }
}

/// The explanation of a sum with these counts and outcome.
pub fn explanation(counts: &[u32], outcome: Outcome) -> Vec<EveryStep> {
    let shown = counts.len().min(EXPLAINED_COMPONENTS);
    let mut steps = vec![
        EveryStep::Theorem,
        EveryStep::Counts {
            counts: counts[..shown].to_vec(),
            omitted: counts.len() - shown,
        },
    ];
    match longest(counts) {
        Some((component, count)) if count > 0 => {
            steps.push(EveryStep::Longest { component, count });
            steps.push(EveryStep::EveryCountDown {
                wins: outcome == Outcome::N,
            });
        }
        _ => steps.push(EveryStep::AllEnded),
    }
    steps
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Convention;
    use crate::testing::Take;

    const RULES: [Take; 4] = [Take(&[]), Take(&[1, 2]), Take(&[2, 3]), Take(&[1, 3, 4])];

    /// The Every-SG sum played directly: a move is one option of every component that has one.
    struct EverySum<'a, G>(&'a G);

    impl<G: Game> Game for EverySum<'_, G> {
        type Position = Vec<G::Position>;
        fn options(&self, sum: &Vec<G::Position>, out: &mut Vec<Vec<G::Position>>) {
            let mut moves: Vec<Vec<G::Position>> = vec![vec![]];
            let mut any = false;
            for component in sum {
                let mut options = Vec::new();
                self.0.options(component, &mut options);
                if options.is_empty() {
                    options.push(component.clone());
                } else {
                    any = true;
                }
                moves = moves
                    .iter()
                    .flat_map(|m| {
                        options.iter().map(move |o| {
                            let mut longer = m.clone();
                            longer.push(o.clone());
                            longer
                        })
                    })
                    .collect();
            }
            if any {
                out.extend(moves);
            }
        }
    }

    /// Every sum of two or three heaps up to `max`.
    fn sums(max: u64) -> Vec<Vec<u64>> {
        crate::testing::all_lists(3, max)
            .into_iter()
            .filter(|l| l.len() >= 2)
            .collect()
    }

    #[test]
    fn outcome_and_move_equal_a_direct_search_of_every_small_sum() {
        for rule in &RULES {
            let mut table = EverySg::new(1 << 20);
            let mut direct = Memo::new();
            let sum = EverySum(rule);
            for heaps in sums(7) {
                let a = table.analyze(rule, &heaps, true).unwrap();
                let expected = direct.outcome(&sum, &heaps, Convention::Normal).unwrap();
                assert_eq!(a.outcome, expected, "{:?} {heaps:?}", rule.0);
                let moved: Vec<u64> = a
                    .reply
                    .iter()
                    .zip(&heaps)
                    .map(|(m, &h)| m.unwrap_or(h))
                    .collect();
                // The move wins when the sum is won, and it is one of the sum's moves.
                let mut options = Vec::new();
                sum.options(&heaps, &mut options);
                if options.is_empty() {
                    assert!(a.reply.iter().all(Option::is_none), "{heaps:?}");
                    continue;
                }
                assert!(options.contains(&moved), "{heaps:?} -> {moved:?}");
                if expected == Outcome::N {
                    let after = direct.outcome(&sum, &moved, Convention::Normal).unwrap();
                    assert_eq!(after, Outcome::P, "{:?} {heaps:?} -> {moved:?}", rule.0);
                }
            }
        }
    }

    #[test]
    fn remoteness_in_place_of_suspense_would_be_wrong() {
        // The winner must delay: counting by remoteness (the winner hurries) misjudges a sum.
        let wrong = RULES.iter().find_map(|rule| {
            let mut remoteness = Memo::new();
            let mut direct = Memo::new();
            sums(7).into_iter().find(|heaps| {
                let counts = heaps
                    .iter()
                    .map(|h| remoteness.info(rule, h).unwrap().remoteness);
                outcome(counts)
                    != direct
                        .outcome(&EverySum(rule), heaps, Convention::Normal)
                        .unwrap()
            })
        });
        assert!(wrong.is_some());
    }

    #[test]
    fn explanations_in_both_languages() {
        let mut table = EverySg::new(1000);
        let a = table.analyze(&RULES[1], &[4, 3], true).unwrap();
        let en: Vec<String> = a.explanation.iter().map(|s| s.text(Lang::En)).collect();
        let zh: Vec<String> = a.explanation.iter().map(|s| s.text(Lang::Zh)).collect();
        assert!(en[1].contains("1: 3, 2: 2"), "{en:?}");
        assert!(
            en[2].contains("largest count is 3, component 1's: odd"),
            "{en:?}"
        );
        assert!(zh[2].contains("先手必胜"), "{zh:?}");
        let a = table.analyze(&RULES[1], &[0, 1, 0], true).unwrap();
        assert_eq!(a.reply, vec![None, Some(0), None]);
        let a = table.analyze(&RULES[1], &[0, 0], true).unwrap();
        assert_eq!(a.outcome, Outcome::P);
        assert_eq!(a.explanation.last(), Some(&EveryStep::AllEnded));
    }
}
