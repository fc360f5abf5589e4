#!/usr/bin/env bash
# Starts a release server on a generated dataset and measures /healthz, home_timeline (and the same feed through the
# Mastodon API) and 团购's find_deals with wrk,
# then sweeps every GET route of the three apps (scripts/sweep_routes.py). Prints requests per second and p50/p99
# latency for each, and their ratios to /healthz.
set -euo pipefail
cd "$(dirname "$0")/.."

USERS=${BENCH_USERS:-1000}
STATUSES=${BENCH_STATUSES:-100000}
FOLLOWS=${BENCH_FOLLOWS:-200}
DEALS=${BENCH_DEALS:-100000}
SECONDS_EACH=${BENCH_SECONDS:-10}
CONNECTIONS=${BENCH_CONNECTIONS:-16}
PORT=${BENCH_PORT:-18080}
BIN=${SPARROW_BIN:-.build/release/sparrow}
DATA=bench-data/u${USERS}-s${STATUSES}-f${FOLLOWS}-d${DEALS}

if [ ! -f "$DATA/sparrow.sqlite" ]; then
  rm -rf "$DATA"
  echo "Generating $USERS users, $STATUSES statuses, $FOLLOWS follows each, $DEALS deals into $DATA"
  "$BIN" demo --users "$USERS" --statuses "$STATUSES" --follows "$FOLLOWS" --deals "$DEALS" --data "$DATA"
fi

