//! The field of the nimbers below 2^64: nim-multiplication, squares, square roots, inverses,
//! powers and multiplicative orders, all on `u64`.
//!
//! Conway's rules (*On Numbers and Games*, ch. 6): for a Fermat 2-power F = 2^(2^k) the nimbers
//! below F form a field, a subfield of the nimbers below F², and
//! - F ⊗ x = F·x (the ordinary product) for x < F;
//! - F ⊗ F = 3F/2 = F ⊕ F/2.
//!
//! Writing a = a1·F + a0 with halves a1, a0 < F, bilinearity gives
//! a ⊗ b = (a1b1 ⊕ a1b0 ⊕ a0b1)·F ⊕ (a0b0 ⊕ a1b1 ⊗ F/2), and Karatsuba's identity
//! a1b0 ⊕ a0b1 = (a1 ⊕ a0)(b1 ⊕ b0) ⊕ a1b1 ⊕ a0b0 makes the high half
//! (a1 ⊕ a0)(b1 ⊕ b0) ⊕ a0b0: three half-size products. Here the halving stops at bytes, whose
//! products are a 64 KiB table, and the products by F/2 (linear over GF(2)) are one table per
//! byte; a 64-bit product is 27 byte products and 7 further lookups. The tables are computed at
//! compile time from the two rules above.
//!
//! The same split gives the square (a1²·F ⊕ (a0² ⊕ a1² ⊗ F/2)), its inverse the square root
//! (every element of a field of characteristic 2 has exactly one), and the inverse through the
//! conjugate over the subfield, a1·F ⊕ (a0 ⊕ a1), whose product with a is the norm
//! a0(a0 ⊕ a1) ⊕ a1² ⊗ F/2, a nimber below F.

/// `POW2[i][j]` = 2^i ⊗ 2^j, built level by level: at level k the exponents below 2^(k+1) are
/// split at bit k, which stands for the factor F = 2^(2^k) of 2^i.
#[allow(
    clippy::large_const_arrays,
    reason = "read only at compile time, by the builders of the tables"
)]
const POW2: [[u64; 64]; 64] = pow2_products();

const fn pow2_products() -> [[u64; 64]; 64] {
    let mut p = [[0u64; 64]; 64];
    p[0][0] = 1;
    let mut k = 0;
    while k < 6 {
        let e = 1usize << k; // F = 2^e
        let mut i = 0;
        while i < 2 * e {
            let mut j = 0;
            while j < 2 * e {
                let (i1, i0, j1, j0) = (i >= e, i % e, j >= e, j % e);
                p[i][j] = match (i1, j1) {
                    (false, false) => p[i][j],
                    // F ⊗ x = F·x for x < F.
                    (true, false) => p[i0][j] << e,
                    (false, true) => p[i][j0] << e,
                    // (F ⊗ x)(F ⊗ y) = (F ⊕ F/2) ⊗ (x ⊗ y), with F/2 = 2^(e−1).
                    (true, true) => {
                        let z = p[i0][j0];
                        let mut half = 0;
                        let mut t = 0;
                        while t < e {
                            if z >> t & 1 == 1 {
                                half ^= p[t][e - 1];
                            }
                            t += 1;
                        }
                        (z << e) ^ half
                    }
                };
                j += 1;
            }
            i += 1;
        }
        k += 1;
    }
    p
}

/// The products of bytes, by bilinearity from [`POW2`]: a row is built from lower rows and a
/// column from lower columns of the same row.
static MUL8: [[u8; 256]; 256] = mul8_table();

const fn mul8_table() -> [[u8; 256]; 256] {
    let mut t = [[0u8; 256]; 256];
    let mut a: usize = 1;
    while a < 256 {
        let mut b: usize = 1;
        while b < 256 {
            let (low_a, low_b) = (a & a.wrapping_neg(), b & b.wrapping_neg());
            t[a][b] = if a != low_a {
                t[a - low_a][b] ^ t[low_a][b]
            } else if b != low_b {
                t[a][b - low_b] ^ t[a][low_b]
            } else {
                POW2[a.trailing_zeros() as usize][b.trailing_zeros() as usize] as u8
            };
            b += 1;
        }
        a += 1;
    }
    t
}

/// A GF(2)-linear map on nimbers below 2^(8·N), as one table per byte of its argument.
struct ByteLinear<const N: usize>([[u64; 256]; N]);

