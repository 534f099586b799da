//! Periods of value sequences G(0), G(1), …: finding them, and proving them.
//!
//! A sequence is *periodic* from n0 with period p if G(n + p) = G(n) for every n ≥ n0, and
//! *arithmetic-periodic* with saltus s if G(n + p) = G(n) + s. Data alone only shows a period on a
//! finite range; a theorem about the game turns that into a proof by saying how far the range
//! must reach (see [`Certificate`]).

use serde::Serialize;

/// A period found in a finite prefix of a sequence.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Period {
    /// The first index of the periodic part.
    pub preperiod: usize,
    /// The period p.
    pub period: usize,
    /// The saltus s: G(n + p) = G(n) + s. 0 for a plain period.
    pub saltus: u64,
    /// Whether the data reach as far as the game's periodicity theorem asks, so the period holds
    /// for every n (not only on the data).
    pub proved: bool,
}

/// How far the data must reach to prove that a period seen in them holds for ever.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Certificate {
    /// A subtraction game whose largest subtraction is `max`: G(n) depends only on the `max`
    /// values before n, so a window of `max` values repeating p later proves the period.
    /// Needs G(n + p) = G(n) for n0 ≤ n < n0 + max.
    Window {
        /// The largest number of tokens a move removes.
        max: usize,
    },
    /// An all-but subtraction game (every positive number may be taken except those of a finite
    /// set F, the largest of which is `largest_excluded` = f ≥ 1). Needs G(n + p) = G(n) + s for
    /// n0 ≤ n < n0 + 2f + 1.
    ///
    /// Why that window suffices: two positions with the same value differ by an element of F
    /// (otherwise one would be an option of the other), so the values used so far are always
    /// 0, 1, …, M(n) − 1 for some M(n), and G(n) is the least v ≥ M(n − f) that is not among the
    /// values G(n − x), 1 ≤ x ≤ f, x ∉ F. A value first appears as a new maximum, and the value of
    /// position n, if not new, first appeared at n − x for some x ∈ F; so the maximum so far is
    /// always reached within the last f + 1 positions, and G(n) depends only on the 2f + 1 values
    /// before n, in a way that commutes with adding s to all of them. Induction does the rest.
    AllBut {
        /// The largest excluded number f.
        largest_excluded: usize,
    },
    /// The periodicity theorem for take-and-break games whose moves leave at most `heaps` heaps
    /// of any sizes (no `!`, `?`, `=` modifiers), with t = `max`: for heaps ≥ 2, G(n + p) = G(n)
    /// for n0 ≤ n < heaps·n0 + (heaps − 1)·p + t proves the period (heaps = 2 is the octal
    /// theorem: the largest part of a split of n + p is then at least n0 + p); for heaps ≤ 1 the
    /// window n0 ≤ n < n0 + t does. n0 is taken as at least 1, so that shifting a part by p never
    /// leaves an empty heap (a period from 0 is proved from 1, plus G(p) = G(0)).
    TakeAndBreak {
        /// The largest number of heaps a move leaves.
        heaps: usize,
        /// The largest number of tokens a move removes.
        max: usize,
    },
    /// No theorem applies: a period is evidence only.
    None,
}

impl Certificate {
    /// The length the sequence must have (indices 0..len) for a period p from n0 to be proved.
    pub fn needed_len(self, preperiod: usize, period: usize) -> Option<usize> {
        match self {
            // Checks n in [n0, n0 + max), reading up to index n0 + max - 1 + p.
            Certificate::Window { max } => Some(preperiod + max + period),
            // Checks n in [n0, n0 + 2f + 1).
            Certificate::AllBut { largest_excluded } => {
                Some(preperiod + 2 * largest_excluded + 1 + period)
            }
            Certificate::TakeAndBreak { heaps, max } => {
                let n0 = preperiod.max(1);
                Some(if heaps <= 1 {
                    n0 + max + period
                } else {
                    heaps * (n0 + period) + max
                })
            }
            Certificate::None => None,
        }
    }
}

/// The smallest period of the tail of the sequence `term(0), …, term(len − 1)` that the data
/// prove, or else the smallest one they show, with the smallest preperiod for it.
///
/// A candidate must be seen at least twice in full after its preperiod, and an unproved one must
/// cover at least a third of the data (so short coincidences are not reported); it is `proved`
/// when the data reach [`Certificate::needed_len`]. A proved period
/// is a true period, so the smallest proved one is the smallest period of the whole sequence.
/// With `arithmetic`, a saltus is allowed (read off the last values); otherwise only plain periods
/// are searched. Cost: for each candidate p, a scan backwards from the end that stops at the first
/// mismatch, so wrong candidates cost little.
pub fn find(
    len: usize,
    term: impl Fn(usize) -> u64,
    certificate: Certificate,
    arithmetic: bool,
) -> Option<Period> {
    let first_seen = std::cell::Cell::new(None);
    // Once a period is seen, a larger one is only worth trying if the data could prove it (this
    // also keeps multiples of a seen period from being scanned in full, O(len²)).
    let worth_trying = |period: usize| {
        first_seen.get().is_none()
            || certificate
                .needed_len(0, period)
                .is_some_and(|needed| needed <= len)
    };
    for found in candidates(len, term, certificate, arithmetic, worth_trying) {
        if found.proved {
            return Some(found);
        }
        if first_seen.get().is_none() {
            first_seen.set(Some(found));
        }
    }
    first_seen.get()
}

