//! Problems that are plain Nim or misère Nim.

use std::io::Write;

use grundy::games::nim;
use grundy::{AnalyzeOptions, Convention, Outcome, PileMove};
use rand::Rng;
use rand_chacha::ChaCha8Rng;

use super::{Case, Input, NimAnswer, NimCases, NimStatement, Problem, Size, counted_lists, join};

pub const PROBLEMS: &[Problem] = &[
    Problem {
        id: "luogu-p1247",
        aliases: &[],
        title: "取火柴游戏: Nim, the lexicographically smallest winning move",
        answers: "`a b` and the heaps after it, or `lose`",
        nim: Some(NimStatement {
            cases: NimCases::One,
            convention: Convention::Normal,
            answer: NimAnswer::FirstMove { lost: "lose" },
        }),
        solve: smallest_move,
        generate: |rng, size| {
            vec![vec![piles(
                rng,
                size,
                (1, 5),
                500_000,
                (0, 10),
                1_000_000_000,
            )]]
        },
        format: |cases| {
            let mut text = String::new();
            counted_lists(&cases[0], &mut text);
            text
        },
    },
    Problem {
        id: "luogu-p2197",
        aliases: &[],
        title: "【模板】Nim 游戏: T tests",
        answers: "`Yes` / `No`",
        nim: Some(NimStatement {
            cases: NimCases::Counted,
            convention: Convention::Normal,
            answer: NimAnswer::Winner {
                first: "Yes",
                second: "No",
            },
        }),
        solve: nim_template,
        generate: |rng, size| {
            let tests = if size == Size::Max {
                10
            } else {
                rng.random_range(1..=3)
            };
            (0..tests)
                .map(|_| vec![piles(rng, size, (1, 5), 10_000, (0, 7), 9_999)])
                .collect()
        },
        format: with_test_count,
    },
    Problem {
        id: "nowcoder-50615",
        aliases: &["loj-10242"],
        title: "取石子游戏 2: Nim",
        answers: "`win` / `lose`",
        nim: Some(NimStatement {
            cases: NimCases::One,
            convention: Convention::Normal,
            answer: NimAnswer::Winner {
                first: "win",
                second: "lose",
            },
        }),
        solve: win_lose,
        generate: |rng, size| vec![vec![piles(rng, size, (1, 5), 50_000, (1, 10), 100_000)]],
        format: |cases| {
            let mut text = String::new();
            counted_lists(&cases[0], &mut text);
            text
        },
    },
    Problem {
        id: "hdu-1850",
        aliases: &[],
        title: "Being a Good Boy in Spring Festival: how many winning first moves",
        answers: "a count",
        nim: Some(NimStatement {
            cases: NimCases::UntilZero,
            convention: Convention::Normal,
            answer: NimAnswer::MoveCount,
        }),
        solve: count_winning_moves,
        generate: |rng, size| {
            let tests = if size == Size::Max {
                100
            } else {
                rng.random_range(1..=3)
            };
            (0..tests)
                .map(|_| vec![piles(rng, size, (2, 5), 100, (1, 10), 1_000_000)])
                .collect()
        },
        format: |cases| {
            let mut text = String::new();
            cases.iter().for_each(|c| counted_lists(c, &mut text));
            text.push_str("0\n");
            text
        },
    },
    Problem {
        id: "hdu-1907",
        aliases: &["poj-3480"],
        title: "John: misère Nim",
        answers: "`John` / `Brother`",
        nim: Some(NimStatement {
            cases: NimCases::Counted,
            convention: Convention::Misere,
            answer: NimAnswer::Winner {
                first: "John",
                second: "Brother",
            },
        }),
        solve: misere,
        generate: |rng, size| {
            let tests = if size == Size::Max {
                474
            } else {
                rng.random_range(1..=3)
            };
            (0..tests)
                .map(|_| vec![piles(rng, size, (1, 4), 47, (1, 3), 4747)])
                .collect()
        },
        format: with_test_count,
    },
];

/// Random piles: small ones (a count and values in the given ranges, a third of them turned into
/// P-positions so both answers come up), or `max_count` piles up to `max_value`.
pub(super) fn piles(
    rng: &mut ChaCha8Rng,
    size: Size,
    (min_count, small_count): (u64, u64),
    max_count: u64,
    (min_value, small_value): (u64, u64),
    max_value: u64,
) -> Vec<u64> {
    let (count, hi) = match size {
        Size::Small => (rng.random_range(min_count..=small_count), small_value),
        Size::Max => (max_count, max_value),
    };
    let mut piles: Vec<u64> = (0..count)
        .map(|_| rng.random_range(min_value..=hi))
        .collect();
    if size == Size::Small && count > 1 && rng.random_ratio(1, 3) {
        let rest = piles[1..].iter().fold(0, |x, p| x ^ p);
        if (min_value..=hi).contains(&rest) {
            piles[0] = rest;
        }
    }
    piles
}

/// "T" then each case's counted lists.
pub(super) fn with_test_count(cases: &[Case]) -> String {
    let mut text = format!("{}\n", cases.len());
    cases.iter().for_each(|c| counted_lists(c, &mut text));
    text
}

