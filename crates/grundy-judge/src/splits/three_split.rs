//! Nim with splits into three: a move takes stones from one heap, or splits one heap into three
//! non-empty heaps (HDU 5795, "A Simple Nim").
//!
//! Theorem (by induction on n): a heap of n is worth g(n), with g(0) = 0, g(8m+7) = 8m+8,
//! g(8m+8) = 8m+7, and g(n) = n otherwise. So g swaps 8m+7 and 8m+8, as Lasker's Nim (splits
//! into two) swaps 4m+3 and 4m+4. A position is a sum of heaps, worth the XOR of their values.
//! Checked against a search of the game as stated on every heap up to 80 by
//! `tests::values_equal_a_search_for_every_heap_up_to_80`.

use grundy::Nimber;

/// The value of a heap of `n`; `None` for 2^64 − 1, which would be worth 2^64.
pub fn value(n: u64) -> Option<Nimber> {
    let g = match n % 8 {
        _ if n == 0 => 0,
        0 => n - 1,
        7 => n.checked_add(1)?,
        _ => n,
    };
    Some(Nimber(g))
}

#[cfg(test)]
mod tests {
    use grundy::engine::Memo;

    use super::*;
    use crate::splits::tests::TakeOrSplitThree;

    #[test]
    fn values_equal_a_search_for_every_heap_up_to_80() {
        let mut memo = Memo::with_components();
        for n in 0..=80 {
            assert_eq!(
                memo.grundy(&TakeOrSplitThree, &vec![n]).ok(),
                value(n),
                "heap {n}"
            );
        }
    }

    #[test]
    fn every_heap_below_2_to_the_64_minus_1_has_a_value() {
        for n in u64::MAX - 16..u64::MAX {
            assert!(value(n).is_some(), "heap {n}");
        }
        assert_eq!(value(u64::MAX), None);
    }
}