/// Like [`find`], but when no period is proved, the one the data support best: the smallest
/// preperiod (the most values explained), then the smallest period. A short coincidence at the
/// end of the data (say G(n + 2) = G(n) + 2 for the last four values only) is then not preferred
/// to a period that runs through all the data.
pub fn find_best_supported(
    len: usize,
    term: impl Fn(usize) -> u64,
    certificate: Certificate,
    arithmetic: bool,
) -> Option<Period> {
    let mut best: Option<Period> = None;
    for found in candidates(len, term, certificate, arithmetic, |_| true) {
        if found.proved {
            return Some(found);
        }
        if best.is_none_or(|b| found.preperiod < b.preperiod) {
            best = Some(found);
        }
    }
    best
}

/// Every period of `at(0), …, at(len − 1)` seen at least twice in full after its smallest
/// preperiod, smallest period first, while `worth_trying(period)` holds.
fn candidates(
    len: usize,
    at: impl Fn(usize) -> u64,
    certificate: Certificate,
    arithmetic: bool,
    worth_trying: impl Fn(usize) -> bool,
) -> impl Iterator<Item = Period> {
    (1..=len / 2)
        .take_while(move |&p| worth_trying(p))
        .filter_map(move |period| {
            let saltus = if arithmetic {
                at(len - 1).checked_sub(at(len - 1 - period))?
            } else {
                0
            };
            // The smallest n0 such that G(n + p) = G(n) + s for all n0 <= n < len - p.
            let mut preperiod = len - period;
            while preperiod > 0
                && at(preperiod - 1 + period) == at(preperiod - 1).wrapping_add(saltus)
            {
                preperiod -= 1;
            }
            if len - preperiod < 2 * period {
                return None;
            }
            let proved = certificate
                .needed_len(preperiod, period)
                .is_some_and(|needed| needed <= len);
            // Evidence alone must also cover a third of the data, so that a coincidence in the
            // last few values (two equal values at the end look like period 1) is not reported.
            if !proved && (len - preperiod) * 3 < len {
                return None;
            }
            Some(Period {
                preperiod,
                period,
                saltus,
                proved,
            })
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_the_smallest_period_and_preperiod() {
        // 5 7 then 0 1 2 repeating.
        let mut values = vec![5u64, 7];
        values.extend((0..30).map(|i| i % 3));
        let p = find(
            values.len(),
            |i| values[i],
            Certificate::Window { max: 3 },
            false,
        )
        .unwrap();
        assert_eq!((p.preperiod, p.period, p.saltus, p.proved), (2, 3, 0, true));
    }

    #[test]
    fn a_short_run_is_not_proved() {
        // Period 3 from 0 (taken as from 1) needs 2·(1 + 3) + 3 = 11 values under the octal
        // theorem (moves leave at most two heaps).
        let octal = Certificate::TakeAndBreak { heaps: 2, max: 3 };
        let values: Vec<u64> = (0..10).map(|i| i % 3).collect();
        let p = find(values.len(), |i| values[i], octal, false).unwrap();
        assert_eq!(p.period, 3);
        assert!(!p.proved);
        let values: Vec<u64> = (0..11).map(|i| i % 3).collect();
        assert!(
            find(values.len(), |i| values[i], octal, false)
                .unwrap()
                .proved
        );
    }

    #[test]
    fn arithmetic_periods_carry_a_saltus() {
        // Lasker-like: 1 2 4 3 | 5 6 8 7 | ...  period 4, saltus 4, from 1.
        let mut values = vec![0u64];
        for k in 0..20 {
            values.extend([1, 2, 4, 3].map(|v| v + 4 * k));
        }
        let p = find(values.len(), |i| values[i], Certificate::None, true).unwrap();
        assert_eq!(
            (p.preperiod, p.period, p.saltus, p.proved),
            (1, 4, 4, false)
        );
        assert_eq!(
            find(values.len(), |i| values[i], Certificate::None, false),
            None
        );
    }

    #[test]
    fn without_a_possible_proof_the_smallest_period_seen_is_returned() {
        // 0 1 0 1 ...: period 2; its multiples repeat too but are not reported.
        let values: Vec<u64> = (0..1 << 16).map(|i| i % 2).collect();
        let p = find(values.len(), |i| values[i], Certificate::None, false).unwrap();
        assert_eq!((p.period, p.proved), (2, false));
        let p = find(
            values.len(),
            |i| values[i],
            Certificate::Window { max: 1 << 20 },
            false,
        )
        .unwrap();
        assert_eq!((p.period, p.proved), (2, false));
    }

    #[test]
    fn a_coincidence_at_the_end_is_not_a_period() {
        // 0 0 0 1 1 1 2 2 2 ...: arithmetic period 3, saltus 1; the last two values are equal,
        // which is not period 1.
        let values: Vec<u64> = (0..100).map(|i| i / 3).collect();
        let p = find(values.len(), |i| values[i], Certificate::None, true).unwrap();
        assert_eq!((p.preperiod, p.period, p.saltus), (0, 3, 1));
        assert_eq!(
            find(values.len(), |i| values[i], Certificate::None, false),
            None
        );
    }

    #[test]
    fn no_period_in_a_growing_sequence_without_saltus() {
        let values: Vec<u64> = (0..100).collect();
        assert_eq!(
            find(
                values.len(),
                |i| values[i],
                Certificate::Window { max: 1 },
                false
            ),
            None
        );
    }
}
