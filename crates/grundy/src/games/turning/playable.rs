//! Coin-turning games, played: the parameter `rule` names a one-dimensional rule (a row of coins)
//! or the product of two (a grid); a position is its heads coins, a move the places of the coins
//! it turns, the last of them heads. Normal play only.

use std::collections::BTreeMap;

use serde::Serialize;

use super::row::toggle;
use super::{Board, CoinRow, Product, Rule, TurningError, TurningStep, product_moves, row_moves};

use crate::engine::EngineError;
use crate::parse::Token;
use crate::ruleset::{
    About, FromSetup, Lists, MoveError, Notation, Numbered, ParamDoc, ParamRole, Presentation,
    Refusal, Ruleset, Setup, SetupError, TestPlan, Unit, malformed, move_numbers,
};
use crate::{Analysis, AnalyzeOptions, Explain, Game, Lang, Move, MoveList};

/// The command line's help: the rules, the theorem, examples.
const HELP: &str = "Coin turning (Winning Ways, chapter 14): a row of coins, each heads (H) or \
tails (T); a move turns over a set of coins that the rule allows, the last (rightmost) of which \
goes from heads to tails; who cannot move loses. The rules: turtles (Turning Turtles: one or two \
coins), twins (exactly two), mock (Mock Turtles: one, two or three), ruler (a run of consecutive \
coins ending at the heads coin), moebius and mogul (at most 5 and at most 7 coins), atmost:K (at \
most K, K from 1 to 8); on a grid, corners (Turning Corners: the four corners of a rectangle) and \
A*B, the product of two rules (a move of A along a row times a move of B down a column: every \
coin of the rectangle M_A × M_B, the one at the two moves' last places heads).\n\n\
Places are numbered as Winning Ways numbers them, the numbering the theorems use: from 0 for \
twins and mock, from 1 for the others (a grid's x and y each by its rule). A position is a row \
of H and T (`THHTH`, its first letter the first place), a grid's rows joined by `/` (`TH/HT`, \
the first row the first y), or the heads coins' places (`2 3 5`; on a grid `x,y` pairs: `0,1 \
1,0`).\n\n\
Theorem: a position is worth the nim-sum of the values of its heads coins, each taken as the \
only heads coin. Turning Turtles' coin at n is worth n (it is Nim), Twins' n, Mock Turtles' the \
n-th odious number (1, 2, 4, 7, 8, 11, …: an odd count of 1 bits), Ruler's the largest power of \
2 dividing n, at most K's the mex of the nim-sums of at most K − 1 values before it; on a grid \
the coin at (x, y) is worth G_A(x) ⊗ G_B(y), the nim product (the Tartan theorem; Turning \
Corners: x ⊗ y). A winning move turns coins whose values nim-sum to the position's value.\n\n\
Examples: `grundy turning mock THHTH`, `grundy turning ruler 3 6 8 --explain`, `grundy turning \
corners TTH/THT/HTT`, `grundy turning 'mock*ruler' 1,1 2,3`, `grundy play turning mock THHTTH`.";

const RULE: ParamDoc = ParamDoc {
    name: "rule",
    value_name: "RULE",
    en: "the rule: turtles, twins, mock, ruler, moebius, mogul or atmost:K (a row); corners or A*B, the product of two of those (a grid, e.g. mock*ruler)",
    zh: "规则：turtles、twins、mock、ruler、moebius、mogul 或 atmost:K（一行硬币）；corners 或 A*B，两条规则之积（硬币方阵，例如 mock*ruler）",
    default: Some("mock"),
    positional: true,
    role: ParamRole::Rule,
};

const NOTATION: Notation = Notation {
    en: "PLACE,PLACE,… (a grid: X,Y X,Y …)",
    zh: "位置,位置,…（方阵：X,Y X,Y …）",
    meaning_en: "turn over the coins at these places, the last of them (rightmost; on a grid, furthest down and right) heads; places numbered from 0 for twins and mock, from 1 for the others",
    meaning_zh: "翻转这些位置上的硬币，其中最后一枚（最右边的；方阵中最靠右下的）须是正面；twins 与 mock 的位置从 0 起编号，其余从 1 起",
    example: "2,4",
};

