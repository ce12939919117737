# hotpath.hta against HTA 0.6.1's own outputs (../shared/golden): every
# method, every table HTA wrote, on every public trace that has them.
#
# SPDX-License-Identifier: GPL-3.0-or-later

import json
import os

import numpy as np
import pandas as pd
import pytest

import hotpath

from conftest import GOLDEN, assert_matches_golden, golden_cases, trace_dir
from hotpath.hta import DeviceType, LabeledTrace, TraceAnalysis, TraceDiff

CASES = golden_cases()
ALL = None  # stands for "every rank of the case"


def golden(case, name):
    path = os.path.join(GOLDEN, case, name)
    return path if os.path.exists(path) else None


def status(case, key):
    path = golden(case, "_status.json")
    if path is None:
        return None
    with open(path) as f:
        return json.load(f).get(key, {}).get("status")


_loaded = {}


def analysis(case, include_last=False):
    key = (case, include_last)
    if key not in _loaded:
        _loaded[key] = TraceAnalysis(trace_dir=trace_dir(case), include_last_profiler_step=include_last)
    return _loaded[key]


def stack(frames):
    """A rank -> frame dict as one frame with a leading rank column."""
    parts = []
    for rank, df in frames.items():
        df = df.copy()
        df.insert(0, "rank", rank)
        parts.append(df)
    return pd.concat(parts, ignore_index=True) if parts else pd.DataFrame()


def flat(df):
    """A frame with a meaningful index and MultiIndex columns as HTA's CSV."""
    if df is None:
        return None
    out = df.reset_index() if not isinstance(df.index, pd.RangeIndex) else df.copy()
    out.columns = [".".join(str(p) for p in c if p != "") if isinstance(c, tuple) else c for c in out.columns]
    return out


def needs(case, *files):
    paths = [golden(case, f) for f in files]
    if any(p is None for p in paths):
        pytest.skip(f"HTA wrote no {', '.join(files)} for {case}")
    return paths


@pytest.mark.parametrize("case", CASES)
def test_temporal_breakdown(case):
    (ref,) = needs(case, "temporal_breakdown.csv")
    df = analysis(case).get_temporal_breakdown(visualize=False)
    assert isinstance(df.index, pd.RangeIndex)
    assert list(df.columns) == ["rank", "idle_time(us)", "compute_time(us)", "non_compute_time(us)",
                                "kernel_time(us)", "idle_time_pctg", "compute_time_pctg", "non_compute_time_pctg"]
    assert_matches_golden(df, ref)


@pytest.mark.parametrize("case", CASES)
def test_include_last_profiler_step(case):
    (ref,) = needs(case, "include_last_profiler_step_temporal_breakdown.csv")
    df = analysis(case, include_last=True).get_temporal_breakdown(visualize=False)
    assert_matches_golden(df, ref, "temporal_breakdown")


@pytest.mark.parametrize("case", CASES)
def test_idle_time_breakdown(case):
    ref, ref_stats = needs(case, "idle_time_breakdown.csv", "idle_time_interval_stats.csv")
    a = analysis(case)
    idle, stats = a.get_idle_time_breakdown(ranks=a.t.get_ranks(), visualize=False, show_idle_interval_stats=True)
    assert list(idle.columns) == ["rank", "stream", "idle_category", "idle_time", "idle_time_ratio"]
    assert_matches_golden(idle, ref)
    assert set(stats.index) <= {"host_wait", "kernel_wait", "other"}
    assert_matches_golden(flat(stats).rename(columns={"index": "idle_category"}), ref_stats)
    # without the statistics, HTA returns None in their place
    assert a.get_idle_time_breakdown(ranks=a.t.get_ranks()[:1], visualize=False)[1] is None


KERNEL_VARIANTS = {
    "": {},
    "_nomem": {"include_memory_kernels": False},
    "_all": {"duration_ratio": 1.0, "num_kernels": 1000000000},
}


@pytest.mark.parametrize("variant", sorted(KERNEL_VARIANTS))
@pytest.mark.parametrize("case", CASES)
def test_gpu_kernel_breakdown(case, variant):
    ref_type, ref_kernels = needs(case, f"gpu_kernel_breakdown{variant}_kernel_type.csv",
                                  f"gpu_kernel_breakdown{variant}_kernels.csv")
    types, kernels = analysis(case).get_gpu_kernel_breakdown(visualize=False, **KERNEL_VARIANTS[variant])
    assert list(types.columns) == ["kernel_type", "sum", "percentage"]
    assert list(kernels.columns) == ["name", "sum (us)", "max (us)", "min (us)", "stddev", "mean (us)",
                                     "kernel_type", "rank"]
    assert_matches_golden(types, ref_type, "gpu_kernel_breakdown_kernel_type")
    assert_matches_golden(kernels, ref_kernels, "gpu_kernel_breakdown_kernels")


