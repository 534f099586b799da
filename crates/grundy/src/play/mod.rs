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
//! **Adding a ruleset** is two steps: `impl Playable` for it (a module beside [`nim`]), and one
//! line in [`with_ruleset`], which the terminal (`grundy play`) and the web server both use.

use std::collections::BTreeMap;
use std::hash::Hash;

use serde::Serialize;

use crate::engine::{EngineError, Info, Memo};
use crate::{Analysis, AnalyzeOptions, Change, Explain, Game, Lang, Outcome, Play};

pub mod nim;

/// How a ruleset writes a move, for help text and error messages.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Notation {
    /// The form of a move in English, e.g. `PILE COUNT`.
    pub en: &'static str,
    /// The form of a move in Chinese.
    pub zh: &'static str,
    /// What the form means, in English.
    pub meaning_en: &'static str,
    /// What the form means, in Chinese.
    pub meaning_zh: &'static str,
    /// An example move.
    pub example: &'static str,
}

impl Notation {
    /// The form and its meaning in `lang`, on one line.
    pub fn text(&self, lang: Lang) -> String {
        match lang {
            Lang::En => format!(
                "a move is {}: {} (e.g. {})",
                self.en, self.meaning_en, self.example
            ),
            Lang::Zh => format!(
                "走法写作「{}」：{}（例如 {}）",
                self.zh, self.meaning_zh, self.example
            ),
        }
    }
}

/// Why a typed move was refused: one line naming what was wrong.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum MoveError {
    /// The text does not have the ruleset's form.
    #[error("'{input}' is not a move: write {} ({}), e.g. {}", notation.en, notation.meaning_en, notation.example)]
    Malformed {
        /// The text as typed.
        input: String,
        /// The ruleset's notation.
        notation: Notation,
    },
    /// A pile number outside 1..=piles.
    #[error("there is no pile {pile}: the piles are numbered 1 to {piles}")]
    NoSuchPile {
        /// The pile as typed (from 1).
        pile: u64,
        /// How many piles there are.
        piles: usize,
    },
    /// A move that takes nothing.
    #[error("a move must take at least one stone")]
    TakesNothing,
    /// More stones than the pile has.
    #[error("pile {pile} has {has} stone(s); you cannot take {asked}")]
    TooMany {
        /// The pile (from 1).
        pile: usize,
        /// Its stones.
        has: u64,
        /// Stones asked for.
        asked: u64,
    },
    /// The position has no move left.
    #[error("the game is over: there is no move")]
    GameOver,
}

impl Explain for MoveError {
    fn text(&self, lang: Lang) -> String {
        match (lang, self) {
            (Lang::En, _) => self.to_string(),
            (Lang::Zh, MoveError::Malformed { input, notation }) => format!(
                "「{input}」不是走法：请写「{}」（{}），例如 {}",
                notation.zh, notation.meaning_zh, notation.example
            ),
            (Lang::Zh, MoveError::NoSuchPile { pile, piles }) => {
                format!("没有第 {pile} 堆：堆号是 1 到 {piles}")
            }
            (Lang::Zh, MoveError::TakesNothing) => "每步至少要取走一个石子".to_string(),
            (Lang::Zh, MoveError::TooMany { pile, has, asked }) => {
                format!("第 {pile} 堆只有 {has} 个石子，不能取走 {asked} 个")
            }
            (Lang::Zh, MoveError::GameOver) => "游戏已经结束：没有可走的步".to_string(),
        }
    }
}

/// Why a game could not be set up.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SetupError {
    /// No ruleset has this name.
    #[error("unknown game '{name}'; playable games: {}", RULESETS.join(", "))]
    UnknownGame {
        /// The name as given.
        name: String,
    },
    /// The position has no component at all.
    #[error("no {what} given")]
    Empty {
        /// What was expected ("piles").
        what: &'static str,
    },
    /// A parameter the ruleset does not take, or a bad value of one.
    #[error("parameter '{name}': {problem}")]
    BadParam {
        /// The parameter's name.
        name: String,
        /// What is wrong with it.
        problem: String,
    },
}

/// A game as asked for by a front end: ruleset, convention and parameters.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Setup {
    /// The ruleset's command name (`nim`).
    pub game: String,
    /// Misère play: the player who makes the last move loses.
    pub misere: bool,
    /// The ruleset's parameters by name, as text (a subtraction set `1,3,4`, a grid size, ...).
    pub params: BTreeMap<String, String>,
}

impl Setup {
    /// The convention asked for.
    pub fn convention(&self) -> Play {
        if self.misere {
            Play::Misere
        } else {
            Play::Normal
        }
    }

    /// Refuses parameters that a ruleset without parameters was given.
    ///
    /// # Errors
    /// [`SetupError::BadParam`] naming the first parameter.
    pub fn no_params(&self) -> Result<(), SetupError> {
        match self.params.keys().next() {
            Some(name) => Err(SetupError::BadParam {
                name: name.clone(),
                problem: format!("{} takes no parameters", self.game),
            }),
            None => Ok(()),
        }
    }
}

/// The names [`with_ruleset`] knows, in the order front ends list them.
pub const RULESETS: &[&str] = &["nim"];

/// Something to do with a playable ruleset whatever its type (a play loop, an API handler).
pub trait Visitor {
    /// What the visit returns.
    type Output;
    /// Does the work with the ruleset `game`.
    fn visit<G: Playable>(self, game: G) -> Self::Output;
}

