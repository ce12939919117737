#!/usr/bin/env python3
# tests/bench/notebook-bench.py — HTA's notebook code, timed with HTA and with
# hotpath.hta on the same trace folders.
#
# Usage: tests/bench/notebook-bench.py [--repeat N] [--all] [TRACE_DIR...]
#
# Runs the same steps with each implementation (load, every rank's event
# frame through get_trace, temporal breakdown,
# idle time with interval statistics, kernel breakdown, overlap, launch
# statistics, queue length, memory bandwidth; every rank) and prints the
# median seconds per step. HTA runs when `import hta` works; otherwise the
# script says so and compares with HTA 0.6.1's own timings of the same calls
# recorded in the golden outputs (GOLDEN/<case>/_status.json, the seconds of
# each HTA call on the reference machine), which is a comparison across
# machines and says so. Default folder: the two-rank job of the test data;
# --all runs every case with recorded timings.
#
# SPDX-License-Identifier: GPL-3.0-or-later

import argparse
import json
import os
import statistics
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE = os.path.dirname(os.path.dirname(HERE))

# the steps, and the keys of _status.json that time the same HTA calls
STEPS = [
    ("load", ["load"]),
    ("get_trace", []),  # HTA builds the frames in its load
    ("temporal_breakdown", ["temporal_breakdown"]),
    ("idle_time_breakdown", ["idle_time_breakdown"]),
    ("gpu_kernel_breakdown", ["gpu_kernel_breakdown"]),
    ("comm_comp_overlap", ["comm_comp_overlap"]),
    ("cuda_kernel_launch_stats", ["cuda_kernel_launch_stats"]),
    ("queue_length", ["queue_length"]),
    ("memory_bw", ["memory_bw"]),
]


def notebook(TraceAnalysis, trace_dir):
    """The notebook's code; returns the seconds of each step."""
    times = {}

    def timed(name, fn):
        start, cpu = time.perf_counter(), time.process_time()
        value = fn()
        times[name] = (time.perf_counter() - start, time.process_time() - cpu)
        return value

    a = timed("load", lambda: TraceAnalysis(trace_dir=trace_dir))
    ranks = a.t.get_ranks() if hasattr(a.t, "get_ranks") else sorted(a.t.traces)
    timed("get_trace", lambda: [a.t.get_trace(r) for r in ranks])
    timed("temporal_breakdown", lambda: a.get_temporal_breakdown(visualize=False))
    timed("idle_time_breakdown", lambda: a.get_idle_time_breakdown(ranks=ranks, visualize=False,
                                                                    show_idle_interval_stats=True))
    timed("gpu_kernel_breakdown", lambda: a.get_gpu_kernel_breakdown(visualize=False))
    timed("comm_comp_overlap", lambda: a.get_comm_comp_overlap(visualize=False))
    timed("cuda_kernel_launch_stats", lambda: a.get_cuda_kernel_launch_stats(ranks=ranks, visualize=False))

    def queue():
        series = a.get_queue_length_time_series(ranks)
        a.get_queue_length_summary(ranks)
        a.get_time_spent_blocked_on_full_queue(series)

    timed("queue_length", queue)
    timed("memory_bw", lambda: (a.get_memory_bw_time_series(ranks), a.get_memory_bw_summary(ranks)))
    return times


def median_times(TraceAnalysis, trace_dir, repeat):
    runs = [notebook(TraceAnalysis, trace_dir) for _ in range(repeat)]
    wall = {name: statistics.median(r[name][0] for r in runs) for name, _keys in STEPS}
    cpu = {name: statistics.median(r[name][1] for r in runs) for name, _keys in STEPS}
    return wall, cpu


def recorded_hta(golden, case):
    path = os.path.join(golden, case, "_status.json")
    if not os.path.exists(path):
        return None
    with open(path) as f:
        status = json.load(f)
    out = {}
    for name, keys in STEPS:
        if not all(status.get(k, {}).get("status") == "ok" and "seconds" in status[k] for k in keys):
            return None
        out[name] = sum(status[k]["seconds"] for k in keys)
    return out


