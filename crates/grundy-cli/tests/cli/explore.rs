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
        &["bad subtraction set '1,x'", "'x'", "column 3"],
    );
    fails_with(
        &["explore", "subtract", "0", "2"],
        "",
        &["'0' is not allowed"],
    );
    // The ruleset's parameters are read as `grundy RULESET` reads them, with its messages.
    fails_with(
        &["explore", "octal", "0.7x7"],
        "",
        &["parameter 'code'", "unexpected 'x' at column 4 of '0.7x7'"],
    );
    fails_with(&["explore", "octal"], "", &["<CODE>"]);
    fails_with(
        &["explore", "cutting", "2", "--to", "3"],
        "",
        &["n = 0: piece 1 has a side of 0"],
    );
    fails_with(
        &["explore", "wythoff", "3"],
        "",
        &["wythoff's analysis gives no Grundy value"],
    );
    fails_with(
        &[
            "explore",
            "octal",
            "0.77",
            "--to",
            "1000",
            "--max-states",
            "999",
        ],
        "",
        &["range 0..1000", "--max-states"],
    );
    fails_with(
        &["explore", "octal", "0.77", "--plot", "g.pdf"],
        "",
        &["g.pdf", ".svg or .png"],
    );
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
    fails_with(&["explore", "script"], "", &["<FILE>"]);
    fails_with(
        &["explore", "nim", "--from", "9", "--to", "3"],
        "",
        &["range 9..3 is empty"],
    );
}

/// G(0..len) of a take-and-break code by enumerating every move: the oracle.
fn naive(code: &str, len: usize) -> Vec<u64> {
    let rules: grundy::values::TakeAndBreak = code.parse().unwrap();
    grundy::values::naive::values(&rules, len - 1)
        .into_iter()
        .map(u64::from)
        .collect()
}

/// The values of a JSON array of numbers.
fn numbers(v: &serde_json::Value) -> Vec<u64> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_u64().unwrap())
        .collect()
}

#[test]
fn an_octal_code_has_its_values_p_positions_and_proved_period() {
    let kayles = naive("0.77", 201);
    let v = json(&[
        "explore",
        "--json",
        "octal",
        "0.77",
        "--upto",
        "200",
        "--check",
        "n % 4 != 0",
    ]);
    assert_eq!(numbers(&v["values"]), kayles);
    let zeros: Vec<u64> = (0..201).filter(|&n| kayles[n as usize] == 0).collect();
    assert_eq!(numbers(&v["p_positions"]), zeros);
    // Kayles: period 12 from n = 71, proved once the values reach 2·71 + 12 + 2 (octal theorem).
    assert_eq!(v["period"]["period"], 12);
    assert_eq!(v["period"]["preperiod"], 71);
    assert_eq!(v["period"]["saltus"], 0);
    assert_eq!(v["period"]["proved"], true);
    assert_eq!(v["certificate"], "take-and-break");
    for n in 71..189 {
        assert_eq!(kayles[n], kayles[n + 12], "n = {n}");
    }
    // The first n where "the player to move wins iff n % 4 != 0" is wrong, from the oracle.
    let first = (0..201u64)
        .find(|&n| (n % 4 != 0) != (kayles[n as usize] != 0))
        .unwrap();
    assert_eq!(v["check"]["holds"], false);
    assert_eq!(v["check"]["counterexample"]["n"], first);
    assert_eq!(
        v["check"]["counterexample"]["value"],
        kayles[first as usize]
    );
    // Too few values for the theorem: the period is seen, and the text says how far to go.
    grundy(&["explore", "octal", "0.77", "--to", "120"])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "G(n + 12) = G(n) for every n >= 71",
        ))
        .stdout(predicate::str::contains(
            "not yet proved: the proof needs values up to n = 167",
        ));
    grundy(&["explore", "octal", "0.77", "--upto", "200"])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "explore: Kayles (0.77), position [n], n = 0..201",
        ))
        .stdout(predicate::str::contains(
            "proved by the periodicity theorem",
        ));
}

#[test]
fn octal_codes_with_larger_moves_match_the_oracle() {
    // Dawson's Kayles (0.07), 0.137 and a split without removal (4.7).
    for code in ["0.07", "0.137", "4.7", "0.6"] {
        let v = json(&["explore", "--json", "octal", code, "--to", "150"]);
        assert_eq!(numbers(&v["values"]), naive(code, 150), "{code}");
    }
}

