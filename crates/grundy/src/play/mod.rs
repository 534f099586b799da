//! Playing a ruleset against a perfect opponent: what every front end's play loop needs.
//!
//! A ruleset that can be played implements [`Playable`]: build a position from numbers, read a
//! move in its small notation (a one-line [`MoveError`] otherwise), list the legal moves, apply
//! one, analyse a position. The computer's move is provided ([`Playable::computer_move`]):
//!
//! - when the engine can search the whole game from the position (the ruleset's
//!   [`Playable::search_cost`] is within the [`Search`] budget), it plays by *remoteness*: from a
//!   won position the winning move that ends the game soonest, from a lost position the move that
//!   makes the game last longest, so a student gets a real fight;
//! - otherwise it plays a winning move of the closed form (so it never throws away a win), the
//!   one leaving the least [`Playable::material`]; from a lost position the ruleset's
//!   [`Playable::slow_move`] (for Nim: take one stone from the largest pile).
//!
//! Misère remoteness comes from the engine too: misère play of a game G is normal play of G with
//! one extra move from each end position of G to a final position (see [`MisereRules`]), and the
//! remoteness there is the misère remoteness plus one.
//!
//! **Adding a ruleset** is two steps: `impl Playable` for it (a module beside [`nim`]), and one
//! line in [`with_ruleset`], which the terminal (`grundy play`) and the web server both use.

use std::collections::BTreeMap;
use std::hash::Hash;

use serde::Serialize;

use crate::engine::{EngineError, Info, Memo};
use crate::lang::count_en;
use crate::parse::{Token, parse_u64};
use crate::{Analysis, AnalyzeOptions, Change, Explain, Game, Lang, Outcome, Play};

pub mod coins;
pub mod lasker;
pub mod nim;
pub mod nonincreasing;
pub mod octal;
pub mod stairs;
pub mod subtraction;
pub mod wythoff;

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
}

impl Unit {
    /// The English noun.
    pub fn en(self) -> &'static str {
        match self {
            Unit::Pile => "pile",
            Unit::Step => "step",
            Unit::Cell => "cell",
            Unit::Coin => "coin",
        }
    }

    /// "第 n 堆", "第 n 级台阶", … in Chinese.
    fn zh(self, n: impl std::fmt::Display) -> String {
        match self {
            Unit::Pile => format!("第 {n} 堆"),
            Unit::Step => format!("第 {n} 级台阶"),
            Unit::Cell => format!("第 {n} 格"),
            Unit::Coin => format!("第 {n} 枚硬币"),
        }
    }

    /// The English verb for moving stones of this part ("take" from a pile, "move" otherwise).
    fn verb_en(self) -> &'static str {
        match self {
            Unit::Pile => "take",
            _ => "move",
        }
    }

    fn verb_zh(self) -> &'static str {
        match self {
            Unit::Pile => "取走",
            _ => "移动",
        }
    }
}

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
    /// Stones on the last cell of a strip, which never move again.
    #[error("cell {cell} is the end of the strip: stones there do not move")]
    EndCell {
        /// The last cell (from 1).
        cell: usize,
    },
    /// A coin sent right, or off the strip.
    #[error("{}", not_left(*coin, *from, Lang::En))]
    NotLeft {
        /// The coin (from 1).
        coin: usize,
        /// Its cell.
        from: u64,
        /// The cell asked for.
        to: u64,
    },
    /// A coin sent onto or over another coin.
    #[error("coin {coin} cannot reach cell {to}: coin {other} is on cell {at}")]
    Blocked {
        /// The coin (from 1).
        coin: usize,
        /// The cell asked for.
        to: u64,
        /// The coin in the way (from 1).
        other: usize,
        /// Its cell.
        at: u64,
    },
    /// A number of stones the subtraction set does not allow.
    #[error("the set {set} does not allow taking {asked}")]
    NotInSet {
        /// Stones asked for.
        asked: u64,
        /// The set, in the `--set` notation.
        set: String,
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
    /// A move of a take-and-break game that its code does not allow.
    #[error("{}", not_in_code(code, *from, *taken, left, Lang::En))]
    NotInCode {
        /// The code, as written back.
        code: String,
        /// The pile's tokens.
        from: u64,
        /// Tokens taken.
        taken: u64,
        /// The piles left, smallest first.
        left: Vec<u64>,
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
    /// The position has no move left.
    #[error("the game is over: there is no move")]
    GameOver,
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
            (Lang::Zh, MoveError::EndCell { cell }) => {
                format!("第 {cell} 格是终点：那里的石子不能再移动")
            }
            (Lang::Zh, MoveError::NotLeft { coin, from, .. }) => not_left(*coin, *from, lang),
            (
                Lang::Zh,
                MoveError::Blocked {
                    coin,
                    to,
                    other,
                    at,
                },
            ) => format!("第 {coin} 枚硬币到不了第 {to} 格：第 {other} 枚硬币在第 {at} 格"),
            (Lang::Zh, MoveError::NotInSet { asked, set }) => {
                format!("集合 {set} 不允许取走 {asked} 个石子")
            }
            (Lang::Zh, MoveError::BadSplit { pile, has, part }) => {
                bad_split(*pile, *has, *part, lang)
            }
            (
                Lang::Zh,
                MoveError::NotInCode {
                    code,
                    from,
                    taken,
                    left,
                },
            ) => not_in_code(code, *from, *taken, left, lang),
            (Lang::Zh, MoveError::NotAnOption { input, options }) => {
                format!(
                    "{input} 不是一步能到的局面；可以走到：{}",
                    options_text(options)
                )
            }
            (Lang::Zh, MoveError::GameOver) => "游戏已经结束：没有可走的步".to_string(),
        }
    }
}

