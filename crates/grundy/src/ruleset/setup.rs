//! What a front end asks for ([`Setup`]) and what a front
//! end sends back to go on ([`Resume`]).

use std::collections::BTreeMap;

use serde::Serialize;

use super::{ParamDoc, SetupError};
use crate::Convention;
use crate::parse::{Token, parse_u64};

/// A game as asked for by a front end: ruleset, convention (or Every-SG play) and parameters.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Setup {
    /// The ruleset's command name (`nim`).
    pub game: String,
    /// Misère play: the player who makes the last move loses.
    pub misere: bool,
    /// Every-SG play: a move in every pile that can move ([`super::Every`]).
    pub every: bool,
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

    /// The text of parameter `param`: as given, else its default.
    pub fn text_of(&self, param: &ParamDoc) -> Option<&str> {
        self.params
            .get(param.name)
            .map(String::as_str)
            .or(param.default)
    }

    /// Parameter `param` as a natural number of at least `min` (its default when left out).
    ///
    /// # Errors
    /// [`SetupError::BadParam`] naming the parameter and the bad text.
    pub fn number_of(&self, param: &ParamDoc, min: u64) -> Result<u64, SetupError> {
        let text = self.text_of(param).unwrap_or_default();
        let bad = |problem: String| SetupError::BadParam {
            name: Token::new(param.name),
            problem,
        };
        match parse_u64(text.trim()) {
            Ok(n) if n >= min => Ok(n),
            Ok(n) => Err(bad(format!("'{n}' is less than {min}"))),
            Err(problem) => Err(bad(format!("{} is {problem}", Token::new(text)))),
        }
    }

    /// Parameter `param` as a number of at least 1 (its default when left out; `None` without
    /// one); `zero` says why 0 is refused (`a move takes at least one stone, so k is at least 1`).
    ///
    /// # Errors
    /// [`SetupError::BadParam`] naming the parameter and the bad text.
    pub fn positive_of(&self, param: &ParamDoc, zero: &str) -> Result<Option<u64>, SetupError> {
        let Some(text) = self.text_of(param) else {
            return Ok(None);
        };
        let bad = |problem: String| SetupError::BadParam {
            name: Token::new(param.name),
            problem,
        };
        match parse_u64(text.trim()) {
            Ok(0) => Err(bad(format!("'0': {zero}"))),
            Ok(n) => Ok(Some(n)),
            Err(problem) => Err(bad(format!("{} is {problem}", Token::new(text)))),
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

/// What a front end sends back to go on from a position: the numbers [`super::Ruleset::position`]
/// reads and the parameters of [`Setup::params`] (for Nim with a shrinking cap, the cap).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Resume {
    /// The position's numbers.
    pub position: Vec<u64>,
    /// The parameters, by name.
    #[serde(flatten)]
    pub params: BTreeMap<String, String>,
}
