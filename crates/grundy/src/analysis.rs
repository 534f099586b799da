//! The one result every front end renders: outcome, value, winning moves and explanation.

use serde::Serialize;

use crate::{Lang, Nimber, Outcome};

/// How many piles (steps, components) an explanation shows one by one.
pub const EXPLAINED_PILES: usize = 16;

/// Options shared by every ruleset's analysis.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AnalyzeOptions {
    /// At most this many winning moves are listed; [`Analysis::winning_move_count`] counts them all.
    pub max_moves: usize,
    /// Whether to build the explanation steps.
    pub explain: bool,
}

impl AnalyzeOptions {
    /// The default number of winning moves listed.
    pub const DEFAULT_MAX_MOVES: usize = 100;
}

impl Default for AnalyzeOptions {
    fn default() -> Self {
        AnalyzeOptions {
            max_moves: Self::DEFAULT_MAX_MOVES,
            explain: false,
        }
    }
}

/// A move, described by what it changes. The position after it is the ruleset's to build
/// (see each game module's `play`), so that a list of moves never copies a large position.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
#[non_exhaustive]
pub enum Change {
    /// Pile `pile` (0-based) goes from `from` stones to `to` stones.
    Take {
        /// Index of the pile, from 0.
        pile: usize,
        /// Stones before.
        from: u64,
        /// Stones after.
        to: u64,
    },
    /// `count` stones are carried from component `from` to component `to` (both 0-based).
    ///
    /// Staircases are numbered upwards and stones go down (`to` = `from` − 1, or `None` for the
    /// ground, where stones leave play); a strip of cells is numbered along the direction of play
    /// (`to` = `from` + 1). The description names steps or cells accordingly.
    Carry {
        /// Index of the step or cell the stones leave.
        from: usize,
        /// Index of the step or cell they land on; `None` is the ground.
        to: Option<usize>,
        /// How many stones.
        count: u64,
    },
    /// Coin `coin` (0-based, in the order given) slides from cell `from` to cell `to`.
    Slide {
        /// Index of the coin in the position as given.
        coin: usize,
        /// Its cell before.
        from: u64,
        /// Its cell after.
        to: u64,
    },
    /// The same number of stones leaves both piles of a two-pile game (Wythoff).
    TakeBoth {
        /// The two piles before.
        from: [u64; 2],
        /// The two piles after.
        to: [u64; 2],
    },
    /// Pile `pile` of `from` stones is split into two non-empty piles (Lasker's Nim); the first
    /// part stays at index `pile`, the second is inserted right after it.
    Split {
        /// Index of the pile, from 0.
        pile: usize,
        /// Stones before.
        from: u64,
        /// The two parts, smaller first.
        into: [u64; 2],
    },
    /// A take-and-break move: pile `pile` of `from` stones loses some (or none) and what is left is
    /// broken into two or more non-empty piles, which take its place in order.
    Break {
        /// Index of the pile, from 0.
        pile: usize,
        /// Stones before.
        from: u64,
        /// The piles left, smallest first.
        into: Vec<u64>,
    },
    /// Several piles shrink in one move (Moore's Nim_k): `piles[i]` goes from `from[i]` to `to[i]`.
    TakeMany {
        /// Indices of the piles, from 0, increasing.
        piles: Vec<usize>,
        /// Stones before, pile by pile.
        from: Vec<u64>,
        /// Stones after, pile by pile.
        to: Vec<u64>,
    },
    /// Number `number` (0-based) goes from `from` to `to` by subtracting `times` times the other
    /// number (Euclid's game).
    Subtract {
        /// Index of the number changed, from 0.
        number: usize,
        /// Its value before.
        from: u64,
        /// Its value after.
        to: u64,
        /// How many times the other number is subtracted.
        times: u64,
    },
    /// Edge `edge` (from 0, in the order given) of a Hackenbush drawing is cut; `falls` more
    /// edges lose their way to the ground and fall with it.
    Cut {
        /// Index of the edge, from 0.
        edge: usize,
        /// Its two ends.
        ends: [u32; 2],
        /// How many other edges fall.
        falls: u64,
    },
    /// Piece `piece` (0-based), a `from[0]`×`from[1]` rectangle, is cut along a grid line into the
    /// two rectangles `into` (Cutting Game): the first stays at index `piece`, the second is
    /// inserted right after it.
    CutPiece {
        /// Index of the piece, from 0.
        piece: usize,
        /// Its width and height before.
        from: [u64; 2],
        /// The two pieces after, each as width and height.
        into: [[u64; 2]; 2],
    },
    /// Group `group` (0-based) of two piles loses its pile at index `1 - kept` and its pile at
    /// index `kept` is split into the two piles `to` (E&D).
    Regroup {
        /// Index of the group, from 0.
        group: usize,
        /// Which pile of the group (0 or 1) is split; the other is removed.
        kept: usize,
        /// The two piles before.
        from: [u64; 2],
        /// The two piles after.
        to: [u64; 2],
    },
    /// The coins at places `places` (increasing, numbered as the rule numbers them) of a row
    /// are turned over, the last from heads to tails (coin-turning games).
    Turn {
        /// The places, increasing.
        places: Vec<u64>,
    },
    /// The coins at places `places` ((x, y), increasing) of a grid are turned over, the last from
    /// heads to tails (coin-turning games played by a product of rules).
    TurnGrid {
        /// The places, increasing.
        places: Vec<[u64; 2]>,
    },
    /// A move in every pile that can move (Every-SG play): the piles' own moves, in pile order.
    Every {
        /// One move per pile.
        moves: Vec<Change>,
    },
    /// A move to option `option` (from 0, in the rules' order) of a game whose positions are
    /// not numbers (a script game); `to` is that option as written.
    Reach {
        /// The option's index among the position's options.
        option: usize,
        /// The position it leads to, as written.
        to: String,
    },
}

