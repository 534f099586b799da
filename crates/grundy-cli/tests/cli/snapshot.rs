//! Every ruleset's analysis, text and `--json`, on a few positions each, equal to the snapshot in
//! `tests/data/snapshots/rulesets.jsonl` (one line a command: its arguments, its JSON and its text).

use crate::{grundy, json};

#[test]
fn every_ruleset_answers_as_its_snapshot_says() {
    let snapshot = include_str!("../data/snapshots/rulesets.jsonl");
    let mut games = std::collections::BTreeSet::new();
    for line in snapshot.lines() {
        let case: serde_json::Value = serde_json::from_str(line).expect("a JSON line");
        let args: Vec<&str> = case["args"]
            .as_array()
            .expect("args")
            .iter()
            .map(|a| a.as_str().expect("an argument"))
            .collect();
        games.insert(args[0].to_string());
        let mut with_json = args.clone();
        with_json.push("--json");
        assert_eq!(json(&with_json), case["json"], "grundy {}", args.join(" "));
        let out = grundy(&args).output().expect("runs");
        assert_eq!(
            String::from_utf8_lossy(&out.stdout),
            case["text"].as_str().expect("text"),
            "grundy {}",
            args.join(" ")
        );
    }
    let rulesets: std::collections::BTreeSet<String> = grundy::registry::RULESETS
        .iter()
        .map(|r| r.to_string())
        .collect();
    assert_eq!(games, rulesets, "the snapshot covers every ruleset");
}
