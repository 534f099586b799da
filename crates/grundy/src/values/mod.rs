//! Grundy value sequences of heap games given by a take-and-break code: G(0), G(1), …, G(N) at
//! scale, their periods (proved where a theorem applies), statistics, and checkpoints.
//!
//! - [`code`]: the notation (octal, hexadecimal and larger digits, `!` `?` `=` modifiers,
//!   subtraction sets, `grundy`) — the grammar is documented there, in one place;
//! - [`naive`]: the oracle, every move enumerated (and the engine for codes whose moves leave three
//!   heaps or more);
//! - [`Sequence`]: the sparse-space ("rare/common") engine for codes whose moves leave at most two
//!   heaps (see the `sparse` module docs for the algorithm and what runs in parallel), with period
//!   detection: once a period is *proved*, the remaining values follow from it;
//! - [`checkpoint`]: a sequence to bytes (with a checksum) and back, so that long runs resume
//!   exactly;
//! - [`memory`]: whether a run fits in memory, checked before it starts.
//!
//! # Examples
//! ```
//! use grundy::values::Sequence;
//! let mut kayles = Sequence::new("0.77".parse().unwrap());
//! kayles.extend_to(300);
//! assert_eq!(kayles.values().get(5), 4);
//! let p = kayles.proved_period().unwrap();
//! assert_eq!((p.period, p.preperiod), (12, 71));
//! ```

pub mod checkpoint;
pub mod code;
pub mod memory;
pub mod naive;
mod pairs;
mod sparse;
mod store;

pub use code::{CodeError, Constraint, Description, Digit, TakeAndBreak};
pub use store::{Value, Values};

use crate::period::{self, Certificate, Period};
use crate::{Cancel, Cancelled};
use sparse::{Moves, Sparse};

/// How the values of a sequence are computed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// The sparse-space algorithm (moves leave at most two heaps).
    Sparse,
    /// Every move enumerated (moves may leave three heaps or more).
    Direct,
}

/// G(0), G(1), … of one take-and-break game, computed on demand.
#[derive(Clone, Debug)]
pub struct Sequence {
    rules: TakeAndBreak,
    values: Values,
    engine: Option<Sparse>,
    proved: Option<Period>,
}

impl Sequence {
    /// An empty sequence for `rules`.
    pub fn new(rules: TakeAndBreak) -> Sequence {
        Sequence::with_values(rules, Values::default())
    }

    /// A sequence for `rules` whose first values are `values` (as saved by a checkpoint; they are
    /// trusted to be right).
    pub fn with_values(rules: TakeAndBreak, mut values: Values) -> Sequence {
        let engine = Moves::of(&rules).map(|moves| Sparse::new(moves, &values));
        if engine.is_none() {
            values = Values::U32(values.to_vec());
        }
        let mut sequence = Sequence {
            rules,
            values,
            engine,
            proved: None,
        };
        sequence.check_period();
        sequence
    }

    /// The rules.
    pub fn rules(&self) -> &TakeAndBreak {
        &self.rules
    }

    /// The values so far: G(0), …, G(len − 1).
    pub fn values(&self) -> &Values {
        &self.values
    }

    /// How many values are known.
    pub fn len(&self) -> usize {
        self.values.len()
    }

    /// Whether no value is known yet.
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// How the values are computed.
    pub fn method(&self) -> Method {
        if self.engine.is_some() {
            Method::Sparse
        } else {
            Method::Direct
        }
    }

    /// The mask of the sparse-space algorithm and the positions whose value is rare under it
    /// (`None` for the direct method).
    pub fn rare(&self) -> Option<(u32, &[u32])> {
        self.engine
            .as_ref()
            .map(|engine| (engine.mask(), engine.rare_positions()))
    }

    /// The theorem that turns a period seen in the values into a proof, if one applies.
    pub fn certificate(&self) -> Certificate {
        if self.rules.has_constrained_splits() {
            Certificate::None
        } else {
            Certificate::TakeAndBreak {
                heaps: self.rules.max_heaps() as usize,
                max: self.rules.max_removed(),
            }
        }
    }

    /// The smallest period proved so far (checked whenever the length reaches a power of two, and
    /// by [`Sequence::find_period`]).
    pub fn proved_period(&self) -> Option<Period> {
        self.proved
    }

    /// The smallest period the values so far show (proved if they reach far enough), with its
    /// smallest preperiod; with `arithmetic`, also periods with a saltus G(n + p) = G(n) + s.
    pub fn find_period(&self, arithmetic: bool) -> Option<Period> {
        let certificate = if arithmetic {
            Certificate::None
        } else {
            self.certificate()
        };
        let found = self.find_in(self.len(), certificate, arithmetic);
        match (found, self.proved) {
            (_, Some(proved)) if !arithmetic => Some(proved),
            (found, _) => found,
        }
    }

    fn check_period(&mut self) {
        if self.proved.is_none() && !matches!(self.certificate(), Certificate::None) {
            self.proved = self.find_period(false).filter(|p| p.proved);
        }
    }

