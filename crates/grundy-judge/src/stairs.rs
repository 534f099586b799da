//! Problems that are staircase Nim in disguise (coins sliding left, stones moving right) and Nim
//! with a shrinking cap.
//!
//! Two of the statements could not be read on their judges' own pages (see the project's problem
//! notes): the formats are the ones the published solutions read, and the limits below are ours,
//! chosen so that `--size max` inputs stay a few megabytes. `--no-limits` lifts them.

use std::io::Write;

use anyhow::anyhow;
use grundy::Outcome;
use grundy::games::coins::{self, CoinsError};
use grundy::games::{grid, nonincreasing};
use rand::Rng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;

use super::nim::{piles, with_test_count};
use super::{Input, Problem, Size, join};

/// nowcoder-218562 (assumed): at most 100 tests, 10^5 cells each and 10^6 in all, 10^9 stones a
/// cell.
const GRID_TESTS: u64 = 100;
const GRID_CELLS: u64 = 100_000;
const GRID_CELLS_IN_ALL: u64 = 1_000_000;
const GRID_STONES: u64 = 1_000_000_000;

/// nanchang-2026 (assumed): at most 10^4 tests and 2·10^5 piles in all; piles and the cap are
/// signed 64-bit values (what the published solution reads), so below 2^63.
const CAP_TESTS: u64 = 10_000;
const CAP_PILES_IN_ALL: u64 = 200_000;
const CAP_VALUE: u64 = i64::MAX as u64;

pub const PROBLEMS: &[Problem] = &[
    Problem {
        id: "poj-1704",
        aliases: &["luogu-p10507"],
        title: "Georgia and Bob: chessmen slide left on a strip, T tests",
        answers: "`Georgia will win` / `Bob will win`",
        nim: None,
        solve: georgia_and_bob,
        generate: |rng, size| {
            let tests = if size == Size::Max {
                20
            } else {
                rng.random_range(1..=3)
            };
            (0..tests).map(|_| vec![coin_row(rng, size)]).collect()
        },
        format: with_test_count,
    },
    Problem {
        id: "nowcoder-218562",
        aliases: &[],
        title: "lyw的石子游戏: stones move right, T tests (limits assumed: T ≤ 100, n ≤ 10^5, Σn ≤ 10^6, a_i ≤ 10^9)",
        answers: "`lyw` / `zgc`",
        nim: None,
        solve: stones_move_right,
        generate: |rng, size| {
            let tests = if size == Size::Max {
                GRID_CELLS_IN_ALL / GRID_CELLS
            } else {
                rng.random_range(1..=3)
            };
            (0..tests).map(|_| vec![grid_cells(rng, size)]).collect()
        },
        format: with_test_count,
    },
    Problem {
        id: "nanchang-2026",
        aliases: &[],
        title: "2026 ICPC Nanchang: Nim, each move takes at most what the previous took, T tests (limits assumed: T ≤ 10^4, Σn ≤ 2·10^5, k ≥ 1, values < 2^63)",
        answers: "`Alice` / `Bob`",
        nim: None,
        solve: shrinking_cap,
        generate: |rng, size| {
            let tests = if size == Size::Max {
                10
            } else {
                rng.random_range(1..=3)
            };
            (0..tests)
                .map(|_| {
                    let k = match size {
                        Size::Small => rng.random_range(1..=9),
                        Size::Max => rng.random_range(1..=CAP_VALUE),
                    };
                    let max_count = CAP_PILES_IN_ALL / tests;
                    vec![
                        piles(rng, size, (1, 4), max_count, (0, 8), CAP_VALUE),
                        vec![k],
                    ]
                })
                .collect()
        },
        // A case is [piles, [k]]: "T", then "n k" and the piles for each test.
        format: |cases| {
            let mut text = format!("{}\n", cases.len());
            for case in cases {
                text.push_str(&format!(
                    "{} {}\n{}\n",
                    case[0].len(),
                    join(&case[1]),
                    join(&case[0])
                ));
            }
            text
        },
    },
];

