"""Grundy's game in plain Python (split a heap into two unequal non-empty heaps), through
memo.py. Usage: python3 grundy_game.py N   (prints the value of one heap of N)"""
from memo import solve


def options(heap):
    for a in range(1, (heap - 1) // 2 + 1):
        yield (a, heap - a)


solve(options)
