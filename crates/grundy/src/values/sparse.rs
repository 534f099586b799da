//! The sparse-space ("rare/common") algorithm for codes whose moves leave at most two heaps.
//!
//! Fix a mask m ≠ 0 and call a value v *rare* when popcount(v & m) is even, *common* otherwise.
//! XOR adds these parities: rare ⊕ rare and common ⊕ common are rare, rare ⊕ common is common. In
//! many games (Grundy's game, Officers 0.6, 0.16) a well-chosen mask makes the positions of rare
//! value few. Then, for each n:
//!
//! 1. mark the options that involve a rare position (|rare| splits per digit) and the one-heap
//!    options: every *common* option value comes from these, so the smallest common value c that is
//!    not an option is now known exactly;
//! 2. G(n) is c unless some rare value below c is not an option. Look for each missing rare value
//!    v among the common + common splits: a few splits from the middle first; then, through an
//!    index of the positions of each value, splits (a, n − k − a) with G(a) = v ⊕ u and
//!    G(n − k − a) = u for the most frequent common values u (a bounded number of checks per u);
//!    then the same through every common value with a larger budget; and only then scan every
//!    split left until every rare value below c has been seen, or the splits run out — then the
//!    smallest unseen value is G(n). The full scan is what G(n) rare costs (O(n)); with Grundy's
//!    game and 0.6, up to 2^20, about 0.15% and 0.25% of the n need part of it (the rare values
//!    themselves, and missing values the search did not find), which is why the rate slowly
//!    falls as n grows.
//!
//! Everything marked is a real option, so the result is the mex for any mask; the mask only sets
//! the speed. The mask is re-chosen from the value histogram whenever n reaches a power of two:
//! the one that makes the fewest positions rare (a Walsh–Hadamard transform of the histogram gives
//! every mask's count at once). In games where no mask makes rare values rare (0.07, 0.137: near
//! half the positions), step 1 costs O(n) per n, as the naive method does — no worse; there the
//! period, once proved, finishes the job (see [`super::Sequence`]).
//!
//! # Parallelism
//! Values are computed in blocks [lo, hi) with hi − lo ≤ min(lo/4, 256). The first pass runs in
//! parallel over the block (rayon) and reads only G(0..lo): step 1 for those parts, and the whole
//! of step 2 over the splits whose parts are both below lo (middle splits, the targeted search,
//! and, when a rare value below c is still missing, the scan of every such split). A sequential
//! pass then adds the options that read values inside the block (one-heap options and splits
//! with a rare part), and searches again only when these raised c (the rare values between the old
//! and the new c) or a rare value is still missing (every split not scanned yet); it stores G(n)
//! in order. Small blocks keep the sequential pass short: its options come from the rare
//! positions below hi − lo. Mask choice, histogram updates and the rare list are sequential.

use rayon::prelude::*;

use super::code::{Constraint, TakeAndBreak};
use super::store::{Value, Values};

/// Largest block of values computed together.
const BLOCK: usize = 256;
/// Values below this are computed one at a time, with the mask 0 (every position rare).
const FIRST_BLOCK: usize = 64;
/// Splits scanned from the middle before the targeted search for missing rare values.
const MIDDLE_SCAN: usize = 32;
/// Common values used to look for a missing rare value v: pairs (v ⊕ u, u) with u among these.
const FREQUENT: usize = 32;
/// Splits checked for one missing rare value and one frequent value u before trying the next u
/// (values are correlated with positions, so some classes (v ⊕ u, u) have no split at all).
const CLASS_BUDGET: usize = 40;
/// The same budget for the second, wider search over every common value.
const WIDE_BUDGET: usize = 10 * CLASS_BUDGET;

/// The moves of a code whose digits leave at most two heaps, by kind.
#[derive(Clone, Debug)]
pub(super) struct Moves {
    /// k: a heap of exactly k may be taken whole (option value 0).
    zero: Vec<usize>,
    /// k: remove k, leave one heap.
    one: Vec<usize>,
    /// (k, unequal): remove k, split the rest into two heaps (unequal ones only if the flag is set).
    pairs: Vec<(usize, bool)>,
    /// k: remove k, split the rest into two equal heaps (option value 0).
    equal: Vec<usize>,
}

