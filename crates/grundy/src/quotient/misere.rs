//! A misère position of a take-and-break game, answered the best way there is: through the
//! misère quotient of its heaps when that has at most `max_order` elements, and otherwise by the
//! engine's search of the whole position, which remembers at most `max_positions` positions.
//! Every front end (`grundy octal --misere`, `play`, the API and the page) answers through
//! [`analyze_misere`].

use serde::Serialize;

use super::{
    DEFAULT_MAX_ORDER, DEFAULT_SEARCH_POSITIONS, Presentation, Quotient, QuotientStep, SearchStep,
    TooLarge, analyze_by_search,
};
use crate::values::TakeAndBreak;
use crate::{Analysis, AnalyzeOptions, Explain, Lang, PileMove};

/// The bounds of the two ways of answering.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// The most elements the quotient may have.
    pub max_order: usize,
    /// The most positions the search may remember.
    pub max_positions: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_order: DEFAULT_MAX_ORDER,
            max_positions: DEFAULT_SEARCH_POSITIONS,
        }
    }
}

/// Which way answered.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// The quotient of the sums of heaps up to `max_heap`, of `order` elements.
    Quotient {
        /// The largest heap of the position.
        max_heap: usize,
        /// The quotient's order.
        order: usize,
    },
    /// The search, because the quotient for heaps up to `max_heap` has more than `max_order`
    /// elements.
    Search {
        /// The largest heap of the position.
        max_heap: usize,
        /// The bound the quotient passed.
        max_order: usize,
    },
}

impl Method {
    /// `"quotient"` or `"search"`, as the JSON's `method` field says it.
    pub fn name(self) -> &'static str {
        match self {
            Method::Quotient { .. } => "quotient",
            Method::Search { .. } => "search",
        }
    }

    /// One line saying which way answered.
    pub fn note(self, lang: Lang) -> String {
        match self {
            Method::Quotient { max_heap, order } => lang.pick(
                format!("answered by the misère quotient for heaps up to {max_heap} ({order} elements)"),
                format!("由每堆不超过 {max_heap} 的反常商（{order} 个元素）回答"),
            ),
            Method::Search { max_heap, max_order } => lang.pick(
                format!(
                    "answered by the engine's search of the whole position: the misère quotient for heaps up to {max_heap} has more than {max_order} elements"
                ),
                format!(
                    "由引擎搜索整个局面回答：每堆不超过 {max_heap} 的反常商超过 {max_order} 个元素"
                ),
            ),
        }
    }
}

/// A step of the explanation of a misère position: the quotient's or the search's, each
/// serialised as it is.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum MisereStep {
    /// The quotient answered.
    Quotient(QuotientStep),
    /// The search answered.
    Search(SearchStep),
}

impl Explain for MisereStep {
    fn text(&self, lang: Lang) -> String {
        match self {
            MisereStep::Quotient(step) => step.text(lang),
            MisereStep::Search(step) => step.text(lang),
        }
    }
}

/// Neither way could answer within its bound.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{too_large}, and searching the whole position needs more than {max_positions} positions")]
pub struct Unanswered {
    /// The quotient's bound, passed.
    pub too_large: TooLarge,
    /// The search's bound, passed.
    pub max_positions: usize,
}

/// The quotient [`analyze_misere`] answers `heaps` by: that of the sums of heaps up to the
/// largest of them, or [`TooLarge`] past `limits.max_order` elements (then the search answers).
///
/// # Errors
/// [`TooLarge`] as [`Quotient::of`].
pub fn misere_quotient(
    rules: &TakeAndBreak,
    heaps: &[u64],
    limits: Limits,
) -> Result<Quotient, TooLarge> {
    Quotient::of(rules, largest_heap(heaps), limits.max_order)
}

impl Method {
    /// Which way answers `heaps` when [`misere_quotient`] gave `quotient`.
    pub fn of(quotient: Result<&Quotient, &TooLarge>, heaps: &[u64], limits: Limits) -> Method {
        let max_heap = largest_heap(heaps);
        match quotient {
            Ok(quotient) => Method::Quotient {
                max_heap,
                order: quotient.order(),
            },
            Err(_) => Method::Search {
                max_heap,
                max_order: limits.max_order,
            },
        }
    }
}

