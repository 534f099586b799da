//! The registry of playable rulesets: what a front end asks for ([`Setup`]), the parameters a
//! ruleset takes ([`ParamDoc`]), and [`with_ruleset`], which builds the ruleset by name.

use std::collections::BTreeMap;

use serde::Serialize;

use super::{Playable, SetupError};
use crate::Convention;
use crate::games::coins::CoinsPlay;
use crate::games::lasker::LaskerPlay;
use crate::games::mixed::SumPlay;
use crate::games::moore::MoorePlay;
use crate::games::nim::NimPlay;
use crate::games::nonincreasing::CapPlay;
use crate::games::octal::OctalPlay;
use crate::games::staircase::{GridPlay, StaircasePlay};
use crate::games::subtraction::SubtractionPlay;
use crate::games::wythoff::WythoffPlay;
use crate::parse::Token;

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
    pub fn convention(&self) -> Convention {
        if self.misere {
            Convention::Misere
        } else {
            Convention::Normal
        }
    }

    /// Refuses parameters that a ruleset without parameters was given.
    ///
    /// # Errors
    /// [`SetupError::BadParam`] naming the first parameter.
    pub fn no_params(&self) -> Result<(), SetupError> {
        self.only_params(&[])
    }

    /// Refuses parameters other than `known`.
    ///
    /// # Errors
    /// [`SetupError::BadParam`] naming the first unknown parameter.
    pub fn only_params(&self, known: &[ParamDoc]) -> Result<(), SetupError> {
        match self
            .params
            .keys()
            .find(|name| !known.iter().any(|k| k.name == name.as_str()))
        {
            Some(name) if known.is_empty() => Err(SetupError::BadParam {
                name: Token::new(name),
                problem: format!("{} takes no parameters", self.game),
            }),
            Some(name) => Err(SetupError::BadParam {
                name: Token::new(name),
                problem: format!(
                    "{} takes only {}",
                    self.game,
                    known.iter().map(|k| k.name).collect::<Vec<_>>().join(", ")
                ),
            }),
            None => Ok(()),
        }
    }

    /// Refuses misère play for a ruleset played under normal play only.
    ///
    /// # Errors
    /// [`SetupError::NormalPlayOnly`].
    pub fn normal_play_only(&self) -> Result<(), SetupError> {
        if self.misere {
            return Err(SetupError::NormalPlayOnly {
                game: self.game.clone(),
            });
        }
        Ok(())
    }
}

/// A parameter of a ruleset: the command line's flag (`--k 3`) or argument, the API's field
/// (`"k": 3`) and the page's input all take this name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct ParamDoc {
    /// Its name (`k`).
    pub name: &'static str,
    /// Its value in help text (`K`).
    pub value_name: &'static str,
    /// What it is, in English.
    pub en: &'static str,
    /// What it is, in Chinese.
    pub zh: &'static str,
    /// The value a left-out parameter takes, as text; `None` when leaving it out means something
    /// of its own (no cap).
    pub default: Option<&'static str>,
    /// Written before the position on the command line (`grundy octal 0.77 5 7`) rather than as
    /// a flag; required there.
    pub positional: bool,
}

/// How the page draws a ruleset's position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Board {
    /// Piles of stones side by side (Nim and every take-away game).
    Piles,
    /// A staircase, step 1 lowest.
    Stairs,
    /// Cells in a row, stones moving right.
    Grid,
    /// Coins on a strip, sliding left.
    Coins,
}

/// What a front end sends back to go on from a position: the numbers [`Playable::position`]
/// reads and the parameters of [`Setup::params`] (for Nim with a shrinking cap, the cap).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Resume {
    /// The position's numbers.
    pub position: Vec<u64>,
    /// The parameters, by name.
    #[serde(flatten)]
    pub params: BTreeMap<String, String>,
}

impl Resume {
    /// A position that is its numbers alone, with no parameters.
    pub(crate) fn numbers(numbers: &[u64]) -> Resume {
        Resume {
            position: numbers.to_vec(),
            params: BTreeMap::new(),
        }
    }
}

/// The names [`with_ruleset`] knows, in the order front ends list them.
pub const RULESETS: &[&str] = &[
    "nim",
    "staircase",
    "grid",
    "coins",
    "nonincreasing",
    "subtraction",
    "wythoff",
    "lasker",
    "moore",
    "octal",
    "sum",
];

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
            Ok(visitor.visit(NimPlay::new(setup.convention())))
        }
        "staircase" => Ok(visitor.visit(StaircasePlay::new(setup)?)),
        "grid" => Ok(visitor.visit(GridPlay::new(setup)?)),
        "coins" => Ok(visitor.visit(CoinsPlay::new(setup)?)),
        "nonincreasing" => Ok(visitor.visit(CapPlay::new(setup)?)),
        "subtraction" => Ok(visitor.visit(SubtractionPlay::new(setup)?)),
        "wythoff" => Ok(visitor.visit(WythoffPlay::new(setup)?)),
        "lasker" => Ok(visitor.visit(LaskerPlay::new(setup)?)),
        "moore" => Ok(visitor.visit(MoorePlay::new(setup)?)),
        "octal" => Ok(visitor.visit(OctalPlay::new(setup)?)),
        "sum" => Ok(visitor.visit(SumPlay::new(setup)?)),
        name => Err(SetupError::UnknownGame {
            name: Token::new(name),
        }),
    }
}

#[cfg(test)]
mod tests;
