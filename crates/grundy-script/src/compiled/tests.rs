//! The compiled path against the interpreter: the same options, components, values and errors,
//! on every example and on scripts that use every construct of the subset.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use grundy::Game;

use crate::{Script, ScriptLimits, State};

const EXAMPLES: [(&str, &str); 7] = [
    (
        "take-1-2-4",
        include_str!("../../../../examples/scripts/take-1-2-4.rhai"),
    ),
    (
        "shrinking-cap-nim",
        include_str!("../../../../examples/scripts/shrinking-cap-nim.rhai"),
    ),
    (
        "lasker-nim",
        include_str!("../../../../examples/scripts/lasker-nim.rhai"),
    ),
    (
        "grundy-game",
        include_str!("../../../../examples/scripts/grundy-game.rhai"),
    ),
    (
        "kayles",
        include_str!("../../../../examples/scripts/kayles.rhai"),
    ),
    (
        "queen",
        include_str!("../../../../examples/scripts/queen.rhai"),
    ),
    (
        "divisor",
        include_str!("../../../../examples/scripts/divisor.rhai"),
    ),
];

/// The script twice: compiled (checked to be), and interpreted only.
fn both(source: &str, limits: ScriptLimits) -> (Script, Script) {
    let fast = Script::compile(source, limits).unwrap();
    assert_eq!(fast.interpreted_because(), None, "not compiled:\n{source}");
    let mut slow = Script::compile(source, limits).unwrap();
    slow.interpret_only();
    (fast, slow)
}

/// The options the engine is handed one at a time (as the compiled `options` pushes them,
/// where it has a streaming variant).
fn visited(script: &Script, state: &State) -> Vec<State> {
    let mut seen = Vec::new();
    script.visit_options(state, &mut Vec::new(), &mut |option| {
        seen.push(option);
        None
    });
    seen
}

/// Both give the same options and components (or the same error) for `state`.
fn agree(fast: &Script, slow: &Script, state: &State, name: &str) {
    let options = slow.options_of(state);
    assert_eq!(fast.options_of(state), options, "{name}: options({state})");
    // A call that fails is left out: the failure stays with the script until a search reports it.
    if let Ok(options) = options {
        assert_eq!(
            visited(fast, state),
            options,
            "{name}: streamed options({state})"
        );
    }
    assert_eq!(
        fast.components_of(state),
        slow.components_of(state),
        "{name}: components({state})"
    );
}

fn ints(values: &[i64]) -> State {
    State::Array(values.iter().map(|&v| State::Int(v)).collect())
}

fn piles_and_cap(piles: &[i64], cap: i64) -> State {
    State::Map(
        vec![
            ("cap".into(), State::Int(cap)),
            ("piles".into(), ints(piles)),
        ]
        .into(),
    )
}

/// Random states of each example's kind, some of them outside its usual ones (negative numbers,
/// empty arrays, a pile of another type) so that the compiled code must give up where the
/// interpreter fails.
fn random_state(name: &str, rng: &mut ChaCha8Rng) -> State {
    let small = |rng: &mut ChaCha8Rng| rng.random_range(-2..40i64);
    match name {
        "take-1-2-4" | "divisor" => State::Int(rng.random_range(-5..400)),
        "queen" => ints(&[small(rng), small(rng)]),
        "lasker-nim" | "grundy-game" | "kayles" => {
            let len = rng.random_range(0..4);
            let heaps: Vec<i64> = (0..len).map(|_| rng.random_range(0..12)).collect();
            ints(&heaps)
        }
        _ => {
            let len = rng.random_range(0..4);
            let piles: Vec<i64> = (0..len).map(|_| rng.random_range(0..9)).collect();
            if rng.random_ratio(1, 20) {
                State::Map(
                    vec![
                        ("cap".into(), State::Bool(true)),
                        ("piles".into(), ints(&piles)),
                    ]
                    .into(),
                )
            } else {
                piles_and_cap(&piles, rng.random_range(0..9))
            }
        }
    }
}

#[test]
fn every_example_is_compiled_and_agrees_with_the_interpreter() {
    let mut rng = ChaCha8Rng::seed_from_u64(6);
    for (name, source) in EXAMPLES {
        let copies = super::copy_loop::TURNS.with(std::cell::Cell::get);
        let (fast, slow) = both(source, ScriptLimits::default());
        for _ in 0..300 {
            agree(&fast, &slow, &random_state(name, &mut rng), name);
        }
        for n in 0..40 {
            let state = slow.family(n).unwrap();
            agree(&fast, &slow, &state, name);
            assert_eq!(fast.grundy(&state), slow.grundy(&state), "{name}: {state}");
        }
        assert_eq!(fast.states_searched(), slow.states_searched(), "{name}");
        // The games that split heaps copy their state in a loop of copies.
        let copied = super::copy_loop::TURNS.with(std::cell::Cell::get) > copies;
        assert_eq!(
            copied,
            ["lasker-nim", "grundy-game"].contains(&name),
            "{name}"
        );
        assert_eq!(slow.compiled_calls(), 0);
        assert!(
            fast.compiled_calls() > 300,
            "{name}: {}",
            fast.compiled_calls()
        );
    }
}

