//! Every contest input format of `grundy judge`: the first line is a problem's id (one of
//! `judge::problems()`; other inputs are skipped), the rest is its input. Each seed in
//! `corpus/judge/` names its problem so, as `crates/grundy-judge/tests/fuzz_seeds.rs` checks.
//!
//! Invariants: an error is one line; an input accepted within the statement's limits is accepted
//! with the same answer without them (`--no-limits`) and after its tokens are laid out again
//! (judges read white space as white space); for a problem that is plain Nim (its
//! `Problem::nim` statement), an accepted input with small heaps gets the answer a brute-force
//! search of the rules gives, not the library.
#![no_main]

use std::collections::HashMap;

use grundy::Convention;
use grundy_judge::{self as judge, NimAnswer, NimCases, NimStatement, Problem};
use libfuzzer_sys::fuzz_target;

/// Whether the player to move wins Nim on `heaps` (sorted), from the rules: some move (take at
/// least one from one heap) leads to a lost position; with no move left, normal play loses and
/// misère play wins.
fn wins(heaps: &[u64], misere: bool, memo: &mut HashMap<(Vec<u64>, bool), bool>) -> bool {
    if let Some(&w) = memo.get(&(heaps.to_vec(), misere)) {
        return w;
    }
    let mut any_move = false;
    let mut win = false;
    'search: for i in 0..heaps.len() {
        for left in 0..heaps[i] {
            any_move = true;
            let mut next = heaps.to_vec();
            next[i] = left;
            next.sort_unstable();
            if !wins(&next, misere, memo) {
                win = true;
                break 'search;
            }
        }
    }
    let win = if any_move { win } else { misere };
    memo.insert((heaps.to_vec(), misere), win);
    win
}

fn sorted(heaps: &[u64]) -> Vec<u64> {
    let mut h = heaps.to_vec();
    h.sort_unstable();
    h
}

/// Winning moves (amount, heap from 1, heaps after) heap by heap, then amount by amount.
fn winning_moves(
    heaps: &[u64],
    misere: bool,
    memo: &mut HashMap<(Vec<u64>, bool), bool>,
) -> Vec<(u64, usize, Vec<u64>)> {
    let mut moves = Vec::new();
    for b in 0..heaps.len() {
        for a in 1..=heaps[b] {
            let mut next = heaps.to_vec();
            next[b] -= a;
            if !wins(&sorted(&next), misere, memo) {
                moves.push((a, b + 1, next));
            }
        }
    }
    moves
}

fn join(values: &[u64]) -> String {
    values
        .iter()
        .map(u64::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

/// Reads `count` then that many numbers.
fn counted<'a>(numbers: &mut impl Iterator<Item = &'a u64>) -> Option<Vec<u64>> {
    let n = *numbers.next()?;
    (0..n).map(|_| numbers.next().copied()).collect()
}

/// The brute-force answer to an accepted input (its numbers) of a problem that is plain Nim, as
/// its statement describes it, when every set of heaps is small enough to search.
fn brute_force(statement: &NimStatement, numbers: &[u64]) -> Option<String> {
    let small = |heaps: &[u64]| heaps.len() <= 5 && heaps.iter().sum::<u64>() <= 14;
    let mut memo = HashMap::new();
    let mut it = numbers.iter();
    let mut cases = Vec::new();
    match statement.cases {
        NimCases::One => cases.push(counted(&mut it)?),
        NimCases::Counted => {
            let t = *it.next()?;
            for _ in 0..t {
                cases.push(counted(&mut it)?);
            }
        }
        NimCases::UntilZero => loop {
            match it.clone().next() {
                None | Some(0) => break,
                Some(_) => cases.push(counted(&mut it)?),
            }
        },
    }
    if !cases.iter().all(|c| small(c)) {
        return None;
    }
    let misere = statement.convention == Convention::Misere;
    let mut answer = String::new();
    for heaps in &cases {
        let line = match statement.answer {
            NimAnswer::Winner { first, second } => {
                if wins(&sorted(heaps), misere, &mut memo) {
                    first.to_string()
                } else {
                    second.to_string()
                }
            }
            NimAnswer::FirstMove { lost } => {
                match winning_moves(heaps, misere, &mut memo).first() {
                    Some((a, b, next)) => format!("{a} {b}\n{}", join(next)),
                    None => lost.to_string(),
                }
            }
            NimAnswer::MoveCount => winning_moves(heaps, misere, &mut memo).len().to_string(),
        };
        answer.push_str(&line);
        answer.push('\n');
    }
    Some(answer)
}

fn solve(problem: &Problem, input: &[u8], limits: bool) -> Result<Vec<u8>, String> {
    judge::solve_bytes(problem, input, limits).map_err(|e| format!("{e:#}"))
}

fuzz_target!(|data: &[u8]| {
    let Some(newline) = data.iter().position(|&b| b == b'\n') else {
        return;
    };
    let (id, input) = (&data[..newline], &data[newline + 1..]);
    let Some(problem) = judge::problems().find(|p| p.id.as_bytes() == id) else {
        return;
    };
    let limited = solve(problem, input, true);
    // Without limits, large numbers ask for large tables (a Cutting Game table of side 1000 is
    // 5·10^8 steps, minutes in a fuzzing build): the unlimited run takes accepted inputs, and
    // others whose numbers stay below 2^8, which reach the same checks made without limits.
    let large = input
        .split(u8::is_ascii_whitespace)
        .filter_map(|t| std::str::from_utf8(t).ok()?.parse::<u64>().ok())
        .any(|n| n >= 1 << 8);
    let unlimited = if limited.is_ok() || !large {
        solve(problem, input, false)
    } else {
        Ok(Vec::new())
    };
    for error in [&limited, &unlimited]
        .into_iter()
        .filter_map(|r| r.as_ref().err())
    {
        assert!(!error.is_empty() && !error.contains('\n'), "{error:?}");
    }
    let Ok(answer) = limited else {
        return;
    };
    assert_eq!(
        unlimited.as_ref(),
        Ok(&answer),
        "--no-limits changes the answer"
    );
    // Token by token, as written: a string of digits keeps its leading zeros, a board row its
    // characters.
    let relaid = input
        .split(u8::is_ascii_whitespace)
        .filter(|t| !t.is_empty())
        .collect::<Vec<_>>()
        .join(&b'\n');
    assert_eq!(
        solve(problem, &relaid, true).as_ref(),
        Ok(&answer),
        "laid out again"
    );
    if let Some(statement) = &problem.nim {
        let numbers = grundy::parse::numbers_from_text(input).unwrap_or_default();
        if let Some(expected) = brute_force(statement, &numbers) {
            assert_eq!(String::from_utf8_lossy(&answer), expected, "{}", problem.id);
        }
    }
});
