//! Misère play (the last mover loses) of a ruleset whose own analysis decides normal play only.
//!
//! [`Misere`] plays the ruleset's rules and answers each position by
//! 1. the SJ theorem ([`crate::sj`]) when the position is a sum of independent games
//!    ([`Ruleset::summands`]) and the theorem's hypothesis holds on every position they reach
//!    (checked by search): the outcome and the winning moves follow from the summands' values;
//! 2. otherwise the engine's search of the whole position, up to [`SEARCH_BUDGET`] steps, the
//!    explanation saying why the theorem was not used.
//!
//! Either search is bounded by [`SEARCH_BUDGET`] (as [`Ruleset::search_cost`] estimates it);
//! past it the analysis is [`EngineError::TooLarge`].
//!
//! The registry plays a ruleset through it when misère play is asked of a ruleset that does not
//! offer it itself ([`super::About::conventions`]).

use std::collections::HashMap;

use serde::Serialize;

use super::{About, MoveError, Presentation, Ruleset, SetupError};
use crate::engine::{EngineError, Memo};
use crate::sj::{self, Hypothesis, SjStep};
use crate::{
    Analysis, AnalyzeOptions, Convention, Explain, GameValue, Lang, Move, Nimber, Outcome,
};

/// The most engine work (positions times options, [`Ruleset::search_cost`]) a misère analysis
/// searches, and the most positions it holds: about as much as a few seconds of search.
pub const SEARCH_BUDGET: u64 = Memo::<()>::DEFAULT_LIMIT as u64;

/// A ruleset played under misère play by the SJ theorem or by search (see the module).
#[derive(Clone, Debug)]
pub struct Misere<R> {
    rules: R,
}

impl<R> Misere<R> {
    /// Misère play of `rules`, a ruleset built for normal play.
    pub fn new(rules: R) -> Self {
        Misere { rules }
    }
}

/// A step of the explanation of a misère position.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum MisereStep {
    /// A step of the SJ theorem: the theorem, its hypothesis, and where it holds the decision.
    Sj(SjStep),
    /// A step of the search.
    Search(SearchStep),
}

/// How a searched misère position was decided.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "step", rename_all = "snake_case")]
pub enum SearchStep {
    /// The position is not a sum of independent games, so the SJ theorem has nothing to decide.
    NotASum,
    /// The engine searched every position reachable from this one.
    Searched {
        /// How many positions.
        positions: usize,
        /// Who wins.
        outcome: Outcome,
    },
}

impl Explain for MisereStep {
    fn text(&self, lang: Lang) -> String {
        match self {
            MisereStep::Sj(step) => step.text(lang),
            MisereStep::Search(SearchStep::NotASum) => lang
                .pick(
                    "Misère play (the last mover loses). This ruleset has no misère theorem of its own, and its position is not a sum of independent games, so the SJ theorem does not apply: the answer comes from a search of the whole position.",
                    "反常规则（走最后一步的人输）。这个游戏没有自己的反常规则定理，局面也不是几个独立游戏的和，所以 SJ 定理不适用：答案由对整个局面的搜索得出。",
                )
                .to_string(),
            MisereStep::Search(SearchStep::Searched { positions, outcome }) => {
                let wins = *outcome == Outcome::N;
                lang.pick(
                    format!(
                        "Searched all {positions} positions reachable from here, from the ends back: a position is won when some move leads to a lost one, and a player with no move has won (the opponent made the last move). So the player to move {}.",
                        if wins { "wins (an N-position)" } else { "loses (a P-position)" }
                    ),
                    format!(
                        "从终局倒推，搜索了从这里能到达的全部 {positions} 个局面：能一步走到必败态的局面是必胜态，无路可走的玩家获胜（对手走了最后一步）。所以先手{}。",
                        if wins { "必胜（必胜态）" } else { "必败（必败态）" }
                    ),
                )
            }
        }
    }
}

/// The SJ theorem's answer, or the explanation's steps so far where it gives none.
type Decided<M> = Result<Analysis<MisereStep, M>, Vec<MisereStep>>;

