//! The theorem of End-Nim against the engine's search: the complements against their definition,
//! the outcome and every winning move on all small rows (empty piles among them), huge piles,
//! the bound on the search, and the game as played.

use std::collections::{BTreeSet, HashSet};

use super::*;
use crate::engine::Memo;
use crate::ruleset::{MoveError, Presentation, Ruleset};
use crate::testing::{all_lists, check_playable, check_refusals, check_theorem_play};
use crate::{Convention, Explain};

const ALL: AnalyzeOptions = AnalyzeOptions {
    max_moves: usize::MAX,
    explain: true,
};

/// Every row of 1 to `len` piles of 0 to `max` stones.
fn rows(len: usize, max: u64) -> Vec<Vec<u64>> {
    all_lists(len, max)
}

#[test]
fn outcomes_and_every_winning_move_equal_the_engine_on_all_rows_of_up_to_6_piles_below_8() {
    let mut memo = Memo::new();
    // Every row of up to 6 piles below 8 (empty piles leave the row, so the rows of non-empty
    // piles are every game of them), and up to 5 piles of up to 5 with empty piles among them.
    let mut all: Vec<Vec<u64>> = rows(6, 7)
        .into_iter()
        .filter(|r| !r.is_empty() && r.iter().all(|&p| p > 0))
        .collect();
    assert_eq!(all.len(), (1..=6).map(|k| 7usize.pow(k)).sum::<usize>());
    all.extend(rows(5, 5).into_iter().filter(|r| r.contains(&0)));
    let mut lost = 0;
    for piles in &all {
        let analysis = EndNim.analyze(piles, &ALL);
        let outcome = memo.outcome(&EndNim, piles, Convention::Normal).unwrap();
        assert_eq!(analysis.outcome, outcome, "{piles:?}");
        lost += usize::from(outcome == Outcome::P);
        let after: BTreeSet<Vec<u64>> = analysis
            .winning_moves
            .iter()
            .map(|m| crate::games::nim::apply(piles, m))
            .collect();
        let expected: BTreeSet<Vec<u64>> = memo
            .winning_moves(&EndNim, piles, Convention::Normal)
            .unwrap()
            .into_iter()
            .collect();
        assert_eq!(after, expected, "{piles:?}");
        assert_eq!(analysis.winning_moves.len(), expected.len(), "{piles:?}");
        assert_eq!(analysis.winning_move_count, expected.len() as u64);
        assert!(expected.len() <= 2, "{piles:?}");
        assert_eq!(EndNim.winning_moves(piles), analysis.winning_moves);
    }
    assert!(lost > 1000, "{lost}");
}

/// The row `x, s` (x = 0: s alone).
fn with_left(x: u64, s: &[u64]) -> Vec<u64> {
    std::iter::once(x).chain(s.iter().copied()).collect()
}

#[test]
fn the_complements_are_the_one_pile_that_makes_the_row_lost() {
    let mut memo = Memo::new();
    // Every segment of 1 to 4 piles of 1 to 6 stones: the x (and y) up to max + 2 whose row is
    // lost is exactly one, L(s) (R(s)), at most the largest pile.
    for s in rows(4, 6).into_iter().filter(|s| s.iter().all(|&p| p > 0)) {
        let top = *s.iter().max().unwrap() + 2;
        let lost = |row: Vec<u64>, memo: &mut Memo<Vec<u64>>| {
            memo.outcome(&EndNim, &row, Convention::Normal).unwrap() == Outcome::P
        };
        let lefts: Vec<u64> = (0..=top)
            .filter(|&x| lost(with_left(x, &s), &mut memo))
            .collect();
        let rights: Vec<u64> = (0..=top)
            .filter(|&y| {
                let mut row = s.clone();
                row.push(y);
                lost(row, &mut memo)
            })
            .collect();
        let (l, r) = complements(&s);
        assert_eq!(lefts, [l], "{s:?}");
        assert_eq!(rights, [r], "{s:?}");
        assert!(l <= top - 2 && r <= top - 2, "{s:?}");
        // The mirror image: R(s) is L of s reversed.
        let reversed: Vec<u64> = s.iter().rev().copied().collect();
        assert_eq!(complements(&reversed), (r, l), "{s:?}");
    }
    assert_eq!(complements(&[]), (0, 0));
    assert_eq!(complements(&[0, 4, 0]), (4, 4));
}