/// Why code `code` refuses the move, for [`MoveError::NotInCode`].
fn not_in_code(code: &str, from: u64, taken: u64, left: &[u64], lang: Lang) -> String {
    let parts: Vec<String> = left.iter().map(u64::to_string).collect();
    match (parts.split_last(), lang) {
        (None, Lang::En) => format!(
            "the code {code} has no move that takes {taken} from a pile of {from} and leaves nothing"
        ),
        (Some((last, [])), Lang::En) => format!(
            "the code {code} has no move that takes {taken} from a pile of {from} and leaves {last}"
        ),
        (Some((last, first)), Lang::En) => format!(
            "the code {code} has no move that takes {taken} from a pile of {from} and leaves {} and {last}",
            first.join(", ")
        ),
        (None, Lang::Zh) => {
            format!("代码 {code} 没有这样的走法：从 {from} 个的堆取走 {taken} 个，什么也不剩")
        }
        (Some(_), Lang::Zh) => format!(
            "代码 {code} 没有这样的走法：从 {from} 个的堆取走 {taken} 个，剩下 {}",
            parts.join("、")
        ),
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

/// Where coin `coin` on cell `from` may go, for [`MoveError::NotLeft`].
fn not_left(coin: usize, from: u64, lang: Lang) -> String {
    match (from, lang) {
        (0 | 1, Lang::En) => format!("coin {coin} is on cell {from}: it cannot slide further left"),
        (_, Lang::En) => format!(
            "coin {coin} is on cell {from}: it can only slide left, to a cell from 1 to {}",
            from - 1
        ),
        (0 | 1, Lang::Zh) => format!("第 {coin} 枚硬币在第 {from} 格：不能再向左移"),
        (_, Lang::Zh) => format!(
            "第 {coin} 枚硬币在第 {from} 格：只能向左移到第 1 到第 {} 格",
            from - 1
        ),
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

/// An upper bound on the engine's work for piles that each stay within their size now: the
/// ∏(p + 1) positions times `options`, the most options of one of them (saturating).
pub(crate) fn box_cost(piles: &[u64], options: u128) -> u64 {
    piles
        .iter()
        .try_fold(1u128, |n, &p| n.checked_mul(u128::from(p) + 1))
        .and_then(|n| n.checked_mul(options))
        .map_or(u64::MAX, |c| u64::try_from(c).unwrap_or(u64::MAX))
}

/// The index (from 0) of part `number` (from 1) among `count` parts.
///
/// # Errors
/// [`MoveError::NoSuch`] when there is no such part.
pub(crate) fn index(unit: Unit, number: u64, count: usize) -> Result<usize, MoveError> {
    usize::try_from(number)
        .ok()
        .and_then(|n| n.checked_sub(1))
        .filter(|&i| i < count)
        .ok_or(MoveError::NoSuch {
            unit,
            number,
            count,
        })
}

/// Checks that `asked` stones can leave part `index` (from 0), which has `has`.
///
/// # Errors
/// [`MoveError::TakesNothing`] or [`MoveError::TooMany`].
pub(crate) fn amount(unit: Unit, index: usize, has: u64, asked: u64) -> Result<(), MoveError> {
    if asked == 0 {
        return Err(MoveError::TakesNothing);
    }
    if asked > has {
        return Err(MoveError::TooMany {
            unit,
            place: index + 1,
            has,
            asked,
        });
    }
    Ok(())
}

/// The move taking `count` stones from pile `number` (from 1) of `piles`.
///
/// # Errors
/// As [`index`] and [`amount`].
pub(crate) fn take_from(piles: &[u64], number: u64, count: u64) -> Result<Change, MoveError> {
    let pile = index(Unit::Pile, number, piles.len())?;
    let from = piles[pile];
    amount(Unit::Pile, pile, from, count)?;
    Ok(Change::Take {
        pile,
        from,
        to: from - count,
    })
}

/// Why a game could not be set up.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SetupError {
    /// No ruleset has this name.
    #[error("unknown game {name}; playable games: {}", RULESETS.join(", "))]
    UnknownGame {
        /// The name as given.
        name: Token,
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
    /// Misère play asked of a ruleset that is played under normal play only.
    #[error(
        "{game} is played under normal play only (the last move wins); misère play is not offered"
    )]
    NormalPlayOnly {
        /// The ruleset.
        game: String,
    },
}

/// A game as asked for by a front end: ruleset, convention and parameters.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Setup {
    /// The ruleset's command name (`nim`).
    pub game: String,
    /// Misère play: the player who makes the last move loses.
    pub misere: bool,
    /// The ruleset's parameters by name, as text (a subtraction set `1,3,4`, a grid size, ...).
    pub params: BTreeMap<String, String>,
}

impl Setup {
    /// The convention asked for.
    pub fn convention(&self) -> Play {
        if self.misere {
            Play::Misere
        } else {
            Play::Normal
        }
    }

    /// Refuses parameters that a ruleset without parameters was given.
    ///
    /// # Errors
    /// [`SetupError::BadParam`] naming the first parameter.
    pub fn no_params(&self) -> Result<(), SetupError> {
        self.only_params(&[])
    }

    /// Refuses parameters other than `known`.
    ///
    /// # Errors
    /// [`SetupError::BadParam`] naming the first unknown parameter.
    pub fn only_params(&self, known: &[ParamDoc]) -> Result<(), SetupError> {
        match self
            .params
            .keys()
            .find(|name| !known.iter().any(|k| k.name == name.as_str()))
        {
            Some(name) if known.is_empty() => Err(SetupError::BadParam {
                name: Token::new(name),
                problem: format!("{} takes no parameters", self.game),
            }),
            Some(name) => Err(SetupError::BadParam {
                name: Token::new(name),
                problem: format!(
                    "{} takes only {}",
                    self.game,
                    known.iter().map(|k| k.name).collect::<Vec<_>>().join(", ")
                ),
            }),
            None => Ok(()),
        }
    }

    /// Refuses misère play for a ruleset played under normal play only.
    ///
    /// # Errors
    /// [`SetupError::NormalPlayOnly`].
    pub fn normal_play_only(&self) -> Result<(), SetupError> {
        if self.misere {
            return Err(SetupError::NormalPlayOnly {
                game: self.game.clone(),
            });
        }
        Ok(())
    }
}

/// A parameter of a ruleset, for help text and the page's form.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct ParamDoc {
    /// Its name (`k`).
    pub name: &'static str,
    /// What it is, in English.
    pub en: &'static str,
    /// What it is, in Chinese.
    pub zh: &'static str,
}

