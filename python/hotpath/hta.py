# hotpath.hta — HTA's notebook API (TraceAnalysis, TraceDiff, LabeledTrace,
# DeviceType) with HTA's names, parameters, defaults and return shapes,
# computed by libhotpath in HTA-compatible mode.
#
# SPDX-License-Identifier: GPL-3.0-or-later

"""A drop-in for HTA's API:

    from hotpath.hta import TraceAnalysis, TraceDiff, LabeledTrace, DeviceType

Every number is the one `hotpath-cli report --hta-compat` writes, equal to
HTA's. `visualize=True` shows Hotpath's own charts inline (SVG) instead of
plotly figures.
"""

import os
import random
from dataclasses import dataclass
from enum import Enum, Flag, auto
from typing import Any, Callable, Dict, List, Optional, Tuple, Union

import numpy as np
import pandas as pd

from . import _hotpath, _display_charts, table_frame

__all__ = ["CPEdge", "CPEdgeType", "CPGraph", "CPNode", "DeviceType", "LabeledTrace", "TimeSeriesTypes", "Trace",
           "TraceAnalysis", "TraceDiff", "TraceSymbolTable", "restore_cpgraph"]

DEFAULT_TRACE_DIR = "/tmp/trace"
# the registry's defaults: a parameter at its default adds nothing to a run
_DEFAULTS = {p["name"]: p["default"] for p in _hotpath.params() if p["default"] is not None}
_DESCRIBE = ["count", "mean", "std", "min", "25%", "50%", "75%", "max"]


class TimeSeriesTypes(Flag):
    QUEUE_LENGTH = auto()
    MEMCPY_BANDWIDTH = auto()


class DeviceType(Enum):
    CPU = 0x1
    GPU = 0x2
    ALL = 0x3


class TraceSymbolTable:
    """HTA's symbol table: `sym_table` (id -> text) and `sym_index` (text -> id)."""

    def __init__(self, strings: List[str]):
        self.sym_table = list(strings)
        self.sym_index = {s: i for i, s in reversed(list(enumerate(self.sym_table)))}

    def get_sym_table(self) -> List[str]:
        return self.sym_table

    def get_sym_id_map(self) -> Dict[str, int]:
        return self.sym_index

    def get_sym_id(self, sym: str) -> int:
        return self.sym_index.get(sym, -1)

    def get_sym_name(self, sym_id: int) -> str:
        return self.sym_table[sym_id] if 0 <= sym_id < len(self.sym_table) else ""

    def add_symbols_to_trace_df(self, df: pd.DataFrame, col: str) -> None:
        table = np.array(self.sym_table + [""], dtype=object)
        df[f"s_{col}"] = table[df[col].to_numpy()]


class _Traces(dict):
    """rank -> per-rank frame, built on first use (HTA's Trace.traces)."""

    def __init__(self, trace: "Trace"):
        super().__init__({r: None for r in trace.get_ranks()})
        self._trace = trace

    def __getitem__(self, rank):
        value = super().__getitem__(rank)
        if value is None:
            value = self._trace._frame(rank)
            super().__setitem__(rank, value)
        return value

    def items(self):
        return [(r, self[r]) for r in self.keys()]

    def values(self):
        return [self[r] for r in self.keys()]


# HTA's default parser config's args (its ParserConfig.ARGS_DEFAULT, less
# stream and correlation, which are core columns): column, arg, kind,
# value where an event lacks it
_ARG_COLUMNS = [
    ("bytes", "bytes", "int", -1),
    ("memory_bw_gbps", "memory bandwidth (GB/s)", "float", 0.0),
    ("wait_on_stream", "wait_on_stream", "int", -1),
    ("wait_on_cuda_event_record_corr_id", "wait_on_cuda_event_record_corr_id", "int", -1),
    ("input_dims", "Input Dims", "object", "-1"),
    ("input_type", "Input type", "object", "-1"),
    ("input_strides", "Input Strides", "object", "-1"),
    ("external_id", "External id", "int", -1),
    ("python_id", "Python id", "int", -1),
    ("python_parent_id", "Python parent id", "int", -1),
    ("collective_name", "Collective name", "string", ""),
    ("in_msg_nelems", "In msg nelems", "int", 0),
    ("out_msg_nelems", "Out msg nelems", "int", 0),
    ("msg_dtype", "dtype", "string", ""),
    ("group_size", "Group size", "int", 0),
    ("process_rank", "Rank", "int", -1),
    ("in_split_size", "In split size", "object", "[]"),
    ("out_split_size", "Out split size", "object", "[]"),
]
# the kinds event_args() reports (libhotpath's HpArgType)
_ARG_INT, _ARG_DOUBLE, _ARG_STRING, _ARG_TRUE, _ARG_FALSE, _ARG_NULL, _ARG_JSON, _ARG_NUMBER = range(8)


def _arg_values(kinds, ints, dbls, texts, kind: str) -> np.ndarray:
    """The Python values of one arg, as json.loads would give them; arrays
    and objects decoded once per distinct text."""
    import json

    ints = np.frombuffer(ints, dtype=np.int64)
    dbls = np.frombuffer(dbls, dtype=np.float64)
    out = np.empty(len(kinds), dtype=object)
    decoded: Dict[str, Any] = {}
    for i, (k, t) in enumerate(zip(kinds.tolist(), texts)):
        if k == _ARG_STRING:
            v = t
        elif k == _ARG_JSON:
            v = decoded.get(t)
            if v is None:
                try:
                    v = decoded[t] = json.loads(t)
                except ValueError:
                    v = t
        elif k == _ARG_INT:
            v = int(ints[i])
        elif k == _ARG_DOUBLE:
            v = float(dbls[i])
        elif k == _ARG_NUMBER:
            v = float(t) if kind != "string" else t
        elif k in (_ARG_TRUE, _ARG_FALSE):
            v = k == _ARG_TRUE
        else:
            v = None
        out[i] = v
    return out


