//! Why a move or a game was refused: [`MoveError`] and [`SetupError`], one line each, in English
//! and Chinese.

use super::{Notation, ParamDoc, Unit};
use crate::lang::count_en;
use crate::parse::Token;
use crate::{Explain, Lang};

/// Why a typed move was refused: one line naming what was wrong.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum MoveError {
    /// The text does not have the ruleset's form.
    #[error("{input} is not a move: write {} ({}), e.g. {}", notation.en, notation.meaning_en, notation.example)]
    Malformed {
        /// The text as typed.
        input: Token,
        /// The ruleset's notation.
        notation: Notation,
    },
    /// A part number outside 1..=count.
    #[error("there is no {} {number}: the {}s are numbered 1 to {count}", unit.en(), unit.en())]
    NoSuch {
        /// What the number counts.
        unit: Unit,
        /// The number as typed (from 1).
        number: u64,
        /// How many there are.
        count: usize,
    },
    /// A move that takes nothing.
    #[error("a move must take at least one stone")]
    TakesNothing,
    /// More stones than the pile (step, cell) has.
    #[error("{} {place} has {}; you cannot {} {asked}", unit.en(), count_en(*has, "stone", "stones"), unit.verb_en())]
    TooMany {
        /// A pile, step or cell.
        unit: Unit,
        /// Its number (from 1).
        place: usize,
        /// Its stones.
        has: u64,
        /// Stones asked for.
        asked: u64,
    },
    /// The same number from every pile, more than some of them have (Wythoff's `both COUNT`).
    #[error(
        "{}; you cannot take {asked} from each pile",
        too_small(short, Lang::En)
    )]
    TooManyFromEach {
        /// Each pile (from 1) with fewer stones than asked, and its stones.
        short: Vec<(usize, u64)>,
        /// Stones asked for from each pile.
        asked: u64,
    },
    /// More stones than the previous move took (Nim with a shrinking cap).
    #[error("this move may take at most {} (the cap), not {asked}", count_en(*cap, "stone", "stones"))]
    OverCap {
        /// The cap.
        cap: u64,
        /// Stones asked for.
        asked: u64,
    },
    /// A split whose first part is not between 1 and the pile's stones minus 1.
    #[error("{}", bad_split(*pile, *has, *part, Lang::En))]
    BadSplit {
        /// The pile (from 1).
        pile: usize,
        /// Its stones.
        has: u64,
        /// The first part asked for.
        part: u64,
    },
    /// A position that is not one move away (a script game).
    #[error(
        "{input} is not one move away; the options are {}",
        options_text(options)
    )]
    NotAnOption {
        /// The position as typed.
        input: Token,
        /// The options, as written (the first few).
        options: Vec<String>,
    },
    /// An Every-SG move that leaves out a pile that can move, or moves one pile twice.
    #[error("{}", if *twice { format!("pile {pile} is moved twice: Every-SG moves each pile once") } else { format!("pile {pile} can move and has no move here: Every-SG moves every pile that can move") })]
    NotEvery {
        /// The pile, from 1.
        pile: usize,
        /// Moved twice rather than left out.
        twice: bool,
    },
    /// The position has no move left.
    #[error("the game is over: there is no move")]
    GameOver,
    /// A refusal in a ruleset's own words ([`Refusal`]), with its text in English and Chinese.
    #[error("{en}")]
    Refused {
        /// Why, in English.
        en: String,
        /// Why, in Chinese.
        zh: String,
    },
}

/// A ruleset's own error for moves its rules refuse (a coin slid onto another, a count outside
/// a subtraction set): its text in both languages is [`Explain::text`], and `?` carries it as a
/// [`MoveError::Refused`].
pub trait Refusal: Explain {}

impl<R: Refusal> From<R> for MoveError {
    fn from(refusal: R) -> MoveError {
        MoveError::Refused {
            en: refusal.text(Lang::En),
            zh: refusal.text(Lang::Zh),
        }
    }
}

/// How many options [`MoveError::NotAnOption`] lists.
pub const OPTIONS_LISTED: usize = 12;

/// The options of [`MoveError::NotAnOption`], comma-separated, "…" after the last listed.
fn options_text(options: &[String]) -> String {
    let mut text = options
        .iter()
        .take(OPTIONS_LISTED)
        .cloned()
        .collect::<Vec<_>>()
        .join(", ");
    if options.len() > OPTIONS_LISTED {
        text.push_str(", …");
    }
    text
}

