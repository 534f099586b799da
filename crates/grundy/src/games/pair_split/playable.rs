//! E&D, played: the piles in pairs (piles 1 and 2 are group 1, and so on); a move is
//! `PILE X`: remove the other pile of PILE's group and split pile PILE into X and the rest, which
//! form the group again (the smaller part first). Normal play only.

use crate::engine::EngineError;
use crate::games::pair_split::{self, PairSplit, PairSplitStep, Regroup, kept_piles};
use crate::ruleset::{
    About, Lists, MoveError, NoParameters, Notation, Presentation, Ruleset, SetupError, TestPlan,
    Unit, index, two_numbers,
};
use crate::{Analysis, AnalyzeOptions, Lang};

/// E&D as a [`crate::ruleset::Playable`] ruleset.
#[derive(Clone, Copy, Debug, Default)]
pub struct PairSplitPlay;

impl NoParameters for PairSplitPlay {}

const NOTATION: Notation = Notation {
    en: "PILE X",
    zh: "堆号 X",
    meaning_en: "remove the other pile of PILE's group and split pile PILE into X stones and the rest, which form the group again; piles numbered from 1, piles 1 and 2 being group 1",
    meaning_zh: "拿走第「堆号」堆所在组的另一堆，把第「堆号」堆分成 X 个和其余的，两者组成新的一组；堆号从 1 开始，第 1、2 堆是第 1 组",
    example: "2 1",
};

/// The command line's help: the rules, the theorem, examples.
const HELP: &str = "E&D (SDOI 2009, Luogu P2148): the piles go in pairs, piles 1 and 2 \
forming group 1, piles 3 and 4 group 2, and so on (an even number of piles, each of at least \
one stone). A move removes one pile of a group and splits the other into two non-empty piles, \
which form the group again; who cannot move (every pile of 1) loses.\n\n\
Theorem: a group (a, b) is worth the number of trailing 1-bits of (a − 1) | (b − 1), the place \
of its lowest 0 bit; the position is worth the XOR of its groups, and is lost for the player to \
move exactly when that is 0. A winning move splits a pile of a group worth g into two worth g \
XOR X: every such split is found, counted exactly in O(1) (the low bits of x − 1 and y − 1 \
must cover bits 0 to t − 1 and leave bit t clear) and listed by increasing smaller part up to \
--max-moves, for piles up to 2^64 − 1; the split of a pile is written smaller part first.\n\n\
Examples: `grundy ed 1 2 3 1`, `grundy ed --explain --lang zh 1 4 3 5`, `grundy play ed 5 6 \
7 3`.";

impl Ruleset for PairSplitPlay {
    const ABOUT: About = About {
        test_plan: TestPlan {
            normal: Lists { len: 4, max: 7 },
            misere: Lists { len: 4, max: 4 },
            ..TestPlan::DEFAULT
        },
        ..About::new("ed", HELP, NOTATION)
    };
    type Position = Vec<[u64; 2]>;
    type Move = Regroup;
    type Step = PairSplitStep;
    type Value = crate::Nimber;
    type Rules = PairSplit;

    fn rules(&self) -> &PairSplit {
        &PairSplit
    }

    /// An even number of piles, none empty.
    fn position(&self, piles: Vec<u64>) -> Result<Vec<[u64; 2]>, SetupError> {
        if piles.is_empty() {
            return Err(SetupError::Empty { what: "piles" });
        }
        pair_split::groups(&piles).map_err(|e| SetupError::BadPosition {
            problem: e.to_string(),
        })
    }

    /// Group by group, the splits of the first pile, then of the second unless they are equal,
    /// each into x ≤ s − x.
    fn legal_moves(&self, groups: &Vec<[u64; 2]>, out: &mut Vec<Regroup>) {
        for (group, &pair) in groups.iter().enumerate() {
            for kept in kept_piles(pair) {
                let s = pair[kept];
                out.extend((1..=s / 2).map(|x| Regroup {
                    group,
                    kept,
                    from: pair,
                    to: [x, s - x],
                }));
            }
        }
    }

    fn is_over(&self, groups: &Vec<[u64; 2]>) -> bool {
        groups.iter().flatten().all(|&p| p == 1)
    }