/// Distinct cells in random order: small rows are built from gaps of up to 3 free cells (a third
/// of them P-positions), the largest pick 1000 of the cells 1..=10000.
fn coin_row(rng: &mut ChaCha8Rng, size: Size) -> Vec<u64> {
    if size == Size::Max {
        return rand::seq::index::sample(rng, 10_000, 1000)
            .into_iter()
            .map(|i| i as u64 + 1)
            .collect();
    }
    let n = rng.random_range(1..=5);
    let mut gaps: Vec<u64> = (0..n).map(|_| rng.random_range(0..=3)).collect();
    if rng.random_ratio(1, 3) {
        // The gaps that count are those before the 1st, 3rd, … coin from the right.
        gaps[n - 1] = gaps[..n - 1]
            .iter()
            .rev()
            .skip(1)
            .step_by(2)
            .fold(0, |x, g| x ^ g);
    }
    let mut cells: Vec<u64> = gaps
        .iter()
        .scan(0, |cell, g| {
            *cell += g + 1;
            Some(*cell)
        })
        .collect();
    cells.shuffle(rng);
    cells
}

/// Small rows of up to 5 cells of up to 5 stones (a third of them P-positions), or the largest.
fn grid_cells(rng: &mut ChaCha8Rng, size: Size) -> Vec<u64> {
    if size == Size::Max {
        return (0..GRID_CELLS)
            .map(|_| rng.random_range(0..=GRID_STONES))
            .collect();
    }
    let n = rng.random_range(1..=5);
    let mut cells: Vec<u64> = (0..n).map(|_| rng.random_range(0..=5)).collect();
    if n >= 2 && rng.random_ratio(1, 3) {
        // The cells that count are n − 1, n − 3, …: match the first with the others.
        let rest = cells[..n - 2]
            .iter()
            .rev()
            .skip(1)
            .step_by(2)
            .fold(0, |x, a| x ^ a);
        if rest <= 5 {
            cells[n - 2] = rest;
        }
    }
    cells
}

fn georgia_and_bob(input: &mut Input, out: &mut dyn Write) -> anyhow::Result<()> {
    let tests = input.read("the number of tests T", 1, 20)?;
    for _ in 0..tests {
        let n = input.read("the number of chessmen N", 1, 1000)?;
        let list = input.mark();
        let cells = input.read_list(n, "a position P_i", 1, 10_000)?;
        let value = coins::value(&cells).map_err(|e| match e {
            CoinsError::NotACell { place } => anyhow!(
                "{}: position 0 is not a cell (cells are numbered from 1)",
                list.place(place)
            ),
            CoinsError::SameCell {
                place,
                earlier,
                cell,
            } => anyhow!(
                "{}: position {cell} is taken already (at {}): the chessmen stand on distinct cells",
                list.place(place),
                list.place(earlier)
            ),
            other => anyhow!("{}: {other}", list.place(1)),
        })?;
        let answer = if value.is_zero() {
            "Bob will win"
        } else {
            "Georgia will win"
        };
        writeln!(out, "{answer}")?;
    }
    Ok(())
}

fn stones_move_right(input: &mut Input, out: &mut dyn Write) -> anyhow::Result<()> {
    let tests = input.read("the number of tests T", 1, GRID_TESTS)?;
    let mut cells_in_all = 0u64;
    for _ in 0..tests {
        let n = input.read("the number of cells n", 1, GRID_CELLS)?;
        cells_in_all = cells_in_all.saturating_add(n);
        input.check(
            "the number of cells of all tests",
            cells_in_all,
            1,
            GRID_CELLS_IN_ALL,
        )?;
        let cells = input.read_list(n, "a number of stones a_i", 0, GRID_STONES)?;
        let answer = if grid::value(&cells).is_zero() {
            "zgc"
        } else {
            "lyw"
        };
        writeln!(out, "{answer}")?;
    }
    Ok(())
}

