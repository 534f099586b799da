#!/usr/bin/env bash
# Mixed load test of the server on loopback: wrk with a Lua script, 256 connections, 60 s (by
# default). Usage: bench/load_mixed.sh [SECONDS] [CONNECTIONS]. Needs wrk and curl; builds the
# release binary. The server runs with its default limits (time budget 2 s, heavy slots = cores,
# 1 s queue, 1 MiB bodies).
#
# Every 100 requests of a connection:
#   55 cheap analyses (POST /api/analyze: nim with explanation, staircase, coins),
#   15 value sequences (POST /api/values: 0.77 to 2000, 0.137 to 5000, 4!.0 to 20000),
#   15 deep searches (POST /api/computer: the computer's move in nim 25 25 25, whose whole game
#      tree the engine searches by remoteness, and misère nim 20 20 20),
#    4 Stone Games of 300 piles (POST /api/stones: the interval DP),
#    1 request over the time budget on purpose (0.8 to 100000: stopped at 2 s, answered 422),
#   10 malformed bodies (truncated JSON, a string for a number, an unknown game, a bad code, a
#      negative pile, an unknown field, upto over the limit).
#
# Status codes are counted by class. The server's contract under overload: 429 (with
# Retry-After) when a heavy request finds no slot within the queue wait, 422 for over-budget
# work, 400 for malformed bodies; a 5xx would be a bug. Before the load, curl checks one answer
# of each kind. The script fails if any 5xx is answered, if any connection errs (wrk's socket
# errors: connect, read, write, timeout), or if the server answers wrongly afterwards.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
connections=${2:-256}

cargo build --release -q -p grundy-cli
work=$(mktemp -d)
ulimit -n 4096 2>/dev/null || true
./target/release/grundy serve --port 0 > "$work/serve.log" &
server=$!
trap 'kill $server 2>/dev/null; rm -rf "$work"' EXIT
for _ in $(seq 50); do grep -q http "$work/serve.log" && break; sleep 0.1; done
url=$(grep -o 'http://[^ ]*' "$work/serve.log")

# The answers are right before the load starts.
check() { # path body needle
  local answer
  answer=$(curl -s -X POST -d "$2" "${url}${1#/}")
  grep -q -- "$3" <<< "$answer" || { echo "wrong answer to $2: ${answer:0:200}" >&2; exit 1; }
}
check /api/analyze '{"game":"nim","position":[3,4,5],"explain":true}' '"grundy":2'
check /api/values '{"game":"0.77","upto":2000}' '"period":12,'
check /api/computer '{"game":"nim","position":[25,25,25]}' '"remoteness":'
check /api/values '{"game":"0.8","upto":100000}' 'over the time budget'
check /api/values '{"game":"0.7x"}' "unexpected 'x' at column 4"

piles=$(seq 1 300 | awk '{printf "%s%d", (NR>1?",":""), ($1*7919)%97+1}')
cat > "$work/mixed.lua" <<LUA
local kinds = {}
local function add(n, kind, path, body)
  for _ = 1, n do kinds[#kinds + 1] = {kind = kind, path = path, body = body} end
end
add(20, "cheap", "/api/analyze", '{"game":"nim","position":[3,4,5],"explain":true}')
add(20, "cheap", "/api/analyze", '{"game":"staircase","position":[0,3,5,2,5,9,1]}')
add(15, "cheap", "/api/analyze", '{"game":"coins","position":[9,1,4,20,33]}')
add(5, "heavy", "/api/values", '{"game":"0.77","upto":2000}')
add(5, "heavy", "/api/values", '{"game":"0.137","upto":5000}')
add(5, "heavy", "/api/values", '{"game":"4!.0","upto":20000}')
add(10, "heavy", "/api/computer", '{"game":"nim","position":[25,25,25]}')
add(5, "heavy", "/api/computer", '{"game":"nim","position":[20,20,20],"misere":true}')
add(4, "heavy", "/api/stones", '{"piles":[$piles]}')
add(1, "heavy", "/api/values", '{"game":"0.8","upto":100000}')
add(2, "malformed", "/api/analyze", '{"game":"nim","position":[3,4')
add(1, "malformed", "/api/analyze", '{"game":"nim","position":["three"]}')
add(1, "malformed", "/api/analyze", '{"game":"go","position":[1]}')
add(2, "malformed", "/api/values", '{"game":"0.7x","upto":10}')
add(1, "malformed", "/api/analyze", '{"game":"nim","position":[-1]}')
add(1, "malformed", "/api/values", '{"game":"0.77","up_to":10}')
add(1, "malformed", "/api/values", '{"game":"0.77","upto":100000000}')
add(1, "malformed", "/api/stones", 'not json at all')
assert(#kinds == 100)

-- A fixed shuffle, so each connection cycles through the same mix in a different order.
local order = {}
local n = 0
-- Global, so that done() can read each thread's copy with thread:get.
counts = {}

function setup(thread)
  thread:set("id", math.random(1, 1000000))
  threads = threads or {}
  table.insert(threads, thread)
end

function init(args)
  for i = 1, 100 do order[i] = i end
  math.randomseed(id)
  for i = 100, 2, -1 do
    local j = math.random(i)
    order[i], order[j] = order[j], order[i]
  end
  counts = {}
end

function request()
  n = n + 1
  local k = kinds[order[(n - 1) % 100 + 1]]
  return wrk.format("POST", k.path, {["Content-Type"] = "application/json"}, k.body)
end

function response(status, headers, body)
  local key = tostring(status)
  counts[key] = (counts[key] or 0) + 1
end

function done(summary, latency, requests)
  local total = {}
  for _, thread in ipairs(threads) do
    local c = thread:get("counts")
    for status, count in pairs(c) do total[status] = (total[status] or 0) + count end
  end
  local statuses = {}
  for status in pairs(total) do statuses[#statuses + 1] = status end
  table.sort(statuses)
  io.write("status counts:")
  local fivexx = 0
  for _, status in ipairs(statuses) do
    io.write(string.format(" %s=%d", status, total[status]))
    if tonumber(status) >= 500 then fivexx = fivexx + total[status] end
  end
  io.write("\n")
  local e = summary.errors
  io.write(string.format("requests %d in %.1f s: %.0f requests/s\n", summary.requests,
    summary.duration / 1e6, summary.requests / (summary.duration / 1e6)))
  io.write(string.format("latency p50 %.1f ms, p99 %.1f ms, max %.1f ms\n",
    latency:percentile(50) / 1000, latency:percentile(99) / 1000, latency.max / 1000))
  io.write(string.format("5xx: %d\n", fivexx))
  io.write(string.format("socket errors: connect %d, read %d, write %d, timeout %d\n",
    e.connect, e.read, e.write, e.timeout))
end
LUA

wrk -t2 -c"$connections" -d"${seconds}s" --timeout 15s --latency -s "$work/mixed.lua" "$url" | tee "$work/wrk.txt"
fail=0
grep -q '^5xx: 0$' "$work/wrk.txt" || { echo "load test: 5xx answers" >&2; fail=1; }
grep -q '^socket errors: connect 0, read 0, write 0, timeout 0$' "$work/wrk.txt" \
  || { echo "load test: dropped connections" >&2; fail=1; }
# The server is still answering, and answering right.
check /api/analyze '{"game":"nim","position":[3,4,5],"explain":true}' '"grundy":2'
[ $fail = 0 ] && echo "load test: 0 5xx, 0 dropped connections"
exit $fail