#[test]
fn the_published_sample_and_the_row_a_mirrored_solution_gets_wrong() {
    // ZJOI 2009's sample: 3 1 9 4 is lost.
    assert_eq!(EndNim.outcome(&[3, 1, 9, 4]), Outcome::P);
    // 1 1 2 2 is lost (a public solution with R's cases mirrored the wrong way says won).
    assert_eq!(EndNim.outcome(&[1, 1, 2, 2]), Outcome::P);
    assert_eq!(complements(&[1, 2, 2]).0, 1);
    assert_eq!(complements(&[1, 1, 2]).1, 2);
    // One pile is won by taking it, no pile is lost.
    assert_eq!(
        EndNim.winning_moves(&[0, 7, 0]),
        [PileMove::Take {
            pile: 1,
            from: 7,
            to: 0
        }]
    );
    assert_eq!(EndNim.outcome(&[0, 0]), Outcome::P);
}

#[test]
fn huge_piles_are_answered_by_the_theorem_without_overflow() {
    let max = u64::MAX;
    let huge: Vec<Vec<u64>> = vec![
        vec![max],
        vec![max, max],
        vec![max, max - 1],
        vec![max - 1, max],
        vec![max, 1, max],
        vec![1, max, 1],
        vec![max, max, max],
        vec![max, max - 1, max - 2, max],
        vec![max - 1, max, max, max - 1],
        vec![max, 0, 1 << 63, 3, 0, max - 5],
        vec![1 << 63, (1 << 63) + 1, (1 << 63) - 1, 1 << 62, max],
        vec![max, 2, max, 2, max, 2, max],
    ];
    for piles in &huge {
        let analysis = EndNim.analyze(piles, &ALL);
        assert_eq!(
            analysis.outcome == Outcome::N,
            analysis.winning_move_count > 0,
            "{piles:?}"
        );
        let row: Vec<u64> = piles.iter().copied().filter(|&p| p > 0).collect();
        let top = *row.iter().max().unwrap();
        for k in 0..=row.len() {
            for segment in [&row[..k], &row[k..]] {
                let (l, r) = complements(segment);
                assert!(l <= top && r <= top, "{piles:?}");
            }
        }
        for m in &analysis.winning_moves {
            let after = crate::games::nim::apply(piles, m);
            assert_eq!(EndNim.outcome(&after), Outcome::P, "{piles:?} {m:?}");
        }
        if analysis.outcome == Outcome::P {
            // Every take of one stone from an end leaves a won row.
            let (left, right) = ends(piles).unwrap();
            for end in [left, right] {
                let mut after = piles.clone();
                after[end] -= 1;
                assert_eq!(EndNim.outcome(&after), Outcome::N, "{piles:?}");
            }
        }
        assert!(!analysis.explanation.is_empty());
        for step in &analysis.explanation {
            assert!(!step.text(Lang::En).is_empty() && !step.text(Lang::Zh).is_empty());
        }
    }
    // A row and its mirror are lost together; a pile and its copy are lost.
    assert_eq!(EndNim.outcome(&[max, max]), Outcome::P);
    assert_eq!(EndNim.outcome(&[max, 1, max]), Outcome::P);
    assert_eq!(
        EndNim.winning_moves(&[max, max - 1]),
        [PileMove::Take {
            pile: 0,
            from: max,
            to: max - 1
        }]
    );
}

#[test]
fn the_theorem_holds_on_rows_of_large_piles_by_their_shape() {
    // Rows of piles just above 2^63: every winning move leaves a lost row, and every take of
    // up to three stones from an end of a lost row leaves a won one.
    let base = 1u64 << 63;
    for small in rows(4, 3).into_iter().filter(|r| r.iter().all(|&p| p > 0)) {
        let piles: Vec<u64> = small.iter().map(|&p| base + p).collect();
        let analysis = EndNim.analyze(&piles, &ALL);
        for m in &analysis.winning_moves {
            let after = crate::games::nim::apply(&piles, m);
            assert_eq!(EndNim.outcome(&after), Outcome::P, "{piles:?}");
        }
        if analysis.outcome == Outcome::P {
            let (left, right) = ends(&piles).unwrap();
            for end in [left, right] {
                for t in 1..=3 {
                    let mut after = piles.clone();
                    after[end] -= t;
                    assert_eq!(EndNim.outcome(&after), Outcome::N, "{piles:?}");
                }
            }
        }
    }
}

