use std::path::Path;

use predicates::prelude::*;

use crate::{fails_with, grundy};

fn data() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/judge"))
}

/// The ids of every problem.
fn all_ids() -> Vec<&'static str> {
    grundy_judge::problems().map(|p| p.id).collect()
}

/// The ids `grundy judge --list` prints.
fn listed_ids() -> Vec<String> {
    let out = grundy(&["judge", "--list"]).output().unwrap();
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| l.split_whitespace().next().unwrap().to_string())
        .collect()
}

#[test]
fn every_published_sample_of_every_known_problem() {
    let known = all_ids();
    let mut checked = 0;
    for entry in std::fs::read_dir(data()).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "in") {
            continue;
        }
        let stem = path.file_stem().unwrap().to_str().unwrap();
        let id = &stem[..stem.rfind('-').unwrap()];
        assert!(known.contains(&id), "{stem} is a sample of no problem");
        let input = std::fs::read(&path).unwrap();
        let expected = std::fs::read_to_string(path.with_extension("ans")).unwrap();
        let out = grundy(&["judge", id]).write_stdin(input).output().unwrap();
        assert!(
            out.status.success(),
            "{stem}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert_eq!(String::from_utf8(out.stdout).unwrap(), expected, "{stem}");
        checked += 1;
    }
    assert!(checked >= 23, "only {checked} samples checked");
}

#[test]
fn aliases_reach_the_same_problem() {
    grundy(&["judge", "POJ-3480"])
        .write_stdin("1\n1\n1\n")
        .assert()
        .success()
        .stdout("Brother\n");
    for problem in grundy_judge::problems() {
        let input = grundy(&["gen", problem.id, "--seed", "3"])
            .output()
            .unwrap()
            .stdout;
        let answer = grundy(&["judge", problem.id])
            .write_stdin(input.clone())
            .output()
            .unwrap();
        assert!(answer.status.success(), "{}", problem.id);
        for alias in problem.aliases {
            grundy(&["judge", &alias.to_uppercase()])
                .write_stdin(input.clone())
                .assert()
                .success()
                .stdout(answer.stdout.clone());
        }
    }
}

#[test]
fn malformed_inputs_name_the_line_and_what_was_expected() {
    fails_with(
        &["judge", "luogu-p1247"],
        "3\n3 6\n",
        &["line 2", "expected a heap size", "end of the input"],
    );
    fails_with(
        &["judge", "luogu-p1247"],
        "3\n3 6 x9\n",
        &["line 2, column 5", "'x9'"],
    );
    fails_with(
        &["judge", "luogu-p1247"],
        "2\n3 -6\n",
        &["'-6'", "negative"],
    );
    fails_with(
        &["judge", "nowcoder-50615"],
        "2\n3 100001\n",
        &["line 2, column 3", "out of range", "1..=100000"],
    );
    fails_with(
        &["judge", "hdu-1850"],
        "1\n5\n0\n",
        &["the number of piles M 1 is out of range"],
    );
    fails_with(
        &["judge", "luogu-p2197"],
        "1\n1\n1\n7\n",
        &["line 4", "unexpected '7'"],
    );
    fails_with(
        &["judge", "luogu-p2197"],
        "",
        &["line 1", "expected the number of tests T"],
    );
    fails_with(
        &["judge", "no-such-problem"],
        "",
        &["unknown problem 'no-such-problem'"],
    );
}

#[test]
fn no_limits_accepts_values_beyond_the_statement() {
    grundy(&["judge", "nowcoder-50615", "--no-limits"])
        .write_stdin("2\n3 100001\n")
        .assert()
        .success()
        .stdout("win\n");
}

#[test]
fn gen_is_deterministic_and_valid() {
    for size in ["small", "max"] {
        let a = grundy(&["gen", "hdu-1907", "--seed", "42", "--size", size])
            .output()
            .unwrap();
        let b = grundy(&["gen", "hdu-1907", "--seed", "42", "--size", size])
            .output()
            .unwrap();
        assert!(a.status.success());
        assert_eq!(a.stdout, b.stdout);
        grundy(&["judge", "hdu-1907"])
            .write_stdin(a.stdout)
            .assert()
            .success();
    }
    let c = grundy(&["gen", "hdu-1907", "--seed", "43"])
        .output()
        .unwrap();
    let d = grundy(&["gen", "hdu-1907", "--seed", "42"])
        .output()
        .unwrap();
    assert_ne!(c.stdout, d.stdout);
}

