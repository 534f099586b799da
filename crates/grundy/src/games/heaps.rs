//! Sums of heaps whose values have a closed form: subtraction games, Lasker's Nim, mixed sums.
//!
//! Sprague–Grundy, pile by pile: a position made of independent heaps has the XOR X of the heaps'
//! values; it is lost for the player to move iff X = 0, and the winning moves are exactly the moves
//! of a heap of value g to a heap (or heaps) of value g ⊕ X ([`crate::sum::targets`]): below g
//! for the heaps that have the highest bit of X (such a move always exists), and sometimes above g,
//! since a move can raise a heap's value in these games (in Lasker's Nim 4 → 3 goes from value 3 to
//! value 4). A ruleset only has to say what a heap is worth ([`HeapRule::value`]) and which of its
//! moves reach a given value ([`HeapRule::moves_to`]).

use serde::Serialize;

use crate::lang::count_en;
use crate::{
    Analysis, AnalyzeOptions, EXPLAINED_PILES, Explain, Lang, Move, MoveList, Nimber, PileMove, sum,
};

mod component;

pub use component::{HeapComponent, Unvalued};

/// A ruleset played on heaps, with the value of every heap known in closed form.
///
/// Methods take the pile's index so that a sum can mix rulesets (one rule per pile).
pub trait HeapRule {
    /// The value of pile `pile` when it holds `n` stones.
    fn value(&self, pile: usize, n: u64) -> Nimber;

    /// Why pile `pile` of `n` stones has its value, for explanations.
    fn reason(&self, pile: usize, n: u64) -> ValueReason;

    /// Pushes every move of pile `pile` (`n` stones) that leaves it with value `target` (which may
    /// be above or below its value, never equal), in the rule's documented order, counting those
    /// that do not fit in `moves`.
    fn moves_to(&self, pile: usize, n: u64, target: Nimber, moves: &mut MoveList<PileMove>);
}

/// Why a heap has its value.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "rule", rename_all = "snake_case")]
pub enum ValueReason {
    /// A Nim heap of n is worth n.
    Nim,
    /// Lasker's Nim: n = 4m + r with r in 1..=4; values 4m+1, 4m+2, 4m+4, 4m+3 for r = 1, 2, 3, 4.
    Lasker {
        /// The block m.
        block: u64,
        /// The rest r, from 1 to 4 (0 for the empty heap).
        rest: u64,
    },
    /// Take at most half: G(2k) = k and G(2k + 1) = G(k), so n loses its t trailing 1-bits and
    /// is then halved.
    Half {
        /// The trailing 1-bits t of n (0 for an even heap).
        trailing_ones: u32,
    },
    /// Take 1..=M (the Bash game): the value is n mod (M + 1).
    Bash {
        /// M + 1 (`None` when M + 1 exceeds 2^64 − 1, so the value is n).
        modulus: Option<u64>,
    },
    /// A subtraction game: the value read off the computed table.
    Table,
    /// A subtraction game: n is past the preperiod, so G(n) = G(index) + periods · saltus.
    Period {
        /// The index n0 + (n − n0) mod p inside the first period.
        index: u64,
        /// (n − n0) div p.
        periods: u64,
        /// The saltus s (0 for a plain period).
        saltus: u64,
        /// The period p.
        period: u64,
        /// The preperiod n0.
        preperiod: u64,
    },
}

/// One pile's value in an explanation.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PileValue {
    /// Index of the pile, from 0.
    pub pile: usize,
    /// Its stones.
    pub stones: u64,
    /// Its value.
    pub value: u64,
    /// Why.
    pub reason: ValueReason,
}