/// What a front end sends back to go on from a position: the numbers [`Playable::position`]
/// reads and the parameters of [`Setup::params`] (for Nim with a shrinking cap, the cap).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Resume {
    /// The position's numbers.
    pub position: Vec<u64>,
    /// The parameters, by name.
    #[serde(flatten)]
    pub params: BTreeMap<String, String>,
}

impl Resume {
    /// A position that is its numbers alone, with no parameters.
    pub(crate) fn numbers(numbers: &[u64]) -> Resume {
        Resume {
            position: numbers.to_vec(),
            params: BTreeMap::new(),
        }
    }
}

/// Piles that are a position of a ruleset whose analysis may refuse some (too large for its
/// closed form or its tables): at least one pile, and `analyze` accepts them.
///
/// # Errors
/// [`SetupError::Empty`] for no pile; [`SetupError::BadPosition`] with the analysis's error.
pub(crate) fn analyzable_piles<T, E: std::fmt::Display>(
    piles: Vec<u64>,
    analyze: impl FnOnce(&[u64]) -> Result<T, E>,
) -> Result<Vec<u64>, SetupError> {
    if piles.is_empty() {
        return Err(SetupError::Empty { what: "piles" });
    }
    analyze(&piles).map_err(|e| SetupError::BadPosition {
        problem: e.to_string(),
    })?;
    Ok(piles)
}

