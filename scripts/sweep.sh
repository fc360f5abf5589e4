#!/usr/bin/env bash
# The route sweep: every GET route of scripts/sweep_routes.py timed with wrk beside /healthz on a running server,
# one table (req/s, share of /healthz, p50 and p99 at CONNECTIONS after a second's warm-up, p50 at one connection).
# usage: sweep.sh DATA_FOLDER PORT TOKEN COOKIE DEALS_APP_JSON  (BENCH_SWEEP_SECONDS, BENCH_CONNECTIONS)
set -euo pipefail
cd "$(dirname "$0")/.."
DATA=$1 PORT=$2 TOKEN=$3 COOKIE=$4 DEALS_APP=$5
SWEEP_SECONDS=${BENCH_SWEEP_SECONDS:-4}
CONNECTIONS=${BENCH_CONNECTIONS:-16}
echo "Route sweep: wrk 2 threads, $CONNECTIONS connections, ${SWEEP_SECONDS}s each; p50 at 1 connection"
printf '%-24s %10s %8s %9s %9s %9s %s\n' route "req/s" healthz p50 p99 "p50@1" non-2xx
HEALTHZ_RPS=""
while IFS=$'\t' read -r name url header; do
  args=(--latency "$url")
  [ -n "$header" ] && args=(-H "$header" "${args[@]}")
  # A second of the same load first, not counted: the figures are the route's steady state, without the first
  # requests' one-off costs (each pooled connection preparing the route's statements, the caches' first fills).
  wrk -t2 -c"$CONNECTIONS" -d1s "${args[@]}" > /dev/null
  out=$(wrk -t2 -c"$CONNECTIONS" -d"${SWEEP_SECONDS}s" "${args[@]}")
  single=$(wrk -t1 -c1 -d1s "${args[@]}")
  rps=$(awk '/Requests\/sec/ {print $2}' <<<"$out")
  [ -z "$HEALTHZ_RPS" ] && HEALTHZ_RPS=$rps
  printf '%-24s %10s %7.0f%% %9s %9s %9s %s\n' "$name" "$rps" "$(python3 -c "print(100*$rps/$HEALTHZ_RPS)")" \
    "$(awk '$1=="50%" {print $2}' <<<"$out")" "$(awk '$1=="99%" {print $2}' <<<"$out")" \
    "$(awk '$1=="50%" {print $2}' <<<"$single")" "$(awk '/Non-2xx/ {print $5}' <<<"$out")"
done < <(python3 scripts/sweep_routes.py "$DATA" "$PORT" "$TOKEN" "$COOKIE" "$DEALS_APP")
