#!/usr/bin/env bash
# Games that split into components, written as scripts, against dedicated solvers and plain
# Python memos; and Nim without components against OpenSpiel. Prints a Markdown table: median
# wall time (hyperfine), user time, peak memory (GNU time's maximum resident set size), the time
# from the answer to the process's exit, and the answer, which must be the same on every side.
#
#   cargo build --release -p grundy-cli && bash bench/components.sh
#
# Needs hyperfine, /usr/bin/time, igsolve 0.1.2 (`cargo install igsolve --version 0.1.2`) and
# OpenSpiel (`pip install open_spiel`). RUNS (default 5) sets the runs per command; OpenSpiel's
# nim takes over a minute a run, so it runs OPENSPIEL_RUNS times (default 3).
set -euo pipefail
cd "$(dirname "$0")/.."
GRUNDY=${GRUNDY:-target/release/grundy}
IGSOLVE=${IGSOLVE:-$(command -v igsolve || echo ~/.cargo/bin/igsolve)}
PYTHON=${PYTHON:-$(command -v python3)}
RUNS=${RUNS:-5}
OPENSPIEL_RUNS=${OPENSPIEL_RUNS:-3}
N=${N:-5000}
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

# The Grundy value printed by `grundy script` ("Grundy value *14" -> 14).
script_value() { sed -n 's/.*Grundy value \*\([0-9]*\).*/\1/p' | head -1; }

# measure NAME RUNS ANSWER COMMAND...: one table row. For the time from the answer to the exit
# (see answer_to_exit.py), a `grundy` command runs with --stats, and igsolve's answer is its line
# "Nimber of initial position".
measure() {
    local name=$1 runs=$2 answer=$3
    shift 3
    hyperfine --runs "$runs" --warmup 0 --export-json "$WORK/h.json" --style none \
        "$(printf '%q ' "$@")" >/dev/null
    local median user
    median=$(jq '.results[0].median' "$WORK/h.json")
    user=$(jq '.results[0].user' "$WORK/h.json")
    /usr/bin/time -v "$@" 2>"$WORK/time.txt" >/dev/null
    local peak
    peak=$(sed -n 's/.*Maximum resident set size (kbytes): //p' "$WORK/time.txt")
    local tail
    if [ "$1" = "$GRUNDY" ]; then
        tail=$("$PYTHON" bench/components/answer_to_exit.py --stderr "$@" --stats)
    elif [ "$1" = "$IGSOLVE" ]; then
        tail=$("$PYTHON" bench/components/answer_to_exit.py --line Nimber "$@")
    else
        tail=$("$PYTHON" bench/components/answer_to_exit.py "$@")
    fi
    printf '| %s | %.3f s | %.3f s | %.1f MB | %.3f s | %s |\n' "$name" "$median" "$user" \
        "$(bc -l <<<"$peak / 1024")" "$tail" "$answer"
}

# check NAME EXPECTED GOT: the answers must agree.
check() {
    if [ "$2" != "$3" ]; then
        echo "$1: answers differ: $2 and $3" >&2
        exit 1
    fi
}

printf '| command | median wall | mean user | peak memory | answer to exit | answer |\n'
printf '|---|---|---|---|---|---|\n'

lasker=$("$GRUNDY" script examples/scripts/lasker-nim.rhai "[$N]" | script_value)
lasker_py=$("$PYTHON" bench/components/lasker.py "$N")
check "Lasker's Nim" "$lasker" "$lasker_py"
# The closed form: G(4k+3) = 4k+4, G(4k+4) = 4k+3, else G(n) = n.
case $((N % 4)) in 0) want=$((N - 1)) ;; 3) want=$((N + 1)) ;; *) want=$N ;; esac
check "Lasker's Nim, closed form" "$want" "$lasker"
measure "\`grundy script examples/scripts/lasker-nim.rhai '[$N]'\`" "$RUNS" "$lasker" \
    "$GRUNDY" script examples/scripts/lasker-nim.rhai "[$N]"
measure "\`python3 bench/components/lasker.py $N\`" "$RUNS" "$lasker_py" \
    "$PYTHON" bench/components/lasker.py "$N"

grundy=$("$GRUNDY" script examples/scripts/grundy-game.rhai "[$N]" | script_value)
grundy_py=$("$PYTHON" bench/components/grundy_game.py "$N")
grundy_ig=$("$IGSOLVE" grundy -p "$N" | sed -n 's/^Nimber of initial position: //p')
check "Grundy's game" "$grundy" "$grundy_py"
check "Grundy's game" "$grundy" "$grundy_ig"
measure "\`grundy script examples/scripts/grundy-game.rhai '[$N]'\`" "$RUNS" "$grundy" \
    "$GRUNDY" script examples/scripts/grundy-game.rhai "[$N]"
measure "\`igsolve grundy -p $N\`" "$RUNS" "$grundy_ig" "$IGSOLVE" grundy -p "$N"
measure "\`python3 bench/components/grundy_game.py $N\`" "$RUNS" "$grundy_py" \
    "$PYTHON" bench/components/grundy_game.py "$N"

# 22 ^ 23 ^ 24 ^ 25 = 0: the player to move loses.
nim=$("$GRUNDY" script bench/components/nim.rhai '[22, 23, 24, 25]' | script_value)
check "Nim" "$nim" 0
measure "\`grundy script bench/components/nim.rhai '[22, 23, 24, 25]'\`" "$RUNS" "*$nim (P)" \
    "$GRUNDY" script bench/components/nim.rhai '[22, 23, 24, 25]'
if [ "$OPENSPIEL_RUNS" -gt 0 ]; then
    openspiel=$("$PYTHON" bench/components/openspiel_nim.py 22 23 24 25)
    check "Nim, OpenSpiel" P "$openspiel"
    measure "\`python3 bench/components/openspiel_nim.py 22 23 24 25\`" "$OPENSPIEL_RUNS" \
        "$openspiel" "$PYTHON" bench/components/openspiel_nim.py 22 23 24 25
fi