/// Numbers separated by spaces, as a position is typed.
pub(crate) fn show_numbers(numbers: &[u64]) -> String {
    numbers
        .iter()
        .map(u64::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

/// The stones in a list of piles (the material of every pile-list ruleset).
pub(crate) fn total_stones(piles: &[u64]) -> u128 {
    piles.iter().map(|&p| u128::from(p)).sum()
}

/// One stone from the largest pile (the first of the largest); `None` when every pile is empty.
pub(crate) fn one_from_largest(piles: &[u64]) -> Option<Change> {
    let (pile, &from) = piles
        .iter()
        .enumerate()
        .filter(|&(_, &p)| p > 0)
        .max_by_key(|&(i, &p)| (p, std::cmp::Reverse(i)))?;
    Some(Change::Take {
        pile,
        from,
        to: from - 1,
    })
}

/// The largest pile [`positions_from`] counts; a larger one has more than 2^64 descendants.
const MAX_COUNTED: u64 = 60;

/// An upper bound on the positions (ordered lists of piles) a pile of n can become when a move
/// replaces one pile by piles holding no more stones in all (takes, Lasker's splits,
/// take-and-break moves), `None` above [`MAX_COUNTED`]: such a list has Σ max(q, 1) ≤ n (a pile
/// emptied by a take was at least 1 when it was split off). Counting the lists of that form, a
/// part of weight 1 being 0 or 1 and a part of weight w ≥ 2 being w: with c(s) the lists of
/// weight exactly s (c(0) = 1, c(s) = 2c(s − 1) + Σ_{w≥2} c(s − w)), there are Σ_{s=1..n} c(s),
/// or 1 for n = 0.
pub(crate) fn positions_from(n: u64) -> Option<u128> {
    if n > MAX_COUNTED {
        return None;
    }
    let n = n as usize;
    let mut exact = vec![1u128];
    for s in 1..=n {
        let longer: u128 = exact[..s - 1].iter().sum();
        exact.push(2 * exact[s - 1] + longer);
    }
    Some(if n == 0 { 1 } else { exact[1..].iter().sum() })
}

/// The names [`with_ruleset`] knows, in the order front ends list them.
pub const RULESETS: &[&str] = &[
    "nim",
    "staircase",
    "grid",
    "coins",
    "nonincreasing",
    "subtraction",
    "wythoff",
    "lasker",
    "octal",
];

/// Something to do with a playable ruleset whatever its type (a play loop, an API handler).
pub trait Visitor {
    /// What the visit returns.
    type Output;
    /// Does the work with the ruleset `game`.
    fn visit<G: Playable>(self, game: G) -> Self::Output;
}

/// Builds the ruleset `setup` names and hands it to `visitor`. The one registry of playable
/// rulesets: add a line here (and its name to [`RULESETS`]) for a new one.
///
/// # Errors
/// [`SetupError`] for an unknown name or bad parameters.
pub fn with_ruleset<V: Visitor>(setup: &Setup, visitor: V) -> Result<V::Output, SetupError> {
    match setup.game.as_str() {
        "nim" => {
            setup.no_params()?;
            Ok(visitor.visit(nim::NimPlay::new(setup.convention())))
        }
        "staircase" => Ok(visitor.visit(stairs::StaircasePlay::new(setup)?)),
        "grid" => Ok(visitor.visit(stairs::GridPlay::new(setup)?)),
        "coins" => Ok(visitor.visit(coins::CoinsPlay::new(setup)?)),
        "nonincreasing" => Ok(visitor.visit(nonincreasing::CapPlay::new(setup)?)),
        "subtraction" => Ok(visitor.visit(subtraction::SubtractionPlay::new(setup)?)),
        "wythoff" => Ok(visitor.visit(wythoff::WythoffPlay::new(setup)?)),
        "lasker" => Ok(visitor.visit(lasker::LaskerPlay::new(setup)?)),
        "octal" => Ok(visitor.visit(octal::OctalPlay::new(setup)?)),
        name => Err(SetupError::UnknownGame {
            name: Token::new(name),
        }),
    }
}

/// A ruleset that people can play against the computer.
///
/// Required: the rules for the engine, positions from numbers, the move notation, legal moves,
/// applying a move and the analysis. Provided: the computer's move.
pub trait Playable {
    /// A position.
    type Position: Clone + Eq + Hash + Serialize;
    /// An explanation step of the analysis.
    type Step: Explain + Serialize;
    /// The rules as a [`Game`], for the engine.
    type Rules: Game<Position = Self::Position>;

    /// The command name (`nim`).
    fn name(&self) -> &'static str;
    /// The name for people (`misère Nim`).
    fn title(&self, lang: Lang) -> String;
    /// The winning convention; normal play unless the ruleset offers misère play.
    fn convention(&self) -> Play {
        Play::Normal
    }
    /// The rules for the engine.
    fn rules(&self) -> &Self::Rules;
    /// How a move is written.
    fn notation(&self) -> Notation;
    /// The parameters the ruleset takes (none for most).
    fn parameters(&self) -> &'static [ParamDoc] {
        &[]
    }

    /// The position described by `numbers` (as typed on the command line or sent as JSON).
    ///
    /// # Errors
    /// [`SetupError`] when the numbers do not describe a position.
    fn position(&self, numbers: Vec<u64>) -> Result<Self::Position, SetupError>;
    /// How many components (piles, coins, ...) the position has.
    fn components(&self, position: &Self::Position) -> usize;
    /// The numbers and parameters that give `position` back through [`with_ruleset`] and
    /// [`Playable::position`].
    fn resume(&self, position: &Self::Position) -> Resume;
    /// The position for people, on one line.
    fn show(&self, position: &Self::Position) -> String;

    /// Reads a move in the ruleset's notation and checks that it is legal.
    ///
    /// # Errors
    /// [`MoveError`] saying in one line what is wrong.
    fn parse_move(&self, position: &Self::Position, text: &str) -> Result<Change, MoveError>;
    /// The move in the ruleset's notation (what [`Playable::parse_move`] reads back).
    fn write_move(&self, change: &Change) -> String;
    /// Pushes every legal move of `position` onto `out`. Only called on positions the engine
    /// may search (see [`Playable::search_cost`]), so it may be long for large ones.
    fn legal_moves(&self, position: &Self::Position, out: &mut Vec<Change>);
    /// True when the player to move has no move.
    fn is_over(&self, position: &Self::Position) -> bool;
    /// The position after `change`, which must be legal.
    fn apply(&self, position: &Self::Position, change: &Change) -> Self::Position;
    /// The analysis (outcome, value, winning moves, explanation).
    ///
    /// # Errors
    /// [`EngineError`] when a ruleset without a closed form cannot search the position.
    fn analyze(
        &self,
        position: &Self::Position,
        options: &AnalyzeOptions,
    ) -> Result<Analysis<Self::Step>, EngineError>;

    /// An upper bound on the engine's work (positions times options) to search every position
    /// reachable from `position`, or `None` when the ruleset cannot tell.
    fn search_cost(&self, position: &Self::Position) -> Option<u64>;
    /// How much game is left (stones for Nim): the fallback strategy wins with the move that
    /// leaves the least.
    fn material(&self, position: &Self::Position) -> u128;
    /// A move that keeps the game long, for a lost position too large to search.
    fn slow_move(&self, position: &Self::Position) -> Option<Change>;

    /// The computer's move: see the module documentation. `None` when the game is over (or when
    /// neither the engine nor the analysis can handle the position).
    fn computer_move(
        &self,
        position: &Self::Position,
        search: &mut Search<Self::Position>,
    ) -> Option<Reply>
    where
        Self: Sized,
    {
        if self.is_over(position) {
            return None;
        }
        if self
            .search_cost(position)
            .is_some_and(|cost| cost <= search.budget)
        {
            if let Ok(Some(reply)) = search.by_remoteness(self, position) {
                return Some(reply);
            }
        }
        let analysis = self
            .analyze(
                position,
                &AnalyzeOptions {
                    max_moves: FALLBACK_CANDIDATES,
                    explain: false,
                },
            )
            .ok()?;
        let change = match analysis.outcome {
            Outcome::N => analysis
                .winning_moves
                .into_iter()
                .min_by_key(|c| self.material(&self.apply(position, c)))?,
            _ => self.slow_move(position)?,
        };
        Some(Reply {
            change,
            remoteness: None,
            winning: analysis.outcome == Outcome::N,
        })
    }
}

/// How many winning moves of the closed form the fallback strategy compares.
pub const FALLBACK_CANDIDATES: usize = 64;

/// The computer's move and what it knows about it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Reply {
    /// The move.
    pub change: Change,
    /// How many more moves the game lasts after it with perfect play on both sides, when the
    /// engine searched the position; `None` when the closed form chose the move.
    pub remoteness: Option<u32>,
    /// Whether the move wins (the position was won for the computer).
    pub winning: bool,
}

