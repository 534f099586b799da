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

/// Watches a heap map grow, heap by heap, for the first heap where the periodicity theorem's
/// hypothesis holds: for each period p, the first heap n0 from which the map has period p up to
/// the last heap N, and whether 2·n0 + 2p + k − 1 ≤ N for some p. Costs O(N) a heap.
pub(crate) struct Watch {
    /// k, or `None` if the theorem does not apply.
    removed: Option<usize>,
    /// `from[p]`: n0 for period p (entry 0 unused), for every p with 2p + k + 1 ≤ N.
    from: Vec<usize>,
}

impl Watch {
    pub(crate) fn new(rules: &TakeAndBreak) -> Watch {
        Watch {
            removed: applies_to(rules).then(|| rules.max_removed()),
            from: vec![0],
        }
    }

    /// Whether the theorem certifies the quotient whose heap map is `heaps` (heap 0 first),
    /// told every heap map in turn, one heap longer each time.
    pub(crate) fn certifies(&mut self, heaps: &[u32]) -> bool {
        let Some(k) = self.removed else {
            return false;
        };
        let last = heaps.len() - 1;
        for (p, from) in self.from.iter_mut().enumerate().skip(1) {
            if heaps[last] != heaps[last - p] {
                *from = last - p + 1;
            }
        }
        // A period too long to meet the hypothesis before now joins, with its n0 found afresh.
        let p = self.from.len();
        if 2 * p + k < last {
            let mut from = last - p + 1;
            while from > 1 && heaps[from - 1] == heaps[from - 1 + p] {
                from -= 1;
            }
            self.from.push(from);
        }
        self.from
            .iter()
            .enumerate()
            .skip(1)
            .any(|(p, &from)| 2 * from + 2 * p + k - 1 <= last)
    }
}
