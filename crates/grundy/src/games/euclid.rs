//! Euclid's game (Cole and Davie, 1969): two numbers; a move subtracts a positive multiple of
//! the smaller from the larger, leaving it non-negative. The player who reaches 0 wins: that is
//! normal play, a position with a 0 having no move (HDU 1525 / POJ 2348 is this game).
//!
//! Theorem: at (a, b) with a ≥ b > 0, write a = qb + r (0 ≤ r < b). If q ≥ 2 or r = 0, the
//! player to move wins: r = 0 reaches 0 at once, and with q ≥ 2 the options (r, b) and
//! (r + b, b) are both there, the second one's only move being to the first, so one of the two
//! is lost for the opponent. If q = 1 and r > 0 (b < a < 2b), the only move is to (b, r) and the
//! outcome is the opposite of that position's. So the walk of Euclid's algorithm decides: the
//! player to move wins iff the first quotient that is at least 2 (or the last, whose remainder is
//! 0) comes after an even number of forced steps. O(log) steps: numbers shrink like Fibonacci
//! numbers along forced steps.
//!
//! Every-SG (HDU 3595) counts the moves a pair lasts when the winner delays and the loser hurries
//! (its suspense, [`crate::engine::Count::Suspense`]): 0 with a 0; 1 when r = 0; one more than
//! (b, r)'s when q = 1, and when q ≥ 2 one more than (b, r)'s if that is lost for its mover
//! (move there), two more if it is won (move to (r + b, b), whose only move leads there)
//! ([`suspense`]).

use serde::Serialize;

use crate::{Analysis, AnalyzeOptions, Explain, Game, Lang, Move, MoveList, Outcome};

mod playable;

pub use playable::EuclidPlay;

/// Euclid's game as a [`Game`], for the engine: a position is the two numbers, in any order.
/// A move lists one option per multiple, so only small positions are for the engine; the
/// theorem ([`analyze`]) answers any.
#[derive(Clone, Copy, Debug, Default)]
pub struct Euclid;

impl Game for Euclid {
    type Position = [u64; 2];

    fn options(&self, numbers: &[u64; 2], out: &mut Vec<[u64; 2]>) {
        let (large, small) = larger_first(numbers);
        if numbers[small] == 0 {
            return;
        }
        let (a, b) = (numbers[large], numbers[small]);
        out.extend((1..=a / b).map(|k| {
            let mut next = *numbers;
            next[large] = a - k * b;
            next
        }));
    }
}

/// The indices of the larger and the smaller number (the first is the larger when they are
/// equal).
fn larger_first(numbers: &[u64; 2]) -> (usize, usize) {
    if numbers[0] >= numbers[1] {
        (0, 1)
    } else {
        (1, 0)
    }
}

/// A move: number `number` (0-based) goes from `from` to `to` by subtracting `times` times the
/// other number.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(tag = "kind", rename = "subtract")]
pub struct Subtract {
    /// Index of the number changed, from 0.
    pub number: usize,
    /// Its value before.
    pub from: u64,
    /// Its value after.
    pub to: u64,
    /// How many times the other number is subtracted.
    pub times: u64,
}

impl Move for Subtract {
    fn describe(&self, lang: Lang) -> String {
        let Subtract {
            number,
            from,
            to,
            times,
        } = *self;
        let other = from.saturating_sub(to).checked_div(times).unwrap_or(0);
        match lang {
            Lang::En => format!(
                "subtract {times} × {other} from number {} ({from} -> {to})",
                number + 1
            ),
            Lang::Zh => format!(
                "第 {} 个数减去 {times} × {other}（{from} → {to}）",
                number + 1
            ),
        }
    }
}

/// The position after `change` (a number from 0 to 1 changed; any other leaves it as it is).
pub fn apply(numbers: &[u64; 2], &Subtract { number, to, .. }: &Subtract) -> [u64; 2] {
    let mut next = *numbers;
    if number < 2 {
        next[number] = to;
    }
    next
}

/// One step of Euclid's algorithm on (a, b), a ≥ b > 0: a = qb + r.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Division {
    a: u64,
    b: u64,
    q: u64,
    r: u64,
}

impl Division {
    /// Whether the player to move here wins whatever follows: q ≥ 2 or r = 0.
    fn free(&self) -> bool {
        self.q >= 2 || self.r == 0
    }
}

/// The divisions of Euclid's algorithm from (a, b) (any order) down to a remainder of 0;
/// nothing when a number is 0. At most 93 for 64-bit numbers.
fn divisions(numbers: &[u64; 2]) -> Vec<Division> {
    let (mut a, mut b) = (numbers[0].max(numbers[1]), numbers[0].min(numbers[1]));
    let mut all = Vec::new();
    while b > 0 {
        let (q, r) = (a / b, a % b);
        all.push(Division { a, b, q, r });
        (a, b) = (b, r);
    }
    all
}

