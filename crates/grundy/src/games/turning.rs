//! Coin-turning games (Winning Ways, chapter 14): a row (or a grid) of coins, each heads (H) or
//! tails (T); a move turns over a set of coins that the rule allows, the last of which (the
//! rightmost; in a grid the one furthest down and right) goes from heads to tails. Who cannot move
//! loses.
//!
//! Theorem (Winning Ways): a position is worth the nim-sum of the values of its heads coins, each
//! taken as the only heads coin of the row. Turning a tails coin heads adds its value, turning a
//! heads coin tails removes it, so a move changes the total by the nim-sum of the values of all the
//! coins it turns. The values of the one-dimensional rules are in [`Rule::value`]; a grid played
//! by the product A×B of two rules (a move turns every coin of M_A × M_B for a move M_A of A and
//! M_B of B) has the coin at (x, y) worth G_A(x) ⊗ G_B(y) (the Tartan theorem, ⊗ the nim product),
//! Turning Corners being Twins × Twins: x ⊗ y.
//!
//! Places: a row is numbered from its first place, which is Winning Ways' numbering, the one the
//! theorems use: from 1 for Turning Turtles, Ruler and "at most K" (Moebius, Mogul), from 0 for
//! Twins and Mock Turtles (and in both directions of a grid, from each rule's first place). The
//! written row `THHTH` starts at the first place.

mod board;
mod explain;
mod playable;
mod row;
mod rule;

pub use board::{Board, Product, product_moves};
pub use explain::TurningStep;
pub use playable::{Coins, Heads, TurningPlay};
pub use row::{CoinRow, row_moves};
pub use rule::{MAX_TURN, Rule};

/// A coin position or rule that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum TurningError {
    /// A name that is not a rule.
    #[error(
        "'{0}' is not a rule: turtles, twins, mock, ruler, moebius, mogul or atmost:K (K from 1 to {MAX_TURN})"
    )]
    UnknownRule(String),
    /// A token that is neither a row of H and T nor a place.
    #[error("'{0}' is neither a row of H and T nor a place")]
    BadToken(String),
    /// A place before the rule's first place.
    #[error("'{token}' is before the first place, {first}")]
    BeforeFirst {
        /// The token.
        token: String,
        /// The rule's first place.
        first: u64,
    },
    /// A place past the size limit.
    #[error("'{token}' is past the last place allowed, {last}")]
    PastLimit {
        /// The token.
        token: String,
        /// The last place allowed.
        last: u64,
    },
    /// A grid whose rows differ in length.
    #[error("row '{0}' is not as long as the first row")]
    Ragged(String),
}

#[cfg(test)]
mod tests;
