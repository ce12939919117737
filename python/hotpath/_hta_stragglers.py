# hotpath._hta_stragglers — HTA's straggler metric as a function over an
# events frame, for TraceAnalysis.get_potential_stragglers(
# straggler_identification_impl=...) and for code that wraps it.
#
# SPDX-License-Identifier: GPL-3.0-or-later

"""HTA's default straggler identification; import it from hotpath.hta."""

import pandas as pd


def _late_start_metric(df: pd.DataFrame, symbol_table, min_normalized_duration: float = 0.01) -> pd.DataFrame:
    """Per rank and step, when the deciding communication kernel started,
    as a share of the mean step time since the first event.

    Communication kernels (names starting with ncclKernel, on a stream,
    in a step > 0) last at least `min_normalized_duration` of the mean
    step; of those, the last of each (rank, stream, step, name) counts.
    The (stream, name) whose normalized duration varies most across ranks,
    on average over the steps, decides."""
    comm_ids = [i for s, i in symbol_table.get_sym_id_map().items() if s.startswith("ncclKernel")]
    n_steps = df["iteration"].nunique()
    t0 = df["ts"].min()
    mean_step = ((df["ts"] + df["dur"]).max() - t0) / float(n_steps)
    kept = df[(df["stream"] > 0) & (df["iteration"] > 0) & (df["dur"] >= mean_step * min_normalized_duration)
              & (df["name"].isin(comm_ids))]
    last = kept.groupby(["rank", "stream", "iteration", "name"], as_index=False).last()
    last["normalized_start_time"] = (last["ts"] - t0) / mean_step
    last["duration"] = last["dur"] / mean_step
    spread = last.groupby(["stream", "iteration", "name"])["duration"].std().groupby(["stream", "name"]).mean()
    stream, name = spread.idxmax()
    return last[(last["stream"] == stream) & (last["name"] == name)]


def _top_counts(metric: pd.DataFrame, n_stragglers: int) -> pd.Series:
    """How often each rank is among the `n_stragglers` latest of a step
    (ties at the threshold count); with one step, 1 or 0 per rank."""
    n_stragglers = max(1, n_stragglers)
    col = "normalized_start_time"
    steps = metric["iteration"].nunique() if "iteration" in metric.columns else 1
    if steps <= 1:
        threshold = metric[col].sort_values(ascending=False).tolist()[n_stragglers - 1]
        return pd.Series((metric[col] >= threshold).astype(int).to_numpy(), index=metric["rank"].to_numpy(),
                         name="is_straggler").rename_axis("rank")
    flags = pd.Series(0, index=metric.index)
    for step, group in metric.groupby("iteration"):
        if step < 0:
            continue
        threshold = group[col].sort_values(ascending=False).tolist()[n_stragglers - 1]
        flags.loc[group.index] = (group[col] >= threshold).astype(int)
    return flags.groupby(metric["rank"]).sum().rename("is_straggler")


def find_stragglers_with_late_start_comm_kernels(df: pd.DataFrame, symbol_table, n_stragglers: int = 2,
                                                 visualize: bool = False) -> pd.Series:
    """HTA's default straggler identification: `df` holds the events of
    the chosen steps of every rank (a `rank` column, as
    get_potential_stragglers passes it); returns how many steps each rank
    started its deciding communication kernel among the `n_stragglers`
    latest, indexed by rank. `visualize` draws nothing here."""
    return _top_counts(_late_start_metric(df, symbol_table), n_stragglers)