@pytest.mark.parametrize("case", CASES)
def test_comm_comp_overlap(case):
    (ref,) = needs(case, "comm_comp_overlap.csv")
    df = analysis(case).get_comm_comp_overlap(visualize=False)
    assert list(df.columns) == ["rank", "comp_comm_overlap_pctg"]
    assert_matches_golden(df, ref)


@pytest.mark.parametrize("nomem", [False, True])
@pytest.mark.parametrize("case", CASES)
def test_cuda_kernel_launch_stats(case, nomem):
    suffix = "_nomem" if nomem else ""
    (ref,) = needs(case, f"cuda_kernel_launch_stats{suffix}.csv")
    a = analysis(case)
    stats = a.get_cuda_kernel_launch_stats(ranks=a.t.get_ranks(), include_memory_events=not nomem,
                                           visualize=False)
    assert sorted(stats) == sorted(a.t.get_ranks())
    for df in stats.values():
        assert list(df.columns) == ["correlation", "cpu_duration", "gpu_duration", "launch_delay"]
    assert_matches_golden(stack(stats), ref, "cuda_kernel_launch_stats")
    with open(golden(case, f"cuda_kernel_launch_stats{suffix}_summary.json")) as f:
        summary = json.load(f)
    for rank, df in stats.items():
        counts = summary.get(str(rank), summary).get("counts", None) if isinstance(summary, dict) else None
        if counts and "runtime_outliers" in counts:
            assert int((df["cpu_duration"] > 50).sum()) == counts["runtime_outliers"]


@pytest.mark.parametrize("case", CASES)
def test_aten_op_kernels_and_delay(case):
    (ref,) = needs(case, "aten_op_kernels_and_delay.csv")
    a = analysis(case)
    frames = a.get_aten_op_kernels_and_delay(ranks=a.t.get_ranks())
    for df in frames.values():
        assert list(df.columns) == ["aten_op_name", "kernel_sequence", "occurrence_count",
                                    "avg_aten_op_launch_delay", "avg_runtime_delay"]
    assert_matches_golden(stack(frames), ref)


@pytest.mark.parametrize("case", CASES)
def test_queue_length(case):
    ref_series, ref_summary = needs(case, "queue_length_time_series.csv", "queue_length_summary.csv")
    a = analysis(case)
    ranks = a.t.get_ranks()
    series = a.get_queue_length_time_series(ranks)
    for df in series.values():
        assert list(df.columns) == ["ts", "pid", "tid", "stream", "queue_length"]
    assert_matches_golden(stack(series), ref_series)
    summary = a.get_queue_length_summary(ranks)
    assert summary.index.names == ["rank", "stream"]
    assert list(summary.columns) == [("queue_length", s) for s in
                                     ["count", "mean", "std", "min", "25%", "50%", "75%", "max"]]
    assert_matches_golden(flat(summary), ref_summary)

    ref_blocked = golden(case, "queue_full_blocked_default.csv")
    blocked = a.get_time_spent_blocked_on_full_queue(series)
    if ref_blocked is not None:
        if blocked is None:
            assert len(pd.read_csv(ref_blocked)) == 0
        else:
            assert_matches_golden(blocked, ref_blocked)
    ref_max = golden(case, "queue_full_blocked_at_observed_max.csv")
    if ref_max is not None:
        expected = pd.read_csv(ref_max)
        if len(expected):
            limit = int(expected["max_queue_length_used"].iloc[0])
            blocked = a.get_time_spent_blocked_on_full_queue(series, max_queue_length=limit)
            blocked = blocked.copy()
            blocked.insert(0, "max_queue_length_used", limit)
            assert_matches_golden(blocked, ref_max)


@pytest.mark.parametrize("case", CASES)
def test_memory_bw(case):
    ref_series, ref_summary = needs(case, "memory_bw_time_series.csv", "memory_bw_summary.csv")
    a = analysis(case)
    ranks = a.t.get_ranks()
    series = a.get_memory_bw_time_series(ranks)
    for df in series.values():
        assert list(df.columns) == ["ts", "pid", "name", "memory_bw_gbps"]
    assert_matches_golden(stack(series), ref_series)
    summary = a.get_memory_bw_summary(ranks)
    if summary is None:  # HTA's table is empty too
        assert len(pd.read_csv(ref_summary)) == 0
        return
    assert summary.index.names == ["rank", "name"]
    assert_matches_golden(flat(summary), ref_summary)


@pytest.mark.parametrize("case", CASES)
def test_profiler_steps_and_stragglers(case):
    ref_steps = golden(case, "profiler_steps.json")
    if ref_steps is None:
        pytest.skip("no profiler steps")
    a = analysis(case)
    with open(ref_steps) as f:
        assert a.get_profiler_steps() == json.load(f)["profiler_steps"]
    ref = golden(case, "potential_stragglers.json")
    if ref is not None:
        with open(ref) as f:
            expected = json.load(f)
        if isinstance(expected.get("default"), list):
            assert sorted(a.get_potential_stragglers()) == sorted(expected["default"])


