//! The kernel of the common × common search: the first chunk of splits (a, s − a) in which
//! some option value G(a) ⊕ G(s − a) is one of a few wanted values, and which splits of the
//! chunk have one.
//!
//! The splits of s are read in stretches of consecutive a ([`Splits`]) in which each part comes
//! from one slice of the value table, whose two parts may differ in width (one byte a value below
//! the first value above 255, two from there: see [`Parts`]). [`splits`] cuts a range of splits
//! into at most three stretches: small and large parts both narrow, small narrow and large wide,
//! both wide. In each stretch the option values are computed in lanes of one type X, the table's
//! wide type (`u8` lanes for a table of bytes, `u16` for a table in two parts).
//!
//! [`first_hits`] reads a stretch [`CHUNK`] splits at a time: `CHUNK` small parts G(a),
//! G(a + 1), … and the `CHUNK` large parts G(s − a), G(s − a − 1), … (one slice read backwards),
//! their XOR lane by lane, then one comparison of every lane with each wanted value, the number of
//! wanted values fixed at compile time (1, 2, 4 or 8; a list is padded with a repeat). A chunk
//! has no early exit, so LLVM turns it into vector instructions over `u8` or `u16` lanes. It
//! gives every lane of the chunk that hit, so that the caller takes each value found there at
//! once, with no second pass over the chunk. Where the machine has AVX2,
//! [`first_hits_dispatched`] runs the same kernel written with AVX2 instructions instead
//! ([`avx2`]: 32 splits a vector of bytes, the hits of a chunk one `movemask`).
//! [`first_hits_plain`] is the reference version, one split at a time, that the tests compare
//! both with.

use super::store::{Parts, Value};

/// `$kernel::<L, H, X, K>(splits, wanted padded to K)` for the K that the number of wanted values
/// rounds up to (1, 2, 4 or 8), or the plain search past [`MAX_WANTED`]: one dispatch for
/// both kernels.
macro_rules! by_wanted_count {
    ($kernel:ident, $splits:expr, $wanted:expr) => {{
        let (splits, wanted) = ($splits, $wanted);
        match wanted.len() {
            0 => None,
            1 => $kernel::<L, H, X, 1>(splits, &padded(wanted)),
            2 => $kernel::<L, H, X, 2>(splits, &padded(wanted)),
            3..=4 => $kernel::<L, H, X, 4>(splits, &padded(wanted)),
            5..=MAX_WANTED => $kernel::<L, H, X, 8>(splits, &padded(wanted)),
            _ => first_hits_plain(splits, wanted),
        }
    }};
}

#[cfg(target_arch = "x86_64")]
pub(super) mod avx2;

/// Splits compared together.
pub(super) const CHUNK: usize = 32;

/// The most wanted values [`first_hits`] takes at once.
pub(super) const MAX_WANTED: usize = 8;

/// Splits (a, s − a) of one s for consecutive a, each part read from one slice: split i has the
/// small part `low[i]` and the large part `high[len − 1 − i]` (the large parts G(s − a) are
/// stored in increasing order of s − a, so read backwards).
#[derive(Debug)]
pub(super) struct Splits<'a, L, H> {
    low: &'a [L],
    high: &'a [H],
}

// Derived, these would ask L and H to be Copy too.
impl<L, H> Clone for Splits<'_, L, H> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<L, H> Copy for Splits<'_, L, H> {}

impl<'a, L: Value, H: Value> Splits<'a, L, H> {
    /// The splits pairing `low[i]` with `high[len − 1 − i]`.
    ///
    /// # Panics
    /// If the slices differ in length.
    pub(super) fn new(low: &'a [L], high: &'a [H]) -> Self {
        assert_eq!(low.len(), high.len(), "one large part for each small part");
        Splits { low, high }
    }

    /// How many splits.
    pub(super) fn len(self) -> usize {
        self.low.len()
    }

    /// Whether there are none.
    pub(super) fn is_empty(self) -> bool {
        self.low.is_empty()
    }

