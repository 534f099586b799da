//! Problems on Euclid's game: subtract a multiple of the smaller number from the larger; alone,
//! and as the components of an Every-SG sum.

use std::io::Write;

use grundy::games::euclid;
use grundy::{Outcome, every};
use rand::Rng;

use super::{Input, Problem, Size, join, line_per_case};

/// HDU 1525: positive numbers below 2^31; lines until `0 0` (no count given; ours for `--size
/// max`).
const NUMBER: u64 = (1 << 31) - 1;
const LINES: u64 = 100_000;
/// HDU 3595: at most 100 tests of N ≤ 1000 games, piles up to 1000.
const GAMES: u64 = 1000;
const PILE: u64 = 1000;
const TESTS: u64 = 100;

pub const PROBLEMS: &[Problem] = &[
    Problem {
        id: "hdu-1525",
        aliases: &["poj-2348"],
        title: "Euclid's Game: subtract a multiple of the smaller number, reaching 0 wins (`0 0` ends)",
        answers: "`Stan wins` / `Ollie wins`",
        nim: None,
        solve: euclid_game,
        generate: |rng, size| {
            let (count, hi) = match size {
                Size::Small => (rng.random_range(1..=5), 30),
                Size::Max => (LINES, NUMBER),
            };
            (0..count)
                .map(|_| vec![vec![rng.random_range(1..=hi), rng.random_range(1..=hi)]])
                .collect()
        },
        format: |cases| line_per_case(cases, "0 0\n"),
    },
    Problem {
        id: "hdu-3595",
        aliases: &[],
        title: "GG and MM: Every-SG, a move in every unfinished Euclid pair each turn (tests until the end)",
        answers: "`MM` / `GG`",
        nim: None,
        solve: every_euclid,
        generate: |rng, size| {
            let (tests, games, hi) = match size {
                Size::Small => (rng.random_range(1..=3), rng.random_range(1..=3), 8),
                Size::Max => (TESTS, GAMES, PILE),
            };
            (0..tests)
                .map(|_| {
                    (0..games)
                        .map(|_| {
                            // A pile of 0 (a finished game) now and then, as some data allow.
                            let low = u64::from(rng.random_ratio(9, 10));
                            vec![rng.random_range(low..=hi), rng.random_range(low..=hi)]
                        })
                        .collect()
                })
                .collect()
        },
        // A case is its pairs.
        format: |cases| {
            let mut text = String::new();
            for case in cases {
                text.push_str(&format!("{}\n", case.len()));
                for pair in case {
                    text.push_str(&join(pair));
                    text.push('\n');
                }
            }
            text
        },
    },
];

fn euclid_game(input: &mut Input, out: &mut dyn Write) -> anyhow::Result<()> {
    // Lines until `0 0` (or the end of the input, which some data sets leave out).
    loop {
        let line = input.mark();
        let Some(a) = input.read_or_end("a number (0 0 ends the input)", 0, NUMBER)? else {
            break;
        };
        let b = input.read("a second number", 0, NUMBER)?;
        if a == 0 && b == 0 {
            break;
        }
        if input.limits() && (a == 0 || b == 0) {
            anyhow::bail!(
                "{}: a number of 0 is out of range (1..={NUMBER}); only the line 0 0 ends the input",
                line.place(if a == 0 { 1 } else { 2 })
            );
        }
        let answer = if euclid::wins(&[a, b]) {
            "Stan wins"
        } else {
            "Ollie wins"
        };
        writeln!(out, "{answer}")?;
    }
    Ok(())
}