fn smallest_move(input: &mut Input, out: &mut dyn Write) -> anyhow::Result<()> {
    let k = input.read("the number of heaps k", 1, 500_000)?;
    let heaps = input.read_list(k, "a heap size", 0, 1_000_000_000)?;
    let analysis = nim::analyze(
        &heaps,
        Convention::Normal,
        &AnalyzeOptions {
            max_moves: 1,
            explain: false,
        },
    );
    // The library lists winning moves by heap; each heap has one, so the first is <b, a>-smallest.
    match analysis.winning_moves.first() {
        Some(change @ PileMove::Take { pile, from, to }) => {
            writeln!(out, "{} {}", from - to, pile + 1)?;
            writeln!(out, "{}", join(&nim::apply(&heaps, change)))?;
        }
        _ => writeln!(out, "lose")?,
    }
    Ok(())
}

fn nim_template(input: &mut Input, out: &mut dyn Write) -> anyhow::Result<()> {
    let tests = input.read("the number of tests T", 1, 10)?;
    for _ in 0..tests {
        let n = input.read("the number of heaps n", 1, 10_000)?;
        let mut error = None;
        let outcome = nim::outcome(input.stream(n, "a heap size", (0, 9_999), &mut error));
        if let Some(e) = error {
            return Err(e);
        }
        writeln!(out, "{}", if outcome == Outcome::N { "Yes" } else { "No" })?;
    }
    Ok(())
}

fn win_lose(input: &mut Input, out: &mut dyn Write) -> anyhow::Result<()> {
    let n = input.read("the number of heaps N", 1, 50_000)?;
    let mut error = None;
    let outcome = nim::outcome(input.stream(n, "a heap size X_i", (1, 100_000), &mut error));
    if let Some(e) = error {
        return Err(e);
    }
    writeln!(
        out,
        "{}",
        if outcome == Outcome::N { "win" } else { "lose" }
    )?;
    Ok(())
}

fn count_winning_moves(input: &mut Input, out: &mut dyn Write) -> anyhow::Result<()> {
    // Cases until a line with 0 (or the end of the input, which some data sets leave out).
    while let Some(m) = input.read_or_end("the number of piles M (0 ends the input)", 0, 100)? {
        if m == 0 {
            break;
        }
        input.check("the number of piles M", m, 2, 100)?;
        let piles = input.read_list(m, "a pile size N_i", 1, 1_000_000)?;
        let analysis = nim::analyze(
            &piles,
            Convention::Normal,
            &AnalyzeOptions {
                max_moves: 0,
                explain: false,
            },
        );
        writeln!(out, "{}", analysis.winning_move_count)?;
    }
    Ok(())
}

fn misere(input: &mut Input, out: &mut dyn Write) -> anyhow::Result<()> {
    let tests = input.read("the number of tests T", 1, 474)?;
    for _ in 0..tests {
        let n = input.read("the number of colours N", 1, 47)?;
        let piles = input.read_list(n, "a count A_i", 1, 4747)?;
        let analysis = nim::analyze(
            &piles,
            Convention::Misere,
            &AnalyzeOptions {
                max_moves: 0,
                explain: false,
            },
        );
        writeln!(
            out,
            "{}",
            if analysis.outcome == Outcome::N {
                "John"
            } else {
                "Brother"
            }
        )?;
    }
    Ok(())
}

#[cfg(test)]
pub(super) mod tests {
    //! Each problem against a brute-force search written from its statement: a heap game whose
    //! options are "take at least one from one heap", solved by the generic engine, never by the
    //! XOR rule the judge relies on.
    use grundy::engine::Memo;
    use grundy::{Convention, Game};
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    use super::*;
    use crate::{find, solve_bytes};

    /// "Removes any positive number of matches from exactly one heap."
    struct TakeFromOneHeap;

    impl Game for TakeFromOneHeap {
        type Position = Vec<u64>;
        fn options(&self, heaps: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
            for i in 0..heaps.len() {
                for left in 0..heaps[i] {
                    let mut next = heaps.clone();
                    next[i] = left;
                    out.push(next);
                }
            }
        }
    }

    /// Whether the player to move wins, from the rules.
    fn wins(memo: &mut Memo<Vec<u64>>, heaps: &[u64], play: Convention) -> bool {
        memo.outcome(&TakeFromOneHeap, &heaps.to_vec(), play)
            .unwrap()
            == Outcome::N
    }

    /// The winning moves in the order heap by heap, then amount by amount: (amount, heap from 1,
    /// heaps after).
    fn winning_moves(
        memo: &mut Memo<Vec<u64>>,
        heaps: &[u64],
        play: Convention,
    ) -> Vec<(u64, usize, Vec<u64>)> {
        let mut moves = Vec::new();
        for b in 0..heaps.len() {
            for a in 1..=heaps[b] {
                let mut next = heaps.to_vec();
                next[b] -= a;
                if !wins(memo, &next, play) {
                    moves.push((a, b + 1, next));
                }
            }
        }
        moves
    }

