//! The value sequence G(0), G(1), … of a subtraction set, its period, and values of huge heaps.

use crate::period::{self, Certificate, Period};
use crate::{MexSet, Nimber};

use super::{Rule, SubtractionSet};

/// The value sequence of a subtraction set: a computed table and, once proved, its period.
///
/// Built by [`SubtractionSet::sequence`]. With a proved period the value of any heap up to
/// 2^64 − 1 is read from the table at n0 + (n − n0) mod p (plus the saltus for all-but sets);
/// the Bash game `1..M` needs no table at all (G(n) = n mod (M + 1)).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SubtractionValues {
    set: SubtractionSet,
    kind: Kind,
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Kind {
    /// Take 1..M: G(n) = n mod (M + 1); `None` when M + 1 exceeds 2^64 − 1.
    Bash { modulus: Option<u64> },
    Table {
        values: Vec<u64>,
        period: Option<Period>,
        /// For all-but sets: where each value occurs (a value occurs at most |F| + 1 times).
        index: Option<Index>,
        /// For finite sets with a proved period p: each element mod p, so that the values of
        /// n − s for every s need one division, not one each.
        set_mod_period: Vec<u64>,
    },
}

/// Positions of each value of an all-but sequence, for finding the moves to a given value.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Index {
    /// (value, position), sorted, for the positions before the periodic part (or the whole
    /// table when no period is proved).
    prefix: Vec<(u64, u64)>,
    /// (G(n0 + r) mod saltus, r), sorted, for r in one period.
    residues: Vec<(u64, u64)>,
}

impl SubtractionSet {
    /// The default bound on the number of values computed to find and prove a period.
    pub const DEFAULT_LIMIT: usize = 1 << 21;

    /// The bound on the work of [`SubtractionSet::sequence`], in mex steps (about a second).
    pub const WORK_LIMIT: usize = 1 << 28;

    /// The first `len` values G(0), …, G(len − 1).
    ///
    /// Cost: O(len · |S|) for a finite set, O(len · f) for an all-but set whose largest excluded
    /// number is f, O(len) for `1..M`.
    ///
    /// # Examples
    /// ```
    /// use grundy::games::subtraction::SubtractionSet;
    /// let fibonacci = SubtractionSet::parse("1,2,3,5,8,13").unwrap();
    /// assert_eq!(fibonacci.values(8), vec![0, 1, 2, 3, 0, 1, 2, 3]);
    /// ```
    pub fn values(&self, len: usize) -> Vec<u64> {
        let mut values = Vec::with_capacity(len);
        self.extend(&mut values, len);
        values
    }

    /// Computes values until a period is proved, or `limit` values are known (fewer when one
    /// value is costly: at most [`SubtractionSet::WORK_LIMIT`] mex steps in all, a value costing
    /// |S| steps for a finite set and f for an all-but set).
    ///
    /// The table doubles from a few times the certificate window until
    /// [`period::find`] proves a period: for a finite set whose largest element is s, G(n) depends
    /// only on the s values before it, so two equal windows of s values prove the period
    /// ([`Certificate::Window`]); for an all-but set, see [`Certificate::AllBut`]. The smallest
    /// proved period and its smallest preperiod are kept. Memory: 8 bytes per value.
    pub fn sequence(&self, limit: usize) -> SubtractionValues {
        let max = match self.rule() {
            Rule::UpTo(max) => {
                return SubtractionValues {
                    set: self.clone(),
                    kind: Kind::Bash {
                        modulus: max.checked_add(1),
                    },
                };
            }
            Rule::Finite(s) => *s.last().expect("a validated set is not empty"),
            Rule::AllBut(f) => *f.last().expect("a validated all-but set excludes a number"),
        };
        let per_value = match self.rule() {
            Rule::Finite(s) => s.len(),
            _ => usize::try_from(max).unwrap_or(usize::MAX),
        };
        let limit = limit.min(Self::WORK_LIMIT / per_value.max(1)).max(1);
        let window = self.window().map_or(usize::MAX, |w| w as usize);
        let certificate = if window > limit {
            // The window itself does not fit: no proof is possible within the limit.
            Certificate::None
        } else {
            self.certificate()
        };
        let arithmetic = matches!(self.rule(), Rule::AllBut(_));
        let mut values = Vec::new();
        let mut len = window.saturating_mul(4).max(64).min(limit);
        let period = loop {
            self.extend(&mut values, len);
            let found = period::find(values.len(), |n| values[n], certificate, arithmetic);
            if found.is_some_and(|p| p.proved) || len >= limit {
                break found;
            }
            len = len.saturating_mul(2).min(limit);
        };
        let index = arithmetic.then(|| Index::new(&values, period));
        let set_mod_period = match (self.rule(), period) {
            (Rule::Finite(set), Some(p)) if p.proved => {
                set.iter().map(|&x| x % p.period as u64).collect()
            }
            _ => Vec::new(),
        };
        SubtractionValues {
            set: self.clone(),
            kind: Kind::Table {
                values,
                period,
                index,
                set_mod_period,
            },
        }
    }

