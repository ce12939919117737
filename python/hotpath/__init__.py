# hotpath — PyTorch Kineto trace analysis computed by libhotpath.
#
# The native API: load a trace, run any analysis of the registry, compare
# runs, diff two runs, check a trace's health, render charts. Tables come
# back as pandas DataFrames. `hotpath.hta` is a drop-in for HTA's
# TraceAnalysis / TraceDiff API on the same engine.
#
# SPDX-License-Identifier: GPL-3.0-or-later

"""Hotpath: HTA's trace analyses, computed by libhotpath.

    import hotpath
    trace = hotpath.load("traces/run1")
    tables = trace.report("temporal_breakdown")
    tables["temporal_breakdown"]

`hotpath.analyses()` and `hotpath.params()` list what `report` takes; both
come from the library's analysis registry.
"""

from concurrent.futures import ThreadPoolExecutor as _Pool
from typing import Dict, List, Optional, Sequence, Union

import numpy as _np
import pandas as _pd

from . import _hotpath
from ._hotpath import Error

__all__ = [
    "Error",
    "Trace",
    "analyses",
    "compare",
    "diff",
    "health",
    "load",
    "load_many",
    "params",
    "version",
]

version = _hotpath.version
__version__ = version


def analyses() -> List[dict]:
    """The analysis registry: name, title, section, params, tables."""
    return _hotpath.analyses()


def params() -> List[dict]:
    """Every analysis parameter: HTA's keyword, type, default, range, help."""
    return _hotpath.params()


def table_frame(table) -> _pd.DataFrame:
    """A DataFrame of a native table, columns in order, nulls as NaN/None."""
    # the buffers are read-only views of the table's bytes: DataFrame()
    # copies a dict's arrays once, so no copy here
    data = {}
    for name, kind, values, nulls, _unit in table.columns():
        if kind == "i":
            arr = _np.frombuffer(values, dtype=_np.int64)
            if nulls is not None:
                mask = _np.frombuffer(nulls, dtype=_np.uint8).astype(bool)
                arr = arr.astype(_np.float64)
                arr[mask] = _np.nan
        elif kind == "d":
            arr = _np.frombuffer(values, dtype=_np.float64)
        else:
            arr = _np.empty(len(values), dtype=object)
            arr[:] = values
        data[name] = arr
    frame = _pd.DataFrame(data, copy=True)
    frame.attrs["hotpath_table"] = table.name
    return frame


def _display_charts(charts) -> None:
    """Shows rendered charts inline (SVG through IPython's display)."""
    try:
        from IPython.display import SVG, display
    except ImportError:  # not in IPython: nothing to show on
        return
    for _name, _title, data in charts:
        display(SVG(data=data.decode("utf-8")))


