//! When a quotient is the quotient of the whole game: the periodicity theorem for misère
//! quotients of octal games (Plambeck and Siegel, "Misère quotients for impartial games", JCTA
//! 2008; proved in Siegel's notes "Misère games and misère quotients"), the misère counterpart
//! of Guy and Smith's theorem for nim-sequences.
//!
//! Let the game be octal (digits 0 to 7 after the point, none before it) with moves removing at
//! most k tokens, and Φ the heap map into its quotient for heaps up to N. If Φ(n + p) = Φ(n) for
//! every n with n0 ≤ n < 2·n0 + p + k, then Φ(n + p) = Φ(n) for every n ≥ n0 and the quotient
//! of all sums of heaps of any size is the quotient for heaps up to 2·n0 + p + k. Here every
//! heap n + p compared is within N as well, so the quotient for heaps up to N is that quotient.

use serde::Serialize;

use super::Quotient;
use crate::values::{Constraint, TakeAndBreak};

/// The theorem a [`Certificate`] applies, as the reports name it.
pub const THEOREM: &str =
    "periodicity theorem for misère quotients of octal games (Plambeck–Siegel)";

/// The hypothesis of the periodicity theorem, checked on a quotient: its heap map has period
/// `period` from heap `preperiod` on every heap from `preperiod` to `checked_to`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Certificate {
    /// n0: the first heap of the periodic part.
    pub preperiod: usize,
    /// p.
    pub period: usize,
    /// The largest heap compared: 2·n0 + 2·p + k − 1.
    pub checked_to: usize,
}

/// Whether the periodicity theorem covers `rules`: an octal game (no move without taking, at
/// most two heaps left, no modifier), which has finitely many digits.
pub fn applies_to(rules: &TakeAndBreak) -> bool {
    rules.digit(0).heaps == 0
        && rules
            .digits()
            .iter()
            .all(|d| d.max_heaps() <= 2 && d.constraint == Constraint::Any)
}

impl Quotient {
    /// The certificate that this is the quotient of the whole game, if the periodicity theorem
    /// applies to its rules and its heap map meets the theorem's hypothesis within its heaps:
    /// the least period that does, from the least heap.
    pub fn certificate(&self) -> Option<Certificate> {
        if !applies_to(self.rules()) {
            return None;
        }
        let k = self.rules().max_removed();
        let largest = self.max_heap();
        (1..=largest).find_map(|period| {
            (1..)
                .map(|preperiod| Certificate {
                    preperiod,
                    period,
                    checked_to: 2 * preperiod + 2 * period + k - 1,
                })
                .take_while(|c| c.checked_to <= largest)
                .find(|c| {
                    (c.preperiod..2 * c.preperiod + period + k)
                        .all(|n| self.heap(n + period) == self.heap(n))
                })
        })
    }
}
