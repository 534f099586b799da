//! One module per subcommand.

pub mod coins;
pub mod grid;
pub mod nim;
pub mod nonincreasing;
pub mod staircase;
