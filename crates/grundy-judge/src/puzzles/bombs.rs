//! HDU 2873 Bomb Game: bombs on an n×m board; exploding the bomb at (p, q) (rows and columns
//! from 1) places one bomb at some (u, q), u < p, and one at some (p, v), v < q (only the one
//! that exists in the first row or column); two bombs on one cell vanish, and so does a bomb on
//! (1, 1), even one placed there at the start. Who has no bomb to explode loses.
//!
//! Theory: since two bombs on a cell cancel, a position is the XOR sum of its bombs, each a game
//! of its own (Sprague–Grundy). With a = p − 1 and b = q − 1, G(0, b) = b, G(a, 0) = a, and
//! G(a, b) = mex { G(a', b) ⊕ G(a, b') : a' < a, b' < b } otherwise; the table costs
//! O(n²m²/4) for an n×m board. Checked against a search of the game on every set of bombs of
//! every board of at most 4 rows and 4 columns by
//! `tests::the_values_match_a_search_of_every_set_of_bombs`.

use std::io::Write;

use grundy::MexSet;
use rand::Rng;

use crate::{Input, Problem, Size};

/// HDU 2873: 0 < n, m ≤ 50; tests until `0 0` (100 for `--size max`). Boards up to 100 on a
/// side are read with `--no-limits` (the table of 100×100 takes a few tens of milliseconds).
const SIDE: u64 = 50;
const MAX_SIDE: u64 = 100;
const TESTS: u64 = 100;

pub const PROBLEM: Problem = Problem {
    id: "hdu-2873",
    aliases: &[],
    title: "Bomb Game: a bomb at (p, q) spawns one above and one to the left (`0 0` ends)",
    answers: "`John` / `Jack`",
    nim: None,
    solve,
    generate: |rng, size| {
        let (tests, hi) = match size {
            Size::Small => (rng.random_range(1..=3), 3),
            Size::Max => (TESTS, SIDE),
        };
        // A case is [n, m] and then its rows, 1 for a bomb.
        (0..tests)
            .map(|_| {
                let (n, m) = match size {
                    Size::Small => (rng.random_range(1..=hi), rng.random_range(1..=hi)),
                    Size::Max => (hi, hi),
                };
                let mut case = vec![vec![n, m]];
                case.extend(
                    (0..n).map(|_| (0..m).map(|_| u64::from(rng.random_ratio(1, 3))).collect()),
                );
                case
            })
            .collect()
    },
    format: |cases| {
        let mut text = String::new();
        for case in cases {
            text.push_str(&format!("{} {}\n", case[0][0], case[0][1]));
            for row in &case[1..] {
                text.extend(row.iter().map(|&b| if b == 1 { '#' } else { '.' }));
                text.push('\n');
            }
        }
        text.push_str("0 0\n");
        text
    },
};

/// G(a, b) for a < rows, b < columns (see the module doc).
pub struct Values {
    columns: usize,
    values: Vec<u32>,
}

impl Values {
    /// The values of every cell of a `rows`×`columns` board.
    pub fn new(rows: usize, columns: usize) -> Values {
        let mut values = vec![0u32; rows * columns];
        let mut mex = MexSet::new();
        for a in 0..rows {
            for b in 0..columns {
                values[a * columns + b] = if a == 0 || b == 0 {
                    (a + b) as u32
                } else {
                    mex.clear();
                    for a2 in 0..a {
                        let above = values[a2 * columns + b];
                        for b2 in 0..b {
                            mex.insert(u64::from(above ^ values[a * columns + b2]));
                        }
                    }
                    mex.mex() as u32
                };
            }
        }
        Values { columns, values }
    }

    /// G(a, b), rows and columns from 0.
    pub fn get(&self, a: usize, b: usize) -> u32 {
        self.values[a * self.columns + b]
    }
}

