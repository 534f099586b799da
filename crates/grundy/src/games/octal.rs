//! Positions of take-and-break games (octal games such as Kayles 0.77, Dawson's Kayles 0.07,
//! Dawson's chess 0.137, Grundy's game): a position is a row of heaps, and a move follows the
//! game's code ([`crate::values::code`]): remove k tokens from one heap and leave the rest as the
//! number of non-empty heaps the digit d_k allows.
//!
//! Theorem (Sprague–Grundy): a heap of n is worth G(n), the mex over its moves of the XOR of the
//! heaps each move leaves, and a position is worth the XOR of its heaps' values; the winning moves
//! are the moves of one heap to heaps whose values XOR to G(n) ⊕ X ([`crate::games::heaps`]). The
//! values come from the value engine ([`crate::values::Sequence`]), computed once as far as the
//! largest heap.

use crate::games::heaps::{self, HeapComponent, HeapRule, HeapStep, Unvalued, ValueReason};
use crate::values::{Method, Sequence, TakeAndBreak};
use crate::{Analysis, AnalyzeOptions, Convention, Game, Lang, MoveList, Nimber, PileMove};

mod playable;

pub use playable::OctalPlay;

/// The largest heap by default for codes whose moves leave at most two heaps (the sparse-space
/// engine computes 2^21 values in seconds).
pub const DEFAULT_MAX_HEAP: u64 = 1 << 21;

/// The largest heap for codes whose moves may leave three heaps or more: their values are found
/// by enumerating every partition, O(n²) moves per heap.
pub const DIRECT_MAX_HEAP: u64 = 1 << 10;

/// A heap above the limit.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("heap {heap} ({tokens}) is larger than {limit}, the largest heap for {code}{}", if *.direct {
    " (its moves leave three heaps or more, whose values take O(n²) moves a heap)"
} else {
    ""
})]
pub struct HeapTooLarge {
    /// The heap, numbered from 1.
    pub heap: usize,
    /// Its tokens.
    pub tokens: u64,
    /// The limit.
    pub limit: u64,
    /// The code, as written back.
    pub code: String,
    /// Whether the limit is [`DIRECT_MAX_HEAP`], that of codes whose moves leave three heaps or
    /// more, which no larger bound raises.
    pub direct: bool,
}

/// A take-and-break game with its value table, G(0..=largest heap).
#[derive(Clone, Debug)]
pub struct Octal {
    sequence: Sequence,
}

impl PartialEq for Octal {
    fn eq(&self, other: &Octal) -> bool {
        self.rules() == other.rules() && self.sequence.values() == other.sequence.values()
    }
}

impl Eq for Octal {}

impl Octal {
    /// The game `rules` with values for every heap up to the largest of `heaps`.
    ///
    /// # Errors
    /// As [`Octal::reach`].
    pub fn new(rules: TakeAndBreak, heaps: &[u64], max_heap: u64) -> Result<Octal, HeapTooLarge> {
        let mut game = Octal {
            sequence: Sequence::new(rules),
        };
        game.reach(heaps, max_heap)?;
        Ok(game)
    }

    /// Extends the values to the largest of `heaps`.
    ///
    /// # Errors
    /// A heap larger than `max_heap` (or than [`DIRECT_MAX_HEAP`] for codes whose moves leave
    /// three heaps or more, whatever `max_heap` says).
    pub fn reach(&mut self, heaps: &[u64], max_heap: u64) -> Result<(), HeapTooLarge> {
        let direct = self.sequence.method() == Method::Direct;
        let limit = if direct {
            max_heap.min(DIRECT_MAX_HEAP)
        } else {
            max_heap
        };
        if let Some(i) = heaps.iter().position(|&n| n > limit) {
            return Err(HeapTooLarge {
                heap: i + 1,
                tokens: heaps[i],
                limit,
                code: self.rules().to_string(),
                direct: direct && limit < max_heap,
            });
        }
        let largest = heaps.iter().copied().max().unwrap_or(0);
        self.sequence.extend_to(largest as usize + 1);
        Ok(())
    }

    /// The rules.
    pub fn rules(&self) -> &TakeAndBreak {
        self.sequence.rules()
    }

    /// G(n), for a heap no larger than the table.
    pub fn value(&self, n: u64) -> Nimber {
        Nimber(u64::from(self.sequence.values().get(n as usize)))
    }

    /// Every move of a heap of `n`, as [`TakeAndBreak::each_move`] lists them.
    pub fn each_move(&self, n: u64, visit: &mut dyn FnMut(u64, &[u64])) {
        self.rules().each_move(n as usize, &mut |k, parts| {
            let heaps: Vec<u64> = parts.iter().map(|&p| p as u64).collect();
            visit(k as u64, &heaps);
        });
    }

    /// The analysis of the heaps `piles` (each within the table).
    pub fn analyze(&self, piles: &[u64], options: &AnalyzeOptions) -> Analysis<HeapStep, PileMove> {
        heaps::analyze(self, piles, vec![self.intro()], options)
    }

    /// The game's name for people: `Kayles (0.77)`, or `take-and-break game 0.137`.
    pub fn title(&self, lang: Lang) -> String {
        title(self.rules(), lang)
    }

