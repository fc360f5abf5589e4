#!/usr/bin/env bash
# `make soak`: five minutes (SOAK_SECONDS) of mixed reads and writes at 16 connections against a release build.
# Prints requests, answers by HTTP status, p50/p99 and the server's RSS at the start, each minute and the end.
set -euo pipefail
cd "$(dirname "$0")/.."
SECONDS_TOTAL=${SOAK_SECONDS:-300}
PORT=${SOAK_PORT:-18090}
BIN=${SPARROW_BIN:-.build/release/sparrow}
DATA=$(mktemp -d /tmp/sparrow-soak-XXXXXX)
trap 'kill $SERVER 2>/dev/null || true; wait $SERVER 2>/dev/null || true; rm -rf "$DATA"' EXIT

"$BIN" demo --users 1000 --statuses 20000 --follows 100 --data "$DATA"
APP=$("$BIN" app create --name soak --redirect-uri http://127.0.0.1/cb --first-party --data "$DATA")
CLIENT_ID=$(python3 -c 'import json,sys; print(json.loads(sys.argv[1])["client_id"])' "$APP")
CLIENT_SECRET=$(python3 -c 'import json,sys; print(json.loads(sys.argv[1])["client_secret"])' "$APP")
"$BIN" serve --port "$PORT" --data "$DATA" --user-limit 0 --address-limit 0 --post-limit 0 > "$DATA/server.log" 2>&1 &
SERVER=$!
for _ in $(seq 1 100); do curl -sf "http://127.0.0.1:$PORT/healthz" >/dev/null && break; sleep 0.1; done
TOKEN=$(curl -sf -X POST "http://127.0.0.1:$PORT/oauth2/access_token" -d "client_id=$CLIENT_ID" \
  -d "client_secret=$CLIENT_SECRET" -d grant_type=password -d username=sparrow -d password=sparrow123 |
  python3 -c 'import json,sys; print(json.load(sys.stdin)["access_token"])')
STATUS=$(curl -sf -H "Authorization: OAuth2 $TOKEN" "http://127.0.0.1:$PORT/2/statuses/home_timeline.json?count=1" |
  python3 -c 'import json,sys; print(json.load(sys.stdin)["statuses"][0]["idstr"])')

rss() { awk '/VmRSS/ {print $2 " kB"}' "/proc/$SERVER/status"; }
echo "server RSS at start: $(rss)"
# RSS each minute, to tell caches filling (growth that levels off) from a leak (growth that does not).
( for minute in $(seq 1 $((SECONDS_TOTAL / 60))); do sleep 60; echo "server RSS at ${minute} min: $(rss)"; done ) > "$DATA/rss" &
SAMPLER=$!
TOKEN=$TOKEN STATUS=$STATUS wrk -t2 -c16 -d"${SECONDS_TOTAL}s" --latency -s ${SOAK_LUA:-scripts/soak.lua} "http://127.0.0.1:$PORT/" |
  sed -n '/^requests/,$p'
kill $SAMPLER 2>/dev/null || true
cat "$DATA/rss"
echo "server RSS at end:   $(rss)"
grep -c "error" "$DATA/server.log" | sed 's/^/server log lines with "error": /' || true
