//! Nothing lost, and every limit holds: kill -9 and resume, damaged checkpoints, atomic output
//! files on a full disk, broken pipes, and each input limit at its edge and just past it.

use std::io::Read;
use std::path::Path;
use std::process::{Command as Process, Stdio};
use std::time::Duration;

use rand::{Rng, SeedableRng};

use crate::values::values_of;
use crate::{fails_with, grundy, json};

fn binary() -> std::path::PathBuf {
    assert_cmd::cargo::cargo_bin("grundy")
}

/// Asserts that `output` is a failure with exit 2, nothing on stdout and one line on stderr
/// containing every one of `needles`.
fn one_line_failure(output: &std::process::Output, needles: &[&str]) {
    let err = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{err}");
    assert!(output.stdout.is_empty(), "{:?}", output.stdout);
    assert_eq!(err.trim_end().lines().count(), 1, "{err}");
    for n in needles {
        assert!(err.contains(n), "{err:?} lacks {n:?}");
    }
}

/// The short version of `bench/kill_resume.sh`: kill -9 a run at random moments, resume it from
/// its checkpoint each time, and compare with an uninterrupted run.
#[test]
fn kill_9_at_random_moments_and_resume_gives_the_same_values() {
    let dir = tempfile::tempdir().unwrap();
    let ckpt = dir.path().join("run.ckpt");
    let upto = "300000";
    let seed: u64 = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_nanos() as u64;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let mut kills = 0;
    for _ in 0..6 {
        let mut command = Process::new(binary());
        command.args([
            "values",
            "grundy",
            "--upto",
            upto,
            "--checkpoint-every",
            "0.05",
        ]);
        if ckpt.exists() {
            command.arg("--resume");
        } else {
            command.arg("--checkpoint");
        }
        let mut child = command
            .arg(&ckpt)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        std::thread::sleep(Duration::from_millis(rng.random_range(20..400)));
        if child.try_wait().unwrap().is_none() {
            child.kill().unwrap();
            kills += 1;
        }
        child.wait().unwrap();
    }
    let mut args = vec!["values", "grundy", "--upto", upto, "--json"];
    let ckpt = ckpt.to_str().unwrap();
    if Path::new(ckpt).exists() {
        args.extend(["--resume", ckpt]);
    }
    let resumed = json(&args);
    let whole = json(&["values", "grundy", "--upto", upto, "--json"]);
    assert_eq!(
        values_of(&resumed),
        values_of(&whole),
        "seed {seed}, {kills} kills"
    );
}

/// A checkpoint of Officers (0.6) to G(2000) saved in `dir`: its path and its bytes.
fn officers_checkpoint(dir: &Path) -> (std::path::PathBuf, Vec<u8>) {
    let path = dir.join("run.ckpt");
    grundy(&["values", "0.6", "--upto", "2000", "--checkpoint"])
        .arg(&path)
        .assert()
        .success();
    let bytes = std::fs::read(&path).unwrap();
    (path, bytes)
}

#[test]
fn truncated_damaged_or_foreign_checkpoints_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let (path, good) = officers_checkpoint(dir.path());
    let ckpt = path.to_str().unwrap();
    // The library tests every length and every bit; here, that the command refuses in one line.
    for len in [0, 7, 8, 20, good.len() / 2, good.len() - 1] {
        std::fs::write(&path, &good[..len]).unwrap();
        fails_with(
            &["values", "0.6", "--upto", "3000", "--resume", ckpt],
            "",
            &["cannot resume from", "refused"],
        );
        // Refused, and left as it was: nothing is saved over it.
        assert_eq!(std::fs::read(&path).unwrap(), &good[..len]);
    }
    for bit in [0, 70, 8 * good.len() / 2, 8 * good.len() - 1] {
        let mut bad = good.clone();
        bad[bit / 8] ^= 1 << (bit % 8);
        std::fs::write(&path, &bad).unwrap();
        fails_with(
            &["values", "--resume", ckpt],
            "",
            &["cannot resume from", "refused"],
        );
    }
    std::fs::write(&path, &good).unwrap();
    fails_with(
        &["values", "grundy", "--resume", ckpt],
        "",
        &["holds the game 0.6, not 4!.0"],
    );
    // A new run does not save over an existing checkpoint.
    fails_with(
        &["values", "0.6", "--checkpoint", ckpt],
        "",
        &["the file exists", "--resume"],
    );
    assert_eq!(std::fs::read(&path).unwrap(), good);
}

