//! Lasker's Nim: a move takes stones from one heap, or splits one heap into two non-empty heaps.
//!
//! Theorem (by induction on n, checked here against the engine): a heap of n is worth g(n), with
//! g(0) = 0, g(4m+1) = 4m+1, g(4m+2) = 4m+2, g(4m+3) = 4m+4, g(4m+4) = 4m+3. So g swaps 4m+3 and
//! 4m+4 and is its own inverse. A position is a sum of heaps ([`crate::games::heaps`]); HDU 3032
//! ("Nim or not Nim?") is this game.
//!
//! Winning moves of a heap n that must reach value t (t = g(n) ⊕ X, above or below g(n)):
//! - the take to m = g(t), if m < n;
//! - every split n = x + y (x ≤ y) with g(x) ⊕ g(y) = t. With u = g(x), v = g(y) the conditions
//!   are u ⊕ v = t and u + v = n − δ(u) − δ(v), where δ is +1, −1 or 0 by u mod 4 (3, 0, or 1–2).
//!   Fixing u mod 4 fixes δ, hence u + v = S, so u ∧ v = (S − t)/2 = c must be disjoint from t
//!   and u = c | w for a submask w of t: the splits are counted with a popcount (exactly, even
//!   when there are 2^60 of them), and listed by increasing x by merging four submask walks.
//!   Cost: O(1) to count, O(1) per split listed.

use crate::games::heaps::{self, HeapComponent, HeapRule, HeapStep, Unvalued, ValueReason};
use crate::{Analysis, AnalyzeOptions, Game, MoveList, Nimber, PileMove};

mod playable;

pub use playable::LaskerPlay;

/// The largest heap: 2^64 − 1 would be worth 2^64, which does not fit in a value.
pub const MAX_PILE: u64 = u64::MAX - 1;

/// Lasker's Nim as a [`Game`], for the engine: a position is the list of heaps.
#[derive(Clone, Copy, Debug, Default)]
pub struct Lasker;

impl Game for Lasker {
    type Position = Vec<u64>;

    fn options(&self, piles: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
        for (i, &n) in piles.iter().enumerate() {
            for to in 0..n {
                out.push(apply(
                    piles,
                    &PileMove::Take {
                        pile: i,
                        from: n,
                        to,
                    },
                ));
            }
            for x in 1..=n / 2 {
                let split = PileMove::Split {
                    pile: i,
                    from: n,
                    into: [x, n - x],
                };
                out.push(apply(piles, &split));
            }
        }
    }

    fn components(&self, piles: &Vec<u64>, parts: &mut Vec<Vec<u64>>) -> bool {
        crate::engine::one_heap_each(piles, parts)
    }
}

/// The value of a heap of n.
///
/// # Panics
/// If n is 2^64 − 1 (its value 2^64 does not fit); [`analyze`] refuses such a heap first.
pub fn value(n: u64) -> Nimber {
    Nimber(match n % 4 {
        _ if n == 0 => 0,
        0 => n - 1,
        3 => n + 1,
        _ => n,
    })
}

/// The heap of value `v`, if it fits (g is its own inverse).
fn heap_of_value(v: u64) -> Option<u64> {
    match v % 4 {
        _ if v == 0 => Some(0),
        0 => Some(v - 1),
        3 => v.checked_add(1),
        _ => Some(v),
    }
}

/// A heap larger than [`MAX_PILE`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "pile {pile} ({stones}) is too large for Lasker's Nim: its value 2^64 does not fit; piles go up to 2^64 - 2"
)]
pub struct PileTooLarge {
    /// The pile, numbered from 1.
    pub pile: usize,
    /// Its stones.
    pub stones: u64,
}

/// The position after `change` (a take, or a split whose second part is inserted after the first).
pub fn apply(piles: &[u64], change: &PileMove) -> Vec<u64> {
    let mut next = piles.to_vec();
    match *change {
        PileMove::Take { pile, to, .. } => next[pile] = to,
        PileMove::Split {
            pile, into: [x, y], ..
        } => {
            next[pile] = x;
            next.insert(pile + 1, y);
        }
        _ => {}
    }
    next
}

/// One walk over the splits of one residue class of u = g(x) (see the module doc).
#[derive(Clone, Copy, Debug)]
struct ClassWalk {
    /// u ∧ v.
    common: u64,
    /// The low two bits of the submask w.
    low: u64,
    /// t without its low two bits: w's high bits range over its submasks.
    high_mask: u64,
    /// δ(u) for this class: x = u + δ.
    delta: i8,
    /// The next high part of w, or `None` when the walk is over.
    next: Option<u64>,
}