class Trace:
    """HTA's Trace: the per-rank event frames and the symbol table."""

    def __init__(self, native, trace_dir: str, trace_files: Dict[int, str]):
        self._t = native
        self.trace_path = trace_dir
        self.trace_files = trace_files or native.files()
        self.is_parsed = True
        self.symbol_table = TraceSymbolTable(native.strings())
        self.traces = _Traces(self)
        self.min_ts = native.min_ts // 1000

    def _frame(self, rank: int) -> pd.DataFrame:
        cols = self._t.events(rank)
        ts_int = cols.pop("ts_is_int")
        dtypes = {"ts": np.int64 if ts_int else np.float64, "dur": np.float64, "end": np.float64}
        order = ["index", "cat", "name", "pid", "tid", "ts", "dur", "stream", "correlation", "index_correlation",
                 "iteration", "end"]
        n = len(cols["index"]) // 8
        data = {k: np.frombuffer(cols[k], dtype=dtypes.get(k, np.int64)).copy() for k in order}
        out = {k: data[k] for k in order[:9]}
        out.update(self._arg_columns(rank, n))
        out.update((k, data[k]) for k in order[9:])
        return pd.DataFrame(out, copy=False)

    def _arg_columns(self, rank: int, n: int) -> Dict[str, np.ndarray]:
        """The args HTA's default parser config reads, one column each:
        HTA's names, its default where an event lacks the arg."""
        found = dict(zip((spec[0] for spec in _ARG_COLUMNS),
                         self._t.event_args(rank, [spec[1] for spec in _ARG_COLUMNS])))
        out = {}
        for name, _raw, kind, default in _ARG_COLUMNS:
            if kind == "int":
                col = np.full(n, default, dtype=np.int64)
            elif kind == "float":
                col = np.full(n, default, dtype=np.float64)
            else:
                col = np.full(n, default, dtype=object)
            if name in found:
                rows, kinds, ints, dbls, texts = found[name]
                rows = np.frombuffer(rows, dtype=np.uint32)
                kinds = np.frombuffer(kinds, dtype=np.uint8)
                if kind == "int":
                    col[rows] = np.where(kinds == _ARG_DOUBLE, np.frombuffer(dbls, dtype=np.float64),
                                         np.frombuffer(ints, dtype=np.int64)).astype(np.int64)
                elif kind == "float":
                    col[rows] = np.frombuffer(dbls, dtype=np.float64)
                else:
                    col[rows] = _arg_values(kinds, ints, dbls, texts, kind)
            out[name] = col
        return out

    def get_ranks(self) -> List[int]:
        return self._t.ranks()

    def get_trace(self, rank: int) -> pd.DataFrame:
        if rank not in self.traces:
            raise ValueError(f"rank {rank} is not in the trace")
        return self.traces[rank]

    def get_all_traces(self) -> Dict[int, pd.DataFrame]:
        return {r: self.traces[r] for r in self.get_ranks()}

    def get_iterations(self, rank: Optional[int] = None) -> List[int]:
        rank = self.get_ranks()[0] if rank is None else rank
        return sorted(i for i in self._t.iterations(rank) if i >= 0)

    def get_trace_duration(self, rank: Optional[int] = None) -> int:
        df = self.get_trace(self.get_ranks()[0] if rank is None else rank)
        return int(df["ts"].max() - df["ts"].min()) if len(df) else 0

    def get_device_type(self) -> str:
        return self._t.device_type

    def get_trace_start_unixtime_ns(self) -> int:
        return int(self._t.min_ts)

    def decode_symbol_ids(self, use_shorten_name: bool = True) -> None:
        for df in self.traces.values():
            self.symbol_table.add_symbols_to_trace_df(df, "name")
            self.symbol_table.add_symbols_to_trace_df(df, "cat")


def _paths(trace_files: Optional[Dict[int, str]], trace_dir: str) -> List[str]:
    if not trace_files:
        return [trace_dir]
    out = []
    for _rank, f in sorted(trace_files.items()):
        out.append(f if os.path.isabs(f) or trace_dir is None else os.path.join(trace_dir, f))
    return out


def _rank_list(trace: Trace, ranks: Optional[List[int]]) -> List[int]:
    if ranks is None or len(ranks) == 0:
        ranks = [0]
    known = set(trace.get_ranks())
    for r in ranks:
        if r not in known:
            raise ValueError(f"rank {r} is not in the trace (ranks: {sorted(known)})")
    return list(ranks)


def _by_rank(frame: pd.DataFrame, ranks: List[int], drop_rank: bool = True) -> Dict[int, pd.DataFrame]:
    out = {}
    if "rank" not in frame.columns:
        return out
    for r in ranks:
        part = frame[frame["rank"] == r]
        if drop_rank:
            part = part.drop(columns=["rank"])
        out[r] = part.reset_index(drop=True)
    return out


def _describe_frame(frame: pd.DataFrame, keys: List[str], group: str) -> pd.DataFrame:
    """A flat describe table as HTA's groupby().describe(): keys as the
    index, (group, statistic) column pairs."""
    if frame is None or len(frame) == 0:
        return frame
    out = frame.set_index(keys)
    out.columns = [c.split(".", 1)[-1] if c.startswith(group + ".") else c for c in out.columns]
    out = out[[c for c in _DESCRIBE if c in out.columns]]
    out.columns = pd.MultiIndex.from_tuples([(group, s) for s in out.columns])
    return out


