//! E&D (SDOI 2009, Luogu P2148): non-empty piles stand in groups of two; a move removes one pile
//! of a group and splits the other into two non-empty piles, which form the group again. Who
//! cannot move (every pile of 1) loses. Groups are played independently.
//!
//! Theorem (induction on a + b, checked here against the engine): a group (a, b) is worth the
//! number of trailing ones of (a − 1) | (b − 1). Splitting a pile of s reaches exactly the values
//! t with 2^t − 1 ≤ (s − 2) mod 2^(t+1) ≤ 2^(t+1) − 2, and then the split into 2^t and s − 2^t
//! does: 2^t − 1 fills the low t bits and leaves bit t of the other part clear. So the value of
//! (a, b) is the mex of those sets for s = a and s = b, and a winning move is found in O(1).

use serde::Serialize;

use crate::{Analysis, AnalyzeOptions, Change, Explain, Game, Lang, MoveList, Nimber, Outcome};

/// E&D as a [`Game`], for the engine: a position is the list of groups.
#[derive(Clone, Copy, Debug, Default)]
pub struct PairSplit;

impl Game for PairSplit {
    type Position = Vec<[u64; 2]>;

    fn options(&self, groups: &Vec<[u64; 2]>, out: &mut Vec<Vec<[u64; 2]>>) {
        for (group, pair) in groups.iter().enumerate() {
            for &split in pair {
                for x in 1..split {
                    let mut next = groups.clone();
                    next[group] = [x, split - x];
                    out.push(next);
                }
            }
        }
    }

    fn components(&self, groups: &Vec<[u64; 2]>, parts: &mut Vec<Vec<[u64; 2]>>) -> bool {
        parts.extend(groups.iter().map(|&g| vec![g]));
        true
    }
}

/// A list of piles that is not a list of groups.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PairSplitError {
    /// An odd number of piles: the last has no partner.
    #[error("{count} piles cannot stand in groups of two: the number of piles must be even")]
    OddCount {
        /// The number of piles.
        count: usize,
    },
    /// An empty pile.
    #[error("pile {pile} is empty: piles hold at least one stone")]
    EmptyPile {
        /// The pile, numbered from 1.
        pile: usize,
    },
}

/// The groups of `piles` (piles 1 and 2 are group 1, and so on).
///
/// # Errors
/// [`PairSplitError`] for an odd number of piles or an empty pile.
pub fn groups(piles: &[u64]) -> Result<Vec<[u64; 2]>, PairSplitError> {
    if !piles.len().is_multiple_of(2) {
        return Err(PairSplitError::OddCount { count: piles.len() });
    }
    if let Some(i) = piles.iter().position(|&p| p == 0) {
        return Err(PairSplitError::EmptyPile { pile: i + 1 });
    }
    Ok(piles.chunks_exact(2).map(|c| [c[0], c[1]]).collect())
}

/// The value of the group (a, b), both at least 1: the trailing ones of (a − 1) | (b − 1).
///
/// # Examples
/// ```
/// use grundy::games::pair_split;
/// // Luogu P2148's first sample: groups (1, 2) and (3, 1), values 1 and 0.
/// assert_eq!(pair_split::value([1, 2]).value(), 1);
/// assert_eq!(pair_split::value([3, 1]).value(), 0);
/// ```
pub fn value([a, b]: [u64; 2]) -> Nimber {
    Nimber(u64::from(
        (a.wrapping_sub(1) | b.wrapping_sub(1)).trailing_ones(),
    ))
}

/// The split of a pile of `s` into two piles forming a group of value `t`, if there is one:
/// 2^t and s − 2^t (see the module doc).
pub fn split_to(s: u64, t: Nimber) -> Option<[u64; 2]> {
    let x = 1u64.checked_shl(u32::try_from(t.value()).ok()?)?;
    (x < s && value([x, s - x]) == t).then(|| [x, s - x])
}

/// The moves of group `group` to value `target`: splitting the first pile, then the second
/// (one split each, 2^t first; none when the piles are equal and the second would repeat it).
pub fn moves_to(group: usize, pair: [u64; 2], target: Nimber) -> impl Iterator<Item = Change> {
    let kept_piles = if pair[0] == pair[1] { 1 } else { 2 };
    (0..kept_piles).filter_map(move |kept| {
        split_to(pair[kept], target).map(|to| Change::Regroup {
            group,
            kept,
            from: pair,
            to,
        })
    })
}

