//! The one result every front end renders: outcome, value, winning moves and explanation.

use serde::Serialize;

use crate::{Lang, Nimber, Outcome};

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

/// A move, described by what it changes. The position after it is the ruleset's to build
/// (see each game module's `play`), so that a list of moves never copies a large position.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
#[non_exhaustive]
pub enum Change {
    /// Pile `pile` (0-based) goes from `from` stones to `to` stones.
    Take {
        /// Index of the pile, from 0.
        pile: usize,
        /// Stones before.
        from: u64,
        /// Stones after.
        to: u64,
    },
}

impl Change {
    /// A one-line human description, piles numbered from 1.
    pub fn describe(&self, lang: Lang) -> String {
        match *self {
            Change::Take { pile, from, to } => match lang {
                Lang::En => format!("take {} from pile {} ({from} -> {to})", from - to, pile + 1),
                Lang::Zh => format!("从第 {} 堆取走 {} 个（{from} → {to}）", pile + 1, from - to),
            },
        }
    }
}

/// Explanation steps: data with numbers, turned into a sentence per language.
pub trait Explain {
    /// The step as a sentence (or a few lines) in `lang`.
    fn text(&self, lang: Lang) -> String;
}

/// The analysis of one position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Analysis<S> {
    /// Who wins with perfect play.
    pub outcome: Outcome,
    /// The nim-value, where the convention has one (normal play).
    pub grundy: Option<Nimber>,
    /// The first winning moves, at most [`AnalyzeOptions::max_moves`], in the ruleset's order.
    pub winning_moves: Vec<Change>,
    /// How many winning moves there are in all.
    pub winning_move_count: u64,
    /// The explanation, empty unless asked for.
    pub explanation: Vec<S>,
}