impl<R: Presentation> Misere<R> {
    /// The normal-play value of one summand (a pile), by the ruleset's own analysis; `None`
    /// where it has none.
    fn value_of(
        &self,
        summand: &R::Position,
        values: &mut HashMap<R::Position, Nimber>,
    ) -> Result<Option<Nimber>, EngineError> {
        if let Some(&g) = values.get(summand) {
            return Ok(Some(g));
        }
        let options = AnalyzeOptions {
            max_moves: 0,
            explain: false,
        };
        let value = self
            .rules
            .analyze(summand, &options)?
            .value
            .and_then(|v| v.nimber());
        if let Some(g) = value {
            values.insert(summand.clone(), g);
        }
        Ok(value)
    }

    /// The value of a position that is a sum, the XOR of its summands' values.
    fn sum_value(
        &self,
        summands: &[R::Position],
        values: &mut HashMap<R::Position, Nimber>,
    ) -> Result<Option<Nimber>, EngineError> {
        let mut total = Nimber::ZERO;
        for summand in summands {
            match self.value_of(summand, values)? {
                Some(g) => total += g,
                None => return Ok(None),
            }
        }
        Ok(Some(total))
    }

    /// The analysis by the SJ theorem, or why it does not apply: `Err` holds the explanation's
    /// first steps (the position is no sum, or the hypothesis fails), for the search to go on
    /// from.
    fn by_sj(
        &self,
        position: &R::Position,
        options: &AnalyzeOptions,
    ) -> Result<Decided<R::Move>, EngineError> {
        let Some(summands) = self.rules.summands(position) else {
            return Ok(Err(vec![MisereStep::Search(SearchStep::NotASum)]));
        };
        let mut values = HashMap::new();
        let mut g = Vec::with_capacity(summands.len());
        for summand in &summands {
            match self.value_of(summand, &mut values)? {
                Some(value) => g.push(value),
                None => return Ok(Err(vec![MisereStep::Search(SearchStep::NotASum)])),
            }
        }
        // The largest summands first: they reach most of the smaller ones, which then add
        // nothing to check.
        let mut distinct = summands.clone();
        distinct.sort_by_key(|s| std::cmp::Reverse(self.rules.material(s)));
        distinct.dedup();
        within_budget(&self.rules, &distinct)?;
        let mut memo = Memo::bounded(SEARCH_BUDGET as usize, false);
        let check = sj::check(self.rules.rules(), &distinct, &mut memo).map_err(too_large)?;
        let mut hypothesis = check.hypothesis(|p| self.rules.show(p, Lang::En));
        if let Hypothesis::Fails { component, .. } = &mut hypothesis {
            // Numbered as the position's summands, not in the order checked.
            *component = summands
                .iter()
                .position(|s| *s == distinct[*component])
                .unwrap_or(*component);
        }
        if let Hypothesis::Fails { .. } = hypothesis {
            return Ok(Err(sj::explanation(&g, hypothesis)
                .into_iter()
                .map(MisereStep::Sj)
                .collect()));
        }
        let outcome = sj::decide(&g).outcome;
        let mut winning_moves = Vec::new();
        let mut count = 0u64;
        let mut moves = Vec::new();
        for (i, target) in sj::targets(&g) {
            moves.clear();
            self.rules.legal_moves(&summands[i], &mut moves);
            for change in &moves {
                let after = self.rules.apply(&summands[i], change);
                let parts = self.rules.summands(&after).unwrap_or_else(|| vec![after]);
                if self.sum_value(&parts, &mut values)? == Some(target) {
                    count += 1;
                    if winning_moves.len() < options.max_moves {
                        winning_moves.push(change.clone().on_pile(i));
                    }
                }
            }
        }
        let explanation = if options.explain {
            sj::explanation(&g, hypothesis)
                .into_iter()
                .map(MisereStep::Sj)
                .collect()
        } else {
            Vec::new()
        };
        Ok(Ok(Analysis {
            outcome,
            value: None,
            winning_moves,
            winning_move_count: count,
            explanation,
        }))
    }

