# The native API (hotpath.load, Trace.report, compare, diff, health,
# charts) against hotpath-cli's own output; errors as Python exceptions;
# Ctrl+C during a load.
#
# SPDX-License-Identifier: GPL-3.0-or-later

import _thread
import json
import os
import threading
import time

import pandas as pd
import pytest

import hotpath
from conftest import assert_matches_golden, run_cli, trace_dir

CASE = "hta_trace_filter_2ranks"


@pytest.fixture(scope="module")
def trace():
    return hotpath.load(trace_dir(CASE))


def test_registry_lists_analyses_and_params():
    analyses = {a["name"]: a for a in hotpath.analyses()}
    assert "temporal_breakdown" in analyses
    assert analyses["gpu_kernel_breakdown"]["tables"] == ("gpu_kernel_breakdown_kernel_type",
                                                           "gpu_kernel_breakdown_kernels")
    assert "num_kernels" in analyses["gpu_kernel_breakdown"]["params"]
    params = {p["name"]: p for p in hotpath.params()}
    assert params["num_kernels"]["default"] == 10 and params["num_kernels"]["type"] == "int"
    assert params["consecutive_kernel_delay"]["unit"] == "us"
    # what the preferences show of a parameter comes from the same specs
    assert params["num_kernels"]["title"] == "Kernels per type"
    assert params["num_kernels"]["description"].startswith("At most this many kernels of each type")
    assert params["num_kernels"]["minimum"] == 1 and params["duration_ratio"]["maximum"] == 1
    assert all(p["description"] for p in params.values())
    assert all(p["choices"] == () for p in params.values() if p["type"] != "str")
    # every parameter an analysis names is described
    for a in analyses.values():
        for p in a["params"]:
            assert p in params, (a["name"], p)


def test_report_matches_cli(cli, trace, tmp_path):
    """Every analysis of the default set, in default mode, equals hotpath-cli report."""
    names = [a["name"] for a in hotpath.analyses() if a["in_default_set"]]
    out = tmp_path / "report"
    run_cli(cli, "report", "-o", str(out), trace_dir(CASE))
    compared = 0
    for name in names:
        tables = trace.report(name, ranks=trace.ranks())
        assert list(tables) == [t for t in next(a for a in hotpath.analyses() if a["name"] == name)["tables"]
                                if t in tables]
        for table, frame in tables.items():
            path = out / f"{table}.csv"
            assert path.exists(), table
            assert_matches_golden(frame, str(path), table)
            compared += 1
    assert compared >= 10


def test_report_params_and_scope_match_cli(cli, trace, tmp_path):
    out = tmp_path / "k"
    run_cli(cli, "report", "-a", "gpu_kernel_breakdown", "--num-kernels", "3", "--include-memory-kernels", "false",
            "-o", str(out), trace_dir(CASE))
    tables = trace.report("gpu_kernel_breakdown", ranks=trace.ranks(), num_kernels=3, include_memory_kernels=False)
    for name, frame in tables.items():
        assert_matches_golden(frame, str(out / f"{name}.csv"), name)
    step = trace.iterations(0)[0]
    out = tmp_path / "s"
    run_cli(cli, "report", "-a", "temporal_breakdown", "--scope", f"step:{step}", "-o", str(out), trace_dir(CASE))
    scoped = trace.report("temporal_breakdown", scope=f"step:{step}")["temporal_breakdown"]
    assert_matches_golden(scoped, str(out / "temporal_breakdown.csv"))
    whole = trace.report("temporal_breakdown")["temporal_breakdown"]
    assert scoped["kernel_time(us)"].sum() <= whole["kernel_time(us)"].sum()


def test_hta_compat_matches_cli(cli, tmp_path):
    t = hotpath.load(trace_dir(CASE), hta_compat=True)
    assert t.hta_compat
    out = tmp_path / "h"
    run_cli(cli, "report", "--hta-compat", "-a", "idle_time_breakdown", "-o", str(out), trace_dir(CASE))
    for name, frame in t.report("idle_time_breakdown", ranks=t.ranks()).items():
        assert_matches_golden(frame, str(out / f"{name}.csv"), name)


