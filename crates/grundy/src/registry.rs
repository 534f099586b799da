//! The registry: the one list of rulesets. The command line's analysis and play subcommands, the
//! web API and the page's game list, the Python package and the generic tests are all derived
//! from it; none of them names a ruleset.
//!
//! A ruleset is a module of [`crate::games`] whose type implements [`Playable`] (its name is
//! [`Ruleset::ABOUT`]) and [`FromSetup`]; adding one is one line in the list below. Every ruleset
//! is played under both conventions: one whose analysis decides normal play only is played
//! misère through [`Misere`]. A ruleset whose positions are sums of piles is also played under
//! the Every-SG rule, through [`Every`].

use crate::explore::Exploration;
use crate::games::heaps::HeapComponent;
use crate::games::mixed::Components;
use crate::parse::Token;
use crate::ruleset::{Every, FromSetup, Misere, Playable, Ruleset, Setup, SetupError};
use crate::{Convention, Lang};

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

/// The family's title: the ruleset's, the parameters it does not show (`(rule mock)`), and its
/// positions' numbers with n last (`Nim, position [5, n]`).
fn family_title<G: Playable>(game: &G, fixed: &[u64], lang: Lang) -> String {
    let mut title = game.title(lang);
    let unshown: Vec<String> = game
        .settings()
        .into_iter()
        .filter(|(_, value)| !title.contains(value.as_str()))
        .map(|(name, value)| format!("{name} {value}"))
        .collect();
    if !unshown.is_empty() {
        title = format!("{title} ({})", unshown.join(", "));
    }
    let numbers: Vec<String> = fixed
        .iter()
        .map(u64::to_string)
        .chain(["n".to_string()])
        .collect();
    lang.pick(
        format!("{title}, position [{}]", numbers.join(", ")),
        format!("{title}，局面 [{}]", numbers.join(", ")),
    )
}

/// The family that `setup` and the numbers `fixed` ask for, n from 0 to `to` − 1, with its title
/// in English and Chinese.
///
/// # Errors
/// [`SetupError`] for an unknown ruleset, bad parameters, or a family without values.
pub fn explore(
    setup: &Setup,
    fixed: &[u64],
    to: u64,
) -> Result<(Exploration, [String; 2]), SetupError> {
    struct Family<'a> {
        fixed: &'a [u64],
        to: u64,
    }
    impl Visitor for Family<'_> {
        type Output = Result<(Exploration, [String; 2]), SetupError>;
        fn visit<G: Playable>(self, game: G) -> Self::Output {
            let exploration = game.family(self.fixed, self.to)?;
            let titles = [Lang::En, Lang::Zh].map(|lang| family_title(&game, self.fixed, lang));
            Ok((exploration, titles))
        }
    }
    with_ruleset(setup, Family { fixed, to })?
}

/// The registry as the source of a sum's components ([`crate::games::mixed::SumPlay`]).
#[derive(Clone, Copy, Debug, Default)]
pub struct Registry;

impl Components for Registry {
    fn names(&self) -> &'static [&'static str] {
        RULESETS
    }

    fn component(&self, setup: &Setup) -> Result<Option<Box<dyn HeapComponent>>, SetupError> {
        /// The heap component of a ruleset, if it has one.
        struct ComponentOf;
        impl Visitor for ComponentOf {
            type Output = Option<Box<dyn HeapComponent>>;
            fn visit<G: Playable>(self, game: G) -> Self::Output {
                game.heap_component()
            }
        }
        with_ruleset(setup, ComponentOf)
    }
}

/// Declares [`RULESETS`], [`with_ruleset`], [`read_words`] and [`read_text`] from the list of
/// ruleset types.
macro_rules! registry {
    ($($ruleset:ty),* $(,)?) => {
        /// The rulesets' names, in the order front ends list them.
        pub const RULESETS: &[&str] = &[$(<$ruleset as Ruleset>::ABOUT.name),*];

        /// Builds the ruleset `setup` names and hands it to `visitor`.
        ///
        /// # Errors
        /// [`SetupError`] for an unknown name or bad parameters.
        pub fn with_ruleset<V: Visitor>(
            setup: &Setup,
            visitor: V,
        ) -> Result<V::Output, SetupError> {
            $(
                if setup.game == <$ruleset as Ruleset>::ABOUT.name {
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
                if setup.game == <$ruleset as Ruleset>::ABOUT.name {
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
                if setup.game == <$ruleset as Ruleset>::ABOUT.name {
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
    crate::games::fibonacci::FibonacciPlay,
    crate::games::endnim::EndNimPlay,
    crate::games::hackenbush::HackenbushPlay,
    crate::games::cutting::CuttingPlay,
    crate::games::king::KingPlay,
    crate::games::lasker::LaskerPlay,
    crate::games::half::HalfPlay,
    crate::games::moore::MoorePlay,
    crate::games::octal::OctalPlay,
    crate::games::pair_split::PairSplitPlay,
    crate::games::mixed::SumPlay<Registry>,
    crate::games::turning::TurningPlay,
];

#[cfg(test)]
mod tests;
