//! Script games, played: a move is the state after it, written as the script writes states
//! (`6`, `[2, 3]`), one of the options of the position. Normal play only.
//!
//! Before the game starts every state reachable from the start is listed once with its
//! options (at most [`ScriptLimits::max_states`](crate::ScriptLimits) of them, checked for cycles), so that
//! checking a move, the engine's search and the analysis never run the script again and cannot
//! fail half-way through a game. The engine's memo over that list gives the values (the
//! analysis and hints) and, within the search budget, the remoteness the computer plays by.

use std::cell::RefCell;

use grundy::engine::{EngineError, Memo};
use grundy::parse::Token;
use grundy::ruleset::{
    About, MoveError, Notation, Numbered, OPTIONS_LISTED, Presentation, Ruleset, Setup, SetupError,
};
use grundy::{Analysis, AnalyzeOptions, Game, Lang, MoveList, Nimber, Outcome};
use rustc_hash::FxHashMap;

use crate::analysis::explain_state;
use crate::reach::Reach;
use crate::{Script, ScriptError, ScriptStep, State};

/// The states reachable from a start, each with its options (duplicates dropped, in the
/// script's order), as a [`Game`] for the engine.
#[derive(Clone, Debug, Default)]
pub struct Reachable {
    options: FxHashMap<State, Vec<State>>,
    edges: u64,
}

impl Reachable {
    /// Lists the states reachable from `start` by asking the script for their options.
    ///
    /// # Errors
    /// A script error, [`ScriptError::TableFull`] past `max_states` states, or
    /// [`ScriptError::Cycle`] when a state can be reached from itself.
    pub fn list(script: &Script, start: &State) -> Result<Reachable, ScriptError> {
        let limit = script.limits().max_states;
        let mut reachable = Reachable::default();
        let mut open = vec![start.clone()];
        reachable.options.insert(start.clone(), Vec::new());
        while let Some(state) = open.pop() {
            let mut options = script.options_of(&state)?;
            let mut seen = rustc_hash::FxHashSet::default();
            options.retain(|o| seen.insert(o.clone()));
            for option in &options {
                if !reachable.options.contains_key(option) {
                    if reachable.options.len() >= limit {
                        return Err(ScriptError::TableFull { limit });
                    }
                    reachable.options.insert(option.clone(), Vec::new());
                    open.push(option.clone());
                }
            }
            reachable.edges += options.len() as u64;
            reachable.options.insert(state, options);
        }
        let mut memo = Memo::bounded(reachable.options.len() + 1, false);
        if let Err(EngineError::Cycle) = memo.info(&reachable, start) {
            let cycle = script.find_cycle(start).unwrap_or_default();
            let shown: Vec<String> = cycle.iter().map(State::to_string).collect();
            return Err(ScriptError::Cycle {
                place: script.definition("options"),
                cycle: shown.join(" -> "),
            });
        }
        Ok(reachable)
    }

    /// The options of `state` (none for a state that was not listed).
    fn of(&self, state: &State) -> &[State] {
        self.options.get(state).map_or(&[], Vec::as_slice)
    }
}

impl Game for Reachable {
    type Position = State;

    fn options(&self, state: &State, out: &mut Vec<State>) {
        out.extend(self.of(state).iter().cloned());
    }
}

/// A script game from a start state, as a [`Playable`] ruleset.
pub struct ScriptPlay {
    script: Script,
    reachable: Reachable,
    values: RefCell<Memo<State>>,
}

const NOTATION: Notation = Notation {
    en: "STATE",
    zh: "局面",
    meaning_en: "the state after your move, written as the script writes states, one of the options of the position",
    meaning_zh: "走完后的局面，按脚本的写法书写，必须是当前局面的后继之一",
    example: "6",
};

impl ScriptPlay {
    /// The game of `script` from `start`: lists every reachable state (see the module
    /// documentation).
    ///
    /// # Errors
    /// As [`Reachable::list`].
    pub fn new(script: Script, start: &State) -> Result<ScriptPlay, ScriptError> {
        let reachable = Reachable::list(&script, start)?;
        let values = RefCell::new(Memo::bounded(reachable.options.len() + 1, false));
        Ok(ScriptPlay {
            script,
            reachable,
            values,
        })
    }

