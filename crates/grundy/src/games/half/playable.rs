//! Take at most half, played: a move is `PILE COUNT`, take COUNT stones from pile PILE, at most
//! half of it. Normal play by the module's theorem; misère play through the registry.

use crate::engine::EngineError;
use crate::games::half::{self, Half, HalfStep};
use crate::games::heaps::HeapComponent;
use crate::ruleset::{
    About, Lists, NoParameters, Notation, Presentation, Ruleset, TestPlan, box_cost,
    one_from_largest, takes_from_one_pile,
};
use crate::{Analysis, AnalyzeOptions, Lang, PileMove};

/// Take at most half as a [`Playable`] ruleset.
#[derive(Clone, Copy, Debug, Default)]
pub struct HalfPlay;

impl NoParameters for HalfPlay {}

const NOTATION: Notation = Notation {
    en: "PILE COUNT",
    zh: "堆号 数量",
    meaning_en: "take COUNT stones from pile PILE, at most half of it, piles numbered from 1",
    meaning_zh: "从第「堆号」堆取走「数量」个石子，至多取该堆的一半，堆号从 1 开始",
    example: "1 2",
};

/// The command line's help: the rules, the theorem, examples.
const HELP: &str = "Take at most half: a move takes at least one and at most half of one pile \
(from a pile of n, 1 to floor(n/2) stones); a pile of 0 or 1 cannot move; who cannot move \
loses.\n\n\
Theorem: G(2k) = k and G(2k+1) = G(k), so G(n) = n >> (t+1) with t the trailing 1-bits of n \
(G(10) = 5, G(11) = G(5) = G(2) = 1), and the piles of value v are (2v+1)*2^s - 1. The player \
to move loses iff the XOR of the values is 0. A pile has at most one move to each value, so at \
most one winning move: down to the value g XOR x, or up to it (an odd pile 2k+1 reaches values \
up to k); every one is listed. Piles up to 2^64 - 1.\n\n\
Examples: `grundy half 5 6 7`, `grundy half --explain 4 9`, `grundy half --explain --lang zh \
10 11`.";

impl Ruleset for HalfPlay {
    const ABOUT: About = About {
        test_plan: TestPlan {
            normal: Lists { len: 3, max: 9 },
            ..TestPlan::DEFAULT
        },
        ..About::new("half", HELP, NOTATION)
    };
    type Position = Vec<u64>;
    type Move = PileMove;
    type Step = HalfStep;
    type Value = crate::Nimber;
    type Rules = Half;

    fn rules(&self) -> &Half {
        &Half
    }

    fn heap_component(&self) -> Option<Box<dyn HeapComponent>> {
        Some(Box::new(Half))
    }

    takes_from_one_pile!(Ruleset, any piles);

    fn analyze(
        &self,
        piles: &Vec<u64>,
        options: &AnalyzeOptions,
    ) -> Result<Analysis<HalfStep, PileMove>, EngineError> {
        Ok(half::analyze(piles, options))
    }

    /// Every position below has each pile at most its size now: ∏(p + 1) positions, each with
    /// at most Σ⌊p/2⌋ options.
    fn search_cost(&self, piles: &Vec<u64>) -> Option<u64> {
        Some(box_cost(piles, self.material(piles) / 2 + 1))
    }

    fn slow_move(&self, piles: &Vec<u64>) -> Option<PileMove> {
        one_from_largest(piles)
    }
}

impl Presentation for HalfPlay {
    fn title(&self, lang: Lang) -> String {
        lang.pick("Take at most half", "每次至多取一半").to_string()
    }

    takes_from_one_pile!(Presentation);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::PileMove;
    use crate::testing::check_refusals;

    use crate::ruleset::MoveError;
    use crate::testing::{all_lists, check_playable, check_theorem_play};

    #[test]
    fn moves_and_the_computer_match_the_rules_exhaustively() {
        let mut positions = all_lists(2, 9);
        positions.extend(all_lists(3, 5).into_iter().filter(|p| p.len() == 3));
        check_playable(&HalfPlay, &positions, 10);
    }

    #[test]
    fn huge_positions_fall_back_to_the_closed_form() {
        let huge = [vec![u64::MAX, 1 << 40, 12345], vec![1 << 40, 1 << 39]];
        // Values 2^39 and 2^39: lost; the computer takes one stone from the second pile, the
        // largest.
        let lost = vec![1 << 40, (1 << 41) + 1];
        let slow = check_theorem_play(&HalfPlay, &huge, &lost);
        let (from, to) = (lost[1], lost[1] - 1);
        assert_eq!(slow, PileMove::Take { pile: 1, from, to });
    }

    #[test]
    fn bad_moves_get_one_line_reasons_in_both_languages() {
        let piles = vec![5, 1, 8];
        let cases = [
            ("x", "'x' is not a move"),
            ("1", "'1' is not a move"),
            ("4 1", "there is no pile 4"),
            ("1 0", "at least one stone"),
            ("1 6", "pile 1 has 5 stones; you cannot take 6"),
            ("1 3", "at most 2 stones (the cap), not 3"),
            ("3 5", "at most 4 stones (the cap), not 5"),
            ("2 1", "at most 0 stones (the cap), not 1"),
        ];
        check_refusals(&HalfPlay, &piles, &cases);
        assert_eq!(
            HalfPlay.parse_move(&vec![1, 0, 1], "1 1"),
            Err(MoveError::GameOver)
        );
        assert_eq!(
            HalfPlay.parse_move(&piles, "3 4"),
            Ok(PileMove::Take {
                pile: 2,
                from: 8,
                to: 4
            })
        );
    }
}
