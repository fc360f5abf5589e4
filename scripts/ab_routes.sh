#!/usr/bin/env bash
# Two builds side by side on the route sweep's routes: A on the benchmark's 100k dataset, B on a copy of it, each
# route run on A then B ROUNDS times, so that a machine slowing down (it is shared) weighs on both alike; prints each
# one's median requests a second and B's share of A. Figures of one run only compare with each other.
# usage: ab_routes.sh BIN_A BIN_B 'ROUTE|ROUTE…'   (the sweep's names, as a regular expression; AB_ROUNDS 3,
# AB_SECONDS 2). Run `make bench` (or scripts/bench.sh) once first: it makes the dataset. With
# AB_DATABASE=postgres://… both builds serve that one database (the dataset copied in with `migrate-data`; the folders
# keep only media), with `--pool-size 16`, as scripts/bench_postgres.sh does. Beside requests a second it prints the
# servers' CPU time a request (median), the steadier figure on a shared machine. With AB_DATA_B=bench-data/… B serves
# that dataset instead (the same build twice: a route's cost at 100k statuses against 1M, the size target).
# Compare builds made the same way: an incremental release build and one made from scratch of the same code have
# differed by a tenth (touch every source before each: docs/benchmarks.md, stop 78).
# A build reads its templates and assets from the `*.resources` folders beside it, else from the build folder it
# was made in: copy a build together with its folders (`cp -r .build/release/sparrow .build/release/*.resources DIR`),
# or a build whose templates changed since renders the new ones with its old models (stop 87).
set -euo pipefail
cd "$(dirname "$0")/.."
A=$1 B=$2 PATTERN=$3
ROUNDS=${AB_ROUNDS:-3} SECONDS_EACH=${AB_SECONDS:-2}
DATA=${AB_DATA:-bench-data/u1000-s100000-f200-d100000}
[ -f "$DATA/sparrow.sqlite" ] || { echo "No dataset at $DATA: run scripts/bench.sh first" >&2; exit 1; }
WORK=$(mktemp -d)
cp -r "$DATA" "$WORK/a"
cp -r "${AB_DATA_B:-$DATA}" "$WORK/b"
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

# The server's CPU time (user and system, from /proc) over a run, in clock ticks: per request, it moves far less
# with the shared machine's slow spells than requests a second do.
ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }
TICK_US=$((1000000 / $(getconf CLK_TCK)))

rps() { # routes.tsv name pid -> "requests/s µs-of-server-CPU-per-request"
  local url header before out
  IFS=$'\t' read -r _ url header < <(grep -P "^$2\t" "$1" | head -1)
  before=$(ticks "$3")
  out=$(wrk -t2 -c16 -d"${SECONDS_EACH}s" ${header:+-H "$header"} "$url")
  awk -v ticks=$(( $(ticks "$3") - before )) -v us="$TICK_US" \
    '/requests in/ {n = $1} /Requests\/sec/ {r = $2} END {printf "%s %.0f\n", r, ticks * us / (n > 0 ? n : 1)}' <<<"$out"
}
echo "A: $A   B: $B   ($ROUNDS rounds of ${SECONDS_EACH}s, wrk -t2 -c16, medians; CPU: the server's µs a request)"
grep -P "^($PATTERN)\t" "$WORK/a/routes.tsv" | cut -f1 | while read -r name; do
  rps "$WORK/a/routes.tsv" "$name" "${PIDS[0]}" >/dev/null; rps "$WORK/b/routes.tsv" "$name" "${PIDS[1]}" >/dev/null
  as=() bs=()
  for _ in $(seq 1 "$ROUNDS"); do
    as+=("$(rps "$WORK/a/routes.tsv" "$name" "${PIDS[0]}" | tr ' ' :)") bs+=("$(rps "$WORK/b/routes.tsv" "$name" "${PIDS[1]}" | tr ' ' :)")
  done
  python3 - "$name" "${as[*]}" "${bs[*]}" <<'PY'
import statistics, sys
def runs(text): return [tuple(float(v) for v in run.split(':')) for run in text.split()]
name, a, b = sys.argv[1], runs(sys.argv[2]), runs(sys.argv[3])
ma, mb = statistics.median(r for r, _ in a), statistics.median(r for r, _ in b)
ca, cb = statistics.median(c for _, c in a), statistics.median(c for _, c in b)
print(f"{name:28s} A {ma:9,.0f}  B {mb:9,.0f}  B/A {mb / ma:5.2f}   CPU A {ca:5,.0f}  B {cb:5,.0f}  B/A {cb / ca:5.2f}"
      f"   (A {', '.join(f'{r:,.0f}' for r, _ in a)}; B {', '.join(f'{r:,.0f}' for r, _ in b)})")
PY
done
