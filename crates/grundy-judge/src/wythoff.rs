//! Problems that are Wythoff's game: two piles, take from one or the same from both.

use std::io::Write;

use grundy::games::wythoff;
use grundy::{AnalyzeOptions, Outcome, PileMove};
use rand::Rng;
use rand_chacha::ChaCha8Rng;

use super::{Input, Problem, Size, line_per_case};

/// POJ 1067: piles up to 10^9, lines until the end of the input (no count given; ours for
/// `--size max`).
const PILE: u64 = 1_000_000_000;
/// HDU 2177: piles up to 10^6, a ≤ b, `0 0` ends the input.
const SMALL_PILE: u64 = 1_000_000;
/// Lines of a `--size max` input (the statements give no count).
const MAX_LINES: u64 = 100_000;

pub const PROBLEMS: &[Problem] = &[
    Problem {
        id: "poj-1067",
        aliases: &["hdu-1527"],
        title: "取石子游戏: Wythoff's game, pairs until the end of the input",
        answers: "`1` / `0`",
        nim: None,
        solve: wythoff_outcome,
        generate: |rng, size| positions(rng, size, PILE, false),
        format: |cases| line_per_case(cases, ""),
    },
    Problem {
        id: "hdu-2177",
        aliases: &[],
        title: "取(2堆)石子游戏: Wythoff's game, every winning result (a ≤ b, `0 0` ends)",
        answers: "`0`, or `1` and each position `x y` a winning move leaves",
        nim: None,
        solve: wythoff_results,
        generate: |rng, size| positions(rng, size, SMALL_PILE, true),
        format: |cases| line_per_case(cases, "0 0\n"),
    },
];

/// Pairs of piles, one case each: a few small ones (a third of them P-positions), or
/// [`MAX_LINES`] up to `max`. With `sorted`, a ≤ b and never `0 0` (which ends HDU 2177's input).
fn positions(rng: &mut ChaCha8Rng, size: Size, max: u64, sorted: bool) -> Vec<super::Case> {
    let (count, hi) = match size {
        Size::Small => (rng.random_range(1..=5), 15),
        Size::Max => (MAX_LINES, max),
    };
    (0..count)
        .map(|_| {
            let mut pair = if size == Size::Small && rng.random_ratio(1, 3) {
                let k = rng.random_range(0..=5);
                [wythoff::lower(k) as u64, wythoff::upper(k) as u64]
            } else {
                [rng.random_range(0..=hi), rng.random_range(0..=hi)]
            };
            if sorted {
                pair.sort_unstable();
                pair[1] = pair[1].max(1);
            } else if rng.random_bool(0.5) {
                pair.reverse();
            }
            vec![pair.to_vec()]
        })
        .collect()
}

fn wythoff_outcome(input: &mut Input, out: &mut dyn Write) -> anyhow::Result<()> {
    while let Some(a) = input.read_or_end("a pile size a", 0, PILE)? {
        let b = input.read("a pile size b", 0, PILE)?;
        let analysis = wythoff::analyze(
            &[a, b],
            &AnalyzeOptions {
                max_moves: 0,
                explain: false,
            },
        );
        writeln!(out, "{}", u8::from(analysis.outcome == Outcome::N))?;
    }
    Ok(())
}