/// Whether the player to move wins: the first free division comes after an even number of
/// forced ones.
///
/// # Examples
/// ```
/// use grundy::games::euclid;
/// assert!(euclid::wins(&[34, 12])); // 34 ≥ 2·12
/// assert!(!euclid::wins(&[15, 24])); // forced to (15, 9), then the opponent faces 15 < 2·9, ...
/// assert!(!euclid::wins(&[0, 5])); // the previous player reached 0
/// ```
pub fn wins(numbers: &[u64; 2]) -> bool {
    match forced_steps(&divisions(numbers)) {
        Some(forced) => forced % 2 == 0,
        None => false,
    }
}

/// How many forced divisions come before the first free one (`None` with a 0: no move).
fn forced_steps(divisions: &[Division]) -> Option<usize> {
    divisions.iter().position(Division::free)
}

/// The suspense of the position: how many moves it lasts when the winner delays and the loser
/// hurries, the count Every-SG sums are decided by (see the module's doc). Odd iff the player
/// to move wins.
///
/// # Examples
/// ```
/// use grundy::games::euclid;
/// assert_eq!(euclid::suspense(&[1, 1]), 1);
/// assert_eq!(euclid::suspense(&[3, 2]), 2); // forced to (2, 1), which ends in one move
/// assert_eq!(euclid::suspense(&[5, 0]), 0);
/// ```
pub fn suspense(numbers: &[u64; 2]) -> u32 {
    // From the last division back: (count, whether its mover wins).
    let mut after = (0u32, false);
    for d in divisions(numbers).iter().rev() {
        after = match (d.r, d.q) {
            (0, _) => (1, true),
            (_, 1) => (after.0 + 1, !after.1),
            _ => (after.0 + if after.1 { 2 } else { 1 }, true),
        };
    }
    after.0
}

/// The move from the first division's position `d` (the larger number at index `large`) that
/// leaves `to` in its place.
fn subtract(d: &Division, large: usize, to: u64) -> Subtract {
    Subtract {
        number: large,
        from: d.a,
        to,
        times: (d.a - to) / d.b,
    }
}

/// One step of the explanation of a position of Euclid's game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "step", rename_all = "snake_case")]
pub enum EuclidStep {
    /// The theorem.
    Theorem,
    /// A number is 0: the game is over.
    Ended {
        /// The two numbers.
        numbers: [u64; 2],
    },
    /// b < a < 2b: the only move is to (b, a − b).
    Forced {
        /// The larger number a.
        larger: u64,
        /// The smaller number b.
        smaller: u64,
        /// Which player moves here: 0 the player to move now, 1 the opponent, and so on.
        ply: usize,
    },
    /// a = qb + r with q ≥ 2 or r = 0: the player to move here wins.
    Free {
        /// a.
        larger: u64,
        /// b.
        smaller: u64,
        /// q.
        quotient: u64,
        /// r.
        remainder: u64,
        /// How many forced moves led here.
        forced: usize,
    },
    /// The verdict.
    Verdict {
        /// Whether the player to move wins.
        wins: bool,
    },
    /// At the free position with r > 0: whether (b, r) is won for its mover, so which of (b, r)
    /// and (r + b, b) to leave.
    Choice {
        /// b.
        smaller: u64,
        /// r.
        remainder: u64,
        /// Whether the player to move at (b, r) wins.
        remainder_wins: bool,
    },
    /// The winning move.
    Move {
        /// The move.
        change: Subtract,
    },
}

