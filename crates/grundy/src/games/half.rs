//! Take at most half: Nim where a move takes at least one and at most half of one pile. From a
//! pile of n a move takes k stones, 1 ≤ k ≤ ⌊n/2⌋, and leaves m with ⌈n/2⌉ ≤ m ≤ n − 1; a pile
//! of 0 or 1 cannot move. Who cannot move loses.
//!
//! Theorem (a classic Sprague–Grundy exercise; checked here against the engine for every n below
//! 2000): G(2k) = k and G(2k + 1) = G(k). In closed form G(n) = n >> (t + 1), t the number of
//! trailing 1-bits of n (strip them, then halve the even number left). So the piles of value v
//! are exactly m_s = (2v + 1)·2^s − 1 for s ≥ 0, and m_{s+1} = 2·m_s + 1.
//!
//! Proof, by induction on n, with the piles below n known by that description:
//! - n = 2k, options [k, 2k − 1]. For v < k the sequence m_s starts at 2v ≤ 2k − 2; its first term
//!   ≥ k is at most 2k − 1 (it is 2v, or 2·m_{s−1} + 1 with m_{s−1} < k), and the term after it is
//!   at least 2k + 1. For v ≥ k it starts at 2v ≥ 2k. So the options hold exactly one pile of
//!   each value below k and none of value k: G(2k) = k.
//! - n = 2k + 1, options [k + 1, 2k]. The same count holds for every v ≤ k except the value whose
//!   sequence passes through k itself (v = G(k)): its term after k is 2k + 1, outside. So the
//!   options hold one pile of each value in 0..=k but G(k): G(2k + 1) = G(k).
//!
//! So a pile has at most one option of each value: its move to value v is the m_s in
//! [⌈n/2⌉, n − 1], if there is one ([`option_of_value`]). A position is a sum of piles
//! ([`crate::sum`]): with X the XOR of the values, the winning moves are the moves of a pile of
//! value g to value g ⊕ X. That is below g for the piles that have X's highest bit (such a move
//! always exists), and may be above g for an odd pile (2k + 1 reaches values up to k, above
//! G(k)): both kinds are listed, at most one per pile.

use serde::Serialize;

use crate::EXPLAINED_PILES;
use crate::games::heaps::{
    self, HeapComponent, HeapStep, ValueReason, pile_values_text, total_text,
};
use crate::lang::count_en;
use crate::ruleset::{MoveError, TakeRule, each_take};
use crate::{Analysis, AnalyzeOptions, Explain, Game, Lang, MoveList, Nimber, PileMove, sum};

mod playable;

pub use playable::HalfPlay;

/// Take at most half as a [`Game`], for the engine: a position is the list of piles.
#[derive(Clone, Copy, Debug, Default)]
pub struct Half;

impl Game for Half {
    type Position = Vec<u64>;

    fn options(&self, piles: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
        for (pile, &from) in piles.iter().enumerate() {
            for to in from - from / 2..from {
                out.push(crate::games::nim::apply(
                    piles,
                    &PileMove::Take { pile, from, to },
                ));
            }
        }
    }

    fn components(&self, piles: &Vec<u64>, parts: &mut Vec<Vec<u64>>) -> bool {
        crate::engine::one_heap_each(piles, parts)
    }
}

/// A move takes at least one and at most half of one pile.
impl TakeRule for Half {
    fn takes(&self, from: u64) -> impl Iterator<Item = u64> {
        1..=from / 2
    }

    /// [`MoveError::OverCap`], the cap being half the pile, for more than half of it.
    fn refusal(&self, from: u64, count: u64) -> Option<MoveError> {
        (count > from / 2).then_some(MoveError::OverCap {
            cap: from / 2,
            asked: count,
        })
    }
}

/// The value of a pile of n: n >> (t + 1), t the trailing 1-bits of n (0 for n = 2^64 − 1).
///
/// # Examples
/// ```
/// use grundy::games::half;
/// use grundy::Nimber;
/// // 10 is even: 5. 11 = 1011 in binary: strip 11, halve 10: 1.
/// assert_eq!(half::value(10), Nimber(5));
/// assert_eq!(half::value(11), Nimber(1));
/// ```
pub fn value(n: u64) -> Nimber {
    Nimber(n.checked_shr(n.trailing_ones() + 1).unwrap_or(0))
}