#[test]
fn the_game_is_played_as_its_rules_say() {
    let positions: Vec<Vec<u64>> = rows(4, 3);
    check_playable(&EndNimPlay, &positions, 5);
}

#[test]
fn the_search_cost_bounds_the_work_of_the_search() {
    for position in rows(4, 4) {
        let mut seen = HashSet::from([position.clone()]);
        let mut todo = vec![position.clone()];
        let mut work = 0u64;
        while let Some(p) = todo.pop() {
            let mut options = Vec::new();
            EndNim.options(&p, &mut options);
            work += options.len() as u64;
            todo.extend(options.into_iter().filter(|o| seen.insert(o.clone())));
        }
        let cost = EndNimPlay.search_cost(&position).unwrap();
        // Every position the bound counts is reached: it is the work itself.
        assert_eq!(work, cost, "{position:?}");
    }
    assert_eq!(EndNimPlay.search_cost(&vec![u64::MAX, 1]), Some(u64::MAX));
    assert_eq!(EndNimPlay.search_cost(&vec![0, 0]), Some(0));
}

#[test]
fn huge_piles_are_played_by_the_theorem() {
    let huge = [
        vec![u64::MAX, 3, 1 << 40],
        vec![u64::MAX, u64::MAX - 1],
        vec![1 << 40, 0, 1 << 41, 5],
    ];
    let lost = vec![1 << 40, 7, 1 << 40];
    let slow = check_theorem_play(&EndNimPlay, &huge, &lost);
    assert_eq!(
        slow,
        PileMove::Take {
            pile: 0,
            from: 1 << 40,
            to: (1 << 40) - 1
        }
    );
    // The larger end.
    assert_eq!(
        EndNimPlay.slow_move(&vec![2, 9, 5, 0]),
        Some(PileMove::Take {
            pile: 2,
            from: 5,
            to: 4
        })
    );
    assert_eq!(EndNimPlay.slow_move(&vec![0, 0]), None);
}

#[test]
fn positions_are_piles_and_empty_piles_are_out_of_the_row() {
    let game = EndNimPlay;
    assert_eq!(game.position(vec![3, 0, 4]), Ok(vec![3, 0, 4]));
    assert!(game.position(vec![]).is_err());
    let err = game
        .position(vec![1; MAX_PILES + 1])
        .unwrap_err()
        .to_string();
    assert!(err.contains("10001 non-empty piles"), "{err}");
    assert!(!err.contains('\n'));
    let mut many = vec![0; 5];
    many.extend(vec![1; MAX_PILES]);
    assert!(game.position(many).is_ok());
    assert!(game.is_over(&vec![0, 0, 0]));
    assert!(!game.is_over(&vec![0, 1, 0]));
    let mut moves = Vec::new();
    game.legal_moves(&vec![0, 2, 5, 1, 0], &mut moves);
    assert_eq!(moves.len(), 3);
    assert!(
        moves
            .iter()
            .all(|m| matches!(m, PileMove::Take { pile: 1 | 3, .. }))
    );
    let change = game.parse_move(&vec![0, 2, 5, 1, 0], "4 1").unwrap();
    assert_eq!(
        serde_json::to_value(&change).unwrap(),
        serde_json::json!({"kind": "take", "pile": 3, "from": 1, "to": 0})
    );
    // Emptied, pile 4 leaves the row and pile 3 is the right end.
    let after = game.apply(&vec![0, 2, 5, 1, 0], &change);
    assert_eq!(after, [0, 2, 5, 0, 0]);
    assert!(game.parse_move(&after, "3 5").is_ok());
}

