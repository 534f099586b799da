//! The command line for a new user: typos, shell quoting, flag values, words and hints.

use crate::play::play;
use crate::{grundy, json};

/// Runs `grundy args` and returns its standard error, asserting exit status 2.
fn refused(args: &[&str]) -> String {
    let out = grundy(args).output().expect("runs");
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
    err
}

#[test]
fn a_mistyped_subcommand_gets_the_nearest_one() {
    for (typed, meant) in [("nmi", "nim"), ("wythof", "wythoff"), ("vaules", "values")] {
        let err = refused(&[typed, "1"]);
        assert!(
            err.contains(&format!("a similar subcommand exists: '{meant}'")),
            "{typed}: {err}"
        );
    }
    assert!(!refused(&["zzzzzz"]).contains("similar"));
}

#[test]
fn a_subtraction_set_split_by_the_shell_gets_a_hint_to_quote_it() {
    // What the shell makes of `grundy values {1,2,4}`.
    let err = refused(&["values", "1", "2", "4"]);
    assert!(err.contains("grundy values '{1,2,4}'"), "{err}");
    assert!(err.contains("quoted"), "{err}");
}

#[test]
fn a_flag_value_too_large_for_its_type_is_refused_in_words() {
    let err = refused(&["nim", "--max-moves", "99999999999999999999", "1"]);
    assert!(err.contains("larger than 18446744073709551615"), "{err}");
    let err = refused(&["serve", "--port", "70000"]);
    assert!(err.contains("larger than 65535"), "{err}");
    let err = refused(&["nim", "--max-moves", "-1", "1"]);
    assert!(err.contains("negative"), "{err}");
    assert!(!err.contains("invalid digit"), "{err}");
}

#[test]
fn counts_of_one_are_singular_and_the_formula_names_what_is_xored() {
    let v = json(&["nim", "--json", "--explain", "1", "2"]);
    let steps: Vec<&str> = v["explanation"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["text"].as_str().unwrap())
        .collect();
    let text = steps.join("\n");
    assert!(text.contains("1 pile has that bit: pile 2."), "{text}");
    assert!(text.contains("Take 1 stone from pile 2"), "{text}");
    assert!(
        text.contains("x XOR p XOR p' = 3 XOR 2 XOR 1 = 0"),
        "{text}"
    );
    assert!(
        !text.contains("(s)") && !text.contains("1 stones"),
        "{text}"
    );
    let v = json(&["nim", "--json", "--explain", "3", "5", "7"]);
    let text = v["explanation"].to_string();
    assert!(
        text.contains("3 piles have that bit: piles 1, 2, 3"),
        "{text}"
    );
    let dir = tempfile::tempdir().unwrap();
    let graph = dir.path().join("loop.txt");
    std::fs::write(&graph, "a -> a\n").unwrap();
    let out = grundy(&["graph", graph.to_str().unwrap()])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("graph: 1 node, 1 edge, has cycles"), "{text}");
}

#[test]
fn both_count_names_every_pile_too_small() {
    let (out, _) = play(&["wythoff", "3", "5"], "both 9\nboth 4\nquit\n");
    assert!(
        out.contains(
            "pile 1 has 3 stones and pile 2 has 5 stones; you cannot take 9 from each pile"
        ),
        "{out}"
    );
    assert!(
        out.contains("pile 1 has 3 stones; you cannot take 4 from each pile"),
        "{out}"
    );
}

fn example_script(name: &str) -> String {
    format!(
        "{}/../../examples/scripts/{name}",
        env!("CARGO_MANIFEST_DIR")
    )
}

#[test]
fn play_script_suggests_a_state_in_the_scripts_shape() {
    let queen = example_script("queen.rhai");
    for words in [vec![], vec!["5"]] {
        let mut args = vec!["play", "script", queen.as_str()];
        args.extend(words);
        let err = refused(&args);
        assert!(err.contains("looks like [3, 5]"), "{err}");
        assert!(
            err.contains(&format!("grundy play script {queen} '[3, 5]'")),
            "{err}"
        );
        assert_eq!(err.trim_end().lines().count(), 1, "{err}");
    }
}

#[test]
fn a_script_whose_states_never_end_names_the_flags() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("up.rhai");
    std::fs::write(&path, "fn options(n) { [n + 1] }\n").unwrap();
    let err = refused(&[
        "script",
        "--max-states",
        "1000",
        path.to_str().unwrap(),
        "1",
    ]);
    for needle in ["infinite", "--max-states", "--loopy"] {
        assert!(err.contains(needle), "{err} lacks {needle}");
    }
}

#[test]
fn piles_typed_at_a_terminal_get_a_notice_and_piped_ones_do_not() {
    // `script` (util-linux) runs the command on a pseudo-terminal; Ctrl-D ends the input.
    let binary = assert_cmd::cargo::cargo_bin("grundy");
    let out = assert_cmd::Command::new("script")
        .args(["-qec", &format!("{} nim", binary.display()), "/dev/null"])
        .write_stdin("3 4\n\u{4}")
        .timeout(std::time::Duration::from_secs(20))
        .output()
        .expect("script runs");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("reading piles from standard input; end with Ctrl-D"),
        "{text}"
    );
    assert!(text.contains("Nim: 3 4"), "{text}");
    let out = grundy(&["nim"]).write_stdin("3 4\n").output().unwrap();
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(out.status.success());
}

#[test]
fn explanations_wrap_at_the_terminals_width() {
    let binary = assert_cmd::cargo::cargo_bin("grundy");
    let command = format!(
        "stty cols 50 rows 24; {} nim --explain 1 2",
        binary.display()
    );
    let out = assert_cmd::Command::new("script")
        .args(["-qec", &command, "/dev/null"])
        .timeout(std::time::Duration::from_secs(20))
        .output()
        .expect("script runs");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("Why:"), "{text}");
    assert!(text.lines().count() > 15, "{text}");
    assert!(
        text.lines().all(|l| l.trim_end().chars().count() <= 50),
        "{text}"
    );
    // A row of the binary table keeps its own indentation.
    assert!(text.contains("\n  pile  1:"), "{text}");
}