fn shrinking_cap(input: &mut Input, out: &mut dyn Write) -> anyhow::Result<()> {
    let tests = input.read("the number of tests T", 1, CAP_TESTS)?;
    let mut piles_in_all = 0u64;
    for _ in 0..tests {
        let n = input.read("the number of piles n", 1, CAP_PILES_IN_ALL)?;
        piles_in_all = piles_in_all.saturating_add(n);
        input.check(
            "the number of piles of all tests",
            piles_in_all,
            1,
            CAP_PILES_IN_ALL,
        )?;
        let k = input.read("the first move's cap k", 1, CAP_VALUE)?;
        let piles = input.read_list(n, "a pile size a_i", 0, CAP_VALUE)?;
        let answer = if nonincreasing::outcome(&piles, k) == Outcome::N {
            "Alice"
        } else {
            "Bob"
        };
        writeln!(out, "{answer}")?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    //! Each problem against a brute-force search written from its statement and solved by the
    //! generic engine, never by the staircase or lowbit rules the judge relies on.
    use grundy::engine::Memo;
    use grundy::{Convention, Game};

    use super::*;
    use crate::Case;
    use crate::nim::tests::check;
    use crate::testing::{assert_lines_give_both_answers, assert_max_input_is_valid};

    /// "Moves one chessman left by at least one cell, not over or onto another, not off the
    /// board." A position is the set of occupied cells, sorted.
    struct SlideLeft;

    impl Game for SlideLeft {
        type Position = Vec<u64>;
        fn options(&self, cells: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
            for (i, &from) in cells.iter().enumerate() {
                for to in (1..from).rev().take_while(|c| !cells.contains(c)) {
                    let mut next = cells.clone();
                    next[i] = to;
                    next.sort_unstable();
                    out.push(next);
                }
            }
        }
    }

    /// "Takes at least one stone from a cell i < n and puts them on cell i + 1."
    struct CarryRight;

    impl Game for CarryRight {
        type Position = Vec<u64>;
        fn options(&self, cells: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
            for i in 0..cells.len().saturating_sub(1) {
                for moved in 1..=cells[i] {
                    let mut next = cells.clone();
                    next[i] -= moved;
                    next[i + 1] += moved;
                    out.push(next);
                }
            }
        }
    }

    /// "Removes at least one stone and at most the cap from one pile; the cap becomes what was
    /// removed." A position is the piles and the cap.
    struct AtMostThePrevious;

    impl Game for AtMostThePrevious {
        type Position = (Vec<u64>, u64);
        fn options(&self, (piles, cap): &(Vec<u64>, u64), out: &mut Vec<(Vec<u64>, u64)>) {
            for i in 0..piles.len() {
                for taken in 1..=piles[i].min(*cap) {
                    let mut next = piles.clone();
                    next[i] -= taken;
                    out.push((next, taken));
                }
            }
        }
    }

    /// One line per case: `first` if the player to move wins `position(case)`, else `second`.
    fn winners<G: Game>(
        memo: &mut Memo<G::Position>,
        game: &G,
        cases: &[Case],
        position: impl Fn(&Case) -> G::Position,
        (first, second): (&str, &str),
    ) -> String {
        cases
            .iter()
            .map(|case| {
                let outcome = memo
                    .outcome(game, &position(case), Convention::Normal)
                    .unwrap();
                format!("{}\n", if outcome == Outcome::N { first } else { second })
            })
            .collect()
    }

    #[test]
    fn poj_1704_against_brute_force() {
        check("poj-1704", |memo, cases| {
            let sorted = |case: &Case| {
                let mut cells = case[0].clone();
                cells.sort_unstable();
                cells
            };
            winners(
                memo,
                &SlideLeft,
                cases,
                sorted,
                ("Georgia will win", "Bob will win"),
            )
        });
    }

    #[test]
    fn nowcoder_218562_against_brute_force() {
        check("nowcoder-218562", |memo, cases| {
            winners(memo, &CarryRight, cases, |c| c[0].clone(), ("lyw", "zgc"))
        });
    }

    #[test]
    fn nanchang_2026_against_brute_force() {
        check("nanchang-2026", |memo, cases| {
            winners(
                memo,
                &AtMostThePrevious,
                cases,
                |c| (c[0].clone(), c[1][0]),
                ("Alice", "Bob"),
            )
        });
    }

    #[test]
    fn small_inputs_give_both_answers() {
        // The generators plant P-positions; without them the brute-force tests would see few.
        for (id, lost) in [
            ("poj-1704", "Bob will win"),
            ("nowcoder-218562", "zgc"),
            ("nanchang-2026", "Bob"),
        ] {
            assert_lines_give_both_answers(id, lost, 5);
        }
    }

    #[test]
    fn max_inputs_are_valid() {
        for id in ["poj-1704", "nowcoder-218562", "nanchang-2026"] {
            assert_max_input_is_valid(id);
        }
    }
}
