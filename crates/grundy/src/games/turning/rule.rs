//! The one-dimensional rules: which sets of coins a move may turn, and the value of a single heads
//! coin at each place.

use serde::Serialize;

use super::TurningError;
use crate::Lang;
use crate::nimber::MexSet;

/// The most coins "at most K" may turn.
pub const MAX_TURN: u64 = 8;

/// A one-dimensional coin-turning rule. Every move turns a heads coin to tails together with the
/// coins the rule lets it turn at places before it (each of them heads or tails).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Rule {
    /// Turning Turtles: one or two coins. Places from 1; the coin at n is worth n (it is Nim).
    Turtles,
    /// Twins: exactly two coins. Places from 0; the coin at n is worth n.
    Twins,
    /// Mock Turtles: one, two or three coins. Places from 0; the coin at n is worth the n-th odious
    /// number (from 0: 1, 2, 4, 7, 8, 11, 13, 14, …, the numbers with an odd count of 1 bits).
    Mock,
    /// Ruler: a run of consecutive coins ending at the heads coin. Places from 1; the coin at n is
    /// worth the largest power of two dividing n.
    Ruler,
    /// At most K coins (K = 5 is Moebius, K = 7 Mogul). Places from 1; the coin at n is worth the
    /// mex of the nim-sums of at most K − 1 of the values before it (computed so).
    AtMost(u64),
}

impl Rule {
    /// Reads `turtles`, `twins`, `mock`, `ruler`, `moebius`, `mogul` or `atmost:K`.
    ///
    /// # Errors
    /// [`TurningError::UnknownRule`] naming the text.
    pub fn parse(text: &str) -> Result<Rule, TurningError> {
        let rule = match text {
            "turtles" => Rule::Turtles,
            "twins" => Rule::Twins,
            "mock" => Rule::Mock,
            "ruler" => Rule::Ruler,
            "moebius" => Rule::AtMost(5),
            "mogul" => Rule::AtMost(7),
            _ => match text.strip_prefix("atmost:").map(str::parse::<u64>) {
                Some(Ok(k)) if (1..=MAX_TURN).contains(&k) => Rule::AtMost(k),
                _ => return Err(TurningError::UnknownRule(text.to_owned())),
            },
        };
        Ok(rule)
    }

    /// The rule's name, as [`Rule::parse`] reads it.
    pub fn name(self) -> String {
        match self {
            Rule::Turtles => "turtles".into(),
            Rule::Twins => "twins".into(),
            Rule::Mock => "mock".into(),
            Rule::Ruler => "ruler".into(),
            Rule::AtMost(5) => "moebius".into(),
            Rule::AtMost(7) => "mogul".into(),
            Rule::AtMost(k) => format!("atmost:{k}"),
        }
    }

    /// The number of the first place (Winning Ways' numbering).
    pub fn first_place(self) -> u64 {
        match self {
            Rule::Twins | Rule::Mock => 0,
            _ => 1,
        }
    }

    /// The most places a row may have: every winning move is listed, and the number of moves
    /// from a coin grows with the number of coins the rule turns.
    pub fn max_len(self) -> u64 {
        match self {
            Rule::Turtles | Rule::Twins | Rule::Ruler => 4096,
            Rule::Mock | Rule::AtMost(..=3) => 128,
            Rule::AtMost(_) => 24,
        }
    }

    /// The value of a single heads coin at each of the first `len` places (index 0 is the first
    /// place).
    pub fn values(self, len: u64) -> Vec<u64> {
        match self {
            Rule::AtMost(k) => at_most_values(k, len),
            _ => (0..len).filter_map(|i| self.value(i)).collect(),
        }
    }

    /// The value of a single heads coin at index `i` (place `i` + the first place) by the
    /// closed form, for places past [`Rule::max_len`] too; `None` for "at most K" (computed by
    /// [`Rule::values`]) and where the value passes 2^64 − 1.
    pub fn value(self, i: u64) -> Option<u64> {
        match self {
            Rule::Turtles => i.checked_add(1),
            Rule::Twins => Some(i),
            Rule::Mock => i.checked_mul(2).map(|_| odious(i)),
            Rule::Ruler => i.checked_add(1).map(|n| 1 << n.trailing_zeros()),
            Rule::AtMost(_) => None,
        }
    }

