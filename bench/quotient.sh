#!/usr/bin/env bash
# Misère quotients: for each game of MisereSolver's table (crates/grundy/tests/data/miseresolver.tsv),
# `grundy quotient CODE --json` under /usr/bin/time (wall time, peak RSS), solved (no --heaps: heap
# by heap until the periodicity theorem certifies the whole game, --time 115 as MisereSolver's
# runs) or to the heap MisereSolver reached in 115 s, beside MisereSolver's figures from the table;
# then the genus search's cost (Kayles, --genus), and the time of a misère query of 100 heaps
# through the quotient and by the engine's search when the quotient is refused (hyperfine).
# Usage: bench/quotient.sh   (builds target/release/grundy first)
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release -q -p grundy-cli
G=target/release/grundy
TSV=crates/grundy/tests/data/miseresolver.tsv
printf '| game | run | heap reached | order | P-portion | certified | wall | peak RSS | MisereSolver: heap, order, wall, peak | load (1 min) |\n|---|---|---|---|---|---|---|---|---|---|\n'
for spec in 0.75:solved 0.77:solved 0.07:33 0.137:32 0.45:26 0.56:36520 0.56:solved 4.7:40 grundy:28 0.6:16; do
  code=${spec%%:*}; run=${spec##*:}
  if [ "$run" = solved ]; then args=(--time 115); else args=(--heaps "$run"); fi
  load=$(cut -d' ' -f1 /proc/loadavg)
  out=$(mktemp); stats=$(mktemp)
  /usr/bin/time -f '%e %M' -o "$stats" "$G" quotient "$code" "${args[@]}" --json > "$out"
  read -r wall rss < "$stats"
  theirs=$(awk -F'\t' -v c="$code" -v r="$run" '$1 == c && ($2 == r || ($2 == "unsolved" && $3 == r) || (r == "solved" && $2 == "unsolved")) { printf "heap %s, order %s, %s s, %.0f MiB", $3, $4, $8, $9 / 1024 }' "$TSV")
  python3 - "$out" "$code" "$run" "$wall" "$rss" "$load" "${theirs:--}" <<'PY'
import json, sys
v = json.load(open(sys.argv[1]))
code, run, wall, rss, load, theirs = sys.argv[2:]
c = v["certificate"]
certified = f"at heap {v['max_heap']}: period {c['period']} from heap {c['preperiod']}" if c else "no"
stopped = f" (stopped: {v['stopped']})" if v["stopped"] else ""
print(f"| {code} | {'solve' if run == 'solved' else '--heaps ' + run} | {v['max_heap']}{stopped} | {v['order']} | {len(v['p_portion'])} | {certified} | {wall} s | {int(rss)/1024:.1f} MiB | {theirs} | {load} |")
PY
  rm -f "$out" "$stats"
done
# The genus search with its default bound, beside the same report without it.
/usr/bin/time -f "kayles --heaps 60, no genus: %e s, %M KiB" \
  "$G" quotient kayles --heaps 60 > /dev/null
/usr/bin/time -f "kayles --heaps 60 --genus (default bound): %e s, %M KiB" \
  "$G" quotient kayles --heaps 60 --genus | grep '^genus'

# One misère query of 100 heaps (sizes 1..30, fixed seed) against the quotient computation alone.
heaps=$(python3 -c 'import random; random.seed(19); print(" ".join(str(random.randint(1, 30)) for _ in range(100)))')
hyperfine -N --warmup 2 --runs 20 --export-markdown /dev/stdout \
  "$G quotient kayles --heaps 30 --json" \
  "$G octal kayles --misere --json $heaps" 2>/dev/null | sed -n '1,10p'
# Ten heaps of Dawson's Kayles up to 12 with the quotient refused (--max-order 10): the search.
small=$(python3 -c 'import random; random.seed(19); print(" ".join(str(random.randint(1, 12)) for _ in range(10)))')
hyperfine -N --warmup 1 --runs 5 --export-markdown /dev/stdout \
  "$G octal 0.07 --misere --json $small" \
  "$G octal 0.07 --misere --max-order 10 --json $small" 2>/dev/null | sed -n '1,10p'
