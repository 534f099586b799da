//! Disjunctive sums: play in exactly one component per move.
//!
//! Sprague–Grundy: the value of a sum is the XOR X of its components' values. The player to move
//! wins iff X ≠ 0, and the winning moves are exactly the moves of a component i (value g_i) to a
//! position of value g_i ⊕ X: any other target leaves the sum non-zero ([`targets`]).
//! For every i with g_i ⊕ X < g_i such a move exists, by the mex rule ([`winning_targets`]); the
//! components whose value has the highest set bit of X are those. A component may also have an
//! option *above* its value (a Lasker pile of 8, value 7, can become 7, value 8), so a game whose
//! options can rise must look at every component to list every winning move.
//!
//! Nim is the case g(n) = n, whose options only go down, so its winning move "change pile p to
//! p ⊕ X" is [`winning_targets`].

use crate::Nimber;

/// The value of a sum: the XOR of the components' values.
pub fn value(values: impl IntoIterator<Item = Nimber>) -> Nimber {
    values.into_iter().sum()
}

/// Every component, in order, with the value it must be moved to for the sum to become 0
/// (nothing when the sum is already 0). Whether it has such an option is the game's business.
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

/// The components that surely have a winning move (target below their value, so the mex rule
/// gives an option of that value), in order, each with the value it must be moved to.
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

/// The index of the highest set bit of a non-zero value (the bit the winning components share).
pub fn highest_bit(x: Nimber) -> Option<u32> {
    (!x.is_zero()).then(|| 63 - x.value().leading_zeros())
}