/// A move: the coins at `places` (increasing, numbered as the rule numbers them) are turned
/// over, the last from heads to tails.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(tag = "kind")]
pub enum TurnMove {
    /// On a row: the places, increasing.
    #[serde(rename = "turn")]
    Row {
        /// The places, increasing.
        places: Vec<u64>,
    },
    /// On a grid: the places (x, y), increasing.
    #[serde(rename = "turn_grid")]
    Grid {
        /// The places, increasing.
        places: Vec<[u64; 2]>,
    },
}

impl Move for TurnMove {
    fn describe(&self, lang: Lang) -> String {
        let places: Vec<String> = match self {
            TurnMove::Row { places } => places.iter().map(u64::to_string).collect(),
            TurnMove::Grid { places } => places.iter().map(|[x, y]| format!("({x},{y})")).collect(),
        };
        match (places.len(), lang) {
            (1, Lang::En) => format!("turn the coin at {}", places[0]),
            (_, Lang::En) => format!("turn the coins at {}", places.join(", ")),
            (_, Lang::Zh) => format!("翻转位置 {} 的硬币", places.join("、")),
        }
    }
}

/// Coins that no move of the rule turns, and why (in English and Chinese).
#[derive(Clone, Debug, PartialEq, Eq)]
struct NotATurn {
    input: Token,
    en: String,
    zh: String,
}

impl Explain for NotATurn {
    fn text(&self, lang: Lang) -> String {
        let NotATurn { input, en, zh } = self;
        match lang {
            Lang::En => format!("{input} is not a move: {en}"),
            Lang::Zh => format!("{input} 不是走法：{zh}"),
        }
    }
}

impl Refusal for NotATurn {}

/// The rules of a coin-turning ruleset: one rule along a row, or a product on a grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Coins {
    /// A row under a one-dimensional rule.
    Row(Rule),
    /// A grid under the product of two rules.
    Grid(Product),
}

/// The heads coins of a row (places) or of a grid ((x, y) places), increasing.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(untagged)]
pub enum Heads {
    /// The heads coins' places along a row.
    Row(Vec<u64>),
    /// The heads coins' places (x, y) on a grid.
    Grid(Vec<(u64, u64)>),
}

impl Numbered for Heads {
    /// The places; a grid's as x, y, x, y, ….
    fn numbers(&self) -> Vec<u64> {
        match self {
            Heads::Row(places) => places.clone(),
            Heads::Grid(places) => places.iter().flat_map(|&(x, y)| [x, y]).collect(),
        }
    }

    /// One component a heads coin.
    fn count(&self) -> usize {
        match self {
            Heads::Row(places) => places.len(),
            Heads::Grid(places) => places.len(),
        }
    }
}

impl Coins {
    /// Reads `corners`, `A*B` (or `A×B`) or a one-dimensional rule.
    ///
    /// # Errors
    /// [`TurningError::UnknownRule`] naming the rule that is not one.
    pub fn parse(text: &str) -> Result<Coins, TurningError> {
        if text == "corners" {
            return Ok(Coins::Grid(Product::CORNERS));
        }
        match text.split_once(['*', '×']) {
            Some((a, b)) => Ok(Coins::Grid(Product {
                a: Rule::parse(a)?,
                b: Rule::parse(b)?,
            })),
            None => Ok(Coins::Row(Rule::parse(text)?)),
        }
    }

    /// The rules' name, as [`Coins::parse`] reads it.
    pub fn name(self) -> String {
        match self {
            Coins::Row(rule) => rule.name(),
            Coins::Grid(Product::CORNERS) => "corners".into(),
            Coins::Grid(Product { a, b }) => format!("{}*{}", a.name(), b.name()),
        }
    }

    /// Reads a position (see [`CoinRow::parse`] and [`Board::parse`]).
    ///
    /// # Errors
    /// Theirs.
    pub fn read(self, text: &str) -> Result<Heads, TurningError> {
        Ok(match self {
            Coins::Row(rule) => Heads::Row(CoinRow::parse(rule, text)?.heads),
            Coins::Grid(product) => Heads::Grid(Board::parse(product, text)?.heads),
        })
    }

