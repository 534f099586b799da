//! Core benchmarks: Nim on ten million piles, and the generic engine's throughput.
//!
//! Run: `cargo bench -p grundy --bench core`. Each benchmark checks the value it computes.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use grundy::engine::Memo;
use grundy::games::nim;
use grundy::{AnalyzeOptions, Convention, Game};
use rand::{Rng, SeedableRng};
use std::hint::black_box;

fn nim_ten_million_piles(c: &mut Criterion) {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
    let piles: Vec<u64> = (0..10_000_000).map(|_| rng.random()).collect();
    let expected = piles.iter().fold(0, |x, p| x ^ p);
    let options = AnalyzeOptions::default();
    let mut group = c.benchmark_group("nim");
    group.throughput(Throughput::Bytes((piles.len() * 8) as u64));
    group.sample_size(20);
    for play in [Convention::Normal, Convention::Misere] {
        group.bench_function(format!("analyze 1e7 random u64 piles, {play:?}"), |b| {
            b.iter(|| {
                let a = nim::analyze(black_box(&piles), play, &options);
                if play == Convention::Normal {
                    assert_eq!(a.value.unwrap().value(), expected);
                }
                a.winning_move_count
            })
        });
    }
    group.finish();
}

/// Two piles; a move takes 1 or 2 from either pile. 1000 x 1000 = 10^6 positions.
struct TwoPilesTakeOneOrTwo;

impl Game for TwoPilesTakeOneOrTwo {
    type Position = (u32, u32);
    fn options(&self, &(a, b): &(u32, u32), out: &mut Vec<(u32, u32)>) {
        for k in 1..=2 {
            if a >= k {
                out.push((a - k, b));
            }
            if b >= k {
                out.push((a, b - k));
            }
        }
    }
}

fn engine_million_positions(c: &mut Criterion) {
    let mut group = c.benchmark_group("engine");
    group.throughput(Throughput::Elements(1_000_000));
    group.sample_size(10);
    group.bench_function(
        "whole search of 10^6 positions (value, misère, remoteness)",
        |b| {
            b.iter(|| {
                let mut memo = Memo::new();
                let info = memo.info(&TwoPilesTakeOneOrTwo, &(999, 999)).unwrap();
                // Each pile is a subtraction game {1,2}: value n mod 3, and 999 ≡ 0.
                assert_eq!(info.grundy.value(), 0);
                assert_eq!(memo.len(), 1_000_000);
            })
        },
    );
    group.finish();
}

criterion_group!(benches, nim_ten_million_piles, engine_million_positions);
criterion_main!(benches);