@pytest.mark.parametrize("use_gpu", [True, False])
@pytest.mark.parametrize("case", CASES)
def test_user_annotation_breakdown(case, use_gpu):
    which = "gpu" if use_gpu else "cpu"
    ref = golden(case, f"user_annotation_breakdown_{which}.csv")
    df = analysis(case).get_gpu_user_annotation_breakdown(use_gpu_annotation=use_gpu, visualize=False)
    if ref is None:
        st = status(case, f"gpu_user_annotation_breakdown_{which}")
        if st == "empty":
            assert df is None
        return
    assert list(df.columns) == ["name", "sum (us)", "max (us)", "min (us)", "stddev", "mean (us)", "rank"]
    assert_matches_golden(df, ref)


@pytest.mark.parametrize("case", CASES)
def test_gpu_kernels_with_user_annotations(case):
    (ref,) = needs(case, "gpu_kernels_with_user_annotations.csv")
    a = analysis(case)
    frames = {r: a.get_gpu_kernels_with_user_annotations(r) for r in a.t.get_ranks()}
    frames = {r: df for r, df in frames.items() if df is not None}
    df = stack(frames)
    # user_annotation is a symbol id: ours index a.t.symbol_table, HTA's its
    # own table; s_user_annotation names it in both
    sym = a.t.symbol_table.sym_table
    named = df["user_annotation"].map(lambda i: sym[i] if i >= 0 else "")
    assert (named == df["s_user_annotation"].fillna("")).all()
    df["user_annotation"] = pd.read_csv(ref)["user_annotation"].values[:len(df)] if len(df) else []
    assert_matches_golden(df, ref)


@pytest.mark.parametrize("case", CASES)
def test_cupti_counter_data_with_operators(case):
    (ref,) = needs(case, "cupti_counter_data_with_operators.csv")
    a = analysis(case)
    frames = a.get_cupti_counter_data_with_operators(ranks=a.t.get_ranks())
    assert isinstance(frames, list) and frames
    df = pd.concat(frames, ignore_index=True)
    assert isinstance(df["op_stack"].iloc[0], list)
    df["op_stack"] = [" > ".join(s) for s in df["op_stack"]]
    if "rank" not in df.columns:
        df.insert(0, "rank", 0)
    assert_matches_golden(df, ref)


@pytest.mark.parametrize("case", CASES)
def test_frequent_cuda_kernel_sequences(case, tmp_path):
    ref, choice = needs(case, "frequent_cuda_kernel_sequences.csv", "frequent_cuda_kernel_sequences_choice.json")
    with open(choice) as f:
        c = json.load(f)
    op = c.get("operator_name") or c.get("chosen") or c.get("op") or c.get("operator")
    if op is None:
        pytest.skip("no operator recorded")
    df = analysis(case).get_frequent_cuda_kernel_sequences(op, str(tmp_path), min_pattern_len=c["min_pattern_len"],
                                                           rank=c["rank"], top_k=c["top_k"])
    assert list(df.columns) == ["pattern", "count", "GPU kernel duration (us)", "CPU op duration (us)"]
    assert_matches_golden(df, ref)
    # and the overlaid trace, named as HTA names it
    for name in c.get("overlay_files", []):
        assert (tmp_path / name).exists(), name


def critical_path_configs():
    out = []
    for case in CASES:
        for prefix in ("critical_path", "critical_path_testcfg", "critical_path_e2ecfg"):
            if golden(case, f"{prefix}.json") and golden(case, f"{prefix}_summary.csv"):
                out.append((case, prefix))
    return out


