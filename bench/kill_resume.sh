#!/usr/bin/env bash
# Kill -9 a long `grundy values` run at random moments, resume it from its checkpoint each time,
# and check that the values it finally prints are identical to an uninterrupted run's.
#
# A campaign starts a run from scratch and kills it again and again (each time resuming from the
# checkpoint) until a run gets to finish; campaigns repeat until KILLS kills in all. Every resume
# must be accepted (a kill during a save must never leave a damaged checkpoint) and every
# campaign's output must equal the reference byte for byte.
#
# Usage: bench/kill_resume.sh [KILLS] [GAME] [UPTO]      (defaults: 25 grundy 1048576)
# GRUNDY=path/to/grundy overrides the binary (default: target/release/grundy, built if missing).
set -euo pipefail

KILLS=${1:-25}
GAME=${2:-grundy}
UPTO=${3:-1048576}
cd "$(dirname "$0")/.."
GRUNDY=${GRUNDY:-target/release/grundy}
if [ ! -x "$GRUNDY" ]; then
    cargo build --release -q -p grundy-cli
fi
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

start=$(date +%s.%N)
"$GRUNDY" values "$GAME" --upto "$UPTO" > "$WORK/reference.txt"
reference_seconds=$(echo "$(date +%s.%N) - $start" | bc)
echo "reference: grundy values $GAME --upto $UPTO in ${reference_seconds} s," \
    "sha256 $(sha256sum < "$WORK/reference.txt" | cut -c1-16)"

# Kill moments: uniform between 0.05 s and a third of the uninterrupted time, in milliseconds.
max_ms=$(echo "$reference_seconds * 1000 / 3" | bc)
[ "$max_ms" -gt 100 ] || max_ms=100

kills=0 campaigns=0 identical=0 resumes=0
while [ "$kills" -lt "$KILLS" ]; do
    campaigns=$((campaigns + 1))
    ckpt="$WORK/run-$campaigns.ckpt"
    campaign_kills=0
    while :; do
        if [ -e "$ckpt" ]; then
            saving=(--resume "$ckpt")
            resumes=$((resumes + 1))
        else
            saving=(--checkpoint "$ckpt")
        fi
        "$GRUNDY" values "$GAME" --upto "$UPTO" --checkpoint-every 0.2 "${saving[@]}" \
            > "$WORK/out.txt" 2> "$WORK/err.txt" &
        pid=$!
        sleep "$(echo "scale=3; (50 + $RANDOM * ($max_ms - 50) / 32767) / 1000" | bc)"
        if kill -9 "$pid" 2>/dev/null; then
            # (The braces keep bash's "Killed" notice out of the report.)
            { wait "$pid"; } 2>/dev/null || true
            kills=$((kills + 1))
            campaign_kills=$((campaign_kills + 1))
            continue
        fi
        # The run ended by itself before the kill.
        if ! wait "$pid"; then
            echo "FAIL: campaign $campaigns: the run failed: $(cat "$WORK/err.txt")"
            exit 1
        fi
        break
    done
    if cmp -s "$WORK/out.txt" "$WORK/reference.txt"; then
        identical=$((identical + 1))
        echo "campaign $campaigns: $campaign_kills kills, values identical"
    else
        echo "FAIL: campaign $campaigns: $campaign_kills kills, values differ"
        exit 1
    fi
done
echo "kill -9: $kills kills ($resumes resumes) in $campaigns campaigns;" \
    "$identical of $campaigns final outputs identical to the uninterrupted run"
