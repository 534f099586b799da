//! Luogu P4101 [HEOI2014] 人人尽说江南好: n piles of one stone; a move merges two piles into one
//! of at most m stones. Who cannot move loses.
//!
//! Theory (the problem's published solution): with perfect play the game lasts exactly
//! n − ⌈n/m⌉ merges, the count of merging greedily into full piles of m and one of n mod m; the
//! player for whom that count's parity wins can hold the game to it. So the first player wins
//! iff n − ⌈n/m⌉ is odd. Checked against a search of the game for every n, m ≤ 14 by
//! `tests::the_parity_of_the_merges_matches_a_search`.

use std::io::Write;

use rand::Rng;

use crate::{Input, Problem, Size};

/// Luogu P4101: T ≤ 100, 1 ≤ n, m ≤ 10^9.
const TESTS: u64 = 100;
const LIMIT: u64 = 1_000_000_000;

pub const PROBLEM: Problem = Problem {
    id: "luogu-p4101",
    aliases: &[],
    title: "[HEOI2014] 人人尽说江南好: merge piles of single stones, no pile above m, T tests",
    answers: "`0` (the first player wins) / `1`",
    nim: None,
    solve,
    generate: |rng, size| {
        let (tests, hi) = match size {
            Size::Small => (rng.random_range(1..=4), 10),
            Size::Max => (TESTS, LIMIT),
        };
        (0..tests)
            .map(|_| vec![vec![rng.random_range(1..=hi), rng.random_range(1..=hi)]])
            .collect()
    },
    // A case is [[n, m]]: one line, no count before it.
    format: |cases| {
        let mut text = format!("{}\n", cases.len());
        for case in cases {
            text.push_str(&format!("{} {}\n", case[0][0], case[0][1]));
        }
        text
    },
};

/// How many merges the game lasts: n − ⌈n/m⌉.
pub fn merges(n: u64, m: u64) -> u64 {
    n - n.div_ceil(m)
}

fn solve(input: &mut Input, out: &mut dyn Write) -> anyhow::Result<()> {
    let tests = input.read("the number of tests T", 1, TESTS)?;
    for _ in 0..tests {
        let n = input.read("the number of stones n", 1, LIMIT)?;
        let m = input.read("the largest pile m", 1, LIMIT)?;
        if m == 0 {
            anyhow::bail!(
                "{}: the largest pile m is 0: a pile holds at least one stone",
                input.last_place()
            );
        }
        // The statement's inverted answer: 0 when the first player wins.
        let answer = if merges(n, m) % 2 == 1 { "0" } else { "1" };
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

    /// "Merges two piles into one of at most m stones": the piles sorted, and m.
    struct Merge;

    impl Game for Merge {
        type Position = (Vec<u64>, u64);
        fn options(&self, (piles, m): &(Vec<u64>, u64), out: &mut Vec<(Vec<u64>, u64)>) {
            for i in 0..piles.len() {
                for j in i + 1..piles.len() {
                    if piles[i] + piles[j] <= *m {
                        let mut next = piles.clone();
                        next[i] += next.remove(j);
                        next.sort_unstable();
                        out.push((next, *m));
                    }
                }
            }
        }
    }

    fn first_wins(memo: &mut Memo<(Vec<u64>, u64)>, n: u64, m: u64) -> bool {
        memo.outcome(&Merge, &(vec![1; n as usize], m), Convention::Normal)
            .unwrap()
            == Outcome::N
    }

    #[test]
    fn the_parity_of_the_merges_matches_a_search() {
        let mut memo = Memo::new();
        for n in 1..=14 {
            for m in 1..=14 {
                assert_eq!(
                    first_wins(&mut memo, n, m),
                    merges(n, m) % 2 == 1,
                    "{n} {m}"
                );
            }
        }
    }

    #[test]
    fn luogu_p4101_against_brute_force() {
        check("luogu-p4101", |memo, cases| {
            cases
                .iter()
                .map(|c| {
                    if first_wins(memo, c[0][0], c[0][1]) {
                        "0\n"
                    } else {
                        "1\n"
                    }
                })
                .collect()
        });
    }
}
