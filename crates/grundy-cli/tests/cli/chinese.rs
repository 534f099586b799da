//! `--lang zh` output holds no English beyond game names, notation and symbols: for every ruleset
//! of the registry (analysed and played) and every other command that answers in Chinese.

use grundy::registry::RULESETS;

use crate::grundy;

/// Arguments of a position for each ruleset of the registry, a won one and a lost one where the
/// texts differ.
fn examples(ruleset: &str) -> &'static [&'static [&'static str]] {
    match ruleset {
        "nim" => &[
            &["3", "4", "5"],
            &["--misere", "1", "1", "2"],
            &["--misere", "2", "2"],
        ],
        "staircase" => &[&["2", "9", "3"], &["1", "0", "1"]],
        "grid" => &[&["5", "2", "7"], &["1", "1"]],
        "coins" => &[&["1", "5", "6"], &["2", "3"]],
        "nonincreasing" => &[
            &["--k", "2", "3", "4", "5"],
            &["3", "4", "5"],
            &["--k", "1", "2"],
        ],
        "subtraction" => &[
            &["--set", "1,2,4", "10", "11"],
            &["--set", "all-but:1,2", "10", "11"],
        ],
        "wythoff" => &[&["5", "8"], &["3", "5"]],
        "euclid" => &[&["25", "7"], &["24", "15"], &["7", "21"]],
        "fibonacci" => &[&["20"], &["13"], &["--k", "3", "181", "181"], &["8", "3"]],
        "endnim" => &[
            &["3", "1", "9", "4"],
            &["1", "2"],
            &["0", "4", "2", "0", "7"],
            &["5"],
        ],
        "hackenbush" => &[
            &["0-1,1-2,2-0,1-3,3-4"],
            &["0-1,1-2,0-3,3-4"],
            &["0-1,1-1,0-2,2-3,2-3,3-0,5-6"],
        ],
        "kiki" => &[&["3", "4"], &["2", "4"]],
        "lasker" => &[&["2", "2", "3"], &["3", "4"], &["--misere", "2", "3"]],
        "half" => &[&["10", "11"], &["4", "9"], &["--misere", "4", "9"]],
        "sum" => &[
            &["--games", "nim lasker kayles", "3", "5", "4"],
            &["--games", "0.07", "3", "4"],
        ],
        "moore" => &[&["--k", "2", "1", "2", "3"], &["--k", "2", "1", "1", "1"]],
        "ed" => &[&["1", "2", "3", "1"], &["1", "1", "3", "2"]],
        "cutting" => &[&["4x2", "3x3"], &["2x2", "3x2"], &["1x3", "4x4"]],
        "octal" => &[
            &["kayles", "5", "7", "10"],
            &["0.07", "9", "14"],
            &["grundy", "12", "20"],
            &["0.75", "--misere", "3", "5", "8"],
            &["kayles", "--misere", "1", "4"],
        ],
        "turning" => &[
            &["mock", "THHTH"],
            &["mock", "HHHH"],
            &["corners", "TTH/THT/HTT"],
            &["ruler*mock", "1,0", "2,1"],
        ],
        _ => &[],
    }
}

/// Commands outside the registry that answer in Chinese.
const OTHERS: &[&[&str]] = &[
    &["moore", "--k", "2", "1", "2", "3", "--explain"],
    &[
        "sum",
        "nim:3",
        "lasker:5",
        "kayles:4",
        "0.07:5",
        "{1,2}:4",
        "half:11",
        "--explain",
    ],
    &["stones", "nim", "--max", "3", "7", "--explain"],
    &["stones", "squares", "7", "--explain"],
    &["stones", "ends", "3", "9", "1", "2", "--explain"],
    &["stones", "two", "2", "7", "9", "4", "4", "--explain"],
    &["stones", "seven", "5", "3", "1", "4", "2", "--explain"],
    &["explore", "octal", "0.77", "--upto", "5"],
    &["explore", "lasker", "--upto", "5"],
    &["explore", "nim", "1", "2", "--upto", "5"],
    &["explore", "subtract", "1", "2", "--upto", "5"],
];