/// The largest heap of a position, at least 1 (the smallest quotient computed).
fn largest_heap(heaps: &[u64]) -> usize {
    heaps.iter().copied().max().unwrap_or(0).max(1) as usize
}

/// The misère analysis of `heaps` under `rules` and which way answered it. The heaps are those of
/// a quotient the front end accepts (at most [`super::MAX_HEAP`]).
///
/// # Errors
/// [`Unanswered`] when the quotient has more than `limits.max_order` elements and the search
/// needs more than `limits.max_positions` positions (or was stopped).
pub fn analyze_misere(
    rules: &TakeAndBreak,
    heaps: &[u64],
    limits: Limits,
    options: &AnalyzeOptions,
) -> Result<(Analysis<MisereStep, PileMove>, Method), Unanswered> {
    let quotient = misere_quotient(rules, heaps, limits);
    analyze_misere_by(quotient.as_ref(), rules, heaps, limits, options)
}

/// [`analyze_misere`] with the quotient [`misere_quotient`] gave, for a caller that keeps it.
///
/// # Errors
/// As [`analyze_misere`].
pub fn analyze_misere_by(
    quotient: Result<&Quotient, &TooLarge>,
    rules: &TakeAndBreak,
    heaps: &[u64],
    limits: Limits,
    options: &AnalyzeOptions,
) -> Result<(Analysis<MisereStep, PileMove>, Method), Unanswered> {
    let method = Method::of(quotient, heaps, limits);
    let analysis = match quotient {
        Ok(quotient) => quotient
            .analyze(&Presentation::of(quotient), heaps, options)
            .expect("every heap is within the quotient")
            .map_steps(MisereStep::Quotient),
        Err(too_large) => analyze_by_search(
            rules,
            heaps,
            limits.max_order,
            limits.max_positions,
            options,
        )
        .map_err(|_| Unanswered {
            too_large: too_large.clone(),
            max_positions: limits.max_positions,
        })?
        .map_steps(MisereStep::Search),
    };
    Ok((analysis, method))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Outcome;

    /// Dawson's Kayles has a quotient of 12 elements for heaps up to 10 to 13: with a bound of 8
    /// the search answers, with the default the quotient does, and both agree.
    #[test]
    fn the_search_answers_past_the_bound_and_agrees_with_the_quotient() {
        let rules: TakeAndBreak = "0.07".parse().unwrap();
        let options = AnalyzeOptions {
            max_moves: usize::MAX,
            explain: true,
        };
        let mut both_ways = 0;
        for heaps in [
            vec![12, 3],
            vec![12, 5, 4],
            vec![11, 12, 2, 1],
            vec![12, 12],
        ] {
            let (by_quotient, method) =
                analyze_misere(&rules, &heaps, Limits::default(), &options).unwrap();
            assert_eq!(method.name(), "quotient");
            let small = Limits {
                max_order: 8,
                ..Limits::default()
            };
            let (by_search, method) = analyze_misere(&rules, &heaps, small, &options).unwrap();
            assert_eq!(method.name(), "search", "{heaps:?}");
            let quotient = misere_quotient(&rules, &heaps, small);
            assert_eq!(Method::of(quotient.as_ref(), &heaps, small), method);
            assert_eq!(by_quotient.outcome, by_search.outcome, "{heaps:?}");
            assert_eq!(
                by_quotient.winning_moves, by_search.winning_moves,
                "{heaps:?}"
            );
            both_ways += usize::from(by_search.outcome == Outcome::N);
            assert!(matches!(by_search.explanation[0], MisereStep::Search(_)));
        }
        assert!(both_ways > 0, "a won position among those checked");
    }

    #[test]
    fn past_both_bounds_it_says_which_bounds_in_one_line() {
        let rules: TakeAndBreak = "0.07".parse().unwrap();
        let tight = Limits {
            max_order: 8,
            max_positions: 10,
        };
        let err =
            analyze_misere(&rules, &[12, 11, 10], tight, &AnalyzeOptions::default()).unwrap_err();
        let text = err.to_string();
        assert!(text.contains("more than 8 elements"), "{text}");
        assert!(text.contains("more than 10 positions"), "{text}");
        assert!(!text.contains('\n'));
    }
}
