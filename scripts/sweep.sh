#!/usr/bin/env bash
# The route sweep: every GET route of scripts/sweep_routes.py timed with wrk beside /healthz on a running server,
# one table (req/s, share of /healthz, p50 and p99 at CONNECTIONS after a second's warm-up, p50 at one connection).
# usage: sweep.sh DATA_FOLDER PORT TOKEN COOKIE DEALS_APP_JSON  (BENCH_SWEEP_SECONDS, BENCH_CONNECTIONS)
# BENCH_ROUTES, an extended regex of route names, measures only those (and /healthz, the reference); a route that
# reads what others fill (unread_count counts in the home feed the home routes keep) needs them in the run too.
# BENCH_PERF, the server's pid, records each measured route's load with perf into DATA/perf/NAME.data and prints the
# top of its report, for finding where a route's time goes in the same conditions as its figure (recording costs the
# server a little: the figures of such a run read lower; compare them only with each other).
set -euo pipefail
cd "$(dirname "$0")/.."
DATA=$1 PORT=$2 TOKEN=$3 COOKIE=$4 DEALS_APP=$5
SWEEP_SECONDS=${BENCH_SWEEP_SECONDS:-4}
ROUTES=${BENCH_ROUTES:-.}
PERF=${BENCH_PERF:-}
[ -z "$PERF" ] || mkdir -p "$DATA/perf"
CONNECTIONS=${BENCH_CONNECTIONS:-16}
echo "Route sweep: wrk 2 threads, $CONNECTIONS connections, ${SWEEP_SECONDS}s each; p50 at 1 connection"
printf '%-24s %10s %8s %9s %9s %9s %s\n' route "req/s" healthz p50 p99 "p50@1" non-2xx
HEALTHZ_RPS=""
while IFS=$'\t' read -r name url header; do
  [ "$name" = healthz ] || grep -Eq -- "$ROUTES" <<<"$name" || continue
  args=(--latency "$url")
  [ -n "$header" ] && args=(-H "$header" "${args[@]}")
  # A second of the same load first, not counted: the figures are the route's steady state, without the first
  # requests' one-off costs (each pooled connection preparing the route's statements, the caches' first fills).
  wrk -t2 -c"$CONNECTIONS" -d1s "${args[@]}" > /dev/null
  recorder=""
  if [ -n "$PERF" ] && [ "$name" != healthz ]; then
    profile="$DATA/perf/${name//[ \/]/_}.data"
    perf record -q -F 999 -g -p "$PERF" -o "$profile" -- sleep "$SWEEP_SECONDS" 2>/dev/null &
    recorder=$!
  fi
  out=$(wrk -t2 -c"$CONNECTIONS" -d"${SWEEP_SECONDS}s" "${args[@]}")
  if [ -n "$recorder" ]; then
    wait "$recorder" || true
    echo "perf: $profile, its top symbols (server CPU, self):"
    { perf report -i "$profile" --no-children --sort symbol --stdio -g none 2>/dev/null | grep '%' | sed 's/[ -]*$//' \
      | head -12; } || true
  fi
  single=$(wrk -t1 -c1 -d1s "${args[@]}")
  rps=$(awk '/Requests\/sec/ {print $2}' <<<"$out")
  [ -z "$HEALTHZ_RPS" ] && HEALTHZ_RPS=$rps
  printf '%-24s %10s %7.0f%% %9s %9s %9s %s\n' "$name" "$rps" "$(python3 -c "print(100*$rps/$HEALTHZ_RPS)")" \
    "$(awk '$1=="50%" {print $2}' <<<"$out")" "$(awk '$1=="99%" {print $2}' <<<"$out")" \
    "$(awk '$1=="50%" {print $2}' <<<"$single")" "$(awk '/Non-2xx/ {print $5}' <<<"$out")"
done < <(python3 scripts/sweep_routes.py "$DATA" "$PORT" "$TOKEN" "$COOKIE" "$DEALS_APP")