/// The position after `change`.
pub fn apply(groups: &[[u64; 2]], change: &Change) -> Vec<[u64; 2]> {
    let mut next = groups.to_vec();
    if let Change::Regroup { group, to, .. } = *change {
        next[group] = to;
    }
    next
}

/// One step of the explanation of an E&D position.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "step", rename_all = "snake_case")]
pub enum PairSplitStep {
    /// The rule of the values.
    Rule,
    /// The value of each group (the first few).
    Values {
        /// (a, b, (a − 1) | (b − 1), value) per group.
        groups: Vec<(u64, u64, u64, Nimber)>,
        /// The XOR of every group's value.
        total: Nimber,
    },
    /// A winning move and the value it gives its group.
    Move {
        /// The move.
        change: Change,
        /// The group's new value.
        target: Nimber,
    },
    /// For a P-position: why no move helps.
    Lost,
}

impl Explain for PairSplitStep {
    fn text(&self, lang: Lang) -> String {
        match self {
            PairSplitStep::Rule => lang.pick(
                "Each group is a game of its own. A group (a, b) is worth the number of trailing 1-bits of (a−1)|(b−1); the position is worth the XOR of its groups.".to_string(),
                "每组是独立的游戏。一组 (a, b) 的 SG 值是 (a−1)|(b−1) 二进制末尾连续 1 的个数；整个局面的 SG 值是各组的异或和。".to_string(),
            ),
            PairSplitStep::Values { groups, total } => {
                let list = groups
                    .iter()
                    .map(|(a, b, or, g)| format!("({a}, {b}): {or:b} → {g}"))
                    .collect::<Vec<_>>()
                    .join("; ");
                lang.pick(
                    format!("{list}. XOR of the values: {total}."),
                    format!("{list}。异或和：{total}。"),
                )
            }
            PairSplitStep::Move { change, target } => lang.pick(
                format!(
                    "Give that group the value {target}, which makes the XOR 0: {}.",
                    change.describe(Lang::En)
                ),
                format!(
                    "把这一组的 SG 值变成 {target}，异或和就变成 0：{}。",
                    change.describe(Lang::Zh)
                ),
            ),
            PairSplitStep::Lost => lang.pick(
                "The XOR is 0: every move changes one group's value and leaves a non-zero XOR. The player to move loses.".to_string(),
                "异或和为 0：任何一步都只改变一组的 SG 值，使异或和不为 0。先手必败。".to_string(),
            ),
        }
    }
}

/// How many groups the explanation lists.
const EXPLAINED_GROUPS: usize = 16;

/// The XOR of the values of `groups`.
pub fn total(groups: impl IntoIterator<Item = [u64; 2]>) -> Nimber {
    groups.into_iter().map(value).fold(Nimber(0), |x, g| x + g)
}

