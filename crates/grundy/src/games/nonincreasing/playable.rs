//! Nim with a shrinking cap, played: a move is `PILE COUNT`, take COUNT stones from pile PILE,
//! at most the cap, which becomes COUNT. The first cap is the parameter `k` (no cap when left
//! out). Normal play only.

use std::collections::BTreeMap;

use crate::engine::EngineError;
use crate::games::nonincreasing::{self, CapStep, CappedPiles, ShrinkingCap};
use crate::ruleset::{
    About, FromSetup, Lists, MoveError, Notation, Numbered, ParamDoc, ParamRole, Presentation,
    Resume, Ruleset, Setup, SetupError, TestPlan, one_from_largest, show_numbers, take_from,
    total_stones, two_numbers,
};
use crate::{Analysis, AnalyzeOptions, Lang, PileMove};

/// Nim with a shrinking cap as a [`Playable`] ruleset.
#[derive(Clone, Copy, Debug)]
pub struct CapPlay {
    /// The first move's cap.
    k: u64,
}

const K: ParamDoc = ParamDoc {
    name: "k",
    value_name: "K",
    default: None,
    role: ParamRole::Rule,
    positional: false,
    en: "the most the first move may take (no cap when left out)",
    zh: "第一步最多能取的石子数（不填则不限）",
};

const NOTATION: Notation = Notation {
    en: "PILE COUNT",
    zh: "堆号 数量",
    meaning_en: "take COUNT stones from pile PILE, piles numbered from 1; COUNT is at most the cap k, what the previous move took",
    meaning_zh: "从第「堆号」堆取走「数量」个石子，堆号从 1 开始；「数量」不超过上限 k，即上一步取走的数量",
    example: "1 2",
};

impl Numbered for CappedPiles {
    /// The piles; [`Ruleset::resume`] adds the cap.
    fn numbers(&self) -> Vec<u64> {
        self.piles.clone()
    }
}

impl FromSetup for CapPlay {
    /// The game with the first cap of the parameter `k` (no cap without it).
    ///
    /// # Errors
    /// [`SetupError`] for a bad `k`, or another parameter.
    fn from_setup(setup: &Setup) -> Result<Self, SetupError> {
        setup.only_params(&[K])?;
        let k = setup
            .positive_of(
                &K,
                "the first move takes at least one stone, so k is at least 1",
            )?
            .unwrap_or(u64::MAX);
        Ok(CapPlay { k })
    }
}

/// The command line's help: the rules, the theorem, examples.
const HELP: &str = "Nim with a shrinking cap: each move takes at most what the previous move took.\n\n\
2026 ICPC Nanchang: the first move takes 1 to K stones from one pile; every later move \
takes at least one stone and at most what the previous move took. Who cannot move loses. \
A move that takes r leaves the cap r (JSON: {\"piles\": [...], \"k\": r}).\n\n\
Theorem: with x the XOR of the piles, the player to move wins iff x != 0 and lowbit(x) \
<= K (lowbit(x): the value of the lowest set bit, lowbit(12) = 4). Halving argument: if \
x is even, whoever first takes an odd number loses, so both take even numbers: the same \
game on halved piles with cap K/2, until the XOR is odd (the mover wins) or the cap is 0 \
(the mover loses).\n\n\
Examples: `grundy nonincreasing --k 2 3 4 5`, `grundy nonincreasing --k 3 --explain 12`.";

impl Ruleset for CapPlay {
    const ABOUT: About = About {
        parameters: &[K],
        test_plan: TestPlan {
            normal: Lists { len: 3, max: 9 },
            settings: &[("k", "1"), ("k", "2"), ("k", "3"), ("k", "4"), ("k", "6")],
            ..TestPlan::DEFAULT
        },
        ..About::new("nonincreasing", HELP, NOTATION)
    };
    type Position = CappedPiles;
    type Move = PileMove;
    type Step = CapStep;
    type Value = crate::Nimber;
    type Rules = ShrinkingCap;

    fn rules(&self) -> &ShrinkingCap {
        &ShrinkingCap
    }

    fn position(&self, piles: Vec<u64>) -> Result<CappedPiles, SetupError> {
        if piles.is_empty() {
            return Err(SetupError::Empty { what: "piles" });
        }
        Ok(CappedPiles { piles, k: self.k })
    }

    fn components(&self, position: &CappedPiles) -> usize {
        position.piles.len()
    }

    /// The piles and the cap (left out while there is none).
    fn resume(&self, position: &CappedPiles) -> Resume {
        let mut params = BTreeMap::new();
        if position.k != u64::MAX {
            params.insert(K.name.to_string(), position.k.to_string());
        }
        Resume {
            position: position.piles.clone(),
            params,
        }
    }

    fn legal_moves(&self, position: &CappedPiles, out: &mut Vec<PileMove>) {
        for (pile, &from) in position.piles.iter().enumerate() {
            out.extend((1..=from.min(position.k)).map(|r| PileMove::Take {
                pile,
                from,
                to: from - r,
            }));
        }
    }

    fn is_over(&self, position: &CappedPiles) -> bool {
        position.k == 0 || position.piles.iter().all(|&p| p == 0)
    }

    fn apply(&self, position: &CappedPiles, change: &PileMove) -> CappedPiles {
        nonincreasing::apply(&position.piles, change)
    }

    fn analyze(
        &self,
        position: &CappedPiles,
        options: &AnalyzeOptions,
    ) -> Result<Analysis<CapStep, PileMove>, EngineError> {
        Ok(nonincreasing::analyze(&position.piles, position.k, options))
    }

