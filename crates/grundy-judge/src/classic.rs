//! Classic game problems that are rulesets of the library in disguise: the Cutting Game, kiki's
//! game (the king's walk), E&D (pair splitting), Treblecross (the octal game 0.007 two cells
//! on), Northcott's game (Nim on the gaps) and 高手过招 (coin sliding on the empty cells).
//!
//! Where a statement gives no number of tests (input read until its end), `--size max` writes
//! the count below, ours.

use std::io::Write;

use anyhow::anyhow;
use grundy::games::cutting::{CuttingError, CuttingTable};
use grundy::games::octal::{DEFAULT_MAX_HEAP, Octal};
use grundy::games::pair_split::{self, PairSplitError};
use grundy::games::{coins, king, nim};
use grundy::values::Description;
use grundy::{Nimber, Outcome};
use rand::Rng;
use rand_chacha::ChaCha8Rng;

use super::nim::with_test_count;
use super::{Case, Input, Problem, Size, join, line_per_case};

/// POJ 2311: 2 ≤ W, H ≤ 200; lines until the end (10^5 for `--size max`).
const SHEET_SIDE: u64 = 200;
const SHEET_LINES: u64 = 100_000;
/// HDU 2147: 0 < n, m ≤ 2000; lines until `0 0` (10^5 for `--size max`).
const BOARD_SIDE: u64 = 2000;
const BOARD_LINES: u64 = 100_000;
/// Luogu P2148: T ≤ 20, N ≤ 2·10^4 (even), 1 ≤ S_i ≤ 2·10^9.
const PAIR_TESTS: u64 = 20;
const PAIR_PILES: u64 = 20_000;
const PAIR_PILE: u64 = 2_000_000_000;
/// POJ 3537: 3 ≤ n ≤ 2000; integers until the end (every n once for `--size max`).
const STRIP_MIN: u64 = 3;
const STRIP_MAX: u64 = 2000;
/// HDU 1730: 1 ≤ n ≤ 1000 rows, 2 ≤ m ≤ 100 columns; tests until the end (100 for
/// `--size max`).
const ROWS: u64 = 1000;
const COLUMNS: u64 = 100;
const ROW_TESTS: u64 = 100;
/// Luogu P2575: T ≤ 100, n ≤ 1000 rows of 20 columns.
const JUMP_TESTS: u64 = 100;
const JUMP_ROWS: u64 = 1000;
const JUMP_COLUMNS: u64 = 20;

