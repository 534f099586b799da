//! Every example script solved with its components against the whole-position search of the
//! same script (the reference: it never calls `components`), on all small states; the table of
//! a script that splits into heaps holds single heaps only; degenerate components functions.

use grundy::Convention;
use grundy::engine::Memo;
use grundy_script::{Script, ScriptLimits, State};

fn compile(source: &str) -> Script {
    Script::compile(source, ScriptLimits::default()).unwrap()
}

fn example(name: &str) -> Script {
    let path = format!(
        "{}/../../examples/scripts/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    compile(&std::fs::read_to_string(path).unwrap())
}

/// `family(n)` for every n in `family`, and every option of those states.
fn small_states(script: &Script, family: std::ops::RangeInclusive<i64>) -> Vec<State> {
    let mut states = Vec::new();
    for n in family {
        let state = script.family(n).unwrap();
        states.extend(script.options_of(&state).unwrap());
        states.push(state);
    }
    states
}

/// Value, outcome and winning moves of `analyze` (the script's splitting table) equal the
/// whole-position search's on every state given.
fn agrees_with_the_whole_search(script: &Script, states: &[State]) {
    let mut whole = Memo::new();
    for state in states {
        let split = script.analyze(state, false).unwrap();
        assert_eq!(
            Ok(split.value),
            whole.grundy(script, state),
            "value of {state}"
        );
        assert_eq!(
            Ok(split.outcome),
            whole.outcome(script, state, Convention::Normal),
            "outcome of {state}"
        );
        let winning: Vec<State> = split.winning.into_iter().map(|(_, s)| s).collect();
        assert_eq!(
            Ok(winning),
            whole.winning_moves(script, state, Convention::Normal),
            "winning moves of {state}"
        );
    }
}

#[test]
fn every_example_script_agrees_with_the_whole_search() {
    // How far each family goes: the whole search of a heap game keeps every order of its heaps.
    let families = [
        ("divisor.rhai", 1..=40),
        ("grundy-game.rhai", 0..=14),
        ("kayles.rhai", 0..=7),
        ("lasker-nim.rhai", 0..=7),
        ("queen.rhai", 0..=12),
        ("shrinking-cap-nim.rhai", 0..=9),
        ("take-1-2-4.rhai", 0..=40),
    ];
    let dir = format!("{}/../../examples/scripts", env!("CARGO_MANIFEST_DIR"));
    let mut files: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().into_string().unwrap())
        .collect();
    files.sort();
    let listed: Vec<&str> = families.iter().map(|(name, _)| *name).collect();
    assert_eq!(files, listed, "every example script is checked");
    for (name, family) in families {
        let script = example(name);
        agrees_with_the_whole_search(&script, &small_states(&script, family));
    }
}

/// Every state the table holds is one heap, and they are exactly `heaps`.
fn holds_single_heaps(script: &Script, heaps: impl Iterator<Item = i64>) {
    let mut held = script.states_held();
    held.sort();
    let want: Vec<State> = heaps
        .map(|h| State::Array(vec![State::Int(h)].into()))
        .collect();
    assert_eq!(held, want);
}

fn heaps(values: &[i64]) -> State {
    State::Array(values.iter().map(|&v| State::Int(v)).collect())
}

#[test]
fn the_table_holds_single_heaps_of_lasker_nim_and_grundys_game_only() {
    let lasker = example("lasker-nim.rhai");
    for state in [heaps(&[60]), heaps(&[3, 17, 29]), heaps(&[12, 12])] {
        lasker.analyze(&state, false).unwrap();
    }
    // Every smaller heap is an option of the heap of 60.
    holds_single_heaps(&lasker, 0..=60);

    let grundy = example("grundy-game.rhai");
    for state in [heaps(&[60]), heaps(&[3, 17, 29])] {
        grundy.analyze(&state, false).unwrap();
    }
    // A heap is split, never emptied: every heap from 1 to 60 is a part of an option.
    holds_single_heaps(&grundy, 1..=60);
}

/// Lasker's Nim with the components function given.
fn lasker_with(components: &str) -> Script {
    compile(&format!(
        "fn options(heaps) {{
            let out = [];
            for i in 0..heaps.len() {{
                let h = heaps[i];
                for smaller in 0..h {{ let next = heaps; next[i] = smaller; out.push(next); }}
                for a in 1..=(h / 2) {{
                    let next = heaps; next[i] = a; next.push(h - a); out.push(next);
                }}
            }}
            out
        }}
        fn components(heaps) {{ {components} }}"
    ))
}

#[test]
fn degenerate_components_still_end_with_the_right_values() {
    let itself = lasker_with("[heaps]");
    // Empty heaps are left out: a state of empty heaps is a sum of nothing.
    let non_empty =
        lasker_with("let parts = []; for h in heaps { if h > 0 { parts.push([h]); } } parts");
    let mut whole = Memo::new();
    let mut states = vec![heaps(&[]), heaps(&[0, 0]), heaps(&[0, 6, 0])];
    for a in 0..=6 {
        for b in 0..=6 {
            states.push(heaps(&[a, b]));
        }
    }
    for state in &states {
        let want = whole.grundy(&itself, state).unwrap();
        assert_eq!(itself.grundy(state), Ok(want), "itself, {state}");
        assert_eq!(
            non_empty.grundy(state),
            Ok(want),
            "non-empty heaps, {state}"
        );
    }
    assert!(
        non_empty
            .states_held()
            .iter()
            .all(|s| matches!(s, State::Array(h) if h.len() == 1 && h[0] != State::Int(0)))
    );
    // The whole search of a state that is its own only component.
    assert_eq!(itself.states_searched(), whole.len());
    assert!(itself.has_components());
}

#[test]
fn states_kept_by_index_never_share_one() {
    use grundy::Game;
    let script = example("lasker-nim.rhai");
    let mut seen = std::collections::HashMap::new();
    for n in 0..1000 {
        for state in [State::Int(n), heaps(&[n])] {
            let index = script.dense_index(&state).unwrap();
            assert_eq!(seen.insert(index, state.clone()), None, "{state}");
        }
    }
    // Everything else is hashed.
    for state in [
        State::Int(-1),
        heaps(&[-1]),
        heaps(&[]),
        heaps(&[1, 2]),
        State::Bool(true),
    ] {
        assert_eq!(script.dense_index(&state), None, "{state}");
    }
}
