//! The steps of an expression's computation, products by Conway's rules on their operands.
//!
//! A product a ⊗ b is a [`NimberStep::FermatTimesSmaller`] or [`NimberStep::FermatSquared`] when
//! a rule gives it at once, and otherwise a [`NimberStep::Split`] at the smallest Fermat
//! 2-power F with a, b < F², whose half products are explained after it, level by level, up to
//! [`MAX_EXPLAINED_PRODUCTS`] products in all (each pair once).

use std::collections::VecDeque;

use rustc_hash::FxHashSet;
use serde::Serialize;

use super::field::{nim_mul, nim_order};
use crate::{Explain, Lang};

/// The most products an explanation shows; the others are counted in [`NimberStep::More`].
pub const MAX_EXPLAINED_PRODUCTS: usize = 16;

/// One step of the computation of a nimber expression.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "step", rename_all = "snake_case")]
#[non_exhaustive]
pub enum NimberStep {
    /// a ⊕ b, binary addition without carries.
    Sum {
        /// The left operand.
        a: u64,
        /// The right operand.
        b: u64,
        /// a XOR b.
        sum: u64,
    },
    /// A product with 0 or 1, the ordinary one.
    Trivial {
        /// The left operand.
        a: u64,
        /// The right operand.
        b: u64,
        /// a·b.
        product: u64,
    },
    /// F ⊗ x = F·x for a Fermat 2-power F and x < F (the first rule).
    FermatTimesSmaller {
        /// F = 2^(2^k).
        fermat: u64,
        /// The other operand, below F.
        x: u64,
        /// F·x.
        product: u64,
    },
    /// F ⊗ F = 3F/2 = F ⊕ F/2 for a Fermat 2-power F (the second rule).
    FermatSquared {
        /// F = 2^(2^k).
        fermat: u64,
        /// 3F/2.
        product: u64,
    },
    /// a ⊗ b for a, b < F² split in halves at F: a ⊗ b = (a1⊗b1 ⊕ a1⊗b0 ⊕ a0⊗b1)·F ⊕ (a0⊗b0 ⊕
    /// a1⊗b1 ⊗ F/2).
    Split {
        /// The left operand.
        a: u64,
        /// The right operand.
        b: u64,
        /// F = 2^e, with e a power of two.
        fermat: u64,
        /// e = log2 F.
        exponent: u32,
        /// a = a1·F + a0.
        a1: u64,
        /// The low half of a.
        a0: u64,
        /// b = b1·F + b0.
        b1: u64,
        /// The low half of b.
        b0: u64,
        /// a1 ⊗ b1.
        a1_b1: u64,
        /// a1 ⊗ b0.
        a1_b0: u64,
        /// a0 ⊗ b1.
        a0_b1: u64,
        /// a0 ⊗ b0.
        a0_b0: u64,
        /// a1 ⊗ b1 ⊗ F/2.
        a1_b1_half: u64,
        /// a ⊗ b.
        product: u64,
    },
    /// x⁻¹, the nimber whose product with x is 1.
    Inverse {
        /// x ≠ 0.
        x: u64,
        /// x⁻¹.
        inverse: u64,
    },
    /// The square root of x.
    SquareRoot {
        /// x.
        x: u64,
        /// The one r with r ⊗ r = x.
        root: u64,
    },
    /// x^n by repeated squaring.
    Power {
        /// x.
        x: u64,
        /// n, an ordinary natural number.
        n: u64,
        /// x^n.
        value: u64,
        /// The multiplicative order of x (`None` for 0).
        order: Option<u64>,
    },
    /// Products computed by the same rules and not shown.
    More {
        /// How many.
        count: u64,
    },
}

/// Collects the steps while an expression is evaluated.
#[derive(Default)]
pub(super) struct Explainer {
    steps: Vec<NimberStep>,
    explained: FxHashSet<(u64, u64)>,
    omitted: u64,
}

impl Explainer {
    pub(super) fn sum(&mut self, a: u64, b: u64) {
        self.steps.push(NimberStep::Sum { a, b, sum: a ^ b });
    }

    pub(super) fn inverse(&mut self, x: u64, inverse: u64) {
        self.steps.push(NimberStep::Inverse { x, inverse });
    }

    pub(super) fn sqrt(&mut self, x: u64, root: u64) {
        self.steps.push(NimberStep::SquareRoot { x, root });
    }

    pub(super) fn power(&mut self, x: u64, n: u64, value: u64) {
        let order = nim_order(x);
        self.steps.push(NimberStep::Power { x, n, value, order });
    }

