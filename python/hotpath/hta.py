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
import warnings
from enum import Enum, Flag, auto
from typing import Any, Callable, Dict, List, Optional, Tuple, Union

import numpy as np
import pandas as pd

from . import _hotpath, _display_charts, table_frame
from . import _hta_config
from ._hta_config import AttributeSpec, ParserBackend, ParserConfig, TraceType, ValueType
from ._hta_cpgraph import CPEdge, CPEdgeType, CPGraph, CPNode, restore_cpgraph
from ._hta_stragglers import find_stragglers_with_late_start_comm_kernels

__all__ = ["AttributeSpec", "CPEdge", "CPEdgeType", "CPGraph", "CPNode", "DeviceType", "LabeledTrace", "ParserBackend",
           "ParserConfig", "TimeSeriesTypes", "Trace", "TraceAnalysis", "TraceDiff", "TraceSymbolTable", "TraceType",
           "ValueType", "find_stragglers_with_late_start_comm_kernels", "restore_cpgraph"]

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


def _infer_column(values: np.ndarray) -> np.ndarray:
    """The column of an arg no spec types (parse_all_args), typed as HTA
    infers it from the first value: int, float or str with HTA's default
    where an event lacks it, any other value as objects."""
    present = [v for v in values.tolist() if v is not None]
    if not present:
        return values
    first = present[0]
    for kind, default, dtype in ((bool, None, None), (int, 0, np.int64), (float, 0.0, np.float64), (str, "", None)):
        if isinstance(first, kind):
            if default is None:
                return values
            if all(isinstance(v, kind) and not isinstance(v, bool) for v in present):
                filled = np.where(pd.isna(values), default, values)
                return filled.astype(dtype) if dtype is not None else filled
            return values
    return values


class Trace:
    """HTA's Trace: the per-rank event frames and the symbol table."""

    def __init__(self, native, trace_dir: str, trace_files: Dict[int, str],
                 parser_config: Optional[ParserConfig] = None):
        _hta_config.warn_unused(parser_config)
        self._t = native
        self.trace_path = trace_dir
        self.trace_files = trace_files or native.files()
        self.is_parsed = True
        self.parser_config = parser_config if parser_config is not None else ParserConfig.get_default_cfg()
        self.symbol_table = TraceSymbolTable(native.strings())
        self.traces = _Traces(self)
        self.min_ts = native.min_ts // 1000

    def _frame(self, rank: int) -> pd.DataFrame:
        cols = self._t.events(rank)
        ts_int = cols.pop("ts_is_int")
        dtypes = {"ts": np.int64 if ts_int else np.float64, "dur": np.float64, "end": np.float64}
        order = ["index", "cat", "name", "pid", "tid", "ts", "dur", "stream", "correlation", "index_correlation",
                 "iteration", "end"]
        # bytearrays: numpy takes them as they are, writable, without a copy
        data = {k: np.frombuffer(cols[k], dtype=dtypes.get(k, np.int64)) for k in order}
        out = {k: data[k] for k in order[:9]}
        out.update(self._arg_columns(rank, len(data["index"])))
        out.update((k, data[k]) for k in order[9:])
        return pd.DataFrame(out, copy=False)

    def _arg_columns(self, rank: int, n: int) -> Dict[str, np.ndarray]:
        """The args the parser config names, one column each: its names,
        its default where an event lacks the arg."""
        import json

        names = self._t.arg_keys(rank) if self.parser_config.parse_all_args else []
        specs = _hta_config.arg_column_specs(self.parser_config, names)
        kinds = [_hta_config._kind(s) for s in specs]
        natives = self._t.event_arg_columns(rank, [(s.raw_name, k, s.default_value) for s, k in zip(specs, kinds)],
                                            json.loads)
        out = {}
        for spec, kind, col in zip(specs, kinds, natives):
            if kind == "i":
                out[spec.name] = np.frombuffer(col, dtype=np.int64)
            elif kind == "d":
                out[spec.name] = np.frombuffer(col, dtype=np.float64)
            else:
                codes, uniques = col
                # a numpy gather of the few distinct values: no Python loop per row
                values = np.fromiter(uniques, dtype=object, count=len(uniques))[np.frombuffer(codes, dtype=np.uint32)]
                out[spec.name] = _infer_column(values) if spec.default_value is None else values
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
    rank = frame["rank"].to_numpy()
    cols = [c for c in frame.columns if c != "rank"] if drop_rank else list(frame.columns)
    for r in ranks:
        # one selection of rows and columns (DataFrame.drop costs more)
        part = frame.loc[rank == r, cols]
        part.index = pd.RangeIndex(len(part))
        out[r] = part
    return out


