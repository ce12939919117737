#!/usr/bin/env bash
# load-bench.sh — times hotpath-cli loading an 8-rank trace folder against zcat.
#
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Usage: tests/bench/load-bench.sh [BUILDDIR] [SIZE_MB|real|PATH]
#
# Generates (once, cached under tests/bench/out/) an 8-rank folder of gzip
# Kineto traces holding at least SIZE_MB MiB of JSON, then runs `zcat` over
# it and `hotpath-cli bench DIR --repeat 1 --load-only` several times each and compares
# the medians with the targets of docs/architecture.md. Never run by `meson test`.
#
# `real` instead of a size: the eight largest real traces of the shared
# trace set, each given its own rank (out/real-8rank/, made once). They
# compress from 10:1 to 30:1 and hold eight different workloads, where the
# generated folder repeats one trace and compresses 27:1. A PATH (a trace
# file or a folder of .json.gz files) is measured as it is.
#
# zcat and hotpath-cli run one after the other in each round; each round
# gives a ratio, and the median of those ratios is the figure to quote: it
# holds up on a busy machine far better than the ratio of the medians. The
# load average is printed with it, and the spread of the ratios.
#
# Environment:
#   HP_BENCH_RUNS        runs per command, median reported (default 3)
#   HP_BENCH_TRACES      the shared trace set for `real` (default: /work/shared/traces,
#                        else ../shared/traces next to the repository)
#   HP_BENCH_TEMPLATE    template trace for hp-gen-traces (default: see below)
#   HP_BENCH_GZIP_LEVEL  gzip level of the generated files (default 6, as Kineto)
#   HP_BENCH_OUT         cache folder (default tests/bench/out)
#   HP_BENCH_STRICT=1    exit with status 3 when a target is missed
#   HP_BENCH_YAJL=1      each round also loads with yajl alone
#                        (HOTPATH_JSON_PARSER=yajl), and the report gives
#                        the paired ratio of the loader to yajl

set -euo pipefail
export LC_ALL=C

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
ranks=8

usage () {
  echo "usage: $0 [BUILDDIR] [SIZE_MB|real|PATH]   (defaults: build 2048)" >&2
  exit 2
}

die () {
  echo "load-bench: $*" >&2
  exit 1
}

[ $# -le 2 ] || usage
case "${1:-}" in -h|--help) usage ;; esac

builddir=${1:-build}
size_mb=${2:-2048}
runs=${HP_BENCH_RUNS:-3}
level=${HP_BENCH_GZIP_LEVEL:-6}
out=${HP_BENCH_OUT:-$here/out}

kind=synth
if [ "$size_mb" = real ]; then
  kind=real
elif [ -e "$size_mb" ]; then
  kind=path
else
  [[ $size_mb =~ ^[1-9][0-9]*$ ]] || usage
fi
[[ $runs =~ ^[1-9][0-9]*$ ]] || die "HP_BENCH_RUNS must be a positive integer"
[[ $level =~ ^[0-9]$ ]] || die "HP_BENCH_GZIP_LEVEL must be 0-9"

. "$here/bench-tools.sh"
bench_find_tools "$builddir"
command -v zcat >/dev/null || die "zcat not found (Debian package gzip)"

if [ -n "${HP_BENCH_TEMPLATE:-}" ]; then
  template=$HP_BENCH_TEMPLATE
else
  template=
  for candidate in \
      /work/shared/traces/hta_trace_filter_2ranks/sampled_rank-0.json.gz \
      "$root/tests/data/sampled_rank-0.json.gz" \
      "$root/data/samples/sampled_rank-0.json.gz"; do
    if [ -f "$candidate" ]; then
      template=$candidate
      break
    fi
  done
fi
if [ -z "$template" ] || [ ! -f "$template" ]; then
  die "no template trace found; set HP_BENCH_TEMPLATE"
fi

# Peak RSS: GNU time if installed (Debian package "time"), else Python's rusage
if [ -x /usr/bin/time ] && /usr/bin/time -f '%M' -o /dev/null true 2>/dev/null; then
  have_gnu_time=1
