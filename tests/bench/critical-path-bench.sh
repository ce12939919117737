#!/usr/bin/env bash
# critical-path-bench.sh — times the critical path: one step of a large trace, load included, and all ranks of an 8-rank folder.
#
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Usage: tests/bench/critical-path-bench.sh [BUILDDIR] [SIZE_MB]
#
# 1. `hotpath-cli critical-path TRACE --annotation ProfilerStep --instance 1`
#    (HTA's call on the golden traces) on the 54 MB trace, the whole process
#    timed: wall clock and processor time (user + system), medians of RUNS.
#    HTA 0.6.1 takes about 35 s for the same path, load included; the target
#    is at least 50 times faster, 0.68 s.
# 2. `hotpath-cli critical-path DIR --all-ranks` on an 8-rank folder of
#    SIZE_MB MiB of JSON (generated once by hp-gen-traces, cached under
#    tests/bench/out/ like load-bench.sh), the path across ranks timed after
#    loading, as the command reports it: wall and processor time of every
#    thread. Target: under 2 s.
# The machine may be shared: the processor times say what the work costs,
# the wall times what a user waits. Never run by `meson test`.
#
# Environment:
#   HP_BENCH_RUNS      runs per command, median reported (default 7)
#   HP_CP_TRACE        the single-rank trace (default: hta_df_index_resolver
#                      of the shared trace set)
#   HP_BENCH_TEMPLATE  template trace for hp-gen-traces
#   HP_BENCH_OUT       cache folder (default tests/bench/out)
#   HP_BENCH_STRICT=1  exit with status 3 when a target is missed

set -euo pipefail
export LC_ALL=C

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
ranks=8
hta_seconds=35

usage () {
  echo "usage: $0 [BUILDDIR] [SIZE_MB]   (defaults: build 256)" >&2
  exit 2
}

die () {
  echo "critical-path-bench: $*" >&2
  exit 1
}

[ $# -le 2 ] || usage
case "${1:-}" in -h|--help) usage ;; esac

builddir=${1:-build}
size_mb=${2:-256}
runs=${HP_BENCH_RUNS:-7}
out=${HP_BENCH_OUT:-$here/out}

