//! Wythoff's game, played: a move is `PILE COUNT`, take COUNT stones from pile PILE (1 or 2),
//! or `both COUNT`, take COUNT stones from each pile. Normal play only.

use crate::engine::EngineError;
use crate::games::wythoff::{self, Wythoff, WythoffStep};
use crate::ruleset::{
    About, Lists, MoveError, NoParameters, Notation, Presentation, Ruleset, SetupError, TestPlan,
    box_cost, keyword_numbers, one_from_largest, take_from, two_numbers,
};
use crate::{Analysis, AnalyzeOptions, Lang, PileMove};

/// Wythoff's game as a [`Playable`] ruleset.
#[derive(Clone, Copy, Debug, Default)]
pub struct WythoffPlay;

impl NoParameters for WythoffPlay {}

const NOTATION: Notation = Notation {
    en: "PILE COUNT or both COUNT",
    zh: "堆号 数量 或 both 数量",
    meaning_en: "take COUNT stones from pile PILE (1 or 2), or COUNT stones from each pile",
    meaning_zh: "从第「堆号」堆（1 或 2）取走「数量」个石子，或从两堆各取走「数量」个",
    example: "both 2",
};

/// The command line's help: the rules, the theorem, examples.
const HELP: &str = "Wythoff's game: two piles; a move takes any number of stones from one pile, or the same \
number from both; who cannot move loses.\n\n\
Theorem (Wythoff): the player to move loses exactly at (⌊kφ⌋, ⌊kφ²⌋) and its mirror, for \
k = 0, 1, 2, … (φ the golden ratio): (0,0), (1,2), (3,5), (4,7), (6,10), … — each pair \
takes the smallest number not used yet and adds k. Computed with integers only, exact \
for every pile up to 2^64−1. Winning moves (at most three) are listed as HDU 2177 prints \
them: the move on both piles, then the move on the smaller pile, then on the larger.\n\n\
Examples: `grundy wythoff 5 8`, `grundy wythoff --explain --lang zh 2 2`.";

impl Ruleset for WythoffPlay {
    const ABOUT: About = About {
        test_plan: TestPlan {
            normal: Lists { len: 2, max: 30 },
            misere: Lists { len: 2, max: 12 },
            ..TestPlan::DEFAULT
        },
        ..About::new("wythoff", HELP, NOTATION)
    };
    type Position = [u64; 2];
    type Move = PileMove;
    type Step = WythoffStep;
    type Value = crate::Nimber;
    type Rules = Wythoff;

    fn rules(&self) -> &Wythoff {
        &Wythoff
    }

    fn position(&self, numbers: Vec<u64>) -> Result<[u64; 2], SetupError> {
        match numbers[..] {
            [] => Err(SetupError::Empty { what: "piles" }),
            [a, b] => Ok([a, b]),
            _ => Err(SetupError::BadPosition {
                problem: format!(
                    "Wythoff's game has exactly two piles, not {}",
                    numbers.len()
                ),
            }),
        }
    }

    fn legal_moves(&self, piles: &[u64; 2], out: &mut Vec<PileMove>) {
        for (pile, &from) in piles.iter().enumerate() {
            out.extend((0..from).rev().map(|to| PileMove::Take { pile, from, to }));
        }
        out.extend((1..=piles[0].min(piles[1])).map(|k| PileMove::TakeBoth {
            from: *piles,
            to: piles.map(|p| p - k),
        }));
    }

    fn is_over(&self, piles: &[u64; 2]) -> bool {
        *piles == [0, 0]
    }

    fn apply(&self, piles: &[u64; 2], change: &PileMove) -> [u64; 2] {
        wythoff::apply(piles, change)
    }

    fn analyze(
        &self,
        piles: &[u64; 2],
        options: &AnalyzeOptions,
    ) -> Result<Analysis<WythoffStep, PileMove>, EngineError> {
        Ok(wythoff::analyze(piles, options))
    }

    /// (a + 1)(b + 1) positions, each with at most a + b + min(a, b) options.
    fn search_cost(&self, piles: &[u64; 2]) -> Option<u64> {
        let smaller = u128::from(piles[0].min(piles[1]));
        Some(box_cost(piles, self.material(piles) + smaller + 1))
    }

