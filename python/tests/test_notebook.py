# The example notebook (examples/compare-runs.ipynb) runs headless, top to
# bottom, with nbclient on an IPython kernel of this interpreter, and shows
# HTA's tables and Hotpath's charts.
#
# SPDX-License-Identifier: GPL-3.0-or-later

import json
import os
import sys

import pytest

from conftest import SOURCE, TRACES

nbformat = pytest.importorskip("nbformat")
nbclient = pytest.importorskip("nbclient")
pytest.importorskip("ipykernel")

NOTEBOOK = os.path.join(SOURCE, "examples", "compare-runs.ipynb")


def test_compare_runs_notebook(tmp_path, monkeypatch):
    # a kernel of this very interpreter, so it imports the hotpath under test
    spec = tmp_path / "kernels" / "hotpath-test"
    spec.mkdir(parents=True)
    (spec / "kernel.json").write_text(json.dumps({
        "argv": [sys.executable, "-m", "ipykernel_launcher", "-f", "{connection_file}"],
        "display_name": "hotpath test", "language": "python"}))
    monkeypatch.setenv("JUPYTER_PATH", str(tmp_path))
    monkeypatch.setenv("HOTPATH_TRACES", TRACES)

    nb = nbformat.read(NOTEBOOK, as_version=4)
    client = nbclient.NotebookClient(nb, kernel_name="hotpath-test", timeout=300,
                                     resources={"metadata": {"path": os.path.dirname(NOTEBOOK)}})
    client.execute()

    code = [c for c in nb.cells if c.cell_type == "code"]
    assert all(c.execution_count for c in code)
    errors = [o for c in code for o in c.outputs if o.output_type == "error"]
    assert not errors, errors
    kinds = [k for c in code for o in c.outputs for k in o.get("data", {})]
    assert "image/svg+xml" in kinds, "visualize=True showed no chart"
    assert kinds.count("text/html") >= 6, "the DataFrames are missing"
    text = "".join(o.get("data", {}).get("text/plain", "") for c in code for o in c.outputs)
    assert "idle_time_pctg" in text and "comp_comm_overlap_pctg" in text
