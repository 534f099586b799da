//! LeetCode 1510, Stone Game IV: a move removes a non-zero square number of stones (1, 4, 9, …)
//! from a pile; the player who cannot move loses. An impartial game under normal play.
//!
//! Theorem: G(n) = mex{G(n − k²) : 1 ≤ k² ≤ n}, G(0) = 0, and n is a P-position iff G(n) = 0.
//! No closed formula is known (the P-positions 0, 2, 5, 7, 10, 12, 15, 17, 20, 22, 34, … have no
//! period), so the closed form is the table of values, built in O(n·√n) time ([`Values`]).
//! Several piles form a sum (Sprague–Grundy): the XOR of the values decides, and a winning move
//! turns a pile of value g into one of value g ⊕ X ([`crate::sum::targets`]): the mex
//! guarantees some square reaches it when g ⊕ X < g ([`crate::sum::winning_targets`]), and a
//! square may also raise a pile's value to g ⊕ X.

use serde::Serialize;

use super::StonesError;
use crate::{
    Analysis, AnalyzeOptions, Explain, Game, Lang, MexSet, Nimber, Outcome, PileMove, sum,
};

/// The square-number game as a [`Game`], for the engine: a position is the list of piles.
#[derive(Clone, Copy, Debug, Default)]
pub struct Squares;

impl Game for Squares {
    type Position = Vec<u64>;

    fn options(&self, piles: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
        for (i, &p) in piles.iter().enumerate() {
            for s in squares_up_to(p) {
                let mut next = piles.clone();
                next[i] = p - s;
                out.push(next);
            }
        }
    }

    fn components(&self, piles: &Vec<u64>, parts: &mut Vec<Vec<u64>>) -> bool {
        crate::engine::one_heap_each(piles, parts)
    }
}

/// The squares 1, 4, 9, … up to `n`.
fn squares_up_to(n: u64) -> impl Iterator<Item = u64> {
    (1u64..).map(|k| k * k).take_while(move |&s| s <= n)
}

/// The largest pile tabulated: the table costs about (2/3)·n^1.5 steps (7·10⁸ here) and
/// 4 bytes per entry.
pub const MAX_PILE: u64 = 1_000_000;

/// The values G(0), G(1), …, G(max) of single piles.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Values {
    grundy: Vec<u32>,
}

impl Values {
    /// The table up to `max` stones. O(max·√max) time, O(max) memory.
    ///
    /// # Errors
    /// [`StonesError::PileTooLarge`] (as pile 1) above [`MAX_PILE`].
    pub fn up_to(max: u64) -> Result<Values, StonesError> {
        Self::for_piles(&[max])
    }

    /// The table up to the largest of `piles`.
    ///
    /// # Errors
    /// [`StonesError::PileTooLarge`] naming the first pile above [`MAX_PILE`].
    pub fn for_piles(piles: &[u64]) -> Result<Values, StonesError> {
        if let Some((i, &p)) = piles.iter().enumerate().find(|&(_, &p)| p > MAX_PILE) {
            return Err(StonesError::PileTooLarge {
                pile: i + 1,
                stones: p,
                max: MAX_PILE,
            });
        }
        let max = piles.iter().copied().max().unwrap_or(0) as usize;
        let mut grundy: Vec<u32> = Vec::with_capacity(max + 1);
        let mut seen = MexSet::new();
        for n in 0..=max {
            seen.clear();
            for s in squares_up_to(n as u64) {
                seen.insert(u64::from(grundy[n - s as usize]));
            }
            // The mex of at most √n values is at most √n: it fits in 32 bits.
            grundy.push(seen.mex() as u32);
        }
        Ok(Values { grundy })
    }

    /// The largest pile in the table.
    pub fn max(&self) -> u64 {
        self.grundy.len() as u64 - 1
    }

    /// G(n), for n up to [`Values::max`].
    pub fn get(&self, n: u64) -> Nimber {
        Nimber(u64::from(self.grundy[n as usize]))
    }

    /// The P-positions (value 0) up to [`Values::max`], in order.
    pub fn p_positions(&self) -> impl Iterator<Item = u64> + '_ {
        self.grundy
            .iter()
            .enumerate()
            .filter(|&(_, &g)| g == 0)
            .map(|(n, _)| n as u64)
    }
}

/// How many items the explanation lists (moves, P-positions).
pub const EXPLAINED_ITEMS: usize = 12;