/// Runs `grundy args` in `dir` through `sh` with file writes limited to 512 bytes (`ulimit -f`,
/// SIGXFSZ ignored so that a write fails with EFBIG): a full disk, for root too.
fn on_a_full_disk(dir: &Path, args: &[&str]) -> std::process::Output {
    let mut script = String::from("trap '' XFSZ; ulimit -f 1; exec \"$0\"");
    for i in 1..=args.len() {
        script.push_str(&format!(" \"${i}\""));
    }
    Process::new("sh")
        .current_dir(dir)
        .arg("-c")
        .arg(script)
        .arg(binary())
        .args(args)
        .stdin(Stdio::null())
        .output()
        .unwrap()
}

fn only_file_is(dir: &Path, name: &str) {
    let names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names, [name], "temporary files left behind");
}

#[test]
fn output_files_survive_a_full_disk_intact() {
    let old = b"the previous file".as_slice();
    let cases: [(&str, &[&str]); 4] = [
        (
            "g.svg",
            &["values", "0.77", "--upto", "3000", "--plot", "g.svg"],
        ),
        (
            "g.png",
            &["values", "0.77", "--upto", "3000", "--plot", "g.png"],
        ),
        (
            "run.ckpt",
            &["values", "0.6", "--upto", "3000", "--resume", "run.ckpt"],
        ),
        (
            "game.dot",
            &["graph", "game.txt", "--dot", "--out", "game.dot"],
        ),
    ];
    for (name, args) in cases {
        let dir = tempfile::tempdir().unwrap();
        let previous = if name == "run.ckpt" {
            grundy(&["values", "0.6", "--upto", "100", "--checkpoint", "run.ckpt"])
                .current_dir(dir.path())
                .assert()
                .success();
            std::fs::read(dir.path().join(name)).unwrap()
        } else {
            std::fs::write(dir.path().join(name), old).unwrap();
            old.to_vec()
        };
        let graph: String = (0..200).map(|i| format!("{i} {}\n", i + 1)).collect();
        if name == "game.dot" {
            // The graph is read before the limit applies: write it from here.
            std::fs::write(dir.path().join("game.txt"), graph).unwrap();
        }
        let out = on_a_full_disk(dir.path(), args);
        one_line_failure(&out, &["cannot write", name]);
        assert_eq!(
            std::fs::read(dir.path().join(name)).unwrap(),
            previous,
            "{name}"
        );
        if name != "game.dot" {
            only_file_is(dir.path(), name);
        }
    }
}

#[test]
fn gen_out_on_a_full_disk_is_one_line_and_keeps_the_old_inputs() {
    let dir = tempfile::tempdir().unwrap();
    let tests = dir.path().join("tests");
    std::fs::create_dir(&tests).unwrap();
    std::fs::write(tests.join("luogu-p2197-001.in"), "old").unwrap();
    let out = on_a_full_disk(
        dir.path(),
        &["gen", "luogu-p2197", "--size", "max", "--out", "tests"],
    );
    one_line_failure(&out, &["cannot write", "luogu-p2197-001.in"]);
    assert_eq!(
        std::fs::read(tests.join("luogu-p2197-001.in")).unwrap(),
        b"old"
    );
    only_file_is(&tests, "luogu-p2197-001.in");
}

