//! One module per subcommand.

pub mod explore;
pub mod graph;
pub mod nim;
pub mod script;
