//! Stone games: the interval DP of LeetCode 877 and 1690 at n = 5000, and the square-number
//! game's value table.
//!
//! Run: `cargo bench -p grundy --bench stones`. Each benchmark checks the values it computes.

use criterion::{Criterion, criterion_group, criterion_main};
use grundy::games::stones::squares::Values;
use grundy::games::stones::{ScoreOptions, ends, seven};
use rand::{Rng, SeedableRng};
use std::hint::black_box;

const N: usize = 5000;

/// 5000 piles of 1 to 500 stones (LeetCode 877's pile range).
fn row() -> Vec<u64> {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(877);
    (0..N).map(|_| rng.random_range(1..=500)).collect()
}

fn interval_dp(c: &mut Criterion) {
    let piles = row();
    let dp_only = ScoreOptions {
        explain: false,
        playout: false,
    };
    let with_playouts = ScoreOptions::default();
    // The value the timed runs must reproduce, and checks of it: the play-out reaches it, it is
    // at least what the parity strategy guarantees, and a greedy opponent cannot lower it.
    let reference = ends::analyze(&piles, &with_playouts);
    let difference = reference.score.difference;
    let optimal = reference.score.optimal_play.as_ref().unwrap();
    assert_eq!(optimal.totals.difference(), difference);
    assert!(difference >= reference.parity.unwrap().guaranteed().difference());
    assert!(reference.score.against_greedy.unwrap().totals.difference() >= difference);

    let mut group = c.benchmark_group("stones");
    group.sample_size(10);
    group.bench_function("ends: interval DP, n = 5000, O(n) memory", |b| {
        b.iter(|| {
            let a = ends::analyze(black_box(&piles), &dp_only);
            assert_eq!(a.score.difference, difference);
        })
    });
    group.bench_function("ends: DP + decision bits + both play-outs, n = 5000", |b| {
        b.iter(|| {
            let a = ends::analyze(black_box(&piles), &with_playouts);
            assert_eq!(a.score.difference, difference);
        })
    });
    let seven_reference = seven::analyze(&piles, &with_playouts).unwrap();
    let seven_difference = seven_reference.difference;
    assert_eq!(
        seven_reference.optimal_play.unwrap().totals.difference(),
        seven_difference
    );
    group.bench_function("seven: interval DP, n = 5000, O(n) memory", |b| {
        b.iter(|| {
            let a = seven::analyze(black_box(&piles), &dp_only).unwrap();
            assert_eq!(a.difference, seven_difference);
        })
    });
    group.finish();
}

/// P-positions by the plain win/loss DP, independent of the Grundy table.
fn losing_count(max: usize) -> usize {
    let mut wins = vec![false; max + 1];
    for n in 1..=max {
        wins[n] = (1..)
            .map(|k| k * k)
            .take_while(|&s| s <= n)
            .any(|s| !wins[n - s]);
    }
    wins.iter().filter(|&&w| !w).count()
}

fn squares_table(c: &mut Criterion) {
    let mut group = c.benchmark_group("stones");
    group.sample_size(10);
    for max in [100_000u64, 1_000_000] {
        let expected = losing_count(max as usize);
        group.bench_function(format!("squares: value table up to {max}"), |b| {
            b.iter(|| {
                let values = Values::up_to(black_box(max)).unwrap();
                assert_eq!(values.p_positions().count(), expected);
            })
        });
    }
    group.finish();
}

criterion_group!(benches, interval_dp, squares_table);
criterion_main!(benches);