    /// Calls `f` with each move of the heads coin `coin` (an index into the heads).
    fn each_move_of(self, heads: &Heads, coin: usize, f: &mut impl FnMut(TurnMove)) {
        match (self, heads) {
            (Coins::Row(rule), Heads::Row(places)) => {
                let (first, top) = (rule.first_place(), places[coin]);
                rule.for_each_move(top - first, &mut |others| {
                    let places = others.iter().map(|&i| i + first).chain([top]).collect();
                    f(TurnMove::Row { places });
                });
            }
            (Coins::Grid(product), Heads::Grid(places)) => {
                let (x, y) = places[coin];
                product.for_each_move(x, y, &mut |turn| {
                    let places = turn.iter().map(|&(x, y)| [x, y]).collect();
                    f(TurnMove::Grid { places });
                });
            }
            _ => unreachable!("a position is read by its own rules"),
        }
    }

    /// Calls `f` with every move, by heads coin.
    fn each_move(self, heads: &Heads, f: &mut impl FnMut(TurnMove)) {
        (0..heads.count()).for_each(|coin| self.each_move_of(heads, coin, f));
    }

    /// Whether the heads coin `coin` has a move.
    fn has_move(self, heads: &Heads, coin: usize) -> bool {
        match (self, heads) {
            (Coins::Row(rule), Heads::Row(places)) => {
                rule.has_move(places[coin] - rule.first_place())
            }
            (Coins::Grid(Product { a, b }), Heads::Grid(places)) => {
                let (x, y) = places[coin];
                a.has_move(x - a.first_place()) && b.has_move(y - b.first_place())
            }
            _ => unreachable!("a position is read by its own rules"),
        }
    }
}

/// The position after `change`.
fn apply(heads: &Heads, change: &TurnMove) -> Heads {
    match (heads, change) {
        (Heads::Row(h), TurnMove::Row { places }) => Heads::Row(toggle(h, places)),
        (Heads::Grid(h), TurnMove::Grid { places }) => {
            let turn: Vec<(u64, u64)> = places.iter().map(|&[x, y]| (x, y)).collect();
            Heads::Grid(toggle(h, &turn))
        }
        _ => unreachable!("a coin game's moves turn its own coins, not {change:?}"),
    }
}

impl Game for Coins {
    type Position = Heads;

    fn options(&self, heads: &Heads, out: &mut Vec<Heads>) {
        self.each_move(heads, &mut |change| out.push(apply(heads, &change)));
    }
}

/// A coin-turning game as a [`crate::ruleset::Playable`] ruleset.
#[derive(Clone, Copy, Debug)]
pub struct TurningPlay {
    coins: Coins,
}

/// The refusal of a position the rules cannot read.
fn bad_position(e: TurningError) -> SetupError {
    SetupError::BadPosition {
        problem: e.to_string(),
    }
}

impl FromSetup for TurningPlay {
    /// The game of the parameter `rule` (Mock Turtles without it).
    ///
    /// # Errors
    /// [`SetupError`] for a rule that is not one, or another parameter.
    fn from_setup(setup: &Setup) -> Result<Self, SetupError> {
        setup.only_params(&[RULE])?;
        let text = setup.text_of(&RULE).unwrap_or_default();
        let coins = Coins::parse(text.trim()).map_err(|e| SetupError::BadParam {
            name: Token::new(RULE.name),
            problem: e.to_string(),
        })?;
        Ok(TurningPlay { coins })
    }

    /// A row of H and T, rows joined by `/`, or `x,y` places: the heads coins' places; `None`
    /// for numbers alone, read as [`Ruleset::position`] reads them (a grid's in pairs).
    fn read_words(
        setup: &Setup,
        words: &[String],
    ) -> Result<Option<(Setup, Vec<u64>)>, SetupError> {
        if words.iter().all(|w| w.parse::<u64>().is_ok()) {
            return Ok(None);
        }
        let game = TurningPlay::from_setup(setup)?;
        let heads = game.coins.read(&words.join(" ")).map_err(bad_position)?;
        Ok(Some((setup.clone(), heads.numbers())))
    }
}

