//! A row of coins under a one-dimensional rule: the rules as a [`Game`], reading a row, its value
//! and its winning moves.

use super::{Rule, TurningError, TurningStep};
use crate::{Game, Nimber};

/// A row of coins: the rule and the places of its heads coins (increasing, numbered from the
/// rule's first place).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct CoinRow {
    /// The rule.
    pub rule: Rule,
    /// The heads coins' places, increasing.
    pub heads: Vec<u64>,
}

impl Game for Rule {
    /// The heads coins' places, increasing.
    type Position = Vec<u64>;

    fn options(&self, heads: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
        let first = self.first_place();
        for &top in heads.iter().filter(|&&p| p >= first) {
            self.for_each_move(top - first, &mut |others| {
                out.push(turned(heads, others.iter().map(|&i| i + first), top));
            });
        }
    }
}

/// `heads` after turning the coins at `others` and at `top`.
fn turned(heads: &[u64], others: impl Iterator<Item = u64>, top: u64) -> Vec<u64> {
    toggle(heads, &others.chain([top]).collect::<Vec<_>>())
}

/// `heads` (increasing) after turning the coins at `turn`: a heads coin goes, a tails coin comes.
pub(crate) fn toggle<P: Ord + Copy>(heads: &[P], turn: &[P]) -> Vec<P> {
    let mut next: Vec<P> = heads.to_vec();
    for &place in turn {
        match next.binary_search(&place) {
            Ok(i) => {
                next.remove(i);
            }
            Err(i) => next.insert(i, place),
        }
    }
    next
}

impl CoinRow {
    /// Reads a row: one word of `H` and `T` (`THHTH`: the first letter is the first place), or
    /// the heads coins' places separated by spaces or commas (a place given twice counts once).
    ///
    /// # Errors
    /// The first token that is neither, a place before the first place or past
    /// [`Rule::max_len`] places.
    pub fn parse(rule: Rule, text: &str) -> Result<CoinRow, TurningError> {
        let first = rule.first_place();
        let last = first + rule.max_len() - 1;
        let mut heads = Vec::new();
        for token in text.split([' ', ',', '\t', '\n']).filter(|t| !t.is_empty()) {
            if token.bytes().all(|b| b == b'H' || b == b'T') {
                if token.len() as u64 > rule.max_len() {
                    return Err(TurningError::PastLimit {
                        token: token.to_owned(),
                        last,
                    });
                }
                heads.extend(
                    (first..)
                        .zip(token.bytes())
                        .filter(|&(_, b)| b == b'H')
                        .map(|(p, _)| p),
                );
                continue;
            }
            let place: u64 = token
                .parse()
                .map_err(|_| TurningError::BadToken(token.to_owned()))?;
            if place < first {
                return Err(TurningError::BeforeFirst {
                    token: token.to_owned(),
                    first,
                });
            }
            if place > last {
                return Err(TurningError::PastLimit {
                    token: token.to_owned(),
                    last,
                });
            }
            heads.push(place);
        }
        heads.sort_unstable();
        heads.dedup();
        Ok(CoinRow { rule, heads })
    }

    /// The value of each heads coin, in the order of [`CoinRow::heads`].
    pub fn coin_values(&self) -> Vec<u64> {
        let first = self.rule.first_place();
        let len = self.heads.last().map_or(0, |&p| p - first + 1);
        let values = self.rule.values(len);
        self.heads
            .iter()
            .map(|&p| values[(p - first) as usize])
            .collect()
    }

    /// The row's value: the nim-sum of its heads coins' values.
    pub fn value(&self) -> Nimber {
        Nimber(self.coin_values().iter().fold(0, |a, &v| a ^ v))
    }

    /// The explanation: each heads coin's value, their nim-sum, and a winning move or why there
    /// is none.
    pub fn explain(&self) -> Vec<TurningStep> {
        let values = self.coin_values();
        let total = values.iter().fold(0, |a, &v| a ^ v);
        let mut steps = vec![
            TurningStep::Theorem { rule: self.rule },
            TurningStep::Coins {
                places: self.heads.iter().map(|&p| p.to_string()).collect(),
                values,
            },
            TurningStep::Total { total },
        ];
        steps.push(match row_moves(self.rule, &self.heads).into_iter().next() {
            Some(turn) => TurningStep::Move {
                values: self.turn_values(&turn),
                turn: turn.iter().map(|p| p.to_string()).collect(),
                total,
            },
            None => TurningStep::NoMove,
        });
        steps
    }

    /// The values of the coins at `places`.
    fn turn_values(&self, places: &[u64]) -> Vec<u64> {
        let first = self.rule.first_place();
        let values = self
            .rule
            .values(places.last().map_or(0, |&p| p - first + 1));
        places
            .iter()
            .map(|&p| values[(p - first) as usize])
            .collect()
    }
}

/// Every winning move of the row with heads coins at `heads` (places, increasing): the places
/// each turns, increasing (its heads coin last), by heads coin then in the rule's order. A move
/// wins when the values of the coins it turns nim-sum to the row's value.
pub fn row_moves(rule: Rule, heads: &[u64]) -> Vec<Vec<u64>> {
    let first = rule.first_place();
    let values = rule.values(heads.last().map_or(0, |&p| p - first + 1));
    let total = heads
        .iter()
        .fold(0, |a, &p| a ^ values[(p - first) as usize]);
    let mut moves = Vec::new();
    if total == 0 {
        return moves;
    }
    if rule == Rule::Ruler {
        // The run m..=i is worth prefix[i + 1] ⊕ prefix[m]: one pass over m per heads coin
        // rather than a nim-sum per run (O(n²), not O(n³)).
        let prefix: Vec<u64> = std::iter::once(0)
            .chain(values.iter().scan(0, |a, &v| {
                *a ^= v;
                Some(*a)
            }))
            .collect();
        for &top in heads {
            let i = (top - first) as usize;
            let want = prefix[i + 1] ^ total;
            for m in (0..=i).filter(|&m| prefix[m] == want) {
                moves.push((m as u64 + first..=top).collect());
            }
        }
        return moves;
    }
    for &top in heads {
        let i = top - first;
        rule.for_each_move(i, &mut |others| {
            let sum = others
                .iter()
                .fold(values[i as usize], |a, &m| a ^ values[m as usize]);
            if sum == total {
                moves.push(others.iter().map(|&m| m + first).chain([top]).collect());
            }
        });
    }
    moves
}
