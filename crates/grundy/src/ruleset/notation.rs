//! How moves are written: a ruleset's [`Notation`], the [`Unit`] its positions are made of, and
//! the readers of typed moves shared by the rulesets.

use serde::Serialize;

use super::MoveError;
use crate::Lang;
use crate::parse::{Token, parse_u64};

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

/// Reads a move written as two whole numbers, separated by spaces or a comma.
///
/// # Errors
/// [`MoveError::Malformed`] for anything else.
pub(crate) fn two_numbers(text: &str, notation: Notation) -> Result<(u64, u64), MoveError> {
    match move_numbers(text, notation)?[..] {
        [a, b] => Ok((a, b)),
        _ => Err(malformed(text, notation)),
    }
}

/// Reads a move written as whole numbers, separated by spaces or commas.
///
/// # Errors
/// [`MoveError::Malformed`] for anything else.
pub(crate) fn move_numbers(text: &str, notation: Notation) -> Result<Vec<u64>, MoveError> {
    text.split(|c: char| c.is_whitespace() || c == ',')
        .filter(|t| !t.is_empty())
        .map(parse_u64)
        .collect::<Result<Vec<u64>, _>>()
        .map_err(|_| malformed(text, notation))
}

/// The refusal of `text`, which does not have the ruleset's form.
pub(crate) fn malformed(text: &str, notation: Notation) -> MoveError {
    MoveError::Malformed {
        input: Token::new(text.trim()),
        notation,
    }
}

/// Reads a move written as `keyword` followed by `count` whole numbers (`both 2`, `split 1 3`),
/// the keyword in any case: `None` when the text does not start with the keyword.
///
/// # Errors
/// [`MoveError::Malformed`] when the keyword is followed by anything else.
pub(crate) fn keyword_numbers(
    text: &str,
    keyword: &str,
    count: usize,
    notation: Notation,
) -> Result<Option<Vec<u64>>, MoveError> {
    let mut tokens = text
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|t| !t.is_empty());
    if !tokens
        .next()
        .is_some_and(|t| t.eq_ignore_ascii_case(keyword))
    {
        return Ok(None);
    }
    let numbers: Result<Vec<u64>, _> = tokens.map(parse_u64).collect();
    match numbers {
        Ok(numbers) if numbers.len() == count => Ok(Some(numbers)),
        _ => Err(malformed(text, notation)),
    }
}
