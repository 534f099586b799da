//! `grundy values`: sequences, periods, subtraction-set sugar, errors, checkpoints, plots.

use std::process::{Command as Process, Stdio};
use std::time::{Duration, Instant};

use crate::{fails_with, grundy, json};

/// The `values` list of `grundy values --json` output.
pub(crate) fn values_of(v: &serde_json::Value) -> Vec<u64> {
    v["values"]
        .as_array()
        .expect("values")
        .iter()
        .map(|x| x.as_u64().unwrap())
        .collect()
}

/// The values in a published data file (`n value` lines, `#` comments).
fn published(name: &str) -> Vec<u64> {
    let path = format!("{}/../grundy/tests/data/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| l.split_whitespace().nth(1).unwrap().parse().unwrap())
        .collect()
}

#[test]
fn kayles_json_matches_the_published_values_and_period() {
    let v = json(&["values", "0.77", "--upto", "104", "--json"]);
    assert_eq!(values_of(&v), published("kayles-0.77.txt"));
    assert_eq!(v["game"], "0.77");
    // 130 values show the period but the octal theorem needs 2·71 + 2·12 + 2 = 168.
    let v = json(&["values", "0.77", "--upto", "129", "--json"]);
    assert_eq!(v["period"]["period"], 12);
    assert_eq!(v["period"]["preperiod"], 71);
    assert_eq!(v["period"]["proved"], false);
    let v = json(&["values", "0.77", "--upto", "200", "--json"]);
    assert_eq!(v["period"]["proved"], true);
    assert_eq!(v["period"]["theorem"], "octal periodicity theorem");
}

#[test]
fn find_period_proves_the_known_periods() {
    for (game, period, preperiod) in [("0.77", 12, 71), ("0.07", 34, 53), ("0.137", 34, 52)] {
        let v = json(&["values", game, "--find-period", "--json"]);
        assert_eq!(v["period"]["period"], period, "{game}");
        assert_eq!(v["period"]["preperiod"], preperiod, "{game}");
        assert_eq!(v["period"]["proved"], true, "{game}");
        assert_eq!(v["limit_reached"], false, "{game}");
    }
    let out = grundy(&["values", "0.07", "--find-period"])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    // 2·53 + 2·34 + 2 = 176 values prove it: the search stops at 256.
    assert!(text.starts_with("0.07 (code 0.07): G(0..255)"), "{text}");
    assert!(
        text.contains("period 34 from n = 53 (proved by the octal periodicity theorem)"),
        "{text}"
    );
}

#[test]
fn find_period_says_when_the_limit_is_reached() {
    let v = json(&[
        "values",
        "grundy",
        "--find-period",
        "--limit",
        "3000",
        "--json",
    ]);
    assert_eq!(v["limit_reached"], true);
    assert_eq!(values_of(&v).len(), 3000);
    let out = grundy(&["values", "grundy", "--find-period", "--limit", "3000"])
        .output()
        .unwrap();
    assert!(
        String::from_utf8(out.stdout)
            .unwrap()
            .contains("limit reached")
    );
}

#[test]
fn subtraction_sets_are_octal_codes_with_digit_3() {
    let code = values_of(&json(&["values", "0.3303", "--upto", "300", "--json"]));
    for set in ["{1,2,4}", "1,2,4", "{4, 2, 1}"] {
        assert_eq!(
            values_of(&json(&["values", set, "--upto", "300", "--json"])),
            code,
            "{set}"
        );
    }
    // Proved by the subtraction-game window: G(n) depends on the 4 values before it.
    let v = json(&["values", "{1,2,4}", "--upto", "300", "--json"]);
    assert_eq!(v["period"]["proved"], true);
    assert_eq!(v["period"]["period"], 3);
}

#[test]
fn arithmetic_periods_are_reported_with_their_saltus() {
    let v = json(&["values", "0.8", "--upto", "300", "--json"]);
    assert_eq!(v["period"]["period"], 3);
    assert_eq!(v["period"]["saltus"], 1);
    assert_eq!(v["period"]["proved"], false);
    let out = grundy(&["values", "0.8", "--upto", "300"])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("arithmetic period 3 with saltus 1"), "{text}");
    assert!(text.contains("no theorem here proves it"), "{text}");
}

#[test]
fn text_rows_mark_the_period() {
    let out = grundy(&["values", "0.77", "--upto", "200"])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.starts_with("0.77 (code 0.77): G(0..200)"), "{text}");
    let marked = text
        .lines()
        .find(|l| l.contains("<- periodic from here"))
        .unwrap();
    assert!(marked.trim_start().starts_with("71:|"), "{marked}");
    assert!(text.contains("period 12 from n = 71 (proved"));
}

