use predicates::prelude::*;
use serde_json::json;

use crate::{fails_with, grundy, json};

#[test]
fn text_and_json() {
    // Without --k, K is 2, as in `grundy play moore`.
    assert_eq!(
        json(&["moore", "--json", "1", "2"])["k"],
        json(&["moore", "--k", "2", "--json", "1", "2"])["k"]
    );
    grundy(&["moore", "--k", "2", "4", "4", "1"])
        .assert()
        .success()
        .stdout(predicate::str::contains("Moore's Nim (K = 2): 4 4 1"))
        .stdout(predicate::str::contains(
            "take from piles 1, 2 (4 -> 1, 4 -> 1)  =>  1 1 1",
        ));
    let v = json(&["moore", "--k", "2", "--json", "1", "1", "1"]);
    assert_eq!(v["game"], "moore");
    assert_eq!(v["outcome"], "P");
    assert_eq!(v["k"], 2);
    assert_eq!(v["winning_move_count_exact"], true);
    let v = json(&["moore", "--k", "2", "--json", "1", "1"]);
    assert_eq!(
        v["winning_moves"][0]["change"],
        json!({"kind": "take_many", "piles": [0, 1], "from": [1, 1], "to": [0, 0]})
    );
}

#[test]
fn large_positions_flag_a_lower_bound() {
    let piles: Vec<String> = (0..200_000u64)
        .map(|i| (i * 2_654_435_761 % 1_000_003).to_string())
        .collect();
    let out = grundy(&["moore", "--k", "3", "--json", "--max-moves", "2"])
        .write_stdin(piles.join(" "))
        .output()
        .unwrap();
    assert!(out.status.success());
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["outcome"], "N");
    assert_eq!(v["winning_move_count_exact"], false);
    assert!(v["winning_moves"][0].get("change").is_some());
    assert!(v["winning_moves"][0].get("position").is_none());
}

#[test]
fn explanations_build_the_move_column_by_column() {
    grundy(&["moore", "--k", "2", "--explain", "4", "4", "1"])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "column counts (highest digit first): 2 0 1",
        ))
        .stdout(predicate::str::contains("reduce pile 1, 2 here"));
    grundy(&[
        "moore",
        "--k",
        "2",
        "--explain",
        "--lang",
        "zh",
        "1",
        "1",
        "1",
    ])
    .assert()
    .success()
    .stdout(predicate::str::contains("Moore 定理"));
}

#[test]
fn bad_input_is_named() {
    fails_with(&["moore", "--k", "0", "1"], "", &["parameter 'k'", "'0'"]);
    fails_with(
        &["moore", "--k", "two", "1"],
        "",
        &["parameter 'k'", "'two'"],
    );
    fails_with(&["moore", "--k", "2", "1", "-1"], "", &["'-1'", "value 2"]);
}