pub const PROBLEMS: &[Problem] = &[
    Problem {
        id: "poj-2311",
        aliases: &["luogu-p10501"],
        title: "Cutting Game: cut a W×H sheet, who first cuts out a 1×1 wins (lines until the end)",
        answers: "`WIN` / `LOSE`",
        nim: None,
        solve: cutting_game,
        generate: |rng, size| {
            let (count, hi) = match size {
                Size::Small => (rng.random_range(1..=4), 7),
                Size::Max => (SHEET_LINES, SHEET_SIDE),
            };
            (0..count)
                .map(|_| vec![vec![rng.random_range(2..=hi), rng.random_range(2..=hi)]])
                .collect()
        },
        format: |cases| line_per_case(cases, ""),
    },
    Problem {
        id: "hdu-2147",
        aliases: &[],
        title: "kiki's game: a coin steps left, down or down-left on an n×m board (`0 0` ends)",
        answers: "`Wonderful!` / `What a pity!`",
        nim: None,
        solve: kikis_game,
        generate: |rng, size| {
            let (count, hi) = match size {
                Size::Small => (rng.random_range(1..=4), 6),
                Size::Max => (BOARD_LINES, BOARD_SIDE),
            };
            (0..count)
                .map(|_| vec![vec![rng.random_range(1..=hi), rng.random_range(1..=hi)]])
                .collect()
        },
        format: |cases| line_per_case(cases, "0 0\n"),
    },
    Problem {
        id: "luogu-p2148",
        aliases: &[],
        title: "[SDOI2009] E&D: remove one pile of a group and split the other, T tests",
        answers: "`YES` / `NO`",
        nim: None,
        solve: e_and_d,
        generate: |rng, size| {
            let tests = match size {
                Size::Small => rng.random_range(1..=3),
                Size::Max => PAIR_TESTS,
            };
            (0..tests).map(|_| vec![pair_piles(rng, size)]).collect()
        },
        format: with_test_count,
    },
    Problem {
        id: "poj-3537",
        aliases: &["gym-100078c"],
        title: "Crosses and Crosses: Treblecross on a 1×n strip (integers until the end)",
        answers: "`1` / `2`",
        nim: None,
        solve: crosses_and_crosses,
        generate: |rng, size| match size {
            Size::Small => (0..rng.random_range(1..=3))
                .map(|_| {
                    // The second player wins at 6 and 12 only below 22: ask for them often.
                    let n = if rng.random_ratio(1, 3) {
                        6 * rng.random_range(1..=2)
                    } else {
                        rng.random_range(STRIP_MIN..=13)
                    };
                    vec![vec![n]]
                })
                .collect(),
            Size::Max => (STRIP_MIN..=STRIP_MAX).map(|n| vec![vec![n]]).collect(),
        },
        format: |cases| line_per_case(cases, ""),
    },
    Problem {
        id: "hdu-1730",
        aliases: &[],
        title: "Northcott Game: a black and a white piece a row, slide without passing (tests until the end)",
        answers: "`I WIN!` / `BAD LUCK!`",
        nim: None,
        solve: northcott,
        generate: |rng, size| {
            let tests = match size {
                Size::Small => rng.random_range(1..=3),
                Size::Max => ROW_TESTS,
            };
            (0..tests).map(|_| northcott_rows(rng, size)).collect()
        },
        // A case is [[m], [T_1, J_1], [T_2, J_2], …].
        format: |cases| {
            let mut text = String::new();
            for case in cases {
                text.push_str(&format!("{} {}\n", case.len() - 1, case[0][0]));
                for row in &case[1..] {
                    text.push_str(&format!("{}\n", join(row)));
                }
                text.push('\n');
            }
            text
        },
    },
    Problem {
        id: "luogu-p2575",
        aliases: &[],
        title: "高手过招: pieces step or jump right on rows of 20 columns, T tests",
        answers: "`YES` / `NO`",
        nim: None,
        solve: jumps_right,
        generate: |rng, size| {
            let tests = match size {
                Size::Small => rng.random_range(1..=3),
                Size::Max => JUMP_TESTS,
            };
            (0..tests).map(|_| jump_rows(rng, size)).collect()
        },
        // A case is its rows, each the columns of its pieces.
        format: |cases| {
            let mut text = format!("{}\n", cases.len());
            for case in cases {
                text.push_str(&format!("{}\n", case.len()));
                for row in case {
                    let sep = if row.is_empty() { "" } else { " " };
                    text.push_str(&format!("{}{sep}{}\n", row.len(), join(row)));
                }
            }
            text
        },
    },
];

/// Small groups (1 to 3 of piles up to 8, a third of them P-positions), or the largest.
fn pair_piles(rng: &mut ChaCha8Rng, size: Size) -> Vec<u64> {
    let (groups, hi) = match size {
        Size::Small => (rng.random_range(1..=3), 8),
        Size::Max => (PAIR_PILES / 2, PAIR_PILE),
    };
    let mut piles: Vec<u64> = (0..2 * groups).map(|_| rng.random_range(1..=hi)).collect();
    if size == Size::Small && rng.random_ratio(1, 3) {
        // The last group gets the value of the others (from the library's rule; the tests
        // search the game itself).
        let rest = pair_split::total(piles[..piles.len() - 2].chunks(2).map(|c| [c[0], c[1]]));
        let matching: Vec<[u64; 2]> = (1..=hi)
            .flat_map(|a| (1..=hi).map(move |b| [a, b]))
            .filter(|&g| pair_split::value(g) == rest)
            .collect();
        if !matching.is_empty() {
            let [a, b] = matching[rng.random_range(0..matching.len())];
            let n = piles.len();
            piles[n - 2..].copy_from_slice(&[a, b]);
        }
    }
    piles
}

