//! Green Hackenbush at 10^5 edges: the value (bridges, fusion, colon principle) and the full
//! analysis (every winning cut) of a path, of a random tree with small cycles hanging from it,
//! and of a random connected multigraph (one large 2-edge-connected part); and the quadratic
//! case, a cycle of 7001 edges at the ground (one class of 2-edge cuts, every cut evaluated).
//!
//! Run: `cargo bench -p grundy --bench hackenbush`. Each benchmark checks what it computes.

use criterion::{Criterion, criterion_group, criterion_main};
use grundy::AnalyzeOptions;
use grundy::games::hackenbush::{self, Drawing};
use rand::{Rng, SeedableRng};
use std::hint::black_box;

const EDGES: u32 = 100_000;

/// A path of 10^5 edges from the ground: worth 10^5, one winning cut (the first edge).
fn path() -> Drawing {
    Drawing::new((0..EDGES).map(|i| [i, i + 1]).collect())
}

/// A random tree of 50 000 edges (each vertex hangs from an earlier one) and 50 000 more
/// edges: with `local`, each from a vertex to one of its 8 predecessors in number (small cycles,
/// loops), otherwise between any two vertices (one large 2-edge-connected part). The first seed
/// from 3094 whose drawing is an N-position, so that the winning cuts are searched.
fn random(local: bool) -> Drawing {
    (3094..)
        .map(|seed| random_with(local, seed))
        .find(|d| !hackenbush::value(d).is_zero())
        .expect("an N-position")
}

fn random_with(local: bool, seed: u64) -> Drawing {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let n = EDGES / 2;
    let mut edges: Vec<[u32; 2]> = (1..=n).map(|v| [rng.random_range(0..v), v]).collect();
    for _ in 0..EDGES - n {
        let u = rng.random_range(0..=n);
        let v = if local {
            u.saturating_sub(rng.random_range(0..8))
        } else {
            rng.random_range(0..=n)
        };
        edges.push([u, v]);
    }
    Drawing::new(edges)
}

fn hackenbush(c: &mut Criterion) {
    let mut group = c.benchmark_group("hackenbush");
    group.sample_size(10);
    let all = AnalyzeOptions {
        max_moves: usize::MAX,
        explain: false,
    };
    for (name, drawing) in [
        ("path", path()),
        ("tree with small cycles", random(true)),
        ("random multigraph", random(false)),
    ] {
        let reference = hackenbush::analyze(&drawing, &all);
        let value = reference.analysis.value.unwrap();
        assert_eq!(hackenbush::value(&drawing), value);
        if name == "path" {
            assert_eq!(value.value(), u64::from(EDGES));
            assert_eq!(reference.analysis.winning_move_count, 1);
        }
        println!(
            "{name}: value {}, {} winning cuts, {} undecided",
            value.value(),
            reference.analysis.winning_move_count,
            reference.unexamined
        );
        group.bench_function(format!("value: {name}, 10^5 edges"), |b| {
            b.iter(|| assert_eq!(hackenbush::value(black_box(&drawing)), value))
        });
        group.bench_function(format!("every winning cut: {name}, 10^5 edges"), |b| {
            b.iter(|| {
                let a = hackenbush::analyze(black_box(&drawing), &all);
                assert_eq!(a, reference);
            })
        });
    }
    // A cycle of n edges (n odd) fuses into the ground as n loops, worth 1; only its middle edge
    // leaves two stalks of equal length. n² = 4.9·10^7 is within the default budget.
    let n = 7001u32;
    let cycle = Drawing::new((0..n).map(|i| [i, (i + 1) % n]).collect());
    group.bench_function("every winning cut: cycle of 7001 edges", |b| {
        b.iter(|| {
            let a = hackenbush::analyze(black_box(&cycle), &all);
            assert_eq!(a.unexamined, 0);
            assert_eq!(a.analysis.winning_move_count, 1);
        })
    });
    group.finish();
}

criterion_group!(benches, hackenbush);
criterion_main!(benches);