#[test]
fn gen_writes_inputs_and_answers_to_a_folder() {
    let dir = std::env::temp_dir().join(format!("grundy-gen-{}", std::process::id()));
    grundy(&[
        "gen",
        "luogu-p2197",
        "--count",
        "3",
        "--out",
        dir.to_str().unwrap(),
    ])
    .assert()
    .success();
    for i in 1..=3 {
        let input = std::fs::read(dir.join(format!("luogu-p2197-00{i}.in"))).unwrap();
        let answer = std::fs::read(dir.join(format!("luogu-p2197-00{i}.ans"))).unwrap();
        grundy(&["judge", "luogu-p2197"])
            .write_stdin(input)
            .assert()
            .success()
            .stdout(answer);
    }
    std::fs::remove_dir_all(dir).unwrap();
    fails_with(&["gen", "luogu-p2197", "--count", "2"], "", &["--out"]);
}

#[test]
fn stress_finds_a_planted_bug_and_shrinks_the_input() {
    // "win" when the total is odd: wrong whenever the XOR and the sum's parity disagree.
    let wrong =
        r#"NR==2 { s = 0; for (i = 1; i <= NF; i++) s += $i; print (s % 2 ? "win" : "lose") }"#;
    let out = grundy(&[
        "stress",
        "nowcoder-50615",
        "--runs",
        "200",
        "--",
        "awk",
        wrong,
    ])
    .output()
    .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("wrong answer"), "{text}");
    let inputs: Vec<&str> = text
        .split("--- input ---\n")
        .skip(1)
        .map(|s| s.split("\n---").next().unwrap())
        .collect();
    let numbers = |s: &str| {
        s.split_whitespace()
            .map(|t| t.parse::<u64>().unwrap())
            .collect::<Vec<_>>()
    };
    let (first, smallest) = (numbers(inputs[0]), numbers(inputs[1]));
    // Shrinking reaches a local minimum: one or two small heaps, and less than it started with.
    assert!(
        smallest.len() <= 3 && smallest[1..].iter().all(|&h| h <= 10),
        "{text}"
    );
    assert!(
        smallest.len() < first.len() || smallest.iter().sum::<u64>() < first.iter().sum::<u64>(),
        "{text}"
    );
    // The shrunk input still makes the program fail, with the judge's answer shown.
    assert!(
        text.split("smallest failing input")
            .nth(1)
            .unwrap()
            .contains("--- expected ---\nwin"),
        "{text}"
    );
}

#[test]
fn stress_passes_a_correct_solution() {
    grundy(&[
        "stress",
        "hdu-1907",
        "--runs",
        "30",
        "--",
        env!("CARGO_BIN_EXE_grundy"),
        "judge",
        "hdu-1907",
    ])
    .assert()
    .success()
    .stdout(predicate::str::contains("all 30 runs agreed"));
}

#[test]
fn stress_reports_time_outs_and_crashes() {
    grundy(&[
        "stress",
        "nowcoder-50615",
        "--runs",
        "1",
        "--timeout",
        "100",
        "--",
        "sleep",
        "5",
    ])
    .assert()
    .code(1)
    .stdout(predicate::str::contains("time limit exceeded"));
    grundy(&[
        "stress",
        "nowcoder-50615",
        "--runs",
        "1",
        "--",
        "sh",
        "-c",
        "echo boom >&2; exit 3",
    ])
    .assert()
    .code(1)
    .stdout(predicate::str::contains("runtime error").and(predicate::str::contains("boom")));
    fails_with(
        &["stress", "nowcoder-50615", "--", "/no/such/program"],
        "",
        &["cannot run '/no/such/program'"],
    );
}