impl TurningPlay {
    /// The position as rows of H and T up to its last heads coin (rows joined by `/`); empty
    /// when every coin is tails.
    fn written(&self, heads: &Heads) -> String {
        let letter = |on: bool| if on { 'H' } else { 'T' };
        match (self.coins, heads) {
            (Coins::Row(rule), Heads::Row(places)) => {
                let first = rule.first_place();
                let last = places.last().map_or(first, |&p| p + 1);
                (first..last)
                    .map(|p| letter(places.binary_search(&p).is_ok()))
                    .collect()
            }
            (Coins::Grid(Product { a, b }), Heads::Grid(places)) => {
                let (fa, fb) = (a.first_place(), b.first_place());
                let width = places.iter().map(|&(x, _)| x + 1).max().unwrap_or(fa);
                let height = places.iter().map(|&(_, y)| y + 1).max().unwrap_or(fb);
                let rows: Vec<String> = (fb..height)
                    .map(|y| {
                        (fa..width)
                            .map(|x| letter(places.binary_search(&(x, y)).is_ok()))
                            .collect()
                    })
                    .collect();
                rows.join("/")
            }
            _ => unreachable!("a position is read by its own rules"),
        }
    }

    /// The places before the last heads coin (a row), or in the grid up to it: what the engine
    /// may turn.
    fn places(&self, heads: &Heads) -> (u64, u64) {
        match (self.coins, heads) {
            (Coins::Row(rule), Heads::Row(places)) => {
                (places.last().map_or(0, |&p| p - rule.first_place() + 1), 1)
            }
            (Coins::Grid(Product { a, b }), Heads::Grid(places)) => {
                places.iter().fold((0, 0), |(w, h), &(x, y)| {
                    (
                        w.max(x - a.first_place() + 1),
                        h.max(y - b.first_place() + 1),
                    )
                })
            }
            _ => unreachable!("a position is read by its own rules"),
        }
    }

    /// The legal move `change` (increasing places) of `heads`, or why it is not one.
    fn legal(&self, heads: &Heads, change: TurnMove, text: &str) -> Result<TurnMove, MoveError> {
        let refuse = |en: String, zh: String| {
            MoveError::from(NotATurn {
                input: Token::new(text.trim()),
                en,
                zh,
            })
        };
        let before = |place: String, first: u64| {
            refuse(
                format!("place {place} is before the first place, {first}"),
                format!("位置 {place} 在第一个位置 {first} 之前"),
            )
        };
        let tails = |place: String| {
            refuse(
                format!(
                    "the last coin it turns, at {place}, is tails; a move turns a heads coin to tails"
                ),
                format!("它翻转的最后一枚硬币（{place}）是反面；每步须把一枚正面硬币翻成反面"),
            )
        };
        let rule_says = |name: String, en: String, zh: String| {
            refuse(
                format!("{name} turns {en}, the last of them heads"),
                format!("{name} 每步翻转{zh}，其中最后一枚是正面"),
            )
        };
        match (self.coins, heads, &change) {
            (Coins::Row(rule), Heads::Row(h), TurnMove::Row { places }) => {
                let (first, top) = (rule.first_place(), places[places.len() - 1]);
                if places[0] < first {
                    return Err(before(places[0].to_string(), first));
                }
                if h.binary_search(&top).is_err() {
                    return Err(tails(top.to_string()));
                }
                let indices: Vec<u64> = places.iter().map(|p| p - first).collect();
                if !rule.is_move(&indices) {
                    return Err(rule_says(
                        rule.name(),
                        rule.turns(Lang::En),
                        rule.turns(Lang::Zh),
                    ));
                }
            }
            (Coins::Grid(Product { a, b }), Heads::Grid(h), TurnMove::Grid { places }) => {
                let mut xs: Vec<u64> = places.iter().map(|p| p[0]).collect();
                let mut ys: Vec<u64> = places.iter().map(|p| p[1]).collect();
                for list in [&mut xs, &mut ys] {
                    list.sort_unstable();
                    list.dedup();
                }
                for (list, first) in [(&xs, a.first_place()), (&ys, b.first_place())] {
                    if list[0] < first {
                        return Err(before(list[0].to_string(), first));
                    }
                }
                let top = (xs[xs.len() - 1], ys[ys.len() - 1]);
                if h.binary_search(&top).is_err() {
                    return Err(tails(format!("({},{})", top.0, top.1)));
                }
                let rectangle = xs.len() * ys.len() == places.len();
                let along = |rule: Rule, list: &[u64]| {
                    let first = rule.first_place();
                    rule.is_move(&list.iter().map(|p| p - first).collect::<Vec<_>>())
                };
                if !(rectangle && along(a, &xs) && along(b, &ys)) {
                    return Err(rule_says(
                        self.coins.name(),
                        format!(
                            "the coins where a move of {} along x ({}) crosses a move of {} along y ({})",
                            a.name(),
                            a.turns(Lang::En),
                            b.name(),
                            b.turns(Lang::En)
                        ),
                        format!(
                            "沿 x 方向的一步 {}（{}）与沿 y 方向的一步 {}（{}）交叉处的硬币",
                            a.name(),
                            a.turns(Lang::Zh),
                            b.name(),
                            b.turns(Lang::Zh)
                        ),
                    ));
                }
            }
            _ => unreachable!("a position is read by its own rules"),
        }
        Ok(change)
    }
}

