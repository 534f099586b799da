//! Nim with splits into three: a move takes stones from one heap, or splits one heap into three
//! non-empty heaps (HDU 5795, "A Simple Nim").
//!
//! Theorem (by induction on n, checked here against the engine): a heap of n is worth g(n), with
//! g(0) = 0, g(8m+7) = 8m+8, g(8m+8) = 8m+7, and g(n) = n otherwise. So g swaps 8m+7 and 8m+8,
//! as Lasker's Nim (splits into two) swaps 4m+3 and 4m+4. A position is a sum of heaps, worth
//! the XOR of their values.

use crate::{Game, Nimber};

/// The largest heap: 2^64 − 1 would be worth 2^64, which does not fit in a value.
pub const MAX_PILE: u64 = u64::MAX - 1;

/// The game as a [`Game`], for the engine: a position is the list of heaps; a split leaves the
/// three parts, smallest first, in the heap's place.
#[derive(Clone, Copy, Debug, Default)]
pub struct ThreeSplit;

impl Game for ThreeSplit {
    type Position = Vec<u64>;

    fn options(&self, heaps: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
        for (i, &n) in heaps.iter().enumerate() {
            out.extend((0..n).map(|to| {
                let mut next = heaps.clone();
                next[i] = to;
                next
            }));
            for x in 1..=n / 3 {
                for y in x..=(n - x) / 2 {
                    let mut next = heaps[..i].to_vec();
                    next.extend([x, y, n - x - y]);
                    next.extend(&heaps[i + 1..]);
                    out.push(next);
                }
            }
        }
    }

    fn components(&self, heaps: &Vec<u64>, parts: &mut Vec<Vec<u64>>) -> bool {
        crate::engine::one_heap_each(heaps, parts)
    }
}

/// The value of a heap of `n`; `None` past [`MAX_PILE`].
///
/// # Examples
/// ```
/// use grundy::Nimber;
/// use grundy::games::three_split;
/// let values: Vec<u64> = (0..10).map(|n| three_split::value(n).unwrap().value()).collect();
/// assert_eq!(values, vec![0, 1, 2, 3, 4, 5, 6, 8, 7, 9]);
/// assert_eq!(three_split::value(u64::MAX), None);
/// ```
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
    use super::*;
    use crate::engine::Memo;

    #[test]
    fn values_equal_the_engine_for_every_heap_up_to_80() {
        let mut memo = Memo::with_components();
        for n in 0..=80 {
            assert_eq!(
                memo.grundy(&ThreeSplit, &vec![n]).ok(),
                value(n),
                "heap {n}"
            );
        }
        assert_eq!(value(MAX_PILE), Some(Nimber(MAX_PILE)));
    }
}
