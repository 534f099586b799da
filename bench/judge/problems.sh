#!/usr/bin/env bash
# `grundy judge ID` on the largest input `grundy gen ID --size max --seed 1` writes (the
# statement's limits; where a statement gives no number of tests, the count its generator
# documents), for every problem id given (by default the thirteen classic problems and puzzles).
# Prints a Markdown row per problem: the input's size, the median and the slowest of RUNS runs
# (default 5) and the peak memory. Needs python3 and /usr/bin/time.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
work=${WORK:-$(mktemp -d)}
runs=${RUNS:-5}
ids=("$@")
if [ ${#ids[@]} -eq 0 ]; then
    ids=(poj-2311 hdu-1729 hdu-1404 hdu-2873 luogu-p2148 luogu-p2575 luogu-p4101 poj-3537
         hdu-1730 hdu-1517 hdu-2147 hdu-2516 luogu-p2599)
fi

cargo build --release --quiet --manifest-path "$root/Cargo.toml" -p grundy-cli
grundy="$root/target/release/grundy"

echo "| problem | largest input | median | slowest | peak memory |"
echo "|---|---|---|---|---|"
for id in "${ids[@]}"; do
    in="$work/$id.in"
    "$grundy" gen "$id" --size max --seed 1 > "$in"
    # The answers must come out (and a malformed input would fail here).
    "$grundy" judge "$id" < "$in" > "$work/$id.ans"
    peak=$( { /usr/bin/time -f '%M' "$grundy" judge "$id" < "$in" > /dev/null; } 2>&1 | tail -1)
    python3 - "$grundy" "$id" "$in" "$runs" "$peak" <<'PY'
import os, statistics, subprocess, sys, time
grundy, pid, path, runs, peak = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5])
times = []
for _ in range(runs):
    with open(path, "rb") as f:
        start = time.perf_counter()
        subprocess.run([grundy, "judge", pid], stdin=f, stdout=subprocess.DEVNULL, check=True)
        times.append(time.perf_counter() - start)
size = os.path.getsize(path)
print(f"| `{pid}` | {size / 1024:.0f} KiB | {statistics.median(times) * 1000:.0f} ms "
      f"| {max(times) * 1000:.0f} ms | {peak / 1024:.1f} MiB |")
PY
done
