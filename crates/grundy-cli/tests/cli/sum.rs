use predicates::prelude::*;
use serde_json::json;

use crate::{fails_with, grundy, json};

#[test]
fn text_and_json_with_each_components_value() {
    grundy(&["sum", "nim:3", "lasker:7", "sub{1,2,4}:10"])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "sum of games: nim:3 + lasker:7 + sub{1,2,4}:10",
        ))
        .stdout(predicate::str::contains("Grundy value *10"))
        .stdout(predicate::str::contains(
            "=>  nim:3 + lasker:2 + sub{1,2,4}:10",
        ));
    let v = json(&["sum", "--json", "nim:3 + lasker:7 + sub{1,2,4}:10"]);
    assert_eq!(v["game"], "sum");
    assert_eq!(v["position"], json!(["nim:3", "lasker:7", "sub{1,2,4}:10"]));
    assert_eq!(v["grundy"], 10);
    let values: Vec<_> = v["components"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["grundy"].clone())
        .collect();
    assert_eq!(values, vec![json!(3), json!(8), json!(1)]);
    assert_eq!(v["components"][2]["game"], "sub{1,2,4}");
    assert_eq!(
        v["winning_moves"][0]["position"],
        json!(["nim:3", "lasker:2", "sub{1,2,4}:10"])
    );
}

#[test]
fn components_come_from_stdin() {
    let out = grundy(&["sum", "--json"])
        .write_stdin("nim:1\nlasker:4 + sub{all-but:1}:9\n")
        .output()
        .unwrap();
    assert!(out.status.success());
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        v["position"],
        json!(["nim:1", "lasker:4", "sub{all-but:1}:9"])
    );
}

#[test]
fn explanations_in_both_languages() {
    grundy(&["sum", "--explain", "nim:1", "lasker:4"])
        .assert()
        .success()
        .stdout(predicate::str::contains("Nim: a heap of n"))
        .stdout(predicate::str::contains("Lasker's Nim"));
    grundy(&["sum", "--explain", "--lang", "zh", "nim:1", "nim:1"])
        .assert()
        .success()
        .stdout(predicate::str::contains("先手必败"));
}

#[test]
fn bad_components_are_named() {
    fails_with(
        &["sum", "nim:3", "lsker:7"],
        "",
        &["component 2 'lsker:7'", "unknown game"],
    );
    // What bash makes of an unquoted sub{1,2}:5.
    fails_with(&["sum", "sub1:5", "sub2:5"], "", &["'sub1:5'", "quote"]);
    fails_with(
        &["sum", "sub{1,1}:5"],
        "",
        &["component 1", "column 7", "repeats"],
    );
    fails_with(
        &["sum", "nim:3,x"],
        "",
        &["component 1 'nim:3,x'", "column 7", "'x'"],
    );
    fails_with(&["sum", "wythoff:1,2"], "", &["no closed form"]);
    fails_with(&["sum"], "", &["no components"]);
    fails_with(&["sum"], " + \n", &["no components"]);
}

#[test]
fn take_and_break_components_break_in_place() {
    grundy(&["sum", "kayles:5,7,10", "0.137:9", "nim:2"])
        .assert()
        .success()
        .stdout(predicate::str::contains("Grundy value *5"))
        .stdout(predicate::str::contains(
            "take 2 from pile 3 (10), leaving piles of 3 and 5  =>  kayles:5,7,3,5 + 0.137:9 + nim:2",
        ));
}

#[test]
fn misere_sums_by_the_sj_theorem_or_by_search() {
    // Nim and subtraction heaps meet the SJ hypothesis: 1, 1 is won by leaving one heap of 1.
    let v = json(&[
        "sum",
        "--misere",
        "nim:1",
        "sub{1,2}:1",
        "--json",
        "--explain",
    ]);
    assert_eq!(v["play"], "misere");
    assert_eq!(v["outcome"], "N");
    assert_eq!(v["winning_move_count"], 2);
    assert_eq!(v["explanation"][1]["hypothesis"], "searched");
    // A Lasker heap reaches 2 + 2, worth 0 with no move to 1: the theorem is not used.
    grundy(&["sum", "--misere", "nim:3", "lasker:5", "--explain"])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "misère sum of games: nim:3 + lasker:5",
        ))
        .stdout(predicate::str::contains(
            "The SJ theorem does not apply: component 2 can reach lasker:2,2,",
        ));
    fails_with(
        &["sum", "--misere", "lasker:30,30,30"],
        "",
        &["too large to search"],
    );
}

