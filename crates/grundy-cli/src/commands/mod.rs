//! One module per subcommand.

pub mod graph;
pub mod nim;
pub mod script;
