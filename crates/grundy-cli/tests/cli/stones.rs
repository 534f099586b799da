use predicates::prelude::*;
use serde_json::json;

use crate::{fails_with, grundy, json};

#[test]
fn leetcode_877_examples_are_first_player_wins() {
    for (piles, first, second) in [(["5", "3", "4", "5"], 9, 8), (["3", "7", "2", "3"], 10, 5)] {
        let mut args = vec!["stones", "ends", "--json"];
        args.extend(piles);
        let v = json(&args);
        assert_eq!(v["winner"], "first", "{piles:?}");
        assert_eq!(v["outcome"], "N");
        assert_eq!(v["totals"], json!({"first": first, "second": second}));
        assert_eq!(v["difference"], first - second);
    }
}

#[test]
fn ends_json_follows_the_contract() {
    let v = json(&["stones", "ends", "--json", "3", "7", "2", "3"]);
    assert_eq!(v["game"], "stones ends");
    assert_eq!(v["position"], json!([3, 7, 2, 3]));
    assert_eq!(v["grundy"], serde_json::Value::Null);
    assert_eq!(v["best_move_count"], 1);
    let best = &v["best_moves"][0];
    assert_eq!(
        best["move"],
        json!({"end": "right", "pile": 3, "stones": 3})
    );
    assert_eq!(best["position"], json!([3, 7, 2]));
    assert!(best["description"].as_str().unwrap().contains("pile 4"));
    // Piles 2 and 4 (7 + 3) beat piles 1 and 3 (3 + 2): lock the even class from the right.
    let mut parity = v["parity"].clone();
    let against_greedy = parity
        .as_object_mut()
        .unwrap()
        .remove("against_greedy")
        .expect("the parity play-out");
    assert_eq!(
        parity,
        json!({"odd_sum": 5, "even_sum": 10, "class": "even", "end": "right",
               "guaranteed": {"first": 10, "second": 5}})
    );
    // Against a greedy opponent the parity strategy gets exactly the even class: 3, then 7.
    assert_eq!(against_greedy["totals"], json!({"first": 10, "second": 5}));
    let firsts: Vec<&serde_json::Value> = against_greedy["moves"]
        .as_array()
        .unwrap()
        .iter()
        .step_by(2)
        .map(|m| &m["pile"])
        .collect();
    assert_eq!(firsts, [&json!(3), &json!(1)]);
    assert_eq!(
        v["optimal_play"]["totals"],
        json!({"first": 10, "second": 5})
    );
    assert_eq!(v["optimal_play"]["moves"].as_array().unwrap().len(), 4);
    assert!(v["against_greedy"]["totals"]["first"].as_i64().unwrap() >= 10);
}

#[test]
fn an_odd_row_has_no_parity_strategy_and_may_be_lost() {
    let v = json(&["stones", "ends", "--json", "1", "5", "2"]);
    assert_eq!(v["winner"], "second");
    assert_eq!(v["outcome"], "P");
    assert_eq!(v["difference"], -2);
    assert!(v.get("parity").is_none());
}

#[test]
fn ties_are_reported_as_ties() {
    let v = json(&["stones", "ends", "--json", "4", "4"]);
    assert_eq!(v["winner"], "tie");
    assert_eq!(v["outcome"], "D");
    assert_eq!(v["difference"], 0);
    grundy(&["stones", "ends", "4", "4"])
        .assert()
        .success()
        .stdout(predicate::str::contains("tie: 4 to 4"));
}

#[test]
fn totals_beyond_64_bits_stay_exact_in_json() {
    let max = u64::MAX.to_string();
    let out = grundy(&["stones", "ends", "--json", &max, &max, &max])
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    // Three piles of 2^64 − 1: the first player takes two of them.
    let two = 2 * u128::from(u64::MAX);
    assert!(
        text.contains(&format!("\"totals\":{{\"first\":{two},")),
        "{text}"
    );
}

#[test]
fn no_playout_leaves_the_playouts_out() {
    let v = json(&[
        "stones",
        "ends",
        "--json",
        "--no-playout",
        "5",
        "3",
        "4",
        "5",
    ]);
    assert_eq!(v["optimal_play"], serde_json::Value::Null);
    assert!(v.get("against_greedy").is_none());
    assert_eq!(v["difference"], 1);
}

#[test]
fn leetcode_1140_examples() {
    for (piles, answer) in [
        (vec!["2", "7", "9", "4", "4"], 10),
        (vec!["1", "2", "3", "4", "5", "100"], 104),
    ] {
        let mut args = vec!["stones", "two", "--json"];
        args.extend(piles.iter().copied());
        let v = json(&args);
        assert_eq!(v["totals"]["first"], answer, "{piles:?}");
    }
    grundy(&["stones", "two", "2", "7", "9", "4", "4"])
        .assert()
        .success()
        .stdout(predicate::str::contains("the LeetCode answer): 10"));
}

#[test]
fn leetcode_1690_examples() {
    let v = json(&["stones", "seven", "--json", "5", "3", "1", "4", "2"]);
    assert_eq!(v["difference"], 6);
    assert_eq!(v["best_moves"][0]["move"]["score"], 13);
    let v = json(&[
        "stones", "seven", "--json", "7", "90", "5", "1", "100", "10", "10", "2",
    ]);
    assert_eq!(v["difference"], 122);
    assert_eq!(v["game"], "stones seven");
}

