//! `grundy nimber`: expressions, their explanation, errors, and the multiplication table, whose
//! entries are checked against the mex definition of the nim-product.

use crate::{fails_with, grundy, json};

fn text(args: &[&str]) -> String {
    let out = grundy(args).output().expect("runs");
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("UTF-8")
}

/// x ⊗ y = mex{(x' ⊗ y) ⊕ (x ⊗ y') ⊕ (x' ⊗ y') : x' < x, y' < y}, for x, y < n.
fn mex_table(n: usize) -> Vec<Vec<u64>> {
    let mut t = vec![vec![0u64; n]; n];
    for x in 0..n {
        for y in 0..n {
            let seen: Vec<u64> = (0..x)
                .flat_map(|xp| (0..y).map(move |yp| (xp, yp)))
                .map(|(xp, yp)| t[xp][y] ^ t[x][yp] ^ t[xp][yp])
                .collect();
            t[x][y] = (0..).find(|v| !seen.contains(v)).unwrap();
        }
    }
    t
}

#[test]
fn expressions_are_evaluated() {
    assert_eq!(text(&["nimber", "2*2"]), "2*2 = 3\n");
    assert_eq!(text(&["nimber", "3", "*", "5"]), "3 * 5 = 15\n");
    assert_eq!(
        text(&["nimber", "(7 + 9) / 5 * 5"]),
        "(7 + 9) / 5 * 5 = 14\n"
    );
    assert_eq!(text(&["nimber", "sqrt(24)"]), "sqrt(24) = 16\n");
}

#[test]
fn json_gives_the_value_as_a_number() {
    let v = json(&["nimber", "--json", "18446744073709551615 * 1"]);
    assert_eq!(v["value"], serde_json::json!(18446744073709551615u64));
    assert_eq!(v["expression"], "18446744073709551615 * 1");
    assert!(v.get("explanation").is_none());
    let v = json(&["nimber", "--json", "--explain", "--lang", "zh", "16*16"]);
    assert_eq!(v["value"], 24);
    let step = &v["explanation"][0];
    assert_eq!(step["step"], "fermat_squared");
    assert_eq!(step["fermat"], 16);
    assert!(step["text"].as_str().unwrap().contains("费马"));
}

#[test]
fn explain_shows_the_split_and_the_rules() {
    let out = text(&["nimber", "--explain", "16*7"]);
    assert!(
        out.starts_with("16*7 = 112\n\nWhy:\n1. 16 ⊗ 7 = 16·7 = 112: "),
        "{out}"
    );
    let out = text(&["nimber", "--explain", "16*17"]);
    assert!(out.contains("a = 16 = 1·F + 0, b = 17 = 1·F + 1"), "{out}");
    let out = text(&["nimber", "--explain", "300*1000"]);
    // 300, 1000 < 2^16 = 256²: split at 256, 300 = 1·256 + 44 and 1000 = 3·256 + 232.
    assert!(out.contains("Fermat 2-power F = 2^8 = 256"), "{out}");
    assert!(
        out.contains("a = 300 = 1·F + 44, b = 1000 = 3·F + 232"),
        "{out}"
    );
    assert!(
        out.contains("= (a1⊗b1 ⊕ a1⊗b0 ⊕ a0⊗b1)·F ⊕ (a0⊗b0 ⊕ a1⊗b1 ⊗ F/2)"),
        "{out}"
    );
    let zh = text(&["nimber", "--explain", "--lang", "zh", "300*1000"]);
    assert!(zh.contains("理由") && zh.contains("费马 2-幂"), "{zh}");
}

#[test]
fn bad_expressions_are_one_line_errors_naming_the_token() {
    fails_with(
        &["nimber", "1 + 18446744073709551616"],
        "",
        &["column 5", "'18446744073709551616'", "2^64 - 1"],
    );
    fails_with(
        &["nimber", "5 / (3+3)"],
        "",
        &["column 5", "'(3+3)'", "division by zero"],
    );
    fails_with(&["nimber", "inv(0)"], "", &["column 5", "no inverse"]);
    fails_with(&["nimber", "cbrt(8)"], "", &["unknown function 'cbrt'"]);
    fails_with(&["nimber", "2 %"], "", &["column 3", "'%'"]);
    let long = "1+".repeat(3000) + "1";
    fails_with(&["nimber", &long], "", &["6001 bytes", "4096"]);
}

#[test]
fn the_table_is_the_mex_definition() {
    let n = 16;
    let expected = mex_table(n);
    let out = text(&["nimber", "--table", "16"]);
    let rows: Vec<Vec<u64>> = out
        .lines()
        .skip(2)
        .map(|line| {
            let (_, entries) = line.split_once('|').expect("a row");
            entries
                .split_whitespace()
                .map(|v| v.parse().unwrap())
                .collect()
        })
        .collect();
    assert_eq!(rows, expected);
    let v = json(&["nimber", "--table", "16", "--json"]);
    assert_eq!(v["n"], 16);
    assert_eq!(v["table"], serde_json::json!(expected));
}

#[test]
fn the_table_has_at_most_256_rows() {
    let out = grundy(&["nimber", "--table", "257"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("257"));
    let v = json(&["nimber", "--table", "256", "--json"]);
    let table = v["table"].as_array().unwrap();
    assert_eq!(table.len(), 256);
    // The nimbers below 256 are a field: every row but 0 is a permutation of 0..255.
    for row in &table[1..] {
        let mut seen: Vec<u64> = row
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_u64().unwrap())
            .collect();
        seen.sort_unstable();
        assert_eq!(seen, (0..256).collect::<Vec<u64>>());
    }
}

#[test]
fn the_table_plots_as_a_grid() {
    let dir = tempfile::tempdir().unwrap();
    let svg = dir.path().join("t.svg");
    text(&["nimber", "--table", "8", "--plot", svg.to_str().unwrap()]);
    let drawn = std::fs::read_to_string(&svg).unwrap();
    // A background, then one rectangle per cell.
    assert_eq!(drawn.matches("<rect").count(), 1 + 64, "{drawn}");
    let png = dir.path().join("t.png");
    text(&["nimber", "--table", "256", "--plot", png.to_str().unwrap()]);
    assert!(std::fs::read(&png).unwrap().starts_with(b"\x89PNG"));
    fails_with(
        &["nimber", "--table", "8", "--plot", "t.gif"],
        "",
        &["must end in .svg or .png"],
    );
}

#[test]
fn help_teaches_the_rules() {
    let out = text(&["nimber", "--help"]);
    assert!(out.contains("F * F = 3F/2"), "{out}");
    assert!(out.contains("--table"), "{out}");
}

#[test]
fn flags_after_the_expression_are_flags() {
    let v = json(&["nimber", "12345 * 67890", "--json"]);
    assert_eq!(
        v["value"],
        json(&["nimber", "--json", "12345*67890"])["value"]
    );
}
