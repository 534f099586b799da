//! `grundy hackenbush` and `grundy play hackenbush`: the drawing inline, as vertex pairs, from a
//! file (`@FILE`) or standard input (`-`), the same answer each way; one-line errors; a game.

use crate::play::play;
use crate::{fails_with, grundy, json};

/// A triangle on the ground with a stalk of two on top, and an edge out of play.
const INLINE: &str = "0-1,1-2,2-0,1-3,3-4,7-8";
const LINES: &str = "# a triangle on the ground\n0 1\n1 2\n2 0\n\n1 3   # a stalk\n3 4\n7 8\n";

#[test]
fn every_form_of_a_drawing_gives_the_same_analysis() {
    let expected = json(&["hackenbush", INLINE, "--json"]);
    assert_eq!(expected["grundy"], 3);
    assert_eq!(
        expected["position"],
        serde_json::json!([0, 1, 1, 2, 2, 0, 1, 3, 3, 4, 7, 8])
    );
    let pairs = ["0", "1", "1", "2", "2", "0", "1", "3", "3", "4", "7", "8"];
    let mut args = vec!["hackenbush", "--json"];
    args.extend(pairs);
    assert_eq!(json(&args), expected);
    // Spaces between inline edges, as separate words.
    assert_eq!(
        json(&["hackenbush", "--json", "0-1,1-2", "2-0", "1-3,3-4", "7-8"]),
        expected
    );
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("drawing.txt");
    std::fs::write(&file, LINES).unwrap();
    let at = format!("@{}", file.display());
    assert_eq!(json(&["hackenbush", &at, "--json"]), expected);
    let out = grundy(&["hackenbush", "-", "--json"])
        .write_stdin(LINES)
        .output()
        .unwrap();
    assert!(out.status.success());
    assert_eq!(
        serde_json::from_slice::<serde_json::Value>(&out.stdout).unwrap(),
        expected
    );
    // Without a drawing, standard input holds vertex pairs.
    let out = grundy(&["hackenbush", "--json"])
        .write_stdin(pairs.join(" "))
        .output()
        .unwrap();
    assert_eq!(
        serde_json::from_slice::<serde_json::Value>(&out.stdout).unwrap(),
        expected
    );
    // @FILE is read by every ruleset: a pile ruleset reads the numbers in it.
    let piles = dir.path().join("piles.txt");
    std::fs::write(&piles, "3 4\n5\n").unwrap();
    let at = format!("@{}", piles.display());
    assert_eq!(
        json(&["nim", &at, "--json"]),
        json(&["nim", "3", "4", "5", "--json"])
    );
}

#[test]
fn bad_drawings_are_refused_in_one_line_naming_the_place() {
    fails_with(&["hackenbush", "0-1,1-x"], "", &["value 2", "vertex 'x'"]);
    fails_with(&["hackenbush", "0", "1", "1"], "", &["3 numbers is odd"]);
    fails_with(
        &["hackenbush", "0-4294967296"],
        "",
        &["larger than 4294967295"],
    );
    fails_with(
        &["hackenbush", "-"],
        "0 1\n1\n",
        &[
            "standard input",
            "line 2, column 1",
            "needs a second vertex",
        ],
    );
    fails_with(
        &["hackenbush", "-"],
        "0 1 2\n",
        &["line 1, column 5", "unexpected '2'"],
    );
    fails_with(
        &["hackenbush", "@/nonexistent/drawing.txt"],
        "",
        &["cannot read the position /nonexistent/drawing.txt"],
    );
    let many = vec!["0-1"; 1_000_001].join(",");
    fails_with(
        &["hackenbush", "-"],
        &many.replace(',', "\n").replace('-', " "),
        &["line 1000001", "more than 1000000 edges"],
    );
    fails_with(
        &["play", "hackenbush", "-"],
        "",
        &["moves from standard input", "@FILE"],
    );
}

#[test]
fn a_game_cuts_edges_and_says_what_falls() {
    let (text, code) = play(&["hackenbush", "0-1,1-2,0-3,3-4,4-4"], "9\n1\n");
    assert_eq!(code, Some(0), "{text}");
    assert!(
        text.contains("there is no edge 9: the edges are numbered 1 to 5"),
        "{text}"
    );
    assert!(
        text.contains("you: cut edge 1 (0-1); 1 more edge falls with it  =>  0-3,3-4,4-4"),
        "{text}"
    );
    // The computer's one winning cut drops the rest.
    assert!(
        text.contains("computer: cut edge 1 (0-3); 2 more edges fall with it  =>  no edge"),
        "{text}"
    );
    assert!(text.contains("the computer wins"), "{text}");
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("d.txt");
    std::fs::write(&file, "0 1\n1 1\n").unwrap();
    let at = format!("@{}", file.display());
    let (text, _) = play(&["hackenbush", &at], "2\n");
    assert!(text.contains("position: 0-1,1-1"), "{text}");
    assert!(text.contains("you: cut edge 2 (1-1)  =>  0-1"), "{text}");
}

#[test]
fn misere_drawings_are_searched() {
    // One edge: cutting it is the last move, which loses under misère play.
    grundy(&["hackenbush", "--misere", "0-1"])
        .assert()
        .success()
        .stdout(predicates::str::contains("first player loses"));
    // Two edges on the ground: cut one, and the opponent must cut the last.
    grundy(&["hackenbush", "--misere", "0-1,0-1"])
        .assert()
        .success()
        .stdout(predicates::str::contains("first player wins"));
}