/// An upper bound on the moves from a heads coin with `n` places up to it under `rule`.
fn moves_bound(rule: Rule, n: u64) -> u64 {
    match rule {
        Rule::Turtles | Rule::Twins | Rule::Ruler => n,
        Rule::Mock => n.saturating_mul(n),
        Rule::AtMost(k) => n.saturating_pow(k as u32 - 1),
    }
}

impl Ruleset for TurningPlay {
    const ABOUT: About = About {
        parameters: &[RULE],
        part: Unit::COIN,
        board: "turning",
        test_plan: TestPlan {
            normal: Lists { len: 4, max: 3 },
            misere: Lists { len: 4, max: 3 },
            settings: &[
                ("rule", "turtles"),
                ("rule", "twins"),
                ("rule", "ruler"),
                ("rule", "moebius"),
                ("rule", "corners"),
                ("rule", "mock*ruler"),
            ],
        },
        ..About::new("turning", HELP, NOTATION)
    };
    type Position = Heads;
    type Move = TurnMove;
    type Step = TurningStep;
    type Value = crate::Nimber;
    type Rules = Coins;

    fn rules(&self) -> &Coins {
        &self.coins
    }

    fn settings(&self) -> BTreeMap<String, String> {
        BTreeMap::from([(RULE.name.to_string(), self.coins.name())])
    }

    /// The heads coins' places; a grid's as x, y pairs in turn.
    fn position(&self, numbers: Vec<u64>) -> Result<Heads, SetupError> {
        let places: Vec<String> = match self.coins {
            Coins::Row(_) => numbers.iter().map(u64::to_string).collect(),
            Coins::Grid(_) if numbers.len() % 2 == 1 => {
                return Err(SetupError::BadPosition {
                    problem: format!(
                        "{} numbers: a grid's heads coins are x,y pairs",
                        numbers.len()
                    ),
                });
            }
            Coins::Grid(_) => numbers
                .chunks(2)
                .map(|p| format!("{},{}", p[0], p[1]))
                .collect(),
        };
        self.coins.read(&places.join(" ")).map_err(bad_position)
    }

    fn legal_moves(&self, heads: &Heads, out: &mut Vec<TurnMove>) {
        self.coins.each_move(heads, &mut |change| out.push(change));
    }

    fn is_over(&self, heads: &Heads) -> bool {
        !(0..heads.count()).any(|coin| self.coins.has_move(heads, coin))
    }

    fn apply(&self, heads: &Heads, change: &TurnMove) -> Heads {
        apply(heads, change)
    }

    fn analyze(
        &self,
        heads: &Heads,
        options: &AnalyzeOptions,
    ) -> Result<Analysis<TurningStep, TurnMove>, EngineError> {
        let (value, turns, steps) = match (self.coins, heads) {
            (Coins::Row(rule), Heads::Row(places)) => {
                let row = CoinRow {
                    rule,
                    heads: places.clone(),
                };
                let turns: Vec<TurnMove> = row_moves(rule, places)
                    .into_iter()
                    .map(|places| TurnMove::Row { places })
                    .collect();
                (row.value(), turns, options.explain.then(|| row.explain()))
            }
            (Coins::Grid(product), Heads::Grid(places)) => {
                let board = Board {
                    product,
                    heads: places.clone(),
                };
                let turns: Vec<TurnMove> = product_moves(product, places)
                    .into_iter()
                    .map(|turn| TurnMove::Grid {
                        places: turn.iter().map(|&(x, y)| [x, y]).collect(),
                    })
                    .collect();
                (
                    board.value(),
                    turns,
                    options.explain.then(|| board.explain()),
                )
            }
            _ => unreachable!("a position is read by its own rules"),
        };
        let mut moves = MoveList::new(options.max_moves);
        turns.into_iter().for_each(|change| moves.push(change));
        Ok(moves.into_analysis(value, steps.unwrap_or_default()))
    }