/// Analyses piles of the square-number game with a table covering every pile: outcome, value,
/// every winning move (by pile, then by square) and, if asked, the explanation.
///
/// Cost: O(√p) per pile p given the table.
///
/// # Examples
/// ```
/// use grundy::games::stones::squares::{self, Values};
/// use grundy::{AnalyzeOptions, Outcome};
/// let values = Values::up_to(7).unwrap();
/// let a = squares::analyze(&[7], &values, &AnalyzeOptions::default());
/// assert_eq!(a.outcome, Outcome::P); // LeetCode 1510: n = 7 is lost
/// ```
pub fn analyze(
    piles: &[u64],
    values: &Values,
    options: &AnalyzeOptions,
) -> Analysis<SquaresStep, PileMove> {
    let nimbers = piles.iter().map(|&p| values.get(p));
    let total = sum::value(nimbers.clone());
    let moves_to = |i: usize, target: Nimber| {
        let p = piles[i];
        squares_up_to(p)
            .filter(move |&s| values.get(p - s) == target)
            .map(move |s| PileMove::Take {
                pile: i,
                from: p,
                to: p - s,
            })
    };
    let mut listed = Vec::new();
    let mut count = 0u64;
    // A square can raise a pile's value as well as lower it: every pile may have winning moves.
    for (i, target) in sum::targets(nimbers.clone()) {
        for change in moves_to(i, target) {
            if listed.len() < options.max_moves {
                listed.push(change);
            }
            count += 1;
        }
    }
    let explanation = if options.explain {
        // Explain the textbook move: a pile whose value the target lowers, reachable by the mex.
        let lowering = sum::winning_targets(nimbers)
            .next()
            .and_then(|(i, target)| moves_to(i, target).next());
        explain(piles, values, total, lowering.as_ref())
    } else {
        Vec::new()
    };
    Analysis {
        outcome: Outcome::from_grundy(total),
        value: Some(total),
        winning_moves: listed,
        winning_move_count: count,
        explanation,
    }
}

fn explain(
    piles: &[u64],
    values: &Values,
    total: Nimber,
    first: Option<&PileMove>,
) -> Vec<SquaresStep> {
    let mut steps = vec![SquaresStep::Rule { max: values.max() }];
    let p_positions: Vec<u64> = values.p_positions().collect();
    steps.push(SquaresStep::PPositions {
        up_to: values.max(),
        first: p_positions.iter().copied().take(EXPLAINED_ITEMS).collect(),
        last: p_positions.last().copied().unwrap_or(0),
        count: p_positions.len() as u64,
    });
    if piles.len() > 1 {
        let shown = piles.len().min(EXPLAINED_ITEMS);
        steps.push(SquaresStep::Values {
            piles: piles[..shown].to_vec(),
            values: piles[..shown]
                .iter()
                .map(|&p| values.get(p).value())
                .collect(),
            omitted: piles.len() - shown,
            total: total.value(),
        });
    }
    match first {
        Some(&PileMove::Take { pile, from, to }) => steps.push(SquaresStep::Move {
            pile,
            from,
            square: from - to,
            to,
            value: values.get(from).value(),
            target: values.get(to).value(),
            single: piles.len() == 1,
        }),
        _ if piles.iter().all(|&p| p == 0) => steps.push(SquaresStep::NoMove),
        _ if piles.len() == 1 => {
            // Every square leads to an N-position; show the opponent's answer to each.
            let n = piles[0];
            let replies = squares_up_to(n)
                .take(EXPLAINED_ITEMS)
                .map(|s| {
                    let after = n - s;
                    let answer = squares_up_to(after)
                        .find(|&r| values.get(after - r).is_zero())
                        .expect("an option of a P-position is an N-position");
                    Reply {
                        square: s,
                        after,
                        answer,
                    }
                })
                .collect();
            steps.push(SquaresStep::EveryMoveLoses { n, replies });
        }
        _ => steps.push(SquaresStep::EveryMoveChangesTheXor),
    }
    steps
}

/// A square the player in a P-position may take, and the opponent's winning answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Reply {
    /// The square taken.
    pub square: u64,
    /// What is left, an N-position.
    pub after: u64,
    /// The opponent's square, leaving a P-position.
    pub answer: u64,
}

/// One step of the explanation of a square-number position.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "step", rename_all = "snake_case")]
pub enum SquaresStep {
    /// The rule and the recurrence of the values.
    Rule {
        /// The table's last pile.
        max: u64,
    },
    /// The P-positions of one pile up to the table's end.
    PPositions {
        /// The table's last pile.
        up_to: u64,
        /// The first few.
        first: Vec<u64>,
        /// The largest.
        last: u64,
        /// How many.
        count: u64,
    },
    /// Several piles: each pile's value and the XOR.
    Values {
        /// The first piles.
        piles: Vec<u64>,
        /// Their values.
        values: Vec<u64>,
        /// Piles not shown.
        omitted: usize,
        /// The XOR of all values.
        total: u64,
    },
    /// The winning move and why.
    Move {
        /// The pile, from 0.
        pile: usize,
        /// Its stones.
        from: u64,
        /// The square taken.
        square: u64,
        /// Stones left.
        to: u64,
        /// G(from).
        value: u64,
        /// G(to), g ⊕ X.
        target: u64,
        /// Whether there is one pile (then the target is a P-position).
        single: bool,
    },
    /// One pile in a P-position: every square leads to an N-position, with the answer to each.
    EveryMoveLoses {
        /// The pile.
        n: u64,
        /// The first squares and the opponent's answers.
        replies: Vec<Reply>,
    },
    /// Several piles in a P-position: no option of a pile has the pile's own value.
    EveryMoveChangesTheXor,
    /// No stones: no move.
    NoMove,
}