/// Phrases that are names or notation although made of English words.
const PHRASES: &[&str] = &["Georgia and Bob", "Grundy's game", "all-but", "Hackenbush"];

/// Words allowed in Chinese text: names of games and people, and notation.
const NAMES: &[&str] = &[
    "Nim", "nim", "Grundy", "Kayles", "kayles", "Dawson's", "Lasker", "lasker", "half", "Wythoff",
    "Moore", "kiki", "Beatty", "LeetCode", "II", "IV", "VII", "SG", "mex", "max", "min", "lowbit",
    "XOR", "mod", "DP", "p'", "qb",
    // The play loop's commands (typed in Chinese too) and the move keywords.
    "hint", "undo", "explain", "help", "quit", "both", "split",
    // The coin-turning rules and the theorems' names (the SJ theorem is also called anti-SG).
    "turtles", "twins", "mock", "ruler", "moebius", "mogul", "atmost", "corners", "odious",
    "Tartan", "SJ", "anti",
];

/// A misère quotient's element written in its generators, which come in alphabetical order
/// (`ab`, `bce`); generators past `h` are not checked for.
fn element_word(word: &str) -> bool {
    word.bytes().all(|c| (b'a'..=b'h').contains(&c)) && word.as_bytes().is_sorted_by(|x, y| x < y)
}

/// A row of coins written in H and T.
fn coin_word(word: &str) -> bool {
    word.bytes().all(|c| c == b'H' || c == b'T')
}

/// The words of `text` that are neither names nor notation.
fn english(text: &str) -> Vec<String> {
    let mut text = text.to_string();
    for phrase in PHRASES {
        text = text.replace(phrase, " ");
    }
    let mut words = Vec::new();
    let mut word = String::new();
    for c in text.chars().chain([' ']) {
        if c.is_ascii_alphabetic() || (c == '\'' && !word.is_empty()) {
            word.push(c);
        } else {
            if word.len() >= 2
                && !NAMES.contains(&word.as_str())
                && !element_word(&word)
                && !coin_word(&word)
            {
                words.push(word.clone());
            }
            word.clear();
        }
    }
    words
}

fn chinese(args: &[&str], stdin: &str) -> String {
    let out = grundy(args).write_stdin(stdin).output().expect("runs");
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("UTF-8")
}

#[test]
fn the_words_check_finds_english() {
    assert_eq!(
        english("先手必胜 (first player wins)"),
        ["first", "player", "wins"]
    );
    assert!(english("反 Nim：SG 值 *2，XOR，Grundy's game，all-but:1,2").is_empty());
    assert!(english("各堆的元素：3 → ab，5 → b²ce").is_empty());
    assert_eq!(english("局面 bad"), ["bad"]);
}

#[test]
fn every_ruleset_analysed_and_played_in_chinese_has_no_english() {
    for &ruleset in RULESETS {
        let examples = examples(ruleset);
        assert!(
            !examples.is_empty(),
            "no Chinese example for the ruleset {ruleset}"
        );
        for position in examples {
            let mut args = vec![ruleset, "--lang", "zh", "--explain"];
            args.extend_from_slice(position);
            let text = chinese(&args, "");
            assert_eq!(english(&text), Vec::<String>::new(), "{args:?}:\n{text}");
            let mut play = vec!["play", ruleset, "--lang", "zh"];
            play.extend_from_slice(position);
            // The commands typed in Chinese, as the game lists them.
            let text = chinese(&play, "提示\n讲解\n帮助\n悔棋\n退出\n");
            assert!(
                text.matches("命令：").count() == 2 && text.trim_end().ends_with("再见。"),
                "{play:?} refused a command:\n{text}"
            );
            assert_eq!(english(&text), Vec::<String>::new(), "{play:?}:\n{text}");
        }
    }
}

#[test]
fn the_other_commands_in_chinese_have_no_english() {
    for args in OTHERS {
        let mut args = args.to_vec();
        args.extend(["--lang", "zh"]);
        let text = chinese(&args, "");
        assert_eq!(english(&text), Vec::<String>::new(), "{args:?}:\n{text}");
    }
}
