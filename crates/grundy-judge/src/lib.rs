//! Contest problems in their exact input and output formats: the judge of `grundy judge`,
//! `grundy gen` and `grundy stress`, of the fuzz target `judge` and of the Python package's
//! `judge`. Not a public API.
//!
//! Each problem reads its statement's format, asks the library for the answer, and writes the
//! accepted words; it also knows how to generate valid inputs and how to write a test from its
//! parts (for shrinking a failing input in `grundy stress`). Judge code only reads and writes:
//! every answer comes from a ruleset in `grundy::games`.

mod classic;
mod euclid;
mod graph;
mod hackenbush;
mod heaps;
mod input;
mod nim;
mod puzzles;
mod splits;
mod stairs;
mod turning;
mod wythoff;

use std::io::Write;

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
    /// Reads the input and writes the accepted output.
    pub solve: fn(&mut Input, &mut dyn Write) -> anyhow::Result<()>,
    /// Random valid test cases.
    pub generate: fn(&mut ChaCha8Rng, Size) -> Vec<Case>,
    /// The input text of a list of test cases.
    pub format: fn(&[Case]) -> String,
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
}
