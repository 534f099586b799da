//! One test for every ruleset of the registry, under both conventions, under the Every-SG rule
//! where its positions are sums of piles, and with the settings of its parameters that its test
//! plan lists (`About::test_plan`, next to the ruleset): the analysis (outcome, value, every
//! winning move and their count) equals the engine's search of the rules on all the small
//! positions of the plan, and the game checks of [`check_playable`] hold there.

use std::collections::{BTreeMap, HashMap};

use super::*;
use crate::Convention;
use crate::engine::EngineError;
use crate::engine::Memo;
use crate::play::Search;
use crate::ruleset::{About, Lists};
use crate::testing::all_lists;
use crate::testing::check_playable;
use crate::{AnalyzeOptions, GameValue, Outcome};

/// Checks one game on every position its test plan ([`crate::ruleset::TestPlan`]) gives under
/// its convention (under the Every-SG rule, the lists of [`EVERY`]), and its play on those of
/// `small`; returns how many positions.
struct CheckAll<'a> {
    small: &'a [Vec<u64>],
}

/// The lists checked under the Every-SG rule, whose moves combine one move of each pile.
const EVERY: Lists = Lists { len: 3, max: 4 };

/// All lists of at most `lists.len` numbers up to `lists.max`.
fn numbers(lists: Lists) -> Vec<Vec<u64>> {
    all_lists(lists.len, lists.max)
}

impl Visitor for CheckAll<'_> {
    type Output = usize;

    fn visit<G: Playable>(self, game: G) -> usize {
        let play = game.convention();
        let rules = game.rules();
        // Normal play splits positions into components where the rules do (as `grundy script`
        // does); misère play searches whole positions.
        let mut memo = match play {
            Convention::Normal => Memo::with_components(),
            Convention::Misere => Memo::new(),
        };
        let options = AnalyzeOptions {
            max_moves: usize::MAX,
            explain: true,
        };
        let plan = G::ABOUT.test_plan;
        let lists = match (game.every(), play) {
            (true, _) => EVERY,
            (false, Convention::Normal) => plan.normal,
            (false, Convention::Misere) => plan.misere,
        };
        let positions: Vec<G::Position> = numbers(lists)
            .iter()
            .filter_map(|n| game.position(n.clone()).ok())
            .collect();
        let mut checked = 0;
        for position in &positions {
            let shown = game.show(position, crate::Lang::En);
            let analysis = match game.analyze(position, &options) {
                Ok(analysis) => analysis,
                // Misère play without a theorem searches within a budget (`ruleset::Misere`).
                Err(EngineError::TooLarge { .. }) if play == Convention::Misere => continue,
                Err(e) => panic!("{} {shown} {play:?}: {e}", G::ABOUT.name),
            };
            checked += 1;
            assert_eq!(
                analysis.outcome,
                memo.outcome(rules, position, play).unwrap(),
                "{} {shown} {play:?}",
                G::ABOUT.name
            );
            if let (Some(value), Convention::Normal) =
                (analysis.value.and_then(|v| v.nimber()), play)
            {
                assert_eq!(value, memo.grundy(rules, position).unwrap(), "{shown}");
                assert_eq!(analysis.outcome, Outcome::from_grundy(value));
            }
            let mut legal = Vec::new();
            game.legal_moves(position, &mut legal);
            let mut closed: HashMap<G::Position, usize> = HashMap::new();
            for change in &analysis.winning_moves {
                assert!(legal.contains(change), "{shown}: {change:?} is not a move");
                *closed.entry(game.apply(position, change)).or_default() += 1;
            }
            let mut engine: HashMap<G::Position, usize> = HashMap::new();
            for after in memo.winning_moves(rules, position, play).unwrap() {
                *engine.entry(after).or_default() += 1;
            }
            assert_eq!(closed, engine, "{} {shown} {play:?}", G::ABOUT.name);
            assert_eq!(
                analysis.winning_move_count,
                engine.values().sum::<usize>() as u64,
                "{shown}"
            );
        }
        // The computer's game is checked where it searches (its fallback there too).
        let searched: Vec<G::Position> = self
            .small
            .iter()
            .filter_map(|n| game.position(n.clone()).ok())
            .filter(|p| {
                game.search_cost(p)
                    .is_some_and(|cost| cost <= Search::<G::Position>::DEFAULT_BUDGET)
            })
            .collect();
        check_playable(&game, &searched, 4);
        checked
    }
}

/// What a ruleset says of itself, and whether it offers Every-SG play
/// ([`Ruleset::offers_every`]).
struct AboutOf;

impl Visitor for AboutOf {
    type Output = (About, bool);

    fn visit<G: Playable>(self, game: G) -> (About, bool) {
        (G::ABOUT, game.offers_every())
    }
}

#[test]
fn every_ruleset_answers_as_the_engine_searches_on_all_small_positions() {
    let small = all_lists(3, 4);
    for &name in RULESETS {
        let (about, offers_every) = with_ruleset(
            &Setup {
                game: name.to_string(),
                ..Setup::default()
            },
            AboutOf,
        )
        .unwrap();
        let mut setups = vec![BTreeMap::new()];
        setups.extend(
            about
                .test_plan
                .settings
                .iter()
                .map(|&(k, v)| BTreeMap::from([(k.to_string(), v.to_string())])),
        );
        for params in setups {
            for (play, every) in [
                (Convention::Normal, false),
                (Convention::Misere, false),
                (Convention::Normal, true),
            ] {
                let setup = Setup {
                    game: name.to_string(),
                    misere: play == Convention::Misere,
                    every,
                    params: params.clone(),
                };
                let checked = with_ruleset(&setup, CheckAll { small: &small }).unwrap();
                if every && !offers_every {
                    assert_eq!(checked, 0, "{name} is played under Every-SG");
                } else {
                    assert!(checked >= 30, "{name} {params:?}: only {checked} positions");
                }
            }
        }
    }
}
