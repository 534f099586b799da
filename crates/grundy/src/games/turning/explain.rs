//! The explanation of a coin-turning position, as data with its text in English and Chinese.

use serde::Serialize;

use super::Rule;
use crate::{Explain, Lang};

/// One step of the explanation.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "step", rename_all = "snake_case")]
#[non_exhaustive]
pub enum TurningStep {
    /// The theorem of a one-dimensional rule.
    Theorem {
        /// The rule.
        rule: Rule,
    },
    /// The theorem of a product (the Tartan theorem).
    Product {
        /// The rule along x.
        a: Rule,
        /// The rule along y.
        b: Rule,
    },
    /// The value of each heads coin.
    Coins {
        /// The heads coins' places, as written.
        places: Vec<String>,
        /// Their values.
        values: Vec<u64>,
    },
    /// The nim-sum of the heads coins' values.
    Total {
        /// The position's value.
        total: u64,
    },
    /// A winning move: the coins turned, whose values nim-sum to the position's value.
    Move {
        /// The places turned, the heads coin last.
        turn: Vec<String>,
        /// Their values.
        values: Vec<u64>,
        /// The position's value.
        total: u64,
    },
    /// The value is 0: every move changes it, so the player to move loses.
    NoMove,
}

/// The value of a single coin under `rule`, in words.
fn theorem(rule: Rule, lang: Lang) -> String {
    let first = rule.first_place();
    match rule {
        Rule::Turtles | Rule::Twins => lang.pick(
            format!("places from {first}; the coin at place n is worth n"),
            format!("位置从 {first} 起编号；位置 n 的硬币值为 n"),
        ),
        Rule::Mock => lang.pick(
            "places from 0; the coin at place n is worth the n-th odious number (odd count of 1 bits: 1, 2, 4, 7, 8, 11, …)".to_owned(),
            "位置从 0 起编号；位置 n 的硬币值为第 n 个 odious 数（二进制中 1 的个数为奇数：1, 2, 4, 7, 8, 11, …）".to_owned(),
        ),
        Rule::Ruler => lang.pick(
            "places from 1; the coin at place n is worth the largest power of 2 dividing n".to_owned(),
            "位置从 1 起编号；位置 n 的硬币值为整除 n 的最大 2 的幂".to_owned(),
        ),
        Rule::AtMost(k) => lang.pick(
            format!(
                "places from 1; the coin at place n is worth the mex of the nim-sums of at most {} values before it",
                k - 1
            ),
            format!("位置从 1 起编号；位置 n 的硬币值为它之前至多 {} 个值的异或和的 mex", k - 1),
        ),
    }
}

/// `a ⊕ b ⊕ …` of the numbers.
fn nim_sum_text(values: &[u64]) -> String {
    let parts: Vec<String> = values.iter().map(u64::to_string).collect();
    parts.join(" ⊕ ")
}

impl Explain for TurningStep {
    fn text(&self, lang: Lang) -> String {
        match self {
            TurningStep::Theorem { rule } => lang.pick(
                format!(
                    "{}: a position is worth the nim-sum of its heads coins' values; {}.",
                    rule.name(),
                    theorem(*rule, lang)
                ),
                format!(
                    "{}：局面的值是所有正面硬币的值的异或和；{}。",
                    rule.name(),
                    theorem(*rule, lang)
                ),
            ),
            TurningStep::Product { a, b } => lang.pick(
                format!(
                    "{} × {} (Tartan theorem): the coin at (x, y) is worth G_A(x) ⊗ G_B(y), ⊗ the nim product; A: {}; B: {}.",
                    a.name(),
                    b.name(),
                    theorem(*a, lang),
                    theorem(*b, lang)
                ),
                format!(
                    "{} × {}（Tartan 定理）：(x, y) 处的硬币值为 G_A(x) ⊗ G_B(y)，⊗ 为 nim 积；A：{}；B：{}。",
                    a.name(),
                    b.name(),
                    theorem(*a, lang),
                    theorem(*b, lang)
                ),
            ),
            TurningStep::Coins { places, values } => {
                let pairs: Vec<String> = places
                    .iter()
                    .zip(values)
                    .map(|(p, v)| format!("{p} → {v}"))
                    .collect();
                lang.pick(
                    format!("Heads coins and their values: {}.", pairs.join(", ")),
                    format!("正面硬币及其值：{}。", pairs.join("，")),
                )
            }
            TurningStep::Total { total } => lang.pick(
                format!("Their nim-sum is {total}."),
                format!("异或和为 {total}。"),
            ),
            TurningStep::Move {
                turn,
                values,
                total,
            } => lang.pick(
                format!(
                    "Turn the coins at {}: their values {} = {total} cancel the total, leaving 0.",
                    turn.join(", "),
                    nim_sum_text(values)
                ),
                format!(
                    "翻转 {} 处的硬币：它们的值 {} = {total}，抵消总和，留下 0。",
                    turn.join("、"),
                    nim_sum_text(values)
                ),
            ),
            TurningStep::NoMove => lang.pick(
                "The value is 0: every move turns coins whose values nim-sum to something non-zero, so the player to move loses.".to_owned(),
                "值为 0：任何一步翻转的硬币值的异或和都不为 0，所以先手必败。".to_owned(),
            ),
        }
    }
}