impl Moves {
    /// The moves of `rules`, or `None` if some move may leave three heaps or more.
    pub(super) fn of(rules: &TakeAndBreak) -> Option<Moves> {
        if rules.max_heaps() > 2 {
            return None;
        }
        let mut moves = Moves {
            zero: Vec::new(),
            one: Vec::new(),
            pairs: Vec::new(),
            equal: Vec::new(),
        };
        for (k, digit) in rules.digits().iter().enumerate() {
            if digit.allows(0) {
                moves.zero.push(k);
            }
            if digit.allows(1) {
                moves.one.push(k);
            }
            if digit.allows(2) {
                match digit.constraint {
                    Constraint::Any => moves.pairs.push((k, false)),
                    Constraint::Unequal | Constraint::NotAllEqual => moves.pairs.push((k, true)),
                    Constraint::AllEqual => moves.equal.push(k),
                }
            }
        }
        Some(moves)
    }
}

/// The state of the algorithm beside the value table: mask, rare positions, histogram.
#[derive(Clone, Debug)]
pub(super) struct Sparse {
    moves: Moves,
    /// The mask m; 0 (every value rare) until the first choice.
    mask: u32,
    /// Every value so far is below 2^bits (bits ≥ 6): the width of the option bitsets.
    bits: u32,
    /// Bit v of word v/64 is set when v is rare under `mask`.
    rare_bits: Vec<u64>,
    /// The complement of `rare_bits`: bit v is set when v is common.
    common_bits: Vec<u64>,
    /// Positions n ≥ 1 with a rare value, ascending, and their values.
    rare_pos: Vec<u32>,
    rare_val: Vec<u32>,
    /// How many positions n ≥ 1 have each value.
    counts: Vec<u64>,
    /// The positions n ≥ 1 of each value, ascending.
    by_value: Vec<Vec<u32>>,
    /// The common values that occur, most frequent first.
    frequent: Vec<u32>,
}

/// Why a block stopped before its end.
enum Stop {
    /// A value does not fit the table's width.
    Overflow(u32),
}

impl Sparse {
    /// The state for `moves` with the table `values` already computed (empty for a fresh start).
    pub(super) fn new(moves: Moves, values: &Values) -> Sparse {
        let mut sparse = Sparse {
            moves,
            mask: 0,
            bits: 6,
            rare_bits: Vec::new(),
            common_bits: Vec::new(),
            rare_pos: Vec::new(),
            rare_val: Vec::new(),
            counts: Vec::new(),
            by_value: Vec::new(),
            frequent: Vec::new(),
        };
        let max = values.iter().max().unwrap_or(0);
        while max >> sparse.bits != 0 {
            sparse.bits += 1;
        }
        sparse.counts = vec![0; 1 << sparse.bits];
        sparse.by_value = vec![Vec::new(); 1 << sparse.bits];
        for (n, v) in values.iter().enumerate().skip(1) {
            sparse.counts[v as usize] += 1;
            sparse.by_value[v as usize].push(n as u32);
        }
        if values.len() >= FIRST_BLOCK {
            sparse.choose_mask();
        }
        sparse.set_rare(values);
        sparse
    }

    /// The mask in use.
    pub(super) fn mask(&self) -> u32 {
        self.mask
    }

    /// The positions whose value is rare under the mask in use.
    pub(super) fn rare_positions(&self) -> &[u32] {
        &self.rare_pos
    }

    /// Whether `v` is rare under the mask in use.
    fn is_rare(&self, v: u32) -> bool {
        (v & self.mask).count_ones() % 2 == 0
    }

    /// Word `word` of the rare bitmap: bit j set when word·64 + j is rare.
    fn rare_word(&self, word: usize) -> u64 {
        (0..64).fold(0u64, |bits, j| {
            bits | u64::from(self.is_rare((word * 64 + j) as u32)) << j
        })
    }

    fn words(&self) -> usize {
        1 << (self.bits - 6)
    }

