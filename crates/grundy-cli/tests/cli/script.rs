use predicates::prelude::*;
use serde_json::json;

use crate::{fails_with, grundy, json};

const SCRIPTS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/scripts/");

fn script(name: &str) -> String {
    format!("{SCRIPTS}{name}")
}

/// Writes `source` to a fresh temporary script file and returns its path.
fn temporary(name: &str, source: &str) -> String {
    let dir = std::env::temp_dir().join(format!("grundy-script-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, source).unwrap();
    path.to_str().unwrap().to_string()
}

#[test]
fn json_follows_the_contract() {
    let v = json(&["script", "--json", &script("take-1-2-4.rhai"), "10"]);
    assert_eq!(v["game"], "script");
    assert_eq!(v["position"], 10);
    assert_eq!(v["outcome"], "N");
    assert_eq!(v["grundy"], 1);
    assert_eq!(v["winning_move_count"], 2);
    assert_eq!(v["winning_moves"][0]["position"], 9);
    assert_eq!(
        v["winning_moves"][0]["change"],
        json!({"kind": "option", "index": 0})
    );
    assert_eq!(v["winning_moves"][1]["position"], 6);
    assert_eq!(v["winning_moves"][1]["description"], "move to 6");
}

#[test]
fn components_are_listed_with_their_values() {
    let v = json(&["script", "--json", &script("lasker-nim.rhai"), "[2, 5]"]);
    assert_eq!(v["grundy"], 7);
    assert_eq!(
        v["components"],
        json!([{"position": [2], "grundy": 2}, {"position": [5], "grundy": 5}])
    );
    assert_eq!(v["winning_move_count"], 2);
}

#[test]
fn start_states_come_from_the_script_one_json_object_per_line() {
    let out = grundy(&["script", "--json", &script("divisor.rhai")])
        .output()
        .unwrap();
    let lines: Vec<serde_json::Value> = out
        .stdout
        .split(|&b| b == b'\n')
        .filter(|l| !l.is_empty())
        .map(|l| serde_json::from_slice(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 12);
    for v in &lines {
        let n = v["position"].as_i64().unwrap();
        assert_eq!(v["outcome"], if n % 2 == 0 { "N" } else { "P" }, "{n}");
    }
}

#[test]
fn text_and_explanation_in_both_languages() {
    grundy(&[
        "script",
        &script("queen.rhai"),
        "[3, 5]",
        "[2, 2]",
        "--explain",
    ])
    .assert()
    .success()
    .stdout(predicate::str::contains(
        "state: [3, 5]\nfirst player loses",
    ))
    .stdout(predicate::str::contains("move to [0, 0]"))
    .stdout(predicate::str::contains("the mex"));
    grundy(&[
        "script",
        "--lang",
        "zh",
        "--explain",
        &script("shrinking-cap-nim.rhai"),
    ])
    .assert()
    .success()
    .stdout(predicate::str::contains("先手必胜"));
}

#[test]
fn loopy_games_have_draws() {
    // From n: go to n + 1 (mod 4), or from 3 to the end state 9.
    let path = temporary(
        "loopy.rhai",
        "fn options(n) { if n == 9 { [] } else if n == 3 { [0, 9] } else { [(n + 1) % 4] } }",
    );
    fails_with(
        &["script", &path, "0"],
        "",
        &["line 1, column 1", "cycle", "--loopy"],
    );
    let v = json(&["script", "--loopy", "--json", &path, "3"]);
    // 9 is lost (no move), so 3 is won, 2 (only to 3) lost, 1 won, 0 (only to 1) lost: both
    // options of 3 win.
    assert_eq!(v["outcome"], "N");
    assert_eq!(v["winning_move_count"], 2);
    assert_eq!(v["winning_moves"][0]["position"], 0);
    assert_eq!(v["winning_moves"][1]["position"], 9);
    let v = json(&["script", "--loopy", "--json", &path, "0"]);
    assert_eq!(v["outcome"], "P");
    let draw = temporary("draw.rhai", "fn options(n) { [1 - n] }");
    let v = json(&["script", "--loopy", "--json", &draw, "0"]);
    assert_eq!(v["outcome"], "D");
    assert_eq!(v["grundy"], "inf");
    assert_eq!(v["finite_options"], json!([]));
}

#[test]
fn script_errors_are_one_line_with_the_place() {
    let bad = temporary("syntax.rhai", "fn options(n) {\n  [n - 1\n}\n");
    fails_with(
        &["script", &bad, "3"],
        "",
        &["syntax.rhai: line 3, column 1: syntax error"],
    );
    let float = temporary("float.rhai", "fn options(n) { [n / 2.0] }");
    fails_with(
        &["script", &float, "3"],
        "",
        &["options(3) returned f64", "cannot be a state"],
    );
    let spin = temporary("spin.rhai", "fn options(n) { loop { } }");
    fails_with(
        &["script", "--max-steps", "5000", &spin, "3"],
        "",
        &["step budget of 5000", "--max-steps"],
    );
    // The wall clock stops a script that the step budget would let run for hours.
    fails_with(
        &[
            "script",
            "--max-steps",
            "1000000000000",
            "--time-limit",
            "0.5",
            &spin,
            "3",
        ],
        "",
        &[
            "spin.rhai: line 1, column",
            "time limit of 0.5 s",
            "--time-limit",
        ],
    );
    grundy(&["script", "--time-limit", "0", &spin, "3"])
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains("the time limit must be positive"));
    fails_with(
        &["script", &script("take-1-2-4.rhai"), "[1,"],
        "",
        &["state 1 '[1,'"],
    );
    fails_with(
        &["script", "/no/such.rhai"],
        "",
        &["cannot read the script /no/such.rhai"],
    );
    let none = temporary("nostart.rhai", "fn options(n) { [] }");
    fails_with(&["script", &none], "", &["no states given"]);
}

#[test]
fn help_states_the_theorem() {
    grundy(&["script", "--help"])
        .assert()
        .success()
        .stdout(predicate::str::contains("mex"))
        .stdout(predicate::str::contains("fn options(state)"));
}

#[test]
fn stats_say_whether_options_ran_compiled_and_interpreted_gives_the_same_answers() {
    for name in [
        "take-1-2-4.rhai",
        "shrinking-cap-nim.rhai",
        "lasker-nim.rhai",
        "queen.rhai",
        "divisor.rhai",
    ] {
        let compiled = grundy(&["script", "--json", "--stats", &script(name)])
            .assert()
            .success()
            .stderr(predicate::str::contains("options(): compiled ("));
        let interpreted = grundy(&[
            "script",
            "--json",
            "--stats",
            "--interpreted",
            &script(name),
        ])
        .assert()
        .success()
        .stderr(predicate::str::contains(
            "options(): interpreted (the fast path is turned off)",
        ));
        assert_eq!(
            compiled.get_output().stdout,
            interpreted.get_output().stdout,
            "{name}"
        );
    }
    let printing = temporary(
        "printing.rhai",
        "fn options(n) {\n  print(n);\n  if n > 0 { [n - 1] } else { [] }\n}",
    );
    grundy(&["script", "--stats", &printing, "2"])
        .assert()
        .success()
        .stderr(predicate::str::contains(
            "options(): interpreted (line 2, column 3: `print` with 1 argument is outside the compiled subset)",
        ));
}
