//! LeetCode 292, the Nim Game — the Bash game: a move removes 1 to M stones from a pile; the
//! player who takes the last stone wins (normal play).
//!
//! Theorem: G(n) = n mod (M + 1). From a multiple of M + 1 every move (1 to M stones) leaves a
//! non-multiple; from n with r = n mod (M + 1) ≠ 0, taking r leaves a multiple. So n is lost for
//! the player to move iff M + 1 divides n, and the loser's opponent answers k with M + 1 − k.
//! Several piles add by XOR ([`crate::sum`]); a pile of value r moves to value t by taking r − t
//! if t < r, or M + 1 − (t − r) if t > r and the pile is that large: at most one move per pile.
//!
//! This is the subtraction game with subtraction set {1, …, M}; the general subtraction ruleset
//! supersedes this module once it exists.

use serde::Serialize;

use super::StonesError;
use crate::{Analysis, AnalyzeOptions, Change, Explain, Game, Lang, Nimber, Outcome, sum};

/// The Bash game with largest take M ≥ 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bash {
    max: u64,
}

impl Bash {
    /// LeetCode 292's rule: take 1, 2 or 3.
    pub const LEETCODE: Bash = Bash { max: 3 };

    /// The game where a move takes 1 to `max` stones.
    ///
    /// # Errors
    /// [`StonesError::ZeroMax`] if `max` is 0.
    pub fn new(max: u64) -> Result<Bash, StonesError> {
        if max == 0 {
            return Err(StonesError::ZeroMax);
        }
        Ok(Bash { max })
    }

    /// The largest take, M.
    pub fn max(self) -> u64 {
        self.max
    }

    /// G(n) = n mod (M + 1); when M + 1 overflows 64 bits every n ≤ M, so G(n) = n.
    pub fn value(self, n: u64) -> Nimber {
        Nimber(self.max.checked_add(1).map_or(n, |m| n % m))
    }
}

impl Game for Bash {
    type Position = Vec<u64>;

    fn options(&self, piles: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
        for (i, &p) in piles.iter().enumerate() {
            for take in 1..=p.min(self.max) {
                let mut next = piles.clone();
                next[i] = p - take;
                out.push(next);
            }
        }
    }

    fn components(&self, piles: &Vec<u64>) -> Option<Vec<Vec<u64>>> {
        Some(piles.iter().map(|&p| vec![p]).collect())
    }
}

/// Analyses piles of the Bash game: outcome, value, every winning move (at most one per pile)
/// and, if asked, the explanation. O(number of piles).
///
/// # Examples
/// ```
/// use grundy::games::stones::bash::{self, Bash};
/// use grundy::{AnalyzeOptions, Outcome};
/// let a = bash::analyze(&[4], Bash::LEETCODE, &AnalyzeOptions::default());
/// assert_eq!(a.outcome, Outcome::P); // LeetCode 292: 4 stones are lost
/// ```
pub fn analyze(piles: &[u64], game: Bash, options: &AnalyzeOptions) -> Analysis<BashStep> {
    let values = piles.iter().map(|&p| game.value(p));
    let total = sum::value(values.clone());
    let move_to = |i: usize, target: Nimber| {
        let (p, r, t) = (piles[i], game.value(piles[i]).value(), target.value());
        // Value r to t < r: take r − t. To t > r: take M + 1 − (t − r), if the pile has that many.
        let take = if t < r {
            u128::from(r - t)
        } else {
            u128::from(game.max) + 1 - u128::from(t - r)
        };
        (take <= u128::from(p)).then(|| Change::Take {
            pile: i,
            from: p,
            to: p - take as u64,
        })
    };
    let mut listed = Vec::new();
    let mut count = 0;
    for change in sum::targets(values.clone()).filter_map(|(i, t)| move_to(i, t)) {
        if listed.len() < options.max_moves {
            listed.push(change);
        }
        count += 1;
    }
    let explanation = if options.explain {
        // Explain the textbook move, the one that lowers a remainder.
        let lowering = sum::winning_targets(values)
            .next()
            .and_then(|(i, t)| move_to(i, t));
        explain(piles, game, total, lowering.as_ref())
    } else {
        Vec::new()
    };
    Analysis {
        outcome: Outcome::from_grundy(total),
        grundy: Some(total),
        winning_moves: listed,
        winning_move_count: count,
        explanation,
    }
}

