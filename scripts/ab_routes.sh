#!/usr/bin/env bash
# Two builds side by side on the route sweep's routes: A on the benchmark's 100k dataset, B on a copy of it, each
# route run on A then B ROUNDS times, so that a machine slowing down (it is shared) weighs on both alike; prints each
# one's median requests a second and B's share of A. Figures of one run only compare with each other.
# usage: ab_routes.sh BIN_A BIN_B 'ROUTE|ROUTE…'   (the sweep's names, as a regular expression; AB_ROUNDS 3,
# AB_SECONDS 2). Run `make bench` (or scripts/bench.sh) once first: it makes the dataset. With
# AB_DATABASE=postgres://… both builds serve that one database (the dataset copied in with `migrate-data`; the folders
# keep only media), with `--pool-size 16`, as scripts/bench_postgres.sh does.
set -euo pipefail
cd "$(dirname "$0")/.."
A=$1 B=$2 PATTERN=$3
ROUNDS=${AB_ROUNDS:-3} SECONDS_EACH=${AB_SECONDS:-2}
DATA=${AB_DATA:-bench-data/u1000-s100000-f200-d100000}
[ -f "$DATA/sparrow.sqlite" ] || { echo "No dataset at $DATA: run scripts/bench.sh first" >&2; exit 1; }
WORK=$(mktemp -d)
cp -r "$DATA" "$WORK/a"
cp -r "$DATA" "$WORK/b"
PIDS=()
trap 'kill "${PIDS[@]}" 2>/dev/null || true; wait 2>/dev/null || true; rm -rf "$WORK"' EXIT

# Starts BIN on FOLDER at PORT with a token and a web session for the demo's `sparrow`, and writes its routes.
start() { # bin folder port
  local bin=$1 data=$2 port=$3 app deals id secret token cookie engine=()
  [ -n "${AB_DATABASE:-}" ] && engine=(--database "$AB_DATABASE")
  app=$("$bin" app create --name ab --redirect-uri http://127.0.0.1/cb --first-party --data "$data" "${engine[@]}")
  deals=$("$bin" app create --name "ab deals" --redirect-uri http://127.0.0.1/cb --deals --data "$data" "${engine[@]}")
  [ -n "${AB_DATABASE:-}" ] && engine+=(--media "$data" --pool-size 16)
  "$bin" serve --port "$port" --data "$data" "${engine[@]}" --user-limit 0 --address-limit 0 --log-level error \
    > "$data/server.log" 2>&1 &
  PIDS+=($!)
  for _ in $(seq 1 100); do curl -sf "http://127.0.0.1:$port/healthz" >/dev/null && break; sleep 0.1; done
  id=$(python3 -c 'import json,sys; print(json.loads(sys.argv[1])["client_id"])' "$app")
  secret=$(python3 -c 'import json,sys; print(json.loads(sys.argv[1])["client_secret"])' "$app")
  token=$(curl -sf -X POST "http://127.0.0.1:$port/oauth2/access_token" -d "client_id=$id" -d "client_secret=$secret" \
    -d grant_type=password -d username=sparrow -d password=sparrow123 | python3 -c 'import json,sys; print(json.load(sys.stdin)["access_token"])')
  cookie=$(python3 scripts/web_session.py "http://127.0.0.1:$port" sparrow sparrow123)
  python3 scripts/sweep_routes.py "$data" "$port" "$token" "$cookie" "$deals" > "$data/routes.tsv"
  # Every route once, so that no first request's one-off costs (statements prepared, caches filled) are timed.
  while IFS=$'\t' read -r _ url header; do curl -s -o /dev/null ${header:+-H "$header"} "$url"; done < "$data/routes.tsv"
}
start "$A" "$WORK/a" 18180
start "$B" "$WORK/b" 18181

rps() { # routes.tsv name
  local url header
  IFS=$'\t' read -r _ url header < <(grep -P "^$2\t" "$1" | head -1)
  wrk -t2 -c16 -d"${SECONDS_EACH}s" ${header:+-H "$header"} "$url" | awk '/Requests\/sec/ {print $2}'
}
echo "A: $A   B: $B   ($ROUNDS rounds of ${SECONDS_EACH}s, wrk -t2 -c16, medians)"
grep -P "^($PATTERN)\t" "$WORK/a/routes.tsv" | cut -f1 | while read -r name; do
  rps "$WORK/a/routes.tsv" "$name" >/dev/null; rps "$WORK/b/routes.tsv" "$name" >/dev/null
  as=() bs=()
  for _ in $(seq 1 "$ROUNDS"); do
    as+=("$(rps "$WORK/a/routes.tsv" "$name")") bs+=("$(rps "$WORK/b/routes.tsv" "$name")")
  done
  python3 - "$name" "${as[*]}" "${bs[*]}" <<'PY'
import statistics, sys
name, a, b = sys.argv[1], [float(x) for x in sys.argv[2].split()], [float(x) for x in sys.argv[3].split()]
ma, mb = statistics.median(a), statistics.median(b)
print(f"{name:28s} A {ma:9,.0f}  B {mb:9,.0f}  B/A {mb / ma:5.2f}   (A {', '.join(f'{x:,.0f}' for x in a)}; B {', '.join(f'{x:,.0f}' for x in b)})")
PY
done