/// A board: [m] then a row [T, J] per row. Small boards have 1 to 2 rows of 2 to 5 columns (a
/// third of the two-row ones with equal gaps), the largest 1000 rows of 100.
fn northcott_rows(rng: &mut ChaCha8Rng, size: Size) -> Case {
    let (rows, m) = match size {
        Size::Small => (rng.random_range(1..=2), rng.random_range(2..=5)),
        Size::Max => (ROWS, COLUMNS),
    };
    let mut case = vec![vec![m]];
    for _ in 0..rows {
        let t = rng.random_range(1..=m);
        let j = loop {
            let j = rng.random_range(1..=m);
            if j != t {
                break j;
            }
        };
        case.push(vec![t, j]);
    }
    if size == Size::Small && rows == 2 && rng.random_ratio(1, 3) {
        // Row 2 with row 1's gap, placed anywhere it fits, either way round.
        let gap = case[1][0].abs_diff(case[1][1]);
        let left = rng.random_range(1..=m - gap);
        case[2] = if rng.random_bool(0.5) {
            vec![left, left + gap]
        } else {
            vec![left + gap, left]
        };
    }
    case
}

/// Rows of pieces: small tests have 1 to 2 rows with up to 4 pieces in columns 14 to 20, the
/// largest 1000 rows of random pieces.
fn jump_rows(rng: &mut ChaCha8Rng, size: Size) -> Case {
    let (rows, from) = match size {
        Size::Small => (rng.random_range(1..=2), 14),
        Size::Max => (JUMP_ROWS, 1),
    };
    (0..rows)
        .map(|_| {
            let cells = (JUMP_COLUMNS + 1 - from) as usize;
            let count = match size {
                Size::Small => rng.random_range(0..=4),
                Size::Max => rng.random_range(0..=cells),
            };
            let mut row: Vec<u64> = rand::seq::index::sample(rng, cells, count)
                .into_iter()
                .map(|i| i as u64 + from)
                .collect();
            row.sort_unstable();
            row
        })
        .collect()
}

fn cutting_game(input: &mut Input, out: &mut dyn Write) -> anyhow::Result<()> {
    // Every sheet is read first, so the table is built once, up to the largest side.
    let start = input.mark();
    let mut sheets = Vec::new();
    while let Some(w) = input.read_or_end("a width W", 2, SHEET_SIDE)? {
        sheets.push([w, input.read("a height H", 2, SHEET_SIDE)?]);
    }
    let table = CuttingTable::for_pieces(&sheets).map_err(|e| {
        let sheet = match e {
            CuttingError::EmptySide { piece }
            | CuttingError::Over { piece }
            | CuttingError::TooLarge { piece, .. } => piece,
            _ => 1,
        };
        anyhow!("{}: {e}", start.place(2 * sheet - 1))
    })?;
    for sheet in &sheets {
        let answer = if table.outcome(std::slice::from_ref(sheet)) == Outcome::N {
            "WIN"
        } else {
            "LOSE"
        };
        writeln!(out, "{answer}")?;
    }
    Ok(())
}

fn kikis_game(input: &mut Input, out: &mut dyn Write) -> anyhow::Result<()> {
    // Lines until `0 0` (or the end of the input).
    while let Some(n) = input.read_or_end("the rows n (0 0 ends the input)", 0, BOARD_SIDE)? {
        let m = input.read("the columns m", 0, BOARD_SIDE)?;
        if n == 0 && m == 0 {
            break;
        }
        if n == 0 || m == 0 {
            anyhow::bail!(
                "{}: a board has at least one row and one column; only `0 0` ends the input",
                input.last_place()
            );
        }
        // The coin starts in the top-right cell: m − 1 columns and n − 1 rows from the corner.
        let answer = if king::value([m - 1, n - 1]).is_zero() {
            "What a pity!"
        } else {
            "Wonderful!"
        };
        writeln!(out, "{answer}")?;
    }
    Ok(())
}

fn e_and_d(input: &mut Input, out: &mut dyn Write) -> anyhow::Result<()> {
    let tests = input.read("the number of tests T", 1, PAIR_TESTS)?;
    for _ in 0..tests {
        let n = input.read("the number of piles N", 1, PAIR_PILES)?;
        let list = input.mark();
        let piles = input.read_list(n, "a pile S_i", 1, PAIR_PILE)?;
        let groups = pair_split::groups(&piles).map_err(|e| match e {
            PairSplitError::EmptyPile { pile } => anyhow!("{}: {e}", list.place(pile)),
            _ => anyhow!(
                "{}: the number of piles N {n} is odd: piles come in groups of two",
                list.place(0)
            ),
        })?;
        let answer = if pair_split::total(groups).is_zero() {
            "NO"
        } else {
            "YES"
        };
        writeln!(out, "{answer}")?;
    }
    Ok(())
}

