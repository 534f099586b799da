//! What a ruleset module implements so that every front end can analyse and play it.
//!
//! - [`Ruleset`]: the rules as front ends drive them: a position from numbers, the legal moves,
//!   applying one, the analysis, and what the computer player needs (the engine's [`Game`], a
//!   bound on the search, a slow move for lost positions); and its descriptor [`About`]: name,
//!   help, move notation, parameters, board, test plan.
//! - [`Presentation`]: how people see it: titles, how a position and a move are shown, read and
//!   written in JSON, notes and the ruleset's own JSON fields.
//! - [`Playable`]: both, which every front end asks for.
//! - [`FromSetup`]: how the registry builds it from what a front end asks for; a ruleset without
//!   parameters implements [`NoParameters`] instead.
//!
//! A position written as a list of numbers ([`Numbered`]: piles, steps, cells) gets most of
//! [`Ruleset`] and [`Presentation`] by default, so a pile ruleset writes only its rules. The
//! registry ([`crate::registry`]) lists the rulesets; front ends never name one.

use std::collections::BTreeMap;
use std::fmt::Debug;
use std::hash::Hash;

use serde::Serialize;

use crate::engine::EngineError;
use crate::explore::Exploration;
use crate::games::heaps::HeapComponent;
use crate::{Analysis, AnalyzeOptions, Convention, Explain, Game, GameValue, Lang, Move, Player};

mod about;
mod error;
mod every;
mod family;
mod misere;
mod notation;
mod param;
#[cfg(test)]
mod partizan_tests;
mod piles;
mod read_move;
mod setup;
mod takes;
mod wrapped;

pub use about::{About, Lists, TestPlan};
pub use error::{MoveError, OPTIONS_LISTED, Refusal, SetupError};
pub use every::{EVERY_NOTATION, Every, EveryMove};
pub use family::analysed;
pub use misere::{Misere, MisereStep, SEARCH_BUDGET, SearchStep};
pub use notation::{Notation, Unit};
pub use param::{ParamDoc, ParamRole};
pub(crate) use piles::*;
pub(crate) use read_move::{keyword_numbers, malformed, move_numbers, two_numbers};
pub use setup::{Resume, Setup};
pub(crate) use takes::{
    TakeRule, each_take, no_take, read_take, take_moves, takes_from_one_pile, write_take,
};
use wrapped::as_wrapped;

/// A position that front ends write as a list of natural numbers (piles, steps, cells): what
/// [`Ruleset::position`] reads and [`Resume`] sends back.
pub trait Numbered: Clone + Eq + Hash + Serialize + Debug {
    /// The numbers.
    fn numbers(&self) -> Vec<u64>;
    /// How many components (piles, steps, cells) it has: one a number.
    fn count(&self) -> usize {
        self.numbers().len()
    }
    /// The numbers separated by spaces, as they are typed.
    fn text(&self) -> String {
        show_numbers(&self.numbers())
    }
    /// The stones in all: what is left of a pile game.
    fn stones(&self) -> u128 {
        total_stones(&self.numbers())
    }
}

impl Numbered for Vec<u64> {
    fn numbers(&self) -> Vec<u64> {
        self.clone()
    }
    fn count(&self) -> usize {
        self.len()
    }
    fn text(&self) -> String {
        show_numbers(self)
    }
    fn stones(&self) -> u128 {
        total_stones(self)
    }
}

impl Numbered for [u64; 2] {
    fn numbers(&self) -> Vec<u64> {
        self.to_vec()
    }
}

/// Pairs (E&D's groups, the Cutting Game's pieces): their numbers one pair after another.
impl Numbered for Vec<[u64; 2]> {
    fn numbers(&self) -> Vec<u64> {
        self.concat()
    }
    fn count(&self) -> usize {
        self.len()
    }
}

/// The analysis of a position of the ruleset `R`: its steps, moves and value.
pub type AnalysisOf<R> =
    Analysis<<R as Ruleset>::Step, <R as Ruleset>::Move, <R as Ruleset>::Value>;

/// The rules of a ruleset as front ends drive them.
///
/// Required: the descriptor, the rules for the engine, positions from numbers, legal moves, applying a
/// move, the analysis, a bound on the engine's work and a slow move for lost positions. Provided
/// for a position of numbers: its components, the numbers that resume it and the material left.
pub trait Ruleset {
    /// What the ruleset says about itself: its name, help, notation, parameters, board.
    const ABOUT: About;
    /// A position.
    type Position: Numbered;
    /// A move: the ruleset's own type, described and written as the JSON `change` by its module.
    type Move: Move;
    /// An explanation step of the analysis.
    type Step: Explain + Serialize;
    /// The value the analysis gives a position: [`crate::Nimber`] for an impartial ruleset.
    type Value: GameValue + Serialize;
    /// The rules as a [`Game`], for the engine.
    type Rules: Game<Position = Self::Position>;