def _describe_frame(frame: pd.DataFrame, keys: List[str], group: str) -> pd.DataFrame:
    """A flat describe table as HTA's groupby().describe(): keys as the
    index, (group, statistic) column pairs."""
    if frame is None or len(frame) == 0:
        return frame
    stats = {c.split(".", 1)[-1] if c.startswith(group + ".") else c: c for c in frame.columns}
    picked = [s for s in _DESCRIBE if s in stats]
    out = frame[[stats[s] for s in picked]]
    # the index as set_index(keys) makes it, the columns built from their
    # levels and codes (from_tuples factorizes, a cost on small tables)
    out.index = pd.MultiIndex.from_frame(frame[keys]) if len(keys) > 1 else pd.Index(frame[keys[0]])
    out.columns = pd.MultiIndex(levels=[[group], picked], codes=[[0] * len(picked), list(range(len(picked)))])
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
                 include_last_profiler_step: Optional[bool] = False,
                 parser_config: Optional[ParserConfig] = None, **kwargs: Any):
        """`parser_config` says which event args t.get_trace() has as
        columns (HTA's default config's when None); keyword arguments of
        later HTA versions are accepted with a warning and not read."""
        for name in kwargs:
            warnings.warn(f"TraceAnalysis({name}=...) is not an argument of HTA 0.6.1's TraceAnalysis; ignored",
                          stacklevel=2)
        _hta_config.warn_unused(parser_config)
        native = _hotpath.load(_paths(trace_files, trace_dir), hta_compat=True,
                               include_last_profiler_step=bool(include_last_profiler_step))
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # said once above
            self.t = Trace(native, trace_dir, trace_files, parser_config)

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
        if len(frame) and frame["ts"].dtype.kind == "f":
            ts = frame["ts"].to_numpy()
            whole = ts.astype(np.int64)
            if (whole == ts).all():  # cheaper than ts % 1 == 0
                frame["ts"] = whole
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
        """The ranks most often late, as HTA's: straggler_identification_impl
        (default find_stragglers_with_late_start_comm_kernels, computed by
        libhotpath) is called with (events of the chosen steps of every
        rank with a `rank` column, symbol table, num_candidates, visualize)
        and returns a Series of counts by rank; the num_candidates largest
        are the answer."""
        impl = straggler_identification_impl
        if impl is None or impl is find_stragglers_with_late_start_comm_kernels:
            frame = self._frames("stragglers", steps=profiler_steps, num_candidates=int(num_candidates))
            ps = frame["potential_stragglers"]
            if "is_candidate" in ps.columns:
                ps = ps[ps["is_candidate"] != 0]
            return [int(v) for v in ps["rank"]]
        if not callable(impl):
            raise TypeError(f"'{type(impl).__name__}' object is not callable: straggler_identification_impl is a "
                            "function (events, symbol_table, num_candidates, visualize) -> Series of counts by rank")
        num_candidates = max(1, int(num_candidates))
        available = self.get_profiler_steps()
        steps = available if profiler_steps is None else [i for i in profiler_steps if i in available]
        if not steps:
            raise ValueError(f"invalid value for argument: profiler_steps={profiler_steps}; "
                             f"available profiler steps={available}")
        ranks = self.t.get_ranks()
        df = pd.concat([self.t.get_trace(r) for r in ranks], axis=0, keys=ranks, names=["rank", "idx"]).reset_index()
        counts = impl(df.loc[df["iteration"].isin(steps)], self.t.symbol_table, num_candidates, visualize)
        return counts.sort_values(ascending=False)[:num_candidates].index.tolist()


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
