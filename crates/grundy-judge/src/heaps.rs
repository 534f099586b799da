//! Problems on heaps whose values have a closed form or a table: subtraction games (a Fibonacci
//! number, a set S) and Lasker's Nim (take, or split a heap in two).

use std::io::Write;

use anyhow::anyhow;
use grundy::games::lasker::{self, PileTooLarge};
use grundy::games::subtraction::{self, BeyondTable, SubtractionSet, SubtractionValues};
use grundy::{AnalyzeOptions, Outcome};
use rand::Rng;
use rand_chacha::ChaCha8Rng;

use super::input::Mark;
use super::nim::with_test_count;
use super::{Case, Input, Problem, Size, join, line_per_case};

/// HDU 1848: piles of 1 to 1000; lines until `0 0 0` (no count given; ours for `--size max`).
const FIBONACCI_PILE: u64 = 1000;
const FIBONACCI_LINES: u64 = 100_000;
/// HDU 1536: |S| ≤ 100, s_i ≤ 10^4, at most 100 positions of at most 100 heaps of at most 10^4
/// beads; the number of tests is not given (ours for `--size max`).
const SET_SIZE: u64 = 100;
const MOVE: u64 = 10_000;
const POSITIONS: u64 = 100;
const HEAPS: u64 = 100;
const BEADS: u64 = 10_000;
const SET_TESTS: u64 = 10;
/// HDU 3032: T ≤ 100, N ≤ 10^6, 1 ≤ s_i ≤ 2^31 − 1.
const SPLIT_TESTS: u64 = 100;
const SPLIT_HEAPS: u64 = 1_000_000;
const SPLIT_HEAP: u64 = (1 << 31) - 1;

/// Only the outcome: no winning move is listed or counted beyond what the analysis needs.
const OUTCOME_ONLY: AnalyzeOptions = AnalyzeOptions {
    max_moves: 0,
    explain: false,
};

pub const PROBLEMS: &[Problem] = &[
    Problem {
        id: "hdu-1848",
        aliases: &[],
        title: "Fibonacci again and again: three piles, take a Fibonacci number (`0 0 0` ends)",
        answers: "`Fibo` / `Nacci`",
        nim: None,
        solve: fibonacci_piles,
        generate: |rng, size| {
            let (count, hi) = match size {
                Size::Small => (rng.random_range(1..=5), 20),
                Size::Max => (FIBONACCI_LINES, FIBONACCI_PILE),
            };
            // A third of the small lines are P-positions: the last pile gets the value of the
            // other two (from the library's table; the tests solve the game by brute force).
            let values = SubtractionSet::finite(&fibonacci_up_to(hi))
                .map(|set| set.values(hi as usize + 1))
                .unwrap_or_default();
            (0..count)
                .map(|_| {
                    let mut piles: Vec<u64> = (0..3).map(|_| rng.random_range(1..=hi)).collect();
                    if size == Size::Small && rng.random_ratio(1, 3) {
                        let rest = values[piles[0] as usize] ^ values[piles[1] as usize];
                        let matching: Vec<u64> =
                            (1..=hi).filter(|&p| values[p as usize] == rest).collect();
                        if !matching.is_empty() {
                            piles[2] = matching[rng.random_range(0..matching.len())];
                        }
                    }
                    vec![piles]
                })
                .collect()
        },
        format: |cases| line_per_case(cases, "0 0 0\n"),
    },
    Problem {
        id: "hdu-1536",
        aliases: &["poj-2960"],
        title: "S-Nim: a set S, then positions to classify (`0` ends)",
        answers: "one line of `W`/`L` per test, a letter per position",
        nim: None,
        solve: s_nim,
        generate: |rng, size| {
            let tests = match size {
                Size::Small => rng.random_range(1..=3),
                Size::Max => SET_TESTS,
            };
            (0..tests).map(|_| set_and_positions(rng, size)).collect()
        },
        // A case is [S, position, position, …].
        format: |cases| {
            let mut text = String::new();
            for case in cases {
                text.push_str(&format!(
                    "{} {}\n{}\n",
                    case[0].len(),
                    join(&case[0]),
                    case.len() - 1
                ));
                for heaps in &case[1..] {
                    text.push_str(&format!("{} {}\n", heaps.len(), join(heaps)));
                }
            }
            text.push_str("0\n");
            text
        },
    },
    Problem {
        id: "hdu-3032",
        aliases: &[],
        title: "Nim or not Nim?: take from a heap or split it in two, T tests",
        answers: "`Alice` / `Bob`",
        nim: None,
        solve: take_or_split,
        generate: |rng, size| {
            let (tests, count, hi) = match size {
                Size::Small => (rng.random_range(1..=3), 4, 7),
                // One test at the largest N: ~11 MB, the statement's T·N would not fit a file.
                Size::Max => (1, SPLIT_HEAPS, SPLIT_HEAP),
            };
            (0..tests)
                .map(|_| vec![lasker_heaps(rng, size, count, hi)])
                .collect()
        },
        format: with_test_count,
    },
];

