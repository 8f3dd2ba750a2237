#!/usr/bin/env python3
"""Executes examples/grundy.ipynb on an ipykernel of this interpreter and writes it, with its
outputs, as docs/notebook.md (plots in docs/notebook_files/).

    PYTHONPATH=build/release/python /usr/bin/python3 scripts/render_notebook.py
"""

import pathlib
import sys

from nbconvert import MarkdownExporter

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
import notebook_kernel  # noqa: E402


WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
# ipywidgets 6 writes this when no browser answers its widget: true of any headless run.
NO_BROWSER = "Widget Javascript not detected"


def widgets_as_text(notebook) -> None:
    """Markdown cannot show a widget: each widget output is written as the text of its saved
    state (a progress bar's label), and the headless run's no-browser notice is dropped."""
    state = notebook.metadata.get("widgets", {}).get(
        "application/vnd.jupyter.widget-state+json", {}).get("state", {})

    def text_of(model_id: str) -> str:
        model = state.get(model_id, {})
        parts = [text_of(child.removeprefix("IPY_MODEL_"))
                 for child in model.get("state", {}).get("children", [])]
        if model.get("model_name") == "HTMLModel":
            parts.append(model["state"].get("value", ""))
        if model.get("model_name", "").endswith("ProgressModel"):
            parts.append("[" + "#" * 20 + "]" if model["state"].get("value") ==
                         model["state"].get("max") else "[progress]")
        return " ".join(p for p in parts if p)

    for cell in notebook.cells:
        kept = []
        for output in cell.get("outputs", []):
            if output.get("output_type") == "stream" and output.get("text", "").startswith(
                    NO_BROWSER):
                continue
            if WIDGET_VIEW in output.get("data", {}):
                output["data"] = {"text/plain": text_of(output["data"][WIDGET_VIEW]["model_id"])}
            kept.append(output)
        cell["outputs"] = kept


def main() -> None:
    notebook = notebook_kernel.execute(ROOT / "examples" / "grundy.ipynb")
    widgets_as_text(notebook)
    body, resources = MarkdownExporter().from_notebook_node(
        notebook, resources={"output_files_dir": "notebook_files"})
    docs = ROOT / "docs"
    for old in (docs / "notebook_files").glob("*.png"):
        old.unlink()
    for name, data in resources.get("outputs", {}).items():
        path = docs / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
    header = ("<!-- Generated from examples/grundy.ipynb by scripts/render_notebook.py; "
              "the test suite executes the notebook itself. -->\n\n")
    (docs / "notebook.md").write_text(header + body)


if __name__ == "__main__":
    main()
