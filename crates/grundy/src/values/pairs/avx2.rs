//! [`first_hits`](super::first_hits) written with AVX2 instructions, called by
//! [`first_hits_dispatched`](super::first_hits_dispatched) once it has checked that the machine
//! has AVX2. The portable kernel leaves the vectors to LLVM, which turns the comparisons into
//! vector instructions but gathers each chunk's hits lane by lane; here the hits of a chunk are
//! one `movemask`. Lanes of one byte (a table of bytes: 32 splits a vector) or two (a table in
//! two parts: 16 splits a vector, parts of one byte widened); anything wider goes to the portable
//! kernel. Safe code: the chunks become vectors by `bytemuck::cast`, and every intrinsic used is
//! safe where AVX2 is enabled.

use std::arch::x86_64::{
    __m128i, __m256i, _mm256_cmpeq_epi8, _mm256_cmpeq_epi16, _mm256_cvtepu8_epi16,
    _mm256_movemask_epi8, _mm256_or_si256, _mm256_packs_epi16, _mm256_permute4x64_epi64,
    _mm256_set1_epi8, _mm256_set1_epi16, _mm256_setzero_si256, _mm256_shuffle_epi8,
    _mm256_xor_si256,
};

use super::{CHUNK, MAX_WANTED, Splits, Value, first_chunk_hit, first_hits_plain, padded};

/// [`first_hits`](super::first_hits) with AVX2.
#[target_feature(enable = "avx2")]
#[inline]
pub(in crate::values) fn first_hits<L: Value, H: Value, X: Value + From<L> + From<H>>(
    splits: Splits<L, H>,
    wanted: &[X],
) -> Option<(usize, u32)> {
    match size_of::<X>() {
        // A one-byte lane type is u8, and so are both parts (X: From<L> + From<H>).
        1 => by_wanted_count!(bytes, splits, wanted),
        2 if size_of::<L>() <= 2 && size_of::<H>() <= 2 => by_wanted_count!(halves, splits, wanted),
        _ => super::first_hits(splits, wanted),
    }
}

/// The first chunk with a hit, one byte a lane (L, H and X are u8).
#[target_feature(enable = "avx2")]
#[inline]
fn bytes<L: Value, H: Value, X: Value + From<L> + From<H>, const K: usize>(
    splits: Splits<L, H>,
    wanted: &[X; K],
) -> Option<(usize, u32)> {
    let low: &[u8] = bytemuck::cast_slice(splits.low);
    let high: &[u8] = bytemuck::cast_slice(splits.high);
    let vectors: [__m256i; K] = std::array::from_fn(|k| _mm256_set1_epi8(wanted[k].into() as i8));
    let len = splits.len();
    first_chunk_hit(splits, wanted, |i| {
        let a = vector(&low[i..i + CHUNK]);
        let b = reverse_lanes::<1>(vector(&high[len - i - CHUNK..len - i]));
        let x = _mm256_xor_si256(a, b);
        let mut hit = _mm256_setzero_si256();
        for &w in &vectors {
            hit = _mm256_or_si256(hit, _mm256_cmpeq_epi8(x, w));
        }
        _mm256_movemask_epi8(hit) as u32
    })
}

/// The first chunk with a hit, two bytes a lane (X is u16; each part u8 or u16).
#[target_feature(enable = "avx2")]
#[inline]
fn halves<L: Value, H: Value, X: Value + From<L> + From<H>, const K: usize>(
    splits: Splits<L, H>,
    wanted: &[X; K],
) -> Option<(usize, u32)> {
    let words: [__m256i; K] =
        std::array::from_fn(|k| _mm256_set1_epi16(wanted[k].into() as u16 as i16));
    let len = splits.len();
    first_chunk_hit(splits, wanted, |i| {
        // Lanes 0..16 and 16..32 of the small parts, and of the large parts read backwards.
        let (a0, a1) = widened(splits.low, i);
        let (b1, b0) = widened(splits.high, len - i - CHUNK);
        let (x0, x1) = (
            _mm256_xor_si256(a0, reverse_lanes::<2>(b0)),
            _mm256_xor_si256(a1, reverse_lanes::<2>(b1)),
        );
        let (mut hit0, mut hit1) = (_mm256_setzero_si256(), _mm256_setzero_si256());
        for &w in &words {
            hit0 = _mm256_or_si256(hit0, _mm256_cmpeq_epi16(x0, w));
            hit1 = _mm256_or_si256(hit1, _mm256_cmpeq_epi16(x1, w));
        }
        // One byte a lane: packing interleaves the 128-bit halves, the permutation restores
        // lane order.
        let hit = _mm256_permute4x64_epi64::<0b11_01_10_00>(_mm256_packs_epi16(hit0, hit1));
        _mm256_movemask_epi8(hit) as u32
    })
}

/// 32 bytes as a vector.
#[target_feature(enable = "avx2")]
#[inline]
fn vector(bytes: &[u8]) -> __m256i {
    let bytes: [u8; 32] = bytes.try_into().expect("32 bytes");
    bytemuck::cast(bytes)
}

/// Parts `i..i + CHUNK` of `parts` (u8 or u16) as two vectors of 16 u16 lanes.
#[target_feature(enable = "avx2")]
#[inline]
fn widened<T: Value>(parts: &[T], i: usize) -> (__m256i, __m256i) {
    if size_of::<T>() == 1 {
        let bytes: &[u8] = bytemuck::cast_slice(&parts[i..i + CHUNK]);
        let half = |j: usize| -> __m128i {
            let b: [u8; 16] = bytes[j..j + 16].try_into().expect("16 bytes");
            bytemuck::cast(b)
        };
        (
            _mm256_cvtepu8_epi16(half(0)),
            _mm256_cvtepu8_epi16(half(16)),
        )
    } else {
        let words: &[u8] = bytemuck::cast_slice(&parts[i..i + CHUNK]);
        (vector(&words[..32]), vector(&words[32..]))
    }
}

/// The lanes of a vector, `LANE` bytes each (1 or 2), in reverse order: reversed within each
/// 128-bit half by a byte shuffle, then the halves swapped.
#[target_feature(enable = "avx2")]
#[inline]
fn reverse_lanes<const LANE: usize>(v: __m256i) -> __m256i {
    let within: [u8; 32] = std::array::from_fn(|j| {
        let j = j % 16;
        (16 - LANE * (j / LANE + 1) + j % LANE) as u8
    });
    const SWAP_HALVES: i32 = 0b01_00_11_10;
    _mm256_permute4x64_epi64::<SWAP_HALVES>(_mm256_shuffle_epi8(v, bytemuck::cast(within)))
}