[[ $size_mb =~ ^[1-9][0-9]*$ ]] || usage
[[ $runs =~ ^[1-9][0-9]*$ ]] || die "HP_BENCH_RUNS must be a positive integer"
if [[ $builddir != /* ]]; then
  if [ -d "$PWD/$builddir" ]; then
    builddir=$PWD/$builddir
  else
    builddir=$root/$builddir
  fi
fi
cli=$builddir/src/cli/hotpath-cli
gen=$builddir/tests/tools/hp-gen-traces
[ -x "$cli" ] || die "$cli not found; build it first: meson compile -C $builddir"
[ -x "$gen" ] || die "$gen not found; build it first: meson compile -C $builddir"
[ -x /usr/bin/time ] || die "needs /usr/bin/time (Debian package time)"

first_existing () {
  for f in "$@"; do
    if [ -e "$f" ]; then
      echo "$f"
      return 0
    fi
  done
  return 1
}

trace=${HP_CP_TRACE:-$(first_existing "$root/../shared/traces/hta_df_index_resolver" \
                                       /work/shared/traces/hta_df_index_resolver || true)}
[ -n "$trace" ] && [ -e "$trace" ] || die "no single-rank trace found; set HP_CP_TRACE"
template=${HP_BENCH_TEMPLATE:-$(first_existing \
  "$root/../shared/traces/hta_trace_filter_2ranks/sampled_rank-0.json.gz" \
  /work/shared/traces/hta_trace_filter_2ranks/sampled_rank-0.json.gz \
  "$root/tests/data/sampled_rank-0.json.gz" || true)}
[ -n "$template" ] && [ -f "$template" ] || die "no template trace found; set HP_BENCH_TEMPLATE"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

median () {
  printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'
}

# --- 1. one step of the large trace, load included ---------------------------

walls=()
cpus=()
cat -- "$trace"/* > /dev/null 2>&1 || true
for ((i = 1; i <= runs; i++)); do
  /usr/bin/time -f '%e %U %S' -o "$tmp/time" \
    "$cli" critical-path "$trace" --annotation ProfilerStep --instance 1 --output "$tmp/one" \
    > /dev/null 2> "$tmp/err" || { cat "$tmp/err" >&2; die "critical-path $trace failed"; }
  read -r wall user sys < <(tail -n 1 "$tmp/time")
  walls+=("$wall")
  cpus+=("$(awk -v u="$user" -v s="$sys" 'BEGIN { printf "%.2f", u + s }')")
done
one_wall=$(median "${walls[@]}")
one_cpu=$(median "${cpus[@]}")
grep '^hotpath-cli: critical path of' "$tmp/err" | sed 's/^/  | /'

# --- 2. all ranks of the 8-rank folder, after loading ------------------------

mkdir -p "$out"
[ -f "$out/.gitignore" ] || printf '*\n' > "$out/.gitignore"
dir=$out/synth-${ranks}rank-${size_mb}mb
stamp=$dir.stamp
if [ ! -f "$stamp" ]; then
  echo "Generating $dir from $template (once; cached)..."
  rm -rf "$dir"
  "$gen" --template "$template" --ranks "$ranks" --output "$dir" --size-mb "$size_mb" --gzip-level 6 ||
    die "hp-gen-traces failed"
  uncompressed=$(zcat -- "$dir"/rank-*.json.gz | wc -c)
  printf 'template=%s\ngzip_level=6\nuncompressed_bytes=%s\n' "$template" "$uncompressed" > "$stamp"
fi

all_walls=()
all_cpus=()
for ((i = 1; i <= runs; i++)); do
  "$cli" critical-path "$dir" --all-ranks --output "$tmp/all" > /dev/null 2> "$tmp/err" ||
    { cat "$tmp/err" >&2; die "critical-path --all-ranks $dir failed"; }
  line=$(grep '^hotpath-cli: critical path across' "$tmp/err") || die "no timing line from hotpath-cli"
  all_walls+=("$(sed -n 's/.*(\([0-9.]*\) s, .*/\1/p' <<< "$line")")
  all_cpus+=("$(sed -n 's/.*, \([0-9.]*\) s of CPU).*/\1/p' <<< "$line")")
done
echo "  | $line"
all_wall=$(median "${all_walls[@]}")
all_cpu=$(median "${all_cpus[@]}")

# --- report --------------------------------------------------------------------

echo
awk -v trace="$trace" -v dir="$dir" -v runs="$runs" -v hta="$hta_seconds" \
    -v ow="$one_wall" -v oc="$one_cpu" -v owall="${walls[*]}" \
    -v aw="$all_wall" -v ac="$all_cpu" -v awall="${all_walls[*]}" -v procs="$(nproc)" '
BEGIN {
  printf "Critical path benchmark (%d processors, medians of %d runs)\n", procs, runs
  printf "  one step, load included   %s\n", trace
  printf "    wall  %7.3f s   (%s)\n", ow, owall
  printf "    CPU   %7.3f s   user + system\n", oc
  printf "    HTA   %7.1f s   %.0f x faster (wall)\n", hta, hta / ow
  printf "  all ranks, after loading  %s\n", dir
  printf "    wall  %7.3f s   (%s)\n", aw, awall
  printf "    CPU   %7.3f s   every thread\n", ac
  printf "\nTargets\n"
  printf "  one step  >= 50 x HTA (<= %.2f s)  %6.3f s  %s\n", hta / 50, ow, ow <= hta / 50 ? "PASS" : "MISS"
  printf "  all ranks <  2 s after loading     %6.3f s  %s\n", aw, aw < 2 ? "PASS" : "MISS"
  exit (ow <= hta / 50 && aw < 2) ? 0 : 3
}' && met=1 || met=0

if [ "$met" = 0 ] && [ "${HP_BENCH_STRICT:-0}" = 1 ]; then
  exit 3
fi
exit 0
