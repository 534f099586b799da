//! HDU 1729 Stone Game: boxes of capacity s hold c stones; a move puts k more stones into one
//! box, 1 ≤ k ≤ c² (c before the move), never beyond its capacity. Who cannot move loses.
//!
//! Theory: boxes are independent (their values XOR). Let q be the largest number with
//! q + q² < s. A box with c > q reaches every count from c + 1 to s (c + c² ≥ s), so it is a
//! Nim heap of s − c. A box with c = q cannot fill up, and every count it reaches is above q: a
//! heap of at least 1 each, so it is worth 0. A box with c < q is worth what it is worth in a box
//! of capacity q. An empty box never moves (0² = 0): worth 0. These rules are checked against a
//! search of the game on every box up to a capacity of 400 by
//! `tests::the_box_rule_matches_a_search_of_every_box`.

use std::io::Write;

use rand::Rng;

use crate::{Input, Problem, Size};

/// HDU 1729: 0 < N ≤ 50 boxes, 0 ≤ c_i ≤ s_i ≤ 10^6; tests until `0` (1000 for `--size max`).
const BOXES: u64 = 50;
const CAPACITY: u64 = 1_000_000;
const TESTS: u64 = 1000;

pub const PROBLEM: Problem = Problem {
    id: "hdu-1729",
    aliases: &[],
    title: "Stone Game: boxes with capacities, put in at most c² stones (`0` ends)",
    answers: "`Case k:` then `Yes` / `No`",
    nim: None,
    solve,
    generate: |rng, size| {
        let (tests, boxes, hi) = match size {
            Size::Small => (rng.random_range(1..=3), rng.random_range(1..=3), 12),
            Size::Max => (TESTS, BOXES, CAPACITY),
        };
        (0..tests)
            .map(|_| {
                (0..boxes)
                    .map(|_| {
                        let s = rng.random_range(0..=hi);
                        vec![s, rng.random_range(0..=s)]
                    })
                    .collect()
            })
            .collect()
    },
    // A case is its boxes, each [s, c].
    format: |cases| {
        let mut text = String::new();
        for case in cases {
            text.push_str(&format!("{}\n", case.len()));
            for b in case {
                text.push_str(&format!("{} {}\n", b[0], b[1]));
            }
        }
        text.push_str("0\n");
        text
    },
};

/// The value of a box of capacity `s` holding `c` ≤ `s` stones (see the module doc).
pub fn value(mut s: u64, c: u64) -> u64 {
    if c == 0 {
        return 0;
    }
    loop {
        // The largest q with q + q² < s, from the square root of 4s − 3 and then exactly (in
        // 128 bits: q(q + 1) may pass 2^64 for the largest s).
        let s_wide = u128::from(s);
        let mut q = ((4 * s_wide).saturating_sub(3).isqrt() as u64).saturating_sub(1) / 2;
        let fits = |q: u64| u128::from(q) * (u128::from(q) + 1) < s_wide;
        while fits(q + 1) {
            q += 1;
        }
        while q > 0 && !fits(q) {
            q -= 1;
        }
        match c.cmp(&q) {
            std::cmp::Ordering::Greater => return s - c,
            std::cmp::Ordering::Equal => return 0,
            std::cmp::Ordering::Less => s = q,
        }
    }
}

fn solve(input: &mut Input, out: &mut dyn Write) -> anyhow::Result<()> {
    let mut case = 0;
    // Tests until a line with 0 (or the end of the input).
    while let Some(n) = input.read_or_end("the number of boxes N (0 ends the input)", 0, BOXES)? {
        if n == 0 {
            break;
        }
        let mut total = 0;
        for _ in 0..n {
            let s = input.read("a capacity s_i", 0, CAPACITY)?;
            let c = input.read("a number of stones c_i", 0, CAPACITY)?;
            if c > s {
                anyhow::bail!(
                    "{}: the box holds {c} stones, more than its capacity {s}",
                    input.last_place()
                );
            }
            total ^= value(s, c);
        }
        case += 1;
        let answer = if total == 0 { "No" } else { "Yes" };
        writeln!(out, "Case {case}:\n{answer}")?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use grundy::engine::Memo;
    use grundy::{Convention, Game, Nimber, Outcome};

    use super::*;
    use crate::nim::tests::check;

    /// "Puts k more stones into one box, 1 ≤ k ≤ c², not beyond its capacity": boxes as (s, c).
    struct FillBoxes;

    impl Game for FillBoxes {
        type Position = Vec<(u64, u64)>;
        fn options(&self, boxes: &Vec<(u64, u64)>, out: &mut Vec<Vec<(u64, u64)>>) {
            for (i, &(s, c)) in boxes.iter().enumerate() {
                for to in c + 1..=s.min(c + c * c) {
                    let mut next = boxes.clone();
                    next[i].1 = to;
                    out.push(next);
                }
            }
        }
    }

    #[test]
    fn the_box_rule_matches_a_search_of_every_box() {
        let mut memo = Memo::new();
        for s in 0..=400 {
            for c in 0..=s {
                let searched = memo.grundy(&FillBoxes, &vec![(s, c)]).unwrap();
                assert_eq!(Nimber(value(s, c)), searched, "s = {s}, c = {c}");
            }
        }
    }

    #[test]
    fn the_largest_capacities_do_not_overflow() {
        for s in [CAPACITY, u64::from(u32::MAX), u64::MAX / 8, u64::MAX] {
            for c in [1, 2, 3, 999, s / 2, s - 1, s] {
                assert!(value(s, c) <= s - c);
            }
        }
        // 3 + 9 ≥ 12 but 2 + 4 < 12: the box of 12 holding 3 is a heap of 9.
        assert_eq!(value(12, 3), 9);
    }

    #[test]
    fn hdu_1729_against_brute_force() {
        check("hdu-1729", |memo, cases| {
            cases
                .iter()
                .enumerate()
                .map(|(k, case)| {
                    let boxes: Vec<(u64, u64)> = case.iter().map(|b| (b[0], b[1])).collect();
                    let won = memo
                        .outcome(&FillBoxes, &boxes, Convention::Normal)
                        .unwrap()
                        == Outcome::N;
                    format!("Case {}:\n{}\n", k + 1, if won { "Yes" } else { "No" })
                })
                .collect()
        });
    }
}
