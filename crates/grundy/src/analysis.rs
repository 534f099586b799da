//! The one result every front end renders: outcome, value, winning moves and explanation.

use std::fmt;

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
            value: Some(value),
            winning_moves: self.listed,
            winning_move_count: self.count,
            explanation,
        }
    }

    /// The analysis of a position whose outcome is known without a nim-value (a misère or
    /// outcome-only theorem) and whose winning moves are these, with `explanation`.
    pub fn into_outcome<S, V>(self, outcome: Outcome, explanation: Vec<S>) -> Analysis<S, M, V> {
        Analysis {
            outcome,
            value: None,
            winning_moves: self.listed,
            winning_move_count: self.count,
            explanation,
        }
    }
}

/// The value a ruleset gives a position, printed in reports and written in the JSON: a nimber
/// for an impartial game (the Sprague–Grundy theorem: a position is a Nim heap of that size).
pub trait GameValue: Clone + fmt::Debug + PartialEq + fmt::Display {
    /// The JSON field that holds it (`grundy` for a nimber).
    const JSON_KEY: &'static str;
    /// Its name in a report's first line, in `lang`.
    fn name(lang: Lang) -> &'static str;
    /// The nimber it is, for an impartial game's value (what the misère and sum theorems and
    /// the engine's checks work with); `None` for another kind of value.
    fn nimber(&self) -> Option<Nimber>;
}

/// `grundy` in the JSON, "Grundy value *n" in a report.
impl GameValue for Nimber {
    const JSON_KEY: &'static str = "grundy";
    fn name(lang: Lang) -> &'static str {
        lang.pick("Grundy value", "SG 值")
    }
    fn nimber(&self) -> Option<Nimber> {
        Some(*self)
    }
}

/// Explanation steps: data with numbers, turned into a sentence per language.
pub trait Explain {
    /// The step as a sentence (or a few lines) in `lang`.
    fn text(&self, lang: Lang) -> String;
}

/// The analysis of one position: explanation steps `S`, moves `M`, the position's value `V`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Analysis<S, M, V = Nimber> {
    /// Who wins with perfect play.
    pub outcome: Outcome,
    /// The position's value, where the ruleset gives one: the nim-value under normal play.
    pub value: Option<V>,
    /// The first winning moves, at most [`AnalyzeOptions::max_moves`], in the ruleset's order.
    pub winning_moves: Vec<M>,
    /// How many winning moves there are in all.
    pub winning_move_count: u64,
    /// The explanation, empty unless asked for.
    pub explanation: Vec<S>,
}

impl<S, M, V> Analysis<S, M, V> {
    /// The same analysis with each explanation step turned into another type.
    pub fn map_steps<T>(self, step: impl FnMut(S) -> T) -> Analysis<T, M, V> {
        Analysis {
            outcome: self.outcome,
            value: self.value,
            winning_moves: self.winning_moves,
            winning_move_count: self.winning_move_count,
            explanation: self.explanation.into_iter().map(step).collect(),
        }
    }

    /// The same analysis as asked with `options`, from one made with every winning move listed
    /// and the explanation: at most `options.max_moves` moves, no explanation unless asked for.
    pub fn limited_to(mut self, options: &AnalyzeOptions) -> Analysis<S, M, V> {
        self.winning_moves.truncate(options.max_moves);
        if !options.explain {
            self.explanation.clear();
        }
        self
    }
}
