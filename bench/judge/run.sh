#!/usr/bin/env bash
# `grundy judge nowcoder-50615` on 10^7 numbers (about 100 MB) against a hand-tuned C reader
# and the tutorial's `cin` C++ program. Prints the three median times and the ratios.
# Needs gcc, g++ and hyperfine (apt-get install -y hyperfine).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
work=${WORK:-$(mktemp -d)}
n=${N:-10000000}

cargo build --release --quiet --manifest-path "$root/Cargo.toml" -p grundy-cli
gcc -O2 -o "$work/nim_reader" "$here/nim_reader.c"
g++ -O2 -o "$work/nim_cin" "$here/nim_cin.cpp"
gcc -O2 -o "$work/gen_input" "$here/gen_input.c"
"$work/gen_input" "$n" > "$work/input.txt"
echo "input: $n numbers, $(du -m "$work/input.txt" | cut -f1) MB"

grundy="$root/target/release/grundy judge nowcoder-50615 --no-limits"
for cmd in "$grundy" "$work/nim_reader" "$work/nim_cin"; do
    test "$($cmd < "$work/input.txt")" = "$("$work/nim_reader" < "$work/input.txt")"
done

in="$work/input.txt"
hyperfine --warmup 2 --runs "${RUNS:-10}" --export-json "$work/times.json" \
    -n grundy "$grundy < $in" -n c "$work/nim_reader < $in" -n cpp-cin "$work/nim_cin < $in" >&2
python3 - "$work/times.json" <<'PY'
import json, sys
r = {x["command"]: x["median"] for x in json.load(open(sys.argv[1]))["results"]}
g, c, cpp = r["grundy"], r["c"], r["cpp-cin"]
print(f"median: grundy {g*1000:.0f} ms, C {c*1000:.0f} ms, C++ cin {cpp*1000:.0f} ms")
print(f"grundy / C = {g/c:.2f}   C++ cin / grundy = {cpp/g:.1f}")
PY
