# hotpath.hta's options beyond the defaults: HTA's parser configs (which
# args get_trace() has), custom straggler identification, and the critical
# path's edge attribution, against HTA's golden outputs where HTA wrote them.
#
# SPDX-License-Identifier: GPL-3.0-or-later

import gzip
import json
import os
import warnings

import numpy as np
import pandas as pd
import pytest

from conftest import GOLDEN, trace_dir
from hotpath.hta import (AttributeSpec, CPEdgeType, ParserBackend, ParserConfig, TraceAnalysis, ValueType,
                         find_stragglers_with_late_start_comm_kernels, restore_cpgraph)

CORE = ["index", "cat", "name", "pid", "tid", "ts", "dur", "stream", "correlation", "index_correlation",
        "iteration", "end"]


def load(case, **kwargs):
    path = trace_dir(case)
    if path is None:
        pytest.skip(f"no trace {case}")
    return TraceAnalysis(trace_dir=path, **kwargs)


def raw_events(a, rank):
    path = a.t.trace_files[rank]
    with (gzip.open(path, "rt") if path.endswith(".gz") else open(path)) as f:
        return json.load(f)["traceEvents"]


def expected_value(spec, args):
    if spec.raw_name not in args:
        return spec.default_value
    v = args[spec.raw_name]
    if spec.value_type == ValueType.Int:
        return int(v)
    if spec.value_type == ValueType.Float:
        return float(v)
    return v


def assert_args_match(a, rank, specs):
    raw = raw_events(a, rank)
    df = a.t.get_trace(rank)
    seen = 0
    for row in df.itertuples(index=False):
        args = raw[row.index].get("args") or {}
        for spec in specs:
            value = getattr(row, spec.name)
            expected = expected_value(spec, args)
            seen += spec.raw_name in args
            if spec.value_type == ValueType.Float:
                assert value == pytest.approx(expected), (row.index, spec.name)
            else:
                assert value == expected, (row.index, spec.name)
    return seen


# -- parser configs --------------------------------------------------------


def test_parser_config_names_and_sets():
    """ParserConfig and its arg sets are importable where HTA has them, with
    HTA's specs (names, raw names, types, defaults)."""
    assert [s.name for s in ParserConfig.ARGS_MINIMUM] == ["stream", "correlation"]
    default = [s.name for s in ParserConfig.get_default_args()]
    assert default[:2] == ["stream", "correlation"] and "collective_name" in default and len(default) == 20
    complete = {s.name for s in ParserConfig.ARGS_COMPLETE}
    assert set(default) <= complete and "grid" in complete and "labels" not in complete
    spec = ParserConfig.get_all_available_args()["data::bandwidth"]
    assert (spec.name, spec.raw_name, spec.value_type, spec.default_value) == \
        ("memory_bw_gbps", "memory bandwidth (GB/s)", ValueType.Float, 0.0)
    assert ParserConfig.transform_arg_name("est. achieved occupancy %") == "est_achieved_occupancy"
    assert ParserConfig.transform_arg_name("name") == "arg_name"
    cfg = ParserConfig(ParserConfig.ARGS_MINIMUM)
    cfg.add_args(ParserConfig.ARGS_SYNC)
    assert [s.name for s in cfg.get_args()] == ["stream", "correlation", "wait_on_stream",
                                                "wait_on_cuda_event_record_corr_id"]
    assert ParserConfig.get_default_cfg() is not ParserConfig.get_default_cfg()


def test_parser_config_minimum():
    """ARGS_MINIMUM: the frame has the core columns only."""
    a = load("hta_trace_filter_2ranks", parser_config=ParserConfig(ParserConfig.ARGS_MINIMUM))
    for rank in a.t.get_ranks():
        assert list(a.t.get_trace(rank).columns) == CORE
    # the analyses do not depend on the frame's columns
    assert len(a.get_temporal_breakdown(visualize=False)) == 2


