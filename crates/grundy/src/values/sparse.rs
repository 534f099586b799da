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
//! 2. G(n) is c unless some rare value below c is not an option. The rare values below c still
//!    unseen are hunted among the splits (a, n − k − a) from a = 1 upward (small heaps have the
//!    most varied values, so a missing value is usually found within a few thousand splits) by the
//!    [`pairs`](super::pairs) kernel, until every one has been found or the splits run out — then
//!    the smallest unseen value is G(n). The full scan is what G(n) rare costs (O(n)).
//!
//! Everything marked is a real option, so the result is the mex for any mask; the mask only sets
//! the speed. The mask is re-chosen from the value histogram whenever n reaches a power of two:
//! the one that makes the fewest positions rare (a Walsh–Hadamard transform of the histogram gives
//! every mask's count at once). In games where no mask makes rare values rare (0.07, 0.137: near
//! half the positions), step 1 costs O(n) per n, as the naive method does — no worse; there the
//! period, once proved, finishes the job (see [`super::Sequence`]).
//!
//! Memory: the value table, one byte a value up to the first value above 255 and two from there
//! (while the values are below 65536; see [`Values`]), and beside it only the rare positions, the
//! histogram and one block's option tables (at most [`BLOCK`] times the tables' width in bytes).
//!
//! # Parallelism
//! Values are computed in blocks [lo, hi) with hi − lo ≤ min(lo/4, 512), in groups of 64
//! consecutive n. Each group's first pass reads only G(0..lo): step 1 for those parts (rare part
//! by rare part over the whole group, so that the other parts are read in order), and the hunt
//! over the splits whose parts are both below lo. The sequential pass then takes the groups in
//! order, each once its first pass is done: it adds the options that read values inside the
//! block (one-heap options, splits with a rare part), hunts the rare values still unseen among
//! the splits with a part in the block, and only when these options raised c, the rare values
//! between the old and the new c among the splits of the first pass too; it stores G(n) in
//! order. The first passes are claimed in order by whichever thread is free: the pool's other
//! threads do only first passes, the sequential pass's thread does one whenever the group it
//! needs next is still being done elsewhere, so its work overlaps theirs. A thread left without
//! a group to claim marks ahead, while it waits, the splits with a rare part of the next
//! block's first groups whose other part is below lo for every n of the group (most of them:
//! see [`Ahead`]); those groups' first passes then skip them. Small blocks keep the
//! sequential pass short, large ones make fewer hand-overs between blocks. Mask choice,
//! histogram updates and the rare list are sequential. The whole computation runs on a worker
//! of rayon's pool, so that a block's helpers are spawned there and need no hand-off from the
//! calling thread.

use std::ops::Range;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Mutex, MutexGuard};

use multiversion::multiversion;

use super::code::{Constraint, TakeAndBreak};
use super::pairs::{self, CHUNK, MAX_WANTED, Splits};
use super::store::{Parts, Value, Values};

/// Largest block of values computed together.
const BLOCK: usize = 512;
/// Consecutive values whose first pass runs together (on one thread).
const GROUP: usize = 64;
/// Values below this are computed one at a time, with the mask 0 (every position rare).
const FIRST_BLOCK: usize = 64;
/// Groups of the next block whose marks a helper makes ahead, once no group of its block is left.
const AHEAD_GROUPS: usize = 2;
/// Rare parts marked ahead between two looks at whether the block is over.
const AHEAD_CHUNK: usize = 32;
/// Chunks of splits marked between two counts of the rare values still missing.
const CHUNKS_BETWEEN_COUNTS: usize = 8;
/// Bytes of option tables a block may use (one byte per value below 2^bits for each n).
const BLOCK_TABLES: usize = 1 << 22;

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

/// Whether `v` is rare under `mask`: popcount(v & mask) is even.
fn rare_under(mask: u32, v: u32) -> bool {
    (v & mask).count_ones().is_multiple_of(2)
}

/// The largest small part a of a split (a, s − a) of s (a ≤ s − a, a < s − a if `unequal`).
fn last_split(s: usize, unequal: bool) -> usize {
    if unequal { (s - 1) / 2 } else { s / 2 }
}

/// The state of the algorithm beside the value table: mask, rare positions, histogram.
#[derive(Clone, Debug)]
pub(super) struct Sparse {
    moves: Moves,
    /// The mask m; 0 (every value rare) until the first choice.
    mask: u32,
    /// Every value so far is below 2^bits (bits ≥ 6): the length of the option tables.
    bits: u32,
    /// Byte v is 1 when v is rare under `mask`.
    rare_table: Vec<u8>,
    /// Byte v is 1 when v is common: the complement of `rare_table`.
    common_table: Vec<u8>,
    /// Positions n ≥ 1 with a rare value, ascending, and their values.
    rare_pos: Vec<u32>,
    rare_val: Vec<u32>,
    /// How many positions n ≥ 1 have each value.
    counts: Vec<u64>,
    /// The option tables of a block and each n's c, kept from block to block (their contents
    /// are rewritten by every block).
    scratch: (Vec<u8>, Vec<u32>),
    /// The marks made ahead for the next block.
    ahead: Ahead,
}

/// The marks of the splits with a rare part that the first groups of the next block can make
/// from the values below this block's lo (the other part below lo for every n of the group):
/// made while a helper would otherwise wait for the block's sequential pass to end, taken by
/// the next block's first passes if it starts at `n0` with the same mask and table width.
#[derive(Clone, Debug, Default)]
struct Ahead {
    n0: usize,
    mask: u32,
    width: usize,
    /// The tables of [`AHEAD_GROUPS`] groups.
    seen: Vec<u8>,
    /// Groups whose tables were cleared and their marks begun.
    started: usize,
    /// For group g and pair move m, at g · (pair moves) + m: the rare parts (indices in the
    /// rare list) marked.
    done: Vec<Range<usize>>,
}