    /// The mask that makes the fewest positions rare (ties: the smallest mask).
    fn choose_mask(&mut self) {
        // Masks are chosen among the low 20 bits, so the transform stays small; any mask is correct.
        let bits = self.bits.min(20);
        let mut w: Vec<i64> = vec![0; 1 << bits];
        for (v, &c) in self.counts.iter().enumerate() {
            w[v & ((1 << bits) - 1)] += c as i64;
        }
        // Walsh–Hadamard: w[m] = Σ_v count(v)·(−1)^popcount(v & m) = rare(m) − common(m).
        let mut half = 1;
        while half < w.len() {
            for start in (0..w.len()).step_by(2 * half) {
                for i in start..start + half {
                    let (x, y) = (w[i], w[i + half]);
                    w[i] = x + y;
                    w[i + half] = x - y;
                }
            }
            half *= 2;
        }
        let best = (1..w.len()).min_by_key(|&m| (w[m], m)).unwrap_or(1);
        self.mask = best as u32;
        let mut common: Vec<u32> = (0..self.counts.len() as u32)
            .filter(|&v| !self.is_rare(v) && self.counts[v as usize] > 0)
            .collect();
        common.sort_by_key(|&v| (std::cmp::Reverse(self.counts[v as usize]), v));
        self.frequent = common;
    }

    /// Rebuilds the rare bitmap and the list of rare positions for the mask in use.
    fn set_rare(&mut self, values: &Values) {
        self.rare_bits = (0..self.words()).map(|word| self.rare_word(word)).collect();
        self.common_bits = self.rare_bits.iter().map(|&w| !w).collect();
        self.rare_pos.clear();
        self.rare_val.clear();
        for (n, v) in values.iter().enumerate().skip(1) {
            if self.is_rare(v) {
                self.rare_pos.push(n as u32);
                self.rare_val.push(v);
            }
        }
    }

    /// Computes values until `values` holds `len` of them.
    pub(super) fn extend(&mut self, values: &mut Values, len: usize) {
        while values.len() < len {
            let lo = values.len();
            if lo >= FIRST_BLOCK && lo.is_power_of_two() {
                let old = self.mask;
                self.choose_mask();
                if self.mask != old {
                    self.set_rare(values);
                }
            }
            let block = if lo < FIRST_BLOCK {
                1
            } else {
                let memory_cap = (1 << 21) / self.words();
                (lo / 4)
                    .min(BLOCK)
                    .min(memory_cap.max(1))
                    .min((lo + 1).next_power_of_two() - lo)
            };
            let hi = (lo + block).min(len);
            let result = match values {
                Values::U8(v) => self.block(v, lo, hi),
                Values::U16(v) => self.block(v, lo, hi),
                Values::U32(v) => self.block(v, lo, hi),
            };
            if let Err(Stop::Overflow(value)) = result {
                values.reserve_value(value);
            }
        }
    }

