use predicates::prelude::*;
use serde_json::json;

use crate::{fails_with, grundy, json};

const SCRIPTS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/scripts/");

#[test]
fn a_subtraction_set_has_a_proved_period_and_its_formula_holds() {
    let v = json(&[
        "explore", "--json", "subtract", "1", "2", "4", "--to", "30", "--check", "n % 3",
    ]);
    let values: Vec<u64> = (0..30).map(|n| n % 3).collect();
    assert_eq!(v["values"], json!(values));
    assert_eq!(
        v["p_positions"],
        json!((0..30).step_by(3).collect::<Vec<u64>>())
    );
    assert_eq!(v["period"]["period"], 3);
    assert_eq!(v["period"]["preperiod"], 0);
    assert_eq!(v["period"]["proved"], true);
    assert_eq!(v["certificate"], "window");
    assert_eq!(
        v["check"],
        json!({"formula": "n % 3", "holds": true, "counterexample": null})
    );
}

#[test]
fn the_first_counterexample_is_printed() {
    // {2, 5, 7}: G(1) = 0, so "the player to move wins iff n % 3 != 0" fails at n = 1.
    let v = json(&[
        "explore",
        "--json",
        "subtract",
        "2",
        "5",
        "7",
        "--check",
        "n % 3 != 0",
    ]);
    assert_eq!(v["check"]["holds"], false);
    assert_eq!(
        v["check"]["counterexample"],
        json!({"n": 1, "claimed": {"wins": true}, "value": 0})
    );
    assert_eq!(v["period"]["period"], 22);
    grundy(&["explore", "subtract", "1", "2", "4", "--check", "n % 4"])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "check `n % 4`: fails at n = 3: the formula gives 3, but G(3) = 0",
        ));
}

#[test]
fn scripts_and_nim_families_show_arithmetic_periods() {
    let lasker = format!("{SCRIPTS}lasker-nim.rhai");
    let formula = "if n % 4 == 3 { n + 1 } else if n % 4 == 0 && n > 0 { n - 1 } else { n }";
    let v = json(&[
        "explore", "--json", "script", &lasker, "--to", "40", "--check", formula,
    ]);
    assert_eq!(v["check"]["holds"], true);
    assert_eq!(v["period"]["period"], 4);
    assert_eq!(v["period"]["saltus"], 4);
    assert_eq!(v["period"]["proved"], false);
    // Nim beside a pile of 5: G(n) = 5 XOR n.
    let v = json(&[
        "explore", "--json", "nim", "5", "--to", "64", "--check", "n ^ 5",
    ]);
    assert_eq!(v["check"]["holds"], true);
    assert_eq!(v["p_positions"], json!([5]));
    assert_eq!(v["period"]["period"], 8);
    assert_eq!(v["period"]["saltus"], 8);
    // The script's start() range is the default range; --from limits what is shown and checked.
    let divisor = format!("{SCRIPTS}divisor.rhai");
    let v = json(&[
        "explore",
        "--json",
        "script",
        &divisor,
        "--from",
        "1",
        "--check",
        "n % 2 == 0",
    ]);
    assert_eq!(v["to"], 13);
    assert_eq!(v["values"].as_array().unwrap().len(), 12);
    assert_eq!(v["check"]["holds"], true);
}

#[test]
fn bad_arguments_and_formulas_are_named() {
    fails_with(
        &["explore", "subtract", "1", "x"],
        "",
        &["bad subtraction set", "'x'", "value 2"],
    );
    fails_with(&["explore", "subtract", "0", "2"], "", &["0 is not a move"]);
    fails_with(
        &["explore", "subtract", "1", "--check", "n %"],
        "",
        &["--check 'n %'", "line 1, column"],
    );
    fails_with(
        &["explore", "subtract", "1", "--check", "n / 2.0"],
        "",
        &["for n = 0 the formula gives"],
    );
    fails_with(&["explore", "script"], "", &["one script file"]);
    fails_with(
        &["explore", "nim", "--from", "9", "--to", "3"],
        "",
        &["range 9..3 is empty"],
    );
}
