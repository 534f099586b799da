//! Nim with a shrinking cap (2026 ICPC Nanchang): the first move takes 1 to k stones from one pile;
//! every later move takes at least one stone and at most what the previous move took. A position
//! is the piles and the current cap k; a move that takes r leaves the cap r.
//!
//! Theorem: with x the XOR of the piles, the player to move wins iff x ≠ 0 and lowbit(x) ≤ k.
//! Halving argument: with cap 1 only the parity of the total (bit 0 of x) counts. If bit 0 of x is
//! 0, whoever first takes an odd number loses (the other takes one stone of an odd pile, leaving
//! an even total and cap 1), so both take even numbers: the game on ⌊a/2⌋ with cap ⌊k/2⌋. After
//! l halvings, l the lowest set bit of x, the XOR is odd and the cap is ⌊k/2^l⌋, which is at least
//! 1 exactly when lowbit(x) ≤ k.
//!
//! The winning moves, directly: taking r from a pile a changes x by a ⊕ (a − r), whose lowest set
//! bit is lowbit(r); the move wins iff the new XOR x' is 0 or lowbit(x') > r (the opponent, capped
//! at r, is then lost). With y = x ⊕ a the other piles' XOR and D = a − y (mod 2^64), that is
//! r = D, or r = D mod 2^j for a set bit j of D above its lowest, as long as r ≤ min(a, k): at most
//! 64 per pile, in increasing order, so all of them are listed without trying every r.
//!
//! This game is not a sum of independent games, and this module has no closed form for its Grundy
//! values: [`analyze`] gives the outcome only, and the engine checks it on whole positions.

use serde::Serialize;

use crate::EXPLAINED_PILES;
use crate::MoveList;
use crate::{Analysis, AnalyzeOptions, Explain, Game, Lang, Move, Outcome, PileMove};

mod playable;

pub use playable::CapPlay;

/// A position: the piles and the most the next move may take.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub struct CappedPiles {
    /// The piles.
    pub piles: Vec<u64>,
    /// The cap: the next move takes at least 1 and at most `k` stones (`u64::MAX`: no cap,
    /// `null` in JSON).
    #[serde(serialize_with = "serialize_cap")]
    pub k: u64,
}

fn serialize_cap<S: serde::Serializer>(k: &u64, serializer: S) -> Result<S::Ok, S::Error> {
    Cap(*k).serialize(serializer)
}

/// Nim with a shrinking cap as a [`Game`], for the engine.
#[derive(Clone, Copy, Debug, Default)]
pub struct ShrinkingCap;

impl Game for ShrinkingCap {
    type Position = CappedPiles;

    fn options(&self, position: &CappedPiles, out: &mut Vec<CappedPiles>) {
        for (i, &a) in position.piles.iter().enumerate() {
            for r in 1..=a.min(position.k) {
                let mut piles = position.piles.clone();
                piles[i] -= r;
                out.push(CappedPiles { piles, k: r });
            }
        }
    }
}

/// The lowest set bit of a non-zero value, as a value (lowbit(12) = 4).
fn lowbit(x: u64) -> u64 {
    x & x.wrapping_neg()
}

/// The closed form: the player to move wins iff x ≠ 0 and lowbit(x) ≤ k.
pub fn outcome(piles: &[u64], k: u64) -> Outcome {
    outcome_of_xor(piles.iter().fold(0, |x, p| x ^ p), k)
}

fn outcome_of_xor(x: u64, k: u64) -> Outcome {
    if x != 0 && lowbit(x) <= k {
        Outcome::N
    } else {
        Outcome::P
    }
}

/// Whether a move is legal: a [`PileMove::Take`] of 1 to `k` stones of one pile.
pub fn is_legal(piles: &[u64], k: u64, change: &PileMove) -> bool {
    match *change {
        PileMove::Take { pile, from, to } => {
            piles.get(pile) == Some(&from) && to < from && from - to <= k
        }
        _ => false,
    }
}

