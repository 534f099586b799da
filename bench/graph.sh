#!/usr/bin/env bash
# Graph games at scale: 10^6 nodes and 10^7 edges, acyclic and with cycles.
# Prints the time and peak memory of `grundy graph` (GNU time) and checks what it computes.
#
#   bash bench/graph.sh            # needs a release build: cargo build --release
#
# The graphs are random with a fixed seed: each of the 10^7 edges joins two random nodes; in the
# acyclic graph it goes from the larger to the smaller node; in the graph with cycles, nodes whose
# name ends in 0, 1 or 2 are terminal (edges leave only the other nodes).
set -euo pipefail
cd "$(dirname "$0")/.."
GRUNDY=${GRUNDY:-target/release/grundy}
WORK=${WORK:-$(mktemp -d)}
NODES=${NODES:-1000000}
EDGES=${EDGES:-10000000}

python3 - "$WORK" "$NODES" "$EDGES" <<'PY'
import random, sys
work, nodes, edges = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
rng = random.Random(2026)
with open(f"{work}/dag.txt", "w") as dag, open(f"{work}/loopy.txt", "w") as loopy:
    # Every node is named once first, so each graph has exactly `nodes` nodes.
    names = "".join(f"{u}\n" for u in range(nodes))
    dag.write(names)
    loopy.write(names)
    chunk = min(edges, 100_000)
    for _ in range(edges // chunk):
        a = [rng.randrange(nodes) for _ in range(chunk)]
        b = [rng.randrange(nodes) for _ in range(chunk)]
        # In the graph with cycles, nodes ending in 0, 1 or 2 have no move (so not all is a draw).
        loopy.write("".join(f"{x - x % 10 + 3 + x % 10 * 7 // 10} {y}\n" for x, y in zip(a, b)))
        dag.write("".join(f"{max(x, y)} {min(x, y)}\n" for x, y in zip(a, b) if x != y))
PY

run() {
    local name=$1; shift
    /usr/bin/time -f "$name: %e s wall, %M KiB peak" "$GRUNDY" "$@" > "$WORK/out.json" 2> "$WORK/time.txt" || { cat "$WORK/time.txt"; exit 1; }
    tail -n 1 "$WORK/time.txt"
}

check() {
    python3 - "$WORK/out.json" "$1" <<'PY'
import json, sys
v = json.load(open(sys.argv[1]))
nodes = v["nodes"]
assert v["node_count"] == len(nodes), "every node is listed"
counts = {o: sum(1 for n in nodes if n["outcome"] == o) for o in "PND"}
assert sum(counts.values()) == len(nodes)
# A P node has value 0, an N or D node does not.
assert all((n["grundy"] == 0) == (n["outcome"] == "P") for n in nodes)
print(f"  {sys.argv[2]}: {v['node_count']} nodes, {v['edge_count']} edges, acyclic {v['acyclic']}, "
      f"P {counts['P']}, N {counts['N']}, D {counts['D']}, token sum {v.get('grundy')} ({v.get('outcome')})")
PY
}

run "acyclic, every node and two tokens, --json" graph --json "$WORK/dag.txt" 17 424
check dag
run "with cycles, every node and two tokens, --json" graph --json "$WORK/loopy.txt" 17 424
check loopy
run "acyclic, text table" graph "$WORK/dag.txt"
run "with cycles, text table" graph "$WORK/loopy.txt"
rm -rf "$WORK"