#[test]
fn the_step_budget_counts_about_the_same_on_both_paths() {
    for (name, source) in EXAMPLES {
        let (fast, slow) = both(source, ScriptLimits::default());
        for n in 0..25 {
            let state = slow.family(n).unwrap();
            fast.grundy(&state).unwrap();
            slow.grundy(&state).unwrap();
        }
        // The compiled code counts at least what the interpreter counts, at most three times that.
        let ratio = fast.steps_used() as f64 / slow.steps_used() as f64;
        assert!(
            (1.0..=3.0).contains(&ratio),
            "{name}: compiled {} operations, interpreted {}",
            fast.steps_used(),
            slow.steps_used()
        );
    }
}

/// Every construct of the subset, each result pushed so that a difference shows.
const CONSTRUCTS: &str = r#"
fn twice(x) { x * 2 }
fn pick(a, b) { if a > b { return a - b; } a + b }
fn count_down(n) { if n <= 0 { 0 } else { 1 + count_down(n - 1) } }
fn limit() { 4 }
fn pairs() { [[1, 2], [3, #{k: 4}]] }
fn options(n) {
    let out = [];
    const K = 3;
    out.push(n + K); out.push(n - 7); out.push(n * n); out.push(n / 3); out.push(n % 4);
    out.push(2 ** (n % 5)); out.push(n << 2); out.push(n >> 1); out.push(-n); out.push(+n);
    out.push(n & 6); out.push(n | 1); out.push(n ^ 5);
    out.push(n < 3); out.push(n <= 3); out.push(n > 3); out.push(n >= 3); out.push(n == 3);
    out.push(n != 3); out.push(!(n == 3)); out.push(n > 0 && n < 10); out.push(n < 0 || n > 10);
    out.push(true & (n > 1)); out.push(false | (n > 1)); out.push(true ^ (n > 1));
    out.push(min(n, 4)); out.push(max(n, 4)); out.push(abs(n)); out.push(twice(n));
    out.push(pick(n, 5)); out.push(count_down(n % 30));
    let a = [n, 3, -1, n % 7];
    a.push(9);
    a.sort();
    out.push(a);
    a.reverse();
    out.push(a);
    out.push(a.pop());
    a.insert(1, 42);
    out.push(a.remove(0));
    out.push(a[0]); out.push(a[-1]); out.push(a.len()); out.push(len(a)); out.push(a.is_empty());
    out.push(a.contains(42)); out.push(42 in a); out.push(n in 0..10); out.push(n in 0..=10);
    a[1] = n; a[2] += 5; a[-1] *= 2;
    out.push(a);
    let m = #{ b: n, a: [n, 2], c: 'x', d: "s" };
    m.b += 3; m.a = [1]; m.c = 'y';
    out.push(m); out.push(m.b); out.push(m["a"]); out.push(m.a[0]); out.push(m.a.len());
    out.push(m.contains("b")); out.push(m.len());
    let nested = [[1, 2], [n, [n, 4]]];
    out.push(nested[1][1][0]); out.push(nested[1].len()); out.push(nested == [[1, 2], [n, [n, 4]]]);
    let s = 0;
    for i in 0..n % 6 { s += i; }
    for i in 1..=3 { if i == 2 { continue; } s += 10 * i; }
    for (x, i) in [5, 6, 7] { s += x * i; if x == 6 { break; } }
    for p in pairs() { s += p[0] * limit(); out.push(p); }
    let q = pairs(); q[0] = n; out.push(q); out.push(pairs());
    let w = 0;
    while w < n % 5 { w += 1; }
    loop { w += 1; if w > 7 { break; } }
    do { w += 2; } while w < 12;
    do { w -= 1; } until w < 10;
    out.push(s); out.push(w);
    let v = if n % 2 == 0 { "even" } else { 'o' };
    out.push(v);
    let b = { let t = n + 1; t * 2 };
    out.push(b);
    let e = [];
    out.push(e.pop() == ());
    a.clear();
    out.push(a);
    out
}
"#;

#[test]
fn every_construct_of_the_subset_agrees_with_the_interpreter() {
    let (fast, slow) = both(CONSTRUCTS, ScriptLimits::default());
    // What the interpreter answers without an error, the compiled code answers itself.
    let mut answered = 0;
    for n in -40..60 {
        agree(&fast, &slow, &State::Int(n), "constructs");
        answered += u64::from(slow.options_of(&State::Int(n)).is_ok());
        // Each answered twice: as an array, and streamed.
        assert_eq!(fast.compiled_calls(), 2 * answered, "n = {n}");
    }
    assert!(answered >= 60, "{answered}");
    // These overflow somewhere, and the interpreter reports it.
    for n in [i64::MAX, i64::MIN, i64::MAX / 2, 1 << 61, -(1 << 62)] {
        agree(&fast, &slow, &State::Int(n), "constructs");
        assert!(fast.options_of(&State::Int(n)).is_err());
    }
    // The state as it is, for the array and map states too.
    let (fast, slow) = both(
        "fn options(s) { [s, [s], #{s: s}] }",
        ScriptLimits::default(),
    );
    for state in [
        ints(&[1, 2]),
        piles_and_cap(&[3], 1),
        State::Str("a".into()),
    ] {
        agree(&fast, &slow, &state, "identity");
    }
}

#[test]
fn errors_are_the_interpreters_own() {
    let cases = [
        "fn options(n) { [10 / n] }",
        "fn options(n) { [10 % n] }",
        "fn options(n) { [n + 9223372036854775800] }",
        "fn options(n) { [n * n * n * n * n] }",
        "fn options(n) { [2 ** n] }",
        "fn options(n) { [1 << n] }",
        "fn options(n) { let a = [1, 2, 3]; [a[n]] }",
        "fn options(n) { let a = [1, 2, 3]; a[n] = 0; a }",
        "fn options(n) { let m = #{a: 1}; [m.b + n] }",
        "fn options(n) { if n { [] } else { [1] } }",
        "fn options(n) { [n + true] }",
        "fn options(n) { [n == true] }",
        "fn options(n) { let a = [n, true]; a.sort(); a }",
        "fn options(n) { [1.5 + n] }",
        "fn options(n) { [()] }",
        "fn options(n) { n }",
        "fn options(n) { [0..n] }",
        "fn options(n) { let a = []; for i in 0..n { a.push(i); } [a.len()] }",
        "fn options(n) { let a = 0; loop { a += 1; } }",
        // Rhai's bounds on one value's data, nested values included.
        "fn options(n) { let b = []; for i in 0..300 { b.push(i); } let a = []; for i in 0..n { a.push(b); } [a.len()] }",
        "fn options(n) { let a = []; for i in 0..n { a.push([[i, i], #{x: [i]}]); } [a.len()] }",
        "fn options(n) { let a = []; for i in 0..n { a.insert(0, #{s: \"0123456789abcdefghijklmnopqrstuvwxyz0123456789abcdefghijklmnopqrstuvwxyz0123456789abcdefghijklmnopqrstuvwxyz0123456789abcdefghijklmnopqrstuvwxyz0123456789abcdefghijklmnopqrstuvwxyz0123456789abcdefghijklmnopqrstuvwxyz0123456789abcdefghijklmnopqrstuvwxyz0123456789abcdefghijklmnopqrstuvwxyz0123456789abcdefghijklmnopqrstuvwxyz0123456789abcdefghijklmnopqrstuvwxyz0123456789abcdefghijklmnopqrstuvwxyz\"}); } [a.len()] }",
        "fn deep(n) { deep(n + 1) } fn options(n) { [deep(n)] }",
    ];
    let limits = ScriptLimits {
        max_steps: 100_000,
        ..ScriptLimits::default()
    };
    for source in cases {
        on_a_script_stack(move || errors_agree(source, limits));
    }
}

/// Runs `f` on a thread with the stack that script threads have (deep recursion needs it).
fn on_a_script_stack(f: impl FnOnce() + Send + 'static) {
    std::thread::Builder::new()
        .stack_size(crate::STACK_SIZE)
        .spawn(f)
        .unwrap()
        .join()
        .unwrap();
}

fn errors_agree(source: &'static str, limits: ScriptLimits) {
    {
        let fast = Script::compile(source, limits).unwrap();
        let mut slow = Script::compile(source, limits).unwrap();
        slow.interpret_only();
        for n in [-70, -4, -1, 0, 1, 2, 3, 10, 64, 1000, 20_000] {
            agree(&fast, &slow, &State::Int(n), source);
        }
    }
}

#[test]
fn what_is_outside_the_subset_runs_in_the_interpreter_and_says_why() {
    let source = "fn moves() { [1, 2] }\nfn options(n) {\n  print(n);\n  [n - 1]\n}";
    let script = Script::compile(source, ScriptLimits::default()).unwrap();
    let why = script.interpreted_because().unwrap();
    assert!(why.starts_with("line 3, column 3: `print`"), "{why}");
    assert_eq!(
        script.options_of(&State::Int(3)).unwrap(),
        vec![State::Int(2)]
    );
    // A callee outside the subset keeps its caller out too.
    let source = "fn moves() { switch 1 { 1 => [1], _ => [2] } }\nfn options(n) { moves() }";
    let script = Script::compile(source, ScriptLimits::default()).unwrap();
    assert!(script.interpreted_because().unwrap().starts_with("line 1"));
    assert_eq!(
        script.options_of(&State::Int(3)).unwrap(),
        vec![State::Int(1)]
    );
}

/// Random scripts of the subset, from a small grammar: integers, arrays, loops, branches and
/// the operators, errors included (division by zero, overflow, an index out of range). Arrays
/// are copied, pushed, assigned and looped over, often where they are read for the last time,
/// so that a variable moved too early shows.
struct ScriptMaker {
    rng: ChaCha8Rng,
    /// Integer variables in scope.
    ints: Vec<String>,
    /// Array variables in scope besides `arr` and `out`.
    arrays: Vec<String>,
    next: usize,
}

impl ScriptMaker {
    fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[self.rng.random_range(0..items.len())]
    }

    /// An array variable: `arr` or one declared by the script.
    fn array(&mut self) -> String {
        let i = self.rng.random_range(0..=self.arrays.len());
        self.arrays
            .get(i)
            .cloned()
            .unwrap_or_else(|| "arr".to_string())
    }

    fn fresh(&mut self, prefix: &str) -> String {
        self.next += 1;
        format!("{prefix}{}", self.next)
    }

    fn int(&mut self, depth: u32) -> String {
        let leaf = depth == 0 || self.rng.random_ratio(2, 5);
        if leaf {
            return match self.rng.random_range(0..4) {
                0 => self.rng.random_range(-3..9).to_string(),
                1 => "n".to_string(),
                _ if !self.ints.is_empty() => {
                    let i = self.rng.random_range(0..self.ints.len());
                    self.ints[i].clone()
                }
                _ => "n".to_string(),
            };
        }
        match self.rng.random_range(0..10) {
            0 => format!("{}[{}]", self.array(), self.int(depth - 1)),
            1 => format!("{}.len()", self.array()),
            2 => format!(
                "if {} {{ {} }} else {{ {} }}",
                self.test(depth - 1),
                self.int(depth - 1),
                self.int(depth - 1)
            ),
            3 => format!(
                "{}({}, {})",
                self.pick(&["min", "max"]),
                self.int(depth - 1),
                self.int(depth - 1)
            ),
            4 => format!("-({})", self.int(depth - 1)),
            _ => {
                let op = self.pick(&["+", "-", "*", "/", "%", "&", "|", "^", "<<", ">>", "**"]);
                format!("({} {op} {})", self.int(depth - 1), self.int(depth - 1))
            }
        }
    }

    fn test(&mut self, depth: u32) -> String {
        match self.rng.random_range(0..6) {
            0 => format!("{} in arr", self.int(depth)),
            1 if depth > 0 => format!(
                "({} {} {})",
                self.test(depth - 1),
                self.pick(&["&&", "||"]),
                self.test(depth - 1)
            ),
            2 => format!("!({})", self.test(depth.saturating_sub(1))),
            _ => {
                let op = self.pick(&["<", "<=", ">", ">=", "==", "!="]);
                format!("{} {op} {}", self.int(depth), self.int(depth))
            }
        }
    }

    fn statements(&mut self, depth: u32, count: usize) -> String {
        let (ints, arrays) = (self.ints.len(), self.arrays.len());
        let mut out = String::new();
        for _ in 0..count {
            out.push_str(&self.statement(depth));
            out.push('\n');
        }
        self.ints.truncate(ints);
        self.arrays.truncate(arrays);
        out
    }

    /// A statement on arrays: copies, pushes, assignments, loops over them.
    fn array_statement(&mut self, depth: u32) -> String {
        match self.rng.random_range(0..if depth == 0 { 5 } else { 6 }) {
            0 => {
                let name = self.fresh("a");
                let value = match self.rng.random_range(0..3) {
                    0 => format!("[{}, {}]", self.int(1), self.int(1)),
                    1 => "[]".to_string(),
                    _ => self.array(),
                };
                self.arrays.push(name.clone());
                format!("let {name} = {value};")
            }
            1 => format!("{}.push({});", self.array(), self.int(1)),
            2 => format!("out.push({});", self.array()),
            3 => {
                let (target, value) = (self.array(), self.array());
                format!("{target} = {value};")
            }
            4 => {
                let op = self.pick(&["=", "=", "+=", "-=", "*="]);
                format!("{}[{}] {op} {};", self.array(), self.int(1), self.int(1))
            }
            _ => {
                let over = self.array();
                let name = self.fresh("x");
                self.ints.push(name.clone());
                let body = self.statements(depth - 1, 3);
                self.ints.pop();
                format!("for {name} in {over} {{\n{body}}}")
            }
        }
    }

    fn statement(&mut self, depth: u32) -> String {
        if self.rng.random_ratio(1, 3) {
            return self.array_statement(depth);
        }
        let choice = self.rng.random_range(0..if depth == 0 { 6 } else { 9 });
        match choice {
            0 => {
                let value = self.int(2);
                let name = self.fresh("v");
                self.ints.push(name.clone());
                format!("let {name} = {value};")
            }
            1 if !self.ints.is_empty() => {
                let i = self.rng.random_range(0..self.ints.len());
                let op = self.pick(&["=", "+=", "-=", "*=", "%="]);
                let target = self.ints[i].clone();
                format!("{target} {op} {};", self.int(2))
            }
            2 => format!("arr.push({});", self.int(2)),
            3 => format!("arr[{}] = {};", self.int(1), self.int(2)),
            4 => format!("out.push({});", self.int(2)),
            5 => self
                .pick(&[
                    "arr.sort();",
                    "arr.reverse();",
                    "out.push(arr);",
                    "arr.pop();",
                ])
                .to_string(),
            6 => format!(
                "if {} {{\n{}}} else {{\n{}}}",
                self.test(2),
                self.statements(depth - 1, 2),
                self.statements(depth - 1, 2)
            ),
            7 => {
                let name = self.fresh("i");
                let range = format!("0..(n % 4 + {})", self.rng.random_range(0..3));
                self.ints.push(name.clone());
                let body = self.statements(depth - 1, 3);
                self.ints.pop();
                format!("for {name} in {range} {{\n{body}}}")
            }
            _ => format!("if {} {{ return out; }}", self.test(1)),
        }
    }

    /// A script, and whether its state is an array `[n, n + 1]` (else the integer `n`). The
    /// parameter is sometimes changed, so that both the variant reading it in the caller's
    /// state and the one copying it run.
    fn script(&mut self) -> (String, bool) {
        self.ints.clear();
        self.arrays.clear();
        let array_state = self.rng.random_ratio(1, 2);
        let (parameter, first) = if array_state {
            // The state itself is an array of the script: read, looped over, copied, pushed.
            self.arrays.push("s".to_string());
            ("s", "let n = s[0];\n")
        } else {
            if self.rng.random_ratio(1, 3) {
                self.ints.push("n".to_string());
            }
            ("n", "")
        };
        let body = self.statements(2, 6);
        let source = format!(
            "fn options({parameter}) {{\n{first}let out = [];\nlet arr = [n, 1, 2];\n{body}out.push(arr.len());\nout\n}}"
        );
        (source, array_state)
    }
}

#[test]
fn random_scripts_of_the_subset_agree_with_the_interpreter() {
    let mut maker = ScriptMaker {
        rng: ChaCha8Rng::seed_from_u64(66),
        ints: Vec::new(),
        arrays: Vec::new(),
        next: 0,
    };
    let limits = ScriptLimits {
        max_steps: 200_000,
        ..ScriptLimits::default()
    };
    let (mut answered, mut calls) = (0, 0);
    let mut in_place = [0, 0];
    let mut streams = [0, 0];
    for _ in 0..1500 {
        let (source, array_state) = maker.script();
        let (fast, slow) = both(&source, limits);
        if array_state {
            in_place[usize::from(fast.fast.reads_argument_in_place("options"))] += 1;
        }
        streams[usize::from(fast.fast.streams("options"))] += 1;
        for n in [-7, -1, 0, 1, 2, 3, 5, 8, 13, 40, 1 << 40] {
            let state = if array_state {
                ints(&[n, n.saturating_add(1)])
            } else {
                State::Int(n)
            };
            let before = fast.compiled_calls();
            agree(&fast, &slow, &state, &source);
            // A call the interpreter answers, the compiled code answers itself, streamed or
            // not: giving up would hide a mistake of its own (a variable moved out too early
            // reads as `()`).
            if slow.options_of(&state).is_ok() {
                assert_eq!(fast.compiled_calls(), before + 2, "{source}\nn = {n}");
                answered += 1;
            }
            calls += 1;
        }
    }
    // Most calls are answered (the others fail in the interpreter too).
    assert!(answered * 3 > calls, "{answered} of {calls}");
    // Both variants of `options` ran on arrays: copying the parameter, and reading it in place.
    assert!(in_place[0] > 100 && in_place[1] > 100, "{in_place:?}");
    // Many scripts stream their options, and many (reading their array) cannot.
    assert!(streams[0] > 100 && streams[1] > 100, "{streams:?}");
}

#[test]
fn only_an_array_pushed_onto_and_returned_is_streamed() {
    let streamed = [
        "fn options(n) { let out = []; for i in 0..n { out.push(i); } out }",
        "fn options(n) { let out = []; if n > 2 { out.push([n - 1, 1]); } while false {} out }",
        "fn options(n) { let x = 1; let out = []; let y = out.push(x); out }",
    ];
    let not_streamed = [
        "fn options(n) { let out = []; for i in 0..n { out.push(i); } [n] }",
        "fn options(n) { let out = []; out.push(out.len()); out }",
        "fn options(n) { let out = []; out.push(1); if n > 1 { return out; } out }",
        "fn options(n) { let out = []; out.push(1); if n > 1 { return [2]; } out }",
        "fn options(n) { let out = []; out.push(1); out.insert(0, 2); out }",
        "fn options(n) { let out = []; out = [1]; out }",
        "fn options(n) { let out = [1]; out.push(2); out }",
        "fn options(n) { let out = []; for out in 0..n {} out }",
        "fn options(n) { let out = []; { let out = [2]; out.push(1); } out }",
        "fn options(out) { out.push(1); out }",
        "fn options(n) { const out = []; out }",
    ];
    for source in streamed {
        let script = Script::compile(source, ScriptLimits::default()).unwrap();
        assert!(script.fast.streams("options"), "{source}");
    }
    for source in not_streamed {
        let script = Script::compile(source, ScriptLimits::default()).unwrap();
        assert!(!script.fast.streams("options"), "{source}");
    }
}

#[test]
fn a_streamed_call_given_up_half_way_hands_over_each_option_once() {
    // `"x" + n` is outside the compiled operators: the compiled code gives up after the loop has
    // handed its options over, and the interpreter, which answers, lists the rest.
    let source = "fn options(n) {
        let out = [];
        for i in 0..n { out.push(i); }
        let tail = \"x\" + n;
        if tail.len() > 2 { out.push(n + 100); }
        out
    }";
    let (fast, slow) = both(source, ScriptLimits::default());
    assert!(fast.fast.streams("options"));
    for n in [0, 3, 12] {
        let state = State::Int(n);
        let before = fast.compiled_calls();
        assert_eq!(
            visited(&fast, &state),
            slow.options_of(&state).unwrap(),
            "{n}"
        );
        assert_eq!(
            fast.compiled_calls(),
            before,
            "{n}: the interpreter answered"
        );
    }
    // The operations of the compiled code given up are not counted: only the interpreter's.
    assert_eq!(fast.steps_used(), slow.steps_used());
}

#[test]
fn shifts_are_rhais_own() {
    let engine = rhai::Engine::new();
    let numbers = [
        i64::MIN,
        i64::MIN + 1,
        -(1 << 40),
        -7,
        -1,
        0,
        1,
        3,
        63,
        64,
        65,
        1 << 40,
        i64::from(u32::MAX),
        i64::from(u32::MAX) + 1,
        i64::MAX,
    ];
    for x in numbers {
        for y in numbers {
            let rhai = |op: &str| engine.eval::<i64>(&format!("({x}) {op} ({y})")).unwrap();
            assert_eq!(super::operators::shift_left(x, y), rhai("<<"), "{x} << {y}");
            assert_eq!(
                super::operators::shift_right(x, y),
                rhai(">>"),
                "{x} >> {y}"
            );
        }
    }
}

#[test]
fn an_array_given_back_starts_the_next_call_empty() {
    use grundy::Game;
    let (fast, _) = both(EXAMPLES[0].1, ScriptLimits::default());
    for n in [9, 2, 30, 0, 5] {
        let mut out = Vec::new();
        fast.options(&State::Int(n), &mut out);
        let expected: Vec<State> = [1, 2, 4]
            .into_iter()
            .filter(|k| *k <= n)
            .map(|k| State::Int(n - k))
            .collect();
        assert_eq!(out, expected, "options({n})");
    }
    assert_eq!(fast.compiled_calls(), 5);
}

#[test]
fn states_nested_as_deep_as_a_state_may_be_and_one_deeper() {
    let (fast, slow) = both(
        "fn options(n) { let a = []; for i in 0..n { a = [a]; } let m = #{ a: a }; [a, m] }",
        ScriptLimits::default(),
    );
    for n in 58..70 {
        let before = fast.compiled_calls();
        agree(&fast, &slow, &State::Int(n), "nested");
        let answered = fast.compiled_calls() > before;
        assert_eq!(answered, slow.options_of(&State::Int(n)).is_ok(), "n = {n}");
    }
}

/// Every compiled node returns a `Run<Value>`: with no value inside `Flow`, the result is
/// exactly as large as the value (no tag of its own to copy around).
#[test]
fn a_result_is_as_small_as_its_value() {
    use super::{Run, values::Value};
    assert_eq!(size_of::<Run<Value>>(), size_of::<Value>());
}

/// A map literal's entries are put in key order by swaps found when compiling: on every order
/// of five keys the swaps sort them, and a repeated key is refused.
#[test]
fn the_swaps_of_a_map_literal_sort_its_keys() {
    use super::compiler::swaps_sorting;
    use crate::Key;
    fn orders(rest: Vec<&'static str>, done: Vec<&'static str>, out: &mut Vec<Vec<&'static str>>) {
        if rest.is_empty() {
            out.push(done);
            return;
        }
        for i in 0..rest.len() {
            let (mut rest, mut done) = (rest.clone(), done.clone());
            done.push(rest.remove(i));
            orders(rest, done, out);
        }
    }
    let mut all = Vec::new();
    orders(vec!["a", "b", "cap", "piles", "z"], Vec::new(), &mut all);
    assert_eq!(all.len(), 120);
    for order in all {
        let keys: Vec<Key> = order.iter().map(|&k| Key::from(k)).collect();
        let refs: Vec<&Key> = keys.iter().collect();
        let mut entries = order.clone();
        for (a, b) in swaps_sorting(&refs).unwrap() {
            entries.swap(a, b);
        }
        assert!(entries.is_sorted(), "{order:?} gave {entries:?}");
    }
    let repeated = [Key::from("a"), Key::from("b"), Key::from("a")];
    assert!(swaps_sorting(&repeated.iter().collect::<Vec<_>>()).is_none());
}

/// The usual `components` (each item of an array its own component) is recognised under any
/// names, and only in that exact shape; where recognised, its answer and the operations it
/// counts are those of its compiled code, and its answer is the interpreter's, on arrays of
/// every kind of item, on arrays too large for the result, and on states that are no arrays.
#[test]
fn the_usual_components_is_answered_as_its_code_would() {
    let options = "fn options(s) { [] }\n";
    let recognised = [
        "fn components(heaps) { let parts = []; for h in heaps { parts.push([h]); } parts }",
        "fn components(s) { let out = []; for x in s { out.push([x]) } return out; }",
    ];
    let others = [
        "fn components(s) { let p = []; for x in s { p.push([x, x]); } p }",
        "fn components(s) { let p = []; for x in s { p.push(x); } p }",
        "fn components(s) { let p = [0]; for x in s { p.push([x]); } p }",
        "fn components(s) { let p = []; for (x, i) in s { p.push([x]); } p }",
        "fn components(s) { let p = []; for x in s { p.push([x]); p.push([x]); } p }",
        "fn components(s) { let p = []; for x in s { p.push([s]); } p }",
        "fn components(s) { let p = []; for x in s { p.push([x]); } s }",
        "fn components(s) { let s = []; for x in s { s.push([x]); } s }",
    ];
    let mut rng = ChaCha8Rng::seed_from_u64(22);
    let deep = (0..60).fold(State::Int(1), |s, _| State::Array(Box::new([s])));
    let mut states = vec![
        State::Int(5),
        State::Str("abc".into()),
        ints(&[]),
        piles_and_cap(&[1, 2], 3),
        State::Array(Box::new([
            deep.clone(),
            State::Str("x".into()),
            State::Bool(true),
        ])),
    ];
    // At Rhai's bound on an array's items (65536, nested ones included): the result for the
    // first passes it by two, that for the second just fits; for arrays of numbers, the third
    // just fits and the fourth passes it by two.
    let halves =
        |n: usize| State::Array(vec![State::Array(vec![State::Int(7); n].into()); 2].into());
    let large = [
        halves(32_767),
        halves(32_766),
        ints(&[7; 32_768]),
        ints(&[7; 32_769]),
    ];
    for _ in 0..200 {
        let len = rng.random_range(0..6);
        let items: Vec<State> = (0..len)
            .map(|_| match rng.random_range(0..3) {
                0 => State::Int(rng.random_range(-3..50)),
                1 => ints(&[rng.random_range(0..9), rng.random_range(0..9)]),
                _ => piles_and_cap(&[rng.random_range(0..9)], 2),
            })
            .collect();
        states.push(State::Array(items.into()));
    }
    let unlimited = super::Meter {
        used: 0,
        limit: u64::MAX,
        deadline: None,
        memory: None,
    };
    for (source, expected) in recognised
        .iter()
        .map(|s| (s, true))
        .chain(others.iter().map(|s| (s, false)))
    {
        let source = format!("{options}{source}");
        let (fast, slow) = both(&source, ScriptLimits::default());
        let program = &fast.fast;
        assert_eq!(
            program.makes_each_item_a_component("components"),
            expected,
            "{source}"
        );
        let entry = program.entry("components").unwrap();
        let large = if expected { &large[..] } else { &[] };
        for state in states.iter().chain(large) {
            let answered = program.call(entry, state, unlimited);
            assert_eq!(
                answered,
                program.run(entry, state, unlimited),
                "{source}: {state}"
            );
            assert_eq!(
                fast.components_of(state),
                slow.components_of(state),
                "{source}: {state}"
            );
        }
    }
}

/// Integer code ([`super::typed`]) against the interpreter: typed locals and loop variables,
/// arithmetic on array elements, overflows in each place an integer is computed, and variables
/// that hold an integer only some of the time (assigned an array in one branch, a string in one
/// turn of a loop), which must not be typed: the compiled code answers every call the
/// interpreter answers, so a variable typed wrongly (read as an integer where it holds an
/// array) shows as a call given up.
#[test]
fn integer_code_agrees_with_the_interpreter() {
    let sources = [
        // Typed locals, compound assignments, comparisons of integers.
        "fn options(n) { let out = []; let x = n * 2; x += 1; x -= n; out.push(x);
            out.push(x == n + 1); out.push(x != 3); out.push(x & 6); out.push(x ^ n);
            let y = -x; y *= 3; out.push(y); out.push(abs(y) + +x); out }",
        // A range loop's variable and counter, its bounds computed; an empty range.
        "fn options(n) { let out = []; for i in (n % 7)..=(n % 11) { out.push(i * i - n); }
            for (x, k) in [4, 5] { out.push(x * k); } for i in 3..n % 3 { out.push(i); }
            out }",
        // An integer in one branch, an array in the other: not typed.
        // (Comparing an integer with an array gives up on both paths: two of each kind.)
        "fn options(n) { let out = []; let y = 0; let z = 1;
            if n % 2 == 0 { y = [n]; z = [n]; } else { y = n + 1; z = n; }
            out.push(y); out.push(y == z); out.push(y != z); out }",
        // A loop variable given a string in one turn: not typed, nor what is copied from it.
        "fn options(n) { let out = []; for i in 0..3 { if i == n % 3 { i = \"s\"; } let j = i;
            out.push(j); out.push(j == i); } out }",
        // Arithmetic on elements (integers or not), stored and pushed.
        "fn options(s) { let out = []; let h = s[0]; for a in 1..=(h / 2) { let next = s;
            next[0] = a; next.push(h - a); next[1] -= a * 2; out.push(next); } out }",
        // Overflows: in a typed local, a compound assignment, a loop's bounds, unary minus.
        "fn options(n) { let x = n * 4611686018427387904; [x] }",
        "fn options(n) { let x = n; x *= x; x *= x; x *= x; [x] }",
        "fn options(n) { let out = []; for i in (n - 9223372036854775807)..(n - 9223372036854775805) { out.push(i); } out }",
        "fn options(n) { let x = -n; [x, abs(n - 1)] }",
        "fn options(n) { let out = [n * 1]; out[0] += 9223372036854775000; out }",
    ];
    for source in sources {
        let (fast, slow) = both(source, ScriptLimits::default());
        let numbers = [-3, 0, 1, 2, 5, 8, 13, i64::MAX, i64::MIN, 1 << 40];
        for state in numbers
            .iter()
            .map(|&n| State::Int(n))
            .chain(numbers.iter().map(|&n| ints(&[n, 7])))
            .chain([State::Array(Box::new([State::Str("x".into())]))])
        {
            let before = fast.compiled_calls();
            agree(&fast, &slow, &state, source);
            if slow.options_of(&state).is_ok() {
                assert_eq!(fast.compiled_calls(), before + 2, "{source}\n{state}");
            }
        }
    }
}

