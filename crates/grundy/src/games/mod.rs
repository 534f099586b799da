//! One module per ruleset family: its rules, its theorem, its winning moves and its explanation.

pub mod coins;
pub mod cutting;
pub mod endnim;
pub mod euclid;
pub mod fibonacci;
pub mod grid;
pub mod hackenbush;
pub mod half;
pub mod heaps;
pub mod king;
pub mod lasker;
pub mod mixed;
pub mod moore;
pub mod nim;
pub mod nonincreasing;
pub mod octal;
pub mod pair_split;
pub mod staircase;
pub mod stones;
pub mod subtraction;
pub mod turning;
pub mod wythoff;
