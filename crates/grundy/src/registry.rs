//! The registry: the one list of rulesets. The command line's analysis and play subcommands, the
//! web API and the page's game list, the Python package and the generic tests are all derived
//! from it; none of them names a ruleset.
//!
//! A ruleset is a module of [`crate::games`] whose type implements [`Playable`] (its name is
//! [`Ruleset::NAME`]) and [`FromSetup`]; adding one is one line in the list below. Every ruleset
//! is played under both conventions: one whose analysis decides normal play only is played
//! misère through [`Misere`]. A ruleset whose positions are sums of piles is also played under
//! the Every-SG rule, through [`Every`].

use crate::Convention;
use crate::parse::Token;
use crate::ruleset::{Every, FromSetup, Misere, Playable, Ruleset, Setup, SetupError};

/// Something to do with a ruleset whatever its type (a play loop, an API handler).
pub trait Visitor {
    /// What the visit returns.
    type Output;
    /// Does the work with the ruleset `game`.
    fn visit<G: Playable>(self, game: G) -> Self::Output;
}

/// Hands `game` to `visitor` to be played as `setup` asks: under the Every-SG rule through
/// [`Every`]; as it is when its convention is the one asked for; otherwise through [`Misere`] (a
/// ruleset that decides normal play only, asked for misère play).
///
/// # Errors
/// [`SetupError::EveryMisere`] for Every-SG and misère play together.
fn as_asked<G: Playable, V: Visitor>(
    game: G,
    setup: &Setup,
    visitor: V,
) -> Result<V::Output, SetupError> {
    let play = setup.convention();
    Ok(match (setup.every, play) {
        (true, Convention::Misere) => return Err(SetupError::EveryMisere),
        (true, _) => visitor.visit(Every::new(game)),
        _ if game.convention() == play => visitor.visit(game),
        _ => visitor.visit(Misere::new(game)),
    })
}

/// Declares [`RULESETS`], [`with_ruleset`], [`read_words`] and [`read_text`] from the list of
/// ruleset types.
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
                    let game = <$ruleset as FromSetup>::from_setup(setup)?;
                    return as_asked(game, setup, visitor);
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

        /// The parameters and numbers of a position given as a file's text, by the ruleset
        /// `setup` names ([`FromSetup::read_text`]); `None` when the text lists numbers.
        ///
        /// # Errors
        /// [`SetupError`] for an unknown name or a bad token.
        pub fn read_text(
            setup: &Setup,
            text: &[u8],
        ) -> Result<Option<(Setup, Vec<u64>)>, SetupError> {
            $(
                if setup.game == <$ruleset as Ruleset>::NAME {
                    return <$ruleset as FromSetup>::read_text(setup, text);
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
    crate::games::hackenbush::HackenbushPlay,
    crate::games::cutting::CuttingPlay,
    crate::games::king::KingPlay,
    crate::games::lasker::LaskerPlay,
    crate::games::half::HalfPlay,
    crate::games::moore::MoorePlay,
    crate::games::octal::OctalPlay,
    crate::games::pair_split::PairSplitPlay,
    crate::games::mixed::SumPlay,
    crate::games::turning::TurningPlay,
];

#[cfg(test)]
mod tests;