def test_parser_config_default_is_hta_default():
    a = load("hta_trace_filter_2ranks")
    b = load("hta_trace_filter_2ranks", parser_config=ParserConfig())
    pd.testing.assert_frame_equal(a.t.get_trace(0), b.t.get_trace(0))
    names = [s.name for s in ParserConfig.ARGS_DEFAULT[2:]]
    assert list(a.t.get_trace(0).columns) == CORE[:9] + names + CORE[9:]


@pytest.mark.parametrize("case", ["hta_trace_filter_2ranks", "hta_cp_simple_add"])
def test_parser_config_complete(case):
    """ARGS_COMPLETE: every arg HTA knows (grid, block, registers ...) is a
    column with the raw event's value or HTA's default."""
    a = load(case, parser_config=ParserConfig(ParserConfig.ARGS_COMPLETE))
    specs = [s for s in ParserConfig.ARGS_COMPLETE if s.name not in ("stream", "correlation")]
    df = a.t.get_trace(0)
    assert [c for c in df.columns if c not in CORE] == [s.name for s in specs]
    for s in specs:
        if s.value_type == ValueType.Int:
            assert df[s.name].dtype == np.int64, s.name
        elif s.value_type == ValueType.Float:
            assert df[s.name].dtype == np.float64, s.name
    seen = assert_args_match(a, 0, specs)
    assert seen > 0
    if case == "hta_cp_simple_add":
        assert (df["grid"].map(len) == 3).any() and (df["registers_per_thread"] > 0).any()


def test_parser_config_custom_list_and_selector():
    """A list of specs of one's own (a raw name HTA has no spec for), and
    set_args_selector() keeping some of the config's args by name."""
    mine = AttributeSpec("kernel_device", "device", ValueType.Int, -7)
    cfg = ParserConfig([mine, ParserConfig.get_all_available_args()["threads::grid"]])
    a = load("hta_cp_simple_add", parser_config=cfg)
    df = a.t.get_trace(0)
    assert [c for c in df.columns if c not in CORE] == ["kernel_device", "grid"]
    assert (df["kernel_device"] == -7).any() and (df["kernel_device"] == 0).any()
    assert_args_match(a, 0, [mine])
    cfg = ParserConfig().set_args_selector(["bytes", "input_dims"])
    b = load("hta_cp_simple_add", parser_config=cfg)
    assert [c for c in b.t.get_trace(0).columns if c not in CORE] == ["bytes", "input_dims"]
    with pytest.raises(KeyError, match="no_such_arg"):
        load("hta_cp_simple_add", parser_config=ParserConfig().set_args_selector(["no_such_arg"])).t.get_trace(0)


def test_parser_config_parse_all_args():
    """parse_all_args: every arg the rank's events carry is a column, under
    HTA's spec name where HTA has one, else under its transformed raw name
    with the type of its values."""
    cfg = ParserConfig(ParserConfig.ARGS_MINIMUM).set_parse_all_args(True)
    a = load("hta_cp_simple_add", parser_config=cfg)
    df = a.t.get_trace(0)
    raw = raw_events(a, 0)
    keys = set()
    for i in df["index"]:
        keys.update((raw[i].get("args") or {}).keys())
    by_raw = {s.raw_name: s.name for s in ParserConfig.get_all_available_args().values()}
    expected = {by_raw.get(k, ParserConfig.transform_arg_name(k)) for k in keys} - {"stream", "correlation"}
    assert set(df.columns) - set(CORE) == expected
    assert df["grid"].dtype == object and df["registers_per_thread"].dtype == np.int64


def test_parser_config_backends_warn():
    """HTA's reader settings are accepted with a warning saying Hotpath
    reads the trace itself; the frame is the default one."""
    cfg = ParserConfig()
    cfg.set_parser_backend(ParserBackend.IJSON_BATCH_AND_COMPRESS)
    with pytest.warns(UserWarning, match="ijson_batch_and_compress.*own parser"):
        a = load("hta_cp_simple_add", parser_config=cfg)
    assert "bytes" in a.t.get_trace(0).columns
    cfg = ParserConfig()
    cfg.set_trace_memory(True)
    with pytest.warns(UserWarning, match="trace_memory"):
        load("hta_cp_simple_add", parser_config=cfg)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        load("hta_cp_simple_add", parser_config=ParserConfig())
    with pytest.raises(TypeError, match="ParserConfig"):
        load("hta_cp_simple_add", parser_config="json")
    with pytest.warns(UserWarning, match="not an argument"):
        load("hta_cp_simple_add", max_workers=3)