    /// The theorem that turns a period seen in the values into a proof: a window of max S values
    /// for a finite set (and for `1..M`, the set {1, …, M}), a window of 2f + 1 values with a
    /// saltus for an all-but set.
    pub fn certificate(&self) -> Certificate {
        let size = |x: u64| usize::try_from(x).unwrap_or(usize::MAX);
        match self.rule() {
            Rule::Finite(s) => Certificate::Window {
                max: size(*s.last().expect("a validated set is not empty")),
            },
            Rule::UpTo(max) => Certificate::Window { max: size(*max) },
            Rule::AllBut(f) => Certificate::AllBut {
                largest_excluded: size(
                    *f.last().expect("a validated all-but set excludes a number"),
                ),
            },
        }
    }

    /// How many consecutive values must repeat to prove a period: the largest element s of a
    /// finite set, 2f + 1 for an all-but set whose largest excluded number is f, `None` for 1..M
    /// (which needs no proof by data).
    pub fn window(&self) -> Option<u64> {
        match self.rule() {
            Rule::Finite(s) => s.last().copied(),
            Rule::AllBut(f) => f
                .last()
                .and_then(|&f| f.checked_mul(2))
                .and_then(|w| w.checked_add(1)),
            Rule::UpTo(_) => None,
        }
    }

    /// Appends values to `values` until it holds `len`.
    fn extend(&self, values: &mut Vec<u64>, len: usize) {
        let mut mex = MexSet::new();
        match self.rule() {
            Rule::Finite(set) => {
                for n in values.len()..len {
                    mex.clear();
                    for &x in set.iter().take_while(|&&x| x <= n as u64) {
                        mex.insert(values[n - x as usize]);
                    }
                    values.push(mex.mex());
                }
            }
            Rule::AllBut(excluded) => {
                let f = *excluded.last().expect("validated") as usize;
                // The values used before n − f are exactly 0..M(n − f) (two positions of equal
                // value differ by an excluded number, so every value used is a mex of all the
                // older ones), and every position before n − f is an option of n. So G(n) is the
                // least v ≥ M(n − f) missing among the options within f of n.
                let mut used_below = values
                    .iter()
                    .take(values.len().saturating_sub(f))
                    .map(|&v| v + 1)
                    .max()
                    .unwrap_or(0);
                for n in values.len()..len {
                    if n > f {
                        used_below = used_below.max(values[n - f - 1] + 1);
                    }
                    mex.clear();
                    for x in 1..=f.min(n) {
                        if excluded.binary_search(&(x as u64)).is_err() {
                            let v = values[n - x];
                            if v >= used_below && v - used_below <= f as u64 {
                                mex.insert(v - used_below);
                            }
                        }
                    }
                    values.push(used_below + mex.mex());
                }
            }
            Rule::UpTo(max) => {
                let modulus = max.checked_add(1);
                values.extend(
                    (values.len()..len).map(|n| modulus.map_or(n as u64, |m| n as u64 % m)),
                );
            }
        }
    }
}

