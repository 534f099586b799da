//! k-multiple dynamic subtraction, Fibonacci Nim for k = 2 (HDU 2516): one pile; the first move
//! takes 1 to n − 1 stones; every later move takes at least one stone and at most k times what
//! the previous move took. A position is the pile n and the cap c, the most the next move may
//! take; a move that takes t leaves the pile n − t and the cap min(k·t, n − t).
//!
//! Theorem (Schwenk for k = 2; 曹钦翔's 2009 paper for any k ≥ 1). Let a_0 = 1 and
//! a_{i+1} = b_i + 1, where b_i is the largest pile that distinct terms up to a_i can sum to when
//! each term used is more than k times the next smaller one used (b_i = a_i + b_j, j the largest
//! index with k·a_j < a_i, or b_i = a_i when there is none). For k = 2 these are the Fibonacci
//! numbers 1, 2, 3, 5, 8, …, for k = 1 the powers of 2. Every n ≥ 1 is such a sum in exactly one
//! way, which the greedy rule finds (the largest term that fits, again and again; Zeckendorf's
//! representation for k = 2): n < a_{i+1} = b_i + 1 leaves n − a_i ≤ b_j below a_i. Then:
//!
//! - (n, c) is won iff the smallest term s(n) of n's representation is at most c; the first-move
//!   piles that are lost (c = n − 1) are exactly the terms.
//! - Won: take s(n). What is left is n's other terms, whose smallest is more than k·s(n), the
//!   opponent's cap: the opponent cannot take it.
//! - Lost (c < s(n) = a_j, n = H + a_j): a take t ≤ c leaves H + (a_j − t), and the smallest term
//!   of a_j − t is at most k·t, else a_j − t's terms followed by t's would be a second
//!   representation of a_j. So the opponent, capped at min(k·t, n − t), takes that term and wins.
//! - The winning takes are exactly the t ≤ c whose remaining pile's smallest term is more than
//!   k·t (or t = n). Such a t is less than a_j / k for the smallest term a_j of n − t, so
//!   a_j + t ≤ b_j and n's representation is n − t's followed by t's: t is the sum of the terms
//!   of n's representation below one of its terms a, with k·t < a. So there are at most as many
//!   winning takes as terms, found without trying every t (see [`Fibonacci::winning_takes`]).
//!
//! This module has no closed form for the Grundy values: [`Fibonacci::analyze`] gives the
//! outcome only, and the engine checks it and every winning move on all small positions.
//!
//! The sequence is generated up to the pile only, as u64 (a term that would pass 2^64 − 1 ends
//! it), with k at most [`MAX_K`]: the number of terms below 2^64 grows like 34·k (92 for k = 2,
//! 2,218,285 for k = 2^16, 8 bytes each).

use serde::Serialize;

use crate::moves::reply_example;
use crate::{Analysis, AnalyzeOptions, Explain, Game, Lang, Move, MoveList, Outcome};

mod playable;
#[cfg(test)]
mod tests;

pub use playable::FibonacciPlay;

/// The largest k: the terms below 2^64 then number 2,218,285 (about 18 MB while a pile near
/// 2^64 is analysed), and about 34·k in general.
pub const MAX_K: u64 = 1 << 16;

/// How many terms of the sequence an explanation lists.
const TERMS_SHOWN: usize = 12;

/// A position: the pile and the most the next move may take.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct CappedPile {
    /// The stones left.
    pub pile: u64,
    /// The most the next move may take (at most the pile: a cap above it allows the whole pile,
    /// as the pile itself does).
    pub cap: u64,
}

impl CappedPile {
    /// The position of a pile before the first move: the cap is the pile less one (0 for an
    /// empty pile).
    pub fn first_move(pile: u64) -> CappedPile {
        CappedPile {
            pile,
            cap: pile.saturating_sub(1),
        }
    }

    /// The pile with the cap `cap`, or the pile itself where `cap` is larger.
    pub fn new(pile: u64, cap: u64) -> CappedPile {
        CappedPile {
            pile,
            cap: cap.min(pile),
        }
    }
}

/// Written as it is typed: `[pile, cap]`.
impl Serialize for CappedPile {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        [self.pile, self.cap].serialize(serializer)
    }
}

/// A move: the pile goes from `from` to `to` stones, and the next move may take at most `cap`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(tag = "kind", rename = "take_capped")]
pub struct TakeCapped {
    /// Stones before.
    pub from: u64,
    /// Stones after.
    pub to: u64,
    /// The cap after the move: min(k·taken, `to`).
    pub cap: u64,
}

impl TakeCapped {
    /// The stones taken.
    pub fn taken(&self) -> u64 {
        self.from - self.to
    }
}