/// One step of the explanation of a sum of heaps.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "step", rename_all = "snake_case")]
pub enum HeapStep {
    /// A Nim heap of n is worth n.
    NimValues,
    /// Lasker's theorem: the values of a single heap.
    LaskerValues,
    /// Take at most half: G(2k) = k, G(2k + 1) = G(k).
    HalfValues,
    /// The value sequence of a subtraction set and its period.
    SubtractionValues {
        /// The set, in the `--set` notation.
        set: String,
        /// The period found, if any.
        period: Option<crate::period::Period>,
        /// How many values were computed.
        computed: u64,
        /// How many consecutive values must repeat to prove the period (the certificate window).
        window: Option<u64>,
    },
    /// A take-and-break game: its code and the values computed for its heaps.
    OctalValues {
        /// The code, as written back (`0.77`).
        code: String,
        /// The game's title, if it is known by one (`Kayles`).
        title: Option<String>,
        /// How many values were computed: G(0) to G(computed − 1).
        computed: u64,
        /// The period proved from them, if any.
        period: Option<crate::period::Period>,
    },
    /// The Bash game: take 1 to M.
    BashValues {
        /// M.
        max: u64,
    },
    /// The first piles with their values.
    PileValues {
        /// The piles shown.
        piles: Vec<PileValue>,
        /// Piles not shown.
        omitted: usize,
    },
    /// The XOR of all values.
    Total {
        /// The XOR.
        total: u64,
    },
    /// A pile whose value has the highest set bit of the total, and the smaller value it must go to.
    Target {
        /// Index of the pile, from 0.
        pile: usize,
        /// Its stones.
        stones: u64,
        /// Its value g.
        value: u64,
        /// The total x.
        total: u64,
        /// g ⊕ x, below g.
        target: u64,
        /// How many piles can be moved down like this.
        piles: u64,
    },
    /// A move that gives the pile the target value.
    Move {
        /// The move.
        change: PileMove,
        /// The values of the heaps the pile becomes (one, or two after a split).
        values: Vec<u64>,
        /// How many moves of this pile reach the target.
        count: u64,
    },
    /// A position of value 0: every move changes one pile's value, so the XOR becomes non-zero.
    EveryMoveBreaksZero,
}

/// The analysis of a sum of heaps under `rule`, with `intro` steps (the rule's theorem) first.
///
/// Winning moves are listed pile by pile: first the piles whose target g ⊕ x is below their value
/// g (pile order; the first of these is the explanation's example), then the piles whose options
/// can rise to a target above g; each pile's moves in the rule's order. Cost: one value per pile,
/// kept in a vector, then [`HeapRule::moves_to`] for each winning pile.
pub fn analyze<R: HeapRule + ?Sized>(
    rule: &R,
    piles: &[u64],
    intro: Vec<HeapStep>,
    options: &AnalyzeOptions,
) -> Analysis<HeapStep, PileMove> {
    let values: Vec<Nimber> = piles
        .iter()
        .enumerate()
        .map(|(i, &n)| rule.value(i, n))
        .collect();
    let total = sum::value(values.iter().copied());
    let mut moves = MoveList::new(options.max_moves);
    // The moves down first (as the explanation's example is), then those that raise a pile.
    let targets: Vec<(usize, Nimber)> = sum::targets(values.iter().copied()).collect();
    let (down, up): (Vec<_>, Vec<_>) = targets.into_iter().partition(|&(i, t)| t < values[i]);
    for (i, target) in down.into_iter().chain(up) {
        rule.moves_to(i, piles[i], target, &mut moves);
    }
    let explanation = if options.explain {
        let mut steps = intro;
        steps.extend(explain(rule, piles, &values, total));
        steps
    } else {
        Vec::new()
    };
    moves.into_analysis(total, explanation)
}

fn explain<R: HeapRule + ?Sized>(
    rule: &R,
    piles: &[u64],
    values: &[Nimber],
    total: Nimber,
) -> Vec<HeapStep> {
    let shown = piles.len().min(EXPLAINED_PILES);
    let mut steps = vec![
        HeapStep::PileValues {
            piles: (0..shown)
                .map(|i| PileValue {
                    pile: i,
                    stones: piles[i],
                    value: values[i].value(),
                    reason: rule.reason(i, piles[i]),
                })
                .collect(),
            omitted: piles.len() - shown,
        },
        HeapStep::Total {
            total: total.value(),
        },
    ];
    // The example is the first pile whose target is below its value: it surely has a move.
    let mut down = sum::winning_targets(values.iter().copied());
    let example = down.next().map(|(pile, target)| {
        let mut first = MoveList::new(1);
        rule.moves_to(pile, piles[pile], target, &mut first);
        (pile, target, first)
    });
    match example {
        Some((pile, target, first)) => {
            steps.push(HeapStep::Target {
                pile,
                stones: piles[pile],
                value: values[pile].value(),
                total: total.value(),
                target: target.value(),
                piles: 1 + down.count() as u64,
            });
            let count = first.count();
            let change = first
                .into_parts()
                .0
                .pop()
                .expect("a heap reaches every value below its own");
            let after: Vec<u64> = match &change {
                PileMove::Split { into, .. } => into.to_vec(),
                PileMove::Break { into, .. } => into.clone(),
                &PileMove::Take { to, .. } => vec![to],
                _ => Vec::new(),
            };
            steps.push(HeapStep::Move {
                change,
                values: after.iter().map(|&n| rule.value(pile, n).value()).collect(),
                count,
            });
        }
        _ => steps.push(HeapStep::EveryMoveBreaksZero),
    }
    steps
}