/// How many piles the explanation shows.
pub const EXPLAINED_PILES: usize = 12;

fn explain(piles: &[u64], game: Bash, total: Nimber, first: Option<&Change>) -> Vec<BashStep> {
    let shown = &piles[..piles.len().min(EXPLAINED_PILES)];
    let mut steps = vec![BashStep::Remainders {
        max: game.max,
        piles: shown.to_vec(),
        remainders: shown.iter().map(|&p| game.value(p).value()).collect(),
        omitted: piles.len() - shown.len(),
        total: total.value(),
    }];
    steps.push(match first {
        Some(&Change::Take { pile, from, to }) => BashStep::Move {
            pile,
            from,
            take: from - to,
            to,
            single: piles.len() == 1,
            max: game.max,
        },
        _ if piles.iter().all(|&p| p == 0) => BashStep::NoMove,
        _ => BashStep::Mirror {
            max: game.max,
            single: piles.len() == 1,
        },
    });
    steps
}

/// One step of the explanation of a Bash-game position.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "step", rename_all = "snake_case")]
pub enum BashStep {
    /// Each pile modulo M + 1 and the XOR.
    Remainders {
        /// M.
        max: u64,
        /// The first piles.
        piles: Vec<u64>,
        /// Their values n mod (M + 1).
        remainders: Vec<u64>,
        /// Piles not shown.
        omitted: usize,
        /// The XOR of all values.
        total: u64,
    },
    /// The winning move.
    Move {
        /// The pile, from 0.
        pile: usize,
        /// Its stones.
        from: u64,
        /// Stones taken.
        take: u64,
        /// Stones left.
        to: u64,
        /// One pile: the move leaves a multiple of M + 1.
        single: bool,
        /// M.
        max: u64,
    },
    /// A P-position: answer every k with M + 1 − k (one pile), or restore XOR 0 (several).
    Mirror {
        /// M.
        max: u64,
        /// One pile.
        single: bool,
    },
    /// No stones: no move.
    NoMove,
}