/// The engine tables behind the computer's moves, kept across the moves of one game.
pub struct Search<P> {
    normal: Memo<P>,
    misere: Memo<Option<P>>,
    /// The most work ([`Playable::search_cost`]) the computer searches; above it, it plays by
    /// the closed form.
    pub budget: u64,
}

impl<P: Clone + Eq + Hash> Search<P> {
    /// The default budget: about a quarter of a second of engine work.
    pub const DEFAULT_BUDGET: u64 = 2_000_000;

    /// Empty tables with the given work budget (which also bounds the tables' size).
    pub fn new(budget: u64) -> Self {
        let limit = usize::try_from(budget).unwrap_or(usize::MAX);
        Search {
            normal: Memo::bounded(limit, false),
            misere: Memo::bounded(limit, false),
            budget,
        }
    }

    /// Makes the searches stop with [`EngineError::Cancelled`] once `cancel` is cancelled; the
    /// computer then plays by the closed form (see [`Playable::computer_move`]).
    pub fn set_cancel(&mut self, cancel: &crate::Cancel) {
        self.normal.set_cancel(cancel.clone());
        self.misere.set_cancel(cancel.clone());
    }

    /// What the engine knows about `position` under `play`: its outcome and remoteness.
    ///
    /// # Errors
    /// [`EngineError`] when the table is full.
    pub fn outcome_and_remoteness<G: Game<Position = P>>(
        &mut self,
        rules: &G,
        position: &P,
        play: Play,
    ) -> Result<(Outcome, u32), EngineError> {
        match play {
            Play::Normal => {
                let info = self.normal.info(rules, position)?;
                Ok((info.outcome(Play::Normal), info.remoteness))
            }
            Play::Misere => {
                let info: Info = self
                    .misere
                    .info(&MisereRules(rules), &Some(position.clone()))?;
                Ok((info.outcome(Play::Normal), info.remoteness - 1))
            }
        }
    }