#[test]
fn staircase_problems_reject_malformed_inputs() {
    // Georgia and Bob: the chessmen stand on distinct cells from 1.
    fails_with(
        &["judge", "poj-1704"],
        "1\n3\n4 2 4\n",
        &[
            "line 3, column 5",
            "position 4 is taken already (at line 3, column 1)",
        ],
    );
    fails_with(
        &["judge", "poj-1704"],
        "1\n2\n3 0\n",
        &[
            "line 3, column 3",
            "position P_i 0 is out of range (1..=10000)",
        ],
    );
    fails_with(
        &["judge", "poj-1704", "--no-limits"],
        "1\n2\n3 0\n",
        &["line 3, column 3", "position 0 is not a cell"],
    );
    fails_with(
        &["judge", "poj-1704"],
        "2\n3\n1 2 3\n2\n5\n",
        &["line 5", "expected a position P_i", "end of the input"],
    );
    // The stones moving right.
    fails_with(
        &["judge", "nowcoder-218562"],
        "1\n3\n1 2\n",
        &[
            "line 3",
            "expected a number of stones a_i",
            "end of the input",
        ],
    );
    fails_with(
        &["judge", "nowcoder-218562"],
        "1\n0\n",
        &[
            "line 2, column 1",
            "the number of cells n 0 is out of range",
        ],
    );
    let test = format!("100000\n{}\n", "0 ".repeat(100_000));
    let eleven_tests = format!("11\n{}", test.repeat(11));
    fails_with(
        &["judge", "nowcoder-218562"],
        &eleven_tests,
        &[
            "line 22, column 1",
            "the number of cells of all tests 1100000 is out of range",
        ],
    );
    // The shrinking cap.
    fails_with(
        &["judge", "nanchang-2026"],
        "1\n2 3\n5\n",
        &["line 3", "expected a pile size a_i", "end of the input"],
    );
    fails_with(
        &["judge", "nanchang-2026"],
        "1\n1 0\n5\n",
        &[
            "line 2, column 3",
            "the first move's cap k 0 is out of range",
        ],
    );
    fails_with(
        &["judge", "nanchang-2026"],
        "1\n1 1\n9223372036854775808\n",
        &["line 3, column 1", "out of range (0..=9223372036854775807)"],
    );
}

#[test]
fn wythoff_and_heap_problems_reject_malformed_inputs() {
    fails_with(
        &["judge", "hdu-1527"],
        "1 2\n3\n",
        &["line 2", "expected a pile size b", "end of the input"],
    );
    fails_with(
        &["judge", "poj-1067"],
        "1 1000000001\n",
        &["line 1, column 3", "out of range (0..=1000000000)"],
    );
    fails_with(
        &["judge", "hdu-2177"],
        "5 3\n0 0\n",
        &[
            "line 1, column 3",
            "b (at least a) 3 is out of range (5..=1000000)",
        ],
    );
    fails_with(
        &["judge", "hdu-1848"],
        "1 0 2\n0 0 0\n",
        &["line 1, column 3", "only the line 0 0 0 ends the input"],
    );
    fails_with(
        &["judge", "hdu-1848"],
        "1 2\n",
        &["line 1", "expected a pile size p", "end of the input"],
    );
    fails_with(
        &["judge", "poj-2960", "--no-limits"],
        "2 0 5\n1\n1 1\n0\n",
        &["line 1, column 3", "a move of 0 is not allowed"],
    );
    fails_with(
        &["judge", "hdu-1536"],
        "2 2 5\n0\n",
        &[
            "line 2, column 1",
            "the number of positions m 0 is out of range",
        ],
    );
    fails_with(
        &["judge", "hdu-3032"],
        "1\n2\n1 0\n",
        &["line 3, column 3", "a heap size s_i 0 is out of range"],
    );
    fails_with(
        &["judge", "hdu-3032", "--no-limits"],
        "1\n1\n18446744073709551615\n",
        &["line 3, column 1", "too large"],
    );
}