#[test]
fn leetcode_1510_examples() {
    for (n, outcome) in [("1", "N"), ("2", "P"), ("4", "N"), ("7", "P"), ("17", "P")] {
        let v = json(&["stones", "squares", "--json", n]);
        assert_eq!(v["outcome"], outcome, "{n}");
    }
    let v = json(&["stones", "squares", "--json", "20"]);
    assert_eq!(v["p_positions"], json!([0, 2, 5, 7, 10, 12, 15, 17, 20]));
    assert_eq!(v["game"], "stones squares");
}

#[test]
fn square_piles_add_by_xor() {
    // G(17) = 0 and G(4) = 2: the only winning move empties the pile of 4.
    let v = json(&["stones", "squares", "--json", "17", "4"]);
    assert_eq!(v["grundy"], 2);
    assert_eq!(v["winning_move_count"], 1);
    assert_eq!(v["winning_moves"][0]["position"], json!([17, 0]));
}

#[test]
fn leetcode_292_examples_and_other_maxima() {
    for (n, outcome) in [("4", "P"), ("1", "N"), ("2", "N")] {
        let v = json(&["stones", "nim", "--json", n]);
        assert_eq!(v["outcome"], outcome, "{n}");
    }
    let v = json(&["stones", "nim", "--json", "--max", "5", "20"]);
    assert_eq!(v["grundy"], 2);
    assert_eq!(v["winning_moves"][0]["position"], json!([18]));
}

#[test]
fn piles_come_from_stdin() {
    let out = grundy(&["stones", "ends", "--json"])
        .write_stdin("5 3\n4 5\n")
        .output()
        .unwrap();
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["position"], json!([5, 3, 4, 5]));
}

#[test]
fn explanations_in_english_and_chinese() {
    grundy(&["stones", "ends", "--explain", "5", "3", "4", "5"])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "odd-numbered piles (1, 3) sum to 9",
        ))
        .stdout(predicate::str::contains("Take the left end, pile 1"))
        .stdout(predicate::str::contains(
            "d[i][j] = max(p_i − d[i+1][j], p_j − d[i][j−1])",
        ));
    grundy(&[
        "stones",
        "ends",
        "--explain",
        "--lang",
        "zh",
        "5",
        "3",
        "4",
        "5",
    ])
    .assert()
    .success()
    .stdout(predicate::str::contains("奇数号堆"))
    .stdout(predicate::str::contains("先手以 1 分之差获胜"));
    grundy(&[
        "stones",
        "two",
        "--explain",
        "--lang",
        "zh",
        "2",
        "7",
        "9",
        "4",
        "4",
    ])
    .assert()
    .success()
    .stdout(predicate::str::contains("LeetCode 1140 的答案"));
    grundy(&["stones", "seven", "--explain", "5", "3", "1", "4", "2"])
        .assert()
        .success()
        .stdout(predicate::str::contains("s(i+1, j)"));
    grundy(&["stones", "squares", "--explain", "7"])
        .assert()
        .success()
        .stdout(predicate::str::contains("7 is a P-position"));
    grundy(&["stones", "nim", "--explain", "--lang", "zh", "4"])
        .assert()
        .success()
        .stdout(predicate::str::contains("巴什博弈").and(predicate::str::contains("4 mod 4 = 0")));
    let v = json(&["stones", "ends", "--json", "--explain", "1", "5", "2"]);
    let steps: Vec<&str> = v["explanation"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["step"].as_str().unwrap())
        .collect();
    assert_eq!(
        steps,
        [
            "parity_unavailable",
            "recurrence",
            "table",
            "first_move",
            "verdict",
            "against_greedy"
        ]
    );
    assert!(
        v["explanation"][0]["text"]
            .as_str()
            .unwrap()
            .contains("odd number")
    );
}

#[test]
fn bad_input_names_the_token_and_its_place() {
    fails_with(&["stones", "ends", "3", "x"], "", &["'x'", "value 2"]);
    fails_with(&["stones", "seven", "-2"], "", &["'-2'", "negative"]);
    fails_with(&["stones", "two"], "", &["no piles"]);
    fails_with(
        &["stones", "seven"],
        "1 2\n3 4.5\n",
        &["'4.5'", "line 2, column 3"],
    );
    let many = vec!["1"; 1001];
    let mut args = vec!["stones", "two"];
    args.extend(many);
    fails_with(&args, "", &["at most 1000 piles", "got 1001"]);
    fails_with(
        &["stones", "squares", "3", "1000001"],
        "",
        &["pile 2", "1000001"],
    );
    fails_with(
        &["stones", "nim", "--max", "0", "3"],
        "",
        &["--max", "at least one stone"],
    );
}

#[test]
fn help_states_the_rules_and_the_theorems() {
    grundy(&["stones", "ends", "--help"])
        .assert()
        .success()
        .stdout(predicate::str::contains("odd-numbered"))
        .stdout(predicate::str::contains("O(n) memory"));
    grundy(&["stones", "nim", "--help"])
        .assert()
        .success()
        .stdout(predicate::str::contains("n mod (M + 1)"));
    grundy(&["stones", "--help"])
        .assert()
        .success()
        .stdout(predicate::str::contains("squares"));
}