/// A set S and positions: small ones (|S| ≤ 3 of moves up to 6, up to 4 positions of up to 3
/// heaps of up to 10), or every count and value at the statement's limits.
fn set_and_positions(rng: &mut ChaCha8Rng, size: Size) -> Case {
    let (set_size, max_move, positions, heaps, beads) = match size {
        Size::Small => (rng.random_range(1..=3), 6, rng.random_range(1..=4), 3, 10),
        Size::Max => (SET_SIZE, MOVE, POSITIONS, HEAPS, BEADS),
    };
    let set = rand::seq::index::sample(rng, max_move as usize, set_size.min(max_move) as usize)
        .into_iter()
        .map(|i| i as u64 + 1)
        .collect();
    let mut case = vec![set];
    for _ in 0..positions {
        let count = match size {
            Size::Small => rng.random_range(1..=heaps),
            Size::Max => heaps,
        };
        case.push((0..count).map(|_| rng.random_range(0..=beads)).collect());
    }
    case
}

/// `count` heaps (1 to `count` when small) of 1 to `hi`; a third of the small ones are
/// P-positions (the first heap given the value of the others, Lasker's values being their own
/// inverse).
fn lasker_heaps(rng: &mut ChaCha8Rng, size: Size, count: u64, hi: u64) -> Vec<u64> {
    let count = match size {
        Size::Small => rng.random_range(1..=count),
        Size::Max => count,
    };
    let mut heaps: Vec<u64> = (0..count).map(|_| rng.random_range(1..=hi)).collect();
    if size == Size::Small && count > 1 && rng.random_ratio(1, 3) {
        let rest = heaps[1..]
            .iter()
            .fold(0, |x, &n| x ^ lasker::value(n).value());
        let heap = lasker::value(rest).value();
        if (1..=hi).contains(&heap) {
            heaps[0] = heap;
        }
    }
    heaps
}

/// 1, 2, 3, 5, 8, …: the Fibonacci numbers of the statement (F(1) = 1, F(2) = 2) up to `max`.
fn fibonacci_up_to(max: u64) -> Vec<u64> {
    let mut numbers = Vec::new();
    let (mut f, mut next) = (1u64, 2u64);
    while f <= max {
        numbers.push(f);
        let Some(after) = f.checked_add(next) else {
            numbers.extend(Some(next).filter(|&n| n <= max));
            break;
        };
        (f, next) = (next, after);
    }
    numbers
}

/// The value table of `set` up to the largest heap (more if a period shows up first).
fn sequence_up_to(set: &SubtractionSet, largest: u64) -> SubtractionValues {
    set.sequence(usize::try_from(largest.saturating_add(1)).unwrap_or(usize::MAX))
}

/// A heap past the table (only with `--no-limits`), named at its place.
fn beyond_table(list: &Mark, e: BeyondTable) -> anyhow::Error {
    anyhow!(
        "{}: {} is too large: only the values of heaps up to {} were computed",
        list.place(e.pile),
        e.stones,
        e.computed - 1
    )
}

