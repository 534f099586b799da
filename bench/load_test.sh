#!/usr/bin/env bash
# Load test of POST /api/analyze on loopback: wrk, 64 connections, 30 s (by default).
# Usage: bench/load_test.sh [SECONDS] [CONNECTIONS]. Needs wrk (apt-get install -y wrk) and
# builds the release binary. Fails if any request errs or answers other than 200, or if the
# answer is wrong. The server binds 127.0.0.1 only; the run stops by itself.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-30}
connections=${2:-64}

cargo build --release -q -p grundy-cli
work=$(mktemp -d)
./target/release/grundy serve --port 0 > "$work/serve.log" &
server=$!
trap 'kill $server 2>/dev/null; rm -rf "$work"' EXIT
for _ in $(seq 50); do grep -q http "$work/serve.log" && break; sleep 0.1; done
url=$(grep -o 'http://[^ ]*' "$work/serve.log")

body='{"game":"nim","position":[3,4,5],"explain":true}'
answer=$(curl -s -X POST -d "$body" "${url}api/analyze")
grep -q '"grundy":2' <<< "$answer" || { echo "wrong answer: $answer" >&2; exit 1; }

cat > "$work/post.lua" <<LUA
wrk.method = "POST"
wrk.body = '$body'
wrk.headers["Content-Type"] = "application/json"
LUA
wrk -t2 -c"$connections" -d"${seconds}s" --latency -s "$work/post.lua" "${url}api/analyze" | tee "$work/wrk.txt"
if grep -Eq 'Non-2xx|Socket errors' "$work/wrk.txt"; then
  echo "load test: errors" >&2
  exit 1
fi
echo "load test: 0 errors"