class _LazyFrames(dict):
    """An analysis' tables by name, each made a DataFrame only when asked
    for: most methods want one table of several (a fresh frame each time,
    as HTA returns)."""

    def __getitem__(self, name: str) -> pd.DataFrame:
        return table_frame(super().__getitem__(name))

    def get(self, name: str, default=None):
        return self[name] if name in self else default

    def values(self):
        return [self[k] for k in self.keys()]

    def items(self):
        return [(k, self[k]) for k in self.keys()]


class TraceAnalysis:
    """HTA's TraceAnalysis: loads a trace folder (or files) and runs HTA's analyses."""

    def __init__(self, trace_files: Optional[Dict[int, str]] = None, trace_dir: str = DEFAULT_TRACE_DIR,
                 include_last_profiler_step: Optional[bool] = False, **kwargs: Any):
        native = _hotpath.load(_paths(trace_files, trace_dir), hta_compat=True,
                               include_last_profiler_step=bool(include_last_profiler_step))
        self.t = Trace(native, trace_dir, trace_files)

    # -- helpers --------------------------------------------------------------

    def _run(self, analysis: str, **params) -> Dict[str, Any]:
        # a trace never changes after loading, so neither do its results:
        # the queue-length methods, say, share one run
        params = {k: v for k, v in params.items() if v is not None and _DEFAULTS.get(k, ()) != v}
        key = (analysis, tuple(sorted((k, repr(v)) for k, v in params.items())))
        cache = self.__dict__.setdefault("_results", {})
        if key not in cache:
            cache[key] = {t.name: t for t in self.t._t.run(analysis, params)}
        return cache[key]

    def _frames(self, analysis: str, **params) -> "_LazyFrames":
        return _LazyFrames(self._run(analysis, **params))

    def _show(self, tables, visualize: bool, **params) -> None:
        if not visualize:
            return
        for t in tables:
            _display_charts(t.charts(format="svg", params=params or None))

    # -- §1 temporal breakdown ------------------------------------------------

    def get_temporal_breakdown(self, visualize: bool = True) -> pd.DataFrame:
        tables = self._run("temporal_breakdown")
        self._show(tables.values(), visualize)
        return table_frame(tables["temporal_breakdown"])

    # -- §2 idle time ---------------------------------------------------------

    def get_idle_time_breakdown(self, ranks: Optional[List[int]] = None, streams: Optional[List[int]] = None,
                                visualize: bool = True, visualize_pctg: bool = True,
                                show_idle_interval_stats: bool = False,
                                consecutive_kernel_delay: int = 30) -> Tuple[pd.DataFrame, Optional[pd.DataFrame]]:
        ranks = _rank_list(self.t, ranks)
        params = dict(ranks=ranks, streams=streams, show_idle_interval_stats=True,
                      consecutive_kernel_delay=consecutive_kernel_delay)
        tables = self._run("idle_time_breakdown", **params)
        self._show([tables["idle_time_breakdown"]], visualize)
        idle = table_frame(tables["idle_time_breakdown"])
        stats = None
        if show_idle_interval_stats and "idle_time_interval_stats" in tables:
            stats = table_frame(tables["idle_time_interval_stats"])
            if "idle_category" in stats.columns:
                stats = stats.set_index("idle_category")
                stats.index.name = None
        return idle, stats

    # -- §3 kernel breakdown --------------------------------------------------

    def get_gpu_kernel_breakdown(self, visualize: bool = True, duration_ratio: float = 0.8, num_kernels: int = 10,
                                 include_memory_kernels: bool = True,
                                 image_renderer: str = "notebook") -> Tuple[pd.DataFrame, pd.DataFrame]:
        tables = self._run("gpu_kernel_breakdown", duration_ratio=duration_ratio, num_kernels=int(num_kernels),
                           include_memory_kernels=include_memory_kernels)
        self._show(tables.values(), visualize)
        return (table_frame(tables["gpu_kernel_breakdown_kernel_type"]),
                table_frame(tables["gpu_kernel_breakdown_kernels"]))

    # -- §4 user annotations --------------------------------------------------

    def get_gpu_user_annotation_breakdown(self, use_gpu_annotation: bool = True, visualize: bool = True,
                                          duration_ratio: float = 0.8, num_kernels: int = 1000,
                                          allowlist_patterns: Optional[List[str]] = None,
                                          image_renderer: Optional[str] = None) -> Optional[pd.DataFrame]:
        cat = "gpu_user_annotation" if use_gpu_annotation else "user_annotation"
        if cat not in self.t.symbol_table.sym_index:
            return None
        tables = self._run("user_annotation_breakdown", use_gpu_annotation=use_gpu_annotation,
                           annotation_duration_ratio=duration_ratio, annotation_num_kernels=int(num_kernels),
                           allowlist_patterns=allowlist_patterns)
        name = "user_annotation_breakdown_gpu" if use_gpu_annotation else "user_annotation_breakdown_cpu"
        if name not in tables:
            return None
        self._show([tables[name]], visualize)
        return table_frame(tables[name])

    def get_gpu_kernels_with_user_annotations(self, rank: int, expand_names: bool = True,
                                              shorten_names: bool = True) -> Optional[pd.DataFrame]:
        if "gpu_user_annotation" not in self.t.symbol_table.sym_index:
            return None
        _rank_list(self.t, [rank])
        tables = self._frames("gpu_kernels_with_user_annotations", ranks=[rank], expand_names=expand_names,
                              shorten_names=shorten_names)
        frame = tables.get("gpu_kernels_with_user_annotations")
        if frame is None:
            return None
        if "rank" in frame.columns:
            frame = frame.drop(columns=["rank"])
        return frame.reset_index(drop=True)

    # -- §5 overlap -----------------------------------------------------------

    def get_comm_comp_overlap(self, visualize: bool = True) -> pd.DataFrame:
        tables = self._run("comm_comp_overlap")
        self._show(tables.values(), visualize)
        return table_frame(tables["comm_comp_overlap"])

    # -- §6 launch statistics -------------------------------------------------

    def get_cuda_kernel_launch_stats(self, ranks: Optional[List[int]] = None, runtime_cutoff: int = 50,
                                     launch_delay_cutoff: int = 100, include_memory_events: bool = True,
                                     visualize: bool = True) -> Dict[int, pd.DataFrame]:
        ranks = _rank_list(self.t, ranks)
        params = dict(ranks=ranks, runtime_cutoff=runtime_cutoff, launch_delay_cutoff=launch_delay_cutoff,
                      include_memory_events=include_memory_events)
        tables = self._run("cuda_kernel_launch_stats", **params)
        self._show([tables["cuda_kernel_launch_stats"]], visualize, **params)
        return _by_rank(table_frame(tables["cuda_kernel_launch_stats"]), ranks)

    # -- §7 aten ops ----------------------------------------------------------

    def get_aten_op_kernels_and_delay(self, ranks: Optional[List[int]] = None,
                                      sort_by: Optional[List[str]] = None) -> Dict[int, pd.DataFrame]:
        ranks = _rank_list(self.t, ranks)
        frame = self._frames("aten_op_kernels_and_delay", ranks=ranks)["aten_op_kernels_and_delay"]
        out = _by_rank(frame, ranks)
        if sort_by is not None:
            out = {r: df.sort_values(by=list(sort_by), ascending=False, kind="stable").reset_index(drop=True)
                   for r, df in out.items()}
        return out

    # -- §8 counters ----------------------------------------------------------

    def get_queue_length_time_series(self, ranks: Optional[List[int]] = None) -> Dict[int, pd.DataFrame]:
        ranks = _rank_list(self.t, ranks)
        frame = self._frames("queue_length", ranks=ranks)["queue_length_time_series"]
        # HTA's ts is the trace's int64 microseconds
        if len(frame) and frame["ts"].dtype.kind == "f" and (frame["ts"] % 1 == 0).all():
            frame["ts"] = frame["ts"].astype(np.int64)
        return {r: df for r, df in _by_rank(frame, ranks).items() if len(df)}

    def get_queue_length_summary(self, ranks: Optional[List[int]] = None) -> Optional[pd.DataFrame]:
        ranks = _rank_list(self.t, ranks)
        frame = self._frames("queue_length", ranks=ranks)["queue_length_summary"]
        if len(frame) == 0:
            return None
        return _describe_frame(frame, ["rank", "stream"], "queue_length")

    def get_queue_length_summary_from_time_series(self, series: Dict[int, pd.DataFrame]) -> Optional[pd.DataFrame]:
        return self.get_queue_length_summary(list(series.keys()))

    def get_time_spent_blocked_on_full_queue(self, queue_length_dict: Optional[Dict[int, pd.DataFrame]],
                                             max_queue_length: int = 1024) -> Optional[pd.DataFrame]:
        if not queue_length_dict:
            return None
        ranks = list(queue_length_dict.keys())
        frame = self._frames("queue_length", ranks=ranks, max_queue_length=int(max_queue_length))
        out = frame["queue_full_blocked_default"]
        return out if len(out) else None

    def get_memory_bw_time_series(self, ranks: Optional[List[int]] = None) -> Dict[int, pd.DataFrame]:
        ranks = _rank_list(self.t, ranks)
        frame = self._frames("memory_bw", ranks=ranks)["memory_bw_time_series"]
        return {r: df for r, df in _by_rank(frame, ranks).items() if len(df)}

    def get_memory_bw_summary(self, ranks: Optional[List[int]] = None) -> Optional[pd.DataFrame]:
        ranks = _rank_list(self.t, ranks)
        frame = self._frames("memory_bw", ranks=ranks)["memory_bw_summary"]
        if len(frame) == 0:
            return None
        return _describe_frame(frame, ["rank", "name"], "memory_bw_gbps")

    def generate_trace_with_counters(self, time_series: Optional[TimeSeriesTypes] = None,
                                     ranks: Optional[List[int]] = None,
                                     output_suffix: str = "_with_counters") -> None:
        ranks = _rank_list(self.t, ranks)
        if time_series is None:
            time_series = TimeSeriesTypes.QUEUE_LENGTH | TimeSeriesTypes.MEMCPY_BANDWIDTH
        mask = (1 if TimeSeriesTypes.QUEUE_LENGTH in time_series else 0) | \
            (2 if TimeSeriesTypes.MEMCPY_BANDWIDTH in time_series else 0)
        files = self.t._t.files()
        for r in ranks:
            src = files[r]
            base = src[:-len(".json.gz")] if src.endswith(".json.gz") else src[:-len(".json")] \
                if src.endswith(".json") else src
            ext = src[len(base):] or ".json"
            self.t._t.write_counters(r, base + (output_suffix or "_with_counters") + ext, mask)

    # -- §9 kernel sequences --------------------------------------------------

    def get_frequent_cuda_kernel_sequences(self, operator_name: str, output_dir: str, min_pattern_len: int = 3,
                                           rank: int = 0, top_k: int = 5, visualize: bool = False,
                                           compress_other_kernels: bool = True) -> pd.DataFrame:
        columns = ["pattern", "count", "GPU kernel duration (us)", "CPU op duration (us)"]
        if not operator_name or not os.path.isdir(output_dir) or not os.access(output_dir, os.W_OK | os.R_OK):
            return pd.DataFrame(columns=columns)
        _rank_list(self.t, [rank])
        try:
            t, _overlaid = self.t._t.kernel_sequences(int(rank), operator_name, int(min_pattern_len), int(top_k),
                                                      bool(compress_other_kernels), output_dir)
        except _hotpath.Error:  # HTA: an error and an empty table
            return pd.DataFrame(columns=columns)
        self._show([t], visualize)
        return table_frame(t)

    # -- §11 CUPTI counters ---------------------------------------------------

    def get_cupti_counter_data_with_operators(self, ranks: Optional[List[int]] = None) -> List[pd.DataFrame]:
        ranks = _rank_list(self.t, ranks)
        frame = self._frames("cupti_counters", ranks=ranks).get("cupti_counter_data_with_operators")
        if frame is None or len(frame) == 0:
            return []
        if "op_stack" in frame.columns:
            frame["op_stack"] = [s.split(" > ") if isinstance(s, str) else [] for s in frame["op_stack"]]
        if "rank" in frame.columns:
            return [df.reset_index(drop=True) for _r, df in _by_rank(frame, ranks).items() if len(df)]
        return [frame]

    # -- §12 critical path ----------------------------------------------------

    def critical_path_analysis(self, rank: int, annotation: str, instance_id: Union[int, Tuple[int, int], None],
                               data_load_events: Optional[List[str]] = None) -> Tuple["CPGraph", bool]:
        """The critical path of the `instance_id`-th region named `annotation`
        (a substring of event names; "" for the whole trace) on `rank`.
        CRITICAL_PATH_ADD_ZERO_WEIGHT_LAUNCH_EDGE=1 in the environment adds
        HTA's zero-weight launch edges."""
        _rank_list(self.t, [rank])
        if isinstance(instance_id, (tuple, list)):
            first, last = int(instance_id[0]), int(instance_id[1])
        else:
            first = last = int(instance_id or 0)
        zero = os.environ.get("CRITICAL_PATH_ADD_ZERO_WEIGHT_LAUNCH_EDGE") == "1"
        native = self.t._t.critical_path(int(rank), annotation, first, last, zero, data_load_events)
        region = {"annotation": annotation, "first": first, "last": last, "zero": zero,
                  "data_load_events": list(data_load_events) if data_load_events is not None else None}
        graph = CPGraph(native, self.t, int(rank), region)
        return graph, bool(native.valid)

    def overlay_critical_path_analysis(self, rank: int, critical_path_graph: "CPGraph", output_dir: str,
                                       only_show_critical_events: bool = True,
                                       show_all_edges: bool = False) -> str:
        """Writes the rank's trace with the critical path marked; its path."""
        os.makedirs(output_dir, exist_ok=True)
        return critical_path_graph._overlay_native().write_overlay(output_dir, only_show_critical_events, show_all_edges)

    def _profiler_step_annotations(self, rank: int) -> List[int]:
        """The step numbers of the rank's ProfilerStep#N events, in time order."""
        df = self.t.get_trace(rank)
        sym = self.t.symbol_table.sym_table
        ids = {i: s for i, s in enumerate(sym) if s.startswith("ProfilerStep#")}
        rows = df[df["name"].isin(list(ids))].sort_values("ts", kind="stable")
        out = []
        for n in rows["name"]:
            try:
                out.append(int(ids[n].split("#", 1)[1]))
            except ValueError:
                pass
        return out

    # -- §14 stragglers -------------------------------------------------------

    def get_profiler_steps(self) -> List[int]:
        steps = set()
        for r in self.t.get_ranks():
            steps.update(self._profiler_step_annotations(r))
        return sorted(steps)

    def get_potential_stragglers(self, profiler_steps: Optional[List[int]] = None, num_candidates: int = 2,
                                 visualize: bool = False,
                                 straggler_identification_impl: Optional[Callable[..., pd.Series]] = None
                                 ) -> List[int]:
        frame = self._frames("stragglers", steps=profiler_steps, num_candidates=int(num_candidates))
        ps = frame["potential_stragglers"]
        if "is_candidate" in ps.columns:
            ps = ps[ps["is_candidate"] != 0]
        return [int(v) for v in ps["rank"]]


