//! `grundy play` for subtraction games, Wythoff, Lasker's Nim and script games, driven through
//! standard input.

use crate::fails_with;
use crate::play::{every_move_is_refused, follow_hints_to_a_win, play, the_computer_wins};

const SCRIPTS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/scripts/");

fn script(name: &str) -> String {
    format!("{SCRIPTS}{name}")
}

#[test]
fn following_the_hints_wins_every_new_ruleset_from_a_won_position() {
    let queen = script("queen.rhai");
    let lasker = script("lasker-nim.rhai");
    for args in [
        &["subtraction", "--param", "set=1,3,4", "9", "5"][..],
        &["subtraction", "--param", "set=all-but:1,2", "6", "4"][..],
        &["subtraction", "--param", "set=1..3", "10"][..],
        &["wythoff", "4", "9"][..],
        &["lasker", "2", "5", "7"][..],
        &["script", &queen, "[4, 9]"][..],
        &["script", &lasker, "[2,", "3]"][..],
    ] {
        let (turns, hints) = follow_hints_to_a_win(args, 40);
        assert!(hints >= 1 && turns >= 1, "{args:?}");
    }
}

#[test]
fn a_full_game_from_a_lost_position_ends_with_the_computer_winning() {
    let take = script("take-1-2-4.rhai");
    let cases: [(&[&str], &str, &[&str]); 4] = [
        (
            // G(7) = 0 for {1, 3, 4}: the computer answers each move with one to value 0.
            &["subtraction", "--param", "set=1,3,4", "7"],
            "1 1\n1 1\n",
            &[
                "you: take 1 from pile 1 (7 -> 6)  =>  6",
                "computer: take 4 from pile 1 (6 -> 2)  =>  2",
                "you: take 1 from pile 1 (2 -> 1)  =>  1",
                "computer: take 1 from pile 1 (1 -> 0)  =>  0",
            ],
        ),
        (
            // (1, 2) is Wythoff's first P-position after (0, 0).
            &["wythoff", "1", "2"],
            "2 1\n",
            &[
                "you: take 1 from pile 2 (2 -> 1)  =>  1 1",
                "computer: take 1 from both piles (1, 1 -> 0, 0)  =>  0 0",
            ],
        ),
        (
            // 3 3 is lost (HDU 3032): g(3) = 4 on both piles.
            &["lasker", "3", "3"],
            "split 1 1\n1 1\n2 2\n",
            &[
                "you: split pile 1 (3) into 1 and 2  =>  1 2 3",
                "computer: split pile 3 (3) into 1 and 2  =>  1 2 1 2",
                "you: take 1 from pile 1 (1 -> 0)  =>  0 2 1 2",
                "computer: take 1 from pile 3 (1 -> 0)  =>  0 2 0 2",
                "you: take 2 from pile 2 (2 -> 0)  =>  0 0 0 2",
                "computer: take 2 from pile 4 (2 -> 0)  =>  0 0 0 0",
            ],
        ),
        (
            // G(3) = 0 for take 1, 2 or 4.
            &["script", &take, "3"],
            "2\n",
            &["you: move to 2  =>  2", "computer: move to 0  =>  0"],
        ),
    ];
    the_computer_wins(&cases);
}

#[test]
fn bad_moves_get_a_reason_and_the_prompt_again() {
    let take = script("take-1-2-4.rhai");
    let cases: [(&[&str], &str, &[&str]); 4] = [
        (
            &["subtraction", "--param", "set=1,3,4", "7", "9"],
            "1 2\n3 1\n2 10\nx\n",
            &[
                "a move is PILE COUNT",
                "the set 1,3,4 does not allow taking 2",
                "there is no pile 3: the piles are numbered 1 to 2",
                "pile 2 has 9 stones; you cannot take 10",
                "'x' is not a move: write PILE COUNT",
            ],
        ),
        (
            &["wythoff", "3", "5"],
            "both 4\n3 1\nboth\n",
            &[
                "a move is PILE COUNT or both COUNT",
                "pile 1 has 3 stones; you cannot take 4",
                "there is no pile 3: the piles are numbered 1 to 2",
                "'both' is not a move: write PILE COUNT or both COUNT",
            ],
        ),
        (
            &["lasker", "5", "1"],
            "split 1 5\nsplit 2 1\nsplit 1\n",
            &[
                "a move is PILE COUNT or split PILE X",
                "pile 1 has 5 stones: split it into two non-empty piles, the first of 1 to 4 stones, not 5",
                "pile 2 has 1 stone: only a pile of 2 or more can be split",
                "'split 1' is not a move",
            ],
        ),
        (
            &["script", &take, "10"],
            "7\n[\n",
            &[
                "a move is STATE",
                "'7' is not one move away; the options are 9, 8, 6",
                "'[' is not a move: write STATE",
            ],
        ),
    ];
    every_move_is_refused(&cases);
    let (out, _) = play(&["lasker", "--lang", "zh", "5"], "split 1 7\n");
    assert!(out.contains("第 1 堆有 5 个石子"), "{out}");
}

#[test]
fn hints_in_won_and_lost_positions() {
    let queen = script("queen.rhai");
    let lost = "you are in a lost position: any move loses against perfect play";
    let lost_positions: [&[&str]; 4] = [
        &["subtraction", "--param", "set=1,3,4", "7", "9"],
        &["wythoff", "3", "5"],
        &["lasker", "3", "3"],
        &["script", &queen, "[3, 5]"],
    ];
    for args in lost_positions {
        let (out, _) = play(args, "hint\nquit\n");
        assert!(out.contains(lost), "{args:?}: {out}");
        assert!(!out.contains("hint: "), "{args:?}: {out}");
    }
    let won: [&[&str]; 4] = [
        &["subtraction", "--param", "set=1,3,4", "7", "9", "1"],
        &["wythoff", "4", "6"],
        &["lasker", "3", "3", "1"],
        &["script", &queen, "[4, 5]"],
    ];
    let hints = [
        // The hint is the explanation's example: the first pile that moves down to its target.
        "hint: take 1 from pile 3 (1 -> 0) (type '3 1')\nwhy: For example: take 1 from pile 3",
        "hint: take 1 from both piles (4, 6 -> 3, 5) (type 'both 1')",
        "hint: take 1 from pile 3 (1 -> 0) (type '3 1')",
        "hint: move to [3, 5] (type '[3, 5]')",
    ];
    for (args, hint) in won.iter().zip(hints) {
        let (out, _) = play(args, "hint\nquit\n");
        assert!(out.contains(hint), "{args:?}: {out}");
        assert!(out.contains("why: "), "{args:?}: {out}");
    }
}

#[test]
fn bad_setups_are_one_line_errors() {
    fails_with(
        &["play", "subtraction", "--param", "set=1,0", "5"],
        "",
        &["parameter 'set': '1,0'"],
    );
    fails_with(
        &["play", "wythoff", "1", "2", "3"],
        "",
        &["bad position", "exactly two piles"],
    );
    fails_with(
        &["play", "script", &script("queen.rhai")],
        "",
        &["grundy play script FILE STATE"],
    );
    fails_with(
        &[
            "play",
            "script",
            "--max-states",
            "10",
            &script("take-1-2-4.rhai"),
            "100",
        ],
        "",
        &["take-1-2-4.rhai", "10 states"],
    );
}