fn fibonacci_piles(input: &mut Input, out: &mut dyn Write) -> anyhow::Result<()> {
    // Every line is read first, so the set and its values are built once, up to the largest pile.
    let mut lines = Vec::new();
    loop {
        let line = input.mark();
        let Some(m) =
            input.read_or_end("a pile size m (0 0 0 ends the input)", 0, FIBONACCI_PILE)?
        else {
            break;
        };
        let n = input.read("a pile size n", 0, FIBONACCI_PILE)?;
        let p = input.read("a pile size p", 0, FIBONACCI_PILE)?;
        let piles = [m, n, p];
        if piles == [0; 3] {
            break;
        }
        if let Some(i) = piles
            .iter()
            .position(|&x| x == 0)
            .filter(|_| input.limits())
        {
            anyhow::bail!(
                "{}: a pile of 0 is out of range (1..={FIBONACCI_PILE}); only the line 0 0 0 ends the input",
                line.place(i + 1)
            );
        }
        lines.push((line, piles));
    }
    let largest = lines.iter().flat_map(|(_, p)| *p).max().unwrap_or(0);
    let fibonacci = fibonacci_up_to(largest.max(1));
    let set = SubtractionSet::finite(&fibonacci).map_err(|e| anyhow!("{e}"))?;
    let sequence = sequence_up_to(&set, largest);
    for (line, piles) in &lines {
        let analysis = subtraction::analyze(&sequence, piles, &OUTCOME_ONLY)
            .map_err(|e| beyond_table(line, e))?;
        let answer = if analysis.outcome == Outcome::N {
            "Fibo"
        } else {
            "Nacci"
        };
        writeln!(out, "{answer}")?;
    }
    Ok(())
}

fn s_nim(input: &mut Input, out: &mut dyn Write) -> anyhow::Result<()> {
    // Tests until a line with 0 (or the end of the input, which some data sets leave out).
    while let Some(k) = input.read_or_end("the size k of S (0 ends the input)", 0, SET_SIZE)? {
        if k == 0 {
            break;
        }
        let list = input.mark();
        let moves = input.read_list(k, "a move s_i", 1, MOVE)?;
        if let Some(i) = moves.iter().position(|&s| s == 0) {
            anyhow::bail!(
                "{}: a move of 0 is not allowed, a move takes at least one bead",
                list.place(i + 1)
            );
        }
        // S is a set: a number written twice is the same move.
        let mut distinct = moves;
        distinct.sort_unstable();
        distinct.dedup();
        let set =
            SubtractionSet::finite(&distinct).map_err(|e| anyhow!("{}: {e}", list.place(1)))?;
        let m = input.read("the number of positions m", 1, POSITIONS)?;
        let mut positions = Vec::new();
        for _ in 0..m {
            let l = input.read("the number of heaps l", 1, HEAPS)?;
            let heaps = input.mark();
            positions.push((heaps, input.read_list(l, "a heap size h_i", 0, BEADS)?));
        }
        let largest = positions
            .iter()
            .flat_map(|(_, h)| h)
            .copied()
            .max()
            .unwrap_or(0);
        let sequence = sequence_up_to(&set, largest);
        let mut line = String::with_capacity(positions.len() + 1);
        for (place, heaps) in &positions {
            let analysis = subtraction::analyze(&sequence, heaps, &OUTCOME_ONLY)
                .map_err(|e| beyond_table(place, e))?;
            line.push(if analysis.outcome == Outcome::N {
                'W'
            } else {
                'L'
            });
        }
        writeln!(out, "{line}")?;
    }
    Ok(())
}