    /// Whether a heads coin at index `top` has a move: every rule turns it alone or with coins
    /// before it, but Twins, which turns exactly one coin before it.
    pub fn has_move(self, top: u64) -> bool {
        self != Rule::Twins || top > 0
    }

    /// Whether turning the coins at `indices` (increasing, the heads coin last) is a move.
    pub fn is_move(self, indices: &[u64]) -> bool {
        let Some((&top, others)) = indices.split_last() else {
            return false;
        };
        let turned = others.len() as u64 + 1;
        match self {
            Rule::Turtles => turned <= 2,
            Rule::Twins => turned == 2,
            Rule::Mock => turned <= 3,
            Rule::Ruler => others.first().is_none_or(|&m| top - m + 1 == turned),
            Rule::AtMost(k) => turned <= k,
        }
    }

    /// What a move turns, in words.
    pub fn turns(self, lang: Lang) -> String {
        match self {
            Rule::Turtles => lang.pick("one or two coins", "一枚或两枚硬币").to_owned(),
            Rule::Twins => lang.pick("exactly two coins", "恰好两枚硬币").to_owned(),
            Rule::Mock => lang
                .pick("one, two or three coins", "一到三枚硬币")
                .to_owned(),
            Rule::Ruler => lang
                .pick("a run of consecutive coins", "一段连续的硬币")
                .to_owned(),
            Rule::AtMost(k) => lang.pick(format!("one to {k} coins"), format!("一到 {k} 枚硬币")),
        }
    }

    /// Calls `f` with each set of places (indices from the first place, increasing) that a move
    /// from the heads coin at index `top` turns besides it.
    pub fn for_each_move(self, top: u64, f: &mut impl FnMut(&[u64])) {
        match self {
            Rule::Turtles => subsets(top, 1, f),
            Rule::Twins => (0..top).for_each(|m| f(&[m])),
            Rule::Mock => subsets(top, 2, f),
            Rule::Ruler => (0..=top).for_each(|m| f(&(m..top).collect::<Vec<_>>())),
            Rule::AtMost(k) => subsets(top, k - 1, f),
        }
    }
}

/// A rule is written by its name.
impl Serialize for Rule {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.name())
    }
}

/// The `n`-th odious number (from 0): `2n` or `2n + 1`, whichever has an odd count of 1 bits.
fn odious(n: u64) -> u64 {
    (n << 1) + u64::from(n.count_ones().is_multiple_of(2))
}

/// Calls `f` with every subset of `0..top` of at most `most` elements, increasing.
fn subsets(top: u64, most: u64, f: &mut impl FnMut(&[u64])) {
    fn grow(from: u64, top: u64, most: u64, set: &mut Vec<u64>, f: &mut impl FnMut(&[u64])) {
        f(set);
        if set.len() as u64 == most {
            return;
        }
        for m in from..top {
            set.push(m);
            grow(m + 1, top, most, set, f);
            set.pop();
        }
    }
    grow(0, top, most, &mut Vec::new(), f);
}

/// The values of "at most `k`" by mex: `reach[j]` marks the nim-sums of exactly `j` of the values
/// so far, and the next coin is worth the mex of those of at most `k − 1`.
fn at_most_values(k: u64, len: u64) -> Vec<u64> {
    let mut reach: Vec<Vec<bool>> = (0..k).map(|j| vec![j == 0]).collect();
    let mut values = Vec::new();
    let mut seen = MexSet::new();
    for _ in 0..len {
        seen.clear();
        for sums in &reach {
            sums.iter()
                .enumerate()
                .filter(|&(_, &on)| on)
                .for_each(|(x, _)| seen.insert(x as u64));
        }
        let g = seen.mex();
        let size = (g as usize + 1).next_power_of_two().max(reach[0].len());
        for sums in &mut reach {
            sums.resize(size, false);
        }
        for j in (1..k as usize).rev() {
            let (lower, upper) = reach.split_at_mut(j);
            for (x, &on) in lower[j - 1].iter().enumerate() {
                if on {
                    upper[0][x ^ g as usize] = true;
                }
            }
        }
        values.push(g);
    }
    values
}