/// Treblecross on n cells is worth G(n + 2) in the octal game 0.007 (take exactly three tokens,
/// leaving up to two heaps): a cross at cell i of a free stretch of L cells leaves stretches of
/// i − 3 and L − i − 2 cells (a cross next to or one cell from another lets the opponent make
/// three, so nobody plays there), while taking the three tokens at i from a heap of L + 2 leaves
/// heaps of i − 1 and L − i, each two longer; heaps of 0, 1 and 2 are all worth 0.
fn crosses_and_crosses(input: &mut Input, out: &mut dyn Write) -> anyhow::Result<()> {
    let mut strips = Vec::new();
    while let Some(n) = input.read_or_end("the length n", STRIP_MIN, STRIP_MAX)? {
        strips.push(n.saturating_add(2));
    }
    let rules = Description::parse("0.007")?.validate()?;
    let game = Octal::new(rules, &strips, DEFAULT_MAX_HEAP).map_err(|e| {
        anyhow!(
            "the length {} is larger than {}, the longest strip computed",
            e.tokens - 2,
            e.limit - 2
        )
    })?;
    for &heap in &strips {
        let answer = if game.value(heap).is_zero() { "2" } else { "1" };
        writeln!(out, "{answer}")?;
    }
    Ok(())
}

fn northcott(input: &mut Input, out: &mut dyn Write) -> anyhow::Result<()> {
    while let Some(n) = input.read_or_end("the number of rows n", 1, ROWS)? {
        let m = input.read("the number of columns m", 2, COLUMNS)?;
        let mut gaps = Vec::with_capacity(n.min(ROWS) as usize);
        for _ in 0..n {
            let t = input.read("the column T_i of Tom's piece", 1, m)?;
            let j = input.read("the column J_i of Jerry's piece", 1, m)?;
            if t == j {
                anyhow::bail!(
                    "{}: Jerry's piece is in column {j}, where Tom's piece is: the two pieces of a row are in different cells",
                    input.last_place()
                );
            }
            // The empty cells between the two pieces: a heap of Nim.
            gaps.push(t.abs_diff(j) - 1);
        }
        let answer = if nim::outcome(gaps) == Outcome::N {
            "I WIN!"
        } else {
            "BAD LUCK!"
        };
        writeln!(out, "{answer}")?;
    }
    Ok(())
}

