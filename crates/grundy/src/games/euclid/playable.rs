//! Euclid's game, played: a move is `PILE COUNT`, take COUNT from pile PILE (1 or 2), the larger
//! one (pile 1 when they are equal), COUNT a positive multiple of the other pile: the form the
//! page's piles board sends when a stone is clicked. Normal play only: who makes a number 0 wins.

use crate::engine::EngineError;
use crate::games::euclid::{self, Euclid, EuclidStep, Subtract};
use crate::ruleset::{
    About, Lists, MoveError, NoParameters, Notation, Presentation, Ruleset, SetupError, TestPlan,
    Unit, amount, index, malformed, two_numbers,
};
use crate::{Analysis, AnalyzeOptions, Game, Lang};

/// Euclid's game as a [`crate::ruleset::Playable`] ruleset.
#[derive(Clone, Copy, Debug, Default)]
pub struct EuclidPlay;

impl NoParameters for EuclidPlay {}

const NOTATION: Notation = Notation {
    en: "PILE COUNT",
    zh: "堆号 数量",
    meaning_en: "take COUNT from pile PILE, the larger one, pile 1 if they are equal; COUNT is a positive multiple of the other pile",
    meaning_zh: "从较大的第「堆号」堆取走「数量」，两堆相等时为第 1 堆；「数量」须是另一堆的正整数倍",
    example: "1 14",
};

/// The command line's help: the rules, the theorem, examples.
const HELP: &str = "Euclid's game: two numbers (two piles); a move subtracts a positive multiple \
of the smaller from the larger, leaving it non-negative. The player who makes a number 0 wins: \
a pair holding a 0 has no move, so this is normal play (HDU 1525 and POJ 2348 are this game).\n\n\
Theorem (Cole and Davie): at (a, b) with a ≥ b > 0 write a = qb + r, 0 ≤ r < b. If r = 0 or \
q ≥ 2, the player to move wins: r = 0 reaches 0 at once, and with q ≥ 2 both (b, r) and \
(r + b, b) are options, the second one's only move leading to the first, so one of them is \
lost for the opponent. If q = 1 and r > 0, the only move is to (b, r). So along Euclid's \
algorithm the player to move wins exactly when the first division with q ≥ 2 or r = 0 comes \
after an even number of forced ones. The winning move is unique; O(log) divisions for numbers \
up to 2^64−1.\n\n\
Examples: `grundy euclid 25 7`, `grundy euclid --explain --lang zh 24 15`, \
`grundy play euclid 25 7`.";

/// The index of the larger number, the first when they are equal: the one moves subtract from.
fn larger(numbers: &[u64; 2]) -> usize {
    usize::from(numbers[1] > numbers[0])
}

impl Ruleset for EuclidPlay {
    const ABOUT: About = About {
        test_plan: TestPlan {
            normal: Lists { len: 2, max: 40 },
            misere: Lists { len: 2, max: 12 },
            ..TestPlan::DEFAULT
        },
        ..About::new("euclid", HELP, NOTATION)
    };
    type Position = [u64; 2];
    type Move = Subtract;
    type Step = EuclidStep;
    type Value = crate::Nimber;
    type Rules = Euclid;

    fn rules(&self) -> &Euclid {
        &Euclid
    }

    /// Any two numbers; a pair holding a 0 is a finished game.
    fn position(&self, numbers: Vec<u64>) -> Result<[u64; 2], SetupError> {
        match numbers[..] {
            [] => Err(SetupError::Empty { what: "numbers" }),
            [a, b] => Ok([a, b]),
            _ => Err(SetupError::BadPosition {
                problem: format!(
                    "Euclid's game has exactly two numbers, not {}",
                    numbers.len()
                ),
            }),
        }
    }

    /// The rules' options, each as the [`Subtract`] that reaches it.
    fn legal_moves(&self, numbers: &[u64; 2], out: &mut Vec<Subtract>) {
        let mut options = Vec::new();
        Euclid.options(numbers, &mut options);
        out.extend(options.into_iter().map(|after| {
            let number = usize::from(after[0] == numbers[0]);
            let (from, to) = (numbers[number], after[number]);
            Subtract {
                number,
                from,
                to,
                times: (from - to) / numbers[1 - number],
            }
        }));
    }

    fn is_over(&self, numbers: &[u64; 2]) -> bool {
        numbers.contains(&0)
    }

    fn apply(&self, numbers: &[u64; 2], change: &Subtract) -> [u64; 2] {
        euclid::apply(numbers, change)
    }

    fn analyze(
        &self,
        numbers: &[u64; 2],
        options: &AnalyzeOptions,
    ) -> Result<Analysis<EuclidStep, Subtract>, EngineError> {
        Ok(euclid::analyze(numbers, options))
    }

    /// The positions reachable from (a, b), a = qb + r, are (r + jb, b) for j = 0..=q and those
    /// reachable from (b, r): at most Σ(q + 1) over the divisions of Euclid's algorithm, each
    /// with at most the largest q options (saturating).
    fn search_cost(&self, numbers: &[u64; 2]) -> Option<u64> {
        let (mut a, mut b) = (numbers[0].max(numbers[1]), numbers[0].min(numbers[1]));
        let (mut positions, mut most) = (1u128, 0u128);
        while b > 0 {
            let q = u128::from(a / b);
            positions += q + 1;
            most = most.max(q);
            (a, b) = (b, a % b);
        }
        Some(u64::try_from(positions * most).unwrap_or(u64::MAX))
    }

    /// Subtracting the smaller number once: a lost position's only move.
    fn slow_move(&self, numbers: &[u64; 2]) -> Option<Subtract> {
        let number = larger(numbers);
        let (from, other) = (numbers[number], numbers[1 - number]);
        (other > 0).then_some(Subtract {
            number,
            from,
            to: from - other,
            times: 1,
        })
    }
}

