use std::collections::HashMap;

use super::*;
use crate::testing::all_positions;
use crate::values::code::Constraint;
use crate::{Convention, Explain, Lang, Move, Outcome};

/// The codes checked: Kayles, Dawson's Kayles, Dawson's chess, Officers, a split without
/// removing (4.7), Grundy's game (split into two unequal heaps), a hexadecimal code whose moves
/// leave up to three heaps (0.F), and one with a `?` modifier.
const CODES: [&str; 8] = [
    "0.77", "0.07", "0.137", "0.6", "4.7", "grundy", "0.F", "0.4?4",
];

/// Every multiset of `count` positive parts adding up to `total`, non-decreasing.
fn multisets(total: u64, count: u32, min: u64) -> Vec<Vec<u64>> {
    if count == 0 {
        return if total == 0 { vec![vec![]] } else { vec![] };
    }
    let mut all = Vec::new();
    for first in min..=total {
        for mut rest in multisets(total - first, count - 1, first) {
            rest.insert(0, first);
            all.push(rest);
        }
    }
    all
}

/// The heaps a move of one heap of `n` may leave, straight from the code's definition: remove k,
/// and leave the rest as exactly j non-empty heaps for each bit j of d_k, as the modifier allows.
fn heap_moves(rules: &TakeAndBreak, n: u64) -> Vec<Vec<u64>> {
    let mut moves = Vec::new();
    for k in 0..=n {
        let digit = rules.digit(k as usize);
        for j in 0..64 {
            if digit.heaps >> j & 1 == 0 {
                continue;
            }
            for parts in multisets(n - k, j, 1) {
                let distinct = parts.windows(2).all(|w| w[0] != w[1]);
                let equal = parts.windows(2).all(|w| w[0] == w[1]);
                let allowed = match digit.constraint {
                    Constraint::Any => true,
                    Constraint::Unequal => distinct,
                    Constraint::NotAllEqual => parts.len() < 2 || !equal,
                    Constraint::AllEqual => equal,
                };
                if allowed {
                    moves.push(parts);
                }
            }
        }
    }
    moves
}

/// Brute force over whole positions (heaps sorted): whether the player to move wins, under
/// normal or misère play.
pub(crate) struct Brute {
    play: Convention,
    /// `moves[n]`: the heaps each move of a heap of n leaves.
    moves: Vec<Vec<Vec<u64>>>,
    wins: HashMap<Vec<u64>, bool>,
}

impl Brute {
    /// A brute force for `rules` on heaps up to `max_heap`.
    pub(crate) fn new(rules: &TakeAndBreak, play: Convention, max_heap: u64) -> Brute {
        Brute {
            play,
            moves: (0..=max_heap).map(|n| heap_moves(rules, n)).collect(),
            wins: HashMap::new(),
        }
    }

    /// Every position one move away.
    pub(crate) fn options(&self, heaps: &[u64]) -> Vec<Vec<u64>> {
        let mut options = Vec::new();
        for (i, &n) in heaps.iter().enumerate() {
            for parts in &self.moves[n as usize] {
                let mut next = heaps.to_vec();
                next.splice(i..=i, parts.iter().copied());
                options.push(next);
            }
        }
        options
    }

    /// Whether the player to move wins.
    pub(crate) fn wins(&mut self, heaps: &[u64]) -> bool {
        let key = sorted(heaps.to_vec());
        if let Some(&known) = self.wins.get(&key) {
            return known;
        }
        let options = self.options(&key);
        let win = match self.play {
            Convention::Misere if options.is_empty() => true,
            _ => options.iter().any(|next| !self.wins(next)),
        };
        self.wins.insert(key, win);
        win
    }
}

impl Brute {
    /// Asserts that `moves` from `heaps` reach exactly the options the brute force finds lost for
    /// the player to move, each heap list compared sorted.
    pub(crate) fn assert_winning(&mut self, heaps: &[u64], moves: &[PileMove], code: &str) {
        let mut found: Vec<Vec<u64>> = moves
            .iter()
            .map(|change| sorted(apply(heaps, change)))
            .collect();
        let mut expected: Vec<Vec<u64>> = self
            .options(heaps)
            .into_iter()
            .filter(|next| !self.wins(next))
            .map(sorted)
            .collect();
        found.sort();
        expected.sort();
        assert_eq!(found, expected, "{code} {heaps:?}");
    }
}

