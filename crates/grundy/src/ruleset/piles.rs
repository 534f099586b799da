//! Helpers shared by the rulesets whose positions are piles: bounds on the engine's work, reading
//! a pile and a count, the fallback moves.

use super::{MoveError, SetupError, Unit};
use crate::PileMove;

/// An upper bound on the engine's work for piles that each stay within their size now: the
/// ∏(p + 1) positions times `options`, the most options of one of them (saturating).
pub(crate) fn box_cost(piles: &[u64], options: u128) -> u64 {
    piles
        .iter()
        .try_fold(1u128, |n, &p| n.checked_mul(u128::from(p) + 1))
        .and_then(|n| n.checked_mul(options))
        .map_or(u64::MAX, |c| u64::try_from(c).unwrap_or(u64::MAX))
}

/// The index (from 0) of part `number` (from 1) among `count` parts.
///
/// # Errors
/// [`MoveError::NoSuch`] when there is no such part.
pub(crate) fn index(unit: Unit, number: u64, count: usize) -> Result<usize, MoveError> {
    usize::try_from(number)
        .ok()
        .and_then(|n| n.checked_sub(1))
        .filter(|&i| i < count)
        .ok_or(MoveError::NoSuch {
            unit,
            number,
            count,
        })
}

/// Checks that `asked` stones can leave part `index` (from 0), which has `has`.
///
/// # Errors
/// [`MoveError::TakesNothing`] or [`MoveError::TooMany`].
pub(crate) fn amount(unit: Unit, index: usize, has: u64, asked: u64) -> Result<(), MoveError> {
    if asked == 0 {
        return Err(MoveError::TakesNothing);
    }
    if asked > has {
        return Err(MoveError::TooMany {
            unit,
            place: index + 1,
            has,
            asked,
        });
    }
    Ok(())
}

/// The move taking `count` stones from pile `number` (from 1) of `piles`.
///
/// # Errors
/// As [`index`] and [`amount`].
pub(crate) fn take_from(piles: &[u64], number: u64, count: u64) -> Result<PileMove, MoveError> {
    let pile = index(Unit::PILE, number, piles.len())?;
    let from = piles[pile];
    amount(Unit::PILE, pile, from, count)?;
    Ok(PileMove::Take {
        pile,
        from,
        to: from - count,
    })
}

/// Piles that are a position of a ruleset whose analysis may refuse some (too large for its
/// closed form or its tables): at least one pile, and `analyze` accepts them.
///
/// # Errors
/// [`SetupError::Empty`] for no pile; [`SetupError::BadPosition`] with the analysis's error.
pub(crate) fn analyzable_piles<T, E: std::fmt::Display>(
    piles: Vec<u64>,
    analyze: impl FnOnce(&[u64]) -> Result<T, E>,
) -> Result<Vec<u64>, SetupError> {
    if piles.is_empty() {
        return Err(SetupError::Empty { what: "piles" });
    }
    analyze(&piles).map_err(|e| SetupError::BadPosition {
        problem: e.to_string(),
    })?;
    Ok(piles)
}

/// Numbers separated by spaces, as a position is typed.
pub(crate) fn show_numbers(numbers: &[u64]) -> String {
    numbers
        .iter()
        .map(u64::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

/// The stones in a list of piles (the material of every pile-list ruleset).
pub(crate) fn total_stones(piles: &[u64]) -> u128 {
    piles.iter().map(|&p| u128::from(p)).sum()
}

/// One stone from the largest pile (the first of the largest); `None` when every pile is empty.
pub(crate) fn one_from_largest(piles: &[u64]) -> Option<PileMove> {
    let (pile, &from) = piles
        .iter()
        .enumerate()
        .filter(|&(_, &p)| p > 0)
        .max_by_key(|&(i, &p)| (p, std::cmp::Reverse(i)))?;
    Some(PileMove::Take {
        pile,
        from,
        to: from - 1,
    })
}

/// The largest pile [`positions_from`] counts; a larger one has more than 2^64 descendants.
const MAX_COUNTED: u64 = 60;

/// An upper bound on the positions (ordered lists of piles) a pile of n can become when a move
/// replaces one pile by piles holding no more stones in all (takes, Lasker's splits,
/// take-and-break moves), `None` above [`MAX_COUNTED`]: such a list has Σ max(q, 1) ≤ n (a pile
/// emptied by a take was at least 1 when it was split off). Counting the lists of that form, a
/// part of weight 1 being 0 or 1 and a part of weight w ≥ 2 being w: with c(s) the lists of
/// weight exactly s (c(0) = 1, c(s) = 2c(s − 1) + Σ_{w≥2} c(s − w)), there are Σ_{s=1..n} c(s),
/// or 1 for n = 0.
pub(crate) fn positions_from(n: u64) -> Option<u128> {
    if n > MAX_COUNTED {
        return None;
    }
    let n = n as usize;
    let mut exact = vec![1u128];
    for s in 1..=n {
        let longer: u128 = exact[..s - 1].iter().sum();
        exact.push(2 * exact[s - 1] + longer);
    }
    Some(if n == 0 { 1 } else { exact[1..].iter().sum() })
}

/// Each pile of `piles` as a position of its own: [`super::Ruleset::summands`] of a ruleset whose
/// piles are independent games.
pub(crate) fn each_pile(piles: &[u64]) -> Option<Vec<Vec<u64>>> {
    Some(piles.iter().map(|&pile| vec![pile]).collect())
}

/// Piles that are a position of a ruleset taking any piles: at least one.
///
/// # Errors
/// [`SetupError::Empty`] for no pile.
pub(crate) fn some_piles(piles: Vec<u64>) -> Result<Vec<u64>, SetupError> {
    if piles.is_empty() {
        return Err(SetupError::Empty { what: "piles" });
    }
    Ok(piles)
}