    fn slow_move(&self, piles: &[u64; 2]) -> Option<PileMove> {
        one_from_largest(piles)
    }
}

impl Presentation for WythoffPlay {
    fn title(&self, lang: Lang) -> String {
        lang.pick("Wythoff's game", "威佐夫博弈（Wythoff）")
            .to_string()
    }

    fn parse_move(&self, piles: &[u64; 2], text: &str) -> Result<PileMove, MoveError> {
        let both = keyword_numbers(text, "both", 1, NOTATION)?;
        let single = match both {
            Some(_) => None,
            None => Some(two_numbers(text, NOTATION)?),
        };
        if self.is_over(piles) {
            return Err(MoveError::GameOver);
        }
        if let Some((pile, count)) = single {
            return take_from(piles, pile, count);
        }
        let count = both.map_or(0, |n| n[0]);
        if count == 0 {
            return Err(MoveError::TakesNothing);
        }
        let short: Vec<(usize, u64)> = (0..2)
            .filter(|&i| piles[i] < count)
            .map(|i| (i + 1, piles[i]))
            .collect();
        if !short.is_empty() {
            return Err(MoveError::TooManyFromEach {
                short,
                asked: count,
            });
        }
        Ok(PileMove::TakeBoth {
            from: *piles,
            to: piles.map(|p| p - count),
        })
    }

    fn write_move(&self, change: &PileMove) -> String {
        match *change {
            PileMove::Take { pile, from, to } => format!("{} {}", pile + 1, from - to),
            PileMove::TakeBoth { from, to } => format!("both {}", from[0] - to[0]),
            ref other => unreachable!("Wythoff moves are takes, not {other:?}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::check_refusals;

    use crate::Outcome;
    use crate::testing::{check_playable, check_theorem_play};

    #[test]
    fn moves_and_the_computer_match_the_rules_exhaustively() {
        let positions: Vec<[u64; 2]> = (0..=9).flat_map(|a| (0..=9).map(move |b| [a, b])).collect();
        check_playable(&WythoffPlay, &positions, 10);
    }

    #[test]
    fn huge_piles_fall_back_to_the_closed_form() {
        let huge = [[u64::MAX - 7, 1 << 50], [1 << 40, 12345]];
        // (a_k, b_k) with k = 10^6 is lost: the computer takes one stone from the larger pile.
        let k = 1_000_000;
        let lost = [wythoff::lower(k) as u64, wythoff::upper(k) as u64];
        for piles in &huge {
            let analysis = WythoffPlay.analyze(piles, &AnalyzeOptions::default());
            assert_eq!(analysis.unwrap().outcome, Outcome::N, "{piles:?}");
        }
        let slow = check_theorem_play(&WythoffPlay, &huge, &lost);
        assert_eq!(WythoffPlay.apply(&lost, &slow), [lost[0], lost[1] - 1]);
    }

    #[test]
    fn bad_moves_get_one_line_reasons_in_both_languages() {
        let piles = [3, 5];
        let cases = [
            ("x", "'x' is not a move: write PILE COUNT or both COUNT"),
            ("both", "'both' is not a move"),
            ("both 1 2", "is not a move"),
            ("3 1", "there is no pile 3: the piles are numbered 1 to 2"),
            ("2 6", "pile 2 has 5 stones; you cannot take 6"),
            (
                "both 4",
                "pile 1 has 3 stones; you cannot take 4 from each pile",
            ),
            (
                "both 9",
                "pile 1 has 3 stones and pile 2 has 5 stones; you cannot take 9 from each pile",
            ),
            ("both 0", "at least one stone"),
        ];
        check_refusals(&WythoffPlay, &piles, &cases);
        assert_eq!(
            WythoffPlay.parse_move(&piles, "BOTH, 2"),
            Ok(PileMove::TakeBoth {
                from: [3, 5],
                to: [1, 3]
            })
        );
        assert_eq!(
            WythoffPlay.parse_move(&[0, 0], "both 1"),
            Err(MoveError::GameOver)
        );
    }

    #[test]
    fn only_two_piles_make_a_position() {
        assert!(WythoffPlay.position(vec![1, 2, 3]).is_err());
        assert!(WythoffPlay.position(vec![]).is_err());
        assert_eq!(WythoffPlay.position(vec![4, 7]), Ok([4, 7]));
    }
}