/// The pile a pile of n can be left as whose value is `target`, if any: the m = (2v + 1)·2^s − 1
/// in [⌈n/2⌉, n − 1] (there is at most one). O(1), in 128 bits since m may pass 2^64.
pub fn option_of_value(n: u64, target: Nimber) -> Option<u64> {
    let odd = 2 * u128::from(target.value()) + 1;
    // The smallest s with odd·2^s ≥ ⌈n/2⌉ + 1, i.e. m ≥ ⌈n/2⌉.
    let least = u128::from(n - n / 2) + 1;
    let mut shift = odd.leading_zeros().saturating_sub(least.leading_zeros());
    if odd << shift < least {
        shift += 1;
    }
    let m = (odd << shift) - 1;
    u64::try_from(m).ok().filter(|&m| m < n)
}

/// A heap of take at most half in a sum of rulesets (`half` in `grundy sum`): worth
/// [`value`], with at most one move to each value ([`option_of_value`]).
impl HeapComponent for Half {
    fn name(&self) -> String {
        "half".to_string()
    }

    fn intro(&self) -> HeapStep {
        HeapStep::HalfValues
    }

    fn value(&self, n: u64) -> Nimber {
        value(n)
    }

    fn reason(&self, n: u64) -> ValueReason {
        ValueReason::Half {
            trailing_ones: n.trailing_ones(),
        }
    }

    fn moves_to(&self, pile: usize, n: u64, target: Nimber, moves: &mut MoveList<PileMove>) {
        if let Some(to) = option_of_value(n, target) {
            moves.push(PileMove::Take { pile, from: n, to });
        }
    }

    /// One stone first.
    fn each_move(&self, pile: usize, n: u64, visit: &mut dyn FnMut(PileMove)) {
        each_take(self, pile, n, visit);
    }
}

/// Analyses a position: outcome, value, every winning move (pile by pile, at most one a pile; at
/// most `max_moves` listed, all counted) and, if asked, the explanation. O(1) a pile.
///
/// # Examples
/// ```
/// use grundy::games::half;
/// use grundy::{AnalyzeOptions, PileMove, Outcome};
/// // Values 2 and 2: lost.
/// assert_eq!(half::analyze(&[4, 9], &AnalyzeOptions::default()).outcome, Outcome::P);
/// // Values 0 and 1: 3 -> 2 raises the first pile to 1, 2 -> 1 lowers the second to 0.
/// let a = half::analyze(&[3, 2], &AnalyzeOptions::default());
/// assert_eq!(a.winning_move_count, 2);
/// assert_eq!(a.winning_moves[0], PileMove::Take { pile: 0, from: 3, to: 2 });
/// ```
pub fn analyze(piles: &[u64], options: &AnalyzeOptions) -> Analysis<HalfStep, PileMove> {
    let values: Vec<Nimber> = piles.iter().map(|&n| value(n)).collect();
    let total = sum::value(values.iter().copied());
    let mut moves = MoveList::new(options.max_moves);
    for (pile, target) in sum::targets(values.iter().copied()) {
        if let Some(to) = option_of_value(piles[pile], target) {
            moves.push(PileMove::Take {
                pile,
                from: piles[pile],
                to,
            });
        }
    }
    let explanation = if options.explain {
        explain(piles, &values, total)
    } else {
        Vec::new()
    };
    moves.into_analysis(total, explanation)
}

/// One pile's value in an explanation.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PileValue {
    /// Index of the pile, from 0.
    pub pile: usize,
    /// Its stones n.
    pub stones: u64,
    /// Its trailing 1-bits t (0 for an even pile).
    pub trailing_ones: u32,
    /// Its value, n >> (t + 1).
    pub value: u64,
}

impl PileValue {
    fn of(pile: usize, stones: u64) -> PileValue {
        PileValue {
            pile,
            stones,
            trailing_ones: stones.trailing_ones(),
            value: value(stones).value(),
        }
    }

    /// Why the pile has its value: "10 is even: G(10) = 10/2 = 5".
    fn reason(&self, lang: Lang) -> String {
        heaps::half_reason_text(self.stones, self.trailing_ones, self.value, lang)
    }
}

