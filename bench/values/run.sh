#!/usr/bin/env bash
# Benchmarks of `grundy values` against a straightforward single-threaded C program of the same
# sparse-space algorithm (bench/values/baseline.c, gcc -O2). Figures are indicative: the machine
# has 2 cores, often shared. Every run checks the values it computes:
#   - at 2^21, the largest value and where it first occurs (Grundy's game: 231 at n = 763622;
#     Officers 0.6: 319 at n = 1274955), and a checksum equal between grundy and the C program;
#   - the rate (values/second) at 2^20, 2^22, 2^24 and the peak memory (/usr/bin/time -v).
# Usage: bench/values/run.sh [--quick]   (--quick: 2^21 comparison only, one run each)
set -euo pipefail
cd "$(dirname "$0")/../.."
cargo build --release -q -p grundy-cli
mkdir -p target/bench
gcc -O2 -o target/bench/baseline bench/values/baseline.c
G=target/release/grundy
C=target/bench/baseline
QUICK=${1:-}

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
  code=$([ "$game" = grundy ] && echo grundy || echo 0.6)
  expected=$([ "$game" = grundy ] && echo "max 231 first 763622" || echo "max 319 first 1274955")
  r=$(rust_stats "$code" "$N21")
  c=$("$C" "$game" "$N21")
  echo "$game at 2^21: grundy: $r | C: $c"
  [ "$r" = "$c" ] || { echo "MISMATCH between grundy and the C baseline" >&2; exit 1; }
  case "$r" in "$expected "*) ;; *) echo "expected $expected" >&2; exit 1 ;; esac
done

runs=3
[ "$QUICK" = --quick ] && runs=1
for game in grundy officers; do
  code=$([ "$game" = grundy ] && echo grundy || echo 0.6)
  if command -v hyperfine >/dev/null; then
    hyperfine --runs "$runs" -N \
      -n "grundy values $code (2 threads)" "$G values $code --upto $N21" \
      -n "grundy values $code (1 thread)" "env RAYON_NUM_THREADS=1 $G values $code --upto $N21" \
      -n "C baseline $game" "$C $game $N21"
  else
    for cmd in "$G values $code --upto $N21" "$C $game $N21"; do
      for _ in $(seq "$runs"); do
        /usr/bin/time -f "%e s  $cmd" $cmd >/dev/null
      done
    done
  fi
done
[ "$QUICK" = --quick ] && exit 0

echo "rate and peak memory:"
for code in grundy 0.6; do
  for k in 20 22 24; do
    n=$((2**k - 1))
    /usr/bin/time -v -o target/bench/time.txt "$G" values "$code" --upto "$n" --stats >target/bench/out.txt
    rate=$(grep -o '[0-9.]*[kM]* values/s' target/bench/out.txt)
    secs=$(grep -o 'computed in [0-9.]* s' target/bench/out.txt)
    largest=$(grep 'largest value' target/bench/out.txt)
    peak=$(grep 'Maximum resident' target/bench/time.txt | awk '{print $6}')
    echo "$code 2^$k: $secs, $rate, peak $((peak / 1024)) MiB; $largest"
  done
done
