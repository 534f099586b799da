//! Lasker's Nim, played: a move is `PILE COUNT`, take COUNT stones from pile PILE, or
//! `split PILE X`, split pile PILE into X and the rest (both non-empty; the rest goes right after
//! it, as a new pile). Normal play only.

use crate::engine::EngineError;
use crate::games::heaps::HeapComponent;
use crate::games::heaps::HeapStep;
use crate::games::lasker::{self, Lasker, MAX_PILE};
use crate::ruleset::{
    About, Lists, MoveError, NoParameters, Notation, Presentation, Ruleset, SetupError, TestPlan,
    Unit, analyzable_piles, each_pile, index, keyword_numbers, one_from_largest, positions_from,
    take_from, two_numbers,
};
use crate::{Analysis, AnalyzeOptions, Lang, PileMove};

/// Lasker's Nim as a [`Playable`] ruleset.
#[derive(Clone, Copy, Debug, Default)]
pub struct LaskerPlay;

impl NoParameters for LaskerPlay {}

const NOTATION: Notation = Notation {
    en: "PILE COUNT or split PILE X",
    zh: "堆号 数量 或 split 堆号 X",
    meaning_en: "take COUNT stones from pile PILE, or split pile PILE into X stones and the rest (a new pile right after it), piles numbered from 1",
    meaning_zh: "从第「堆号」堆取走「数量」个石子，或把第「堆号」堆分成 X 个和其余的（其余的成为紧随其后的新一堆），堆号从 1 开始",
    example: "split 2 3",
};

/// The command line's help: the rules, the theorem, examples.
const HELP: &str = "Lasker's Nim: a move takes stones from one pile, or splits a pile into two non-empty \
piles; who cannot move loses (HDU 3032 \"Nim or not Nim?\").\n\n\
Theorem: a pile of n is worth g(n): g(4m+1) = 4m+1, g(4m+2) = 4m+2, g(4m+3) = 4m+4, \
g(4m+4) = 4m+3; the player to move loses iff the XOR of the values is 0. Every winning \
take and split is found (splits are counted exactly even when there are 2^60 of them, \
and listed by increasing smaller part up to --max-moves); a split's second part is \
written after the first.\n\n\
Examples: `grundy lasker 2 2 3`, `grundy lasker --explain 3 3`, `grundy lasker --json \
7`.";

impl Ruleset for LaskerPlay {
    const ABOUT: About = About {
        test_plan: TestPlan {
            normal: Lists { len: 3, max: 9 },
            ..TestPlan::DEFAULT
        },
        ..About::new("lasker", HELP, NOTATION)
    };
    type Position = Vec<u64>;
    type Move = PileMove;
    type Step = HeapStep;
    type Value = crate::Nimber;
    type Rules = Lasker;

    fn rules(&self) -> &Lasker {
        &Lasker
    }

    fn heap_component(&self) -> Option<Box<dyn HeapComponent>> {
        Some(Box::new(Lasker))
    }

    fn position(&self, piles: Vec<u64>) -> Result<Vec<u64>, SetupError> {
        analyzable_piles(piles, |p| lasker::analyze(p, &AnalyzeOptions::default()))
    }

    /// Each pile is a game of its own.
    fn summands(&self, piles: &Vec<u64>) -> Option<Vec<Vec<u64>>> {
        each_pile(piles)
    }

    /// The takes, then the splits into x and n − x with x ≤ n − x.
    fn legal_moves(&self, piles: &Vec<u64>, out: &mut Vec<PileMove>) {
        for (pile, &from) in piles.iter().enumerate() {
            out.extend((0..from).rev().map(|to| PileMove::Take { pile, from, to }));
            out.extend((1..=from / 2).map(|x| PileMove::Split {
                pile,
                from,
                into: [x, from - x],
            }));
        }
    }

    fn is_over(&self, piles: &Vec<u64>) -> bool {
        piles.iter().all(|&p| p == 0)
    }

    fn apply(&self, piles: &Vec<u64>, change: &PileMove) -> Vec<u64> {
        lasker::apply(piles, change)
    }

    /// # Panics
    /// If a pile exceeds [`MAX_PILE`]; [`Ruleset::position`] refuses such piles and moves only
    /// shrink them.
    fn analyze(
        &self,
        piles: &Vec<u64>,
        options: &AnalyzeOptions,
    ) -> Result<Analysis<HeapStep, PileMove>, EngineError> {
        debug_assert!(piles.iter().all(|&p| p <= MAX_PILE));
        Ok(lasker::analyze(piles, options).expect("Ruleset::position checked the piles"))
    }

