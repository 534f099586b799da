//! One module per ruleset family: its rules, its theorem, its winning moves and its explanation.

pub mod coins;
pub mod grid;
pub mod nim;
pub mod nonincreasing;
pub mod staircase;
pub mod stones;
