"""quotient against a misère brute force from the codes' definition."""

from functools import lru_cache
from itertools import combinations_with_replacement

import numpy as np
import pytest

import grundy


def octal_options(code, n):
    """The heaps each move of an octal code 0.d1d2... leaves from a heap of n (bit 1 of d_k:
    take k leaving nothing, bit 2: one heap, bit 4: two heaps)."""
    digits = [int(d) for d in code.split(".")[1]]
    options = []
    for k, d in enumerate(digits, 1):
        rest = n - k
        if rest < 0:
            break
        if d & 1 and rest == 0:
            options.append(())
        if d & 2 and rest > 0:
            options.append((rest,))
        if d & 4:
            options.extend((a, rest - a) for a in range(1, rest // 2 + 1))
    return options


def misere_lost(code):
    """Whether a position (a sorted tuple of heaps) is lost for the player to move in misère
    play: it has a move and every move leaves a position won for the player to move."""

    @lru_cache(maxsize=None)
    def lost(position):
        moved = False
        for i, n in enumerate(position):
            for option in octal_options(code, n):
                moved = True
                after = tuple(sorted(position[:i] + position[i + 1 :] + option))
                if lost(after):
                    return False
        return moved

    return lost


@pytest.mark.parametrize("code", ["0.77", "0.07", "0.75", "0.56"])
def test_the_product_of_the_heaps_decides_every_small_position(code):
    q = grundy.quotient(code, 10)
    assert q.max_heap == 10
    assert q.table.shape == (q.order, q.order)
    assert q.table.dtype == np.uint32
    lost = misere_lost(code)
    p = set(q.p_portion)
    for size in range(4):
        for position in combinations_with_replacement(range(1, 11), size):
            x = 0
            for n in position:
                x = q.table[x, q.heaps[n]]
            assert (x in p) == lost(position), (code, position)


def test_kayles_is_solved_where_the_theorem_certifies_it():
    q = grundy.quotient("kayles")
    assert (q.order, len(q.p_portion), q.max_heap) == (40, 9, 167)
    assert q.certificate["period"] == 12
    assert q.certificate["preperiod"] == 71
    assert q.stopped is None
    assert q.growth[-1] == (167, 40, 9)
    assert q.elements[0] == "1"


def test_bounds_stop_the_computation_and_say_why():
    q = grundy.quotient("0.07", 40, max_order=100)
    assert q.max_heap == 24
    assert "more than 100 elements" in q.stopped
    with pytest.raises(grundy.LimitError):
        grundy.quotient("0.77", 5, max_order=1)
    with pytest.raises(ValueError, match="bad game"):
        grundy.quotient("0.7x")
