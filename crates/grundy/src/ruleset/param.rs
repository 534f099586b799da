//! The parameters a ruleset takes ([`ParamDoc`]), as every front end names them.

use serde::Serialize;

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
    /// What it sets: a rule of the game, or something only the analysis reads.
    pub role: ParamRole,
}

/// What a parameter sets. The page gives inputs to the rules only and shows them as the game's
/// settings; the command line, the API and Python take every role.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum ParamRole {
    /// A rule of the game (Moore's K, a subtraction set, an octal code).
    Rule,
    /// Another way to write a rule (take 1 to M for the set 1..M).
    Alternative,
    /// A bound on the analysis's work (the largest heap of a value table).
    Bound,
    /// A listing asked for instead of an analysis (a subtraction game's first values).
    Listing,
}

impl ParamDoc {
    /// The command line's flag, after its `--`: the name with hyphens for underscores
    /// (`max-heap`).
    pub fn long_name(&self) -> String {
        self.name.replace('_', "-")
    }
}