def test_event_arg_columns_bad_input():
    a = load("hta_cp_simple_add")
    import json as _json
    with pytest.raises(ValueError, match="kind"):
        a.t._t.event_arg_columns(0, [("bytes", "q", 0)], _json.loads)
    with pytest.raises(TypeError, match="tuple"):
        a.t._t.event_arg_columns(0, ["bytes"], _json.loads)
    with pytest.raises(TypeError, match="callable"):
        a.t._t.event_arg_columns(0, [("bytes", "i", 0)], None)
    with pytest.raises(TypeError):
        a.t._t.event_arg_columns(0, [("bytes", "i", "not an int")], _json.loads)
    with pytest.raises(Exception, match="rank"):
        a.t._t.event_arg_columns(99, [], _json.loads)
    # an error of loads itself reaches the caller
    def refuse(_text):
        raise RuntimeError("refused")
    with pytest.raises(RuntimeError, match="refused"):
        a.t._t.event_arg_columns(0, [("grid", "o", None)], refuse)
    # a text loads cannot read stays text
    def bad_json(_text):
        raise ValueError("no")
    codes, values = a.t._t.event_arg_columns(0, [("grid", "o", None)], bad_json)[0]
    assert len(codes) == 4 * len(a.t.get_trace(0)) and values[0] is None
    assert any(isinstance(v, str) and v.startswith("[") for v in values)
    # each distinct text is one value; the codes point at them
    codes, values = a.t._t.event_arg_columns(0, [("grid", "o", "none")], _json.loads)[0]
    assert len(values) == len({_json.dumps(v) for v in values})
    assert max(np.frombuffer(codes, dtype=np.uint32)) == len(values) - 1
    assert a.t._t.event_arg_columns(0, [], _json.loads) == []


# -- stragglers ------------------------------------------------------------


def test_stragglers_default_impl_equals_native():
    """HTA's default metric, as a function over the events, gives what the
    native analysis gives and what HTA recorded."""
    a = load("hta_trace_filter_2ranks")
    with open(os.path.join(GOLDEN, "hta_trace_filter_2ranks", "potential_stragglers.json")) as f:
        expected = json.load(f)
    native = a.get_potential_stragglers()
    assert sorted(native) == sorted(expected["default"])
    assert a.get_potential_stragglers(straggler_identification_impl=find_stragglers_with_late_start_comm_kernels) \
        == native

    def wrapped(df, sym, n, visualize):
        return find_stragglers_with_late_start_comm_kernels(df, sym, n, visualize)
    assert sorted(a.get_potential_stragglers(straggler_identification_impl=wrapped)) == sorted(native)
    first = a.get_profiler_steps()[:1]
    assert sorted(a.get_potential_stragglers(first, 2, straggler_identification_impl=wrapped)) == \
        sorted(expected["first_step_only_num_candidates_2"])
    for n in (1, 2):
        assert len(a.get_potential_stragglers(num_candidates=n, straggler_identification_impl=wrapped)) == n


def test_stragglers_custom_impl():
    """A custom metric gets HTA's arguments (the chosen steps' events of
    every rank with a rank column, the symbol table, the number of
    candidates, visualize) and its largest counts are the answer."""
    a = load("hta_trace_filter_2ranks")
    calls = []

    def most_events(df, symbol_table, n, visualize):
        calls.append((set(df["rank"]), set(df["iteration"]), n, visualize, symbol_table))
        return df.groupby("rank").size()
    steps = a.get_profiler_steps()
    got = a.get_potential_stragglers(steps[-1:], 1, True, straggler_identification_impl=most_events)
    ranks, iterations, n, visualize, sym = calls[0]
    assert ranks == set(a.t.get_ranks()) and iterations == {steps[-1]} and n == 1 and visualize is True
    assert sym is a.t.symbol_table
    counts = {r: int((a.t.get_trace(r)["iteration"] == steps[-1]).sum()) for r in a.t.get_ranks()}
    assert got == [max(counts, key=counts.get)]
    # num_candidates below 1 counts as 1, as in HTA
    assert len(a.get_potential_stragglers(num_candidates=0, straggler_identification_impl=most_events)) == 1


