//! Every contest input format of `grundy judge`: the first byte picks the problem (its index in
//! `judge::problems()`, modulo their number; each seed in `corpus/judge/` starts with its
//! problem's, as `crates/grundy-judge/tests/fuzz_seeds.rs` checks), the rest is its input.
//!
//! Invariants: an error is one line; an input accepted within the statement's limits is accepted
//! with the same answer without them (`--no-limits`) and after its tokens are laid out again
//! (judges read white space as white space); for the five Nim problems, an accepted input with
//! small heaps gets the answer a brute-force search of the rules gives, not the library.
#![no_main]

use std::collections::HashMap;

use grundy_judge::{self as judge, Problem};
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
    memo: &mut HashMap<(Vec<u64>, bool), bool>,
) -> Vec<(u64, usize, Vec<u64>)> {
    let mut moves = Vec::new();
    for b in 0..heaps.len() {
        for a in 1..=heaps[b] {
            let mut next = heaps.to_vec();
            next[b] -= a;
            if !wins(&sorted(&next), false, memo) {
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

/// The brute-force answer to a Nim problem's accepted input (its numbers), when every heap set is
/// small enough to search; `None` for other problems or large heaps.
fn brute_force(id: &str, numbers: &[u64]) -> Option<String> {
    let small = |heaps: &[u64]| heaps.len() <= 5 && heaps.iter().sum::<u64>() <= 14;
    let mut memo = HashMap::new();
    let mut it = numbers.iter();
    let mut cases = Vec::new();
    let counted_cases = |it: &mut std::slice::Iter<u64>, cases: &mut Vec<Vec<u64>>| {
        let t = *it.next()?;
        for _ in 0..t {
            cases.push(counted(it)?);
        }
        Some(())
    };
    match id {
        "luogu-p1247" | "nowcoder-50615" => cases.push(counted(&mut it)?),
        "luogu-p2197" | "hdu-1907" => counted_cases(&mut it, &mut cases)?,
        "hdu-1850" => loop {
            match it.clone().next() {
                None | Some(0) => break,
                Some(_) => cases.push(counted(&mut it)?),
            }
        },
        _ => return None,
    }
    if !cases.iter().all(|c| small(c)) {
        return None;
    }
    let mut answer = String::new();
    for heaps in &cases {
        let line = match id {
            "luogu-p1247" => match winning_moves(heaps, &mut memo).first() {
                Some((a, b, next)) => format!("{a} {b}\n{}", join(next)),
                None => "lose".into(),
            },
            "nowcoder-50615" => (if wins(&sorted(heaps), false, &mut memo) {
                "win"
            } else {
                "lose"
            })
            .into(),
            "luogu-p2197" => (if wins(&sorted(heaps), false, &mut memo) {
                "Yes"
            } else {
                "No"
            })
            .into(),
            "hdu-1907" => (if wins(&sorted(heaps), true, &mut memo) {
                "John"
            } else {
                "Brother"
            })
            .into(),
            _ => winning_moves(heaps, &mut memo).len().to_string(),
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
    let Some((&pick, input)) = data.split_first() else {
        return;
    };
    let problems: Vec<&Problem> = judge::problems().collect();
    let problem = problems[pick as usize % problems.len()];
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
    let numbers = grundy::parse::numbers_from_text(input).unwrap_or_default();
    if let Some(expected) = brute_force(problem.id, &numbers) {
        assert_eq!(String::from_utf8_lossy(&answer), expected, "{}", problem.id);
    }
});
