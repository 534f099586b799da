//! Each example script (examples/scripts) against the same game as a Rust ruleset, both solved by
//! the engine from an empty table, single-threaded, in the same run: states per second. The Rust
//! ruleset's time is the engine's memo (its options cost little next to the table), so the ratio
//! of the two is "script cost per state / memo cost per state".
//! Run: `cargo bench -p grundy-script --bench script`. Each benchmark checks the values it
//! computes: the script's against the Rust ruleset's, and both against the game's theorem where
//! there is one.
//!
//! The script runs twice: compiled (the fast path, see `grundy_script`'s documentation), and in
//! the interpreter alone.
//!
//! With `SCRIPT_BENCH_ONLY=GAME:SIDE` (GAME a word of a group's name such as `queen`, SIDE `rust`,
//! `script` or `interpreted`) the binary instead solves that one side once, in `solve_rust` or
//! `solve_script`,
//! and prints the states searched: the run to profile with valgrind (`bench/script-profile.sh`
//! divides their instruction counts by the states).

use criterion::{Criterion, Throughput};
use grundy::engine::Memo;
use grundy::games::lasker::{self, Lasker};
use grundy::games::nonincreasing::{CappedPiles, ShrinkingCap};
use grundy::games::subtraction::{Subtraction, SubtractionSet};
use grundy::games::wythoff::Wythoff;
use grundy::{Game, Nimber, Outcome};
use grundy_script::{Script, ScriptLimits, State};