    /// Computes G(lo..hi), or fewer when the bitsets must widen or a value needs a wider table.
    fn block<T: Value>(&mut self, values: &mut Vec<T>, lo: usize, hi: usize) -> Result<(), Stop> {
        let words = self.words();
        let pairs = self.moves.pairs.len();
        let mut seen = vec![0u64; (hi - lo) * words];
        let mut scan = vec![0usize; (hi - lo) * pairs.max(1)];
        let mut firsts = vec![0u32; hi - lo];
        {
            let known = Known {
                values: &values[..lo],
                moves: &self.moves,
                rare_pos: &self.rare_pos,
                rare_val: &self.rare_val,
                rare_bits: &self.rare_bits,
                common_bits: &self.common_bits,
                scan: self.mask != 0,
                by_value: &self.by_value,
                frequent: &self.frequent,
            };
            type Slot<'a> = ((&'a mut [u64], &'a mut [usize]), &'a mut u32);
            let work = |(i, ((seen, scan), first)): (usize, Slot)| {
                *first = known.first_pass(lo + i, seen, scan);
            };
            let p = pairs.max(1);
            if hi - lo >= 64 {
                let slots = seen.par_chunks_mut(words).zip(scan.par_chunks_mut(p));
                let slots = slots.zip(firsts.par_iter_mut()).enumerate();
                slots.with_min_len(32).for_each(work);
            } else {
                let slots = seen.chunks_mut(words).zip(scan.chunks_mut(p));
                slots.zip(firsts.iter_mut()).enumerate().for_each(work);
            }
        }
        let mut block_rare: Vec<usize> = Vec::new();
        for n in lo..hi {
            let i = n - lo;
            let seen = &mut seen[i * words..(i + 1) * words];
            let scan = &mut scan[i * pairs.max(1)..(i + 1) * pairs.max(1)];
            let g = self.second_pass(values, lo, n, firsts[i], &block_rare, seen, scan);
            if g > T::MAX {
                self.add_rare(values, &block_rare);
                return Err(Stop::Overflow(g));
            }
            values.push(T::narrow(g));
            let widen = g >> self.bits != 0;
            if widen {
                self.bits += 1;
                self.counts.resize(1 << self.bits, 0);
                self.by_value.resize(1 << self.bits, Vec::new());
            }
            self.counts[g as usize] += 1;
            self.by_value[g as usize].push(n as u32);
            // Position 0 is never a part of a split (heaps left are non-empty).
            if n >= 1 && self.is_rare(g) {
                block_rare.push(n);
            }
            if widen {
                for word in words..self.words() {
                    let rare = self.rare_word(word);
                    self.rare_bits.push(rare);
                    self.common_bits.push(!rare);
                }
                break;
            }
        }
        self.add_rare(values, &block_rare);
        Ok(())
    }

    fn add_rare<T: Value>(&mut self, values: &[T], positions: &[usize]) {
        for &p in positions {
            self.rare_pos.push(p as u32);
            self.rare_val.push(values[p].into());
        }
    }

    /// Adds the options of n that read values in [lo, n), finishes the search, returns G(n).
    /// `first` is the smallest unseen common value after the first pass: every rare value below
    /// it that is still unseen has no split with both parts below lo.
    #[allow(clippy::too_many_arguments)]
    fn second_pass<T: Value>(
        &self,
        values: &[T],
        lo: usize,
        n: usize,
        first: u32,
        block_rare: &[usize],
        seen: &mut [u64],
        scan: &mut [usize],
    ) -> u32 {
        let g = |m: usize| -> u32 { values[m].into() };
        for &k in &self.moves.one {
            if n > k && n - k >= lo {
                mark(seen, g(n - k));
            }
        }
        for &(k, _) in &self.moves.pairs {
            if n < k + 2 || n - k <= lo {
                continue;
            }
            let s = n - k;
            // A rare small part a ≤ s − lo: the other part s − a is in the block.
            let small = self.rare_pos.partition_point(|&r| r as usize <= s - lo);
            for (&a, &va) in self.rare_pos[..small].iter().zip(&self.rare_val[..small]) {
                mark(seen, va ^ g(s - a as usize));
            }
            // A rare part b in the block: the other part s − b is small.
            for &b in block_rare.iter().take_while(|&&b| b < s) {
                mark(seen, g(s - b) ^ g(b));
            }
        }
        if self.mask != 0 {
            // Usually the first pass found every rare value below c. If not, G(n) is rare, or an
            // option in the block raised c: the rare values in [first, c) are searched for in
            // every class, then every split not scanned yet is.
            let c = first_zero(seen, Some(&self.rare_bits));
            let common = &self.common_bits;
            let searches = self.moves.pairs.iter().enumerate();
            let searches = searches
                .filter(|(_, (k, _))| n >= k + 2)
                .map(|(i, &(k, unequal))| {
                    let search = Search {
                        s: n - k,
                        unequal,
                        above: 0,
                    };
                    (i, search)
                });
            if c > first && first_zero_from(seen, common, first) < c {
                for (_, search) in searches.clone() {
                    let frequent = &self.frequent;
                    search.witness(
                        values,
                        &self.by_value,
                        frequent,
                        WIDE_BUDGET,
                        first,
                        seen,
                        common,
                        c,
                    );
                }
            }
            for (i, search) in searches {
                if first_zero(seen, Some(common)) < c {
                    scan[i] = search.scan(values, scan[i], 0, seen, common, c);
                }
            }
        }
        first_zero(seen, None)
    }
}

/// What the parallel pass reads: values below `lo` only.
struct Known<'a, T> {
    values: &'a [T],
    moves: &'a Moves,
    rare_pos: &'a [u32],
    rare_val: &'a [u32],
    rare_bits: &'a [u64],
    common_bits: &'a [u64],
    scan: bool,
    by_value: &'a [Vec<u32>],
    frequent: &'a [u32],
}

