//! The kernel of the common × common search: the first split (a, s − a) whose option value
//! G(a) ⊕ G(s − a) is one of a few wanted values.
//!
//! [`first_wanted`] reads the splits [`CHUNK`] at a time: `CHUNK` values G(a), G(a + 1), … and the
//! `CHUNK` values G(s − a), G(s − a − 1), … (one slice read backwards), their XOR lane by lane,
//! then one comparison of every lane with each wanted value, the number of wanted values fixed at
//! compile time (1, 2, 4 or 8; a list is padded with a repeat). A chunk has no early exit,
//! so LLVM turns it into vector instructions over `u8` or `u16` lanes. The kernels are inlined
//! into their caller, `sparse::hunt`, which is compiled a second time for AVX2 and chosen at run
//! time (`multiversion`): reversing the bytes of a vector takes one instruction there and six with
//! SSE2, and one choice per hunt costs less than one per chunk. [`first_wanted_plain`] is the
//! reference version, one split at a time, that the tests compare it with.

use super::store::Value;

/// Splits compared together.
pub(super) const CHUNK: usize = 32;

/// The most wanted values [`first_wanted`] takes at once.
pub(super) const MAX_WANTED: usize = 8;

/// The smallest a in `from..=to` with G(a) ⊕ G(s − a) in `wanted`, where G is `values`
/// (`to < s`, `s − from < values.len()`, at most [`MAX_WANTED`] values wanted). Costs about
/// (to − from)/`CHUNK` · (3 + |wanted| rounded up to a power of two) vector operations when no
/// split matches.
#[inline(always)]
pub(super) fn first_wanted<T: Value>(
    values: &[T],
    s: usize,
    from: usize,
    to: usize,
    wanted: &[T],
) -> Option<usize> {
    fn padded<T: Value, const K: usize>(wanted: &[T]) -> [T; K] {
        std::array::from_fn(|i| wanted[i.min(wanted.len() - 1)])
    }
    match wanted.len() {
        0 => None,
        1 => first_of::<T, 1>(values, s, from, to, &padded(wanted)),
        2 => first_of::<T, 2>(values, s, from, to, &padded(wanted)),
        3..=4 => first_of::<T, 4>(values, s, from, to, &padded(wanted)),
        5..=MAX_WANTED => first_of::<T, 8>(values, s, from, to, &padded(wanted)),
        _ => first_wanted_plain(values, s, from, to, wanted),
    }
}

#[inline(always)]
fn first_of<T: Value, const K: usize>(
    values: &[T],
    s: usize,
    from: usize,
    to: usize,
    wanted: &[T; K],
) -> Option<usize> {
    let mut a = from;
    while a + CHUNK <= to + 1 {
        let low: &[T; CHUNK] = values[a..a + CHUNK].try_into().expect("a chunk");
        let high: &[T; CHUNK] = values[s + 1 - a - CHUNK..=s - a]
            .try_into()
            .expect("a chunk");
        if let Some(lane) = first_hit(low, high, wanted) {
            return Some(a + lane);
        }
        a += CHUNK;
    }
    first_wanted_plain(values, s, a, to, wanted)
}

/// The first lane i where low[i] ⊕ high[CHUNK − 1 − i] is in `wanted`, if any.
#[inline(always)]
fn first_hit<T: Value, const K: usize>(
    low: &[T; CHUNK],
    high: &[T; CHUNK],
    wanted: &[T; K],
) -> Option<usize> {
    let mut hits = [false; CHUNK];
    for i in 0..CHUNK {
        let x = low[i] ^ high[CHUNK - 1 - i];
        let mut hit = false;
        for &w in wanted {
            hit |= x == w;
        }
        hits[i] = hit;
    }
    // An OR of every lane, no early exit: one vector test per chunk without a hit.
    if !hits.iter().fold(false, |any, &hit| any | hit) {
        return None;
    }
    hits.iter().position(|&hit| hit)
}

/// Marks `seen[G(a) ⊕ G(s − a)]` for the `CHUNK` splits a, a + 1, … (`a + CHUNK − 1 < s`,
/// `s − a < values.len()`, every option value below `seen.len()`).
#[inline(always)]
pub(super) fn mark_chunk<T: Value>(values: &[T], s: usize, a: usize, seen: &mut [u8]) {
    let low: &[T; CHUNK] = values[a..a + CHUNK].try_into().expect("a chunk");
    let high: &[T; CHUNK] = values[s + 1 - a - CHUNK..=s - a]
        .try_into()
        .expect("a chunk");
    for x in xor_chunk(low, high) {
        seen[x.into() as usize] = 1;
    }
}

