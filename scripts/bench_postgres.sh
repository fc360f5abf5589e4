#!/usr/bin/env bash
# home_timeline on PostgreSQL, beside SQLite's figures from bench.sh: a throwaway cluster on loopback, the same
# generated datasets copied in with `sparrow migrate-data` (ids unchanged, so the same feed is read), one instance,
# then two instances behind nginx (deploy/nginx-sparrow.conf) against one behind the same nginx, then the route
# sweep (scripts/sweep.sh) on one instance. The datasets are bench.sh's, deals included.
# Sizes: BENCH_PG_SIZES (default "1000:100000 20000:1000000", users:statuses; BENCH_FOLLOWS, BENCH_DEALS).
set -euo pipefail
cd "$(dirname "$0")/.."

SIZES=${BENCH_PG_SIZES:-"1000:100000 20000:1000000"}
FOLLOWS=${BENCH_FOLLOWS:-100}
DEALS=${BENCH_DEALS:-100000}
SECONDS_EACH=${BENCH_SECONDS:-10}
CONNECTIONS=${BENCH_CONNECTIONS:-16}
BIN=$PWD/.build/release/sparrow
PG_BIN=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
WORK=$(mktemp -d /tmp/sparrow-bench-pg-XXXXXX)
PG_PORT=${BENCH_PG_PORT:-18432}
AS=()
if [ "$(id -u)" = 0 ]; then AS=(runuser -u postgres --); chown postgres "$WORK"; fi
PIDS=()
cleanup() {
  for pid in "${PIDS[@]}"; do kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; done
  "${AS[@]}" "$PG_BIN/pg_ctl" -D "$WORK/pg" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$WORK"
}
trap cleanup EXIT

"${AS[@]}" "$PG_BIN/initdb" -D "$WORK/pg" -U sparrow --auth=trust -E UTF8 --locale=C.UTF-8 -N >/dev/null
# Durable commits as SQLite's synchronous=FULL; shared_buffers sized for the larger dataset.
"${AS[@]}" "$PG_BIN/pg_ctl" -D "$WORK/pg" -l "$WORK/pg.log" -w -o \
  "-p $PG_PORT -k $WORK -c listen_addresses=127.0.0.1 -c shared_buffers=1GB -c max_connections=200" start >/dev/null

wait_up() { for _ in $(seq 1 300); do curl -sf "$1/healthz" >/dev/null && return 0; sleep 0.1; done; echo "no answer from $1"; exit 1; }

measure() { # name url header
  local out rps p50 p99 errors
  out=$(wrk -t2 -c"$CONNECTIONS" -d"${SECONDS_EACH}s" --latency ${3:+-H "$3"} "$2")
  rps=$(awk '/Requests\/sec/ {print $2}' <<<"$out")
  p50=$(awk '$1=="50%" {print $2}' <<<"$out")
  p99=$(awk '$1=="99%" {print $2}' <<<"$out")
  errors=$(awk '/Non-2xx/ {print $5}' <<<"$out")
  printf '%-34s %12s req/s   p50 %9s   p99 %9s   non-2xx %s\n' "$1" "$rps" "$p50" "$p99" "${errors:-0}"
}

serve() { # port data url → pid
  "$BIN" serve --port "$1" --data "$2" --database "$3" --media "$2" --user-limit 0 --address-limit 0 \
    --pool-size 16 --trusted-proxy 127.0.0.1 --log-level warning >"$2/server-$1.log" 2>&1 &
  PIDS+=($!)
}