    /// The analysis by the engine's search of the whole position, after the explanation's
    /// `steps` so far.
    fn by_search(
        &self,
        position: &R::Position,
        options: &AnalyzeOptions,
        mut steps: Vec<MisereStep>,
    ) -> Result<Analysis<MisereStep, R::Move>, EngineError> {
        if self
            .rules
            .search_cost(position)
            .is_none_or(|cost| cost > SEARCH_BUDGET)
        {
            return Err(EngineError::TooLarge {
                budget: SEARCH_BUDGET,
            });
        }
        let game = self.rules.rules();
        let mut memo = Memo::bounded(SEARCH_BUDGET as usize, false);
        let outcome = memo
            .outcome(game, position, Convention::Misere)
            .map_err(too_large)?;
        let mut moves = Vec::new();
        self.rules.legal_moves(position, &mut moves);
        let mut winning_moves = Vec::new();
        let mut count = 0u64;
        for change in moves {
            let after = self.rules.apply(position, &change);
            if memo
                .outcome(game, &after, Convention::Misere)
                .map_err(too_large)?
                == Outcome::P
            {
                count += 1;
                if winning_moves.len() < options.max_moves {
                    winning_moves.push(change);
                }
            }
        }
        steps.push(MisereStep::Search(SearchStep::Searched {
            positions: memo.len(),
            outcome,
        }));
        if !options.explain {
            steps.clear();
        }
        Ok(Analysis {
            outcome,
            value: None,
            winning_moves,
            winning_move_count: count,
            explanation: steps,
        })
    }
}

/// Refuses positions whose searches together ([`Ruleset::search_cost`]) pass [`SEARCH_BUDGET`].
///
/// # Errors
/// [`EngineError::TooLarge`].
fn within_budget<R: Ruleset>(rules: &R, positions: &[R::Position]) -> Result<(), EngineError> {
    let cost = positions
        .iter()
        .map(|p| rules.search_cost(p).unwrap_or(u64::MAX))
        .fold(0, u64::saturating_add);
    if cost > SEARCH_BUDGET {
        return Err(EngineError::TooLarge {
            budget: SEARCH_BUDGET,
        });
    }
    Ok(())
}

/// A full table is a position past the search's budget.
fn too_large(e: EngineError) -> EngineError {
    match e {
        EngineError::TableFull { .. } => EngineError::TooLarge {
            budget: SEARCH_BUDGET,
        },
        e => e,
    }
}

impl<R: Presentation> Ruleset for Misere<R> {
    const ABOUT: About = About {
        conventions: &[Convention::Normal, Convention::Misere],
        ..R::ABOUT
    };
    type Position = R::Position;
    type Move = R::Move;
    type Step = MisereStep;
    type Value = crate::Nimber;
    type Rules = R::Rules;

    super::as_wrapped!(Ruleset);

    fn rules(&self) -> &R::Rules {
        self.rules.rules()
    }
    fn convention(&self) -> Convention {
        Convention::Misere
    }
    fn position(&self, numbers: Vec<u64>) -> Result<R::Position, SetupError> {
        self.rules.position(numbers)
    }
    fn summands(&self, position: &R::Position) -> Option<Vec<R::Position>> {
        self.rules.summands(position)
    }
    fn legal_moves(&self, position: &R::Position, out: &mut Vec<R::Move>) {
        self.rules.legal_moves(position, out);
    }
    fn apply(&self, position: &R::Position, change: &R::Move) -> R::Position {
        self.rules.apply(position, change)
    }
    fn analyze(
        &self,
        position: &R::Position,
        options: &AnalyzeOptions,
    ) -> Result<Analysis<MisereStep, R::Move>, EngineError> {
        match self.by_sj(position, options)? {
            Ok(analysis) => Ok(analysis),
            Err(steps) => self.by_search(position, options, steps),
        }
    }
    fn search_cost(&self, position: &R::Position) -> Option<u64> {
        self.rules.search_cost(position)
    }
    fn slow_move(&self, position: &R::Position) -> Option<R::Move> {
        self.rules.slow_move(position)
    }
}

impl<R: Presentation> Presentation for Misere<R> {
    super::as_wrapped!(Presentation);