    /// The option value of split i, in lanes of type X.
    #[inline(always)]
    pub(super) fn value<X: Value + From<L> + From<H>>(self, i: usize) -> X {
        X::from(self.low[i]) ^ X::from(self.high[self.len() - 1 - i])
    }

    /// The splits from split i on.
    #[inline(always)]
    pub(super) fn skip(self, i: usize) -> Self {
        Splits {
            low: &self.low[i..],
            high: &self.high[..self.len() - i],
        }
    }

    /// The parts of splits i..i + `CHUNK`: small parts in order, large parts backwards.
    #[inline(always)]
    fn chunk(self, i: usize) -> (&'a [L; CHUNK], &'a [H; CHUNK]) {
        let end = self.len() - i;
        let low = self.low[i..i + CHUNK].try_into().expect("a chunk");
        let high = self.high[end - CHUNK..end].try_into().expect("a chunk");
        (low, high)
    }
}

/// The splits (a, s − a) with a in `from..=to` (a ≤ s − a, s − from < `table.len()`), as three
/// stretches in increasing a: small part narrow and large part wide, then both narrow, then both
/// wide (the last two are never both non-empty: a ≤ s − a, so a wide small part has a wide
/// large part).
#[allow(clippy::type_complexity)]
#[inline]
pub(super) fn splits<'a, N: Value, W: Value>(
    table: Parts<'a, N, W>,
    s: usize,
    from: usize,
    to: usize,
) -> (Splits<'a, N, W>, Splits<'a, N, N>, Splits<'a, W, W>) {
    let (w, end) = (table.boundary(), to + 1);
    // The large part s − a is narrow from a = s + 1 − w on.
    let high_narrow = (s + 1).saturating_sub(w);
    let cut = |start: usize, stop: usize| if start < stop { start..stop } else { 0..0 };
    let (narrow_wide, narrow, wide) = (
        cut(from, end.min(w).min(high_narrow)),
        cut(from.max(high_narrow), end.min(w)),
        cut(from.max(w), end),
    );
    // The large parts of the splits with a in `small`, in increasing order.
    let large = |small: &std::ops::Range<usize>| {
        if small.is_empty() {
            0..0
        } else {
            s + 1 - small.end..s + 1 - small.start
        }
    };
    (
        Splits::new(
            table.range(narrow_wide.clone()).0,
            table.range(large(&narrow_wide)).1,
        ),
        Splits::new(table.range(narrow.clone()).0, table.range(large(&narrow)).0),
        Splits::new(table.range(wide.clone()).1, table.range(large(&wide)).1),
    )
}

/// The first chunk of `splits` (splits i..i + [`CHUNK`], i a multiple of `CHUNK`; the last
/// chunk may be shorter) in which some split's option value is in `wanted` (at most
/// [`MAX_WANTED`] values): its i and the lanes that are (bit j: split i + j). Costs about
/// `splits.len()`/`CHUNK` · (3 + |wanted| rounded up to a power of two) vector operations when
/// no split matches.
#[inline(always)]
pub(super) fn first_hits<L: Value, H: Value, X: Value + From<L> + From<H>>(
    splits: Splits<L, H>,
    wanted: &[X],
) -> Option<(usize, u32)> {
    by_wanted_count!(hits_of, splits, wanted)
}

/// [`first_hits`], with AVX2 instructions where the machine has them ([`avx2::first_hits`]).
pub(super) fn first_hits_dispatched<L: Value, H: Value, X: Value + From<L> + From<H>>(
    splits: Splits<L, H>,
    wanted: &[X],
) -> Option<(usize, u32)> {
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("avx2") {
        // SAFETY: avx2::first_hits needs AVX2 only, and the machine has it.
        #[allow(unsafe_code)]
        return unsafe { avx2::first_hits(splits, wanted) };
    }
    first_hits(splits, wanted)
}

