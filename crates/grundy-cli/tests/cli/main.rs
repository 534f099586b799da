//! Integration tests of the `grundy` binary, one module per theme.

mod chinese;
mod explore;
mod graph;
mod hackenbush;
mod hardening;
mod judge;
mod lasker;
mod long_tokens;
mod moore;
mod nim;
mod nimber;
mod octal;
mod play;
mod play_more;
mod quotient;
mod relatives_stairs;
mod script;
mod serve;
mod snapshot;
mod stones;
mod subtraction;
mod sum;
mod usage;
mod values;
mod wythoff;

use assert_cmd::Command;

/// The `grundy` binary with `args`.
pub fn grundy(args: &[&str]) -> Command {
    let mut cmd = Command::cargo_bin("grundy").expect("the binary is built");
    cmd.args(args);
    cmd
}

/// Runs `grundy args` and parses its stdout as one JSON object.
pub fn json(args: &[&str]) -> serde_json::Value {
    let out = grundy(args).output().expect("runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("stdout is JSON")
}

/// Asserts that `grundy args` (with `stdin`) fails with exit 2, prints nothing on stdout, and
/// one line on stderr containing every one of `needles`.
pub fn fails_with(args: &[&str], stdin: &str, needles: &[&str]) {
    let out = grundy(args).write_stdin(stdin).output().expect("runs");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
    assert!(
        out.stdout.is_empty(),
        "{args:?} printed {:?}",
        String::from_utf8_lossy(&out.stdout)
    );
    assert_eq!(err.trim_end().lines().count(), 1, "{err}");
    for n in needles {
        assert!(err.contains(n), "{args:?}: {err:?} lacks {n:?}");
    }
}