def test_stragglers_bad_values():
    a = load("hta_trace_filter_2ranks")
    with pytest.raises(TypeError, match="not callable"):
        a.get_potential_stragglers(straggler_identification_impl="late_start")
    with pytest.raises(ValueError, match="profiler_steps"):
        a.get_potential_stragglers([123456789], straggler_identification_impl=lambda *x: pd.Series(dtype=int))


# -- critical path edge attribution ----------------------------------------


def cp_cases():
    out = []
    if GOLDEN is None:
        return out
    for case in sorted(os.listdir(GOLDEN)):
        for prefix in ("critical_path", "critical_path_testcfg", "critical_path_e2ecfg"):
            if os.path.exists(os.path.join(GOLDEN, case, f"{prefix}_breakdown.csv")) and trace_dir(case):
                out.append((case, prefix))
    return out


@pytest.mark.parametrize("case,prefix", cp_cases())
def test_critical_path_attribution(case, prefix, monkeypatch):
    """The path's time charged through the edges alone (each path edge's
    attributed event, weight, type and bound_by) is HTA's breakdown and
    summary."""
    with open(os.path.join(GOLDEN, case, f"{prefix}.json")) as f:
        cfg = json.load(f)
    if cfg.get("CRITICAL_PATH_ADD_ZERO_WEIGHT_LAUNCH_EDGE"):
        monkeypatch.setenv("CRITICAL_PATH_ADD_ZERO_WEIGHT_LAUNCH_EDGE", "1")
    else:
        monkeypatch.delenv("CRITICAL_PATH_ADD_ZERO_WEIGHT_LAUNCH_EDGE", raising=False)
    a = load(case)
    graph, ok = a.critical_path_analysis(cfg["rank"], cfg["annotation"], cfg["instance_id"],
                                         data_load_events=cfg.get("data_load_events"))
    if not ok:
        pytest.skip("HTA found no path")
    rows = []
    for e in graph.critical_path_edges_set:
        ev = graph.get_event_attribution_for_edge(e)
        if e.type in (CPEdgeType.OPERATOR_KERNEL, CPEdgeType.KERNEL_KERNEL_DELAY):
            assert ev is not None
        else:
            assert ev is None
        rows.append({"event_idx": ev if ev is not None and ev >= 0 else None, "duration": e.weight,
                     "type": e.type.value, "bound_by": graph.get_edge_bound_by(e)})
    mine = pd.DataFrame(rows, columns=["event_idx", "duration", "type", "bound_by"])
    mine = mine.sort_values(["event_idx", "type", "duration"], kind="stable", na_position="first")
    theirs = pd.read_csv(os.path.join(GOLDEN, case, f"{prefix}_breakdown.csv"), keep_default_na=False)
    assert len(mine) == len(theirs)
    for n, (x, y) in enumerate(zip(mine.itertuples(index=False), theirs.itertuples(index=False))):
        assert ("" if pd.isna(x.event_idx) else str(int(x.event_idx))) == str(y.event_idx).replace(".0", ""), n
        assert x.duration == pytest.approx(float(y.duration), abs=1e-6), n
        assert (x.type, x.bound_by) == (y.type, y.bound_by), n
    # the summary from the edges' bound_by
    total = mine["duration"].sum()
    pct = mine.groupby("bound_by")["duration"].sum() / total * 100
    expected = pd.read_csv(os.path.join(GOLDEN, case, f"{prefix}_summary.csv"), keep_default_na=False)
    for bound_by, p in zip(expected["bound_by"], expected["pct_of_path_duration"]):
        assert pct.get(bound_by, 0.0) == pytest.approx(float(p), abs=1e-6), bound_by
    # the networkx view carries the same bound_by
    try:
        import networkx  # noqa: F401
    except ImportError:
        return
    for u, v, b in list(graph.edges(data="bound_by"))[:500]:
        assert b == graph.get_edge_bound_by(graph.edges[u, v]["object"])