/// `wanted` (not empty) padded to K values with a repeat of its last.
#[inline(always)]
fn padded<X: Value, const K: usize>(wanted: &[X]) -> [X; K] {
    std::array::from_fn(|i| wanted[i.min(wanted.len() - 1)])
}

#[inline(always)]
fn hits_of<L: Value, H: Value, X: Value + From<L> + From<H>, const K: usize>(
    splits: Splits<L, H>,
    wanted: &[X; K],
) -> Option<(usize, u32)> {
    first_chunk_hit(splits, wanted, |i| {
        let (low, high) = splits.chunk(i);
        hit_lanes(low, high, wanted)
    })
}

/// The scan of every kernel: `lanes(i)`, the hits of the whole chunk of splits from i, for each
/// chunk in turn until one hits, then the last, shorter chunk one split at a time.
#[inline(always)]
fn first_chunk_hit<L: Value, H: Value, X: Value + From<L> + From<H>>(
    splits: Splits<L, H>,
    wanted: &[X],
    mut lanes: impl FnMut(usize) -> u32,
) -> Option<(usize, u32)> {
    let mut i = 0;
    while i + CHUNK <= splits.len() {
        let hits = lanes(i);
        if hits != 0 {
            return Some((i, hits));
        }
        i += CHUNK;
    }
    first_hits_plain(splits.skip(i), wanted).map(|(j, hits)| (i + j, hits))
}

/// The lanes i where low[i] ⊕ high[CHUNK − 1 − i] is in `wanted`, as bits.
#[inline(always)]
fn hit_lanes<L: Value, H: Value, X: Value + From<L> + From<H>, const K: usize>(
    low: &[L; CHUNK],
    high: &[H; CHUNK],
    wanted: &[X; K],
) -> u32 {
    let mut hits = [false; CHUNK];
    for i in 0..CHUNK {
        let x = X::from(low[i]) ^ X::from(high[CHUNK - 1 - i]);
        let mut hit = false;
        for &w in wanted {
            hit |= x == w;
        }
        hits[i] = hit;
    }
    // An OR of every lane, no early exit: one vector test per chunk without a hit.
    if !hits.iter().fold(false, |any, &hit| any | hit) {
        return 0;
    }
    hits.iter()
        .enumerate()
        .fold(0, |lanes, (i, &hit)| lanes | (u32::from(hit) << i))
}

/// Marks `seen[v]` for the option value v of each of the first `CHUNK` splits of `splits`
/// (every option value below `seen.len()`), computed in lanes of type X.
#[inline(always)]
pub(super) fn mark_chunk<L: Value, H: Value, X: Value + From<L> + From<H>>(
    splits: Splits<L, H>,
    seen: &mut [u8],
) {
    let (low, high) = splits.chunk(0);
    for x in xor_chunk::<L, H, X>(low, high) {
        seen[x.into() as usize] = 1;
    }
}

/// low[i] ⊕ high[CHUNK − 1 − i] for every lane i: the option values of `CHUNK` splits.
#[inline(always)]
fn xor_chunk<L: Value, H: Value, X: Value + From<L> + From<H>>(
    low: &[L; CHUNK],
    high: &[H; CHUNK],
) -> [X; CHUNK] {
    let mut x = [X::default(); CHUNK];
    for (x, (&low, &high)) in x.iter_mut().zip(low.iter().zip(high.iter().rev())) {
        *x = X::from(low) ^ X::from(high);
    }
    x
}

