#!/usr/bin/env bash
# `grundy values` against a plain single-threaded C program of the same sparse-space algorithm
# (bench/values/baseline.c, gcc -O2 -march=native), in one run of this script.
#   - At 2^21 values, both programs must agree on the largest value, where it first occurs
#     (Grundy's game: 231 at n = 763622; Officers 0.6: 319 at n = 1274955) and a checksum of all
#     values; the script stops otherwise.
#   - For each game and size 2^k (n = 0..2^k − 1), RUNS rounds of: grundy on 2 threads, grundy on
#     1 thread (RAYON_NUM_THREADS=1), the C program; each timed by /usr/bin/time (wall, CPU =
#     user + sys, peak memory), with the load average (1 min) read just before. The table gives
#     the medians, the ratios C wall / grundy wall and C CPU / grundy CPU (1 thread), and the
#     peak memory per value.
#   - With --profile: where grundy's time goes on 1 thread at 2^20 for each game (perf record,
#     the top entries of perf report, copies of one generic function listed apart).
# Usage: bench/values/run.sh [--quick] [--profile] [K ...]
#   K: sizes as powers of two (default: 20 21 22 24); --quick: one round, 2^21 only.
#   RUNS=5 bench/values/run.sh 21   (rounds per size; default 3)
# The issue's whole table, on a quiet machine: bench/values/run.sh --profile 20 21 22 24
# The machine has 2 cores, often shared: look at the load column before trusting a figure (the
# 2-thread column needs both cores free).
set -euo pipefail
cd "$(dirname "$0")/../.."
cargo build --release -q -p grundy-cli
mkdir -p target/bench
gcc -O2 -march=native -o target/bench/baseline bench/values/baseline.c
G=target/release/grundy
C=target/bench/baseline
RUNS=${RUNS:-3}
SIZES=()
PROFILE=
for arg in "$@"; do
  case "$arg" in
    --quick) RUNS=1; SIZES=(21) ;;
    --profile) PROFILE=1 ;;
    *) SIZES+=("$arg") ;;
  esac
done
[ ${#SIZES[@]} -gt 0 ] || SIZES=(20 21 22 24)

code_of() { [ "$1" = grundy ] && echo grundy || echo 0.6; }

# max, first n, checksum = sum of G(n)·(n mod 1000 + 1) of `grundy values GAME --upto N`.
rust_stats() {
  "$G" values "$1" --upto "$2" --json | python3 -c '
import json, sys
v = json.load(sys.stdin)["values"]
m = max(v)
print("max", m, "first", v.index(m), "checksum", sum(g * (n % 1000 + 1) for n, g in enumerate(v)))'
}

N21=$((2**21 - 1))
for game in grundy officers; do
  expected=$([ "$game" = grundy ] && echo "max 231 first 763622" || echo "max 319 first 1274955")
  r=$(rust_stats "$(code_of "$game")" "$N21")
  c=$("$C" "$game" "$N21")
  echo "$game at 2^21: grundy: $r | C: $c"
  [ "$r" = "$c" ] || { echo "MISMATCH between grundy and the C baseline" >&2; exit 1; }
  case "$r" in "$expected "*) ;; *) echo "expected $expected" >&2; exit 1 ;; esac
done

# One timed run: prints "wall cpu peak_kib load".
timed() {
  local load
  load=$(cut -d' ' -f1 /proc/loadavg)
  /usr/bin/time -f "%e %U %S %M" -o target/bench/time.txt "$@" >/dev/null
  read -r wall user sys peak <target/bench/time.txt
  echo "$wall $(awk -v u="$user" -v s="$sys" 'BEGIN { print u + s }') $peak $load"
}

echo "$(nproc) cores; load average at the start: $(cut -d" " -f1-3 /proc/loadavg)" >&2
results=target/bench/values-runs.txt
: >"$results"
for k in "${SIZES[@]}"; do
  n=$((2**k - 1))
  for game in grundy officers; do
    code=$(code_of "$game")
    for round in $(seq "$RUNS"); do
      echo "$game $k 2t $(timed "$G" values "$code" --upto "$n")" >>"$results"
      echo "$game $k 1t $(timed env RAYON_NUM_THREADS=1 "$G" values "$code" --upto "$n")" >>"$results"
      echo "$game $k C $(timed "$C" "$game" "$n")" >>"$results"
      echo "round $round of $game 2^$k done" >&2
    done
  done
done

python3 - "$results" <<'EOF'
import statistics, sys
runs = {}
for line in open(sys.argv[1]):
    game, k, who, wall, cpu, peak, load = line.split()
    runs.setdefault((game, int(k), who), []).append((float(wall), float(cpu), int(peak), float(load)))
def med(key, i):
    return statistics.median(r[i] for r in runs[key])
print("| game | values | grundy, 2 threads: wall (CPU) | grundy, 1 thread | C baseline | C / grundy 2 threads | C / grundy 1 thread | C / grundy 1 thread, CPU | grundy peak memory | load (1 min) |")
print("|---|---|---|---|---|---|---|---|---|---|")
for (game, k) in sorted({(g, k) for g, k, _ in runs}, key=lambda x: (x[0], x[1])):
    two, one, c = ((game, k, w) for w in ("2t", "1t", "C"))
    loads = [r[3] for w in (two, one, c) for r in runs[w]]
    peak = max(r[2] for w in (two, one) for r in runs[w])
    print(f"| {game} | 2^{k} | {med(two, 0):.2f} s ({med(two, 1):.2f} s) | {med(one, 0):.2f} s ({med(one, 1):.2f} s) "
          f"| {med(c, 0):.2f} s ({med(c, 1):.2f} s) | {med(c, 0) / med(two, 0):.2f}× | {med(c, 0) / med(one, 0):.2f}× "
          f"| {med(c, 1) / med(one, 1):.2f}× "
          f"| {peak / 1024:.1f} MiB ({peak * 1024 / 2**k:.2f} B/value) | {min(loads):.1f}–{max(loads):.1f} |")
EOF

if [ -n "$PROFILE" ]; then
  command -v perf >/dev/null || { echo "perf not found (apt-get install -y linux-perf)" >&2; exit 1; }
  for game in grundy officers; do
    code=$(code_of "$game")
    echo
    echo "$game: RAYON_NUM_THREADS=1 perf record -e cpu-clock grundy values $code --upto $((2**20 - 1)); top entries of perf report --no-children"
    RAYON_NUM_THREADS=1 perf record -q -e cpu-clock -o target/bench/perf.data "$G" values "$code" --upto $((2**20 - 1)) >/dev/null 2>&1
    perf report -i target/bench/perf.data --no-children --stdio --sort sym 2>/dev/null | grep -v '^#' | grep -v '^$' | head -8
  done
fi
