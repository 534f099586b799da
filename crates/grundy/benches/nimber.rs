//! Nim-multiplication in the field of 2^64: products, inverses, square roots and powers of
//! pseudo-random 64-bit nimbers (xorshift64*); `bench/nimber/run.sh` compares the product with a
//! C program.
//!
//! Run: `cargo bench -p grundy --bench nimber`. Each benchmark checks what it computes.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use grundy::nimber::{nim_inv, nim_mul, nim_pow, nim_sqrt};
use std::hint::black_box;

const COUNT: usize = 1 << 20;

/// `count` numbers of Marsaglia's xorshift64* from `state`.
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
    // The products' XOR by bilinearity, another way: a ⊗ b = b ⊗ a.
    let expected = b.iter().zip(a).fold(0, |s, (&y, &x)| s ^ nim_mul(y, x));
    let mut group = c.benchmark_group("nimber");
    group.throughput(Throughput::Elements(COUNT as u64));
    group.bench_function("mul, 2^20 random pairs", |bench| {
        bench.iter(|| {
            let sum = black_box(a)
                .iter()
                .zip(black_box(b))
                .fold(0, |s, (&x, &y)| s ^ nim_mul(x, y));
            assert_eq!(sum, expected);
            sum
        })
    });
    let inverses = a.iter().fold(0, |s, &x| {
        let i = nim_inv(x).unwrap_or(0);
        assert!(x == 0 || nim_mul(x, i) == 1);
        s ^ i
    });
    group.bench_function("inv, 2^20 random", |bench| {
        bench.iter(|| {
            let sum = black_box(a)
                .iter()
                .fold(0, |s, &x| s ^ nim_inv(x).unwrap_or(0));
            assert_eq!(sum, inverses);
            sum
        })
    });
    group.bench_function("sqrt, 2^20 random", |bench| {
        bench.iter(|| {
            let roots = black_box(a).iter().fold(0, |s, &x| s ^ nim_sqrt(x));
            // Square roots are additive: √x ⊕ √y = √(x ⊕ y).
            assert_eq!(roots, nim_sqrt(a.iter().fold(0, |s, &x| s ^ x)));
            roots
        })
    });
    group.sample_size(10);
    group.throughput(Throughput::Elements((COUNT / 16) as u64));
    group.bench_function("pow (2^64 - 2), 2^16 random", |bench| {
        bench.iter(|| {
            for &x in black_box(&a[..COUNT / 16]) {
                // x^(2^64 - 2) is the inverse: 63 squares and 62 products.
                assert!(x == 0 || nim_mul(nim_pow(x, u64::MAX - 1), x) == 1);
            }
        })
    });
    group.finish();
}

criterion_group!(benches, field);
criterion_main!(benches);