#[test]
fn subtraction_sets_come_from_the_subtraction_ruleset() {
    // Take 1..3: G(n) = n mod 4, proved (window of 3).
    let v = json(&["explore", "--json", "subtract", "1..3", "--to", "40"]);
    assert_eq!(
        numbers(&v["values"]),
        (0..40).map(|n| n % 4).collect::<Vec<_>>()
    );
    assert_eq!(v["period"]["period"], 4);
    assert_eq!(v["period"]["proved"], true);
    // An all-but set: every positive number but 2. Values by direct mex over every move.
    let len = 60;
    let mut values: Vec<u64> = Vec::new();
    for n in 0..len {
        let options: Vec<u64> = (1..=n)
            .filter(|&x| x != 2)
            .map(|x| values[(n - x) as usize])
            .collect();
        values.push((0..).find(|g| !options.contains(g)).unwrap());
    }
    let v = json(&["explore", "--json", "subtract", "all-but:2", "--to", "60"]);
    assert_eq!(numbers(&v["values"]), values);
    let p = &v["period"];
    assert!(p["saltus"].as_u64().unwrap() > 0, "{p}");
    assert_eq!(p["proved"], true, "{p}");
    assert_eq!(v["certificate"], "all-but window");
    let (n0, period, saltus) = (
        p["preperiod"].as_u64().unwrap() as usize,
        p["period"].as_u64().unwrap() as usize,
        p["saltus"].as_u64().unwrap(),
    );
    for n in n0..len as usize - period {
        assert_eq!(values[n + period], values[n] + saltus, "n = {n}");
    }
    grundy(&["explore", "subtract", "all-but:2", "--to", "60"])
        .assert()
        .success()
        .stdout(predicate::str::contains("proved: for an all-but set"));
}

#[test]
fn lasker_nim_is_arithmetic_periodic_with_evidence_only() {
    let v = json(&["explore", "--json", "lasker", "--to", "60"]);
    let expected: Vec<u64> = (0..60)
        .map(|n| grundy::games::lasker::value(n).value())
        .collect();
    assert_eq!(numbers(&v["values"]), expected);
    let p = &v["period"];
    assert_eq!(
        (&p["preperiod"], &p["period"], &p["saltus"], &p["proved"]),
        (&json!(1), &json!(4), &json!(4), &json!(false))
    );
    assert_eq!(p["periods_seen"], 14);
    assert_eq!(p["needed_for_proof"], json!(null));
    grundy(&["explore", "lasker", "--to", "60"])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "period: G(n + 4) = G(n) + 4 for every n >= 1 (preperiod 1, seen 14 times); evidence only",
        ));
}

#[test]
fn explore_plots_its_values() {
    let dir = tempfile::tempdir().unwrap();
    for name in ["k.svg", "k.png"] {
        let path = dir.path().join(name);
        let path = path.to_str().unwrap();
        grundy(&["explore", "octal", "0.77", "--upto", "200", "--plot", path])
            .assert()
            .success();
        let bytes = std::fs::read(path).unwrap();
        if name.ends_with("svg") {
            let text = String::from_utf8(bytes).unwrap();
            assert!(text.contains("<svg") && text.contains("period 12 from n = 71 (proved)"));
        } else {
            assert_eq!(&bytes[1..4], b"PNG");
        }
    }
}

#[test]
fn every_ruleset_is_a_family_of_its_positions_with_n_last() {
    // Lasker's Nim beside a fixed heap of 3: G(3) XOR G(n), G(3) = 4.
    let v = json(&["explore", "--json", "lasker", "3", "--to", "40"]);
    let alone = json(&["explore", "--json", "lasker", "--to", "40"]);
    let beside: Vec<u64> = alone["values"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g.as_u64().unwrap() ^ 4)
        .collect();
    assert_eq!(v["values"], serde_json::json!(beside));
    assert_eq!(v["family"], "Lasker's Nim, position [3, n]");
    // Mock Turtles: one heads coin at place n is worth the n-th odious number.
    let v = json(&["explore", "--json", "turning", "mock", "--to", "8"]);
    assert_eq!(v["values"], serde_json::json!([1, 2, 4, 7, 8, 11, 13, 14]));
    assert_eq!(v["family"], "Coin turning (rule mock), position [n]");
    // A subtraction set through the ruleset's own parameter: its period proved as subtract's.
    let v = json(&[
        "explore",
        "--json",
        "subtraction",
        "--set",
        "1,2,4",
        "--to",
        "30",
    ]);
    let alias = json(&["explore", "--json", "subtract", "1", "2", "4", "--to", "30"]);
    assert_eq!(v, alias);
    assert_eq!(v["period"]["proved"], true);
}
