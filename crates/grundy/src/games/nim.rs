//! Nim: piles of stones; a move takes one or more stones from a single pile.
//!
//! Normal play (the player who cannot move loses) — Bouton's theorem: the player to move loses iff
//! the XOR of the piles is 0. A pile of n is the nimber *n, so the winning move is the sum rule of
//! [`crate::sum`]: change a pile p that has the highest set bit of the total x into p ⊕ x.
//!
//! Misère play (the player who takes the last stone loses): the player to move loses iff some pile
//! is larger than 1 and the XOR is 0, or every pile is at most 1 and the XOR is 1. Play as in
//! normal Nim until the move that would leave only piles of 0 and 1; then leave an odd number of 1s.

use serde::Serialize;

use crate::games::heaps::{HeapComponent, HeapStep, ValueReason};
use crate::lang::count_en;
use crate::ruleset::{MoveError, TakeRule};
use crate::{
    Analysis, AnalyzeOptions, Convention, EXPLAINED_PILES, Explain, Game, Lang, Move, MoveList,
    Nimber, Outcome, PileMove, sum,
};

mod playable;

pub use playable::NimPlay;

/// Nim as a [`Game`], for the engine: a position is the list of piles.
#[derive(Clone, Copy, Debug, Default)]
pub struct Nim;

impl Game for Nim {
    type Position = Vec<u64>;

    fn options(&self, piles: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
        for (i, &p) in piles.iter().enumerate() {
            for smaller in 0..p {
                let mut next = piles.clone();
                next[i] = smaller;
                out.push(next);
            }
        }
    }

    fn components(&self, piles: &Vec<u64>, parts: &mut Vec<Vec<u64>>) -> bool {
        crate::engine::one_heap_each(piles, parts)
    }
}

/// A move takes any number of stones from one pile.
impl TakeRule for Nim {
    fn takes(&self, from: u64) -> impl Iterator<Item = u64> {
        1..=from
    }

    fn refusal(&self, _from: u64, _count: u64) -> Option<MoveError> {
        None
    }
}

/// A Nim heap in a sum of rulesets (`nim` in `grundy sum`): a heap of n is worth n.
impl HeapComponent for Nim {
    fn name(&self) -> String {
        "nim".to_string()
    }

    fn intro(&self) -> HeapStep {
        HeapStep::NimValues
    }

    fn value(&self, n: u64) -> Nimber {
        Nimber(n)
    }

    fn reason(&self, _n: u64) -> ValueReason {
        ValueReason::Nim
    }

    fn moves_to(&self, pile: usize, n: u64, target: Nimber, moves: &mut MoveList<PileMove>) {
        if target.value() < n {
            moves.push(PileMove::Take {
                pile,
                from: n,
                to: target.value(),
            });
        }
    }

    /// The whole heap first.
    fn each_move(&self, pile: usize, n: u64, visit: &mut dyn FnMut(PileMove)) {
        (0..n).for_each(|to| visit(PileMove::Take { pile, from: n, to }));
    }
}

/// The position after `change`.
///
/// # Panics
/// If `change` is not a [`PileMove::Take`] of a pile of `piles` (check with [`is_legal`]).
pub fn apply(piles: &[u64], change: &PileMove) -> Vec<u64> {
    let mut next = piles.to_vec();
    match *change {
        PileMove::Take { pile, to, .. } => next[pile] = to,
        ref other => panic!("not a Nim move: {other:?}"),
    }
    next
}

/// Whether a move is legal: it names a pile and takes at least one stone of it.
pub fn is_legal(piles: &[u64], change: &PileMove) -> bool {
    match *change {
        PileMove::Take { pile, from, to } => piles.get(pile) == Some(&from) && to < from,
        _ => false,
    }
}