impl Presentation for EuclidPlay {
    fn title(&self, lang: Lang) -> String {
        lang.pick("Euclid's game", "欧几里得游戏").to_string()
    }

    fn parse_move(&self, numbers: &[u64; 2], text: &str) -> Result<Subtract, MoveError> {
        let (pile, count) = two_numbers(text, NOTATION)?;
        if self.is_over(numbers) {
            return Err(MoveError::GameOver);
        }
        let number = index(Unit::PILE, pile, 2)?;
        let (from, other) = (numbers[number], numbers[1 - number]);
        amount(Unit::PILE, number, from, count)?;
        // From the smaller pile, or a count that is not a multiple: the notation says what is.
        if number != larger(numbers) || count % other != 0 {
            return Err(malformed(text, NOTATION));
        }
        Ok(Subtract {
            number,
            from,
            to: from - count,
            times: count / other,
        })
    }

    fn write_move(&self, change: &Subtract) -> String {
        format!("{} {}", change.number + 1, change.from - change.to)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Outcome;
    use crate::play::{Search, computer_move};
    use crate::testing::check_playable;
    use crate::testing::check_refusals;

    #[test]
    fn moves_and_the_computer_match_the_rules_exhaustively() {
        let positions: Vec<[u64; 2]> = (0..=16)
            .flat_map(|a| (0..=16).map(move |b| [a, b]))
            .collect();
        check_playable(&EuclidPlay, &positions, 17);
    }

    #[test]
    fn the_search_cost_bounds_the_positions_the_rules_reach() {
        for a in 0..=40 {
            for b in 0..=40 {
                let mut seen = std::collections::HashSet::from([[a, b]]);
                let mut todo = vec![[a, b]];
                let mut work = 0u64;
                while let Some(p) = todo.pop() {
                    let mut options = Vec::new();
                    Euclid.options(&p, &mut options);
                    work += options.len() as u64;
                    todo.extend(options.into_iter().filter(|o| seen.insert(*o)));
                }
                let cost = EuclidPlay.search_cost(&[a, b]).unwrap();
                assert!(work <= cost, "({a}, {b}): {work} > {cost}");
            }
        }
    }

    #[test]
    fn huge_numbers_are_searched_when_the_game_is_short_else_played_by_the_theorem() {
        let game = EuclidPlay;
        let mut search = Search::new(Search::<[u64; 2]>::DEFAULT_BUDGET);
        // Consecutive Fibonacci numbers: every move forced, won or lost by the parity.
        let (mut a, mut b) = (1u64, 1u64);
        while let Some(next) = a.checked_add(b) {
            (a, b) = (next, a);
        }
        let searched = [[a, b], [b, a], [a, a - b]];
        // Won, and lost (forced to (2^64 − 2, 1)).
        let theorem = [
            [u64::MAX, 1],
            [1 << 40, 3],
            [7, u64::MAX - 5],
            [u64::MAX, u64::MAX - 1],
        ];
        for numbers in searched.into_iter().chain(theorem) {
            let reply = computer_move(&game, &numbers, &mut search).unwrap();
            assert_eq!(
                reply.remoteness.is_some(),
                searched.contains(&numbers),
                "{numbers:?}"
            );
            let outcome = game
                .analyze(&numbers, &AnalyzeOptions::default())
                .unwrap()
                .outcome;
            assert_eq!(reply.winning, outcome == Outcome::N, "{numbers:?}");
            let after = game.apply(&numbers, &reply.change);
            assert_eq!(
                game.parse_move(&numbers, &game.write_move(&reply.change)),
                Ok(reply.change)
            );
            let next = game.analyze(&after, &AnalyzeOptions::default()).unwrap();
            assert_eq!(
                next.outcome == Outcome::P,
                reply.winning,
                "{numbers:?} -> {after:?}"
            );
        }
    }

    #[test]
    fn bad_moves_get_one_line_reasons_in_both_languages() {
        let numbers = [25, 7];
        let cases = [
            ("x", "'x' is not a move: write PILE COUNT"),
            ("1", "'1' is not a move"),
            ("1 2 3", "is not a move"),
            ("3 7", "there is no pile 3: the piles are numbered 1 to 2"),
            ("1 28", "pile 1 has 25 stones; you cannot take 28"),
            ("1 0", "at least one stone"),
            ("1 10", "'1 10' is not a move"),
            ("2 7", "'2 7' is not a move"),
        ];
        check_refusals(&EuclidPlay, &numbers, &cases);
        assert_eq!(
            EuclidPlay.parse_move(&numbers, "1, 14"),
            Ok(Subtract {
                number: 0,
                from: 25,
                to: 11,
                times: 2
            })
        );
        // Equal numbers: the move is on pile 1, as the rules list it.
        assert!(EuclidPlay.parse_move(&[5, 5], "1 5").is_ok());
        assert!(EuclidPlay.parse_move(&[5, 5], "2 5").is_err());
        assert_eq!(
            EuclidPlay.parse_move(&[0, 5], "2 5"),
            Err(MoveError::GameOver)
        );
    }

    #[test]
    fn only_two_numbers_make_a_position() {
        assert!(EuclidPlay.position(vec![1, 2, 3]).is_err());
        assert!(EuclidPlay.position(vec![4]).is_err());
        assert!(EuclidPlay.position(vec![]).is_err());
        assert_eq!(EuclidPlay.position(vec![25, 7]), Ok([25, 7]));
        assert!(EuclidPlay.is_over(&[0, 7]) && !EuclidPlay.is_over(&[1, 7]));
    }
}