#[test]
fn staircase_problems_answer_by_their_rules() {
    // Luogu's number for Georgia and Bob, on the published sample.
    grundy(&["judge", "luogu-p10507"])
        .write_stdin(std::fs::read(data().join("poj-1704-1.in")).unwrap())
        .assert()
        .success()
        .stdout(std::fs::read_to_string(data().join("poj-1704-1.ans")).unwrap());
    // One cell: nothing moves. Cells 1 2 3 with 1 1 0: cell 2 counts, lyw moves its stone on.
    grundy(&["judge", "nowcoder-218562"])
        .write_stdin("3\n1\n7\n3\n1 1 0\n3\n1 0 0\n")
        .assert()
        .success()
        .stdout("zgc\nlyw\nzgc\n");
    // XOR 12 has lowest bit 4: Bob wins under cap 3, Alice under cap 4. Beyond 2^63 only with
    // --no-limits: an odd XOR wins under any cap.
    grundy(&["judge", "nanchang-2026"])
        .write_stdin("2\n2 3\n4 8\n1 4\n12\n")
        .assert()
        .success()
        .stdout("Bob\nAlice\n");
    grundy(&["judge", "nanchang-2026", "--no-limits"])
        .write_stdin("1\n1 1\n18446744073709551615\n")
        .assert()
        .success()
        .stdout("Alice\n");
}

#[test]
fn stress_finds_an_off_by_one_staircase() {
    // Counts cells n, n − 2, … instead of n − 1, n − 3, …: the classic slip.
    let wrong = r#"
        function xor(a, b,   r, p) {
            r = 0; p = 1
            while (a || b) { if (a % 2 != b % 2) r += p; a = int(a / 2); b = int(b / 2); p *= 2 }
            return r
        }
        NR > 1 && NR % 2 == 1 { x = 0; for (i = NF; i >= 1; i -= 2) x = xor(x, $i); print (x ? "lyw" : "zgc") }
    "#;
    let out = grundy(&[
        "stress",
        "nowcoder-218562",
        "--runs",
        "100",
        "--",
        "awk",
        wrong,
    ])
    .output()
    .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8(out.stdout).unwrap();
    let smallest = text.split("smallest failing input").nth(1).unwrap();
    // One test of one cell with stones: nothing can move, the slip says lyw.
    assert!(
        smallest.contains("--- input ---\n1\n1\n")
            && smallest.contains("--- expected ---\nzgc\n--- received ---\nlyw"),
        "{text}"
    );
}

#[test]
fn a_chess_game_rejects_cycles_and_bad_positions() {
    fails_with(
        &["judge", "hdu-1524"],
        "2\n1 1\n1 0\n1 0\n0\n",
        &["line 3", "cycle"],
    );
    fails_with(
        &["judge", "hdu-1524"],
        "2\n1 2\n0\n1 0\n0\n",
        &["line 2, column 3", "out of range"],
    );
    fails_with(
        &["judge", "hdu-1524"],
        "2\n1 1\n0\n2 0\n",
        &["line 4", "expected a token's position"],
    );
}

#[test]
fn every_problem_is_listed_generated_and_stressed() {
    assert_eq!(listed_ids(), all_ids());
    for id in all_ids() {
        for size in ["small", "max"] {
            let input = grundy(&["gen", id, "--seed", "7", "--size", size])
                .output()
                .unwrap();
            assert!(input.status.success(), "{id} {size}");
            grundy(&["judge", id])
                .write_stdin(input.stdout)
                .assert()
                .success();
        }
        grundy(&[
            "stress",
            id,
            "--runs",
            "5",
            "--",
            env!("CARGO_BIN_EXE_grundy"),
            "judge",
            id,
        ])
        .assert()
        .success()
        .stdout(predicate::str::contains("all 5 runs agreed"));
    }
}

#[test]
fn crosses_and_crosses_recalled_samples() {
    // The published samples could not be read: these two are recalled (3 → 1, 6 → 2) and agree
    // with the brute-force search of the game in the judge's tests.
    grundy(&["judge", "poj-3537"])
        .write_stdin("3\n")
        .assert()
        .success()
        .stdout("1\n");
    grundy(&["judge", "poj-3537"])
        .write_stdin("6\n")
        .assert()
        .success()
        .stdout("2\n");
}

