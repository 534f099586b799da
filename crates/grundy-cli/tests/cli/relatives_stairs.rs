//! Staircase Nim, the moving-right grid, coin sliding and Nim with a shrinking cap.

use predicates::prelude::*;
use serde_json::json;

use crate::{fails_with, grundy, json};

#[test]
fn staircase_lists_moves_off_and_onto_odd_steps() {
    let v = json(&["staircase", "--json", "2", "9", "3"]);
    assert_eq!(v["game"], "staircase");
    assert_eq!(v["position"], json!([2, 9, 3]));
    assert_eq!(v["outcome"], "N");
    assert_eq!(v["grundy"], 1);
    assert_eq!(v["winning_move_count"], 2);
    assert_eq!(
        v["winning_moves"][0]["change"],
        json!({"kind": "carry", "from": 1, "to": 0, "count": 1})
    );
    assert_eq!(v["winning_moves"][0]["position"], json!([3, 8, 3]));
    assert_eq!(v["winning_moves"][1]["position"], json!([2, 10, 2]));
    let v = json(&["staircase", "--json", "5"]);
    assert_eq!(
        v["winning_moves"][0]["change"],
        json!({"kind": "carry", "from": 0, "to": null, "count": 5})
    );
    assert_eq!(
        v["winning_moves"][0]["description"],
        "move 5 from step 1 to the ground"
    );
}

#[test]
fn staircase_explains_why_even_steps_do_not_count() {
    grundy(&["staircase", "--explain", "1", "3", "1"])
        .assert()
        .success()
        .stdout(predicate::str::contains("first player loses"))
        .stdout(predicate::str::contains("Only the odd steps count"))
        .stdout(predicate::str::contains("carried on to the ground"));
    grundy(&["staircase", "--explain", "--lang", "zh", "2", "9", "3"])
        .assert()
        .success()
        .stdout(predicate::str::contains("阶梯 Nim"))
        .stdout(predicate::str::contains("奇数级"));
}

#[test]
fn grid_is_the_staircase_from_the_end() {
    let v = json(&["grid", "--json", "5", "2", "7"]);
    assert_eq!(v["game"], "grid");
    assert_eq!(v["grundy"], 2);
    assert_eq!(v["winning_moves"][0]["position"], json!([5, 0, 9]));
    assert_eq!(
        v["winning_moves"][0]["description"],
        "move 2 from cell 2 to cell 3"
    );
    // Cells 1 and 3 of four count, as steps 3 and 1.
    assert_eq!(
        json(&["grid", "--json", "3", "9", "3", "9"])["outcome"],
        "P"
    );
    grundy(&["grid", "--explain", "--lang", "zh", "5", "2", "7"])
        .assert()
        .success()
        .stdout(predicate::str::contains("第 3 格是地面"));
}

#[test]
fn coins_keep_the_order_given() {
    let v = json(&["coins", "--json", "17", "1", "5", "6", "7", "9", "12", "14"]);
    assert_eq!(v["game"], "coins");
    assert_eq!(v["position"], json!([17, 1, 5, 6, 7, 9, 12, 14]));
    assert_eq!(v["outcome"], "N");
    assert_eq!(v["winning_move_count"], 3);
    assert_eq!(
        v["winning_moves"][0]["change"],
        json!({"kind": "slide", "coin": 0, "from": 17, "to": 16})
    );
    assert_eq!(
        v["winning_moves"][0]["position"],
        json!([16, 1, 5, 6, 7, 9, 12, 14])
    );
    assert_eq!(json(&["coins", "--json", "3", "1", "2"])["outcome"], "P");
    grundy(&["coins", "--explain", "5", "2"])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "The free cells just before each coin: 1, 2",
        ));
}