#[test]
fn unwritable_places_are_one_line_errors() {
    let dir = tempfile::tempdir().unwrap();
    // A file where a directory is expected: refused even for root.
    let file = dir.path().join("file");
    std::fs::write(&file, "not a directory").unwrap();
    let inside = |name: &str| file.join(name).to_str().unwrap().to_string();
    fails_with(
        &["values", "0.77", "--plot", &inside("g.svg")],
        "",
        &["cannot write", "g.svg"],
    );
    fails_with(
        &["values", "0.77", "--checkpoint", &inside("run.ckpt")],
        "",
        &["cannot write", "run.ckpt"],
    );
    fails_with(
        &["graph", "-", "--out", &inside("g.dot")],
        "a b\n",
        &["cannot write", "g.dot"],
    );
    fails_with(
        &["gen", "luogu-p2197", "--out", &inside("tests")],
        "",
        &["cannot create", "tests"],
    );
    // /proc takes no new files, for root either.
    fails_with(
        &["values", "0.77", "--plot", "/proc/grundy-test.svg"],
        "",
        &["cannot write /proc/grundy-test.svg"],
    );
}

#[test]
fn a_full_standard_output_is_one_line_and_exit_2() {
    let Ok(full) = std::fs::File::create("/dev/full") else {
        return;
    };
    let out = Process::new(binary())
        .args(["values", "0.77", "--upto", "100000", "--list"])
        .stdout(full)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert_eq!(err.trim_end().lines().count(), 1, "{err}");
    assert!(
        err.starts_with("grundy: cannot write to standard output: "),
        "{err}"
    );
}

/// Runs `grundy args` with `stdin`, reads a few bytes of its output and closes the pipe: the
/// command must end quietly with status 0.
fn reader_goes_away(args: &[&str], stdin: Vec<u8>) {
    let mut child = Process::new(binary())
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    let feeder = std::thread::spawn(move || {
        use std::io::Write;
        let _ = input.write_all(&stdin);
    });
    let mut head = [0u8; 16];
    child.stdout.take().unwrap().read_exact(&mut head).unwrap();
    // The pipe is closed here, long before the output ends.
    let out = child.wait_with_output().unwrap();
    feeder.join().unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(out.stderr.is_empty(), "{args:?}: {:?}", out.stderr);
}

#[test]
fn broken_pipes_end_quietly_with_status_0() {
    reader_goes_away(
        &["values", "0.77", "--upto", "1000000", "--list"],
        Vec::new(),
    );
    reader_goes_away(
        &["values", "0.77", "--upto", "300000", "--json"],
        Vec::new(),
    );
    reader_goes_away(&["gen", "luogu-p2197", "--size", "max"], Vec::new());
    let graph: String = (0..100_000).map(|i| format!("{i} {}\n", i + 1)).collect();
    reader_goes_away(&["graph", "-"], graph.clone().into_bytes());
    reader_goes_away(&["graph", "-", "--json"], graph.into_bytes());
    let input = grundy(&["gen", "luogu-p2197", "--size", "max"])
        .output()
        .unwrap()
        .stdout;
    reader_goes_away(&["judge", "luogu-p2197"], input);
    // Nim prints a line per winning move: many piles, many moves.
    let piles: String = (1..=200_000u64)
        .map(|i| format!("{} ", i * 2 + 1))
        .collect();
    reader_goes_away(&["nim", "--max-moves", "1000000"], piles.into_bytes());
}

#[test]
fn head_in_a_pipeline_with_pipefail_sees_status_0() {
    if Process::new("bash").arg("-c").arg("true").status().is_err() {
        return;
    }
    let script = "set -o pipefail; \"$0\" values 0.77 --upto 1000000 --list | head -n 3 >/dev/null; \
                  echo \"${PIPESTATUS[@]}\"";
    let out = Process::new("bash")
        .arg("-c")
        .arg(script)
        .arg(binary())
        .output()
        .unwrap();
    assert_eq!(String::from_utf8_lossy(&out.stdout).trim(), "0 0");
    assert!(out.stderr.is_empty(), "{:?}", out.stderr);
}