impl Change {
    /// The move of a one-pile position (pile 0) made on pile `index` of a position whose piles
    /// are independent games ([`crate::ruleset::Ruleset::summands`]): the same move, its pile
    /// renumbered. Moves that name no pile are returned as they are.
    pub fn on_pile(mut self, index: usize) -> Change {
        if let Change::Take { pile, .. } | Change::Split { pile, .. } | Change::Break { pile, .. } =
            &mut self
        {
            *pile += index;
        }
        self
    }

    /// The pile a move of one pile names (from 0); `None` for other moves.
    pub fn pile(&self) -> Option<usize> {
        match self {
            Change::Take { pile, .. } | Change::Split { pile, .. } | Change::Break { pile, .. } => {
                Some(*pile)
            }
            _ => None,
        }
    }

    /// A one-line human description, piles numbered from 1.
    pub fn describe(&self, lang: Lang) -> String {
        match self {
            &Change::Take { pile, from, to } => match lang {
                Lang::En => format!("take {} from pile {} ({from} -> {to})", from - to, pile + 1),
                Lang::Zh => format!("从第 {} 堆取走 {} 个（{from} → {to}）", pile + 1, from - to),
            },
            &Change::Carry { from, to, count } => match (to, lang) {
                (None, Lang::En) => format!("move {count} from step {} to the ground", from + 1),
                (None, Lang::Zh) => format!("把第 {} 级台阶上的 {count} 个石子移到地面", from + 1),
                (Some(to), Lang::En) if to < from => {
                    format!(
                        "move {count} from step {} down to step {}",
                        from + 1,
                        to + 1
                    )
                }
                (Some(to), Lang::Zh) if to < from => format!(
                    "把第 {} 级台阶上的 {count} 个石子移到第 {} 级",
                    from + 1,
                    to + 1
                ),
                (Some(to), Lang::En) => {
                    format!("move {count} from cell {} to cell {}", from + 1, to + 1)
                }
                (Some(to), Lang::Zh) => {
                    format!("把第 {} 格的 {count} 个石子移到第 {} 格", from + 1, to + 1)
                }
            },
            &Change::Slide { coin, from, to } => match lang {
                Lang::En => format!("slide coin {} from cell {from} to cell {to}", coin + 1),
                Lang::Zh => format!("把第 {} 枚硬币从第 {from} 格移到第 {to} 格", coin + 1),
            },
            &Change::TakeBoth { from, to } => {
                let taken = from[0] - to[0];
                let [a, b] = from;
                let [c, d] = to;
                match lang {
                    Lang::En => format!("take {taken} from both piles ({a}, {b} -> {c}, {d})"),
                    Lang::Zh => format!("从两堆各取走 {taken} 个（{a}, {b} → {c}, {d}）"),
                }
            }
            &Change::Split {
                pile,
                from,
                into: [x, y],
            } => match lang {
                Lang::En => format!("split pile {} ({from}) into {x} and {y}", pile + 1),
                Lang::Zh => format!("把第 {} 堆（{from} 个）分成 {x} 和 {y} 两堆", pile + 1),
            },
            Change::Break { pile, from, into } => {
                let taken = from - into.iter().sum::<u64>();
                let parts = into.iter().map(u64::to_string).collect::<Vec<_>>();
                let (last, first) = parts
                    .split_last()
                    .expect("a break leaves two piles or more");
                match (taken, lang) {
                    (0, Lang::En) => format!(
                        "split pile {} ({from}) into {} and {last}",
                        pile + 1,
                        first.join(", ")
                    ),
                    (_, Lang::En) => format!(
                        "take {taken} from pile {} ({from}), leaving piles of {} and {last}",
                        pile + 1,
                        first.join(", ")
                    ),
                    (0, Lang::Zh) => format!(
                        "把第 {} 堆（{from} 个）分成 {} 共 {} 堆",
                        pile + 1,
                        parts.join("、"),
                        parts.len()
                    ),
                    (_, Lang::Zh) => format!(
                        "从第 {} 堆（{from} 个）取走 {taken} 个，剩下的分成 {} 共 {} 堆",
                        pile + 1,
                        parts.join("、"),
                        parts.len()
                    ),
                }
            }
            Change::TakeMany { piles, from, to } => {
                let numbers = piles
                    .iter()
                    .map(|p| (p + 1).to_string())
                    .collect::<Vec<_>>();
                let arrow = lang.pick(" -> ", " → ");
                let steps = from
                    .iter()
                    .zip(to)
                    .map(|(f, t)| format!("{f}{arrow}{t}"))
                    .collect::<Vec<_>>();
                match lang {
                    Lang::En => format!(
                        "take from piles {} ({})",
                        numbers.join(", "),
                        steps.join(", ")
                    ),
                    Lang::Zh => format!(
                        "从第 {} 堆同时取（{}）",
                        numbers.join("、"),
                        steps.join("，")
                    ),
                }
            }
            &Change::Subtract {
                number,
                from,
                to,
                times,
            } => {
                let other = from.saturating_sub(to).checked_div(times).unwrap_or(0);
                match lang {
                    Lang::En => format!(
                        "subtract {times} × {other} from number {} ({from} -> {to})",
                        number + 1
                    ),
                    Lang::Zh => format!(
                        "第 {} 个数减去 {times} × {other}（{from} → {to}）",
                        number + 1
                    ),
                }
            }
            &Change::Cut {
                edge,
                ends: [u, v],
                falls,
            } => match (falls, lang) {
                (0, Lang::En) => format!("cut edge {} ({u}-{v})", edge + 1),
                (1, Lang::En) => {
                    format!("cut edge {} ({u}-{v}); 1 more edge falls with it", edge + 1)
                }
                (_, Lang::En) => format!(
                    "cut edge {} ({u}-{v}); {falls} more edges fall with it",
                    edge + 1
                ),
                (0, Lang::Zh) => format!("剪断第 {} 条边（{u}-{v}）", edge + 1),
                (_, Lang::Zh) => format!(
                    "剪断第 {} 条边（{u}-{v}），另有 {falls} 条边随之掉落",
                    edge + 1
                ),
            },
            &Change::CutPiece {
                piece,
                from: [w, h],
                into: [[a, b], [c, d]],
            } => match lang {
                Lang::En => format!("cut piece {} ({w}×{h}) into {a}×{b} and {c}×{d}", piece + 1),
                Lang::Zh => format!("把第 {} 块（{w}×{h}）切成 {a}×{b} 和 {c}×{d}", piece + 1),
            },
            &Change::Regroup {
                group,
                kept,
                from,
                to: [x, y],
            } => {
                let (split, removed) = (from[kept], from[1 - kept]);
                match lang {
                    Lang::En => format!(
                        "in group {}, remove the pile of {removed} and split {split} into {x} and {y}",
                        group + 1
                    ),
                    Lang::Zh => format!(
                        "在第 {} 组拿走 {removed} 个的那堆，把 {split} 个的那堆分成 {x} 和 {y}",
                        group + 1
                    ),
                }
            }
            Change::Turn { places } => {
                turn_text(&places.iter().map(u64::to_string).collect::<Vec<_>>(), lang)
            }
            Change::TurnGrid { places } => turn_text(
                &places
                    .iter()
                    .map(|[x, y]| format!("({x},{y})"))
                    .collect::<Vec<_>>(),
                lang,
            ),
            Change::Every { moves } => moves
                .iter()
                .map(|m| m.describe(lang))
                .collect::<Vec<_>>()
                .join(lang.pick("; ", "；")),
            Change::Reach { to, .. } => match lang {
                Lang::En => format!("move to {to}"),
                Lang::Zh => format!("走到 {to}"),
            },
        }
    }
}

