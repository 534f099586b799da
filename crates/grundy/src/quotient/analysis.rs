//! A misère position of a take-and-break game answered through its quotient: the product of the
//! heaps' elements decides the outcome, and a winning move is a move of one heap after which the
//! product lies in the P-portion.

use serde::Serialize;

use super::{Presentation, Quotient};
use crate::EXPLAINED_PILES;
use crate::games::octal::change;
use crate::{Analysis, AnalyzeOptions, Explain, Lang, Move, MoveList, Outcome, PileMove};

/// One step of the explanation of a misère position.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "step", rename_all = "snake_case")]
pub enum QuotientStep {
    /// The quotient the answer comes from.
    Quotient {
        /// The code.
        code: String,
        /// The largest heap of the quotient.
        max_heap: usize,
        /// Its order.
        order: usize,
        /// The size of its P-portion.
        p_portion: usize,
    },
    /// The element of each heap (the first few), as a word in the generators.
    Heaps {
        /// Heap and element.
        heaps: Vec<(u64, String)>,
        /// How many heaps there are in all.
        total: usize,
    },
    /// The product of the heaps' elements, and whether it lies in the P-portion.
    Product {
        /// The element, as a word in the generators.
        element: String,
        /// Whether it is a P-element.
        in_p: bool,
    },
    /// A winning move: the heap's element is replaced by that of the heaps the move leaves.
    Move {
        /// The move.
        change: PileMove,
        /// The pile moved, from 0.
        pile: usize,
        /// The element of the heaps it leaves.
        left: String,
        /// The product after the move (a P-element).
        element: String,
    },
}

impl Explain for QuotientStep {
    fn text(&self, lang: Lang) -> String {
        match (self, lang) {
            (
                QuotientStep::Quotient {
                    code,
                    max_heap,
                    order,
                    p_portion,
                },
                Lang::En,
            ) => format!(
                "Misère play: Grundy values do not decide sums, the misère quotient does. For {code} with heaps up to {max_heap} it has {order} elements, {p_portion} of them in the P-portion; a position is lost for the player to move exactly when the product of its heaps' elements is a P-element."
            ),
            (
                QuotientStep::Quotient {
                    code,
                    max_heap,
                    order,
                    p_portion,
                },
                Lang::Zh,
            ) => format!(
                "反常规则（走最后一步者输）下 Grundy 值不能决定和局面，由反常商决定。{code} 在每堆不超过 {max_heap} 时的反常商有 {order} 个元素，其中 {p_portion} 个属于 P 部分；一个局面是必败态，当且仅当各堆元素之积属于 P 部分。"
            ),
            (QuotientStep::Heaps { heaps, total }, _) => {
                let shown: Vec<String> = heaps.iter().map(|(n, x)| format!("{n} → {x}")).collect();
                let more = total - heaps.len();
                match (lang, more) {
                    (Lang::En, 0) => format!("Heap elements: {}.", shown.join(", ")),
                    (Lang::En, _) => {
                        format!("Heap elements: {}, and {more} more.", shown.join(", "))
                    }
                    (Lang::Zh, 0) => format!("各堆的元素：{}。", shown.join("，")),
                    (Lang::Zh, _) => format!("各堆的元素：{}，另有 {more} 堆。", shown.join("，")),
                }
            }
            (QuotientStep::Product { element, in_p }, Lang::En) => match in_p {
                true => format!(
                    "The position reduces to {element}, a P-element: the player to move loses (every move leaves an element outside the P-portion)."
                ),
                false => format!(
                    "The position reduces to {element}, not a P-element: the player to move wins by moving to a P-element."
                ),
            },
            (QuotientStep::Product { element, in_p }, Lang::Zh) => match in_p {
                true => format!(
                    "局面化为 {element}，属于 P 部分：先手必败（任何一步都走到 P 部分之外）。"
                ),
                false => format!("局面化为 {element}，不属于 P 部分：先手必胜，走到 P 部分即可。"),
            },
            (
                QuotientStep::Move {
                    change,
                    pile,
                    left,
                    element,
                },
                Lang::En,
            ) => format!(
                "Move: {}; pile {} becomes {left}, and the position becomes {element}, a P-element.",
                change.describe(lang),
                pile + 1
            ),
            (
                QuotientStep::Move {
                    change,
                    pile,
                    left,
                    element,
                },
                Lang::Zh,
            ) => format!(
                "走法：{}；第 {} 堆换成元素 {left}，局面变为 {element}，属于 P 部分。",
                change.describe(lang),
                pile + 1
            ),
        }
    }
}

impl Quotient {
    /// The misère analysis of the heaps `piles`, or `None` if a heap is larger than
    /// [`Quotient::max_heap`]. Costs one product per heap, plus one per option of each heap for
    /// the winning moves.
    pub fn analyze(
        &self,
        presentation: &Presentation,
        piles: &[u64],
        options: &AnalyzeOptions,
    ) -> Option<Analysis<QuotientStep, PileMove>> {
        let elements: Vec<u32> = piles
            .iter()
            .map(|&n| self.element(&[n]))
            .collect::<Option<_>>()?;
        // suffix[i]: the product of the heaps from i on; the rest of heap i is prefix · suffix[i+1].
        let mut suffix = vec![Quotient::IDENTITY; elements.len() + 1];
        for i in (0..elements.len()).rev() {
            suffix[i] = self.product(elements[i], suffix[i + 1]);
        }
        let total = suffix[0];
        let mut moves = MoveList::new(options.max_moves);
        let mut first = None;
        let mut prefix = Quotient::IDENTITY;
        for (i, &n) in piles.iter().enumerate() {
            let rest = self.product(prefix, suffix[i + 1]);
            for option in self.options(n as usize) {
                let left = self.element_of_parts(&option);
                if self.is_p(self.product(rest, left)) {
                    let heaps: Vec<u64> = option.iter().map(|&h| u64::from(h)).collect();
                    let change = change(i, n, &heaps);
                    if first.is_none() {
                        first = Some((i, change.clone(), left));
                    }
                    moves.push(change);
                }
            }
            prefix = self.product(prefix, elements[i]);
        }
        let mut explanation = Vec::new();
        if options.explain {
            explanation.push(QuotientStep::Quotient {
                code: self.rules().to_string(),
                max_heap: self.max_heap(),
                order: self.order(),
                p_portion: self.p_portion().len(),
            });
            explanation.push(QuotientStep::Heaps {
                heaps: piles
                    .iter()
                    .zip(&elements)
                    .take(EXPLAINED_PILES)
                    .map(|(&n, &x)| (n, presentation.element(x)))
                    .collect(),
                total: piles.len(),
            });
            explanation.push(QuotientStep::Product {
                element: presentation.element(total),
                in_p: self.is_p(total),
            });
            if let Some((pile, change, left)) = first {
                let after = self.product(self.product_without(&elements, pile), left);
                explanation.push(QuotientStep::Move {
                    change,
                    pile,
                    left: presentation.element(left),
                    element: presentation.element(after),
                });
            }
        }
        let outcome = if self.is_p(total) {
            Outcome::P
        } else {
            Outcome::N
        };
        Some(moves.into_outcome(outcome, explanation))
    }

    fn product_without(&self, elements: &[u32], skip: usize) -> u32 {
        elements
            .iter()
            .enumerate()
            .filter(|&(i, _)| i != skip)
            .fold(Quotient::IDENTITY, |x, (_, &y)| self.product(x, y))
    }
}