    /// At most 2^n positions, n the places up to the last heads coin (a grid's rectangle up to
    /// it), each with at most n heads coins times the moves of one.
    fn search_cost(&self, heads: &Heads) -> Option<u64> {
        let (w, h) = self.places(heads);
        let n = w * h;
        let per_coin = match self.coins {
            Coins::Row(rule) => moves_bound(rule, w),
            Coins::Grid(Product { a, b }) => moves_bound(a, w).saturating_mul(moves_bound(b, h)),
        };
        let positions = 1u64.checked_shl(n as u32).filter(|_| n < 64);
        Some(positions.map_or(u64::MAX, |p| p.saturating_mul(n).saturating_mul(per_coin)))
    }

    /// The heads coins' numbers of places from the first (a grid's, the product of its two).
    fn material(&self, heads: &Heads) -> u128 {
        match (self.coins, heads) {
            (Coins::Row(rule), Heads::Row(places)) => places
                .iter()
                .map(|&p| u128::from(p - rule.first_place() + 1))
                .sum(),
            (Coins::Grid(Product { a, b }), Heads::Grid(places)) => places
                .iter()
                .map(|&(x, y)| {
                    u128::from(x - a.first_place() + 1) * u128::from(y - b.first_place() + 1)
                })
                .sum(),
            _ => unreachable!("a position is read by its own rules"),
        }
    }

    /// The move of the first heads coin that has one that turns the fewest coins.
    fn slow_move(&self, heads: &Heads) -> Option<TurnMove> {
        let coin = (0..heads.count()).find(|&coin| self.coins.has_move(heads, coin))?;
        let mut fewest: Option<(usize, TurnMove)> = None;
        self.coins.each_move_of(heads, coin, &mut |change| {
            let turned = match &change {
                TurnMove::Row { places } => places.len(),
                TurnMove::Grid { places } => places.len(),
            };
            if fewest.as_ref().is_none_or(|(n, _)| turned < *n) {
                fewest = Some((turned, change));
            }
        });
        fewest.map(|(_, change)| change)
    }
}

impl Presentation for TurningPlay {
    fn title(&self, lang: Lang) -> String {
        lang.pick("Coin turning", "翻硬币游戏").to_string()
    }

    /// The rows of H and T, up to the last heads coin.
    fn show(&self, heads: &Heads, lang: Lang) -> String {
        let written = self.written(heads);
        if written.is_empty() {
            return lang.pick("all tails", "全是反面").to_string();
        }
        written
    }

    fn parse_move(&self, heads: &Heads, text: &str) -> Result<TurnMove, MoveError> {
        if self.is_over(heads) {
            return Err(MoveError::GameOver);
        }
        let change = match self.coins {
            Coins::Row(_) => {
                let mut places = move_numbers(text, NOTATION)?;
                places.sort_unstable();
                places.dedup();
                TurnMove::Row { places }
            }
            Coins::Grid(_) => {
                let pair = |token: &str| {
                    let (x, y) = token.split_once(',')?;
                    Some([x.parse().ok()?, y.parse().ok()?])
                };
                let places: Option<Vec<[u64; 2]>> = text.split_whitespace().map(pair).collect();
                let mut places = places.ok_or_else(|| malformed(text, NOTATION))?;
                places.sort_unstable();
                places.dedup();
                TurnMove::Grid { places }
            }
        };
        if matches!(&change, TurnMove::Row { places } if places.is_empty())
            || matches!(&change, TurnMove::Grid { places } if places.is_empty())
        {
            return Err(malformed(text, NOTATION));
        }
        self.legal(heads, change, text)
    }

    fn write_move(&self, change: &TurnMove) -> String {
        match change {
            TurnMove::Row { places } => {
                let places: Vec<String> = places.iter().map(u64::to_string).collect();
                places.join(",")
            }
            TurnMove::Grid { places } => {
                let places: Vec<String> = places.iter().map(|[x, y]| format!("{x},{y}")).collect();
                places.join(" ")
            }
        }
    }

