//! `grundy play`, driven through standard input.

use std::io::{BufReader, Read, Write};
use std::process::{Child, ChildStdin, ChildStdout, Stdio};

use crate::{fails_with, grundy};

/// Runs `grundy play args` with `script` as the whole of standard input; stdout and status.
pub(crate) fn play(args: &[&str], script: &str) -> (String, Option<i32>) {
    let mut full = vec!["play"];
    full.extend_from_slice(args);
    let out = grundy(&full).write_stdin(script).output().expect("runs");
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    (
        String::from_utf8(out.stdout).expect("UTF-8"),
        out.status.code(),
    )
}

/// A game driven line by line: read up to the prompt, answer, read again.
pub(crate) struct Driver {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
}

impl Driver {
    pub(crate) fn start(args: &[&str]) -> Driver {
        let bin = assert_cmd::cargo::cargo_bin("grundy");
        let mut child = std::process::Command::new(bin)
            .arg("play")
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("starts");
        let stdin = child.stdin.take().unwrap();
        let stdout = BufReader::new(child.stdout.take().unwrap());
        Driver {
            child,
            stdin,
            stdout,
        }
    }

    /// Everything printed until the next prompt, or until the end (then `None` as second item).
    pub(crate) fn read_turn(&mut self) -> (String, bool) {
        let mut text = Vec::new();
        let mut byte = [0u8];
        loop {
            if self.stdout.read(&mut byte).expect("reads") == 0 {
                return (String::from_utf8(text).unwrap(), false);
            }
            text.push(byte[0]);
            if text.ends_with(b"your move> ") {
                return (String::from_utf8(text).unwrap(), true);
            }
        }
    }

    pub(crate) fn send(&mut self, line: &str) {
        writeln!(self.stdin, "{line}").expect("writes");
    }
}

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The move a hint suggests: the text between "(type '" and "')".
pub(crate) fn hinted_move(text: &str) -> Option<&str> {
    let start = text.find("(type '")? + "(type '".len();
    let len = text[start..].find("')")?;
    Some(&text[start..start + len])
}

#[test]
fn following_the_hints_beats_the_computer_from_a_won_position() {
    for args in [
        &["nim", "3", "4", "5"][..],
        &["nim", "--misere", "2", "3", "6"][..],
        &["staircase", "3", "0", "2", "4"][..],
        &["grid", "5", "2", "7", "0"][..],
        &["coins", "9", "1", "4"][..],
        &["nonincreasing", "--param", "k=2", "3", "4", "5"][..],
    ] {
        let (turns, _) = follow_hints_to_a_win(args, 30);
        assert!(turns >= 2, "{args:?}: the computer made the game last");
    }
}

/// Plays `grundy play ARGS` asking for a hint before each move and playing it, and checks that
/// the game never reaches a lost position and ends within `max_turns` moves with "you win!".
/// Returns the moves played and the hints asked for.
pub(crate) fn follow_hints_to_a_win(args: &[&str], max_turns: usize) -> (usize, usize) {
    let mut game = Driver::start(args);
    let mut turns = 0;
    let mut hints = 0;
    let transcript = loop {
        let (text, prompt) = game.read_turn();
        if !prompt {
            break text;
        }
        if text.contains("hint: ") {
            let mv = hinted_move(&text).unwrap_or_else(|| panic!("no move in {text:?}"));
            game.send(mv);
            turns += 1;
        } else {
            assert!(!text.contains("lost position"), "{args:?}: {text}");
            game.send("hint");
            hints += 1;
        }
        assert!(turns < max_turns, "the game does not end: {text}");
    };
    assert!(transcript.contains("you win!"), "{args:?}: {transcript}");
    (turns, hints)
}

#[test]
fn a_full_game_from_a_lost_position_ends_with_the_computer_winning() {
    // 1 2 3 is lost for the player to move; each reply of the computer is forced and fastest.
    let (out, status) = play(&["nim", "1", "2", "3"], "3 3\n1 1\n");
    assert_eq!(status, Some(0));
    assert!(
        out.contains("computer: take 1 from pile 2 (2 -> 1)  =>  1 1 0"),
        "{out}"
    );
    assert!(
        out.contains("computer: take 1 from pile 2 (1 -> 0)  =>  0 0 0"),
        "{out}"
    );
    assert!(out.trim_end().ends_with("the computer wins."), "{out}");
}

#[test]
fn a_lost_position_gets_the_lost_hint() {
    let (out, _) = play(&["nim", "1", "2", "3"], "hint\nquit\n");
    assert!(
        out.contains("you are in a lost position: any move loses against perfect play"),
        "{out}"
    );
}

#[test]
fn bad_moves_get_a_reason_and_the_prompt_again() {
    let script = "x\n9 1\n1 0\n1 9\n1 2 3\n\nquit\n";
    let (out, status) = play(&["nim", "3", "4", "5"], script);
    assert_eq!(status, Some(0));
    for reason in [
        "'x' is not a move: write PILE COUNT",
        "there is no pile 9: the piles are numbered 1 to 3",
        "a move must take at least one stone",
        "pile 1 has 3 stones; you cannot take 9",
        "'1 2 3' is not a move",
    ] {
        assert_eq!(out.matches(reason).count(), 1, "{reason:?} in {out}");
    }
    // One prompt per line read, the position never changed.
    assert_eq!(out.matches("your move> ").count(), 7, "{out}");
    assert!(!out.contains("you: "), "{out}");
    assert!(out.trim_end().ends_with("bye."));
}