impl ValueReason {
    fn text(&self, lang: Lang, n: u64, value: u64) -> String {
        match self {
            ValueReason::Nim => lang.pick(
                format!("a Nim heap of {n} is worth {n}"),
                format!("Nim 堆 {n} 的 SG 值就是 {n}"),
            ),
            ValueReason::Lasker { rest: 0, .. } => {
                lang.pick("empty".to_string(), "空堆".to_string())
            }
            ValueReason::Lasker { block, rest } => {
                let rule = match rest {
                    1 | 2 => lang.pick("unchanged", "不变"),
                    3 => lang.pick("4m+3 → 4m+4", "4m+3 → 4m+4"),
                    _ => lang.pick("4m+4 → 4m+3", "4m+4 → 4m+3"),
                };
                format!("{n} = 4·{block} + {rest}{}{rule}", lang.pick(": ", "："))
            }
            ValueReason::Half { trailing_ones } => half_reason_text(n, *trailing_ones, value, lang),
            ValueReason::Bash { modulus: Some(m) } => format!("{n} mod {m} = {value}"),
            ValueReason::Bash { modulus: None } => lang.pick(
                format!("{n} (every smaller heap is one move away)"),
                format!("{n}（一步可到任何更小的堆）"),
            ),
            ValueReason::Table => lang.pick(
                format!("G({n}) = {value} from the table"),
                format!("查表得 G({n}) = {value}"),
            ),
            ValueReason::Period {
                index,
                periods,
                saltus,
                period,
                preperiod,
            } => {
                let shift = if *saltus == 0 {
                    String::new()
                } else {
                    format!(" + {periods}·{saltus}")
                };
                lang.pick(
                    format!(
                        "({n} − {preperiod}) mod {period} = {}, so G({n}) = G({index}){shift} = {value}",
                        index - preperiod
                    ),
                    format!(
                        "({n} − {preperiod}) mod {period} = {}，所以 G({n}) = G({index}){shift} = {value}",
                        index - preperiod
                    ),
                )
            }
        }
    }
}

fn period_text(
    lang: Lang,
    set: &str,
    period: &crate::period::Period,
    window: Option<u64>,
) -> String {
    let crate::period::Period {
        preperiod,
        period: p,
        saltus,
        proved,
    } = *period;
    let shape = match (saltus, lang) {
        (0, Lang::En) => format!("G(n + {p}) = G(n) for n ≥ {preperiod}"),
        (0, Lang::Zh) => format!("当 n ≥ {preperiod} 时 G(n + {p}) = G(n)"),
        (s, Lang::En) => {
            format!("G(n + {p}) = G(n) + {s} for n ≥ {preperiod} (arithmetic-periodic)")
        }
        (s, Lang::Zh) => format!("当 n ≥ {preperiod} 时 G(n + {p}) = G(n) + {s}（算术周期）"),
    };
    let why = match (proved, window, lang) {
        (true, Some(w), Lang::En) => format!(
            "Proved: G(n) depends only on the {w} values before n, and those {w} values repeat {p} later, so by induction the pattern goes on for ever."
        ),
        (true, Some(w), Lang::Zh) => format!(
            "已证明：G(n) 只取决于 n 之前的 {w} 个值，而这 {w} 个值在 {p} 之后原样重复，由归纳法此后永远重复。"
        ),
        (_, _, Lang::En) => "Not proved: the pattern is only seen in the data.".to_string(),
        (_, _, Lang::Zh) => "未证明：只是在已算出的数据中观察到。".to_string(),
    };
    lang.pick(
        format!("Subtraction set {set}: G(n) = mex of G(n − s) over the allowed s. Period {p}, preperiod {preperiod}: {shape}. {why}"),
        format!("减法集合 {set}：G(n) = mex{{G(n − s)}}，s 取允许的数。周期 {p}，前周期 {preperiod}：{shape}。{why}"),
    )
}

