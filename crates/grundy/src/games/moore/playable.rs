//! Moore's Nim_K, played: a move is `PILE COUNT [PILE COUNT …]`, take COUNT stones from each pile
//! named, from one to K distinct piles. K is the parameter `k` (2 when left out). Normal play only.

use std::collections::BTreeMap;

use crate::engine::EngineError;
use crate::games::moore::{self, Moore, MooreStep};
use crate::ruleset::{
    About, FromSetup, MoveError, Notation, ParamDoc, ParamRole, Presentation, Ruleset, Setup,
    SetupError, TestPlan, Unit, amount, box_cost, index, malformed, move_numbers, one_from_largest,
    some_piles,
};
use crate::{Analysis, AnalyzeOptions, Game, Lang, PileMove};

/// The command line's help: the rules, the theorem, examples.
const HELP: &str = "Moore's Nim: a move takes stones from at least one and at most K piles \
(any number from each); who cannot move loses.\n\n\
Theorem (Moore, 1910): write the piles in binary; the player to move loses exactly when every \
column holds a multiple of K + 1 ones. K = 1 is Nim. Winning moves are built column by column \
from the top; all of them are listed (up to --max-moves) and counted when the walk over them ends \
within its budget (a few dozen piles, about 10^5 winning moves); past it the moves found so far \
are listed and the count is a lower bound (JSON: winning_move_count_exact).\n\n\
Examples: `grundy moore --k 2 1 2 3`, `grundy play moore --k 2 3 5 6 7`.";

/// K when the parameter is left out: the smallest K that is not Nim.
const DEFAULT_K: &str = "2";

const K: ParamDoc = ParamDoc {
    name: "k",
    value_name: "K",
    default: Some(DEFAULT_K),
    role: ParamRole::Rule,
    positional: false,
    en: "the most piles a move may take from (2 when left out)",
    zh: "一步最多可以从几堆取石子（不填则为 2）",
};

const NOTATION: Notation = Notation {
    en: "PILE COUNT [PILE COUNT …]",
    zh: "堆号 数量 [堆号 数量 …]",
    meaning_en: "take COUNT stones from each pile PILE named, at most K distinct piles, piles numbered from 1",
    meaning_zh: "从所写的每个第「堆号」堆取走「数量」个石子，至多 K 个不同的堆，堆号从 1 开始",
    example: "1 2 3 1",
};

/// Moore's Nim_K as a [`Playable`] ruleset.
#[derive(Clone, Copy, Debug)]
pub struct MoorePlay {
    rules: Moore,
}

impl FromSetup for MoorePlay {
    /// The game with K from the parameter `k` (2 without it).
    ///
    /// # Errors
    /// [`SetupError`] for a bad `k`, or another parameter.
    fn from_setup(setup: &Setup) -> Result<Self, SetupError> {
        setup.only_params(&[K])?;
        let k = setup
            .positive_of(
                &K,
                "a move takes from at least one pile, so k is at least 1",
            )?
            .expect("k has a default");
        Ok(MoorePlay { rules: Moore { k } })
    }
}

impl MoorePlay {
    /// Whether the count of winning moves of `piles` is exact. It is not part of the analysis:
    /// the walk over the winning moves is run again, listing none (at most
    /// [`moore::WALK_BUDGET`] steps).
    fn exact_count(&self, piles: &[u64]) -> bool {
        let counting = AnalyzeOptions {
            max_moves: 0,
            explain: false,
        };
        moore::analyze(piles, self.rules.k, &counting).exact_count
    }
}

impl Ruleset for MoorePlay {
    const ABOUT: About = About {
        parameters: &[K],
        test_plan: TestPlan {
            settings: &[("k", "1"), ("k", "3"), ("k", "5")],
            ..TestPlan::DEFAULT
        },
        ..About::new("moore", HELP, NOTATION)
    };
    type Position = Vec<u64>;
    type Move = PileMove;
    type Step = MooreStep;
    type Value = crate::Nimber;
    type Rules = Moore;

    fn rules(&self) -> &Moore {
        &self.rules
    }

    fn position(&self, numbers: Vec<u64>) -> Result<Vec<u64>, SetupError> {
        some_piles(numbers)
    }

    fn settings(&self) -> BTreeMap<String, String> {
        BTreeMap::from([(K.name.to_string(), self.rules.k.to_string())])
    }

    /// Each option of the rules, written as the move that reaches it.
    fn legal_moves(&self, piles: &Vec<u64>, out: &mut Vec<PileMove>) {
        let mut options = Vec::new();
        self.rules.options(piles, &mut options);
        out.extend(options.into_iter().map(|after| {
            let changed: Vec<usize> = (0..piles.len()).filter(|&i| after[i] != piles[i]).collect();
            match changed[..] {
                [pile] => PileMove::Take {
                    pile,
                    from: piles[pile],
                    to: after[pile],
                },
                _ => PileMove::TakeMany {
                    from: changed.iter().map(|&i| piles[i]).collect(),
                    to: changed.iter().map(|&i| after[i]).collect(),
                    piles: changed,
                },
            }
        }));
    }

