//! A huge token in the input is named in a short error: its start and its length, wherever it
//! comes from.

use std::io::Write;

use crate::grundy;

/// Runs `grundy args` with `stdin`; asserts exit 2, nothing on stdout, and one short line on
/// stderr holding every one of `needles`.
fn short_failure(args: &[&str], stdin: &[u8], needles: &[&str]) {
    let out = grundy(args).write_stdin(stdin).output().expect("runs");
    let err = String::from_utf8_lossy(&out.stderr);
    let shown: String = err.chars().take(300).collect();
    assert_eq!(out.status.code(), Some(2), "{shown}");
    assert!(out.stdout.is_empty());
    assert!(err.len() < 400, "{} bytes: {shown}", err.len());
    assert_eq!(err.trim_end().lines().count(), 1, "{shown}");
    for needle in needles {
        assert!(err.contains(needle), "{shown} lacks {needle:?}");
    }
}

/// Command-line values are at most 128 KiB on Linux: 100 000 digits.
fn long_argument() -> String {
    "7".repeat(100_000)
}

#[test]
fn a_long_value_on_the_command_line_is_named_short() {
    let digits = long_argument();
    let named = "'777777777777777777777777…' (100000 digits)";
    short_failure(&["nim", "1", &digits], b"", &[named, "value 2", "2^64"]);
    short_failure(
        &["sum", &format!("nim:{digits}")],
        b"",
        &[named, "component 1"],
    );
    short_failure(
        &["values", &format!("0.{digits}x")],
        b"",
        &["(100003 bytes)", "'x'"],
    );
    short_failure(
        &["subtraction", "--set", &format!("1,{digits}"), "5"],
        b"",
        &[named],
    );
    // Clap's usage errors take a few lines; the value in them is cut short as well.
    let out = grundy(&["nim", "--max-moves", &digits, "1"])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.len() < 400 && err.contains("(100000 digits)"), "{err}");
    short_failure(&["play", "nim", &digits], b"", &[named]);
    let word = "x".repeat(100_000);
    short_failure(
        &["play", &word, "1"],
        b"",
        &[
            "(100000 bytes)",
            "unrecognized subcommand",
            "playable games",
        ],
    );
}

#[test]
fn a_long_token_on_standard_input_is_named_short() {
    let mut text = b"1 2\n3 ".to_vec();
    text.extend(std::iter::repeat_n(b'7', 5_000_000));
    text.extend(b" 4\n");
    let named = "'777777777777777777777777…' (5000000 digits)";
    short_failure(&["nim"], &text, &[named, "line 2, column 3"]);
    short_failure(
        &["judge", "luogu-p2197"],
        &text,
        &[named, "line 2, column 3"],
    );
    let mut moves = b"1 ".to_vec();
    moves.extend(std::iter::repeat_n(b'9', 60_000));
    moves.push(b'\n');
    let (out, _) = crate::play::play(&["nim", "3", "4"], &String::from_utf8(moves).unwrap());
    assert!(out.len() < 2000, "{} bytes", out.len());
    assert!(
        out.contains("(60002 bytes)"),
        "{}",
        &out[..out.len().min(500)]
    );
}

#[test]
fn a_long_name_in_a_graph_or_a_script_state_is_named_short() {
    let dir = tempfile::tempdir().unwrap();
    let graph = dir.path().join("g.txt");
    std::fs::File::create(&graph)
        .unwrap()
        .write_all(b"a -> b\n")
        .unwrap();
    let name = "n".repeat(100_000);
    short_failure(
        &["graph", graph.to_str().unwrap(), &name],
        b"",
        &["no node named 'nnnnnnnnnnnnnnnnnnnnnnnn…' (100000 bytes)"],
    );
    let script = dir.path().join("s.rhai");
    std::fs::write(
        &script,
        "fn options(n) { if n > 0 { [n - 1] } else { [] } }\n",
    )
    .unwrap();
    let name = "x".repeat(100_000);
    let unknown = dir.path().join("unknown.rhai");
    std::fs::write(&unknown, format!("fn options(n) {{ [{name}] }}\n")).unwrap();
    short_failure(
        &["script", unknown.to_str().unwrap(), "1"],
        b"",
        &["Variable not found: 'xxxxxxxxxxxxxxxxxxxxxxxx…' (100000 bytes)"],
    );
    let state = format!("[{}", "1,".repeat(50_000));
    short_failure(
        &["script", script.to_str().unwrap(), &state],
        b"",
        &["(100001 bytes)"],
    );
}