/// The position after `change`: the pile shrinks and the cap becomes what was taken.
///
/// # Panics
/// If `change` is not a [`PileMove::Take`] of a pile of `piles` (check with [`is_legal`]).
pub fn apply(piles: &[u64], change: &PileMove) -> CappedPiles {
    match *change {
        PileMove::Take { pile, from, to } if piles.get(pile) == Some(&from) && to < from => {
            let mut next = piles.to_vec();
            next[pile] = to;
            CappedPiles {
                piles: next,
                k: from - to,
            }
        }
        ref other => panic!("not a move of these piles: {other:?}"),
    }
}

/// The winning amounts r for a pile `a` when the others XOR to `y`, at most `a` and `cap`, increasing.
///
/// The candidates are D and D mod 2^j for the set bits j of D = a − y (mod 2^64): taking r leaves
/// a − r ≡ y below bit j and different at bit j, so the new XOR has lowest bit 2^j > r (or is 0 for
/// r = D); every other r leaves a lowest bit at most r. They increase with j and end with D.
fn winning_amounts(a: u64, y: u64, cap: u64) -> impl Iterator<Item = u64> {
    let d = a.wrapping_sub(y);
    let limit = a.min(cap);
    // The lowest set bit of d gives d mod 2^j = 0, not a move: start above it.
    let mut bits = d & d.wrapping_sub(1);
    let mut last = d != 0;
    std::iter::from_fn(move || {
        let r = if bits != 0 {
            let j = bits.trailing_zeros();
            bits &= bits - 1;
            d & ((1u64 << j) - 1)
        } else if last {
            last = false;
            d
        } else {
            return None;
        };
        // Increasing: the first one above the limit ends the list.
        (r <= limit).then_some(r)
    })
}

/// Analyses piles under cap `k`: outcome (no Grundy value), every winning move and, if asked, the
/// explanation.
///
/// Winning moves are in lexicographic order of (pile, stones taken): the smallest first. A pile
/// can have several (up to 64). Cost: one pass for the XOR and, for an N-position, one pass that
/// walks the set bits of one number per pile; no allocation per pile.
///
/// # Examples
/// ```
/// use grundy::games::nonincreasing;
/// use grundy::{PileMove, Outcome};
/// // XOR 12, lowest bit 4: with cap 3 the player to move loses, with cap 4 wins.
/// assert_eq!(nonincreasing::outcome(&[12], 3), Outcome::P);
/// let a = nonincreasing::analyze(&[12], 12, &Default::default());
/// // Take 4 (leaving 8, and the opponent may take at most 4) or take all 12.
/// assert_eq!(a.winning_moves, vec![
///     PileMove::Take { pile: 0, from: 12, to: 8 },
///     PileMove::Take { pile: 0, from: 12, to: 0 },
/// ]);
/// ```
pub fn analyze(piles: &[u64], k: u64, options: &AnalyzeOptions) -> Analysis<CapStep, PileMove> {
    let x = piles.iter().fold(0, |x, p| x ^ p);
    let outcome = outcome_of_xor(x, k);
    let mut moves = MoveList::new(options.max_moves);
    let mut first = None;
    if outcome == Outcome::N {
        for (pile, &a) in piles.iter().enumerate() {
            for r in winning_amounts(a, x ^ a, k) {
                let change = PileMove::Take {
                    pile,
                    from: a,
                    to: a - r,
                };
                first = first.or_else(|| Some(change.clone()));
                moves.push(change);
            }
        }
    }
    let explanation = if options.explain {
        explain(piles, k, x, first.as_ref())
    } else {
        Vec::new()
    };
    moves.into_outcome(outcome, explanation)
}

/// The cap k in an explanation step: `u64::MAX` is no cap at all, written `∞` in text and
/// `null` in JSON (a number that large is not exact in JavaScript).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cap(pub u64);

impl Serialize for Cap {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self.0 {
            u64::MAX => serializer.serialize_none(),
            k => serializer.serialize_u64(k),
        }
    }
}

