//! The moving-right grid: cell i (from 1 to n) holds a_i stones, and a move carries at least one
//! stone from a cell i < n to cell i + 1; cell n is the end, where stones stay. Who cannot move
//! loses.
//!
//! Theorem: this is staircase Nim counted from the end — cell n is the ground, cell n − 1 step 1,
//! cell n − 2 step 2, … — so the value is a_{n−1} ⊕ a_{n−3} ⊕ …, and the winning moves are the
//! staircase's, read back as cells ([`super::staircase`] does the work through an index map).

use super::staircase::{self, Descent, StairStep, Stairs};
use crate::{Analysis, AnalyzeOptions, Game, Nimber, PileMove};

/// The moving-right grid as a [`Game`], for the engine: a position is the list of cells.
#[derive(Clone, Copy, Debug, Default)]
pub struct Grid;

impl Game for Grid {
    type Position = Vec<u64>;

    fn options(&self, cells: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
        for i in 0..cells.len().saturating_sub(1) {
            for count in 1..=cells[i] {
                let mut next = cells.clone();
                next[i] -= count;
                next[i + 1] += count;
                out.push(next);
            }
        }
    }
}

/// The staircase the cells form: step j + 1 is cell n − 1 − j (the last cell is the ground).
fn stairs(cells: &[u64]) -> Stairs<impl Fn(usize) -> u64 + Copy + '_> {
    let n = cells.len();
    Stairs::new(n.saturating_sub(1), move |j| cells[n - 2 - j])
}

/// A staircase move read back as cells: step j + 1 is cell n − 1 − j, and stones go right.
fn carry_right(n: usize, d: Descent) -> PileMove {
    PileMove::Carry {
        from: n - 2 - d.step,
        to: Some(n - 1 - d.step),
        count: d.count,
    }
}

/// Checks that the stones add up to at most 2^64 − 1, so the last cell can hold them all.
///
/// # Errors
/// [`staircase::TooManyStones`] at the first cell where the running total overflows.
pub fn check_total(cells: &[u64]) -> Result<(), staircase::TooManyStones> {
    staircase::check_total(cells, "cell")
}

/// Whether a move is legal: a [`PileMove::Carry`] of at least one stone of a cell to the next one
/// that keeps every cell within `u64`.
pub fn is_legal(cells: &[u64], change: &PileMove) -> bool {
    match *change {
        PileMove::Carry { from, to, count } => {
            from < cells.len().saturating_sub(1)
                && to == Some(from + 1)
                && (1..=cells[from]).contains(&count)
                && cells[from + 1].checked_add(count).is_some()
        }
        _ => false,
    }
}

/// The position after `change`.
///
/// # Panics
/// If `change` is not legal (see [`is_legal`]); the moves [`analyze`] lists always are, for a
/// position that passed [`check_total`].
pub fn apply(cells: &[u64], change: &PileMove) -> Vec<u64> {
    assert!(is_legal(cells, change), "not a grid move: {change:?}");
    let mut next = cells.to_vec();
    if let PileMove::Carry { from, count, .. } = *change {
        next[from] -= count;
        next[from + 1] += count;
    }
    next
}

/// The value of the position: the XOR of cells n − 1, n − 3, ….
pub fn value(cells: &[u64]) -> Nimber {
    stairs(cells).value()
}

/// Analyses a grid (cell 1 first): outcome, value, every winning move and, if asked, the
/// explanation (in staircase terms after a first step that maps the cells onto steps).
///
/// Winning moves are listed as the staircase lists them: by the cell the stones leave, from the
/// cell next to the end backwards; each cell has at most one. Cost: a few passes over the cells,
/// no allocation per cell.
///
/// # Examples
/// ```
/// use grundy::games::grid;
/// use grundy::PileMove;
/// // Cell 3 is the end; cell 2 is step 1 and counts, cell 1 is step 2 and does not.
/// let a = grid::analyze(&[5, 2, 7], &Default::default());
/// assert_eq!(a.value.unwrap().value(), 2);
/// assert_eq!(a.winning_moves, vec![PileMove::Carry { from: 1, to: Some(2), count: 2 }]);
/// ```
pub fn analyze(cells: &[u64], options: &AnalyzeOptions) -> Analysis<StairStep, PileMove> {
    let n = cells.len();
    let mut analysis = stairs(cells).analyze(options, |d| carry_right(n, d));
    if options.explain {
        analysis
            .explanation
            .insert(0, StairStep::GridAsStairs { cells: n });
    }
    analysis
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::testing::all_lists;

    #[test]
    fn a_grid_is_the_reversed_staircase() {
        for cells in all_lists(5, 4) {
            let steps: Vec<u64> = cells[..cells.len() - 1].iter().rev().copied().collect();
            assert_eq!(value(&cells), staircase::value(&steps), "{cells:?}");
        }
    }

    #[test]
    fn the_explanation_starts_from_the_end() {
        let a = analyze(
            &[5, 2, 7],
            &AnalyzeOptions {
                max_moves: 1,
                explain: true,
            },
        );
        assert_eq!(a.explanation[0], StairStep::GridAsStairs { cells: 3 });
        let text: Vec<String> = a
            .explanation
            .iter()
            .map(|s| crate::Explain::text(s, crate::Lang::En))
            .collect();
        assert!(text[0].contains("cell 3 is the ground"), "{text:?}");
        assert!(
            text.iter()
                .any(|s| s.contains("move 2 from cell 2 to cell 3")),
            "{text:?}"
        );
    }
}