/// A piece jumping right to the first empty cell moves that empty cell left onto the piece's
/// cell, past pieces only: the empty cells are coins sliding left ([`coins`]).
fn jumps_right(input: &mut Input, out: &mut dyn Write) -> anyhow::Result<()> {
    let tests = input.read("the number of tests T", 1, JUMP_TESTS)?;
    for _ in 0..tests {
        let rows = input.read("the number of rows n", 1, JUMP_ROWS)?;
        let mut total = Nimber(0);
        for _ in 0..rows {
            let m = input.read("the number of pieces m", 0, JUMP_COLUMNS)?;
            let list = input.mark();
            let mut occupied = [0usize; JUMP_COLUMNS as usize + 1];
            for i in 1..=m as usize {
                // Columns beyond 20 are errors even with --no-limits: a row has 20 cells.
                let column = input.read("a column p_j", 1, JUMP_COLUMNS)?;
                if !(1..=JUMP_COLUMNS).contains(&column) {
                    anyhow::bail!(
                        "{}: column {column} is not on the board (columns 1 to {JUMP_COLUMNS})",
                        input.last_place()
                    );
                }
                let earlier = std::mem::replace(&mut occupied[column as usize], i);
                if earlier != 0 {
                    anyhow::bail!(
                        "{}: column {column} holds a piece already (at {}): pieces stand in distinct cells",
                        input.last_place(),
                        list.place(earlier)
                    );
                }
            }
            let empty: Vec<u64> = (1..=JUMP_COLUMNS)
                .filter(|&c| occupied[c as usize] == 0)
                .collect();
            total += coins::value(&empty).expect("distinct cells from 1");
        }
        writeln!(out, "{}", if total.is_zero() { "NO" } else { "YES" })?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    //! Each problem against a search of its game as stated, never through the ruleset the judge
    //! asks.
    use std::collections::HashMap;

    use grundy::engine::Memo;
    use grundy::graph::{Graph, loopy};
    use grundy::{Convention, Game};

    use super::*;
    use crate::nim::tests::check;
    use crate::testing::assert_lines_give_both_answers;

    /// "Cuts one piece in two along a grid line; who first cuts out a 1×1 wins": a position
    /// holding a 1×1 is over. Pieces as [short, long], sorted.
    struct CutSheets;

    impl Game for CutSheets {
        type Position = Vec<[u64; 2]>;
        fn options(&self, pieces: &Vec<[u64; 2]>, out: &mut Vec<Vec<[u64; 2]>>) {
            if pieces.contains(&[1, 1]) {
                return;
            }
            for (i, &[w, h]) in pieces.iter().enumerate() {
                let halves = (1..w).map(|a| [[a, h], [w - a, h]]);
                for parts in halves.chain((1..h).map(|b| [[w, b], [w, h - b]])) {
                    let mut next = pieces.clone();
                    next.remove(i);
                    next.extend(parts.map(|[x, y]| [x.min(y), x.max(y)]));
                    next.sort_unstable();
                    out.push(next);
                }
            }
        }
    }

    /// "The coin moves one cell left, down or down-left": (row from the top, column).
    struct Coin {
        rows: u64,
    }

    impl Game for Coin {
        type Position = (u64, u64);
        fn options(&self, &(row, column): &(u64, u64), out: &mut Vec<(u64, u64)>) {
            let down = row < self.rows;
            let left = column > 1;
            out.extend(left.then(|| (row, column - 1)));
            out.extend(down.then(|| (row + 1, column)));
            out.extend((down && left).then(|| (row + 1, column - 1)));
        }
    }

    /// "Removes one pile of a group and splits the other into two non-empty piles".
    struct RemoveAndSplit;

    impl Game for RemoveAndSplit {
        type Position = Vec<u64>;
        fn options(&self, piles: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
            for i in 0..piles.len() {
                let partner = i ^ 1;
                for x in 1..piles[partner] {
                    let mut next = piles.clone();
                    next[i] = x;
                    next[partner] -= x;
                    out.push(next);
                }
            }
        }
    }

    /// "Writes a cross into an empty cell; who makes three in a row wins": (n, crosses as
    /// bits); a position with three in a row is over.
    struct Treblecross;

    impl Game for Treblecross {
        type Position = (u32, u32);
        fn options(&self, &(n, crosses): &(u32, u32), out: &mut Vec<(u32, u32)>) {
            if crosses & (crosses >> 1) & (crosses >> 2) != 0 {
                return;
            }
            out.extend(
                (0..n)
                    .filter(|i| crosses & (1 << i) == 0)
                    .map(|i| (n, crosses | 1 << i)),
            );
        }
    }

    /// Whether Tom, to move, wins Northcott's game on `rows` ([T, J] each) of `m` columns, by
    /// retrograde analysis of the whole graph (play may loop: pieces can move back).
    fn tom_wins(m: u64, rows: &[Vec<u64>]) -> bool {
        // A state: every row's two columns and whose turn it is (0 = Tom).
        let mut index = HashMap::new();
        let mut states = vec![(rows.to_vec(), 0usize)];
        index.insert(states[0].clone(), 0usize);
        let mut lists: Vec<Vec<usize>> = Vec::new();
        let mut next_state = 0;
        while next_state < states.len() {
            let (board, turn) = states[next_state].clone();
            let mut followers = Vec::new();
            for r in 0..board.len() {
                let (mine, theirs) = (board[r][turn], board[r][1 - turn]);
                // Slide within 1..=m, never onto or over the other piece.
                let reachable = (1..=m)
                    .filter(|&c| c != mine && !(c.min(mine)..=c.max(mine)).contains(&theirs));
                for c in reachable.collect::<Vec<_>>() {
                    let mut after = board.clone();
                    after[r][turn] = c;
                    let state = (after, 1 - turn);
                    let id = *index.entry(state.clone()).or_insert_with(|| {
                        states.push(state);
                        states.len() - 1
                    });
                    followers.push(id);
                }
            }
            lists.push(followers);
            next_state += 1;
        }
        let graph = Graph::from_adjacency(&lists).unwrap();
        loopy::outcomes(&graph, &graph.reversed())[0] == Outcome::N
    }

    #[test]
    fn poj_2311_against_brute_force() {
        check("poj-2311", |memo, cases| {
            cases
                .iter()
                .map(|c| {
                    let sheet = vec![[c[0][0].min(c[0][1]), c[0][0].max(c[0][1])]];
                    let won = memo
                        .outcome(&CutSheets, &sheet, Convention::Normal)
                        .unwrap();
                    if won == Outcome::N { "WIN\n" } else { "LOSE\n" }
                })
                .collect()
        });
    }

    #[test]
    fn hdu_2147_against_brute_force() {
        check("hdu-2147", |_: &mut Memo<(u64, u64)>, cases| {
            cases
                .iter()
                .map(|c| {
                    let (n, m) = (c[0][0], c[0][1]);
                    let won = Memo::new()
                        .outcome(&Coin { rows: n }, &(1, m), Convention::Normal)
                        .unwrap();
                    if won == Outcome::N {
                        "Wonderful!\n"
                    } else {
                        "What a pity!\n"
                    }
                })
                .collect()
        });
    }

    #[test]
    fn luogu_p2148_against_brute_force() {
        check("luogu-p2148", |memo, cases| {
            cases
                .iter()
                .map(|c| {
                    let won = memo
                        .outcome(&RemoveAndSplit, &c[0], Convention::Normal)
                        .unwrap();
                    if won == Outcome::N { "YES\n" } else { "NO\n" }
                })
                .collect()
        });
    }

    #[test]
    fn poj_3537_against_brute_force() {
        check("poj-3537", |memo, cases| {
            cases
                .iter()
                .map(|c| {
                    let won = memo
                        .outcome(&Treblecross, &(c[0][0] as u32, 0), Convention::Normal)
                        .unwrap();
                    if won == Outcome::N { "1\n" } else { "2\n" }
                })
                .collect()
        });
    }

    #[test]
    fn hdu_1730_against_brute_force() {
        check("hdu-1730", |_: &mut Memo<u8>, cases| {
            cases
                .iter()
                .map(|c| {
                    if tom_wins(c[0][0], &c[1..]) {
                        "I WIN!\n"
                    } else {
                        "BAD LUCK!\n"
                    }
                })
                .collect()
        });
    }

    /// The value of every row of 20 cells (bit c − 1 for a piece in column c), by a search of the
    /// moves as stated: a move only sets a higher bit, so larger masks come first.
    fn row_values() -> Vec<u8> {
        let cells = JUMP_COLUMNS as u32;
        let mut values = vec![0u8; 1 << cells];
        for mask in (0..1u32 << cells).rev() {
            let mut seen = 0u32;
            for c in (0..cells).filter(|c| mask & (1 << c) != 0) {
                // The first empty cell to the right of the piece, if any.
                if let Some(to) = (c + 1..cells).find(|t| mask & (1 << t) == 0) {
                    seen |= 1 << values[(mask & !(1 << c) | 1 << to) as usize];
                }
            }
            values[mask as usize] = seen.trailing_ones() as u8;
        }
        values
    }

    #[test]
    fn every_row_of_luogu_p2575_matches_the_search() {
        let values = row_values();
        for (mask, &searched) in values.iter().enumerate() {
            let empty: Vec<u64> = (1..=JUMP_COLUMNS)
                .filter(|c| mask & (1 << (c - 1)) == 0)
                .collect();
            assert_eq!(
                coins::value(&empty).unwrap(),
                Nimber(u64::from(searched)),
                "{mask:020b}"
            );
        }
    }

    #[test]
    fn luogu_p2575_against_brute_force() {
        let values = row_values();
        check("luogu-p2575", |_: &mut Memo<u8>, cases| {
            cases
                .iter()
                .map(|rows| {
                    let total = rows.iter().fold(0, |x, row| {
                        x ^ values[row.iter().fold(0, |m, c| m | 1 << (c - 1)) as usize]
                    });
                    if total == 0 { "NO\n" } else { "YES\n" }
                })
                .collect()
        });
    }

    #[test]
    fn small_inputs_give_both_answers() {
        for (id, lost) in [
            ("poj-2311", "LOSE"),
            ("hdu-2147", "What a pity!"),
            ("luogu-p2148", "NO"),
            ("poj-3537", "2"),
            ("hdu-1730", "BAD LUCK!"),
            ("luogu-p2575", "NO"),
        ] {
            assert_lines_give_both_answers(id, lost, 6);
        }
    }
}
