//! Wythoff's game: two piles; a move takes any number of stones from one pile, or the same number
//! from both.
//!
//! Theorem (Wythoff, 1907): the P-positions are (a_k, b_k) and (b_k, a_k) for k = 0, 1, 2, …, with
//! a_k = ⌊kφ⌋ and b_k = ⌊kφ²⌋ = a_k + k (φ = (1 + √5)/2): a_k is the smallest number not in an
//! earlier pair, and by Beatty's theorem (1/φ + 1/φ² = 1) every positive integer is in exactly one
//! pair. So the other pile of a P-position is determined by either pile, and the P-position with
//! difference d is (a_d, b_d): that gives every winning move, at most three.
//!
//! ⌊kφ⌋ is computed with integers only: ⌊kφ⌋ = ⌊(k + ⌊√(5k²)⌋)/2⌋, the square root found by a
//! binary search on exact 256-bit squares, for every k up to 2^64 (so every pile up to 2^64 − 1).
//! Wythoff's Grundy values (beyond 0 for P-positions) have no known formula; the outcome is exact.

use serde::Serialize;

use crate::{Analysis, AnalyzeOptions, Explain, Game, Lang, Move, MoveList, Outcome, PileMove};

mod playable;

pub use playable::WythoffPlay;

/// Wythoff's game as a [`Game`], for the engine: a position is the two piles.
#[derive(Clone, Copy, Debug, Default)]
pub struct Wythoff;

impl Game for Wythoff {
    type Position = [u64; 2];

    fn options(&self, &[a, b]: &[u64; 2], out: &mut Vec<[u64; 2]>) {
        out.extend((0..a).map(|x| [x, b]));
        out.extend((0..b).map(|y| [a, y]));
        out.extend((1..=a.min(b)).map(|k| [a - k, b - k]));
    }
}

/// The full product of two 128-bit numbers, as (high, low) halves.
fn mul_wide(a: u128, b: u128) -> (u128, u128) {
    const LOW: u128 = u64::MAX as u128;
    let (a1, a0) = (a >> 64, a & LOW);
    let (b1, b0) = (b >> 64, b & LOW);
    let (p00, p01, p10, p11) = (a0 * b0, a0 * b1, a1 * b0, a1 * b1);
    let middle = (p00 >> 64) + (p01 & LOW) + (p10 & LOW);
    let low = (p00 & LOW) | (middle << 64);
    let high = p11 + (p01 >> 64) + (p10 >> 64) + (middle >> 64);
    (high, low)
}

/// ⌊k√5⌋ = ⌊√(5k²)⌋ exactly, for k ≤ 2^64.
fn floor_sqrt5_times(k: u128) -> u128 {
    newton_sqrt5_times(k).unwrap_or_else(|| bisect_sqrt5_times(k))
}

/// ⌊k√5⌋ by one Newton step from a floating-point guess, checked exactly; `None` if the guess
/// was too far off for the step (never seen, but then the caller bisects).
fn newton_sqrt5_times(k: u128) -> Option<u128> {
    let target = mul_wide(k, 5 * k);
    let fits = |x: u128| mul_wide(x, x) <= target;
    // A floating-point guess g is within 2^15 of the root x. One Newton step with the exact
    // residual r = 5k² − g² (|r| ≈ 2xδ < 2^82, so it fits in an i128) lands within 2 of x;
    // the last steps are exact comparisons.
    let guess = (k as f64 * 5f64.sqrt()) as u128;
    let (square_high, square_low) = mul_wide(guess, guess);
    let (low, borrow) = target.1.overflowing_sub(square_low);
    let high = target
        .0
        .wrapping_sub(square_high)
        .wrapping_sub(u128::from(borrow));
    let residual = low as i128;
    let exact = (high == 0 && residual >= 0) || (high == u128::MAX && residual < 0);
    if !exact || guess == 0 {
        return (k == 0).then_some(0);
    }
    let mut x = (guess as i128 + residual / (2 * guess as i128)).max(0) as u128;
    for _ in 0..8 {
        match (fits(x), fits(x + 1)) {
            (true, false) => return Some(x),
            (true, true) => x += 1,
            (false, _) => x -= 1,
        }
    }
    None
}

/// ⌊k√5⌋ by bisection on [0, 3k + 1) (√5 < 3), with exact squares.
fn bisect_sqrt5_times(k: u128) -> u128 {
    let target = mul_wide(k, 5 * k);
    let fits = |x: u128| mul_wide(x, x) <= target;
    // fits(low), not fits(high).
    let (mut low, mut high) = (0, 3 * k + 1);
    while high - low > 1 {
        let middle = low + (high - low) / 2;
        if fits(middle) {
            low = middle;
        } else {
            high = middle;
        }
    }
    low
}