APP=$("$BIN" app create --name "bench" --redirect-uri http://127.0.0.1/cb --first-party --data "$DATA")
CLIENT_ID=$(python3 -c 'import json,sys; print(json.loads(sys.argv[1])["client_id"])' "$APP")
CLIENT_SECRET=$(python3 -c 'import json,sys; print(json.loads(sys.argv[1])["client_secret"])' "$APP")
DEALS_APP=$("$BIN" app create --name "bench deals" --redirect-uri http://127.0.0.1/cb --deals --data "$DATA")

# Rate limits off: the load comes from one user and one address.
"$BIN" serve --port "$PORT" --data "$DATA" --user-limit 0 --address-limit 0 ${BENCH_LOG_LEVEL:+--log-level $BENCH_LOG_LEVEL} > "$DATA/server.log" 2>&1 &
SERVER=$!
trap 'kill $SERVER 2>/dev/null || true; wait $SERVER 2>/dev/null || true' EXIT
for _ in $(seq 1 100); do
  curl -sf "http://127.0.0.1:$PORT/healthz" >/dev/null && break
  sleep 0.1
done

TOKEN=$(curl -sf -X POST "http://127.0.0.1:$PORT/oauth2/access_token" \
  -d "client_id=$CLIENT_ID" -d "client_secret=$CLIENT_SECRET" -d grant_type=password \
  -d username=sparrow -d password=sparrow123 | python3 -c 'import json,sys; print(json.load(sys.stdin)["access_token"])')
HOME_URL="http://127.0.0.1:$PORT/2/statuses/home_timeline.json"
COUNT=$(curl -sf -H "Authorization: OAuth2 $TOKEN" "$HOME_URL" | python3 -c 'import json,sys; d=json.load(sys.stdin); print(len(d["statuses"]), d["total_number"])')
echo "$USERS users, $STATUSES statuses, the measured user following $FOLLOWS; home_timeline page: $COUNT (statuses on the page, total in the feed)"

measure() { # name url [header]
  local out threads=$(( CONNECTIONS < 2 ? CONNECTIONS : 2 ))
  if [ $# -ge 3 ]; then
    out=$(wrk -t"$threads" -c"$CONNECTIONS" -d"${SECONDS_EACH}s" --latency -H "$3" "$2")
  else
    out=$(wrk -t"$threads" -c"$CONNECTIONS" -d"${SECONDS_EACH}s" --latency "$2")
  fi
  local rps p50 p99 errors
  rps=$(awk '/Requests\/sec/ {print $2}' <<<"$out")
  p50=$(awk '$1=="50%" {print $2}' <<<"$out")
  p99=$(awk '$1=="99%" {print $2}' <<<"$out")
  errors=$(awk '/Non-2xx/ {print $5}' <<<"$out")
  printf '%-16s %12s req/s   p50 %9s   p99 %9s   non-2xx %s\n' "$1" "$rps" "$p50" "$p99" "${errors:-0}"
  echo "$rps" > "$DATA/$1.rps"
}

echo "wrk: 2 threads, $CONNECTIONS connections, ${SECONDS_EACH}s each"
# Warm up caches and the page cache first.
wrk -t1 -c4 -d2s -H "Authorization: OAuth2 $TOKEN" "$HOME_URL" >/dev/null
measure healthz "http://127.0.0.1:$PORT/healthz"
measure home_timeline "$HOME_URL" "Authorization: OAuth2 $TOKEN"
CONNECTIONS=1 measure home_1conn "$HOME_URL" "Authorization: OAuth2 $TOKEN"
# The same home feed through the Mastodon client API (20 statuses a page, as home_timeline's default).
measure mastodon_home "http://127.0.0.1:$PORT/api/v1/timelines/home" "Authorization: Bearer $TOKEN"

# 团购: find_deals in 北京, 美食, within 3 km of 国贸, nearest first (sort 7), signed as the spec says.
DEALS_URL=$(python3 - "$DEALS_APP" "$PORT" <<'PY'
import hashlib, json, sys, urllib.parse
app = json.loads(sys.argv[1])
params = {"city": "北京", "category": "美食", "latitude": "39.9087", "longitude": "116.4605", "radius": "3000",
          "sort": "7", "limit": "20", "page": "1"}
signed = app["client_id"] + "".join(k + params[k] for k in sorted(params)) + app["client_secret"]
sign = hashlib.sha1(signed.encode()).hexdigest().upper()
query = urllib.parse.urlencode({"appkey": app["client_id"], "sign": sign, **params})
print(f"http://127.0.0.1:{sys.argv[2]}/v1/deal/find_deals?{query}")
PY
)
FOUND=$(curl -sf "$DEALS_URL" | python3 -c 'import json,sys; d=json.load(sys.stdin); print(d["status"], d.get("count"), d.get("total_count"))')
echo "find_deals page: $FOUND (status, deals on the page, total within the radius) of $DEALS deals"
measure find_deals "$DEALS_URL"
python3 - "$DATA" <<'PY'
import sys
d = sys.argv[1]
h = float(open(f"{d}/healthz.rps").read())
for name in ("home_timeline", "mastodon_home", "find_deals"):
    print(f"{name} / healthz = {float(open(f'{d}/{name}.rps').read()) / h:.1%}")
home = float(open(f"{d}/home_timeline.rps").read())
print(f"mastodon_home / home_timeline = {float(open(f'{d}/mastodon_home.rps').read()) / home:.1%}")
PY

# The web client's home page, rendered server-side for a signed-in browser (target: p50 under 50 ms for one
# browser), then its throughput with the same connections as above.
[ "${BENCH_WEB:-1}" = 1 ] || exit 0
COOKIE=$(python3 scripts/web_session.py "http://127.0.0.1:$PORT" sparrow sparrow123)
CONNECTIONS=1 measure web_home_1conn "http://127.0.0.1:$PORT/" "Cookie: $COOKIE"
measure web_home "http://127.0.0.1:$PORT/" "Cookie: $COOKIE"

# The route sweep: every GET route a person or a client opens, with the busiest status, user, topic, deal and
# check-in of the data, each for BENCH_SWEEP_SECONDS beside /healthz in this run; one table at the end.
[ "${BENCH_SWEEP:-1}" = 1 ] || exit 0
echo
BENCH_CONNECTIONS=$CONNECTIONS bash scripts/sweep.sh "$DATA" "$PORT" "$TOKEN" "$COOKIE" "$DEALS_APP"
