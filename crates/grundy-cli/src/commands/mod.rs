//! One module per subcommand.

pub mod nim;
pub mod values;