impl Move for TakeCapped {
    fn describe(&self, lang: Lang) -> String {
        let TakeCapped { from, to, cap } = *self;
        let taken = from.saturating_sub(to);
        match (to, lang) {
            (0, Lang::En) => format!("take {taken} ({from} -> 0)"),
            (0, Lang::Zh) => format!("取走 {taken} 个（{from} → 0）"),
            (_, Lang::En) => {
                format!("take {taken} ({from} -> {to}; the next move takes at most {cap})")
            }
            (_, Lang::Zh) => format!("取走 {taken} 个（{from} → {to}；下一步至多取 {cap} 个）"),
        }
    }
}

/// k-multiple dynamic subtraction with its k, as a [`Game`] for the engine and with its theorem
/// ([`Fibonacci::analyze`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fibonacci {
    k: u64,
}

impl Default for Fibonacci {
    /// Fibonacci Nim: k = 2.
    fn default() -> Self {
        Fibonacci { k: 2 }
    }
}

impl Game for Fibonacci {
    type Position = CappedPile;

    fn options(&self, position: &CappedPile, out: &mut Vec<CappedPile>) {
        for t in 1..=position.cap.min(position.pile) {
            out.push(self.after(position, t));
        }
    }
}

impl Fibonacci {
    /// The game for `k`, from 1 to [`MAX_K`]; `None` for another.
    pub fn new(k: u64) -> Option<Fibonacci> {
        (1..=MAX_K).contains(&k).then_some(Fibonacci { k })
    }

    /// Its k: a move takes at most k times the previous take.
    pub fn k(&self) -> u64 {
        self.k
    }

    /// The position after taking `t` (1 to the cap) from `position`.
    pub fn after(&self, position: &CappedPile, t: u64) -> CappedPile {
        let pile = position.pile - t;
        CappedPile {
            pile,
            cap: self.k.saturating_mul(t).min(pile),
        }
    }

    /// The move taking `t` (1 to the cap) from `position`.
    pub fn take(&self, position: &CappedPile, t: u64) -> TakeCapped {
        let after = self.after(position, t);
        TakeCapped {
            from: position.pile,
            to: after.pile,
            cap: after.cap,
        }
    }

    /// The terms a_0 < a_1 < … of the sequence (see the module's doc) that are at most `up_to`,
    /// from the definition: a_{i+1} = b_i + 1 and b_i = a_i + b_j for the largest j with
    /// k·a_j < a_i (b_i = a_i when there is none). It ends before a term past 2^64 − 1. O(terms).
    ///
    /// # Examples
    /// ```
    /// use grundy::games::fibonacci::Fibonacci;
    /// assert_eq!(Fibonacci::new(2).unwrap().terms(20), [1, 2, 3, 5, 8, 13]);
    /// assert_eq!(Fibonacci::new(3).unwrap().terms(20), [1, 2, 3, 4, 6, 8, 11, 15]);
    /// ```
    pub fn terms(&self, up_to: u64) -> Vec<u64> {
        let k = u128::from(self.k);
        let mut terms: Vec<u64> = Vec::new();
        if up_to == 0 {
            return terms;
        }
        terms.push(1);
        // b of the last term; b_j of an earlier term j is a_{j+1} − 1, so only the last is kept.
        let mut b_last: u64 = 1;
        // The largest j with k·a_j below the next term, as j + 1 (0: none), which only grows.
        let mut below = 0;
        while let Some(next) = b_last.checked_add(1)
            && next <= up_to
        {
            while below < terms.len() && k * u128::from(terms[below]) < u128::from(next) {
                below += 1;
            }
            let b_j = match below {
                0 => 0,
                j if j < terms.len() => terms[j] - 1,
                _ => b_last,
            };
            terms.push(next);
            // Past 2^64 − 1 the next term is too, and the loop ends.
            b_last = next.saturating_add(b_j);
        }
        terms
    }

    /// The representation of `n` in the sequence, its terms largest first (empty for 0): the
    /// greedy one, each term more than k times the next. O(terms up to n).
    ///
    /// # Examples
    /// ```
    /// use grundy::games::fibonacci::Fibonacci;
    /// // Zeckendorf: 20 = 13 + 5 + 2.
    /// assert_eq!(Fibonacci::default().representation(20), [13, 5, 2]);
    /// ```
    pub fn representation(&self, n: u64) -> Vec<u64> {
        greedy(&self.terms(n), n)
    }

    /// Who wins `position`: the player to move iff the smallest term of the pile's
    /// representation is at most the cap.
    pub fn outcome(&self, position: &CappedPile) -> Outcome {
        outcome_of(&self.representation(position.pile), position.cap)
    }