#[test]
fn pile_count_and_size_limits_hold_at_the_edge() {
    grundy(&["nim", "--max-piles", "3", "1", "2", "3"])
        .assert()
        .success();
    fails_with(
        &["nim", "--max-piles", "3", "1", "2", "3", "4"],
        "",
        &["too many piles: 4 given, at most 3", "--max-piles"],
    );
    grundy(&["nim", "--max-piles", "3"])
        .write_stdin("1 2 3\n")
        .assert()
        .success();
    fails_with(
        &["wythoff", "--max-piles", "1"],
        "1 2\n",
        &["at most 1", "--max-piles"],
    );
    let forty = "1234567890123456789012345678901234567890";
    let shown = "'123456789012345678901234…' (40 digits)";
    fails_with(&["nim", "1", forty], "", &[shown, "value 2"]);
    fails_with(
        &["nim"],
        &format!("1 {forty}\n"),
        &[shown, "line 1, column 3"],
    );
}

#[test]
fn input_size_limit_holds_at_the_edge() {
    // "1 2 3\n" is 6 bytes.
    grundy(&["nim", "--max-input", "6"])
        .write_stdin("1 2 3\n")
        .assert()
        .success();
    fails_with(
        &["nim", "--max-input", "5"],
        "1 2 3\n",
        &["standard input is larger than 5 bytes", "--max-input"],
    );
    fails_with(
        &["judge", "luogu-p2197", "--max-input", "5"],
        "1\n2\n1 2\n",
        &["larger than 5 bytes"],
    );
    let dir = tempfile::tempdir().unwrap();
    let graph = dir.path().join("g.txt");
    std::fs::write(&graph, "a b\n").unwrap();
    let graph = graph.to_str().unwrap();
    grundy(&["graph", graph, "--max-input", "4"])
        .assert()
        .success();
    fails_with(
        &["graph", graph, "--max-input", "3"],
        "",
        &["the graph", "larger than 3 bytes"],
    );
}

#[test]
fn graph_size_limits_hold_at_the_edge() {
    let triangle = "a b\nb c\nc a\n";
    let args = |nodes: &'static str, edges: &'static str| {
        ["graph", "-", "--max-nodes", nodes, "--max-edges", edges]
    };
    grundy(&args("3", "3"))
        .write_stdin(triangle)
        .assert()
        .success();
    fails_with(
        &args("3", "2"),
        triangle,
        &["line 3, column 3", "more than 2 edges", "--max-edges"],
    );
    fails_with(
        &args("2", "3"),
        triangle,
        &["line 2, column 3", "more than 2 nodes", "--max-nodes"],
    );
}

#[test]
fn values_memory_limit_holds_at_the_edge() {
    // G(0..N) needs up to 8·(N + 1) bytes: 1 MiB is 131072 values.
    grundy(&["values", "0.77", "--upto", "131071", "--max-memory", "1"])
        .assert()
        .success();
    fails_with(
        &["values", "0.77", "--upto", "131072", "--max-memory", "1"],
        "",
        &["131073 values need up to 2 MiB", "--max-memory 1"],
    );
}

#[test]
fn explore_range_is_bounded_by_the_table() {
    grundy(&[
        "explore",
        "subtract",
        "1",
        "2",
        "--to",
        "10",
        "--max-states",
        "10",
    ])
    .assert()
    .success();
    fails_with(
        &[
            "explore",
            "subtract",
            "1",
            "2",
            "--to",
            "11",
            "--max-states",
            "10",
        ],
        "",
        &["0..11", "--max-states 10"],
    );
    // No allocation is attempted for a range far beyond memory.
    fails_with(
        &["explore", "nim", "--to", "1000000000000"],
        "",
        &["--max-states 10000000"],
    );
}

#[test]
fn the_defaults_are_the_documented_ones() {
    let help = |args: &[&str]| String::from_utf8(grundy(args).output().unwrap().stdout).unwrap();
    let nim = help(&["nim", "--help"]);
    assert!(nim.contains("[default: 1073741824]"), "{nim}");
    assert!(nim.contains("[default: 100000000]"), "{nim}");
    let graph = help(&["graph", "--help"]);
    assert!(graph.contains("[default: 100000000]"), "{graph}");
    let docs = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../docs/hardening.md"
    ))
    .unwrap();
    let sum = help(&["sum", "--help"]);
    assert!(sum.contains("[default: 1000000]"), "{sum}");
    assert!(sum.contains("[default: 16]"), "{sum}");
    for command in [
        &["script", "--help"][..],
        &["explore", "--help"],
        &["play", "script", "--help"],
    ] {
        let text = help(command);
        assert!(text.contains("[default: 8192]"), "{command:?}: {text}");
    }
    for default in [
        "1073741824",
        "10000000",
        "100000000",
        "10000000000 operations",
        "| 8192 MiB |",
        "| 65536 (64 KiB) |",
        "| 1000000 (10^6",
        "| 16 |",
    ] {
        assert!(docs.contains(default), "docs/hardening.md lacks {default}");
    }
}