    fn apply(&self, groups: &Vec<[u64; 2]>, change: &Regroup) -> Vec<[u64; 2]> {
        pair_split::apply(groups, change)
    }

    fn analyze(
        &self,
        groups: &Vec<[u64; 2]>,
        options: &AnalyzeOptions,
    ) -> Result<Analysis<PairSplitStep, Regroup>, EngineError> {
        Ok(pair_split::analyze(groups, options))
    }

    /// A group (a, b) only ever becomes itself or a pair x + y ≤ max(a, b): at most
    /// M(M − 1)/2 + 1 groups for M = max(a, b); a position has at most Σ M options (half of each
    /// pile's stones).
    fn search_cost(&self, groups: &Vec<[u64; 2]>) -> Option<u64> {
        let largest = groups.iter().map(|&[a, b]| u128::from(a.max(b)));
        let positions = largest
            .clone()
            .try_fold(1u128, |n, m| n.checked_mul(m.checked_mul(m - 1)? / 2 + 1));
        let options = largest.sum::<u128>().max(1);
        let cost = positions.map_or(u128::MAX, |n| n.saturating_mul(options));
        Some(u64::try_from(cost).unwrap_or(u64::MAX))
    }

    /// A lost position's move that loses the fewest stones: remove the smallest pile whose
    /// partner can be split, and split that into 1 and the rest.
    fn slow_move(&self, groups: &Vec<[u64; 2]>) -> Option<Regroup> {
        let (group, kept) = groups
            .iter()
            .enumerate()
            .flat_map(|(g, &pair)| kept_piles(pair).map(move |k| (g, k)))
            .filter(|&(g, k)| groups[g][k] >= 2)
            .min_by_key(|&(g, k)| groups[g][1 - k])?;
        let from = groups[group];
        Some(Regroup {
            group,
            kept,
            from,
            to: [1, from[kept] - 1],
        })
    }
}

impl Presentation for PairSplitPlay {
    fn title(&self, lang: Lang) -> String {
        lang.pick("E&D (piles in pairs)", "E&D（成对的石子堆）")
            .to_string()
    }