impl Explain for EuclidStep {
    fn text(&self, lang: Lang) -> String {
        match *self {
            EuclidStep::Theorem => lang.pick(
                "Euclid's game: a move subtracts a positive multiple of the smaller number from the larger, leaving it non-negative; who reaches 0 wins. At (a, b) with a ≥ b > 0, write a = qb + r. If r = 0 the player to move reaches 0; if q ≥ 2 the player to move chooses between (b, r) and (r + b, b), whose only move leads to (b, r), so one of them is lost for the opponent: a win either way. If q = 1 and r > 0, the only move is to (b, r).".to_string(),
                "欧几里得游戏：每步从较大的数中减去较小数的正整数倍，结果不能为负；先得到 0 的人获胜。在 (a, b)（a ≥ b > 0）处写 a = qb + r。若 r = 0，先手直接得到 0；若 q ≥ 2，先手可以在 (b, r) 与 (r + b, b) 之间选择，而后者唯一的走法就是到 (b, r)，所以二者之一对对手是必败态：先手必胜。若 q = 1 且 r > 0，唯一的走法是到 (b, r)。".to_string(),
            ),
            EuclidStep::Ended { numbers: [a, b] } => lang.pick(
                format!("({a}, {b}) holds a 0: the previous player reached 0 and won; the player to move has no move and has lost."),
                format!("({a}, {b}) 中已有 0：上一位玩家得到了 0 并获胜；当前玩家无路可走，已经输了。"),
            ),
            EuclidStep::Forced { larger, smaller, ply } => {
                let who = lang.pick(
                    if ply % 2 == 0 { "the player to move" } else { "the opponent" },
                    if ply % 2 == 0 { "先手" } else { "对手" },
                );
                lang.pick(
                    format!("({larger}, {smaller}): {smaller} < {larger} < 2·{smaller}, so {who} must move to ({smaller}, {}).", larger - smaller),
                    format!("({larger}, {smaller})：{smaller} < {larger} < 2·{smaller}，{who}只能走到 ({smaller}, {})。", larger - smaller),
                )
            }
            EuclidStep::Free { larger, smaller, quotient, remainder, forced } => {
                let why = if remainder == 0 {
                    lang.pick(format!("{larger} = {quotient}·{smaller}: subtracting reaches 0"), format!("{larger} = {quotient}·{smaller}：一步减到 0"))
                } else {
                    lang.pick(format!("{larger} = {quotient}·{smaller} + {remainder} with {quotient} ≥ 2"), format!("{larger} = {quotient}·{smaller} + {remainder}，且 {quotient} ≥ 2"))
                };
                let who = match (forced % 2, lang) {
                    (0, Lang::En) => "the player to move",
                    (_, Lang::En) => "the opponent",
                    (0, Lang::Zh) => "先手",
                    (_, Lang::Zh) => "对手",
                };
                lang.pick(
                    format!("After {forced} forced move(s), ({larger}, {smaller}) is free ({why}): {who} moves there and wins."),
                    format!("经过 {forced} 步被迫的走法，到达 ({larger}, {smaller})，这里可以选择（{why}）：在这里走的是{who}，{who}获胜。"),
                )
            }
            EuclidStep::Verdict { wins: true } => lang.pick(
                "The player to move wins (an N-position).".to_string(),
                "先手必胜（必胜态）。".to_string(),
            ),
            EuclidStep::Verdict { wins: false } => lang.pick(
                "The player to move loses (a P-position).".to_string(),
                "先手必败（必败态）。".to_string(),
            ),
            EuclidStep::Choice { smaller, remainder, remainder_wins } => {
                if remainder_wins {
                    lang.pick(
                        format!("({smaller}, {remainder}) is won for the player who moves there, so leave ({}, {smaller}): the opponent's only move goes to ({smaller}, {remainder}) and hands it back.", remainder + smaller),
                        format!("({smaller}, {remainder}) 对在那里走的人是必胜态，所以留下 ({}, {smaller})：对手唯一的走法是到 ({smaller}, {remainder})，把它交还给我们。", remainder + smaller),
                    )
                } else {
                    lang.pick(
                        format!("({smaller}, {remainder}) is lost for the player who moves there: leave it to the opponent."),
                        format!("({smaller}, {remainder}) 对在那里走的人是必败态：把它留给对手。"),
                    )
                }
            }
            EuclidStep::Move { ref change } => lang.pick(
                format!("Winning move: {}.", change.describe(Lang::En)),
                format!("必胜走法：{}。", change.describe(Lang::Zh)),
            ),
        }
    }
}

