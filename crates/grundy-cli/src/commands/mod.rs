//! One module per subcommand.

pub mod generate;
pub mod judge;
pub mod nim;
pub mod stress;