/// Why a block stopped before its end.
enum Stop {
    /// A value does not fit the table's width.
    Overflow(u32),
    /// A value needs wider option tables.
    Widened,
}

impl Sparse {
    /// The state for `moves` with the table `values` already computed (empty for a fresh start).
    pub(super) fn new(moves: Moves, values: &Values) -> Sparse {
        let mut sparse = Sparse {
            moves,
            mask: 0,
            bits: 6,
            rare_table: Vec::new(),
            common_table: Vec::new(),
            rare_pos: Vec::new(),
            rare_val: Vec::new(),
            counts: Vec::new(),
            scratch: (Vec::new(), Vec::new()),
            ahead: Ahead::default(),
        };
        let max = values.iter().max().unwrap_or(0);
        while max >> sparse.bits != 0 {
            sparse.bits += 1;
        }
        sparse.counts = vec![0; 1 << sparse.bits];
        for v in values.iter().skip(1) {
            sparse.counts[v as usize] += 1;
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
        rare_under(self.mask, v)
    }

    /// The length of the option tables.
    fn width(&self) -> usize {
        1 << self.bits
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
    }

    /// Rebuilds the rare and common tables for the mask and the width in use.
    fn set_tables(&mut self) {
        self.rare_table = (0..self.width() as u32)
            .map(|v| u8::from(self.is_rare(v)))
            .collect();
        self.common_table = self.rare_table.iter().map(|&r| 1 - r).collect();
    }

    /// Rebuilds the tables and the list of rare positions for the mask in use.
    fn set_rare(&mut self, values: &Values) {
        self.set_tables();
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
        // On a worker of the pool, each block's first pass is split there, with no hand-off from
        // this thread to the pool and back (two context switches a block).
        rayon::scope(|_| self.extend_on_worker(values, len));
    }

    fn extend_on_worker(&mut self, values: &mut Values, len: usize) {
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
                (lo / 4)
                    .min(BLOCK)
                    .min((BLOCK_TABLES / self.width()).max(1))
                    .min((lo + 1).next_power_of_two() - lo)
            };
            let hi = (lo + block).min(len);
            // No marks ahead where the mask may change, where the next block is short, or
            // where their tables would outgrow this block's (few values a block: wide tables).
            let ahead_values = AHEAD_GROUPS * GROUP;
            let ahead =
                !hi.is_power_of_two() && hi + ahead_values <= len && hi - lo >= ahead_values;
            let result = match values {
                Values::U8(v) => self.block::<u8, u8>(&[], v, lo, hi, ahead),
                Values::U16 { narrow, wide } => self.block(narrow, wide, lo, hi, ahead),
                Values::U32(v) => self.block::<u32, u32>(&[], v, lo, hi, ahead),
            };
            if let Err(Stop::Overflow(value)) = result {
                values.reserve_value(value);
            }
        }
    }

    /// Computes G(lo..hi), or fewer when the tables must widen or a value needs a wider table,
    /// for a table in two parts: `narrow`, then `wide`, where the new values go; with `ahead`,
    /// a thread left without work marks ahead for a next block from hi.
    fn block<N: Value, W: Value + From<N>>(
        &mut self,
        narrow: &[N],
        wide: &mut Vec<W>,
        lo: usize,
        hi: usize,
        ahead: bool,
    ) -> Result<(), Stop> {
        let (mut seen, mut firsts) = std::mem::take(&mut self.scratch);
        // The first pass clears each table before it marks it.
        seen.resize(seen.len().max((hi - lo) * self.width()), 0);
        firsts.resize(firsts.len().max(hi - lo), 0);
        // The marks made ahead for this block, in its first groups' tables.
        let ahead_done = self.take_ahead(lo, hi, &mut seen);
        // Without marks ahead, none are kept: the tables are not held for nothing.
        let mut next = Ahead::default();
        if ahead {
            next = std::mem::take(&mut self.ahead);
            next.begin(hi, self.mask, self.width(), self.moves.pairs.len());
        }
        let lock = ahead.then(|| Mutex::new(&mut next));
        let tables = (&mut seen[..], &mut firsts[..]);
        let result = self.block_in(narrow, wide, lo, hi, tables, &ahead_done, lock.as_ref());
        self.scratch = (seen, firsts);
        self.ahead = next;
        result
    }

    /// The marks made ahead for a block from lo to hi, if they were made for it: copied into
    /// its first groups' tables in `seen`; returns what was marked (see [`Ahead::done`]).
    fn take_ahead(&self, lo: usize, hi: usize, seen: &mut [u8]) -> Vec<Range<usize>> {
        let (ahead, width) = (&self.ahead, self.width());
        if (ahead.n0, ahead.mask, ahead.width) != (lo, self.mask, width) {
            return Vec::new();
        }
        let groups = ahead.started.min((hi - lo) / GROUP);
        let bytes = groups * GROUP * width;
        seen[..bytes].copy_from_slice(&ahead.seen[..bytes]);
        ahead.done[..groups * self.moves.pairs.len()].to_vec()
    }

    /// [`Sparse::block`] with its option tables and its c's in `seen` and `firsts` (at least long
    /// enough), the marks made ahead for its first groups (`ahead_done`, see [`Ahead::done`])
    /// and those to make for the next block (`next`).
    #[allow(clippy::too_many_arguments)]
    fn block_in<N: Value, W: Value + From<N>>(
        &mut self,
        narrow: &[N],
        wide: &mut Vec<W>,
        lo: usize,
        hi: usize,
        (seen, firsts): (&mut [u8], &mut [u32]),
        ahead_done: &[Range<usize>],
        next: Option<&Mutex<&mut Ahead>>,
    ) -> Result<(), Stop> {
        let width = self.width();
        // The block's values go into `fresh`, after the known ones that the first passes read.
        let known_wide = lo - narrow.len();
        wide.resize(hi - narrow.len(), W::default());
        let (known_values, fresh) = wide.split_at_mut(known_wide);
        let known = Known {
            values: Parts::new(narrow, known_values),
            moves: &self.moves,
            rare_pos: &self.rare_pos,
            rare_val: &self.rare_val,
            rare_table: &self.rare_table,
            common_table: &self.common_table,
            mask: self.mask,
        };
        let groups = Groups::new(
            lo,
            &mut seen[..(hi - lo) * width],
            &mut firsts[..hi - lo],
            width,
            ahead_done.chunks(self.moves.pairs.len().max(1)),
        );
        let (bits, counts) = (&mut self.bits, &mut self.counts);
        let mut block_rare: Vec<usize> = Vec::new();
        let mut stop = None;
        let mut end = lo;
        rayon::scope(|scope| {
            for _ in 1..rayon::current_num_threads() {
                scope.spawn(|_| groups.help(&known, next));
            }
            // The helpers return when this ends, also if it panics.
            let _finish = Finish(&groups);
            for i in 0..groups.len() {
                let mut group = groups.wait(&known, i, next);
                let Group { seen, firsts, .. } = &mut *group;
                for (seen, &first) in seen.chunks_exact_mut(width).zip(firsts.iter()) {
                    let n = end;
                    let g = known.second_pass(&fresh[..n - lo], n, first, &block_rare, seen);
                    if g > W::MAX {
                        stop = Some(Stop::Overflow(g));
                        break;
                    }
                    fresh[n - lo] = W::narrow(g);
                    end += 1;
                    let widen = g >> *bits != 0;
                    if widen {
                        *bits += 1;
                        counts.resize(1 << *bits, 0);
                    }
                    counts[g as usize] += 1;
                    // Position 0 is never a part of a split (heaps left are non-empty).
                    if n >= 1 && rare_under(known.mask, g) {
                        block_rare.push(n);
                    }
                    if widen {
                        stop = Some(Stop::Widened);
                        break;
                    }
                }
                if stop.is_some() {
                    break;
                }
            }
        });
        wide.truncate(end - narrow.len());
        self.add_rare(Parts::new(narrow, wide), &block_rare);
        match stop {
            Some(Stop::Overflow(g)) => return Err(Stop::Overflow(g)),
            Some(Stop::Widened) => self.set_tables(),
            None => {}
        }
        Ok(())
    }

    fn add_rare<N: Value, W: Value>(&mut self, values: Parts<N, W>, positions: &[usize]) {
        for &p in positions {
            self.rare_pos.push(p as u32);
            self.rare_val.push(values.get(p));
        }
    }
}

