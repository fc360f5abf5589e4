#!/usr/bin/env bash
# The route sweep: every GET route of scripts/sweep_routes.py timed with wrk beside /healthz on a running server,
# one table (req/s, share of /healthz, p50 and p99 at CONNECTIONS after a second's warm-up, p50 at one connection).
# usage: sweep.sh DATA_FOLDER PORT TOKEN COOKIE DEALS_APP_JSON  (BENCH_SWEEP_SECONDS, BENCH_CONNECTIONS)
# /healthz is measured again after every BENCH_SWEEP_BLOCK routes (6), and each route's share is of the mean of the
# two /healthz figures around its block: on a shared machine, whose load moves over the minutes of a sweep, one
# figure taken at the start made whole stretches of the table read a fifth higher or lower than they were.
# BENCH_ROUTES, an extended regex of route names, measures only those (and /healthz, the reference); a route that
# reads what others fill (unread_count counts in the home feed the home routes keep) needs them in the run too.
# BENCH_PERF, the server's pid, records each measured route's load with perf into DATA/perf/NAME.data and prints the
# top of its report, for finding where a route's time goes in the same conditions as its figure (recording costs the
# server a little: the figures of such a run read lower; compare them only with each other).
set -euo pipefail
cd "$(dirname "$0")/.."
DATA=$1 PORT=$2 TOKEN=$3 COOKIE=$4 DEALS_APP=$5
SWEEP_SECONDS=${BENCH_SWEEP_SECONDS:-4}
BLOCK=${BENCH_SWEEP_BLOCK:-6}
ROUTES=${BENCH_ROUTES:-.}
PERF=${BENCH_PERF:-}
[ -z "$PERF" ] || mkdir -p "$DATA/perf"
CONNECTIONS=${BENCH_CONNECTIONS:-16}

# wrk's report of URL (with HEADER) at CONNECTIONS, after a second of the same load first, not counted: the figures
# are the route's steady state, without the first requests' one-off costs (each pooled connection preparing the
# route's statements, the caches' first fills).
load() { # url header [perf profile]
  local args=(--latency "$1") recorder="" out
  [ -n "$2" ] && args=(-H "$2" "${args[@]}")
  wrk -t2 -c"$CONNECTIONS" -d1s "${args[@]}" > /dev/null
  if [ -n "${3:-}" ]; then
    perf record -q -F 999 -g -p "$PERF" -o "$3" -- sleep "$SWEEP_SECONDS" 2>/dev/null &
    recorder=$!
  fi
  out=$(wrk -t2 -c"$CONNECTIONS" -d"${SWEEP_SECONDS}s" "${args[@]}")
  if [ -n "$recorder" ]; then
    wait "$recorder" || true
    echo "perf: $3, its top symbols (server CPU, self):" >&2
    { perf report -i "$3" --no-children --sort symbol --stdio -g none 2>/dev/null | grep '%' | sed 's/[ -]*$//' \
      | head -12; } >&2 || true
  fi
  printf '%s\n' "$out"
}

mapfile -t LINES < <(python3 scripts/sweep_routes.py "$DATA" "$PORT" "$TOKEN" "$COOKIE" "$DEALS_APP")
HEALTHZ_URL=$(cut -f2 <<<"${LINES[0]}")
echo "Route sweep: wrk 2 threads, $CONNECTIONS connections, ${SWEEP_SECONDS}s each; p50 at 1 connection;" \
  "/healthz again after every $BLOCK routes, each share of the mean of the two around it"
printf '%-24s %10s %8s %9s %9s %9s %s\n' route "req/s" healthz p50 p99 "p50@1" non-2xx

# A wrk report's requests a second.
rps() { awk '/Requests\/sec/ {print $2}' <<<"$1"; }
# A route's line: its report at CONNECTIONS and at one connection, its share of REFERENCE req/s.
line() { # name report single reference
  local rate
  rate=$(rps "$2")
  printf '%-24s %10s %7.0f%% %9s %9s %9s %s\n' "$1" "$rate" "$(python3 -c "print(100*$rate/$4)")" \
    "$(awk '$1=="50%" {print $2}' <<<"$2")" "$(awk '$1=="99%" {print $2}' <<<"$2")" \
    "$(awk '$1=="50%" {print $2}' <<<"$3")" "$(awk '/Non-2xx/ {print $5}' <<<"$2")"
}
healthz() { rps "$(load "$HEALTHZ_URL" "")"; }

first=$(load "$HEALTHZ_URL" "")
FIRST=$(rps "$first")
line healthz "$first" "$(wrk -t1 -c1 -d1s --latency "$HEALTHZ_URL")" "$FIRST"
BEFORE=$FIRST LOW=$FIRST HIGH=$FIRST
BLOCK_LINES=()
# Measures the block's routes, then /healthz again, and prints them against the mean of the two around them.
flush() {
  [ ${#BLOCK_LINES[@]} -eq 0 ] && return
  local after reference entry name url header profile out single
  local -a reports=() singles=() names=()
  for entry in "${BLOCK_LINES[@]}"; do
    IFS=$'\t' read -r name url header <<<"$entry"
    profile=""
    [ -n "$PERF" ] && profile="$DATA/perf/${name//[ \/]/_}.data"
    out=$(load "$url" "$header" "$profile")
    single=$(wrk -t1 -c1 -d1s --latency ${header:+-H "$header"} "$url")
    names+=("$name") reports+=("$out") singles+=("$single")
  done
  after=$(healthz)
  reference=$(python3 -c "print(($BEFORE + $after) / 2)")
  for i in "${!names[@]}"; do line "${names[$i]}" "${reports[$i]}" "${singles[$i]}" "$reference"; done
  # A block whose two /healthz figures differ by more than a quarter saw the machine change under it: the mean is a
  # guess there, and the table says so.
  echo "(healthz again: $after req/s, $(python3 -c "print(round(100*$after/$FIRST))") % of the first$(python3 -c "
a, b = sorted([$BEFORE, $after])
print(f'; it moved {round(100 * (b / a - 1))} % across the block above, whose shares are less certain' if b > 1.25 * a else '')"))"
  LOW=$(python3 -c "print(min($LOW, $after))") HIGH=$(python3 -c "print(max($HIGH, $after))")
  BEFORE=$after BLOCK_LINES=()
}
for entry in "${LINES[@]:1}"; do
  grep -Eq -- "$ROUTES" <<<"$(cut -f1 <<<"$entry")" || continue
  BLOCK_LINES+=("$entry")
  [ ${#BLOCK_LINES[@]} -ge "$BLOCK" ] && flush
done
flush
echo "(healthz over the sweep: $LOW to $HIGH req/s)"
