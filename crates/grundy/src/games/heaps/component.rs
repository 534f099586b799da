//! One heap ruleset as a component of a sum ([`HeapComponent`]): what `grundy sum` and `grundy
//! play sum` need of it. The components are the registry's rulesets whose
//! [`crate::ruleset::Ruleset::heap_component`] gives one; each ruleset implements it in its own
//! module, below the sum ([`crate::games::mixed`]), which finds them through the registry.

use std::fmt::Debug;

use crate::games::heaps::{HeapStep, ValueReason};
use crate::{MoveList, Nimber, PileMove};

/// Why a heap of a component has no value (too large for its value, or past its table), in
/// its ruleset's words.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct Unvalued(pub String);

/// The rules of one heap, with the value of every heap known (in closed form, or from a table
/// computed as far as the heaps of the sum): a component of a sum of rulesets.
///
/// Sprague–Grundy: the sum is worth the XOR of its heaps' values, and a winning move takes a heap
/// of value g to value g ⊕ X ([`crate::games::heaps`]); a component says what a heap is worth,
/// why, which of its moves reach a given value, and every move it has.
pub trait HeapComponent: Debug + Send + Sync {
    /// Its name in the sum notation: `nim`, `lasker`, `half`, `sub{1,2,4}` (the set in the
    /// `--set` notation), a take-and-break game's name or code (`kayles`, `0.137`).
    fn name(&self) -> String;

    /// What two components with the same rules share, however they were written (`0.77` for
    /// `kayles`): a sum keeps one component, and one table, for them. Its name unless written in
    /// several ways.
    fn rules_key(&self) -> String {
        self.name()
    }

    /// Whether its values come from a table computed for the sum (a subtraction set's, a
    /// take-and-break code's): a sum bounds how many of these it holds.
    fn has_table(&self) -> bool {
        false
    }

    /// Makes every heap of `piles` valued: computes the table as far as they need (at most
    /// `limit` values of a subtraction set) the first time, or extends it.
    ///
    /// # Errors
    /// The first heap that has no value (too large for its value, or past the table).
    fn prepare(&mut self, _piles: &[u64], _limit: usize) -> Result<(), Unvalued> {
        Ok(())
    }

    /// The explanation's first step for its heaps: the theorem of their values.
    fn intro(&self) -> HeapStep;

    /// The value of a heap of `n`, which [`HeapComponent::prepare`] has accepted.
    fn value(&self, n: u64) -> Nimber;

    /// Why a heap of `n` has its value, for explanations.
    fn reason(&self, n: u64) -> ValueReason;

    /// Pushes every move of heap `pile` (`n` stones, numbered across the sum) that leaves it, or
    /// the heaps it becomes, with value `target` (never its own value), in the ruleset's order,
    /// counting those that do not fit in `moves`.
    fn moves_to(&self, pile: usize, n: u64, target: Nimber, moves: &mut MoveList<PileMove>);

    /// Calls `visit` with every move of heap `pile` (`n` stones, numbered across the sum):
    /// [`PileMove::Take`], a Lasker [`PileMove::Split`] or a take-and-break [`PileMove::Break`].
    fn each_move(&self, pile: usize, n: u64, visit: &mut dyn FnMut(PileMove));
}