    fn title(&self, lang: Lang) -> String {
        let title = self.rules.title(lang);
        // A Latin name after Chinese text is set off by a space, as the titles themselves do.
        let gap = if title.starts_with(|c: char| c.is_ascii()) {
            " "
        } else {
            ""
        };
        lang.pick(format!("misère {title}"), format!("反常规则的{gap}{title}"))
    }
    fn show_after(&self, position: &R::Position, change: &R::Move, lang: Lang) -> String {
        self.rules.show_after(position, change, lang)
    }
    fn parse_move(&self, position: &R::Position, text: &str) -> Result<R::Move, MoveError> {
        self.rules.parse_move(position, text)
    }
    fn write_move(&self, change: &R::Move) -> String {
        self.rules.write_move(change)
    }
    fn write_after<S: serde::Serializer>(
        &self,
        position: &R::Position,
        change: &R::Move,
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        self.rules.write_after(position, change, serializer)
    }
    /// The ruleset's own fields (its parameters' tables), which do not depend on the steps.
    #[cfg(feature = "serde")]
    fn json_fields(
        &self,
        position: &R::Position,
        analysis: &Analysis<MisereStep, R::Move>,
    ) -> Vec<(&'static str, serde_json::Value)> {
        // A misère analysis has no value (misère play has no nim-values).
        let bare = Analysis {
            outcome: analysis.outcome,
            value: None,
            winning_moves: analysis.winning_moves.clone(),
            winning_move_count: analysis.winning_move_count,
            explanation: Vec::new(),
        };
        self.rules.json_fields(position, &bare)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Game;
    use crate::registry::{Visitor, with_ruleset};
    use crate::ruleset::{Playable, Setup};

    /// The explanation steps of misère `game` with `params` on `numbers`, or the error.
    fn steps(
        game: &str,
        params: &[(&str, &str)],
        numbers: &[u64],
    ) -> Result<Vec<serde_json::Value>, EngineError> {
        struct Steps<'a>(&'a [u64]);
        impl Visitor for Steps<'_> {
            type Output = Result<Vec<serde_json::Value>, EngineError>;
            fn visit<G: Playable>(self, game: G) -> Self::Output {
                assert_eq!(game.convention(), Convention::Misere);
                let position = game.position(self.0.to_vec()).unwrap();
                let options = AnalyzeOptions {
                    max_moves: 10,
                    explain: true,
                };
                let analysis = game.analyze(&position, &options)?;
                Ok(analysis
                    .explanation
                    .iter()
                    .map(|s| serde_json::to_value(s).unwrap())
                    .collect())
            }
        }
        let setup = Setup {
            game: game.to_string(),
            misere: true,
            every: false,
            params: params
                .iter()
                .map(|&(k, v)| (k.to_string(), v.to_string()))
                .collect(),
        };
        with_ruleset(&setup, Steps(numbers)).unwrap()
    }

    #[test]
    fn a_chinese_misere_title_sets_a_latin_name_off_by_a_space() {
        struct Title;
        impl Visitor for Title {
            type Output = String;
            fn visit<G: Playable>(self, game: G) -> String {
                game.title(Lang::Zh)
            }
        }
        let title = |game: &str| {
            let setup = Setup {
                game: game.to_string(),
                misere: true,
                every: false,
                params: Default::default(),
            };
            with_ruleset(&setup, Title).unwrap()
        };
        assert_eq!(title("lasker"), "反常规则的 Lasker 取石子（可分堆）");
        assert_eq!(title("half"), "反常规则的每次至多取一半");
    }

    fn kinds(steps: &[serde_json::Value]) -> Vec<&str> {
        steps.iter().map(|s| s["step"].as_str().unwrap()).collect()
    }

    #[test]
    fn the_sj_theorem_decides_sums_whose_components_meet_its_hypothesis() {
        let decided = steps("subtraction", &[("set", "1,2,4")], &[5, 7, 1000]).unwrap();
        assert_eq!(
            kinds(&decided),
            ["theorem", "hypothesis", "values", "case", "target"]
        );
        assert_eq!(decided[1]["hypothesis"], "searched");
        assert_eq!(decided[2]["values"], serde_json::json!([2, 1, 1]));
    }

    #[test]
    fn a_failed_hypothesis_names_the_component_as_given_and_the_search_answers() {
        let searched = steps("sum", &[("games", "nim nim lasker")], &[3, 1, 5]).unwrap();
        assert_eq!(kinds(&searched), ["theorem", "hypothesis", "searched"]);
        assert_eq!(searched[1]["hypothesis"], "fails");
        assert_eq!(searched[1]["component"], 2);
    }

    /// Whether every position reachable from `summands` (themselves included) that is worth 0
    /// and has moves has a move to value 1: the SJ hypothesis, by a plain walk of the rules.
    fn hypothesis_holds<G: Game>(rules: &G, summands: &[G::Position]) -> bool {
        let mut memo = Memo::new();
        let mut seen = std::collections::HashSet::new();
        let mut stack: Vec<G::Position> = summands.to_vec();
        while let Some(p) = stack.pop() {
            if !seen.insert(p.clone()) {
                continue;
            }
            let mut options = Vec::new();
            rules.options(&p, &mut options);
            let zero = memo.grundy(rules, &p).unwrap() == Nimber::ZERO;
            if zero
                && !options.is_empty()
                && !options
                    .iter()
                    .any(|o| memo.grundy(rules, o).unwrap() == Nimber(1))
            {
                return false;
            }
            stack.extend(options);
        }
        true
    }

    /// Checks, on every position of `numbers`, that the explanation decides by the SJ theorem
    /// (its `case` step) exactly where the hypothesis holds.
    struct SjExactly<'a>(&'a [Vec<u64>]);

    impl Visitor for SjExactly<'_> {
        type Output = (usize, usize);
        fn visit<G: Playable>(self, game: G) -> (usize, usize) {
            let options = AnalyzeOptions {
                max_moves: 0,
                explain: true,
            };
            let (mut held, mut failed) = (0, 0);
            for numbers in self.0 {
                let Ok(position) = game.position(numbers.clone()) else {
                    continue;
                };
                let analysis = match game.analyze(&position, &options) {
                    Ok(analysis) => analysis,
                    Err(EngineError::TooLarge { .. }) => continue,
                    Err(e) => panic!("{} {numbers:?}: {e}", G::ABOUT.name),
                };
                let summands = game.summands(&position).unwrap();
                let holds = hypothesis_holds(game.rules(), &summands);
                let decided = analysis
                    .explanation
                    .iter()
                    .any(|s| serde_json::to_value(s).unwrap()["step"] == "case");
                assert_eq!(decided, holds, "{} {numbers:?}", G::ABOUT.name);
                if holds {
                    held += 1;
                } else {
                    failed += 1;
                }
            }
            (held, failed)
        }
    }

    #[test]
    fn the_sj_explanation_appears_exactly_where_its_hypothesis_holds() {
        let positions = crate::testing::all_lists(3, 5);
        let mut totals = (0, 0);
        for (game, params) in [
            ("subtraction", vec![("set", "1,2")]),
            ("subtraction", vec![("set", "2,5")]),
            ("subtraction", vec![("set", "1,3,4")]),
            ("subtraction", vec![("set", "3")]),
            ("lasker", vec![]),
            ("sum", vec![("games", "nim sub{2,3} lasker")]),
        ] {
            let setup = Setup {
                game: game.to_string(),
                misere: true,
                every: false,
                params: params
                    .iter()
                    .map(|&(k, v)| (k.to_string(), v.to_string()))
                    .collect(),
            };
            let (held, failed) = with_ruleset(&setup, SjExactly(&positions)).unwrap();
            totals = (totals.0 + held, totals.1 + failed);
        }
        // Both sides are met.
        assert!(totals.0 > 100 && totals.1 > 100, "{totals:?}");
    }

    #[test]
    fn positions_that_are_no_sums_are_searched_and_large_ones_refused() {
        let searched = steps("wythoff", &[], &[3, 5]).unwrap();
        assert_eq!(kinds(&searched), ["not_a_sum", "searched"]);
        assert_eq!(searched[1]["outcome"], "P");
        assert_eq!(
            steps("lasker", &[], &[12, 12, 12]),
            Err(EngineError::TooLarge {
                budget: SEARCH_BUDGET
            })
        );
    }
}
