"""The Python package against the command line and against plain Python; prints Markdown tables.

    cargo build --release -p grundy-cli
    VIRTUAL_ENV=target/py-venv target/py-venv/bin/maturin develop --release -m crates/grundy-py/Cargo.toml
    target/py-venv/bin/python bench/python.py [values] [solve] [nim]   (all three by default)

1. values("grundy", 2**21) in Python against `grundy values grundy --upto 2097152` (median wall
   time of RUNS runs each, alternated; the command's time includes starting the process and
   looking for a period in the values, the call's does not).
2. solve() on games written in Python against the same games as a plain-Python memoised mex
   (functools.lru_cache, recursing in a thread with a large stack): states per second of each,
   the answers compared.
3. analyze("nim", piles) for 10^6 piles given as a NumPy array and as a list: median time of the
   call, and the peak memory of a process doing only that beyond one that only builds the piles
   (maximum resident set size, from GNU time, /usr/bin/time).

GRUNDY (default target/release/grundy) is the binary; RUNS (default 5) the runs per figure; GAMES
(say GAMES=KingWalk,Queen) the games of part 2 to run, all by default.
"""

import functools
import json
import os
import statistics
import subprocess
import sys
import threading
import time

import grundy

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GRUNDY = os.environ.get("GRUNDY", os.path.join(ROOT, "target", "release", "grundy"))
RUNS = int(os.environ.get("RUNS", "5"))


def median_seconds(work, runs=RUNS):
    times = []
    result = None
    for _ in range(runs):
        start = time.perf_counter()
        result = work()
        times.append(time.perf_counter() - start)
    return statistics.median(times), result


# 1. values ------------------------------------------------------------------------------------

def bench_values():
    upto = 2**21
    command = [GRUNDY, "values", "grundy", "--upto", str(upto)]
    # Alternated, so that both sides see the same load of a shared machine.
    cli_times, python_times = [], []
    for _ in range(RUNS):
        start = time.perf_counter()
        subprocess.run(command, capture_output=True, check=True)
        cli_times.append(time.perf_counter() - start)
        start = time.perf_counter()
        g = grundy.values("grundy", upto)
        python_times.append(time.perf_counter() - start)
    cli, python = statistics.median(cli_times), statistics.median(python_times)
    # The answers agree: the command's JSON values for a shorter run.
    short = subprocess.run([GRUNDY, "values", "grundy", "--upto", "5000", "--json"],
                           capture_output=True, text=True, check=True).stdout
    assert json.loads(short)["values"] == g[:5001].tolist()
    assert len(g) == upto + 1
    print("| what | median of %d runs |" % RUNS)
    print("|---|---|")
    print(f"| `{' '.join(['grundy'] + command[1:])}` (whole process) | {cli:.3f} s |")
    print(f"| `grundy.values(\"grundy\", 2**21)` (the call) | {python:.3f} s |")
    print(f"| ratio Python / command line | {python / cli:.3f} |")
    print()


# 2. solve -------------------------------------------------------------------------------------

class Subtraction:
    """Take 1, 3 or 4 from a heap of N: N + 1 states, 3 options each."""

    start = 1_000_000

    def options(self, n):
        return [n - k for k in (1, 3, 4) if k <= n]


class Queen:
    """The queen game (Wythoff) from (299, 299): 90 000 states, about 450 options each."""

    start = (299, 299)

    def options(self, state):
        a, b = state
        out = [(a - k, b) for k in range(1, a + 1)]
        out += [(a, b - k) for k in range(1, b + 1)]
        out += [(a - k, b - k) for k in range(1, min(a, b) + 1)]
        return out


class KingWalk:
    """A king walks to the corner of a 1000 × 1000 board (one step left, down or diagonally down
    and left) from (999, 999): 10^6 states, 3 options each."""

    start = (999, 999)

    def options(self, state):
        x, y = state
        out = []
        if x:
            out.append((x - 1, y))
        if y:
            out.append((x, y - 1))
        if x and y:
            out.append((x - 1, y - 1))
        return out