impl Explain for BashStep {
    fn text(&self, lang: Lang) -> String {
        match self {
            BashStep::Remainders {
                max,
                piles,
                remainders,
                omitted,
                total,
            } => {
                let m1 = u128::from(*max) + 1;
                let each: Vec<String> = piles
                    .iter()
                    .zip(remainders)
                    .map(|(p, r)| format!("{p} = {}·{m1} + {r}", u128::from(*p) / m1))
                    .collect();
                let more = if *omitted > 0 {
                    lang.pick(
                        format!(", … ({omitted} more)"),
                        format!("，……（另有 {omitted} 堆）"),
                    )
                } else {
                    String::new()
                };
                let xor = if piles.len() + omitted > 1 {
                    lang.pick(
                        format!("; the XOR of the remainders is {total}"),
                        format!("；余数的异或和为 {total}"),
                    )
                } else {
                    String::new()
                };
                lang.pick(
                    format!(
                        "A move takes 1 to {max} stones, so the value of a pile is n mod (M + 1) = n mod {m1}: {}{more}{xor}. {}",
                        each.join(", "),
                        if *total == 0 { "0: the player to move loses." } else { "Not 0: the player to move wins." }
                    ),
                    format!(
                        "每步取 1 到 {max} 个，所以一堆的 SG 值是 n mod (M + 1) = n mod {m1}：{}{more}{xor}。{}",
                        each.join("，"),
                        if *total == 0 { "为 0：先手必败。" } else { "不为 0：先手必胜。" }
                    ),
                )
            }
            BashStep::Move {
                pile,
                from,
                take,
                to,
                single,
                max,
            } => {
                let m1 = u128::from(*max) + 1;
                if *single {
                    lang.pick(
                        format!(
                            "Take {take}, leaving {to}, a multiple of {m1}. Whatever k (1 to {max}) the opponent takes, take {m1} − k: each round removes {m1}, and you take the last stone."
                        ),
                        format!(
                            "取走 {take} 个，剩 {to} 个，是 {m1} 的倍数。之后对手取 k 个（1 到 {max}），你就取 {m1} − k 个：每轮共取 {m1} 个，最后一个石子由你取走。"
                        ),
                    )
                } else {
                    lang.pick(
                        format!(
                            "Take {take} from pile {} ({from} -> {to}): its remainder drops by {take} and the XOR becomes 0.",
                            pile + 1
                        ),
                        format!(
                            "从第 {} 堆取走 {take} 个（{from} → {to}）：它的余数减少 {take}，异或和变为 0。",
                            pile + 1
                        ),
                    )
                }
            }
            BashStep::Mirror { max, single } => {
                let m1 = u128::from(*max) + 1;
                if *single {
                    lang.pick(
                        format!(
                            "Every move takes 1 to {max} and leaves a non-multiple of {m1}; the opponent takes the rest of the round ({m1} − k) and keeps the pile a multiple of {m1} down to 0."
                        ),
                        format!(
                            "无论取 1 到 {max} 中的几个，都会留下不是 {m1} 倍数的局面；对手补足 {m1} − k 个，一直保持 {m1} 的倍数直到 0。"
                        ),
                    )
                } else {
                    lang.pick(
                        "Every move changes one remainder, so the XOR becomes non-zero, and the opponent restores 0.".to_string(),
                        "任何一步都会改变某一堆的余数，异或和变为非 0，对手再把它变回 0。".to_string(),
                    )
                }
            }
            BashStep::NoMove => lang.pick(
                "There is no stone left: the player to move cannot move.".to_string(),
                "已经没有石子：轮到的一方无法行动。".to_string(),
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Memo;
    use crate::games::nim;

    #[test]
    fn closed_form_and_winning_moves_match_the_engine() {
        let options = AnalyzeOptions {
            max_moves: usize::MAX,
            explain: true,
        };
        for max in 1..=6 {
            let game = Bash::new(max).unwrap();
            let mut memo = Memo::new();
            let mut positions: Vec<Vec<u64>> = (0..=60).map(|n| vec![n]).collect();
            positions.extend((0..=20).flat_map(|a| (0..=20).map(move |b| vec![a, b])));
            for piles in positions {
                let a = analyze(&piles, game, &options);
                assert_eq!(
                    a.grundy,
                    Some(memo.grundy(&game, &piles).unwrap()),
                    "{max} {piles:?}"
                );
                let mut closed: Vec<Vec<u64>> = a
                    .winning_moves
                    .iter()
                    .map(|c| nim::play(&piles, c))
                    .collect();
                let mut engine = memo
                    .winning_moves(&game, &piles, crate::Play::Normal)
                    .unwrap();
                closed.sort();
                engine.sort();
                assert_eq!(closed, engine, "{max} {piles:?}");
                assert_eq!(a.winning_move_count, engine.len() as u64);
            }
        }
    }

    #[test]
    fn leetcode_examples() {
        for (n, win) in [(4, false), (1, true), (2, true)] {
            let a = analyze(&[n], Bash::LEETCODE, &AnalyzeOptions::default());
            assert_eq!(a.outcome == Outcome::N, win, "{n}");
        }
        // The largest n of the constraints.
        let a = analyze(&[(1 << 31) - 1], Bash::LEETCODE, &AnalyzeOptions::default());
        assert_eq!(a.grundy, Some(Nimber(3)));
    }

    #[test]
    fn extreme_maxima() {
        assert_eq!(Bash::new(0), Err(StonesError::ZeroMax));
        let all = Bash::new(u64::MAX).unwrap();
        assert_eq!(all.value(u64::MAX), Nimber(u64::MAX));
        let a = analyze(
            &[u64::MAX],
            all,
            &AnalyzeOptions {
                max_moves: 1,
                explain: true,
            },
        );
        assert_eq!(
            a.winning_moves[0],
            Change::Take {
                pile: 0,
                from: u64::MAX,
                to: 0
            }
        );
        assert!(
            a.explanation[0]
                .text(Lang::En)
                .contains("18446744073709551616")
        );
    }

    #[test]
    fn explanations_in_both_languages() {
        let options = AnalyzeOptions {
            max_moves: 10,
            explain: true,
        };
        let lost = analyze(&[8], Bash::LEETCODE, &options);
        assert!(lost.explanation[0].text(Lang::En).contains("8 = 2·4 + 0"));
        assert!(lost.explanation[1].text(Lang::Zh).contains("4 − k"));
        let won = analyze(&[10], Bash::LEETCODE, &options);
        assert!(
            won.explanation[1]
                .text(Lang::En)
                .contains("Take 2, leaving 8")
        );
    }
}
