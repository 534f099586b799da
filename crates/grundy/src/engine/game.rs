//! The `Game` trait, the engine's view of a ruleset: its options; everything else is provided by
//! the engine.

use std::hash::Hash;

use super::{EngineError, Memo};
use crate::Nimber;

/// The components of a position of heaps (or piles) that are played independently: one heap
/// each. What [`Game::components`] gives for Nim and its relatives.
pub fn one_heap_each(heaps: &[u64], parts: &mut Vec<Vec<u64>>) -> bool {
    parts.extend(heaps.iter().map(|&h| vec![h]));
    true
}

/// Who wins a position with perfect play: its outcome class.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub enum Outcome {
    /// The player to move loses (a "previous player" win, 必败态).
    P,
    /// The player to move wins (a "next player" win, 必胜态).
    N,
    /// Neither can force a win: play goes on for ever (loopy games only).
    D,
    /// Left wins whoever starts (partizan games only).
    L,
    /// Right wins whoever starts (partizan games only).
    R,
}

/// One of the two players of a partizan game, whose moves differ.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Player {
    /// Left (conventionally Blue, vertical dominoes).
    Left,
    /// Right (conventionally Red, horizontal dominoes).
    Right,
}

impl Outcome {
    /// The outcome of a position whose Grundy value is `g` under normal play.
    pub fn from_grundy(g: Nimber) -> Outcome {
        if g.is_zero() { Outcome::P } else { Outcome::N }
    }

    /// Whether the player to move wins: `mover` is who moves in a partizan game, `None` in an
    /// impartial one (whose outcomes are N, P and D).
    pub fn mover_wins(self, mover: Option<Player>) -> bool {
        match self {
            Outcome::N => true,
            Outcome::P | Outcome::D => false,
            Outcome::L => mover == Some(Player::Left),
            Outcome::R => mover == Some(Player::Right),
        }
    }
}

/// The winning convention.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Convention {
    /// Normal play: the player who cannot move loses.
    #[default]
    Normal,
    /// Misère play: the player who makes the last move loses.
    Misere,
}

/// An impartial game: both players have the same options from every position.
///
/// Only [`Game::options`] is required. Values, outcomes and winning moves are provided through
/// the memoized [`crate::engine`]; the provided methods use a fresh table bounded by
/// [`Memo::DEFAULT_LIMIT`] positions; use a [`Memo`] directly to reuse or bound it otherwise.
///
/// # Examples
/// ```
/// use grundy::{Game, Nimber};
/// /// Take 1 or 2 from a single heap.
/// struct TakeOneOrTwo;
/// impl Game for TakeOneOrTwo {
///     type Position = u64;
///     fn options(&self, n: &u64, out: &mut Vec<u64>) {
///         out.extend([1, 2].iter().filter(|&&k| k <= *n).map(|k| n - k));
///     }
/// }
/// assert_eq!(TakeOneOrTwo.grundy(&7).unwrap(), Nimber(1));
/// ```
pub trait Game {
    /// A position of this ruleset.
    type Position: Clone + Eq + Hash;

    /// Pushes every option (position reachable in one move) of `position` onto `out`.
    ///
    /// `out` is a buffer the engine reuses; implementations only push.
    fn options(&self, position: &Self::Position, out: &mut Vec<Self::Position>);

    /// If `position` is a sum, pushes its independent components (whose values combine by XOR)
    /// onto `parts` and returns true. A position that is its own only component is not a sum
    /// (the engine checks: returning it alone is the same as returning false).
    ///
    /// `parts` is a buffer the engine reuses, as for [`Game::options`]. A splitting table
    /// ([`Memo::with_components`]) asks it of the position analysed and of every option it meets
    /// that is not already in its table, and stores the parts, never the sum; the parts are not
    /// split again. Only Grundy values use this; misère outcomes and remoteness always search the
    /// whole position, since they do not combine by XOR.
    fn components(&self, _position: &Self::Position, _parts: &mut Vec<Self::Position>) -> bool {
        false
    }