class ThreeHeapNim:
    """Nim on three heaps up to 99 as sorted tuples (no components): 171 700 states."""

    start = (97, 98, 99)

    def options(self, piles):
        out = []
        for i, p in enumerate(piles):
            rest = piles[:i] + piles[i + 1:]
            for k in range(p):
                out.append(tuple(sorted(rest + (k,))))
        return out


def plain_python(game):
    """The game's value by a memoised recursive mex, and the number of states it met."""

    @functools.lru_cache(maxsize=None)
    def value(state):
        seen = {value(option) for option in game.options(state)}
        g = 0
        while g in seen:
            g += 1
        return g

    answer = {}

    def run():
        answer["value"] = value(game.start)

    sys.setrecursionlimit(10_000_000)
    threading.stack_size(1 << 30)
    thread = threading.Thread(target=run)
    thread.start()
    thread.join()
    return answer["value"], value.cache_info().currsize


def bench_solve():
    print("| game | states | engine (solve) | plain Python (lru_cache) | ratio |")
    print("|---|---|---|---|---|")
    games = (Subtraction(), Queen(), KingWalk(), ThreeHeapNim())
    wanted = os.environ.get("GAMES")
    for game in games:
        if wanted and type(game).__name__ not in wanted.split(","):
            continue
        engine, solution = median_seconds(lambda: grundy.solve(game, game.start), runs=min(RUNS, 3))
        plain, (value, states) = median_seconds(lambda: plain_python(game), runs=min(RUNS, 3))
        assert solution.grundy == value and solution.states == states, (solution, value, states)
        print(f"| {type(game).__name__} {game.start} | {states} | "
              f"{states / engine:,.0f} states/s ({engine:.2f} s) | "
              f"{states / plain:,.0f} states/s ({plain:.2f} s) | {plain / engine:.2f}× |")
    print()


# 3. analyze nim with a million piles ------------------------------------------------------------

CHILD = r"""
import sys, time
import numpy as np
import grundy
kind, work = sys.argv[1], sys.argv[2]
rng = np.random.default_rng(1)
piles = rng.integers(0, 2**40, size=1_000_000, dtype=np.int64)
if kind == "list":
    piles = piles.tolist()
start = time.perf_counter()
if work == "analyze":
    a = grundy.analyze("nim", piles)
    assert a.outcome in ("N", "P") and a.winning_move_count >= 0
print(time.perf_counter() - start)
"""


def child(kind, work):
    """The seconds the child takes for `work` on piles given as `kind`, and its peak resident
    set size in KiB (GNU time's %M: the child alone, not the fork of this process)."""
    done = subprocess.run(["/usr/bin/time", "-f", "%M", sys.executable, "-c", CHILD, kind, work],
                          capture_output=True, text=True, check=True)
    return float(done.stdout), int(done.stderr.strip().splitlines()[-1])


def bench_nim():
    print("| piles given as | analyze (median) | peak memory of the process | "
          "beyond a process that only builds the piles |")
    print("|---|---|---|---|")
    for kind in ("array", "list"):
        runs = [child(kind, "analyze") for _ in range(RUNS)]
        seconds = statistics.median(r[0] for r in runs)
        peak = statistics.median(r[1] for r in runs)
        base = statistics.median(child(kind, "build")[1] for _ in range(RUNS))
        print(f"| {kind} of 10^6 | {seconds * 1000:.1f} ms | {peak / 1024:.0f} MiB | "
              f"{(peak - base) / 1024:.0f} MiB |")
    print()


PARTS = {"values": bench_values, "solve": bench_solve, "nim": bench_nim}

if __name__ == "__main__":
    print(f"grundy {GRUNDY}, Python {sys.version.split()[0]}, {os.cpu_count()} cores\n")
    for part in sys.argv[1:] or PARTS:
        PARTS[part]()