@pytest.mark.parametrize("case,prefix", critical_path_configs())
def test_critical_path(case, prefix, monkeypatch, tmp_path):
    with open(golden(case, f"{prefix}.json")) as f:
        cfg = json.load(f)
    if cfg.get("CRITICAL_PATH_ADD_ZERO_WEIGHT_LAUNCH_EDGE"):
        monkeypatch.setenv("CRITICAL_PATH_ADD_ZERO_WEIGHT_LAUNCH_EDGE", "1")
    else:
        monkeypatch.delenv("CRITICAL_PATH_ADD_ZERO_WEIGHT_LAUNCH_EDGE", raising=False)
    graph, ok = analysis(case).critical_path_analysis(cfg["rank"], cfg["annotation"], cfg["instance_id"],
                                                      data_load_events=cfg.get("data_load_events"))
    assert ok == cfg["success"]
    summary = graph.summary()
    expected = pd.read_csv(golden(case, f"{prefix}_summary.csv"), keep_default_na=False)
    for bound_by, pct in zip(expected["bound_by"], expected["pct_of_path_duration"]):
        assert summary.get(bound_by, 0.0) == pytest.approx(float(pct), abs=1e-6), bound_by
    breakdown = graph.get_critical_path_breakdown()
    assert_matches_golden(breakdown.sort_values(["event_idx", "type", "duration"], kind="stable",
                                                na_position="first"),
                          golden(case, f"{prefix}_breakdown.csv"), "critical_path_breakdown")
    # the graph itself
    if "graph_nodes" in cfg:
        assert len(graph.node_ev_idx) == cfg["graph_nodes"]
        assert len(graph.critical_path_nodes) == cfg["path_nodes"]
        assert len(graph.critical_path_edges) == cfg["path_edges"]
        assert len(graph.critical_path_events_set) == cfg["path_events"]
        first, last = graph.critical_path_nodes[0], graph.critical_path_nodes[-1]
        assert int(graph.node_ev_idx[first]) == cfg["path_first_node"]["ev_idx"]
        assert graph.node_ts[first] == pytest.approx(cfg["path_first_node"]["ts"])
        assert bool(graph.node_is_start[last]) == cfg["path_last_node"]["is_start"]
        assert int(graph.node_ev_idx[last]) == cfg["path_last_node"]["ev_idx"]
    try:
        import networkx as nx
    except ImportError:
        return
    assert isinstance(graph, nx.DiGraph)
    if "graph_edges" in cfg:
        assert graph.number_of_nodes() == cfg["graph_nodes"]
        types = {}
        for _a, _b, t in graph.edges(data="type"):
            types[t] = types.get(t, 0) + 1
        assert sum(types.values()) <= cfg["graph_edges"]  # parallel edges collapse in a DiGraph
        assert set(types) <= set(cfg["graph_edge_types"])
        weight = sum(graph.edges[e]["weight"] for e in graph.critical_path_edges)
        assert weight == pytest.approx(cfg["path_total_weight"])
    overlaid = analysis(case).overlay_critical_path_analysis(cfg["rank"], graph, str(tmp_path))
    assert os.path.exists(overlaid)


@pytest.mark.parametrize("case", ["hta_cp_simple_add", "hta_cp_cuda_event_sync_multi_stream"])
def test_critical_path_edges_and_save(case, tmp_path, monkeypatch):
    """HTA's edge objects, node list and event maps, and a save/restore
    round trip that keeps every one of them."""
    from collections import Counter

    from hotpath.hta import CPEdge, CPEdgeType, restore_cpgraph
    nx = pytest.importorskip("networkx")
    with open(golden(case, "critical_path.json")) as f:
        cfg = json.load(f)
    monkeypatch.delenv("CRITICAL_PATH_ADD_ZERO_WEIGHT_LAUNCH_EDGE", raising=False)
    a = analysis(case)
    graph, ok = a.critical_path_analysis(cfg["rank"], cfg["annotation"], cfg["instance_id"])
    assert ok == cfg["success"]
    # every edge carries its CPEdge, equal to the edge's own attributes
    for u, v, data in graph.edges(data=True):
        e = data["object"]
        assert isinstance(e, CPEdge) and (e.begin, e.end) == (u, v)
        assert e.type.value == data["type"] and e.weight == data["weight"]
    path = graph.critical_path_edges_set
    assert all(isinstance(e, CPEdge) for e in path)
    assert len(path) == cfg["path_edges"]
    assert dict(Counter(e.type.value for e in path)) == cfg["path_edge_types"]
    assert sum(e.weight for e in path) == pytest.approx(cfg["path_total_weight"])
    assert all(e.weight == 0 for e in path if e.type in (CPEdgeType.DEPENDENCY, CPEdgeType.SYNC_DEPENDENCY))
    # nodes and the event -> node maps
    nodes = graph.node_list
    assert len(nodes) == cfg["graph_nodes"]
    first = nodes[graph.critical_path_nodes[0]]
    assert (first.idx, first.ev_idx, first.is_start) == (graph.critical_path_nodes[0],
                                                         cfg["path_first_node"]["ev_idx"], True)
    start, end = graph.get_nodes_for_event(cfg["path_last_node"]["ev_idx"])
    assert end is not None and end.idx == graph.critical_path_nodes[-1] and not end.is_start
    assert start is not None and start.is_start and start.ts <= end.ts
    assert graph.get_nodes_for_event(-12345) == (None, None)
    e = next(iter(path))
    assert graph.get_events_for_edge(e) == (nodes[e.begin].ev_idx, nodes[e.end].ev_idx)
    # blocking calls are marked on the nodes of events so named
    sym = a.t.symbol_table.sym_table
    df = a.t.get_trace(cfg["rank"]).set_index("index")
    for n in nodes[:200]:
        name = sym[int(df.loc[n.ev_idx, "name"])] if n.ev_idx in df.index else ""
        assert n.is_blocking == (name in ("cudaDeviceSynchronize", "cudaStreamSynchronize", "cudaEventQuery",
                                          "cudaEventSynchronize", "cudaMemcpy", "cudaMemcpyAsync"))
    # save and restore
    saved = graph.save(str(tmp_path / "cp"))
    assert saved == str(tmp_path / "cp.zip") and os.path.exists(saved)
    back = restore_cpgraph(saved, a.t, cfg["rank"])
    assert isinstance(back, nx.DiGraph)
    assert back.critical_path() == ok
    assert back.critical_path_edges_set == path
    assert back.critical_path_nodes == graph.critical_path_nodes
    assert back.critical_path_events_set == graph.critical_path_events_set
    assert back.event_to_start_node_map == graph.event_to_start_node_map
    assert back.event_to_end_node_map == graph.event_to_end_node_map
    assert back.node_list == nodes
    assert sorted(back.edges(data="weight")) == sorted(graph.edges(data="weight"))
    assert back.summary().to_dict() == pytest.approx(graph.summary().to_dict())
    assert len(back.get_critical_path_breakdown()) == len(graph.get_critical_path_breakdown())
    assert list(back.get_critical_path_breakdown().columns) == list(graph.get_critical_path_breakdown().columns)
    assert os.path.exists(a.overlay_critical_path_analysis(cfg["rank"], back, str(tmp_path / "overlay")))
    # files that are not a saved graph, and the wrong rank
    bad = tmp_path / "bad.zip"
    bad.write_bytes(b"not a zip")
    with pytest.raises(ValueError, match="bad.zip"):
        restore_cpgraph(str(bad), a.t, cfg["rank"])
    import zipfile
    with zipfile.ZipFile(tmp_path / "other.zip", "w") as z:
        z.writestr("graph.json", '{"format": "something else"}')
    with pytest.raises(ValueError, match="not a saved critical path graph"):
        restore_cpgraph(str(tmp_path / "other.zip"), a.t, cfg["rank"])
    with pytest.raises(ValueError, match="rank"):
        restore_cpgraph(saved, a.t, cfg["rank"] + 1)
    # without a trace the restored graph answers everything but the overlay
    alone = restore_cpgraph(saved, None, cfg["rank"])
    assert alone.critical_path_edges_set == path
    with pytest.raises(ValueError, match="no trace"):
        alone._overlay_native()