/// Analyses a Nim position: outcome, value (normal play), every winning move and, if asked, the
/// explanation. Winning moves are listed by pile; each pile has at most one.
///
/// Cost: two or three passes over the piles and no allocation per pile.
pub fn analyze(
    piles: &[u64],
    play: Convention,
    options: &AnalyzeOptions,
) -> Analysis<NimStep, PileMove> {
    let nimbers = piles.iter().map(|&p| Nimber(p));
    let total = sum::value(nimbers.clone());
    let mut moves = MoveList::new(options.max_moves);
    match play {
        Convention::Normal => {
            for (i, target) in sum::winning_targets(nimbers) {
                moves.push(PileMove::Take {
                    pile: i,
                    from: piles[i],
                    to: target.value(),
                });
            }
        }
        Convention::Misere => misere_moves(piles, total, &mut moves),
    }
    let explanation = if options.explain {
        match play {
            Convention::Normal => explain_normal(piles, total, moves.first(), Convention::Normal),
            Convention::Misere => explain_misere(piles, total, moves.first()),
        }
    } else {
        Vec::new()
    };
    match play {
        Convention::Normal => moves.into_analysis(total, explanation),
        Convention::Misere => moves.into_outcome(misere_outcome(piles, total), explanation),
    }
}

/// The outcome of normal-play Nim from a stream of piles, in one pass with no storage: the
/// player to move loses iff the XOR is 0. For contest inputs read at memory speed.
pub fn outcome(piles: impl IntoIterator<Item = u64>) -> Outcome {
    Outcome::from_grundy(sum::value(piles.into_iter().map(Nimber)))
}

/// The reply to the opponent's move from a P-position that hands a P-position back (under normal
/// play, the mirror strategy restoring XOR 0), or `None` if there is none.
pub fn mirror_reply(
    piles: &[u64],
    opponent: &PileMove,
    convention: Convention,
) -> Option<PileMove> {
    let after = apply(piles, opponent);
    analyze(
        &after,
        convention,
        &AnalyzeOptions {
            max_moves: 1,
            explain: false,
        },
    )
    .winning_moves
    .into_iter()
    .next()
}

/// Misère rule: lost for the mover iff (some pile > 1 and XOR 0) or (all piles ≤ 1 and XOR 1).
fn misere_outcome(piles: &[u64], total: Nimber) -> Outcome {
    let any_big = piles.iter().any(|&p| p > 1);
    let lost = if any_big {
        total.is_zero()
    } else {
        total == Nimber(1)
    };
    if lost { Outcome::P } else { Outcome::N }
}

fn misere_moves(piles: &[u64], total: Nimber, moves: &mut MoveList<PileMove>) {
    let mut big = piles.iter().enumerate().filter(|&(_, &p)| p > 1);
    match (big.next(), big.next()) {
        // Two or more big piles: a move to XOR 0 keeps at least two of them (one move changes
        // one pile, and a single big pile would make the XOR non-zero), so normal Nim's moves
        // are exactly the winning ones.
        (Some(_), Some(_)) => {
            for (i, target) in sum::winning_targets(piles.iter().map(|&p| Nimber(p))) {
                moves.push(PileMove::Take {
                    pile: i,
                    from: piles[i],
                    to: target.value(),
                });
            }
        }
        // Exactly one big pile: shrink it to 0 or 1 so that an odd number of 1-piles is left.
        (Some((i, &p)), None) => {
            let ones = piles.iter().filter(|&&q| q == 1).count();
            moves.push(PileMove::Take {
                pile: i,
                from: p,
                to: if ones % 2 == 0 { 1 } else { 0 },
            });
        }
        // Only 0s and 1s: every move takes a 1-pile; it wins iff an odd number of 1s remains.
        (None, _) => {
            if total.is_zero() {
                for (i, &p) in piles.iter().enumerate().filter(|&(_, &p)| p == 1) {
                    moves.push(PileMove::Take {
                        pile: i,
                        from: p,
                        to: 0,
                    });
                }
            }
        }
    }
}