    /// The piles evolve independently: ∏ (positions a pile can become, see
    /// [`positions_from`]) positions, each with at most 1.5 × the stones options (n takes and
    /// n/2 splits of a pile of n).
    fn search_cost(&self, piles: &Vec<u64>) -> Option<u64> {
        let positions = piles.iter().try_fold(1u128, |product, &p| {
            product
                .checked_mul(positions_from(p)?)
                .filter(|&n| n <= u128::from(u64::MAX))
        });
        let options = self.material(piles) * 3 / 2 + 1;
        let cost = positions.map_or(u128::MAX, |n| n.saturating_mul(options));
        Some(u64::try_from(cost).unwrap_or(u64::MAX))
    }

    fn slow_move(&self, piles: &Vec<u64>) -> Option<PileMove> {
        one_from_largest(piles)
    }
}

impl Presentation for LaskerPlay {
    fn title(&self, lang: Lang) -> String {
        lang.pick("Lasker's Nim", "Lasker 取石子（可分堆）")
            .to_string()
    }

    fn parse_move(&self, piles: &Vec<u64>, text: &str) -> Result<PileMove, MoveError> {
        let split = keyword_numbers(text, "split", 2, NOTATION)?;
        let take = match split {
            Some(_) => None,
            None => Some(two_numbers(text, NOTATION)?),
        };
        if self.is_over(piles) {
            return Err(MoveError::GameOver);
        }
        if let Some((number, count)) = take {
            return take_from(piles, number, count);
        }
        let (number, part) = split.map_or((0, 0), |n| (n[0], n[1]));
        let pile = index(Unit::PILE, number, piles.len())?;
        let from = piles[pile];
        if part == 0 || part >= from {
            return Err(MoveError::BadSplit {
                pile: pile + 1,
                has: from,
                part,
            });
        }
        Ok(PileMove::Split {
            pile,
            from,
            into: [part, from - part],
        })
    }

    fn write_move(&self, change: &PileMove) -> String {
        match *change {
            PileMove::Take { pile, from, to } => format!("{} {}", pile + 1, from - to),
            PileMove::Split {
                pile, into: [x, _], ..
            } => format!("split {} {x}", pile + 1),
            ref other => unreachable!("Lasker moves are takes and splits, not {other:?}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;

    use super::*;
    use crate::Game;
    use crate::testing::check_refusals;

    use crate::testing::all_lists;
    use crate::testing::{check_playable, check_theorem_play};

    #[test]
    fn moves_and_the_computer_match_the_rules_exhaustively() {
        let mut positions = all_lists(2, 5);
        positions.extend(all_lists(3, 3).into_iter().filter(|p| p.len() == 3));
        check_playable(&LaskerPlay, &positions, 6);
    }

    #[test]
    fn the_count_of_positions_bounds_what_the_rules_reach() {
        for n in 0..=9 {
            let mut seen = HashSet::from([vec![n]]);
            let mut open = vec![vec![n]];
            let mut options = Vec::new();
            while let Some(p) = open.pop() {
                options.clear();
                Lasker.options(&p, &mut options);
                for o in options.drain(..) {
                    if seen.insert(o.clone()) {
                        open.push(o);
                    }
                }
            }
            let bound = positions_from(n).unwrap();
            assert!(bound >= seen.len() as u128, "{n}: {bound} < {}", seen.len());
        }
        assert_eq!(positions_from(61), None);
    }

    #[test]
    fn large_piles_fall_back_to_the_closed_form() {
        let huge = [vec![MAX_PILE, 1 << 40, 12345], vec![1 << 40, 1 << 40, 63]];
        // 30 30 is lost: the computer takes one stone from the first pile.
        let slow = check_theorem_play(&LaskerPlay, &huge, &vec![30, 30]);
        assert_eq!(LaskerPlay.apply(&vec![30, 30], &slow), vec![29, 30]);
        assert!(LaskerPlay.position(vec![u64::MAX]).is_err());
    }

    #[test]
    fn bad_moves_get_one_line_reasons_in_both_languages() {
        let piles = vec![5, 1];
        let cases = [
            (
                "split 1",
                "'split 1' is not a move: write PILE COUNT or split PILE X",
            ),
            ("split 3 1", "there is no pile 3"),
            (
                "split 1 5",
                "pile 1 has 5 stones: split it into two non-empty piles, the first of 1 to 4 stones, not 5",
            ),
            (
                "split 2 1",
                "pile 2 has 1 stone: only a pile of 2 or more can be split",
            ),
            ("split 1 0", "not 0"),
            ("1 6", "pile 1 has 5 stones; you cannot take 6"),
        ];
        check_refusals(&LaskerPlay, &piles, &cases);
        // Either order of the parts is a split; the first part stays in place.
        let change = LaskerPlay.parse_move(&piles, "Split 1 4").unwrap();
        assert_eq!(LaskerPlay.apply(&piles, &change), vec![4, 1, 1]);
    }
}
