//! Nim's relatives with a closed form, on a million piles (or a million positions for Wythoff).
//!
//! Run: `cargo bench -p grundy --bench relatives_heaps`. Every benchmark checks the value it
//! computes against an independent formula written here.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use grundy::games::mixed::MixedSum;
use grundy::games::subtraction::{self, SubtractionSet};
use grundy::games::{lasker, moore, wythoff};
use grundy::registry::Registry;
use grundy::{AnalyzeOptions, Outcome};
use rand::{Rng, SeedableRng};
use std::hint::black_box;

const PILES: usize = 1_000_000;

fn random_piles(seed: u64, max: u64) -> Vec<u64> {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    (0..PILES).map(|_| rng.random_range(0..=max)).collect()
}

fn xor(values: impl Iterator<Item = u64>) -> u64 {
    values.fold(0, |x, v| x ^ v)
}

fn subtraction_games(c: &mut Criterion) {
    let mut group = c.benchmark_group("subtraction");
    group.sample_size(10);
    group.throughput(Throughput::Elements(PILES as u64));
    let piles = random_piles(1, u64::MAX);
    let options = AnalyzeOptions::default();
    // Each set with an independent formula for G(n).
    type Formula = fn(u64) -> u64;
    let cases: [(&str, Formula); 3] = [
        ("1,2,4", |n| n % 3),
        ("1..3", |n| n % 4),
        ("all-but:1,2", |n| n / 3),
    ];
    for (text, formula) in cases {
        let sequence = SubtractionSet::parse(text)
            .unwrap()
            .sequence(SubtractionSet::DEFAULT_LIMIT);
        let expected = xor(piles.iter().map(|&n| formula(n)));
        group.bench_function(format!("analyze 1e6 random u64 piles, set {text}"), |b| {
            b.iter(|| {
                let a = subtraction::analyze(&sequence, black_box(&piles), &options).unwrap();
                assert_eq!(a.value.unwrap().value(), expected);
                a.winning_move_count
            })
        });
    }
    group.finish();

    // Finding and proving a period: the Fibonacci set of HDU 1848 and a set with a long period.
    let mut group = c.benchmark_group("subtraction period");
    group.sample_size(10);
    for text in [
        "1,2,3,5,8,13,21,34,55,89,144,233,377,610,987",
        "3,17,51,100",
    ] {
        let set = SubtractionSet::parse(text).unwrap();
        group.bench_function(format!("find and prove the period of {text}"), |b| {
            b.iter(|| {
                let s = set.sequence(SubtractionSet::DEFAULT_LIMIT);
                let p = s.period().unwrap();
                assert!(p.proved);
                // The period is a period of a directly computed longer prefix.
                p.period
            })
        });
        let s = set.sequence(SubtractionSet::DEFAULT_LIMIT);
        let p = s.period().unwrap();
        let direct = set.values(s.table().len() * 2);
        assert!((p.preperiod..direct.len() - p.period).all(|n| direct[n] == direct[n + p.period]));
        eprintln!(
            "{text}: preperiod {}, period {}, {} values computed",
            p.preperiod,
            p.period,
            s.table().len()
        );
    }
    group.finish();
}

/// g(n) written out again, independently of the library.
fn lasker_value(n: u64) -> u64 {
    match n % 4 {
        0 if n > 0 => n - 1,
        3 => n + 1,
        _ => n,
    }
}

fn lasker_nim(c: &mut Criterion) {
    let mut group = c.benchmark_group("lasker");
    group.sample_size(10);
    group.throughput(Throughput::Elements(PILES as u64));
    let piles = random_piles(2, lasker::MAX_PILE);
    let expected = xor(piles.iter().map(|&n| lasker_value(n)));
    for max_moves in [1, 100] {
        let options = AnalyzeOptions {
            max_moves,
            explain: false,
        };
        group.bench_function(
            format!("analyze 1e6 random u64 piles, list {max_moves} move(s), count all"),
            |b| {
                b.iter(|| {
                    let a = lasker::analyze(black_box(&piles), &options).unwrap();
                    assert_eq!(a.value.unwrap().value(), expected);
                    a.winning_move_count
                })
            },
        );
    }
    group.finish();
}

fn moore_nim(c: &mut Criterion) {
    let mut group = c.benchmark_group("moore");
    group.sample_size(10);
    group.throughput(Throughput::Elements(PILES as u64));
    let piles = random_piles(3, u64::MAX);
    let options = AnalyzeOptions::default();
    for k in [2, 5] {
        group.bench_function(format!("analyze 1e6 random u64 piles, K = {k}"), |b| {
            b.iter(|| {
                let a = moore::analyze(black_box(&piles), k, &options).analysis;
                assert_eq!(a.outcome, Outcome::N);
                a.winning_moves.len()
            })
        });
        // The move found reaches a P-position.
        let a = moore::analyze(&piles, k, &options).analysis;
        assert!(moore::is_p_position(
            &moore::apply(&piles, &a.winning_moves[0]),
            k
        ));
    }
    group.finish();
}

fn wythoff_game(c: &mut Criterion) {
    let mut group = c.benchmark_group("wythoff");
    group.sample_size(10);
    group.throughput(Throughput::Elements(PILES as u64));
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(4);
    let positions: Vec<[u64; 2]> = (0..PILES).map(|_| [rng.random(), rng.random()]).collect();
    let options = AnalyzeOptions::default();
    group.bench_function("analyze 1e6 random u64 positions", |b| {
        b.iter(|| {
            black_box(&positions)
                .iter()
                .map(|p| wythoff::analyze(p, &options).winning_move_count)
                .sum::<u64>()
        })
    });
    // Every move found lands on a Beatty pair (a_d, a_d + d).
    for p in positions.iter().take(10_000) {
        for change in wythoff::analyze(p, &options).winning_moves {
            let [x, y] = wythoff::apply(p, &change);
            assert_eq!(wythoff::lower(x.max(y) - x.min(y)), u128::from(x.min(y)));
        }
    }
    group.finish();
}

fn mixed_sum(c: &mut Criterion) {
    let mut group = c.benchmark_group("sum");
    group.sample_size(10);
    group.throughput(Throughput::Elements(PILES as u64));
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
    let mut expected = 0;
    let tokens: Vec<String> = (0..PILES)
        .map(|i| {
            let n: u64 = rng.random_range(0..1 << 40);
            match i % 3 {
                0 => {
                    expected ^= n;
                    format!("nim:{n}")
                }
                1 => {
                    expected ^= lasker_value(n);
                    format!("lasker:{n}")
                }
                _ => {
                    expected ^= n % 3;
                    format!("sub{{1,2,4}}:{n}")
                }
            }
        })
        .collect();
    group.bench_function("parse 1e6 components", |b| {
        b.iter(|| MixedSum::parse(black_box(&tokens), 1 << 16, &Registry).unwrap())
    });
    let sum = MixedSum::parse(&tokens, 1 << 16, &Registry).unwrap();
    let options = AnalyzeOptions::default();
    group.bench_function("analyze 1e6 components (nim, lasker, sub{1,2,4})", |b| {
        b.iter(|| {
            let a = black_box(&sum).analyze(&options);
            assert_eq!(a.value.unwrap().value(), expected);
            a.winning_move_count
        })
    });
    group.finish();
}

criterion_group!(
    benches,
    subtraction_games,
    lasker_nim,
    moore_nim,
    wythoff_game,
    mixed_sum
);
criterion_main!(benches);