def test_events_and_strings(trace):
    df = trace.events(0)
    assert len(df) > 0
    assert (df["end"] >= df["ts"]).all()
    assert set(df["s_name"].head(20)) <= set(trace.strings())
    kernels = df[df["stream"] >= 0]
    assert len(kernels) and (kernels["s_cat"].isin(["kernel", "gpu_memcpy", "gpu_memset"])).all()


def test_charts_are_svg_and_png(trace):
    charts = trace.charts("temporal_breakdown")
    assert charts and all(v.lstrip().startswith(b"<?xml") and b"<svg" in v for v in charts.values())
    png = trace.charts("comm_comp_overlap", format="png", width=400, height=300)
    assert all(v[:8] == b"\x89PNG\r\n\x1a\n" for v in png.values())
    with pytest.raises(ValueError, match="svg, png or pdf"):
        trace.charts("temporal_breakdown", format="bmp")


def test_compare_runs(trace):
    other = hotpath.load(trace_dir("hta_nccl_parser_config"))
    tables = hotpath.compare([trace, other], labels=["a", "b"])
    assert tables
    labelled = [df for df in tables.values() if "run" in df.columns or "label" in df.columns]
    assert labelled
    col = "run" if "run" in labelled[0].columns else "label"
    assert set(labelled[0][col]) <= {"a", "b"} and len(set(labelled[0][col])) == 2


def test_diff_and_health(cli, tmp_path):
    c = hotpath.load(trace_dir("hta_trace_compare_base"))
    t = hotpath.load(trace_dir("hta_trace_compare_test"))
    table, kinds = hotpath.diff(c, t, control_rank=1, test_rank=1, control_iterations=[1010],
                                test_iterations=[1010], device="CPU")
    assert table.index.name == "name"
    assert set(kinds) == {"added", "deleted", "increased", "decreased", "unchanged"}
    assert "nccl:all_reduce" in kinds["deleted"]
    health = hotpath.health(c)
    assert list(health.columns) == ["rank", "file", "code", "severity", "count", "message"]
    text = run_cli(cli, "health", "--format", "json", trace_dir("hta_trace_compare_base")) \
        if "--format" in run_cli(cli, "health", "--help") else None
    if text:
        assert len(json.loads(text).get("findings", [])) == len(health)


def test_load_many_in_parallel():
    paths = [trace_dir(c) for c in ("hta_trace_filter_2ranks", "hta_nccl_parser_config", "hta_ns_resolution")]
    traces = hotpath.load_many(paths)
    assert [t.ranks() for t in traces] == [hotpath.load(p).ranks() for p in paths]


# --- errors -----------------------------------------------------------------


def test_missing_path_names_it(tmp_path):
    missing = tmp_path / "no-such-run"
    with pytest.raises(FileNotFoundError, match="no-such-run"):
        hotpath.load(str(missing))


def test_bad_file_names_it_and_the_reason(tmp_path):
    bad = tmp_path / "rank-0.json"
    bad.write_text("this is not json")
    with pytest.raises(hotpath.Error, match="rank-0.json"):
        hotpath.load(str(bad))


def test_empty_folder(tmp_path):
    with pytest.raises((hotpath.Error, FileNotFoundError), match=str(tmp_path.name)):
        hotpath.load(str(tmp_path))


