"""Nimbers: the whole numbers from 0 to 2^64 - 1 as a field, under nim-addition and
nim-multiplication.

``add`` is XOR (binary addition without carries). ``mul`` is Conway's nim-product: for a Fermat
2-power F = 2^(2^k), F ⊗ x = F·x (the ordinary product) when x < F, and F ⊗ F = 3F/2; every other
product follows by splitting the operands in halves at F (the distributive law). ``inv`` (the x
with a ⊗ x = 1), ``sqrt`` (the one r with r ⊗ r = a) and ``pow`` (a ⊗ a ⊗ ... ⊗ a, n factors)
follow. Coin-turning games in two dimensions are valued by these products (the Tartan theorem).

Each function takes Python ints and returns an int, or takes NumPy arrays of integers (and ints),
broadcasts them as NumPy does and returns a ``uint64`` array, computed element by element in Rust
without a Python loop.

>>> from grundy import nimber
>>> nimber.mul(2, 2), nimber.add(2, 3), nimber.inv(2), nimber.sqrt(3), nimber.pow(2, 3)
(3, 1, 3, 2, 1)
>>> import numpy as np
>>> nimber.mul(np.array([2, 4, 16, 16], dtype=np.uint64), np.array([2, 2, 3, 16], dtype=np.uint64))
array([ 3,  8, 48, 24], dtype=uint64)
"""

import numpy as np

from . import _grundy

__all__ = ["add", "inv", "mul", "pow", "sqrt"]

_LARGEST = 2**64 - 1
_RANGE = "nimbers are whole numbers from 0 to 18446744073709551615 (2^64 - 1)"


def _nimbers(x, name):
    """``x`` as a uint64 array (0-dimensional for an int), refusing what is not a nimber."""
    if isinstance(x, (bool, np.bool_)):
        raise TypeError(f"{name}: a whole number is needed, not a bool")
    if isinstance(x, int):
        if not 0 <= x <= _LARGEST:
            raise ValueError(f"{name}: {x} is out of range: {_RANGE}")
        return np.array(x, dtype=np.uint64)
    array = np.asarray(x)
    kind = array.dtype.kind
    if kind == "u":
        return array.astype(np.uint64, copy=False)
    if kind == "i":
        if (array < 0).any():
            raise ValueError(f"{name}: negative numbers are not nimbers: {_RANGE}")
        return array.astype(np.uint64)
    if kind == "O":
        # Python ints beyond int64: converted by NumPy, which refuses those out of range.
        try:
            return array.astype(np.uint64)
        except (OverflowError, TypeError, ValueError):
            raise ValueError(f"{name}: {_RANGE}") from None
    raise TypeError(f"{name}: whole numbers are needed, not {array.dtype}")


def _result(out, *given):
    """An int when every operand was an int, else the array (a NumPy scalar for 0 dimensions)."""
    if all(isinstance(g, int) for g in given):
        return int(out)
    return out[()] if out.ndim == 0 else out


def _pairs(native, a, b, names):
    x, y = np.broadcast_arrays(_nimbers(a, names[0]), _nimbers(b, names[1]))
    return _result(native(x, y), a, b)


def add(a, b):
    """The nim-sum a ⊕ b: XOR."""
    x, y = _nimbers(a, "a"), _nimbers(b, "b")
    return _result(np.bitwise_xor(x, y), a, b)


def mul(a, b):
    """The nim-product a ⊗ b.

    >>> mul(16, 16)      # F ⊗ F = 3F/2
    24
    """
    return _pairs(_grundy.nimber_mul, a, b, ("a", "b"))


def pow(a, n):  # noqa: A001 (the name the field's operations use)
    """a ⊗ a ⊗ ... ⊗ a, n factors (n an ordinary whole number; a^0 = 1).

    >>> pow(2, 3)        # the field {0, 1, 2, 3} of four elements: 2 has order 3
    1
    """
    return _pairs(_grundy.nimber_pow, a, n, ("a", "n"))


def inv(a):
    """The nim-inverse: the x with a ⊗ x = 1. ``ZeroDivisionError`` for 0.

    >>> inv(2)
    3
    """
    return _result(_grundy.nimber_inv(_nimbers(a, "a")), a)


def sqrt(a):
    """The nim square root: the one r with r ⊗ r = a (every nimber has exactly one).

    >>> sqrt(24)
    16
    """
    return _result(_grundy.nimber_sqrt(_nimbers(a, "a")), a)