    /// Computes values until `len` are known. Once a period is proved, the rest follow from it.
    pub fn extend_to(&mut self, len: usize) {
        while self.len() < len {
            if let Some(p) = self.proved {
                for n in self.len()..len {
                    let v = self.values.get(n - p.period);
                    self.values.push(v);
                }
                return;
            }
            // Stop at each power of two to look for a proof of periodicity.
            let next = (self.len() + 1).next_power_of_two().min(len);
            match &mut self.engine {
                Some(engine) => engine.extend(&mut self.values, next),
                None => {
                    let Values::U32(values) = &mut self.values else {
                        unreachable!("the direct method keeps 32-bit values")
                    };
                    naive::extend(&self.rules, values, next);
                }
            }
            if self.len().is_power_of_two() {
                self.check_period();
            }
        }
    }

    /// As [`Sequence::extend_to`], looking at `cancel` between steps (every value for the direct
    /// method, every [`Sequence::CANCEL_STEP`] values for the sparse one). The values computed
    /// before a cancellation are kept and right, so the sequence can be extended again later.
    ///
    /// # Errors
    /// [`Cancelled`] when `cancel` stops the computation before `len` values are known.
    pub fn extend_to_within(&mut self, len: usize, cancel: &Cancel) -> Result<(), Cancelled> {
        while self.len() < len {
            cancel.check()?;
            let step = match self.method() {
                Method::Sparse => Self::CANCEL_STEP,
                // One value may cost O(n^2) moves or more here.
                Method::Direct => 1,
            };
            self.extend_to(self.len().saturating_add(step).min(len));
        }
        Ok(())
    }

    /// Values the sparse method computes between two looks at a cancellation token.
    pub const CANCEL_STEP: usize = 4096;

    /// The period to report for G(0..len): the smallest plain period (proved where a theorem
    /// applies), else an arithmetic one with a positive saltus (evidence only), with the name of
    /// the theorem that proves it.
    ///
    /// # Panics
    /// If `len` is more than [`Sequence::len`].
    pub fn period_in(&self, len: usize) -> Option<Found> {
        let theorem = match self.certificate() {
            Certificate::TakeAndBreak { heaps, .. } if heaps <= 1 => {
                Some("subtraction-game window")
            }
            Certificate::TakeAndBreak { heaps: 2, .. } => Some("octal periodicity theorem"),
            Certificate::TakeAndBreak { .. } => Some("take-and-break periodicity theorem"),
            _ => None,
        };
        assert!(
            len <= self.len(),
            "{len} values asked, {} known",
            self.len()
        );
        let find = |certificate, arithmetic| self.find_in(len, certificate, arithmetic);
        let plain = find(self.certificate(), false);
        let period = plain.or_else(|| find(Certificate::None, true).filter(|p| p.saltus > 0))?;
        Some(Found {
            period,
            theorem: theorem.filter(|_| period.proved),
        })
    }

    /// [`period::find`] on G(0..len), read from the values as they are stored (no widened copy of
    /// a long run), one copy of the search for each way of storing them.
    fn find_in(&self, len: usize, certificate: Certificate, arithmetic: bool) -> Option<Period> {
        match &self.values {
            Values::U8(v) => period::find(len, |n| v[n].into(), certificate, arithmetic),
            Values::U16 { narrow, wide } => {
                let table = store::Parts::new(narrow, wide);
                period::find(len, |n| table.get(n).into(), certificate, arithmetic)
            }
            Values::U32(v) => period::find(len, |n| v[n].into(), certificate, arithmetic),
        }
    }

    /// Bytes the value table and the engine may need for `len` values at most: 4 bytes a value
    /// for the table at its widest, and as much again for the list of rare positions in the worst
    /// case (games where rare values are not rare). Most games need a quarter of that.
    pub fn bytes_needed(len: usize) -> u64 {
        8 * len as u64
    }
}

/// A period seen in a sequence's values ([`Sequence::period_in`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Found {
    /// The period.
    pub period: Period,
    /// The theorem that proves it, if any (English, as the JSON's `theorem` field gives it).
    pub theorem: Option<&'static str>,
}

/// The statistics of a sequence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stats {
    /// The largest value and the first n where it occurs.
    pub max: (u32, usize),
    /// How many n have each value (index: the value).
    pub counts: Vec<u64>,
}

impl Stats {
    /// The statistics of `values`.
    pub fn of(values: &Values) -> Stats {
        Stats::of_first(values, values.len())
    }

    /// The statistics of the first `len` values (all of them if there are fewer).
    pub fn of_first(values: &Values, len: usize) -> Stats {
        let mut max = (0, 0);
        let mut counts = Vec::new();
        for (n, v) in values.iter().take(len).enumerate() {
            if v > max.0 {
                max = (v, n);
            }
            if counts.len() <= v as usize {
                counts.resize(v as usize + 1, 0);
            }
            counts[v as usize] += 1;
        }
        Stats { max, counts }
    }
}

#[cfg(test)]
mod tests;
