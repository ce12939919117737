# hotpath._hta_cpgraph — HTA's critical path graph (CPGraph, its nodes,
# edges and their attribution), over libhotpath's critical path.
#
# SPDX-License-Identifier: GPL-3.0-or-later

"""HTA's CPGraph and its parts; import them from hotpath.hta."""

import os
from dataclasses import dataclass
from enum import Enum
from typing import Any, Dict, List, Optional, Tuple

import numpy as np
import pandas as pd

from . import table_frame

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
_CPGRAPH_FORMAT = "hotpath-cpgraph-2"
_CPGRAPH_FORMAT_1 = "hotpath-cpgraph-1"  # before edge attribution
_NOT_ATTRIBUTED = -2  # the native attribution of an edge charged to no event


class CPGraph(_GraphBase):
    """The critical path graph of a region, as HTA's CPGraph: with networkx
    installed it is a networkx.DiGraph whose nodes are the starts and ends
    of events (attributes ev_idx, ts in us, is_start) and whose edges carry
    their weight (us), type and the CPEdge itself ("object"). node_list,
    critical_path_nodes, critical_path_events_set, critical_path_edges_set
    (CPEdge objects) and the event -> node maps are HTA's; summary() and
    get_critical_path_breakdown() give HTA's tables; save() writes the graph
    to a zip file that restore_cpgraph() reads back."""

    def __init__(self, native, trace: Optional[Any] = None, rank: Optional[int] = None,
                 region: Optional[Dict[str, Any]] = None):
        if native is None:  # restore_cpgraph() fills the graph in
            if _nx is not None:
                super().__init__()
            return
        ev_idx, ts, is_start = (np.frombuffer(b, dtype=d) for b, d in
                                zip(native.nodes(), (np.int64, np.int64, np.uint8)))
        src, dst, weight, types, _on_path, attribution, bound_by = native.edges()
        summary, breakdown = native.tables()
        self._fill(native, trace, rank, region, ev_idx, ts / 1000.0, is_start.astype(bool),
                   np.frombuffer(src, dtype=np.int64), np.frombuffer(dst, dtype=np.int64),
                   np.frombuffer(weight, dtype=np.int64) / 1000.0, list(types), list(native.path_edges()),
                   bool(native.valid), table_frame(summary), table_frame(breakdown),
                   np.frombuffer(attribution, dtype=np.int64), list(bound_by))

    def _fill(self, native, trace, rank, region, ev_idx, ts, is_start, src, dst, weight, types, path, valid,
              summary, breakdown, attribution, bound_by) -> None:
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
        self._attribution = np.asarray(attribution, dtype=np.int64)
        self._bound_by = list(bound_by)
        self._edge_to_event_map = None
        self._attributed = None
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
            self.add_edges_from((e.begin, e.end, {"weight": e.weight, "type": e.type.value, "object": e,
                                                  "bound_by": b})
                                for e, b in zip(self.edge_list, self._bound_by))
        self._edge_ids = None

    # -- attribution: which event each edge's time is charged to ---------------

    @property
    def edge_to_event_map(self) -> Dict[Tuple[int, int], int]:
        """(begin, end) -> the event (its index) an operator, kernel or
        kernel-kernel edge is charged to, as HTA's; -1 is the region's root
        (time between two operators that no operator encloses). Dependency,
        sync and launch edges are not in it."""
        if self._edge_to_event_map is None:
            keep = self._attribution != _NOT_ATTRIBUTED
            self._edge_to_event_map = dict(zip(zip(self._src[keep].tolist(), self._dst[keep].tolist()),
                                               self._attribution[keep].tolist()))
        return self._edge_to_event_map

    def get_event_attribution_for_edge(self, edge: CPEdge) -> Optional[int]:
        """The event the edge's time is charged to, or None (an edge that
        is not an operator, kernel or kernel-kernel edge)."""
        return self.edge_to_event_map.get((edge.begin, edge.end))

    def get_edges_attributed_to_event(self, ev_idx: int) -> List[CPEdge]:
        """The edges whose time is charged to the event `ev_idx`."""
        if self._attributed is None:
            out: Dict[int, List[CPEdge]] = {}
            for e, a in zip(self.edge_list, self._attribution.tolist()):
                if a != _NOT_ATTRIBUTED:
                    out.setdefault(a, []).append(e)
            self._attributed = out
        return list(self._attributed.get(int(ev_idx), []))

    def get_edge_bound_by(self, edge: CPEdge) -> str:
        """What bounds the edge's time, as the breakdown's bound_by column
        says: cpu_bound, gpu_compute_bound, gpu_communication_bound,
        gpu_kernel_kernel_overhead, gpu_kernel_launch_overhead,
        data_loading, or "" (dependencies and syncs)."""
        if self._edge_ids is None:
            self._edge_ids = {(e.begin, e.end): i for i, e in enumerate(self.edge_list)}
        i = self._edge_ids.get((edge.begin, edge.end))
        if i is None:
            raise KeyError(f"{edge} is not an edge of this graph")
        return self._bound_by[i]

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
                "types": self._types, "path": self._path, "bound_by": self._bound_by}
        arrays = {"ev_idx": self.node_ev_idx, "ts": self.node_ts, "is_start": self.node_is_start,
                  "src": self._src, "dst": self._dst, "weight": self._weight, "attribution": self._attribution}
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


def restore_cpgraph(zip_filename: str, t_full: Optional[Any], rank: int) -> CPGraph:
    """The CPGraph that CPGraph.save() wrote to `zip_filename`, on the trace
    `t_full` (a TraceAnalysis' `t`) and `rank`."""
    import io
    import json
    import zipfile

    try:
        with zipfile.ZipFile(zip_filename) as z:
            meta = json.loads(z.read("graph.json"))
            if meta.get("format") not in (_CPGRAPH_FORMAT, _CPGRAPH_FORMAT_1):
                raise ValueError(f"{zip_filename}: not a saved critical path graph")
            arrays = np.load(io.BytesIO(z.read("arrays.npz")), allow_pickle=False)
            names = set(z.namelist())
            tables = [pd.read_csv(io.BytesIO(z.read(n)), keep_default_na=False) if n in names else None
                      for n in ("summary.csv", "breakdown.csv")]
    except (KeyError, zipfile.BadZipFile, json.JSONDecodeError) as e:
        raise ValueError(f"{zip_filename}: not a saved critical path graph ({e})") from e
    if meta.get("rank") is not None and rank != meta["rank"]:
        raise ValueError(f"{zip_filename}: saved for rank {meta['rank']}, not {rank}")
    n_edges = len(arrays["src"])
    # format 1 kept no attribution: its edges are charged to no event
    attribution = arrays["attribution"] if "attribution" in arrays.files else np.full(n_edges, _NOT_ATTRIBUTED)
    bound_by = meta.get("bound_by") or [""] * n_edges
    graph = CPGraph(None)
    graph._fill(None, t_full, rank, meta.get("region"), arrays["ev_idx"], arrays["ts"], arrays["is_start"],
                arrays["src"], arrays["dst"], arrays["weight"], meta["types"], meta["path"], bool(meta["valid"]),
                tables[0], tables[1], attribution, bound_by)
    return graph