try:
    import networkx as _nx

    _GraphBase = _nx.DiGraph
except ImportError:  # networkx is optional
    _nx = None
    _GraphBase = object


class CPEdgeType(Enum):
    """What an edge of the critical path graph stands for (HTA's values)."""
    OPERATOR_KERNEL = "critical_path_operator"
    DEPENDENCY = "critical_path_dependency"
    KERNEL_LAUNCH_DELAY = "critical_path_kernel_launch_delay"
    KERNEL_KERNEL_DELAY = "critical_path_kernel_kernel_delay"
    SYNC_DEPENDENCY = "critical_path_sync_dependency"
    CROSS_RANK = "critical_path_cross_rank"


@dataclass
class CPNode:
    """A point in time of the graph: the start or the end of an event (the
    row `ev_idx` of the rank's frame); ts in us."""
    idx: int = -1
    ev_idx: int = -1
    ts: float = 0
    is_start: bool = False
    is_blocking: bool = False


@dataclass(frozen=True)
class CPEdge:
    """An edge of the graph, from node `begin` to node `end`; weight in us."""
    begin: int
    end: int
    type: CPEdgeType
    weight: float = 0


# the CPU calls that wait for the device, as HTA marks them
_BLOCKING_CALLS = ("cudaDeviceSynchronize", "cudaStreamSynchronize", "cudaEventQuery", "cudaEventSynchronize",
                   "cudaMemcpy", "cudaMemcpyAsync")