    /// Refuses misère play and parameters, which script games do not take.
    ///
    /// # Errors
    /// [`SetupError`].
    pub fn check(setup: &Setup) -> Result<(), SetupError> {
        setup.no_params()?;
        setup.normal_play_only()
    }

    fn grundy(&self, state: &State) -> Result<Nimber, EngineError> {
        self.values.borrow_mut().grundy(&self.reachable, state)
    }

    fn reach(&self, position: &State, option: usize) -> Reach {
        Reach {
            option,
            to: self.reachable.of(position)[option].to_string(),
        }
    }
}

/// A natural number as a state.
fn natural(n: u64) -> Result<State, SetupError> {
    i64::try_from(n)
        .map(State::Int)
        .map_err(|_| SetupError::BadPosition {
            problem: format!("{n} is too large for a script state (at most 2^63 - 1)"),
        })
}

/// The state that position numbers stand for: one number is that integer, several the array
/// of them (as [`Ruleset::position`] reads them, without checking that the state is reachable).
///
/// # Errors
/// [`SetupError`] for no numbers or a number above 2^63 − 1.
pub fn state_of_numbers(numbers: Vec<u64>) -> Result<State, SetupError> {
    Ok(match numbers[..] {
        [] => return Err(SetupError::Empty { what: "state" }),
        [n] => natural(n)?,
        _ => State::Array(numbers.into_iter().map(natural).collect::<Result<_, _>>()?),
    })
}

/// A state is one component; it is written back as its numbers when it is a natural number or
/// an array of them (what [`Ruleset::position`] reads back), as none otherwise.
impl Numbered for State {
    fn numbers(&self) -> Vec<u64> {
        let number = |s: &State| s.as_int().and_then(|n| u64::try_from(n).ok());
        let numbers = match self {
            State::Array(items) => items.iter().map(number).collect::<Option<Vec<u64>>>(),
            single => number(single).map(|n| vec![n]),
        };
        numbers.unwrap_or_default()
    }

    fn count(&self) -> usize {
        1
    }

    fn text(&self) -> String {
        self.to_string()
    }

    /// Unknown for a script: the fallback plays the first winning move.
    fn stones(&self) -> u128 {
        0
    }
}

/// The command line's help.
const HELP: &str = "A game written as a script: its options() lists the states a move reaches; \
a move is the state after it. Every state reachable from the start is listed before the game \
starts.";

impl Ruleset for ScriptPlay {
    const ABOUT: About = About::new("script", HELP, NOTATION);
    type Position = State;
    type Move = Reach;
    type Step = ScriptStep;
    type Value = grundy::Nimber;
    type Rules = Reachable;

    fn rules(&self) -> &Reachable {
        &self.reachable
    }

    /// One number is that integer state, several the array of them; the state must be
    /// reachable from the start.
    fn position(&self, numbers: Vec<u64>) -> Result<State, SetupError> {
        let state = state_of_numbers(numbers)?;
        if !self.reachable.options.contains_key(&state) {
            return Err(SetupError::BadPosition {
                problem: format!("the state {state} cannot be reached from the start"),
            });
        }
        Ok(state)
    }

    fn legal_moves(&self, position: &State, out: &mut Vec<Reach>) {
        out.extend((0..self.reachable.of(position).len()).map(|i| self.reach(position, i)));
    }

    fn is_over(&self, position: &State) -> bool {
        self.reachable.of(position).is_empty()
    }

    /// The option the move names (the position itself for a move that is not one of its own,
    /// which [`Ruleset::parse_move`] and [`Ruleset::legal_moves`] never give).
    fn apply(&self, position: &State, change: &Reach) -> State {
        self.reachable
            .of(position)
            .get(change.option)
            .unwrap_or(position)
            .clone()
    }

