//! One module per subcommand.

pub mod explore;
pub mod generate;
pub mod graph;
pub mod judge;
pub mod nimber;
pub mod play;
pub mod quotient;
pub mod ruleset;
pub mod script;
pub mod serve;
pub mod stones;
pub mod stress;
pub mod values;
