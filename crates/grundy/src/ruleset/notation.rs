//! How moves are written: a ruleset's [`Notation`] and the [`Unit`] its positions are made of.

use serde::Serialize;

use crate::Lang;

/// How a ruleset writes a move, for help text and error messages.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Notation {
    /// The form of a move in English, e.g. `PILE COUNT`.
    pub en: &'static str,
    /// The form of a move in Chinese.
    pub zh: &'static str,
    /// What the form means, in English.
    pub meaning_en: &'static str,
    /// What the form means, in Chinese.
    pub meaning_zh: &'static str,
    /// An example move.
    pub example: &'static str,
}

impl Notation {
    /// The form and its meaning in `lang`, on one line.
    pub fn text(&self, lang: Lang) -> String {
        match lang {
            Lang::En => format!(
                "a move is {}: {} (e.g. {})",
                self.en, self.meaning_en, self.example
            ),
            Lang::Zh => format!(
                "走法写作「{}」：{}（例如 {}）",
                self.zh, self.meaning_zh, self.example
            ),
        }
    }
}

/// What the first number of a move counts: the parts of a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Unit {
    /// A pile of stones.
    Pile,
    /// A step of a staircase.
    Step,
    /// A cell of a strip.
    Cell,
    /// A coin.
    Coin,
    /// An edge of a drawing (Hackenbush).
    Edge,
    /// A piece of paper (the Cutting Game).
    Piece,
}

impl Unit {
    /// The English noun.
    pub fn en(self) -> &'static str {
        match self {
            Unit::Pile => "pile",
            Unit::Step => "step",
            Unit::Cell => "cell",
            Unit::Coin => "coin",
            Unit::Edge => "edge",
            Unit::Piece => "piece",
        }
    }

    /// What a position of these parts is written as, for the command line's help: numbers, or
    /// for edges a drawing.
    pub fn position_en(self) -> String {
        match self {
            Unit::Edge => "the edges, inline u-v separated by commas (0-1,1-2,2-2, vertex 0 the \
                ground), or the two ends of each edge in turn"
                .to_string(),
            Unit::Piece => "the pieces, as WxH (4x2) or width and height in turn".to_string(),
            _ => format!("the {}s (natural numbers up to 2^64-1)", self.en()),
        }
    }

    /// "第 n 堆", "第 n 级台阶", … in Chinese.
    pub(crate) fn zh(self, n: impl std::fmt::Display) -> String {
        match self {
            Unit::Pile => format!("第 {n} 堆"),
            Unit::Step => format!("第 {n} 级台阶"),
            Unit::Cell => format!("第 {n} 格"),
            Unit::Coin => format!("第 {n} 枚硬币"),
            Unit::Edge => format!("第 {n} 条边"),
            Unit::Piece => format!("第 {n} 块"),
        }
    }

    /// The English verb for moving stones of this part ("take" from a pile, "move" otherwise).
    pub(crate) fn verb_en(self) -> &'static str {
        match self {
            Unit::Pile => "take",
            _ => "move",
        }
    }

    pub(crate) fn verb_zh(self) -> &'static str {
        match self {
            Unit::Pile => "取走",
            _ => "移动",
        }
    }
}