    /// As [`Game::components`], into a buffer that may still hold the parts of an earlier call:
    /// an implementation may overwrite those in place, so that a part that owns memory (a list)
    /// is not built anew for each option, and leaves exactly the parts of `position` when it
    /// returns true (anything when it returns false). The engine asks this one; by default it
    /// clears the buffer and asks [`Game::components`].
    fn components_reusing(
        &self,
        position: &Self::Position,
        parts: &mut Vec<Self::Position>,
    ) -> bool {
        parts.clear();
        self.components(position, parts)
    }

    /// Hands the options of `position` to `visit` one at a time, in the order of
    /// [`Game::options`]. `visit` gives back each option it is done with (one the table
    /// answered, a sum it split), so that an implementation may reuse its memory for the next
    /// option, and keeps the others. `buffer` is empty, and the engine reuses it. The engine
    /// lists options this way while its hash table is empty (every position it holds has a
    /// [`Game::dense_index`]), and with [`Game::options`] otherwise. By default the options
    /// are [`Game::options`] into `buffer`, and what comes back is dropped.
    fn visit_options(
        &self,
        position: &Self::Position,
        buffer: &mut Vec<Self::Position>,
        visit: &mut dyn FnMut(Self::Position) -> Option<Self::Position>,
    ) {
        self.options(position, buffer);
        for option in buffer.drain(..) {
            visit(option);
        }
    }

    /// Positions the engine is done with (options listed by [`Game::options`] that it read from
    /// its table, sums it split), handed back so that an implementation may reuse their memory for the
    /// options it lists next. It empties `positions`; by default they are dropped.
    fn recycle(&self, positions: &mut Vec<Self::Position>) {
        positions.clear();
    }

    /// A small number naming `position` alone, if it has one (a heap of n stones: n): the
    /// engine then keeps the position at that index of a vector instead of hashing it. Two
    /// positions must never have the same index, and a position always the same. By default
    /// none.
    fn dense_index(&self, _position: &Self::Position) -> Option<usize> {
        None
    }

    /// The Grundy value of `position` under normal play.
    ///
    /// # Errors
    /// [`EngineError`] if the search exceeds its table bound or meets a cycle.
    fn grundy(&self, position: &Self::Position) -> Result<Nimber, EngineError>
    where
        Self: Sized,
    {
        Memo::with_components().grundy(self, position)
    }

    /// Who wins `position` under the given convention.
    ///
    /// # Errors
    /// [`EngineError`] if the search exceeds its table bound or meets a cycle.
    fn outcome(&self, position: &Self::Position, play: Convention) -> Result<Outcome, EngineError>
    where
        Self: Sized,
    {
        Memo::new().outcome(self, position, play)
    }

    /// Every option of `position` that wins for the player making it, in the order of
    /// [`Game::options`].
    ///
    /// # Errors
    /// [`EngineError`] if the search exceeds its table bound or meets a cycle.
    fn winning_moves(
        &self,
        position: &Self::Position,
        play: Convention,
    ) -> Result<Vec<Self::Position>, EngineError>
    where
        Self: Sized,
    {
        Memo::new().winning_moves(self, position, play)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_mover_wins_n_positions_and_the_partizan_classes_of_their_own_side() {
        let movers = [None, Some(Player::Left), Some(Player::Right)];
        let wins = |outcome: Outcome| movers.map(|m| outcome.mover_wins(m));
        assert_eq!(wins(Outcome::N), [true, true, true]);
        assert_eq!(wins(Outcome::P), [false, false, false]);
        assert_eq!(wins(Outcome::D), [false, false, false]);
        assert_eq!(wins(Outcome::L), [false, true, false]);
        assert_eq!(wins(Outcome::R), [false, false, true]);
        assert_eq!(
            serde_json::to_string(&[Outcome::L, Outcome::R]).unwrap(),
            r#"["L","R"]"#
        );
        assert_eq!(serde_json::to_string(&Player::Left).unwrap(), r#""left""#);
    }
}
