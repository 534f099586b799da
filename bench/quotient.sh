#!/usr/bin/env bash
# Misère quotients: for each game, `grundy quotient CODE --heaps N --json --genus-positions 0`
# under /usr/bin/time (wall time, peak RSS: the quotient alone), with the heap where the order
# stops changing, the order and the periodicity theorem's certificate where there is one; then the
# genus search's cost (Kayles, default bound), and the time of a misère query of 100 heaps through
# the quotient and by the engine's search when the quotient is refused (hyperfine).
# Usage: bench/quotient.sh   (builds target/release/grundy first)
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release -q -p grundy-cli
G=target/release/grundy
printf '| game | heaps | order (last) | unchanged from heap | certified | stopped | wall | peak RSS | load (1 min) |\n|---|---|---|---|---|---|---|---|---|\n'
for spec in 0.75:60 0.77:170 4.7:40 0.56:60 grundy:28 0.45:26 0.07:33 0.137:32 0.6:16; do
  code=${spec%%:*}; heaps=${spec##*:}
  load=$(cut -d' ' -f1 /proc/loadavg)
  out=$(mktemp); stats=$(mktemp)
  /usr/bin/time -f '%e %M' -o "$stats" "$G" quotient "$code" --heaps "$heaps" --json --genus-positions 0 > "$out"
  read -r wall rss < "$stats"
  python3 - "$out" "$code" "$heaps" "$wall" "$rss" "$load" <<'PY'
import json, sys
v = json.load(open(sys.argv[1]))
code, heaps, wall, rss, load = sys.argv[2:]
stopped = "at heap %d (> max order)" % (v["max_heap"] + 1) if v["stopped"] else "no"
c = v["certificate"]
certified = f"period {c['period']} from heap {c['preperiod']}, checked to {c['checked_to']}" if c else "no"
print(f"| {code} | {heaps} | {v['order']} (heap {v['max_heap']}) | {v['stable_from']} | {certified} | {stopped} | {wall} s | {int(rss)/1024:.1f} MiB | {load} |")
PY
  rm -f "$out" "$stats"
done
# The genus search with its default bound, beside the same report without it.
/usr/bin/time -f "kayles --heaps 60, no genus: %e s, %M KiB" \
  "$G" quotient kayles --heaps 60 --genus-positions 0 | grep '^genus'
/usr/bin/time -f "kayles --heaps 60, genus within the default bound: %e s, %M KiB" \
  "$G" quotient kayles --heaps 60 | grep '^genus'

# One misère query of 100 heaps (sizes 1..30, fixed seed) against the quotient computation alone.
heaps=$(python3 -c 'import random; random.seed(19); print(" ".join(str(random.randint(1, 30)) for _ in range(100)))')
hyperfine -N --warmup 2 --runs 20 --export-markdown /dev/stdout \
  "$G quotient kayles --heaps 30 --json --genus-positions 0" \
  "$G octal kayles --misere --json $heaps" 2>/dev/null | sed -n '1,10p'
# Ten heaps of Dawson's Kayles up to 12 with the quotient refused (--max-order 10): the search.
small=$(python3 -c 'import random; random.seed(19); print(" ".join(str(random.randint(1, 12)) for _ in range(10)))')
hyperfine -N --warmup 1 --runs 5 --export-markdown /dev/stdout \
  "$G octal 0.07 --misere --json $small" \
  "$G octal 0.07 --misere --max-order 10 --json $small" 2>/dev/null | sed -n '1,10p'
