use predicates::prelude::*;
use serde_json::json;

use crate::{fails_with, grundy, json};

const EXAMPLES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/graphs/");

fn example(name: &str) -> String {
    format!("{EXAMPLES}{name}")
}

#[test]
fn hdu_1524_samples_through_the_command() {
    // First sample: 0 -> 1, 0 -> 2, 2 -> 3, given as one edge per line on standard input.
    for (tokens, win) in [(vec!["0"], true), (vec!["0", "2"], true)] {
        let mut args = vec!["graph", "--json", "-"];
        args.extend(&tokens);
        let out = grundy(&args)
            .write_stdin("0 1\n0 2\n2 3\n")
            .output()
            .unwrap();
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(v["outcome"], if win { "N" } else { "P" }, "{tokens:?}");
    }
    let file = example("hdu-1524-sample2.txt");
    // Values 0, 1, 0, 0. Tokens on 0 and 1 (XOR 1) have two winning moves: 1 -> 2 lowers a
    // value, and 0 -> 1 raises one, which a DAG allows.
    for (tokens, win, moves) in [
        (vec!["0", "1"], true, 2),
        (vec!["1", "1"], false, 0),
        (vec!["0", "1", "3"], true, 2),
    ] {
        let mut args = vec!["graph", "--json", file.as_str()];
        args.extend(&tokens);
        let v = json(&args);
        assert_eq!(v["outcome"], if win { "N" } else { "P" }, "{tokens:?}");
        assert_eq!(v["winning_move_count"], moves);
    }
}

#[test]
fn json_lists_every_node_with_outcome_and_value() {
    let v = json(&["graph", "--json", &example("loopy.txt")]);
    assert_eq!(v["game"], "graph");
    assert_eq!(v["acyclic"], false);
    assert_eq!(v["node_count"], 11);
    let nodes = v["nodes"].as_array().unwrap();
    let find = |name: &str| nodes.iter().find(|n| n["node"] == name).unwrap().clone();
    assert_eq!(find("a"), json!({"node": "a", "outcome": "P", "grundy": 0}));
    assert_eq!(find("b"), json!({"node": "b", "outcome": "N", "grundy": 1}));
    assert_eq!(
        find("d"),
        json!({"node": "d", "outcome": "D", "grundy": "inf", "finite_options": []})
    );
    assert_eq!(
        find("u"),
        json!({"node": "u", "outcome": "N", "grundy": "inf", "finite_options": [0]})
    );
    // Integer names come out as numbers.
    let v = json(&["graph", "--json", &example("hdu-1524-sample2.txt")]);
    assert_eq!(v["nodes"][0]["node"], 0);
}

#[test]
fn tokens_on_a_loopy_graph() {
    let file = example("loopy.txt");
    // ∞{0} plus 0: move the infinite token to the value the others XOR to.
    let v = json(&["graph", "--json", &file, "u", "a"]);
    assert_eq!(v["outcome"], "N");
    assert_eq!(v["grundy"], "inf");
    assert_eq!(v["finite_options"], json!([0]));
    assert_eq!(v["winning_move_count"], 1);
    assert_eq!(v["winning_moves"][0]["position"], json!(["t", "a"]));
    assert_eq!(
        v["winning_moves"][0]["change"],
        json!({"kind": "token", "token": 0, "from": "u", "to": "t"})
    );
    // Two infinite tokens: a draw, explained.
    let v = json(&["graph", "--json", "--explain", &file, "u", "u"]);
    assert_eq!(v["outcome"], "D");
    let steps: Vec<&str> = v["explanation"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["step"].as_str().unwrap())
        .collect();
    assert_eq!(steps, ["token_value", "token_value", "several_infinite"]);
    grundy(&["graph", "--explain", "--lang", "zh", &file, "d", "a"])
        .assert()
        .success()
        .stdout(predicate::str::contains("平局"));
}

#[test]
fn text_lists_every_node_and_counts_outcomes() {
    grundy(&["graph", &example("loopy.txt")])
        .assert()
        .success()
        .stdout(predicate::str::contains("11 nodes, 12 edges, has cycles"))
        .stdout(predicate::str::contains("u     ∞{0}      N"))
        .stdout(predicate::str::contains(
            "P (first player loses): 3, N (first player wins): 2, D (draw): 6",
        ));
}

#[test]
fn dot_colours_nodes_by_outcome_and_writes_atomically() {
    let file = example("loopy.txt");
    grundy(&["graph", "--dot", &file, "a"])
        .assert()
        .success()
        .stdout(predicate::str::starts_with("digraph"))
        .stdout(predicate::str::contains(
            "\"a\" [label=\"a\\n0\", fillcolor=\"#f4a6a6\", penwidth=3];",
        ))
        .stdout(predicate::str::contains("\"u\" -> \"t\";"));
    let dir = std::env::temp_dir().join(format!("grundy-dot-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let out = dir.join("loopy.dot");
    grundy(&["graph", "--dot", "--out", out.to_str().unwrap(), &file])
        .assert()
        .success()
        .stdout("");
    let written = std::fs::read_to_string(&out).unwrap();
    assert!(written.contains("fillcolor=\"#d0d0d0\""), "{written}");
    assert_eq!(
        std::fs::read_dir(&dir).unwrap().count(),
        1,
        "no temporary file is left"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bad_graphs_and_tokens_are_named() {
    fails_with(
        &["graph", "-"],
        "a b\n  -> c\n",
        &["bad graph -", "line 2, column 3", "'->'"],
    );
    fails_with(&["graph", "-"], "# empty\n", &["no nodes"]);
    fails_with(
        &["graph", "-", "a", "zz"],
        "a b\n",
        &["token 2", "no node named 'zz'"],
    );
    fails_with(
        &["graph", "/no/such/file"],
        "",
        &["/no/such/file", "cannot read"],
    );
    grundy(&["graph", "--dot", "--json", "-"])
        .assert()
        .code(2)
        .stdout("");
}

#[test]
fn help_states_the_theorem() {
    grundy(&["graph", "--help"])
        .assert()
        .success()
        .stdout(predicate::str::contains("generalized Sprague–Grundy"))
        .stdout(predicate::str::contains("FROM TO"));
}
