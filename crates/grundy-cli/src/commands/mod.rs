//! One module per subcommand.

pub mod nim;