#[test]
fn every_sg_sums_by_the_largest_count() {
    // Nim heap 3 is won in one move, Lasker heap 5 too, sub{1,2} heap 4 in three (4 -> 3 -> ...):
    // the largest count, 3, is odd.
    grundy(&[
        "sum",
        "--every",
        "nim:3",
        "lasker:5",
        "sub{1,2}:4",
        "--explain",
    ])
    .assert()
    .success()
    .stdout(predicate::str::contains(
        "Every-SG sum of games: nim:3 + lasker:5 + sub{1,2}:4",
    ))
    .stdout(predicate::str::contains("counts of the piles: 1, 1, 3"))
    // A move wins iff the largest count it leaves is even: sub{1,2}:4 must go to 3 (count 2),
    // and then any of nim:3's 3 options and lasker:5's 7 (counts at most 1) keeps it 2.
    .stdout(predicate::str::contains("winning moves (21):"))
    .stdout(predicate::str::contains(
        "take 3 from pile 1 (3 -> 0); take 5 from pile 2 (5 -> 0); take 1 from pile 3 (4 -> 3)  =>  nim:0 + lasker:0 + sub{1,2}:3",
    ))
    .stdout(predicate::str::contains("The largest count is 3"));
    let v = json(&["sum", "--every", "--games", "nim nim", "0", "2", "--json"]);
    assert_eq!(v["every"], true);
    assert_eq!(v["outcome"], "N");
    assert_eq!(v["counts"], json!([0, 1]));
    // Nim heap 2 must be emptied: heap 1 has count 1, odd.
    assert_eq!(v["winning_move_count"], 1);
    assert_eq!(v["winning_moves"][0]["position"], json!(["nim:0", "nim:0"]));
    // The same game through the registry's own commands.
    let same = json(&["sum", "--every", "nim:0", "nim:2", "--json"]);
    assert_eq!(same["counts"], v["counts"]);
    assert_eq!(
        json(&["nim", "--every", "0", "2", "--json"])["counts"],
        v["counts"]
    );
    fails_with(
        &["sum", "--every", "--misere", "nim:1"],
        "",
        &["cannot be used with"],
    );
    fails_with(
        &["sum", "--every", "nim:100000000"],
        "",
        &["too large to search"],
    );
    fails_with(
        &["nim", "--every", "--misere", "1"],
        "",
        &["cannot be used with"],
    );
    // Only rulesets whose positions are sums of piles take it.
    fails_with(&["wythoff", "--every", "3", "5"], "", &["--every"]);
}

#[test]
fn every_sg_is_played_with_a_move_in_every_pile() {
    // 1 1; 2 2 leaves nim:2 + lasker:5 (counts 1 and 1): the computer wins by emptying both.
    grundy(&["play", "sum", "--every", "nim:3", "lasker:7"])
        .write_stdin("1 1\n1 1; 1 2\n1 1; 2 2\n")
        .assert()
        .success()
        .stdout(predicate::str::contains("a move is MOVE; MOVE; …"))
        .stdout(predicate::str::contains(
            "pile 2 can move and has no move here",
        ))
        .stdout(predicate::str::contains("pile 1 is moved twice"))
        .stdout(predicate::str::contains(
            "computer: take 2 from pile 1 (2 -> 0); take 5 from pile 2 (5 -> 0)",
        ))
        .stdout(predicate::str::contains("the computer wins"));
}

#[test]
fn components_come_from_a_file_and_games_group_heaps_by_commas() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("sum.txt");
    std::fs::write(&file, "nim:3,5\n+ lasker:7\n").unwrap();
    let at = format!("@{}", file.display());
    let from_file = json(&["sum", &at, "--json"]);
    assert_eq!(from_file["position"], json!(["nim:3,5", "lasker:7"]));
    // The same components with their rulesets apart, the heaps of one joined by commas.
    let games = json(&["sum", "--games", "nim,nim lasker", "3", "5", "7", "--json"]);
    assert_eq!(games, from_file);
    let typed = json(&["sum", "nim:3,5", "lasker:7", "--json"]);
    assert_eq!(typed, from_file);
    fails_with(
        &["sum", "--games", "nim,lasker", "3", "5"],
        "",
        &["'nim,lasker'", "one component, of one ruleset"],
    );
    fails_with(
        &["sum", "--games", "nim", "nim:3"],
        "",
        &["give --games with heaps only"],
    );
}

#[test]
fn the_usage_names_a_typed_position_and_piles_as_piles() {
    for (command, usage) in [
        ("sum", "Usage: grundy sum [OPTIONS] [POSITION]..."),
        ("nim", "Usage: grundy nim [OPTIONS] [PILE]..."),
    ] {
        grundy(&[command, "--help"])
            .assert()
            .success()
            .stdout(predicate::str::contains(usage));
    }
    grundy(&["play", "sum", "--help"])
        .assert()
        .success()
        .stdout(predicate::str::contains("<POSITION>..."));
}