/// One group's option tables and c's.
struct Group<'a> {
    /// The first n of the group.
    n0: usize,
    seen: &'a mut [u8],
    firsts: &'a mut [u32],
    /// The rare parts marked ahead, for each pair move (empty: none, the tables are to clear).
    done: &'a [Range<usize>],
}

/// A block's groups: their first passes are claimed in order by whichever thread is free, and
/// the sequential pass takes each group once its first pass is done.
struct Groups<'a> {
    groups: Vec<Mutex<Group<'a>>>,
    /// Group j's first pass is done.
    ready: Vec<AtomicBool>,
    /// The next group whose first pass no thread has claimed.
    next: AtomicUsize,
    /// The sequential pass is over.
    finished: AtomicBool,
}

impl<'a> Groups<'a> {
    /// The groups of [`GROUP`] consecutive n from `lo` on, their tables (`width` bytes each) in
    /// `seen`, their c's in `firsts`, and what the first ones have marked ahead (`done`).
    fn new(
        lo: usize,
        seen: &'a mut [u8],
        firsts: &'a mut [u32],
        width: usize,
        mut done: impl Iterator<Item = &'a [Range<usize>]>,
    ) -> Self {
        let groups: Vec<_> = seen
            .chunks_mut(GROUP * width)
            .zip(firsts.chunks_mut(GROUP))
            .enumerate()
            .map(|(j, (seen, firsts))| {
                let n0 = lo + j * GROUP;
                let done = done.next().unwrap_or(&[]);
                Mutex::new(Group {
                    n0,
                    seen,
                    firsts,
                    done,
                })
            })
            .collect();
        Groups {
            ready: groups.iter().map(|_| AtomicBool::new(false)).collect(),
            groups,
            next: AtomicUsize::new(0),
            finished: AtomicBool::new(false),
        }
    }

    fn len(&self) -> usize {
        self.groups.len()
    }

    /// A group whose first pass is for the caller to do, if one is left.
    fn claim(&self) -> Option<usize> {
        let j = self.next.fetch_add(1, Ordering::Relaxed);
        (j < self.len()).then_some(j)
    }

    /// What the threads other than the sequential pass's do: first passes while groups are left,
    /// then wait for the block to end. Waiting awake keeps the thread ready for the next block's
    /// first passes: rayon soon puts a thread that finds no work to sleep, and waking it for the
    /// next block's spawn takes longer than the wait.
    fn help<N: Value, W: Value + From<N>>(
        &self,
        known: &Known<N, W>,
        next: Option<&Mutex<&mut Ahead>>,
    ) {
        while let Some(j) = self.claim() {
            self.first_pass(known, j);
        }
        // One thread at a time marks ahead for the next block.
        if let Some(Ok(mut ahead)) = next.map(Mutex::try_lock) {
            ahead.mark(known, || self.finished.load(Ordering::Acquire));
        }
        while !self.finished.load(Ordering::Acquire) {
            std::thread::yield_now();
        }
    }