pub(crate) fn sorted(mut heaps: Vec<u64>) -> Vec<u64> {
    heaps.retain(|&h| h > 0);
    heaps.sort_unstable();
    heaps
}

#[test]
fn every_winning_move_equals_a_brute_force_from_the_code() {
    let all = AnalyzeOptions {
        max_moves: usize::MAX,
        explain: false,
    };
    for code in CODES {
        let rules: TakeAndBreak = code.parse().unwrap();
        let mut brute = Brute::new(&rules, Convention::Normal, 12);
        let game = Octal::new(rules, &[12], DEFAULT_MAX_HEAP).unwrap();
        for heaps in all_positions(3, 12) {
            let analysis = game.analyze(&heaps, &all);
            let win = brute.wins(&heaps);
            assert_eq!(analysis.outcome == Outcome::N, win, "{code} {heaps:?}");
            brute.assert_winning(&heaps, &analysis.winning_moves, code);
            assert_eq!(
                analysis.winning_move_count,
                analysis.winning_moves.len() as u64
            );
        }
    }
}

#[test]
fn a_break_is_described_and_played_in_place() {
    let change = change(1, 7, &[1, 4]);
    assert_eq!(
        change.describe(Lang::En),
        "take 2 from pile 2 (7), leaving piles of 1 and 4"
    );
    assert_eq!(
        change.describe(Lang::Zh),
        "从第 2 堆（7 个）取走 2 个，剩下的分成 1、4 共 2 堆"
    );
    assert_eq!(apply(&[3, 7, 5], &change), [3, 1, 4, 5]);
    assert_eq!(
        super::change(0, 9, &[2, 3, 4]).describe(Lang::En),
        "split pile 1 (9) into 2, 3 and 4"
    );
}

#[test]
fn the_explanation_moves_one_heap_to_the_value_that_zeroes_the_xor() {
    let game = Octal::new("0.77".parse().unwrap(), &[12], DEFAULT_MAX_HEAP).unwrap();
    let options = AnalyzeOptions {
        max_moves: 1,
        explain: true,
    };
    for heaps in all_positions(3, 12) {
        let analysis = game.analyze(&heaps, &options);
        let total = heaps.iter().fold(0, |x, &n| x ^ game.value(n).value());
        let target = analysis.explanation.iter().find_map(|step| match step {
            HeapStep::Target { pile, target, .. } => Some((*pile, *target)),
            _ => None,
        });
        let reached = analysis.explanation.iter().find_map(|step| match step {
            HeapStep::Move { values, .. } => Some(values.iter().fold(0, |x, v| x ^ v)),
            _ => None,
        });
        match target {
            Some((pile, target)) => {
                assert_ne!(total, 0);
                assert_eq!(target, game.value(heaps[pile]).value() ^ total);
                assert_eq!(reached, Some(target), "{heaps:?}");
            }
            None => assert_eq!(total, 0, "{heaps:?}"),
        }
        for lang in [Lang::En, Lang::Zh] {
            assert!(
                analysis
                    .explanation
                    .iter()
                    .all(|s| !s.text(lang).is_empty())
            );
        }
    }
}

#[test]
fn heaps_above_the_limit_are_refused_naming_the_heap() {
    let error = Octal::new("0.77".parse().unwrap(), &[5, 101], 100).unwrap_err();
    assert_eq!(
        error.to_string(),
        "heap 2 (101) is larger than 100, the largest heap for 0.77"
    );
    let direct = Octal::new("0.F".parse().unwrap(), &[DIRECT_MAX_HEAP + 1], u64::MAX).unwrap_err();
    assert_eq!(direct.limit, DIRECT_MAX_HEAP);
    assert!(
        direct.to_string().ends_with(
            "(its moves leave three heaps or more, whose values take O(n²) moves a heap)"
        )
    );
    let mut game = Octal::new("0.77".parse().unwrap(), &[3], 100).unwrap();
    game.reach(&[90], 100).unwrap();
    assert_eq!(
        game.value(90),
        Octal::new("0.77".parse().unwrap(), &[90], 100)
            .unwrap()
            .value(90)
    );
}
