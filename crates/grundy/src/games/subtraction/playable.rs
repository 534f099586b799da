//! Subtraction games, played: a move is `PILE COUNT`, take COUNT stones from pile PILE, COUNT in
//! the set S. The set is the parameter `set`, in the `grundy subtraction --set` notation (`1,3,4`,
//! `all-but:1,2`, `1..M`); `1,3,4` when left out. Normal play only.

use std::collections::BTreeMap;
use std::sync::OnceLock;

use crate::engine::EngineError;
use crate::explore::Exploration;
use crate::games::heaps::HeapComponent;
use crate::games::heaps::HeapStep;
use crate::games::subtraction::{
    self, Subtraction, SubtractionComponent, SubtractionSet, SubtractionValues,
};
use crate::parse::Token;
use crate::ruleset::{
    About, FromSetup, Listing, Lists, Notation, ParamDoc, ParamRole, Presentation, Ruleset, Setup,
    SetupError, TestPlan, analyzable_piles, box_cost, takes_from_one_pile,
};
use crate::{Analysis, AnalyzeOptions, Lang, Nimber, PileMove};

/// A subtraction game as a [`crate::ruleset::Playable`] ruleset: the set, and its values up to
/// the proved period (computed when first needed: a sum's component computes its own).
#[derive(Clone, Debug)]
pub struct SubtractionPlay {
    rules: Subtraction,
    sequence: OnceLock<SubtractionValues>,
    /// The parameter `sequence`: how many values to list instead of analysing piles.
    listed: Option<u64>,
}

const SET: ParamDoc = ParamDoc {
    name: "set",
    value_name: "SET",
    default: Some(DEFAULT_SET),
    role: ParamRole::Rule,
    positional: false,
    en: "the subtraction set: 1,3,4 (the numbers), all-but:1,2 (every number but these) or 1..M (1 to M); 1,3,4 when left out",
    zh: "减法集合：1,3,4（这些数）、all-but:1,2（除这些以外的所有正整数）或 1..M（1 到 M）；不填则为 1,3,4",
};

const MAX: ParamDoc = ParamDoc {
    name: "max",
    value_name: "M",
    default: None,
    role: ParamRole::Alternative,
    positional: false,
    en: "take 1 to M stones (the Bash game; the same as the set 1..M)",
    zh: "每次取 1 到 M 个（巴什博弈；与集合 1..M 相同）",
};

const SEQUENCE: ParamDoc = ParamDoc {
    name: "sequence",
    value_name: "N",
    default: None,
    role: ParamRole::Listing,
    positional: false,
    en: "list the first N values G(0), …, G(N−1) with the period marked, instead of analysing piles",
    zh: "列出前 N 个值 G(0)…G(N−1) 并标出周期，而不分析局面",
};

/// The most values `sequence` lists.
const MAX_SEQUENCE: u64 = 10_000_000;

/// The set played when the parameter is left out.
const DEFAULT_SET: &str = "1,3,4";

const NOTATION: Notation = Notation {
    en: "PILE COUNT",
    zh: "堆号 数量",
    meaning_en: "take COUNT stones from pile PILE, piles numbered from 1; COUNT must be in the set S",
    meaning_zh: "从第「堆号」堆取走「数量」个石子，堆号从 1 开始；「数量」必须属于集合 S",
    example: "1 3",
};

impl FromSetup for SubtractionPlay {
    /// The game of the parameter `set` (`1,3,4` without it); its values are computed up to a
    /// proved period (at most [`SubtractionSet::DEFAULT_LIMIT`] of them) when first needed.
    ///
    /// # Errors
    /// [`SetupError`] for a bad set, or another parameter.
    fn from_setup(setup: &Setup) -> Result<Self, SetupError> {
        setup.only_params(&[SET, MAX, SEQUENCE])?;
        let set = match (setup.params.get(SET.name), setup.params.get(MAX.name)) {
            (Some(_), Some(_)) => {
                return Err(SetupError::BadParam {
                    name: Token::new(MAX.name),
                    problem: "give the set once: set or max, not both".to_string(),
                });
            }
            (None, Some(_)) => {
                SubtractionSet::up_to(setup.number_of(&MAX, 1)?).expect("number_of refused 0")
            }
            (text, None) => {
                let text = text.map_or(DEFAULT_SET, String::as_str);
                SubtractionSet::parse(text).map_err(|e| SetupError::BadParam {
                    name: Token::new(SET.name),
                    problem: format!("{}: {e}", Token::new(text)),
                })?
            }
        };
        let listed = match setup.params.get(SEQUENCE.name) {
            None => None,
            Some(_) => match setup.number_of(&SEQUENCE, 0)? {
                n if n > MAX_SEQUENCE => {
                    return Err(SetupError::BadParam {
                        name: Token::new(SEQUENCE.name),
                        problem: format!("'{n}' is more than the {MAX_SEQUENCE} values it lists"),
                    });
                }
                n => Some(n),
            },
        };
        Ok(SubtractionPlay {
            sequence: OnceLock::new(),
            rules: Subtraction { set },
            listed,
        })
    }
}

