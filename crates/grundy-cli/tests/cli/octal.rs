use predicates::prelude::*;
use serde_json::json;

use crate::{fails_with, grundy, json};

#[test]
fn kayles_by_name_or_code_with_a_split_among_the_winning_moves() {
    for code in ["kayles", "0.77"] {
        grundy(&["octal", code, "5", "7", "10"])
            .assert()
            .success()
            .stdout(predicate::str::starts_with("Kayles (0.77): 5 7 10\n"))
            .stdout(predicate::str::contains(
                "take 1 from pile 1 (5), leaving piles of 2 and 2  =>  2 2 7 10",
            ));
    }
}

#[test]
fn json_lists_breaks_with_the_piles_they_leave() {
    let v = json(&["octal", "grundy", "--json", "12", "20"]);
    assert_eq!(v["game"], "octal");
    assert_eq!(v["outcome"], "N");
    assert_eq!(v["grundy"], 1);
    assert_eq!(
        v["winning_moves"][0]["change"],
        json!({"kind": "break", "pile": 0, "from": 12, "into": [2, 10]})
    );
    assert_eq!(v["winning_moves"][0]["position"], json!([2, 10, 20]));
    assert_eq!(v["winning_move_count"], 2);
}

#[test]
fn the_explanation_reads_each_value_from_the_table_in_both_languages() {
    grundy(&["octal", "0.07", "--explain", "9", "14"])
        .assert()
        .success()
        .stdout(predicate::str::contains("Dawson's Kayles (0.07)"))
        .stdout(predicate::str::contains("G(14) = 4 from the table"));
    grundy(&["octal", "0.07", "--explain", "--lang", "zh", "9", "14"])
        .assert()
        .success()
        .stdout(predicate::str::contains("查表得 G(14) = 4"))
        .stdout(predicate::str::contains("剩下的分成 6、6 共 2 堆"));
}

#[test]
fn heaps_come_from_stdin_and_bad_input_is_one_line() {
    grundy(&["octal", "0.137"])
        .write_stdin("3 3\n")
        .assert()
        .success()
        .stdout(predicate::str::contains("first player loses (P-position)"));
    fails_with(
        &["octal", "0.77", "--max-heap", "100", "5", "101"],
        "",
        &["heap 2 (101) is larger than 100, the largest heap for 0.77 (raise --max-heap)"],
    );
    fails_with(
        &["octal", "0.8x", "3"],
        "",
        &["parameter 'code'", "unexpected 'x' at column 4 of '0.8x'"],
    );
}

#[test]
fn kayles_is_played_against_the_computer_with_breaks_typed_as_piles() {
    grundy(&["play", "octal", "kayles", "3"])
        .write_stdin("1 1 1 1\n")
        .assert()
        .success()
        .stdout(predicate::str::contains("Kayles (0.77): you move first."))
        .stdout(predicate::str::contains(
            "you: take 1 from pile 1 (3), leaving piles of 1 and 1  =>  1 1",
        ))
        .stdout(predicate::str::contains(
            "computer: take 1 from pile 1 (1 -> 0)  =>  0 1",
        ));
    grundy(&["play", "octal", "0.07", "3"])
        .write_stdin("1 1\n")
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "the code 0.07 has no move that takes 1 from a pile of 3 and leaves 2",
        ));
}