/// A loop of copies pushed onto the sink ([`super::copy_loop`]) against the interpreter and
/// against the same loop with a counter, which is compiled in general: the same options, the
/// same errors and the same operations counted, on arrays of integers (where the copies run)
/// and of anything else (where the general loop runs), with stores out of bounds, overflows and
/// a copy past Rhai's bound on an array's items.
#[test]
fn a_loop_of_copies_agrees_with_the_loop_compiled_in_general() {
    use super::copy_loop::TURNS;
    let bodies = [
        "let next = heaps; next[i] = a; out.push(next);",
        "let next = heaps; next[i] -= a + 1; next.push(a); out.push(next);",
        "let next = copy; next.push(a); next[-1] += h; next[0] *= 3; out.push(next);",
        "let next = heaps; next[a] = 1; out.push(next);",
        "let next = heaps; next[i] = a << 61; next[i] *= 4; out.push(next);",
        "let next = heaps; next.push(h - a); next[i] = a; next.push(i); out.push(next);",
    ];
    let script = |body: &str, each: &str| {
        format!(
            "fn options(heaps) {{
                let out = [];
                let copy = heaps;
                for i in 0..heaps.len() {{
                    let h = heaps[i];
                    for {each} in 0..h {{ {body} }}
                }}
                out
            }}"
        )
    };
    let mut rng = ChaCha8Rng::seed_from_u64(28);
    let mut states: Vec<State> = (0..300)
        .map(|_| {
            let len = rng.random_range(0..4);
            let items: Vec<State> = (0..len)
                .map(|_| match rng.random_range(0..12) {
                    0 => ints(&[rng.random_range(0..4)]),
                    1 => State::Bool(true),
                    _ => State::Int(rng.random_range(-2..8)),
                })
                .collect();
            State::Array(items.into())
        })
        .collect();
    // A copy of 65 535 integers and a push reaches Rhai's bound on an array's items.
    let mut long = vec![State::Int(0); 65_535];
    long[0] = State::Int(2);
    states.push(State::Array(long.into()));
    for body in bodies {
        // The same width, so that errors name the same columns.
        let fused = script(body, "a        ");
        let (fast, slow) = both(&fused, ScriptLimits::default());
        let (general, _) = both(&script(body, "(a, turn)"), ScriptLimits::default());
        for state in &states {
            let before = TURNS.with(std::cell::Cell::get);
            let options = slow.options_of(state);
            assert_eq!(general.options_of(state), options, "{body}: {state}");
            assert_eq!(fast.options_of(state), options, "{body}: {state}");
            // Only a streaming call runs copies.
            assert_eq!(TURNS.with(std::cell::Cell::get), before, "{body}: {state}");
            if let Ok(options) = options {
                assert_eq!(visited(&fast, state), options, "{body}: {state}");
                assert_eq!(visited(&general, state), options, "{body}: {state}");
            }
        }
        assert_eq!(fast.steps_used(), general.steps_used(), "{body}");
        assert!(fast.compiled_calls() > 200, "{body}");
        let turns = TURNS.with(std::cell::Cell::get);
        assert!(turns > 300, "{body}: {turns} turns run as copies");
    }
}