_CPGRAPH_FORMAT = "hotpath-cpgraph-1"


class CPGraph(_GraphBase):
    """The critical path graph of a region, as HTA's CPGraph: with networkx
    installed it is a networkx.DiGraph whose nodes are the starts and ends
    of events (attributes ev_idx, ts in us, is_start) and whose edges carry
    their weight (us), type and the CPEdge itself ("object"). node_list,
    critical_path_nodes, critical_path_events_set, critical_path_edges_set
    (CPEdge objects) and the event -> node maps are HTA's; summary() and
    get_critical_path_breakdown() give HTA's tables; save() writes the graph
    to a zip file that restore_cpgraph() reads back."""

    def __init__(self, native, trace: Optional[Trace] = None, rank: Optional[int] = None,
                 region: Optional[Dict[str, Any]] = None):
        if native is None:  # restore_cpgraph() fills the graph in
            if _nx is not None:
                super().__init__()
            return
        ev_idx, ts, is_start = (np.frombuffer(b, dtype=d) for b, d in
                                zip(native.nodes(), (np.int64, np.int64, np.uint8)))
        src, dst, weight, types, _on_path = native.edges()
        summary, breakdown = native.tables()
        self._fill(native, trace, rank, region, ev_idx, ts / 1000.0, is_start.astype(bool),
                   np.frombuffer(src, dtype=np.int64), np.frombuffer(dst, dtype=np.int64),
                   np.frombuffer(weight, dtype=np.int64) / 1000.0, list(types), list(native.path_edges()),
                   bool(native.valid), table_frame(summary), table_frame(breakdown))

    def _fill(self, native, trace, rank, region, ev_idx, ts, is_start, src, dst, weight, types, path, valid,
              summary, breakdown) -> None:
        if _nx is not None:
            super().__init__()
        self._native = native
        self.t = trace
        self.rank = rank
        self._region = region or {}
        self._valid = valid
        self.node_ev_idx = np.asarray(ev_idx, dtype=np.int64)
        self.node_ts = np.asarray(ts, dtype=np.float64)
        self.node_is_start = np.asarray(is_start, dtype=bool)
        self._src = np.asarray(src, dtype=np.int64)
        self._dst = np.asarray(dst, dtype=np.int64)
        self._weight = np.asarray(weight, dtype=np.float64)
        self._types = list(types)
        self._path = [int(e) for e in path]
        kinds = {t.value: t for t in CPEdgeType}
        self.edge_list = [CPEdge(int(a), int(b), kinds[t], float(w))
                          for a, b, w, t in zip(self._src, self._dst, self._weight, self._types)]
        self.critical_path_edges = [(int(self._src[e]), int(self._dst[e])) for e in self._path]
        self.critical_path_edges_set = {self.edge_list[e] for e in self._path}
        nodes = [self.critical_path_edges[0][0]] + [d for _s, d in self.critical_path_edges] if self._path else []
        self.critical_path_nodes = nodes
        self.critical_path_events_set = {int(self.node_ev_idx[n]) for n in nodes}
        self.event_to_start_node_map = {int(e): i for i, (e, s) in
                                        enumerate(zip(self.node_ev_idx, self.node_is_start)) if s}
        self.event_to_end_node_map = {int(e): i for i, (e, s) in
                                      enumerate(zip(self.node_ev_idx, self.node_is_start)) if not s}
        self._node_list = None
        self._summary = summary
        self._breakdown = breakdown
        if _nx is not None:
            self.add_nodes_from((i, {"ev_idx": int(self.node_ev_idx[i]), "ts": float(self.node_ts[i]),
                                     "is_start": bool(self.node_is_start[i])}) for i in range(len(self.node_ev_idx)))
            self.add_edges_from((e.begin, e.end, {"weight": e.weight, "type": e.type.value, "object": e})
                                for e in self.edge_list)

    @property
    def node_list(self) -> List[CPNode]:
        """The nodes as CPNode objects, node id = position (built on first use)."""
        if self._node_list is None:
            blocking = np.zeros(len(self.node_ev_idx), dtype=bool)
            if self.t is not None and self.rank is not None and len(blocking):
                df = self.t.get_trace(self.rank)
                ids = [i for s, i in self.t.symbol_table.sym_index.items() if s in _BLOCKING_CALLS]
                if ids:
                    names = pd.Series(df["name"].to_numpy(), index=df["index"].to_numpy())
                    names = names[~names.index.duplicated()]
                    found = names.reindex(self.node_ev_idx).to_numpy()
                    blocking = np.isin(found, ids)
            self._node_list = [CPNode(i, int(e), float(t), bool(s), bool(b)) for i, (e, t, s, b) in
                               enumerate(zip(self.node_ev_idx, self.node_ts, self.node_is_start, blocking))]
        return self._node_list

    def get_nodes_for_event(self, ev_id: int) -> Tuple[Optional[CPNode], Optional[CPNode]]:
        """The start and end nodes of an event (None where it has none)."""
        start = self.event_to_start_node_map.get(ev_id, -1)
        end = self.event_to_end_node_map.get(ev_id, -1)
        nodes = self.node_list
        return (nodes[start] if start >= 0 else None, nodes[end] if end >= 0 else None)

    def get_events_for_edge(self, edge: CPEdge) -> Tuple[int, int]:
        """The events of an edge's two ends."""
        return int(self.node_ev_idx[edge.begin]), int(self.node_ev_idx[edge.end])

    def summary(self) -> pd.Series:
        """The share of the path's duration by what bounds it (bound_by)."""
        s = self._summary
        if s is None or len(s) == 0:
            return pd.Series(dtype=float)
        return s.set_index(s.columns[0])[s.columns[-1]]

    def get_critical_path_breakdown(self) -> pd.DataFrame:
        return self._breakdown

    def critical_path(self) -> bool:
        return self._valid

    def _overlay_native(self):
        """The native path, computed again from the saved region when the
        graph was restored from a file."""
        if self._native is None:
            if self.t is None or self.rank is None or not self._region:
                raise ValueError("this critical path graph has no trace to overlay (restore it with the trace)")
            r = self._region
            self._native = self.t._t.critical_path(int(self.rank), r["annotation"], r["first"], r["last"],
                                                   r["zero"], r["data_load_events"])
        return self._native

    def save(self, out_dir: str) -> str:
        """Writes the graph to `out_dir`.zip (the folder holds its parts
        first); restore_cpgraph(path, trace, rank) reads it back. Returns
        the zip file's path."""
        import io
        import json
        import zipfile

        os.makedirs(out_dir, exist_ok=True)
        meta = {"format": _CPGRAPH_FORMAT, "rank": self.rank, "valid": self._valid, "region": self._region,
                "types": self._types, "path": self._path}
        arrays = {"ev_idx": self.node_ev_idx, "ts": self.node_ts, "is_start": self.node_is_start,
                  "src": self._src, "dst": self._dst, "weight": self._weight}
        parts = {"graph.json": json.dumps(meta).encode()}
        buf = io.BytesIO()
        np.savez(buf, **arrays)
        parts["arrays.npz"] = buf.getvalue()
        for name, frame in (("summary.csv", self._summary), ("breakdown.csv", self._breakdown)):
            if frame is not None:
                parts[name] = frame.to_csv(index=False).encode()
        for name, data in parts.items():
            with open(os.path.join(out_dir, name), "wb") as f:
                f.write(data)
        path = os.path.normpath(out_dir) + ".zip"
        with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
            for name, data in parts.items():
                z.writestr(name, data)
        return path