#[test]
fn a_move_line_past_64_kib_is_answered_and_the_game_goes_on() {
    use crate::play::play;
    // At the bound (65536 bytes with its end of line) the line is read as a move: a bad one.
    let edge = format!("1 1{}\n", " ".repeat(65536 - 4));
    let (out, status) = play(&["nim", "3", "4", "5"], &format!("{edge}quit\n"));
    assert_eq!(status, Some(0));
    assert!(out.contains("you: "), "{out}");
    assert!(!out.contains("longer than"), "{out}");
    // A 10 MB line is skipped, answered in one line, and the prompt comes again.
    let long = "9".repeat(10_000_000);
    for (tail, moved) in [("1 1\nquit\n", true), ("quit\n", false), ("", false)] {
        let (out, status) = play(&["nim", "3", "4", "5"], &format!("{long}\n{tail}"));
        assert_eq!(status, Some(0));
        assert_eq!(
            out.matches("the move is longer than 65536 bytes").count(),
            1,
            "{}",
            &out[..out.len().min(2000)]
        );
        assert!(out.len() < 10_000, "the line was echoed");
        assert_eq!(out.contains("you: "), moved, "{out}");
    }
    // One byte past the bound.
    let past = format!("1 1{}\nquit\n", " ".repeat(65536 - 3));
    let (out, _) = play(&["nim", "3", "4", "5"], &past);
    assert!(out.contains("the move is longer than 65536 bytes"), "{out}");
    assert!(!out.contains("you: "), "{out}");
}

#[test]
fn a_checkpoint_larger_than_the_memory_bound_allows_is_refused_unread() {
    let dir = tempfile::tempdir().unwrap();
    let (path, good) = officers_checkpoint(dir.path());
    let ckpt = path.to_str().unwrap();
    let resume = [
        "values",
        "0.6",
        "--upto",
        "3000",
        "--max-memory",
        "1",
        "--resume",
        ckpt,
    ];
    grundy(&resume).assert().success();
    // Within 1 MiB a run holds 131072 values, saved in at most 4 bytes each, with 29 bytes of
    // header and up to 4096 of code: 528413 bytes. At that size the file is read (and found
    // damaged); one byte more, and it is refused for its size.
    let largest = 29 + 4096 + 4 * 131_072;
    let mut padded = good.clone();
    padded.resize(largest, 0);
    std::fs::write(&path, &padded).unwrap();
    let out = grundy(&resume).output().unwrap();
    one_line_failure(&out, &["refused, not used", "damaged"]);
    padded.push(0);
    std::fs::write(&path, &padded).unwrap();
    let out = grundy(&resume).output().unwrap();
    one_line_failure(
        &out,
        &[
            "is 528414 bytes",
            "--max-memory 1",
            "528413 bytes at most",
            "without reading it",
        ],
    );
    // A sparse file of 100 GB (no disk used), with the default bound too (the memory
    // available, far less than 200 GB here): refused at once, from its size alone.
    let file = std::fs::OpenOptions::new().write(true).open(&path).unwrap();
    file.set_len(100 << 30).unwrap();
    drop(file);
    let out = grundy(&resume).output().unwrap();
    one_line_failure(&out, &["is 107374182400 bytes", "without reading it"]);
    let out = grundy(&["values", "--resume", ckpt]).output().unwrap();
    one_line_failure(&out, &["of memory available", "without reading it"]);
    // The file is left as it was.
    assert_eq!(std::fs::metadata(&path).unwrap().len(), 100 << 30);
}

