//! Problems on one pile or a row of piles with a rule on which stones a move may take:
//! Fibonacci Nim (the first move may not take the whole pile, each later one at most twice the
//! previous take; `games::fibonacci`) and End-Nim (take from the leftmost or the rightmost pile;
//! `games::endnim`).
//!
//! Where a statement gives no number of tests (input read until its end), `--size max` writes
//! the count below, ours.

use std::io::Write;

use grundy::Outcome;
use grundy::games::endnim::{self, EndNim};
use grundy::games::fibonacci::{CappedPile, Fibonacci};
use rand::Rng;
use rand_chacha::ChaCha8Rng;

use super::nim::with_test_count;
use super::{Input, Problem, Size, line_per_case};

/// HDU 2516: 2 ≤ n < 2^31; lines until `0` (no count given; ours for `--size max`).
const STONES_MIN: u64 = 2;
const STONES: u64 = (1 << 31) - 1;
const LINES: u64 = 100_000;
/// Luogu P2599 (AcWing 1322's limits): 1 ≤ T ≤ 10, 1 ≤ n ≤ 1000, 1 ≤ a_i ≤ 10^9.
const ROW_TESTS: u64 = 10;
const ROW_PILES: u64 = 1000;
const ROW_PILE: u64 = 1_000_000_000;

pub const PROBLEMS: &[Problem] = &[
    Problem {
        id: "hdu-2516",
        aliases: &[],
        title: "取石子游戏: Fibonacci Nim, the first move not the whole pile, then at most twice the last take (`0` ends)",
        answers: "`First win` / `Second win`",
        nim: None,
        solve: fibonacci_nim,
        generate: |rng, size| {
            let (count, hi) = match size {
                Size::Small => (rng.random_range(1..=5), 60),
                Size::Max => (LINES, STONES),
            };
            // A Fibonacci number (a loss) a third of the time: few piles are one.
            let losses = Fibonacci::default().terms(hi);
            let losses = &losses[1..];
            (0..count)
                .map(|_| {
                    let n = if rng.random_ratio(1, 3) {
                        losses[rng.random_range(0..losses.len())]
                    } else {
                        rng.random_range(STONES_MIN..=hi)
                    };
                    vec![vec![n]]
                })
                .collect()
        },
        format: |cases| line_per_case(cases, "0\n"),
    },
    Problem {
        id: "luogu-p2599",
        aliases: &["bzoj-1413", "acwing-1322"],
        title: "[ZJOI2009] 取石子游戏: piles in a row, take from the leftmost or the rightmost pile, T tests",
        answers: "`1` / `0`",
        nim: None,
        solve: end_nim,
        generate: |rng, size| {
            let tests = match size {
                Size::Small => rng.random_range(1..=3),
                Size::Max => ROW_TESTS,
            };
            (0..tests).map(|_| vec![row_piles(rng, size)]).collect()
        },
        format: with_test_count,
    },
];

/// A row of piles: small (1 to 5 piles of up to 5) or the largest; a third of the rows of more
/// than one pile lost, their first pile set to the left complement of the others (from the
/// library's rule; the tests search the game itself).
fn row_piles(rng: &mut ChaCha8Rng, size: Size) -> Vec<u64> {
    let (n, hi) = match size {
        Size::Small => (rng.random_range(1..=5), 5),
        Size::Max => (ROW_PILES as usize, ROW_PILE),
    };
    let mut piles: Vec<u64> = (0..n).map(|_| rng.random_range(1..=hi)).collect();
    if n >= 2 && rng.random_ratio(1, 3) {
        let (left, _) = endnim::complements(&piles[1..]);
        if (1..=ROW_PILE).contains(&left) {
            piles[0] = left;
        }
    }
    piles
}

fn fibonacci_nim(input: &mut Input, out: &mut dyn Write) -> anyhow::Result<()> {
    let game = Fibonacci::default();
    // Lines until `0` (or the end of the input, which some data sets may leave out).
    while let Some(n) = input.read_or_end("the number of stones n (0 ends the input)", 0, STONES)? {
        if n == 0 {
            break;
        }
        input.check("the number of stones n", n, STONES_MIN, STONES)?;
        let answer = if game.outcome(&CappedPile::first_move(n)) == Outcome::P {
            "Second win"
        } else {
            "First win"
        };
        writeln!(out, "{answer}")?;
    }
    Ok(())
}