    /// The value by the engine over the listed states; the winning moves are the options of
    /// value 0.
    fn analyze(
        &self,
        position: &State,
        options: &AnalyzeOptions,
    ) -> Result<Analysis<ScriptStep, Reach>, EngineError> {
        let value = self.grundy(position)?;
        let followers = self.reachable.of(position);
        let values = followers
            .iter()
            .map(|o| self.grundy(o))
            .collect::<Result<Vec<Nimber>, _>>()?;
        let mut moves = MoveList::new(options.max_moves);
        let mut first = None;
        for (i, g) in values.iter().enumerate() {
            if g.is_zero() {
                first.get_or_insert((i, followers[i].clone()));
                moves.push(self.reach(position, i));
            }
        }
        let explanation = if options.explain {
            explain_state(value, &[], &values, first.as_ref())
        } else {
            Vec::new()
        };
        let (winning_moves, winning_move_count) = moves.into_parts();
        Ok(Analysis {
            outcome: Outcome::from_grundy(value),
            value: Some(value),
            winning_moves,
            winning_move_count,
            explanation,
        })
    }

    /// The options of every listed state, which is the whole search.
    fn search_cost(&self, _position: &State) -> Option<u64> {
        Some(self.reachable.edges + self.reachable.options.len() as u64)
    }

    /// The first option.
    fn slow_move(&self, position: &State) -> Option<Reach> {
        (!self.is_over(position)).then(|| self.reach(position, 0))
    }
}

impl Presentation for ScriptPlay {
    fn title(&self, lang: Lang) -> String {
        lang.pick("the script's game", "脚本定义的游戏").to_string()
    }

    /// The text is compared with the options as written, then read as a script expression.
    fn parse_move(&self, position: &State, text: &str) -> Result<Reach, MoveError> {
        let options = self.reachable.of(position);
        if options.is_empty() {
            return Err(MoveError::GameOver);
        }
        let text = text.trim();
        let found = match options.iter().position(|o| o.to_string() == text) {
            Some(i) => i,
            None => {
                let state = self
                    .script
                    .parse_state(text, 1)
                    .map_err(|_| MoveError::Malformed {
                        input: Token::new(text),
                        notation: NOTATION,
                    })?;
                options
                    .iter()
                    .position(|o| *o == state)
                    .ok_or_else(|| MoveError::NotAnOption {
                        input: Token::new(text),
                        options: options
                            .iter()
                            .take(OPTIONS_LISTED + 1)
                            .map(State::to_string)
                            .collect(),
                    })?
            }
        };
        Ok(self.reach(position, found))
    }