/// Analyses a position of Euclid's game: the outcome and its winning move (at most one: a
/// forced position has one move, and at a free one only one of (b, r) and (r + b, b) is lost for
/// the opponent, every other option letting the opponent choose in turn), with the walk as the
/// explanation. `grundy` is `None` (the theorem gives the outcome only). O(log) of the numbers.
///
/// # Examples
/// ```
/// use grundy::games::euclid;
/// use grundy::{AnalyzeOptions, Outcome};
/// let a = euclid::analyze(&[34, 12], &AnalyzeOptions::default());
/// assert_eq!(a.outcome, Outcome::N);
/// // 34 = 2·12 + 10; (12, 10) is lost for its mover (forced to (10, 2), which is free).
/// assert_eq!(euclid::apply(&[34, 12], &a.winning_moves[0]), [10, 12]);
/// ```
pub fn analyze(numbers: &[u64; 2], options: &AnalyzeOptions) -> Analysis<EuclidStep, Subtract> {
    let divisions = divisions(numbers);
    let forced = forced_steps(&divisions);
    let wins = forced.is_some_and(|f| f % 2 == 0);
    let (large, _) = larger_first(numbers);
    let mut steps = vec![EuclidStep::Theorem];
    let mut moves = MoveList::new(options.max_moves);
    match forced {
        None => steps.push(EuclidStep::Ended { numbers: *numbers }),
        Some(forced) => {
            steps.extend(divisions[..forced].iter().enumerate().map(|(ply, d)| {
                EuclidStep::Forced {
                    larger: d.a,
                    smaller: d.b,
                    ply,
                }
            }));
            let free = divisions[forced];
            steps.push(EuclidStep::Free {
                larger: free.a,
                smaller: free.b,
                quotient: free.q,
                remainder: free.r,
                forced,
            });
        }
    }
    steps.push(EuclidStep::Verdict { wins });
    if wins {
        let first = divisions[0];
        let to = if !first.free() || first.r == 0 {
            first.r
        } else {
            let remainder_wins = self::wins(&[first.b, first.r]);
            steps.push(EuclidStep::Choice {
                smaller: first.b,
                remainder: first.r,
                remainder_wins,
            });
            if remainder_wins {
                first.r + first.b
            } else {
                first.r
            }
        };
        let change = subtract(&first, large, to);
        steps.push(EuclidStep::Move { change });
        moves.push(change);
    }
    let outcome = if wins { Outcome::N } else { Outcome::P };
    moves.into_outcome(outcome, if options.explain { steps } else { Vec::new() })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Convention;
    use crate::engine::{Count, Memo};

    const ALL: AnalyzeOptions = AnalyzeOptions {
        max_moves: usize::MAX,
        explain: true,
    };

    /// Every position with both numbers up to `max`.
    fn positions(max: u64) -> impl Iterator<Item = [u64; 2]> {
        (0..=max).flat_map(move |a| (0..=max).map(move |b| [a, b]))
    }

    #[test]
    fn outcome_and_winning_moves_equal_the_engine_on_every_small_position() {
        let mut memo = Memo::new();
        for numbers in positions(80) {
            let analysis = analyze(&numbers, &ALL);
            let outcome = memo.outcome(&Euclid, &numbers, Convention::Normal).unwrap();
            assert_eq!(analysis.outcome, outcome, "{numbers:?}");
            assert_eq!(wins(&numbers), outcome == Outcome::N, "{numbers:?}");
            let after: Vec<[u64; 2]> = analysis
                .winning_moves
                .iter()
                .map(|c| apply(&numbers, c))
                .collect();
            let expected = memo
                .winning_moves(&Euclid, &numbers, Convention::Normal)
                .unwrap();
            assert_eq!(after, expected, "{numbers:?}");
            assert_eq!(analysis.winning_move_count, expected.len() as u64);
        }
    }

    #[test]
    fn suspense_equals_the_engines_count_on_every_small_position() {
        let mut memo = Memo::new().counting(Count::Suspense);
        for numbers in positions(80) {
            let info = memo.info(&Euclid, &numbers).unwrap();
            assert_eq!(suspense(&numbers), info.remoteness, "{numbers:?}");
        }
    }

    #[test]
    fn the_largest_numbers_walk_in_few_steps() {
        // Consecutive Fibonacci numbers force every step: the longest walk for their size.
        let (mut a, mut b) = (1u64, 1u64);
        while let Some(next) = a.checked_add(b) {
            (a, b) = (next, a);
        }
        let analysis = analyze(&[a, b], &ALL);
        let forced = analysis
            .explanation
            .iter()
            .filter(|s| matches!(s, EuclidStep::Forced { .. }))
            .count();
        assert!((80..93).contains(&forced), "{forced}");
        assert_eq!(
            analysis.outcome == Outcome::N,
            suspense(&[a, b]) % 2 == 1,
            "{a} {b}"
        );
        assert_eq!(analyze(&[u64::MAX, 1], &ALL).outcome, Outcome::N);
    }

    #[test]
    fn explanations_in_both_languages() {
        let a = analyze(&[24, 15], &ALL);
        let en: Vec<String> = a.explanation.iter().map(|s| s.text(Lang::En)).collect();
        let zh: Vec<String> = a.explanation.iter().map(|s| s.text(Lang::Zh)).collect();
        assert!(en[1].contains("must move to (15, 9)"), "{en:?}");
        assert!(
            en.iter()
                .any(|s| s.contains("After 3 forced move(s), (6, 3) is free")),
            "{en:?}"
        );
        assert!(en.iter().any(|s| s.contains("loses")), "{en:?}");
        assert!(zh.iter().any(|s| s.contains("先手必败")), "{zh:?}");
        let a = analyze(&[34, 12], &ALL);
        let en: Vec<String> = a.explanation.iter().map(|s| s.text(Lang::En)).collect();
        assert!(
            en.last()
                .unwrap()
                .contains("subtract 2 × 12 from number 1 (34 -> 10)"),
            "{en:?}"
        );
    }
}