#[test]
fn stats_report_the_largest_value_and_rare_positions() {
    let v = json(&["values", "grundy", "--upto", "5000", "--json"]);
    let values = values_of(&v);
    let max = *values.iter().max().unwrap();
    let first = values.iter().position(|&x| x == max).unwrap();
    assert_eq!(v["stats"]["max"]["value"], max);
    assert_eq!(v["stats"]["max"]["first_n"], first);
    let counts: u64 = v["stats"]["counts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_u64().unwrap())
        .sum();
    assert_eq!(counts, 5001);
    // Every listed rare position has a value with an even popcount under the mask.
    let mask = v["stats"]["mask"].as_u64().unwrap();
    assert_ne!(mask, 0);
    for pair in v["stats"]["rare"].as_array().unwrap() {
        let (n, g) = (pair[0].as_u64().unwrap(), pair[1].as_u64().unwrap());
        assert_eq!(values[n as usize], g);
        assert_eq!((g & mask).count_ones() % 2, 0);
    }
    let out = grundy(&["values", "grundy", "--upto", "5000", "--stats"])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains(&format!("largest value {max}, first at n = {first}")),
        "{text}"
    );
    assert!(text.contains("rare positions"));
    assert!(text.contains("values/s"));
}

#[test]
fn malformed_codes_are_one_line_errors_naming_the_column() {
    fails_with(&["values", "0.7x7"], "", &["'x'", "column 4"]);
    fails_with(&["values", "0."], "", &["column 3"]);
    fails_with(&["values", "077"], "", &["'7'", "column 2"]);
    fails_with(&["values", "7.0"], "", &["position 0"]);
    fails_with(&["values", "{1,,2}"], "", &["column 4"]);
    fails_with(&["values", "1,0"], "", &["at least one token"]);
    fails_with(
        &["values", "0.77", "--upto", "1000000000000"],
        "",
        &["at most"],
    );
    fails_with(
        &["values", "0.77", "--plot", "g.pdf"],
        "",
        &[".svg or .png"],
    );
}

#[test]
fn checkpoint_and_resume_equal_an_uninterrupted_run() {
    let dir = tempfile::tempdir().unwrap();
    let ckpt = dir.path().join("run.ckpt");
    let ckpt = ckpt.to_str().unwrap();
    let whole = values_of(&json(&["values", "0.6", "--upto", "30000", "--json"]));
    grundy(&["values", "0.6", "--upto", "10000", "--checkpoint", ckpt])
        .assert()
        .success();
    let resumed = json(&[
        "values", "0.6", "--upto", "30000", "--resume", ckpt, "--json",
    ]);
    assert_eq!(values_of(&resumed), whole);
    // The game may be left out on resume, and must match if given.
    let resumed = json(&["values", "--upto", "30000", "--resume", ckpt, "--json"]);
    assert_eq!(values_of(&resumed), whole);
    fails_with(
        &["values", "0.77", "--resume", ckpt],
        "",
        &["holds the game 0.6"],
    );
    // A damaged checkpoint is refused.
    let mut bytes = std::fs::read(ckpt).unwrap();
    let middle = bytes.len() / 2;
    bytes[middle] ^= 1;
    std::fs::write(ckpt, bytes).unwrap();
    fails_with(&["values", "0.6", "--resume", ckpt], "", &["checksum"]);
}