/// One step of the explanation of a Nim position.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "step", rename_all = "snake_case")]
pub enum NimStep {
    /// The first piles written in binary, with the running XOR after each.
    Binary {
        /// The piles shown.
        piles: Vec<u64>,
        /// XOR of the piles up to and including each one.
        running_xor: Vec<u64>,
        /// Piles not shown.
        omitted: usize,
        /// Number of binary digits used.
        width: u32,
    },
    /// The XOR of all piles.
    Total {
        /// The XOR.
        total: u64,
        /// Whether the XOR alone decides the outcome (normal play; under misère play the piles
        /// above 1 are counted first).
        decides: bool,
    },
    /// The highest set bit h of the total, and how many piles have it.
    HighestBit {
        /// The total x.
        total: u64,
        /// Bit index h (value 2^h).
        bit: u32,
        /// The first piles (0-based) that have bit h.
        piles: Vec<usize>,
        /// How many piles have bit h.
        count: u64,
    },
    /// Why p ⊕ x < p for a pile p with bit h, and the move it gives.
    Move {
        /// The pile (0-based).
        pile: usize,
        /// Its size p.
        before: u64,
        /// The total x.
        total: u64,
        /// p ⊕ x.
        after: u64,
        /// Bit h.
        bit: u32,
    },
    /// For a P-position: every move breaks XOR 0.
    EveryMoveBreaksZero,
    /// No stone left: the player to move has no move.
    NoMove,
    /// The mirror strategy with an example: the opponent's move and the reply that restores 0.
    Mirror {
        /// An example move of the opponent.
        opponent: PileMove,
        /// The reply.
        reply: PileMove,
    },
    /// Misère: how many piles have more than one stone.
    MisereBigPiles {
        /// Number of piles larger than 1.
        big: usize,
        /// Number of piles of exactly 1.
        ones: usize,
    },
    /// Misère with two or more big piles: won and lost as normal Nim, and played as it.
    MisereLikeNormal {
        /// The XOR of all piles.
        total: u64,
    },
    /// Misère with two or more big piles and XOR 0: the reply to an example move of the opponent
    /// (normal Nim's while two piles above 1 remain, then the one that leaves an odd number of 1s).
    MisereReply {
        /// An example move of the opponent.
        opponent: PileMove,
        /// The reply.
        reply: PileMove,
    },
    /// Misère with one big pile: leave an odd number of 1-piles.
    MisereOneBig {
        /// The big pile (0-based).
        pile: usize,
        /// Its size.
        before: u64,
        /// 0 or 1.
        after: u64,
        /// 1-piles left after the move.
        ones_after: usize,
    },
    /// Misère with only 0s and 1s: parity decides.
    MisereAllSmall {
        /// Number of 1-piles.
        ones: usize,
    },
}

fn binary(value: u64, width: u32) -> String {
    format!("{value:0width$b}", width = width as usize)
}