/// ⌊mφ⌋ for m ≤ 2^64.
fn floor_phi(m: u128) -> u128 {
    // ⌊(m + m√5)/2⌋ = ⌊(m + ⌊m√5⌋)/2⌋ since m is an integer.
    (m + floor_sqrt5_times(m)) / 2
}

/// a_k = ⌊kφ⌋, the smaller pile of the k-th P-position, exactly.
///
/// # Examples
/// ```
/// use grundy::games::wythoff;
/// assert_eq!((0..6).map(wythoff::lower).collect::<Vec<_>>(), vec![0, 1, 3, 4, 6, 8]);
/// assert_eq!(wythoff::lower(1_000_000_000_000), 1_618_033_988_749);
/// ```
pub fn lower(k: u64) -> u128 {
    floor_phi(u128::from(k))
}

/// b_k = ⌊kφ²⌋ = a_k + k, the larger pile of the k-th P-position, exactly.
pub fn upper(k: u64) -> u128 {
    lower(k) + u128::from(k)
}

/// Where a number stands in the two Beatty sequences.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "sequence", content = "k", rename_all = "snake_case")]
pub enum Beatty {
    /// 0, in the pair (0, 0).
    Zero,
    /// n = a_k = ⌊kφ⌋.
    Lower(u64),
    /// n = b_k = ⌊kφ²⌋.
    Upper(u64),
}

/// Which sequence n is in, and its index.
///
/// n is some a_k iff ⌊(n+1)/φ⌋ > ⌊n/φ⌋ (then k = ⌊(n+1)/φ⌋, the number of a_j ≤ n); otherwise
/// n = b_k with k = n − ⌊(n+1)/φ⌋. With 1/φ = φ − 1, ⌊m/φ⌋ = ⌊mφ⌋ − m.
pub fn beatty(n: u64) -> Beatty {
    if n == 0 {
        return Beatty::Zero;
    }
    let below = |m: u128| floor_phi(m) - m;
    let (here, next) = (below(u128::from(n)), below(u128::from(n) + 1));
    // ⌊(n+1)/φ⌋ ≤ n, so these fit.
    if next > here {
        Beatty::Lower(next as u64)
    } else {
        Beatty::Upper(n - next as u64)
    }
}

/// The other pile of the P-position that has a pile of n.
pub fn partner(n: u64) -> u128 {
    match beatty(n) {
        Beatty::Zero => 0,
        Beatty::Lower(k) => u128::from(n) + u128::from(k),
        Beatty::Upper(k) => u128::from(n - k),
    }
}

/// The position after `change`.
pub fn apply(piles: &[u64; 2], change: &PileMove) -> [u64; 2] {
    let mut next = *piles;
    match *change {
        PileMove::Take { pile, to, .. } => next[pile] = to,
        PileMove::TakeBoth { to, .. } => next = to,
        _ => {}
    }
    next
}

/// One step of the explanation of a Wythoff position.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "step", rename_all = "snake_case")]
pub enum WythoffStep {
    /// The first P-positions, and how they are built.
    Pairs {
        /// (a_k, b_k) for the first k.
        pairs: Vec<(u64, u64)>,
    },
    /// The P-position with the piles' difference, computed exactly.
    Difference {
        /// The smaller pile.
        small: u64,
        /// The larger pile.
        large: u64,
        /// d = large − small.
        difference: u64,
        /// a_d = ⌊dφ⌋.
        lower: u128,
        /// ⌊√(5d²)⌋, from which a_d = ⌊(d + ⌊√(5d²)⌋)/2⌋.
        root: u128,
    },
    /// The verdict: whether (small, large) is (a_d, b_d).
    Verdict {
        /// Whether it is a P-position.
        p_position: bool,
    },
    /// A move that takes the same number from both piles down to (a_d, b_d).
    Both {
        /// The move.
        change: PileMove,
        /// d.
        difference: u64,
    },
    /// A move that keeps one pile and reduces the other to its partner.
    One {
        /// The move.
        change: PileMove,
        /// The pile kept.
        kept: u64,
        /// Where the kept pile stands in the Beatty sequences.
        beatty: Beatty,
    },
    /// For a P-position: why every move leaves an N-position.
    EveryMoveLeavesP,
}

