//! HDU 1404 Digital Deletions: a string of digits; a move lowers one digit, or erases a 0 and
//! every digit to its right. Who erases the last digit wins.
//!
//! Theory: a string that starts with 0 is won (erase everything). Any other string of up to six
//! digits is a number from 1 to 999999, its length being its number of digits, and each of its
//! moves leads to a smaller number or to a string starting with 0. So the lost numbers are found
//! in increasing order: a number no earlier lost number reaches is lost, and every number that
//! reaches it in one move (raise one of its digits, or append a 0 and any digits) is won.
//! Checked against a search of the game on every string of up to five digits by
//! `tests::the_table_matches_a_search_of_every_short_string`.

use std::io::Write;

use rand::Rng;

use crate::{Input, Problem, Size};

/// HDU 1404: strings of 1 to 6 digits; tests until the end (10^5 for `--size max`).
const DIGITS: usize = 6;
const LINES: u64 = 100_000;

pub const PROBLEM: Problem = Problem {
    id: "hdu-1404",
    aliases: &["zoj-1104"],
    title: "Digital Deletions: lower a digit or erase from a 0 on (strings until the end)",
    answers: "`Yes` / `No`",
    nim: None,
    solve,
    generate: |rng, size| {
        let (lines, longest) = match size {
            Size::Small => (rng.random_range(1..=4), 4),
            Size::Max => (LINES, DIGITS),
        };
        // A case is one string, its digits as numbers. A third of the small ones are lost
        // strings (from the table; the tests search the game itself).
        let lost: Vec<usize> = match size {
            Size::Small => Lost::new().numbers_below(10_000),
            Size::Max => Vec::new(),
        };
        (0..lines)
            .map(|_| {
                if !lost.is_empty() && rng.random_ratio(1, 3) {
                    let n = lost[rng.random_range(0..lost.len())];
                    return vec![n.to_string().bytes().map(|b| u64::from(b - b'0')).collect()];
                }
                let len = rng.random_range(1..=longest);
                let zero_first = rng.random_ratio(1, 5);
                vec![
                    (0..len)
                        .map(|i| {
                            if i == 0 && !zero_first {
                                rng.random_range(1..=9)
                            } else {
                                rng.random_range(0..=9)
                            }
                        })
                        .collect(),
                ]
            })
            .collect()
    },
    format: |cases| {
        let mut text = String::new();
        for case in cases {
            text.extend(case[0].iter().map(|&d| char::from(b'0' + d as u8)));
            text.push('\n');
        }
        text
    },
};

/// Which numbers 1..10^6 are lost for the player to move (see the module doc).
pub struct Lost(Vec<bool>);

impl Lost {
    /// The table, in about a millisecond: the lost numbers are few.
    pub fn new() -> Lost {
        let limit = 10usize.pow(DIGITS as u32);
        let mut won = vec![false; limit];
        let mut lost = vec![false; limit];
        for x in 1..limit {
            if won[x] {
                continue;
            }
            lost[x] = true;
            let len = x.ilog10() as usize + 1;
            // Raise one digit.
            let mut place = 1;
            while place <= x {
                let digit = x / place % 10;
                for higher in digit + 1..=9 {
                    won[x + (higher - digit) * place] = true;
                }
                place *= 10;
            }
            // Append a 0 and any digits: x·10^j + y, y < 10^(j−1).
            for j in 1..=DIGITS - len {
                let base = x * 10usize.pow(j as u32);
                won[base..base + 10usize.pow(j as u32 - 1)].fill(true);
            }
        }
        Lost(lost)
    }

    /// The lost numbers below `limit`, in increasing order.
    pub fn numbers_below(&self, limit: usize) -> Vec<usize> {
        (1..limit.min(self.0.len()))
            .filter(|&x| self.0[x])
            .collect()
    }

    /// Whether the player to move wins `digits` (1 to 6 ASCII digits).
    pub fn first_wins(&self, digits: &[u8]) -> bool {
        digits[0] == b'0'
            || !self.0[digits
                .iter()
                .fold(0, |x, &d| x * 10 + usize::from(d - b'0'))]
    }
}

fn solve(input: &mut Input, out: &mut dyn Write) -> anyhow::Result<()> {
    let lost = Lost::new();
    while let Some(word) = input.read_word_or_end() {
        if !word.iter().all(u8::is_ascii_digit) {
            return Err(input.bad_word(word, "a string of digits", "not all digits"));
        }
        if word.len() > DIGITS {
            return Err(input.bad_word(word, "a string of digits", "more than 6 digits"));
        }
        let answer = if lost.first_wins(word) { "Yes" } else { "No" };
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

    /// "Lowers one digit, or erases a 0 and every digit to its right"; the empty string has no
    /// move (its opponent erased the last digit and won).
    struct Deletions;

    impl Game for Deletions {
        type Position = Vec<u8>;
        fn options(&self, digits: &Vec<u8>, out: &mut Vec<Vec<u8>>) {
            for (i, &d) in digits.iter().enumerate() {
                for lower in b'0'..d {
                    let mut next = digits.clone();
                    next[i] = lower;
                    out.push(next);
                }
                if d == b'0' {
                    out.push(digits[..i].to_vec());
                }
            }
        }
    }

    /// Every string of `len` digits.
    fn strings(len: u32) -> impl Iterator<Item = Vec<u8>> {
        (0..10u32.pow(len)).map(move |n| format!("{n:0width$}", width = len as usize).into_bytes())
    }

    #[test]
    fn the_table_matches_a_search_of_every_short_string() {
        let lost = Lost::new();
        let mut memo = Memo::new();
        for len in 1..=5 {
            for s in strings(len) {
                let won = memo.outcome(&Deletions, &s, Convention::Normal).unwrap() == Outcome::N;
                assert_eq!(lost.first_wins(&s), won, "{}", String::from_utf8_lossy(&s));
            }
        }
    }

    #[test]
    fn hdu_1404_against_brute_force() {
        check("hdu-1404", |memo, cases| {
            cases
                .iter()
                .map(|case| {
                    let s: Vec<u8> = case[0].iter().map(|&d| b'0' + d as u8).collect();
                    let won = memo.outcome(&Deletions, &s, Convention::Normal).unwrap();
                    if won == Outcome::N { "Yes\n" } else { "No\n" }
                })
                .collect()
        });
    }
}