@pytest.mark.parametrize("case", CASES)
def test_get_trace_and_symbol_table(case):
    meta_path = golden(case, "meta.json")
    with open(meta_path) as f:
        meta = json.load(f)
    a = analysis(case)
    assert a.t.get_ranks() == meta["ranks"]
    sym = a.t.symbol_table
    for step in meta.get("profiler_step_symbols", []):
        assert sym.sym_table[sym.sym_index[step]] == step
    for rank in meta["ranks"]:
        info = meta["per_rank"][str(rank)]
        df = a.t.get_trace(rank)
        for col in ["index", "cat", "name", "pid", "tid", "ts", "dur", "stream", "correlation",
                    "index_correlation", "iteration", "end"]:
            assert col in df.columns
        assert len(df) == info["rows_after_load"]
        assert df["dur"].dtype == np.float64
        assert str(df["ts"].dtype) == info["ts_dtype"]
        assert sorted(int(s) for s in df.loc[df["stream"] >= 0, "stream"].unique()) == sorted(info["streams"])
        cats = pd.Series([sym.sym_table[c] for c in df["cat"]]).value_counts().to_dict()
        assert cats == info["rows_by_cat"]
        assert a.t.get_iterations(rank) == info["iterations"]


@pytest.mark.parametrize("case", CASES)
def test_get_trace_arg_columns(case):
    """The args of HTA's default parser config are columns, named and
    placed as HTA's, where HTA 0.6.1 recorded its columns."""
    with open(golden(case, "meta.json")) as f:
        meta = json.load(f)
    a = analysis(case)
    core = {"index", "cat", "name", "pid", "tid", "ts", "dur", "end", "index_correlation", "iteration"}
    for rank in meta["ranks"]:
        theirs = meta["per_rank"][str(rank)].get("columns")
        if theirs is None:
            continue
        ours = list(a.t.get_trace(rank).columns)
        # HTA places `end` by the parser; its CUPTI counter columns are not ours
        theirs = [c for c in theirs if c == c.strip() and "__" not in c]
        assert sorted(ours) == sorted(theirs)
        assert [c for c in ours if c not in core] == [c for c in theirs if c not in core]