impl Explain for WythoffStep {
    fn text(&self, lang: Lang) -> String {
        match self {
            WythoffStep::Pairs { pairs } => {
                let list = pairs
                    .iter()
                    .map(|(a, b)| format!("({a}, {b})"))
                    .collect::<Vec<_>>()
                    .join(", ");
                lang.pick(
                    format!("The P-positions are (⌊kφ⌋, ⌊kφ²⌋) for k = 0, 1, 2, …: {list}, … Each pair takes the smallest number not used yet and adds k to it, so every positive number is in exactly one pair (Beatty's theorem, 1/φ + 1/φ² = 1)."),
                    format!("必败态是 (⌊kφ⌋, ⌊kφ²⌋)，k = 0, 1, 2, …：{list}, … 每一对取尚未出现过的最小数，再加上 k 得到另一个数，因此每个正整数恰好出现在一对中（Beatty 定理，1/φ + 1/φ² = 1）。"),
                )
            }
            WythoffStep::Difference { small, large, difference, lower, root } => lang.pick(
                format!(
                    "The piles are {small} and {large}, difference d = {difference}. The only P-position with difference d is (⌊dφ⌋, ⌊dφ⌋ + d) = ({lower}, {}); exactly, with integers: ⌊dφ⌋ = ⌊(d + ⌊√(5d²)⌋)/2⌋ = ⌊({difference} + {root})/2⌋ = {lower}.",
                    lower + u128::from(*difference)
                ),
                format!(
                    "两堆为 {small} 和 {large}，差 d = {difference}。差为 d 的必败态只有 (⌊dφ⌋, ⌊dφ⌋ + d) = ({lower}, {})；用整数精确计算：⌊dφ⌋ = ⌊(d + ⌊√(5d²)⌋)/2⌋ = ⌊({difference} + {root})/2⌋ = {lower}。",
                    lower + u128::from(*difference)
                ),
            ),
            WythoffStep::Verdict { p_position: true } => lang.pick(
                "The position is that pair: the player to move loses (a P-position).".to_string(),
                "当前局面正是这一对：先手必败（必败态）。".to_string(),
            ),
            WythoffStep::Verdict { p_position: false } => lang.pick(
                "The position is not a P-position: the player to move wins by moving to one.".to_string(),
                "当前局面不是必败态：先手可以走到必败态而获胜。".to_string(),
            ),
            WythoffStep::Both { change, difference } => lang.pick(
                format!(
                    "Taking the same number from both piles keeps the difference {difference}: {}, reaching that P-position.",
                    change.describe(Lang::En)
                ),
                format!(
                    "两堆取同样多，差保持 {difference} 不变：{}，到达这个必败态。",
                    change.describe(Lang::Zh)
                ),
            ),
            WythoffStep::One { change, kept, beatty } => {
                let (en, zh) = match *beatty {
                    Beatty::Zero => ("0 pairs with 0".to_string(), "0 与 0 成对".to_string()),
                    Beatty::Lower(k) => (
                        format!("{kept} = ⌊{k}φ⌋ pairs with ⌊{k}φ²⌋ = {}", u128::from(*kept) + u128::from(k)),
                        format!("{kept} = ⌊{k}φ⌋，与 ⌊{k}φ²⌋ = {} 成对", u128::from(*kept) + u128::from(k)),
                    ),
                    Beatty::Upper(k) => (
                        format!("{kept} = ⌊{k}φ²⌋ pairs with ⌊{k}φ⌋ = {}", kept - k),
                        format!("{kept} = ⌊{k}φ²⌋，与 ⌊{k}φ⌋ = {} 成对", kept - k),
                    ),
                };
                lang.pick(
                    format!("Keep the pile of {kept}: {en}. So {}.", change.describe(Lang::En)),
                    format!("保留 {kept} 这一堆：{zh}。所以{}。", change.describe(Lang::Zh)),
                )
            }
            WythoffStep::EveryMoveLeavesP => lang.pick(
                "A move on one pile keeps the other, whose partner is unique, so it cannot reach another P-position; a move on both piles keeps the difference, and the P-position with that difference is unique. Every move hands the opponent an N-position.".to_string(),
                "只动一堆时另一堆不变，而它的配对数是唯一的，所以到不了别的必败态；两堆同取时差不变，而差相同的必败态只有一个。无论怎么走，都把必胜态留给对手。".to_string(),
            ),
        }
    }
}

/// How many P-positions the explanation lists.
const EXPLAINED_PAIRS: u64 = 8;

