//! Nim-values: the XOR group of nimbers and the minimum excluded value, and the field of the
//! nimbers below 2^64 (nim-multiplication, inverses, square roots, powers, orders), with
//! expressions over them ([`evaluate`]) and their computation step by step by Conway's rules
//! ([`evaluate_explained`]).

mod explain;
mod expr;
mod field;

pub use explain::{MAX_EXPLAINED_PRODUCTS, NimberStep};
pub use expr::{ExprError, MAX_DEPTH, MAX_EXPRESSION_BYTES, evaluate, evaluate_explained};
pub use field::{GROUP_ORDER_PRIMES, nim_inv, nim_mul, nim_order, nim_pow, nim_sqrt, nim_square};

use std::fmt;
use std::iter::Sum;
use std::ops::{Add, AddAssign, Mul};

/// A nim-value (nimber) `*n`. Addition is XOR: `*a + *b = *(a XOR b)`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize)]
#[serde(transparent)]
pub struct Nimber(pub u64);

impl Nimber {
    /// The zero nimber: a lost position for the player to move.
    pub const ZERO: Nimber = Nimber(0);

    /// The nimber's size as an integer.
    pub fn value(self) -> u64 {
        self.0
    }

    /// True for `*0`.
    pub fn is_zero(self) -> bool {
        self.0 == 0
    }
}

impl From<u64> for Nimber {
    fn from(n: u64) -> Self {
        Nimber(n)
    }
}

// Nim addition is XOR by definition.
#[allow(clippy::suspicious_arithmetic_impl)]
impl Add for Nimber {
    type Output = Nimber;
    fn add(self, rhs: Nimber) -> Nimber {
        Nimber(self.0 ^ rhs.0)
    }
}

#[allow(clippy::suspicious_op_assign_impl)]
impl AddAssign for Nimber {
    fn add_assign(&mut self, rhs: Nimber) {
        self.0 ^= rhs.0;
    }
}

/// The nim-product ([`nim_mul`]): with `+` the nimbers below 2^64 form a field.
///
/// ```
/// use grundy::Nimber;
/// assert_eq!(Nimber(2) * Nimber(2), Nimber(3));
/// ```
impl Mul for Nimber {
    type Output = Nimber;
    fn mul(self, rhs: Nimber) -> Nimber {
        Nimber(nim_mul(self.0, rhs.0))
    }
}

impl Sum for Nimber {
    fn sum<I: Iterator<Item = Nimber>>(iter: I) -> Nimber {
        iter.fold(Nimber::ZERO, Add::add)
    }
}

impl fmt::Display for Nimber {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "*{}", self.0)
    }
}

/// A set of small values as a bitset, for computing a mex without sorting.
///
/// Memory is one bit per value up to the largest inserted; `clear` keeps the allocation so one
/// set can serve every position of a search.
#[derive(Clone, Debug, Default)]
pub struct MexSet {
    words: Vec<u64>,
}

impl MexSet {
    /// An empty set.
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds `value`. Values above the number of options can never be the mex; callers may skip them,
    /// but adding them is correct too.
    pub fn insert(&mut self, value: u64) {
        let word = (value / 64) as usize;
        if word >= self.words.len() {
            self.words.resize(word + 1, 0);
        }
        self.words[word] |= 1 << (value % 64);
    }

    /// True if `value` was inserted.
    pub fn contains(&self, value: u64) -> bool {
        self.words
            .get((value / 64) as usize)
            .is_some_and(|w| w & (1 << (value % 64)) != 0)
    }

    /// The smallest value not in the set.
    pub fn mex(&self) -> u64 {
        for (i, &w) in self.words.iter().enumerate() {
            if w != u64::MAX {
                return i as u64 * 64 + u64::from(w.trailing_ones());
            }
        }
        self.words.len() as u64 * 64
    }

    /// Empties the set, keeping its memory.
    pub fn clear(&mut self) {
        self.words.iter_mut().for_each(|w| *w = 0);
    }
}

/// The minimum excluded value: the smallest natural number not among `values`.
///
/// A value larger than the number of values cannot be the mex, so those are skipped and the
/// bitset never grows beyond the count.
///
/// # Examples
/// ```
/// assert_eq!(grundy::mex([0, 1, 3]), 2);
/// assert_eq!(grundy::mex([]), 0);
/// ```
pub fn mex(values: impl IntoIterator<Item = u64>) -> u64 {
    let values: Vec<u64> = values.into_iter().collect();
    let mut set = MexSet::new();
    for &v in &values {
        if v <= values.len() as u64 {
            set.insert(v);
        }
    }
    set.mex()
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn display_is_star_n() {
        assert_eq!(Nimber(5).to_string(), "*5");
    }

    proptest! {
        #[test]
        fn addition_is_xor_and_self_inverse(a: u64, b: u64) {
            prop_assert_eq!(Nimber(a) + Nimber(b), Nimber(a ^ b));
            prop_assert_eq!(Nimber(a) + Nimber(a), Nimber::ZERO);
        }

        #[test]
        fn mex_is_smallest_missing(values in proptest::collection::vec(0u64..200, 0..100)) {
            let m = mex(values.iter().copied());
            prop_assert!(!values.contains(&m));
            for k in 0..m {
                prop_assert!(values.contains(&k));
            }
        }
    }
}