impl Explain for MoveError {
    fn text(&self, lang: Lang) -> String {
        match (lang, self) {
            (Lang::En, _) => self.to_string(),
            (Lang::Zh, MoveError::Malformed { input, notation }) => format!(
                "{input} 不是走法：请写「{}」（{}），例如 {}",
                notation.zh, notation.meaning_zh, notation.example
            ),
            (
                Lang::Zh,
                MoveError::NoSuch {
                    unit,
                    number,
                    count,
                },
            ) => {
                format!("没有{}：编号是 1 到 {count}", unit.zh(number))
            }
            (Lang::Zh, MoveError::TakesNothing) => "每步至少要取走一个石子".to_string(),
            (
                Lang::Zh,
                MoveError::TooMany {
                    unit,
                    place,
                    has,
                    asked,
                },
            ) => {
                format!(
                    "{}只有 {has} 个石子，不能{} {asked} 个",
                    unit.zh(place),
                    unit.verb_zh()
                )
            }
            (Lang::Zh, MoveError::TooManyFromEach { short, asked }) => {
                format!("{}，不能每堆各取 {asked} 个", too_small(short, lang))
            }
            (Lang::Zh, MoveError::OverCap { cap, asked }) => {
                format!("本步至多取 {cap} 个石子（上限），不能取 {asked} 个")
            }
            (Lang::Zh, MoveError::BadSplit { pile, has, part }) => {
                bad_split(*pile, *has, *part, lang)
            }
            (Lang::Zh, MoveError::NotAnOption { input, options }) => {
                format!(
                    "{input} 不是一步能到的局面；可以走到：{}",
                    options_text(options)
                )
            }
            (Lang::Zh, MoveError::NotEvery { pile, twice: true }) => {
                format!("第 {pile} 堆走了两次：Every-SG 每堆只走一步")
            }
            (Lang::Zh, MoveError::NotEvery { pile, twice: false }) => {
                format!("第 {pile} 堆还能走，却没有走：Every-SG 要在每个还能走的堆各走一步")
            }
            (Lang::Zh, MoveError::GameOver) => "游戏已经结束：没有可走的步".to_string(),
            (Lang::Zh, MoveError::Refused { zh, .. }) => zh.clone(),
        }
    }
}

/// The piles too small for a move, each with its stones: "pile 1 has 3 stones and pile 2 has 5".
fn too_small(short: &[(usize, u64)], lang: Lang) -> String {
    let each: Vec<String> = short
        .iter()
        .map(|&(pile, has)| match lang {
            Lang::En => format!("pile {pile} has {}", count_en(has, "stone", "stones")),
            Lang::Zh => format!("第 {pile} 堆只有 {has} 个石子"),
        })
        .collect();
    each.join(lang.pick(" and ", "、"))
}

/// Why pile `pile` of `has` stones cannot be split with a first part of `part`.
fn bad_split(pile: usize, has: u64, part: u64, lang: Lang) -> String {
    match (has, lang) {
        (0 | 1, Lang::En) => {
            format!(
                "pile {pile} has {}: only a pile of 2 or more can be split",
                count_en(has, "stone", "stones")
            )
        }
        (_, Lang::En) => format!(
            "pile {pile} has {has} stones: split it into two non-empty piles, the first of 1 to {}, not {part}",
            count_en(has - 1, "stone", "stones")
        ),
        (0 | 1, Lang::Zh) => format!("第 {pile} 堆有 {has} 个石子：至少 2 个石子的堆才能分"),
        (_, Lang::Zh) => format!(
            "第 {pile} 堆有 {has} 个石子：要分成两个非空的堆，第一堆为 1 到 {} 个，不能是 {part} 个",
            has - 1
        ),
    }
}

/// Why a game could not be set up.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SetupError {
    /// No ruleset has this name.
    #[error("unknown game {name}; playable games: {}", known.join(", "))]
    UnknownGame {
        /// The name as given.
        name: Token,
        /// The names the registry knows.
        known: &'static [&'static str],
    },
    /// The position has no component at all.
    #[error("no {what} given")]
    Empty {
        /// What was expected ("piles").
        what: &'static str,
    },
    /// A parameter the ruleset does not take, or a bad value of one.
    #[error("parameter {name}: {problem}")]
    BadParam {
        /// The parameter's name.
        name: Token,
        /// What is wrong with it.
        problem: String,
    },
    /// Numbers that are not a position of the ruleset (two coins on one cell, …).
    #[error("bad position: {problem}")]
    BadPosition {
        /// The ruleset's own error, on one line.
        problem: String,
    },
    /// A position past a bound that parameters set (the largest heap of a value table, the order
    /// of a quotient); the message names the parameters to raise.
    #[error("{problem} (raise {})", raise.iter().map(|p| format!("--{}", p.long_name())).collect::<Vec<_>>().join(" or "))]
    PastLimit {
        /// What is past the bound, on one line.
        problem: String,
        /// The parameters whose bound it passed.
        raise: &'static [ParamDoc],
    },
    /// Misère play asked of a ruleset that is played under normal play only.
    #[error(
        "{game} is played under normal play only (the last move wins); misère play is not offered"
    )]
    NormalPlayOnly {
        /// The ruleset.
        game: String,
    },
    /// Every-SG play asked of a ruleset whose position is not a sum of piles.
    #[error(
        "{game} positions are not sums of independent piles, so there is no Every-SG play of them"
    )]
    NotASum {
        /// The ruleset.
        game: String,
    },
    /// Every-SG play and misère play asked together.
    #[error(
        "Every-SG play is under normal play (the last move wins): drop misère play or Every-SG"
    )]
    EveryMisere,
}
