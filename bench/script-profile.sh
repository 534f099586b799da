#!/usr/bin/env bash
# Instructions per state of each example script, compiled and interpreted, against the same game
# as a Rust ruleset, under valgrind's callgrind (deterministic: the machine's load does not change
# the counts).
# Usage: bench/script-profile.sh [GAME...]   (GAME: take, shrinking, Lasker, queen, divisor)
# Needs valgrind. Builds the bench binary of grundy-script, runs each side once
# (SCRIPT_BENCH_ONLY=GAME:SIDE), and divides the instructions spent in solve_rust / solve_script
# (the engine's search from an empty table, the script's compilation excluded) by the states searched.
set -euo pipefail
cd "$(dirname "$0")/.."
binary=$(cargo bench -p grundy-script --bench script --no-run --message-format=json 2>/dev/null |
    sed -n 's/.*"executable":"\([^"]*\)".*/\1/p' | tail -1)
games=("$@")
[ ${#games[@]} -eq 0 ] && games=(take shrinking Lasker queen divisor)
out=$(mktemp -d)
printf '| game | Rust ruleset: Ir/state | script, compiled: Ir/state | script, interpreted: Ir/state | compiled / Rust | interpreted / Rust | script share, compiled | script share, interpreted |\n|---|---|---|---|---|---|---|---|\n'
declare -A per share
for game in "${games[@]}"; do
    for side in rust script interpreted; do
        line=$(SCRIPT_BENCH_ONLY="$game:$side" valgrind --tool=callgrind \
            --callgrind-out-file="$out/$game.$side" "$binary" 2>/dev/null)
        states=$(sed -n 's/.*: \([0-9]*\) states$/\1/p' <<<"$line")
        function=solve_script
        [ "$side" = rust ] && function=solve_rust
        ir=$(callgrind_annotate --inclusive=yes "$out/$game.$side" 2>/dev/null |
            awk -v f="$function" 'index($0, f) && !done {gsub(",", "", $1); print $1; done = 1}')
        [ -n "$states" ] && [ -n "$ir" ] || { echo "no count for $game:$side" >&2; exit 1; }
        per[$side]=$((ir / states))
        if [ "$side" != rust ]; then
            # The script's own part: its calls of options/components and their conversion; a
            # streamed `options` (Program::stream) without the engine's work on each option it
            # hands over (the closure of Script::stream_options).
            inclusive() {
                callgrind_annotate --inclusive=yes "$out/$game.$side" 2>/dev/null |
                    awk -v f="$1" 'index($0, f) && !done {gsub(",", "", $1); print $1; done = 1}'
            }
            own=$(inclusive "Script::states_from")
            streamed=$(inclusive "Program::stream ")
            visits=$(inclusive "Script::stream_options::{{closure}}")
            share[$side]=$(bc -l <<<"100 * (${own:-0} + ${streamed:-0} - ${visits:-0}) / $ir")
        fi
        name=${line% (*}
    done
    printf '| %s | %d | %d | %d | %.1f× | %.0f× | %.1f %% | %.1f %% |\n' "$name" "${per[rust]}" \
        "${per[script]}" "${per[interpreted]}" "$(bc -l <<<"${per[script]} / ${per[rust]}")" \
        "$(bc -l <<<"${per[interpreted]} / ${per[rust]}")" "${share[script]}" "${share[interpreted]}"
done
rm -rf "$out"
