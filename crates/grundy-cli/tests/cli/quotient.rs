use predicates::prelude::*;
use serde_json::json;

use crate::{fails_with, grundy, json};

#[test]
fn misere_nim_on_heaps_up_to_two_is_the_tame_quotient() {
    // Plambeck and Siegel: misère Nim on heaps 1 and 2 has the quotient ⟨a, b | a² = 1, b³ = b⟩,
    // of order 6, with P-portion {a, b²}. Take 1 to 3 is Nim on these heaps.
    let v = json(&["quotient", "0.333", "--heaps", "2", "--json"]);
    assert_eq!(v["order"], 6);
    assert_eq!(v["relations"], json!(["a² = 1", "b³ = b"]));
    let elements = v["elements"].as_array().unwrap();
    let mut p: Vec<&str> = v["p_portion"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| elements[x.as_u64().unwrap() as usize].as_str().unwrap())
        .collect();
    p.sort();
    assert_eq!(p, ["a", "b²"]);
    let table = v["table"].as_array().unwrap();
    assert_eq!(table.len(), 6);
    // The table is commutative and the identity is element 0.
    for (x, row) in table.iter().enumerate() {
        assert_eq!(table[0][x], x);
        for (y, product) in row.as_array().unwrap().iter().enumerate() {
            assert_eq!(*product, table[y][x]);
        }
    }
}

#[test]
fn the_text_report_shows_growth_stability_and_heaps() {
    grundy(&["quotient", "kayles", "--heaps", "10", "--genus"])
        .assert()
        .success()
        .stdout(predicate::str::starts_with(
            "misère quotient of Kayles (0.77)\n",
        ))
        .stdout(predicate::str::contains("evidence only"))
        .stdout(predicate::str::contains(
            "generators: a = heap 1, b = heap 2",
        ))
        .stdout(predicate::str::contains("\n     1  a    1^031  tame\n"))
        .stdout(predicate::str::contains("P-portion: "));
}

#[test]
fn misere_octal_positions_follow_boutons_rule_on_nim_heaps() {
    // Take 1 to 7 is Nim on heaps up to 7: misère Nim is lost for the player to move iff all
    // heaps are at most 1 and their number is odd, or some heap is larger and the XOR is 0.
    for (heaps, outcome) in [
        (&["1", "1", "1"][..], "P"),
        (&["1", "1"], "N"),
        (&["2", "2"], "P"),
        (&["3", "5", "6"], "P"),
        (&["7"], "N"),
    ] {
        let mut args = vec!["octal", "0.3333333", "--misere", "--json"];
        args.extend(heaps);
        assert_eq!(json(&args)["outcome"], outcome, "{heaps:?}");
    }
    let v = json(&["octal", "0.3333333", "--misere", "--json", "1", "1"]);
    // Either heap may be taken, leaving the other to the opponent.
    assert_eq!(v["winning_move_count"], 2);
    assert_eq!(v["winning_moves"][0]["position"], json!([0, 1]));
}

#[test]
fn misere_kayles_explains_the_move_to_a_p_element_in_both_languages() {
    grundy(&["octal", "kayles", "--misere", "--explain", "3", "5", "8"])
        .assert()
        .success()
        .stdout(predicate::str::contains("misère quotient"))
        .stdout(predicate::str::contains("a P-element."));
    grundy(&[
        "octal",
        "kayles",
        "--misere",
        "--explain",
        "--lang",
        "zh",
        "2",
        "2",
    ])
    .assert()
    .success()
    .stdout(predicate::str::contains("反常商"))
    .stdout(predicate::str::contains("属于 P 部分"));
}

#[test]
fn misere_refusals_are_one_line() {
    fails_with(
        &["octal", "0.77", "--misere", "300"],
        "",
        &["heap 1 (300) is larger than 256"],
    );
    fails_with(
        &[
            "octal",
            "0.07",
            "--misere",
            "--max-order",
            "100",
            "--max-positions",
            "10",
            "40",
        ],
        "",
        &[
            "more than 100 elements",
            "more than 10 positions",
            "raise --max-order or --max-positions",
        ],
    );
    fails_with(&["quotient", "0.7x"], "", &["'x' at column 4"]);
    fails_with(
        &["quotient", "0.77", "--max-order", "1"],
        "",
        &["heaps up to 1 has more than 1 elements"],
    );
}

