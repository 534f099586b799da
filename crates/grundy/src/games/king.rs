//! King's walk (kiki's game, HDU 2147): a king stands x columns right of and y rows above the
//! corner it walks to; a move takes it one cell left, one cell down, or one cell diagonally
//! down-left. Who cannot move (the king in the corner) loses. Equivalently: two piles x and y, a
//! move takes one stone from one pile or one from each.
//!
//! Theorem (induction on x + y, checked here against the engine): with both distances even the
//! value is 0, with both odd it is 2, and with exactly one odd it is 1 if the odd distance is the
//! larger and 3 if it is the smaller. So the player to move loses iff x and y are both even
//! (every step makes a distance odd, and from any other position the step that takes one from
//! each odd distance makes both even). The other values matter in sums of boards.

use serde::Serialize;

use crate::{Analysis, AnalyzeOptions, Explain, Game, Lang, Move, MoveList, Nimber, PileMove};

mod playable;

pub use playable::KingPlay;

/// The king's walk as a [`Game`], for the engine: a position is the two distances [x, y].
#[derive(Clone, Copy, Debug, Default)]
pub struct King;

impl Game for King {
    type Position = [u64; 2];

    fn options(&self, position: &[u64; 2], out: &mut Vec<[u64; 2]>) {
        out.extend(steps(position).map(|change| apply(position, &change)));
    }
}

/// The value of the king x columns and y rows from the corner (see the module doc).
///
/// # Examples
/// ```
/// use grundy::games::king;
/// // HDU 2147: a 5×3 board puts the king 2 columns and 4 rows from the corner.
/// assert_eq!(king::value([2, 4]).value(), 0);
/// // Exactly one distance odd: 3 when it is the smaller, 1 when the larger.
/// assert_eq!(king::value([3, 4]).value(), 3);
/// assert_eq!(king::value([5, 4]).value(), 1);
/// ```
pub fn value([x, y]: [u64; 2]) -> Nimber {
    Nimber(match (x % 2, y % 2) {
        (0, 0) => 0,
        (1, 1) => 2,
        // Exactly one is odd: 1 when it is the larger, 3 when the smaller.
        (1, 0) => 2 * u64::from(x < y) + 1,
        _ => 2 * u64::from(y < x) + 1,
    })
}

/// The steps of the king from `position`: left, down, diagonal (those that stay on the board).
pub fn steps(&[x, y]: &[u64; 2]) -> impl Iterator<Item = PileMove> {
    let left = (x > 0).then(|| PileMove::Take {
        pile: 0,
        from: x,
        to: x - 1,
    });
    let down = (y > 0).then(|| PileMove::Take {
        pile: 1,
        from: y,
        to: y - 1,
    });
    let diagonal = (x > 0 && y > 0).then(|| PileMove::TakeBoth {
        from: [x, y],
        to: [x - 1, y - 1],
    });
    [left, down, diagonal].into_iter().flatten()
}

/// The position after `change`.
pub fn apply(position: &[u64; 2], change: &PileMove) -> [u64; 2] {
    let mut next = *position;
    match *change {
        PileMove::Take { pile, to, .. } => next[pile] = to,
        PileMove::TakeBoth { to, .. } => next = to,
        _ => {}
    }
    next
}

/// The steps from `position` to a position of value `target` (at most three), left, down,
/// diagonal.
pub fn moves_to(position: &[u64; 2], target: Nimber) -> impl Iterator<Item = PileMove> + '_ {
    steps(position).filter(move |change| value(apply(position, change)) == target)
}

/// One step of the explanation of a king's position.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "step", rename_all = "snake_case")]
pub enum KingStep {
    /// The rule of the values, by the parities of the distances.
    Rule,
    /// The distances, their parities and the value.
    Distances {
        /// Columns to the corner.
        x: u64,
        /// Rows to the corner.
        y: u64,
        /// The value.
        value: Nimber,
    },
    /// The verdict for a position with both distances even.
    BothEven,
    /// A winning step: it makes both distances even.
    Move {
        /// The step.
        change: PileMove,
    },
}

