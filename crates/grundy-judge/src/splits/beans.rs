//! Splitting beans (HNOI 2007 分裂游戏): bottles 0 to n − 1 hold beans; a move takes one bean
//! from a bottle i and puts one bean into each of bottles j and k, i < j ≤ k (two into j when
//! j = k). Who cannot move loses.
//!
//! Theorem (Sprague–Grundy, bean by bean): each bean is a game of its own, and a bean in bottle i
//! is worth c(i) = mex{c(j) ⊕ c(k) : i < j ≤ k < n}; it depends only on n − 1 − i, the bottles
//! after it (c(n − 1) = 0: the last bottle's beans never move). Two beans in one bottle cancel,
//! so a position is worth the XOR of c(i) over the bottles with an odd count. The winning moves
//! are the triples (i, j, k) with a bean in i and c(i) ⊕ c(j) ⊕ c(k) equal to that XOR. Checked
//! against a search of the game as stated on every position of 2 to 4 bottles of at most 2 beans
//! by `tests::values_and_winning_moves_equal_a_search_on_every_small_position`.

use std::fmt;

use grundy::{MexSet, Nimber, sum};

/// The most bottles: the values take O(n³) steps to compute.
pub const MAX_BOTTLES: usize = 512;

/// A position with more than [`MAX_BOTTLES`] bottles.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TooManyBottles {
    /// How many bottles were given.
    pub bottles: usize,
}

impl fmt::Display for TooManyBottles {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} bottles are too many: at most {MAX_BOTTLES}",
            self.bottles
        )
    }
}

/// Every move (i, j, k) of `counts`, in lexicographic order.
fn for_each_move(counts: &[u64], mut visit: impl FnMut([usize; 3])) {
    let n = counts.len();
    for i in (0..n).filter(|&i| counts[i] > 0) {
        for j in i + 1..n {
            for k in j..n {
                visit([i, j, k]);
            }
        }
    }
}

/// The value c(i) of one bean in each bottle i of `bottles` bottles.
///
/// # Errors
/// [`TooManyBottles`] past [`MAX_BOTTLES`].
pub fn bean_values(bottles: usize) -> Result<Vec<Nimber>, TooManyBottles> {
    if bottles > MAX_BOTTLES {
        return Err(TooManyBottles { bottles });
    }
    // By the number of bottles after the bean: after[d] for d = 0, 1, ….
    let mut after: Vec<Nimber> = Vec::with_capacity(bottles);
    let mut seen = MexSet::new();
    for _ in 0..bottles {
        seen.clear();
        for (a, &x) in after.iter().enumerate() {
            for &y in &after[a..] {
                seen.insert((x + y).value());
            }
        }
        after.push(Nimber(seen.mex()));
    }
    after.reverse();
    Ok(after)
}

/// The value of a position and its winning moves, in lexicographic order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BeansAnalysis {
    /// The XOR of c(i) over the bottles with an odd count.
    pub value: Nimber,
    /// Every winning move (i, j, k), in lexicographic order.
    pub winning_moves: Vec<[usize; 3]>,
}

/// Analyses a position: its value and every winning move. O(n³).
///
/// # Errors
/// [`TooManyBottles`] past [`MAX_BOTTLES`].
pub fn analyze(counts: &[u64]) -> Result<BeansAnalysis, TooManyBottles> {
    let c = bean_values(counts.len())?;
    let value = sum::value(
        counts
            .iter()
            .zip(&c)
            .filter(|&(&count, _)| count % 2 == 1)
            .map(|(_, &v)| v),
    );
    let mut winning_moves = Vec::new();
    if !value.is_zero() {
        for_each_move(counts, |[i, j, k]| {
            if c[i] + c[j] + c[k] == value {
                winning_moves.push([i, j, k]);
            }
        });
    }
    Ok(BeansAnalysis {
        value,
        winning_moves,
    })
}

#[cfg(test)]
mod tests {
    use grundy::engine::Memo;
    use grundy::{Convention, Outcome};

    use super::*;
    use crate::splits::tests::{MoveBeans, bean_moves};

    /// Every list of 2 to 4 counts of at most 2 beans.
    fn small_positions() -> Vec<Vec<u64>> {
        let mut positions = Vec::new();
        for len in 2..=4u32 {
            for code in 0..3u64.pow(len) {
                positions.push((0..len).map(|d| code / 3u64.pow(d) % 3).collect());
            }
        }
        positions
    }

    #[test]
    fn values_and_winning_moves_equal_a_search_on_every_small_position() {
        let mut memo = Memo::new();
        for counts in small_positions() {
            let a = analyze(&counts).unwrap();
            assert_eq!(memo.grundy(&MoveBeans, &counts), Ok(a.value), "{counts:?}");
            let expected: Vec<[usize; 3]> = bean_moves(&counts)
                .into_iter()
                .filter(|(_, after)| {
                    memo.outcome(&MoveBeans, after, Convention::Normal).unwrap() == Outcome::P
                })
                .map(|(m, _)| m)
                .collect();
            assert_eq!(a.winning_moves, expected, "{counts:?}");
        }
    }

    #[test]
    fn bean_values_are_the_mex_rule_and_bounded() {
        // The mex property: the pairs after bottle i reach every value below c(i), never c(i).
        let c = bean_values(40).unwrap();
        for i in 0..c.len() {
            let reached: Vec<Nimber> = (i + 1..c.len())
                .flat_map(|j| (j..c.len()).map(move |k| (j, k)))
                .map(|(j, k)| c[j] + c[k])
                .collect();
            assert!(!reached.contains(&c[i]), "bottle {i}");
            assert!(
                (0..c[i].value()).all(|v| reached.contains(&Nimber(v))),
                "bottle {i}"
            );
        }
        assert_eq!(
            bean_values(MAX_BOTTLES + 1),
            Err(TooManyBottles {
                bottles: MAX_BOTTLES + 1
            })
        );
        assert_eq!(bean_values(MAX_BOTTLES).unwrap().len(), MAX_BOTTLES);
    }
}
