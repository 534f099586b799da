//! The rulesets whose position is a list of piles, each a game of its own, and whose every move
//! takes stones from one pile (Nim, subtraction games, take at most half): a [`TakeRule`] says
//! how many stones a pile may lose, and [`takes_from_one_pile!`] writes the moves, the end, the
//! sum of piles and the notation `PILE COUNT` from it.

use super::{MoveError, Notation, take_from, two_numbers};
use crate::PileMove;

/// How many stones a move may take from one pile.
pub(crate) trait TakeRule {
    /// The counts a pile of `from` may lose, smallest first.
    fn takes(&self, from: u64) -> impl Iterator<Item = u64>;

    /// Why `count` stones, at least one and at most `from`, may not leave a pile of `from`;
    /// `None` when they may.
    fn refusal(&self, from: u64, count: u64) -> Option<MoveError>;
}

/// Every move of `piles` under `rule`: pile by pile, the fewest stones first.
pub(crate) fn take_moves(rule: &impl TakeRule, piles: &[u64], out: &mut Vec<PileMove>) {
    for (pile, &from) in piles.iter().enumerate() {
        each_take(rule, pile, from, &mut |change| out.push(change));
    }
}

/// Calls `visit` with every move of pile `pile`, of `from` stones, under `rule`: the fewest
/// stones first.
pub(crate) fn each_take(
    rule: &impl TakeRule,
    pile: usize,
    from: u64,
    visit: &mut dyn FnMut(PileMove),
) {
    for count in rule.takes(from) {
        visit(PileMove::Take {
            pile,
            from,
            to: from - count,
        });
    }
}

/// Whether no pile can lose a stone under `rule`.
pub(crate) fn no_take(rule: &impl TakeRule, piles: &[u64]) -> bool {
    piles.iter().all(|&from| rule.takes(from).next().is_none())
}

/// The move `PILE COUNT` of `text` (piles numbered from 1), which `rule` must allow.
///
/// # Errors
/// [`MoveError::Malformed`] for another form, [`MoveError::GameOver`] when no pile can move, as
/// [`take_from`] for a pile or count out of range, and the rule's [`TakeRule::refusal`].
pub(crate) fn read_take(
    rule: &impl TakeRule,
    piles: &[u64],
    text: &str,
    notation: Notation,
) -> Result<PileMove, MoveError> {
    let (pile, count) = two_numbers(text, notation)?;
    if no_take(rule, piles) {
        return Err(MoveError::GameOver);
    }
    let change = take_from(piles, pile, count)?;
    match change {
        PileMove::Take { from, .. } => rule.refusal(from, count).map_or(Ok(change), Err),
        _ => unreachable!("take_from gives takes"),
    }
}

/// A take written `PILE COUNT`, piles numbered from 1.
///
/// # Panics
/// For a change that is not a take.
pub(crate) fn write_take(change: &PileMove) -> String {
    match *change {
        PileMove::Take { pile, from, to } => format!("{} {}", pile + 1, from - to),
        ref other => unreachable!("moves that take from one pile are takes, not {other:?}"),
    }
}

/// The methods of `Ruleset` (with `Ruleset` as argument) or `Presentation` (with `Presentation`)
/// that a ruleset of piles taken from one at a time writes the same way from its rules'
/// [`TakeRule`]: each pile is a summand, the moves, the end, applying a take; reading and writing
/// a move `PILE COUNT`. With `Ruleset, any piles`, also the position: any piles, one at least.
macro_rules! takes_from_one_pile {
    (Ruleset, any piles) => {
        fn position(&self, numbers: Vec<u64>) -> Result<Vec<u64>, $crate::ruleset::SetupError> {
            $crate::ruleset::some_piles(numbers)
        }
        $crate::ruleset::takes_from_one_pile!(Ruleset);
    };
    (Ruleset) => {
        /// Each pile is a game of its own.
        fn summands(&self, piles: &Vec<u64>) -> Option<Vec<Vec<u64>>> {
            $crate::ruleset::each_pile(piles)
        }
        /// Pile by pile, the fewest stones first.
        fn legal_moves(&self, piles: &Vec<u64>, out: &mut Vec<$crate::PileMove>) {
            $crate::ruleset::take_moves(self.rules(), piles, out)
        }
        fn is_over(&self, piles: &Vec<u64>) -> bool {
            $crate::ruleset::no_take(self.rules(), piles)
        }
        fn apply(&self, piles: &Vec<u64>, change: &$crate::PileMove) -> Vec<u64> {
            $crate::games::nim::apply(piles, change)
        }
    };
    (Presentation) => {
        /// # Errors
        /// As [`crate::ruleset::read_take`].
        fn parse_move(
            &self,
            piles: &Vec<u64>,
            text: &str,
        ) -> Result<$crate::PileMove, $crate::ruleset::MoveError> {
            $crate::ruleset::read_take(
                self.rules(),
                piles,
                text,
                <Self as $crate::ruleset::Ruleset>::ABOUT.notation,
            )
        }
        fn write_move(&self, change: &$crate::PileMove) -> String {
            $crate::ruleset::write_take(change)
        }
    };
}

pub(crate) use takes_from_one_pile;