#[test]
fn nonincreasing_positions_carry_the_cap() {
    let v = json(&["nonincreasing", "--json", "--k", "12", "12"]);
    assert_eq!(v["game"], "nonincreasing");
    assert_eq!(v["position"], json!({"piles": [12], "k": 12}));
    assert_eq!(v["outcome"], "N");
    assert_eq!(v["grundy"], serde_json::Value::Null);
    assert_eq!(v["winning_move_count"], 2);
    assert_eq!(
        v["winning_moves"][0]["position"],
        json!({"piles": [8], "k": 4})
    );
    assert_eq!(
        v["winning_moves"][1]["position"],
        json!({"piles": [0], "k": 12})
    );
    assert_eq!(
        json(&["nonincreasing", "--json", "--k", "3", "12"])["outcome"],
        "P"
    );
    // Without --k the first move has no cap (as in `grundy play` and the API): null, no sentinel.
    let free = json(&["nonincreasing", "--json", "12"]);
    assert_eq!(free["position"], json!({"piles": [12], "k": null}));
    assert_eq!(
        free["winning_moves"][1]["position"],
        json!({"piles": [0], "k": 12})
    );
    grundy(&["nonincreasing", "--k", "2", "--explain", "3", "4", "5"])
        .assert()
        .success()
        .stdout(predicate::str::contains("halving"))
        .stdout(predicate::str::contains("lowbit(x) = 2, and k = 2"));
    grundy(&[
        "nonincreasing",
        "--k",
        "1",
        "--explain",
        "--lang",
        "zh",
        "3",
        "4",
        "5",
    ])
    .assert()
    .success()
    .stdout(predicate::str::contains("减半"))
    .stdout(predicate::str::contains("先手必败"));
}

#[test]
fn max_moves_lists_few_and_counts_all() {
    let v = json(&[
        "nonincreasing",
        "--json",
        "--max-moves",
        "1",
        "--k",
        "12",
        "12",
    ]);
    assert_eq!(v["winning_moves"].as_array().unwrap().len(), 1);
    assert_eq!(v["winning_move_count"], 2);
    let v = json(&["staircase", "--json", "--max-moves", "0", "2", "9", "3"]);
    assert_eq!(v["winning_moves"], json!([]));
    assert_eq!(v["winning_move_count"], 2);
}

#[test]
fn a_million_coins_from_stdin() {
    // Coins on the odd cells 1, 3, ..., 1999999: every gap is 1, and with an even number of
    // coins the odd steps XOR to 0.
    let cells: Vec<String> = (0..1_000_000u64).map(|i| (2 * i + 1).to_string()).collect();
    let out = grundy(&["coins", "--json"])
        .write_stdin(cells.join("\n"))
        .output()
        .unwrap();
    assert!(out.status.success());
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["outcome"], "P");
    assert_eq!(v["grundy"], 0);
}

#[test]
fn bad_input_names_the_token() {
    fails_with(&["staircase", "1", "x"], "", &["'x'", "value 2"]);
    fails_with(
        &["staircase", "1", "18446744073709551615"],
        "",
        &["value 2", "'18446744073709551615'", "2^64"],
    );
    fails_with(&["grid", "3", "-1"], "", &["'-1'", "negative"]);
    fails_with(&["grid"], "1 2\n3 4y\n", &["'4y'", "line 2, column 3"]);
    fails_with(&["coins", "3", "0", "2"], "", &["value 2", "'0'", "from 1"]);
    fails_with(
        &["coins", "5", "2", "7", "2"],
        "",
        &["value 4", "'2'", "value 2", "distinct"],
    );
    fails_with(&["coins"], "", &["no cells"]);
    fails_with(
        &["nonincreasing", "--k", "0", "1"],
        "",
        &["parameter 'k'", "'0'"],
    );
    fails_with(
        &["nonincreasing", "--k", "x", "1"],
        "",
        &["parameter 'k'", "'x'"],
    );
    fails_with(
        &["nonincreasing", "--k", "-3", "1"],
        "",
        &["parameter 'k'", "'-3'", "negative"],
    );
    fails_with(
        &["nonincreasing", "--k", "2", "1", "2.5"],
        "",
        &["'2.5'", "value 2"],
    );
}

#[test]
fn help_states_the_theorems() {
    for (command, needle) in [
        ("staircase", "odd"),
        ("grid", "n-1"),
        ("coins", "pairing"),
        ("nonincreasing", "lowbit(x)"),
    ] {
        grundy(&[command, "--help"])
            .assert()
            .success()
            .stdout(predicate::str::contains(needle));
    }
}