    fn by_remoteness<G: Playable<Position = P>>(
        &mut self,
        game: &G,
        position: &P,
    ) -> Result<Option<Reply>, EngineError> {
        let mut moves = Vec::new();
        game.legal_moves(position, &mut moves);
        let mut fastest_win: Option<(u32, Change)> = None;
        let mut slowest_loss: Option<(u32, Change)> = None;
        for change in moves {
            let after = game.apply(position, &change);
            let (outcome, remoteness) =
                self.outcome_and_remoteness(game.rules(), &after, game.convention())?;
            if outcome == Outcome::P {
                if fastest_win.as_ref().is_none_or(|(r, _)| remoteness < *r) {
                    fastest_win = Some((remoteness, change));
                }
            } else if slowest_loss.as_ref().is_none_or(|(r, _)| remoteness > *r) {
                slowest_loss = Some((remoteness, change));
            }
        }
        let winning = fastest_win.is_some();
        Ok(fastest_win
            .or(slowest_loss)
            .map(|(remoteness, change)| Reply {
                change,
                remoteness: Some(remoteness),
                winning,
            }))
    }
}

/// Misère play of `G` as normal play: every end position of `G` gets one move to `None`, so
/// the player who cannot move in `G` wins by making that last move. Remoteness here is the
/// misère remoteness plus one.
pub struct MisereRules<'a, G>(pub &'a G);