impl Explain for NimStep {
    fn text(&self, lang: Lang) -> String {
        match self {
            NimStep::Binary { piles, running_xor, omitted, width } => {
                let mut lines = vec![lang.pick(
                    "Write each pile in binary and XOR them one by one:".to_string(),
                    "把每堆写成二进制，逐堆求异或和：".to_string(),
                )];
                for (i, (p, x)) in piles.iter().zip(running_xor).enumerate() {
                    lines.push(match lang {
                        Lang::En => format!(
                            "  pile {:>2}: {:>w$} = {}   running XOR {}",
                            i + 1,
                            p,
                            binary(*p, *width),
                            x,
                            w = 20.min(p.to_string().len().max(3))
                        ),
                        Lang::Zh => format!(
                            "  第 {:>2} 堆：{:>w$} = {}   当前异或和 {}",
                            i + 1,
                            p,
                            binary(*p, *width),
                            x,
                            w = 20.min(p.to_string().len().max(3))
                        ),
                    });
                }
                if *omitted > 0 {
                    lines.push(lang.pick(
                        format!("  ... and {omitted} more piles"),
                        format!("  …… 另有 {omitted} 堆"),
                    ));
                }
                lines.join("\n")
            }
            NimStep::Total { total, decides: true } => lang.pick(
                format!("The XOR of all piles is x = {total}. {}", xor_verdict(*total, lang)),
                format!("所有堆的异或和 x = {total}。{}", xor_verdict(*total, lang)),
            ),
            NimStep::Total { total, decides: false } => lang.pick(
                format!("The XOR of all piles is x = {total}. Under misère play it decides only together with the piles above 1 (next)."),
                format!("所有堆的异或和 x = {total}。反 Nim 中只看异或和还不够，还要看多于 1 个的堆（下一步）。"),
            ),
            NimStep::HighestBit { total, bit, piles, count } => {
                let list = piles.iter().map(|i| (i + 1).to_string()).collect::<Vec<_>>().join(", ");
                let more = *count as usize > piles.len();
                lang.pick(
                    format!(
                        "The highest set bit of x = {total} is bit {bit} (value {}). {} that bit: {} {list}{}. Every such pile gives a winning move.",
                        1u64 << bit,
                        if *count == 1 { "1 pile has".to_string() } else { format!("{count} piles have") },
                        if *count == 1 { "pile" } else { "piles" },
                        if more { ", ..." } else { "" }
                    ),
                    format!(
                        "x = {total} 的最高位是第 {bit} 位（值 {}）。这一位为 1 的堆有 {count} 个：第 {list}{} 堆。每一个这样的堆都给出一个必胜走法。",
                        1u64 << bit,
                        if more { "、……" } else { "" }
                    ),
                )
            }
            NimStep::Move { pile, before, total, after, bit } => lang.pick(
                format!(
                    "Pile {} has p = {before}. p XOR x = {after}: XOR with x clears bit {bit} of p and only changes lower bits, so {after} < {before}. Take {} from pile {}, leaving p' = {after}; the XOR of all piles becomes x XOR p XOR p' = {total} XOR {before} XOR {after} = 0 (p leaves the XOR and p' joins it), and the opponent faces a P-position.",
                    pile + 1,
                    count_en(before - after, "stone", "stones"),
                    pile + 1
                ),
                format!(
                    "第 {} 堆 p = {before}。p 异或 x = {after}：与 x 异或会把 p 的第 {bit} 位从 1 变成 0，只改变更低的位，所以 {after} < {before}。从第 {} 堆取走 {} 个，剩 {after} 个；所有堆的异或和变为 0，把必败态留给对手。",
                    pile + 1,
                    pile + 1,
                    before - after
                ),
            ),
            NimStep::EveryMoveBreaksZero => lang.pick(
                "Any move changes one pile from p to some p' ≠ p, so the XOR changes from 0 to p XOR p' ≠ 0: every move hands the opponent an N-position.".to_string(),
                "任何一步都把某一堆从 p 变成 p' ≠ p，异或和从 0 变为 p 异或 p' ≠ 0：无论怎么走，都把必胜态留给对手。".to_string(),
            ),
            NimStep::NoMove => lang.pick(
                "There is no stone left: the player to move cannot move.".to_string(),
                "已经没有石子：轮到的一方无法行动。".to_string(),
            ),
            NimStep::Mirror { opponent, reply } => lang.pick(
                format!(
                    "Mirror strategy: after any move the XOR is non-zero again, and the highest-bit rule restores 0. For example, if the opponent plays \"{}\", reply \"{}\".",
                    opponent.describe(Lang::En),
                    reply.describe(Lang::En)
                ),
                format!(
                    "镜像策略：对手走任何一步后异或和都不为 0，再用最高位规则把它变回 0。例如对手“{}”，就回应“{}”。",
                    opponent.describe(Lang::Zh),
                    reply.describe(Lang::Zh)
                ),
            ),
            NimStep::MisereBigPiles { big, ones } => lang.pick(
                format!("Misère play: {big} pile(s) have more than one stone, {ones} pile(s) have exactly one."),
                format!("反 Nim（取走最后一个的人输）：有 {big} 堆多于 1 个，{ones} 堆恰好 1 个。"),
            ),
            NimStep::MisereLikeNormal { total } => lang.pick(
                format!(
                    "With two or more piles above 1 the outcome is that of normal Nim: {} Whoever can move to XOR 0 plays as in normal Nim. Such a move always leaves at least two piles above 1 (one pile above 1 alone would make the XOR non-zero), so it is always the other player who first leaves a single pile above 1; that pile is then reduced to 0 or 1 so that an odd number of single stones remains.",
                    xor_verdict(*total, lang)
                ),
                format!(
                    "有两堆或以上多于 1 个时，胜负与普通 Nim 相同：{}能走到异或和为 0 的一方就按普通 Nim 走。这样走完后至少仍有两堆多于 1（只剩一堆多于 1 时异或和不可能为 0），所以总是另一方先留下只剩一堆多于 1 的局面；这时把那一堆取到剩 0 或 1 个，使单个石子的堆数为奇数。",
                    xor_verdict(*total, lang)
                ),
            ),
            NimStep::MisereReply { opponent, reply } => lang.pick(
                format!(
                    "Every move has a reply: while two piles above 1 remain, the highest-bit rule restores XOR 0; once a single pile above 1 remains, reduce it so that an odd number of single stones is left. For example, if the opponent plays \"{}\", reply \"{}\".",
                    opponent.describe(Lang::En),
                    reply.describe(Lang::En)
                ),
                format!(
                    "对手的每一步都有应对：还剩两堆或以上多于 1 时，用最高位规则把异或和变回 0；只剩一堆多于 1 时，把它取到使单个石子的堆数为奇数。例如对手“{}”，就回应“{}”。",
                    opponent.describe(Lang::Zh),
                    reply.describe(Lang::Zh)
                ),
            ),
            NimStep::MisereOneBig { pile, before, after, ones_after } => lang.pick(
                format!(
                    "Exactly one pile is above 1 (pile {}, {before} stones). Reduce it to {after}, leaving {ones_after} pile(s) of one stone, an odd number: the players then take them one by one and the opponent takes the last, so the player to move wins (an N-position).",
                    pile + 1
                ),
                format!(
                    "只有一堆多于 1（第 {} 堆，{before} 个）。把它取到剩 {after} 个，留下 {ones_after} 堆单个石子（奇数堆）：之后双方轮流各取一堆，最后一个由对手取走，所以先手必胜（必胜态）。",
                    pile + 1
                ),
            ),
            NimStep::MisereAllSmall { ones: 0 } => lang.pick(
                "No stone is left: the opponent took the last one, so the player to move wins (an N-position).".to_string(),
                "已经没有石子：最后一个已被对手取走，所以先手必胜（必胜态）。".to_string(),
            ),
            NimStep::MisereAllSmall { ones } => lang.pick(
                format!(
                    "Every pile has at most one stone: {ones} single stones are taken one per move. {}",
                    if ones % 2 == 0 {
                        "An even number: the player to move wins (the opponent takes the last)."
                    } else {
                        "An odd number: the player to move takes the last stone and loses."
                    }
                ),
                format!(
                    "每堆至多 1 个：共 {ones} 个单独的石子，每步取走一个。{}",
                    if ones % 2 == 0 { "偶数个：先手必胜（最后一个由对手取）。" } else { "奇数个：先手会取到最后一个而输。" }
                ),
            ),
        }
    }
}

