//! What a ruleset says about itself, in one value ([`About`]): its name, help, move notation,
//! parameters, what its positions are made of, the board the page draws, and the positions the
//! registry's generic tests check.

use super::{Notation, ParamDoc, Unit};
use crate::Convention;

/// A ruleset's descriptor, [`super::Ruleset::ABOUT`]. [`About::new`] gives a ruleset of piles
/// under normal play without parameters; a ruleset changes the fields it needs.
#[derive(Clone, Copy, Debug)]
pub struct About {
    /// The command name (`nim`), which the registry checks against its own line.
    pub name: &'static str,
    /// The rules, the theorem and examples, for the command line's help (English: the
    /// explanations carry the Chinese).
    pub help: &'static str,
    /// How a move is written.
    pub notation: Notation,
    /// The parameters the ruleset takes.
    pub parameters: &'static [ParamDoc],
    /// The conventions the ruleset's own analysis decides; the registry plays the others
    /// through [`super::Misere`].
    pub conventions: &'static [Convention],
    /// What each number of a position is (a pile, a step, a cell).
    pub part: Unit,
    /// How a position is typed, for the command line's help, when it is not the numbers of its
    /// parts ([`Unit::position_en`]): a sum's components `GAME:PILES`. A ruleset that has one
    /// reads a position from standard input or a file as that text
    /// ([`super::FromSetup::read_text`]).
    pub typed_position: Option<&'static str>,
    /// The page's board that draws a position, by name: `piles` (side by side), `stairs`,
    /// `grid` (cells in a row), `coins` (on a strip), `hackenbush`, `pieces` (the Cutting
    /// Game), `turning`, each an entry of `BOARDS` in `crates/grundy-web/assets/js/boards.js`.
    pub board: &'static str,
    /// The positions and settings the registry's generic tests check.
    pub test_plan: TestPlan,
}

impl About {
    /// The ruleset `name` of piles, under normal play, without parameters, checked on the
    /// default [`TestPlan`].
    pub const fn new(name: &'static str, help: &'static str, notation: Notation) -> About {
        About {
            name,
            help,
            notation,
            parameters: &[],
            conventions: &[Convention::Normal],
            part: Unit::PILE,
            typed_position: None,
            board: "piles",
            test_plan: TestPlan::DEFAULT,
        }
    }
}

/// The positions the registry's generic tests check: every position of the lists of numbers
/// given, under each convention, compared with the engine's search; and the settings of the
/// parameters checked beside the defaults. More numbers where the closed form has more to get
/// wrong and the search stays quick (misère play searches whole positions, whose breaks
/// multiply them).
#[derive(Clone, Copy, Debug)]
pub struct TestPlan {
    /// The lists checked under normal play.
    pub normal: Lists,
    /// The lists checked under misère play.
    pub misere: Lists,
    /// Settings of the parameters checked beside the defaults, one `(name, value)` each.
    pub settings: &'static [(&'static str, &'static str)],
}

impl TestPlan {
    /// Three numbers up to 6 under normal play, up to 4 under misère play, no settings.
    pub const DEFAULT: TestPlan = TestPlan {
        normal: Lists { len: 3, max: 6 },
        misere: Lists { len: 3, max: 4 },
        settings: &[],
    };
}

/// All lists of at most `len` numbers, each at most `max`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Lists {
    /// The most numbers in a list.
    pub len: usize,
    /// The largest number.
    pub max: u64,
}
