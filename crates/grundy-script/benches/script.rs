//! A game written as a Rhai script against the same game in Rust, both solved by the engine:
//! states per second. Run: `cargo bench -p grundy-script --bench script`.
//! Each benchmark checks the values it computes.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use grundy::engine::Memo;
use grundy::{Game, Nimber};
use grundy_script::{Limits, Script, State};

const TAKE_124: &str = include_str!("../../../examples/scripts/take-1-2-4.rhai");
const QUEEN: &str = include_str!("../../../examples/scripts/queen.rhai");

struct Take124;
impl Game for Take124 {
    type Position = u64;
    fn options(&self, n: &u64, out: &mut Vec<u64>) {
        out.extend([1, 2, 4].iter().filter(|&&k| k <= *n).map(|k| n - k));
    }
}

struct Queen;
impl Game for Queen {
    type Position = (u64, u64);
    fn options(&self, &(x, y): &(u64, u64), out: &mut Vec<(u64, u64)>) {
        out.extend((1..=x).map(|k| (x - k, y)));
        out.extend((1..=y).map(|k| (x, y - k)));
        out.extend((1..=x.min(y)).map(|k| (x - k, y - k)));
    }
}

const HEAPS: u64 = 20_000;
const BOARD: u64 = 60;

fn take_1_2_4(c: &mut Criterion) {
    let mut group = c.benchmark_group("take-1-2-4, heaps 0..20000");
    group.throughput(Throughput::Elements(HEAPS));
    group.sample_size(10);
    group.bench_function("Rust ruleset", |b| {
        b.iter(|| {
            let mut memo = Memo::new();
            for n in 0..HEAPS {
                assert_eq!(memo.grundy(&Take124, &n).unwrap(), Nimber(n % 3));
            }
        })
    });
    group.bench_function("Rhai script", |b| {
        b.iter(|| {
            let script = Script::compile(TAKE_124, Limits::default()).unwrap();
            for n in 0..HEAPS {
                let g = script.grundy(&State::Int(n as i64)).unwrap();
                assert_eq!(g, Nimber(n % 3));
            }
        })
    });
    group.finish();
}

fn queen(c: &mut Criterion) {
    let mut group = c.benchmark_group("queen (Wythoff), 60 x 60 board");
    group.throughput(Throughput::Elements(BOARD * BOARD));
    group.sample_size(10);
    let mut memo = Memo::new();
    let expected: Vec<Nimber> = (0..BOARD * BOARD)
        .map(|i| memo.grundy(&Queen, &(i / BOARD, i % BOARD)).unwrap())
        .collect();
    group.bench_function("Rust ruleset", |b| {
        b.iter(|| {
            let mut memo = Memo::new();
            assert_eq!(
                memo.grundy(&Queen, &(BOARD - 1, BOARD - 1)).unwrap(),
                expected[(BOARD * BOARD - 1) as usize]
            );
            assert_eq!(memo.len() as u64, BOARD * BOARD);
        })
    });
    group.bench_function("Rhai script", |b| {
        b.iter(|| {
            let script = Script::compile(QUEEN, Limits::default()).unwrap();
            let corner = State::Array(vec![State::Int(BOARD as i64 - 1); 2].into());
            assert_eq!(
                script.grundy(&corner).unwrap(),
                expected[(BOARD * BOARD - 1) as usize]
            );
            assert_eq!(script.states_searched() as u64, BOARD * BOARD);
        })
    });
    group.finish();
}

criterion_group!(benches, take_1_2_4, queen);
criterion_main!(benches);