    /// The first step of an explanation: the rule of the values and how far they were computed.
    pub fn intro(&self) -> HeapStep {
        HeapStep::OctalValues {
            code: self.rules().to_string(),
            title: self.rules().title().map(str::to_string),
            computed: self.sequence.len() as u64,
            period: self.sequence.proved_period(),
        }
    }
}

/// The heaps of a take-and-break game in a sum of rulesets (`kayles`, `0.137` in `grundy sum`):
/// one table of values, extended to the largest heap of each component.
#[derive(Clone, Debug)]
pub struct OctalComponent {
    game: Octal,
    max_heap: u64,
}

impl OctalComponent {
    /// The heaps of `game`, up to `max_heap` (or [`DIRECT_MAX_HEAP`], see [`Octal::reach`]).
    pub fn new(game: Octal, max_heap: u64) -> OctalComponent {
        OctalComponent { game, max_heap }
    }
}

impl HeapComponent for OctalComponent {
    /// The name it was given by (`kayles`), else its code.
    fn name(&self) -> String {
        let rules = self.game.rules();
        rules
            .name()
            .map_or_else(|| rules.to_string(), str::to_string)
    }

    /// The code.
    fn rules_key(&self) -> String {
        self.game.rules().to_string()
    }

    fn has_table(&self) -> bool {
        true
    }

    /// Extends the table to the largest heap.
    ///
    /// # Errors
    /// [`HeapTooLarge`] for a heap past the largest one.
    fn prepare(&mut self, piles: &[u64], _limit: usize) -> Result<(), Unvalued> {
        self.game
            .reach(piles, self.max_heap)
            .map_err(|e| Unvalued(e.to_string()))
    }

    fn intro(&self) -> HeapStep {
        self.game.intro()
    }

    fn value(&self, n: u64) -> Nimber {
        self.game.value(n)
    }

    fn reason(&self, _n: u64) -> ValueReason {
        ValueReason::Table
    }

    fn moves_to(&self, pile: usize, n: u64, target: Nimber, moves: &mut MoveList<PileMove>) {
        HeapRule::moves_to(&self.game, pile, n, target, moves);
    }

    /// As [`TakeAndBreak::each_move`] lists them.
    fn each_move(&self, pile: usize, n: u64, visit: &mut dyn FnMut(PileMove)) {
        self.game
            .each_move(n, &mut |_, heaps| visit(change(pile, n, heaps)));
    }
}

/// The game's name for people, with its code: `Kayles (0.77)`, `take-and-break game 0.456`.
pub fn title(code: &TakeAndBreak, lang: Lang) -> String {
    match (code.title(), lang) {
        (Some(title), Lang::En) => format!("{title} ({code})"),
        (Some(title), Lang::Zh) => format!("{title}（{code}）"),
        (None, Lang::En) => format!("take-and-break game {code}"),
        (None, Lang::Zh) => format!("取子分堆游戏 {code}"),
    }
}

/// The title of a position under `play`: [`title`], after "misère " in misère play.
pub fn play_title(code: &TakeAndBreak, play: Convention, lang: Lang) -> String {
    match play {
        Convention::Normal => title(code, lang),
        Convention::Misere => format!("{}{}", lang.pick("misère ", "反常 "), title(code, lang)),
    }
}

/// The move of heap `pile` (of `from` tokens) that leaves `heaps` (non-empty, none when the heap
/// is taken whole).
pub fn change(pile: usize, from: u64, heaps: &[u64]) -> PileMove {
    match *heaps {
        [] => PileMove::Take { pile, from, to: 0 },
        [to] => PileMove::Take { pile, from, to },
        _ => PileMove::Break {
            pile,
            from,
            into: heaps.to_vec(),
        },
    }
}

/// The position after `change`: the heaps a break leaves take the place of the heap, in order.
pub fn apply(piles: &[u64], change: &PileMove) -> Vec<u64> {
    let mut next = piles.to_vec();
    match change {
        &PileMove::Take { pile, to, .. } => next[pile] = to,
        PileMove::Break { pile, into, .. } => {
            next.splice(*pile..=*pile, into.iter().copied());
        }
        _ => {}
    }
    next
}

impl HeapRule for Octal {
    fn value(&self, _pile: usize, n: u64) -> Nimber {
        Octal::value(self, n)
    }

    fn reason(&self, _pile: usize, _n: u64) -> ValueReason {
        ValueReason::Table
    }

    fn moves_to(&self, pile: usize, n: u64, target: Nimber, moves: &mut MoveList<PileMove>) {
        self.each_move(n, &mut |_, heaps| {
            let value = heaps.iter().fold(Nimber(0), |x, &h| x + self.value(h));
            if value == target {
                moves.push(change(pile, n, heaps));
            }
        });
    }
}

/// The game for the engine: a position is the row of heaps, each heap its own component.
impl Game for Octal {
    type Position = Vec<u64>;

    fn options(&self, piles: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
        for (i, &n) in piles.iter().enumerate() {
            self.each_move(n, &mut |_, heaps| {
                out.push(apply(piles, &change(i, n, heaps)))
            });
        }
    }

    fn components(&self, piles: &Vec<u64>, parts: &mut Vec<Vec<u64>>) -> bool {
        crate::engine::one_heap_each(piles, parts)
    }
}

#[cfg(test)]
pub(crate) mod tests;