    /// The steps of a ⊗ b and of its half products, level by level.
    pub(super) fn product(&mut self, a: u64, b: u64) {
        if a < 2 || b < 2 {
            let product = a * b;
            self.steps.push(NimberStep::Trivial { a, b, product });
            return;
        }
        let mut queue = VecDeque::from([(a, b)]);
        while let Some((a, b)) = queue.pop_front() {
            if !self.explained.insert((a.min(b), a.max(b))) {
                continue;
            }
            if self.explained.len() > MAX_EXPLAINED_PRODUCTS {
                self.omitted += 1;
                continue;
            }
            let step = rule(a, b);
            if let NimberStep::Split {
                a1,
                a0,
                b1,
                b0,
                a1_b1,
                fermat,
                ..
            } = step
            {
                let halves = [(a1, b1), (a1, b0), (a0, b1), (a0, b0), (a1_b1, fermat / 2)];
                queue.extend(halves.into_iter().filter(|&(x, y)| x >= 2 && y >= 2));
            }
            self.steps.push(step);
        }
    }

    pub(super) fn finish(mut self) -> Vec<NimberStep> {
        if self.omitted > 0 {
            self.steps.push(NimberStep::More {
                count: self.omitted,
            });
        }
        self.steps
    }
}

/// Whether `x` is a Fermat 2-power 2^(2^k).
fn is_fermat(x: u64) -> bool {
    x.is_power_of_two() && x.trailing_zeros().is_power_of_two()
}

/// The step of a ⊗ b, both at least 2.
fn rule(a: u64, b: u64) -> NimberStep {
    let product = nim_mul(a, b);
    if a == b && is_fermat(a) {
        return NimberStep::FermatSquared { fermat: a, product };
    }
    for (f, x) in [(a, b), (b, a)] {
        if is_fermat(f) && x < f {
            return NimberStep::FermatTimesSmaller {
                fermat: f,
                x,
                product,
            };
        }
    }
    // The smallest F = 2^e (e a power of two) with a, b < F² = 2^(2e).
    let bits = u64::BITS - a.max(b).leading_zeros();
    let exponent = bits.next_power_of_two() / 2;
    let fermat = 1u64 << exponent;
    let mask = fermat - 1;
    let (a1, a0, b1, b0) = (a >> exponent, a & mask, b >> exponent, b & mask);
    let a1_b1 = nim_mul(a1, b1);
    NimberStep::Split {
        a,
        b,
        fermat,
        exponent,
        a1,
        a0,
        b1,
        b0,
        a1_b1,
        a1_b0: nim_mul(a1, b0),
        a0_b1: nim_mul(a0, b1),
        a0_b0: nim_mul(a0, b0),
        a1_b1_half: nim_mul(a1_b1, fermat / 2),
        product,
    }
}

impl NimberStep {
    /// Whether what the step states is true in the field: a split's halves are below F and
    /// recombine to its operands and its product, and each product it states is the
    /// nim-product (by [`nim_mul`]). Steps that state no product hold. The tests and the
    /// `nimber_expr` fuzz target check every step of an explanation with it.
    pub fn holds(&self) -> bool {
        match *self {
            NimberStep::Split {
                a,
                b,
                fermat,
                a1,
                a0,
                b1,
                b0,
                a1_b1,
                a1_b0,
                a0_b1,
                a0_b0,
                a1_b1_half,
                product,
                ..
            } => {
                let halves = [a1, a0, b1, b0].iter().all(|&h| h < fermat);
                let high = a1_b1 ^ a1_b0 ^ a0_b1;
                halves
                    && (a1 > 0 || b1 > 0)
                    && a == a1 * fermat + a0
                    && b == b1 * fermat + b0
                    && product == (high * fermat) ^ a0_b0 ^ a1_b1_half
                    && product == nim_mul(a, b)
            }
            NimberStep::FermatTimesSmaller { fermat, x, product } => {
                is_fermat(fermat)
                    && x < fermat
                    && product == fermat * x
                    && product == nim_mul(fermat, x)
            }
            NimberStep::FermatSquared { fermat, product } => product == nim_mul(fermat, fermat),
            _ => true,
        }
    }
}