impl std::fmt::Display for Cap {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.0 {
            u64::MAX => f.write_str("∞"),
            k => write!(f, "{k}"),
        }
    }
}

/// One step of the explanation of Nim with a shrinking cap.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "step", rename_all = "snake_case")]
#[non_exhaustive]
pub enum CapStep {
    /// The piles in binary and their XOR.
    Xor {
        /// The first piles.
        piles: Vec<u64>,
        /// Piles not shown.
        omitted: usize,
        /// Their XOR x.
        total: u64,
        /// Binary digits used.
        width: u32,
    },
    /// The halving argument and the comparison of lowbit(x) with the cap.
    Halving {
        /// x.
        total: u64,
        /// lowbit(x), or 0 when x = 0.
        low: u64,
        /// The cap k.
        cap: Cap,
    },
    /// The winning move and why it leaves the opponent lost.
    Move {
        /// The pile (0-based).
        pile: usize,
        /// Its size before.
        before: u64,
        /// Its size after.
        after: u64,
        /// The XOR after the move.
        total_after: u64,
    },
    /// For a lost position: every move leaves the opponent in the winning case.
    EveryMoveLoses {
        /// The cap k.
        cap: Cap,
    },
    /// An example: the opponent's move and the reply.
    Reply {
        /// The opponent's move.
        opponent: PileMove,
        /// The reply that leaves the opponent lost.
        reply: PileMove,
    },
    /// No move is possible (no stones, or a cap of 0).
    NoMove,
}

fn explain(piles: &[u64], k: u64, x: u64, first: Option<&PileMove>) -> Vec<CapStep> {
    let shown = &piles[..piles.len().min(EXPLAINED_PILES)];
    let width = 64
        - shown
            .iter()
            .fold(x, |m, &p| m.max(p))
            .max(1)
            .leading_zeros();
    let mut steps = vec![
        CapStep::Xor {
            piles: shown.to_vec(),
            omitted: piles.len() - shown.len(),
            total: x,
            width,
        },
        CapStep::Halving {
            total: x,
            low: lowbit(x),
            cap: Cap(k),
        },
    ];
    if let Some(&PileMove::Take { pile, from, to }) = first {
        steps.push(CapStep::Move {
            pile,
            before: from,
            after: to,
            total_after: x ^ from ^ to,
        });
        return steps;
    }
    let Some((pile, &from)) = piles.iter().enumerate().find(|&(_, &a)| a > 0) else {
        steps.push(CapStep::NoMove);
        return steps;
    };
    if k == 0 {
        steps.push(CapStep::NoMove);
        return steps;
    }
    let opponent = PileMove::Take {
        pile,
        from,
        to: from - 1,
    };
    let after = apply(piles, &opponent);
    let reply = analyze(
        &after.piles,
        after.k,
        &AnalyzeOptions {
            max_moves: 1,
            explain: false,
        },
    )
    .winning_moves
    .into_iter()
    .next()
    .expect("every move from a lost position leaves a won one");
    steps.push(CapStep::EveryMoveLoses { cap: Cap(k) });
    steps.push(CapStep::Reply { opponent, reply });
    steps
}