/// "The value of each pile:" and a line per pile (its number from 0, stones, value and why),
/// `omitted` more counted after them: the explanation step of every ruleset of piles.
pub(crate) fn pile_values_text(
    piles: impl Iterator<Item = (usize, u64, u64, String)>,
    omitted: usize,
    lang: Lang,
) -> String {
    let mut lines = vec![lang.pick(
        "The value of each pile:".to_string(),
        "每堆的 SG 值：".to_string(),
    )];
    for (pile, stones, value, why) in piles {
        lines.push(match lang {
            Lang::En => format!(
                "  pile {:>2}: {}, value {value}   ({why})",
                pile + 1,
                count_en(stones, "stone", "stones"),
            ),
            Lang::Zh => format!(
                "  第 {:>2} 堆：{stones} 个，SG 值 {value}   （{why}）",
                pile + 1
            ),
        });
    }
    if omitted > 0 {
        lines.push(lang.pick(
            format!("  ... and {omitted} more piles"),
            format!("  …… 另有 {omitted} 堆"),
        ));
    }
    lines.join("\n")
}

/// Sprague–Grundy on the XOR `total` of the piles' values: who wins.
pub(crate) fn total_text(total: u64, lang: Lang) -> String {
    lang.pick(
        format!(
            "Sprague–Grundy: the position is worth the XOR of the pile values, x = {total}. {}",
            if total == 0 {
                "x = 0: the player to move loses (a P-position)."
            } else {
                "x ≠ 0: the player to move wins (an N-position)."
            }
        ),
        format!(
            "SG 定理：整个局面的 SG 值是各堆 SG 值的异或和 x = {total}。{}",
            if total == 0 {
                "x = 0：先手必败（必败态）。"
            } else {
                "x ≠ 0：先手必胜（必胜态）。"
            }
        ),
    )
}

impl Explain for HeapStep {
    fn text(&self, lang: Lang) -> String {
        match self {
            HeapStep::NimValues => lang.pick(
                "Nim: a heap of n reaches every smaller heap, so by induction it is worth n.".to_string(),
                "Nim：n 个石子的堆可以一步变成任何更小的堆，归纳可知它的 SG 值就是 n。".to_string(),
            ),
            HeapStep::LaskerValues => lang.pick(
                "Lasker's Nim: a move takes from one heap or splits it into two non-empty heaps. By induction on n (the mex of the takes and of the XORs of the splits), a heap of n is worth g(n): g(0) = 0, g(4m+1) = 4m+1, g(4m+2) = 4m+2, g(4m+3) = 4m+4, g(4m+4) = 4m+3.".to_string(),
                "Lasker Nim：每步从一堆取走若干个，或把一堆分成两个非空的堆。对 n 归纳（取的结果与分堆结果异或值的 mex）得：g(0) = 0，g(4m+1) = 4m+1，g(4m+2) = 4m+2，g(4m+3) = 4m+4，g(4m+4) = 4m+3。".to_string(),
            ),
            HeapStep::HalfValues => half_rule_text(lang),
            HeapStep::SubtractionValues { set, period: Some(period), window, .. } => {
                period_text(lang, set, period, *window)
            }
            HeapStep::SubtractionValues { set, period: None, computed, .. } => lang.pick(
                format!("Subtraction set {set}: no period shows in the first {computed} values; every pile here is inside the table."),
                format!("减法集合 {set}：前 {computed} 个值中看不出周期；这里每一堆都在表内。"),
            ),
            HeapStep::OctalValues { code, title, computed, period } => {
                let game = match title {
                    Some(title) => format!("{title} ({code})"),
                    None => code.clone(),
                };
                let rule = lang.pick(
                    format!("Take-and-break game {game}: G(n) is the mex, over the moves of a heap of n, of the XOR of the values of the heaps each move leaves. The values G(0..{}) were computed one by one from that rule.", computed - 1),
                    format!("取子分堆游戏 {game}：G(n) 是 n 个石子的堆所有走法留下的各堆 SG 值异或和的 mex。G(0..{}) 按这条规则逐个算出。", computed - 1),
                );
                let periodic = match period {
                    Some(crate::period::Period { preperiod, period, .. }) => lang.pick(
                        format!(" They are periodic from n = {preperiod} with period {period}, proved by the octal periodicity theorem."),
                        format!("从 n = {preperiod} 起以 {period} 为周期，由八进制周期定理证明。"),
                    ),
                    None => String::new(),
                };
                rule + &periodic
            }
            HeapStep::BashValues { max } => lang.pick(
                format!("Take 1 to {max} (the Bash game): from n one reaches exactly the {max} heaps below n (or all of them), so by induction G(n) = n mod {}.", u128::from(*max) + 1),
                format!("每次取 1 到 {max} 个（巴什博弈）：从 n 恰好能到 n 下面的 {max} 个堆（或全部），归纳得 G(n) = n mod {}。", u128::from(*max) + 1),
            ),
            HeapStep::PileValues { piles, omitted } => pile_values_text(
                piles
                    .iter()
                    .map(|p| (p.pile, p.stones, p.value, p.reason.text(lang, p.stones, p.value))),
                *omitted,
                lang,
            ),
            HeapStep::Total { total } => total_text(*total, lang),
            HeapStep::Target { pile, stones, value, total, target, piles } => lang.pick(
                format!(
                    "Pile {} ({}) has value g = {value}, and g XOR x = {target} < g ({} like this). Move it to a heap of value {target}: then the XOR of all values is 0.",
                    pile + 1,
                    count_en(*stones, "stone", "stones"),
                    if *piles == 1 { "the only pile".to_string() } else { format!("{piles} piles are") }
                ),
                format!(
                    "第 {} 堆（{stones} 个）SG 值 g = {value}，g 异或 x = {target} < g（这样的堆共 {piles} 个）。把它变成 SG 值为 {target} 的局面，所有值的异或和就变成 0（x = {total}）。",
                    pile + 1
                ),
            ),
            HeapStep::Move { change, values, count } => {
                let parts = values.iter().map(u64::to_string).collect::<Vec<_>>();
                let worth = if parts.len() > 1 {
                    format!("{} = {}", parts.join(" XOR "), values.iter().fold(0, |x, v| x ^ v))
                } else {
                    parts.join("")
                };
                lang.pick(
                    format!(
                        "For example: {}; what is left is worth {worth}. This pile has {}.",
                        change.describe(Lang::En),
                        count_en(*count, "such move", "such moves")
                    ),
                    format!(
                        "例如：{}；剩下部分的 SG 值为 {worth}。这一堆共有 {count} 种这样的走法。",
                        change.describe(Lang::Zh)
                    ),
                )
            }
            HeapStep::EveryMoveBreaksZero => lang.pick(
                "A move changes one pile, and never to a heap of its own value (a value is the mex of its options), so the XOR goes from 0 to non-zero: every move hands the opponent an N-position.".to_string(),
                "每步只改变一堆，而且不可能变到与原来 SG 值相同的局面（SG 值是后继值的 mex），所以异或和从 0 变为非 0：无论怎么走都把必胜态留给对手。".to_string(),
            ),
        }
    }
}