fn list(values: &[u64]) -> String {
    values
        .iter()
        .map(u64::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

impl Explain for SquaresStep {
    fn text(&self, lang: Lang) -> String {
        match self {
            SquaresStep::Rule { max } => lang.pick(
                format!(
                    "A move removes a square number of stones, 1, 4, 9, …. A pile of n has value G(n) = mex{{G(n − k²)}}, G(0) = 0; it is lost for the player to move (a P-position) iff G(n) = 0. The table up to {max} takes O(n·√n) steps."
                ),
                format!(
                    "每步取走平方数个石子：1, 4, 9, …。n 个石子的 SG 值 G(n) = mex{{G(n − k²)}}，G(0) = 0；G(n) = 0 时先手必败（P 态）。计算到 {max} 的表需要 O(n·√n) 步。"
                ),
            ),
            SquaresStep::PPositions {
                up_to,
                first,
                last,
                count,
            } => {
                let more = *count as usize > first.len();
                lang.pick(
                    format!(
                        "P-positions of one pile up to {up_to}: {}{} ({count} in all{}).",
                        list(first),
                        if more { ", …" } else { "" },
                        if more { format!(", the largest {last}") } else { String::new() }
                    ),
                    format!(
                        "单堆在 {up_to} 以内的必败态：{}{}（共 {count} 个{}）。",
                        list(first),
                        if more { ", …" } else { "" },
                        if more { format!("，最大的是 {last}") } else { String::new() }
                    ),
                )
            }
            SquaresStep::Values {
                piles,
                values,
                omitted,
                total,
            } => {
                let pairs: Vec<String> = piles
                    .iter()
                    .zip(values)
                    .map(|(p, g)| format!("G({p}) = {g}"))
                    .collect();
                let rest = if *omitted > 0 {
                    lang.pick(
                        format!(" and {omitted} more"),
                        format!(" 以及另外 {omitted} 堆"),
                    )
                } else {
                    String::new()
                };
                lang.pick(
                    format!(
                        "Several piles form a sum: {}{rest}; the XOR of the values is X = {total}{}.",
                        pairs.join(", "),
                        if *total == 0 { ", a P-position" } else { ", an N-position" }
                    ),
                    format!(
                        "多堆是游戏的和：{}{rest}；SG 值的异或和 X = {total}{}。",
                        pairs.join("，"),
                        if *total == 0 { "，先手必败" } else { "，先手必胜" }
                    ),
                )
            }
            SquaresStep::Move {
                pile,
                from,
                square,
                to,
                value,
                target,
                single,
            } => {
                if *single {
                    lang.pick(
                        format!(
                            "{from} is an N-position: take {square} = {}², leaving {to}, a P-position (G = 0). From {to} every square leads to an N-position again.",
                            square.isqrt()
                        ),
                        format!(
                            "{from} 是必胜态：取走 {square} = {}²，剩 {to}，是必败态（G = 0）。从 {to} 出发，取任何平方数都会回到必胜态。",
                            square.isqrt()
                        ),
                    )
                } else {
                    lang.pick(
                        format!(
                            "Pile {} has G({from}) = {value}, and {value} XOR X = {target} is smaller. By the mex rule some square leads from {from} to a value {target}: take {square} = {}², leaving G({to}) = {target}; the XOR becomes 0.",
                            pile + 1,
                            square.isqrt()
                        ),
                        format!(
                            "第 {} 堆 G({from}) = {value}，{value} 异或 X = {target} 更小。由 mex 的定义，{from} 一定能一步走到 SG 值为 {target} 的局面：取走 {square} = {}²，剩 {to}，G({to}) = {target}；异或和变为 0。",
                            pile + 1,
                            square.isqrt()
                        ),
                    )
                }
            }
            SquaresStep::EveryMoveLoses { n, replies } => {
                let lines: Vec<String> = replies
                    .iter()
                    .map(|r| match lang {
                        Lang::En => format!(
                            "  take {} -> {} left; the opponent takes {} -> {}, a P-position",
                            r.square,
                            r.after,
                            r.answer,
                            r.after - r.answer
                        ),
                        Lang::Zh => format!(
                            "  取 {} → 剩 {}；对手取 {} → 剩 {}，必败态",
                            r.square,
                            r.after,
                            r.answer,
                            r.after - r.answer
                        ),
                    })
                    .collect();
                let head = lang.pick(
                    format!(
                        "{n} is a P-position: every square leaves an N-position, and the opponent answers back to a P-position:"
                    ),
                    format!("{n} 是必败态：取任何平方数都留下必胜态，对手再走回必败态："),
                );
                std::iter::once(head)
                    .chain(lines)
                    .collect::<Vec<_>>()
                    .join("\n")
            }
            SquaresStep::EveryMoveChangesTheXor => lang.pick(
                "X = 0: by the mex rule no move leaves a pile with its own value, so every move makes the XOR non-zero and the opponent wins.".to_string(),
                "X = 0：由 mex 的定义，任何一步都会改变那一堆的 SG 值，异或和变为非 0，对手必胜。".to_string(),
            ),
            SquaresStep::NoMove => lang.pick(
                "There is no stone left: the player to move cannot move.".to_string(),
                "已经没有石子：轮到的一方无法行动。".to_string(),
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Memo;
    use crate::games::nim;

    #[test]
    fn the_table_matches_the_engine_for_every_pile_up_to_3000() {
        let values = Values::up_to(3000).unwrap();
        let mut memo = Memo::new();
        for n in 0..=3000 {
            assert_eq!(
                values.get(n),
                memo.grundy(&Squares, &vec![n]).unwrap(),
                "{n}"
            );
        }
    }

    #[test]
    fn sums_and_every_winning_move_match_the_engine() {
        let values = Values::up_to(14).unwrap();
        let mut memo = Memo::new();
        let options = AnalyzeOptions {
            max_moves: usize::MAX,
            explain: true,
        };
        let mut positions = vec![vec![]];
        for len in 1..=3 {
            let count = 15u64.pow(len);
            positions.extend((0..count).map(|mut code| {
                (0..len)
                    .map(|_| {
                        let p = code % 15;
                        code /= 15;
                        p
                    })
                    .collect::<Vec<u64>>()
            }));
        }
        for piles in positions {
            let a = analyze(&piles, &values, &options);
            assert_eq!(
                a.value,
                Some(memo.grundy(&Squares, &piles).unwrap()),
                "{piles:?}"
            );
            assert_eq!(
                a.outcome,
                memo.outcome(&Squares, &piles, crate::Convention::Normal)
                    .unwrap()
            );
            let mut closed: Vec<Vec<u64>> = a
                .winning_moves
                .iter()
                .map(|c| nim::apply(&piles, c))
                .collect();
            let mut engine = memo
                .winning_moves(&Squares, &piles, crate::Convention::Normal)
                .unwrap();
            closed.sort();
            engine.sort();
            assert_eq!(closed, engine, "{piles:?}");
            assert_eq!(a.winning_move_count, engine.len() as u64);
            assert!(!a.explanation.is_empty());
        }
    }

    #[test]
    fn leetcode_examples() {
        let values = Values::up_to(17).unwrap();
        for (n, alice_wins) in [(1, true), (2, false), (4, true), (7, false), (17, false)] {
            let a = analyze(&[n], &values, &AnalyzeOptions::default());
            assert_eq!(a.outcome == Outcome::N, alice_wins, "{n}");
        }
    }

    #[test]
    fn p_positions_are_the_zeros_of_the_table() {
        let values = Values::up_to(40).unwrap();
        let p: Vec<u64> = values.p_positions().collect();
        let zeros: Vec<u64> = (0..=40).filter(|&n| values.get(n).is_zero()).collect();
        assert_eq!(p, zeros);
        // Each P-position's options are all N-positions, and each N-position has a P option.
        for n in 0..=40u64 {
            let to_p = squares_up_to(n).any(|s| p.contains(&(n - s)));
            assert_eq!(to_p, !p.contains(&n), "{n}");
        }
    }

    #[test]
    fn too_large_a_pile_is_named() {
        assert_eq!(
            Values::for_piles(&[3, MAX_PILE + 1]),
            Err(StonesError::PileTooLarge {
                pile: 2,
                stones: MAX_PILE + 1,
                max: MAX_PILE
            })
        );
    }

    #[test]
    fn explanations_in_both_languages() {
        let values = Values::up_to(7).unwrap();
        let options = AnalyzeOptions {
            max_moves: 10,
            explain: true,
        };
        let lost = analyze(&[7], &values, &options);
        let en: Vec<String> = lost.explanation.iter().map(|s| s.text(Lang::En)).collect();
        assert!(en.iter().any(|s| s.contains("take 4 -> 3 left")), "{en:?}");
        let won = analyze(&[3, 4], &values, &options);
        let zh: Vec<String> = won.explanation.iter().map(|s| s.text(Lang::Zh)).collect();
        assert!(zh.iter().any(|s| s.contains("异或和")), "{zh:?}");
    }
}