/// What x says of the outcome where it decides it: "x = 0: the player to move loses (…)." or
/// "x ≠ 0: the player to move wins (…)."
fn xor_verdict(total: u64, lang: Lang) -> &'static str {
    match (total == 0, lang) {
        (true, Lang::En) => "x = 0: the player to move loses (a P-position).",
        (false, Lang::En) => "x ≠ 0: the player to move wins (an N-position).",
        (true, Lang::Zh) => "x = 0：先手必败（必败态）。",
        (false, Lang::Zh) => "x ≠ 0：先手必胜（必胜态）。",
    }
}

fn binary_steps(piles: &[u64], total: Nimber, play: Convention) -> Vec<NimStep> {
    let shown = &piles[..piles.len().min(EXPLAINED_PILES)];
    let running_xor = shown
        .iter()
        .scan(0u64, |x, &p| {
            *x ^= p;
            Some(*x)
        })
        .collect();
    let width = 64
        - shown
            .iter()
            .max()
            .copied()
            .unwrap_or(0)
            .max(1)
            .leading_zeros();
    vec![
        NimStep::Binary {
            piles: shown.to_vec(),
            running_xor,
            omitted: piles.len() - shown.len(),
            width,
        },
        NimStep::Total {
            total: total.value(),
            decides: play == Convention::Normal,
        },
    ]
}

