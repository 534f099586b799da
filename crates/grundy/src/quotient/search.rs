//! A misère position answered by the engine's search of the whole position, for when the
//! quotient of its heaps has more elements than allowed.

use serde::Serialize;

use crate::engine::{EngineError, Memo};
use crate::games::octal::{Octal, apply, change};
use crate::values::TakeAndBreak;
use crate::{
    Analysis, AnalyzeOptions, Convention, Explain, Game, Lang, Move, MoveList, Outcome, PileMove,
};

/// One step of the explanation of a position the search answered.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "step", rename_all = "snake_case")]
pub enum SearchStep {
    /// Why the search answers, and how much it searched.
    Searched {
        /// The code.
        code: String,
        /// The largest heap of the position.
        max_heap: usize,
        /// The bound the quotient passed.
        max_order: usize,
        /// How many positions the search solved.
        positions: usize,
    },
    /// The outcome the search found.
    Outcome {
        /// Whether the player to move loses.
        lost: bool,
    },
    /// A winning move: the search found the position it leaves lost for the player to move.
    Move {
        /// The move.
        change: PileMove,
    },
}

impl Explain for SearchStep {
    fn text(&self, lang: Lang) -> String {
        match (self, lang) {
            (
                SearchStep::Searched {
                    code,
                    max_heap,
                    max_order,
                    positions,
                },
                Lang::En,
            ) => format!(
                "Misère play of {code}: the misère quotient for heaps up to {max_heap} has more than {max_order} elements, so the engine searched the whole position instead ({positions} positions, each decided from its options: a position is lost for the player to move when it has moves and every move leaves a position won for the player to move; with no move at all the player to move wins)."
            ),
            (
                SearchStep::Searched {
                    code,
                    max_heap,
                    max_order,
                    positions,
                },
                Lang::Zh,
            ) => format!(
                "{code} 的反常规则：每堆不超过 {max_heap} 时的反常商超过 {max_order} 个元素，因此改由引擎搜索整个局面（共 {positions} 个局面，逐个由后继决定：有走法且每一步都留下先手必胜的局面，则先手必败；无路可走则先手必胜）。"
            ),
            (SearchStep::Outcome { lost: true }, Lang::En) => {
                "Every move leaves a position the search finds won for the player to move: the player to move loses.".to_string()
            }
            (SearchStep::Outcome { lost: false }, Lang::En) => {
                "Some move leaves a position the search finds lost for the player to move: the player to move wins.".to_string()
            }
            (SearchStep::Outcome { lost: true }, Lang::Zh) => {
                "每一步留下的局面，搜索都判为先手必胜：先手必败。".to_string()
            }
            (SearchStep::Outcome { lost: false }, Lang::Zh) => {
                "有一步留下的局面，搜索判为先手必败：先手必胜。".to_string()
            }
            (SearchStep::Move { change }, Lang::En) => format!(
                "Move: {}; the search finds the position it leaves lost for the player to move.",
                change.describe(lang)
            ),
            (SearchStep::Move { change }, Lang::Zh) => format!(
                "走法：{}；搜索判定走后的局面先手必败。",
                change.describe(lang)
            ),
        }
    }
}

/// The rules of `Octal` with every position's heaps sorted, so that the search meets each
/// multiset of heaps once.
struct Sorted<'a>(&'a Octal);

impl Game for Sorted<'_> {
    type Position = Vec<u64>;

    fn options(&self, piles: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
        let start = out.len();
        self.0.options(piles, out);
        for option in &mut out[start..] {
            option.sort_unstable();
        }
    }
}

/// The misère analysis of `piles` by the engine's search, remembering at most `max_positions`
/// positions; `max_order` is the bound the quotient passed, for the explanation.
///
/// # Errors
/// [`EngineError::TableFull`] when the search needs more positions.
pub fn analyze_by_search(
    rules: &TakeAndBreak,
    piles: &[u64],
    max_order: usize,
    max_positions: usize,
    options: &AnalyzeOptions,
) -> Result<Analysis<SearchStep, PileMove>, EngineError> {
    let largest = piles.iter().copied().max().unwrap_or(0);
    let game = Octal::new(rules.clone(), piles, largest.max(1))
        .expect("the heaps are within the table asked for");
    let sorted = Sorted(&game);
    let mut memo = Memo::bounded(max_positions, false);
    let lost_after = |memo: &mut Memo<Vec<u64>>, change: &PileMove| {
        let mut after = apply(piles, change);
        after.sort_unstable();
        memo.outcome(&sorted, &after, Convention::Misere)
            .map(|o| o == Outcome::P)
    };
    let mut moves = MoveList::new(options.max_moves);
    let mut first = None;
    for (i, &n) in piles.iter().enumerate() {
        let mut changes = Vec::new();
        game.each_move(n, &mut |_, heaps| changes.push(change(i, n, heaps)));
        for change in changes {
            if lost_after(&mut memo, &change)? {
                first.get_or_insert_with(|| change.clone());
                moves.push(change);
            }
        }
    }
    let (winning_moves, winning_move_count) = moves.into_parts();
    let mut sorted_piles = piles.to_vec();
    sorted_piles.sort_unstable();
    let outcome = memo.outcome(&sorted, &sorted_piles, Convention::Misere)?;
    let mut explanation = Vec::new();
    if options.explain {
        explanation.push(SearchStep::Searched {
            code: rules.to_string(),
            max_heap: largest as usize,
            max_order,
            positions: memo.len(),
        });
        explanation.push(SearchStep::Outcome {
            lost: outcome == Outcome::P,
        });
        explanation.extend(first.map(|change| SearchStep::Move { change }));
    }
    Ok(Analysis {
        outcome,
        value: None,
        winning_moves,
        winning_move_count,
        explanation,
    })
}