impl<const N: usize> ByteLinear<N> {
    /// The map x ↦ x ⊗ 2^`exponent`.
    const fn times_pow2(exponent: usize) -> Self {
        let mut tables = [[0u64; 256]; N];
        let mut byte = 0;
        while byte < N {
            let mut x: usize = 1;
            while x < 256 {
                let low = x & x.wrapping_neg();
                tables[byte][x] = if x != low {
                    tables[byte][x - low] ^ tables[byte][low]
                } else {
                    POW2[8 * byte + low.trailing_zeros() as usize][exponent]
                };
                x += 1;
            }
            byte += 1;
        }
        ByteLinear(tables)
    }

    #[inline(always)]
    fn apply(&self, x: u64) -> u64 {
        let mut y = 0;
        for (byte, table) in self.0.iter().enumerate() {
            y ^= table[(x >> (8 * byte)) as usize & 0xff];
        }
        y
    }
}

/// x ⊗ F/2 for x below F = 2^8, 2^16, 2^32.
static HALF8: ByteLinear<1> = ByteLinear::times_pow2(7);
static HALF16: ByteLinear<2> = ByteLinear::times_pow2(15);
static HALF32: ByteLinear<4> = ByteLinear::times_pow2(31);

/// Square roots and inverses of bytes (`INV8[0]` is 0, never used).
static SQRT8: [u8; 256] = byte_inverses().0;
static INV8: [u8; 256] = byte_inverses().1;

const fn byte_inverses() -> ([u8; 256], [u8; 256]) {
    let mul = mul8_table();
    let (mut sqrt, mut inv) = ([0u8; 256], [0u8; 256]);
    let mut x = 0;
    while x < 256 {
        sqrt[mul[x][x] as usize] = x as u8;
        let mut y = 1;
        while y < 256 {
            if mul[x][y] == 1 {
                inv[x] = y as u8;
            }
            y += 1;
        }
        x += 1;
    }
    (sqrt, inv)
}

#[inline(always)]
fn mul8(a: u64, b: u64) -> u64 {
    u64::from(MUL8[a as usize][b as usize])
}

#[inline(always)]
fn square8(a: u64) -> u64 {
    mul8(a, a)
}

#[inline(always)]
fn sqrt8(a: u64) -> u64 {
    u64::from(SQRT8[a as usize])
}

#[inline(always)]
fn inv8(a: u64) -> u64 {
    u64::from(INV8[a as usize])
}

#[inline(always)]
fn half8(a: u64) -> u64 {
    HALF8.apply(a)
}

#[inline(always)]
fn half16(a: u64) -> u64 {
    HALF16.apply(a)
}

#[inline(always)]
fn half32(a: u64) -> u64 {
    HALF32.apply(a)
}

/// The operations on nimbers below F² from those below F (`$h` = log2 F bits, `$half` = ⊗ F/2
/// below F), by the formulas of the module's comment.
macro_rules! doubled {
    ($h:expr, $half:ident; $mul:ident, $square:ident, $sqrt:ident, $inv:ident;
     $low_mul:ident, $low_square:ident, $low_sqrt:ident, $low_inv:ident) => {
        #[inline(always)]
        fn $mul(a: u64, b: u64) -> u64 {
            let mask = (1u64 << $h) - 1;
            let (a1, a0, b1, b0) = (a >> $h, a & mask, b >> $h, b & mask);
            let low = $low_mul(a0, b0);
            let high = $low_mul(a1, b1);
            let cross = $low_mul(a0 ^ a1, b0 ^ b1);
            ((cross ^ low) << $h) | (low ^ $half(high))
        }

        #[inline(always)]
        fn $square(a: u64) -> u64 {
            let mask = (1u64 << $h) - 1;
            let (high, low) = ($low_square(a >> $h), $low_square(a & mask));
            (high << $h) | (low ^ $half(high))
        }

        /// a1 = √b1, a0 = √(b0 ⊕ b1 ⊗ F/2), from the square's halves.
        #[inline(always)]
        fn $sqrt(b: u64) -> u64 {
            let mask = (1u64 << $h) - 1;
            let (b1, b0) = (b >> $h, b & mask);
            ($low_sqrt(b1) << $h) | $low_sqrt(b0 ^ $half(b1))
        }

        /// a⁻¹ = conj(a) ⊗ norm(a)⁻¹, for a ≠ 0.
        #[inline(always)]
        fn $inv(a: u64) -> u64 {
            let mask = (1u64 << $h) - 1;
            let (a1, a0) = (a >> $h, a & mask);
            let norm = $low_mul(a0, a0 ^ a1) ^ $half($low_square(a1));
            let n = $low_inv(norm);
            ($low_mul(a1, n) << $h) | $low_mul(a0 ^ a1, n)
        }
    };
}