for size in $SIZES; do
  USERS=${size%%:*}
  STATUSES=${size##*:}
  DATA=bench-data/u${USERS}-s${STATUSES}-f${FOLLOWS}-d${DEALS}
  if [ ! -f "$DATA/sparrow.sqlite" ]; then
    rm -rf "$DATA"
    echo "Generating $USERS users, $STATUSES statuses, $FOLLOWS follows each, $DEALS deals into $DATA"
    "$BIN" demo --users "$USERS" --statuses "$STATUSES" --follows "$FOLLOWS" --deals "$DEALS" --data "$DATA"
  fi
  DB=bench_u${USERS}_s${STATUSES}
  "$PG_BIN/createdb" -h 127.0.0.1 -p "$PG_PORT" -U sparrow "$DB"
  URL="postgres://sparrow@127.0.0.1:$PG_PORT/$DB"
  echo "PostgreSQL, $USERS users / $STATUSES statuses: copying the SQLite dataset in"
  start=$(date +%s)
  "$BIN" migrate-data --from "sqlite:$DATA" --to "$URL" 2>/dev/null | tail -1
  echo "  (copied in $(( $(date +%s) - start )) s)"
  "$PG_BIN/psql" -h 127.0.0.1 -p "$PG_PORT" -U sparrow -d "$DB" -qc "VACUUM ANALYZE" >/dev/null

  mkdir -p "$WORK/a" "$WORK/b"
  APP=$("$BIN" app create --name bench --redirect-uri http://127.0.0.1/cb --first-party --database "$URL" --data "$WORK/a")
  CLIENT_ID=$(python3 -c 'import json,sys; print(json.loads(sys.argv[1])["client_id"])' "$APP")
  CLIENT_SECRET=$(python3 -c 'import json,sys; print(json.loads(sys.argv[1])["client_secret"])' "$APP")
  A=18091; B=18092; FRONT=18090
  serve $A "$WORK/a" "$URL"
  wait_up "http://127.0.0.1:$A"
  TOKEN=$(curl -sf -X POST "http://127.0.0.1:$A/oauth2/access_token" -d "client_id=$CLIENT_ID" \
    -d "client_secret=$CLIENT_SECRET" -d grant_type=password -d username=sparrow -d password=sparrow123 \
    | python3 -c 'import json,sys; print(json.load(sys.stdin)["access_token"])')
  AUTH="Authorization: OAuth2 $TOKEN"
  wrk -t1 -c4 -d2s -H "$AUTH" "http://127.0.0.1:$A/2/statuses/home_timeline.json" >/dev/null
  measure "pg healthz" "http://127.0.0.1:$A/healthz"
  measure "pg home_timeline, 1 instance" "http://127.0.0.1:$A/2/statuses/home_timeline.json" "$AUTH"

  # The same nginx in front of one instance, then of two, so that only the second instance differs.
  if command -v nginx >/dev/null || [ -x /usr/sbin/nginx ]; then
    serve $B "$WORK/b" "$URL"
    wait_up "http://127.0.0.1:$B"
    for front in one two; do
      sed -e "s/127.0.0.1:8081/127.0.0.1:$A/" -e "s/listen 80;/listen 127.0.0.1:$FRONT;/" \
        -e "$([ $front = one ] && echo "/127.0.0.1:8082/d" || echo "s/127.0.0.1:8082/127.0.0.1:$B/")" \
        deploy/nginx-sparrow.conf > "$WORK/site.conf"
      printf '%sworker_processes 2;\npid %s/nginx.pid;\nerror_log %s/nginx.log;\nevents { worker_connections 1024; }\nhttp {\n access_log off;\n client_body_temp_path %s/t1; proxy_temp_path %s/t2; fastcgi_temp_path %s/t3; uwsgi_temp_path %s/t4; scgi_temp_path %s/t5;\n include %s/site.conf;\n}\n' \
        "$([ "$(id -u)" = 0 ] && echo 'user root;
')" "$WORK" "$WORK" "$WORK" "$WORK" "$WORK" "$WORK" "$WORK" "$WORK" > "$WORK/nginx.conf"
      /usr/sbin/nginx -c "$WORK/nginx.conf" -g 'daemon off;' &
      NGINX=$!
      wait_up "http://127.0.0.1:$FRONT"
      measure "pg home_timeline, nginx + $front" "http://127.0.0.1:$FRONT/2/statuses/home_timeline.json" "$AUTH"
      kill $NGINX; wait $NGINX 2>/dev/null || true
    done
  fi
  for pid in "${PIDS[@]}"; do kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; done
  PIDS=()

  if [ "${BENCH_PG_SWEEP:-1}" = 1 ]; then
    # One instance, on the port bench.sh serves SQLite on: the web client's redirect URI came over with the data.
    P=${BENCH_PORT:-18080}
    serve $P "$WORK/a" "$URL"
    wait_up "http://127.0.0.1:$P"
    DEALS_APP=$("$BIN" app create --name "bench deals" --redirect-uri http://127.0.0.1/cb --deals --database "$URL" --data "$WORK/a")
    COOKIE=$(python3 scripts/web_session.py "http://127.0.0.1:$P" sparrow sparrow123)
    echo "PostgreSQL, one instance, $USERS users / $STATUSES statuses / $DEALS deals:"
    BENCH_CONNECTIONS=$CONNECTIONS bash scripts/sweep.sh "$DATA" "$P" "$TOKEN" "$COOKIE" "$DEALS_APP"
    for pid in "${PIDS[@]}"; do kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; done
    PIDS=()
  fi
done
