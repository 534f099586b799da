//! The move of a script game: to one of the position's options.

use grundy::{Lang, Move};
use serde::Serialize;

/// A move to option `option` (from 0, in the script's order) of a position; `to` is that option
/// as the script writes states.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(tag = "kind", rename = "reach")]
pub struct Reach {
    /// The option's index among the position's options.
    pub option: usize,
    /// The position it leads to, as written.
    pub to: String,
}

impl Move for Reach {
    fn describe(&self, lang: Lang) -> String {
        match lang {
            Lang::En => format!("move to {}", self.to),
            Lang::Zh => format!("走到 {}", self.to),
        }
    }
}
