use predicates::prelude::*;
use serde_json::json;

use crate::{fails_with, grundy, json};

#[test]
fn text_lists_every_winning_subtraction() {
    // {1,2,4}: G(n) = n mod 3. 10 and 11 are worth 1 and 2; a move may raise a value (10 -> 8).
    grundy(&["subtraction", "--set", "1,2,4", "10", "11"])
        .assert()
        .success()
        .stdout(predicate::str::contains("subtraction game {1,2,4}: 10 11"))
        .stdout(predicate::str::contains("Grundy value *3"))
        .stdout(predicate::str::contains(
            "take 2 from pile 1 (10 -> 8)  =>  8 11",
        ))
        .stdout(predicate::str::contains(
            "take 4 from pile 2 (11 -> 7)  =>  10 7",
        ));
}

#[test]
fn leetcode_292_is_max_3() {
    for (n, outcome) in [
        ("4", "P"),
        ("1", "N"),
        ("2", "N"),
        ("2147483647", "N"),
        ("2147483648", "P"),
    ] {
        let v = json(&["subtraction", "--max", "3", "--json", n]);
        assert_eq!(v["outcome"], outcome, "n = {n}");
    }
}

#[test]
fn json_carries_the_set_and_its_proved_period() {
    let v = json(&["subtraction", "--set", "2,5", "--json", "5", "12"]);
    assert_eq!(v["game"], "subtraction");
    assert_eq!(v["position"], json!([5, 12]));
    assert_eq!(v["outcome"], "P");
    assert_eq!(v["winning_moves"], json!([]));
    assert_eq!(v["set"], "2,5");
    assert_eq!(
        v["period"],
        json!({"preperiod": 0, "period": 7, "saltus": 0, "proved": true})
    );
}

#[test]
fn huge_piles_go_through_the_period() {
    let v = json(&[
        "subtraction",
        "--set",
        "all-but:1,2",
        "--json",
        "18446744073709551615",
    ]);
    // All but 1, 2: G(n) = floor(n / 3).
    assert_eq!(v["grundy"], json!(u64::MAX / 3));
    assert_eq!(v["period"]["saltus"], 1);
}

#[test]
fn sequence_marks_the_period() {
    grundy(&["subtraction", "--set", "2,5", "--sequence", "16"])
        .assert()
        .success()
        .stdout(predicate::str::contains("period 7, preperiod 0; proved"))
        .stdout(predicate::str::contains(
            "G(0..16): 0 0 1 1 0 2 1 | 0 0 1 1 0 2 1 | 0 0",
        ));
    let v = json(&[
        "subtraction",
        "--set",
        "all-but:1",
        "--sequence",
        "6",
        "--json",
    ]);
    assert_eq!(v["values"], json!([0, 0, 1, 1, 2, 2]));
    assert_eq!(v["period"]["saltus"], 1);
    grundy(&[
        "subtraction",
        "--set",
        "1,2",
        "--sequence",
        "4",
        "--lang",
        "zh",
    ])
    .assert()
    .success()
    .stdout(predicate::str::contains("周期 3"));
}

#[test]
fn explanations_in_both_languages() {
    grundy(&[
        "subtraction",
        "--set",
        "1,2,4",
        "--explain",
        "1000000000000",
    ])
    .assert()
    .success()
    .stdout(predicate::str::contains("Period 3"))
    .stdout(predicate::str::contains("mod 3 = 1"));
    grundy(&[
        "subtraction",
        "--max",
        "3",
        "--explain",
        "--lang",
        "zh",
        "5",
    ])
    .assert()
    .success()
    .stdout(predicate::str::contains("巴什博弈"));
}

#[test]
fn bad_sets_name_the_token_and_its_column() {
    fails_with(
        &["subtraction", "--set", "1,2,2", "3"],
        "",
        &["parameter 'set'", "column 5", "'2' repeats"],
    );
    fails_with(
        &["subtraction", "--set", "1,0", "3"],
        "",
        &["column 3", "'0' is not allowed"],
    );
    fails_with(
        &["subtraction", "--set", "1,x2", "3"],
        "",
        &["column 3", "'x2'", "not a whole number"],
    );
    fails_with(&["subtraction", "--set", "", "3"], "", &["empty"]);
    fails_with(
        &["subtraction", "--set", "1,,2", "3"],
        "",
        &["column 3", "missing"],
    );
    fails_with(
        &["subtraction", "--set", "2..5", "3"],
        "",
        &["'2..5'", "range"],
    );
    fails_with(
        &["subtraction", "--max", "0", "3"],
        "",
        &["parameter 'max'", "'0'"],
    );
    fails_with(
        &["subtraction", "--max", "-2", "3"],
        "",
        &["parameter 'max'", "'-2'", "negative"],
    );
    // Without --set or --max the set is 1,3,4, as in `grundy play subtraction`.
    grundy(&["subtraction", "3"])
        .assert()
        .success()
        .stdout(predicate::str::contains("subtraction game {1,3,4}: 3"));
    fails_with(
        &["subtraction", "--set", "1", "--max", "2", "3"],
        "",
        &["not both"],
    );
    fails_with(
        &["subtraction", "--set", "1,2", "--sequence", "5", "7"],
        "",
        &["takes no piles"],
    );
    fails_with(
        &["subtraction", "--set", "1,2", "--sequence", "x"],
        "",
        &["parameter 'sequence'", "'x'"],
    );
    fails_with(
        &["subtraction", "--set", "1,2", "3", "y"],
        "",
        &["'y'", "value 2"],
    );
}

#[test]
fn piles_past_an_unproved_table_are_refused() {
    // The window of 10^13 values can never be checked: pile 5000000 is past the table.
    fails_with(
        &["subtraction", "--set", "1,10000000000000", "5000000"],
        "",
        &["pile 1 (5000000 stones)", "not proved"],
    );
}

#[test]
fn help_states_the_theorem() {
    grundy(&["subtraction", "--help"])
        .assert()
        .success()
        .stdout(predicate::str::contains("mex"))
        .stdout(predicate::str::contains("all-but"));
}