fn delta(class: u64) -> i8 {
    match class {
        0 => -1,
        3 => 1,
        _ => 0,
    }
}

/// The four class walks for splitting n into parts whose values XOR to t.
fn class_walks(n: u64, t: u64) -> impl Iterator<Item = ClassWalk> {
    (0..4u64).filter_map(move |a| {
        let b = a ^ (t & 3);
        let sum = i128::from(n) - i128::from(delta(a)) - i128::from(delta(b));
        let twice_common = sum - i128::from(t);
        if twice_common < 0 || twice_common % 2 != 0 {
            return None;
        }
        let common = u64::try_from(twice_common / 2).ok()?;
        let low = a & !common & 3;
        // u ∧ v must avoid t; u's low bits are a = (common | w) & 3 with w ⊆ t.
        if common & t != 0 || common & 3 & !a != 0 || low & !t != 0 {
            return None;
        }
        Some(ClassWalk {
            common,
            low,
            high_mask: t & !3,
            delta: delta(a),
            next: Some(0),
        })
    })
}

impl ClassWalk {
    /// u and v for the submask whose high part is `high`, or `None` if a part would be empty.
    fn parts(&self, high: u64, t: u64) -> Option<(u64, u64)> {
        let w = self.low | high;
        let (u, v) = (self.common | w, self.common | (t ^ w));
        (u != 0 && v != 0).then_some((u, v))
    }

    /// Moves to the next submask.
    fn advance(&mut self) {
        if let Some(high) = self.next {
            let following = high.wrapping_sub(self.high_mask) & self.high_mask;
            self.next = (following != 0).then_some(following);
        }
    }

    /// Skips the submasks that would leave a part empty (at most two).
    fn settle(&mut self, t: u64) {
        while let Some(high) = self.next {
            if self.parts(high, t).is_some() {
                break;
            }
            self.advance();
        }
    }

    /// How many ordered splits the class holds.
    fn count(&self, t: u64) -> u128 {
        let all = 1u128 << self.high_mask.count_ones();
        let mut empty = [0, self.high_mask]
            .into_iter()
            .filter(|&h| self.parts(h, t).is_none())
            .collect::<Vec<_>>();
        empty.dedup();
        all - empty.len() as u128
    }

    /// The smaller part x = g(u) of the current split.
    fn x(&self, u: u64) -> u64 {
        (i128::from(u) + i128::from(self.delta)) as u64
    }
}

/// How many ways split a heap of n into two non-empty heaps whose values XOR to `target`
/// (unordered: x + y = n, x ≤ y). O(1).
///
/// # Examples
/// ```
/// use grundy::games::lasker;
/// use grundy::Nimber;
/// // 7 = 1 + 6 = 2 + 5 = 3 + 4: values 1^6 = 7, 2^5 = 7, 4^3 = 7.
/// assert_eq!(lasker::split_count(7, Nimber(7)), 3);
/// ```
pub fn split_count(n: u64, target: Nimber) -> u64 {
    let t = target.value();
    let ordered: u128 = class_walks(n, t).map(|c| c.count(t)).sum();
    // An ordered pair with x = y needs g(x) ^ g(x) = 0 = t; it is counted once, the others twice.
    let symmetric = u128::from(t == 0 && n.is_multiple_of(2) && n >= 2);
    ((ordered + symmetric) / 2) as u64
}

/// The splits [x, y] (x ≤ y, x + y = n, both ≥ 1) whose values XOR to `target`, by increasing x.
pub fn splits_to(n: u64, target: Nimber) -> impl Iterator<Item = [u64; 2]> {
    let t = target.value();
    let mut walks: Vec<ClassWalk> = class_walks(n, t).collect();
    walks.iter_mut().for_each(|w| w.settle(t));
    std::iter::from_fn(move || {
        loop {
            // The walk whose next split has the smallest x (each walk's x increases).
            let (i, x) = walks
                .iter()
                .enumerate()
                .filter_map(|(i, w)| Some((i, w.x(w.common | w.low | w.next?))))
                .min_by_key(|&(_, x)| x)?;
            let walk = &mut walks[i];
            if x > n - x {
                // Past the middle: every later split of this walk has x > y too.
                walk.next = None;
                continue;
            }
            walk.advance();
            walk.settle(t);
            return Some([x, n - x]);
        }
    })
}

