#!/usr/bin/env bash
# The server's CPU time per request (user + system, from /proc), for the fixed cost of the request path: starts the
# release server on an empty data folder, warms up, then runs wrk against PATH (default /healthz, which reads the
# database) ROUNDS times and prints each round's requests per second and CPU microseconds per request.
# valgrind cannot run the Swift binary here (its debuginfo reader gives up), and the VM exposes no instruction
# counters, so CPU time over many requests is the figure; compare runs back to back.
set -euo pipefail
cd "$(dirname "$0")/.."
TARGET=${1:-/healthz}
BIN=${SPARROW_BIN:-.build/release/sparrow}
PORT=${PORT:-18095}
ROUNDS=${ROUNDS:-3}
WORK=$(mktemp -d)
"$BIN" serve --port "$PORT" --data "$WORK/data" --address-limit 0 --user-limit 0 ${LOG_LEVEL:+--log-level $LOG_LEVEL} > "$WORK/server.log" 2>&1 &
SERVER=$!
trap 'kill $SERVER 2>/dev/null || true; wait $SERVER 2>/dev/null || true; rm -rf "$WORK"' EXIT
for _ in $(seq 1 100); do curl -sf "http://127.0.0.1:$PORT/healthz" >/dev/null && break; sleep 0.1; done
TICKS=$(getconf CLK_TCK)
cpu() { awk '{print $14 + $15}' "/proc/$SERVER/stat"; }
wrk -t2 -c16 -d2s "http://127.0.0.1:$PORT$TARGET" >/dev/null
for round in $(seq 1 "$ROUNDS"); do
  before=$(cpu)
  out=$(wrk -t2 -c16 -d5s "http://127.0.0.1:$PORT$TARGET")
  after=$(cpu)
  requests=$(awk '/requests in/ {print $1}' <<<"$out")
  rps=$(awk '/Requests\/sec/ {print $2}' <<<"$out")
  echo "$TARGET round $round: $rps req/s, $(( (after - before) * 1000000 / TICKS / requests )) µs of server CPU per request"
done