@pytest.mark.parametrize("case", ["hta_trace_filter_2ranks", "hta_nccl_parser_config", "hta_cp_simple_add"])
def test_get_trace_arg_values(case):
    """Every arg column's value is the raw event's arg, or HTA's default."""
    import gzip

    from hotpath.hta import ParserConfig, ValueType
    kinds = {ValueType.Int: "int", ValueType.Float: "float", ValueType.String: "string", ValueType.Object: "object"}
    specs = [(s.name, s.raw_name, kinds[s.value_type], s.default_value) for s in ParserConfig.get_default_args()
             if s.name not in ("stream", "correlation")]
    a = analysis(case)
    seen = {name: 0 for name, *_rest in specs}
    for rank in a.t.get_ranks():
        path = a.t.trace_files[rank]
        with (gzip.open(path, "rt") if path.endswith(".gz") else open(path)) as f:
            raw = json.load(f)["traceEvents"]
        df = a.t.get_trace(rank)
        for row in df.itertuples(index=False):
            args = raw[row.index].get("args") or {}
            for name, key, kind, default in specs:
                value = getattr(row, name)
                expected = args.get(key, default)
                if key in args:
                    seen[name] += 1
                if kind == "int":
                    assert isinstance(value, (int, np.integer)) and value == int(expected), (row.index, name)
                elif kind == "float":
                    assert value == pytest.approx(float(expected)), (row.index, name)
                else:
                    assert value == expected, (row.index, name)
        assert df["bytes"].dtype == np.int64 and df["memory_bw_gbps"].dtype == np.float64
        assert df["input_dims"].dtype == object
    # the cases hold these args, so the test reads real values
    if case == "hta_trace_filter_2ranks":
        assert seen["input_dims"] > 0 and seen["external_id"] > 0 and seen["bytes"] > 0
    if case == "hta_nccl_parser_config":
        assert seen["collective_name"] > 0 and seen["in_msg_nelems"] > 0 and seen["group_size"] > 0


def test_event_args_bad_input():
    a = analysis("hta_trace_filter_2ranks")
    with pytest.raises(TypeError):
        a.t._t.event_args(0, [5])
    with pytest.raises(TypeError):
        a.t._t.event_args(0, 5)
    with pytest.raises(TypeError, match="not one string"):
        a.t._t.event_args(0, "stream")
    assert a.t._t.event_args(0, []) == []
    # an arg no event has: no rows
    rows, kinds, ints, dbls, texts = a.t._t.event_args(0, ["no such arg anywhere"])[0]
    assert (rows, kinds, ints, dbls, texts) == (b"", b"", b"", b"", [])
    with pytest.raises(Exception, match="rank"):
        a.t._t.event_args(99, ["bytes"])


@pytest.mark.parametrize("case", ["hta_trace_filter_2ranks", "hta_negative_queue_length"])
def test_generate_trace_with_counters(case, tmp_path):
    import gzip
    import shutil
    src = trace_dir(case)
    work = tmp_path / case
    shutil.copytree(src, work)
    with open(golden(case, "trace_with_counters_summary.json")) as f:
        ref = json.load(f)
    a = TraceAnalysis(trace_dir=str(work))
    a.generate_trace_with_counters(ranks=a.t.get_ranks())
    written = sorted(p.name for p in work.iterdir() if "_with_counters" in p.name)
    assert written == sorted(ref["output_files"])
    for name in written:
        counts = {}
        opener = gzip.open if name.endswith(".gz") else open
        with opener(work / name, "rt") as f:
            events = json.load(f)["traceEvents"]
        for e in events:
            if e.get("ph") == "C":
                counts[e["name"]] = counts.get(e["name"], 0) + 1
                assert min(e["args"].values()) >= 0
        assert counts == ref[name]["counter_events_by_name"], name


# --- TraceDiff and LabeledTrace ------------------------------------------------

PAIRS = {"pair_trace_diff": ("hta_trace_diff_control", "hta_trace_diff_test"),
         "pair_trace_compare": ("hta_trace_compare_base", "hta_trace_compare_test")}


def pair_variants():
    out = []
    for pair in sorted(PAIRS):
        folder = os.path.join(GOLDEN, pair) if GOLDEN else None
        if folder is None or not os.path.isdir(folder):
            continue
        for f in sorted(os.listdir(folder)):
            if f.startswith("compare_traces_") and f.endswith(".csv"):
                out.append((pair, f[len("compare_traces_"):-4]))
    return out


_labeled = {}


def labeled(case, label):
    if (case, label) not in _labeled:
        _labeled[(case, label)] = LabeledTrace(label, trace_dir=trace_dir(case))
    return _labeled[(case, label)]


def diff_args(pair, variant, kind="compare_traces"):
    with open(os.path.join(GOLDEN, pair, f"{kind}_{variant}_args.json")) as f:
        args = json.load(f)
    kwargs = {}
    for k, v in args.items():
        if k == "device_type":
            kwargs[k] = DeviceType[v]
        elif k in ("control_rank", "test_rank", "control_iteration", "test_iteration", "use_short_name"):
            kwargs[k] = v
    return kwargs


def test_labeled_trace():
    with open(os.path.join(GOLDEN, "pair_trace_diff", "labeled_traces.json")) as f:
        ref = json.load(f)
    c = labeled(ref["control_case"], "Control")
    t = labeled(ref["test_case"], "Test")
    assert c.label == "Control"
    assert c.ranks() == ref["control"]["ranks"]
    assert c.iterations() == ref["control"]["iterations"]
    assert t.ranks() == ref["test"]["ranks"]
    assert t.iterations() == ref["test"]["iterations"]


