//! Contest puzzles that are no ruleset of their own: each module states its game, the theory
//! that answers it, its problem's format, and tests the theory against a direct search of the
//! game as stated on every small position.

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
    use crate::testing::{assert_both_answers, small_answers};

    #[test]
    fn small_inputs_give_both_answers() {
        for (id, lost) in [
            ("hdu-1729", "No"),
            ("hdu-1404", "No"),
            ("hdu-2873", "Jack"),
            ("luogu-p4101", "1"),
            ("hdu-1517", "Ollie wins."),
        ] {
            let (mut won_count, mut lost_count) = (0, 0);
            for answer in small_answers(id) {
                for line in answer.lines() {
                    match line {
                        _ if line.starts_with("Case ") => {}
                        _ if line == lost => lost_count += 1,
                        _ => won_count += 1,
                    }
                }
            }
            assert_both_answers(id, won_count, lost_count, 6);
        }
    }
}