def first_dir(*candidates):
    return next((c for c in candidates if c and os.path.isdir(c)), None)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0] if __doc__ else None)
    parser.add_argument("folders", nargs="*", help="trace folders (default: the two-rank test job)")
    parser.add_argument("--repeat", type=int, default=3, help="runs per implementation, median reported (3)")
    parser.add_argument("--all", action="store_true", help="every case with HTA timings in the golden outputs")
    parser.add_argument("--golden", default=first_dir(os.path.join(SOURCE, "..", "shared", "golden"),
                                                      os.path.join(SOURCE, "tests", "data", "golden")))
    args = parser.parse_args()

    try:
        from hotpath.hta import TraceAnalysis as HotpathAnalysis
    except ImportError as e:
        sys.exit(f"notebook-bench: cannot import hotpath.hta ({e}); pip install . first (docs/python.md)")
    try:
        from hta.trace_analysis import TraceAnalysis as HtaAnalysis
    except ImportError:
        HtaAnalysis = None
        print("notebook-bench: HTA is not importable here: skipping its runs; comparing with HTA 0.6.1's "
              "timings recorded in the golden outputs instead (another machine: read the ratio as indicative)")

    traces = first_dir(os.path.join(SOURCE, "tests", "data"), os.path.join(SOURCE, "..", "shared", "traces"))
    folders = args.folders or [os.path.join(traces, "hta_trace_filter_2ranks")]
    if args.all and args.golden:
        folders = [os.path.join(traces, c) for c in sorted(os.listdir(args.golden))
                   if os.path.isdir(os.path.join(traces, c)) and recorded_hta(args.golden, c)]

    # Wall time is what a notebook waits; CPU time (all threads) is what the
    # work costs, and the fairer figure on a busy machine. HTA is
    # single-threaded, so its wall time is its CPU time.
    total = {"wall": 0.0, "cpu": 0.0, "hta": 0.0}
    for folder in folders:
        case = os.path.basename(os.path.normpath(folder))
        wall, cpu = median_times(HotpathAnalysis, folder, args.repeat)
        if HtaAnalysis is not None:
            theirs, source = median_times(HtaAnalysis, folder, args.repeat)[0], "HTA, measured here"
        else:
            theirs, source = (recorded_hta(args.golden, case) if args.golden else None), "HTA 0.6.1, recorded"
        print(f"\n{case}: median of {args.repeat} (hotpath.hta) vs {source if theirs else 'no HTA timing'}")
        print(f"  {'step':26} {'wall s':>9} {'cpu s':>9} {'HTA s':>9} {'HTA/wall':>9} {'HTA/cpu':>8}")

        def row(name, w, c, t):
            r1 = f"{t / w:8.1f}x" if theirs and w > 0 else "        -"
            r2 = f"{t / c:7.1f}x" if theirs and c > 0 else "       -"
            print(f"  {name:26} {w:9.4f} {c:9.4f} {t:9.4f} {r1} {r2}")

        for name, _keys in STEPS:
            row(name, wall[name], cpu[name], theirs[name] if theirs else float("nan"))
        w, c = sum(wall.values()), sum(cpu.values())
        t = sum(theirs.values()) if theirs else float("nan")
        row("total", w, c, t)
        if theirs:
            total["wall"] += w
            total["cpu"] += c
            total["hta"] += t
    if len(folders) > 1 and total["wall"] > 0:
        print(f"\nall cases: hotpath.hta {total['wall']:.3f} s wall, {total['cpu']:.3f} s CPU; "
              f"HTA {total['hta']:.3f} s: {total['hta'] / total['wall']:.1f}x wall, "
              f"{total['hta'] / total['cpu']:.1f}x CPU")


if __name__ == "__main__":
    main()