fn explain_normal(
    piles: &[u64],
    total: Nimber,
    first: Option<&PileMove>,
    convention: Convention,
) -> Vec<NimStep> {
    let mut steps = binary_steps(piles, total, convention);
    match (sum::highest_bit(total), first) {
        (Some(bit), Some(&PileMove::Take { pile, from, to })) => {
            let with_bit = piles
                .iter()
                .enumerate()
                .filter(|&(_, &p)| p >> bit & 1 == 1);
            steps.push(NimStep::HighestBit {
                total: total.value(),
                bit,
                piles: with_bit
                    .clone()
                    .take(EXPLAINED_PILES)
                    .map(|(i, _)| i)
                    .collect(),
                count: with_bit.count() as u64,
            });
            steps.push(NimStep::Move {
                pile,
                before: from,
                total: total.value(),
                after: to,
                bit,
            });
        }
        _ => steps.extend(explain_p_position(piles, convention)),
    }
    steps
}

/// Why a position of XOR 0 is lost: every move breaks 0, and the mirror reply restores it.
fn explain_p_position(piles: &[u64], convention: Convention) -> Vec<NimStep> {
    let Some((pile, &from)) = piles.iter().enumerate().find(|&(_, &p)| p > 0) else {
        return vec![NimStep::NoMove];
    };
    let opponent = PileMove::Take {
        pile,
        from,
        to: from - 1,
    };
    let mut steps = vec![NimStep::EveryMoveBreaksZero];
    if let Some(reply) = mirror_reply(piles, &opponent, convention) {
        steps.push(match convention {
            Convention::Normal => NimStep::Mirror { opponent, reply },
            Convention::Misere => NimStep::MisereReply { opponent, reply },
        });
    }
    steps
}

