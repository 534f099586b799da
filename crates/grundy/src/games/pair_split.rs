//! E&D (SDOI 2009, Luogu P2148): non-empty piles stand in groups of two; a move removes one pile
//! of a group and splits the other into two non-empty piles, which form the group again. Who
//! cannot move (every pile of 1) loses. Groups are played independently.
//!
//! Theorem (induction on a + b, checked here against the engine): a group (a, b) is worth the
//! number of trailing ones of (a − 1) | (b − 1), the mex of the values its splits reach. The
//! splits of a pile of s into x + y = s worth t are counted in O(1) and listed in O(1) each: with
//! u = x − 1, v = y − 1 and m = s − 2 = u + v, the value is t exactly when the low t + 1 bits of
//! u and v (call them a and b) have a | b = 2^t − 1 (bit t clear in both), so a + b =
//! (2^t − 1) + (a & b) is m mod 2^(t+1) =: r, which must lie in [2^t − 1, 2^(t+1) − 2]; then
//! a & b = c := r − (2^t − 1), and a is c plus any subset of the other t − popcount(c) low bits,
//! while the high parts of u and v add up to m div 2^(t+1).

use serde::Serialize;

use crate::{Analysis, AnalyzeOptions, Explain, Game, Lang, Move, MoveList, Nimber};

mod playable;

pub use playable::PairSplitPlay;

/// E&D as a [`Game`], for the engine: a position is the list of groups. Each move is listed
/// once: the pile split is the group's first, then its second unless the two are equal (the same
/// moves), and a split of s is into x and s − x with x ≤ s − x (the other order is the same
/// group).
#[derive(Clone, Copy, Debug, Default)]
pub struct PairSplit;

impl Game for PairSplit {
    type Position = Vec<[u64; 2]>;