impl Explain for NimberStep {
    fn text(&self, lang: Lang) -> String {
        match *self {
            NimberStep::Sum { a, b, sum } => {
                let w = (u64::BITS - (a | b).leading_zeros()).max(1) as usize;
                lang.pick(
                    format!("{a} ⊕ {b} = {sum}: the nim-sum adds in binary without carries (XOR): {a:0w$b} ⊕ {b:0w$b} = {sum:0w$b}."),
                    format!("{a} ⊕ {b} = {sum}：尼姆和是不进位的二进制加法（异或）：{a:0w$b} ⊕ {b:0w$b} = {sum:0w$b}。"),
                )
            }
            NimberStep::Trivial { a, b, product } => lang.pick(
                format!("{a} ⊗ {b} = {product}: a product with 0 or 1 is the ordinary one."),
                format!("{a} ⊗ {b} = {product}：与 0 或 1 的尼姆积就是普通乘积。"),
            ),
            NimberStep::FermatTimesSmaller { fermat, x, product } => {
                let k = fermat.trailing_zeros().trailing_zeros();
                lang.pick(
                    format!("{fermat} ⊗ {x} = {fermat}·{x} = {product}: {fermat} = 2^(2^{k}) is a Fermat 2-power F and {x} < F, and F ⊗ x = F·x (the ordinary product) for x < F."),
                    format!("{fermat} ⊗ {x} = {fermat}·{x} = {product}：{fermat} = 2^(2^{k}) 是费马 2-幂 F，且 {x} < F；对 x < F 有 F ⊗ x = F·x（普通乘积）。"),
                )
            }
            NimberStep::FermatSquared { fermat, product } => {
                let k = fermat.trailing_zeros().trailing_zeros();
                lang.pick(
                    format!("{fermat} ⊗ {fermat} = 3·{fermat}/2 = {fermat} ⊕ {} = {product}: {fermat} = 2^(2^{k}) is a Fermat 2-power F, and F ⊗ F = 3F/2.", fermat / 2),
                    format!("{fermat} ⊗ {fermat} = 3·{fermat}/2 = {fermat} ⊕ {} = {product}：{fermat} = 2^(2^{k}) 是费马 2-幂 F，而 F ⊗ F = 3F/2。", fermat / 2),
                )
            }
            NimberStep::Split {
                a,
                b,
                fermat,
                exponent,
                a1,
                a0,
                b1,
                b0,
                a1_b1,
                a1_b0,
                a0_b1,
                a0_b0,
                a1_b1_half,
                product,
            } => {
                let half = fermat / 2;
                let high = a1_b1 ^ a1_b0 ^ a0_b1;
                let low = a0_b0 ^ a1_b1_half;
                let formula = format!(
                    "  a ⊗ b = (a1⊗b1 ⊕ a1⊗b0 ⊕ a0⊗b1)·F ⊕ (a0⊗b0 ⊕ a1⊗b1 ⊗ F/2)\n        = ({a1_b1} ⊕ {a1_b0} ⊕ {a0_b1})·{fermat} ⊕ ({a0_b0} ⊕ {a1_b1} ⊗ {half})\n        = {high}·{fermat} ⊕ ({a0_b0} ⊕ {a1_b1_half}) = {high}·{fermat} ⊕ {low} = {product}"
                );
                lang.pick(
                    format!("{a} ⊗ {b}: split both at the Fermat 2-power F = 2^{exponent} = {fermat} (they are below F² = 2^{}): a = {a} = {a1}·F + {a0}, b = {b} = {b1}·F + {b0}. Multiplying out with F ⊗ x = F·x for x < F and F ⊗ F = F ⊕ F/2:\n{formula}", 2 * exponent),
                    format!("{a} ⊗ {b}：在费马 2-幂 F = 2^{exponent} = {fermat} 处把两数各分成两半（它们都小于 F² = 2^{}）：a = {a} = {a1}·F + {a0}，b = {b} = {b1}·F + {b0}。用 F ⊗ x = F·x（x < F）和 F ⊗ F = F ⊕ F/2 展开：\n{formula}", 2 * exponent),
                )
            }
            NimberStep::Inverse { x, inverse } => lang.pick(
                format!("inv({x}) = {inverse}, since {x} ⊗ {inverse} = 1. With x = x1·F + x0 split in halves, x ⊗ (x1·F + (x0 ⊕ x1)) is x0⊗(x0 ⊕ x1) ⊕ x1⊗x1⊗F/2, a nimber below F (the norm), so x⁻¹ is (x1·F + (x0 ⊕ x1)) ⊗ norm⁻¹, an inverse in the half-size field."),
                format!("inv({x}) = {inverse}，因为 {x} ⊗ {inverse} = 1。把 x 拆成两半 x = x1·F + x0，则 x ⊗ (x1·F + (x0 ⊕ x1)) = x0⊗(x0 ⊕ x1) ⊕ x1⊗x1⊗F/2 小于 F（范数），所以 x⁻¹ = (x1·F + (x0 ⊕ x1)) ⊗ 范数⁻¹，只需在一半大小的域里求逆。"),
            ),
            NimberStep::SquareRoot { x, root } => lang.pick(
                format!("sqrt({x}) = {root}, since {root} ⊗ {root} = {x}. Squaring is one-to-one on nimbers ((a ⊕ b)² = a² ⊕ b²), so every nimber has exactly one square root, x^(2^63)."),
                format!("sqrt({x}) = {root}，因为 {root} ⊗ {root} = {x}。平方在尼姆数上是一一映射（(a ⊕ b)² = a² ⊕ b²），所以每个尼姆数恰有一个平方根，即 x^(2^63)。"),
            ),
            NimberStep::Power { x, n, value, order } => {
                let cycle = |zh: bool| match order {
                    Some(o) if zh => format!("{x} 的乘法阶是 {o}（整除 2^64 − 1），所以 {x}^n 只取决于 n mod {o}"),
                    Some(o) => format!("the order of {x} is {o} (a divisor of 2^64 − 1), so {x}^n depends on n mod {o} only"),
                    None if zh => "0 的正整数次幂都是 0，0^0 = 1".to_string(),
                    None => "every power of 0 but 0^0 = 1 is 0".to_string(),
                };
                lang.pick(
                    format!("{x}^{n} = {value}, by repeated squaring; {}.", cycle(false)),
                    format!("{x}^{n} = {value}，用反复平方计算；{}。", cycle(true)),
                )
            }
            NimberStep::More { count } => lang.pick(
                format!("{count} more products follow by the same rules (not shown)."),
                format!("另有 {count} 个乘积按同样的规则计算（从略）。"),
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nimber::evaluate_explained;

    /// Every product a step states is the field's, and a split's halves recombine to it.
    fn check(steps: &[NimberStep]) {
        for step in steps {
            assert!(step.holds(), "{step:?}");
        }
    }

    #[test]
    fn small_product_is_explained_to_the_rules() {
        let (value, steps) = evaluate_explained("3*5").unwrap();
        assert_eq!(value, 15);
        check(&steps);
        // 3 ⊗ 5 at F = 4: halves (0, 3) and (1, 1); the only half product past 0 and 1 is none.
        assert_eq!(steps.len(), 1);
        assert!(matches!(steps[0], NimberStep::Split { fermat: 4, .. }));
        let (_, steps) = evaluate_explained("16*16").unwrap();
        assert_eq!(
            steps,
            [NimberStep::FermatSquared {
                fermat: 16,
                product: 24
            }]
        );
        let (_, steps) = evaluate_explained("16*7").unwrap();
        assert!(matches!(
            steps[0],
            NimberStep::FermatTimesSmaller { product: 112, .. }
        ));
    }

    #[test]
    fn large_products_are_cut_and_counted() {
        let (value, steps) =
            evaluate_explained("18446744073709551557 * 12345678901234567").unwrap();
        assert_eq!(value, nim_mul(18446744073709551557, 12345678901234567));
        check(&steps);
        let shown = steps
            .iter()
            .filter(|s| !matches!(s, NimberStep::More { .. }))
            .count();
        assert_eq!(shown, MAX_EXPLAINED_PRODUCTS);
        assert!(matches!(steps.last(), Some(NimberStep::More { count }) if *count > 0));
    }

    #[test]
    fn every_step_has_text_in_both_languages() {
        let (_, steps) = evaluate_explained(
            "(2 + 3) * 0 + 1 * 7 + 256 * 256 + 300 * 1000 / 9 + sqrt(5) + 7^10 + 0^3 + inv(6)",
        )
        .unwrap();
        check(&steps);
        for step in &steps {
            assert!(!step.text(Lang::En).is_empty());
            assert!(!step.text(Lang::Zh).is_ascii());
        }
        for kind in [
            "sum",
            "trivial",
            "fermat_squared",
            "split",
            "inverse",
            "square_root",
            "power",
        ] {
            assert!(
                steps
                    .iter()
                    .any(|s| serde_json::to_value(s).unwrap()["step"] == kind),
                "{kind}"
            );
        }
    }
}