def test_labeled_trace_ops_summary():
    """HTA's test: the base run's CPU ops of iteration 1010 on rank 1."""
    base = labeled("hta_trace_compare_base", "Control")
    ops = base.extract_ops(1, 1010, DeviceType.CPU)
    assert (ops["stream"] == -1).all() and (ops["iteration"] == 1010).all()
    summary = base.get_ops_summary(ops).set_index("name")
    expected = {"ProfilerStep#1010": (1, 122149), "nccl:all_reduce": (1, 67), "cudaEventQuery": (1, 4),
                "cudaLaunchKernel": (1, 4), "aten::empty": (1, 0), "aten::as_strided": (1, 0)}
    assert set(summary.index) == set(expected)
    for name, (count, dur) in expected.items():
        assert summary.loc[name, "counts"] == count and summary.loc[name, "total_duration"] == dur
    with pytest.raises(ValueError, match="iteration 5"):
        base.extract_ops(1, 5)


@pytest.mark.parametrize("pair,variant", pair_variants())
def test_compare_traces(pair, variant):
    control, test = PAIRS[pair]
    kwargs = diff_args(pair, variant)
    df = TraceDiff.compare_traces(labeled(control, "Control"), labeled(test, "Test"), **kwargs)
    assert df.index.name == ("short_name" if kwargs.get("use_short_name") else "name")
    assert list(df.columns) == ["Control_counts", "Control_total_duration", "Test_counts", "Test_total_duration",
                                "diff_counts", "diff_duration", "counts_change_categories"]
    assert_matches_golden(df.reset_index(), os.path.join(GOLDEN, pair, f"compare_traces_{variant}.csv"))


def test_compare_traces_positional():
    """HTA's notebooks pass rank, rank, iteration, iteration, device by position."""
    c = labeled("hta_trace_compare_base", "Control")
    t = labeled("hta_trace_compare_test", "Test")
    rank_c, rank_t = c.ranks()[0], t.ranks()[0]
    it_c, it_t = c.iterations()[0], t.iterations()[0]
    df = TraceDiff.compare_traces(c, t, rank_c, rank_t, it_c, it_t, DeviceType.CPU)
    kw = TraceDiff.compare_traces(c, t, control_rank=rank_c, test_rank=rank_t, control_iteration=it_c,
                                  test_iteration=it_t, device_type=DeviceType.CPU)
    pd.testing.assert_frame_equal(df, kw)
    assert len(df) > 0


def test_ops_diff():
    for pair in sorted(PAIRS):
        folder = os.path.join(GOLDEN, pair)
        for f in sorted(os.listdir(folder)):
            if not (f.startswith("ops_diff_") and f.endswith(".json")):
                continue
            with open(os.path.join(folder, f)) as fh:
                ref = json.load(fh)
            kwargs = {}
            for k, v in ref.get("args", {}).items():
                kwargs[k] = DeviceType[v] if k == "device_type" else v
            control, test = PAIRS[pair]
            got = TraceDiff.ops_diff(labeled(control, "Control"), labeled(test, "Test"), **kwargs)
            for kind, names in ref["result"].items():
                assert sorted(got[kind]) == sorted(names), f"{pair} {f} {kind}"


def test_visualize_diff(tmp_path):
    c = labeled("hta_trace_compare_base", "Control")
    t = labeled("hta_trace_compare_test", "Test")
    df = TraceDiff.compare_traces(c, t, device_type=DeviceType.CPU)
    top = df.sort_values("diff_duration").head(5)
    svg = TraceDiff.visualize_counts_diff(top, show_image=False)
    assert svg.startswith(b"<?xml") and b"<svg" in svg
    png = tmp_path / "durations.png"
    TraceDiff.visualize_duration_diff(top, show_image=False, export_image_path=str(png))
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


# --- exact replays of HTA's own test calls (testcfg_*) ---------------------------


def test_testcfg_user_annotation_allowlist():
    case = "hta_ns_resolution"
    (ref,) = needs(case, "testcfg_user_annotation_breakdown_cpu_allowlist_Optimizer_n5.csv")
    df = analysis(case).get_gpu_user_annotation_breakdown(use_gpu_annotation=False, visualize=False, num_kernels=5,
                                                          allowlist_patterns=["Optimizer"])
    assert_matches_golden(df, ref, "user_annotation_breakdown_cpu")
    assert df["name"].str.contains("Optimizer").sum() == 2


def test_testcfg_queue_full_blocked_max1():
    case = "hta_mtia_single_rank"
    (ref,) = needs(case, "testcfg_queue_full_blocked_max1.csv")
    a = analysis(case)
    series = a.get_queue_length_time_series(a.t.get_ranks())
    assert_matches_golden(a.get_time_spent_blocked_on_full_queue(series, max_queue_length=1), ref,
                          "queue_full_blocked_default")


