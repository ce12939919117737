#!/usr/bin/env bash
# startup-bench.sh — time from starting `hotpath` to its first painted frame.
#
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Usage: tests/bench/startup-bench.sh [BUILDDIR] [RUNS]
#
# Starts the app RUNS times (default 10) under one Xvfb server and one D-Bus
# session, twice per round: with no folder (the start page) and on the
# bundled sample traces (the first frame shows the loading page). The app,
# run with HOTPATH_STARTUP_PROBE=1, prints the CLOCK_MONOTONIC time of its
# first painted frame and quits; the script subtracts the time it spawned
# the process. Reports the median and worst per case against DESIGN.md's
# target (<= 300 ms). GSK_RENDERER defaults to cairo (see below). Needs xvfb-run, dbus-run-session and python3. Never
# run by `meson test`.

set -euo pipefail
export LC_ALL=C

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)

case "${1:-}" in -h|--help) echo "usage: $0 [BUILDDIR] [RUNS]" >&2; exit 2 ;; esac
builddir=${1:-build}
runs=${2:-10}
[[ $runs =~ ^[1-9][0-9]*$ ]] || { echo "startup-bench: RUNS must be a positive integer" >&2; exit 2; }
if [[ $builddir != /* ]]; then
  if [ -d "$PWD/$builddir" ]; then builddir=$PWD/$builddir; else builddir=$root/$builddir; fi
fi
app=$builddir/src/app/hotpath
[ -x "$app" ] || { echo "startup-bench: $app not found; build it first" >&2; exit 1; }
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

exec xvfb-run -a -s "-screen 0 1280x800x24" dbus-run-session -- python3 - "$app" "$runs" "$root/data/samples" <<'PY'
import statistics, subprocess, sys, time

app, runs, samples = sys.argv[1], int(sys.argv[2]), sys.argv[3]
cases = {"start page": [], "sample traces": []}
for r in range(runs + 1):          # round 0 warms the page cache, not counted
    for case, args in (("start page", []), ("sample traces", [samples])):
        t0 = time.monotonic_ns() // 1000
        out = subprocess.run([app, *args], capture_output=True, text=True, timeout=60)
        line = [l for l in out.stdout.splitlines() if l.startswith("first-frame-monotonic-us ")]
        if out.returncode != 0 or not line:
            sys.exit(f"startup-bench: {app} {' '.join(args)} did not report a frame "
                     f"(exit {out.returncode}): {out.stderr.strip()[:400]}")
        if r > 0:
            cases[case].append((int(line[0].split()[1]) - t0) / 1000.0)

import os
print(f"Start to first frame, {runs} runs each (Xvfb, GSK_RENDERER={os.environ['GSK_RENDERER']})")
worst_median = 0.0
for case, ms in cases.items():
    med = statistics.median(ms)
    worst_median = max(worst_median, med)
    print(f"  {case:<15} median {med:7.1f} ms   worst {max(ms):7.1f} ms   best {min(ms):7.1f} ms")
print(f"Target (DESIGN.md): <= 300 ms   {'PASS' if worst_median <= 300 else 'MISS'}")
PY