doubled!(8, half8; mul16, square16, sqrt16, inv16; mul8, square8, sqrt8, inv8);
doubled!(16, half16; mul32, square32, sqrt32, inv32; mul16, square16, sqrt16, inv16);
doubled!(32, half32; mul64, square64, sqrt64, inv64; mul32, square32, sqrt32, inv32);

/// The nim-product a ⊗ b.
///
/// About 30 table lookups (27 in a 64 KiB table of byte products); no allocation.
///
/// # Examples
/// ```
/// use grundy::nimber::nim_mul;
/// assert_eq!(nim_mul(2, 2), 3); // F ⊗ F = 3F/2 for F = 2
/// assert_eq!(nim_mul(4, 4), 6);
/// assert_eq!(nim_mul(16, 3), 48); // F ⊗ x = F·x for x < F
/// ```
#[inline]
pub fn nim_mul(a: u64, b: u64) -> u64 {
    mul64(a, b)
}

/// The nim-square a ⊗ a (linear over GF(2): (a ⊕ b)² = a² ⊕ b²).
pub fn nim_square(a: u64) -> u64 {
    square64(a)
}

/// The nim square root: the one x with x ⊗ x = a (x = a^(2^63), as squaring is a bijection in
/// characteristic 2).
///
/// # Examples
/// ```
/// use grundy::nimber::{nim_mul, nim_sqrt};
/// assert_eq!(nim_sqrt(3), 2);
/// let r = nim_sqrt(12345);
/// assert_eq!(nim_mul(r, r), 12345);
/// ```
pub fn nim_sqrt(a: u64) -> u64 {
    sqrt64(a)
}

/// The nim-inverse: the x with a ⊗ x = 1, or `None` for 0.
///
/// # Examples
/// ```
/// use grundy::nimber::{nim_inv, nim_mul};
/// assert_eq!(nim_inv(2), Some(3)); // 2 ⊗ 3 = 1
/// assert_eq!(nim_inv(0), None);
/// ```
pub fn nim_inv(a: u64) -> Option<u64> {
    (a != 0).then(|| inv64(a))
}

/// The nim-power a^n = a ⊗ a ⊗ … ⊗ a (n factors; a^0 = 1, 0^0 included), by squaring.
///
/// # Examples
/// ```
/// use grundy::nimber::nim_pow;
/// assert_eq!(nim_pow(2, 3), 1); // 2 has order 3: {0, 1, 2, 3} is the field of four elements
/// assert_eq!(nim_pow(7, 0), 1);
/// ```
pub fn nim_pow(a: u64, n: u64) -> u64 {
    let (mut base, mut n, mut result) = (a, n, 1);
    while n > 0 {
        if n & 1 == 1 {
            result = mul64(result, base);
        }
        n >>= 1;
        if n > 0 {
            base = square64(base);
        }
    }
    result
}

/// The primes of 2^64 − 1 = 3 · 5 · 17 · 257 · 641 · 65537 · 6700417, the order of the
/// multiplicative group (cyclic, as in every finite field); each divides it once.
pub const GROUP_ORDER_PRIMES: [u64; 7] = [3, 5, 17, 257, 641, 65537, 6_700_417];

