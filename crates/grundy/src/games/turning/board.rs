//! A grid of coins played by the product of two one-dimensional rules: the rules as a [`Game`],
//! reading a grid, its value by the Tartan theorem and its winning moves.

use std::collections::HashMap;

use super::row::toggle;
use super::{Rule, TurningError, TurningStep};
use crate::nimber::{nim_inv, nim_mul};
use crate::{Game, Nimber};

/// The product A×B of two rules, played on a grid: a move takes a move M_A of A (along x) and a
/// move M_B of B (along y) and turns every coin of M_A × M_B; the coin at the two moves' last
/// places goes from heads to tails. Turning Corners (the four corners of a rectangle) is
/// Twins × Twins.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Product {
    /// The rule along x (within a row).
    pub a: Rule,
    /// The rule along y (from row to row).
    pub b: Rule,
}

/// A grid under a product: the heads coins' places (x, y), increasing, each numbered from its
/// rule's first place.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    /// The rules.
    pub product: Product,
    /// The heads coins' places (x, y), increasing.
    pub heads: Vec<(u64, u64)>,
}

impl Product {
    /// Turning Corners: Twins × Twins, the coin at (x, y) worth x ⊗ y.
    pub const CORNERS: Product = Product {
        a: Rule::Twins,
        b: Rule::Twins,
    };

    /// The most places along either side of a grid.
    pub fn max_side(self) -> u64 {
        if [self.a, self.b]
            .iter()
            .any(|r| matches!(r, Rule::AtMost(k) if *k > 3))
        {
            8
        } else {
            16
        }
    }

    /// The value of the coin at each place (x, y) with x and y below `width` and `height`
    /// places: `values[y][x]` = G_A(x) ⊗ G_B(y).
    fn values(self, width: u64, height: u64) -> Vec<Vec<u64>> {
        let va = self.a.values(width);
        self.b
            .values(height)
            .iter()
            .map(|&gb| va.iter().map(|&ga| nim_mul(ga, gb)).collect())
            .collect()
    }

    /// The sides of the smallest grid holding `heads`, in places.
    fn sides(self, heads: &[(u64, u64)]) -> (u64, u64) {
        let (fa, fb) = (self.a.first_place(), self.b.first_place());
        heads.iter().fold((0, 0), |(w, h), &(x, y)| {
            (w.max(x - fa + 1), h.max(y - fb + 1))
        })
    }
}

impl Game for Product {
    /// The heads coins' places (x, y), increasing.
    type Position = Vec<(u64, u64)>;

    fn options(&self, heads: &Vec<(u64, u64)>, out: &mut Vec<Vec<(u64, u64)>>) {
        for &(x, y) in heads {
            self.for_each_move(x, y, &mut |turn| out.push(toggle(heads, turn)));
        }
    }
}

impl Product {
    /// Calls `f` with the places (increasing) of each move from the heads coin at place (x, y).
    pub fn for_each_move(self, x: u64, y: u64, f: &mut impl FnMut(&[(u64, u64)])) {
        let (fa, fb) = (self.a.first_place(), self.b.first_place());
        if x < fa || y < fb {
            return;
        }
        let along_b = moves_of(self.b, y - fb);
        self.a.for_each_move(x - fa, &mut |others_a| {
            for mb in &along_b {
                let turn: Vec<(u64, u64)> = others_a
                    .iter()
                    .chain([&(x - fa)])
                    .flat_map(|&i| mb.iter().map(move |&j| (i + fa, j + fb)))
                    .collect();
                f(&turn);
            }
        });
    }
}

/// Every move of `rule` from the heads coin at index `top`: the indices it turns, `top` last.
fn moves_of(rule: Rule, top: u64) -> Vec<Vec<u64>> {
    let mut all = Vec::new();
    rule.for_each_move(top, &mut |others| {
        all.push(others.iter().copied().chain([top]).collect())
    });
    all
}

