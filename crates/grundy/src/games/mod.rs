//! One module per ruleset family: its rules, its theorem, its winning moves and its explanation.

pub mod heaps;
pub mod lasker;
pub mod mixed;
pub mod moore;
pub mod nim;
pub mod subtraction;
pub mod wythoff;
