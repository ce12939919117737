# Shared fixtures of the Python package's tests: where the traces and HTA's
# golden outputs are, and the golden comparison rules of
# tools/compare-golden.py (columns by name, rows in order, time series
# sorted first, numbers within 1e-6 relative or absolute, NaN equals NaN).
#
# SPDX-License-Identifier: GPL-3.0-or-later

import csv
import math
import os
import shutil
import subprocess

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE = os.path.dirname(os.path.dirname(HERE))


def _first_dir(*candidates):
    for c in candidates:
        if c and os.path.isdir(c):
            return c
    return None


# the repository's copies first, then ../shared beside the checkout
GOLDEN = _first_dir(os.environ.get("HOTPATH_GOLDEN"), os.path.join(SOURCE, "..", "shared", "golden"),
                    os.path.join(SOURCE, "tests", "data", "golden"))
TRACES = _first_dir(os.environ.get("HOTPATH_TRACES"), os.path.join(SOURCE, "tests", "data"),
                    os.path.join(SOURCE, "..", "shared", "traces"))
SORT_FIRST = {"queue_length_time_series", "memory_bw_time_series"}


def trace_dir(case):
    for base in (TRACES, os.path.join(SOURCE, "..", "shared", "traces")):
        path = os.path.join(base, case)
        if os.path.isdir(path) and any(f.endswith((".json", ".json.gz")) for f in os.listdir(path)):
            return path
    return None


def golden_cases():
    """Cases with HTA's outputs and a trace to load (not the pairs)."""
    if GOLDEN is None:
        return []
    return sorted(c for c in os.listdir(GOLDEN)
                  if os.path.isdir(os.path.join(GOLDEN, c)) and c.startswith("hta_") and trace_dir(c)
                  and os.path.exists(os.path.join(GOLDEN, c, "meta.json")))


def num(s):
    s = s.strip()
    if s == "" or s.lower() in ("nan", "none", "null", "n/a"):
        return math.nan
    try:
        return float(s)
    except ValueError:
        return None


def same(a, b):
    x, y = num(a), num(b)
    if x is None or y is None:
        return a.strip() == b.strip()
    if math.isnan(x) or math.isnan(y):
        return math.isnan(x) and math.isnan(y)
    return abs(x - y) <= max(1e-6, 1e-6 * max(abs(x), abs(y)))


def read_csv(path):
    with open(path, newline="", encoding="utf-8") as f:
        rows = list(csv.reader(f))
    return (rows[0], rows[1:]) if rows else ([], [])


def _cell(v):
    if v is None:
        return ""
    if isinstance(v, float):
        return "" if math.isnan(v) else repr(v)
    if isinstance(v, bool):
        return str(v)
    return str(v)


def _sort_key(row):
    out = []
    for c in row:
        v = num(c)
        out.append((0, v if v is not None and not math.isnan(v) else 0.0, c))
    return out


def assert_matches_golden(frame, golden_csv, name=None):
    """Asserts that a flat DataFrame equals HTA's CSV by the golden rules."""
    name = name or os.path.basename(golden_csv)[:-4]
    rh, rr = read_csv(golden_csv)
    missing = [c for c in rh if c not in frame.columns]
    assert not missing, f"{name}: missing columns {missing}; have {list(frame.columns)}"
    ours = [[_cell(v) for v in row] for row in frame[rh].itertuples(index=False, name=None)]
    if name in SORT_FIRST:
        rr = sorted(rr, key=_sort_key)
        ours = sorted(ours, key=_sort_key)
    assert len(ours) == len(rr), f"{name}: {len(ours)} rows, HTA has {len(rr)}"
    for n, (a, b) in enumerate(zip(ours, rr)):
        for c, x, y in zip(rh, a, b):
            assert same(x, y), f"{name}: row {n + 1} column {c!r}: {x!r} vs HTA's {y!r}"


@pytest.fixture(scope="session")
def cli():
    """hotpath-cli, from HOTPATH_CLI, the build tree or PATH."""
    for c in (os.environ.get("HOTPATH_CLI"), os.path.join(SOURCE, "build", "src", "cli", "hotpath-cli"),
              shutil.which("hotpath-cli")):
        if c and os.access(c, os.X_OK):
            return c
    pytest.skip("hotpath-cli not built (set HOTPATH_CLI)")


def run_cli(cli, *args):
    return subprocess.run([cli, *args], check=True, capture_output=True, text=True).stdout