/// Analyses a Wythoff position: outcome and every winning move, in the order HDU 2177 prints
/// them: the move on both piles first, then the move on the smaller pile, then the move on the
/// larger one (for equal piles, pile 1 then pile 2; both leave the same pair).
///
/// `grundy` is `None`: Wythoff values have no known formula (0 exactly for P-positions).
///
/// # Examples
/// ```
/// use grundy::games::wythoff;
/// use grundy::{AnalyzeOptions, PileMove, Outcome};
/// let a = wythoff::analyze(&[5, 8], &AnalyzeOptions::default());
/// assert_eq!(a.outcome, Outcome::N);
/// let after: Vec<[u64; 2]> = a.winning_moves.iter().map(|c| wythoff::apply(&[5, 8], c)).collect();
/// assert_eq!(after, vec![[4, 7], [5, 3]]);
/// ```
pub fn analyze(piles: &[u64; 2], options: &AnalyzeOptions) -> Analysis<WythoffStep, PileMove> {
    let [a, b] = *piles;
    let (small_pile, large_pile) = if a <= b { (0, 1) } else { (1, 0) };
    let (small, large) = (piles[small_pile], piles[large_pile]);
    let difference = large - small;
    let lower_d = lower(difference);
    let mut moves = MoveList::new(options.max_moves);
    let mut steps = Vec::new();
    let p_position = lower_d == u128::from(small);
    if lower_d < u128::from(small) {
        let taken = small - lower_d as u64;
        let change = PileMove::TakeBoth {
            from: *piles,
            to: [a - taken, b - taken],
        };
        steps.push(WythoffStep::Both {
            change: change.clone(),
            difference,
        });
        moves.push(change);
    }
    for (pile, kept) in [(small_pile, large), (large_pile, small)] {
        let target = partner(kept);
        if target < u128::from(piles[pile]) {
            let change = PileMove::Take {
                pile,
                from: piles[pile],
                to: target as u64,
            };
            steps.push(WythoffStep::One {
                change: change.clone(),
                kept,
                beatty: beatty(kept),
            });
            moves.push(change);
        }
    }
    let explanation = if options.explain {
        let mut all = vec![
            WythoffStep::Pairs {
                pairs: (0..EXPLAINED_PAIRS)
                    .map(|k| (lower(k) as u64, upper(k) as u64))
                    .collect(),
            },
            WythoffStep::Difference {
                small,
                large,
                difference,
                lower: lower_d,
                root: floor_sqrt5_times(u128::from(difference)),
            },
            WythoffStep::Verdict { p_position },
        ];
        if p_position {
            all.push(WythoffStep::EveryMoveLeavesP);
        }
        all.extend(steps);
        all
    } else {
        Vec::new()
    };
    let outcome = if p_position { Outcome::P } else { Outcome::N };
    moves.into_outcome(outcome, explanation)
}

#[cfg(test)]
mod tests {
    use super::*;

    use rand::{Rng, SeedableRng};

    /// The reference: a_k is the least number in no earlier pair, b_k = a_k + k.
    fn mex_construction(count: usize) -> Vec<u64> {
        let mut used = vec![false; 3 * count + 3];
        let mut lower = Vec::with_capacity(count);
        let mut next = 0usize;
        for k in 0..count {
            while used[next] {
                next += 1;
            }
            lower.push(next as u64);
            used[next] = true;
            used[next + k] = true;
        }
        lower
    }

    /// A second exact method: with k − 1 = Σ F_i in Zeckendorf form (F = 1, 2, 3, 5, …),
    /// ⌊kφ⌋ = Σ F_{i+1} + 1 (shifting the representation multiplies by φ, rounded).
    fn zeckendorf_lower(k: u128) -> u128 {
        if k == 0 {
            return 0;
        }
        let mut fib: Vec<u128> = vec![1, 2];
        while *fib.last().unwrap() <= k {
            let n = fib[fib.len() - 1] + fib[fib.len() - 2];
            fib.push(n);
        }
        fib.push(fib[fib.len() - 1] + fib[fib.len() - 2]);
        let mut rest = k - 1;
        let mut shifted = 1;
        for i in (0..fib.len() - 1).rev() {
            if fib[i] <= rest {
                rest -= fib[i];
                shifted += fib[i + 1];
            }
        }
        shifted
    }

    #[test]
    fn lower_matches_the_mex_construction_up_to_a_million() {
        let reference = mex_construction(1_000_001);
        for (k, &a) in reference.iter().enumerate() {
            assert_eq!(lower(k as u64), u128::from(a), "k = {k}");
            assert_eq!(zeckendorf_lower(k as u128), u128::from(a), "k = {k}");
        }
    }

