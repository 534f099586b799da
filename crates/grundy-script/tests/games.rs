//! The example scripts against the same games written in Rust and solved by the engine, every
//! state below a bound; then script errors and the step budget.

use grundy::engine::Memo;
use grundy::games::nim::Nim;
use grundy::graph::{Graph, loopy};
use grundy::{Game, Nimber, Outcome};
use grundy_script::{Script, ScriptError, ScriptLimits, State};
use rand::{Rng, SeedableRng};

fn example(name: &str) -> Script {
    let path = format!(
        "{}/../../examples/scripts/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    let source = std::fs::read_to_string(&path).unwrap();
    Script::compile(&source, ScriptLimits::default()).unwrap()
}

fn ints(values: &[i64]) -> State {
    State::Array(values.iter().map(|&v| State::Int(v)).collect())
}

/// Take 1, 2 or 4 from one heap.
struct Take124;
impl Game for Take124 {
    type Position = u64;
    fn options(&self, n: &u64, out: &mut Vec<u64>) {
        out.extend([1, 2, 4].iter().filter(|&&k| k <= *n).map(|k| n - k));
    }
}

#[test]
fn take_1_2_4_matches_the_rust_game() {
    let script = example("take-1-2-4.rhai");
    let mut memo = Memo::new();
    for n in 0..400u64 {
        assert_eq!(
            script.grundy(&State::Int(n as i64)).unwrap(),
            memo.grundy(&Take124, &n).unwrap(),
            "n = {n}"
        );
    }
}

/// Take from one heap or split it in two non-empty heaps; whole positions, sorted.
struct Lasker;
impl Game for Lasker {
    type Position = Vec<u64>;
    fn options(&self, heaps: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
        for (i, &h) in heaps.iter().enumerate() {
            let mut push = |mut next: Vec<u64>| {
                next.sort_unstable();
                out.push(next);
            };
            for smaller in 0..h {
                let mut next = heaps.clone();
                next[i] = smaller;
                push(next);
            }
            for a in 1..=h / 2 {
                let mut next = heaps.clone();
                next[i] = a;
                next.push(h - a);
                push(next);
            }
        }
    }
}

#[test]
fn lasker_nim_by_components_matches_the_whole_search() {
    let script = example("lasker-nim.rhai");
    let mut memo = Memo::new();
    for a in 0..9u64 {
        for b in a..9 {
            let rust = memo.grundy(&Lasker, &vec![a, b]).unwrap();
            let scripted = script.grundy(&ints(&[a as i64, b as i64])).unwrap();
            assert_eq!(scripted, rust, "heaps {a} {b}");
        }
    }
    // And single heaps against the closed form, further than the whole search reaches.
    for n in 0..60u64 {
        let closed = match n % 4 {
            3 => n + 1,
            0 if n > 0 => n - 1,
            _ => n,
        };
        assert_eq!(
            script.grundy(&ints(&[n as i64])).unwrap(),
            Nimber(closed),
            "heap {n}"
        );
    }
}

/// Wythoff's game: a queen moving left, down or diagonally down-left.
struct Queen;
impl Game for Queen {
    type Position = (u64, u64);
    fn options(&self, &(x, y): &(u64, u64), out: &mut Vec<(u64, u64)>) {
        out.extend((1..=x).map(|k| (x - k, y)));
        out.extend((1..=y).map(|k| (x, y - k)));
        out.extend((1..=x.min(y)).map(|k| (x - k, y - k)));
    }
}

#[test]
fn queen_matches_the_rust_game_and_wythoff_pairs() {
    let script = example("queen.rhai");
    let mut memo = Memo::new();
    let phi = (1.0 + 5f64.sqrt()) / 2.0;
    let pairs: Vec<(u64, u64)> = (0..20u64)
        .map(|k| {
            (
                (k as f64 * phi).floor() as u64,
                (k as f64 * phi).floor() as u64 + k,
            )
        })
        .collect();
    for x in 0..24u64 {
        for y in 0..24u64 {
            let g = script.grundy(&ints(&[x as i64, y as i64])).unwrap();
            assert_eq!(g, memo.grundy(&Queen, &(x, y)).unwrap(), "[{x}, {y}]");
            let wythoff = pairs.contains(&(x, y)) || pairs.contains(&(y, x));
            assert_eq!(g.is_zero(), wythoff, "[{x}, {y}]");
        }
    }
}

/// The divisor game.
struct Divisor;
impl Game for Divisor {
    type Position = u64;
    fn options(&self, &n: &u64, out: &mut Vec<u64>) {
        out.extend((1..n).filter(|x| n % x == 0).map(|x| n - x));
    }
}

#[test]
fn divisor_game_matches_the_rust_game_and_parity() {
    let script = example("divisor.rhai");
    let mut memo = Memo::new();
    for n in 1..250u64 {
        let g = script.grundy(&State::Int(n as i64)).unwrap();
        assert_eq!(g, memo.grundy(&Divisor, &n).unwrap(), "n = {n}");
        assert_eq!(!g.is_zero(), n % 2 == 0, "n = {n}");
    }
}

/// Nim where each move takes at most what the previous one took.
struct ShrinkingCap;
impl Game for ShrinkingCap {
    type Position = (Vec<u64>, u64);
    fn options(&self, (piles, cap): &(Vec<u64>, u64), out: &mut Vec<(Vec<u64>, u64)>) {
        for i in 0..piles.len() {
            for take in 1..=piles[i].min(*cap) {
                let mut next = piles.clone();
                next[i] -= take;
                next.sort_unstable();
                out.push((next, take));
            }
        }
    }
}

#[test]
fn shrinking_cap_nim_matches_the_rust_game_and_the_theorem() {
    let script = example("shrinking-cap-nim.rhai");
    let mut memo = Memo::new();
    for a in 0..6u64 {
        for b in a..6 {
            for c in b..6 {
                for cap in 1..7u64 {
                    let piles = vec![a, b, c];
                    let state = State::Map(
                        vec![
                            ("cap".into(), State::Int(cap as i64)),
                            ("piles".into(), ints(&[a as i64, b as i64, c as i64])),
                        ]
                        .into(),
                    );
                    let g = script.grundy(&state).unwrap();
                    assert_eq!(g, memo.grundy(&ShrinkingCap, &(piles, cap)).unwrap());
                    let x = a ^ b ^ c;
                    let wins = x != 0 && (x & x.wrapping_neg()) <= cap;
                    assert_eq!(!g.is_zero(), wins, "{state}");
                }
            }
        }
    }
}

#[test]
fn nim_as_a_script_matches_the_library() {
    let source = "
        fn options(piles) {
            let out = [];
            for i in 0..piles.len() {
                for s in 0..piles[i] { let next = piles; next[i] = s; out.push(next); }
            }
            out
        }
        fn components(piles) { let parts = []; for p in piles { parts.push([p]); } parts }
    ";
    let script = Script::compile(source, ScriptLimits::default()).unwrap();
    let mut memo = Memo::with_components();
    for a in 0..7u64 {
        for b in 0..7 {
            for c in 0..7 {
                let piles = vec![a, b, c];
                let state = ints(&[a as i64, b as i64, c as i64]);
                assert_eq!(
                    script.grundy(&state).unwrap(),
                    memo.grundy(&Nim, &piles).unwrap()
                );
                // Every winning move the script finds is a move to XOR 0, and there are as many
                // as Nim's closed form lists.
                let analysis = script.analyze(&state, false).unwrap();
                let closed = grundy::games::nim::analyze(
                    &piles,
                    grundy::Convention::Normal,
                    &Default::default(),
                );
                assert_eq!(analysis.winning.len() as u64, closed.winning_move_count);
                assert_eq!(analysis.outcome, closed.outcome);
            }
        }
    }
}

#[test]
fn loopy_scripts_match_the_graph_analysis_on_random_graphs() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(66);
    for _ in 0..40 {
        let nodes = rng.random_range(1..12usize);
        let lists: Vec<Vec<usize>> = (0..nodes)
            .map(|_| {
                (0..rng.random_range(0..3))
                    .map(|_| rng.random_range(0..nodes))
                    .collect()
            })
            .collect();
        let edges: Vec<String> = lists.iter().map(|l| format!("{l:?}")).collect();
        let source = format!(
            "fn edges() {{ [{}] }}\nfn options(n) {{ edges()[n] }}",
            edges.join(", ")
        );
        let script = Script::compile(&source, ScriptLimits::default()).unwrap();
        let states: Vec<State> = (0..nodes as i64).map(State::Int).collect();
        let analyses = script.analyze_loopy(&states).unwrap();
        let graph = Graph::from_adjacency(&lists).unwrap();
        let expected = loopy::outcomes(&graph, &graph.reversed());
        let got: Vec<Outcome> = analyses.iter().map(|a| a.outcome).collect();
        assert_eq!(got, expected, "{source}");
    }
}