    /// Each pile at most its size now and a cap at most min(k, largest pile):
    /// ∏(p + 1)·(min(k, max p) + 1) positions, each with at most Σp options.
    fn search_cost(&self, position: &CappedPiles) -> Option<u64> {
        let largest = position.piles.iter().copied().max().unwrap_or(0);
        let caps = u128::from(position.k.min(largest)) + 1;
        let positions = position
            .piles
            .iter()
            .try_fold(caps, |n, &p| n.checked_mul(u128::from(p) + 1));
        let cost = positions.and_then(|n| n.checked_mul(self.material(position) + 1));
        Some(cost.map_or(u64::MAX, |c| u64::try_from(c).unwrap_or(u64::MAX)))
    }

    fn material(&self, position: &CappedPiles) -> u128 {
        total_stones(&position.piles)
    }

    /// One stone from the largest pile.
    fn slow_move(&self, position: &CappedPiles) -> Option<PileMove> {
        if position.k == 0 {
            return None;
        }
        one_from_largest(&position.piles)
    }
}

impl Presentation for CapPlay {
    fn title(&self, lang: Lang) -> String {
        lang.pick("Nim with a shrinking cap", "每步不超过上一步的 Nim")
            .to_string()
    }

    fn show(&self, position: &CappedPiles, lang: Lang) -> String {
        let piles = show_numbers(&position.piles);
        match (position.k, lang) {
            (u64::MAX, Lang::En) => format!("{piles} (k = ∞)"),
            (u64::MAX, Lang::Zh) => format!("{piles}（本步取多少都行）"),
            (k, Lang::En) => format!("{piles} (k = {k})"),
            (k, Lang::Zh) => format!("{piles}（本步至多取 {k} 个）"),
        }
    }

    fn parse_move(&self, position: &CappedPiles, text: &str) -> Result<PileMove, MoveError> {
        let (pile, count) = two_numbers(text, NOTATION)?;
        if self.is_over(position) {
            return Err(MoveError::GameOver);
        }
        let take = take_from(&position.piles, pile, count)?;
        if count > position.k {
            return Err(MoveError::OverCap {
                cap: position.k,
                asked: count,
            });
        }
        Ok(take)
    }

    fn write_move(&self, change: &PileMove) -> String {
        match *change {
            PileMove::Take { pile, from, to } => format!("{} {}", pile + 1, from - to),
            ref other => unreachable!("moves are takes, not {other:?}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Explain;
    use crate::testing::all_lists;
    use crate::testing::check_playable;

    fn with_k(k: Option<&str>) -> Result<CapPlay, SetupError> {
        let mut setup = Setup {
            game: "nonincreasing".to_string(),
            ..Setup::default()
        };
        if let Some(k) = k {
            setup.params.insert("k".to_string(), k.to_string());
        }
        CapPlay::from_setup(&setup)
    }

    #[test]
    fn moves_and_the_computer_match_the_rules_exhaustively() {
        let piles = all_lists(3, 5);
        for k in 1..=6 {
            let game = with_k(Some(&k.to_string())).unwrap();
            let positions: Vec<CappedPiles> = piles
                .iter()
                .map(|p| game.position(p.clone()).unwrap())
                .collect();
            check_playable(&game, &positions, 5);
        }
        // No cap: the first move may take a whole pile.
        let game = with_k(None).unwrap();
        let positions: Vec<CappedPiles> = all_lists(2, 5)
            .into_iter()
            .map(|p| game.position(p).unwrap())
            .collect();
        check_playable(&game, &positions, 6);
    }

    #[test]
    fn the_cap_is_a_parameter_and_goes_back_with_the_position() {
        let game = with_k(Some("2")).unwrap();
        let start = game.position(vec![3, 4, 5]).unwrap();
        assert_eq!(game.show(&start, Lang::En), "3 4 5 (k = 2)");
        let after = game.apply(&start, &game.parse_move(&start, "3 1").unwrap());
        let resume = game.resume(&after);
        assert_eq!(resume.position, vec![3, 4, 4]);
        assert_eq!(resume.params["k"], "1");
        let again = with_k(Some(&resume.params["k"]))
            .unwrap()
            .position(resume.position)
            .unwrap();
        assert_eq!(again, after);
        let free = with_k(None).unwrap().position(vec![7]).unwrap();
        assert_eq!(with_k(None).unwrap().show(&free, Lang::En), "7 (k = ∞)");
        assert!(with_k(None).unwrap().resume(&free).params.is_empty());
    }

    #[test]
    fn bad_caps_and_moves_are_refused_in_one_line() {
        for (k, needle) in [("0", "k is at least 1"), ("x", "'x' is"), ("-3", "'-3' is")] {
            let err = with_k(Some(k)).unwrap_err().to_string();
            assert!(err.starts_with("parameter 'k': "), "{err}");
            assert!(err.contains(needle), "{err}");
        }
        let mut other = Setup {
            game: "nonincreasing".to_string(),
            ..Setup::default()
        };
        other.params.insert("cap".into(), "3".into());
        let err = CapPlay::from_setup(&other).unwrap_err().to_string();
        assert_eq!(err, "parameter 'cap': nonincreasing takes only k");
        let game = with_k(Some("2")).unwrap();
        let start = game.position(vec![3, 4, 5]).unwrap();
        let err = game.parse_move(&start, "1 3").unwrap_err();
        assert_eq!(
            err.to_string(),
            "this move may take at most 2 stones (the cap), not 3"
        );
        assert!(err.text(Lang::Zh).contains("至多取 2 个"));
        let err = game.parse_move(&start, "1 4").unwrap_err();
        assert!(err.to_string().contains("pile 1 has 3 stones"), "{err}");
    }
}