    /// Every winning take of `position`, increasing: the sums t of the terms of the pile's
    /// representation below one of its terms a with k·t < a, and the whole pile, as long as t is
    /// at most the cap (see the module's doc). At most one more than the terms of the
    /// representation.
    ///
    /// # Examples
    /// ```
    /// use grundy::games::fibonacci::{CappedPile, Fibonacci};
    /// // 20 = 13 + 5 + 2: take 2 (5 > 2·2), not 7 = 5 + 2 (13 < 2·7), or all 20 with cap 20.
    /// let game = Fibonacci::default();
    /// assert_eq!(game.winning_takes(&CappedPile::first_move(20)), [2]);
    /// assert_eq!(game.winning_takes(&CappedPile::new(20, 20)), [2, 20]);
    /// ```
    pub fn winning_takes(&self, position: &CappedPile) -> Vec<u64> {
        self.winning_takes_of(&self.representation(position.pile), position)
    }

    fn winning_takes_of(&self, representation: &[u64], position: &CappedPile) -> Vec<u64> {
        let k = u128::from(self.k);
        let cap = position.cap.min(position.pile);
        let mut takes = Vec::new();
        // The sum of the terms below representation[l], from the smallest term up.
        let mut below = 0u64;
        for &term in representation.iter().rev() {
            if below > cap {
                return takes;
            }
            if below > 0 && k * u128::from(below) < u128::from(term) {
                takes.push(below);
            }
            below += term;
        }
        if below > 0 && below <= cap {
            takes.push(below);
        }
        takes
    }

    /// Analyses `position`: the outcome (no Grundy value), every winning move (in increasing
    /// order of the take; all counted, the first `max_moves` listed) and, if asked, the
    /// explanation in the words of the proof. O(terms up to the pile): 92 at most for k = 2.
    ///
    /// # Examples
    /// ```
    /// use grundy::games::fibonacci::{CappedPile, Fibonacci};
    /// use grundy::Outcome;
    /// let game = Fibonacci::default();
    /// // 13 is a Fibonacci number: the first player loses.
    /// let a = game.analyze(&CappedPile::first_move(13), &Default::default());
    /// assert_eq!(a.outcome, Outcome::P);
    /// // 12 = 8 + 3 + 1: take 1, leaving 11 = 8 + 3 with cap 2 < 3.
    /// let a = game.analyze(&CappedPile::first_move(12), &Default::default());
    /// assert_eq!(a.winning_moves[0].to, 11);
    /// ```
    pub fn analyze(
        &self,
        position: &CappedPile,
        options: &AnalyzeOptions,
    ) -> Analysis<FibStep, TakeCapped> {
        let terms = self.terms(position.pile);
        let representation = greedy(&terms, position.pile);
        let outcome = outcome_of(&representation, position.cap);
        let mut moves = MoveList::new(options.max_moves);
        let takes = self.winning_takes_of(&representation, position);
        for &t in &takes {
            moves.push(self.take(position, t));
        }
        let explanation = if options.explain {
            self.explain(position, &terms, representation, &takes)
        } else {
            Vec::new()
        };
        moves.into_outcome(outcome, explanation)
    }

    fn explain(
        &self,
        position: &CappedPile,
        terms: &[u64],
        representation: Vec<u64>,
        takes: &[u64],
    ) -> Vec<FibStep> {
        let k = self.k;
        let mut steps = vec![FibStep::Sequence {
            k,
            first: terms.iter().copied().take(TERMS_SHOWN).collect(),
            count: terms.len(),
        }];
        let CappedPile { pile, cap } = *position;
        if pile == 0 || cap == 0 {
            steps.push(FibStep::NoMove { pile });
            return steps;
        }
        let smallest = *representation
            .last()
            .expect("a pile of 1 or more has terms");
        steps.push(FibStep::Representation {
            k,
            pile,
            terms: representation.clone(),
        });
        steps.push(FibStep::Smallest { smallest, cap });
        if smallest <= cap {
            let after = self.after(position, smallest);
            let next = representation
                .len()
                .checked_sub(2)
                .map(|i| representation[i]);
            steps.push(FibStep::TakeSmallest {
                k,
                take: smallest,
                left: after.pile,
                next,
                cap: after.cap,
            });
            if takes.len() > 1 {
                steps.push(FibStep::OtherTakes {
                    k,
                    takes: takes.to_vec(),
                });
            }
        } else {
            steps.push(FibStep::EveryTakeLoses { k, smallest, cap });
            let mover = self.take(position, 1);
            let after = self.after(position, 1);
            // Every move from a lost position leaves a won one (the theorem, tested).
            if let Some(&t) = self.winning_takes(&after).first() {
                let reply = self.take(&after, t);
                steps.push(FibStep::Example { mover, reply });
            }
        }
        steps
    }
}

