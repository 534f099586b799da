//! The oracle: G(n) as the mex over every move, each move enumerated explicitly.
//!
//! A move removing k tokens from a heap of n leaves n − k tokens as j non-empty heaps, for every j
//! the digit d_k allows, in every way the digit's modifier allows; its value is the XOR of the
//! heaps' values. Cost: for each n, every partition of n − k into j parts, so O(n^(j−1)) per n —
//! O(n²) in all for codes that split into two heaps. Used by the tests, and for codes whose moves
//! leave three or more heaps (for which the sparse-space engine does not apply).

use super::code::{Constraint, TakeAndBreak};
use crate::MexSet;

/// G(0), …, G(upto) by direct enumeration of every move.
pub fn values(rules: &TakeAndBreak, upto: usize) -> Vec<u32> {
    let mut values = Vec::with_capacity(upto + 1);
    extend(rules, &mut values, upto + 1);
    values
}

/// Extends `values` (G(0), G(1), … so far) to `len` values by direct enumeration.
pub fn extend(rules: &TakeAndBreak, values: &mut Vec<u32>, len: usize) {
    let mut seen = MexSet::new();
    for n in values.len()..len {
        seen.clear();
        for (k, digit) in rules.digits().iter().enumerate().take(n + 1) {
            let left = n - k;
            for count in 0..=digit.max_heaps() {
                if !digit.allows(count) {
                    continue;
                }
                if count == 0 {
                    if left == 0 {
                        seen.insert(0);
                    }
                    continue;
                }
                each_partition(left, count as usize, digit.constraint, &mut |parts| {
                    let value = parts.iter().fold(0, |x, &p| x ^ values[p]);
                    seen.insert(u64::from(value));
                });
            }
        }
        values.push(seen.mex() as u32);
    }
}

/// Calls `visit` with every non-decreasing list of `count` positive parts adding up to `total` that
/// meets `constraint`: the heaps a move may leave.
pub(crate) fn each_partition(
    total: usize,
    count: usize,
    constraint: Constraint,
    visit: &mut dyn FnMut(&[usize]),
) {
    partitions(total, count, 1, &mut Vec::new(), &mut |parts| {
        if fits(constraint, parts) {
            visit(parts);
        }
    });
}

/// Calls `visit` with every non-decreasing list of `count` parts, each at least `min`, adding up to
/// `total` (appended to `parts`).
fn partitions(
    total: usize,
    count: usize,
    min: usize,
    parts: &mut Vec<usize>,
    visit: &mut dyn FnMut(&[usize]),
) {
    if count == 1 {
        if total >= min {
            parts.push(total);
            visit(parts);
            parts.pop();
        }
        return;
    }
    let mut part = min;
    while part * count <= total {
        parts.push(part);
        partitions(total - part, count - 1, part, parts, visit);
        parts.pop();
        part += 1;
    }
}

/// Whether non-decreasing `parts` meet the modifier.
fn fits(constraint: Constraint, parts: &[usize]) -> bool {
    let all_equal = parts.first() == parts.last();
    match constraint {
        Constraint::Any => true,
        Constraint::Unequal => parts.windows(2).all(|w| w[0] != w[1]),
        Constraint::NotAllEqual => parts.len() < 2 || !all_equal,
        Constraint::AllEqual => all_equal,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn naive(code: &str, upto: usize) -> Vec<u32> {
        values(&code.parse().unwrap(), upto)
    }

    #[test]
    fn nim_and_small_games() {
        // 0.3333...: take 1..4 from a heap, G(n) = n mod 5.
        assert_eq!(
            naive("0.3333", 12),
            (0..=12).map(|n| n % 5).collect::<Vec<_>>()
        );
        // 0.7: take one token, leaving 0, 1 or 2 heaps. Every option of n then has value
        // (n − 1) mod 2 by induction, so G(n) = n mod 2.
        assert_eq!(
            naive("0.7", 30),
            (0..=30).map(|n| n % 2).collect::<Vec<_>>()
        );
        // 4.0: split a heap in two without removing: G = 0 for n < 2 ... (mex {0}) for n ≥ 2.
        assert_eq!(naive("4.0", 5), [0, 0, 1, 0, 1, 0]);
    }

    #[test]
    fn grundys_game_starts_as_published() {
        // Grundy's game (OEIS A002188): 0 0 0 1 0 2 1 0 2 1 0 2 1 3 2 1 3 2 4 3 0
        assert_eq!(
            naive("grundy", 20),
            [
                0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0
            ]
        );
    }

    #[test]
    fn partitions_are_counted_right() {
        // Partitions of 10 into 3 parts: 8 of them.
        let mut count = 0;
        partitions(10, 3, 1, &mut Vec::new(), &mut |_| count += 1);
        assert_eq!(count, 8);
        assert!(fits(Constraint::Unequal, &[1, 2, 7]));
        assert!(!fits(Constraint::Unequal, &[1, 1, 8]));
        assert!(fits(Constraint::NotAllEqual, &[1, 1, 8]));
        assert!(!fits(Constraint::NotAllEqual, &[3, 3, 3]));
        assert!(fits(Constraint::AllEqual, &[3, 3, 3]));
    }
}