fn error_of(source: &str, state: State, limits: ScriptLimits) -> ScriptError {
    let script = match Script::compile(source, limits) {
        Ok(s) => s,
        Err(e) => return e,
    };
    script.grundy(&state).unwrap_err()
}

fn message(source: &str, state: i64) -> String {
    error_of(source, State::Int(state), ScriptLimits::default()).to_string()
}

#[test]
fn script_errors_name_the_line_and_column() {
    assert_eq!(
        message("fn options(n) {\n  [n - 1\n}", 3),
        "line 3, column 1: syntax error: Expecting ',' to separate the items of this array literal"
    );
    let m = message(
        "fn options(n) {\n    let out = [];\n    out.push(n / 0);\n    out\n}",
        3,
    );
    assert!(m.starts_with("line 3, column 16: "), "{m}");
    assert!(m.contains("Division by zero"), "{m}");
    assert_eq!(
        message("// take half\n  fn options(n) { [n / 2.0] }", 3),
        "line 2, column 3: options(3) returned f64, which cannot be a state (use integers, booleans, strings, arrays or maps)"
    );
    assert_eq!(
        message("fn options(n) { n - 1 }", 3),
        "line 1, column 1: options(3) must return an array, not i64"
    );
    assert_eq!(
        message("fn moves(n) { [] }", 3),
        "line 1, column 1: the script defines no `fn options(state)` returning the states one move away"
    );
    assert_eq!(
        message("fn options(n) {\n  if n > 0 { [n - 1] } else { [2] }\n}", 3),
        "line 1, column 1: the game has a cycle (2 -> 1 -> 0 -> 2), so it is not finite; check options(), or analyse it as a loopy game (--loopy)"
    );
    assert_eq!(
        message(
            "fn options(n) { let a = []; for i in 0..100 { a = [a]; } [a] }",
            1
        ),
        "line 1, column 1: options(1) returned a value nested more than 64 deep, which cannot be a state (use integers, booleans, strings, arrays or maps)"
    );
    // An error deep in the search is reported, not turned into a wrong value.
    let m = message(
        "fn options(n) { if n == 17 { throw \"no\"; } if n > 0 { [n - 1] } else { [] } }",
        40,
    );
    assert!(m.starts_with("line 1, column 30: "), "{m}");
    assert!(m.contains("no"), "{m}");
}

