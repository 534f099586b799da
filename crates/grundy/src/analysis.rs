//! The one result every front end renders: outcome, value, winning moves and explanation.

use crate::{Lang, Move, Nimber, Outcome};

/// How many piles (steps, components) an explanation shows one by one.
pub const EXPLAINED_PILES: usize = 16;

/// Options shared by every ruleset's analysis.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AnalyzeOptions {
    /// At most this many winning moves are listed; [`Analysis::winning_move_count`] counts them all.
    pub max_moves: usize,
    /// Whether to build the explanation steps.
    pub explain: bool,
}

impl AnalyzeOptions {
    /// The default number of winning moves listed.
    pub const DEFAULT_MAX_MOVES: usize = 100;
}

impl Default for AnalyzeOptions {
    fn default() -> Self {
        AnalyzeOptions {
            max_moves: Self::DEFAULT_MAX_MOVES,
            explain: false,
        }
    }
}

/// The winning moves of an analysis as they are found: the first `max` are kept, all are counted,
/// and the first is remembered even when `max` is 0 (the explanation shows it).
///
/// The count saturates at 2^64 − 1 (only reachable in games whose piles have astronomically many
/// winning moves each, such as splits in Lasker's Nim).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveList<M> {
    listed: Vec<M>,
    first: Option<M>,
    count: u64,
    max: usize,
}

impl<M: Move> MoveList<M> {
    /// An empty list that keeps at most `max` moves.
    pub fn new(max: usize) -> Self {
        MoveList {
            listed: Vec::new(),
            first: None,
            count: 0,
            max,
        }
    }

    /// Counts `change`, and keeps it if fewer than `max` are kept.
    pub fn push(&mut self, change: M) {
        if self.first.is_none() {
            self.first = Some(change.clone());
        }
        if self.listed.len() < self.max {
            self.listed.push(change);
        }
        self.count = self.count.saturating_add(1);
    }

    /// Counts `n` more moves that are not listed.
    pub fn count_unlisted(&mut self, n: u64) {
        self.count = self.count.saturating_add(n);
    }

    /// How many more moves would be kept.
    pub fn room(&self) -> usize {
        self.max - self.listed.len()
    }

    /// The first move pushed, kept or not.
    pub fn first(&self) -> Option<&M> {
        self.first.as_ref()
    }

    /// How many moves were counted.
    pub fn count(&self) -> u64 {
        self.count
    }

    /// The moves kept and the count.
    pub fn into_parts(self) -> (Vec<M>, u64) {
        (self.listed, self.count)
    }

    /// The analysis of a position of nim-value `value` whose winning moves are these: its
    /// outcome by the Sprague–Grundy theorem, with `explanation`.
    pub fn into_analysis<S>(self, value: Nimber, explanation: Vec<S>) -> Analysis<S, M> {
        Analysis {
            outcome: Outcome::from_grundy(value),
            grundy: Some(value),
            winning_moves: self.listed,
            winning_move_count: self.count,
            explanation,
        }
    }

    /// The analysis of a position whose outcome is known without a nim-value (a misère or
    /// outcome-only theorem) and whose winning moves are these, with `explanation`.
    pub fn into_outcome<S>(self, outcome: Outcome, explanation: Vec<S>) -> Analysis<S, M> {
        Analysis {
            outcome,
            grundy: None,
            winning_moves: self.listed,
            winning_move_count: self.count,
            explanation,
        }
    }
}

/// Explanation steps: data with numbers, turned into a sentence per language.
pub trait Explain {
    /// The step as a sentence (or a few lines) in `lang`.
    fn text(&self, lang: Lang) -> String;
}

/// The analysis of one position: explanation steps `S`, moves `M`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Analysis<S, M> {
    /// Who wins with perfect play.
    pub outcome: Outcome,
    /// The nim-value, where the convention has one (normal play).
    pub grundy: Option<Nimber>,
    /// The first winning moves, at most [`AnalyzeOptions::max_moves`], in the ruleset's order.
    pub winning_moves: Vec<M>,
    /// How many winning moves there are in all.
    pub winning_move_count: u64,
    /// The explanation, empty unless asked for.
    pub explanation: Vec<S>,
}

impl<S, M> Analysis<S, M> {
    /// The same analysis with each explanation step turned into another type.
    pub fn map_steps<T>(self, step: impl FnMut(S) -> T) -> Analysis<T, M> {
        Analysis {
            outcome: self.outcome,
            grundy: self.grundy,
            winning_moves: self.winning_moves,
            winning_move_count: self.winning_move_count,
            explanation: self.explanation.into_iter().map(step).collect(),
        }
    }

    /// The same analysis as asked with `options`, from one made with every winning move listed
    /// and the explanation: at most `options.max_moves` moves, no explanation unless asked for.
    pub fn limited_to(mut self, options: &AnalyzeOptions) -> Analysis<S, M> {
        self.winning_moves.truncate(options.max_moves);
        if !options.explain {
            self.explanation.clear();
        }
        self
    }
}