impl<T: Value> Known<'_, T> {
    /// Marks the options of n that read only G(0..lo): zero options, one-heap options, splits
    /// with a rare part, then scans splits from the middle while both parts are below lo.
    fn first_pass(&self, n: usize, seen: &mut [u64], scan: &mut [usize]) -> u32 {
        let lo = self.values.len();
        let g = |m: usize| -> u32 { self.values[m].into() };
        seen.fill(0);
        if self.moves.zero.contains(&n) {
            mark(seen, 0);
        }
        for &k in &self.moves.equal {
            if n >= k + 2 && (n - k) % 2 == 0 {
                mark(seen, 0);
            }
        }
        for &k in &self.moves.one {
            if n > k && n - k < lo {
                mark(seen, g(n - k));
            }
        }
        for &(k, unequal) in &self.moves.pairs {
            if n < k + 2 {
                continue;
            }
            let s = n - k;
            // Rare parts r with s − lo < r < s: the other part s − r is below lo.
            let from = self
                .rare_pos
                .partition_point(|&r| r as usize <= s.saturating_sub(lo));
            let to = self.rare_pos.partition_point(|&r| (r as usize) < s);
            let (pos, val) = (&self.rare_pos[from..to], &self.rare_val[from..to]);
            if unequal && s % 2 == 0 {
                for (&r, &v) in pos.iter().zip(val) {
                    if r as usize * 2 != s {
                        mark(seen, v ^ g(s - r as usize));
                    }
                }
            } else {
                for (&r, &v) in pos.iter().zip(val) {
                    mark(seen, v ^ g(s - r as usize));
                }
            }
        }
        for (i, &(k, _)) in self.moves.pairs.iter().enumerate() {
            scan[i] = n.saturating_sub(k) / 2;
        }
        let c = first_zero(seen, Some(self.rare_bits));
        if !self.scan {
            return c;
        }
        // Look for the rare values below c among the splits whose parts are both below lo.
        let common = self.common_bits;
        let searches = self.moves.pairs.iter().enumerate();
        let searches = searches
            .filter(|(_, (k, _))| n >= k + 2)
            .map(|(i, &(k, unequal))| {
                let search = Search {
                    s: n - k,
                    unequal,
                    above: (n - k).saturating_sub(lo),
                };
                (i, search)
            });
        for (i, search) in searches.clone() {
            if first_zero(seen, Some(common)) < c {
                // A few splits from the middle catch the rare values that frequent values make.
                let s = search.s;
                let until = search.above.max((s / 2).saturating_sub(MIDDLE_SCAN));
                scan[i] = search.scan(self.values, s / 2, until, seen, common, c);
                let frequent = &self.frequent[..self.frequent.len().min(FREQUENT)];
                search.witness(
                    self.values,
                    self.by_value,
                    frequent,
                    CLASS_BUDGET,
                    0,
                    seen,
                    common,
                    c,
                );
                let frequent = self.frequent;
                search.witness(
                    self.values,
                    self.by_value,
                    frequent,
                    WIDE_BUDGET,
                    0,
                    seen,
                    common,
                    c,
                );
            }
        }
        // A rare value below c still unseen: scan every split whose parts are both below lo.
        for (i, search) in searches {
            if first_zero(seen, Some(common)) < c {
                scan[i] = search.scan(self.values, scan[i], search.above, seen, common, c);
            }
        }
        c
    }
}

/// The splits (a, s − a) of s (unequal ones only if `unequal`), with a > `above`.
struct Search {
    s: usize,
    unequal: bool,
    above: usize,
}

impl Search {
    /// Marks the splits (a, s − a) for a = from, from − 1, … while a > until, stopping once
    /// every rare value below `bound` has been seen (`common` marks the common values); returns
    /// the next a to scan.
    fn scan<T: Value>(
        &self,
        values: &[T],
        from: usize,
        until: usize,
        seen: &mut [u64],
        common: &[u64],
        bound: u32,
    ) -> usize {
        let mut a = from;
        while a > until {
            let stop = a.saturating_sub(16).max(until);
            while a > stop {
                if !(self.unequal && 2 * a == self.s) {
                    let x: u32 = values[a].into();
                    let y: u32 = values[self.s - a].into();
                    mark(seen, x ^ y);
                }
                a -= 1;
            }
            if first_zero(seen, Some(common)) >= bound {
                break;
            }
        }
        a
    }

