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
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    use crate::Size;

    #[test]
    fn small_inputs_give_both_answers() {
        for (id, lost) in [
            ("hdu-1729", "No"),
            ("hdu-1404", "No"),
            ("hdu-2873", "Jack"),
            ("luogu-p4101", "1"),
            ("hdu-1517", "Ollie wins."),
        ] {
            let problem = crate::find(id).unwrap();
            let (mut won_count, mut lost_count) = (0, 0);
            for seed in 0..300 {
                let mut rng = ChaCha8Rng::seed_from_u64(seed);
                let input = (problem.format)(&(problem.generate)(&mut rng, Size::Small));
                let answer = crate::solve_bytes(problem, input.as_bytes(), true).unwrap();
                for line in String::from_utf8(answer).unwrap().lines() {
                    match line {
                        _ if line.starts_with("Case ") => {}
                        _ if line == lost => lost_count += 1,
                        _ => won_count += 1,
                    }
                }
            }
            assert!(
                lost_count * 6 > won_count && won_count * 6 > lost_count,
                "{id}: {won_count} won, {lost_count} lost"
            );
        }
    }
}