/// "turn the coins at 3, 5" of the places written.
fn turn_text(places: &[String], lang: Lang) -> String {
    match (places.len(), lang) {
        (1, Lang::En) => format!("turn the coin at {}", places[0]),
        (_, Lang::En) => format!("turn the coins at {}", places.join(", ")),
        (_, Lang::Zh) => format!("翻转位置 {} 的硬币", places.join("、")),
    }
}

/// The winning moves of an analysis as they are found: the first `max` are kept, all are counted,
/// and the first is remembered even when `max` is 0 (the explanation shows it).
///
/// The count saturates at 2^64 − 1 (only reachable in games whose piles have astronomically many
/// winning moves each, such as splits in Lasker's Nim).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveList {
    listed: Vec<Change>,
    first: Option<Change>,
    count: u64,
    max: usize,
}

impl MoveList {
    /// An empty list that keeps at most `max` moves.
    pub fn new(max: usize) -> Self {
        MoveList {
            listed: Vec::new(),
            first: None,
            count: 0,
            max,
        }
    }

    /// Counts `change`, and keeps it if fewer than `max` are kept.
    pub fn push(&mut self, change: Change) {
        if self.first.is_none() {
            self.first = Some(change.clone());
        }
        if self.listed.len() < self.max {
            self.listed.push(change);
        }
        self.count = self.count.saturating_add(1);
    }