/// A game whose every number n leads to n − 1 and to a string of 10000 bytes, which the
/// search keeps in its table: the memory in use grows by 10 kB per state.
const GROWING: &str = r#"
fn options(n) {
    if type_of(n) != "i64" || n <= 0 { return []; }
    let s = "";
    s.pad(10000, 'x');
    [n - 1, s + n]
}
fn family(n) { n }
"#;

#[test]
fn script_memory_limit_stops_a_growing_script_in_one_line() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("grow.rhai");
    std::fs::write(&path, GROWING).unwrap();
    let script = path.to_str().unwrap();
    // 100 states keep 1 MB: well within 16 MiB. 5000 keep 50 MB: stopped, in one line.
    grundy(&["script", script, "100", "--max-memory", "16"])
        .assert()
        .success();
    let out = grundy(&["script", script, "5000", "--max-memory", "16"])
        .output()
        .unwrap();
    one_line_failure(
        &out,
        &[
            "grow.rhai: line 2, column 1: the script used more than 16 MiB of memory",
            "--max-memory",
        ],
    );
    let out = grundy(&[
        "explore",
        "script",
        script,
        "--to",
        "5000",
        "--max-memory",
        "16",
    ])
    .output()
    .unwrap();
    one_line_failure(&out, &["more than 16 MiB of memory", "--max-memory"]);
    let out = grundy(&["play", "script", script, "5000", "--max-memory", "16"])
        .write_stdin("quit\n")
        .output()
        .unwrap();
    one_line_failure(&out, &["more than 16 MiB of memory", "--max-memory"]);
    // Under the default bound, the same script and a normal one pass.
    grundy(&["script", script, "5000"]).assert().success();
    let take = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../examples/scripts/take-1-2-4.rhai"
    );
    grundy(&["script", take, "100"]).assert().success();
    let help = String::from_utf8(grundy(&["script", "--help"]).output().unwrap().stdout).unwrap();
    assert!(help.contains("[default: 8192]"), "{help}");
}

#[test]
fn sum_limits_hold_at_the_edge() {
    // Components: three at --max-components 3, four refused before they are parsed.
    grundy(&["sum", "--max-components", "3", "nim:1", "nim:2", "lasker:3"])
        .assert()
        .success();
    fails_with(
        &[
            "sum",
            "--max-components",
            "3",
            "nim:1 + nim:2",
            "nim:3",
            "nim:4",
        ],
        "",
        &["too many components: more than 3", "--max-components"],
    );
    fails_with(
        &["sum", "--max-components", "3"],
        "nim:1 nim:2 nim:3 nim:x\n",
        &["more than 3", "--max-components"],
    );
    // Heaps across the sum: --max-piles.
    grundy(&["sum", "--max-piles", "4", "nim:1,2", "lasker:3,4"])
        .assert()
        .success();
    fails_with(
        &["sum", "--max-piles", "4", "nim:1,2", "lasker:3,4,5"],
        "",
        &["too many piles: 5 given, at most 4", "--max-piles"],
    );
    // Different subtraction sets: the same set twice counts once.
    let sets = ["sub{1,2}:5", "sub{2,1}:6", "sub{1,3}:7"];
    grundy(&["sum", "--max-sets", "2", sets[0], sets[1], sets[2]])
        .assert()
        .success();
    fails_with(
        &["sum", "--max-sets", "2", sets[0], sets[2], "sub{4}:1"],
        "",
        &[
            "component 3 'sub{4}:1'",
            "more than 2 different subtraction sets",
            "--max-sets",
        ],
    );
    // A component of a million heaps, and a set of 100000 numbers: read in a moment (each
    // was quadratic in its length before).
    let heaps: Vec<String> = (0..1_000_000).map(|i| (i % 7).to_string()).collect();
    grundy(&["sum"])
        .write_stdin(format!("nim:{}\n", heaps.join(",")))
        .assert()
        .success();
    let set: Vec<String> = (1..=100_000).map(|i| i.to_string()).collect();
    grundy(&["sum"])
        .write_stdin(format!("sub{{{}}}:5\n", set.join(",")))
        .assert()
        .success();
}
