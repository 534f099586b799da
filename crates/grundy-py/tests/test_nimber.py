"""grundy.nimber against the mex definition of the nim-product, a plain recursion on Fermat
halves, the field axioms on random arrays, and `grundy nimber`."""

import numpy as np
import pytest

import grundy
from grundy import nimber

M = 2**64 - 1


def mex_table(n):
    """x ⊗ y = mex{(x' ⊗ y) ⊕ (x ⊗ y') ⊕ (x' ⊗ y') : x' < x, y' < y}."""
    t = [[0] * n for _ in range(n)]
    for x in range(n):
        for y in range(n):
            seen = {t[a][y] ^ t[x][b] ^ t[a][b] for a in range(x) for b in range(y)}
            t[x][y] = next(v for v in range(len(seen) + 1) if v not in seen)
    return t


def textbook(a, b, bits=64):
    """Conway's rules on Fermat halves: F ⊗ x = F·x for x < F, F ⊗ F = 3F/2."""
    if bits == 1:
        return a & b
    h = bits // 2
    a1, a0, b1, b0 = a >> h, a & ((1 << h) - 1), b >> h, b & ((1 << h) - 1)
    high = textbook(a1, b1, h)
    middle = textbook(a1, b0, h) ^ textbook(a0, b1, h)
    return ((high ^ middle) << h) | (textbook(a0, b0, h) ^ textbook(high, 1 << (h - 1), h))


def random_nimbers(count, seed):
    return np.random.default_rng(seed).bit_generator.random_raw(count).astype(np.uint64)


def test_products_below_32_are_the_mex_definition():
    n = np.arange(32, dtype=np.uint64)
    assert nimber.mul(n[:, None], n[None, :]).tolist() == mex_table(32)


def test_products_are_the_textbook_recursion():
    a, b = random_nimbers(300, 1), random_nimbers(300, 2)
    products = nimber.mul(a, b)
    for x, y, p in zip(a.tolist(), b.tolist(), products.tolist()):
        assert p == textbook(x, y) == nimber.mul(x, y)


def test_field_axioms_on_random_arrays():
    x, y, z = (random_nimbers(100_000, s) for s in (3, 4, 5))
    mul, add = nimber.mul, nimber.add
    assert (mul(mul(x, y), z) == mul(x, mul(y, z))).all()
    assert (mul(x, add(y, z)) == add(mul(x, y), mul(x, z))).all()
    assert (mul(x, y) == mul(y, x)).all()
    x = x[x != 0]
    assert (mul(x, nimber.inv(x)) == 1).all()
    r = nimber.sqrt(x)
    assert (mul(r, r) == x).all()


def test_powers_are_repeated_products():
    x = random_nimbers(50, 6)
    p = np.ones_like(x)
    for n in range(20):
        assert (nimber.pow(x, n) == p).all()
        p = nimber.mul(p, x)
    assert nimber.pow(2, 3) == 1 and nimber.pow(0, 0) == 1
    assert nimber.pow(np.uint64(5), np.arange(3)).tolist() == [1, 5, nimber.mul(5, 5)]


def test_ints_give_ints_and_arrays_give_uint64_arrays():
    assert nimber.mul(16, 16) == 24 and type(nimber.mul(16, 16)) is int
    assert nimber.add(M, 1) == M - 1
    out = nimber.mul([2, 4, 16], 2)
    assert out.dtype == np.uint64 and out.tolist() == [3, 8, 32]
    grid = nimber.mul(np.arange(4)[:, None], np.arange(4, dtype=np.uint8))
    assert grid.shape == (4, 4) and grid[3].tolist() == [0, 3, 1, 2]
    assert nimber.mul(np.uint64(M), np.uint64(1)) == M
    assert nimber.inv([M]).tolist() == [nimber.inv(M)]


def test_bad_operands_are_refused():
    with pytest.raises(ValueError, match="out of range"):
        nimber.mul(2**64, 1)
    with pytest.raises(ValueError, match="negative"):
        nimber.mul(np.array([1, -1]), 1)
    with pytest.raises(ValueError, match="out of range"):
        nimber.sqrt(-1)
    with pytest.raises(ValueError):
        nimber.mul([2**70], 1)
    with pytest.raises(TypeError, match="float64"):
        nimber.mul(np.array([1.5]), 1)
    with pytest.raises(TypeError, match="bool"):
        nimber.inv(True)
    with pytest.raises(ZeroDivisionError):
        nimber.inv(0)
    with pytest.raises(ZeroDivisionError, match="flat index 2"):
        nimber.inv(np.array([1, 2, 0, 3], dtype=np.uint64))


def test_same_as_the_command_line(cli):
    for expression, value in [("12345 * 67890", nimber.mul(12345, 67890)),
                              ("inv(7)^5 + sqrt(1000)",
                               nimber.add(nimber.pow(nimber.inv(7), 5), nimber.sqrt(1000)))]:
        assert cli.json("nimber", expression)["value"] == value


def test_the_package_exposes_the_module():
    assert grundy.nimber is nimber and "nimber" in grundy.__all__