/// The representation of `n` by the greedy rule in `terms`, which hold every term up to `n`.
fn greedy(terms: &[u64], mut n: u64) -> Vec<u64> {
    let mut representation = Vec::new();
    let mut end = terms.len();
    while n > 0 {
        // terms[0] = 1 ≤ n, and n is below the term after the one taken (see the module's doc).
        let i = terms[..end].partition_point(|&a| a <= n) - 1;
        representation.push(terms[i]);
        n -= terms[i];
        end = i;
    }
    representation
}

/// The theorem: won iff the pile has a smallest term and it is at most the cap.
fn outcome_of(representation: &[u64], cap: u64) -> Outcome {
    match representation.last() {
        Some(&smallest) if smallest <= cap => Outcome::N,
        _ => Outcome::P,
    }
}

/// The terms joined by " + ".
fn sum_text(terms: &[u64]) -> String {
    terms
        .iter()
        .map(u64::to_string)
        .collect::<Vec<_>>()
        .join(" + ")
}

/// One step of the explanation of a position of k-multiple dynamic subtraction.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "step", rename_all = "snake_case")]
#[non_exhaustive]
pub enum FibStep {
    /// The sequence of the losing first-move piles for k.
    Sequence {
        /// k.
        k: u64,
        /// Its first terms up to the pile (at most twelve).
        first: Vec<u64>,
        /// How many terms are at most the pile.
        count: usize,
    },
    /// The pile as a sum of terms by the greedy rule.
    Representation {
        /// k.
        k: u64,
        /// The pile.
        pile: u64,
        /// Its terms, largest first.
        terms: Vec<u64>,
    },
    /// The smallest term against the cap.
    Smallest {
        /// The smallest term of the pile's representation.
        smallest: u64,
        /// The cap.
        cap: u64,
    },
    /// Won: take the smallest term; the opponent cannot take the next one.
    TakeSmallest {
        /// k.
        k: u64,
        /// The smallest term, taken.
        take: u64,
        /// The pile left.
        left: u64,
        /// The smallest term of what is left (the next term of the representation), if any.
        next: Option<u64>,
        /// The opponent's cap.
        cap: u64,
    },
    /// Won with more than one winning take: all of them.
    OtherTakes {
        /// k.
        k: u64,
        /// The winning takes, increasing.
        takes: Vec<u64>,
    },
    /// Lost: every take leaves the opponent a smallest term within reach.
    EveryTakeLoses {
        /// k.
        k: u64,
        /// The smallest term of the pile.
        smallest: u64,
        /// The cap, below it.
        cap: u64,
    },
    /// An example of the lost case: a take and the opponent's winning reply.
    Example {
        /// The player to move's take.
        mover: TakeCapped,
        /// The opponent's reply.
        reply: TakeCapped,
    },
    /// No move: the pile is empty, or the cap is 0.
    NoMove {
        /// The pile.
        pile: u64,
    },
}