    /// Does the first pass of group j (claimed by the caller).
    fn first_pass<N: Value, W: Value + From<N>>(&self, known: &Known<N, W>, j: usize) {
        let mut group = self.groups[j].lock().expect("no first pass panics");
        let Group {
            n0,
            seen,
            firsts,
            done,
        } = &mut *group;
        known.first_pass(*n0, seen, firsts, done);
        self.ready[j].store(true, Ordering::Release);
    }

    /// Group i, its first pass done: while another thread does it, the caller does the first
    /// passes of the groups left, then marks ahead for the next block.
    fn wait<N: Value, W: Value + From<N>>(
        &self,
        known: &Known<N, W>,
        i: usize,
        next: Option<&Mutex<&mut Ahead>>,
    ) -> MutexGuard<'_, Group<'a>> {
        let ready = || self.ready[i].load(Ordering::Acquire);
        while !ready() {
            match self.claim() {
                Some(j) => self.first_pass(known, j),
                // A first pass that panicked poisoned its group's lock and never made it ready.
                None if self.groups[i].is_poisoned() => panic!("a first pass panicked"),
                None => match next.map(Mutex::try_lock) {
                    Some(Ok(mut ahead)) => ahead.mark(known, ready),
                    _ => std::thread::yield_now(),
                },
            }
        }
        self.groups[i].lock().expect("no first pass panics")
    }
}

/// Ends a block's sequential pass when dropped: no more groups are claimed (the block may stop
/// early) and the helpers return.
struct Finish<'g, 'a>(&'g Groups<'a>);

impl Drop for Finish<'_, '_> {
    fn drop(&mut self) {
        let groups = self.0;
        groups.next.store(groups.len(), Ordering::Relaxed);
        groups.finished.store(true, Ordering::Release);
    }
}

/// What both passes read: the values below lo, the moves, and the rare positions and tables of
/// the mask in use (the sequential pass is given the block's own values beside).
struct Known<'a, N, W> {
    values: Parts<'a, N, W>,
    moves: &'a Moves,
    rare_pos: &'a [u32],
    rare_val: &'a [u32],
    rare_table: &'a [u8],
    common_table: &'a [u8],
    /// The mask in use (0: every value rare, every split marked as rare × any).
    mask: u32,
}