/// The multiplicative order of a: the least n ≥ 1 with a^n = 1, or `None` for 0.
///
/// It divides 2^64 − 1, which has no repeated prime, so it is the product of the primes p of
/// [`GROUP_ORDER_PRIMES`] for which a^((2^64 − 1)/p) ≠ 1: seven powers.
///
/// # Examples
/// ```
/// use grundy::nimber::nim_order;
/// assert_eq!(nim_order(1), Some(1));
/// assert_eq!(nim_order(2), Some(3));
/// assert_eq!(u64::MAX % nim_order(12345).unwrap(), 0);
/// ```
pub fn nim_order(a: u64) -> Option<u64> {
    (a != 0).then(|| {
        GROUP_ORDER_PRIMES
            .iter()
            .filter(|&&p| nim_pow(a, u64::MAX / p) != 1)
            .product()
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nimber::MexSet;
    use rand::{Rng, SeedableRng};

    /// The textbook recursion on Fermat halves (four half products and a product by F/2), the
    /// reference the tables and the Karatsuba step are checked against.
    fn textbook(a: u64, b: u64, bits: u32) -> u64 {
        if bits == 1 {
            return a & b;
        }
        let h = bits / 2;
        let mask = (1u64 << h) - 1;
        let (a1, a0, b1, b0) = (a >> h, a & mask, b >> h, b & mask);
        let high = textbook(a1, b1, h);
        let middle = textbook(a1, b0, h) ^ textbook(a0, b1, h);
        ((high ^ middle) << h) | (textbook(a0, b0, h) ^ textbook(high, 1 << (h - 1), h))
    }

    fn random_triples(count: usize) -> Vec<(u64, u64, u64)> {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(40);
        (0..count)
            .map(|_| {
                // Some operands small or in a subfield, where the splits have zero halves.
                let mut pick = || match rng.random_range(0..4) {
                    0 => rng.random::<u64>() >> (8 * rng.random_range(0..8)),
                    _ => rng.random(),
                };
                (pick(), pick(), pick())
            })
            .collect()
    }

    #[test]
    fn product_is_the_mex_definition_below_64() {
        // x ⊗ y = mex{(x' ⊗ y) ⊕ (x ⊗ y') ⊕ (x' ⊗ y') : x' < x, y' < y}
        let mut table = [[0u64; 64]; 64];
        let mut seen = MexSet::new();
        for x in 0..64 {
            for y in 0..64 {
                seen.clear();
                for xp in 0..x {
                    for yp in 0..y {
                        seen.insert(table[xp][y] ^ table[x][yp] ^ table[xp][yp]);
                    }
                }
                table[x][y] = seen.mex();
                assert_eq!(nim_mul(x as u64, y as u64), table[x][y], "{x} ⊗ {y}");
            }
        }
    }

    #[test]
    fn product_is_the_textbook_recursion() {
        for (a, b, _) in random_triples(20_000) {
            assert_eq!(nim_mul(a, b), textbook(a, b, 64), "{a} ⊗ {b}");
        }
        for a in 0..256 {
            for b in 0..256 {
                assert_eq!(nim_mul(a, b), textbook(a, b, 8));
            }
        }
    }

    #[test]
    fn fermat_rules() {
        for k in 0..6 {
            let f = 1u64 << (1 << k);
            assert_eq!(nim_mul(f, f), f ^ (f / 2), "F ⊗ F = 3F/2 for F = {f}");
            for x in [0, 1, 2, 3, f / 2, f - 1].into_iter().filter(|&x| x < f) {
                assert_eq!(nim_mul(f, x), f * x, "F ⊗ x = F·x for F = {f}, x = {x}");
            }
        }
    }

    #[test]
    fn field_axioms_on_random_triples() {
        for (x, y, z) in random_triples(100_000) {
            assert_eq!(nim_mul(x, y), nim_mul(y, x));
            assert_eq!(nim_mul(nim_mul(x, y), z), nim_mul(x, nim_mul(y, z)));
            assert_eq!(nim_mul(x, y ^ z), nim_mul(x, y) ^ nim_mul(x, z));
            assert_eq!(nim_mul(x, 1), x);
            assert_eq!(nim_square(x), nim_mul(x, x));
            let r = nim_sqrt(x);
            assert_eq!(nim_mul(r, r), x, "√{x}");
            match nim_inv(x) {
                Some(i) => assert_eq!(nim_mul(x, i), 1, "{x}⁻¹"),
                None => assert_eq!(x, 0),
            }
        }
        assert_eq!(nim_inv(0), None);
        assert_eq!(nim_sqrt(0), 0);
    }

    #[test]
    fn powers_by_repeated_products() {
        for (x, _, n) in random_triples(200) {
            let n = n % 70;
            let expected = (0..n).fold(1, |p, _| nim_mul(p, x));
            assert_eq!(nim_pow(x, n), expected, "{x}^{n}");
        }
        assert_eq!(nim_pow(0, 0), 1);
        assert_eq!(nim_pow(0, 5), 0);
    }

    #[test]
    fn orders_divide_the_group_order_and_are_least() {
        assert_eq!(GROUP_ORDER_PRIMES.iter().product::<u64>(), u64::MAX);
        assert_eq!(nim_order(0), None);
        // Below 2^8 the order is the least n by counting.
        for x in 1..256u64 {
            let least = (1..).find(|&n| nim_pow(x, n) == 1).unwrap();
            assert_eq!(nim_order(x), Some(least), "order of {x}");
        }
        for (x, _, _) in random_triples(200) {
            let Some(order) = nim_order(x) else { continue };
            assert_eq!(nim_pow(x, order), 1);
            for p in GROUP_ORDER_PRIMES.iter().filter(|&&p| order % p == 0) {
                assert_ne!(nim_pow(x, order / p), 1, "order of {x} is not least");
            }
        }
    }
}