#[test]
fn takes_off_the_ends_are_refused_in_one_line() {
    let game = EndNimPlay;
    let piles = vec![3, 1, 9, 4];
    check_refusals(
        &game,
        &piles,
        &[
            ("x", "'x' is not a move"),
            ("1", "'1' is not a move"),
            ("5 1", "there is no pile 5"),
            ("0 1", "there is no pile 0"),
            ("1 0", "at least one stone"),
            (
                "2 1",
                "pile 2 is not at an end of the row: take from pile 1 or pile 4",
            ),
            (
                "3 9",
                "pile 3 is not at an end of the row: take from pile 1 or pile 4",
            ),
            ("4 5", "pile 4 has 4 stones; you cannot take 5"),
        ],
    );
    let err = game.parse_move(&piles, "2 1").unwrap_err();
    assert_eq!(
        err.text(Lang::Zh),
        "第 2 堆不在这一行的两端：请从第 1 堆或第 4 堆取"
    );
    let gaps = vec![0, 3, 0, 2, 0];
    check_refusals(
        &game,
        &gaps,
        &[
            (
                "1 1",
                "pile 1 is empty and has left the row: take from pile 2 or pile 4",
            ),
            (
                "3 1",
                "pile 3 is empty and has left the row: take from pile 2 or pile 4",
            ),
        ],
    );
    check_refusals(
        &game,
        &vec![2, 0, 0],
        &[("2 1", "take from pile 1, the only pile left")],
    );
    assert_eq!(
        game.parse_move(&vec![0, 0], "1 1"),
        Err(MoveError::GameOver)
    );
}

#[test]
fn explanations_in_both_languages_follow_the_theorem() {
    // 3 1 9 4: L(1 9 4) = 3 = a_1, lost.
    let lost = EndNim.analyze(&[3, 1, 9, 4], &ALL);
    assert_eq!(lost.outcome, Outcome::P);
    let en: Vec<String> = lost.explanation.iter().map(|s| s.text(Lang::En)).collect();
    assert!(en[0].contains("Albert and Nowakowski"), "{en:?}");
    assert!(en[1].contains("x + 1 if L ≤ x < R"), "{en:?}");
    assert!(
        en[2].contains("L(a_2 … a_n) = 3") && en[2].contains("a_n = 4"),
        "{en:?}"
    );
    assert!(
        en[3].contains("a_1 = 3 = L(a_2 … a_n): the player to move loses"),
        "{en:?}"
    );
    assert!(
        en[4].contains("So R(a_1 … a_{n−1}) = 4 = a_n too"),
        "{en:?}"
    );
    assert!(
        en[5].starts_with("For example, after \"take 1 from pile 1 (3 -> 2)\""),
        "{en:?}"
    );
    let zh: Vec<String> = lost.explanation.iter().map(|s| s.text(Lang::Zh)).collect();
    assert!(zh[3].contains("先手必败"), "{zh:?}");
    // 1 2: won from the right only.
    let won = EndNim.analyze(&[1, 2], &ALL);
    let en: Vec<String> = won.explanation.iter().map(|s| s.text(Lang::En)).collect();
    assert!(
        en[3].contains("a_1 = 1 ≠ 2 = L(a_2 … a_n): the player to move wins"),
        "{en:?}"
    );
    assert!(en[4].contains("No take from the left end wins"), "{en:?}");
    assert!(
        en[5].contains("Take 1 from pile 2, the right end (2 → 1)"),
        "{en:?}"
    );
    // Empty piles out of the row; one pile; none.
    let gaps = EndNim.analyze(&[0, 5, 0, 0], &ALL);
    let en: Vec<String> = gaps.explanation.iter().map(|s| s.text(Lang::En)).collect();
    assert!(
        en[1].contains("without the 3 empty piles the row is 5 (1 pile)"),
        "{en:?}"
    );
    assert!(en[2].contains("Only pile 2 is left"), "{en:?}");
    let zh = gaps.explanation[2].text(Lang::Zh);
    assert!(zh.contains("只剩第 2 堆"), "{zh}");
    let none = EndNim.analyze(&[0, 0], &ALL);
    assert!(
        none.explanation[1]
            .text(Lang::En)
            .contains("Every pile is empty")
    );
    // Every step of the small rows in both languages; a take leaving 0 is told as emptying.
    for piles in rows(3, 4) {
        let analysis = EndNim.analyze(&piles, &ALL);
        for step in &analysis.explanation {
            let text = step.text(Lang::En);
            assert!(!text.is_empty() && !step.text(Lang::Zh).is_empty());
            if let EndStep::TakeLeft { to: 0, .. } | EndStep::TakeRight { to: 0, .. } = step {
                assert!(text.starts_with("Take all"), "{text}");
            }
        }
    }
}