impl<N: Value, W: Value + From<N>> Known<'_, N, W> {
    /// Marks the options of the n in `n0..n0 + firsts.len()` that read only G(0..lo) in their
    /// tables (`seen`, one after the other): zero options, one-heap options, splits with a rare
    /// part; then hunts the rare values below c among the splits whose parts are both below lo.
    /// Sets each n's c in `firsts`. `done`: for each pair move, the rare parts already marked
    /// ahead in `seen`; if empty, `seen` is cleared first.
    fn first_pass(&self, n0: usize, seen: &mut [u8], firsts: &mut [u32], done: &[Range<usize>]) {
        let lo = self.values.len();
        let n1 = n0 + firsts.len();
        let width = seen.len() / firsts.len();
        let g = |m: usize| self.values.get(m);
        if done.is_empty() {
            seen.fill(0);
        }
        for (n, seen) in (n0..n1).zip(seen.chunks_exact_mut(width)) {
            if self.moves.zero.contains(&n) {
                seen[0] = 1;
            }
            for &k in &self.moves.equal {
                if n >= k + 2 && (n - k) % 2 == 0 {
                    seen[0] = 1;
                }
            }
            for &k in &self.moves.one {
                if n > k && n - k < lo {
                    seen[g(n - k) as usize] = 1;
                }
            }
        }
        for (m, &(k, unequal)) in self.moves.pairs.iter().enumerate() {
            let rare = self.rare_parts(n0, n1, k);
            match done.get(m) {
                Some(done) => {
                    debug_assert!(rare.start <= done.start && done.end <= rare.end);
                    self.mark_rare(n0, n1, k, unequal, rare.start..done.start, seen);
                    self.mark_rare(n0, n1, k, unequal, done.end..rare.end, seen);
                }
                None => self.mark_rare(n0, n1, k, unequal, rare, seen),
            }
        }
        for ((n, seen), first) in (n0..n1).zip(seen.chunks_exact_mut(width)).zip(firsts) {
            let c = first_clear(seen, self.rare_table, 0) as u32;
            *first = c;
            if self.mask == 0 {
                continue;
            }
            for &(k, unequal) in &self.moves.pairs {
                if n >= k + 2 {
                    let s = n - k;
                    let from = (s + 1).saturating_sub(lo).max(1);
                    let splits = pairs::splits(self.values, s, from, last_split(s, unequal));
                    hunt(splits, seen, self.common_table, 0, c);
                }
            }
        }
    }

    /// Adds the options of n that read the block's values G(lo..n) (`fresh`), finishes the hunt,
    /// returns G(n). `first` is the smallest unseen common value after the first pass: every rare
    /// value below it that is still unseen has no split with both parts below lo.
    fn second_pass(
        &self,
        fresh: &[W],
        n: usize,
        first: u32,
        block_rare: &[usize],
        seen: &mut [u8],
    ) -> u32 {
        let lo = self.values.len();
        let g = |m: usize| match m.checked_sub(lo) {
            None => self.values.get(m),
            Some(i) => fresh[i].into(),
        };
        for &k in &self.moves.one {
            if n > k && n - k >= lo {
                seen[g(n - k) as usize] = 1;
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
                seen[(va ^ g(s - a as usize)) as usize] = 1;
            }
            // A rare part b in the block: the other part s − b is small.
            for &b in block_rare.iter().take_while(|&&b| b < s) {
                seen[(g(s - b) ^ g(b)) as usize] = 1;
            }
        }
        // The smallest unseen common value: the hunts below find no new one (every split with a
        // rare part is marked already).
        let c = first_clear(seen, self.rare_table, 0);
        let mut rare = first_clear(seen, self.common_table, 0);
        if self.mask != 0 && rare < c {
            // The splits with a part in the block, for every rare value below c still unseen.
            for &(k, unequal) in &self.moves.pairs {
                if n >= k + 2 && n - k > lo {
                    let s = n - k;
                    let to = (s - lo).min(last_split(s, unequal));
                    let splits = splits_into_block(self.values, fresh, s, to);
                    hunt(splits, seen, self.common_table, 0, c as u32);
                }
            }
            // The first pass looked for the rare values below `first` only.
            if first_clear(seen, self.common_table, first as usize) < c {
                for &(k, unequal) in &self.moves.pairs {
                    if n >= k + 2 {
                        let s = n - k;
                        let from = (s + 1).saturating_sub(lo).max(1);
                        let splits = pairs::splits(self.values, s, from, last_split(s, unequal));
                        hunt(splits, seen, self.common_table, first, c as u32);
                    }
                }
            }
            rare = first_clear(seen, self.common_table, rare);
        }
        // The mex: the smaller of the smallest unseen rare and common values.
        rare.min(c) as u32
    }

    /// Marks, for every n in n0..n1, the splits (r, s − r) of s = n − k with r rare and s − r
    /// below lo. Rare part by rare part: the other parts of consecutive n are consecutive, so
    /// the inner loop reads the value table in order and writes one table per n; two rare parts
    /// whose other parts fill the group from one part of the table share a loop. `rare`: the
    /// rare parts to mark, as indices in the rare list (within [`Known::rare_parts`]).
    fn mark_rare(
        &self,
        n0: usize,
        n1: usize,
        k: usize,
        unequal: bool,
        rare: Range<usize>,
        seen: &mut [u8],
    ) {
        let lo = self.values.len();
        let width = seen.len() / (n1 - n0);
        // Rare parts whose other parts fill the group from one part of the table are marked two
        // at a time (one pass over the tables for both); the first of a pair waits here.
        let mut narrow_waiting: Option<(&[N], u32)> = None;
        let mut wide_waiting: Option<(&[W], u32)> = None;
        for (&r, &v) in self.rare_pos[rare.clone()].iter().zip(&self.rare_val[rare]) {
            let r = r as usize;
            // The n with r < n − k < r + lo.
            let start = n0.max(r + k + 1);
            let end = n1.min(r + k + lo);
            let equal = 2 * r + k;
            let excluded = unequal && (start..end).contains(&equal);
            if start == n0 && end == n1 && !excluded {
                match self.values.range(start - k - r..end - k - r) {
                    (narrow, []) => {
                        match narrow_waiting.take() {
                            Some(first) => mark_two(seen, width, first, (narrow, v)),
                            None => narrow_waiting = Some((narrow, v)),
                        }
                        continue;
                    }
                    ([], wide) => {
                        match wide_waiting.take() {
                            Some(first) => mark_two(seen, width, first, (wide, v)),
                            None => wide_waiting = Some((wide, v)),
                        }
                        continue;
                    }
                    // Across the two parts of the table: marked alone, below.
                    _ => {}
                }
            }
            let mut mark = |start: usize, end: usize| {
                // The other parts in the narrow part of the table, then in the wide part.
                let (narrow, wide) = self.values.range(start - k - r..end - k - r);
                if !narrow.is_empty() {
                    mark_run(seen, width, (start - n0) * width, narrow, v);
                }
                if !wide.is_empty() {
                    let wide_start = start + narrow.len();
                    mark_run(seen, width, (wide_start - n0) * width, wide, v);
                }
            };
            // Without the split (r, r) if it is not allowed.
            if excluded {
                mark(start, equal);
                mark(equal + 1, end);
            } else if start < end {
                mark(start, end);
            }
        }
        if let Some((others, v)) = narrow_waiting {
            mark_run(seen, width, 0, others, v);
        }
        if let Some((others, v)) = wide_waiting {
            mark_run(seen, width, 0, others, v);
        }
    }

    /// The rare parts r (indices in the rare list) that have splits (r, s − r) of an s = n − k,
    /// n in n0..n1, with s − r below lo: r < s ≤ n1 − 1 − k and r > s − lo ≥ n0 − k − lo.
    fn rare_parts(&self, n0: usize, n1: usize, k: usize) -> Range<usize> {
        let lo = self.values.len();
        let from = self
            .rare_pos
            .partition_point(|&r| r as usize + lo + k <= n0);
        let to = self
            .rare_pos
            .partition_point(|&r| (r as usize) + k + 1 < n1);
        from..to
    }

    /// The rare parts (indices in the rare list) whose splits fill the group n0..n1 from below
    /// lo: r < n − k and n − k − r < lo for every n of the group, that is r in
    /// [n1 − k − lo, n0 − k).
    fn rare_parts_filling(&self, n0: usize, n1: usize, k: usize) -> Range<usize> {
        let lo = self.values.len();
        let from = self
            .rare_pos
            .partition_point(|&r| (r as usize) + k + lo < n1);
        let to = self.rare_pos.partition_point(|&r| (r as usize) + k < n0);
        from..to.max(from)
    }
}

impl Ahead {
    /// Starts the marks ahead for a block from n0.
    fn begin(&mut self, n0: usize, mask: u32, width: usize, pair_moves: usize) {
        self.n0 = n0;
        self.mask = mask;
        self.width = width;
        self.started = 0;
        self.seen.resize(AHEAD_GROUPS * GROUP * width, 0);
        self.done.resize(AHEAD_GROUPS * pair_moves, 0..0);
    }