fn wythoff_results(input: &mut Input, out: &mut dyn Write) -> anyhow::Result<()> {
    // Cases until the line `0 0` (or the end of the input, which some data sets leave out).
    while let Some(a) = input.read_or_end("a pile size a (0 0 ends the input)", 0, SMALL_PILE)? {
        let b = input.read("a pile size b (at least a)", a, SMALL_PILE)?;
        if a == 0 && b == 0 {
            break;
        }
        let piles = [a, b];
        let analysis = wythoff::analyze(
            &piles,
            &AnalyzeOptions {
                max_moves: 3,
                explain: false,
            },
        );
        if analysis.outcome == Outcome::P {
            writeln!(out, "0")?;
            continue;
        }
        writeln!(out, "1")?;
        // The library lists the moves in the statement's order (both piles, the smaller, the
        // larger), and every way of taking is printed, smaller pile first, even when two ways
        // leave the same piles (2 3: 1 from both and 2 from the larger both leave 1 2). Only the
        // two single-pile moves of equal piles are one way, printed once.
        let mut single_pile_result = None;
        for change in &analysis.winning_moves {
            let mut result = wythoff::apply(&piles, change);
            result.sort_unstable();
            if matches!(change, PileMove::Take { .. }) {
                if single_pile_result == Some(result) {
                    continue;
                }
                single_pile_result = Some(result);
            }
            writeln!(out, "{} {}", result[0], result[1])?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    //! Each problem against a brute-force search written from its statement and solved by the
    //! generic engine, never by the Beatty pairs the judge relies on.
    use grundy::Game;
    use grundy::engine::Memo;
    use grundy::{Convention, Outcome};
    use rand::SeedableRng;

    use super::*;
    use crate::nim::tests::check;
    use crate::testing::assert_max_input_is_valid;
    use crate::{find, solve_bytes};

    /// "Takes any positive number of stones from one pile, or the same positive number from
    /// both."
    struct OneOrBoth;

    impl Game for OneOrBoth {
        type Position = [u64; 2];
        fn options(&self, &[a, b]: &[u64; 2], out: &mut Vec<[u64; 2]>) {
            out.extend((1..=a.min(b)).map(|k| [a - k, b - k]));
            out.extend((0..a).map(|x| [x, b]));
            out.extend((0..b).map(|y| [a, y]));
        }
    }

    fn wins(memo: &mut Memo<[u64; 2]>, piles: [u64; 2]) -> bool {
        memo.outcome(&OneOrBoth, &piles, Convention::Normal)
            .unwrap()
            == Outcome::N
    }

    #[test]
    fn poj_1067_against_brute_force() {
        check("poj-1067", |memo, cases| {
            cases
                .iter()
                .map(|c| {
                    let won = wins(memo, [c[0][0], c[0][1]]);
                    format!("{}\n", u8::from(won))
                })
                .collect()
        });
    }

    #[test]
    fn hdu_2177_against_brute_force() {
        check("hdu-2177", |memo, cases| {
            let mut text = String::new();
            for c in cases {
                let piles = [c[0][0], c[0][1]];
                // The options in the statement's order: both piles, then the smaller pile (a),
                // then the larger (b). Each way of taking is written smaller pile first; a way is
                // its kind (both piles or one) and its result, so the one-pile moves of equal
                // piles count once while a move on both piles and one on a single pile that
                // leave the same piles count twice.
                let mut options = Vec::new();
                OneOrBoth.options(&piles, &mut options);
                let mut ways: Vec<(bool, [u64; 2])> = Vec::new();
                for option in options {
                    let both = option[0] < piles[0] && option[1] < piles[1];
                    let mut result = option;
                    result.sort_unstable();
                    if !wins(memo, option) && !ways.contains(&(both, result)) {
                        ways.push((both, result));
                    }
                }
                let results: Vec<[u64; 2]> = ways.into_iter().map(|(_, r)| r).collect();
                if results.is_empty() {
                    text.push_str("0\n");
                } else {
                    text.push_str("1\n");
                    for [x, y] in results {
                        text.push_str(&format!("{x} {y}\n"));
                    }
                }
            }
            text
        });
    }

    #[test]
    fn small_inputs_give_both_answers() {
        for id in ["poj-1067", "hdu-2177"] {
            let problem = find(id).unwrap();
            let (mut won, mut lost) = (0, 0);
            for seed in 0..300 {
                let mut rng = ChaCha8Rng::seed_from_u64(seed);
                let input = (problem.format)(&(problem.generate)(&mut rng, Size::Small));
                let answer = solve_bytes(problem, input.as_bytes(), true).unwrap();
                for line in String::from_utf8(answer).unwrap().lines() {
                    match line {
                        "0" => lost += 1,
                        "1" => won += 1,
                        _ => {}
                    }
                }
            }
            assert!(
                lost * 5 > won && won * 5 > lost,
                "{id}: {won} won, {lost} lost"
            );
        }
    }

    #[test]
    fn max_inputs_are_valid() {
        for id in ["poj-1067", "hdu-2177"] {
            assert_max_input_is_valid(id);
        }
    }
}
