//! Subtraction games, played: a move is `PILE COUNT`, take COUNT stones from pile PILE, COUNT in
//! the set S. The set is the parameter `set`, in the `grundy subtraction --set` notation (`1,3,4`,
//! `all-but:1,2`, `1..M`); `1,3,4` when left out. Normal play only.

use std::collections::BTreeMap;

use crate::engine::EngineError;
use crate::games::heaps::HeapStep;
use crate::games::subtraction::{self, Subtraction, SubtractionSet, SubtractionValues};
use crate::parse::Token;
use crate::play::{
    MoveError, Notation, ParamDoc, Playable, Resume, Setup, SetupError, analyzable_piles, box_cost,
    show_numbers, take_from, total_stones, two_numbers,
};
use crate::{Analysis, AnalyzeOptions, Change, Lang};

/// A subtraction game as a [`Playable`] ruleset: the set, and its values up to the proved period.
#[derive(Clone, Debug)]
pub struct SubtractionPlay {
    rules: Subtraction,
    sequence: SubtractionValues,
}

const SET: ParamDoc = ParamDoc {
    name: "set",
    value_name: "SET",
    default: Some(DEFAULT_SET),
    positional: false,
    en: "the subtraction set: 1,3,4 (the numbers), all-but:1,2 (every number but these) or 1..M (1 to M); 1,3,4 when left out",
    zh: "减法集合：1,3,4（这些数）、all-but:1,2（除这些以外的所有正整数）或 1..M（1 到 M）；不填则为 1,3,4",
};

/// The set played when the parameter is left out.
const DEFAULT_SET: &str = "1,3,4";

const NOTATION: Notation = Notation {
    en: "PILE COUNT",
    zh: "堆号 数量",
    meaning_en: "take COUNT stones from pile PILE, piles numbered from 1; COUNT must be in the set S",
    meaning_zh: "从第「堆号」堆取走「数量」个石子，堆号从 1 开始；「数量」必须属于集合 S",
    example: "1 3",
};

impl SubtractionPlay {
    /// The game of the parameter `set` (`1,3,4` without it), with its values computed up to a
    /// proved period (at most [`SubtractionSet::DEFAULT_LIMIT`] of them).
    ///
    /// # Errors
    /// [`SetupError`] for a bad set, another parameter, or misère play.
    pub fn new(setup: &Setup) -> Result<Self, SetupError> {
        setup.only_params(&[SET])?;
        setup.normal_play_only()?;
        let text = setup
            .params
            .get(SET.name)
            .map_or(DEFAULT_SET, String::as_str);
        let set = SubtractionSet::parse(text).map_err(|e| SetupError::BadParam {
            name: Token::new(SET.name),
            problem: format!("{}: {e}", Token::new(text)),
        })?;
        Ok(SubtractionPlay {
            sequence: set.sequence(SubtractionSet::DEFAULT_LIMIT),
            rules: Subtraction { set },
        })
    }

    /// The smallest number of stones pile `n` can lose, if any.
    fn smallest_move(&self, n: u64) -> Option<u64> {
        self.rules.set.moves_from(n).next()
    }
}

/// The command line's help: the rules, the theorem, examples.
const HELP: &str = "Subtraction games: a move takes s stones from one pile, for an s in the set S; who \
cannot move loses.\n\n\
A pile of n is worth G(n) = mex{G(n − s) : s in S, s ≤ n}, and several piles are a sum: \
the player to move loses iff the XOR of the values is 0 (Sprague–Grundy). For a finite \
set whose largest element is s, G(n) depends only on the s values before n, so two equal \
windows of s values p apart prove the period p: piles up to 2^64−1 are answered from n \
mod p. Take 1..M (the Bash game, --max M) is worth n mod (M+1). An all-but set (every \
positive number except a finite F) has arithmetic-periodic values, G(n+p) = G(n) + \
saltus, proved from two equal windows of 2·max(F)+1 values.\n\n\
Examples: `grundy subtraction --set 1,2,4 10 11`, `grundy subtraction --max 3 4` \
(LeetCode 292), `grundy subtraction --set 2,5 --sequence 30`, `grundy subtraction --set \
all-but:1,2 --sequence 40`.";