/// low[i] ⊕ high[CHUNK − 1 − i] for every lane i: the option values of `CHUNK` splits.
#[inline(always)]
fn xor_chunk<T: Value>(low: &[T; CHUNK], high: &[T; CHUNK]) -> [T; CHUNK] {
    let mut x = [T::default(); CHUNK];
    for (x, (&low, &high)) in x.iter_mut().zip(low.iter().zip(high.iter().rev())) {
        *x = low ^ high;
    }
    x
}

/// [`first_wanted`] one split at a time.
pub(super) fn first_wanted_plain<T: Value>(
    values: &[T],
    s: usize,
    from: usize,
    to: usize,
    wanted: &[T],
) -> Option<usize> {
    (from..=to).find(|&a| wanted.contains(&(values[a] ^ values[s - a])))
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    /// The kernel as `sparse::hunt` runs it: inlined into a copy compiled for AVX2 where the
    /// machine has it.
    #[multiversion::multiversion(targets("x86_64+avx2"))]
    fn dispatched<T: Value>(
        values: &[T],
        s: usize,
        from: usize,
        to: usize,
        wanted: &[T],
    ) -> Option<usize> {
        first_wanted(values, s, from, to, wanted)
    }

    /// Every range and every set of up to three wanted values of `values` (or a sample of them).
    fn agree<T: Value + std::fmt::Debug>(values: &[T], rng: &mut ChaCha8Rng, tries: usize) {
        let len = values.len();
        for _ in 0..tries {
            let s = rng.random_range(2..len);
            let from = rng.random_range(1..=s / 2);
            let to = rng.random_range(from..=s - 1).min(from + 3 * CHUNK + 7);
            let count = rng.random_range(0..=3);
            let wanted: Vec<T> = (0..count)
                .map(|_| {
                    // A value that some split in the range has, or any value.
                    if rng.random_bool(0.7) {
                        let a = rng.random_range(from..=to);
                        values[a] ^ values[s - a]
                    } else {
                        values[rng.random_range(0..len)]
                    }
                })
                .collect();
            let plain = first_wanted_plain(values, s, from, to, &wanted);
            let case = format!("s {s}, splits {from}..={to}, wanted {wanted:?}");
            assert_eq!(first_wanted(values, s, from, to, &wanted), plain, "{case}");
            assert_eq!(dispatched(values, s, from, to, &wanted), plain, "{case}");
        }
    }

    #[test]
    fn the_kernel_equals_the_plain_search_on_random_tables() {
        let mut rng = ChaCha8Rng::seed_from_u64(21);
        let bytes: Vec<u8> = (0..2000).map(|_| rng.random_range(0..40)).collect();
        agree(&bytes, &mut rng, 20_000);
        let wide: Vec<u16> = (0..2000).map(|_| rng.random_range(0..700)).collect();
        agree(&wide, &mut rng, 20_000);
        let widest: Vec<u32> = (0..2000).map(|_| rng.random_range(0..70_000)).collect();
        agree(&widest, &mut rng, 20_000);
    }

    #[test]
    fn the_kernel_equals_the_plain_search_on_game_values() {
        let mut rng = ChaCha8Rng::seed_from_u64(6);
        let data = [
            include_str!("../../tests/data/kayles-0.77.txt"),
            include_str!("../../tests/data/dawsons-chess-0.137.txt"),
        ];
        for text in data {
            let values: Vec<u8> = super::super::tests::published(text)
                .into_iter()
                .map(|v| u8::try_from(v).unwrap())
                .collect();
            agree(&values, &mut rng, 5_000);
        }
        for code in ["grundy", "0.6", "0.16", "0.77", "4.7", "0.3122"] {
            let mut sequence = super::super::Sequence::new(code.parse().unwrap());
            sequence.extend_to(3000);
            let values: Vec<u16> = sequence.values().iter().map(|v| v as u16).collect();
            agree(&values, &mut rng, 5_000);
        }
    }
}
