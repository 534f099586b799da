//! Contest puzzles that are no ruleset of their own: each module states its game, the theory
//! that answers it, its problem's format, and names the test that checks the theory against a
//! search of the game as stated on every small input.

mod bombs;
mod deletions;
mod merging;
mod multiplication;
mod stone_boxes;

use super::Problem;

pub const PROBLEMS: &[Problem] = &[
    stone_boxes::PROBLEM,
    deletions::PROBLEM,
    bombs::PROBLEM,
    merging::PROBLEM,
    multiplication::PROBLEM,
];

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use super::PROBLEMS;
    use crate::testing::{assert_both_answers, small_answers};

    #[test]
    fn small_inputs_give_both_answers() {
        for problem in PROBLEMS {
            // Each line says who wins, but hdu-1729's `Case k:` before it.
            let mut counts: BTreeMap<String, usize> = BTreeMap::new();
            for answer in small_answers(problem.id) {
                for line in answer.lines().filter(|l| !l.starts_with("Case ")) {
                    *counts.entry(line.to_string()).or_default() += 1;
                }
            }
            let counts: Vec<usize> = counts.into_values().collect();
            assert_eq!(counts.len(), 2, "{}: {counts:?}", problem.id);
            assert_both_answers(problem.id, counts[0], counts[1], 6);
        }
    }
}
