//! Contest problems in their exact input and output formats: the judge of `grundy judge`,
//! `grundy gen` and `grundy stress`, of the fuzz target `judge` and of the Python package's
//! `judge`. Not a public API.
//!
//! Each problem reads its statement's format, asks the library for the answer, and writes the
//! accepted words; it also knows how to generate valid inputs and how to write a test from its
//! parts (for shrinking a failing input in `grundy stress`). Judge code reads and writes, and
//! takes every answer from the library (a ruleset of `grundy::games`, sums of values, nimbers,
//! the engine), except where no ruleset holds the theory: the splits (`splits.rs`, with
//! `splits/three_split.rs` and `splits/beans.rs`) and the puzzles (`puzzles/`) answer by closed
//! forms of their own, each checked against an exhaustive search of the game as stated on every
//! small input by the test its module's doc names, and `hdu-3590` applies the anti-SG rule of its
//! accepted solutions to the library's Hackenbush values (`hackenbush.rs`).

mod classic;
mod euclid;
mod graph;
mod hackenbush;
mod heaps;
mod input;
mod nim;
mod pile_rows;
mod puzzles;
mod splits;
mod stairs;
mod turning;
mod wythoff;

use std::io::Write;

use grundy::Convention;
pub use input::Input;
use rand_chacha::ChaCha8Rng;

/// One test case as lists of numbers; the problem's `format` adds the counts, so dropping an
/// element of a list keeps the text consistent.
pub type Case = Vec<Vec<u64>>;

/// Which inputs to generate.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Size {
    /// Small values and few of them, for debugging and shrinking.
    Small,
    /// At the statement's limits.
    Max,
}

/// A contest problem.
pub struct Problem {
    /// The id `grundy judge` accepts.
    pub id: &'static str,
    /// Other judges' numbers for the same problem.
    pub aliases: &'static [&'static str],
    /// The title.
    pub title: &'static str,
    /// The answer words.
    pub answers: &'static str,
    /// For a problem that is plain Nim, what its input and output are made of, so that a check
    /// can answer it from the rules alone (the fuzz target `judge`); `None` for the others.
    pub nim: Option<NimStatement>,
    /// Reads the input and writes the accepted output.
    pub solve: fn(&mut Input, &mut dyn Write) -> anyhow::Result<()>,
    /// Random valid test cases.
    pub generate: fn(&mut ChaCha8Rng, Size) -> Vec<Case>,
    /// The input text of a list of test cases.
    pub format: fn(&[Case]) -> String,
}

/// A problem that is plain Nim (a move takes at least one stone from one heap): how its input
/// lists the heaps and what it prints for each set of heaps. `nim.rs`'s tests check each
/// statement against its problem's answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NimStatement {
    /// How the sets of heaps follow one another.
    pub cases: NimCases,
    /// Who wins when no move is left.
    pub convention: Convention,
    /// What is printed for one set of heaps.
    pub answer: NimAnswer,
}

/// How a Nim problem's input lists its sets of heaps, each its number of heaps and then the heaps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NimCases {
    /// One set of heaps.
    One,
    /// The number of sets, then the sets.
    Counted,
    /// Sets until a number of heaps 0 or the end of the input.
    UntilZero,
}

/// What a Nim problem prints for one set of heaps, a line each.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NimAnswer {
    /// Who wins: `first` when the player to move does, else `second`.
    Winner {
        /// The line when the player to move wins.
        first: &'static str,
        /// The line when the player to move loses.
        second: &'static str,
    },
    /// The first winning move, heap by heap and then by the amount taken, as `a b` (take `a` from
    /// heap `b`, heaps counted from 1) and then the heaps after it; `lost` when there is none.
    FirstMove {
        /// The line when there is no winning move.
        lost: &'static str,
    },
    /// How many winning moves there are.
    MoveCount,
}

