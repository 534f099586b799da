#!/usr/bin/env bash
# `grundy sum` on a million components, read from standard input: a seeded random mix of
# nim:, lasker:, sub{1,2,4}: and kayles: heaps below 1000, then Nim heaps alone. Prints, for
# each, the wall time and peak memory (GNU time) and the first line of the answer.
#
#   cargo build --release -p grundy-cli && bash bench/sum.sh
#
# N (default 1000000) sets the number of components.
set -euo pipefail
cd "$(dirname "$0")/.."
GRUNDY=${GRUNDY:-target/release/grundy}
N=${N:-1000000}
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

python3 - "$N" "$WORK" <<'PY'
import random, sys
n, work = int(sys.argv[1]), sys.argv[2]
rng = random.Random(1)
games = ["nim", "lasker", "sub{1,2,4}", "kayles"]
with open(f"{work}/mixed.txt", "w") as f:
    f.write(" ".join(f"{rng.choice(games)}:{rng.randrange(1000)}" for _ in range(n)))
with open(f"{work}/nim.txt", "w") as f:
    f.write(" ".join(f"nim:{rng.randrange(1000)}" for _ in range(n)))
PY

for input in mixed nim; do
    /usr/bin/time -f "$input: %e s, %M KB" "$GRUNDY" sum <"$WORK/$input.txt" >"$WORK/$input.out"
    head -2 "$WORK/$input.out" | tail -1
done
