#!/usr/bin/env python3
"""Executes examples/grundy.ipynb on an ipykernel of this interpreter and writes it, with its
outputs, as docs/notebook.md (plots in docs/notebook_files/).

    PYTHONPATH=build/release/python /usr/bin/python3 scripts/render_notebook.py
"""

import json
import os
import pathlib
import sys
import tempfile

import nbformat
from nbclient import NotebookClient
from nbconvert import MarkdownExporter

ROOT = pathlib.Path(__file__).resolve().parent.parent


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        spec = pathlib.Path(tmp, "kernels", "nimkit-python3")
        spec.mkdir(parents=True)
        spec.joinpath("kernel.json").write_text(json.dumps({
            "argv": [sys.executable, "-m", "ipykernel_launcher", "-f", "{connection_file}"],
            "display_name": "nimkit (Debian python3)", "language": "python"}))
        for name in ("JUPYTER_PATH", "JUPYTER_RUNTIME_DIR", "IPYTHONDIR", "MPLCONFIGDIR"):
            os.environ[name] = tmp
        notebook = nbformat.read(ROOT / "examples" / "grundy.ipynb", as_version=4)
        NotebookClient(notebook, kernel_name="nimkit-python3", timeout=600).execute()
    body, resources = MarkdownExporter().from_notebook_node(
        notebook, resources={"output_files_dir": "notebook_files"})
    docs = ROOT / "docs"
    for name, data in resources.get("outputs", {}).items():
        path = docs / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
    header = ("<!-- Generated from examples/grundy.ipynb by scripts/render_notebook.py; "
              "the test suite executes the notebook itself. -->\n\n")
    (docs / "notebook.md").write_text(header + body)


if __name__ == "__main__":
    main()
