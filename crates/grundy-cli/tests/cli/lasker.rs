use predicates::prelude::*;
use serde_json::json;

use crate::{fails_with, grundy, json};

#[test]
fn hdu_3032_samples() {
    assert_eq!(json(&["lasker", "--json", "2", "2", "3"])["outcome"], "N");
    assert_eq!(json(&["lasker", "--json", "3", "3"])["outcome"], "P");
}

#[test]
fn splits_are_moves_with_their_own_shape() {
    // 7 alone (value 8): the splits 1+6, 2+5, 3+4 are worth 7, 7, 7; the take to 0 wins.
    let v = json(&["lasker", "--json", "7", "7", "1"]);
    // 7, 7, 1: values 8, 8, 1 -> X = 1: take 1 -> 0, or move a 7 to value 9 (take 7 -> 9? no),
    // so every winning move is on the single stone or a split of a 7 into parts worth 9.
    assert_eq!(v["grundy"], 1);
    let moves = v["winning_moves"].as_array().unwrap();
    assert_eq!(
        moves.len() as u64,
        v["winning_move_count"].as_u64().unwrap()
    );
    assert!(moves.iter().any(|m| m["position"] == json!([7, 7, 0])));
    let v = json(&["lasker", "--json", "8"]);
    // 8 (value 7): every split x + y with value(x) ^ value(y) = 0 is 4 + 4; and the take to 0.
    let kinds: Vec<_> = v["winning_moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["change"].clone())
        .collect();
    assert_eq!(
        kinds,
        vec![
            json!({"kind": "take", "pile": 0, "from": 8, "to": 0}),
            json!({"kind": "split", "pile": 0, "from": 8, "into": [4, 4]}),
        ]
    );
    assert_eq!(v["winning_moves"][1]["position"], json!([4, 4]));
}

#[test]
fn huge_counts_are_exact_and_lists_bounded() {
    // 2^62 - 1 against a Nim-like pile of the same value: about 2^61 splits reach it.
    let v = json(&[
        "lasker",
        "--json",
        "--max-moves",
        "3",
        "4611686018427387903",
        "4611686018427387904",
    ]);
    assert_eq!(v["winning_moves"].as_array().unwrap().len(), 3);
    assert!(v["winning_move_count"].as_u64().unwrap() > 1 << 59);
}

#[test]
fn explanations_in_both_languages() {
    grundy(&["lasker", "--explain", "2", "2", "3"])
        .assert()
        .success()
        .stdout(predicate::str::contains("g(4m+3) = 4m+4"))
        .stdout(predicate::str::contains("3 = 4·0 + 3"));
    grundy(&["lasker", "--explain", "--lang", "zh", "3", "3"])
        .assert()
        .success()
        .stdout(predicate::str::contains("先手必败"));
}

#[test]
fn bad_input_is_named() {
    fails_with(
        &["lasker", "1", "18446744073709551615"],
        "",
        &["pile 2", "too large"],
    );
    fails_with(&["lasker", "1", "z"], "", &["'z'", "value 2"]);
    fails_with(&["lasker"], "", &["no piles"]);
}

#[test]
fn misere_play_is_searched_where_the_sj_theorem_does_not_apply() {
    grundy(&["lasker", "--misere", "3", "4", "--explain"])
        .assert()
        .success()
        .stdout(predicate::str::contains("misère Lasker's Nim: 3 4"))
        .stdout(predicate::str::contains("split pile 1 (3) into 1 and 2"))
        .stdout(predicate::str::contains("The SJ theorem does not apply"))
        .stdout(predicate::str::contains("Searched all 634 positions"));
}