fn solve(input: &mut Input, out: &mut dyn Write) -> anyhow::Result<()> {
    // Boards are read first, so the table is built once, for the largest.
    let mut boards: Vec<Vec<(usize, usize)>> = Vec::new();
    let (mut rows, mut columns) = (1, 1);
    while let Some(n) = input.read_or_end("the rows n (0 0 ends the input)", 0, SIDE)? {
        let m = input.read("the columns m", 0, SIDE)?;
        if n == 0 && m == 0 {
            break;
        }
        if n == 0 || m == 0 || n > MAX_SIDE || m > MAX_SIDE {
            anyhow::bail!(
                "{}: a board has 1 to {MAX_SIDE} rows and columns; only `0 0` ends the input",
                input.last_place()
            );
        }
        let (n, m) = (n as usize, m as usize);
        (rows, columns) = (rows.max(n), columns.max(m));
        let mut bombs = Vec::new();
        for a in 0..n {
            let row = input.read_word("a row of the board")?;
            if row.len() != m {
                let why = format!("{} cells, not {m}", row.len());
                return Err(input.bad_word(row, "a row of the board", &why));
            }
            for (b, &cell) in row.iter().enumerate() {
                match cell {
                    b'#' => bombs.push((a, b)),
                    b'.' => {}
                    _ => {
                        return Err(input.bad_word(
                            row,
                            "a row of '#' and '.'",
                            "another character",
                        ));
                    }
                }
            }
        }
        boards.push(bombs);
    }
    let values = Values::new(rows, columns);
    for bombs in &boards {
        let total = bombs.iter().fold(0, |x, &(a, b)| x ^ values.get(a, b));
        writeln!(out, "{}", if total == 0 { "Jack" } else { "John" })?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use grundy::engine::Memo;
    use grundy::{Convention, Game, Outcome};

    use super::*;
    use crate::nim::tests::check;

    /// The game as stated on a `rows`×`columns` board: a position is the set of cells holding a
    /// bomb (bit a·columns + b), since two bombs on a cell vanish.
    struct Explode {
        rows: usize,
        columns: usize,
    }

    impl Game for Explode {
        type Position = u32;
        fn options(&self, &bombs: &u32, out: &mut Vec<u32>) {
            let bit = |a: usize, b: usize| 1u32 << (a * self.columns + b);
            // A bomb landing on (1, 1) vanishes: it toggles nothing.
            let place = |set: u32, a: usize, b: usize| {
                if a == 0 && b == 0 {
                    set
                } else {
                    set ^ bit(a, b)
                }
            };
            for a in 0..self.rows {
                for b in 0..self.columns {
                    if bombs & bit(a, b) == 0 {
                        continue;
                    }
                    let without = bombs ^ bit(a, b);
                    match (a, b) {
                        // A bomb on (1, 1) vanishes at once: it never explodes.
                        (0, 0) => {}
                        (0, _) => out.extend((0..b).map(|v| place(without, 0, v))),
                        (_, 0) => out.extend((0..a).map(|u| place(without, u, 0))),
                        _ => {
                            for u in 0..a {
                                for v in 0..b {
                                    out.push(place(place(without, u, b), a, v));
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn the_values_match_a_search_of_every_set_of_bombs() {
        let values = Values::new(4, 4);
        for (rows, columns) in (1..=4).flat_map(|r| (1..=4).map(move |c| (r, c))) {
            let game = Explode { rows, columns };
            let mut memo = Memo::new();
            for bombs in 0..1u32 << (rows * columns) {
                let total = (0..rows * columns)
                    .filter(|i| bombs & (1 << i) != 0)
                    .fold(0, |x, i| x ^ values.get(i / columns, i % columns));
                let outcome = memo.outcome(&game, &bombs, Convention::Normal).unwrap();
                assert_eq!(
                    outcome == Outcome::N,
                    total != 0,
                    "{rows}×{columns}: {bombs:b}"
                );
            }
        }
    }

    #[test]
    fn hdu_2873_against_brute_force() {
        check("hdu-2873", |memo, cases| {
            cases
                .iter()
                .map(|case| {
                    let (rows, columns) = (case[0][0] as usize, case[0][1] as usize);
                    let bombs = case[1..]
                        .iter()
                        .flatten()
                        .enumerate()
                        .filter(|&(_, &b)| b == 1)
                        .fold(0u32, |set, (i, _)| set | 1 << i);
                    // One table for every board size: the board is part of the position.
                    let won = memo
                        .outcome(&Boards, &(rows, columns, bombs), Convention::Normal)
                        .unwrap();
                    if won == Outcome::N {
                        "John\n"
                    } else {
                        "Jack\n"
                    }
                })
                .collect()
        });
    }

    /// [`Explode`] with the board in the position.
    struct Boards;

    impl Game for Boards {
        type Position = (usize, usize, u32);
        fn options(&self, &(rows, columns, bombs): &Self::Position, out: &mut Vec<Self::Position>) {
            let mut options = Vec::new();
            Explode { rows, columns }.options(&bombs, &mut options);
            out.extend(options.into_iter().map(|b| (rows, columns, b)));
        }
    }
}