impl Explain for CapStep {
    fn text(&self, lang: Lang) -> String {
        match self {
            CapStep::Xor { piles, omitted, total, width } => {
                let w = *width as usize;
                let mut lines = vec![lang.pick(
                    "Write the piles in binary and XOR them:".to_string(),
                    "把每堆写成二进制，求异或和：".to_string(),
                )];
                for (i, p) in piles.iter().enumerate() {
                    lines.push(lang.pick(
                        format!("  pile {:>2}: {p:0w$b} ({p})", i + 1),
                        format!("  第 {:>2} 堆：{p:0w$b}（{p}）", i + 1),
                    ));
                }
                if *omitted > 0 {
                    lines.push(lang.pick(
                        format!("  ... and {omitted} more piles"),
                        format!("  …… 另有 {omitted} 堆"),
                    ));
                }
                lines.push(lang.pick(
                    format!("  XOR x  : {total:0w$b} ({total})"),
                    format!("  异或和 x：{total:0w$b}（{total}）"),
                ));
                lines.join("\n")
            }
            CapStep::Halving { total, low, cap } => {
                let (en, zh) = if *total == 0 {
                    (
                        "Here x = 0: every halving leaves an even XOR until the stones or the cap run out, so the player to move loses.".to_string(),
                        "这里 x = 0：每次减半后异或和仍是偶数，直到石子或上限耗尽，所以先手必败。".to_string(),
                    )
                } else {
                    let bit = low.trailing_zeros();
                    let wins = *low <= cap.0;
                    (
                        format!(
                            "Here the lowest set bit of x = {total} is bit {bit}, lowbit(x) = {low}, and k = {cap}: {low} {} {cap}, so the player to move {}.",
                            if wins { "≤" } else { ">" },
                            if wins { "wins" } else { "loses" }
                        ),
                        format!(
                            "这里 x = {total} 的最低位 1 是第 {bit} 位，lowbit(x) = {low}，k = {cap}：{low} {} {cap}，所以先手{}。",
                            if wins { "≤" } else { ">" },
                            if wins { "必胜" } else { "必败" }
                        ),
                    )
                };
                lang.pick(
                    format!(
                        "Why the lowest set bit decides (halving). With cap 1 every move takes one stone, so only the parity of the total counts, which is bit 0 of x. If bit 0 of x is 1 (and k ≥ 1), take one stone from an odd pile: the opponent gets an even total and cap 1, and loses. If bit 0 of x is 0, whoever first takes an odd number loses, since the other then takes one stone from an odd pile. So both take even numbers only, which is the same game on the halved piles ⌊a/2⌋ with cap ⌊k/2⌋. Halving l times, l the lowest set bit of x, makes the XOR odd with cap ⌊k/2^l⌋, which is at least 1 exactly when k ≥ 2^l = lowbit(x). {en}"
                    ),
                    format!(
                        "为什么由最低位 1 决定（减半论证）。上限为 1 时每步只能取一个，只有石子总数的奇偶起作用，也就是 x 的第 0 位。若 x 的第 0 位是 1（且 k ≥ 1），从某个奇数堆取一个：对手面对偶数个石子、上限 1，必败。若 x 的第 0 位是 0，谁先取奇数个谁输，因为对方接着从某个奇数堆取一个即可。于是双方都只取偶数个，这等价于把每堆减半成 ⌊a/2⌋、上限减半成 ⌊k/2⌋ 的同一个游戏。减半 l 次（l 是 x 的最低位 1 的位置）后异或和变成奇数，上限为 ⌊k/2^l⌋，它至少为 1 当且仅当 k ≥ 2^l = lowbit(x)。{zh}"
                    ),
                )
            }
            CapStep::Move { pile, before, after, total_after } => {
                let taken = before - after;
                let why = match (total_after, lang) {
                    (0, Lang::En) => "the XOR becomes 0".to_string(),
                    (0, Lang::Zh) => "异或和变为 0".to_string(),
                    (x, Lang::En) => format!(
                        "the XOR becomes {x}, whose lowest set bit {} is above {taken}",
                        lowbit(*x)
                    ),
                    (x, Lang::Zh) => format!(
                        "异或和变为 {x}，其最低位 1 为 {}，大于 {taken}",
                        lowbit(*x)
                    ),
                };
                lang.pick(
                    format!(
                        "Take {taken} from pile {} ({before} -> {after}): {why}, and the opponent may take at most {taken}. That is a lost position for the opponent.",
                        pile + 1
                    ),
                    format!(
                        "从第 {} 堆取走 {taken} 个（{before} → {after}）：{why}，而对手最多只能取 {taken} 个。这是对手的必败态。",
                        pile + 1
                    ),
                )
            }
            CapStep::EveryMoveLoses { cap } => lang.pick(
                format!(
                    "Any move takes some r with 1 ≤ r ≤ {cap} from a pile a. Then a − r differs from a at bit lowbit(r) and only above it, so the new XOR has lowest set bit lowbit(r) ≤ r (before, x was 0 or had its lowest bit above the cap): the opponent, capped at r, is in the winning case."
                ),
                format!(
                    "任何一步都从某堆 a 中取走 r 个（1 ≤ r ≤ {cap}）。a − r 与 a 只在 lowbit(r) 这一位及更高位上不同，且这一位必定改变，所以新的异或和的最低位 1 恰好是 lowbit(r) ≤ r（原来 x 为 0 或其最低位 1 高于上限）：上限为 r 的对手处于必胜情形。"
                ),
            ),
            CapStep::Reply { opponent, reply } => lang.pick(
                format!(
                    "For example, if the opponent plays \"{}\", reply \"{}\".",
                    opponent.describe(Lang::En),
                    reply.describe(Lang::En)
                ),
                format!(
                    "例如对手“{}”，就回应“{}”。",
                    opponent.describe(Lang::Zh),
                    reply.describe(Lang::Zh)
                ),
            ),
            CapStep::NoMove => lang.pick(
                "No move is possible: the player to move loses.".to_string(),
                "无法行动：先手必败。".to_string(),
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::testing::all_lists;

    /// The closed form against the engine: `registry::tests`.
    #[test]
    fn winning_moves_are_listed_by_pile_then_amount_under_every_cap() {
        let options = AnalyzeOptions {
            max_moves: usize::MAX,
            explain: false,
        };
        for piles in all_lists(3, 16) {
            let largest = piles.iter().copied().max().unwrap_or(0);
            for k in 0..=largest + 1 {
                let a = analyze(&piles, k, &options);
                assert!(
                    a.winning_moves.windows(2).all(|w| match (&w[0], &w[1]) {
                        (
                            PileMove::Take { pile: p, to: t, .. },
                            PileMove::Take { pile: q, to: u, .. },
                        ) => (p, u) < (q, t),
                        _ => false,
                    }),
                    "{piles:?} k = {k}: not in (pile, taken) order"
                );
            }
        }
    }

    #[test]
    fn winning_amounts_reach_the_top_of_u64() {
        // One pile of 2^64 − 1 = odd: lowbit 1. Taking r wins iff a − r is 0 or has lowbit > r.
        let a = u64::MAX;
        let amounts: Vec<u64> = winning_amounts(a, 0, u64::MAX).collect();
        for &r in &amounts {
            let left = a - r;
            assert!(left == 0 || lowbit(left) > r, "{r}");
        }
        // a − r = 2^j·(2^(64−j) − 1): r = 2^j − 1 for j = 1..=63, and r = a.
        assert_eq!(amounts.len(), 64);
        assert_eq!(amounts.last(), Some(&u64::MAX));
    }

    #[test]
    fn explanations_in_both_languages() {
        let options = AnalyzeOptions {
            max_moves: 5,
            explain: true,
        };
        let won = analyze(&[3, 4, 5], 2, &options);
        let en: Vec<String> = won.explanation.iter().map(|s| s.text(Lang::En)).collect();
        assert!(en[0].contains("XOR x  : 010 (2)"), "{en:?}");
        assert!(en[1].contains("lowbit(x) = 2, and k = 2"), "{en:?}");
        assert!(en[2].starts_with("Take 2 from pile 1"), "{en:?}");
        let lost = analyze(&[3, 4, 5], 1, &options);
        assert_eq!(lost.outcome, Outcome::P);
        let zh: Vec<String> = lost.explanation.iter().map(|s| s.text(Lang::Zh)).collect();
        assert!(zh[1].contains("先手必败"), "{zh:?}");
        assert!(
            lost.explanation
                .iter()
                .any(|s| matches!(s, CapStep::Reply { .. }))
        );
    }
}