class Trace:
    """A loaded trace: every rank of one job, never changed after loading."""

    def __init__(self, native, paths):
        self._t = native
        self.paths = list(paths)

    @property
    def native(self):
        return self._t

    @property
    def device_type(self) -> str:
        return self._t.device_type

    @property
    def hta_compat(self) -> bool:
        return self._t.hta_compat

    def ranks(self) -> List[int]:
        return self._t.ranks()

    def files(self) -> Dict[int, str]:
        return self._t.files()

    def iterations(self, rank: int) -> List[int]:
        return self._t.iterations(rank)

    def issues(self) -> List[tuple]:
        """What went wrong loading: (severity, message), each naming its file."""
        return self._t.issues()

    def tables(self, name: str, scope: Optional[str] = None, **params) -> list:
        """The native tables of an analysis (for charts and CSV)."""
        return self._t.run(name, params, scope)

    def report(self, name: str, scope: Optional[str] = None, **params) -> Dict[str, _pd.DataFrame]:
        """Runs analysis `name` of the registry; its tables by name.

        `scope` narrows the trace first: "step:N", "range:START_US-END_US"
        or "annotation:NAME[#N]". Keyword parameters are HTA's
        (hotpath.params() lists them): ranks=[0, 1], num_kernels=5, ...
        """
        return {t.name: table_frame(t) for t in self._t.run(name, params, scope)}

    def events(self, rank: int, names: bool = True) -> _pd.DataFrame:
        """The rank's loaded events, one row each, with HTA's columns
        (times in microseconds); `names` adds s_name and s_cat."""
        cols = self._t.events(rank)
        ts_int = cols.pop("ts_is_int")
        dtypes = {
            "index": _np.int64, "cat": _np.int64, "name": _np.int64, "pid": _np.int64,
            "tid": _np.int64, "ts": _np.int64 if ts_int else _np.float64, "dur": _np.float64,
            "stream": _np.int64, "correlation": _np.int64, "index_correlation": _np.int64,
            "iteration": _np.int64, "end": _np.float64,
        }
        frame = _pd.DataFrame({k: _np.frombuffer(v, dtype=dtypes[k]) for k, v in cols.items()})
        if names:
            table = _np.array(self.strings() + [""], dtype=object)
            frame["s_name"] = table[frame["name"].to_numpy()]
            frame["s_cat"] = table[frame["cat"].to_numpy()]
        return frame

    def strings(self) -> List[str]:
        """The symbol table: events(rank)'s name and cat are indices into it."""
        return self._t.strings()

    def health(self) -> _pd.DataFrame:
        """What the trace lacks or has wrong: one row per finding."""
        return _pd.DataFrame(self._t.health(), columns=["rank", "file", "code", "severity", "count", "message"])

    def charts(self, name: str, format: str = "svg", width: int = 960, height: int = 540,
               scope: Optional[str] = None, **params) -> Dict[str, bytes]:
        """The charts of an analysis, rendered by Hotpath: {name: bytes}."""
        out = {}
        for t in self._t.run(name, params, scope):
            for chart_name, _title, data in t.charts(format=format, width=width, height=height, params=params):
                out[chart_name] = data
        return out

    def __repr__(self) -> str:
        return f"<hotpath.Trace {self.paths!r} ranks={self.ranks()}>"


PathLike = Union[str, "os.PathLike[str]"]


def load(path_or_paths, hta_compat: bool = False, include_last_profiler_step: bool = False,
         threads: int = 0) -> Trace:
    """Loads a trace folder, a file, or a list of rank files.

    The GIL is released while loading (load several traces from threads,
    or with load_many); Ctrl+C interrupts with KeyboardInterrupt. A folder
    that cannot be loaded raises FileNotFoundError or hotpath.Error naming
    the file and the reason.
    """
    paths = [path_or_paths] if isinstance(path_or_paths, (str, bytes)) or hasattr(path_or_paths, "__fspath__") \
        else list(path_or_paths)
    native = _hotpath.load(paths, hta_compat=hta_compat, include_last_profiler_step=include_last_profiler_step,
                           threads=threads)
    return Trace(native, paths)


def load_many(paths: Sequence, **kwargs) -> List[Trace]:
    """Loads several traces side by side (one thread each)."""
    with _Pool(max_workers=max(1, len(paths))) as pool:
        return list(pool.map(lambda p: load(p, **kwargs), paths))


def compare(runs: Sequence[Trace], labels: Optional[Sequence[str]] = None, **params) -> Dict[str, _pd.DataFrame]:
    """N runs side by side: one table per question, a row per run and rank."""
    runs = list(runs)
    if labels is None:
        labels = [f"run {i + 1}" for i in range(len(runs))]
    tables = _hotpath.compare([r.native for r in runs], list(labels), params)
    return {t.name: table_frame(t) for t in tables}


def diff(control: Trace, test: Trace, control_label: str = "Control", test_label: str = "Test",
         control_rank: Optional[int] = None, test_rank: Optional[int] = None,
         control_iterations=None, test_iterations=None, device: str = "ALL",
         use_short_name: bool = False):
    """What changed between two runs: (compare table indexed by op name,
    {added, deleted, increased, decreased, unchanged: [names]})."""
    table, kinds = _hotpath.diff(
        control.native, test.native, control_label=control_label, test_label=test_label,
        control_rank=-1 if control_rank is None else control_rank,
        test_rank=-1 if test_rank is None else test_rank,
        control_iterations=control_iterations, test_iterations=test_iterations,
        device=device, use_short_name=use_short_name)
    frame = table_frame(table)
    if len(frame.columns) and frame.columns[0] == "name":
        frame = frame.set_index("name")
    return frame, kinds


def health(trace: Trace) -> _pd.DataFrame:
    """What the trace lacks or has wrong (hotpath-cli health)."""
    return trace.health()