fn source(name: &str) -> String {
    let path = format!(
        "{}/../../examples/scripts/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read_to_string(&path).expect("the example scripts are in the repository")
}

fn ints(values: &[u64]) -> State {
    State::Array(values.iter().map(|&v| State::Int(v as i64)).collect())
}

/// The divisor game (LeetCode 1025): from n, subtract a proper divisor of n. No library ruleset
/// has it, so it is written here, the same way as the script.
struct Divisor;
impl Game for Divisor {
    type Position = u64;
    fn options(&self, &n: &u64, out: &mut Vec<u64>) {
        out.extend((1..n).filter(|x| n % x == 0).map(|x| n - x));
    }
}

/// What to do: benchmark both sides, or solve one side once (`SCRIPT_BENCH_ONLY`).
enum Run<'a> {
    Bench(&'a mut Criterion),
    Once(&'a str),
}

impl Run<'_> {
    /// Whether the theorems are checked (not in a profiling run, which must run one side only).
    fn checks(&self) -> bool {
        matches!(self, Run::Bench(_))
    }
}

/// The engine on the Rust ruleset, from an empty table.
#[inline(never)]
fn solve_rust<G: Game>(game: &G, roots: &[(G::Position, State)]) -> (Vec<Nimber>, usize) {
    let mut memo = Memo::with_components();
    let values = roots
        .iter()
        .map(|(p, _)| memo.grundy(game, p).unwrap())
        .collect();
    (values, memo.len())
}

/// The script, compiled to closures or (`interpreted`) run in the interpreter alone.
fn script_of(source: &str, interpreted: bool) -> Script {
    let mut script = Script::compile(source, ScriptLimits::default()).unwrap();
    if interpreted {
        script.interpret_only();
    } else {
        assert_eq!(
            script.interpreted_because(),
            None,
            "the example is compiled"
        );
    }
    script
}

/// The engine on the script, from an empty table.
#[inline(never)]
fn solve_script<G: Game>(script: &Script, roots: &[(G::Position, State)]) -> Vec<Nimber> {
    roots
        .iter()
        .map(|(_, s)| script.grundy(s).unwrap())
        .collect()
}

/// Solves `roots` with the Rust ruleset and with the script, from empty tables each time; the
/// values must agree.
fn compare<G: Game>(
    run: &mut Run,
    name: &str,
    game: &G,
    script: &str,
    roots: &[(G::Position, State)],
) {
    let c = match run {
        Run::Bench(c) => c,
        Run::Once(only) => {
            let (game_word, side) = only.split_once(':').unwrap_or((only, "script"));
            if !name.contains(game_word) {
                return;
            }
            let states = if side == "rust" {
                solve_rust(game, roots).1
            } else {
                let script = script_of(script, side == "interpreted");
                solve_script::<G>(&script, roots);
                script.states_searched()
            };
            println!("{name} ({side}): {states} states");
            return;
        }
    };
    let (expected, rust_states) = solve_rust(game, roots);
    let check = script_of(script, false);
    assert_eq!(solve_script::<G>(&check, roots), expected, "{name}");
    assert_eq!(
        solve_script::<G>(&script_of(script, true), roots),
        expected,
        "{name}"
    );
    let states = (rust_states, check.states_searched());
    println!(
        "{name}: {} states (Rust ruleset), {} states (script), {} script operations",
        states.0,
        states.1,
        check.steps_used()
    );

    let mut group = c.benchmark_group(name);
    group.sample_size(10);
    group.throughput(Throughput::Elements(states.0 as u64));
    group.bench_function("Rust ruleset (engine memo)", |b| {
        b.iter(|| assert_eq!(solve_rust(game, roots).0, expected))
    });
    group.throughput(Throughput::Elements(states.1 as u64));
    for (label, interpreted) in [
        ("Rhai script, compiled", false),
        ("Rhai script, interpreted", true),
    ] {
        group.bench_function(label, |b| {
            b.iter(|| {
                assert_eq!(
                    solve_script::<G>(&script_of(script, interpreted), roots),
                    expected
                )
            })
        });
    }
    group.finish();
}

fn take_1_2_4(run: &mut Run) {
    let game = Subtraction {
        set: SubtractionSet::finite(&[1, 2, 4]).unwrap(),
    };
    let roots: Vec<_> = (0..20_000u64)
        .map(|n| (vec![n], State::Int(n as i64)))
        .collect();
    // The theorem: period 3.
    if run.checks() {
        let mut memo = Memo::with_components();
        assert!((0..60).all(|n| memo.grundy(&game, &vec![n]).unwrap() == Nimber(n % 3)));
    }
    let script = source("take-1-2-4.rhai");
    compare(run, "take-1-2-4, heaps 0..20000", &game, &script, &roots);
}

fn shrinking_cap(run: &mut Run) {
    // The script keeps piles sorted, the Rust ruleset does not: they search different numbers of
    // states for the same values, so states per second is the measure.
    let mut roots = Vec::new();
    for a in 0..=6u64 {
        for b in a..=9 {
            let state = State::Map(
                vec![
                    ("cap".into(), State::Int(9)),
                    ("piles".into(), ints(&[a, b])),
                ]
                .into(),
            );
            let position = CappedPiles {
                piles: vec![a, b],
                k: 9,
            };
            if run.checks() {
                let outcome = grundy::games::nonincreasing::outcome(&[a, b], 9);
                let g = ShrinkingCap.grundy(&position).unwrap();
                assert_eq!(Outcome::from_grundy(g), outcome);
            }
            roots.push((position, state));
        }
    }
    let script = source("shrinking-cap-nim.rhai");
    compare(
        run,
        "shrinking-cap Nim, piles a <= b <= 9 (a <= 6), cap 9",
        &ShrinkingCap,
        &script,
        &roots,
    );
}

fn lasker_nim(run: &mut Run) {
    let roots: Vec<_> = (0..300u64).map(|n| (vec![n], ints(&[n]))).collect();
    if run.checks() {
        let mut memo = Memo::with_components();
        assert!((0..300).all(|n| memo.grundy(&Lasker, &vec![n]).unwrap() == lasker::value(n)));
    }
    let script = source("lasker-nim.rhai");
    compare(
        run,
        "Lasker's Nim via components, heaps 0..300",
        &Lasker,
        &script,
        &roots,
    );
}

fn queen(run: &mut Run) {
    const BOARD: u64 = 60;
    let roots = vec![([BOARD - 1; 2], ints(&[BOARD - 1; 2]))];
    let script = source("queen.rhai");
    compare(
        run,
        "queen (Wythoff), 60 x 60 board",
        &Wythoff,
        &script,
        &roots,
    );
}

fn divisor(run: &mut Run) {
    let roots: Vec<_> = (1..=1000u64).map(|n| (n, State::Int(n as i64))).collect();
    // The theorem: the player to move wins iff n is even.
    if run.checks() {
        let mut memo = Memo::new();
        let parity = |n: u64| memo.grundy(&Divisor, &n).unwrap().is_zero() == (n % 2 == 1);
        assert!((1..=1000u64).all(parity));
    }
    let script = source("divisor.rhai");
    compare(run, "divisor game, n = 1..1000", &Divisor, &script, &roots);
}

fn main() {
    let only = std::env::var("SCRIPT_BENCH_ONLY").ok();
    let mut criterion = Criterion::default().configure_from_args();
    let mut run = match &only {
        Some(only) => Run::Once(only),
        None => Run::Bench(&mut criterion),
    };
    for game in [take_1_2_4, shrinking_cap, lasker_nim, queen, divisor] {
        game(&mut run);
    }
    if only.is_none() {
        criterion.final_summary();
    }
}
