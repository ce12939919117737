#!/usr/bin/env bash
# hta-ratio.sh — how many times faster than HTA: two workloads, timed the way
# a user runs them, against HTA 0.6.1's recorded seconds for the same calls.
#
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Usage: tests/bench/hta-ratio.sh [BUILDDIR]
#
# Workload "54 MB": load + critical path + frequent kernel sequences on the
# 54 MB hta_df_index_resolver trace (rank 1).
#   CLI, two processes, each loading the trace:
#     hotpath-cli critical-path TRACE --annotation ProfilerStep --instance 1
#     hotpath-cli patterns TRACE --operator aten::addmm --rank 1
#   CLI, one process (cli-big-1): hotpath-cli report TRACE -a critical_path,
#     frequent_cuda_kernel_sequences --critical-path-rank=1
#     --critical-path-step=3 --operator=aten::addmm --rank=1 (ProfilerStep#3
#     is the trace's instance 1)
#   Python, one process (the notebook way): TraceAnalysis(trace_dir=TRACE),
#     critical_path_analysis(rank=1, annotation="ProfilerStep", instance_id=1),
#     get_frequent_cuda_kernel_sequences("aten::addmm", OUT, rank=1), which
#     writes the overlaid trace as HTA's does.
#   HTA: load + critical_path + frequent_cuda_kernel_sequences of
#     GOLDEN/hta_df_index_resolver/_status.json.
# Workload "6 ranks": load + the five analyses of HTA's trace-analysis
# notebook (temporal breakdown, idle time, kernel breakdown, communication
# overlap, kernel launch statistics) on a folder of six real traces, each
# given a rank of one job (made once, cached in OUT/hta-6rank; see below).
#   CLI, one process: hotpath-cli report DIR -a temporal_breakdown,
#     idle_time_breakdown,gpu_kernel_breakdown,comm_comp_overlap,
#     cuda_kernel_launch_stats -o OUT
#   Python, one process: TraceAnalysis(trace_dir=DIR) and the five calls.
#   HTA: the sum over the six traces of load and the same five calls in
#     their _status.json (each trace was timed as a job of its own).
#
# The six traces: the largest single-file cases of the shared trace set
# whose recorded load and five calls all succeeded. Each keeps its events;
# its timestamps (or its baseTimeNanoseconds, when it has one) are moved by
# a whole number of microseconds so that all six run at the same time (a job's ranks run at the same time; the loader refuses
# files hours apart as several jobs), and distributedInfo says rank r of a
# world of 6. Durations, and so every analysis' figures, are unchanged.
#
# Each command runs RUNS times, in alternation; the script prints the median
# wall and processor (user + system, every thread) seconds with their range,
# and HTA's recorded seconds divided by each median. HTA's seconds are wall
# seconds of a single-threaded process on the machine that recorded the
# golden outputs, not this one: read the ratio against processor time as
# the cost of the work, against wall time as what a user waits here. The
# load average is printed before and after. Never run by `meson test`.
#
# Environment:
#   HP_BENCH_RUNS      runs per command, median reported (default 5)
#   HP_BENCH_OUT       cache folder (default tests/bench/out)
#   HP_BENCH_TRACES    the shared trace set (default ../shared/traces)
#   HP_BENCH_GOLDEN    HTA's recorded outputs (default ../shared/golden)
#   HP_BENCH_PYTHON    a Python with numpy and pandas (default: the first of
#                      python3, /usr/bin/python3 that imports pandas)
#   HP_BENCH_NO_PYTHON=1  skip the Python runs
#   HP_BENCH_STRICT=1  exit with status 3 when a target is missed (targets:
#                      54 MB >= 50x, 6 ranks >= 20x, against wall time of the CLI)

set -euo pipefail
export LC_ALL=C

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)

usage () {
  echo "usage: $0 [BUILDDIR]   (default: build)" >&2
  exit 2
}

die () {
  echo "hta-ratio: $*" >&2
  exit 1
}

[ $# -le 1 ] || usage
case "${1:-}" in -h|--help) usage ;; esac

