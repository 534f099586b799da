//! Playing a ruleset against a perfect opponent: what every front end's play loop needs.
//!
//! A ruleset that can be played implements [`Playable`]: build a position from numbers, read a
//! move in its small notation (a one-line [`MoveError`] otherwise), list the legal moves, apply
//! one, analyse a position. The computer's move is provided ([`Playable::computer_move`]):
//!
//! - when the engine can search the whole game from the position (the ruleset's
//!   [`Playable::search_cost`] is within the [`Search`] budget), it plays by *remoteness*: from a
//!   won position the winning move that ends the game soonest, from a lost position the move that
//!   makes the game last longest, so a student gets a real fight;
//! - otherwise it plays a winning move of the closed form (so it never throws away a win), the
//!   one leaving the least [`Playable::material`]; from a lost position the ruleset's
//!   [`Playable::slow_move`] (for Nim: take one stone from the largest pile).
//!
//! Misère remoteness comes from the engine too: misère play of a game G is normal play of G with
//! one extra move from each end position of G to a final position (see [`MisereRules`]), and the
//! remoteness there is the misère remoteness plus one.
//!
//! **Adding a ruleset** is two steps: `impl Playable` for it in its game module
//! (`games/<ruleset>/playable.rs`), and one line in [`with_ruleset`], from which the command
//! line, the web server and the page are derived.

use std::hash::Hash;

use serde::Serialize;

use crate::engine::EngineError;
use crate::{Analysis, AnalyzeOptions, Change, Convention, Explain, Game, Lang, Outcome};

mod error;
mod notation;
mod piles;
mod registry;
mod search;

pub use error::{MoveError, OPTIONS_LISTED, SetupError};
pub use notation::{Notation, Unit};
pub(crate) use notation::{keyword_numbers, malformed, move_numbers, two_numbers};
pub(crate) use piles::*;
pub use registry::{Board, ParamDoc, RULESETS, Resume, Setup, Visitor, with_ruleset};
pub use search::{FALLBACK_CANDIDATES, MisereRules, Reply, Search};

/// A ruleset that people can play against the computer.
///
/// Required: the rules for the engine, positions from numbers, the move notation, legal moves,
/// applying a move and the analysis. Provided: the computer's move.
pub trait Playable {
    /// A position.
    type Position: Clone + Eq + Hash + Serialize + std::fmt::Debug;
    /// An explanation step of the analysis.
    type Step: Explain + Serialize;
    /// The rules as a [`Game`], for the engine.
    type Rules: Game<Position = Self::Position>;

