//! One module per subcommand.

pub mod nim;
pub mod play;
pub mod serve;
