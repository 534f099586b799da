//! Disjunctive sums: play in exactly one component per move.
//!
//! Sprague–Grundy: the value of a sum is the XOR X of its components' values. The player to move
//! wins iff X ≠ 0, and the winning moves are exactly the moves of a component i with value g_i to
//! a position of value g_i ⊕ X, for every i with g_i ⊕ X < g_i (a move of component i can only
//! reach values below g_i via that rule, and any other target leaves the sum non-zero). Such an i
//! exists: the components whose value has the highest set bit of X qualify.
//!
//! Nim is the case g(n) = n, so its winning move "change pile p to p ⊕ X" is this function.

use crate::Nimber;

/// The value of a sum: the XOR of the components' values.
pub fn value(values: impl IntoIterator<Item = Nimber>) -> Nimber {
    values.into_iter().sum()
}

/// The components that have a winning move, in order, each with the value it must be moved to.
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

/// Every component with the value it must move to for the sum to become 0: (i, g_i ⊕ X) for
/// each i when X ≠ 0, nothing when X = 0.
///
/// The winning moves of a sum are exactly the moves of some component i to an option of value
/// g_i ⊕ X. [`winning_targets`] keeps the components where that value is below g_i, which the mex
/// guarantees are reachable. In games where a move can also raise a value (taking 1 or 2 stones,
/// the pile 3 of value 0 moves to the pile 1 of value 1), a component with g_i ⊕ X > g_i may have
/// a winning move too: use this to list them all.
///
/// # Examples
/// ```
/// use grundy::{Nimber, sum};
/// let values = [1u64, 0].map(Nimber);
/// let targets: Vec<_> = sum::every_target(values).collect();
/// assert_eq!(targets, vec![(0, Nimber(0)), (1, Nimber(1))]);
/// ```
pub fn every_target<I>(values: I) -> impl Iterator<Item = (usize, Nimber)>
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