impl Explain for FibStep {
    fn text(&self, lang: Lang) -> String {
        match self {
            FibStep::Sequence { k, first, count } => {
                let mut list = first
                    .iter()
                    .map(u64::to_string)
                    .collect::<Vec<_>>()
                    .join(", ");
                if *count > first.len() {
                    list.push_str(", …");
                }
                let (en, zh) = if *k == 2 {
                    (
                        format!("For k = 2 (Fibonacci Nim) the piles the first player loses are the Fibonacci numbers, each the sum of the two before it: {list}"),
                        format!("k = 2（斐波那契取石子）时，先手必败的堆恰是斐波那契数，每项是前两项之和：{list}"),
                    )
                } else {
                    (
                        format!("For k = {k} the piles the first player loses are the terms a_0 = 1, a_{{i+1}} = b_i + 1, where b_i is the largest pile that terms up to a_i can sum to when each term used is more than {k} times the next smaller one used (曹钦翔, 2009): {list}"),
                        format!("k = {k} 时，先手必败的堆恰是数列 a_0 = 1，a_{{i+1}} = b_i + 1 的项，其中 b_i 是用不超过 a_i 的项、且每项都大于下一个所用项的 {k} 倍时能凑出的最大堆（曹钦翔，2009）：{list}"),
                    )
                };
                let more = count.saturating_sub(first.len());
                lang.pick(
                    if more > 0 {
                        format!("{en} ({count} terms up to the pile).")
                    } else {
                        format!("{en}.")
                    },
                    if more > 0 {
                        format!("{zh}（不超过这堆的共 {count} 项）。")
                    } else {
                        format!("{zh}。")
                    },
                )
            }
            FibStep::Representation { k, pile, terms } => {
                let sum = sum_text(terms);
                let (name_en, name_zh) = if *k == 2 {
                    ("Zeckendorf representation", "齐肯多夫表示")
                } else {
                    ("greedy representation", "贪心表示")
                };
                lang.pick(
                    format!("The {name_en} of {pile}: take the largest term that fits, again and again: {pile} = {sum}. Each term is more than {k} times the next, and this is the only way to write {pile} so."),
                    format!("{pile} 的{name_zh}：每次取不超过余数的最大项：{pile} = {sum}。每项都大于下一项的 {k} 倍，且这是这样写出 {pile} 的唯一方式。"),
                )
            }
            FibStep::Smallest { smallest, cap } => {
                if smallest <= cap {
                    lang.pick(
                        format!("The smallest term is {smallest} and this move may take up to {cap}: {smallest} ≤ {cap}, so the player to move wins."),
                        format!("最小项是 {smallest}，本步至多取 {cap} 个：{smallest} ≤ {cap}，所以先手必胜。"),
                    )
                } else {
                    lang.pick(
                        format!("The smallest term is {smallest} and this move may take at most {cap}: {smallest} > {cap}, so the player to move loses."),
                        format!("最小项是 {smallest}，本步至多取 {cap} 个：{smallest} > {cap}，所以先手必败。"),
                    )
                }
            }
            FibStep::TakeSmallest { k, take, left, next, cap } => match next {
                None => lang.pick(
                    format!("Take the whole pile, its only term {take}: nothing is left and the opponent cannot move."),
                    format!("取走整堆，即它唯一的一项 {take}：什么也不剩，对手无法行动。"),
                ),
                Some(next) => {
                    let reach = u128::from(*k) * u128::from(*take);
                    lang.pick(
                    format!("Take the smallest term, {take}: {left} is left, the other terms, and the opponent may take at most min({k}·{take}, {left}) = {cap}. The opponent cannot take {left}'s smallest term {next}, since each term is more than {k} times the next: {next} > {k}·{take} = {reach}. The opponent is in the losing case."),
                    format!("取走最小项 {take}：剩下 {left}，即其余各项，对手至多取 min({k}·{take}, {left}) = {cap} 个。对手取不到 {left} 的最小项 {next}，因为每项都大于下一项的 {k} 倍：{next} > {k}·{take} = {reach}。对手处于必败情形。"),
                    )
                }
            },
            FibStep::OtherTakes { k, takes } => {
                let list = takes
                    .iter()
                    .map(u64::to_string)
                    .collect::<Vec<_>>()
                    .join(", ");
                lang.pick(
                    format!("Every winning take is the sum t of the last terms of the representation (or the whole pile, within the cap) whose term above is more than {k}·t: taking t leaves that term as the smallest, out of the opponent's reach. Here: {list}."),
                    format!("所有必胜的取法：表示中末尾若干项之和 t，且其上一项大于 {k}·t（或在上限之内取走整堆）：取走 t 后那一项成为最小项，对手取不到。这里是：{list}。"),
                )
            }
            FibStep::EveryTakeLoses { k, smallest, cap } => lang.pick(
                format!("Any take t ≤ {cap} is less than the smallest term {smallest}. It leaves the other terms plus {smallest} − t, and the smallest term of {smallest} − t is at most {k}·t: were it more, the terms of {smallest} − t followed by those of t would be a second representation of {smallest}. So the opponent, who may take up to {k}·t, takes that term and is in the winning case."),
                format!("任何取法 t ≤ {cap} 都小于最小项 {smallest}。剩下的是其余各项加上 {smallest} − t，而 {smallest} − t 的最小项至多是 {k}·t：否则 {smallest} − t 的各项再接上 t 的各项，就是 {smallest} 的第二种表示。所以至多可取 {k}·t 个的对手取走这一项，处于必胜情形。"),
            ),
            FibStep::Example { mover, reply } => reply_example(mover, reply, lang),
            FibStep::NoMove { pile: 0 } => lang.pick(
                "The pile is empty: the player to move cannot move and loses.".to_string(),
                "石子已取完：先手无法行动，必败。".to_string(),
            ),
            FibStep::NoMove { .. } => lang.pick(
                "The cap is 0: the player to move cannot move and loses.".to_string(),
                "上限为 0：先手无法行动，必败。".to_string(),
            ),
        }
    }
}
