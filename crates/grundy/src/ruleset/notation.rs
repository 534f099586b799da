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

/// What the first number of a move counts, a part of a position, in the words of both languages.
/// The parts several rulesets share are constants here ([`Unit::PILE`], …); a ruleset with parts
/// of its own defines its `Unit` in its module. Serialised as its English noun.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Unit {
    /// The English noun (`pile`).
    pub noun_en: &'static str,
    /// The Chinese ordinal around a number n: `("第 ", " 堆")` gives 第 n 堆.
    pub ordinal_zh: (&'static str, &'static str),
    /// How a position of these parts is typed, for the command line's help, when it is not
    /// their numbers.
    pub typed: Option<&'static str>,
    /// The verb for moving stones of this part, in English and Chinese.
    pub verb: (&'static str, &'static str),
}

impl Unit {
    /// A pile of stones.
    pub const PILE: Unit = Unit::moved("pile", ("第 ", " 堆"), ("take", "取走"));
    /// A step of a staircase.
    pub const STEP: Unit = Unit::moved("step", ("第 ", " 级台阶"), ("move", "移动"));
    /// A cell of a strip.
    pub const CELL: Unit = Unit::moved("cell", ("第 ", " 格"), ("move", "移动"));
    /// A coin.
    pub const COIN: Unit = Unit::moved("coin", ("第 ", " 枚硬币"), ("move", "移动"));

    /// A part named `noun_en` and `ordinal_zh`, whose stones are moved with `verb`, typed as
    /// numbers.
    pub const fn moved(
        noun_en: &'static str,
        ordinal_zh: (&'static str, &'static str),
        verb: (&'static str, &'static str),
    ) -> Unit {
        Unit {
            noun_en,
            ordinal_zh,
            typed: None,
            verb,
        }
    }

    /// The English noun.
    pub fn en(self) -> &'static str {
        self.noun_en
    }

    /// What a position of these parts is written as, for the command line's help.
    pub fn position_en(self) -> String {
        match self.typed {
            Some(typed) => typed.to_string(),
            None => format!("the {}s (natural numbers up to 2^64-1)", self.en()),
        }
    }

    /// "第 n 堆", "第 n 级台阶", … in Chinese.
    pub(crate) fn zh(self, n: impl std::fmt::Display) -> String {
        format!("{}{n}{}", self.ordinal_zh.0, self.ordinal_zh.1)
    }

    /// The English verb for moving stones of this part ("take" from a pile, "move" otherwise).
    pub(crate) fn verb_en(self) -> &'static str {
        self.verb.0
    }

    /// The Chinese verb for moving stones of this part.
    pub(crate) fn verb_zh(self) -> &'static str {
        self.verb.1
    }
}

impl Serialize for Unit {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.noun_en)
    }
}
