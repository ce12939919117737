#!/usr/bin/env bash
# tiny-memory.sh — checks the model's peak memory against the JSON of many tiny events.
#
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Usage: tests/bench/tiny-memory.sh [BUILDDIR] [EVENTS]
#
# Writes (once, cached under tests/bench/out/) one rank file of EVENTS
# minimal complete events (a cpu_op with a one-letter name, pid, tid, ts and
# dur: about 75 bytes of JSON each, the worst case for the model's size
# against the JSON's), loads it with `hotpath-cli bench --load-only` and
# compares the memory the load added (peak RSS minus the RSS of the same
# command on a one-event file: the program itself) with the file's size.
# Exits 1 when that ratio exceeds HP_TINY_MAX_RATIO (default 1.0), 2 on bad
# arguments. Not timed: the figure does not depend on the machine's load.
#
# Environment:
#   HP_TINY_MAX_RATIO  the largest (peak RSS - program) / JSON size that passes (default 1.0)
#   HP_BENCH_OUT       cache folder (default tests/bench/out)

set -euo pipefail
export LC_ALL=C

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)

usage () {
  echo "usage: $0 [BUILDDIR] [EVENTS]   (defaults: build 10000000)" >&2
  exit 2
}

die () {
  echo "tiny-memory: $*" >&2
  exit 1
}

[ $# -le 2 ] || usage
case "${1:-}" in -h|--help) usage ;; esac

builddir=${1:-build}
events=${2:-10000000}
limit=${HP_TINY_MAX_RATIO:-1.0}
out=${HP_BENCH_OUT:-$here/out}

[[ $events =~ ^[1-9][0-9]*00$ ]] || { echo "tiny-memory: EVENTS must be a multiple of 100" >&2; usage; }
[[ $limit =~ ^[0-9]+(\.[0-9]+)?$ ]] || die "HP_TINY_MAX_RATIO must be a number"
. "$here/bench-tools.sh"
bench_find_tools "$builddir"
[ -x /usr/bin/time ] && /usr/bin/time -f '%M' -o /dev/null true 2>/dev/null ||
  die "need GNU time as /usr/bin/time (Debian package time)"

mkdir -p "$out"
[ -f "$out/.gitignore" ] || printf '*\n' > "$out/.gitignore"
dir=$out/tiny72-$events
if [ ! -f "$dir/rank-0.json" ]; then
  echo "Generating $dir (once; cached)..."
  rm -rf "$dir" "$dir.tmp"
  mkdir -p "$dir.tmp"
  # ten names on four threads, one event per microsecond; events of one
  # thread never overlap (dur 3 us, four apart)
  awk -v n="$events" 'BEGIN {
    printf "{\"traceEvents\":[\n"
    for (i = 0; i < n; i++)
      printf "{\"ph\":\"X\",\"cat\":\"cpu_op\",\"name\":\"%c\",\"pid\":1,\"tid\":%d,\"ts\":%d,\"dur\":3}%s\n",
             97 + i % 10, 1 + i % 4, i, i < n - 1 ? "," : ""
    printf "]}\n"
  }' > "$dir.tmp/rank-0.json" || die "cannot write the trace"
  printf '{"traceEvents":[{"ph":"X","cat":"cpu_op","name":"a","pid":1,"tid":1,"ts":0,"dur":3}]}\n' \
    > "$dir.tmp/one-event.json"
  mv "$dir.tmp" "$dir"
fi

peak_rss_kib () {
  local kib
  kib=$(/usr/bin/time -f '%M' "$cli" bench "$1" --repeat 1 --load-only 2>&1 >/dev/null | tail -n 1)
  [[ $kib =~ ^[0-9]+$ ]] || die "hotpath-cli failed on $1: $kib"
  echo "$kib"
}

json=$(stat -c %s -- "$dir/rank-0.json")
base_kib=$(peak_rss_kib "$dir/one-event.json")
rss_kib=$(peak_rss_kib "$dir/rank-0.json")

awk -v events="$events" -v json="$json" -v rss="$rss_kib" -v base="$base_kib" -v limit="$limit" 'BEGIN {
  rss_b = rss * 1024
  model_b = (rss - base) * 1024
  ratio = model_b / json
  printf "Tiny events: %d events, %.1f MiB of JSON (%.1f bytes per event)\n",
         events, json / 1048576, json / events
  printf "  peak RSS   %.1f MiB (%.2f x the JSON)\n", rss_b / 1048576, rss_b / json
  printf "  program    %.1f MiB (the same command on one event)\n", base * 1024 / 1048576
  printf "  model      %.1f MiB (%.1f bytes per event)\n", model_b / 1048576, model_b / events
  printf "  ratio      %.2f x the JSON (limit %.2f): %s\n", ratio, limit,
         ratio <= limit ? "PASS" : "FAIL"
  exit ratio <= limit ? 0 : 1
}'