#[test]
fn the_report_stops_at_the_bound_saying_how_far_it_got() {
    grundy(&["quotient", "0.07", "--heaps", "40", "--max-order", "10"])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "stopped: the misère quotient of 0.07 for heaps up to 10 has more than 10 elements",
        ))
        .stdout(predicate::str::contains("heaps up to 9: order "));
}

#[test]
fn the_periodicity_theorem_certifies_0_75_from_heap_21() {
    // 0.75's heap map alternates b, ab² from heap 8; the theorem (k = 2) needs heaps up to 21.
    let v = json(&["quotient", "0.75", "--heaps", "21", "--json"]);
    assert_eq!(v["certified"], true);
    assert_eq!(v["certificate"]["period"], 2);
    assert_eq!(v["certificate"]["preperiod"], 8);
    assert_eq!(v["certificate"]["checked_to"], 21);
    let v = json(&["quotient", "0.75", "--heaps", "20", "--json"]);
    assert_eq!(v["certified"], false);
    assert_eq!(v["certificate"], json!(null));
    grundy(&["quotient", "0.75", "--heaps", "21"])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "certified at heap 21: the heap map has period 2 from heap 8",
        ));
    grundy(&["quotient", "grundy", "--heaps", "8"])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "the periodicity theorem is for octal games",
        ));
}

#[test]
fn without_heaps_kayles_is_solved_where_the_theorem_certifies_it() {
    // Kayles' heap map has period 12 from heap 71 (k = 2): certified at heap
    // 2·71 + 2·12 + 2 − 1 = 167, with the 40 elements of the whole game's quotient.
    let v = json(&["quotient", "kayles", "--json"]);
    assert_eq!(v["max_heap"], 167);
    assert_eq!(v["order"], 40);
    assert_eq!(v["certificate"]["period"], 12);
    assert_eq!(v["certificate"]["preperiod"], 71);
    assert_eq!(v["genus"], json!(null));
    assert_eq!(v["stopped"], json!(null));
    grundy(&["quotient", "kayles"])
        .assert()
        .success()
        .stdout(predicate::str::contains("certified at heap 167: "))
        .stdout(predicate::str::contains("heaps (element):"));
    // A game the theorem does not cover runs to the heap bound.
    let v = json(&["quotient", "grundy", "--max-heap", "12", "--json"]);
    assert_eq!(v["max_heap"], 12);
    assert_eq!(v["certified"], false);
}

#[test]
fn every_heap_has_its_genus_in_the_json() {
    // Kayles: a heap of 1 is *1 (1^031), of 2 is *2 (2^20); a heap of 0 is the empty game, 0^120.
    let v = json(&["quotient", "kayles", "--heaps", "8", "--json", "--genus"]);
    let genus = v["genus"].as_array().unwrap();
    assert_eq!(genus.len(), 9);
    assert_eq!(genus[0]["genus"], "0^120");
    assert_eq!(genus[1]["genus"], "1^031");
    assert_eq!(genus[1]["misere"], json!([0, 3, 1]));
    assert_eq!(genus[2]["genus"], "2^20");
    assert!(genus.iter().all(|g| g["tame"].is_boolean()));
}

#[test]
fn a_misere_position_past_the_quotients_bound_is_searched() {
    // Dawson's Kayles' quotient for heaps up to 14 has 24 elements: with a bound of 10 the
    // engine searches the position, and answers as the quotient does.
    let by_quotient = json(&["octal", "0.07", "--misere", "--json", "9", "14", "3"]);
    let by_search = json(&[
        "octal",
        "0.07",
        "--misere",
        "--max-order",
        "10",
        "--json",
        "9",
        "14",
        "3",
    ]);
    assert_eq!(by_quotient["method"], "quotient");
    assert_eq!(by_search["method"], "search");
    assert_eq!(by_search["outcome"], by_quotient["outcome"]);
    assert_eq!(by_search["winning_moves"], by_quotient["winning_moves"]);
    grundy(&[
        "octal",
        "0.07",
        "--misere",
        "--max-order",
        "10",
        "--explain",
        "9",
        "14",
    ])
    .assert()
    .success()
    .stdout(predicate::str::contains(
        "answered by the engine's search of the whole position",
    ))
    .stdout(predicate::str::contains(
        "so the engine searched the whole position",
    ));
}
