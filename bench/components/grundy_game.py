"""Grundy's game in plain Python: the options of a heap (two unequal non-empty heaps) are
generated as tuples of heaps, split into heaps, and the values of single heaps memoised with
functools.lru_cache.
Usage: python3 grundy_game.py N   (prints the value of one heap of N)"""
import sys
from functools import lru_cache


def options(heap):
    for a in range(1, (heap - 1) // 2 + 1):
        yield (a, heap - a)


@lru_cache(maxsize=None)
def grundy(heap):
    seen = set()
    for option in options(heap):
        value = 0
        for part in option:
            value ^= grundy(part)
        seen.add(value)
    mex = 0
    while mex in seen:
        mex += 1
    return mex


n = int(sys.argv[1])
# Bottom up, so that the recursion stays one level deep.
for heap in range(n + 1):
    grundy(heap)
print(grundy(n))