def test_bad_analysis_and_params(trace):
    with pytest.raises(ValueError, match="no analysis named 'nope'"):
        trace.report("nope")
    with pytest.raises(TypeError, match="no analysis parameter named 'num_kernelz'"):
        trace.report("gpu_kernel_breakdown", num_kernelz=3)
    with pytest.raises(ValueError, match="num_kernels takes a whole number from 1 to 2147483647, not '-4'"):
        trace.report("gpu_kernel_breakdown", num_kernels=-4)
    with pytest.raises(ValueError, match="duration_ratio takes a number from 0 to 1, not '1.5'"):
        trace.report("gpu_kernel_breakdown", duration_ratio=1.5)
    with pytest.raises(ValueError):
        trace.report("temporal_breakdown", scope="step:abc")
    with pytest.raises(ValueError, match="rank 7"):
        trace.events(7)


def test_hta_errors():
    from hotpath.hta import TraceAnalysis
    with pytest.raises(FileNotFoundError):
        TraceAnalysis(trace_dir="/nonexistent/trace/folder")
    a = TraceAnalysis(trace_dir=trace_dir(CASE))
    with pytest.raises(ValueError, match="rank 9"):
        a.get_idle_time_breakdown(ranks=[9], visualize=False)


# --- Ctrl+C -----------------------------------------------------------------


@pytest.fixture(scope="module")
def big_trace(tmp_path_factory):
    """A one-rank trace large enough that loading it takes a while."""
    path = tmp_path_factory.mktemp("big") / "rank-0.json"
    n = 600000
    with open(path, "w") as f:
        f.write('{"schemaVersion": 1, "traceEvents": [\n')
        chunk = []
        for i in range(n):
            chunk.append('{"ph": "X", "cat": "cpu_op", "name": "aten::op%d", "pid": 1, "tid": 1, "ts": %d, '
                         '"dur": 3, "args": {"External id": %d}}' % (i % 97, 1000 + 5 * i, i))
            if len(chunk) == 20000:
                f.write(",\n".join(chunk) + (",\n" if i + 1 < n else "\n"))
                chunk = []
        if chunk:
            f.write(",\n".join(chunk) + "\n")
        f.write("]}\n")
    return str(path)


def test_ctrl_c_interrupts_a_load(big_trace):
    if threading.current_thread() is not threading.main_thread():
        pytest.skip("signals reach the main thread only")
    start = time.monotonic()
    hotpath.load(big_trace)
    full = time.monotonic() - start

    timer = threading.Timer(0.02, _thread.interrupt_main)
    start = time.monotonic()
    timer.start()
    with pytest.raises(KeyboardInterrupt):
        hotpath.load(big_trace)
        time.sleep(5)  # only reached if the load ignored the interrupt
    interrupted = time.monotonic() - start
    timer.cancel()
    # cancelled, not run to the end
    assert interrupted < max(0.6 * full, 0.15), (interrupted, full)
    # and the next load works
    assert hotpath.load(big_trace).ranks() == [0]


def test_load_releases_the_gil(big_trace):
    """Python code keeps running while another thread loads."""
    done = threading.Event()
    ticks = 0

    def work():
        hotpath.load(big_trace)
        done.set()

    thread = threading.Thread(target=work)
    start = time.monotonic()
    thread.start()
    while not done.is_set():
        ticks += 1
        time.sleep(0.001)
    thread.join()
    elapsed = time.monotonic() - start
    # with the GIL held for the whole load this loop could not turn at all
    assert ticks >= max(5, int(elapsed * 100)), (ticks, elapsed)


def test_trace_files_map():
    """HTA's TraceAnalysis(trace_files={rank: file}, trace_dir=...)."""
    from hotpath.hta import TraceAnalysis
    folder = trace_dir("hta_trace_file_list_rank1")
    name = next(f for f in sorted(os.listdir(folder)) if f.endswith((".json", ".json.gz")))
    a = TraceAnalysis(trace_files={1: name}, trace_dir=folder)
    assert a.t.get_ranks() == [1]
    assert a.t.trace_files == {1: name}
    b = TraceAnalysis(trace_files={1: os.path.join(folder, name)})
    pd.testing.assert_frame_equal(a.t.get_trace(1), b.t.get_trace(1))