def test_critical_path_attribution_maps(tmp_path, monkeypatch):
    """edge_to_event_map holds HTA's operator and kernel-kernel edges only,
    get_edges_attributed_to_event inverts it, and both survive save/restore."""
    monkeypatch.delenv("CRITICAL_PATH_ADD_ZERO_WEIGHT_LAUNCH_EDGE", raising=False)
    a = load("hta_cp_simple_add")
    graph, ok = a.critical_path_analysis(0, "", None)
    assert ok
    m = graph.edge_to_event_map
    kinds = {(e.begin, e.end): e.type for e in graph.edge_list}
    assert m and all(kinds[k] in (CPEdgeType.OPERATOR_KERNEL, CPEdgeType.KERNEL_KERNEL_DELAY) for k in m)
    assert all(k in m for k, t in kinds.items() if t == CPEdgeType.OPERATOR_KERNEL)
    # a kernel's own edge is charged to the kernel; a gap to the kernel before
    for e in graph.edge_list:
        if e.type == CPEdgeType.KERNEL_KERNEL_DELAY:
            assert m[(e.begin, e.end)] == graph.node_list[e.begin].ev_idx
    ev = next(v for v in m.values() if v >= 0)
    attributed = graph.get_edges_attributed_to_event(ev)
    assert attributed and all(m[(e.begin, e.end)] == ev for e in attributed)
    assert graph.get_edges_attributed_to_event(-12345) == []
    with pytest.raises(KeyError):
        from hotpath.hta import CPEdge
        graph.get_edge_bound_by(CPEdge(10 ** 9, 10 ** 9 + 1, CPEdgeType.DEPENDENCY))
    back = restore_cpgraph(graph.save(str(tmp_path / "cp")), a.t, 0)
    assert back.edge_to_event_map == m
    assert [back.get_edge_bound_by(e) for e in back.edge_list] == [graph.get_edge_bound_by(e) for e in graph.edge_list]


def test_critical_path_restores_format_1(tmp_path, monkeypatch):
    """A graph saved before edge attribution existed (format 1: no
    attribution, no bound_by) restores, with none."""
    import io
    import zipfile
    monkeypatch.delenv("CRITICAL_PATH_ADD_ZERO_WEIGHT_LAUNCH_EDGE", raising=False)
    a = load("hta_cp_simple_add")
    graph, _ok = a.critical_path_analysis(0, "", None)
    saved = graph.save(str(tmp_path / "cp"))
    old = tmp_path / "old.zip"
    with zipfile.ZipFile(saved) as z, zipfile.ZipFile(old, "w") as out:
        for name in z.namelist():
            data = z.read(name)
            if name == "graph.json":
                meta = json.loads(data)
                meta["format"] = "hotpath-cpgraph-1"
                del meta["bound_by"]
                data = json.dumps(meta).encode()
            elif name == "arrays.npz":
                arrays = dict(np.load(io.BytesIO(data)))
                del arrays["attribution"]
                buf = io.BytesIO()
                np.savez(buf, **arrays)
                data = buf.getvalue()
            out.writestr(name, data)
    back = restore_cpgraph(str(old), a.t, 0)
    assert back.critical_path_edges_set == graph.critical_path_edges_set
    assert back.edge_to_event_map == {}
    assert back.get_edge_bound_by(next(iter(back.critical_path_edges_set))) == ""


def test_arg_keys():
    a = load("hta_cp_simple_add")
    keys = a.t._t.arg_keys(0)
    assert "External id" in keys and "grid" in keys and len(keys) == len(set(keys))
    with pytest.raises(Exception, match="rank"):
        a.t._t.arg_keys(99)