    /// The rules for the engine.
    fn rules(&self) -> &Self::Rules;
    /// The player to move in `position`, for a partizan game whose positions say who moves (its
    /// analysis lists that player's winning moves); `None` for an impartial game.
    fn to_move(&self, _position: &Self::Position) -> Option<Player> {
        None
    }
    /// The winning convention of this game; normal play unless the ruleset offers misère play.
    fn convention(&self) -> Convention {
        Convention::Normal
    }
    /// Whether this is Every-SG play of the ruleset ([`Every`]), a move in every pile at once.
    fn every(&self) -> bool {
        false
    }
    /// Whether its positions are sums of piles (a one-pile position has
    /// [`Ruleset::summands`]), which front ends offer under the Every-SG rule too.
    fn offers_every(&self) -> bool {
        self.position(vec![1])
            .is_ok_and(|one_pile| self.summands(&one_pile).is_some())
    }
    /// The parameters this game was built with, as [`Setup::params`] gives them back (none
    /// unless the ruleset takes some).
    fn settings(&self) -> BTreeMap<String, String> {
        BTreeMap::new()
    }

    /// The position described by `numbers` (as typed on the command line or sent as JSON).
    ///
    /// # Errors
    /// [`SetupError`] when the numbers do not describe a position.
    fn position(&self, numbers: Vec<u64>) -> Result<Self::Position, SetupError>;
    /// How many components (piles, coins, ...) the position has.
    fn components(&self, position: &Self::Position) -> usize {
        position.count()
    }
    /// The numbers and parameters that give `position` back through the registry and
    /// [`Ruleset::position`].
    fn resume(&self, position: &Self::Position) -> Resume {
        Resume {
            position: position.numbers(),
            params: self.settings(),
        }
    }

    /// The position as a sum of independent games, each a position of this ruleset, when its
    /// parts are played independently: its piles one by one, summand i being pile i (whose moves
    /// [`Move::on_pile`] renumbers); `None` otherwise. [`Misere`] decides such sums by the SJ
    /// theorem where its hypothesis holds, and [`Every`] plays them under the Every-SG rule.
    fn summands(&self, _position: &Self::Position) -> Option<Vec<Self::Position>> {
        None
    }

    /// Pushes every legal move of `position` onto `out`. Only called on positions the engine
    /// may search (see [`Ruleset::search_cost`]), so it may be long for large ones.
    fn legal_moves(&self, position: &Self::Position, out: &mut Vec<Self::Move>);
    /// True when the player to move has no move.
    fn is_over(&self, position: &Self::Position) -> bool;
    /// The position after `change`, which must be legal.
    fn apply(&self, position: &Self::Position, change: &Self::Move) -> Self::Position;
    /// The analysis (outcome, value, winning moves, explanation).
    ///
    /// # Errors
    /// [`EngineError`] when a ruleset without a closed form cannot search the position.
    fn analyze(
        &self,
        position: &Self::Position,
        options: &AnalyzeOptions,
    ) -> Result<AnalysisOf<Self>, EngineError>;

    /// An upper bound on the engine's work (positions times options) to search every position
    /// reachable from `position`, or `None` when the ruleset cannot tell.
    fn search_cost(&self, position: &Self::Position) -> Option<u64>;
    /// The values of the family of positions `fixed` plus one more number n (a heap game's heap
    /// of n beside fixed heaps), for n from 0 to `to` − 1, with the theorem that proves their
    /// period where there is one: each position analysed ([`analysed`]) unless
    /// the ruleset has its values faster.
    ///
    /// # Errors
    /// [`SetupError::BadPosition`] when some n gives no position or no value.
    fn family(&self, fixed: &[u64], to: u64) -> Result<Exploration, SetupError> {
        analysed(self, fixed, to)
    }

    /// The rules of one heap as a component of a sum of rulesets (`grundy sum`, `grundy play
    /// sum`), for a ruleset played on heaps whose values are known; `None` for the others.
    fn heap_component(&self) -> Option<Box<dyn HeapComponent>> {
        None
    }

    /// How much game is left (the stones of a pile game): the computer without search wins with
    /// the move that leaves the least.
    fn material(&self, position: &Self::Position) -> u128 {
        position.stones()
    }
    /// A move that keeps the game long, for a lost position too large to search (one stone from
    /// the largest pile in a pile game); `None` when there is no move.
    fn slow_move(&self, position: &Self::Position) -> Option<Self::Move>;
}

/// How people see a ruleset: titles, positions and moves in text and JSON.
pub trait Presentation: Ruleset {
    /// The name for people (`misère Nim`).
    fn title(&self, lang: Lang) -> String;
    /// The position for people, on one line: its numbers unless the ruleset shows it otherwise.
    fn show(&self, position: &Self::Position, _lang: Lang) -> String {
        position.text()
    }
    /// The position after `change` (legal from `position`) for people: [`Presentation::show`] of
    /// [`Ruleset::apply`], unless the ruleset shows it its own way.
    fn show_after(&self, position: &Self::Position, change: &Self::Move, lang: Lang) -> String {
        self.show(&self.apply(position, change), lang)
    }