else
  have_gnu_time=0
  command -v python3 >/dev/null ||
    die "need /usr/bin/time (Debian package time) or python3 to measure peak RSS"
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# --- the cached folder -------------------------------------------------------

mkdir -p "$out"
# Keep the cache out of version control whatever the top-level .gitignore says
[ -f "$out/.gitignore" ] || printf '*\n' > "$out/.gitignore"

name=synth-${ranks}rank-${size_mb}mb
[ "$kind" = real ] && name=real-${ranks}rank
dir=$out/$name
stamp=$out/$name.stamp

if [ "$kind" = path ]; then
  dir=$(cd "$(dirname "$size_mb")" && pwd)/$(basename "$size_mb")
elif [ "$kind" = real ] && [ ! -f "$stamp" ]; then
  traces=${HP_BENCH_TRACES:-}
  if [ -z "$traces" ]; then
    for candidate in /work/shared/traces "$root/../shared/traces"; do
      [ -d "$candidate" ] && traces=$candidate && break
    done
  fi
  [ -n "$traces" ] && [ -d "$traces" ] || die "no shared trace set found; set HP_BENCH_TRACES"
  command -v python3 >/dev/null || die "python3 is needed to give each real trace its rank"
  echo "Copying the $ranks largest traces of $traces to $dir (once; cached)..."
  rm -rf "$dir"
  mkdir -p "$dir"
  # the largest files by size on disk; each keeps its events, only
  # distributedInfo.rank (when there is one) becomes the file's rank
  find "$traces" -name '*.json.gz' -printf '%s %p\n' | sort -rn | head -n "$ranks" |
    awk '{ print $2 }' > "$tmp/real-list"
  [ "$(wc -l < "$tmp/real-list")" -eq "$ranks" ] || die "$traces holds fewer than $ranks .json.gz traces"
  python3 - "$dir" "$level" "$tmp/real-list" <<'PY' || die "could not copy the real traces"
import gzip, re, sys
out, level = sys.argv[1], int(sys.argv[2])
with open(sys.argv[3]) as f:
    sources = [line.strip() for line in f if line.strip()]
for r, src in enumerate(sources):
    with gzip.open(src, "rb") as f:
        text = f.read()
    m = re.search(rb'"distributedInfo"\s*:\s*\{[^{}]*?"rank"\s*:\s*(\d+)', text[:1 << 20])
    if m:
        text = text[:m.start(1)] + str(r).encode() + text[m.end(1):]
    with gzip.open(f"{out}/rank-{r}.json.gz", "wb", compresslevel=level) as f:
        f.write(text)
    print(f"  rank-{r}.json.gz  <- {src}")
PY
  uncompressed=$(zcat -- "$dir"/rank-*.json.gz | wc -c)
  {
    echo "template=$traces (the $ranks largest)"
    echo "gzip_level=$level"
    echo "uncompressed_bytes=$uncompressed"
  } > "$stamp.tmp"
  mv "$stamp.tmp" "$stamp"
elif [ ! -f "$stamp" ]; then
  echo "Generating $dir from $template (once; cached)..."
  rm -rf "$dir"
  "$gen" --template "$template" --ranks "$ranks" --output "$dir" \
         --size-mb "$size_mb" --gzip-level "$level" ||
    die "hp-gen-traces failed"
  uncompressed=$(zcat -- "$dir"/rank-*.json.gz | wc -c)
  {
    echo "template=$template"
    echo "gzip_level=$level"
    echo "uncompressed_bytes=$uncompressed"
  } > "$stamp.tmp"
  mv "$stamp.tmp" "$stamp"
fi