impl Index {
    fn new(values: &[u64], period: Option<Period>) -> Index {
        let proved = period.filter(|p| p.proved && p.saltus > 0);
        let prefix_len = proved.map_or(values.len(), |p| p.preperiod);
        let mut prefix: Vec<(u64, u64)> = values[..prefix_len]
            .iter()
            .enumerate()
            .map(|(i, &v)| (v, i as u64))
            .collect();
        prefix.sort_unstable();
        let mut residues: Vec<(u64, u64)> = proved
            .map(|p| {
                (0..p.period)
                    .map(|r| (values[p.preperiod + r] % p.saltus, r as u64))
                    .collect()
            })
            .unwrap_or_default();
        residues.sort_unstable();
        Index { prefix, residues }
    }
}

impl SubtractionValues {
    /// The subtraction set.
    pub fn set(&self) -> &SubtractionSet {
        &self.set
    }

    /// The period found: proved, or only seen in the data (`proved: false`), or `None`.
    ///
    /// For `1..M` the period M + 1 is proved by the Bash theorem (`None` if M + 1 does not fit).
    pub fn period(&self) -> Option<Period> {
        match &self.kind {
            Kind::Bash { modulus } => modulus.and_then(|m| {
                Some(Period {
                    preperiod: 0,
                    period: usize::try_from(m).ok()?,
                    saltus: 0,
                    proved: true,
                })
            }),
            Kind::Table { period, .. } => *period,
        }
    }

    /// The values computed (empty for `1..M`, whose values need no table).
    pub fn table(&self) -> &[u64] {
        match &self.kind {
            Kind::Bash { .. } => &[],
            Kind::Table { values, .. } => values,
        }
    }

    fn proved(&self) -> Option<Period> {
        self.period().filter(|p| p.proved)
    }

    /// G(n), or `None` if n is past the table and no period is proved.
    pub fn value(&self, n: u64) -> Option<Nimber> {
        match &self.kind {
            Kind::Bash { modulus } => Some(Nimber(modulus.map_or(n, |m| n % m))),
            Kind::Table { values, .. } => {
                if let Some(&v) = usize::try_from(n).ok().and_then(|i| values.get(i)) {
                    return Some(Nimber(v));
                }
                let (index, periods, p) = self.reduce(n)?;
                let shift = periods.checked_mul(p.saltus)?;
                values[index as usize].checked_add(shift).map(Nimber)
            }
        }
    }

    /// For n in the periodic part: (n0 + (n − n0) mod p, (n − n0) div p, the period).
    fn reduce(&self, n: u64) -> Option<(u64, u64, Period)> {
        let p = self.proved()?;
        let start = p.preperiod as u64;
        let since = n.checked_sub(start)?;
        // The number of periods only matters with a saltus: spare the division otherwise.
        let periods = if p.saltus == 0 {
            0
        } else {
            since / p.period as u64
        };
        Some((start + since % p.period as u64, periods, p))
    }

    /// Why heap n has its value, for explanations.
    pub fn reason(&self, n: u64) -> crate::games::heaps::ValueReason {
        use crate::games::heaps::ValueReason;
        match &self.kind {
            Kind::Bash { modulus } => ValueReason::Bash { modulus: *modulus },
            Kind::Table { values, .. } if n < values.len() as u64 => ValueReason::Table,
            Kind::Table { .. } => match self.reduce(n) {
                Some((index, periods, p)) => ValueReason::Period {
                    index,
                    periods,
                    saltus: p.saltus,
                    period: p.period as u64,
                    preperiod: p.preperiod as u64,
                },
                None => ValueReason::Table,
            },
        }
    }