    /// Runs the judge on 300 small generated inputs and compares with `expected`, which
    /// works the answer out from the cases by brute force.
    pub(crate) fn check<P: Clone + Eq + std::hash::Hash>(
        id: &str,
        expected: impl Fn(&mut Memo<P>, &[Case]) -> String,
    ) {
        let problem = find(id).unwrap();
        let mut memo = Memo::new();
        for seed in 0..300 {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let cases = (problem.generate)(&mut rng, Size::Small);
            let input = (problem.format)(&cases);
            let answer =
                String::from_utf8(solve_bytes(problem, input.as_bytes(), true).unwrap()).unwrap();
            assert_eq!(answer, expected(&mut memo, &cases), "{id} on\n{input}");
        }
    }

    /// The sets of heaps of `input` (valid for its problem), read as `cases` lays them out; every
    /// number is read but the 0 that ends [`NimCases::UntilZero`].
    fn heap_sets(cases: NimCases, input: &str) -> Vec<Vec<u64>> {
        let numbers: Vec<u64> = input
            .split_whitespace()
            .map(|t| t.parse().unwrap())
            .collect();
        let mut rest = &numbers[..];
        let count = match cases {
            NimCases::One => 1,
            NimCases::Counted => {
                let (&t, tail) = rest.split_first().unwrap();
                rest = tail;
                t
            }
            NimCases::UntilZero => u64::MAX,
        };
        let mut sets = Vec::new();
        while (sets.len() as u64) < count {
            let Some((&n, tail)) = rest.split_first() else {
                break;
            };
            if n == 0 && cases == NimCases::UntilZero {
                rest = tail;
                break;
            }
            let (set, tail) = tail.split_at(n as usize);
            sets.push(set.to_vec());
            rest = tail;
        }
        assert!(rest.is_empty(), "{cases:?}: {rest:?} left of\n{input}");
        sets
    }

    /// The answer that `statement` describes for `heaps`, found by search.
    fn answer_by_search(
        memo: &mut Memo<Vec<u64>>,
        statement: &NimStatement,
        heaps: &[u64],
    ) -> String {
        let play = statement.convention;
        match statement.answer {
            NimAnswer::Winner { first, second } => {
                let line = if wins(memo, heaps, play) {
                    first
                } else {
                    second
                };
                format!("{line}\n")
            }
            NimAnswer::FirstMove { lost } => match winning_moves(memo, heaps, play).first() {
                Some((a, b, next)) => format!("{a} {b}\n{}\n", join(next)),
                None => format!("{lost}\n"),
            },
            NimAnswer::MoveCount => format!("{}\n", winning_moves(memo, heaps, play).len()),
        }
    }

    #[test]
    fn every_nim_statement_gives_its_problems_answers() {
        // This module's problems are the plain Nim ones: each has a statement.
        assert!(PROBLEMS.iter().all(|p| p.nim.is_some()));
        let mut memo = Memo::new();
        for problem in crate::problems() {
            let Some(statement) = &problem.nim else {
                continue;
            };
            for seed in 0..300 {
                let mut rng = ChaCha8Rng::seed_from_u64(seed);
                let input = (problem.format)(&(problem.generate)(&mut rng, Size::Small));
                let answer = solve_bytes(problem, input.as_bytes(), true).unwrap();
                let expected: String = heap_sets(statement.cases, &input)
                    .iter()
                    .map(|heaps| answer_by_search(&mut memo, statement, heaps))
                    .collect();
                assert_eq!(
                    String::from_utf8(answer).unwrap(),
                    expected,
                    "{} on\n{input}",
                    problem.id
                );
            }
        }
    }

    #[test]
    fn luogu_p1247_against_brute_force() {
        check("luogu-p1247", |memo, cases| {
            let heaps = &cases[0][0];
            match winning_moves(memo, heaps, Convention::Normal).first() {
                Some((a, b, next)) => format!("{a} {b}\n{}\n", join(next)),
                None => "lose\n".into(),
            }
        });
    }

    #[test]
    fn luogu_p2197_against_brute_force() {
        check("luogu-p2197", |memo, cases| {
            cases
                .iter()
                .map(|c| {
                    if wins(memo, &c[0], Convention::Normal) {
                        "Yes\n"
                    } else {
                        "No\n"
                    }
                })
                .collect()
        });
    }

    #[test]
    fn nowcoder_50615_against_brute_force() {
        check("nowcoder-50615", |memo, cases| {
            if wins(memo, &cases[0][0], Convention::Normal) {
                "win\n"
            } else {
                "lose\n"
            }
            .to_string()
        });
    }

    #[test]
    fn hdu_1850_against_brute_force() {
        check("hdu-1850", |memo, cases| {
            cases
                .iter()
                .map(|c| format!("{}\n", winning_moves(memo, &c[0], Convention::Normal).len()))
                .collect()
        });
    }

    #[test]
    fn hdu_1907_against_brute_force() {
        check("hdu-1907", |memo, cases| {
            cases
                .iter()
                .map(|c| {
                    if wins(memo, &c[0], Convention::Misere) {
                        "John\n"
                    } else {
                        "Brother\n"
                    }
                })
                .collect()
        });
    }
}
