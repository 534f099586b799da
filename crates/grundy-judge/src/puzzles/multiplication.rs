//! HDU 1517 A Multiplication Game: p starts at 1; the players multiply it by 2 to 9 in turn, and
//! whoever first makes p ≥ n wins.
//!
//! Theory: the player to move at p wins at once when 9p ≥ n. Read backwards, the mover wins for
//! n in [2, 9], loses for n in [10, 18] (every product is at most 9 and leaves 9p ≥ n to the
//! opponent), wins for [19, 162], loses for [163, 324], …: the ranges grow by 9 and by 2 in turn,
//! so the first player loses iff ⌈n/18⌉ applied until n ≤ 18 leaves n above 9. Checked against a
//! search of the game for every n up to 20000 by
//! `tests::the_ranges_match_a_search_for_every_target`.

use std::io::Write;

use rand::Rng;

use crate::{Input, Problem, Size, line_per_case};

/// HDU 1517: 1 < n < 4294967295; lines until the end (10^5 for `--size max`).
const LIMIT: u64 = 4_294_967_294;
const LINES: u64 = 100_000;

pub const PROBLEM: Problem = Problem {
    id: "hdu-1517",
    aliases: &["poj-2505", "uva-847"],
    title: "A Multiplication Game: multiply p by 2 to 9, first to reach n wins (lines until the end)",
    answers: "`Stan wins.` / `Ollie wins.`",
    nim: None,
    solve,
    generate: |rng, size| {
        let (lines, hi) = match size {
            Size::Small => (rng.random_range(1..=4), 400),
            Size::Max => (LINES, LIMIT),
        };
        (0..lines)
            .map(|_| vec![vec![rng.random_range(2..=hi)]])
            .collect()
    },
    format: |cases| line_per_case(cases, ""),
};

/// Whether the first player (Stan) wins for the target `n` ≥ 2.
pub fn first_wins(mut n: u64) -> bool {
    while n > 18 {
        n = n.div_ceil(18);
    }
    n <= 9
}

fn solve(input: &mut Input, out: &mut dyn Write) -> anyhow::Result<()> {
    while let Some(n) = input.read_or_end("the target n", 2, LIMIT)? {
        // n ≤ 1 is reached before anyone moves: nobody can win it.
        if n < 2 {
            anyhow::bail!(
                "{}: the target n {n} is reached before the first move (n > 1)",
                input.last_place()
            );
        }
        let answer = if first_wins(n) {
            "Stan wins."
        } else {
            "Ollie wins."
        };
        writeln!(out, "{answer}")?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use grundy::engine::Memo;
    use grundy::{Convention, Game, Outcome};

    use super::*;
    use crate::nim::tests::check;

    /// "Multiplies p by 2 to 9; the first to make p ≥ n wins": a position p ≥ n is over.
    struct Multiply {
        n: u64,
    }

    impl Game for Multiply {
        type Position = u64;
        fn options(&self, &p: &u64, out: &mut Vec<u64>) {
            if p < self.n {
                out.extend((2..=9).map(|k| p * k));
            }
        }
    }

    fn searched(n: u64) -> bool {
        Memo::new()
            .outcome(&Multiply { n }, &1, Convention::Normal)
            .unwrap()
            == Outcome::N
    }

    #[test]
    fn the_ranges_match_a_search_for_every_target() {
        for n in 2..=20_000 {
            assert_eq!(first_wins(n), searched(n), "n = {n}");
        }
    }

    #[test]
    fn hdu_1517_against_brute_force() {
        check("hdu-1517", |_: &mut Memo<u64>, cases| {
            cases
                .iter()
                .map(|c| {
                    if searched(c[0][0]) {
                        "Stan wins.\n"
                    } else {
                        "Ollie wins.\n"
                    }
                })
                .collect()
        });
    }
}
