"""The nim-products of the pairs in a file by grundy.nimber.mul on two NumPy arrays, the Python
side of bench/nimber/run.sh.

Usage: python pairs.py FILE   (FILE: 2n little-endian uint64, a[0..n) then b[0..n))
Prints the XOR of a[i] ⊗ b[i] and the seconds grundy.nimber.mul took (the reading excluded).
"""

import sys
import time

import numpy as np

from grundy import nimber

numbers = np.fromfile(sys.argv[1], dtype="<u8")
a, b = np.split(numbers, 2)
start = time.perf_counter()
products = nimber.mul(a, b)
seconds = time.perf_counter() - start
print(f"xor {int(np.bitwise_xor.reduce(products))} seconds {seconds:.6f}")
