//! One test for every ruleset of the registry, under both conventions, under the Every-SG rule
//! where its positions are sums of piles, and a few settings of its parameters: the analysis (outcome, value, every winning move and their count)
//! equals the engine's search of the rules on all small positions, and the game checks of
//! [`check_playable`] hold there.

use std::collections::{BTreeMap, HashMap};

use super::*;
use crate::Convention;
use crate::engine::EngineError;
use crate::engine::Memo;
use crate::play::Search;
use crate::testing::all_lists;
use crate::testing::check_playable;
use crate::{AnalyzeOptions, Outcome};

/// The numbers of the positions checked: all lists of at most `len` numbers up to `max`, more
/// where the closed form has more to get wrong and the search stays quick (misère play searches
/// whole positions, whose breaks multiply them).
fn numbers(ruleset: &str, play: Convention, every: bool) -> Vec<Vec<u64>> {
    let (len, max) = match ruleset {
        // Every-SG moves combine one move of each pile.
        _ if every => (3, 4),
        // Places 0 to 3: rows of four coins, and grids of four by four (x, y pairs).
        "turning" => (4, 3),
        // Vertex pairs: every drawing of up to 4 edges on the ground and two more vertices.
        "hackenbush" => (8, 2),
        "subtraction" if play == Convention::Misere => (3, 8),
        "ed" if play == Convention::Misere => (4, 4),
        "cutting" if play == Convention::Misere => (4, 3),
        "wythoff" | "euclid" | "kiki" if play == Convention::Misere => (2, 12),
        _ if play == Convention::Misere && ruleset != "nim" => (3, 4),
        "nim" | "staircase" | "grid" => (4, 6),
        "coins" => (5, 9),
        "wythoff" => (2, 30),
        "euclid" => (2, 40),
        "kiki" => (2, 30),
        "lasker" | "half" | "subtraction" | "nonincreasing" => (3, 9),
        "moore" => (3, 6),
        "ed" => (4, 7),
        "cutting" => (4, 4),
        _ => (3, 6),
    };
    all_lists(len, max)
}

/// Settings of the parameters checked beside the defaults.
fn settings(ruleset: &str) -> &'static [(&'static str, &'static str)] {
    match ruleset {
        "nonincreasing" => &[("k", "1"), ("k", "2"), ("k", "3"), ("k", "4"), ("k", "6")],
        "subtraction" => &[
            ("set", "1,2"),
            ("set", "2,5"),
            ("set", "all-but:1"),
            ("set", "1..3"),
        ],
        "moore" => &[("k", "1"), ("k", "3"), ("k", "5")],
        "octal" => &[
            ("code", "0.07"),
            ("code", "0.137"),
            ("code", "4.7"),
            ("code", "grundy"),
        ],
        "sum" => &[
            ("games", "lasker"),
            ("games", "kayles"),
            ("games", "nim lasker 0.07"),
            ("games", "sub{1,2} grundy lasker"),
            ("games", "half"),
            ("games", "half sub{2,5} nim"),
        ],
        "turning" => &[
            ("rule", "turtles"),
            ("rule", "twins"),
            ("rule", "ruler"),
            ("rule", "moebius"),
            ("rule", "corners"),
            ("rule", "mock*ruler"),
        ],
        _ => &[],
    }
}

/// Checks one game on every position its numbers give from `numbers`, and its play on those of
/// `small`; returns how many positions.
struct CheckAll<'a> {
    numbers: &'a [Vec<u64>],
    small: &'a [Vec<u64>],
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
        let positions: Vec<G::Position> = self
            .numbers
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
                Err(e) => panic!("{} {shown} {play:?}: {e}", G::NAME),
            };
            checked += 1;
            assert_eq!(
                analysis.outcome,
                memo.outcome(rules, position, play).unwrap(),
                "{} {shown} {play:?}",
                G::NAME
            );
            if let (Some(value), Convention::Normal) = (analysis.grundy, play) {
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
            assert_eq!(closed, engine, "{} {shown} {play:?}", G::NAME);
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

/// The rulesets whose positions are sums of piles ([`Ruleset::summands`]): the ones played under
/// the Every-SG rule.
const SUMS: &[&str] = &["nim", "subtraction", "lasker", "half", "sum"];

#[test]
fn every_ruleset_answers_as_the_engine_searches_on_all_small_positions() {
    let small = all_lists(3, 4);
    for &name in RULESETS {
        let mut setups = vec![BTreeMap::new()];
        setups.extend(
            settings(name)
                .iter()
                .map(|&(k, v)| BTreeMap::from([(k.to_string(), v.to_string())])),
        );
        for params in setups {
            for (play, every) in [
                (Convention::Normal, false),
                (Convention::Misere, false),
                (Convention::Normal, true),
            ] {
                let numbers = numbers(name, play, every);
                let setup = Setup {
                    game: name.to_string(),
                    misere: play == Convention::Misere,
                    every,
                    params: params.clone(),
                };
                let checked = with_ruleset(
                    &setup,
                    CheckAll {
                        numbers: &numbers,
                        small: &small,
                    },
                )
                .unwrap();
                if every && !SUMS.contains(&name) {
                    assert_eq!(checked, 0, "{name} is played under Every-SG");
                } else {
                    assert!(checked >= 30, "{name} {params:?}: only {checked} positions");
                }
            }
        }
    }
}