    /// Reads a move in the ruleset's notation and checks that it is legal.
    ///
    /// # Errors
    /// [`MoveError`] saying in one line what is wrong.
    fn parse_move(&self, position: &Self::Position, text: &str) -> Result<Self::Move, MoveError>;
    /// The move in the ruleset's notation (what [`Presentation::parse_move`] reads back).
    fn write_move(&self, change: &Self::Move) -> String;

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
    /// gives it: [`Presentation::write_position`] of [`Ruleset::apply`], unless the ruleset
    /// writes it its own way.
    ///
    /// # Errors
    /// Those of `serializer`.
    fn write_after<S: serde::Serializer>(
        &self,
        position: &Self::Position,
        change: &Self::Move,
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        self.write_position(&self.apply(position, change), serializer)
    }

    /// Lines the text of an analysis adds after its winning moves (none unless the ruleset has
    /// some): `grundy RULESET` prints them, and the Python package's `explain`.
    fn notes(
        &self,
        _position: &Self::Position,
        _analysis: &AnalysisOf<Self>,
        _lang: Lang,
    ) -> Vec<String> {
        Vec::new()
    }

    /// What the parameters ask for instead of the analysis of a position (a subtraction game's
    /// first values with `sequence N`); none unless the ruleset has such a parameter.
    ///
    /// # Errors
    /// [`SetupError::BadParam`] when it cannot be made (values not known that far).
    fn listing(&self, _lang: Lang) -> Result<Option<Listing>, SetupError> {
        Ok(None)
    }

    /// The ruleset's own fields of the JSON of an analysis, after the contract's (a subtraction
    /// game's `set` and `period`): none unless the ruleset has some. `grundy RULESET --json`,
    /// the web API and the Python package's `to_dict` all take them from here.
    #[cfg(feature = "serde")]
    fn json_fields(
        &self,
        _position: &Self::Position,
        _analysis: &AnalysisOf<Self>,
    ) -> Vec<(&'static str, serde_json::Value)> {
        Vec::new()
    }
}

/// A listing that a parameter asks for instead of the analysis of a position
/// ([`Presentation::listing`]).
#[derive(Clone, Debug, PartialEq)]
pub struct Listing {
    /// Its text, in the language asked for.
    pub text: String,
    /// Its JSON object, one of the shapes of [`crate::json`].
    #[cfg(feature = "serde")]
    pub json: serde_json::Value,
}

/// A ruleset people can analyse and play: its rules and their presentation.
pub trait Playable: Presentation {}

impl<T: Presentation> Playable for T {}

/// A ruleset the registry builds from what a front end asks for.
pub trait FromSetup: Sized {
    /// The game `setup` asks for, its parameters checked: in the convention asked for when its
    /// analysis decides it ([`About::conventions`]), otherwise under normal play, which the
    /// registry then plays as asked through [`Misere`].
    ///
    /// # Errors
    /// [`SetupError`] for parameters it does not take or cannot read.
    fn from_setup(setup: &Setup) -> Result<Self, SetupError>;

    /// The parameters and numbers that a position typed as words other than numbers stands for
    /// (a sum's components `nim:3 lasker:7,2`), with `setup`'s other parameters kept; `None`
    /// when the ruleset's positions are typed as numbers only, or these words are numbers.
    ///
    /// # Errors
    /// [`SetupError`] naming the bad word.
    fn read_words(
        _setup: &Setup,
        _words: &[String],
    ) -> Result<Option<(Setup, Vec<u64>)>, SetupError> {
        Ok(None)
    }

    /// The parameters and numbers of a position given as the text of a file (the command
    /// line's `@FILE`, or `-` for standard input), for a ruleset whose positions have a text
    /// format of their own (Hackenbush's edge lines); `None` when the text lists the position's
    /// numbers.
    ///
    /// # Errors
    /// [`SetupError`] naming the bad token and its line.
    fn read_text(_setup: &Setup, _text: &[u8]) -> Result<Option<(Setup, Vec<u64>)>, SetupError> {
        Ok(None)
    }
}

/// A ruleset that takes no parameters and is the same game under every convention it is asked
/// for (its analysis decides normal play; the registry plays misère through [`Misere`]): the
/// registry builds it as [`Default`] gives it, after refusing any parameter.
pub trait NoParameters: Default {}

impl<T: NoParameters> FromSetup for T {
    /// The game, after [`Setup::no_params`].
    ///
    /// # Errors
    /// [`SetupError`] for any parameter.
    fn from_setup(setup: &Setup) -> Result<Self, SetupError> {
        setup.no_params()?;
        Ok(T::default())
    }
}
