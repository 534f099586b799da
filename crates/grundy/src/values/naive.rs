//! The oracle: G(n) as the mex over every move, each move enumerated explicitly.
//!
//! A move removing k tokens from a heap of n leaves n − k tokens as j non-empty heaps, for every j
//! the digit d_k allows, in every way the digit's modifier allows; its value is the XOR of the
//! heaps' values. Cost: for each n, every partition of n − k into j parts, so O(n^(j−1)) per n —
//! O(n²) in all for codes that split into two heaps. Used by the tests, and for codes whose moves
//! leave three or more heaps (for which the sparse-space engine does not apply).

use super::code::{TakeAndBreak, each_partition};
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
}