#[test]
fn ctrl_c_saves_progress_and_resume_finishes_exactly() {
    let dir = tempfile::tempdir().unwrap();
    let ckpt = dir.path().join("run.ckpt");
    let upto = "400000";
    let binary = assert_cmd::cargo::cargo_bin("grundy");
    let child = Process::new(&binary)
        .args(["values", "grundy", "--upto", upto, "--checkpoint"])
        .arg(&ckpt)
        .args(["--checkpoint-every", "0.1"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Interrupt once the first checkpoint is on disk.
    let start = Instant::now();
    while !ckpt.exists() && start.elapsed() < Duration::from_secs(60) {
        std::thread::sleep(Duration::from_millis(20));
    }
    let status = Process::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    let out = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    if out.status.success() {
        // The run finished before the signal arrived: nothing to resume, still a valid test of
        // the final checkpoint below.
        assert!(out.stdout.len() > 100);
    } else {
        assert_eq!(out.status.code(), Some(2), "{err}");
        assert!(err.contains("interrupted at n = "), "{err}");
        assert!(out.stdout.is_empty());
    }
    let ckpt = ckpt.to_str().unwrap();
    let resumed = json(&[
        "values", "grundy", "--upto", upto, "--resume", ckpt, "--json",
    ]);
    let whole = json(&["values", "grundy", "--upto", upto, "--json"]);
    assert_eq!(values_of(&resumed), values_of(&whole));
}

#[test]
fn plots_are_written_as_svg_and_png() {
    let dir = tempfile::tempdir().unwrap();
    for name in ["g.svg", "g.png"] {
        let path = dir.path().join(name);
        grundy(&[
            "values",
            "0.77",
            "--upto",
            "3000",
            "--plot",
            path.to_str().unwrap(),
        ])
        .assert()
        .success();
        let bytes = std::fs::read(&path).unwrap();
        if name.ends_with("svg") {
            let text = String::from_utf8(bytes).unwrap();
            assert!(text.contains("<svg") && text.contains("period 12 from n = 71"));
        } else {
            assert_eq!(&bytes[1..4], b"PNG");
        }
    }
}

#[test]
fn huge_runs_are_refused_before_they_start() {
    fails_with(
        &["values", "0.6", "--upto", "4000000000"],
        "",
        &["MiB", "available"],
    );
}

/// The values in the text rows (`n: v v v`, the period's start marked `|`): the rows that
/// continue from n = 0 without a gap.
fn listed_values(text: &str) -> Vec<u64> {
    let mut values = Vec::new();
    for line in text.lines() {
        let line = line.trim_end_matches("   <- periodic from here");
        let Some((n, rest)) = line.trim_start().split_once(':') else {
            continue;
        };
        if n.parse() != Ok(values.len()) || rest.contains([',', ':']) {
            continue;
        }
        values.extend(
            rest.split([' ', '|'])
                .filter(|t| !t.is_empty())
                .map(|t| t.parse::<u64>().unwrap()),
        );
    }
    values
}

#[test]
fn long_text_output_leads_with_the_answer_and_lists_values_only_when_asked() {
    let text = |args: &[&str]| {
        let out = grundy(args).output().unwrap();
        assert!(out.status.success());
        String::from_utf8(out.stdout).unwrap()
    };
    let long = text(&["values", "0.77", "--upto", "5000", "--stats"]);
    let lines: Vec<&str> = long.lines().collect();
    assert!(lines[1].starts_with("period 12 from n = 71"), "{long}");
    assert!(lines[2].starts_with("largest value"), "{long}");
    assert!(lines.len() < 40, "{long}");
    assert!(listed_values(&long).is_empty(), "{long}");
    assert!(long.contains("--list"), "{long}");

    let all = values_of(&json(&["values", "0.77", "--upto", "5000", "--json"]));
    let listed = text(&["values", "0.77", "--upto", "5000", "--list"]);
    assert!(
        listed.lines().nth(1).unwrap().starts_with("period 12"),
        "{listed}"
    );
    assert_eq!(listed_values(&listed), all);

    let short = text(&["values", "0.77", "--upto", "100"]);
    assert_eq!(listed_values(&short), all[..=100]);

    // Grundy's game to 5000 has hundreds of rare positions: 50 in text, all with --list.
    let v = json(&["values", "grundy", "--upto", "5000", "--json"]);
    let count = v["stats"]["rare_count"].as_u64().unwrap();
    assert!(count > 50, "{count}");
    let heading = |args: &[&str]| {
        let out = text(args);
        let line = out.lines().find(|l| l.starts_with("rare positions n:G(n)"));
        line.unwrap().to_string()
    };
    assert_eq!(
        heading(&["values", "grundy", "--upto", "5000", "--stats"]),
        format!("rare positions n:G(n) (first 50 of {count}):")
    );
    assert_eq!(
        heading(&["values", "grundy", "--upto", "5000", "--stats", "--list"]),
        "rare positions n:G(n):"
    );
}

#[test]
fn help_documents_the_list_flag() {
    let out = grundy(&["values", "--help"]).output().unwrap();
    let help = String::from_utf8(out.stdout).unwrap();
    assert!(help.contains("--list"), "{help}");
}

#[test]
fn an_unwritable_plot_is_one_line_in_the_systems_words() {
    let dir = tempfile::tempdir().unwrap();
    for name in ["g.png", "g.svg"] {
        let path = dir.path().join("missing").join(name);
        let path = path.to_str().unwrap();
        fails_with(
            &["values", "0.77", "--plot", path],
            "",
            &[&format!("cannot write {path}: No such file or directory")],
        );
    }
}