    /// Marks, group after group and rare part after rare part, the splits with a rare part of
    /// the next block's first groups whose other parts are below lo for every n, until all are
    /// marked or `stop()`.
    fn mark<N: Value, W: Value + From<N>>(&mut self, known: &Known<N, W>, stop: impl Fn() -> bool) {
        let moves = &known.moves.pairs;
        let bytes = GROUP * self.width;
        for (g, tables) in self.seen.chunks_exact_mut(bytes).enumerate() {
            let n0 = self.n0 + g * GROUP;
            let n1 = n0 + GROUP;
            let done = &mut self.done[g * moves.len()..(g + 1) * moves.len()];
            if g == self.started {
                tables.fill(0);
                for (done, &(k, _)) in done.iter_mut().zip(moves) {
                    let start = known.rare_parts_filling(n0, n1, k).start;
                    *done = start..start;
                }
                self.started += 1;
            }
            for (done, &(k, unequal)) in done.iter_mut().zip(moves) {
                let filling = known.rare_parts_filling(n0, n1, k);
                while done.end < filling.end {
                    if stop() {
                        return;
                    }
                    let end = (done.end + AHEAD_CHUNK).min(filling.end);
                    known.mark_rare(n0, n1, k, unequal, done.end..end, tables);
                    done.end = end;
                }
            }
        }
    }
}

/// [`mark_run`] for two rare parts at once, their other parts (`a.0`, `b.0`, as long) filling
/// the tables from the first.
#[inline(always)]
fn mark_two<T: Value>(seen: &mut [u8], width: usize, a: (&[T], u32), b: (&[T], u32)) {
    macro_rules! by_width {
        ($($bits:literal)*) => {
            match width.trailing_zeros() {
                $($bits => mark_tables_two::<T, { 1 << $bits }>(seen, a, b),)*
                _ => {
                    mark_run(seen, width, 0, a.0, a.1);
                    mark_run(seen, width, 0, b.0, b.1);
                }
            }
        };
    }
    by_width!(6 7 8 9 10 11 12 13 14 15 16);
}

/// [`mark_two`] for tables of `W` bytes. Not inlined: in its callers the loop runs short of
/// registers.
#[inline(never)]
fn mark_tables_two<T: Value, const W: usize>(seen: &mut [u8], a: (&[T], u32), b: (&[T], u32)) {
    let tables = seen.chunks_exact_mut(W).zip(a.0.iter().zip(b.0));
    for (table, (&x, &y)) in tables {
        let table: &mut [u8; W] = table.try_into().expect("a table");
        table[(a.1 ^ x.into()) as usize % W] = 1;
        table[(b.1 ^ y.into()) as usize % W] = 1;
    }
}

/// Sets byte v ⊕ `others[i]` of the i-th table for each i, the tables `width` bytes apart in `seen`
/// from byte `start` on.
#[inline(always)]
fn mark_run<T: Value>(seen: &mut [u8], width: usize, start: usize, others: &[T], v: u32) {
    let tables = &mut seen[start..start + others.len() * width];
    // A table width known at compile time makes each mark a load, a XOR, an AND and a store.
    macro_rules! by_width {
        ($($bits:literal)*) => {
            match width.trailing_zeros() {
                $($bits => mark_tables::<T, { 1 << $bits }>(tables, others, v),)*
                // Tables wider than 2^16 (values beyond 65535), with bounds checks.
                _ => {
                    for (table, &other) in tables.chunks_exact_mut(width).zip(others) {
                        table[(v ^ other.into()) as usize] = 1;
                    }
                }
            }
        };
    }
    by_width!(6 7 8 9 10 11 12 13 14 15 16);
}

/// [`mark_run`] for tables of `W` bytes (a power of two above every value). Not inlined, as
/// [`mark_tables_two`].
#[inline(never)]
fn mark_tables<T: Value, const W: usize>(tables: &mut [u8], others: &[T], v: u32) {
    for (table, &other) in tables.chunks_exact_mut(W).zip(others) {
        // Optimised away: every chunk is W long.
        let table: &mut [u8; W] = table.try_into().expect("a table");
        // The value is below W: the remainder only tells the compiler so (no bounds check).
        table[(v ^ other.into()) as usize % W] = 1;
    }
}

/// The splits (a, s − a) with a in 1..=to whose large part is in the block: the small parts
/// from `known` (G(0..lo)), the large parts G(s − to..s) from `fresh` (G(lo..)), as the
/// stretches of [`pairs::splits`] (s − to ≥ lo).
#[allow(clippy::type_complexity)]
fn splits_into_block<'a, N: Value, W: Value>(
    known: Parts<'a, N, W>,
    fresh: &'a [W],
    s: usize,
    to: usize,
) -> (Splits<'a, N, W>, Splits<'a, N, N>, Splits<'a, W, W>) {
    let lo = known.len();
    let (narrow, wide) = known.range(1..to + 1);
    // Split i pairs small part i with large part len − 1 − i: the narrow small parts come first.
    let (for_wide, for_narrow) = fresh[s - to - lo..s - lo].split_at(wide.len());
    (
        Splits::new(narrow, for_narrow),
        Splits::new(&[], &[]),
        Splits::new(wide, for_wide),
    )
}

