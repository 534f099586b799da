//! Disjunctive sums: play in exactly one component per move.
//!
//! Sprague–Grundy: the value of a sum is the XOR X of its components' values. The player to move
//! wins iff X ≠ 0, and the winning moves are exactly the moves of a component i with value g_i to
//! a position of value g_i ⊕ X (any other value leaves the sum non-zero). Where g_i ⊕ X < g_i such
//! a move exists by the mex rule, and such an i exists: the components whose value has the highest
//! set bit of X qualify. In games where a move can raise a value (subtraction games, Lasker's
//! Nim), components with g_i ⊕ X > g_i can have winning moves too ([`targets`]).
//!
//! Nim is the case g(n) = n, whose options only go down, so its winning move "change pile p to
//! p ⊕ X" is [`winning_targets`].

use crate::Nimber;

/// The value of a sum: the XOR of the components' values.
pub fn value(values: impl IntoIterator<Item = Nimber>) -> Nimber {
    values.into_iter().sum()
}

/// The components that have a winning move to a smaller value, in order, each with the value it
/// must be moved to. Such a move always exists (a value is the mex of its options).
///
/// In games where a move can raise a component's value (subtraction games, Lasker's Nim), a move
/// to g_i ⊕ X > g_i wins too when the component has an option of that value: use [`targets`] to
/// find every winning move. In Nim every option is smaller, so these are all of them.
///
/// Two passes over `values` (one for the total, one to filter), no allocation: this runs over
/// ten million Nim piles at memory speed.
///
/// # Examples
/// ```
/// use grundy::{Nimber, sum};
/// let piles = [3u64, 4, 5].map(Nimber);
/// let moves: Vec<_> = sum::winning_targets(piles).collect();
/// assert_eq!(moves, vec![(0, Nimber(1))]); // 3 -> 1 leaves 1 ⊕ 4 ⊕ 5 = 0
/// ```
pub fn winning_targets<I>(values: I) -> impl Iterator<Item = (usize, Nimber)>
where
    I: IntoIterator<Item = Nimber>,
    I::IntoIter: Clone,
{
    let values = values.into_iter();
    let total = value(values.clone());
    values.enumerate().filter_map(move |(i, g)| {
        let target = g + total;
        (target < g).then_some((i, target))
    })
}

/// Every component with the value it must be moved to for the sum to become 0 (g_i ⊕ X), in
/// order; nothing when X = 0. The winning moves of the sum are exactly the moves of a component i
/// to an option of value g_i ⊕ X, whether that is below g_i (always possible for the components of
/// [`winning_targets`]) or above it (possible in some games).
///
/// # Examples
/// ```
/// use grundy::{Nimber, sum};
/// let values = [1u64, 0].map(Nimber);
/// let all: Vec<_> = sum::targets(values).collect();
/// assert_eq!(all, vec![(0, Nimber(0)), (1, Nimber(1))]);
/// ```
pub fn targets<I>(values: I) -> impl Iterator<Item = (usize, Nimber)>
where
    I: IntoIterator<Item = Nimber>,
    I::IntoIter: Clone,
{
    let values = values.into_iter();
    let total = value(values.clone());
    values
        .enumerate()
        .filter(move |_| !total.is_zero())
        .map(move |(i, g)| (i, g + total))
}

/// The index of the highest set bit of a non-zero value (the bit the winning components share).
pub fn highest_bit(x: Nimber) -> Option<u32> {
    (!x.is_zero()).then(|| 63 - x.value().leading_zeros())
}