    /// Counts `n` more moves that are not listed.
    pub fn count_unlisted(&mut self, n: u64) {
        self.count = self.count.saturating_add(n);
    }

    /// How many more moves would be kept.
    pub fn room(&self) -> usize {
        self.max - self.listed.len()
    }

    /// The first move pushed, kept or not.
    pub fn first(&self) -> Option<&Change> {
        self.first.as_ref()
    }

    /// How many moves were counted.
    pub fn count(&self) -> u64 {
        self.count
    }

    /// The moves kept and the count.
    pub fn into_parts(self) -> (Vec<Change>, u64) {
        (self.listed, self.count)
    }

    /// The analysis of a position of nim-value `value` whose winning moves are these: its
    /// outcome by the Sprague–Grundy theorem, with `explanation`.
    pub fn into_analysis<S>(self, value: Nimber, explanation: Vec<S>) -> Analysis<S> {
        Analysis {
            outcome: Outcome::from_grundy(value),
            grundy: Some(value),
            winning_moves: self.listed,
            winning_move_count: self.count,
            explanation,
        }
    }

    /// The analysis of a position whose outcome is known without a nim-value (a misère or
    /// outcome-only theorem) and whose winning moves are these, with `explanation`.
    pub fn into_outcome<S>(self, outcome: Outcome, explanation: Vec<S>) -> Analysis<S> {
        Analysis {
            outcome,
            grundy: None,
            winning_moves: self.listed,
            winning_move_count: self.count,
            explanation,
        }
    }
}

/// Explanation steps: data with numbers, turned into a sentence per language.
pub trait Explain {
    /// The step as a sentence (or a few lines) in `lang`.
    fn text(&self, lang: Lang) -> String;
}

/// The analysis of one position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Analysis<S> {
    /// Who wins with perfect play.
    pub outcome: Outcome,
    /// The nim-value, where the convention has one (normal play).
    pub grundy: Option<Nimber>,
    /// The first winning moves, at most [`AnalyzeOptions::max_moves`], in the ruleset's order.
    pub winning_moves: Vec<Change>,
    /// How many winning moves there are in all.
    pub winning_move_count: u64,
    /// The explanation, empty unless asked for.
    pub explanation: Vec<S>,
}

impl<S> Analysis<S> {
    /// The same analysis with each explanation step turned into another type.
    pub fn map_steps<T>(self, step: impl FnMut(S) -> T) -> Analysis<T> {
        Analysis {
            outcome: self.outcome,
            grundy: self.grundy,
            winning_moves: self.winning_moves,
            winning_move_count: self.winning_move_count,
            explanation: self.explanation.into_iter().map(step).collect(),
        }
    }

    /// The same analysis as asked with `options`, from one made with every winning move listed
    /// and the explanation: at most `options.max_moves` moves, no explanation unless asked for.
    pub fn limited_to(mut self, options: &AnalyzeOptions) -> Analysis<S> {
        self.winning_moves.truncate(options.max_moves);
        if !options.explain {
            self.explanation.clear();
        }
        self
    }
}