/// Hunts the unseen rare values in [low, high) among `splits` (the stretches of
/// [`pairs::splits`]), marking each one found in `seen`, until none is left or the splits run
/// out. `common` marks the common values. The option values are computed in the table's wide
/// type W.
fn hunt<N: Value, W: Value + From<N>>(
    (narrow_wide, narrow, wide): (Splits<N, W>, Splits<N, N>, Splits<W, W>),
    seen: &mut [u8],
    common: &[u8],
    low: u32,
    high: u32,
) {
    let high = (high as usize).min(seen.len());
    let mut hunt = Hunt::<W> {
        seen,
        common,
        low: low as usize,
        high,
        wanted: None,
    };
    // The part types named: the bound W: From<N> would otherwise decide them.
    hunt.among::<N, W>(narrow_wide);
    hunt.among::<N, N>(narrow);
    hunt.among::<W, W>(wide);
}

/// A hunt (see [`hunt`]) as it goes from one stretch of splits to the next.
struct Hunt<'a, X> {
    seen: &'a mut [u8],
    common: &'a [u8],
    /// The values hunted: the unseen rare ones in low..high.
    low: usize,
    high: usize,
    /// The values still wanted and how many, once at most [`MAX_WANTED`] are; before that, every
    /// split is marked.
    wanted: Option<([X; MAX_WANTED], usize)>,
}

impl<X: Value> Hunt<'_, X> {
    /// Goes on with the hunt among `splits`.
    #[inline]
    fn among<L: Value, H: Value>(&mut self, splits: Splits<L, H>)
    where
        X: From<L> + From<H>,
    {
        if !splits.is_empty() && self.wanted.is_none_or(|(_, count)| count > 0) {
            hunt_among(self, splits);
        }
    }

    /// The unseen rare values in low..high (at most [`MAX_WANTED`]) and how many.
    #[inline(always)]
    fn missing(&self) -> ([X; MAX_WANTED], usize) {
        let mut wanted = [X::default(); MAX_WANTED];
        let mut count = 0;
        let mut v = first_clear(self.seen, self.common, self.low);
        while v < self.high {
            // v < seen.len() = 2^bits, and every value so far fits X: so does v.
            wanted[count] = X::narrow(v as u32);
            count += 1;
            v = first_clear(self.seen, self.common, v + 1);
        }
        (wanted, count)
    }
}

/// [`Hunt::among`]: marks every split while more values are missing than the kernel takes, then
/// looks for the wanted ones with the kernel ([`pairs::first_hits_dispatched`]), a chunk of
/// splits at a time, taking every value found in the chunk. Compiled a second time for AVX2 (the
/// marking and the counts use its wider vectors); a table of one width has one copy for all its
/// stretches.
#[multiversion(targets("x86_64+avx2"))]
fn hunt_among<L: Value, H: Value, X: Value + From<L> + From<H>>(
    hunt: &mut Hunt<X>,
    mut splits: Splits<L, H>,
) {
    // Many values are missing at first, and most turn up within the first few hundred splits:
    // mark every split, a chunk at a time, while more are missing than the kernel takes.
    if hunt.wanted.is_none() {
        while count_clear(hunt.seen, hunt.common, hunt.low, hunt.high) > MAX_WANTED {
            // A count costs about as much as a chunk, and a chunk too many is cheaper than a count.
            for _ in 0..CHUNKS_BETWEEN_COUNTS {
                if splits.len() < CHUNK {
                    for i in 0..splits.len() {
                        hunt.seen[splits.value::<X>(i).into() as usize] = 1;
                    }
                    return;
                }
                pairs::mark_chunk::<L, H, X>(splits, hunt.seen);
                splits = splits.skip(CHUNK);
            }
        }
        hunt.wanted = Some(hunt.missing());
    }
    let (wanted, count) = hunt.wanted.as_mut().expect("set above");
    while *count > 0 {
        let Some((start, mut lanes)) = pairs::first_hits_dispatched(splits, &wanted[..*count])
        else {
            return;
        };
        // Each value found is wanted no more (a value may hit in several lanes).
        while lanes != 0 {
            let x = splits.value::<X>(start + lanes.trailing_zeros() as usize);
            lanes &= lanes - 1;
            if let Some(j) = wanted[..*count].iter().position(|&w| w == x) {
                hunt.seen[x.into() as usize] = 1;
                wanted.swap(j, *count - 1);
                *count -= 1;
            }
        }
        splits = splits.skip((start + CHUNK).min(splits.len()));
    }
}

/// How many i in [low, high) have both `seen[i]` and `also[i]` 0 (every byte of both is 0 or 1).
#[inline(always)]
fn count_clear(seen: &[u8], also: &[u8], low: usize, high: usize) -> usize {
    let (seen, also) = (&seen[low..high], &also[low..high]);
    // Every byte is 0 or 1: count the ones. No early exit and no overflow check (release builds
    // keep them; the tables are far shorter than 2^32): LLVM adds a vector of bytes at a time.
    let set = seen
        .iter()
        .zip(also)
        .fold(0u32, |count, (&s, &a)| count.wrapping_add(u32::from(s | a)));
    seen.len() - set as usize
}

/// Bytes i..i + 8 as one word.
fn word(bytes: &[u8], i: usize) -> u64 {
    u64::from_le_bytes(bytes[i..i + 8].try_into().expect("8 bytes"))
}

/// Byte 1 in every byte of a word.
const ONES: u64 = 0x0101_0101_0101_0101;

