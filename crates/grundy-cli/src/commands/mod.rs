//! One module per subcommand.

pub mod coins;
pub mod explore;
pub mod generate;
pub mod graph;
pub mod grid;
pub mod judge;
pub mod lasker;
pub mod moore;
pub mod nim;
pub mod nonincreasing;
pub mod octal;
pub mod play;
pub mod quotient;
pub mod script;
pub mod serve;
pub mod staircase;
pub mod stones;
pub mod stress;
pub mod subtraction;
pub mod sum;
pub mod values;
pub mod wythoff;
