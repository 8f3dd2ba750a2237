"""examples/grundy.ipynb executed on a real ipykernel of this interpreter (a kernel spec written
in a temporary directory, not a user's kernels): any cell that raises fails the suite."""

import json
import os
import sys

import nbformat
from nbclient import NotebookClient

HERE = os.path.dirname(os.path.abspath(__file__))
NOTEBOOK = os.path.join(HERE, "..", "..", "examples", "grundy.ipynb")


def test_notebook_runs(tmp_path, monkeypatch):
    spec = tmp_path / "kernels" / "nimkit-python3"
    spec.mkdir(parents=True)
    (spec / "kernel.json").write_text(json.dumps({
        "argv": [sys.executable, "-m", "ipykernel_launcher", "-f", "{connection_file}"],
        "display_name": "nimkit (Debian python3)",
        "language": "python",
    }))
    for name, sub in (("JUPYTER_PATH", ""), ("JUPYTER_RUNTIME_DIR", "runtime"),
                      ("JUPYTER_CONFIG_DIR", "config"), ("IPYTHONDIR", "ipython"),
                      ("MPLCONFIGDIR", "mpl")):
        path = tmp_path / sub
        path.mkdir(exist_ok=True)
        monkeypatch.setenv(name, str(path))
    monkeypatch.setenv("JUPYTER_PLATFORM_DIRS", "1")
    notebook = nbformat.read(NOTEBOOK, as_version=4)
    client = NotebookClient(notebook, kernel_name="nimkit-python3", timeout=600,
                            resources={"metadata": {"path": str(tmp_path)}})
    client.execute()
    outputs = [o for cell in notebook.cells if cell.cell_type == "code" for o in cell.outputs]
    assert not [o for o in outputs if o.output_type == "error"]
    text = "".join(o.get("text", "") for o in outputs)
    assert "period 12 from heap 71, proved: True" in text
    assert any("image/png" in o.get("data", {}) for o in outputs)