def restore_cpgraph(zip_filename: str, t_full: Optional[Trace], rank: int) -> CPGraph:
    """The CPGraph that CPGraph.save() wrote to `zip_filename`, on the trace
    `t_full` (a TraceAnalysis' `t`) and `rank`."""
    import io
    import json
    import zipfile

    try:
        with zipfile.ZipFile(zip_filename) as z:
            meta = json.loads(z.read("graph.json"))
            if meta.get("format") != _CPGRAPH_FORMAT:
                raise ValueError(f"{zip_filename}: not a saved critical path graph")
            arrays = np.load(io.BytesIO(z.read("arrays.npz")), allow_pickle=False)
            names = set(z.namelist())
            tables = [pd.read_csv(io.BytesIO(z.read(n)), keep_default_na=False) if n in names else None
                      for n in ("summary.csv", "breakdown.csv")]
    except (KeyError, zipfile.BadZipFile, json.JSONDecodeError) as e:
        raise ValueError(f"{zip_filename}: not a saved critical path graph ({e})") from e
    if meta.get("rank") is not None and rank != meta["rank"]:
        raise ValueError(f"{zip_filename}: saved for rank {meta['rank']}, not {rank}")
    graph = CPGraph(None)
    graph._fill(None, t_full, rank, meta.get("region"), arrays["ev_idx"], arrays["ts"], arrays["is_start"],
                arrays["src"], arrays["dst"], arrays["weight"], meta["types"], meta["path"], bool(meta["valid"]),
                tables[0], tables[1])
    return graph


