//! Problems where a move splits: a heap into three (HDU 5795), a bean into two (Luogu P3185).
//! Their theories are no ruleset of the library: the closed forms live in [`three_split`] and
//! [`beans`], each checked in its module's tests against a search of the game as stated (the
//! games `TakeOrSplitThree` and `MoveBeans` of this module's tests).

mod beans;
mod three_split;

use std::io::Write;

use anyhow::anyhow;
use grundy::{Nimber, sum};
use rand::Rng;

use super::nim::with_test_count;
use super::{Input, Problem, Size};

/// HDU 5795: T ≤ 100, n ≤ 10^6, 1 ≤ s_i ≤ 10^9.
const SPLIT_TESTS: u64 = 100;
const SPLIT_HEAPS: u64 = 1_000_000;
const SPLIT_HEAP: u64 = 1_000_000_000;
/// Luogu P3185: t ≤ 10, 1 < n ≤ 21, p_i ≤ 10^4.
const BEAN_TESTS: u64 = 10;
const BOTTLES: u64 = 21;
const BEANS: u64 = 10_000;

pub const PROBLEMS: &[Problem] = &[
    Problem {
        id: "hdu-5795",
        aliases: &[],
        title: "A Simple Nim: take from a heap or split it into three, T tests",
        answers: "`First player wins.` / `Second player wins.`",
        nim: None,
        solve: take_or_split_three,
        generate: |rng, size| {
            let (tests, count, hi) = match size {
                Size::Small => (rng.random_range(1..=3), rng.random_range(1..=3), 9),
                // One test at the largest n: ~10 MB, the statement's T·n would not fit a file.
                Size::Max => (1, SPLIT_HEAPS, SPLIT_HEAP),
            };
            (0..tests)
                .map(|_| {
                    let mut heaps: Vec<u64> =
                        (0..count).map(|_| rng.random_range(1..=hi)).collect();
                    // A third of the small ones are P-positions: the first heap gets the value
                    // of the others (the values are their own inverse).
                    if size == Size::Small && count > 1 && rng.random_ratio(1, 3) {
                        let rest =
                            sum::value(heaps[1..].iter().filter_map(|&n| three_split::value(n)));
                        if let Some(Nimber(heap)) = three_split::value(rest.value()) {
                            heaps[0] = heap.clamp(1, hi);
                        }
                    }
                    vec![heaps]
                })
                .collect()
        },
        format: with_test_count,
    },
    Problem {
        id: "luogu-p3185",
        aliases: &["bzoj-1188"],
        title: "[HNOI2007] 分裂游戏: beans in bottles, the smallest winning move and their count, t tests",
        answers: "`i j k` and the count, or `-1 -1 -1` and `0`",
        nim: None,
        solve: splitting_beans,
        generate: |rng, size| {
            let (tests, bottles, hi) = match size {
                Size::Small => (rng.random_range(1..=3), 4, 2),
                Size::Max => (BEAN_TESTS, BOTTLES, BEANS),
            };
            (0..tests)
                .map(|_| {
                    let n = match size {
                        Size::Small => rng.random_range(2..=bottles),
                        Size::Max => bottles,
                    };
                    vec![(0..n).map(|_| rng.random_range(0..=hi)).collect()]
                })
                .collect()
        },
        format: with_test_count,
    },
];

fn take_or_split_three(input: &mut Input, out: &mut dyn Write) -> anyhow::Result<()> {
    let tests = input.read("the number of tests T", 1, SPLIT_TESTS)?;
    for _ in 0..tests {
        let n = input.read("the number of heaps n", 1, SPLIT_HEAPS)?;
        let list = input.mark();
        let heaps = input.read_list(n, "a heap size s_i", 1, SPLIT_HEAP)?;
        let mut total = Nimber::ZERO;
        for (i, &s) in heaps.iter().enumerate() {
            total += three_split::value(s).ok_or_else(|| {
                anyhow!(
                    "{}: a heap of {s} is too large: its value 2^64 does not fit (heaps go up to 2^64 - 2)",
                    list.place(i + 1)
                )
            })?;
        }
        let answer = if total.is_zero() {
            "Second player wins."
        } else {
            "First player wins."
        };
        writeln!(out, "{answer}")?;
    }
    Ok(())
}