fn every_euclid(input: &mut Input, out: &mut dyn Write) -> anyhow::Result<()> {
    while let Some(n) = input.read_or_end("the number of games N", 1, GAMES)? {
        let mut counts = Vec::with_capacity(n as usize);
        for _ in 0..n {
            let p = input.read("a pile size p", 0, PILE)?;
            let q = input.read("a pile size q", 0, PILE)?;
            counts.push(euclid::suspense(&[p, q]));
        }
        let answer = if every::outcome(counts) == Outcome::N {
            "MM"
        } else {
            "GG"
        };
        writeln!(out, "{answer}")?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    //! Each problem against a brute-force search written from its statement and solved by the
    //! generic engine, never by the walk of Euclid's algorithm the judge relies on.
    use grundy::{Convention, Game};

    use super::*;
    use crate::Case;
    use crate::nim::tests::check;
    use crate::testing::{assert_both_answers, assert_max_input_is_valid, small_answers};
    use crate::{find, solve_bytes};

    /// "Subtracts a positive multiple of the smaller number from the larger one, and the result
    /// must not be negative"; whoever produces a 0 wins, so a pair holding a 0 has no move left.
    struct Subtract;

    impl Game for Subtract {
        type Position = [u64; 2];
        fn options(&self, &[a, b]: &[u64; 2], out: &mut Vec<[u64; 2]>) {
            let (large, small) = (a.max(b), a.min(b));
            if let Some(times) = large.checked_div(small) {
                out.extend((1..=times).map(|k| [large - k * small, small]));
            }
        }
    }

    /// "On every turn, the player to move must make one move in each game that is not yet
    /// finished"; the player who makes the very last move wins.
    struct EveryGame;

    impl Game for EveryGame {
        type Position = Vec<[u64; 2]>;
        fn options(&self, games: &Vec<[u64; 2]>, out: &mut Vec<Vec<[u64; 2]>>) {
            let mut moves = vec![Vec::new()];
            for game in games {
                let mut options = Vec::new();
                Subtract.options(game, &mut options);
                if options.is_empty() {
                    options.push(*game);
                }
                moves = moves
                    .into_iter()
                    .flat_map(|m: Vec<[u64; 2]>| {
                        options.iter().map(move |&o| {
                            let mut longer = m.clone();
                            longer.push(o);
                            longer
                        })
                    })
                    .collect();
            }
            if moves.iter().any(|m| m != games) {
                out.extend(moves);
            }
        }
    }

    fn pairs(case: &Case) -> Vec<[u64; 2]> {
        case.iter().map(|p| [p[0], p[1]]).collect()
    }

    #[test]
    fn hdu_1525_against_brute_force() {
        check("hdu-1525", |memo, cases| {
            cases
                .iter()
                .map(|c| {
                    let pair = [c[0][0], c[0][1]];
                    match memo.outcome(&Subtract, &pair, Convention::Normal).unwrap() {
                        Outcome::N => "Stan wins\n",
                        _ => "Ollie wins\n",
                    }
                })
                .collect()
        });
    }

    #[test]
    fn hdu_3595_against_brute_force() {
        check("hdu-3595", |memo, cases| {
            cases
                .iter()
                .map(|c| {
                    // Sorted: the order of the games does not matter.
                    let mut games: Vec<[u64; 2]> = pairs(c)
                        .into_iter()
                        .map(|[p, q]| [p.max(q), p.min(q)])
                        .collect();
                    games.sort_unstable();
                    match memo
                        .outcome(&EveryGame, &games, Convention::Normal)
                        .unwrap()
                    {
                        Outcome::N => "MM\n",
                        _ => "GG\n",
                    }
                })
                .collect()
        });
    }

    #[test]
    fn hdu_3595_self_computed_examples() {
        // Not the published samples (none was found): the examples of the problem's notes.
        let problem = find("hdu-3595").unwrap();
        let answer = solve_bytes(problem, b"3\n1 1\n1 1\n1 1\n1\n3 2\n", true).unwrap();
        assert_eq!(answer, b"MM\nGG\n");
    }

    #[test]
    fn a_zero_is_refused_unless_both_end_the_input() {
        let problem = find("hdu-1525").unwrap();
        let error = solve_bytes(problem, b"3 0\n0 0\n", true).unwrap_err();
        assert!(error.to_string().contains("line 1, column 3"), "{error}");
        assert_eq!(
            solve_bytes(problem, b"3 0\n0 0\n", false).unwrap(),
            b"Ollie wins\n"
        );
    }

    #[test]
    fn small_inputs_give_both_answers() {
        for (id, won, lost) in [("hdu-1525", "Stan", "Ollie"), ("hdu-3595", "MM", "GG")] {
            let (mut won_count, mut lost_count) = (0, 0);
            for answer in small_answers(id) {
                won_count += answer.matches(won).count();
                lost_count += answer.matches(lost).count();
            }
            assert_both_answers(id, won_count, lost_count, 5);
        }
    }

    #[test]
    fn max_inputs_are_valid() {
        for id in ["hdu-1525", "hdu-3595"] {
            assert_max_input_is_valid(id);
        }
    }
}
