#!/usr/bin/env bash
# tiny-memory.sh — checks the model's peak memory against the JSON of many tiny events.
#
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Usage: tests/bench/tiny-memory.sh [BUILDDIR] [EVENTS]
#
# Writes (once, cached under tests/bench/out/) one rank file of EVENTS
# minimal complete events (a cpu_op with a name, pid, tid, ts and dur: about
# 90 bytes of JSON each, the worst case for the model's size against the
# JSON's), loads it with `hotpath-cli bench --load-only` and compares the
# process's peak RSS with the file's size. Exits 1 when the ratio exceeds
# HP_TINY_MAX_RATIO (default 1.0), 2 on bad arguments. Not timed: the
# figure does not depend on the machine's load.
#
# Environment:
#   HP_TINY_MAX_RATIO  the largest peak RSS / JSON size that passes (default 1.0)
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
dir=$out/tiny-$events
if [ ! -f "$dir/rank-0.json" ]; then
  echo "Generating $dir (once; cached)..."
  rm -rf "$dir" "$dir.tmp"
  mkdir -p "$dir.tmp"
  # 100 events on 4 threads, repeated EVENTS/100 times one after the other
  {
    printf '{"traceEvents":[\n'
    for i in $(seq 0 99); do
      printf '{"ph":"X","cat":"cpu_op","name":"op%d","pid":1,"tid":%d,"ts":%d,"dur":3}' \
        $((i % 10)) $((1 + i % 4)) $((1000 + i * 10))
      (( i < 99 )) && printf ',\n'
    done
    printf '\n]}\n'
  } > "$dir.tmp/template.json"
  "$gen" --template "$dir.tmp/template.json" --ranks 1 --output "$dir.tmp/out" \
         --repeat $((events / 100)) --no-gzip > /dev/null || die "hp-gen-traces failed"
  mv "$dir.tmp/out" "$dir"
  rm -rf "$dir.tmp"
fi

json=$(stat -c %s -- "$dir/rank-0.json")
rss_kib=$(/usr/bin/time -f '%M' "$cli" bench "$dir/rank-0.json" --repeat 1 --load-only 2>&1 >/dev/null |
          tail -n 1)
[[ $rss_kib =~ ^[0-9]+$ ]] || die "hotpath-cli failed: $rss_kib"

awk -v events="$events" -v json="$json" -v rss="$rss_kib" -v limit="$limit" 'BEGIN {
  rss_b = rss * 1024
  ratio = rss_b / json
  printf "Tiny events: %d events, %.1f MiB of JSON (%.1f bytes per event)\n",
         events, json / 1048576, json / events
  printf "  peak RSS   %.1f MiB (%.1f bytes per event)\n", rss_b / 1048576, rss_b / events
  printf "  ratio      %.2f x the JSON (limit %.2f): %s\n", ratio, limit,
         ratio <= limit ? "PASS" : "FAIL"
  exit ratio <= limit ? 0 : 1
}'