/// [`first_hits`] one split at a time.
pub(super) fn first_hits_plain<L: Value, H: Value, X: Value + From<L> + From<H>>(
    splits: Splits<L, H>,
    wanted: &[X],
) -> Option<(usize, u32)> {
    let first = (0..splits.len()).find(|&i| wanted.contains(&splits.value(i)))?;
    let start = first - first % CHUNK;
    let end = splits.len().min(start + CHUNK);
    let lanes = (start..end)
        .filter(|&i| wanted.contains(&splits.value(i)))
        .fold(0, |lanes, i| lanes | 1 << (i - start));
    Some((start, lanes))
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    /// Up to one more value than the kernel takes: mostly values some split of `splits` has,
    /// else any of `any`.
    fn some_wanted<L: Value, H: Value, X: Value + From<L> + From<H>>(
        splits: Splits<L, H>,
        any: &[X],
        rng: &mut ChaCha8Rng,
    ) -> Vec<X> {
        (0..rng.random_range(0..=MAX_WANTED + 1))
            .map(|_| {
                if !splits.is_empty() && rng.random_bool(0.7) {
                    splits.value(rng.random_range(0..splits.len()))
                } else {
                    any[rng.random_range(0..any.len())]
                }
            })
            .collect()
    }

    /// The kernel, portable and as `sparse::hunt_among` calls it (with AVX2 instructions where
    /// the machine has them), finds the chunk and the lanes the plain search finds; returns the
    /// first split found.
    fn kernel_agrees<L: Value, H: Value, X: Value + From<L> + From<H> + std::fmt::Debug>(
        splits: Splits<L, H>,
        wanted: &[X],
    ) -> Option<usize> {
        let plain = first_hits_plain(splits, wanted);
        let case = format!("{} splits, wanted {wanted:?}", splits.len());
        assert_eq!(first_hits(splits, wanted), plain, "{case}");
        assert_eq!(first_hits_dispatched(splits, wanted), plain, "{case}");
        if let Some((start, lanes)) = plain {
            assert_eq!(start % CHUNK, 0, "{case}");
            for lane in 0..CHUNK.min(splits.len() - start) {
                let hit = wanted.contains(&splits.value(start + lane));
                assert_eq!(lanes >> lane & 1 == 1, hit, "{case}, lane {lane}");
            }
        }
        plain.map(|(start, lanes)| start + lanes.trailing_zeros() as usize)
    }

    /// `mark_chunk` marks the option values of its splits and nothing else.
    fn marks_agree<L: Value, H: Value, X: Value + From<L> + From<H>>(
        splits: Splits<L, H>,
        i: usize,
        seen: &mut [u8],
    ) {
        mark_chunk::<L, H, X>(splits.skip(i), seen);
        let mut expected = vec![0u8; seen.len()];
        for j in i..i + CHUNK {
            expected[splits.value::<X>(j).into() as usize] = 1;
        }
        assert!(seen == expected, "chunk at split {i} of {}", splits.len());
        seen.fill(0);
    }

    /// Stretches of random lengths from random places of `low` and `high`.
    fn agree_on_random_stretches<L, H, X>(low: &[L], high: &[H], rng: &mut ChaCha8Rng)
    where
        L: Value,
        H: Value,
        X: Value + From<L> + From<H> + std::fmt::Debug,
    {
        let any: Vec<X> = low.iter().map(|&v| X::from(v)).collect();
        let top = low.iter().map(|&v| v.into()).max().unwrap_or(0);
        let top = top.max(high.iter().map(|&v| v.into()).max().unwrap_or(0));
        let mut seen = vec![0u8; (top as usize + 1).next_power_of_two()];
        for _ in 0..20_000 {
            let len = rng.random_range(0..=3 * CHUNK + 7);
            let i = rng.random_range(0..=low.len() - len);
            let j = rng.random_range(0..=high.len() - len);
            let splits = Splits::new(&low[i..i + len], &high[j..j + len]);
            kernel_agrees(splits, &some_wanted(splits, &any, rng));
            if len >= CHUNK && rng.random_bool(0.1) {
                marks_agree::<L, H, X>(splits, rng.random_range(0..=len - CHUNK), &mut seen);
            }
        }
    }

    #[test]
    fn the_kernel_equals_the_plain_search_on_random_tables_of_each_width() {
        let mut rng = ChaCha8Rng::seed_from_u64(21);
        let bytes: Vec<u8> = (0..2000).map(|_| rng.random_range(0..40)).collect();
        let wide: Vec<u16> = (0..2000).map(|_| rng.random_range(0..700)).collect();
        let widest: Vec<u32> = (0..2000).map(|_| rng.random_range(0..70_000)).collect();
        agree_on_random_stretches::<u8, u8, u8>(&bytes, &bytes, &mut rng);
        // The stretches of a table in two parts: narrow × wide, narrow × narrow, wide × wide.
        agree_on_random_stretches::<u8, u16, u16>(&bytes, &wide, &mut rng);
        agree_on_random_stretches::<u8, u8, u16>(&bytes, &bytes, &mut rng);
        agree_on_random_stretches::<u16, u16, u16>(&wide, &wide, &mut rng);
        agree_on_random_stretches::<u32, u32, u32>(&widest, &widest, &mut rng);
    }

    /// Checks that `splits` holds the splits (a, s − a) of `g` from a = `first` on, and that the
    /// kernel finds the first wanted one as the plain search does; returns its a.
    fn stretch_agrees<L: Value, H: Value>(
        splits: Splits<L, H>,
        g: &[u32],
        s: usize,
        first: usize,
        wanted: &[u16],
    ) -> Option<usize>
    where
        u16: From<L> + From<H>,
    {
        for i in 0..splits.len() {
            let a = first + i;
            assert_eq!(
                u32::from(splits.value::<u16>(i)),
                g[a] ^ g[s - a],
                "split {a}"
            );
        }
        kernel_agrees(splits, wanted).map(|i| first + i)
    }

    /// Game values as a table in two parts split anywhere (the engine's table splits at the first
    /// value above 255; where it splits does not change a value): the stretches of a range of
    /// splits cover it in order, read the right values, and the kernel finds on them the first
    /// split with a wanted value.
    #[test]
    fn the_stretches_of_a_table_in_two_parts_are_its_splits() {
        let mut rng = ChaCha8Rng::seed_from_u64(6);
        let mut tables = vec![
            super::super::tests::published(include_str!("../../tests/data/kayles-0.77.txt")),
            super::super::tests::published(include_str!(
                "../../tests/data/dawsons-chess-0.137.txt"
            )),
        ];
        for code in ["grundy", "0.6", "0.16", "0.77", "4.7", "0.3122"] {
            let mut sequence = super::super::Sequence::new(code.parse().unwrap());
            sequence.extend_to(3000);
            tables.push(sequence.values().to_vec());
        }
        for g in &tables {
            let as_u16: Vec<u16> = g.iter().map(|&v| u16::try_from(v).unwrap()).collect();
            for _ in 0..3000 {
                let w = rng.random_range(0..=g.len());
                let narrow: Vec<u8> = g[..w].iter().map(|&v| u8::try_from(v).unwrap()).collect();
                let table = Parts::new(&narrow[..], &as_u16[w..]);
                let s = rng.random_range(2..g.len());
                let from = rng.random_range(1..=s / 2);
                let to = rng.random_range(from - 1..=s / 2);
                let (narrow_wide, narrow, wide) = splits(table, s, from, to);
                let count = narrow_wide.len() + narrow.len() + wide.len();
                assert_eq!(
                    count,
                    to + 1 - from,
                    "s {s}, splits {from}..={to}, boundary {w}"
                );
                assert!(narrow.is_empty() || wide.is_empty());
                let all = Splits::new(&as_u16[from..=to], &as_u16[s - to..=s - from]);
                let wanted = some_wanted(all, &as_u16, &mut rng);
                let second = from + narrow_wide.len();
                let found = stretch_agrees(narrow_wide, g, s, from, &wanted)
                    .or(stretch_agrees(narrow, g, s, second, &wanted))
                    .or(stretch_agrees(wide, g, s, second, &wanted));
                let direct = (from..=to).find(|&a| wanted.contains(&(as_u16[a] ^ as_u16[s - a])));
                assert_eq!(found, direct, "s {s}, splits {from}..={to}, boundary {w}");
            }
        }
    }
}