/// One step of the explanation of a position of take at most half.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "step", rename_all = "snake_case")]
pub enum HalfStep {
    /// The rule and the theorem: G(2k) = k, G(2k+1) = G(k).
    Rule,
    /// The first piles with their values.
    PileValues {
        /// The piles shown.
        piles: Vec<PileValue>,
        /// Piles not shown.
        omitted: usize,
    },
    /// The XOR of all values.
    Total {
        /// The XOR x.
        total: u64,
    },
    /// A pile whose value has the highest set bit of the total, and its move to the smaller
    /// value g ⊕ x.
    Move {
        /// Index of the pile, from 0.
        pile: usize,
        /// Its stones n.
        stones: u64,
        /// Its value g.
        value: u64,
        /// The total x.
        total: u64,
        /// g ⊕ x, below g.
        target: u64,
        /// The s of the pile left, (2·target + 1)·2^s − 1.
        doublings: u32,
        /// The pile left, in [⌈n/2⌉, n − 1].
        to: u64,
        /// How many piles can be moved down like this.
        piles: u64,
    },
    /// A position of value 0: every move changes one pile's value, so the XOR becomes non-zero.
    EveryMoveBreaksZero,
}

fn explain(piles: &[u64], values: &[Nimber], total: Nimber) -> Vec<HalfStep> {
    let shown = piles.len().min(EXPLAINED_PILES);
    let mut steps = vec![
        HalfStep::Rule,
        HalfStep::PileValues {
            piles: piles[..shown]
                .iter()
                .enumerate()
                .map(|(i, &n)| PileValue::of(i, n))
                .collect(),
            omitted: piles.len() - shown,
        },
        HalfStep::Total {
            total: total.value(),
        },
    ];
    let mut down = sum::winning_targets(values.iter().copied());
    match down.next() {
        Some((pile, target)) => {
            let stones = piles[pile];
            let to = option_of_value(stones, target)
                .expect("a pile has an option of every value below its own");
            steps.push(HalfStep::Move {
                pile,
                stones,
                value: values[pile].value(),
                total: total.value(),
                target: target.value(),
                doublings: to.trailing_ones(),
                to,
                piles: 1 + down.count() as u64,
            });
        }
        None => steps.push(HalfStep::EveryMoveBreaksZero),
    }
    steps
}

