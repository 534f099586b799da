//! Moves. Each ruleset has its own move type ([`crate::ruleset::Ruleset::Move`]), which
//! implements [`Move`]: it says in one line what the move changes, in English and Chinese, and
//! serialises as the JSON `change` object (`{"kind": ..., ...}`). [`PileMove`] holds the shapes
//! that rulesets played on piles of stones share.

use std::fmt::Debug;
use std::hash::Hash;

use serde::Serialize;

use crate::Lang;

/// A move of some ruleset, described by what it changes. The position after it is the ruleset's
/// to build ([`crate::ruleset::Ruleset::apply`]), so that a list of moves never copies a large
/// position.
pub trait Move: Clone + Debug + PartialEq + Eq + Hash + Serialize {
    /// A one-line description for people, places numbered from 1.
    fn describe(&self, lang: Lang) -> String;

    /// The move of a one-pile position (pile 0) made on pile `index` of a position whose piles
    /// are independent games ([`crate::ruleset::Ruleset::summands`]): the same move, its pile
    /// renumbered. A move that names no pile is returned as it is.
    fn on_pile(self, _index: usize) -> Self {
        self
    }

    /// The pile a move of one pile names (from 0); `None` for other moves.
    fn pile(&self) -> Option<usize> {
        None
    }
}

/// An example for a lost position's explanation, in `lang`: after the mover's `mover`, the
/// opponent's winning `reply`.
pub fn reply_example<M: Move>(mover: &M, reply: &M, lang: Lang) -> String {
    lang.pick(
        format!(
            "For example, after \"{}\" the opponent replies \"{}\".",
            mover.describe(Lang::En),
            reply.describe(Lang::En)
        ),
        format!(
            "例如先手“{}”之后，对手回应“{}”。",
            mover.describe(Lang::Zh),
            reply.describe(Lang::Zh)
        ),
    )
}

/// A move on piles (steps, cells) of stones: the shapes several rulesets share.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum PileMove {
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
}

impl Move for PileMove {
    fn on_pile(mut self, index: usize) -> PileMove {
        if let PileMove::Take { pile, .. }
        | PileMove::Split { pile, .. }
        | PileMove::Break { pile, .. } = &mut self
        {
            *pile += index;
        }
        self
    }

    fn pile(&self) -> Option<usize> {
        match self {
            PileMove::Take { pile, .. }
            | PileMove::Split { pile, .. }
            | PileMove::Break { pile, .. } => Some(*pile),
            _ => None,
        }
    }

    fn describe(&self, lang: Lang) -> String {
        match self {
            &PileMove::Take { pile, from, to } => match lang {
                Lang::En => format!("take {} from pile {} ({from} -> {to})", from - to, pile + 1),
                Lang::Zh => format!("从第 {} 堆取走 {} 个（{from} → {to}）", pile + 1, from - to),
            },
            &PileMove::Carry { from, to, count } => match (to, lang) {
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
            &PileMove::TakeBoth { from, to } => {
                let taken = from[0] - to[0];
                let [a, b] = from;
                let [c, d] = to;
                match lang {
                    Lang::En => format!("take {taken} from both piles ({a}, {b} -> {c}, {d})"),
                    Lang::Zh => format!("从两堆各取走 {taken} 个（{a}, {b} → {c}, {d}）"),
                }
            }
            &PileMove::Split {
                pile,
                from,
                into: [x, y],
            } => match lang {
                Lang::En => format!("split pile {} ({from}) into {x} and {y}", pile + 1),
                Lang::Zh => format!("把第 {} 堆（{from} 个）分成 {x} 和 {y} 两堆", pile + 1),
            },
            PileMove::Break { pile, from, into } => {
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
            PileMove::TakeMany { piles, from, to } => {
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
        }
    }
}
