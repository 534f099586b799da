"""Lasker's Nim in plain Python (take from a heap, or split it into two non-empty heaps), through
memo.py. Usage: python3 lasker.py N   (prints the value of one heap of N)"""
from memo import solve


def options(heap):
    for smaller in range(heap):
        yield (smaller,)
    for a in range(1, heap // 2 + 1):
        yield (a, heap - a)


solve(options)