#[test]
fn classic_problems_reject_malformed_inputs() {
    fails_with(
        &["judge", "poj-2311"],
        "2 2\n3\n",
        &["line 2", "expected a height H", "end of the input"],
    );
    fails_with(
        &["judge", "poj-2311"],
        "2 201\n",
        &["line 1, column 3", "out of range (2..=200)"],
    );
    fails_with(
        &["judge", "poj-2311", "--no-limits"],
        "2 2\n1 1\n",
        &["line 2, column 1", "1×1", "game is over"],
    );
    fails_with(
        &["judge", "hdu-2147"],
        "5 0\n0 0\n",
        &["line 1, column 3", "only `0 0` ends the input"],
    );
    fails_with(
        &["judge", "hdu-2147"],
        "5 2001\n0 0\n",
        &["line 1, column 3", "out of range (0..=2000)"],
    );
    fails_with(
        &["judge", "luogu-p2148"],
        "1\n3\n1 2 3\n",
        &["line 2, column 1", "N 3 is odd"],
    );
    fails_with(
        &["judge", "luogu-p2148", "--no-limits"],
        "1\n2\n1 0\n",
        &["line 3, column 3", "pile 2 is empty"],
    );
    fails_with(
        &["judge", "poj-3537"],
        "2\n",
        &[
            "line 1, column 1",
            "the length n 2 is out of range (3..=2000)",
        ],
    );
    fails_with(
        &["judge", "hdu-1730"],
        "2 6\n4 5\n3 3\n",
        &["line 3, column 3", "different cells"],
    );
    fails_with(
        &["judge", "hdu-1730"],
        "1 6\n4 7\n",
        &["line 2, column 3", "out of range (1..=6)"],
    );
    fails_with(
        &["judge", "luogu-p2575"],
        "1\n1\n2 19 19\n",
        &[
            "line 3, column 6",
            "column 19 holds a piece already (at line 3, column 3)",
        ],
    );
    fails_with(
        &["judge", "luogu-p2575", "--no-limits"],
        "1\n1\n1 21\n",
        &["line 3, column 3", "column 21 is not on the board"],
    );
}

#[test]
fn puzzles_reject_malformed_inputs() {
    fails_with(
        &["judge", "hdu-1729"],
        "1\n3 4\n0\n",
        &["line 2, column 3", "4 stones, more than its capacity 3"],
    );
    fails_with(
        &["judge", "hdu-1729"],
        "51\n",
        &["line 1, column 1", "out of range (0..=50)"],
    );
    fails_with(
        &["judge", "hdu-1404"],
        "12\n1a\n",
        &[
            "line 2, column 1",
            "expected a string of digits, found '1a'",
        ],
    );
    fails_with(
        &["judge", "hdu-1404"],
        "1234567\n",
        &["line 1, column 1", "more than 6 digits"],
    );
    fails_with(
        &["judge", "hdu-2873"],
        "2 2\n.#\n.\n0 0\n",
        &["line 3, column 1", "1 cells, not 2"],
    );
    fails_with(
        &["judge", "hdu-2873"],
        "1 2\n.x\n0 0\n",
        &["line 2, column 1", "a row of '#' and '.'", "'.x'"],
    );
    fails_with(
        &["judge", "hdu-2873"],
        "2 2\n.#\n",
        &["line 2", "expected a row of the board", "end of the input"],
    );
    fails_with(
        &["judge", "luogu-p4101"],
        "1\n3 0\n",
        &["line 2, column 3", "the largest pile m 0 is out of range"],
    );
    fails_with(
        &["judge", "luogu-p4101", "--no-limits"],
        "1\n3 0\n",
        &["line 2, column 3", "a pile holds at least one stone"],
    );
    fails_with(
        &["judge", "hdu-1517"],
        "4294967295\n",
        &["line 1, column 1", "out of range (2..=4294967294)"],
    );
    fails_with(
        &["judge", "hdu-1517", "--no-limits"],
        "1\n",
        &["line 1, column 1", "reached before the first move"],
    );
}