    fn options(&self, groups: &Vec<[u64; 2]>, out: &mut Vec<Vec<[u64; 2]>>) {
        for (group, &pair) in groups.iter().enumerate() {
            for kept in kept_piles(pair) {
                let s = pair[kept];
                for x in 1..=s / 2 {
                    let mut next = groups.clone();
                    next[group] = [x, s - x];
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

/// The piles of `pair` a move may split: both, or the first alone when they are equal (splitting
/// either gives the same groups).
pub fn kept_piles(pair: [u64; 2]) -> std::ops::Range<usize> {
    0..if pair[0] == pair[1] { 1 } else { 2 }
}

/// The residue class of the splits of s worth `t` (see the module doc): u = x − 1 runs through
/// i · 2^(t+1) + c + S for i = 0..=high and S a subset of `free`.
#[derive(Clone, Copy, Debug)]
struct SplitClass {
    m: u64,
    period: u128,
    c: u64,
    free: u64,
    high: u64,
}

impl SplitClass {
    /// The class of the splits of `s` worth `t`, `None` when there are none.
    fn new(s: u64, t: Nimber) -> Option<SplitClass> {
        let m = s.checked_sub(2)?;
        let t = u32::try_from(t.value()).ok().filter(|&t| t < 64)?;
        let low = (1u64 << t) - 1;
        let period = 1u128 << (t + 1);
        let r = (u128::from(m) % period) as u64;
        let c = r.checked_sub(low).filter(|&c| c <= low)?;
        Some(SplitClass {
            m,
            period,
            c,
            free: low ^ c,
            high: (u128::from(m) / period) as u64,
        })
    }

    /// The ordered pairs (u, v) of the class.
    fn ordered(&self) -> u128 {
        (1u128 << self.free.count_ones()) * (u128::from(self.high) + 1)
    }

    /// u for block `i` and subset `subset`.
    fn u(&self, i: u64, subset: u64) -> u128 {
        u128::from(i) * self.period + u128::from(self.c | subset)
    }
}

/// How many ways split a pile of `s` into two non-empty piles x ≤ y forming a group worth
/// `target`. O(1).
///
/// # Examples
/// ```
/// use grundy::games::pair_split;
/// use grundy::Nimber;
/// // 9 = 1 + 8 = 2 + 7 = 3 + 6 = 4 + 5: (0|7, 1|6, 2|5, 3|4) = (7, 7, 7, 7) are all worth 3.
/// assert_eq!(pair_split::split_count(9, Nimber(3)), 4);
/// assert_eq!(pair_split::split_count(9, Nimber(0)), 0);
/// ```
pub fn split_count(s: u64, target: Nimber) -> u64 {
    let Some(class) = SplitClass::new(s, target) else {
        return 0;
    };
    // The ordered pair u = v is counted once, the others twice.
    let symmetric = class.m.is_multiple_of(2) && value([class.m / 2 + 1; 2]) == target;
    ((class.ordered() + u128::from(symmetric)) / 2) as u64
}

/// The splits [x, y] (x ≤ y, x + y = `s`, both ≥ 1) forming a group worth `target`, by
/// increasing x; each in O(1).
pub fn splits_to(s: u64, target: Nimber) -> impl Iterator<Item = [u64; 2]> {
    let class = SplitClass::new(s, target);
    // The next (block, subset), `None` when done.
    let mut next = class.map(|_| (0u64, 0u64));
    std::iter::from_fn(move || {
        let class = class?;
        let (i, subset) = next?;
        let u = class.u(i, subset);
        if u > u128::from(class.m) - u {
            next = None;
            return None;
        }
        // The next subset of `free` in increasing order, or the next block.
        let following = (subset | !class.free).wrapping_add(1) & class.free;
        next = match following {
            0 if i == class.high => None,
            0 => Some((i + 1, 0)),
            f => Some((i, f)),
        };
        let x = u as u64 + 1;
        Some([x, s - x])
    })
}

/// Pushes every move of group `group` to value `target`: the splits of its first pile, then of
/// its second (unless equal), each by increasing smaller part. Splits beyond the list's room are
/// counted, not built.
pub fn push_moves_to(group: usize, pair: [u64; 2], target: Nimber, moves: &mut MoveList<Regroup>) {
    for kept in kept_piles(pair) {
        let s = pair[kept];
        let total = split_count(s, target);
        let mut built = 0;
        for to in splits_to(s, target).take(moves.room()) {
            moves.push(Regroup {
                group,
                kept,
                from: pair,
                to,
            });
            built += 1;
        }
        moves.count_unlisted(total - built);
    }
}

/// A move: group `group` (0-based) of two piles loses its pile at index `1 - kept` and its pile
/// at index `kept` is split into the two piles `to`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(tag = "kind", rename = "regroup")]
pub struct Regroup {
    /// Index of the group, from 0.
    pub group: usize,
    /// Which pile of the group (0 or 1) is split; the other is removed.
    pub kept: usize,
    /// The two piles before.
    pub from: [u64; 2],
    /// The two piles after.
    pub to: [u64; 2],
}

impl Move for Regroup {
    fn describe(&self, lang: Lang) -> String {
        let Regroup {
            group,
            kept,
            from,
            to: [x, y],
        } = *self;
        let (split, removed) = (from[kept], from[1 - kept]);
        match lang {
            Lang::En => format!(
                "in group {}, remove the pile of {removed} and split {split} into {x} and {y}",
                group + 1
            ),
            Lang::Zh => format!(
                "在第 {} 组拿走 {removed} 个的那堆，把 {split} 个的那堆分成 {x} 和 {y}",
                group + 1
            ),
        }
    }
}

/// The position after `change`.
pub fn apply(groups: &[[u64; 2]], &Regroup { group, to, .. }: &Regroup) -> Vec<[u64; 2]> {
    let mut next = groups.to_vec();
    next[group] = to;
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
        change: Regroup,
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

/// Analyses an E&D position: outcome, value, every winning move (group by group as
/// [`push_moves_to`] lists them; at most `max_moves` listed, all counted, the count saturating at
/// 2^64 − 1) and, if asked, the explanation.
///
/// # Examples
/// ```
/// use grundy::games::pair_split;
/// use grundy::{AnalyzeOptions, Outcome};
/// use grundy::games::pair_split::Regroup;
/// let a = pair_split::analyze(&[[1, 2], [3, 1]], &AnalyzeOptions::default());
/// assert_eq!(a.outcome, Outcome::N);
/// // (1, 2) is worth 1 and (3, 1) 0: take the first to 0, or raise the second to 1.
/// assert_eq!(
///     a.winning_moves,
///     vec![
///         Regroup { group: 0, kept: 1, from: [1, 2], to: [1, 1] },
///         Regroup { group: 1, kept: 0, from: [3, 1], to: [1, 2] },
///     ]
/// );
/// ```
pub fn analyze(groups: &[[u64; 2]], options: &AnalyzeOptions) -> Analysis<PairSplitStep, Regroup> {
    let x = total(groups.iter().copied());
    let mut moves = MoveList::new(options.max_moves);
    let mut first_target = Nimber(0);
    if !x.is_zero() {
        for (group, &pair) in groups.iter().enumerate() {
            let target = value(pair) + x;
            let before = moves.count();
            push_moves_to(group, pair, target, &mut moves);
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
                change: *change,
                target: first_target,
            },
            None => PairSplitStep::Lost,
        });
        steps
    } else {
        Vec::new()
    };
    moves.into_analysis(x, explanation)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Convention;
    use crate::Outcome;
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
    fn split_counts_and_lists_match_brute_force() {
        for s in 1..700u64 {
            let mut by_target: std::collections::BTreeMap<u64, Vec<[u64; 2]>> = Default::default();
            for x in 1..=s / 2 {
                by_target
                    .entry(value([x, s - x]).value())
                    .or_default()
                    .push([x, s - x]);
            }
            for t in 0..14 {
                let splits = by_target.get(&t).cloned().unwrap_or_default();
                assert_eq!(split_count(s, Nimber(t)), splits.len() as u64, "{s} -> {t}");
                assert_eq!(
                    splits_to(s, Nimber(t)).collect::<Vec<_>>(),
                    splits,
                    "{s} -> {t}"
                );
                // The values a split reaches, as the module doc says.
                let r = (s.wrapping_sub(2)) % (1 << (t + 1));
                let by_rule = s >= 2 && r + 1 >= 1 << t && r + 2 <= 1 << (t + 1);
                assert_eq!(by_rule, !splits.is_empty(), "{s} -> {t}");
            }
        }
    }

    #[test]
    fn huge_piles_split_exactly() {
        for s in [
            1_000_000_000,
            2_000_000_000,
            1 << 40,
            u64::MAX - 1,
            u64::MAX,
        ] {
            // Every split is worth some t ≤ 63: the counts add up to the s div 2 splits.
            let counts: Vec<u64> = (0..70).map(|t| split_count(s, Nimber(t))).collect();
            assert_eq!(counts.iter().sum::<u64>(), s / 2, "{s}");
            for (t, &count) in counts.iter().enumerate() {
                let first: Vec<[u64; 2]> = splits_to(s, Nimber(t as u64)).take(40).collect();
                assert_eq!(first.len() as u64, count.min(40), "{s} -> {t}");
                assert!(first.windows(2).all(|w| w[0][0] < w[1][0]), "{s} -> {t}");
                for &[x, y] in &first {
                    assert!(x <= y && x + y == s, "{s} -> {t}: {x} {y}");
                    assert_eq!(value([x, y]).value(), t as u64, "{s}: {x} {y}");
                }
            }
        }
    }

    #[test]
    fn every_winning_move_is_listed_as_the_engine_finds_them() {
        let mut memo = Memo::with_components();
        let all = AnalyzeOptions {
            max_moves: usize::MAX,
            explain: false,
        };
        let sizes = 1..10;
        for a in sizes.clone() {
            for b in sizes.clone() {
                for c in sizes.clone() {
                    for d in sizes.clone() {
                        let groups = vec![[a, b], [c, d]];
                        let analysis = analyze(&groups, &all);
                        let mut listed: Vec<Vec<[u64; 2]>> = analysis
                            .winning_moves
                            .iter()
                            .map(|change| apply(&groups, change))
                            .collect();
                        let mut engine = memo
                            .winning_moves(&PairSplit, &groups, Convention::Normal)
                            .unwrap();
                        assert_eq!(analysis.winning_move_count, engine.len() as u64);
                        listed.sort_unstable();
                        engine.sort_unstable();
                        assert_eq!(listed, engine, "{groups:?}");
                        assert_eq!(analysis.outcome == Outcome::N, !engine.is_empty());
                        // A shorter list keeps the first moves and the count.
                        let two = analyze(
                            &groups,
                            &AnalyzeOptions {
                                max_moves: 2,
                                explain: false,
                            },
                        );
                        assert_eq!(two.winning_move_count, analysis.winning_move_count);
                        assert!(analysis.winning_moves.starts_with(&two.winning_moves));
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
        // The group goes to 0: x − 1 and y − 1 both even, x + y = 2^63; 2^61 such splits.
        assert_eq!(a.winning_moves.len(), AnalyzeOptions::DEFAULT_MAX_MOVES);
        assert_eq!(a.winning_move_count, 1 << 61);
        assert_eq!(
            a.winning_moves[1],
            Regroup {
                group: 0,
                kept: 0,
                from: [1 << 63, 1 << 63],
                to: [3, (1 << 63) - 3]
            }
        );
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
