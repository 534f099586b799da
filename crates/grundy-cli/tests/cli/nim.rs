use predicates::prelude::*;
use serde_json::json;

use crate::{fails_with, grundy, json};

#[test]
fn text_names_the_winner_and_the_move() {
    grundy(&["nim", "3", "4", "5"])
        .assert()
        .success()
        .stdout(predicate::str::contains("first player wins"))
        .stdout(predicate::str::contains(
            "take 2 from pile 1 (3 -> 1)  =>  1 4 5",
        ));
    grundy(&["nim", "1", "2", "3"])
        .assert()
        .success()
        .stdout(predicate::str::contains("first player loses"));
}

#[test]
fn json_follows_the_contract() {
    let v = json(&["nim", "--json", "3", "4", "5"]);
    assert_eq!(v["game"], "nim");
    assert_eq!(v["position"], json!([3, 4, 5]));
    assert_eq!(v["outcome"], "N");
    assert_eq!(v["grundy"], 2);
    assert_eq!(v["winning_move_count"], 1);
    assert_eq!(v["winning_moves"][0]["position"], json!([1, 4, 5]));
    assert_eq!(
        v["winning_moves"][0]["change"],
        json!({"kind": "take", "pile": 0, "from": 3, "to": 1})
    );
    assert!(
        v["winning_moves"][0]["description"]
            .as_str()
            .unwrap()
            .contains("pile 1")
    );
}

#[test]
fn misere_json_has_no_grundy_value() {
    let v = json(&["nim", "--misere", "--json", "1", "1"]);
    assert_eq!(v["outcome"], "N");
    assert_eq!(v["grundy"], serde_json::Value::Null);
    assert_eq!(v["winning_move_count"], 2);
    let v = json(&["nim", "--misere", "--json", "1", "1", "1"]);
    assert_eq!(v["outcome"], "P");
}

#[test]
fn piles_come_from_stdin_when_none_are_given() {
    let out = grundy(&["nim", "--json"])
        .write_stdin("3\n4 5\n")
        .output()
        .unwrap();
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["position"], json!([3, 4, 5]));
}

#[test]
fn the_largest_pile_is_accepted() {
    let v = json(&["nim", "--json", "18446744073709551615", "1"]);
    assert_eq!(v["grundy"], json!(u64::MAX - 1));
}

#[test]
fn max_moves_lists_few_and_counts_all() {
    let v = json(&["nim", "--json", "--max-moves", "1", "7", "7", "7"]);
    assert_eq!(v["winning_moves"].as_array().unwrap().len(), 1);
    assert_eq!(v["winning_move_count"], 3);
}

#[test]
fn positions_are_left_out_of_moves_for_huge_positions() {
    let piles: Vec<String> = (1..=1001).map(|i| i.to_string()).collect();
    let out = grundy(&["nim", "--json", "--max-moves", "3"])
        .write_stdin(piles.join(" "))
        .output()
        .unwrap();
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert!(v["winning_moves"][0].get("position").is_none());
    assert!(v["winning_moves"][0].get("change").is_some());
}

#[test]
fn explanations_in_english_and_chinese() {
    grundy(&["nim", "--explain", "3", "4", "5"])
        .assert()
        .success()
        .stdout(predicate::str::contains("running XOR 7"))
        .stdout(predicate::str::contains("highest set bit"));
    grundy(&["nim", "--explain", "--lang", "zh", "3", "4", "5"])
        .assert()
        .success()
        .stdout(predicate::str::contains("先手必胜"))
        .stdout(predicate::str::contains("最高位"));
    let v = json(&["nim", "--json", "--explain", "1", "2", "3"]);
    let steps: Vec<&str> = v["explanation"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["step"].as_str().unwrap())
        .collect();
    assert!(steps.contains(&"mirror"), "{steps:?}");
}

#[test]
fn bad_input_names_the_token_and_its_place() {
    fails_with(
        &["nim", "3", "abc"],
        "",
        &["'abc'", "value 2", "not a whole number"],
    );
    fails_with(&["nim", "3", "-4"], "", &["'-4'", "negative"]);
    fails_with(&["nim", "3.5"], "", &["'3.5'", "decimal"]);
    fails_with(
        &["nim", "18446744073709551616"],
        "",
        &["'18446744073709551616'", "2^64"],
    );
    fails_with(&["nim"], "", &["no piles"]);
    fails_with(&["nim"], "  \n", &["no piles"]);
    fails_with(&["nim"], "1 2\n3 x4\n", &["'x4'", "line 2, column 3"]);
}

#[test]
fn help_states_the_theorem() {
    grundy(&["nim", "--help"])
        .assert()
        .success()
        .stdout(predicate::str::contains("XOR"));
}

#[test]
fn max_moves_0_prints_the_count_alone() {
    for (args, heading) in [
        (&["nim", "3", "4", "5"][..], "winning moves: 1"),
        (&["nim", "3", "4", "5", "--lang", "zh"], "必胜走法：共 1 种"),
        (
            &["stones", "ends", "5", "3", "4", "5"],
            "best first moves: 2",
        ),
    ] {
        let out = grundy(&[args, &["--max-moves", "0"]].concat())
            .output()
            .unwrap();
        let text = String::from_utf8(out.stdout).unwrap();
        let at = text.lines().position(|l| l == heading);
        assert!(at.is_some(), "{args:?}: no line {heading:?} in {text}");
        let next = text.lines().nth(at.unwrap() + 1).unwrap_or("");
        assert!(!next.starts_with("  "), "{args:?} listed a move: {text}");
    }
}

#[test]
fn an_explanation_with_max_moves_0_still_shows_the_winning_move() {
    let v = json(&[
        "nim",
        "3",
        "4",
        "5",
        "--max-moves",
        "0",
        "--explain",
        "--json",
    ]);
    assert_eq!(v["winning_moves"], json!([]));
    let steps = v["explanation"].as_array().unwrap();
    let shown = steps.iter().find(|s| s["step"] == "move");
    assert_eq!(
        shown.map(|s| (&s["pile"], &s["after"])),
        Some((&json!(0), &json!(1))),
        "{steps:?}"
    );
}

#[test]
fn explanations_do_not_depend_on_max_moves() {
    let why = |args: &[&str], max: &str| {
        let out = grundy(&[args, &["--explain", "--max-moves", max]].concat())
            .output()
            .unwrap();
        let text = String::from_utf8(out.stdout).unwrap();
        text[text.find("Why:").expect("an explanation")..].to_string()
    };
    for args in [
        &["nim", "3", "4", "5"][..],
        &["nim", "--misere", "3", "4", "5"],
        &["staircase", "3", "4", "5"],
        &["lasker", "3", "4", "5"],
        &["subtraction", "--set", "1,2,4", "7", "9"],
        &["nonincreasing", "--k", "3", "3", "4", "5"],
        &["wythoff", "3", "4"],
    ] {
        assert_eq!(why(args, "0"), why(args, "1"), "{args:?}");
    }
}
