//! Nim and misère Nim, played: a move is `PILE COUNT`, take COUNT stones from pile PILE.

use crate::engine::EngineError;
use crate::games::heaps::HeapComponent;
use crate::games::nim::{self, Nim, NimStep};
use crate::ruleset::{
    About, FromSetup, Lists, Notation, Presentation, Ruleset, Setup, SetupError, TestPlan,
    box_cost, one_from_largest, takes_from_one_pile,
};
use crate::{Analysis, AnalyzeOptions, Convention, Lang, PileMove};

/// Nim under one convention, as a [`Playable`] ruleset.
#[derive(Clone, Copy, Debug)]
pub struct NimPlay {
    convention: Convention,
}

impl FromSetup for NimPlay {
    /// Nim under the convention asked for; it takes no parameters.
    fn from_setup(setup: &Setup) -> Result<Self, SetupError> {
        setup.no_params()?;
        Ok(NimPlay::new(setup.convention()))
    }
}

impl NimPlay {
    /// Nim under `convention`.
    pub fn new(convention: Convention) -> Self {
        NimPlay { convention }
    }
}

const NOTATION: Notation = Notation {
    en: "PILE COUNT",
    zh: "堆号 数量",
    meaning_en: "take COUNT stones from pile PILE, piles numbered from 1",
    meaning_zh: "从第「堆号」堆取走「数量」个石子，堆号从 1 开始",
    example: "1 2",
};

/// The command line's help: the rules, the theorem, examples.
const HELP: &str = "Nim: take any number of stones from one pile; who cannot move loses.\n\n\
Theorem (Bouton): the player to move loses exactly when the XOR of the piles is 0; the \
winning move turns a pile p that has the highest set bit of the XOR x into p XOR x. With \
--misere (who takes the last stone loses) the same holds until only piles of 0 and 1 \
would remain; then leave an odd number of 1s.\n\n\
Examples: `grundy nim 3 4 5`, `grundy nim --explain --lang zh 3 4 5`, `echo 1 2 3 | \
grundy nim --json`.";

impl Ruleset for NimPlay {
    const ABOUT: About = About {
        conventions: &[Convention::Normal, Convention::Misere],
        test_plan: TestPlan {
            normal: Lists { len: 4, max: 6 },
            misere: Lists { len: 4, max: 6 },
            ..TestPlan::DEFAULT
        },
        ..About::new("nim", HELP, NOTATION)
    };
    type Position = Vec<u64>;
    type Move = PileMove;
    type Step = NimStep;
    type Value = crate::Nimber;
    type Rules = Nim;

    fn convention(&self) -> Convention {
        self.convention
    }

    fn rules(&self) -> &Nim {
        &Nim
    }

    fn heap_component(&self) -> Option<Box<dyn HeapComponent>> {
        Some(Box::new(Nim))
    }

    takes_from_one_pile!(Ruleset, any piles);

    fn analyze(
        &self,
        piles: &Vec<u64>,
        options: &AnalyzeOptions,
    ) -> Result<Analysis<NimStep, PileMove>, EngineError> {
        Ok(nim::analyze(piles, self.convention, options))
    }

    /// Every position below has each pile at most its size now: ∏(p + 1) positions, each with
    /// at most Σp options.
    fn search_cost(&self, piles: &Vec<u64>) -> Option<u64> {
        Some(box_cost(piles, self.material(piles) + 1))
    }

    fn slow_move(&self, piles: &Vec<u64>) -> Option<PileMove> {
        one_from_largest(piles)
    }
}

impl Presentation for NimPlay {
    fn title(&self, lang: Lang) -> String {
        match self.convention {
            Convention::Normal => "Nim".to_string(),
            Convention::Misere => lang.pick("misère Nim", "反 Nim").to_string(),
        }
    }

    takes_from_one_pile!(Presentation);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Outcome;
    use crate::PileMove;
    use crate::play::{Search, computer_move};
    use crate::ruleset::MoveError;
    use crate::testing::check_refusals;
    use crate::testing::{check_playable, check_theorem_play};

    /// Every position of `piles` piles of at most `max` stones.
    fn positions(piles: usize, max: u64) -> Vec<Vec<u64>> {
        (0..piles).fold(vec![vec![]], |all, _| {
            all.iter()
                .flat_map(|p| {
                    (0..=max).map(move |s| {
                        let mut q: Vec<u64> = p.clone();
                        q.push(s);
                        q
                    })
                })
                .collect()
        })
    }

    #[test]
    fn moves_and_the_computer_match_the_rules_exhaustively() {
        for play in [Convention::Normal, Convention::Misere] {
            check_playable(&NimPlay::new(play), &positions(3, 4), 5);
        }
    }

    #[test]
    fn huge_positions_fall_back_to_the_closed_form() {
        let game = NimPlay::new(Convention::Normal);
        let huge = [vec![u64::MAX, 1 << 40, 12345], vec![1 << 40, 3, 12345]];
        // From a lost position it takes one stone from the largest pile.
        let slow = check_theorem_play(&game, &huge, &vec![1 << 40, 1 << 40]);
        let (from, to) = (1 << 40, (1 << 40) - 1);
        assert_eq!(slow, PileMove::Take { pile: 0, from, to });
    }

    #[test]
    fn bad_moves_get_one_line_reasons_in_both_languages() {
        let game = NimPlay::new(Convention::Normal);
        let piles = vec![3, 4, 5];
        let cases = [
            ("x", "'x' is not a move"),
            ("1", "'1' is not a move"),
            ("1 2 3", "is not a move"),
            ("1 -2", "is not a move"),
            ("4 1", "there is no pile 4"),
            ("0 1", "there is no pile 0"),
            ("99999999999999999999 1", "is not a move"),
            ("1 0", "at least one stone"),
            ("2 5", "pile 2 has 4 stones; you cannot take 5"),
        ];
        check_refusals(&game, &piles, &cases);
        assert_eq!(
            game.parse_move(&vec![0, 0], "1 1"),
            Err(MoveError::GameOver)
        );
        assert_eq!(
            game.parse_move(&piles, " 1, 2 "),
            Ok(PileMove::Take {
                pile: 0,
                from: 3,
                to: 1
            })
        );
    }

    #[test]
    fn computer_against_itself_ends_with_the_predicted_winner() {
        for play in [Convention::Normal, Convention::Misere] {
            let game = NimPlay::new(play);
            let mut search = Search::new(Search::<Vec<u64>>::DEFAULT_BUDGET);
            for start in positions(3, 3) {
                let first_wins = game
                    .analyze(&start, &AnalyzeOptions::default())
                    .unwrap()
                    .outcome
                    == Outcome::N;
                let mut piles = start.clone();
                let mut moves = 0;
                while let Some(reply) = computer_move(&game, &piles, &mut search) {
                    piles = game.apply(&piles, &reply.change);
                    moves += 1;
                }
                // Normal: whoever made the last move won; misère: that player lost.
                let last_mover_is_first = moves % 2 == 1;
                let first_won = (play == Convention::Normal) == last_mover_is_first;
                assert_eq!(first_won, first_wins, "{start:?} {play:?}");
            }
        }
    }
}
