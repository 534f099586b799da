use predicates::prelude::*;
use serde_json::json;

use crate::{fails_with, grundy, json};

#[test]
fn hdu_2177_samples_in_its_order() {
    grundy(&["wythoff", "5", "8"])
        .assert()
        .success()
        .stdout(predicate::str::contains("first player wins"))
        .stdout(predicate::str::contains(
            "take 1 from both piles (5, 8 -> 4, 7)  =>  4 7\n  take 5 from pile 2 (8 -> 3)  =>  5 3",
        ));
    for p in [["1", "2"], ["4", "7"]] {
        let v = json(&["wythoff", "--json", p[0], p[1]]);
        assert_eq!(v["outcome"], "P");
    }
    let v = json(&["wythoff", "--json", "2", "2"]);
    let after: Vec<_> = v["winning_moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["position"].clone())
        .collect();
    assert_eq!(after, vec![json!([0, 0]), json!([1, 2]), json!([2, 1])]);
}

/// HDU 2177 asks for every way of taking: a move on both piles and a move on one pile that
/// leave the same piles are two lines, as accepted programs print them; the one-pile moves of
/// equal piles are one way.
#[test]
fn hdu_2177_prints_every_way_of_taking() {
    grundy(&["judge", "hdu-2177"])
        .write_stdin("2 3\n2 2\n5 7\n0 0\n")
        .assert()
        .success()
        .stdout("1\n1 2\n1 2\n1\n0 0\n1 2\n1\n3 5\n4 7\n3 5\n");
}

#[test]
fn poj_1067_samples() {
    for (a, b, outcome) in [("2", "1", "P"), ("8", "4", "N"), ("4", "7", "P")] {
        assert_eq!(json(&["wythoff", "--json", a, b])["outcome"], outcome);
    }
}

#[test]
fn json_follows_the_contract() {
    let v = json(&["wythoff", "--json", "5", "8"]);
    assert_eq!(v["game"], "wythoff");
    assert_eq!(v["position"], json!([5, 8]));
    assert_eq!(v["grundy"], serde_json::Value::Null);
    assert_eq!(v["winning_move_count"], 2);
    assert_eq!(
        v["winning_moves"][0]["change"],
        json!({"kind": "take_both", "from": [5, 8], "to": [4, 7]})
    );
}

#[test]
fn the_largest_piles_are_exact() {
    // (⌊kφ⌋, ⌊kφ²⌋) for k = 7 * 10^18 (from 80-digit decimal arithmetic): a P-position near
    // the top of the range; one more stone on the larger pile makes it an N-position.
    let v = json(&[
        "wythoff",
        "--json",
        "11326237921249263937",
        "18326237921249263937",
    ]);
    assert_eq!(v["outcome"], "P");
    let v = json(&[
        "wythoff",
        "--json",
        "11326237921249263937",
        "18326237921249263938",
    ]);
    assert_eq!(
        v["winning_moves"][0]["position"],
        json!([11326237921249263937u64, 18326237921249263937u64])
    );
    let v = json(&[
        "wythoff",
        "--json",
        "18446744073709551615",
        "18446744073709551615",
    ]);
    assert_eq!(v["winning_moves"][0]["position"], json!([0, 0]));
}

#[test]
fn explanations_show_the_beatty_pair() {
    grundy(&["wythoff", "--explain", "5", "8"])
        .assert()
        .success()
        .stdout(predicate::str::contains("(3, 5), (4, 7)"))
        .stdout(predicate::str::contains("⌊(3 + 6)/2⌋ = 4"));
    grundy(&["wythoff", "--explain", "--lang", "zh", "1", "2"])
        .assert()
        .success()
        .stdout(predicate::str::contains("先手必败"));
}

#[test]
fn bad_input_is_named() {
    fails_with(
        &["wythoff", "1", "2", "3"],
        "",
        &["exactly two piles", "not 3"],
    );
    fails_with(&["wythoff", "1"], "", &["exactly two piles"]);
    fails_with(&["wythoff", "1", "b"], "", &["'b'", "value 2"]);
    fails_with(&["wythoff"], "4 x\n", &["'x'", "line 1, column 3"]);
}
