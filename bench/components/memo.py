"""A plain-Python memoised mex over single heaps, the baseline of bench/components.sh: the
options of a heap are generated as tuples of heaps, split into heaps, and the values of single
heaps memoised with functools.lru_cache. `solve(options)` prints the value of one heap of N,
N from the command line."""
import sys
from functools import lru_cache


def solve(options):
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