/// The first i ≥ `from` where both `seen[i]` and `also[i]` are 0 (every byte of both is 0 or 1,
/// and both are a multiple of 8 long); `seen.len()` if there is none.
fn first_clear(seen: &[u8], also: &[u8], from: usize) -> usize {
    let mut i = from - from % 8;
    // The bytes below `from` in its word do not count.
    let mut skip = !0u64 << (8 * (from % 8));
    while i < seen.len() {
        let clear = !(word(seen, i) | word(also, i)) & ONES & skip;
        if clear != 0 {
            return i + clear.trailing_zeros() as usize / 8;
        }
        skip = !0;
        i += 8;
    }
    seen.len()
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

    /// The state beside the values G(0..len) of `code`, and what the first passes read with the
    /// values below `lo` (≤ len) known, the rare positions cut there.
    fn known_at<'a>(sparse: &'a Sparse, all: &'a [u32], lo: usize) -> Known<'a, u32, u32> {
        let rare = sparse.rare_pos.partition_point(|&r| (r as usize) < lo);
        Known {
            values: Parts::new(&[], &all[..lo]),
            moves: &sparse.moves,
            rare_pos: &sparse.rare_pos[..rare],
            rare_val: &sparse.rare_val[..rare],
            rare_table: &sparse.rare_table,
            common_table: &sparse.common_table,
            mask: sparse.mask,
        }
    }

    #[test]
    fn marks_made_ahead_leave_the_first_passes_as_they_were() {
        // Marks ahead with the values below 3000 for the groups of a block from 3512, whole
        // and cut short, then that block's first passes with the values below 3512.
        for code in ["0.6", "4!.0", "0.16"] {
            let rules: TakeAndBreak = code.parse().unwrap();
            let all = sparse(code, 4000);
            let (lo, next) = (3000, 3512);
            let state = Sparse::new(
                Moves::of(&rules).unwrap(),
                &Values::U32(all[..next].to_vec()),
            );
            let (before, known) = (known_at(&state, &all, lo), known_at(&state, &all, next));
            let (width, moves) = (state.width(), state.moves.pairs.len());
            let mut ahead = Ahead::default();
            ahead.begin(next, state.mask, width, moves);
            ahead.mark(&before, || false);
            assert_eq!(ahead.started, AHEAD_GROUPS, "{code}");
            assert!(ahead.done.iter().all(|done| done.len() >= 10), "{code}");
            let tables = ahead.seen.chunks_exact(GROUP * width);
            for (g, (tables, done)) in tables.zip(ahead.done.chunks(moves)).enumerate() {
                let n0 = next + g * GROUP;
                let mut plain = (vec![1u8; GROUP * width], vec![0u32; GROUP]);
                known.first_pass(n0, &mut plain.0, &mut plain.1, &[]);
                let mut whole = (tables.to_vec(), vec![0u32; GROUP]);
                known.first_pass(n0, &mut whole.0, &mut whole.1, done);
                assert!(whole == plain, "{code}, group {g}");
                // Marks ahead cut short: the first third of each move's rare parts.
                let mut part = (vec![0u8; GROUP * width], vec![0u32; GROUP]);
                let cut: Vec<_> = done
                    .iter()
                    .zip(&state.moves.pairs)
                    .map(|(done, &(k, unequal))| {
                        let cut = done.start..done.start + done.len() / 3;
                        before.mark_rare(n0, n0 + GROUP, k, unequal, cut.clone(), &mut part.0);
                        cut
                    })
                    .collect();
                known.first_pass(n0, &mut part.0, &mut part.1, &cut);
                assert!(part == plain, "{code}, group {g}, cut short");
            }
        }
    }

    #[test]
    fn any_number_of_threads_gives_the_oracle_s_values() {
        // More threads than cores make the claims of first passes race; the set of 1 to 300
        // widens its tables and then its value table (G(n) = n mod 301), stopping blocks early.
        let set = (1..=300).map(|k| k.to_string()).collect::<Vec<_>>();
        let set = format!("{{{}}}", set.join(","));
        for code in ["0.6", "4!.0", "0.16", set.as_str()] {
            let rules: TakeAndBreak = code.parse().unwrap();
            let oracle = naive::values(&rules, 2999);
            for threads in [1, 2, 4] {
                let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build();
                let values = pool.unwrap().install(|| sparse(code, 3000));
                assert_eq!(values, oracle, "{code} on {threads} threads");
            }
        }
    }

    #[test]
    fn mark_run_and_mark_two_mark_one_byte_per_table_and_part_at_every_width() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
        for bits in 6..=18 {
            let width = 1usize << bits;
            let v = rng.random_range(0..width as u32);
            let others: Vec<u32> = (0..5).map(|_| rng.random_range(0..width as u32)).collect();
            let mut seen = vec![0u8; 7 * width];
            mark_run(&mut seen, width, width, &others, v);
            let mut expected = vec![0u8; 7 * width];
            for (i, &other) in others.iter().enumerate() {
                expected[(i + 1) * width + (v ^ other) as usize] = 1;
            }
            assert!(seen == expected, "width {width}");
            // Two rare parts at once, from the first table on.
            let u = rng.random_range(0..width as u32);
            let more: Vec<u32> = (0..5).map(|_| rng.random_range(0..width as u32)).collect();
            mark_two(&mut seen, width, (&others, v), (&more, u));
            for (i, (&x, &y)) in others.iter().zip(&more).enumerate() {
                expected[i * width + (v ^ x) as usize] = 1;
                expected[i * width + (u ^ y) as usize] = 1;
            }
            assert!(seen == expected, "two at width {width}");
        }
    }

    #[test]
    fn first_clear_finds_the_first_byte_clear_in_both() {
        let mut seen = vec![1u8; 128];
        let mut also = vec![0u8; 128];
        assert_eq!(first_clear(&seen, &also, 0), 128);
        for clear in [0, 5, 31, 32, 63, 64, 70, 127] {
            seen[clear] = 0;
            assert_eq!(first_clear(&seen, &also, 0), clear);
            assert_eq!(first_clear(&seen, &also, clear), clear);
            assert_eq!(first_clear(&seen, &also, clear + 1), 128);
            also[clear] = 1;
            assert_eq!(first_clear(&seen, &also, 0), 128);
            also[clear] = 0;
            seen[clear] = 1;
        }
    }
}