impl SubtractionPlay {
    /// The set's values up to a proved period (at most [`SubtractionSet::DEFAULT_LIMIT`]).
    fn sequence(&self) -> &SubtractionValues {
        self.sequence
            .get_or_init(|| self.rules.set.sequence(SubtractionSet::DEFAULT_LIMIT))
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

impl Ruleset for SubtractionPlay {
    const ABOUT: About = About {
        parameters: &[SET, MAX, SEQUENCE],
        test_plan: TestPlan {
            normal: Lists { len: 3, max: 9 },
            misere: Lists { len: 3, max: 8 },
            settings: &[
                ("set", "1,2"),
                ("set", "2,5"),
                ("set", "all-but:1"),
                ("set", "1..3"),
            ],
        },
        ..About::new("subtraction", HELP, NOTATION)
    };
    type Position = Vec<u64>;
    type Move = PileMove;
    type Step = HeapStep;
    type Value = crate::Nimber;
    type Rules = Subtraction;

    fn rules(&self) -> &Subtraction {
        &self.rules
    }

    fn heap_component(&self) -> Option<Box<dyn HeapComponent>> {
        Some(Box::new(SubtractionComponent::new(self.rules.set.clone())))
    }

    /// The piles; each must have a known value (the set's period proved, or the pile within the
    /// values computed).
    fn position(&self, piles: Vec<u64>) -> Result<Vec<u64>, SetupError> {
        analyzable_piles(piles, |p| {
            subtraction::analyze(self.sequence(), p, &AnalyzeOptions::default())
        })
    }

    /// The piles and the set.
    fn settings(&self) -> BTreeMap<String, String> {
        BTreeMap::from([(SET.name.to_string(), self.rules.set.to_string())])
    }

    takes_from_one_pile!(Ruleset);

    /// # Panics
    /// If a pile's value is unknown; [`Ruleset::position`] refuses such piles and moves only
    /// shrink them.
    fn analyze(
        &self,
        piles: &Vec<u64>,
        options: &AnalyzeOptions,
    ) -> Result<Analysis<HeapStep, PileMove>, EngineError> {
        Ok(subtraction::analyze(self.sequence(), piles, options)
            .expect("Ruleset::position checked the piles"))
    }

    /// One heap of n: the set's values, its period proved by the window theorem (a finite set) or
    /// the all-but theorem; beside fixed heaps, each position analysed.
    fn family(&self, fixed: &[u64], to: u64) -> Result<Exploration, SetupError> {
        if !fixed.is_empty() {
            return crate::ruleset::analysed(self, fixed, to);
        }
        let set = &self.rules.set;
        let values = set.values(usize::try_from(to).unwrap_or(usize::MAX));
        Ok(Exploration::new(
            values.into_iter().map(Nimber).collect(),
            set.certificate(),
        ))
    }

    /// Every position below has each pile at most its size now: ∏(p + 1) positions, each with
    /// at most Σp options.
    fn search_cost(&self, piles: &Vec<u64>) -> Option<u64> {
        Some(box_cost(piles, self.material(piles) + 1))
    }

    /// The fewest stones the set allows, from the largest pile that can lose some.
    fn slow_move(&self, piles: &Vec<u64>) -> Option<PileMove> {
        let (pile, &from, taken) = piles
            .iter()
            .enumerate()
            .filter_map(|(i, n)| Some((i, n, self.smallest_move(*n)?)))
            .max_by_key(|&(i, &n, _)| (n, std::cmp::Reverse(i)))?;
        Some(PileMove::Take {
            pile,
            from,
            to: from - taken,
        })
    }
}

impl Presentation for SubtractionPlay {
    fn title(&self, lang: Lang) -> String {
        subtraction::title(&self.rules.set, lang)
    }

    takes_from_one_pile!(Presentation);

    /// The first values, with a bar before the periodic part and before each period.
    fn listing(&self, lang: Lang) -> Result<Option<Listing>, SetupError> {
        let Some(count) = self.listed else {
            return Ok(None);
        };
        let sequence = self.sequence();
        let values = (0..count)
            .map(|n| sequence.value(n).map(|v| v.value()))
            .collect::<Option<Vec<u64>>>()
            .ok_or_else(|| SetupError::BadParam {
                name: Token::new(SEQUENCE.name),
                problem: format!(
                    "only the first {} values are known, the period of {} is not proved",
                    sequence.table().len(),
                    sequence.set()
                ),
            })?;
        let period = sequence.period();
        let mut line = format!("G(0..{count}):");
        for (n, v) in values.iter().enumerate() {
            let starts_period = period
                .is_some_and(|p| n > 0 && n >= p.preperiod && (n - p.preperiod) % p.period == 0);
            line.push_str(if starts_period { " | " } else { " " });
            line.push_str(&v.to_string());
        }
        Ok(Some(Listing {
            text: format!("{}\n{line}\n", sequence_head(sequence, lang)),
            #[cfg(feature = "serde")]
            json: serde_json::to_value(SubtractionValuesJson::of(sequence, values))
                .expect("a subtraction game's values serialise"),
        }))
    }

    #[cfg(feature = "serde")]
    fn json_fields(
        &self,
        _piles: &Vec<u64>,
        _analysis: &Analysis<HeapStep, PileMove>,
    ) -> Vec<(&'static str, serde_json::Value)> {
        subtraction::json_fields(self.sequence())
    }
}

/// The line above a listing of values: the set, its period and preperiod (and saltus), and
/// whether the period is proved.
fn sequence_head(sequence: &SubtractionValues, lang: Lang) -> String {
    let set = sequence.set();
    let computed = sequence.table().len();
    let Some(p) = sequence.period() else {
        return lang.pick(
            format!("subtraction set {set}: no period in the first {computed} values"),
            format!("减法集合 {set}：前 {computed} 个值中没有周期"),
        );
    };
    let saltus = if p.saltus > 0 {
        lang.pick(
            format!(
                ", saltus {} (G(n + {}) = G(n) + {})",
                p.saltus, p.period, p.saltus
            ),
            format!(
                "，跳跃 {}（G(n + {}) = G(n) + {}）",
                p.saltus, p.period, p.saltus
            ),
        )
    } else {
        String::new()
    };
    let why = match (p.proved, set.window()) {
        (true, Some(w)) => lang.pick(
            format!("proved: G(n) depends only on the {w} values before n, and they repeat"),
            format!("已证明：G(n) 只取决于前 {w} 个值，而它们重复出现"),
        ),
        (true, None) => lang.pick(
            "proved: G(n) = n mod (M + 1)".to_string(),
            "已证明：G(n) = n mod (M + 1)".to_string(),
        ),
        (false, _) => lang.pick(
            format!("seen in the first {computed} values, not proved"),
            format!("在前 {computed} 个值中观察到，未证明"),
        ),
    };
    lang.pick(
        format!(
            "subtraction set {set}: period {}, preperiod {}{saltus}; {why}",
            p.period, p.preperiod
        ),
        format!(
            "减法集合 {set}：周期 {}，前周期 {}{saltus}；{why}",
            p.period, p.preperiod
        ),
    )
}

/// The JSON of a subtraction game's first values (`grundy subtraction --sequence N --json`).
#[cfg(feature = "serde")]
#[derive(serde::Serialize)]
struct SubtractionValuesJson {
    game: &'static str,
    set: String,
    values: Vec<u64>,
    period: Option<crate::period::Period>,
    computed: usize,
}

#[cfg(feature = "serde")]
impl SubtractionValuesJson {
    /// The object of `values`, the first values of `sequence`.
    fn of(sequence: &SubtractionValues, values: Vec<u64>) -> Self {
        SubtractionValuesJson {
            game: SubtractionPlay::ABOUT.name,
            set: sequence.set().to_string(),
            values,
            period: sequence.period(),
            computed: sequence.table().len(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::Explain;
    use crate::testing::all_lists;
    use crate::testing::{check_playable, check_theorem_play};

    fn game(set: &str) -> SubtractionPlay {
        let setup = Setup {
            game: "subtraction".to_string(),
            params: BTreeMap::from([("set".to_string(), set.to_string())]),
            ..Setup::default()
        };
        SubtractionPlay::from_setup(&setup).unwrap()
    }

    #[test]
    fn moves_and_the_computer_match_the_rules_exhaustively() {
        for set in ["1,3,4", "2,5", "all-but:1,2", "1..3"] {
            check_playable(&game(set), &all_lists(3, 6), 7);
        }
    }

    #[test]
    fn huge_piles_fall_back_to_the_closed_form() {
        let huge = [
            vec![u64::MAX - 3, 1 << 40, 12345],
            vec![1 << 40, 7, 1 << 33],
        ];
        for set in ["1,3,4", "all-but:1,2", "1..3"] {
            let lost = vec![1 << 40, 1 << 40];
            check_theorem_play(&game(set), &huge, &lost);
        }
        // With S = {2, 5}, from a lost position the computer takes 2 from the largest pile.
        let game = game("2,5");
        let lost = vec![1 << 40, 1 << 40];
        let slow = check_theorem_play(&game, &huge, &lost);
        assert_eq!(game.apply(&lost, &slow), vec![(1 << 40) - 2, 1 << 40]);
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
        let err = SubtractionPlay::from_setup(&setup("1,0")).unwrap_err();
        assert!(err.to_string().contains("parameter 'set': '1,0'"), "{err}");
        // Without the parameter the set is 1,3,4.
        let plain = SubtractionPlay::from_setup(&Setup {
            game: "subtraction".to_string(),
            ..Setup::default()
        })
        .unwrap();
        assert_eq!(plain.title(Lang::En), "subtraction game {1,3,4}");
    }
}
