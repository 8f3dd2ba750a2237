"""Executes a notebook on an ipykernel of this interpreter, as a user's Jupyter would: a kernel
spec and Jupyter's directories written in a temporary folder (never a user's own), and widget
state kept in the notebook's metadata, so that a saved notebook shows its widgets.

Used by scripts/render_notebook.py and tests/python/test_notebook.py.
"""

import json
import os
import pathlib
import sys
import tempfile
import typing

import nbformat
from nbclient import NotebookClient

KERNEL = "nimkit-python3"


class WidgetClient(NotebookClient):
    """nbclient expects widget protocol 2, where a widget's comm opens with {"state": ...};
    Debian's ipywidgets 6 speaks protocol 1 and opens it with the state itself. Reading both
    keeps the widget (its model name, module and values) in the saved notebook."""

    def handle_comm_msg(self, outs: typing.List, msg: typing.Dict, cell_index: int) -> None:
        content = msg["content"]
        data = content.get("data", {})
        if (msg["msg_type"] == "comm_open" and content.get("target_name") == "jupyter.widget"
                and "state" not in data):
            content["data"] = {"state": data, "buffer_paths": []}
        super().handle_comm_msg(outs, msg, cell_index)


def execute(path: typing.Union[str, os.PathLike], workdir: typing.Union[str, os.PathLike, None] = None,
            timeout: int = 600) -> nbformat.NotebookNode:
    """The notebook at `path`, executed with its outputs; cells run in `workdir` (default: a
    temporary folder). Raises nbclient's CellExecutionError when a cell raises."""
    notebook = nbformat.read(path, as_version=4)
    saved = {name: os.environ.get(name) for name in
             ("JUPYTER_PATH", "JUPYTER_RUNTIME_DIR", "JUPYTER_CONFIG_DIR", "IPYTHONDIR",
              "MPLCONFIGDIR", "JUPYTER_PLATFORM_DIRS")}
    with tempfile.TemporaryDirectory() as tmp:
        spec = pathlib.Path(tmp, "kernels", KERNEL)
        spec.mkdir(parents=True)
        spec.joinpath("kernel.json").write_text(json.dumps({
            "argv": [sys.executable, "-m", "ipykernel_launcher", "-f", "{connection_file}"],
            "display_name": "nimkit (Debian python3)", "language": "python"}))
        for name, sub in (("JUPYTER_PATH", ""), ("JUPYTER_RUNTIME_DIR", "runtime"),
                          ("JUPYTER_CONFIG_DIR", "config"), ("IPYTHONDIR", "ipython"),
                          ("MPLCONFIGDIR", "mpl")):
            folder = pathlib.Path(tmp, sub)
            folder.mkdir(exist_ok=True)
            os.environ[name] = str(folder)
        os.environ["JUPYTER_PLATFORM_DIRS"] = "1"
        try:
            WidgetClient(notebook, kernel_name=KERNEL, timeout=timeout, store_widget_state=True,
                         resources={"metadata": {"path": str(workdir or tmp)}}).execute()
        finally:
            for name, value in saved.items():
                if value is None:
                    os.environ.pop(name, None)
                else:
                    os.environ[name] = value
    return notebook