impl Explain for HalfStep {
    fn text(&self, lang: Lang) -> String {
        match self {
            HalfStep::Rule => heaps::half_rule_text(lang),
            HalfStep::PileValues { piles, omitted } => pile_values_text(
                piles
                    .iter()
                    .map(|p| (p.pile, p.stones, p.value, p.reason(lang))),
                *omitted,
                lang,
            ),
            HalfStep::Total { total } => total_text(*total, lang),
            HalfStep::Move { pile, stones, value, total, target, doublings, to, piles } => {
                let odd = 2 * u128::from(*target) + 1;
                let low = stones - stones / 2;
                lang.pick(
                    format!(
                        "Pile {} ({}) has value g = {value}, and g XOR x = {target} < g ({}). The piles of value {target} are {odd}·2^s − 1; the one in [{low}, {}] is {odd}·2^{doublings} − 1 = {to}. Take {} from pile {}: then the XOR of all values is 0.",
                        pile + 1,
                        count_en(*stones, "stone", "stones"),
                        if *piles == 1 { "the only pile like this".to_string() } else { format!("{piles} piles are like this") },
                        stones - 1,
                        count_en(stones - to, "stone", "stones"),
                        pile + 1
                    ),
                    format!(
                        "第 {} 堆（{stones} 个）SG 值 g = {value}，g 异或 x = {target} < g（这样的堆共 {piles} 个）。SG 值为 {target} 的堆是 {odd}·2^s − 1，落在 [{low}, {}] 中的是 {odd}·2^{doublings} − 1 = {to}。从第 {} 堆取走 {} 个，所有值的异或和就变成 0（x = {total}）。",
                        pile + 1,
                        stones - 1,
                        pile + 1,
                        stones - to
                    ),
                )
            }
            HalfStep::EveryMoveBreaksZero => lang.pick(
                "A move changes one pile, and never to a pile of its own value (a value is the mex of its options), so the XOR goes from 0 to non-zero: every move hands the opponent an N-position.".to_string(),
                "每步只改变一堆，而且不可能变到与原来 SG 值相同的堆（SG 值是后继值的 mex），所以异或和从 0 变为非 0：无论怎么走都把必胜态留给对手。".to_string(),
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use super::*;
    use crate::Convention;
    use crate::engine::Memo;
    use crate::testing::all_lists;

    /// The pile left by the move of a pile of n to value v, by walking its options.
    fn slow_option_of_value(n: u64, v: u64) -> Option<u64> {
        (n - n / 2..n).find(|&m| value(m).value() == v)
    }

    #[test]
    fn the_value_formula_matches_the_engine() {
        let mut memo = Memo::with_components();
        for n in 0..2000 {
            let g = memo.grundy(&Half, &vec![n]).unwrap();
            assert_eq!(g, value(n), "pile {n}");
            // The recurrence the module states.
            let by_recurrence = match n % 2 {
                0 => n / 2,
                _ => value(n / 2).value(),
            };
            assert_eq!(g.value(), by_recurrence, "pile {n}");
        }
        assert_eq!(value(u64::MAX), Nimber(0));
        assert_eq!(value(u64::MAX - 1), Nimber(u64::MAX / 2));
        assert_eq!(value((1 << 63) - 1), Nimber(0));
    }

    #[test]
    fn the_piles_of_a_value_are_odd_multiples_of_powers_of_two_less_one() {
        for v in 0..40u64 {
            let listed: Vec<u64> = (0..)
                .map(|s| ((2 * v + 1) << s) - 1)
                .take_while(|&m| m < 5000)
                .collect();
            let found: Vec<u64> = (0..5000).filter(|&m| value(m).value() == v).collect();
            assert_eq!(listed, found, "value {v}");
        }
    }

    #[test]
    fn the_option_of_a_value_matches_a_walk_over_the_options() {
        for n in 0..3000u64 {
            for v in 0..=n / 2 + 2 {
                assert_eq!(
                    option_of_value(n, Nimber(v)),
                    slow_option_of_value(n, v),
                    "{n} -> {v}"
                );
            }
        }
    }

    #[test]
    fn outcome_and_winning_moves_match_the_engine() {
        let mut memo = Memo::with_components();
        let options = AnalyzeOptions {
            max_moves: usize::MAX,
            explain: true,
        };
        for piles in all_lists(3, 39) {
            let a = analyze(&piles, &options);
            assert_eq!(
                a.outcome,
                memo.outcome(&Half, &piles, Convention::Normal).unwrap()
            );
            assert_eq!(a.value, Some(memo.grundy(&Half, &piles).unwrap()));
            let mut closed: HashMap<Vec<u64>, usize> = HashMap::new();
            for change in &a.winning_moves {
                *closed
                    .entry(crate::games::nim::apply(&piles, change))
                    .or_default() += 1;
            }
            let mut engine: HashMap<Vec<u64>, usize> = HashMap::new();
            for after in memo
                .winning_moves(&Half, &piles, Convention::Normal)
                .unwrap()
            {
                *engine.entry(after).or_default() += 1;
            }
            assert_eq!(closed, engine, "{piles:?}");
            assert_eq!(a.winning_move_count, a.winning_moves.len() as u64);
        }
    }

    /// The winning moves of a position by walking every option of every pile.
    fn slow_winning_moves(piles: &[u64]) -> Vec<PileMove> {
        let total = sum::value(piles.iter().map(|&n| value(n)));
        let mut moves = Vec::new();
        for (pile, &from) in piles.iter().enumerate() {
            for to in from - from / 2..from {
                if (total + value(from) + value(to)).is_zero() {
                    moves.push(PileMove::Take { pile, from, to });
                }
            }
        }
        moves
    }

    #[test]
    fn moves_of_moderate_piles_match_a_walk_over_the_options() {
        let options = AnalyzeOptions {
            max_moves: usize::MAX,
            explain: false,
        };
        let mut rng = 0x2545_f491_4f6c_dd1du64;
        for _ in 0..300 {
            let piles: Vec<u64> = (0..3)
                .map(|_| {
                    rng ^= rng << 13;
                    rng ^= rng >> 7;
                    rng ^= rng << 17;
                    rng % 100_000
                })
                .collect();
            let a = analyze(&piles, &options);
            let slow = slow_winning_moves(&piles);
            assert_eq!(a.winning_moves, slow, "{piles:?}");
            assert_eq!(a.winning_move_count, slow.len() as u64, "{piles:?}");
        }
    }

    /// The option of value v of a pile of n by trying every s of (2v + 1)·2^s − 1.
    fn option_by_doubling(n: u64, v: u64) -> Option<u64> {
        let odd = 2 * u128::from(v) + 1;
        (0..=64)
            .map(|s| (odd << s) - 1)
            .find(|&m| m >= u128::from(n - n / 2))
            .filter(|&m| m < u128::from(n))
            .map(|m| m as u64)
    }

    #[test]
    fn huge_piles_get_every_winning_move() {
        let options = AnalyzeOptions {
            max_moves: usize::MAX,
            explain: true,
        };
        for piles in [
            vec![u64::MAX, u64::MAX - 1],
            vec![u64::MAX - 1, 1 << 63, (1 << 63) + 1, 12345],
            vec![u64::MAX - 2, 3, 1 << 40],
            vec![(1 << 63) - 1, u64::MAX],
            vec![u64::MAX, (1 << 62) + 5, 1 << 62, 0x5555_5555_5555_5555],
        ] {
            let a = analyze(&piles, &options);
            let total = sum::value(piles.iter().map(|&n| value(n)));
            let expected: Vec<PileMove> = piles
                .iter()
                .enumerate()
                .filter(|_| !total.is_zero())
                .filter_map(|(pile, &from)| {
                    let to = option_by_doubling(from, (value(from) + total).value())?;
                    Some(PileMove::Take { pile, from, to })
                })
                .collect();
            assert_eq!(a.winning_moves, expected, "{piles:?}");
            assert_eq!(a.winning_move_count, expected.len() as u64, "{piles:?}");
            for change in &expected {
                let after = crate::games::nim::apply(&piles, change);
                assert!(sum::value(after.iter().map(|&n| value(n))).is_zero());
            }
        }
        // u64::MAX − 1 is worth 2^63 − 1 and u64::MAX is worth 0: the first goes down to the
        // pile 2^63 − 1 (value 0), or the second up to u64::MAX − 1 (value 2^63 − 1).
        let a = analyze(&[u64::MAX - 1, u64::MAX], &options);
        assert_eq!(
            a.winning_moves,
            vec![
                PileMove::Take {
                    pile: 0,
                    from: u64::MAX - 1,
                    to: (1 << 63) - 1
                },
                PileMove::Take {
                    pile: 1,
                    from: u64::MAX,
                    to: u64::MAX - 1
                },
            ]
        );
    }

    #[test]
    fn max_moves_bounds_the_list_not_the_count() {
        let options = AnalyzeOptions {
            max_moves: 1,
            explain: false,
        };
        let a = analyze(&[3, 2], &options);
        assert_eq!(a.winning_moves.len(), 1);
        assert_eq!(a.winning_move_count, 2);
    }

    #[test]
    fn explanations_in_both_languages() {
        let a = analyze(
            &[10, 11],
            &AnalyzeOptions {
                max_moves: 5,
                explain: true,
            },
        );
        let en: Vec<String> = a.explanation.iter().map(|s| s.text(Lang::En)).collect();
        let zh: Vec<String> = a.explanation.iter().map(|s| s.text(Lang::Zh)).collect();
        assert!(en[0].contains("G(2k+1) = G(k)"), "{en:?}");
        assert!(en[1].contains("10 is even: G(10) = 10/2 = 5"), "{en:?}");
        assert!(
            en[1].contains("strip its 2 trailing 1-bits (G(2k+1) = G(k)), G(11) = G(2) = 2/2 = 1"),
            "{en:?}"
        );
        assert!(en[2].contains("x = 4"), "{en:?}");
        // Pile 1: value 5, target 1 = 3·2^s − 1 in [5, 9]: 5.
        assert!(
            en[3].contains("3·2^1 − 1 = 5. Take 5 stones from pile 1"),
            "{en:?}"
        );
        assert!(zh[1].contains("去掉二进制末尾的 2 个 1"), "{zh:?}");
        assert!(zh.iter().any(|s| s.contains("异或和")), "{zh:?}");
        let p = analyze(
            &[4, 9],
            &AnalyzeOptions {
                max_moves: 5,
                explain: true,
            },
        );
        assert_eq!(p.explanation.last(), Some(&HalfStep::EveryMoveBreaksZero));
    }
}