shopt -s nullglob
if [ "$kind" = path ]; then
  if [ -d "$dir" ]; then files=("$dir"/*.json.gz); else files=("$dir"); fi
  [ ${#files[@]} -gt 0 ] || die "$dir holds no .json.gz file"
  ranks=${#files[@]}
  uncompressed=$(zcat -- "${files[@]}" | wc -c)
else
  files=("$dir"/rank-*.json.gz)
  [ ${#files[@]} -eq "$ranks" ] ||
    die "$dir: expected $ranks rank files, found ${#files[@]}; delete $stamp to regenerate"
  uncompressed=$(sed -n 's/^uncompressed_bytes=//p' "$stamp")
fi
shopt -u nullglob
compressed=$(stat -c %s -- "${files[@]}" | awk '{ s += $1 } END { printf "%d", s }')

# --- measuring ---------------------------------------------------------------

now () {
  echo "$EPOCHREALTIME"
}

elapsed () {
  awk -v a="$1" -v b="$2" 'BEGIN { printf "%.3f", b - a }'
}

median () {
  printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'
}

# Runs "$@" with stdout+stderr to $tmp/out; prints "<seconds> <peak RSS KiB>"
run_measured () {
  local t0 t1 rss status=0

  t0=$(now)
  if [ "$have_gnu_time" = 1 ]; then
    /usr/bin/time -f '%M %U %S' -o "$tmp/rss" "$@" > "$tmp/out" 2>&1 || status=$?
    t1=$(now)
    rss=$(tail -n 1 "$tmp/rss" | cut -d' ' -f1)
    tail -n 1 "$tmp/rss" | awk '{ printf "%.2f\n", $2 + $3 }' > "$tmp/cpu"
  else
    python3 -c '
import resource, subprocess, sys
with open(sys.argv[1], "wb") as out:
    status = subprocess.call(sys.argv[3:], stdout=out, stderr=subprocess.STDOUT)
with open(sys.argv[2], "w") as f:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    print(usage.ru_maxrss, file=f)
with open(sys.argv[2] + ".cpu", "w") as f:
    print("%.2f" % (usage.ru_utime + usage.ru_stime), file=f)
sys.exit(status)
' "$tmp/out" "$tmp/rss" "$@" || status=$?
    t1=$(now)
    rss=$(cat "$tmp/rss")
    mv "$tmp/rss.cpu" "$tmp/cpu"
  fi

  [ "$status" -eq 0 ] || return "$status"
  echo "$(elapsed "$t0" "$t1") $rss"
}

# Hot page cache for both commands: read the files once before timing
cat -- "${files[@]}" > /dev/null
load_before=$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo "?")

# zcat and hotpath-cli alternate, so that a change in the machine's speed
# (shared cores) hits both alike; each pair also gives its own ratio
zcat_times=()
cli_times=()
cli_rss=()
pair_ratios=()
yajl_times=()
yajl_ratios=()
zcat_cpu=()
cli_cpu=()
yajl_cpu=()
for ((i = 1; i <= runs; i++)); do
  t0=$(now)
  if [ "$have_gnu_time" = 1 ]; then
    /usr/bin/time -f '%U %S' -o "$tmp/zcpu" zcat -- "${files[@]}" > /dev/null
  else
    zcat -- "${files[@]}" > /dev/null
    echo "0 0" > "$tmp/zcpu"
  fi
  t1=$(now)
  zcat_times+=("$(elapsed "$t0" "$t1")")
  zcat_cpu+=("$(tail -n 1 "$tmp/zcpu" | awk '{ printf "%.2f", $1 + $2 }')")

  if ! result=$(run_measured "$cli" bench "$dir" --repeat 1 --load-only); then
    sed 's/^/  | /' "$tmp/out" >&2
    die "hotpath-cli bench $dir failed"
  fi
  cli_times+=("${result% *}")
  cli_rss+=("${result#* }")
  cli_cpu+=("$(cat "$tmp/cpu")")
  pair_ratios+=("$(awk -v a="${result% *}" -v b="${zcat_times[-1]}" 'BEGIN { printf "%.3f", a / b }')")
  [ "$i" -eq 1 ] && cp "$tmp/out" "$tmp/first-out"

  if [ "${HP_BENCH_YAJL:-0}" = 1 ]; then
    if ! result=$(HOTPATH_JSON_PARSER=yajl run_measured "$cli" bench "$dir" --repeat 1 --load-only); then
      sed 's/^/  | /' "$tmp/out" >&2
      die "hotpath-cli bench $dir failed with yajl alone"
    fi
    yajl_times+=("${result% *}")
    yajl_cpu+=("$(cat "$tmp/cpu")")
    yajl_ratios+=("$(awk -v a="${cli_times[-1]}" -v b="${result% *}" 'BEGIN { printf "%.3f", a / b }')")
  fi
done

zcat_s=$(median "${zcat_times[@]}")
cli_s=$(median "${cli_times[@]}")
rss_kib=$(median "${cli_rss[@]}")
pair_ratio=$(median "${pair_ratios[@]}")
load_after=$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo "?")

# --- report ------------------------------------------------------------------

echo
echo "hotpath-cli bench output (first run):"
sed 's/^/  | /' "$tmp/first-out"
echo

awk -v dir="$dir" -v ranks="$ranks" -v runs="$runs" \
    -v comp="$compressed" -v unc="$uncompressed" \
    -v zs="$zcat_s" -v hs="$cli_s" -v rss_kib="$rss_kib" \
    -v zall="${zcat_times[*]}" -v hall="${cli_times[*]}" \
    -v pr="$pair_ratio" -v prall="${pair_ratios[*]}" \
    -v lb="$load_before" -v la="$load_after" \
    -v yall="${yajl_times[*]}" -v yrall="${yajl_ratios[*]}" \
    -v zc="$(median "${zcat_cpu[@]}")" -v hc="$(median "${cli_cpu[@]}")" \
    -v yc="$([ ${#yajl_cpu[@]} -gt 0 ] && median "${yajl_cpu[@]}")" '
function mib(b) { return b / 1048576 }
BEGIN {
  rss = rss_kib * 1024
  ratio = zs > 0 ? hs / zs : 0
  rss_ratio = unc > 0 ? rss / unc : 0
  printf "Load benchmark: %s (%d ranks)\n", dir, ranks
  printf "  compressed     %15.0f bytes  %10.1f MiB\n", comp, mib(comp)
  printf "  uncompressed   %15.0f bytes  %10.1f MiB\n", unc, mib(unc)
  printf "  zcat           %10.3f s median of %d (%s)  %8.1f MiB/s\n", zs, runs, zall, mib(unc) / zs
  printf "  hotpath-cli    %10.3f s median of %d (%s)  %8.1f MiB/s\n", hs, runs, hall, mib(unc) / hs
  printf "  ratio          %10.2f x zcat\n", ratio
  n = split(prall, r, " ")
  lo = hi = r[1]
  for (i = 2; i <= n; i++) { if (r[i] < lo) lo = r[i]; if (r[i] > hi) hi = r[i] }
  printf "  paired ratio   %10.2f x zcat, median of the per-run ratios (%s)\n", pr, prall
  printf "  noise          ratios from %.2f to %.2f; load average %s before, %s after\n", lo, hi, lb, la
  printf "  peak RSS       %10.1f MiB  %.2f x uncompressed\n", mib(rss), rss_ratio
  printf "  CPU (user+sys) %10.2f s zcat, %.2f s hotpath-cli (medians; the time a busy machine\n", zc, hc
  printf "                 does not stretch)\n"
  if (yall != "") {
    n = split(yrall, y, " ")
    for (i = 2; i <= n; i++) { v = y[i]; for (j = i - 1; j >= 1 && y[j] > v; j--) y[j + 1] = y[j]; y[j + 1] = v }
    printf "  yajl alone     %s s, CPU %.2f s (median)\n", yall, yc
    printf "  loader / yajl  %10.2f, median of the per-run ratios (%s)\n", y[int((n + 1) / 2)], yrall
  }
  printf "\nTargets (docs/architecture.md)\n"
  printf "  load   <= 1.5 x zcat           %6.2f  %s (paired)\n", pr, pr <= 1.5 ? "PASS" : "MISS"
  printf "  memory <= 1.0 x uncompressed   %6.2f  %s\n", rss_ratio, rss_ratio <= 1.0 ? "PASS" : "MISS"
  exit (pr <= 1.5 && rss_ratio <= 1.0) ? 0 : 3
}' && met=1 || met=0

if [ "$met" = 0 ] && [ "${HP_BENCH_STRICT:-0}" = 1 ]; then
  exit 3
fi
exit 0
