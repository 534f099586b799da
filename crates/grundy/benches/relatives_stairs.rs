//! Nim's relatives on a million components: staircase Nim, the moving-right grid, coin sliding
//! and Nim with a shrinking cap, each through its library `analyze`.
//!
//! Run: `cargo bench -p grundy --bench relatives_stairs`. Each benchmark checks the value it
//! computes against a plain loop written here, outside the timed part.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use grundy::games::{coins, grid, nonincreasing, staircase};
use grundy::{AnalyzeOptions, Outcome};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use std::hint::black_box;

const N: usize = 1_000_000;

fn random_values(seed: u64, bits: u32) -> Vec<u64> {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    (0..N).map(|_| rng.random::<u64>() >> (64 - bits)).collect()
}

fn staircase_and_grid(c: &mut Criterion) {
    let values = random_values(1, 40);
    // Odd steps are the even indices; the grid counts cells n-1, n-3, ... (indices n-2, n-4, ...).
    let odd_steps = values.iter().step_by(2).fold(0, |x, v| x ^ v);
    let grid_cells = values[..N - 1]
        .iter()
        .rev()
        .step_by(2)
        .fold(0, |x, v| x ^ v);
    let options = AnalyzeOptions::default();
    let mut group = c.benchmark_group("relatives_stairs");
    group.throughput(Throughput::Elements(N as u64));
    group.sample_size(20);
    group.bench_function("staircase analyze, 1e6 steps", |b| {
        b.iter(|| {
            let a = staircase::analyze(black_box(&values), &options);
            assert_eq!(a.value.unwrap().value(), odd_steps);
            a.winning_move_count
        })
    });
    group.bench_function("grid analyze, 1e6 cells", |b| {
        b.iter(|| {
            let a = grid::analyze(black_box(&values), &options);
            assert_eq!(a.value.unwrap().value(), grid_cells);
            a.winning_move_count
        })
    });
    group.finish();
}

fn coin_sliding(c: &mut Criterion) {
    // A million distinct cells below 2^40, shuffled.
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(2);
    let mut cells: Vec<u64> = (0..N as u64)
        .map(|i| i * (1 << 20) + 1 + rng.random_range(0..1u64 << 19))
        .collect();
    // The gaps of the sorted row, paired from the right.
    let pairs_xor = (0..N)
        .rev()
        .step_by(2)
        .map(|i| cells[i] - if i == 0 { 0 } else { cells[i - 1] } - 1)
        .fold(0, |x, g| x ^ g);
    cells.shuffle(&mut rng);
    let options = AnalyzeOptions::default();
    let mut group = c.benchmark_group("relatives_stairs");
    group.throughput(Throughput::Elements(N as u64));
    group.sample_size(20);
    group.bench_function("coins analyze, 1e6 shuffled coins (sort included)", |b| {
        b.iter(|| {
            let a = coins::analyze(black_box(&cells), &options).unwrap();
            assert_eq!(a.value.unwrap().value(), pairs_xor);
            a.winning_move_count
        })
    });
    group.finish();
}

fn shrinking_cap(c: &mut Criterion) {
    let piles = random_values(3, 63);
    let x = piles.iter().fold(0, |x, p| x ^ p);
    let low = x & x.wrapping_neg();
    let options = AnalyzeOptions::default();
    let mut group = c.benchmark_group("relatives_stairs");
    group.throughput(Throughput::Elements(N as u64));
    group.sample_size(20);
    // With no cap to speak of every pile has winning moves (about 31 each): all are counted.
    group.bench_function("nonincreasing analyze, 1e6 piles, k = 2^64-1", |b| {
        b.iter(|| {
            let a = nonincreasing::analyze(black_box(&piles), u64::MAX, &options);
            assert_eq!(a.outcome, Outcome::N);
            assert!(a.winning_move_count > N as u64);
            a.winning_move_count
        })
    });
    group.bench_function("nonincreasing analyze, 1e6 piles, k < lowbit (lost)", |b| {
        b.iter(|| {
            let a = nonincreasing::analyze(black_box(&piles), low - 1, &options);
            assert_eq!(a.outcome, Outcome::P);
            a.winning_move_count
        })
    });
    group.finish();
}

criterion_group!(benches, staircase_and_grid, coin_sliding, shrinking_cap);
criterion_main!(benches);