/// Why a pile of n with t trailing 1-bits has the value v: "10 is even: G(10) = 10/2 = 5", or for
/// an odd pile the even number n >> t left once they are stripped, halved.
pub(crate) fn half_reason_text(n: u64, t: u32, v: u64, lang: Lang) -> String {
    let even = n.checked_shr(t).unwrap_or(0);
    match (t, lang) {
        (0, Lang::En) => format!("{n} is even: G({n}) = {n}/2 = {v}"),
        (0, Lang::Zh) => format!("{n} 是偶数：G({n}) = {n}/2 = {v}"),
        (_, Lang::En) => format!(
            "{n} is odd: strip its {} (G(2k+1) = G(k)), G({n}) = G({even}) = {even}/2 = {v}",
            count_en(u64::from(t), "trailing 1-bit", "trailing 1-bits")
        ),
        (_, Lang::Zh) => format!(
            "{n} 是奇数：去掉二进制末尾的 {t} 个 1（G(2k+1) = G(k)），G({n}) = G({even}) = {even}/2 = {v}"
        ),
    }
}

/// The rule and the theorem, the first step of an explanation (of take at most half, and of the
/// heaps of take at most half in a sum).
pub(crate) fn half_rule_text(lang: Lang) -> String {
    lang.pick(
        "Take at most half: from a pile of n a move takes 1 to ⌊n/2⌋ stones, leaving m with ⌈n/2⌉ ≤ m ≤ n − 1. By induction G(2k) = k (the options k..2k−1 hold one pile of each value below k) and G(2k+1) = G(k) (the options k+1..2k hold one pile of each value up to k but G(k)); so G(n) = n >> (t+1), t the trailing 1-bits of n, and the piles of value v are (2v+1)·2^s − 1. A pile has at most one move to each value.",
        "每次至多取一半：从 n 个的堆取走 1 到 ⌊n/2⌋ 个，剩下 m 个，⌈n/2⌉ ≤ m ≤ n − 1。归纳得 G(2k) = k（后继 k..2k−1 中每个小于 k 的值恰有一堆）、G(2k+1) = G(k)（后继 k+1..2k 中除 G(k) 外每个不超过 k 的值恰有一堆）；所以 G(n) = n >> (t+1)，t 为 n 二进制末尾 1 的个数，SG 值为 v 的堆是 (2v+1)·2^s − 1。每堆到每个值至多有一种走法。",
    )
    .to_string()
}