/// Builds the ruleset `setup` names and hands it to `visitor`. The one registry of playable
/// rulesets: add a line here (and its name to [`RULESETS`]) for a new one.
///
/// # Errors
/// [`SetupError`] for an unknown name or bad parameters.
pub fn with_ruleset<V: Visitor>(setup: &Setup, visitor: V) -> Result<V::Output, SetupError> {
    match setup.game.as_str() {
        "nim" => {
            setup.no_params()?;
            Ok(visitor.visit(nim::NimPlay::new(setup.convention())))
        }
        // Other rulesets: "staircase" => Ok(visitor.visit(staircase::StaircasePlay::new(setup)?)),
        name => Err(SetupError::UnknownGame {
            name: name.to_string(),
        }),
    }
}

/// A ruleset that people can play against the computer.
///
/// Required: the rules for the engine, positions from numbers, the move notation, legal moves,
/// applying a move and the analysis. Provided: the computer's move.
pub trait Playable {
    /// A position.
    type Position: Clone + Eq + Hash + Serialize;
    /// An explanation step of the analysis.
    type Step: Explain + Serialize;
    /// The rules as a [`Game`], for the engine.
    type Rules: Game<Position = Self::Position>;

    /// The command name (`nim`).
    fn name(&self) -> &'static str;
    /// The name for people (`misère Nim`).
    fn title(&self, lang: Lang) -> String;
    /// The winning convention.
    fn convention(&self) -> Play;
    /// The rules for the engine.
    fn rules(&self) -> &Self::Rules;
    /// How a move is written.
    fn notation(&self) -> Notation;

    /// The position described by `numbers` (as typed on the command line or sent as JSON).
    ///
    /// # Errors
    /// [`SetupError`] when the numbers do not describe a position.
    fn position(&self, numbers: Vec<u64>) -> Result<Self::Position, SetupError>;
    /// How many components (piles, coins, ...) the position has.
    fn components(&self, position: &Self::Position) -> usize;
    /// The position for people, on one line.
    fn show(&self, position: &Self::Position) -> String;

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
        {
            if let Ok(Some(reply)) = search.by_remoteness(self, position) {
                return Some(reply);
            }
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

/// How many winning moves of the closed form the fallback strategy compares.
pub const FALLBACK_CANDIDATES: usize = 64;

/// The computer's move and what it knows about it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Reply {
    /// The move.
    pub change: Change,
    /// How many more moves the game lasts after it with perfect play on both sides, when the
    /// engine searched the position; `None` when the closed form chose the move.
    pub remoteness: Option<u32>,
    /// Whether the move wins (the position was won for the computer).
    pub winning: bool,
}

/// The engine tables behind the computer's moves, kept across the moves of one game.
pub struct Search<P> {
    normal: Memo<P>,
    misere: Memo<Option<P>>,
    /// The most work ([`Playable::search_cost`]) the computer searches; above it, it plays by
    /// the closed form.
    pub budget: u64,
}

impl<P: Clone + Eq + Hash> Search<P> {
    /// The default budget: about a quarter of a second of engine work.
    pub const DEFAULT_BUDGET: u64 = 2_000_000;

    /// Empty tables with the given work budget (which also bounds the tables' size).
    pub fn new(budget: u64) -> Self {
        let limit = usize::try_from(budget).unwrap_or(usize::MAX);
        Search {
            normal: Memo::bounded(limit, false),
            misere: Memo::bounded(limit, false),
            budget,
        }
    }

    /// What the engine knows about `position` under `play`: its outcome and remoteness.
    ///
    /// # Errors
    /// [`EngineError`] when the table is full.
    pub fn outcome_and_remoteness<G: Game<Position = P>>(
        &mut self,
        rules: &G,
        position: &P,
        play: Play,
    ) -> Result<(Outcome, u32), EngineError> {
        match play {
            Play::Normal => {
                let info = self.normal.info(rules, position)?;
                Ok((info.outcome(Play::Normal), info.remoteness))
            }
            Play::Misere => {
                let info: Info = self
                    .misere
                    .info(&MisereRules(rules), &Some(position.clone()))?;
                Ok((info.outcome(Play::Normal), info.remoteness - 1))
            }
        }
    }

    fn by_remoteness<G: Playable<Position = P>>(
        &mut self,
        game: &G,
        position: &P,
    ) -> Result<Option<Reply>, EngineError> {
        let mut moves = Vec::new();
        game.legal_moves(position, &mut moves);
        let mut fastest_win: Option<(u32, Change)> = None;
        let mut slowest_loss: Option<(u32, Change)> = None;
        for change in moves {
            let after = game.apply(position, &change);
            let (outcome, remoteness) =
                self.outcome_and_remoteness(game.rules(), &after, game.convention())?;
            if outcome == Outcome::P {
                if fastest_win.as_ref().is_none_or(|(r, _)| remoteness < *r) {
                    fastest_win = Some((remoteness, change));
                }
            } else if slowest_loss.as_ref().is_none_or(|(r, _)| remoteness > *r) {
                slowest_loss = Some((remoteness, change));
            }
        }
        let winning = fastest_win.is_some();
        Ok(fastest_win
            .or(slowest_loss)
            .map(|(remoteness, change)| Reply {
                change,
                remoteness: Some(remoteness),
                winning,
            }))
    }
}

/// Misère play of `G` as normal play: every end position of `G` gets one move to `None`, so
/// the player who cannot move in `G` wins by making that last move. Remoteness here is the
/// misère remoteness plus one.
pub struct MisereRules<'a, G>(pub &'a G);

impl<G: Game> Game for MisereRules<'_, G> {
    type Position = Option<G::Position>;

    fn options(&self, position: &Self::Position, out: &mut Vec<Self::Position>) {
        let Some(position) = position else { return };
        let mut inner = Vec::new();
        self.0.options(position, &mut inner);
        if inner.is_empty() {
            out.push(None);
        } else {
            out.extend(inner.into_iter().map(Some));
        }
    }
}