class LabeledTrace:
    """A trace with a label, loaded for TraceDiff (HTA's LabeledTrace)."""

    def __init__(self, label: Optional[str] = None, t: Optional[Any] = None, trace_dir: Optional[str] = None):
        self.label = label if label is not None else f"t{random.randint(0, 10)}"
        if isinstance(t, Trace):
            self._native = t._t
        elif trace_dir is not None:
            self._native = _hotpath.load([trace_dir], hta_compat=True)
        else:
            raise ValueError("LabeledTrace needs a trace (t) or a trace_dir")
        self.t = t if isinstance(t, Trace) else Trace(self._native, trace_dir, None)

    def ranks(self) -> List[int]:
        return sorted(self._native.ranks())

    def iterations(self) -> List[int]:
        out = set()
        for s in self.t.symbol_table.sym_table:
            if s.startswith("ProfilerStep#"):
                try:
                    out.add(int(s.replace("ProfilerStep#", "")))
                except ValueError:
                    pass
        return sorted(out)

    def extract_ops(self, rank: Optional[int] = None, iteration=None,
                    device_type: DeviceType = DeviceType.ALL) -> pd.DataFrame:
        """The events of a rank (default: the first) in the given iterations
        (default: the first), CPU (stream -1), GPU or both, as HTA's."""
        rank = self.ranks()[0] if rank is None else int(rank)
        if rank not in self.ranks():
            raise ValueError(f"rank {rank} is not in {self.label}'s trace (ranks: {self.ranks()})")
        iterations = _iterations(iteration) or self.iterations()[:1]
        for i in iterations:
            if i not in self.iterations():
                raise ValueError(f"iteration {i} is not in {self.label}'s trace")
        df = self.t.get_trace(rank)
        ops = df[df["iteration"].isin(iterations)] if iterations else df
        device = _device(device_type)
        if device == "CPU":
            ops = ops[ops["stream"] == -1]
        elif device == "GPU":
            ops = ops[ops["stream"] != -1]
        ops = ops.copy()
        ops.attrs["hotpath_selection"] = (rank, iterations, device)
        return ops

    def get_ops_summary(self, ops: pd.DataFrame) -> pd.DataFrame:
        """Counts and total duration of the ops by (cat, name): columns cat,
        name, short_name, counts, total_duration (HTA's, less the ids)."""
        selection = ops.attrs.get("hotpath_selection")
        if selection is not None:
            rank, iterations, device = selection
            return table_frame(self._native.ops_summary(rank, iterations or None, device))
        sym = np.array(self.t.symbol_table.sym_table + [""], dtype=object)
        frame = pd.DataFrame({"cat": sym[ops["cat"].to_numpy()], "name": sym[ops["name"].to_numpy()],
                              "dur": ops["dur"].to_numpy()})
        out = frame.groupby(["cat", "name"], sort=True)["dur"].agg(["size", "sum"]).reset_index()
        return out.rename(columns={"size": "counts", "sum": "total_duration"})

    def __repr__(self) -> str:
        return f"LabeledTrace(label={self.label!r}, ranks={self.ranks()})"