impl<G: Game> Game for MisereRules<'_, G> {
    type Position = Option<G::Position>;

    fn options(&self, position: &Self::Position, out: &mut Vec<Self::Position>) {
        let Some(position) = position else { return };
        let mut inner = Vec::new();
        self.0.options(position, &mut inner);
        if inner.is_empty() {
            out.push(None);
        } else {
            out.extend(inner.into_iter().map(Some));
        }
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use std::collections::{HashMap, HashSet};

    use super::*;

    /// Reference outcome and remoteness by plain recursion over the rules' options, sharing
    /// nothing with the engine: (the mover wins, moves left with the winner hurrying and the
    /// loser stalling).
    pub(crate) fn reference<G: Game>(
        rules: &G,
        position: &G::Position,
        play: Play,
        memo: &mut HashMap<G::Position, (bool, u32)>,
    ) -> (bool, u32) {
        if let Some(&known) = memo.get(position) {
            return known;
        }
        let mut options = Vec::new();
        rules.options(position, &mut options);
        let children: Vec<(bool, u32)> = options
            .iter()
            .map(|o| reference(rules, o, play, memo))
            .collect();
        let result = if children.is_empty() {
            (play == Play::Misere, 0)
        } else if let Some(r) = children.iter().filter(|c| !c.0).map(|c| c.1).min() {
            (true, r + 1)
        } else {
            (false, children.iter().map(|c| c.1).max().unwrap_or(0) + 1)
        };
        memo.insert(position.clone(), result);
        result
    }

    /// Checks a playable ruleset on every one of `positions`:
    /// - its legal moves lead to exactly the rules' options, and the game is over exactly when
    ///   there is none;
    /// - every legal move is written and read back, and of the texts `A B` with A, B up to
    ///   `up_to` the parser accepts exactly those of legal moves; refusals are one line, with
    ///   a Chinese text;
    /// - the computer, searching, wins as fast and loses as slowly as the reference says;
    /// - the computer without search (the closed form) never throws away a win;
    /// - the resumed numbers and parameters give the position back.
    pub(crate) fn check_playable<G: Playable>(game: &G, positions: &[G::Position], up_to: u64)
    where
        G::Position: std::fmt::Debug,
    {
        let play = game.convention();
        let mut memo = HashMap::new();
        let mut search = Search::new(Search::<G::Position>::DEFAULT_BUDGET);
        let mut no_search = Search::new(0);
        let texts: Vec<String> = (0..=up_to)
            .flat_map(|a| (0..=up_to).map(move |b| format!("{a} {b}")))
            .collect();
        for position in positions {
            let mut moves = Vec::new();
            game.legal_moves(position, &mut moves);
            let mut options = Vec::new();
            game.rules().options(position, &mut options);
            let mut expected: HashMap<&G::Position, usize> = HashMap::new();
            for o in &options {
                *expected.entry(o).or_default() += 1;
            }
            let after: Vec<G::Position> = moves.iter().map(|c| game.apply(position, c)).collect();
            let mut got: HashMap<&G::Position, usize> = HashMap::new();
            for a in &after {
                *got.entry(a).or_default() += 1;
            }
            assert_eq!(got, expected, "moves of {}", game.show(position));
            assert_eq!(game.is_over(position), moves.is_empty());

            let written: HashSet<String> = moves.iter().map(|c| game.write_move(c)).collect();
            assert_eq!(written.len(), moves.len(), "two moves written alike");
            for change in &moves {
                let text = game.write_move(change);
                assert_eq!(game.parse_move(position, &text).as_ref(), Ok(change));
            }
            for text in &texts {
                match game.parse_move(position, text) {
                    Ok(change) => assert!(moves.contains(&change), "{text} accepted"),
                    Err(e) => {
                        assert!(!written.contains(text), "{text} refused: {e}");
                        assert!(!e.to_string().contains('\n') && !e.text(Lang::Zh).is_empty());
                    }
                }
            }

            let resume = game.resume(position);
            let setup = Setup {
                game: game.name().to_string(),
                misere: play == Play::Misere,
                params: resume.params.clone(),
            };
            struct Again<'a>(&'a Vec<u64>);
            impl Visitor for Again<'_> {
                type Output = serde_json::Value;
                fn visit<H: Playable>(self, game: H) -> serde_json::Value {
                    serde_json::to_value(game.position(self.0.clone()).unwrap()).unwrap()
                }
            }
            let again = with_ruleset(&setup, Again(&resume.position)).unwrap();
            assert_eq!(again, serde_json::to_value(position).unwrap());

            let (wins, r) = reference(game.rules(), position, play, &mut memo);
            let Some(reply) = game.computer_move(position, &mut search) else {
                assert!(moves.is_empty(), "no reply from {}", game.show(position));
                continue;
            };
            assert_eq!(reply.winning, wins, "{}", game.show(position));
            let next = game.apply(position, &reply.change);
            let (next_wins, next_r) = reference(game.rules(), &next, play, &mut memo);
            assert_eq!(
                next_wins,
                !wins,
                "{} {:?}",
                game.show(position),
                reply.change
            );
            assert_eq!(next_r + 1, r, "{} {:?}", game.show(position), reply.change);
            assert_eq!(reply.remoteness, Some(next_r));

            let fallback = game.computer_move(position, &mut no_search).unwrap();
            assert_eq!(fallback.remoteness, None);
            assert_eq!(fallback.winning, wins);
            let next = game.apply(position, &fallback.change);
            assert_eq!(
                reference(game.rules(), &next, play, &mut memo).0,
                !wins,
                "{} {:?}",
                game.show(position),
                fallback.change
            );
        }
    }
}