/// Pushes every move of heap `pile` (n stones) to value `target`: the take first, then the splits
/// by increasing smaller part. Splits beyond the list's room are counted, not built.
pub fn push_moves_to(pile: usize, n: u64, target: Nimber, moves: &mut MoveList<PileMove>) {
    if let Some(m) = heap_of_value(target.value()).filter(|&m| m < n) {
        moves.push(PileMove::Take {
            pile,
            from: n,
            to: m,
        });
    }
    let total = split_count(n, target);
    if total == 0 {
        return;
    }
    let mut built = 0;
    let room = moves.room();
    for into in splits_to(n, target).take(room) {
        moves.push(PileMove::Split {
            pile,
            from: n,
            into,
        });
        built += 1;
    }
    moves.count_unlisted(total - built);
}

/// Why a heap of n is worth g(n).
pub fn reason(n: u64) -> ValueReason {
    match n {
        0 => ValueReason::Lasker { block: 0, rest: 0 },
        _ => ValueReason::Lasker {
            block: (n - 1) / 4,
            rest: (n - 1) % 4 + 1,
        },
    }
}

struct LaskerHeaps;

impl HeapRule for LaskerHeaps {
    fn value(&self, _pile: usize, n: u64) -> Nimber {
        value(n)
    }

    fn reason(&self, _pile: usize, n: u64) -> ValueReason {
        reason(n)
    }

    fn moves_to(&self, pile: usize, n: u64, target: Nimber, moves: &mut MoveList<PileMove>) {
        push_moves_to(pile, n, target, moves);
    }
}

/// A heap of Lasker's Nim in a sum of rulesets (`lasker` in `grundy sum`): worth g(n), heaps up
/// to [`MAX_PILE`].
impl HeapComponent for Lasker {
    fn name(&self) -> String {
        "lasker".to_string()
    }

    /// # Errors
    /// [`Unvalued`] for a heap above [`MAX_PILE`].
    fn prepare(&mut self, piles: &[u64], _limit: usize) -> Result<(), Unvalued> {
        match piles.iter().find(|&&n| n > MAX_PILE) {
            Some(&stones) => Err(Unvalued(format!(
                "pile {stones} is too large for Lasker's Nim (its value 2^64 does not fit)"
            ))),
            None => Ok(()),
        }
    }

    fn intro(&self) -> HeapStep {
        HeapStep::LaskerValues
    }

    fn value(&self, n: u64) -> Nimber {
        value(n)
    }

    fn reason(&self, n: u64) -> ValueReason {
        reason(n)
    }

    fn moves_to(&self, pile: usize, n: u64, target: Nimber, moves: &mut MoveList<PileMove>) {
        push_moves_to(pile, n, target, moves);
    }

    /// The takes, the whole heap first, then the splits by increasing smaller part.
    fn each_move(&self, pile: usize, n: u64, visit: &mut dyn FnMut(PileMove)) {
        (0..n).for_each(|to| visit(PileMove::Take { pile, from: n, to }));
        for a in 1..=n / 2 {
            visit(PileMove::Split {
                pile,
                from: n,
                into: [a, n - a],
            });
        }
    }
}