fn take_or_split(input: &mut Input, out: &mut dyn Write) -> anyhow::Result<()> {
    let tests = input.read("the number of tests T", 1, SPLIT_TESTS)?;
    for _ in 0..tests {
        let n = input.read("the number of heaps N", 1, SPLIT_HEAPS)?;
        let list = input.mark();
        let heaps = input.read_list(n, "a heap size s_i", 1, SPLIT_HEAP)?;
        let analysis = lasker::analyze(&heaps, &OUTCOME_ONLY).map_err(
            |PileTooLarge { pile, stones }| {
                anyhow!(
                    "{}: a heap of {stones} is too large: its value 2^64 does not fit (heaps go up to 2^64 - 2)",
                    list.place(pile)
                )
            },
        )?;
        let answer = if analysis.outcome == Outcome::N {
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
    //! generic engine, never by the value tables or the Lasker formula the judge relies on.
    use grundy::engine::Memo;
    use grundy::{Convention, Game};

    use super::*;
    use crate::nim::tests::check;
    use crate::testing::{assert_both_answers, assert_max_input_is_valid, small_answers};
    use crate::{find, solve_bytes};

    /// "Picks one pile and removes f stones, f a Fibonacci number 1, 2, 3, 5, 8, … (F(1) = 1,
    /// F(2) = 2, F(n) = F(n − 1) + F(n − 2)) no larger than the pile."
    struct TakeFibonacci;

    impl Game for TakeFibonacci {
        type Position = Vec<u64>;
        fn options(&self, piles: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
            for i in 0..piles.len() {
                let (mut f, mut next) = (1, 2);
                while f <= piles[i] {
                    let mut after = piles.clone();
                    after[i] -= f;
                    out.push(after);
                    (f, next) = (next, f + next);
                }
            }
        }
    }

    /// "Removes from a single heap a number of beads that belongs to S." A position is the set S
    /// (as written) and the heaps, so one table serves every set.
    struct TakeFromSet;

    impl Game for TakeFromSet {
        type Position = (Vec<u64>, Vec<u64>);
        fn options(&self, (set, heaps): &(Vec<u64>, Vec<u64>), out: &mut Vec<Self::Position>) {
            for i in 0..heaps.len() {
                for &s in set.iter().filter(|&&s| s <= heaps[i]) {
                    let mut after = heaps.clone();
                    after[i] -= s;
                    out.push((set.clone(), after));
                }
            }
        }
    }

    /// "Removes any positive number of objects from one heap, or splits one heap into two
    /// smaller non-empty heaps." A position is the heaps, sorted.
    struct TakeOrSplit;

    impl Game for TakeOrSplit {
        type Position = Vec<u64>;
        fn options(&self, heaps: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
            let mut push = |mut after: Vec<u64>| {
                after.sort_unstable();
                out.push(after);
            };
            for i in 0..heaps.len() {
                for left in 0..heaps[i] {
                    let mut after = heaps.clone();
                    after[i] = left;
                    push(after);
                }
                for x in 1..heaps[i] {
                    let mut after = heaps.clone();
                    after[i] = x;
                    after.push(heaps[i] - x);
                    push(after);
                }
            }
        }
    }

    fn wins<G: Game>(memo: &mut Memo<G::Position>, game: &G, position: G::Position) -> bool {
        memo.outcome(game, &position, Convention::Normal).unwrap() == Outcome::N
    }

    #[test]
    fn hdu_1848_against_brute_force() {
        check("hdu-1848", |memo, cases| {
            cases
                .iter()
                .map(|c| match wins(memo, &TakeFibonacci, c[0].clone()) {
                    true => "Fibo\n",
                    false => "Nacci\n",
                })
                .collect()
        });
    }

    #[test]
    fn hdu_1536_against_brute_force() {
        check("hdu-1536", |memo, cases| {
            cases
                .iter()
                .map(|c| {
                    let mut line: String = c[1..]
                        .iter()
                        .map(|heaps| {
                            match wins(memo, &TakeFromSet, (c[0].clone(), heaps.clone())) {
                                true => 'W',
                                false => 'L',
                            }
                        })
                        .collect();
                    line.push('\n');
                    line
                })
                .collect()
        });
    }

    #[test]
    fn hdu_3032_against_brute_force() {
        check("hdu-3032", |memo, cases| {
            cases
                .iter()
                .map(|c| {
                    let mut heaps = c[0].clone();
                    heaps.sort_unstable();
                    match wins(memo, &TakeOrSplit, heaps) {
                        true => "Alice\n",
                        false => "Bob\n",
                    }
                })
                .collect()
        });
    }

    #[test]
    fn s_nim_accepts_a_number_written_twice_in_s() {
        let problem = find("poj-2960").unwrap();
        let once = solve_bytes(problem, b"2 2 5\n2\n1 7\n2 3 4\n0\n", true).unwrap();
        let twice = solve_bytes(problem, b"3 5 2 5\n2\n1 7\n2 3 4\n0\n", true).unwrap();
        assert_eq!(once, twice);
    }

    #[test]
    fn small_inputs_give_both_answers() {
        for (id, won, lost) in [
            ("hdu-1848", "Fibo", "Nacci"),
            ("hdu-1536", "W", "L"),
            ("hdu-3032", "Alice", "Bob"),
        ] {
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
        for id in ["hdu-1848", "hdu-1536", "hdu-3032"] {
            assert_max_input_is_valid(id);
        }
    }
}