fn end_nim(input: &mut Input, out: &mut dyn Write) -> anyhow::Result<()> {
    let tests = input.read("the number of tests T", 1, ROW_TESTS)?;
    for _ in 0..tests {
        let n = input.read("the number of piles n", 1, ROW_PILES)?;
        let piles = input.read_list(n, "a pile a_i", 1, ROW_PILE)?;
        let answer = if EndNim.outcome(&piles) == Outcome::N {
            "1"
        } else {
            "0"
        };
        writeln!(out, "{answer}")?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    //! Each problem against a brute-force search written from its statement and solved by the
    //! generic engine, never by the Zeckendorf rule or the complements the judge relies on.
    use grundy::engine::Memo;
    use grundy::{Convention, Game};

    use super::*;
    use crate::Case;
    use crate::nim::tests::check;
    use crate::testing::{assert_lines_give_both_answers, assert_max_input_is_valid};
    use crate::{find, solve_bytes};

    /// "Every move takes at least one stone and at most twice as many as the opponent took on
    /// the move just before": a position is the stones left and the most the next move may take.
    struct TwiceTheLast;

    impl Game for TwiceTheLast {
        type Position = (u64, u64);
        fn options(&self, &(stones, most): &(u64, u64), out: &mut Vec<(u64, u64)>) {
            out.extend((1..=most.min(stones)).map(|t| (stones - t, 2 * t)));
        }
    }

    /// "On the very first move the first player takes any positive number of stones, but not
    /// all of them"; whoever takes the last stone wins (the next player has no move).
    fn first_player_loses(memo: &mut Memo<(u64, u64)>, n: u64) -> bool {
        memo.outcome(&TwiceTheLast, &(n, n - 1), Convention::Normal)
            .unwrap()
            == Outcome::P
    }

    /// "A move takes any positive number of stones from the pile at the left end or from the
    /// pile at the right end of the row; an emptied pile leaves the row". The player who cannot
    /// move loses.
    struct EitherEnd;

    impl Game for EitherEnd {
        type Position = Vec<u64>;
        fn options(&self, row: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
            let ends: &[usize] = match row.len() {
                0 => &[],
                1 => &[0],
                n => &[0, n - 1][..],
            };
            for &end in ends {
                for left in 0..row[end] {
                    let mut next = row.clone();
                    if left == 0 {
                        next.remove(end);
                    } else {
                        next[end] = left;
                    }
                    out.push(next);
                }
            }
        }
    }

    #[test]
    fn hdu_2516_against_brute_force() {
        check("hdu-2516", |memo, cases| {
            cases
                .iter()
                .map(|c| {
                    if first_player_loses(memo, c[0][0]) {
                        "Second win\n"
                    } else {
                        "First win\n"
                    }
                })
                .collect()
        });
    }

    #[test]
    fn hdu_2516_every_pile_up_to_300_against_brute_force() {
        let problem = find("hdu-2516").unwrap();
        let input: String = (STONES_MIN..=300).map(|n| format!("{n}\n")).collect();
        let answer = solve_bytes(problem, format!("{input}0\n").as_bytes(), true).unwrap();
        let mut memo = Memo::new();
        let expected: String = (STONES_MIN..=300)
            .map(|n| {
                if first_player_loses(&mut memo, n) {
                    "Second win\n"
                } else {
                    "First win\n"
                }
            })
            .collect();
        assert_eq!(String::from_utf8(answer).unwrap(), expected);
    }

    #[test]
    fn hdu_2516_sample() {
        let problem = find("hdu-2516").unwrap();
        let answer = solve_bytes(problem, b"2\n13\n10000\n0\n", true).unwrap();
        assert_eq!(answer, b"Second win\nSecond win\nFirst win\n");
    }

    #[test]
    fn hdu_2516_largest_fibonacci_number_below_2_31() {
        let problem = find("hdu-2516").unwrap();
        let answer = solve_bytes(problem, b"1836311903\n2147483647\n0\n", true).unwrap();
        assert_eq!(answer, b"Second win\nFirst win\n");
    }

    #[test]
    fn hdu_2516_refuses_a_pile_of_1_and_stops_at_0() {
        let problem = find("hdu-2516").unwrap();
        let error = solve_bytes(problem, b"2\n1\n0\n", true).unwrap_err();
        let text = error.to_string();
        assert!(text.contains("line 2, column 1"), "{text}");
        assert!(text.contains("the number of stones n 1"), "{text}");
        assert_eq!(
            solve_bytes(problem, b"1\n0\n", false).unwrap(),
            b"Second win\n"
        );
        let error = solve_bytes(problem, b"2\n0\n3\n", true).unwrap_err();
        assert!(
            error.to_string().contains("after the last test case"),
            "{error}"
        );
    }

    #[test]
    fn luogu_p2599_against_brute_force() {
        check("luogu-p2599", |memo, cases| {
            cases
                .iter()
                .map(|c| {
                    let won = memo.outcome(&EitherEnd, &c[0], Convention::Normal).unwrap();
                    if won == Outcome::N { "1\n" } else { "0\n" }
                })
                .collect()
        });
    }

    #[test]
    fn luogu_p2599_every_row_of_up_to_4_piles_of_up_to_4_against_brute_force() {
        let problem = find("luogu-p2599").unwrap();
        let mut rows: Vec<Vec<u64>> = vec![Vec::new()];
        let mut all = Vec::new();
        for _ in 0..4 {
            rows = rows
                .iter()
                .flat_map(|r| {
                    (1..=4).map(move |p| {
                        let mut longer = r.clone();
                        longer.push(p);
                        longer
                    })
                })
                .collect();
            all.extend(rows.iter().cloned());
        }
        let mut memo = Memo::new();
        for tests in all.chunks(ROW_TESTS as usize) {
            let cases: Vec<Case> = tests.iter().map(|r| vec![r.clone()]).collect();
            let input = with_test_count(&cases);
            let answer = solve_bytes(problem, input.as_bytes(), true).unwrap();
            let expected: String = tests
                .iter()
                .map(
                    |r| match memo.outcome(&EitherEnd, r, Convention::Normal).unwrap() {
                        Outcome::N => "1\n",
                        _ => "0\n",
                    },
                )
                .collect();
            assert_eq!(String::from_utf8(answer).unwrap(), expected, "{input}");
        }
    }

    #[test]
    fn luogu_p2599_sample() {
        let problem = find("luogu-p2599").unwrap();
        let answer = solve_bytes(problem, b"1\n4\n3 1 9 4\n", true).unwrap();
        assert_eq!(answer, b"0\n");
    }

    #[test]
    fn luogu_p2599_refuses_an_empty_pile_and_a_short_row() {
        let problem = find("luogu-p2599").unwrap();
        let error = solve_bytes(problem, b"1\n3\n1 0 2\n", true).unwrap_err();
        let text = error.to_string();
        assert!(text.contains("line 3, column 3"), "{text}");
        assert!(text.contains("a pile a_i 0"), "{text}");
        // Without the limits an empty pile is out of the row: 1 2 is won.
        assert_eq!(
            solve_bytes(problem, b"1\n3\n1 0 2\n", false).unwrap(),
            b"1\n"
        );
        let error = solve_bytes(problem, b"2\n1\n5\n2\n1\n", true).unwrap_err();
        assert!(error.to_string().contains("a pile a_i"), "{error}");
    }

    #[test]
    fn small_inputs_give_both_answers() {
        for (id, lost) in [("hdu-2516", "Second win"), ("luogu-p2599", "0")] {
            assert_lines_give_both_answers(id, lost, 5);
        }
    }

    #[test]
    fn max_inputs_are_valid() {
        for id in ["hdu-2516", "luogu-p2599"] {
            assert_max_input_is_valid(id);
        }
    }
}