    /// Every s that may be taken from a heap of n to leave a heap of value `target`, increasing.
    ///
    /// Cost: O(|S|) for a finite set, O(1) for `1..M`; for an all-but set, a look-up of the at
    /// most |F| + 1 positions of value `target` (binary searches in an index of the preperiod and
    /// of one period).
    pub fn subtractions_to(&self, n: u64, target: Nimber) -> Vec<u64> {
        let mut found = Vec::new();
        self.for_each_subtraction_to(n, target, |x| found.push(x));
        found
    }

    /// Calls `f` with every s of [`SubtractionValues::subtractions_to`], increasing, without allocating
    /// (except for all-but sets).
    pub fn for_each_subtraction_to(&self, n: u64, target: Nimber, mut f: impl FnMut(u64)) {
        let t = target.value();
        match (self.set.rule(), &self.kind) {
            (
                Rule::Finite(set),
                Kind::Table {
                    values,
                    set_mod_period,
                    ..
                },
            ) => {
                // Values of a finite set are at most |S|.
                if t > set.len() as u64 {
                    return;
                }
                match self.proved().map(|p| (p.preperiod as u64, p.period as u64)) {
                    // Every n − s is past the preperiod: G(n − s) = G(n0 + (r − s mod p) mod p),
                    // one division for all s.
                    Some((n0, p))
                        if !set_mod_period.is_empty()
                            && n >= n0 + set.last().copied().unwrap_or(0) =>
                    {
                        let r = (n - n0) % p;
                        for (&x, &x_mod) in set.iter().zip(set_mod_period) {
                            let i = if r >= x_mod { r - x_mod } else { r + p - x_mod };
                            if values[(n0 + i) as usize] == t {
                                f(x);
                            }
                        }
                    }
                    _ => {
                        for &x in set.iter().take_while(|&&x| x <= n) {
                            if self.value(n - x) == Some(target) {
                                f(x);
                            }
                        }
                    }
                }
            }
            (Rule::UpTo(_), Kind::Bash { modulus }) => {
                // The options of n are the heaps n − 1, …, n − M: every residue but n's own.
                let g = modulus.map_or(n, |m| n % m);
                let x = match *modulus {
                    _ if t == g => None,
                    Some(m) if t < m => Some(
                        ((u128::from(g) + u128::from(m) - u128::from(t)) % u128::from(m)) as u64,
                    ),
                    None if t < n => Some(n - t),
                    _ => None,
                };
                if let Some(x) = x.filter(|&x| x <= n) {
                    f(x);
                }
            }
            (
                Rule::AllBut(excluded),
                Kind::Table {
                    values,
                    index: Some(index),
                    ..
                },
            ) => {
                let mut found: Vec<u64> = index
                    .positions(values, self.proved(), t)
                    .filter(|&m| m < n && excluded.binary_search(&(n - m)).is_err())
                    .map(|m| n - m)
                    .collect();
                found.sort_unstable();
                found.dedup();
                found.into_iter().for_each(f);
            }
            _ => unreachable!("1..M is a Bash sequence, all-but sequences carry an index"),
        }
    }
}

impl Index {
    /// Every position (in the table's prefix or the periodic part) whose value is `t`.
    fn positions<'a>(
        &'a self,
        values: &'a [u64],
        proved: Option<Period>,
        t: u64,
    ) -> impl Iterator<Item = u64> + 'a {
        let start = self.prefix.partition_point(|&(v, _)| v < t);
        let before = self.prefix[start..]
            .iter()
            .take_while(move |&&(v, _)| v == t)
            .map(|&(_, i)| i);
        let periodic = proved
            .filter(|p| p.saltus > 0)
            .into_iter()
            .flat_map(move |p| {
                let residue = t % p.saltus;
                let from = self.residues.partition_point(|&(r, _)| r < residue);
                self.residues[from..]
                    .iter()
                    .take_while(move |&&(r, _)| r == residue)
                    .filter_map(move |&(_, r)| {
                        let base = values[p.preperiod + r as usize];
                        let periods = t.checked_sub(base)? / p.saltus;
                        periods
                            .checked_mul(p.period as u64)?
                            .checked_add(p.preperiod as u64 + r)
                    })
            });
        before.chain(periodic)
    }
}