builddir=${1:-build}
runs=${HP_BENCH_RUNS:-5}
out=${HP_BENCH_OUT:-$here/out}
[[ $runs =~ ^[1-9][0-9]*$ ]] || die "HP_BENCH_RUNS must be a positive integer"
if [[ $builddir != /* ]]; then
  if [ -d "$PWD/$builddir" ]; then
    builddir=$PWD/$builddir
  else
    builddir=$root/$builddir
  fi
fi
cli=$builddir/src/cli/hotpath-cli
[ -x "$cli" ] || die "$cli not found; build it first: meson compile -C $builddir"
[ -x /usr/bin/time ] || die "needs /usr/bin/time (Debian package time)"

first_dir () {
  for d in "$@"; do
    if [ -n "$d" ] && [ -d "$d" ]; then
      (cd "$d" && pwd)
      return 0
    fi
  done
  return 1
}
traces=$(first_dir "${HP_BENCH_TRACES:-}" "$root/../shared/traces" /work/shared/traces) ||
  die "no shared trace set found; set HP_BENCH_TRACES"
golden=$(first_dir "${HP_BENCH_GOLDEN:-}" "$root/../shared/golden" /work/shared/golden "$root/tests/data/golden") ||
  die "no golden outputs with HTA's timings found; set HP_BENCH_GOLDEN"

python=${HP_BENCH_PYTHON:-}
if [ -z "$python" ]; then
  for candidate in python3 /usr/bin/python3; do
    if command -v "$candidate" >/dev/null && "$candidate" -c 'import numpy, pandas' 2>/dev/null; then
      python=$candidate
      break
    fi
  done
fi
[ -n "$python" ] || command -v python3 >/dev/null || die "needs python3"
helper_python=${python:-python3}

mkdir -p "$out"
[ -f "$out/.gitignore" ] || printf '*\n' > "$out/.gitignore"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

big=$traces/hta_df_index_resolver
[ -d "$big" ] || die "$big not found"
five=temporal_breakdown,idle_time_breakdown,gpu_kernel_breakdown,comm_comp_overlap,cuda_kernel_launch_stats

# --- HTA's recorded seconds, and the six traces ---------------------------
"$helper_python" - "$golden" "$traces" "$five" > "$tmp/hta" <<'PY' || die "could not read HTA's timings"
import json, os, sys
golden, traces, five = sys.argv[1], sys.argv[2], sys.argv[3].split(",")

def status(case):
    with open(os.path.join(golden, case, "_status.json")) as f:
        return json.load(f)

def seconds(s, keys):
    if not all(s.get(k, {}).get("status") == "ok" for k in keys):
        return None
    return sum(s[k]["seconds"] for k in keys)

big = seconds(status("hta_df_index_resolver"), ["load", "critical_path", "frequent_cuda_kernel_sequences"])
if big is None:
    sys.exit("hta_df_index_resolver: a recorded call did not succeed")
print(f"big {big:.4f}")
cases = []
for case in sorted(os.listdir(golden)):
    folder = os.path.join(traces, case)
    if not os.path.isfile(os.path.join(golden, case, "_status.json")) or not os.path.isdir(folder):
        continue
    files = [f for f in os.listdir(folder) if f.endswith(".json.gz")]
    s = seconds(status(case), ["load"] + five)
    if len(files) == 1 and s is not None:
        path = os.path.join(folder, files[0])
        cases.append((os.path.getsize(path), case, path, s))
cases.sort(reverse=True)
if len(cases) < 6:
    sys.exit("fewer than six traces with HTA timings")
print(f"six {sum(c[3] for c in cases[:6]):.4f}")
for _size, case, path, s in cases[:6]:
    print(f"trace {case} {path} {s:.4f}")
PY
hta_big=$(awk '$1 == "big" { print $2 }' "$tmp/hta")
hta_six=$(awk '$1 == "six" { print $2 }' "$tmp/hta")

six=$out/hta-6rank
stamp=$out/hta-6rank.stamp
awk '$1 == "trace" { print $3 }' "$tmp/hta" > "$tmp/six-list"
if [ ! -f "$stamp" ] || ! cmp -s "$tmp/six-list" "$stamp"; then
  echo "Making $six from the six traces (once; cached)..."
  rm -rf "$six" "$stamp"
  mkdir -p "$six"
  "$helper_python" - "$six" "$tmp/six-list" <<'PY' || die "could not make the 6-rank folder"
import gzip, re, sys
from decimal import Decimal
out = sys.argv[1]
with open(sys.argv[2]) as f:
    sources = [line.strip() for line in f if line.strip()]
TS = re.compile(rb'("ts"\s*:\s*)(-?[0-9]+(?:\.[0-9]+)?)')
BASE = re.compile(rb'("baseTimeNanoseconds"\s*:\s*)([0-9]+)')
texts = []
for src in sources:
    with gzip.open(src, "rb") as f:
        text = f.read()
    # the middle of the trace on the wall clock, in us (some traces hold
    # events at ts 0, so not the first moment)
    stamps = sorted(float(m.group(2)) for m in TS.finditer(text) if float(m.group(2)) != 0)
    base = BASE.search(text)
    start = int(stamps[len(stamps) // 2]) + (int(base.group(2)) // 1000 if base else 0)
    texts.append((src, text, start, base))
origin = texts[0][2]
for r, (src, text, start, base) in enumerate(texts):
    shift = origin - start
    if base:  # a base time moves, the events' ts stay
        value = int(base.group(2)) + shift * 1000
        text = text[:base.start(2)] + str(value).encode() + text[base.end(2):]
    else:
        text = TS.sub(lambda m: m.group(1) + str(Decimal(m.group(2).decode()) + shift).encode(), text)
    for key, value in ((rb"rank", r), (rb"world_size", len(texts))):
        m = re.search(rb'"distributedInfo"\s*:\s*\{[^{}]*?"' + key + rb'"\s*:\s*(\d+)', text[:1 << 22])
        if m is None:
            sys.exit(f"{src}: no distributedInfo.{key.decode()}")
        text = text[:m.start(1)] + str(value).encode() + text[m.end(1):]
    with gzip.open(f"{out}/rank-{r}.json.gz", "wb", compresslevel=6) as f:
        f.write(text)
    moved = "baseTimeNanoseconds" if base else "ts"
    print(f"  rank-{r}.json.gz  <- {src} ({moved} {'+' if shift >= 0 else ''}{shift} us)")
PY
  cp "$tmp/six-list" "$stamp"
fi

# --- hotpath.hta: the build's extension, else an installed package --------
pypath=
if [ -n "$python" ] && [ "${HP_BENCH_NO_PYTHON:-0}" != 1 ]; then
  so=$(find "$builddir/python" -maxdepth 2 -name '_hotpath*.so' 2>/dev/null | head -n 1 || true)
  if [ -n "$so" ]; then
    pypath=$tmp/py
    mkdir -p "$pypath/hotpath"
    ln -s "$root"/python/hotpath/*.py "$so" "$pypath/hotpath/"
  fi
  if ! PYTHONPATH=$pypath "$python" -c 'import hotpath.hta' 2>/dev/null; then
    echo "hta-ratio: hotpath.hta is not importable (configure with -Dpython=true, or pip install .): no Python runs" >&2
    python=
  fi
else
  python=
fi

cat > "$tmp/notebook.py" <<'PY'
import os, sys, time
from hotpath.hta import TraceAnalysis
mode, folder, outdir = sys.argv[1], sys.argv[2], sys.argv[3]
wall, cpu = time.perf_counter(), time.process_time()
a = TraceAnalysis(trace_dir=folder)
if mode == "big":
    a.critical_path_analysis(rank=1, annotation="ProfilerStep", instance_id=1)
    a.get_frequent_cuda_kernel_sequences("aten::addmm", outdir, min_pattern_len=3, rank=1, top_k=5)
else:
    ranks = a.t.get_ranks() if hasattr(a.t, "get_ranks") else sorted(a.t.traces)
    a.get_temporal_breakdown(visualize=False)
    a.get_idle_time_breakdown(ranks=ranks, visualize=False, show_idle_interval_stats=True)
    a.get_gpu_kernel_breakdown(visualize=False)
    a.get_comm_comp_overlap(visualize=False)
    a.get_cuda_kernel_launch_stats(ranks=ranks, visualize=False)
print(f"{time.perf_counter() - wall:.4f} {time.process_time() - cpu:.4f}")
PY

# --- timing ----------------------------------------------------------------
# timed CMD...: appends "wall cpu" of the whole process to $tmp/last
timed () {
  /usr/bin/time -f '%e %U %S' -o "$tmp/time" "$@" > "$tmp/stdout" 2> "$tmp/stderr" || {
    cat "$tmp/stderr" >&2
    die "failed: $*"
  }
  awk '{ printf "%.3f %.3f\n", $1, $2 + $3 }' "$tmp/time" >> "$tmp/last"
}

# run NAME: one round of one way, appends "wall cpu" to $tmp/NAME
run () {
  local name=$1 dir=$tmp/o-$1
  rm -rf "$dir" "$tmp/last"
  mkdir -p "$dir"
  case $name in
    cli-big)
      timed "$cli" critical-path "$big" --annotation ProfilerStep --instance 1
      (cd "$dir" && timed "$cli" patterns "$big" --operator aten::addmm --rank 1)
      ;;
    cli-big-1)
      timed "$cli" report "$big" -a critical_path,frequent_cuda_kernel_sequences --critical-path-rank=1 \
        --critical-path-step=3 --operator=aten::addmm --rank=1 -o "$dir"
      ;;
    cli-six)
      timed "$cli" report "$six" -a "$five" -o "$dir"
      ;;
    py-big | py-six)
      PYTHONPATH=$pypath "$python" "$tmp/notebook.py" "${name#py-}" \
        "$([ "$name" = py-big ] && echo "$big" || echo "$six")" "$dir" > "$tmp/last" 2> "$tmp/stderr" || {
        cat "$tmp/stderr" >&2
        die "the Python run $name failed"
      }
      ;;
  esac
  awk '{ w += $1; c += $2 } END { printf "%.3f %.3f\n", w, c }' "$tmp/last" >> "$tmp/$name"
}

ways=(cli-big cli-big-1 cli-six)
[ -n "$python" ] && ways+=(py-big py-six)

echo "HTA ÷ Hotpath: $runs rounds; load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
for w in "${ways[@]}"; do run "$w"; done # warm the page cache, untimed
for w in "${ways[@]}"; do : > "$tmp/$w"; done
for ((i = 0; i < runs; i++)); do
  for w in "${ways[@]}"; do run "$w"; done
done
load_after=$(cut -d' ' -f1-3 /proc/loadavg)

# summary NAME HTA_SECONDS TARGET: prints a line; a CLI median under TARGET
# times faster than HTA sets missed
missed=0
summary () {
  "$helper_python" - "$tmp/$1" "$1" "$2" "$3" <<'PY' || missed=1
import statistics, sys
path, name, hta, target = sys.argv[1], sys.argv[2], float(sys.argv[3]), float(sys.argv[4])
with open(path) as f:
    rows = [tuple(map(float, line.split())) for line in f if line.strip()]
wall, cpu = sorted(r[0] for r in rows), sorted(r[1] for r in rows)
mw, mc = statistics.median(wall), statistics.median(cpu)
print(f"  {name:9} wall {mw:6.3f} s ({wall[0]:.3f}-{wall[-1]:.3f})  cpu {mc:6.3f} s ({cpu[0]:.3f}-{cpu[-1]:.3f})"
      f"  HTA/wall {hta / mw:6.1f}x ({hta / wall[-1]:.1f}-{hta / wall[0]:.1f})  HTA/cpu {hta / mc:6.1f}x")
sys.exit(3 if name.startswith("cli") and hta / mw < target else 0)
PY
}

echo
echo "54 MB trace ($big): HTA $hta_big s recorded (load + critical_path + frequent_cuda_kernel_sequences)"
summary cli-big "$hta_big" 50
summary cli-big-1 "$hta_big" 50
[ -n "$python" ] && summary py-big "$hta_big" 50
echo
echo "6 ranks ($six): HTA $hta_six s recorded (sum over the six traces of load + the five calls)"
awk '$1 == "trace" { printf "    %-28s %8.3f s\n", $2, $4 }' "$tmp/hta"
summary cli-six "$hta_six" 20
[ -n "$python" ] && summary py-six "$hta_six" 20
echo
echo "Load average after: $load_after. Targets (CLI, median wall): 54 MB >= 50x, 6 ranks >= 20x: $([ $missed = 0 ] && echo met || echo MISSED)"
[ -z "$python" ] && echo "(no Python runs)"
if [ "${HP_BENCH_STRICT:-0}" = 1 ] && [ $missed = 1 ]; then
  exit 3
fi
exit 0