fn explain_misere(piles: &[u64], total: Nimber, first: Option<&PileMove>) -> Vec<NimStep> {
    let big = piles.iter().filter(|&&p| p > 1).count();
    let ones = piles.iter().filter(|&&p| p == 1).count();
    let mut steps = binary_steps(piles, total, Convention::Misere);
    steps.push(NimStep::MisereBigPiles { big, ones });
    match big {
        0 => steps.push(NimStep::MisereAllSmall { ones }),
        1 => {
            if let Some(&PileMove::Take { pile, from, to }) = first {
                steps.push(NimStep::MisereOneBig {
                    pile,
                    before: from,
                    after: to,
                    ones_after: ones + to as usize,
                });
            }
        }
        _ => {
            steps.push(NimStep::MisereLikeNormal {
                total: total.value(),
            });
            steps.extend(
                explain_normal(piles, total, first, Convention::Misere)
                    .into_iter()
                    .skip(2),
            );
        }
    }
    steps
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Memo;
    use crate::testing::{all_lists, all_positions};

    #[test]
    fn the_first_move_is_the_lexicographically_smallest() {
        // Pile order first, and each pile has one winning move.
        let a = analyze(
            &[1, 2, 3, 4, 5, 6, 7, 9],
            Convention::Normal,
            &AnalyzeOptions::default(),
        );
        let listed: Vec<usize> = a
            .winning_moves
            .iter()
            .map(|c| match c {
                PileMove::Take { pile, .. } => *pile,
                other => panic!("Nim moves are takes, not {other:?}"),
            })
            .collect();
        assert!(listed.windows(2).all(|w| w[0] < w[1]));
    }

    #[test]
    fn mirror_reply_restores_zero_after_every_opponent_move() {
        for piles in all_lists(3, 6) {
            if analyze(&piles, Convention::Normal, &AnalyzeOptions::default()).outcome != Outcome::P
            {
                continue;
            }
            for (i, &p) in piles.iter().enumerate() {
                for to in 0..p {
                    let opponent = PileMove::Take {
                        pile: i,
                        from: p,
                        to,
                    };
                    let reply = mirror_reply(&piles, &opponent, Convention::Normal)
                        .expect("an N-position has a winning move");
                    let after = super::apply(&super::apply(&piles, &opponent), &reply);
                    assert_eq!(after.iter().fold(0, |x, p| x ^ p), 0);
                }
            }
        }
    }

    #[test]
    fn max_moves_bounds_the_list_not_the_count() {
        let a = analyze(
            &[7, 7, 7],
            Convention::Normal,
            &AnalyzeOptions {
                max_moves: 2,
                explain: false,
            },
        );
        assert_eq!(a.winning_moves.len(), 2);
        assert_eq!(a.winning_move_count, 3);
    }

    #[test]
    fn explanations_name_the_numbers_in_both_languages() {
        let a = analyze(
            &[3, 4, 5],
            Convention::Normal,
            &AnalyzeOptions {
                max_moves: 10,
                explain: true,
            },
        );
        let en: Vec<String> = a.explanation.iter().map(|s| s.text(Lang::En)).collect();
        let zh: Vec<String> = a.explanation.iter().map(|s| s.text(Lang::Zh)).collect();
        assert!(
            en[0].contains("011") && en[0].contains("running XOR 7"),
            "{en:?}"
        );
        assert!(en.iter().any(|s| s.contains("bit 1")));
        assert!(zh.iter().any(|s| s.contains("异或和")));
        let p = analyze(
            &[1, 2, 3],
            Convention::Normal,
            &AnalyzeOptions {
                max_moves: 10,
                explain: true,
            },
        );
        assert!(
            p.explanation
                .iter()
                .any(|s| matches!(s, NimStep::Mirror { .. }))
        );
    }

    /// What a phrase of an explanation says of the outcome of the position it explains (a phrase
    /// about the position after a move says the opposite of that position's outcome).
    const CLAIMS: [(&str, Outcome); 16] = [
        (
            "the player to move takes the last stone and loses",
            Outcome::P,
        ),
        ("the player to move wins", Outcome::N),
        ("the player to move loses", Outcome::P),
        ("(an N-position)", Outcome::N),
        ("(a P-position)", Outcome::P),
        ("the opponent faces a P-position", Outcome::N),
        ("hands the opponent an N-position", Outcome::P),
        ("gives a winning move", Outcome::N),
        ("先手会取到最后一个而输", Outcome::P),
        ("先手必胜", Outcome::N),
        ("先手必败", Outcome::P),
        ("（必胜态）", Outcome::N),
        ("（必败态）", Outcome::P),
        ("把必败态留给对手", Outcome::N),
        ("把必胜态留给对手", Outcome::P),
        ("必胜走法", Outcome::N),
    ];

    /// Phrases with an outcome word that state the rule, not an outcome.
    const RULES: [&str; 1] = ["取走最后一个的人输"];

    /// Words that speak of an outcome; each must be inside one of the [`CLAIMS`] or [`RULES`].
    const OUTCOME_WORDS: [&str; 8] = [
        "win",
        "los",
        "P-position",
        "N-position",
        "必胜",
        "必败",
        "输",
        "赢",
    ];

    #[test]
    fn every_step_states_the_outcome_the_engine_finds_in_both_conventions_and_languages() {
        let mut memo = Memo::new();
        // --max-moves 0 lists no move; the explanation still shows one.
        for (piles, max_moves) in all_positions(4, 5)
            .into_iter()
            .flat_map(|p| [(p.clone(), 0), (p, 1)])
        {
            for play in [Convention::Normal, Convention::Misere] {
                let truth = memo.outcome(&Nim, &piles, play).unwrap();
                let options = AnalyzeOptions {
                    max_moves,
                    explain: true,
                };
                let analysis = analyze(&piles, play, &options);
                for lang in [Lang::En, Lang::Zh] {
                    let mut claims = 0;
                    for step in &analysis.explanation {
                        let mut text = step.text(lang);
                        for (phrase, claimed) in CLAIMS {
                            if text.contains(phrase) {
                                assert_eq!(claimed, truth, "{piles:?} {play:?}: {text}");
                                claims += 1;
                                text = text.replace(phrase, "");
                            }
                        }
                        for rule in RULES {
                            text = text.replace(rule, "");
                        }
                        let word = OUTCOME_WORDS.iter().find(|w| text.contains(*w));
                        assert!(
                            word.is_none(),
                            "{piles:?} {play:?}: {word:?} outside a known claim in {text}"
                        );
                    }
                    assert!(
                        claims > 0,
                        "{piles:?} {play:?} {lang:?}: no step states the outcome"
                    );
                }
            }
        }
    }
}