/// Analyses an E&D position: outcome, value, the winning moves (group by group, at most two in a
/// group: the split of its first pile, then of its second) and, if asked, the explanation.
///
/// # Examples
/// ```
/// use grundy::games::pair_split;
/// use grundy::{AnalyzeOptions, Change, Outcome};
/// let a = pair_split::analyze(&[[1, 2], [3, 1]], &AnalyzeOptions::default());
/// assert_eq!(a.outcome, Outcome::N);
/// // (1, 2) is worth 1 and (3, 1) 0: take the first to 0, or raise the second to 1.
/// assert_eq!(
///     a.winning_moves,
///     vec![
///         Change::Regroup { group: 0, kept: 1, from: [1, 2], to: [1, 1] },
///         Change::Regroup { group: 1, kept: 0, from: [3, 1], to: [2, 1] },
///     ]
/// );
/// ```
pub fn analyze(groups: &[[u64; 2]], options: &AnalyzeOptions) -> Analysis<PairSplitStep> {
    let x = total(groups.iter().copied());
    let mut moves = MoveList::new(options.max_moves);
    let mut first_target = Nimber(0);
    if !x.is_zero() {
        for (group, &pair) in groups.iter().enumerate() {
            let target = value(pair) + x;
            let before = moves.count();
            moves_to(group, pair, target).for_each(|change| moves.push(change));
            if before == 0 && moves.count() > 0 {
                first_target = target;
            }
        }
    }
    let explanation = if options.explain {
        let mut steps = vec![
            PairSplitStep::Rule,
            PairSplitStep::Values {
                groups: groups
                    .iter()
                    .take(EXPLAINED_GROUPS)
                    .map(|&[a, b]| (a, b, a.wrapping_sub(1) | b.wrapping_sub(1), value([a, b])))
                    .collect(),
                total: x,
            },
        ];
        steps.push(match moves.first() {
            Some(change) => PairSplitStep::Move {
                change: change.clone(),
                target: first_target,
            },
            None => PairSplitStep::Lost,
        });
        steps
    } else {
        Vec::new()
    };
    let (winning_moves, winning_move_count) = moves.into_parts();
    Analysis {
        outcome: Outcome::from_grundy(x),
        grundy: Some(x),
        winning_moves,
        winning_move_count,
        explanation,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Memo;

    #[test]
    fn the_value_rule_matches_the_engine() {
        let mut memo = Memo::new();
        for a in 1..70 {
            for b in 1..70 {
                assert_eq!(
                    memo.grundy(&PairSplit, &vec![[a, b]]).unwrap(),
                    value([a, b]),
                    "{a} {b}"
                );
            }
        }
    }

    #[test]
    fn a_split_to_each_value_exists_exactly_when_the_rule_says() {
        for s in 1..600u64 {
            let reached: std::collections::BTreeSet<u64> =
                (1..s).map(|x| value([x, s - x]).value()).collect();
            for t in 0..12 {
                assert_eq!(
                    split_to(s, Nimber(t)).is_some(),
                    reached.contains(&t),
                    "{s} -> {t}"
                );
                let r = (s.wrapping_sub(2)) % (1 << (t + 1));
                let by_rule = s >= 2 && r + 1 >= 1 << t && r + 2 <= 1 << (t + 1);
                assert_eq!(by_rule, reached.contains(&t), "{s} -> {t}");
            }
        }
    }

    #[test]
    fn winning_moves_match_the_engine() {
        let mut memo = Memo::with_components();
        for a in 1..9 {
            for b in 1..9 {
                for c in 1..9 {
                    for d in 1..9 {
                        let groups = vec![[a, b], [c, d]];
                        let analysis = analyze(&groups, &AnalyzeOptions::default());
                        let won = !memo.grundy(&PairSplit, &groups).unwrap().is_zero();
                        assert_eq!(analysis.outcome == Outcome::N, won, "{groups:?}");
                        for change in &analysis.winning_moves {
                            let next = apply(&groups, change);
                            let mut options = Vec::new();
                            PairSplit.options(&groups, &mut options);
                            assert!(options.contains(&next), "{groups:?} {change:?}");
                            assert!(memo.grundy(&PairSplit, &next).unwrap().is_zero());
                        }
                        assert_eq!(!analysis.winning_moves.is_empty(), won, "{groups:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn groups_are_read_with_errors_naming_the_pile() {
        assert_eq!(groups(&[1, 2, 3, 4]), Ok(vec![[1, 2], [3, 4]]));
        assert_eq!(
            groups(&[1, 2, 3]),
            Err(PairSplitError::OddCount { count: 3 })
        );
        assert_eq!(
            groups(&[1, 2, 0, 4]),
            Err(PairSplitError::EmptyPile { pile: 3 })
        );
    }

    #[test]
    fn the_largest_piles() {
        assert_eq!(value([u64::MAX, u64::MAX]).value(), 0);
        assert_eq!(value([1 << 63, 1 << 63]).value(), 63);
        let a = analyze(&[[1 << 63, 1 << 63], [1, 1]], &AnalyzeOptions::default());
        assert_eq!(a.outcome, Outcome::N);
        for change in &a.winning_moves {
            let next = apply(&[[1 << 63, 1 << 63], [1, 1]], change);
            assert!(total(next).is_zero());
        }
    }

    #[test]
    fn explanations_in_both_languages() {
        let options = AnalyzeOptions {
            max_moves: 5,
            explain: true,
        };
        let a = analyze(&[[1, 2], [3, 1]], &options);
        let en: Vec<String> = a.explanation.iter().map(|s| s.text(Lang::En)).collect();
        assert!(en[1].contains("(1, 2): 1 → *1"), "{en:?}");
        assert!(en[2].contains("remove the pile of 1 and split 2"), "{en:?}");
        let lost = analyze(&[[1, 1]], &options);
        let zh: Vec<String> = lost.explanation.iter().map(|s| s.text(Lang::Zh)).collect();
        assert!(zh[2].contains("先手必败"), "{zh:?}");
    }
}