impl Explain for KingStep {
    fn text(&self, lang: Lang) -> String {
        match self {
            KingStep::Rule => lang.pick(
                "Each step changes the parity of one distance or of both. With both distances even the value is 0; with both odd it is 2; with one odd it is 1 if the odd one is the larger and 3 otherwise (by induction on x + y).".to_string(),
                "每一步改变一个或两个距离的奇偶性。两个距离都是偶数时 SG 值为 0；都是奇数时为 2；恰有一个奇数时，奇数较大则为 1，否则为 3（对 x + y 归纳）。".to_string(),
            ),
            KingStep::Distances { x, y, value } => {
                let parity = |n: u64, lang: Lang| match (n % 2, lang) {
                    (0, Lang::En) => "even",
                    (_, Lang::En) => "odd",
                    (0, Lang::Zh) => "偶数",
                    (_, Lang::Zh) => "奇数",
                };
                lang.pick(
                    format!(
                        "The king is {x} columns ({}) and {y} rows ({}) from the corner: value {value}.",
                        parity(*x, Lang::En),
                        parity(*y, Lang::En)
                    ),
                    format!(
                        "棋子离角落 {x} 列（{}）、{y} 行（{}）：SG 值为 {value}。",
                        parity(*x, Lang::Zh),
                        parity(*y, Lang::Zh)
                    ),
                )
            }
            KingStep::BothEven => lang.pick(
                "Both distances are even: every step makes one of them odd, and the opponent makes both even again until the king is in the corner. The player to move loses.".to_string(),
                "两个距离都是偶数：无论怎么走都会让某个距离变成奇数，对手再把它们都变回偶数，直到棋子到达角落。先手必败。".to_string(),
            ),
            KingStep::Move { change } => lang.pick(
                format!(
                    "Make both distances even: {}.",
                    change.describe(Lang::En)
                ),
                format!("让两个距离都变成偶数：{}。", change.describe(Lang::Zh)),
            ),
        }
    }
}

/// Analyses a king's position: outcome, value, the winning step (at most one) and, if asked,
/// the explanation.
///
/// # Examples
/// ```
/// use grundy::games::king;
/// use grundy::{AnalyzeOptions, PileMove, Outcome};
/// let a = king::analyze(&[3, 4], &AnalyzeOptions::default());
/// assert_eq!(a.outcome, Outcome::N);
/// assert_eq!(a.winning_moves, vec![PileMove::Take { pile: 0, from: 3, to: 2 }]);
/// ```
pub fn analyze(position: &[u64; 2], options: &AnalyzeOptions) -> Analysis<KingStep, PileMove> {
    let [x, y] = *position;
    let g = value(*position);
    let mut moves = MoveList::new(options.max_moves);
    moves_to(position, Nimber(0)).for_each(|change| moves.push(change));
    let explanation = if options.explain {
        let mut steps = vec![KingStep::Rule, KingStep::Distances { x, y, value: g }];
        match moves.first() {
            Some(change) => steps.push(KingStep::Move {
                change: change.clone(),
            }),
            None => steps.push(KingStep::BothEven),
        }
        steps
    } else {
        Vec::new()
    };
    moves.into_analysis(g, explanation)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Outcome;
    use crate::engine::Memo;

    #[test]
    fn the_value_rule_matches_the_engine() {
        let mut memo = Memo::new();
        for x in 0..60 {
            for y in 0..60 {
                assert_eq!(
                    memo.grundy(&King, &[x, y]).unwrap(),
                    value([x, y]),
                    "{x} {y}"
                );
            }
        }
    }

    #[test]
    fn moves_to_every_target_match_the_options() {
        for x in 0..30 {
            for y in 0..30 {
                let mut options = Vec::new();
                King.options(&[x, y], &mut options);
                for t in 0..4 {
                    let expected: Vec<[u64; 2]> = options
                        .iter()
                        .copied()
                        .filter(|&o| value(o) == Nimber(t))
                        .collect();
                    let found: Vec<[u64; 2]> = moves_to(&[x, y], Nimber(t))
                        .map(|c| apply(&[x, y], &c))
                        .collect();
                    assert_eq!(found, expected, "{x} {y} -> {t}");
                }
                let a = analyze(&[x, y], &AnalyzeOptions::default());
                assert_eq!(a.outcome == Outcome::P, x % 2 == 0 && y % 2 == 0);
                assert_eq!(a.winning_moves.len(), usize::from(a.outcome == Outcome::N));
            }
        }
    }

    #[test]
    fn the_largest_distances() {
        let a = analyze(&[u64::MAX, u64::MAX], &AnalyzeOptions::default());
        assert_eq!(a.value, Some(Nimber(2)));
        assert_eq!(
            a.winning_moves,
            vec![PileMove::TakeBoth {
                from: [u64::MAX; 2],
                to: [u64::MAX - 1; 2]
            }]
        );
    }

    #[test]
    fn explanations_in_both_languages() {
        let options = AnalyzeOptions {
            max_moves: 5,
            explain: true,
        };
        let won = analyze(&[3, 4], &options);
        let en: Vec<String> = won.explanation.iter().map(|s| s.text(Lang::En)).collect();
        assert!(en[1].contains("3 columns (odd)"), "{en:?}");
        assert!(en[2].contains("take 1 from pile 1"), "{en:?}");
        let lost = analyze(&[2, 4], &options);
        let zh: Vec<String> = lost.explanation.iter().map(|s| s.text(Lang::Zh)).collect();
        assert!(zh[2].contains("先手必败"), "{zh:?}");
    }
}
