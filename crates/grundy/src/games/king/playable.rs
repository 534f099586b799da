//! kiki's game (the king's walk), played: a move is `PILE`, take one stone from pile PILE (1, the
//! columns to the corner, or 2, the rows), or `both`, one from each pile (the diagonal step).
//! Normal play only.

use crate::engine::EngineError;
use crate::games::king::{self, King, KingStep};
use crate::ruleset::{
    About, Lists, MoveError, NoParameters, Notation, Presentation, Ruleset, SetupError, TestPlan,
    box_cost, keyword_numbers, malformed, move_numbers, one_from_largest, take_from,
};
use crate::{Analysis, AnalyzeOptions, Lang, PileMove};

/// kiki's game as a [`Playable`](crate::ruleset::Playable) ruleset.
#[derive(Clone, Copy, Debug, Default)]
pub struct KingPlay;

impl NoParameters for KingPlay {}

const NOTATION: Notation = Notation {
    en: "PILE or both",
    zh: "堆号 或 both",
    meaning_en: "take one stone from pile PILE (1: columns left, 2: rows down), or one from each (the diagonal step)",
    meaning_zh: "从第「堆号」堆（1：向左的列数，2：向下的行数）取走一个石子，或从两堆各取一个（斜走一步）",
    example: "both",
};

/// The command line's help: the rules, the theorem, examples.
const HELP: &str = "kiki's game (HDU 2147): a king stands X columns right of and Y rows above the corner; \
a move takes it one cell left, one cell down or one cell diagonally down-left; who cannot move \
(the king in the corner) loses. The position is the two distances X Y, as two piles from which a \
move takes one stone from one pile or one from each.\n\n\
Theorem: the player to move loses exactly when X and Y are both even (each step makes a distance \
odd; from any other position the step taking one from each odd distance makes both even). The \
values for sums: 0 with both even, 2 with both odd, 1 when only the larger distance is odd and 3 \
when only the smaller is. A board of n rows and m columns with the king in its far corner is \
X = m − 1, Y = n − 1.\n\n\
Examples: `grundy kiki 2 4`, `grundy kiki --explain --lang zh 3 4`, `grundy play kiki 5 6`.";

impl Ruleset for KingPlay {
    const ABOUT: About = About {
        test_plan: TestPlan {
            normal: Lists { len: 2, max: 30 },
            misere: Lists { len: 2, max: 12 },
            ..TestPlan::DEFAULT
        },
        ..About::new("kiki", HELP, NOTATION)
    };
    type Position = [u64; 2];
    type Move = PileMove;
    type Step = KingStep;
    type Value = crate::Nimber;
    type Rules = King;

    fn rules(&self) -> &King {
        &King
    }

    fn position(&self, numbers: Vec<u64>) -> Result<[u64; 2], SetupError> {
        match numbers[..] {
            [] => Err(SetupError::Empty { what: "piles" }),
            [x, y] => Ok([x, y]),
            _ => Err(SetupError::BadPosition {
                problem: format!(
                    "kiki's game has exactly two distances (columns and rows), not {}",
                    numbers.len()
                ),
            }),
        }
    }

    fn legal_moves(&self, position: &[u64; 2], out: &mut Vec<PileMove>) {
        out.extend(king::steps(position));
    }

    fn is_over(&self, position: &[u64; 2]) -> bool {
        *position == [0, 0]
    }

    fn apply(&self, position: &[u64; 2], change: &PileMove) -> [u64; 2] {
        king::apply(position, change)
    }

    fn analyze(
        &self,
        position: &[u64; 2],
        options: &AnalyzeOptions,
    ) -> Result<Analysis<KingStep, PileMove>, EngineError> {
        Ok(king::analyze(position, options))
    }

    /// (x + 1)(y + 1) positions, each with at most three options.
    fn search_cost(&self, position: &[u64; 2]) -> Option<u64> {
        Some(box_cost(position, 3))
    }

    fn slow_move(&self, position: &[u64; 2]) -> Option<PileMove> {
        one_from_largest(position)
    }
}

impl Presentation for KingPlay {
    fn title(&self, lang: Lang) -> String {
        lang.pick("kiki's game (the king's walk)", "kiki 的游戏（王走向角落）")
            .to_string()
    }

    fn parse_move(&self, position: &[u64; 2], text: &str) -> Result<PileMove, MoveError> {
        let both = keyword_numbers(text, "both", 0, NOTATION)?.is_some();
        let pile = if both {
            None
        } else {
            match move_numbers(text, NOTATION)?[..] {
                [pile] => Some(pile),
                _ => return Err(malformed(text, NOTATION)),
            }
        };
        if self.is_over(position) {
            return Err(MoveError::GameOver);
        }
        if let Some(pile) = pile {
            return take_from(position, pile, 1);
        }
        let short: Vec<(usize, u64)> = (0..2)
            .filter(|&i| position[i] == 0)
            .map(|i| (i + 1, 0))
            .collect();
        if !short.is_empty() {
            return Err(MoveError::TooManyFromEach { short, asked: 1 });
        }
        Ok(PileMove::TakeBoth {
            from: *position,
            to: position.map(|p| p - 1),
        })
    }

    fn write_move(&self, change: &PileMove) -> String {
        match *change {
            PileMove::Take { pile, .. } => (pile + 1).to_string(),
            PileMove::TakeBoth { .. } => "both".to_string(),
            ref other => unreachable!("kiki's game moves are takes, not {other:?}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Explain;
    use crate::testing::check_playable;

    #[test]
    fn moves_and_the_computer_match_the_rules_exhaustively() {
        let positions: Vec<[u64; 2]> = (0..=9).flat_map(|a| (0..=9).map(move |b| [a, b])).collect();
        check_playable(&KingPlay, &positions, 10);
    }

    #[test]
    fn bad_moves_get_one_line_reasons_in_both_languages() {
        let cases = [
            ([3, 5], "x", "'x' is not a move: write PILE or both"),
            ([3, 5], "both 1", "is not a move"),
            ([3, 5], "1 2", "is not a move"),
            (
                [3, 5],
                "3",
                "there is no pile 3: the piles are numbered 1 to 2",
            ),
            ([0, 5], "1", "pile 1 has 0 stones; you cannot take 1"),
            (
                [0, 5],
                "both",
                "pile 1 has 0 stones; you cannot take 1 from each pile",
            ),
            ([0, 0], "both", "the game is over"),
        ];
        for (position, text, reason) in cases {
            let err = KingPlay.parse_move(&position, text).unwrap_err();
            assert!(err.to_string().contains(reason), "{text}: {err}");
            assert!(!err.text(Lang::Zh).is_empty());
        }
        assert_eq!(
            KingPlay.parse_move(&[3, 5], "BOTH"),
            Ok(PileMove::TakeBoth {
                from: [3, 5],
                to: [2, 4]
            })
        );
        assert_eq!(
            KingPlay.parse_move(&[3, 5], "2"),
            Ok(PileMove::Take {
                pile: 1,
                from: 5,
                to: 4
            })
        );
    }

    #[test]
    fn only_two_distances_make_a_position() {
        assert!(KingPlay.position(vec![1, 2, 3]).is_err());
        assert!(KingPlay.position(vec![]).is_err());
        assert_eq!(KingPlay.position(vec![4, 7]), Ok([4, 7]));
    }
}
