//! One module per subcommand.

pub mod lasker;
pub mod moore;
pub mod nim;
pub mod subtraction;
pub mod sum;
pub mod wythoff;