#[test]
fn the_step_budget_stops_a_runaway_script_and_can_be_raised() {
    let small = ScriptLimits {
        max_steps: 10_000,
        ..ScriptLimits::default()
    };
    assert_eq!(
        error_of(
            "// spins\nfn options(n) {\n  loop { }\n}",
            State::Int(1),
            small
        )
        .to_string(),
        "line 2, column 1: the step budget of 10000 script operations is used up; raise it (--max-steps)"
    );
    // A finite game that needs more than a small budget...
    let chain = "fn options(n) { if n > 0 { [n - 1] } else { [] } }";
    let e = error_of(chain, State::Int(2000), small);
    assert!(
        matches!(e, ScriptError::StepBudget { budget: 10_000, .. }),
        "{e}"
    );
    // ... succeeds with a larger one, and the budget is counted over every call.
    let script = Script::compile(
        chain,
        ScriptLimits {
            max_steps: 1_000_000,
            ..ScriptLimits::default()
        },
    )
    .unwrap();
    assert_eq!(script.grundy(&State::Int(2000)).unwrap(), Nimber(0));
    assert!(script.steps_used() > 10_000);
    // The table bound ends a search that would not fit.
    let tiny = ScriptLimits {
        max_states: 100,
        ..ScriptLimits::default()
    };
    assert_eq!(
        error_of(chain, State::Int(2000), tiny),
        ScriptError::TableFull { limit: 100 }
    );
}

#[test]
fn the_time_limit_stops_a_script_the_step_budget_would_let_run() {
    let limits = ScriptLimits {
        max_steps: u64::MAX / 2,
        time_limit: std::time::Duration::from_millis(200),
        ..ScriptLimits::default()
    };
    let e = error_of(
        "// spins\nfn options(n) {\n  loop { }\n}",
        State::Int(1),
        limits,
    );
    assert_eq!(
        e.to_string(),
        "line 2, column 1: the time limit of 0.2 s is reached; raise it (--time-limit SECONDS)"
    );
    // A finite search well within the limit is not stopped.
    let chain = "fn options(n) { if n > 0 { [n - 1] } else { [] } }";
    let roomy = ScriptLimits {
        time_limit: std::time::Duration::from_secs(30),
        ..limits
    };
    let script = Script::compile(chain, roomy).unwrap();
    assert_eq!(script.grundy(&State::Int(50)).unwrap(), Nimber(0));
}

#[test]
fn states_typed_by_the_user_are_checked() {
    let script = example("take-1-2-4.rhai");
    assert_eq!(
        script.parse_state("[3, #{a: 1}]", 1).unwrap().to_string(),
        "[3, #{a: 1}]"
    );
    let e = script.parse_state("1.5", 2).unwrap_err().to_string();
    assert_eq!(e, "state 2 '1.5': a f64 cannot be a state");
    let e = script.parse_state("[1, ", 1).unwrap_err().to_string();
    assert!(e.starts_with("state 1 '[1, ': "), "{e}");
}