fn splitting_beans(input: &mut Input, out: &mut dyn Write) -> anyhow::Result<()> {
    let tests = input.read("the number of tests t", 1, BEAN_TESTS)?;
    for _ in 0..tests {
        let place = input.mark();
        let n = input.read("the number of bottles n", 2, BOTTLES)?;
        let counts = input.read_list(n, "a count of beans p_i", 0, BEANS)?;
        let analysis = beans::analyze(&counts).map_err(|e| anyhow!("{}: {e}", place.place(1)))?;
        match analysis.winning_moves.first() {
            Some([i, j, k]) => writeln!(out, "{i} {j} {k}")?,
            None => writeln!(out, "-1 -1 -1")?,
        }
        writeln!(out, "{}", analysis.winning_moves.len())?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    //! Each problem against a brute-force search written from its statement and solved by the
    //! generic engine, never by the value formulas the judge relies on.
    use grundy::engine::one_heap_each;
    use grundy::{Convention, Game, Outcome};

    use crate::nim::tests::check;
    use crate::testing::{assert_both_answers, assert_max_input_is_valid, small_answers};

    /// "Removes any positive number of candies from one heap, or splits one heap into three
    /// smaller heaps, each non-empty." A position is the heaps, sorted; its heaps are played
    /// independently, for a table that splits positions (`Memo::with_components`).
    pub(super) struct TakeOrSplitThree;

    impl Game for TakeOrSplitThree {
        type Position = Vec<u64>;
        fn options(&self, heaps: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
            let mut push = |mut after: Vec<u64>| {
                after.sort_unstable();
                out.push(after);
            };
            for i in 0..heaps.len() {
                let rest = || {
                    let mut rest = heaps.clone();
                    rest.remove(i);
                    rest
                };
                for left in 0..heaps[i] {
                    let mut after = rest();
                    after.push(left);
                    push(after);
                }
                for x in 1..heaps[i] {
                    for y in 1..heaps[i] - x {
                        let mut after = rest();
                        after.extend([x, y, heaps[i] - x - y]);
                        push(after);
                    }
                }
            }
        }

        fn components(&self, heaps: &Vec<u64>, parts: &mut Vec<Vec<u64>>) -> bool {
            one_heap_each(heaps, parts)
        }
    }

    /// "Removes one bean from bottle i and puts one bean into bottle j and one into bottle k,
    /// i < j ≤ k", listed as (i, j, k) with the counts after.
    pub(super) fn bean_moves(counts: &[u64]) -> Vec<([usize; 3], Vec<u64>)> {
        let n = counts.len();
        let mut moves = Vec::new();
        for i in 0..n {
            for j in i + 1..n {
                for k in j..n {
                    if counts[i] >= 1 {
                        let mut after = counts.to_vec();
                        after[i] -= 1;
                        after[j] += 1;
                        after[k] += 1;
                        moves.push(([i, j, k], after));
                    }
                }
            }
        }
        moves
    }

    /// The moves of [`bean_moves`]: a position is the count of beans in each bottle.
    pub(super) struct MoveBeans;

    impl Game for MoveBeans {
        type Position = Vec<u64>;
        fn options(&self, counts: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
            out.extend(bean_moves(counts).into_iter().map(|(_, after)| after));
        }
    }

    #[test]
    fn hdu_5795_against_brute_force() {
        check("hdu-5795", |memo, cases| {
            cases
                .iter()
                .map(|c| {
                    let mut heaps = c[0].clone();
                    heaps.sort_unstable();
                    match memo
                        .outcome(&TakeOrSplitThree, &heaps, Convention::Normal)
                        .unwrap()
                    {
                        Outcome::N => "First player wins.\n",
                        _ => "Second player wins.\n",
                    }
                })
                .collect()
        });
    }

    #[test]
    fn luogu_p3185_against_brute_force() {
        check("luogu-p3185", |memo, cases| {
            let mut text = String::new();
            for c in cases {
                let winning: Vec<[usize; 3]> = bean_moves(&c[0])
                    .into_iter()
                    .filter(|(_, after)| {
                        memo.outcome(&MoveBeans, after, Convention::Normal).unwrap() == Outcome::P
                    })
                    .map(|(m, _)| m)
                    .collect();
                match winning.first() {
                    Some([i, j, k]) => text.push_str(&format!("{i} {j} {k}\n")),
                    None => text.push_str("-1 -1 -1\n"),
                }
                text.push_str(&format!("{}\n", winning.len()));
            }
            text
        });
    }

    #[test]
    fn small_inputs_give_both_answers() {
        // The lines that say who wins: every line, or the first of each test's two.
        for (id, step) in [("hdu-5795", 1), ("luogu-p3185", 2)] {
            let (mut won_count, mut lost_count) = (0, 0);
            for answer in small_answers(id) {
                for line in answer.lines().step_by(step) {
                    if matches!(line, "Second player wins." | "-1 -1 -1") {
                        lost_count += 1;
                    } else {
                        won_count += 1;
                    }
                }
            }
            assert_both_answers(id, won_count, lost_count, 5);
        }
    }

    #[test]
    fn max_inputs_are_valid() {
        for id in ["hdu-5795", "luogu-p3185"] {
            assert_max_input_is_valid(id);
        }
    }
}
