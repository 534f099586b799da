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

use crate::{Explain, Lang, Outcome};

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

    #[test]
    fn explanations_in_both_languages() {
        let steps = explanation(&[3, 2], Outcome::N);
        let en: Vec<String> = steps.iter().map(|s| s.text(Lang::En)).collect();
        let zh: Vec<String> = steps.iter().map(|s| s.text(Lang::Zh)).collect();
        assert!(en[1].contains("1: 3, 2: 2"), "{en:?}");
        assert!(
            en[2].contains("largest count is 3, component 1's: odd"),
            "{en:?}"
        );
        assert!(zh[2].contains("先手必胜"), "{zh:?}");
        let steps = explanation(&[0, 0], Outcome::P);
        assert_eq!(steps.last(), Some(&EveryStep::AllEnded));
        let long = explanation(&[1; 20], Outcome::N);
        assert_eq!(
            long[1],
            EveryStep::Counts {
                counts: vec![1; EXPLAINED_COMPONENTS],
                omitted: 20 - EXPLAINED_COMPONENTS
            }
        );
    }
}