    #[test]
    fn big_k_agree_with_two_other_exact_methods() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1907);
        let edges = [
            u64::MAX,
            u64::MAX - 1,
            1 << 63,
            (1 << 63) - 1,
            8_249_092_000_000_000_000,
        ];
        let random = (0..20_000).map(|_| rng.random::<u64>() >> rng.random_range(0..64));
        for k in edges.into_iter().chain(random) {
            assert_eq!(lower(k), zeckendorf_lower(u128::from(k)), "k = {k}");
            // Where 5k² fits in 128 bits, the standard library's integer square root agrees.
            if let Some(five_k2) = u128::from(k)
                .checked_mul(u128::from(k))
                .and_then(|x| x.checked_mul(5))
            {
                assert_eq!(lower(k), (u128::from(k) + five_k2.isqrt()) / 2, "k = {k}");
            }
        }
        // 2^64 itself (needed for ⌊(n+1)/φ⌋ at n = 2^64 − 1).
        assert_eq!(floor_phi(1 << 64), zeckendorf_lower(1 << 64));
    }

    #[test]
    fn the_newton_step_and_the_bisection_agree_and_newton_is_taken() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
        let random =
            (0..20_000).map(|_| u128::from(rng.random::<u64>() >> rng.random_range(0..64)));
        for k in random.chain([0, 1, 2, 1 << 64, u128::from(u64::MAX)]) {
            assert_eq!(
                newton_sqrt5_times(k),
                Some(bisect_sqrt5_times(k)),
                "k = {k}"
            );
        }
    }

    #[test]
    fn beatty_places_every_number_once() {
        let reference = mex_construction(100_000);
        let mut seen = std::collections::HashMap::new();
        for (k, &a) in reference.iter().enumerate().skip(1) {
            seen.insert(a, Beatty::Lower(k as u64));
            seen.insert(a + k as u64, Beatty::Upper(k as u64));
        }
        for n in 1..100_000u64 {
            assert_eq!(Some(&beatty(n)), seen.get(&n), "n = {n}");
        }
        assert_eq!(beatty(0), Beatty::Zero);
        for n in [u64::MAX, u64::MAX - 1, 1 << 63] {
            let p = partner(n);
            let (small, large) = if p < u128::from(n) {
                (p, u128::from(n))
            } else {
                (u128::from(n), p)
            };
            let k = (large - small) as u64;
            assert_eq!(lower(k), small, "n = {n}");
        }
    }

    #[test]
    fn the_order_is_the_one_hdu_2177_prints() {
        // HDU 2177's samples: (5, 8) -> 4 7, then 3 5; (2, 2) -> 0 0, then 1 2 (printed once).
        let moves = |a, b| {
            let piles = [a, b];
            analyze(&piles, &AnalyzeOptions::default())
                .winning_moves
                .iter()
                .map(|c| {
                    let [x, y] = apply(&piles, c);
                    (x.min(y), x.max(y))
                })
                .collect::<Vec<_>>()
        };
        assert_eq!(moves(5, 8), vec![(4, 7), (3, 5)]);
        assert_eq!(moves(2, 2), vec![(0, 0), (1, 2), (1, 2)]);
        assert_eq!(moves(1, 2), vec![]);
        assert_eq!(moves(4, 7), vec![]);
        // The smaller pile's move comes before the larger pile's, whichever is typed first.
        assert_eq!(moves(10, 4), moves(4, 10));
    }

    #[test]
    fn huge_piles_are_exact() {
        for (a, b) in [
            (u64::MAX, u64::MAX),
            (u64::MAX, 0),
            (1 << 62, 1 << 63),
            (u64::MAX - 1, 7),
        ] {
            let analysis = analyze(&[a, b], &AnalyzeOptions::default());
            for change in &analysis.winning_moves {
                let [x, y] = apply(&[a, b], change);
                let (small, large) = (x.min(y), x.max(y));
                assert_eq!(
                    lower(large - small),
                    u128::from(small),
                    "{a} {b} -> {x} {y}"
                );
            }
            assert!(analysis.winning_move_count >= 1);
        }
    }

    #[test]
    fn explanations_in_both_languages() {
        let a = analyze(
            &[5, 8],
            &AnalyzeOptions {
                max_moves: 10,
                explain: true,
            },
        );
        let en: Vec<String> = a.explanation.iter().map(|s| s.text(Lang::En)).collect();
        let zh: Vec<String> = a.explanation.iter().map(|s| s.text(Lang::Zh)).collect();
        assert!(en[0].contains("(3, 5), (4, 7)"), "{en:?}");
        assert!(en[1].contains("⌊(3 + 6)/2⌋ = 4"), "{en:?}");
        assert!(
            en.iter()
                .any(|s| s.contains("5 = ⌊2φ²⌋ pairs with ⌊2φ⌋ = 3")),
            "{en:?}"
        );
        assert!(zh.iter().any(|s| s.contains("必败态")), "{zh:?}");
    }
}