impl Board {
    /// Reads a grid: rows of `H` and `T` joined by `/` (`TH/HT`: the first row is the first y,
    /// its first letter the first x), or the heads coins' places written `x,y` and separated by
    /// spaces (a place given twice counts once).
    ///
    /// # Errors
    /// The first token that is neither, rows of different lengths, or a place before a rule's
    /// first place or past [`Product::max_side`] places.
    pub fn parse(product: Product, text: &str) -> Result<Board, TurningError> {
        let (fa, fb) = (product.a.first_place(), product.b.first_place());
        let side = product.max_side();
        let mut heads = Vec::new();
        for token in text.split_whitespace() {
            if token.bytes().all(|b| b"HT/".contains(&b)) {
                let rows: Vec<&str> = token.split('/').collect();
                if rows.len() as u64 > side || rows[0].len() as u64 > side {
                    return Err(TurningError::PastLimit {
                        token: token.to_owned(),
                        last: side - 1 + fa.min(fb),
                    });
                }
                if let Some(row) = rows.iter().find(|r| r.len() != rows[0].len()) {
                    return Err(TurningError::Ragged((*row).to_owned()));
                }
                for (y, row) in (fb..).zip(&rows) {
                    let xs = (fa..).zip(row.bytes()).filter(|&(_, b)| b == b'H');
                    heads.extend(xs.map(|(x, _)| (x, y)));
                }
                continue;
            }
            let bad = || TurningError::BadToken(token.to_owned());
            let (x, y) = token.split_once(',').ok_or_else(bad)?;
            let (x, y): (u64, u64) = (x.parse().map_err(|_| bad())?, y.parse().map_err(|_| bad())?);
            for (p, first) in [(x, fa), (y, fb)] {
                if p < first {
                    return Err(TurningError::BeforeFirst {
                        token: token.to_owned(),
                        first,
                    });
                }
                if p - first >= side {
                    return Err(TurningError::PastLimit {
                        token: token.to_owned(),
                        last: first + side - 1,
                    });
                }
            }
            heads.push((x, y));
        }
        heads.sort_unstable();
        heads.dedup();
        Ok(Board { product, heads })
    }

    /// The value of each heads coin, G_A(x) ⊗ G_B(y), in the order of [`Board::heads`].
    pub fn coin_values(&self) -> Vec<u64> {
        let p = self.product;
        let (w, h) = p.sides(&self.heads);
        let values = p.values(w, h);
        let (fa, fb) = (p.a.first_place(), p.b.first_place());
        self.heads
            .iter()
            .map(|&(x, y)| values[(y - fb) as usize][(x - fa) as usize])
            .collect()
    }

    /// The grid's value: the nim-sum of its heads coins' values.
    pub fn value(&self) -> Nimber {
        Nimber(self.coin_values().iter().fold(0, |a, &v| a ^ v))
    }

    /// The explanation: each heads coin's value, their nim-sum, and a winning move or why there
    /// is none.
    pub fn explain(&self) -> Vec<TurningStep> {
        let values = self.coin_values();
        let total = values.iter().fold(0, |a, &v| a ^ v);
        let p = self.product;
        let mut steps = vec![
            TurningStep::Product { a: p.a, b: p.b },
            TurningStep::Coins {
                places: self
                    .heads
                    .iter()
                    .map(|(x, y)| format!("({x},{y})"))
                    .collect(),
                values,
            },
            TurningStep::Total { total },
        ];
        steps.push(match product_moves(p, &self.heads).into_iter().next() {
            Some(turn) => {
                let (w, h) = p.sides(&turn);
                let grid = p.values(w, h);
                let (fa, fb) = (p.a.first_place(), p.b.first_place());
                TurningStep::Move {
                    values: turn
                        .iter()
                        .map(|&(x, y)| grid[(y - fb) as usize][(x - fa) as usize])
                        .collect(),
                    turn: turn.iter().map(|(x, y)| format!("({x},{y})")).collect(),
                    total,
                }
            }
            None => TurningStep::NoMove,
        });
        steps
    }
}

/// Every winning move of the grid with heads coins at `heads` (places, increasing): the places
/// each turns, increasing. By distributivity the coins of M_A × M_B nim-sum to α ⊗ β, α and β
/// the nim-sums of the values of M_A under A and of M_B under B; the move wins when that is the
/// grid's value, so for each M_A the winning M_B are those with β = value ⊗ α⁻¹.
pub fn product_moves(product: Product, heads: &[(u64, u64)]) -> Vec<Vec<(u64, u64)>> {
    let (fa, fb) = (product.a.first_place(), product.b.first_place());
    let (w, h) = product.sides(heads);
    let (va, vb) = (product.a.values(w), product.b.values(h));
    let grid = product.values(w, h);
    let total = heads.iter().fold(0, |a, &(x, y)| {
        a ^ grid[(y - fb) as usize][(x - fa) as usize]
    });
    let mut moves = Vec::new();
    if total == 0 {
        return moves;
    }
    let sum = |set: &[u64], values: &[u64]| set.iter().fold(0, |a, &i| a ^ values[i as usize]);
    for &(x, y) in heads {
        let mut by_beta: HashMap<u64, Vec<Vec<u64>>> = HashMap::new();
        for mb in moves_of(product.b, y - fb) {
            by_beta.entry(sum(&mb, &vb)).or_default().push(mb);
        }
        for ma in moves_of(product.a, x - fa) {
            let Some(inverse) = nim_inv(sum(&ma, &va)) else {
                continue;
            };
            for mb in by_beta.get(&nim_mul(total, inverse)).into_iter().flatten() {
                let mut turn: Vec<(u64, u64)> = ma
                    .iter()
                    .flat_map(|&i| mb.iter().map(move |&j| (i + fa, j + fb)))
                    .collect();
                turn.sort_unstable();
                moves.push(turn);
            }
        }
    }
    moves
}