    /// For each unseen rare value v in [from, bound), looks for a split (a, s − a) with G(s − a) = u
    /// and G(a) = v ⊕ u for a common value u of `frequent`, through the positions of the value
    /// v ⊕ u (at most `budget` checks per class; values are correlated with positions, so some
    /// classes have no split at all). A value with no witness is left to [`Search::scan`]. Every
    /// split checked is marked.
    #[allow(clippy::too_many_arguments)]
    fn witness<T: Value>(
        &self,
        values: &[T],
        by_value: &[Vec<u32>],
        frequent: &[u32],
        budget: usize,
        from: u32,
        seen: &mut [u64],
        common: &[u64],
        bound: u32,
    ) {
        // a in (low, s), so that the other part b = s − a is known (b < len).
        let low = self.above.max(self.s.saturating_sub(values.len()));
        let mut v = first_zero_from(seen, common, from);
        while v < bound {
            'classes: for &u in frequent {
                let Some(list) = by_value.get((v ^ u) as usize) else {
                    continue;
                };
                // Small a first: the other part is then a typical large position.
                let from = list.partition_point(|&a| a as usize <= low);
                let parts = list[from..].iter().take_while(|&&a| (a as usize) < self.s);
                for &a in parts.take(budget) {
                    let b = self.s - a as usize;
                    if self.unequal && b == a as usize {
                        continue;
                    }
                    let x: u32 = values[b].into();
                    mark(seen, x ^ (v ^ u));
                    if x == u {
                        break 'classes;
                    }
                }
            }
            v = first_zero_from(seen, common, v + 1);
        }
    }
}

fn mark(seen: &mut [u64], v: u32) {
    seen[(v >> 6) as usize] |= 1 << (v & 63);
}

/// The smallest value v ≥ `from` whose bit is clear in `seen | also`; the bitset length in bits
/// if none is.
fn first_zero_from(seen: &[u64], also: &[u64], from: u32) -> u32 {
    let start = (from / 64) as usize;
    for i in start..seen.len() {
        let mut word = seen[i] | also[i];
        if i == start {
            word |= (1u64 << (from % 64)) - 1;
        }
        if word != u64::MAX {
            return (i * 64) as u32 + (!word).trailing_zeros();
        }
    }
    (seen.len() * 64) as u32
}

/// The smallest value whose bit is clear in `seen` (or in `seen | also`); the bitset length in
/// bits if none is.
fn first_zero(seen: &[u64], also: Option<&[u64]>) -> u32 {
    for (i, &word) in seen.iter().enumerate() {
        let word = word | also.map_or(0, |a| a[i]);
        if word != u64::MAX {
            return (i * 64) as u32 + (!word).trailing_zeros();
        }
    }
    (seen.len() * 64) as u32
}

#[cfg(test)]
mod tests {
    use super::super::naive;
    use super::*;

    fn sparse(code: &str, len: usize) -> Vec<u32> {
        let rules: TakeAndBreak = code.parse().unwrap();
        let mut values = Values::default();
        let mut state = Sparse::new(Moves::of(&rules).unwrap(), &values);
        state.extend(&mut values, len);
        values.to_vec()
    }

    #[test]
    fn equals_the_oracle_on_a_few_codes() {
        for code in [
            "0.77", "4!.0", "0.6", "0.16", "0.137", "4.7", "0.4!", "0.5=", "{1,3,4}",
        ] {
            let rules: TakeAndBreak = code.parse().unwrap();
            assert_eq!(sparse(code, 1500), naive::values(&rules, 1499), "{code}");
        }
    }

    #[test]
    fn first_zero_finds_the_mex() {
        assert_eq!(first_zero(&[0b1011], None), 2);
        assert_eq!(first_zero(&[u64::MAX, 1], None), 65);
        assert_eq!(first_zero(&[u64::MAX], None), 64);
        assert_eq!(first_zero(&[0b0011], Some(&[0b0100])), 3);
        assert_eq!(first_zero_from(&[0b0011, 0], &[0b0100, 0], 1), 3);
        assert_eq!(first_zero_from(&[0b1011, 0], &[0, 1], 3), 4);
        assert_eq!(first_zero_from(&[u64::MAX, 0], &[0, 1], 3), 65);
    }
}