    /// The groups, as `(1, 2) (3, 1)`.
    fn show(&self, groups: &Vec<[u64; 2]>, _lang: Lang) -> String {
        groups
            .iter()
            .map(|[a, b]| format!("({a}, {b})"))
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// `PILE X`: X may be either part; equal piles are the same move whichever is split.
    fn parse_move(&self, groups: &Vec<[u64; 2]>, text: &str) -> Result<Regroup, MoveError> {
        let (number, part) = two_numbers(text, NOTATION)?;
        if self.is_over(groups) {
            return Err(MoveError::GameOver);
        }
        let pile = index(Unit::PILE, number, 2 * groups.len())?;
        let (group, kept) = (pile / 2, pile % 2);
        let from = groups[group];
        let s = from[kept];
        if part == 0 || part >= s {
            return Err(MoveError::BadSplit {
                pile: pile + 1,
                has: s,
                part,
            });
        }
        Ok(Regroup {
            group,
            kept: if from[0] == from[1] { 0 } else { kept },
            from,
            to: [part.min(s - part), part.max(s - part)],
        })
    }

    fn write_move(&self, change: &Regroup) -> String {
        let Regroup {
            group, kept, to, ..
        } = *change;
        format!("{} {}", 2 * group + kept + 1, to[0])
    }

    #[cfg(feature = "serde")]
    fn json_fields(
        &self,
        groups: &Vec<[u64; 2]>,
        _analysis: &Analysis<PairSplitStep, Regroup>,
    ) -> Vec<(&'static str, serde_json::Value)> {
        let values: Vec<u64> = groups
            .iter()
            .map(|&g| pair_split::value(g).value())
            .collect();
        vec![("group_values", serde_json::json!(values))]
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;

    use super::*;
    use crate::play::{Search, computer_move};
    use crate::testing::check_refusals;
    use crate::testing::{all_lists, check_playable};
    use crate::{Explain, Game, Outcome};

    fn positions(len: usize, max: u64) -> Vec<Vec<[u64; 2]>> {
        all_lists(len, max)
            .into_iter()
            .filter_map(|p| PairSplitPlay.position(p).ok())
            .collect()
    }

    #[test]
    fn moves_and_the_computer_match_the_rules_exhaustively() {
        check_playable(&PairSplitPlay, &positions(4, 5), 8);
    }

    #[test]
    fn the_search_cost_bounds_the_work_of_the_search() {
        for groups in positions(4, 6) {
            let mut seen = HashSet::from([groups.clone()]);
            let mut open = vec![groups.clone()];
            let mut work = 0u64;
            let mut options = Vec::new();
            while let Some(p) = open.pop() {
                options.clear();
                PairSplit.options(&p, &mut options);
                work += options.len() as u64;
                open.extend(options.drain(..).filter(|o| seen.insert(o.clone())));
            }
            let cost = PairSplitPlay.search_cost(&groups).unwrap();
            assert!(work <= cost, "{groups:?}: {work} > {cost}");
        }
    }

    #[test]
    fn huge_piles_are_played_by_the_theorem() {
        let game = PairSplitPlay;
        let mut search = Search::new(Search::<Vec<[u64; 2]>>::DEFAULT_BUDGET);
        for groups in [
            vec![[1_000_000_000, 2_000_000_000], [7, 3]],
            vec![[u64::MAX, u64::MAX]],
            vec![[1 << 63, 1 << 63], [1, 1]],
        ] {
            let reply = computer_move(&game, &groups, &mut search).unwrap();
            assert_eq!(reply.remoteness, None);
            let outcome =
                |p: &Vec<[u64; 2]>| game.analyze(p, &AnalyzeOptions::default()).unwrap().outcome;
            assert_eq!(reply.winning, outcome(&groups) == Outcome::N, "{groups:?}");
            let after = game.apply(&groups, &reply.change);
            assert_eq!(outcome(&after) == Outcome::P, reply.winning, "{groups:?}");
            assert_eq!(
                game.parse_move(&groups, &game.write_move(&reply.change)),
                Ok(reply.change)
            );
        }
    }

    #[test]
    fn bad_positions_and_moves_get_one_line_reasons_in_both_languages() {
        let odd = PairSplitPlay.position(vec![1, 4, 3]).unwrap_err();
        assert!(
            odd.to_string()
                .contains("3 piles cannot stand in groups of two"),
            "{odd}"
        );
        let empty = PairSplitPlay.position(vec![1, 0]).unwrap_err();
        assert!(empty.to_string().contains("pile 2 is empty"), "{empty}");
        assert!(PairSplitPlay.position(vec![]).is_err());
        let groups = vec![[5, 1], [3, 3]];
        let cases = [
            ("x", "'x' is not a move: write PILE X"),
            ("1", "is not a move"),
            ("5 1", "there is no pile 5: the piles are numbered 1 to 4"),
            ("1 5", "pile 1 has 5 stones"),
            (
                "2 1",
                "pile 2 has 1 stone: only a pile of 2 or more can be split",
            ),
            ("1 0", "not 0"),
        ];
        check_refusals(&PairSplitPlay, &groups, &cases);
        // Either part may be named; equal piles are one move.
        let change = PairSplitPlay.parse_move(&groups, "1 4").unwrap();
        assert_eq!(PairSplitPlay.apply(&groups, &change), vec![[1, 4], [3, 3]]);
        assert_eq!(
            PairSplitPlay.parse_move(&groups, "4 2"),
            PairSplitPlay.parse_move(&groups, "3 1")
        );
        assert_eq!(
            PairSplitPlay.parse_move(&vec![[1, 1]], "1 1"),
            Err(MoveError::GameOver)
        );
    }

    #[test]
    fn the_explanation_names_the_move_in_both_languages() {
        let options = AnalyzeOptions {
            max_moves: 3,
            explain: true,
        };
        let a = PairSplitPlay
            .analyze(&vec![[1, 2], [3, 1]], &options)
            .unwrap();
        let zh: Vec<String> = a.explanation.iter().map(|s| s.text(Lang::Zh)).collect();
        assert!(zh[2].contains("在第 1 组拿走 1 个的那堆"), "{zh:?}");
        assert_eq!(
            PairSplitPlay.show(&vec![[1, 2], [3, 1]], Lang::En),
            "(1, 2) (3, 1)"
        );
    }
}