    /// `rule` (its name), `coins` (the rows of H and T, empty when every coin is tails) and
    /// `coin_values` (each heads coin's value, in the order of `position`).
    #[cfg(feature = "serde")]
    fn json_fields(
        &self,
        heads: &Heads,
        _analysis: &Analysis<TurningStep, TurnMove>,
    ) -> Vec<(&'static str, serde_json::Value)> {
        let values = match (self.coins, heads) {
            (Coins::Row(rule), Heads::Row(places)) => CoinRow {
                rule,
                heads: places.clone(),
            }
            .coin_values(),
            (Coins::Grid(product), Heads::Grid(places)) => Board {
                product,
                heads: places.clone(),
            }
            .coin_values(),
            _ => unreachable!("a position is read by its own rules"),
        };
        vec![
            ("rule", self.coins.name().into()),
            ("coins", self.written(heads).into()),
            ("coin_values", values.into()),
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::check_playable;

    fn game(rule: &str) -> TurningPlay {
        TurningPlay {
            coins: Coins::parse(rule).unwrap(),
        }
    }

    #[test]
    fn moves_read_and_refused_name_the_rule() {
        let mock = game("mock");
        let heads = mock.coins.read("THHTH").unwrap();
        assert_eq!(
            mock.parse_move(&heads, "4, 1"),
            Ok(TurnMove::Row { places: vec![1, 4] })
        );
        let refused =
            |g: &TurningPlay, h: &Heads, text: &str| g.parse_move(h, text).unwrap_err().to_string();
        assert!(refused(&mock, &heads, "3").contains("tails"));
        assert!(refused(&mock, &heads, "0 1 2 4").contains("one, two or three"));
        assert!(refused(&mock, &heads, "1 x").contains("'1 x'"));
        let ruler = game("ruler");
        let heads = ruler.coins.read("HTHTH").unwrap();
        assert!(ruler.parse_move(&heads, "4,5").is_ok());
        assert!(refused(&ruler, &heads, "3 5").contains("a run"));
        assert!(refused(&ruler, &heads, "0 1").contains("before the first place"));
        let corners = game("corners");
        let heads = corners.coins.read("TTT/TTT/TTH").unwrap();
        assert!(corners.parse_move(&heads, "0,0 2,0 0,2 2,2").is_ok());
        assert!(refused(&corners, &heads, "0,0 2,2").contains("crosses"));
        assert!(refused(&corners, &heads, "2 2").contains("'2 2'"));
    }

    #[test]
    fn positions_come_back_from_their_numbers_and_show_as_rows() {
        let g = game("mock*ruler");
        let heads = g.position(vec![1, 3, 0, 1]).unwrap();
        assert_eq!(heads, Heads::Grid(vec![(0, 1), (1, 3)]));
        assert_eq!(g.show(&heads, Lang::En), "HT/TT/TH");
        assert!(g.position(vec![1, 2, 3]).is_err());
        assert_eq!(
            game("twins").show(&Heads::Row(vec![]), Lang::Zh),
            "全是反面"
        );
        assert!(Coins::parse("mock*nine").is_err());
        assert_eq!(
            Coins::parse("twins×twins"),
            Ok(Coins::Grid(Product::CORNERS))
        );
    }

    #[test]
    fn every_rule_plays_as_the_engine_searches() {
        for rule in [
            "turtles",
            "twins",
            "mock",
            "ruler",
            "moebius",
            "corners",
            "mock*ruler",
        ] {
            let g = game(rule);
            let positions: Vec<Heads> = match g.coins {
                Coins::Row(r) => (0u64..1 << 6)
                    .map(|mask| {
                        let first = r.first_place();
                        Heads::Row(
                            (0..6)
                                .filter(|i| mask >> i & 1 == 1)
                                .map(|i| i + first)
                                .collect(),
                        )
                    })
                    .collect(),
                Coins::Grid(p) => (0u64..1 << 9)
                    .map(|mask| {
                        let (fa, fb) = (p.a.first_place(), p.b.first_place());
                        Heads::Grid(
                            (0..9)
                                .filter(|i| mask >> i & 1 == 1)
                                .map(|i| (i / 3 + fa, i % 3 + fb))
                                .collect(),
                        )
                    })
                    .collect(),
            };
            check_playable(&g, &positions, 6);
        }
    }
}