    fn write_move(&self, change: &Reach) -> String {
        change.to.clone()
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use grundy::play::{Search, computer_move};
    use grundy::{Convention, Explain};

    use super::*;
    use crate::ScriptLimits;

    fn script(path: &str) -> Script {
        let source = std::fs::read_to_string(format!(
            "{}/../../examples/scripts/{path}",
            env!("CARGO_MANIFEST_DIR")
        ))
        .unwrap();
        Script::compile(&source, ScriptLimits::default()).unwrap()
    }

    /// (the mover wins, moves left with the winner hurrying and the loser stalling), by plain
    /// recursion over the script's own options.
    fn reference(
        script: &Script,
        state: &State,
        memo: &mut HashMap<State, (bool, u32)>,
    ) -> (bool, u32) {
        if let Some(&known) = memo.get(state) {
            return known;
        }
        let children: Vec<(bool, u32)> = script
            .options_of(state)
            .unwrap()
            .iter()
            .map(|o| reference(script, o, memo))
            .collect();
        let result = if children.is_empty() {
            (false, 0)
        } else if let Some(r) = children.iter().filter(|c| !c.0).map(|c| c.1).min() {
            (true, r + 1)
        } else {
            (false, children.iter().map(|c| c.1).max().unwrap_or(0) + 1)
        };
        memo.insert(state.clone(), result);
        result
    }

    /// From every state reachable from `start`: the computer wins as fast as possible from a
    /// won state and loses as slowly as possible from a lost one, the reference says; without
    /// search (the engine's values) it still never throws a win away; the analysis agrees.
    fn check_every_reachable_state(file: &str, start: State) {
        let game = ScriptPlay::new(script(file), &start).unwrap();
        let oracle = script(file);
        let mut memo = HashMap::new();
        let mut search = Search::new(Search::<State>::DEFAULT_BUDGET);
        let mut no_search = Search::new(0);
        let mut states: Vec<&State> = game.reachable.options.keys().collect();
        states.sort();
        assert!(states.len() > 10, "{file}: {} states", states.len());
        for state in states {
            let (wins, r) = reference(&oracle, state, &mut memo);
            let analysis = game.analyze(state, &AnalyzeOptions::default()).unwrap();
            assert_eq!(analysis.outcome == Outcome::N, wins, "{file} {state}");
            let Some(reply) = computer_move(&game, state, &mut search) else {
                assert!(game.is_over(state));
                continue;
            };
            assert_eq!(reply.winning, wins, "{file} {state}");
            let next = game.apply(state, &reply.change);
            let (next_wins, next_r) = reference(&oracle, &next, &mut memo);
            assert_eq!(
                (next_wins, next_r + 1),
                (!wins, r),
                "{file} {state} -> {next}"
            );
            assert_eq!(reply.remoteness, Some(next_r));
            let text = game.write_move(&reply.change);
            assert_eq!(game.parse_move(state, &text), Ok(reply.change));
            let fallback = computer_move(&game, state, &mut no_search).unwrap();
            assert_eq!(fallback.remoteness, None);
            let next = game.apply(state, &fallback.change);
            assert_eq!(
                reference(&oracle, &next, &mut memo).0,
                !wins,
                "{file} {state}"
            );
        }
    }

    #[test]
    fn the_computer_plays_by_remoteness_from_every_reachable_state() {
        check_every_reachable_state("take-1-2-4.rhai", State::Int(30));
        check_every_reachable_state(
            "queen.rhai",
            State::Array(vec![State::Int(5), State::Int(6)].into()),
        );
        check_every_reachable_state(
            "lasker-nim.rhai",
            State::Array(vec![State::Int(3), State::Int(4)].into()),
        );
    }

    #[test]
    fn moves_are_states_and_bad_ones_get_one_line_reasons() {
        let game = ScriptPlay::new(script("take-1-2-4.rhai"), &State::Int(10)).unwrap();
        let ten = State::Int(10);
        assert_eq!(
            game.parse_move(&ten, " 9 ").map(|c| game.apply(&ten, &c)),
            Ok(State::Int(9))
        );
        assert_eq!(
            game.parse_move(&ten, "3 + 3").map(|c| game.apply(&ten, &c)),
            Ok(State::Int(6))
        );
        let err = game.parse_move(&ten, "7").unwrap_err();
        assert_eq!(
            err.to_string(),
            "'7' is not one move away; the options are 9, 8, 6"
        );
        assert!(err.text(Lang::Zh).contains("不是一步能到的局面"));
        let err = game.parse_move(&ten, "(").unwrap_err();
        assert!(
            err.to_string()
                .starts_with("'(' is not a move: write STATE"),
            "{err}"
        );
        assert_eq!(
            game.parse_move(&State::Int(0), "1"),
            Err(MoveError::GameOver)
        );
        assert_eq!(game.position(vec![6]), Ok(State::Int(6)));
        assert!(game.position(vec![11]).is_err());
        assert_eq!(game.resume(&State::Int(6)).position, vec![6]);
        assert_eq!(game.convention(), Convention::Normal);
    }

    #[test]
    fn a_game_with_a_cycle_or_too_many_states_is_refused() {
        let looping =
            Script::compile("fn options(n) { [1 - n] }", ScriptLimits::default()).unwrap();
        let err = ScriptPlay::new(looping, &State::Int(0)).err().unwrap();
        assert!(err.to_string().contains("cycle"), "{err}");
        let limits = ScriptLimits {
            max_states: 50,
            ..ScriptLimits::default()
        };
        let big =
            Script::compile("fn options(n) { if n > 0 { [n - 1] } else { [] } }", limits).unwrap();
        let err = ScriptPlay::new(big, &State::Int(100)).err().unwrap();
        assert!(matches!(err, ScriptError::TableFull { limit: 50 }), "{err}");
    }
}