def test_testcfg_frequent_sequences_none_found(tmp_path):
    case = "hta_df_index_resolver"
    (ref,) = needs(case, "testcfg_frequent_aten_clone_rank1.json")
    with open(ref) as f:
        cfg = json.load(f)
    df = analysis(case).get_frequent_cuda_kernel_sequences(cfg["operator_name"], str(tmp_path), rank=cfg["rank"])
    assert len(df) == cfg["rows"] and df.empty == cfg["empty"]
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(cfg["overlay_files"])


# --- the shapes a notebook sees ------------------------------------------------


def _golden_is_int(path, column):
    """Whether HTA wrote the column as integers (no decimal point anywhere)."""
    values = pd.read_csv(path, dtype=str, keep_default_na=False)[column]
    values = [v for v in values if v != ""]
    return bool(values) and all(v.lstrip("-").isdigit() for v in values)


@pytest.mark.parametrize("case", ["hta_trace_filter_2ranks", "hta_nccl_parser_config", "hta_ns_resolution"])
def test_numeric_dtypes_follow_hta(case):
    """A column HTA wrote as integers is an integer column here, one it wrote
    with decimals a float column."""
    a = analysis(case)
    ranks = a.t.get_ranks()
    frames = {
        "temporal_breakdown.csv": a.get_temporal_breakdown(visualize=False),
        "idle_time_breakdown.csv": a.get_idle_time_breakdown(ranks=ranks, visualize=False)[0],
        "gpu_kernel_breakdown_kernel_type.csv": a.get_gpu_kernel_breakdown(visualize=False)[0],
        "gpu_kernel_breakdown_kernels.csv": a.get_gpu_kernel_breakdown(visualize=False)[1],
        "comm_comp_overlap.csv": a.get_comm_comp_overlap(visualize=False),
        "cuda_kernel_launch_stats.csv": stack(a.get_cuda_kernel_launch_stats(ranks=ranks, visualize=False)),
        "queue_length_time_series.csv": stack(a.get_queue_length_time_series(ranks)),
        "memory_bw_time_series.csv": stack(a.get_memory_bw_time_series(ranks)),
    }
    for name, df in frames.items():
        path = golden(case, name)
        if path is None or df is None or len(df) == 0:
            continue
        for col in pd.read_csv(path, nrows=0).columns:
            if col in ("rank",) or not pd.api.types.is_numeric_dtype(df[col]):
                continue
            want_int = _golden_is_int(path, col)
            assert pd.api.types.is_integer_dtype(df[col]) == want_int, f"{name} {col}: {df[col].dtype}"


def test_visualize_shows_hotpath_charts(monkeypatch):
    import hotpath
    shown = []
    monkeypatch.setattr("hotpath.hta._display_charts", lambda charts: shown.extend(charts))
    a = analysis("hta_trace_filter_2ranks")
    a.get_temporal_breakdown()
    a.get_idle_time_breakdown()
    a.get_gpu_kernel_breakdown()
    a.get_comm_comp_overlap()
    a.get_cuda_kernel_launch_stats()
    assert len(shown) >= 5
    assert all(data.lstrip().startswith(b"<?xml") and b"<svg" in data for _n, _t, data in shown)
    assert hotpath.version


@pytest.mark.parametrize("case", CASES)
def test_every_method_runs(case, tmp_path):
    """Where HTA fails or returns nothing, hotpath.hta still answers."""
    a = analysis(case)
    ranks = a.t.get_ranks()
    a.get_temporal_breakdown(visualize=False)
    a.get_idle_time_breakdown(ranks=ranks, visualize=False, show_idle_interval_stats=True)
    a.get_gpu_kernel_breakdown(visualize=False)
    a.get_comm_comp_overlap(visualize=False)
    a.get_cuda_kernel_launch_stats(ranks=ranks, visualize=False)
    a.get_aten_op_kernels_and_delay(ranks=ranks)
    series = a.get_queue_length_time_series(ranks)
    a.get_queue_length_summary(ranks)
    a.get_time_spent_blocked_on_full_queue(series)
    a.get_memory_bw_time_series(ranks)
    a.get_memory_bw_summary(ranks)
    a.get_gpu_user_annotation_breakdown(visualize=False)
    a.get_gpu_user_annotation_breakdown(use_gpu_annotation=False, visualize=False)
    a.get_gpu_kernels_with_user_annotations(ranks[0])
    a.get_cupti_counter_data_with_operators(ranks=ranks)
    assert isinstance(a.get_profiler_steps(), list)
    # HTA crashes without steps or collectives; here the error says why
    try:
        assert isinstance(a.get_potential_stragglers(), list)
    except hotpath.Error as e:
        assert "profiler step" in str(e)
    choice = golden(case, "frequent_cuda_kernel_sequences_choice.json")
    op = "aten::mm"
    if choice is not None:
        with open(choice) as f:
            op = json.load(f).get("operator_name") or op
    assert isinstance(a.get_frequent_cuda_kernel_sequences(op, str(tmp_path), rank=ranks[0]), pd.DataFrame)
    graph, ok = a.critical_path_analysis(ranks[0], "", None)
    assert isinstance(ok, bool)