#[test]
fn undo_goes_back_to_the_previous_turn() {
    let (out, _) = play(&["nim", "3", "4", "5"], "1 2\nundo\nundo\nquit\n");
    let positions: Vec<&str> = out
        .lines()
        .filter_map(|l| l.strip_prefix("position: "))
        .collect();
    assert_eq!(positions, ["3 4 5", "0 4 5", "3 4 5", "3 4 5"], "{out}");
    assert!(out.contains("nothing to undo."));
}

#[test]
fn end_of_input_ends_the_game_cleanly() {
    let (out, status) = play(&["nim", "3", "4", "5"], "");
    assert_eq!(status, Some(0));
    assert!(out.contains("end of input"));
    let (_, status) = play(&["nim", "3", "4", "5"], "1 2");
    assert_eq!(status, Some(0));
}

#[test]
fn the_computer_moves_first_when_asked() {
    let (out, _) = play(&["nim", "--first", "computer", "3", "4", "5"], "");
    assert!(
        out.contains("computer: take 2 from pile 1 (3 -> 1)  =>  1 4 5"),
        "{out}"
    );
    // A single pile: the computer takes it all and wins at once.
    let (out, _) = play(&["nim", "--first", "computer", "7"], "");
    assert!(out.trim_end().ends_with("the computer wins."), "{out}");
    // Misère: from one pile of 7 the computer leaves one stone for you.
    let (out, _) = play(&["nim", "--misere", "--first", "computer", "7"], "1 1\n");
    assert!(out.contains("computer: take 6 from pile 1"), "{out}");
    assert!(out.trim_end().ends_with("the computer wins."), "{out}");
}

#[test]
fn explain_prints_the_proof_and_chinese_works() {
    let (out, _) = play(&["nim", "3", "4", "5"], "explain\n");
    assert!(
        out.contains("running XOR 7") && out.contains("highest set bit"),
        "{out}"
    );
    let (out, _) = play(&["nim", "--lang", "zh", "3", "4", "5"], "hint\nx\n");
    assert!(out.contains("提示：从第 1 堆取走 2 个"), "{out}");
    assert!(out.contains("不是走法"), "{out}");
}

#[test]
fn a_finished_start_is_announced_at_once() {
    let (out, status) = play(&["nim", "0", "0"], "");
    assert_eq!(status, Some(0));
    assert!(out.trim_end().ends_with("the computer wins."), "{out}");
    let (out, _) = play(&["nim", "--misere", "0"], "");
    assert!(out.trim_end().ends_with("you win!"), "{out}");
}

#[test]
fn bad_setups_are_one_line_errors() {
    fails_with(
        &["play", "chess", "1"],
        "",
        &["unrecognized subcommand 'chess'", "playable games: nim"],
    );
    fails_with(&["play", "nim", "3", "x"], "", &["'x'", "value 2"]);
    fails_with(
        &["play", "nim", "--param", "k=1", "3"],
        "",
        &["parameter 'k'", "no parameters"],
    );
}

/// The lines of `out` that report moves, in order.
pub(crate) fn moves(out: &str) -> Vec<&str> {
    out.lines()
        .map(|l| l.trim_start_matches("your move> "))
        .filter(|l| l.starts_with("you: ") || l.starts_with("computer: "))
        .collect()
}

#[test]
fn a_scripted_game_of_each_ruleset_from_a_lost_position() {
    let cases: [(&[&str], &str, &[&str]); 4] = [
        (
            &["staircase", "0", "1"],
            "2 1\n",
            &[
                "you: move 1 from step 2 down to step 1  =>  1 0",
                "computer: move 1 from step 1 to the ground  =>  0 0",
            ],
        ),
        (
            &["grid", "1", "0", "0"],
            "1 1\n",
            &[
                "you: move 1 from cell 1 to cell 2  =>  0 1 0",
                "computer: move 1 from cell 2 to cell 3  =>  0 0 1",
            ],
        ),
        (
            &["coins", "3", "4"],
            "1 1\n",
            &[
                "you: slide coin 1 from cell 3 to cell 1  =>  1 4",
                "computer: slide coin 2 from cell 4 to cell 2  =>  1 2",
            ],
        ),
        (
            // XOR 0: lost whatever the cap. The computer answers each single stone at once.
            &["nonincreasing", "--param", "k=1", "2", "2"],
            "1 1\n2 1\n",
            &[
                "you: take 1 from pile 1 (2 -> 1)  =>  1 2 (k = 1)",
                "computer: take 1 from pile 1 (1 -> 0)  =>  0 2 (k = 1)",
                "you: take 1 from pile 2 (2 -> 1)  =>  0 1 (k = 1)",
                "computer: take 1 from pile 2 (1 -> 0)  =>  0 0 (k = 1)",
            ],
        ),
    ];
    the_computer_wins(&cases);
}