def _labeled(x: Union[LabeledTrace, Trace, str], default: str) -> LabeledTrace:
    if isinstance(x, LabeledTrace):
        return x
    if isinstance(x, Trace):
        return LabeledTrace(default, t=x)
    if isinstance(x, (str, os.PathLike)):
        return LabeledTrace(default, trace_dir=os.fspath(x))
    raise TypeError(f"a trace is a LabeledTrace, a Trace or a folder, not {type(x).__name__}")


def _iterations(x) -> Optional[List[int]]:
    if x is None:
        return None
    return [int(x)] if isinstance(x, (int, np.integer)) else [int(i) for i in x]


def _device(device_type) -> str:
    if isinstance(device_type, DeviceType):
        return device_type.name
    return str(device_type).upper()


def _native_table(name: str, df: pd.DataFrame):
    """A native table of a DataFrame's columns, for Hotpath's charts."""
    cols = []
    for c in df.columns:
        values = df[c]
        if pd.api.types.is_integer_dtype(values):
            cols.append((str(c), "i", [int(v) for v in values]))
        elif pd.api.types.is_float_dtype(values):
            cols.append((str(c), "d", [float(v) for v in values]))
        else:
            cols.append((str(c), "s", [None if v is None else str(v) for v in values]))
    return _hotpath.make_table(name, cols)


class TraceDiff:
    """HTA's TraceDiff: what changed between a control and a test run."""

    @classmethod
    def _diff(cls, control, test, control_rank, test_rank, control_iteration, test_iteration, device_type,
              use_short_name):
        c = _labeled(control, "Control")
        t = _labeled(test, "Test")
        for lt, rank, it in ((c, control_rank, control_iteration), (t, test_rank, test_iteration)):
            if rank is not None and rank not in lt.ranks():
                raise ValueError(f"rank {rank} is not in {lt.label}'s trace (ranks: {lt.ranks()})")
            for i in _iterations(it) or []:
                if i not in lt.iterations():
                    raise ValueError(f"iteration {i} is not in {lt.label}'s trace")
        test_label = t.label if t.label != c.label else f"{t.label}_control_test"
        table, kinds = _hotpath.diff(
            c._native, t._native, control_label=c.label, test_label=test_label,
            control_rank=-1 if control_rank is None else int(control_rank),
            test_rank=-1 if test_rank is None else int(test_rank),
            control_iterations=_iterations(control_iteration), test_iterations=_iterations(test_iteration),
            device=_device(device_type), use_short_name=bool(use_short_name))
        return table, kinds

    @classmethod
    def compare_traces(cls, control, test, control_rank: Optional[int] = None, test_rank: Optional[int] = None,
                       control_iteration=None, test_iteration=None, device_type: DeviceType = DeviceType.ALL,
                       use_short_name: bool = False) -> pd.DataFrame:
        table, _kinds = cls._diff(control, test, control_rank, test_rank, control_iteration, test_iteration,
                                  device_type, use_short_name)
        frame = table_frame(table)
        key = frame.columns[0]
        return frame.set_index(key)

    @classmethod
    def ops_diff(cls, control, test, control_rank: Optional[int] = None, test_rank: Optional[int] = None,
                 control_iteration=None, test_iteration=None,
                 device_type: DeviceType = DeviceType.ALL) -> Dict[str, List[str]]:
        _table, kinds = cls._diff(control, test, control_rank, test_rank, control_iteration, test_iteration,
                                  device_type, False)
        return kinds

    @classmethod
    def _chart(cls, df: pd.DataFrame, which: int, show_image: bool, export_image_path: Optional[str]):
        native = _native_table("compare_traces", df.reset_index())
        fmt = "svg"
        if export_image_path and export_image_path.lower().endswith(".png"):
            fmt = "png"
        charts = _hotpath.diff_charts(native, top_n=max(1, len(df)), format=fmt)
        chart = charts[min(which, len(charts) - 1)]
        if export_image_path:
            with open(export_image_path, "wb") as f:
                f.write(chart[2])
        if show_image and fmt == "svg":
            _display_charts([chart])
        return chart[2]

    @classmethod
    def visualize_counts_diff(cls, df: pd.DataFrame, show_image: bool = True,
                              export_image_path: Optional[str] = None):
        return cls._chart(df, 0, show_image, export_image_path)

    @classmethod
    def visualize_duration_diff(cls, df: pd.DataFrame, show_image: bool = True,
                                export_image_path: Optional[str] = None):
        return cls._chart(df, 1, show_image, export_image_path)
