#!/usr/bin/env bash
# The 64-bit nim-product of grundy (crates/grundy/src/nimber/field.rs) against a plain C program
# of the textbook recursion on Fermat halves (bench/nimber/textbook.c, gcc -O2), on the same
# pseudo-random pairs, in one run of this script:
#   - N pairs of uniform 64-bit nimbers (NumPy's default generator, seed 1) written to a file;
#   - the Rust library on one thread (crates/grundy/examples/nimber_pairs.rs), Python's
#     grundy.nimber.mul on the two arrays (bench/nimber/pairs.py), the C program with four half
#     products per split (the textbook) and with three (Karatsuba's);
#   - each prints the XOR of all the products, which must agree (the script stops otherwise), and
#     the seconds its products took; /usr/bin/time gives the process's wall and CPU time
#     (user + sys) and the load average (1 min) is read just before.
# The table gives each program's product time per pair, and the ratios of the C program's CPU
# time to the others' (the machine has 2 cores, often shared: CPU time is steadier than wall).
# Usage: bench/nimber/run.sh [N]   (default 10000000; the C textbook takes about 12 µs of CPU a
# pair: two minutes for 10^7, and Karatsuba's variant under one)
# PYTHON: an interpreter with the grundy package installed (default target/py-venv/bin/python,
# which ./scripts/test creates: `maturin develop --release -m crates/grundy-py/Cargo.toml`).
set -euo pipefail
cd "$(dirname "$0")/../.."
N=${1:-10000000}
PYTHON=${PYTHON:-target/py-venv/bin/python}
cargo build --release -q -p grundy --example nimber_pairs
mkdir -p target/bench
gcc -O2 -o target/bench/nimber_textbook bench/nimber/textbook.c
PAIRS=target/bench/nimber_pairs.bin
"$PYTHON" -c "import numpy as np, sys
np.random.default_rng(1).bit_generator.random_raw(2 * int(sys.argv[1])).astype('<u8').tofile(sys.argv[2])" "$N" "$PAIRS"

# One timed run: "xor X seconds S cpu C wall W load L".
timed() {
  local load out times
  load=$(cut -d' ' -f1 /proc/loadavg)
  out=$(/usr/bin/time -f '%U %S %e' -o target/bench/nimber_time "$@")
  times=$(cat target/bench/nimber_time)
  awk -v out="$out" -v load="$load" '{ printf "%s cpu %.2f wall %.2f load %s\n", out, $1 + $2, $3, load }' <<<"$times"
}

declare -A RESULT
for name in rust python c_textbook c_karatsuba; do
  case $name in
    rust) RESULT[$name]=$(timed target/release/examples/nimber_pairs "$PAIRS") ;;
    python) RESULT[$name]=$(timed "$PYTHON" bench/nimber/pairs.py "$PAIRS") ;;
    c_textbook) RESULT[$name]=$(timed target/bench/nimber_textbook "$PAIRS") ;;
    c_karatsuba) RESULT[$name]=$(timed target/bench/nimber_textbook "$PAIRS" karatsuba) ;;
  esac
  echo "$name: ${RESULT[$name]}"
done
field() { awk -v k="$2" '{ for (i = 1; i < NF; i++) if ($i == k) print $(i + 1) }' <<<"${RESULT[$1]}"; }
for name in python c_textbook c_karatsuba; do
  [ "$(field "$name" xor)" = "$(field rust xor)" ] || { echo "MISMATCH: $name" >&2; exit 1; }
done
echo
echo "N = $N pairs, XOR of the products $(field rust xor)"
printf '%-14s %12s %10s %10s %8s %16s %18s\n' program "ns/pair" "cpu s" "wall s" load "C textbook/cpu" "C Karatsuba/cpu"
for name in rust python c_textbook c_karatsuba; do
  awk -v n="$N" -v name="$name" -v s="$(field "$name" seconds)" -v cpu="$(field "$name" cpu)" \
      -v wall="$(field "$name" wall)" -v load="$(field "$name" load)" \
      -v tb="$(field c_textbook cpu)" -v ka="$(field c_karatsuba cpu)" \
      'BEGIN { printf "%-14s %12.1f %10.2f %10.2f %8s %16.1f %18.1f\n", name, 1e9 * s / n, cpu, wall, load, tb / cpu, ka / cpu }'
done
