"""examples/grundy.ipynb executed on a real ipykernel of this interpreter (a kernel spec written
in a temporary directory, not a user's kernels): any cell that raises fails the suite, and the
progress bar of `progress=True` is a real widget in the saved output, not tqdm's text fallback."""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "scripts"))
import notebook_kernel  # noqa: E402

NOTEBOOK = os.path.join(HERE, "..", "..", "examples", "grundy.ipynb")


def test_notebook_runs(tmp_path):
    notebook = notebook_kernel.execute(NOTEBOOK, tmp_path)
    outputs = [o for cell in notebook.cells if cell.cell_type == "code" for o in cell.outputs]
    assert not [o for o in outputs if o.output_type == "error"]
    text = "".join(o.get("text", "") for o in outputs)
    assert "period 12 from heap 71, proved: True" in text
    assert any("image/png" in o.get("data", {}) for o in outputs)
    # tqdm.auto draws a widget only when ipywidgets imports; else it warns and prints text.
    assert "IProgress not found" not in text and "TqdmWarning" not in text
    views = [o["data"]["application/vnd.jupyter.widget-view+json"] for o in outputs
             if "application/vnd.jupyter.widget-view+json" in o.get("data", {})]
    assert views, "progress=True showed no widget"
    # The saved widget state: an HBox of a label, a progress bar filled to the values asked,
    # and its label; the model is FloatProgressModel (ipywidgets 7+) or ProgressModel (6).
    state = notebook.metadata["widgets"]["application/vnd.jupyter.widget-state+json"]["state"]
    boxes = [state[view["model_id"]]["state"] for view in views]
    parts = [state[child.removeprefix("IPY_MODEL_")] for box in boxes
             for child in box.get("children", [])]
    bars = [part["state"] for part in parts if part["model_name"].endswith("ProgressModel")]
    labels = [part["state"]["value"] for part in parts if part["model_name"] == "HTMLModel"]
    assert len(bars) == 1 and bars[0]["value"] == bars[0]["max"] == 2**20
    assert bars[0]["bar_style"] == "success"
    assert labels and labels[0].startswith("1,048,576 / 1,048,576 values")