/// Plays each case (arguments, standard input, the moves expected) and checks that exactly those
/// moves are made and that the computer wins.
pub(crate) fn the_computer_wins(cases: &[(&[&str], &str, &[&str])]) {
    for &(args, input, expected) in cases {
        let (out, status) = play(args, input);
        assert_eq!(status, Some(0));
        assert_eq!(moves(&out), expected, "{args:?}: {out}");
        assert!(
            out.trim_end().ends_with("the computer wins."),
            "{args:?}: {out}"
        );
    }
}

#[test]
fn each_ruleset_explains_its_notation_and_refuses_bad_moves() {
    let cases: [(&[&str], &str, &[&str]); 4] = [
        (
            &["staircase", "3", "0", "2"],
            "4 1\n2 1\n1\n",
            &[
                "a move is STEP COUNT",
                "there is no step 4: the steps are numbered 1 to 3",
                "step 2 has 0 stones; you cannot move 1",
                "'1' is not a move: write STEP COUNT",
            ],
        ),
        (
            &["grid", "1", "2", "5"],
            "3 1\n",
            &["a move is CELL COUNT", "cell 3 is the end of the strip"],
        ),
        (
            &["coins", "5", "2", "9"],
            "1 6\n1 2\n",
            &[
                "a move is COIN CELL",
                "coin 1 is on cell 5: it can only slide left, to a cell from 1 to 4",
                "coin 1 cannot reach cell 2: coin 2 is on cell 2",
            ],
        ),
        (
            &["nonincreasing", "--param", "k=2", "3", "4", "5"],
            "1 3\n",
            &[
                "a move is PILE COUNT",
                "this move may take at most 2 stones (the cap), not 3",
            ],
        ),
    ];
    every_move_is_refused(&cases);
    let (out, _) = play(&["coins", "--lang", "zh", "5", "2", "9"], "1 2\n");
    assert!(out.contains("第 1 枚硬币到不了第 2 格"), "{out}");
}

/// Plays each case (arguments, standard input of refused moves, the reasons expected once each)
/// and checks that every move is refused with its reason and the position shown again, unchanged.
pub(crate) fn every_move_is_refused(cases: &[(&[&str], &str, &[&str])]) {
    for &(args, input, needles) in cases {
        let (out, status) = play(args, input);
        assert_eq!(status, Some(0));
        // The position is shown again after each refused move, unchanged.
        let shown: Vec<&str> = out
            .lines()
            .filter_map(|l| {
                l.trim_start_matches("your move> ")
                    .strip_prefix("position: ")
            })
            .collect();
        assert_eq!(shown.len(), input.lines().count() + 1, "{out}");
        assert!(shown.windows(2).all(|w| w[0] == w[1]), "{out}");
        for n in needles {
            assert_eq!(out.matches(n).count(), 1, "{n:?} in {out}");
        }
        assert!(!out.contains("you: "), "{out}");
    }
}

#[test]
fn bad_setups_of_the_other_rulesets_are_one_line_errors() {
    fails_with(
        &["play", "coins", "3", "3"],
        "",
        &["bad position", "value 2 ('3') is the cell of value 1"],
    );
    fails_with(
        &["play", "nonincreasing", "--param", "k=0", "3"],
        "",
        &["parameter 'k'", "at least 1"],
    );
    fails_with(
        &["play", "grid", "--param", "k=1", "3"],
        "",
        &["parameter 'k'", "grid takes no parameters"],
    );
}

#[test]
fn a_sum_is_played_from_the_components_its_analysis_takes() {
    // `grundy sum` and `grundy play sum` read the same components, and `--games` for both
    // (the heaps of one component joined by commas).
    let (components, _) = play(&["sum", "nim:3", "lasker:7,2"], "");
    let (games, _) = play(&["sum", "--games", "nim lasker,lasker", "3", "7", "2"], "");
    assert!(components.contains("nim:3 + lasker:7,2"), "{components}");
    assert_eq!(components, games);
    let (apart, _) = play(&["sum", "--games", "nim lasker lasker", "3", "7", "2"], "");
    assert!(apart.contains("nim:3 + lasker:7 + lasker:2"), "{apart}");
    follow_hints_to_a_win(&["sum", "nim:3", "lasker:7"], 40);
    fails_with(&["play", "sum", "nim:3", "kayles:x"], "", &["'x'"]);
}

#[test]
fn play_help_lists_every_ruleset_of_the_registry_and_script_games() {
    let help = grundy(&["play", "--help"]).output().unwrap().stdout;
    let help = String::from_utf8(help).unwrap();
    let listed: Vec<&str> = help
        .lines()
        .filter_map(|l| l.strip_prefix("  ")?.split_once(": ").map(|(name, _)| name))
        .filter(|name| name.chars().all(|c| c.is_ascii_lowercase()))
        .collect();
    let mut expected = grundy::registry::RULESETS.to_vec();
    expected.push("script");
    assert_eq!(listed, expected);
}
