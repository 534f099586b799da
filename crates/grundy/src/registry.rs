//! The registry: the one list of rulesets. The command line's analysis and play subcommands, the
//! web API and the page's game list, the Python package and the generic tests are all derived
//! from it; none of them names a ruleset.
//!
//! A ruleset is a module of [`crate::games`] whose type implements [`Playable`] (its name is
//! [`Ruleset::NAME`]) and [`FromSetup`]; adding one is one line in the list below.

use crate::parse::Token;
use crate::ruleset::{FromSetup, Playable, Ruleset, Setup, SetupError};

/// Something to do with a ruleset whatever its type (a play loop, an API handler).
pub trait Visitor {
    /// What the visit returns.
    type Output;
    /// Does the work with the ruleset `game`.
    fn visit<G: Playable>(self, game: G) -> Self::Output;
}

/// Declares [`RULESETS`], [`with_ruleset`] and [`read_words`] from the list of ruleset types.
macro_rules! registry {
    ($($ruleset:ty),* $(,)?) => {
        /// The rulesets' names, in the order front ends list them.
        pub const RULESETS: &[&str] = &[$(<$ruleset as Ruleset>::NAME),*];

        /// Builds the ruleset `setup` names and hands it to `visitor`.
        ///
        /// # Errors
        /// [`SetupError`] for an unknown name or bad parameters.
        pub fn with_ruleset<V: Visitor>(
            setup: &Setup,
            visitor: V,
        ) -> Result<V::Output, SetupError> {
            $(
                if setup.game == <$ruleset as Ruleset>::NAME {
                    return Ok(visitor.visit(<$ruleset as FromSetup>::from_setup(setup)?));
                }
            )*
            Err(SetupError::UnknownGame {
                name: Token::new(&setup.game),
                known: RULESETS,
            })
        }

        /// The parameters and numbers a position typed as words stands for, by the ruleset
        /// `setup` names ([`FromSetup::read_words`]); `None` when the words are to be read as
        /// numbers.
        ///
        /// # Errors
        /// [`SetupError`] for an unknown name or a bad word.
        pub fn read_words(
            setup: &Setup,
            words: &[String],
        ) -> Result<Option<(Setup, Vec<u64>)>, SetupError> {
            $(
                if setup.game == <$ruleset as Ruleset>::NAME {
                    return <$ruleset as FromSetup>::read_words(setup, words);
                }
            )*
            Err(SetupError::UnknownGame {
                name: Token::new(&setup.game),
                known: RULESETS,
            })
        }
    };
}

registry![
    crate::games::nim::NimPlay,
    crate::games::staircase::StaircasePlay,
    crate::games::staircase::GridPlay,
    crate::games::coins::CoinsPlay,
    crate::games::nonincreasing::CapPlay,
    crate::games::subtraction::SubtractionPlay,
    crate::games::wythoff::WythoffPlay,
    crate::games::euclid::EuclidPlay,
    crate::games::king::KingPlay,
    crate::games::lasker::LaskerPlay,
    crate::games::moore::MoorePlay,
    crate::games::octal::OctalPlay,
    crate::games::mixed::SumPlay,
    crate::games::turning::TurningPlay,
];

#[cfg(test)]
mod tests;