/// Analyses a position of Lasker's Nim: outcome, value, every winning move (pile by pile; in a
/// pile the take, then the splits by increasing smaller part; at most `max_moves` listed, all
/// counted, the count saturating at 2^64 − 1) and, if asked, the explanation.
///
/// # Errors
/// [`PileTooLarge`] for a heap of 2^64 − 1.
///
/// # Examples
/// ```
/// use grundy::games::lasker;
/// use grundy::{AnalyzeOptions, Outcome};
/// // HDU 3032's samples: 2 2 3 is won by the first player, 3 3 is lost.
/// let won = lasker::analyze(&[2, 2, 3], &AnalyzeOptions::default()).unwrap();
/// assert_eq!(won.outcome, Outcome::N);
/// assert_eq!(lasker::analyze(&[3, 3], &AnalyzeOptions::default()).unwrap().outcome, Outcome::P);
/// ```
pub fn analyze(
    piles: &[u64],
    options: &AnalyzeOptions,
) -> Result<Analysis<HeapStep, PileMove>, PileTooLarge> {
    if let Some(i) = piles.iter().position(|&n| n > MAX_PILE) {
        return Err(PileTooLarge {
            pile: i + 1,
            stones: piles[i],
        });
    }
    Ok(heaps::analyze(
        &LaskerHeaps,
        piles,
        vec![HeapStep::LaskerValues],
        options,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Memo;

    use crate::{Explain, Lang};

    #[test]
    fn the_value_formula_matches_the_engine() {
        let mut memo = Memo::with_components();
        for n in 0..400 {
            assert_eq!(
                memo.grundy(&Lasker, &vec![n]).unwrap(),
                value(n),
                "heap {n}"
            );
            assert_eq!(heap_of_value(value(n).value()), Some(n));
        }
    }

    #[test]
    fn split_counts_and_lists_match_brute_force() {
        for n in 0..1500u64 {
            let mut by_target: std::collections::BTreeMap<u64, Vec<[u64; 2]>> = Default::default();
            for x in 1..=n / 2 {
                let t = (value(x) + value(n - x)).value();
                by_target.entry(t).or_default().push([x, n - x]);
            }
            for (&t, splits) in &by_target {
                assert_eq!(split_count(n, Nimber(t)), splits.len() as u64, "{n} -> {t}");
                assert_eq!(
                    &splits_to(n, Nimber(t)).collect::<Vec<_>>(),
                    splits,
                    "{n} -> {t}"
                );
            }
            // Targets no split reaches.
            for t in (0..2 * n + 8).filter(|t| !by_target.contains_key(t)) {
                assert_eq!(split_count(n, Nimber(t)), 0, "{n} -> {t}");
                assert_eq!(splits_to(n, Nimber(t)).next(), None, "{n} -> {t}");
            }
        }
    }

    #[test]
    fn huge_heaps_split_exactly() {
        let n = MAX_PILE;
        for t in [
            0u64,
            1,
            2,
            3,
            0x5555_5555_5555_5555,
            u64::MAX >> 1,
            u64::MAX - 7,
        ] {
            let count = split_count(n, Nimber(t));
            let first: Vec<[u64; 2]> = splits_to(n, Nimber(t)).take(50).collect();
            assert!(
                first.len() as u64 == count.min(50),
                "{t}: {count} {}",
                first.len()
            );
            for [x, y] in &first {
                assert_eq!(x + y, n);
                assert!(x <= y && *x >= 1);
                assert_eq!((value(*x) + value(*y)).value(), t);
            }
            assert!(first.windows(2).all(|w| w[0][0] < w[1][0]));
        }
        // n = t = 2^62 - 1: u ∧ v = 0 and u takes any submask of t, about 2^61 splits, counted
        // without listing them.
        let n = (1u64 << 62) - 1;
        let count = split_count(n, Nimber(n));
        assert!(count > 1 << 59, "{count}");
        for [x, y] in splits_to(n, Nimber(n)).take(1000) {
            assert_eq!((x + y, (value(x) + value(y)).value()), (n, n));
        }
    }

    #[test]
    fn max_moves_bounds_the_list_not_the_count() {
        let a = analyze(
            &[1000, 999],
            &AnalyzeOptions {
                max_moves: 3,
                explain: false,
            },
        )
        .unwrap();
        assert_eq!(a.winning_moves.len(), 3);
        let all = analyze(
            &[1000, 999],
            &AnalyzeOptions {
                max_moves: usize::MAX,
                explain: false,
            },
        )
        .unwrap();
        assert_eq!(a.winning_move_count, all.winning_moves.len() as u64);
        assert_eq!(a.winning_moves[..], all.winning_moves[..3]);
    }

    #[test]
    fn the_largest_heap_is_refused_by_name() {
        let err = analyze(&[1, u64::MAX], &AnalyzeOptions::default()).unwrap_err();
        assert_eq!(
            err,
            PileTooLarge {
                pile: 2,
                stones: u64::MAX
            }
        );
        assert!(analyze(&[MAX_PILE], &AnalyzeOptions::default()).is_ok());
    }

    #[test]
    fn explanations_in_both_languages() {
        let a = analyze(
            &[2, 2, 3],
            &AnalyzeOptions {
                max_moves: 5,
                explain: true,
            },
        )
        .unwrap();
        let en: Vec<String> = a.explanation.iter().map(|s| s.text(Lang::En)).collect();
        let zh: Vec<String> = a.explanation.iter().map(|s| s.text(Lang::Zh)).collect();
        assert!(en[0].contains("g(4m+3) = 4m+4"), "{en:?}");
        assert!(en[1].contains("3 = 4·0 + 3"), "{en:?}");
        assert!(en.iter().any(|s| s.contains("x = 4")), "{en:?}");
        assert!(zh.iter().any(|s| s.contains("异或和")), "{zh:?}");
    }
}