    /// The command name (`nim`).
    fn name(&self) -> &'static str;
    /// The name for people (`misère Nim`).
    fn title(&self, lang: Lang) -> String;
    /// The rules, the theorem and examples, for the command line's help (English: the
    /// explanations carry the Chinese).
    fn help(&self) -> &'static str;
    /// What each number of a position is (a pile, a step, a cell).
    fn part(&self) -> Unit {
        Unit::Pile
    }
    /// How the page draws a position.
    fn board(&self) -> Board {
        Board::Piles
    }
    /// The conventions the ruleset can be played in.
    fn conventions(&self) -> &'static [Convention] {
        &[Convention::Normal]
    }
    /// The winning convention of this game; normal play unless the ruleset offers misère play.
    fn convention(&self) -> Convention {
        Convention::Normal
    }
    /// The rules for the engine.
    fn rules(&self) -> &Self::Rules;
    /// How a move is written.
    fn notation(&self) -> Notation;
    /// The parameters the ruleset takes (none for most).
    fn parameters(&self) -> &'static [ParamDoc] {
        &[]
    }

    /// The position described by `numbers` (as typed on the command line or sent as JSON).
    ///
    /// # Errors
    /// [`SetupError`] when the numbers do not describe a position.
    fn position(&self, numbers: Vec<u64>) -> Result<Self::Position, SetupError>;
    /// How many components (piles, coins, ...) the position has.
    fn components(&self, position: &Self::Position) -> usize;
    /// The numbers and parameters that give `position` back through [`with_ruleset`] and
    /// [`Playable::position`].
    fn resume(&self, position: &Self::Position) -> Resume;
    /// The position for people, on one line.
    fn show(&self, position: &Self::Position, lang: Lang) -> String;

    /// Reads a move in the ruleset's notation and checks that it is legal.
    ///
    /// # Errors
    /// [`MoveError`] saying in one line what is wrong.
    fn parse_move(&self, position: &Self::Position, text: &str) -> Result<Change, MoveError>;
    /// The move in the ruleset's notation (what [`Playable::parse_move`] reads back).
    fn write_move(&self, change: &Change) -> String;
    /// Pushes every legal move of `position` onto `out`. Only called on positions the engine
    /// may search (see [`Playable::search_cost`]), so it may be long for large ones.
    fn legal_moves(&self, position: &Self::Position, out: &mut Vec<Change>);
    /// True when the player to move has no move.
    fn is_over(&self, position: &Self::Position) -> bool;
    /// The position after `change`, which must be legal.
    fn apply(&self, position: &Self::Position, change: &Change) -> Self::Position;
    /// The analysis (outcome, value, winning moves, explanation).
    ///
    /// # Errors
    /// [`EngineError`] when a ruleset without a closed form cannot search the position.
    fn analyze(
        &self,
        position: &Self::Position,
        options: &AnalyzeOptions,
    ) -> Result<Analysis<Self::Step>, EngineError>;

    /// Writes `position` as the JSON of an analysis gives it (its `position`, and each winning
    /// move's): as the position serialises, unless the ruleset writes it its own way.
    ///
    /// # Errors
    /// Those of `serializer`.
    fn write_position<S: serde::Serializer>(
        &self,
        position: &Self::Position,
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        position.serialize(serializer)
    }

    /// Writes the position after `change` (legal from `position`) as the JSON of an analysis
    /// gives it: [`Playable::write_position`] of [`Playable::apply`], unless the ruleset writes it
    /// its own way.
    ///
    /// # Errors
    /// Those of `serializer`.
    fn write_after<S: serde::Serializer>(
        &self,
        position: &Self::Position,
        change: &Change,
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        self.write_position(&self.apply(position, change), serializer)
    }

    /// The position after `change` (legal from `position`) for people: [`Playable::show`] of
    /// [`Playable::apply`], unless the ruleset shows it its own way.
    fn show_after(&self, position: &Self::Position, change: &Change, lang: Lang) -> String {
        self.show(&self.apply(position, change), lang)
    }

    /// Lines the text of an analysis adds after its winning moves (none unless the ruleset has
    /// some): `grundy RULESET` prints them, and the Python package's `explain`.
    fn notes(
        &self,
        _position: &Self::Position,
        _analysis: &Analysis<Self::Step>,
        _lang: Lang,
    ) -> Vec<String> {
        Vec::new()
    }

    /// The ruleset's own fields of the JSON of an analysis, after the contract's (a subtraction
    /// game's `set` and `period`): none unless the ruleset has some. `grundy RULESET --json`,
    /// the web API and the Python package's `to_dict` all take them from here.
    #[cfg(feature = "serde")]
    fn json_fields(
        &self,
        _position: &Self::Position,
        _analysis: &Analysis<Self::Step>,
    ) -> Vec<(&'static str, serde_json::Value)> {
        Vec::new()
    }

    /// An upper bound on the engine's work (positions times options) to search every position
    /// reachable from `position`, or `None` when the ruleset cannot tell.
    fn search_cost(&self, position: &Self::Position) -> Option<u64>;
    /// How much game is left (stones for Nim): the fallback strategy wins with the move that
    /// leaves the least.
    fn material(&self, position: &Self::Position) -> u128;
    /// A move that keeps the game long, for a lost position too large to search.
    fn slow_move(&self, position: &Self::Position) -> Option<Change>;

    /// The computer's move: see the module documentation. `None` when the game is over (or when
    /// neither the engine nor the analysis can handle the position).
    fn computer_move(
        &self,
        position: &Self::Position,
        search: &mut Search<Self::Position>,
    ) -> Option<Reply>
    where
        Self: Sized,
    {
        if self.is_over(position) {
            return None;
        }
        if self
            .search_cost(position)
            .is_some_and(|cost| cost <= search.budget)
            && let Ok(Some(reply)) = search.by_remoteness(self, position)
        {
            return Some(reply);
        }
        let analysis = self
            .analyze(
                position,
                &AnalyzeOptions {
                    max_moves: FALLBACK_CANDIDATES,
                    explain: false,
                },
            )
            .ok()?;
        let change = match analysis.outcome {
            Outcome::N => analysis
                .winning_moves
                .into_iter()
                .min_by_key(|c| self.material(&self.apply(position, c)))?,
            _ => self.slow_move(position)?,
        };
        Some(Reply {
            change,
            remoteness: None,
            winning: analysis.outcome == Outcome::N,
        })
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use std::collections::{HashMap, HashSet};

    use super::*;

    /// Reference outcome and remoteness by plain recursion over the rules' options, sharing
    /// nothing with the engine: (the mover wins, moves left with the winner hurrying and the
    /// loser stalling).
    pub(crate) fn reference<G: Game>(
        rules: &G,
        position: &G::Position,
        play: Convention,
        memo: &mut HashMap<G::Position, (bool, u32)>,
    ) -> (bool, u32) {
        if let Some(&known) = memo.get(position) {
            return known;
        }
        let mut options = Vec::new();
        rules.options(position, &mut options);
        let children: Vec<(bool, u32)> = options
            .iter()
            .map(|o| reference(rules, o, play, memo))
            .collect();
        let result = if children.is_empty() {
            (play == Convention::Misere, 0)
        } else if let Some(r) = children.iter().filter(|c| !c.0).map(|c| c.1).min() {
            (true, r + 1)
        } else {
            (false, children.iter().map(|c| c.1).max().unwrap_or(0) + 1)
        };
        memo.insert(position.clone(), result);
        result
    }

    /// Checks a playable ruleset on every one of `positions`:
    /// - its legal moves lead to exactly the rules' options, and the game is over exactly when
    ///   there is none;
    /// - every legal move is written and read back, and of the texts `A B` with A, B up to
    ///   `up_to` the parser accepts exactly those of legal moves; refusals are one line, with
    ///   a Chinese text;
    /// - the computer, searching, wins as fast and loses as slowly as the reference says;
    /// - the computer without search (the closed form) never throws away a win;
    /// - the resumed numbers and parameters give the position back.
    pub(crate) fn check_playable<G: Playable>(game: &G, positions: &[G::Position], up_to: u64)
    where
        G::Position: std::fmt::Debug,
    {
        let play = game.convention();
        let mut memo = HashMap::new();
        let mut search = Search::new(Search::<G::Position>::DEFAULT_BUDGET);
        let mut no_search = Search::new(0);
        let texts: Vec<String> = (0..=up_to)
            .flat_map(|a| (0..=up_to).map(move |b| format!("{a} {b}")))
            .collect();
        for position in positions {
            let mut moves = Vec::new();
            game.legal_moves(position, &mut moves);
            let mut options = Vec::new();
            game.rules().options(position, &mut options);
            let mut expected: HashMap<&G::Position, usize> = HashMap::new();
            for o in &options {
                *expected.entry(o).or_default() += 1;
            }
            let after: Vec<G::Position> = moves.iter().map(|c| game.apply(position, c)).collect();
            let mut got: HashMap<&G::Position, usize> = HashMap::new();
            for a in &after {
                *got.entry(a).or_default() += 1;
            }
            assert_eq!(got, expected, "moves of {}", game.show(position, Lang::En));
            assert_eq!(game.is_over(position), moves.is_empty());

            let written: HashSet<String> = moves.iter().map(|c| game.write_move(c)).collect();
            assert_eq!(written.len(), moves.len(), "two moves written alike");
            for change in &moves {
                let text = game.write_move(change);
                assert_eq!(game.parse_move(position, &text).as_ref(), Ok(change));
            }
            for text in &texts {
                match game.parse_move(position, text) {
                    Ok(change) => assert!(moves.contains(&change), "{text} accepted"),
                    Err(e) => {
                        assert!(!written.contains(text), "{text} refused: {e}");
                        assert!(!e.to_string().contains('\n') && !e.text(Lang::Zh).is_empty());
                    }
                }
            }

            let resume = game.resume(position);
            let setup = Setup {
                game: game.name().to_string(),
                misere: play == Convention::Misere,
                params: resume.params.clone(),
            };
            struct Again<'a>(&'a Vec<u64>);
            impl Visitor for Again<'_> {
                type Output = serde_json::Value;
                fn visit<H: Playable>(self, game: H) -> serde_json::Value {
                    serde_json::to_value(game.position(self.0.clone()).unwrap()).unwrap()
                }
            }
            let again = with_ruleset(&setup, Again(&resume.position)).unwrap();
            assert_eq!(again, serde_json::to_value(position).unwrap());

            let (wins, r) = reference(game.rules(), position, play, &mut memo);
            let Some(reply) = game.computer_move(position, &mut search) else {
                assert!(
                    moves.is_empty(),
                    "no reply from {}",
                    game.show(position, Lang::En)
                );
                continue;
            };
            assert_eq!(reply.winning, wins, "{}", game.show(position, Lang::En));
            let next = game.apply(position, &reply.change);
            let (next_wins, next_r) = reference(game.rules(), &next, play, &mut memo);
            assert_eq!(
                next_wins,
                !wins,
                "{} {:?}",
                game.show(position, Lang::En),
                reply.change
            );
            assert_eq!(
                next_r + 1,
                r,
                "{} {:?}",
                game.show(position, Lang::En),
                reply.change
            );
            assert_eq!(reply.remoteness, Some(next_r));

            let fallback = game.computer_move(position, &mut no_search).unwrap();
            assert_eq!(fallback.remoteness, None);
            assert_eq!(fallback.winning, wins);
            let next = game.apply(position, &fallback.change);
            assert_eq!(
                reference(game.rules(), &next, play, &mut memo).0,
                !wins,
                "{} {:?}",
                game.show(position, Lang::En),
                fallback.change
            );
        }
    }
}