    fn is_over(&self, piles: &Vec<u64>) -> bool {
        piles.iter().all(|&p| p == 0)
    }

    fn apply(&self, piles: &Vec<u64>, change: &PileMove) -> Vec<u64> {
        moore::apply(piles, change)
    }

    fn analyze(
        &self,
        piles: &Vec<u64>,
        options: &AnalyzeOptions,
    ) -> Result<Analysis<MooreStep, PileMove>, EngineError> {
        Ok(moore::analyze(piles, self.rules.k, options).analysis)
    }

    /// Every position below has each pile at most its size now: ∏(p + 1) positions, each with
    /// at most ∏(p + 1) options.
    fn search_cost(&self, piles: &Vec<u64>) -> Option<u64> {
        let positions = u128::from(box_cost(piles, 1));
        Some(box_cost(piles, positions))
    }

    fn slow_move(&self, piles: &Vec<u64>) -> Option<PileMove> {
        one_from_largest(piles)
    }
}

impl Presentation for MoorePlay {
    fn title(&self, lang: Lang) -> String {
        moore::title(self.rules.k, lang)
    }

    fn parse_move(&self, piles: &Vec<u64>, text: &str) -> Result<PileMove, MoveError> {
        let numbers = move_numbers(text, NOTATION)?;
        if numbers.is_empty()
            || numbers.len() % 2 != 0
            || numbers.len() / 2 > usize::try_from(self.rules.k).unwrap_or(usize::MAX)
        {
            return Err(malformed(text, NOTATION));
        }
        if self.is_over(piles) {
            return Err(MoveError::GameOver);
        }
        let mut taken: Vec<(usize, u64)> = Vec::new();
        for pair in numbers.chunks(2) {
            let pile = index(Unit::PILE, pair[0], piles.len())?;
            amount(Unit::PILE, pile, piles[pile], pair[1])?;
            if taken.iter().any(|&(p, _)| p == pile) {
                return Err(malformed(text, NOTATION));
            }
            taken.push((pile, piles[pile] - pair[1]));
        }
        taken.sort_unstable();
        Ok(match taken[..] {
            [(pile, to)] => PileMove::Take {
                pile,
                from: piles[pile],
                to,
            },
            _ => PileMove::TakeMany {
                piles: taken.iter().map(|&(p, _)| p).collect(),
                from: taken.iter().map(|&(p, _)| piles[p]).collect(),
                to: taken.iter().map(|&(_, t)| t).collect(),
            },
        })
    }

    fn write_move(&self, change: &PileMove) -> String {
        match change {
            PileMove::Take { pile, from, to } => format!("{} {}", pile + 1, from - to),
            PileMove::TakeMany { piles, from, to } => piles
                .iter()
                .zip(from.iter().zip(to))
                .map(|(p, (f, t))| format!("{} {}", p + 1, f - t))
                .collect::<Vec<_>>()
                .join(" "),
            other => unreachable!("Moore's Nim moves are takes, not {other:?}"),
        }
    }

    fn notes(
        &self,
        piles: &Vec<u64>,
        analysis: &Analysis<MooreStep, PileMove>,
        lang: Lang,
    ) -> Vec<String> {
        if self.exact_count(piles) {
            return Vec::new();
        }
        vec![moore::inexact_count_note(analysis.winning_move_count, lang)]
    }

    #[cfg(feature = "serde")]
    fn json_fields(
        &self,
        piles: &Vec<u64>,
        _analysis: &Analysis<MooreStep, PileMove>,
    ) -> Vec<(&'static str, serde_json::Value)> {
        moore::json_fields(self.rules.k, self.exact_count(piles))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::all_lists;
    use crate::testing::check_playable;

    #[test]
    fn moves_and_the_computer_match_the_rules_exhaustively() {
        for k in ["1", "2", "3"] {
            let setup = Setup {
                game: "moore".to_string(),
                misere: false,
                every: false,
                params: BTreeMap::from([("k".to_string(), k.to_string())]),
            };
            check_playable(&MoorePlay::from_setup(&setup).unwrap(), &all_lists(3, 3), 3);
        }
    }

    #[test]
    fn a_move_names_at_most_k_distinct_piles() {
        let game = MoorePlay::from_setup(&Setup::default()).unwrap();
        let piles = vec![3, 4, 5];
        assert!(game.parse_move(&piles, "1 1 2 1").is_ok());
        for bad in ["1 1 2 1 3 1", "1 1 1 2", "1", "1 1 2"] {
            assert!(
                matches!(
                    game.parse_move(&piles, bad),
                    Err(MoveError::Malformed { .. })
                ),
                "{bad}"
            );
        }
    }
}