/// Every problem, in the order `grundy judge --list` prints them.
pub fn problems() -> impl Iterator<Item = &'static Problem> {
    nim::PROBLEMS
        .iter()
        .chain(stairs::PROBLEMS)
        .chain(wythoff::PROBLEMS)
        .chain(heaps::PROBLEMS)
        .chain(graph::PROBLEMS)
        .chain(euclid::PROBLEMS)
        .chain(pile_rows::PROBLEMS)
        .chain(splits::PROBLEMS)
        .chain(hackenbush::PROBLEMS)
        .chain(classic::PROBLEMS)
        .chain(puzzles::PROBLEMS)
        .chain(turning::PROBLEMS)
}

/// The problem with this id or alias.
pub fn find(id: &str) -> anyhow::Result<&'static Problem> {
    let id = id.to_ascii_lowercase();
    problems()
        .find(|p| p.id == id || p.aliases.contains(&id.as_str()))
        .ok_or_else(|| {
            anyhow::anyhow!("unknown problem '{id}'; `grundy judge --list` shows the ids")
        })
}

/// Solves `input` in memory (for `stress` and tests).
pub fn solve_bytes(problem: &Problem, input: &[u8], limits: bool) -> anyhow::Result<Vec<u8>> {
    let mut out = Vec::new();
    let mut reader = Input::new(input, limits);
    (problem.solve)(&mut reader, &mut out)?;
    reader.finish()?;
    Ok(out)
}

/// The lines of a case's lists, numbers separated by spaces, each list preceded by its length.
pub fn counted_lists(case: &Case, text: &mut String) {
    for list in case {
        text.push_str(&format!("{}\n{}\n", list.len(), join(list)));
    }
}

/// One line per case (its single list), then the line `end` that closes the input (if any).
pub fn line_per_case(cases: &[Case], end: &str) -> String {
    let mut text = String::new();
    for case in cases {
        text.push_str(&join(&case[0]));
        text.push('\n');
    }
    text.push_str(end);
    text
}

/// Numbers separated by single spaces.
pub fn join(values: &[u64]) -> String {
    values
        .iter()
        .map(u64::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

/// What the problems' tests share.
#[cfg(test)]
mod testing {
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    use crate::{Size, find, solve_bytes};

    /// The answers of problem `id` to the inputs its generator makes small from seeds 0 to 299,
    /// one text per input.
    pub(crate) fn small_answers(id: &str) -> Vec<String> {
        let problem = find(id).unwrap();
        (0..300)
            .map(|seed| {
                let mut rng = ChaCha8Rng::seed_from_u64(seed);
                let input = (problem.format)(&(problem.generate)(&mut rng, Size::Small));
                let answer = solve_bytes(problem, input.as_bytes(), true).unwrap();
                String::from_utf8(answer).unwrap()
            })
            .collect()
    }

    /// Asserts that neither answer of problem `id` came `ratio` times as often as the other.
    pub(crate) fn assert_both_answers(id: &str, won: usize, lost: usize, ratio: usize) {
        assert!(
            lost * ratio > won && won * ratio > lost,
            "{id}: {won} won, {lost} lost"
        );
    }

    /// Asserts, for a problem `id` that answers a line per case, that the lines `lost` and the
    /// other lines of its small answers are both there, neither `ratio` times the other.
    pub(crate) fn assert_lines_give_both_answers(id: &str, lost: &str, ratio: usize) {
        let (mut won_count, mut lost_count) = (0, 0);
        for answer in small_answers(id) {
            for line in answer.lines() {
                if line == lost {
                    lost_count += 1;
                } else {
                    won_count += 1;
                }
            }
        }
        assert_both_answers(id, won_count, lost_count, ratio);
    }

    /// Asserts that problem `id` answers the input its generator makes at the statement's
    /// limits from seed 1, with the limits checked.
    pub(crate) fn assert_max_input_is_valid(id: &str) {
        let problem = find(id).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let input = (problem.format)(&(problem.generate)(&mut rng, Size::Max));
        solve_bytes(problem, input.as_bytes(), true).unwrap_or_else(|e| panic!("{id}: {e}"));
    }
}
