#!/usr/bin/env bash
# startup-bench.sh — time from starting `hotpath` to its first painted frame.
#
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Usage: tests/bench/startup-bench.sh [--baseline BINARY] [BUILDDIR] [RUNS]
#
# Starts the app RUNS times (default 10) under one Xvfb server and one D-Bus
# session, twice per round: with no folder (the start page) and on the
# bundled sample traces (a small folder, which usually loads before the
# first frame). The app, built with -Dtest_hooks=true and run with
# HOTPATH_STARTUP_PROBE=1, prints the
# CLOCK_MONOTONIC time of its first painted frame and the page it showed,
# and quits; the script subtracts the time it spawned the process. Reports
# the median and worst per case against docs/architecture.md's target (<= 300 ms), and
# which pages were painted. GSK_RENDERER defaults to cairo (see below).
# Needs xvfb-run, dbus-run-session and python3. Never run by `meson test`.
#
# Each round also starts BUILDDIR/tests/bench/startup-reference, a bare GTK
# window, and the script reports Hotpath's time above it: what GTK itself
# needs to show a window (display and GL set-up, theme, fonts) varies from
# machine to machine, and from minute to minute on a shared one.
#
# --baseline BINARY also times another hotpath executable (say, a copy of
# an earlier build) in the same rounds, alternating with BUILDDIR's, so
# that both see the same machine load; it reads BUILDDIR's schemas.

set -euo pipefail
export LC_ALL=C

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)

usage ()
{
  echo "usage: $0 [--baseline BINARY] [BUILDDIR] [RUNS]" >&2
  exit 2
}

baseline=
while [ $# -gt 0 ]; do
  case $1 in
    -h|--help) usage ;;
    --baseline) [ $# -ge 2 ] || usage; baseline=$2; shift 2 ;;
    --baseline=*) baseline=${1#--baseline=}; shift ;;
    -*) usage ;;
    *) break ;;
  esac
done
[ $# -le 2 ] || usage

builddir=${1:-build}
runs=${2:-10}
[[ $runs =~ ^[1-9][0-9]*$ ]] || { echo "startup-bench: RUNS must be a positive integer" >&2; exit 2; }
if [[ $builddir != /* ]]; then
  if [ -d "$PWD/$builddir" ]; then builddir=$PWD/$builddir; else builddir=$root/$builddir; fi
fi
app=$builddir/src/app/hotpath
[ -x "$app" ] || { echo "startup-bench: $app not found; build it first" >&2; exit 1; }
# the probe is a test hook (src/app/hp-test-hooks.c): without it the app
# would never quit
if ! grep -qa HOTPATH_STARTUP_PROBE "$app"; then
  echo "startup-bench: $app has no test hooks; meson configure $builddir -Dtest_hooks=true, then build it" >&2
  exit 1
fi
if [ -n "$baseline" ]; then
  [[ $baseline == /* ]] || baseline=$PWD/$baseline
  [ -f "$baseline" ] && [ -x "$baseline" ] || { echo "startup-bench: $baseline is not an executable" >&2; exit 1; }
fi
for tool in xvfb-run dbus-run-session python3; do
  command -v "$tool" >/dev/null || { echo "startup-bench: $tool is needed" >&2; exit 1; }
done

# compiled schemas and resources of the build tree, as the tests use them
export GSETTINGS_SCHEMA_DIR=$builddir/data
export GSETTINGS_BACKEND=memory
export GDK_BACKEND=x11 GTK_A11Y=none NO_AT_BRIDGE=1
export HOTPATH_STARTUP_PROBE=1
# Xvfb has no GPU: GTK's GL renderer would run on llvmpipe and spend most of
# the start compiling shaders. The UI tests draw with Cairo; so does this
# script unless GSK_RENDERER says otherwise.
export GSK_RENDERER=${GSK_RENDERER:-cairo}

# the bare GTK window built with the tests (tests/bench/startup-reference.c)
reference=$builddir/tests/bench/startup-reference
if [ ! -x "$reference" ]; then
  echo "startup-bench: $reference not found (configure with -Dtests=all); timing the app alone" >&2
  reference=
fi

exec xvfb-run -a -s "-screen 0 1280x800x24" dbus-run-session -- \
  python3 - "$runs" "$root/data/samples" "${reference:--}" "$app" ${baseline:+"$baseline"} <<'PY'
import collections, os, statistics, subprocess, sys, time

runs, samples, reference, apps = int(sys.argv[1]), sys.argv[2], sys.argv[3], sys.argv[4:]
names = ["this build", "baseline"][:len(apps)]
if reference != "-":
    names.append("bare GTK window")
    apps.append(reference)
cases = ("start page", []), ("sample traces", [samples])
times = {(name, case): [] for name in names for case, _ in cases}
pages = {(name, case): collections.Counter() for name in names for case, _ in cases}

# "first-frame-monotonic-us TIME [PAGE]": the page painted ("loading"
# when the folder was not loaded yet) is missing from older builds
def first_frame(app, args):
    t0 = time.monotonic_ns() // 1000
    out = subprocess.run([app, *args], capture_output=True, text=True, timeout=60)
    line = [l for l in out.stdout.splitlines() if l.startswith("first-frame-monotonic-us ")]
    if out.returncode != 0 or not line:
        sys.exit(f"startup-bench: {app} {' '.join(args)} did not report a frame "
                 f"(exit {out.returncode}): {out.stderr.strip()[:400]}")
    fields = line[0].split()
    return (int(fields[1]) - t0) / 1000.0, fields[2] if len(fields) > 2 else None

for r in range(runs + 1):          # round 0 warms the page cache, not counted
    for case, args in cases:
        # alternate which binary goes first, so neither always follows the other
        order = list(zip(names, apps))
        if r % 2 == 1:
            order.reverse()
        for name, app in order:
            ms, page = first_frame(app, args)
            if r > 0:
                times[name, case].append(ms)
                if page is not None:
                    pages[name, case][page] += 1

print(f"Start to first frame, {runs} runs each (Xvfb, GSK_RENDERER={os.environ['GSK_RENDERER']})")
worst_median = 0.0
for name, app in zip(names, apps):
    if len(apps) > 1:
        print(f"{name}: {app}")
    for case, _ in cases:
        ms = times[name, case]
        med = statistics.median(ms)
        if name == names[0]:
            worst_median = max(worst_median, med)
        shown = ", ".join(f"{page} {n}x" for page, n in sorted(pages[name, case].items()))
        print(f"  {case:<15} median {med:7.1f} ms   worst {max(ms):7.1f} ms   best {min(ms):7.1f} ms"
              + (f"   painted: {shown}" if shown else ""))
for other in names[1:]:
    print(f"this build against the {other}, median of the paired differences:")
    for case, _ in cases:
        diffs = [a - b for a, b in zip(times[names[0], case], times[other, case])]
        print(f"  {case:<15} {statistics.median(diffs):+7.1f} ms")
print(f"Target (docs/architecture.md): <= 300 ms   {'PASS' if worst_median <= 300 else 'MISS'}")
PY