impl Playable for SubtractionPlay {
    type Position = Vec<u64>;
    type Step = HeapStep;
    type Rules = Subtraction;

    fn name(&self) -> &'static str {
        "subtraction"
    }

    fn help(&self) -> &'static str {
        HELP
    }

    fn title(&self, lang: Lang) -> String {
        subtraction::title(&self.rules.set, lang)
    }

    fn rules(&self) -> &Subtraction {
        &self.rules
    }

    fn notation(&self) -> Notation {
        NOTATION
    }

    fn parameters(&self) -> &'static [ParamDoc] {
        &[SET]
    }

    /// The piles; each must have a known value (the set's period proved, or the pile within the
    /// values computed).
    fn position(&self, piles: Vec<u64>) -> Result<Vec<u64>, SetupError> {
        analyzable_piles(piles, |p| {
            subtraction::analyze(&self.sequence, p, &AnalyzeOptions::default())
        })
    }

    fn components(&self, piles: &Vec<u64>) -> usize {
        piles.len()
    }

    /// The piles and the set.
    fn resume(&self, piles: &Vec<u64>) -> Resume {
        Resume {
            position: piles.clone(),
            params: BTreeMap::from([(SET.name.to_string(), self.rules.set.to_string())]),
        }
    }

    fn show(&self, piles: &Vec<u64>, _lang: Lang) -> String {
        show_numbers(piles)
    }

    fn parse_move(&self, piles: &Vec<u64>, text: &str) -> Result<Change, MoveError> {
        let (pile, count) = two_numbers(text, NOTATION)?;
        if self.is_over(piles) {
            return Err(MoveError::GameOver);
        }
        let take = take_from(piles, pile, count)?;
        if !self.rules.set.allows(count) {
            return Err(MoveError::NotInSet {
                asked: count,
                set: self.rules.set.to_string(),
            });
        }
        Ok(take)
    }

    fn write_move(&self, change: &Change) -> String {
        match *change {
            Change::Take { pile, from, to } => format!("{} {}", pile + 1, from - to),
            ref other => unreachable!("subtraction moves are takes, not {other:?}"),
        }
    }

    fn legal_moves(&self, piles: &Vec<u64>, out: &mut Vec<Change>) {
        for (pile, &from) in piles.iter().enumerate() {
            out.extend(self.rules.set.moves_from(from).map(|x| Change::Take {
                pile,
                from,
                to: from - x,
            }));
        }
    }

    fn is_over(&self, piles: &Vec<u64>) -> bool {
        piles.iter().all(|&n| self.smallest_move(n).is_none())
    }

    fn apply(&self, piles: &Vec<u64>, change: &Change) -> Vec<u64> {
        subtraction::apply(piles, change)
    }

    /// # Panics
    /// If a pile's value is unknown; [`Playable::position`] refuses such piles and moves only
    /// shrink them.
    fn analyze(
        &self,
        piles: &Vec<u64>,
        options: &AnalyzeOptions,
    ) -> Result<Analysis<HeapStep>, EngineError> {
        Ok(subtraction::analyze(&self.sequence, piles, options)
            .expect("Playable::position checked the piles"))
    }

    #[cfg(feature = "serde")]
    fn json_fields(
        &self,
        _piles: &Vec<u64>,
        _analysis: &Analysis<HeapStep>,
    ) -> Vec<(&'static str, serde_json::Value)> {
        subtraction::json_fields(&self.sequence)
    }

    /// Every position below has each pile at most its size now: ∏(p + 1) positions, each with
    /// at most Σp options.
    fn search_cost(&self, piles: &Vec<u64>) -> Option<u64> {
        Some(box_cost(piles, self.material(piles) + 1))
    }

    fn material(&self, piles: &Vec<u64>) -> u128 {
        total_stones(piles)
    }

    /// The fewest stones the set allows, from the largest pile that can lose some.
    fn slow_move(&self, piles: &Vec<u64>) -> Option<Change> {
        let (pile, &from, taken) = piles
            .iter()
            .enumerate()
            .filter_map(|(i, n)| Some((i, n, self.smallest_move(*n)?)))
            .max_by_key(|&(i, &n, _)| (n, std::cmp::Reverse(i)))?;
        Some(Change::Take {
            pile,
            from,
            to: from - taken,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::Search;
    use crate::play::tests::check_playable;
    use crate::testing::all_lists;
    use crate::{Explain, Outcome};

    fn game(set: &str) -> SubtractionPlay {
        let setup = Setup {
            game: "subtraction".to_string(),
            params: BTreeMap::from([("set".to_string(), set.to_string())]),
            ..Setup::default()
        };
        SubtractionPlay::new(&setup).unwrap()
    }

    #[test]
    fn moves_and_the_computer_match_the_rules_exhaustively() {
        for set in ["1,3,4", "2,5", "all-but:1,2", "1..3"] {
            check_playable(&game(set), &all_lists(3, 6), 7);
        }
    }

    #[test]
    fn huge_piles_fall_back_to_the_closed_form() {
        let mut search = Search::new(Search::<Vec<u64>>::DEFAULT_BUDGET);
        for set in ["1,3,4", "all-but:1,2", "1..3"] {
            let game = game(set);
            let piles = vec![u64::MAX - 3, 1 << 40, 12345];
            assert_eq!(game.search_cost(&piles), Some(u64::MAX));
            let outcome =
                |p: &Vec<u64>| game.analyze(p, &AnalyzeOptions::default()).unwrap().outcome;
            let reply = game.computer_move(&piles, &mut search).unwrap();
            assert_eq!(reply.remoteness, None);
            let after = game.apply(&piles, &reply.change);
            if reply.winning {
                assert_eq!(outcome(&after), Outcome::P, "{set} {after:?}");
            } else {
                assert_eq!(outcome(&piles), Outcome::P, "{set}");
            }
        }
        // 1 2 3 ... with S = {2, 5}: from a lost position the computer takes 2 from the largest.
        let game = game("2,5");
        let lost = vec![1 << 40, 1 << 40];
        let reply = game.computer_move(&lost, &mut search).unwrap();
        assert!(!reply.winning);
        assert_eq!(
            game.apply(&lost, &reply.change),
            vec![(1 << 40) - 2, 1 << 40]
        );
    }

    #[test]
    fn bad_moves_and_sets_get_one_line_reasons() {
        let game = game("1,3,4");
        let piles = vec![5, 2];
        for (text, reason) in [
            ("1 2", "the set 1,3,4 does not allow taking 2"),
            ("2 3", "pile 2 has 2 stones; you cannot take 3"),
            ("3 1", "there is no pile 3"),
            ("1", "'1' is not a move: write PILE COUNT"),
        ] {
            let err = game.parse_move(&piles, text).unwrap_err();
            assert!(err.to_string().contains(reason), "{text}: {err}");
            assert!(!err.text(Lang::Zh).is_empty());
        }
        let setup = |set: &str| Setup {
            game: "subtraction".to_string(),
            params: BTreeMap::from([("set".to_string(), set.to_string())]),
            ..Setup::default()
        };
        let err = SubtractionPlay::new(&setup("1,0")).unwrap_err();
        assert!(err.to_string().contains("parameter 'set': '1,0'"), "{err}");
        let mut misere = setup("1,2");
        misere.misere = true;
        assert!(SubtractionPlay::new(&misere).is_err());
        // Without the parameter the set is 1,3,4.
        let plain = SubtractionPlay::new(&Setup {
            game: "subtraction".to_string(),
            ..Setup::default()
        })
        .unwrap();
        assert_eq!(plain.title(Lang::En), "subtraction game {1,3,4}");
    }
}
